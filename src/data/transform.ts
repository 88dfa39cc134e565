// Transform: joins the client spell tables of a DataBundle into flat SpellDataRecords.
//
// Derivation rules (table.column → field). "by SpellID" = rows whose SpellID equals the spell id;
// for tables with a DifficultyID column the DifficultyID 0 row wins, else the first row in file order.
// A field whose source row is absent is listed in `missing_fields` (value 0/""/false/[]).
//
// | field(s)                                   | source                                                                   |
// |--------------------------------------------|--------------------------------------------------------------------------|
// | id                                         | SpellName.ID (or SpellMisc.SpellID when the name row is absent)           |
// | name                                       | SpellName.Name_lang                                                      |
// | description, aura_description, name_subtext| Spell.Description_lang, Spell.AuraDescription_lang, Spell.NameSubtext_lang (Spell.ID = spell id) |
// | is_passive                                 | SpellMisc.Attributes_0 bit 6 (0x40, SPELL_ATTR0_PASSIVE; SimC SX_PASSIVE = 6) |
// | knowledge_source                           | TraitDefinition.SpellID → talent(TraitDefinition.ID); else SpecializationSpells.SpellID → spec(SpecID); else SkillLineAbility.Spell → class(SkillLine); else unknown(0) |
// | cast_time, cast_time_min                   | SpellMisc.CastingTimeIndex → SpellCastTimes.Base, .Minimum (ms; index 0 = instant) |
// | recovery_time, category_recovery_time, start_recovery_time | SpellCooldowns.RecoveryTime, .CategoryRecoveryTime, .StartRecoveryTime (by SpellID) |
// | category_id, start_recovery_category, charge_category_id, defense_type, dispel_type, mechanic | SpellCategories.Category, .StartRecoveryCategory, .ChargeCategory, .DefenseType, .DispelType, .Mechanic (by SpellID) |
// | max_charges, charge_recovery_time          | SpellCategory[ChargeCategory].MaxCharges, .ChargeRecoveryTime (0, 0 when ChargeCategory = 0) |
// | power_costs[]                              | SpellPower by SpellID, ordered by OrderIndex: PowerType, ManaCost, PowerCostPct, OptionalCost, RequiredAuraSpellID |
// | range_min_0/1, range_max_0/1               | SpellMisc.RangeIndex → SpellRange.RangeMin_0/1, RangeMax_0/1 (index 0 = no range row: 0) |
// | cone_degrees, max_targets                  | SpellTargetRestrictions.ConeDegrees, .MaxTargets (by SpellID)            |
// | radius_min, radius_max                     | first effect (by index) with EffectRadiusIndex_0 > 0 (else _1 > 0) → SpellRadius.RadiusMin, .RadiusMax |
// | school_mask, speed, launch_delay           | SpellMisc.SchoolMask, .Speed, .LaunchDelay                               |
// | effect_bonus_coefficient, bonus_coefficient_from_ap | the primary effect's EffectBonusCoefficient, BonusCoefficientFromAP; primary = first effect with Effect 2 (SCHOOL_DAMAGE) or 10 (HEAL), else first with EffectAura 3 (PERIODIC_DAMAGE) or 8 (PERIODIC_HEAL); 0 when none |
// | min_scaling_level, max_scaling_level       | SpellMisc.ContentTuningID → ContentTuning.MinLevelSquish, .MaxLevelSquish (ID 0 = unscaled: 0, 0) |
// | spell_level, base_level, max_level         | SpellLevels.SpellLevel, .BaseLevel, .MaxLevel (by SpellID)               |
// | spell_class_set, spell_class_mask[4]       | SpellClassOptions.SpellClassSet, .SpellClassMask_0..3 (by SpellID)       |
// | interrupt_flags, interrupt_aura_0/1, interrupt_channel_0/1 | SpellInterrupts.InterruptFlags, .AuraInterruptFlags_0/1, .ChannelInterruptFlags_0/1 (by SpellID) |
// | duration, max_duration                     | SpellMisc.DurationIndex → SpellDuration.Duration, .MaxDuration (ms; -1 = until cancelled; index 0 = 0) |
// | can_empower, empower_stages[]              | SpellEmpower by SpellID exists; SpellEmpowerStage by SpellEmpowerID (= SpellEmpower.ID) ordered by Stage: Stage, DurationMs |
// | attributes[]                               | SpellMisc.Attributes_0..Attributes_N (every such column present; 17 words in 12.0.x) |
// | effects[]                                  | SpellEffect by SpellID (DifficultyID 0 rows; if none, the lowest DifficultyID present), ordered by EffectIndex |
// | effect_trigger_spell[]                     | non-zero effects[].trigger_spell in effect order                         |
// | implicit_target[]                          | non-zero ImplicitTarget_0, ImplicitTarget_1 of each effect in order      |
// | learn_spells[]                             | SpellLearnSpell by SpellID: LearnSpellID, OverridesSpellID               |
// | max_stacks                                 | SpellAuraOptions.CumulativeAura (by SpellID)                             |
// | proc_chance, proc_charges, proc_category_recovery, proc_type_mask[2] | SpellAuraOptions.ProcChance, .ProcCharges, .ProcCategoryRecovery, .ProcTypeMask_0/1 |
// | rppm_base_rate, rppm_flags                 | SpellAuraOptions.SpellProcsPerMinuteID → SpellProcsPerMinute.BaseProcRate, .Flags (ID 0 = no RPPM: 0, 0) |
// | rppm_mods[]                                | SpellProcsPerMinuteMod by SpellProcsPerMinuteID: Type, Param, Coeff       |
// | labels[]                                   | SpellLabel.LabelID by SpellID, ascending, de-duplicated                  |
// | periodic_type, tick_period_ms              | first effect whose EffectAura is periodic (3 damage, 8 heal, 20 heal, 23 trigger_spell, 24 energize, 53 leech, 226 dummy) and EffectAuraPeriod > 0 |
// | pandemic_refresh                           | attribute 436 = Attributes_13 bit 20 (SimC SX_REFRESH_EXTENDS_DURATION)  |
// | tick_may_crit                              | attribute 265 = Attributes_8 bit 9 (SX_TICK_MAY_CRIT)                    |
// | tick_on_application                        | attribute 169 = Attributes_5 bit 9 (SX_TICK_ON_APPLICATION)              |
// | hasted_ticks                               | attribute 173 = Attributes_5 bit 13 (SX_DOT_HASTED)                      |
// | duration_hasted                            | attribute 273 = Attributes_8 bit 17 (SX_DURATION_HASTED)                 |
// | rolling_periodic                           | attribute 334 = Attributes_10 bit 14 (SX_ROLLING_PERIODIC)               |
// | refresh_behavior                           | "pandemic" when pandemic_refresh or tick_period_ms > 0 (SimC default for periodic auras), else "duration" |
//
// Attribute N lives in word floor(N / 32), bit N % 32 (SimC's numbering). Mapping of table columns
// follows the wago.tools CSV headers; the same code reads the labelled fixture rows and a full export.

import { SpellDataError } from "../errors.js";
import type { CellValue, DataBundle, Row, Table } from "./types.js";
import type {
  EmpowerStage,
  KnowledgeSource,
  LearnSpell,
  PeriodicType,
  PowerCostEntry,
  RppmMod,
  SpellDataRecord,
  SpellEffect,
} from "./spell-record.js";

export const SX_PASSIVE = 6;
export const SX_TICK_ON_APPLICATION = 169;
export const SX_DOT_HASTED = 173;
export const SX_TICK_MAY_CRIT = 265;
export const SX_DURATION_HASTED = 273;
export const SX_ROLLING_PERIODIC = 334;
export const SX_REFRESH_EXTENDS_DURATION = 436;

/** Effect type ids used by the derivations. */
export const EFFECT_SCHOOL_DAMAGE = 2;
export const EFFECT_HEAL = 10;
/** EffectAura → periodic type (aura ids per SimC/TrinityCore AuraType). */
export const PERIODIC_AURAS: ReadonlyMap<number, PeriodicType> = new Map<number, PeriodicType>([
  [3, "damage"],
  [8, "heal"],
  [20, "heal"],
  [23, "trigger_spell"],
  [24, "energize"],
  [53, "leech"],
  [226, "dummy"],
]);

/** True when SimC-numbered attribute `n` is set in the attribute words. */
export function hasAttribute(attributes: readonly number[], n: number): boolean {
  const word = attributes[Math.floor(n / 32)] ?? 0;
  return ((word >>> n % 32) & 1) === 1;
}

// --- cell access ---------------------------------------------------------------------------------

function toNumber(table: string, row: Row, column: string, v: CellValue | undefined): number {
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new SpellDataError(table, row["ID"], column, `non-finite number ${v}`);
    return v === 0 ? 0 : v; // normalise -0
  }
  if (typeof v === "bigint") {
    const n = Number(v);
    if (!Number.isSafeInteger(n)) throw new SpellDataError(table, row["ID"], column, `64-bit value ${v} exceeds 2^53`);
    return n;
  }
  if (v === undefined) throw new SpellDataError(table, row["ID"], column, "column absent");
  throw new SpellDataError(table, row["ID"], column, `expected a number, got text ${JSON.stringify(v)}`);
}

function num(table: string, row: Row, column: string): number {
  return toNumber(table, row, column, row[column]);
}

function text(table: string, row: Row, column: string): string {
  const v = row[column];
  if (typeof v === "string") return v;
  // A text column whose every value looks numeric may have been typed as numbers by a loader.
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  throw new SpellDataError(table, row["ID"], column, "column absent");
}

/** Rows by SpellID (or another FK column); DifficultyID 0 wins, else the first row in file order. */
function pickByDifficulty(rows: readonly Row[]): Row | undefined {
  if (rows.length <= 1) return rows[0];
  return rows.find((r) => r["DifficultyID"] === 0 || r["DifficultyID"] === undefined) ?? rows[0];
}

// --- the builder ---------------------------------------------------------------------------------

/** Per-bundle context: table handles plus the tables' fixture labels. */
class Ctx {
  readonly t: (name: string) => Table;
  private readonly cache = new Map<string, Table>();
  constructor(readonly bundle: DataBundle) {
    this.t = (name) => {
      let tab = this.cache.get(name);
      if (!tab) {
        tab = bundle.table(name);
        this.cache.set(name, tab);
      }
      return tab;
    };
  }
}

const ctxCache = new WeakMap<DataBundle, Ctx>();
function ctxFor(bundle: DataBundle): Ctx {
  let c = ctxCache.get(bundle);
  if (!c) {
    c = new Ctx(bundle);
    ctxCache.set(bundle, c);
  }
  return c;
}

function effectFromRow(row: Row): SpellEffect {
  const T = "SpellEffect";
  const n = (c: string) => num(T, row, c);
  return {
    id: n("ID"),
    index: n("EffectIndex"),
    effect: n("Effect"),
    aura: n("EffectAura"),
    base_points: n("EffectBasePointsF"),
    coefficient: n("Coefficient"),
    variance: n("Variance"),
    bonus_coefficient: n("EffectBonusCoefficient"),
    bonus_coefficient_from_ap: n("BonusCoefficientFromAP"),
    trigger_spell: n("EffectTriggerSpell"),
    radius_index_0: n("EffectRadiusIndex_0"),
    radius_index_1: n("EffectRadiusIndex_1"),
    aura_period_ms: n("EffectAuraPeriod"),
    amplitude: n("EffectAmplitude"),
    chain_amplitude: n("EffectChainAmplitude"),
    chain_targets: n("EffectChainTargets"),
    mechanic: n("EffectMechanic"),
    misc_value_0: n("EffectMiscValue_0"),
    misc_value_1: n("EffectMiscValue_1"),
    implicit_target_0: n("ImplicitTarget_0"),
    implicit_target_1: n("ImplicitTarget_1"),
    points_per_resource: n("EffectPointsPerResource"),
    real_points_per_level: n("EffectRealPointsPerLevel"),
    pvp_multiplier: n("PvpMultiplier"),
    resource_coefficient: n("ResourceCoefficient"),
    scaling_class: n("ScalingClass"),
    effect_attributes: n("EffectAttributes"),
    spell_class_mask: [0, 1, 2, 3].map((i) => n(`EffectSpellClassMask_${i}`)),
  };
}

/** Effects of a spell: the DifficultyID 0 set (else the lowest difficulty present), by EffectIndex. */
function effectRows(rows: readonly Row[]): Row[] {
  if (rows.length === 0) return [];
  const diffs = rows.map((r) => (typeof r["DifficultyID"] === "number" ? (r["DifficultyID"] as number) : 0));
  const want = diffs.includes(0) ? 0 : Math.min(...diffs);
  return rows
    .filter((_, i) => diffs[i] === want)
    .slice()
    .sort((a, b) => num("SpellEffect", a, "EffectIndex") - num("SpellEffect", b, "EffectIndex"));
}

/** All spell ids the bundle knows: SpellName ids ∪ SpellMisc.SpellID, ascending. */
export function knownSpellIds(bundle: DataBundle): number[] {
  const ids = new Set<number>();
  for (const r of bundle.table("SpellName").rows) ids.add(num("SpellName", r, "ID"));
  for (const r of bundle.table("SpellMisc").rows) ids.add(num("SpellMisc", r, "SpellID"));
  return [...ids].sort((a, b) => a - b);
}

/** One buildSpellRecord call: the bundle's tables plus the source tables used and the fields left missing. */
class SpellReader {
  readonly sources = new Set<string>();
  readonly missing = new Set<string>();
  constructor(readonly t: (name: string) => Table, readonly spellId: number) {}

  /** Records `row`'s table as a source, or `fields` as missing when the row is absent. */
  used(table: string, row: Row | undefined, fields: readonly string[]): Row | undefined {
    if (row) this.sources.add(table);
    else for (const f of fields) this.missing.add(f);
    return row;
  }

  /** Follow an index column (0 = no row by design); a non-zero index with no row is missing data. */
  viaIndex(table: string, id: number, fields: readonly string[]): Row | undefined {
    return id === 0 ? undefined : this.used(table, this.t(table).byId(id), fields);
  }

  /** The spell's row of a per-difficulty table (pickByDifficulty), recorded by `used`. */
  bySpell(table: string, fields: readonly string[]): Row | undefined {
    return this.used(table, pickByDifficulty(this.t(table).allByFk("SpellID", this.spellId)), fields);
  }

  /** Every row of `table` whose `fk` is `id`; the table counts as a source when there is one. */
  rows(table: string, fk: string, id: number): readonly Row[] {
    const rows = this.t(table).allByFk(fk, id);
    if (rows.length) this.sources.add(table);
    return rows;
  }
}

/** A column reader that answers 0 when the row is absent (the field is then listed as missing). */
function columns(table: string, row: Row | undefined): (c: string) => number {
  return (c) => (row ? num(table, row, c) : 0);
}

const MISC_FIELDS = [
  "is_passive", "attributes", "school_mask", "speed", "launch_delay", "cast_time", "cast_time_min",
  "duration", "max_duration", "range_min_0", "range_min_1", "range_max_0", "range_max_1",
  "min_scaling_level", "max_scaling_level", "pandemic_refresh", "tick_may_crit", "tick_on_application",
  "hasted_ticks", "duration_hasted", "rolling_periodic", "refresh_behavior",
];

/** SpellMisc and the tables its index columns point at. */
function readMisc(r: SpellReader, misc: Row | undefined) {
  r.used("SpellMisc", misc, MISC_FIELDS);
  const M = columns("SpellMisc", misc);
  const attributes: number[] = [];
  if (misc) for (let i = 0; `Attributes_${i}` in misc; i++) attributes.push(num("SpellMisc", misc, `Attributes_${i}`));
  const castRow = r.viaIndex("SpellCastTimes", M("CastingTimeIndex"), ["cast_time", "cast_time_min"]);
  const durRow = r.viaIndex("SpellDuration", M("DurationIndex"), ["duration", "max_duration"]);
  const rangeRow = r.viaIndex("SpellRange", M("RangeIndex"), ["range_min_0", "range_min_1", "range_max_0", "range_max_1"]);
  const tuning = r.viaIndex("ContentTuning", M("ContentTuningID"), ["min_scaling_level", "max_scaling_level"]);
  return { M, attributes, castRow, durRow, rangeRow, tuning };
}

/** The effects, and the ones the derived fields come from (primary, periodic, radius). */
function readEffects(r: SpellReader) {
  const effects = effectRows(r.t("SpellEffect").allByFk("SpellID", r.spellId)).map(effectFromRow);
  if (effects.length) r.sources.add("SpellEffect");
  else
    for (const f of ["effects", "effect_trigger_spell", "implicit_target", "effect_bonus_coefficient",
      "bonus_coefficient_from_ap", "radius_min", "radius_max", "periodic_type", "tick_period_ms"]) r.missing.add(f);
  const primary =
    effects.find((e) => e.effect === EFFECT_SCHOOL_DAMAGE || e.effect === EFFECT_HEAL) ??
    effects.find((e) => e.aura === 3 || e.aura === 8);
  const periodic = effects.find((e) => PERIODIC_AURAS.has(e.aura) && e.aura_period_ms > 0);
  const radiusEffect = effects.find((e) => e.radius_index_0 > 0 || e.radius_index_1 > 0);
  const radiusRow = radiusEffect
    ? r.viaIndex("SpellRadius", radiusEffect.radius_index_0 > 0 ? radiusEffect.radius_index_0 : radiusEffect.radius_index_1, ["radius_min", "radius_max"])
    : undefined;
  return { effects, primary, periodic, radiusRow };
}

/** Cooldowns, categories and the charge category. */
function readCooldowns(r: SpellReader) {
  const cd = r.bySpell("SpellCooldowns", ["recovery_time", "category_recovery_time", "start_recovery_time"]);
  const cats = r.bySpell("SpellCategories", [
    "category_id", "start_recovery_category", "charge_category_id", "defense_type", "dispel_type", "mechanic",
    "max_charges", "charge_recovery_time",
  ]);
  const chargeCategory = cats ? num("SpellCategories", cats, "ChargeCategory") : 0;
  const chargeRow = r.viaIndex("SpellCategory", chargeCategory, ["max_charges", "charge_recovery_time"]);
  return { D: columns("SpellCooldowns", cd), C: columns("SpellCategories", cats), chargeCategory, chargeRow };
}

function readPowerCosts(r: SpellReader): PowerCostEntry[] {
  const powerRows = r.rows("SpellPower", "SpellID", r.spellId);
  if (!powerRows.length) r.missing.add("power_costs");
  return powerRows
    .slice()
    .sort((a, b) => num("SpellPower", a, "OrderIndex") - num("SpellPower", b, "OrderIndex"))
    .map((row) => ({
      power_type: num("SpellPower", row, "PowerType"),
      cost: num("SpellPower", row, "ManaCost"),
      cost_pct: num("SpellPower", row, "PowerCostPct"),
      optional_cost: num("SpellPower", row, "OptionalCost"),
      required_aura_spell_id: num("SpellPower", row, "RequiredAuraSpellID"),
    }));
}

/** Empower stages (absence of a SpellEmpower row means "not empowered": a real answer, not missing data). */
function readEmpower(r: SpellReader): { can_empower: boolean; empower_stages: EmpowerStage[] } {
  const empower = r.t("SpellEmpower").oneByFk("SpellID", r.spellId);
  if (!empower) return { can_empower: false, empower_stages: [] };
  r.sources.add("SpellEmpower");
  const empower_stages = r
    .rows("SpellEmpowerStage", "SpellEmpowerID", num("SpellEmpower", empower, "ID"))
    .map((row) => ({ stage: num("SpellEmpowerStage", row, "Stage"), duration_ms: num("SpellEmpowerStage", row, "DurationMs") }))
    .sort((a, b) => a.stage - b.stage);
  return { can_empower: true, empower_stages };
}

function readLearnSpells(r: SpellReader): LearnSpell[] {
  return r.rows("SpellLearnSpell", "SpellID", r.spellId).map((row) => ({
    learn_spell_id: num("SpellLearnSpell", row, "LearnSpellID"),
    overrides_spell_id: num("SpellLearnSpell", row, "OverridesSpellID"),
  }));
}

/** Aura options and the RPPM rows they point at. */
function readAuraOptions(r: SpellReader) {
  const auraOpts = r.bySpell("SpellAuraOptions", [
    "max_stacks", "proc_chance", "proc_charges", "proc_category_recovery", "proc_type_mask", "rppm_base_rate",
    "rppm_flags", "rppm_mods",
  ]);
  const A = columns("SpellAuraOptions", auraOpts);
  const rppmId = A("SpellProcsPerMinuteID");
  const rppmRow = r.viaIndex("SpellProcsPerMinute", rppmId, ["rppm_base_rate", "rppm_flags"]);
  const rppmModRows = rppmId ? r.rows("SpellProcsPerMinuteMod", "SpellProcsPerMinuteID", rppmId) : [];
  const rppm_mods: RppmMod[] = rppmModRows.map((row) => ({
    type: num("SpellProcsPerMinuteMod", row, "Type"),
    param: num("SpellProcsPerMinuteMod", row, "Param"),
    coeff: num("SpellProcsPerMinuteMod", row, "Coeff"),
  }));
  return { auraOpts, A, rppmRow, rppm_mods };
}

function readLabels(r: SpellReader): number[] {
  const labelRows = r.rows("SpellLabel", "SpellID", r.spellId);
  return [...new Set(labelRows.map((row) => num("SpellLabel", row, "LabelID")))].sort((a, b) => a - b);
}

/**
 * Build the flat record for one spell, or undefined when the spell is unknown (no SpellName row and
 * no SpellMisc row). Cell type errors throw SpellDataError naming table, row ID and column. The reads
 * come first (each step records its source tables and missing fields), then the fields in record order.
 */
export function buildSpellRecord(bundle: DataBundle, spellId: number): SpellDataRecord | undefined {
  const { t } = ctxFor(bundle);
  const nameRow = t("SpellName").byId(spellId);
  const misc = pickByDifficulty(t("SpellMisc").allByFk("SpellID", spellId));
  if (!nameRow && !misc) return undefined;
  const r = new SpellReader(t, spellId);
  r.used("SpellName", nameRow, ["name"]);
  const spellRow = r.used("Spell", t("Spell").byId(spellId), ["description", "aura_description", "name_subtext"]);
  const { M, attributes, castRow, durRow, rangeRow, tuning } = readMisc(r, misc);
  const { effects, primary, periodic, radiusRow } = readEffects(r);
  const { D, C, chargeCategory, chargeRow } = readCooldowns(r);
  const power_costs = readPowerCosts(r);
  const targets = r.bySpell("SpellTargetRestrictions", ["cone_degrees", "max_targets"]);
  const levels = r.bySpell("SpellLevels", ["spell_level", "base_level", "max_level"]);
  const classOpts = r.used("SpellClassOptions", t("SpellClassOptions").oneByFk("SpellID", spellId), ["spell_class_set", "spell_class_mask"]);
  const intr = r.bySpell("SpellInterrupts", ["interrupt_flags", "interrupt_aura_0", "interrupt_aura_1", "interrupt_channel_0", "interrupt_channel_1"]);
  const { can_empower, empower_stages } = readEmpower(r);
  const learn_spells = readLearnSpells(r);
  const { auraOpts, A, rppmRow, rppm_mods } = readAuraOptions(r);
  const labels = readLabels(r);
  const knowledge_source = knowledgeSource(t, spellId, r.sources);

  const pandemic_refresh = hasAttribute(attributes, SX_REFRESH_EXTENDS_DURATION);
  const tick_period_ms = periodic ? periodic.aura_period_ms : 0;
  const I = columns("SpellInterrupts", intr);
  const T = columns("SpellTargetRestrictions", targets);
  const L = columns("SpellLevels", levels);
  const fixtureTables = [...r.sources].filter((s) => t(s).isFixture).sort();

  return {
    id: spellId,
    name: nameRow ? text("SpellName", nameRow, "Name_lang") : "",
    description: spellRow ? text("Spell", spellRow, "Description_lang") : "",
    aura_description: spellRow ? text("Spell", spellRow, "AuraDescription_lang") : "",
    name_subtext: spellRow ? text("Spell", spellRow, "NameSubtext_lang") : "",
    is_passive: hasAttribute(attributes, SX_PASSIVE),
    knowledge_source,
    cast_time: columns("SpellCastTimes", castRow)("Base"),
    cast_time_min: columns("SpellCastTimes", castRow)("Minimum"),
    recovery_time: D("RecoveryTime"),
    category_id: C("Category"),
    category_recovery_time: D("CategoryRecoveryTime"),
    charge_category_id: chargeCategory,
    charge_recovery_time: columns("SpellCategory", chargeRow)("ChargeRecoveryTime"),
    start_recovery_category: C("StartRecoveryCategory"),
    start_recovery_time: D("StartRecoveryTime"),
    power_costs,
    max_charges: columns("SpellCategory", chargeRow)("MaxCharges"),
    range_max_0: columns("SpellRange", rangeRow)("RangeMax_0"),
    range_max_1: columns("SpellRange", rangeRow)("RangeMax_1"),
    range_min_0: columns("SpellRange", rangeRow)("RangeMin_0"),
    range_min_1: columns("SpellRange", rangeRow)("RangeMin_1"),
    cone_degrees: T("ConeDegrees"),
    max_targets: T("MaxTargets"),
    radius_max: columns("SpellRadius", radiusRow)("RadiusMax"),
    radius_min: columns("SpellRadius", radiusRow)("RadiusMin"),
    defense_type: C("DefenseType"),
    dispel_type: C("DispelType"),
    mechanic: C("Mechanic"),
    school_mask: M("SchoolMask"),
    bonus_coefficient_from_ap: primary ? primary.bonus_coefficient_from_ap : 0,
    effect_bonus_coefficient: primary ? primary.bonus_coefficient : 0,
    min_scaling_level: columns("ContentTuning", tuning)("MinLevelSquish"),
    max_scaling_level: columns("ContentTuning", tuning)("MaxLevelSquish"),
    spell_level: L("SpellLevel"),
    base_level: L("BaseLevel"),
    max_level: L("MaxLevel"),
    spell_class_set: columns("SpellClassOptions", classOpts)("SpellClassSet"),
    spell_class_mask: [0, 1, 2, 3].map((i) => columns("SpellClassOptions", classOpts)(`SpellClassMask_${i}`)),
    speed: M("Speed"),
    launch_delay: M("LaunchDelay"),
    interrupt_aura_0: I("AuraInterruptFlags_0"),
    interrupt_aura_1: I("AuraInterruptFlags_1"),
    interrupt_channel_0: I("ChannelInterruptFlags_0"),
    interrupt_channel_1: I("ChannelInterruptFlags_1"),
    interrupt_flags: I("InterruptFlags"),
    duration: columns("SpellDuration", durRow)("Duration"),
    max_duration: columns("SpellDuration", durRow)("MaxDuration"),
    can_empower,
    empower_stages,
    attributes,
    effect_trigger_spell: effects.map((e) => e.trigger_spell).filter((x) => x !== 0),
    implicit_target: effects.flatMap((e) => [e.implicit_target_0, e.implicit_target_1]).filter((x) => x !== 0),
    learn_spells,
    effects,
    max_stacks: A("CumulativeAura"),
    periodic_type: periodic ? PERIODIC_AURAS.get(periodic.aura)! : "none",
    tick_period_ms,
    refresh_behavior: pandemic_refresh || tick_period_ms > 0 ? "pandemic" : "duration",
    pandemic_refresh,
    tick_may_crit: hasAttribute(attributes, SX_TICK_MAY_CRIT),
    tick_on_application: hasAttribute(attributes, SX_TICK_ON_APPLICATION),
    hasted_ticks: hasAttribute(attributes, SX_DOT_HASTED),
    duration_hasted: hasAttribute(attributes, SX_DURATION_HASTED),
    rolling_periodic: hasAttribute(attributes, SX_ROLLING_PERIODIC),
    proc_chance: A("ProcChance"),
    proc_charges: A("ProcCharges"),
    proc_category_recovery: A("ProcCategoryRecovery"),
    proc_type_mask: auraOpts ? [A("ProcTypeMask_0"), A("ProcTypeMask_1")] : [],
    rppm_base_rate: columns("SpellProcsPerMinute", rppmRow)("BaseProcRate"),
    rppm_flags: columns("SpellProcsPerMinute", rppmRow)("Flags"),
    rppm_mods,
    labels,
    source_tables: [...r.sources].sort(),
    fixture_tables: fixtureTables,
    missing_fields: [...r.missing].sort(),
  };
}

function knowledgeSource(t: (n: string) => Table, spellId: number, sources: Set<string>): KnowledgeSource {
  const talent = t("TraitDefinition").oneByFk("SpellID", spellId);
  if (talent) {
    sources.add("TraitDefinition");
    return { kind: "talent", id: num("TraitDefinition", talent, "ID") };
  }
  const spec = t("SpecializationSpells").oneByFk("SpellID", spellId);
  if (spec) {
    sources.add("SpecializationSpells");
    return { kind: "spec", id: num("SpecializationSpells", spec, "SpecID") };
  }
  const skill = t("SkillLineAbility").oneByFk("Spell", spellId);
  if (skill) {
    sources.add("SkillLineAbility");
    return { kind: "class", id: num("SkillLineAbility", skill, "SkillLine") };
  }
  return { kind: "unknown", id: 0 };
}

/** Records for every known spell (knownSpellIds), keyed by id, in ascending id order. */
export function buildSpellRecords(bundle: DataBundle, ids?: Iterable<number>): Map<number, SpellDataRecord> {
  const out = new Map<number, SpellDataRecord>();
  for (const id of ids ?? knownSpellIds(bundle)) {
    const rec = buildSpellRecord(bundle, id);
    if (rec) out.set(id, rec);
  }
  return out;
}
