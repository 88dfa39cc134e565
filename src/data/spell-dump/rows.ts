// Spell-dump blocks → rows in the columns of the client tables the data export lacks (SpellName, Spell,
// SpellMisc, SpellEffect). The dump prints values, not the client's index columns, so index columns are
// looked up in the real 12.0.5 tables the bundle carries whole (SpellCastTimes, SpellDuration,
// SpellRange, SpellRadius): the lowest row id holding exactly the printed value. A printed value no row
// holds is an error, never a guess.
//
// Column rules (dump line → column):
// | SpellName.Name_lang, Spell.NameSubtext_lang | `Name : <name> (desc=<subtext>) (id=N)`                       |
// | Spell.Description_lang / AuraDescription_lang | `Description` / `Tooltip` text (with its $-variables)       |
// | SpellMisc.Attributes_0..16                  | `Attributes : <name> (n), ...`: bit n % 32 of word n / 32        |
// | SpellMisc.SchoolMask                        | `School` name (SimC's school names, incl. combined schools)      |
// | SpellMisc.CastingTimeIndex                  | `Cast Time` → SpellCastTimes.Base (no line: the instant row)     |
// | SpellMisc.DurationIndex                     | `Duration` → SpellDuration.Duration (`Aura (infinite)` = -1; no line: 0) |
// | SpellMisc.RangeIndex                        | `Range` → SpellRange.RangeMin_0/RangeMax_0 (no line: 0)          |
// | SpellMisc.Speed                             | `Velocity` yards/sec                                           |
// | SpellMisc.ID                                | synthetic (the dump does not print it): 900000000 + spell id     |
// | SpellEffect.ID                              | `#N (id=E)`: the real row id                                    |
// | SpellEffect.EffectIndex / Effect / EffectAura | N - 1 / `<effect> (type)` / `| <aura> (type)`                 |
// | SpellEffect.EffectAuraPeriod                | `every X seconds` on the aura part                              |
// | SpellEffect.EffectBasePointsF, Variance     | `Base Value`, `(delta=x)`                                       |
// | SpellEffect.BonusCoefficientFromAP / EffectBonusCoefficient | `AP Coefficient` / `SP Coefficient`             |
// | SpellEffect.Coefficient, PvpMultiplier      | `Coefficient` or `(coefficient=x)` in the Scaled Value, `PvP Coefficient` (1 when not printed) |
// | SpellEffect.ScalingClass                   | `Scaling Class: <name> (n)` on the effect's header line (0 when not printed) |
// | SpellEffect.EffectTriggerSpell, EffectMiscValue_0/1 | `Trigger Spell`, `Misc Value`, `Misc Value 2`           |
// | SpellEffect.EffectRadiusIndex_0/1           | `Radius: a - b` → SpellRadius.Radius a (index 0) and b (index 1)  |
// | SpellEffect.EffectChainTargets, EffectChainAmplitude, EffectPointsPerResource | `Chain Targets`, `Chain Multiplier`, `Points Per Combo Point` |
// | SpellEffect.ImplicitTarget_0/1              | `Target : <name> (a) -> <name> (b)`                             |
// | SpellEffect.EffectAttributes               | `Attributes: <name> (bit)` on the effect's header line          |
// Columns the dump does not print (EffectSpellClassMask_*, icons, visuals, content
// tuning, DifficultyID) are 0; docs/data-sources.md lists them.
import type { Row, Table } from "../types.js";
import type { DumpEffect, DumpSpell } from "./parse.js";
import { durationMs, SpellDumpError } from "./parse.js";

export const SPELLMISC_COLUMNS = [
  "ID",
  ...Array.from({ length: 17 }, (_, i) => `Attributes_${i}`),
  "DifficultyID", "CastingTimeIndex", "DurationIndex", "PvPDurationIndex", "RangeIndex", "SchoolMask",
  "Speed", "LaunchDelay", "MinDuration", "SpellIconFileDataID", "ActiveIconFileDataID", "ContentTuningID",
  "ShowFutureSpellPlayerConditionID", "SpellVisualScript", "ActiveSpellVisualScript", "SpellID",
] as const;

export const SPELLEFFECT_COLUMNS = [
  "ID", "EffectAura", "DifficultyID", "EffectIndex", "Effect", "EffectAmplitude", "EffectAttributes",
  "EffectAuraPeriod", "EffectBonusCoefficient", "EffectChainAmplitude", "EffectChainTargets", "EffectItemType",
  "EffectMechanic", "EffectPointsPerResource", "EffectPos_facing", "EffectRealPointsPerLevel", "EffectTriggerSpell",
  "BonusCoefficientFromAP", "PvpMultiplier", "Coefficient", "Variance", "ResourceCoefficient",
  "GroupSizeBasePointsCoefficient", "EffectBasePointsF", "ScalingClass", "Node__Field_12_0_0_63534_001",
  "EffectMiscValue_0", "EffectMiscValue_1", "EffectRadiusIndex_0", "EffectRadiusIndex_1",
  "EffectSpellClassMask_0", "EffectSpellClassMask_1", "EffectSpellClassMask_2", "EffectSpellClassMask_3",
  "ImplicitTarget_0", "ImplicitTarget_1", "SpellID",
] as const;

export const SPELL_COLUMNS = ["ID", "NameSubtext_lang", "Description_lang", "AuraDescription_lang"] as const;
export const SPELLNAME_COLUMNS = ["ID", "Name_lang"] as const;

/** SpellMisc has no row id in the dump: a synthetic one derived from the spell id (never renumbers). */
export const MISC_ID_BASE = 900000000;
const ATTRIBUTE_WORDS = 17;

/** SimC's school names (util::school_type_string) → SchoolMask. */
const SCHOOLS: Record<string, number> = {
  physical: 1, holy: 2, fire: 4, nature: 8, frost: 16, shadow: 32, arcane: 64,
  holystrike: 3, flamestrike: 5, holyfire: 6, radiant: 6, stormstrike: 9, holystorm: 10, firestorm: 12, volcanic: 12,
  froststrike: 17, holyfrost: 18, frostfire: 20, froststorm: 24, elemental: 28, shadowstrike: 33, twilight: 34,
  shadowlight: 34, shadowflame: 36, plague: 40, shadowfrost: 48, spellstrike: 65, divine: 66, spellfire: 68,
  astral: 72, spellfrost: 80, spellshadow: 96, chromatic: 124, chromastrike: 125, chaos: 127, magic: 126, cosmic: 106,
};

export type CsvRow = Record<string, string | number>;

/** The real index tables the lookups read. */
export interface IndexTables {
  SpellCastTimes: Table;
  SpellDuration: Table;
  SpellRange: Table;
  SpellRadius: Table;
}

function lowestId(table: Table, pred: (r: Row) => boolean): number | undefined {
  let best: number | undefined;
  for (const r of table.rows) if (pred(r) && (best === undefined || (r["ID"] as number) < best)) best = r["ID"] as number;
  return best;
}

class RowBuilder {
  constructor(
    private readonly idx: IndexTables,
    private readonly file: string,
  ) {}

  private fail(s: DumpSpell, detail: string): never {
    throw new SpellDumpError(this.file, s.line, `spell ${s.id} (${s.name}): ${detail}`);
  }

  private field(s: DumpSpell, label: string): string | undefined {
    return s.fields.get(label)?.[0];
  }

  school(s: DumpSpell): number {
    const text = this.field(s, "School");
    if (text === undefined) this.fail(s, "no School line");
    const mask = SCHOOLS[text!.trim().toLowerCase()];
    if (mask === undefined) this.fail(s, `unknown school "${text}"`);
    return mask!;
  }

  castingTimeIndex(s: DumpSpell): number {
    const text = this.field(s, "Cast Time");
    const ms = text === undefined ? 0 : durationMs(text);
    if (ms === undefined) this.fail(s, `cannot read Cast Time "${text}"`);
    const id =
      lowestId(this.idx.SpellCastTimes, (r) => r["Base"] === ms && r["Minimum"] === ms) ??
      lowestId(this.idx.SpellCastTimes, (r) => r["Base"] === ms);
    if (id === undefined) this.fail(s, `no SpellCastTimes row with Base ${ms}`);
    return id!;
  }

  durationIndex(s: DumpSpell): number {
    const text = this.field(s, "Duration");
    if (text === undefined) return 0;
    const ms = /infinite/i.test(text) ? -1 : durationMs(text);
    if (ms === undefined) this.fail(s, `cannot read Duration "${text}"`);
    const id =
      lowestId(this.idx.SpellDuration, (r) => r["Duration"] === ms && r["MaxDuration"] === ms) ??
      lowestId(this.idx.SpellDuration, (r) => r["Duration"] === ms);
    if (id === undefined) this.fail(s, `no SpellDuration row with Duration ${ms}`);
    return id!;
  }

  rangeIndex(s: DumpSpell): number {
    const text = this.field(s, "Range");
    if (text === undefined) return 0;
    const m = /^(?:([\d.]+) - )?([\d.]+) yards?$/.exec(text.trim());
    if (!m) this.fail(s, `cannot read Range "${text}"`);
    const min = Number(m![1] ?? 0);
    const max = Number(m![2]);
    const id = lowestId(this.idx.SpellRange, (r) => r["RangeMin_0"] === min && r["RangeMax_0"] === max);
    if (id === undefined) this.fail(s, `no SpellRange row with RangeMin_0 ${min} RangeMax_0 ${max}`);
    return id!;
  }

  radiusIndex(s: DumpSpell, e: DumpEffect, radius: number): number {
    if (radius === 0) return 0;
    const id =
      lowestId(this.idx.SpellRadius, (row) => row["Radius"] === radius && row["RadiusPerLevel"] === 0 && row["RadiusMin"] === 0) ??
      lowestId(this.idx.SpellRadius, (row) => row["Radius"] === radius);
    if (id === undefined) this.fail(s, `effect #${e.number}: no SpellRadius row with Radius ${radius}`);
    return id!;
  }

  attributeWords(s: DumpSpell): number[] {
    const words = new Array<number>(ATTRIBUTE_WORDS).fill(0);
    for (const n of s.attributes) {
      const w = Math.floor(n / 32);
      if (w >= ATTRIBUTE_WORDS) this.fail(s, `attribute ${n} beyond the ${ATTRIBUTE_WORDS} attribute words`);
      words[w] = (words[w]! | (1 << n % 32)) >>> 0;
    }
    // The client stores attribute words as signed 32-bit integers (wago.tools CSV prints them so).
    return words.map((v) => v | 0);
  }

  velocity(s: DumpSpell): number {
    const text = this.field(s, "Velocity");
    if (text === undefined) return 0;
    const m = /^([\d.]+) yards\/sec/.exec(text.trim());
    if (!m) this.fail(s, `cannot read Velocity "${text}"`);
    return Number(m![1]);
  }

  misc(s: DumpSpell): CsvRow {
    const words = this.attributeWords(s);
    const row: CsvRow = { ID: MISC_ID_BASE + s.id };
    words.forEach((v, i) => (row[`Attributes_${i}`] = v));
    Object.assign(row, {
      DifficultyID: 0, CastingTimeIndex: this.castingTimeIndex(s), DurationIndex: this.durationIndex(s), PvPDurationIndex: 0,
      RangeIndex: this.rangeIndex(s), SchoolMask: this.school(s), Speed: this.velocity(s), LaunchDelay: 0, MinDuration: 0,
      SpellIconFileDataID: 0, ActiveIconFileDataID: 0, ContentTuningID: 0, ShowFutureSpellPlayerConditionID: 0,
      SpellVisualScript: 0, ActiveSpellVisualScript: 0, SpellID: s.id,
    });
    return row;
  }

  effect(s: DumpSpell, e: DumpEffect): CsvRow {
    const row: CsvRow = Object.fromEntries(SPELLEFFECT_COLUMNS.map((c) => [c, 0]));
    Object.assign(row, {
      ID: e.rowId, EffectAura: e.auraType, EffectAttributes: e.attributes, EffectIndex: e.number - 1, Effect: e.effectType, EffectAuraPeriod: e.periodMs,
      EffectBonusCoefficient: e.spCoefficient, EffectChainAmplitude: e.chainMultiplier || 1, EffectChainTargets: e.chainTargets,
      EffectPointsPerResource: e.pointsPerResource, EffectTriggerSpell: e.triggerSpell, BonusCoefficientFromAP: e.apCoefficient,
      PvpMultiplier: e.pvpCoefficient || 1, Coefficient: e.coefficient, Variance: e.variance, EffectBasePointsF: e.basePoints, ScalingClass: e.scalingClass,
      EffectMiscValue_0: e.miscValue0, EffectMiscValue_1: e.miscValue1,
      EffectRadiusIndex_0: this.radiusIndex(s, e, e.radius0), EffectRadiusIndex_1: this.radiusIndex(s, e, e.radius1),
      ImplicitTarget_0: e.implicitTarget0, ImplicitTarget_1: e.implicitTarget1, SpellID: s.id,
    });
    return row;
  }
}

export interface DumpRows {
  SpellName: CsvRow[];
  Spell: CsvRow[];
  SpellMisc: CsvRow[];
  SpellEffect: CsvRow[];
}

/** Rows of the four tables for the given blocks (any order in; ascending spell id out). */
export function dumpRows(spells: readonly { spell: DumpSpell; file: string }[], idx: IndexTables): DumpRows {
  const out: DumpRows = { SpellName: [], Spell: [], SpellMisc: [], SpellEffect: [] };
  const sorted = [...spells].sort((a, b) => a.spell.id - b.spell.id);
  for (let k = 1; k < sorted.length; k++) {
    const [a, b] = [sorted[k - 1]!, sorted[k]!];
    if (a.spell.id === b.spell.id) {
      throw new SpellDumpError(b.file, b.spell.line, `spell ${b.spell.id} is also at ${a.file}:${a.spell.line}: keep one block per spell`);
    }
  }
  for (const { spell: s, file } of sorted) {
    const b = new RowBuilder(idx, file);
    out.SpellName.push({ ID: s.id, Name_lang: s.name });
    out.Spell.push({ ID: s.id, NameSubtext_lang: s.subtext, Description_lang: s.description, AuraDescription_lang: s.tooltip });
    out.SpellMisc.push(b.misc(s));
    for (const e of [...s.effects].sort((x, y) => x.number - y.number)) out.SpellEffect.push(b.effect(s, e));
  }
  return out;
}
