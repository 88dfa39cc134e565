// The state of one resolveManifest call: the manifest, the spell records, the chosen talents, and
// the provenance of every number read (note / field / given), plus the shared small lookups.
import { MissingSpellData } from "../errors.js";
import type { SpellResolver } from "../data/resolver.js";
import type { SpellDataRecord, SpellEffect } from "../data/spell-record.js";
import type { DataBundle, TableOrigin } from "../data/types.js";
import { ManifestError } from "./errors.js";
import type { Provenance, ValueOrigin } from "./resolved.js";
import type { DataRef, Manifest, NumOrRef } from "./schema.js";

/** Where each record field comes from (for provenance; see src/data/transform.ts). */
export const FIELD_SOURCE: Partial<Record<keyof SpellDataRecord, string>> = {
  cast_time: "SpellCastTimes.Base",
  recovery_time: "SpellCooldowns.RecoveryTime",
  category_recovery_time: "SpellCooldowns.CategoryRecoveryTime",
  start_recovery_time: "SpellCooldowns.StartRecoveryTime",
  start_recovery_category: "SpellCategories.StartRecoveryCategory",
  category_id: "SpellCategories.Category",
  charge_category_id: "SpellCategories.ChargeCategory",
  max_charges: "SpellCategory.MaxCharges",
  charge_recovery_time: "SpellCategory.ChargeRecoveryTime",
  power_costs: "SpellPower.ManaCost",
  duration: "SpellDuration.Duration",
  tick_period_ms: "SpellEffect.EffectAuraPeriod",
  max_stacks: "SpellAuraOptions.CumulativeAura",
  proc_chance: "SpellAuraOptions.ProcChance",
  rppm_base_rate: "SpellProcsPerMinute.BaseProcRate",
  school_mask: "SpellMisc.SchoolMask",
  tick_may_crit: "SpellMisc.Attributes_8",
  hasted_ticks: "SpellMisc.Attributes_5",
};
const EFFECT_COLUMN: Record<DataRef["field"], string> = {
  base_points: "EffectBasePointsF",
  bonus_coefficient_from_ap: "BonusCoefficientFromAP",
  bonus_coefficient: "EffectBonusCoefficient",
  aura_period_ms: "EffectAuraPeriod",
};

export class Ctx {
  readonly provenance: Provenance[] = [];
  constructor(
    readonly m: Manifest,
    readonly resolver: SpellResolver,
    readonly bundle: DataBundle,
    readonly file: string,
    readonly talents: Set<string>,
  ) {}
  /** Resolved resource maxima (percent-of-base costs). */
  readonly resourceMax = new Map<string, number>();

  private tableOf(source: string): string {
    return source.split(".")[0]!;
  }

  private originOf(table: string): TableOrigin {
    try {
      return this.bundle.table(table).origin;
    } catch {
      return "export";
    }
  }

  note(path: string, value: number, source: string, spell?: number): number {
    // Values reached through a SpellMisc index column (cast time, duration) inherit SpellMisc's origin
    // when it is not a client export: the index, not the indexed row, carries the spell's value.
    let origin: ValueOrigin = source === "manifest" ? "manifest" : this.originOf(this.tableOf(source));
    if ((source.startsWith("SpellCastTimes.") || source.startsWith("SpellDuration.")) && this.originOf("SpellMisc") !== "export") {
      origin = this.originOf("SpellMisc");
    }
    const p: Provenance = { path, value, source, fixture: origin === "fixture", origin };
    if (spell !== undefined) p.spell = spell;
    this.provenance.push(p);
    return value;
  }

  /** A record field that must resolve. */
  field<K extends keyof SpellDataRecord>(path: string, spellId: number, field: K): SpellDataRecord[K] {
    const v = this.resolver.require(spellId, field);
    if (typeof v === "number") this.note(path, v, FIELD_SOURCE[field] ?? `record.${field}`, spellId);
    return v;
  }

  effect(spellId: number, index: number, what: string): SpellEffect {
    const e = this.resolver.get_spell_effect(spellId, index);
    if (!e) throw new MissingSpellData(spellId, `effects[${index}]`, `no effect ${index} (1-based) for ${what}`);
    return e;
  }

  /** A manifest number or DataRef; undefined when the manifest leaves it out. */
  given(path: string, v: NumOrRef | undefined): number | undefined {
    if (v === undefined) return undefined;
    if (typeof v === "number") return this.note(path, v, "manifest");
    const e = this.effect(v.spell, v.effect, path);
    const raw = v.field === "base_points" ? e.base_points
      : v.field === "bonus_coefficient_from_ap" ? e.bonus_coefficient_from_ap
      : v.field === "bonus_coefficient" ? e.bonus_coefficient
      : e.aura_period_ms;
    return this.note(path, raw * v.scale + (v.offset ?? 0), `SpellEffect.${EFFECT_COLUMN[v.field]}`, v.spell);
  }

  has(talent: string | undefined): boolean {
    return talent === undefined || this.talents.has(talent);
  }
}

/** A count (stacks, targets) read from the manifest or data: a whole number >= 1. */
export function wholeCount(c: Ctx, v: number, path: string): number {
  if (!Number.isInteger(v) || v < 1) throw new ManifestError("INVALID_MANIFEST", c.file, path, `must be a whole number >= 1, got ${v}`);
  return v;
}

export function powerTypeRow(c: Ctx, powerType: number, path: string) {
  const row = c.bundle.table("PowerType").rows.find((r) => r["PowerTypeEnum"] === powerType);
  if (!row) throw new ManifestError("INVALID_MANIFEST", c.file, path, `no PowerType row with PowerTypeEnum ${powerType} (give max and regen_per_sec in the manifest)`);
  return row;
}

/** A channel's ticks when the manifest leaves them out: its duration over its periodic effect's period (SimC: dot_duration / base_tick_time). */
export function channelTicks(c: Ctx, path: string, spell: number, durationMs: number): number {
  const period = c.resolver.require(spell, "tick_period_ms");
  if (!(period > 0)) throw new MissingSpellData(spell, "tick_period_ms", `${path}: the channel has no periodic effect to count ticks by (give ticks)`);
  return c.note(path, durationMs / period, "SpellDuration.Duration / SpellEffect.EffectAuraPeriod", spell);
}

/** A pet attack without an interval repeats on its spell's own cooldown (a pet's basic attack is cast on cooldown). */
export function petAttackCooldown(c: Ctx, path: string, spell: number): number {
  const ms = c.field(path, spell, "recovery_time");
  if (ms < 100) throw new MissingSpellData(spell, "recovery_time", `${path}: the attack spell's cooldown ${ms} ms is no attack interval (give interval_ms)`);
  return ms;
}
