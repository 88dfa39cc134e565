// The flat spell data record (spec "Spell data record") and its JSON codec.
//
// One record per spell, snake_case, grouped as in the spec. It is identical whether it was built
// from the CSV tables (src/data/transform.ts) or read back from JSON (spellRecordFromJson): the
// codec below is driven by one field schema, so the two cannot drift apart. Every field is a
// plain JSON value (numbers, strings, booleans, arrays, small objects) — no bigint, no undefined.

import { SpellRecordJsonError } from "../errors.js";

/** One SpellEffect row. `index` is the 0-based `EffectIndex` (spec field contract 2). */
export interface SpellEffect {
  /** SpellEffect.ID (row id). */
  id: number;
  /** 0-based effect index (SpellEffect.EffectIndex). The resolver's get_spell_effect takes index + 1. */
  index: number;
  /** Effect type id (SpellEffect.Effect): 2 SCHOOL_DAMAGE, 6 APPLY_AURA, 10 HEAL, 64 TRIGGER_SPELL, … */
  effect: number;
  /** Aura sub-type id (SpellEffect.EffectAura): 3 PERIODIC_DAMAGE, 23 PERIODIC_TRIGGER_SPELL, … */
  aura: number;
  /** SpellEffect.EffectBasePointsF. */
  base_points: number;
  /** Direct-damage roll: SpellEffect.Coefficient (scaling-class coefficient). */
  coefficient: number;
  /** Direct-damage roll spread: SpellEffect.Variance. */
  variance: number;
  /** Spell-power coefficient: SpellEffect.EffectBonusCoefficient. */
  bonus_coefficient: number;
  /** Attack-power coefficient: SpellEffect.BonusCoefficientFromAP. */
  bonus_coefficient_from_ap: number;
  /** SpellEffect.EffectTriggerSpell (0 = none). */
  trigger_spell: number;
  /** SpellEffect.EffectRadiusIndex_0 / _1 (SpellRadius ids, 0 = none). */
  radius_index_0: number;
  radius_index_1: number;
  /** SpellEffect.EffectAuraPeriod in ms (0 = not periodic). */
  aura_period_ms: number;
  amplitude: number;
  chain_amplitude: number;
  chain_targets: number;
  mechanic: number;
  misc_value_0: number;
  misc_value_1: number;
  implicit_target_0: number;
  implicit_target_1: number;
  points_per_resource: number;
  real_points_per_level: number;
  pvp_multiplier: number;
  resource_coefficient: number;
  scaling_class: number;
  /** SpellEffect.EffectAttributes bit set. */
  effect_attributes: number;
  /** SpellEffect.EffectSpellClassMask_0..3. */
  spell_class_mask: number[];
}

export interface PowerCostEntry {
  /** SpellPower.PowerType (0 mana, 2 focus, 3 energy, …). */
  power_type: number;
  /** SpellPower.ManaCost — the flat cost in the power's units, whatever the power type. */
  cost: number;
  /** SpellPower.PowerCostPct (percent of max). */
  cost_pct: number;
  /** SpellPower.OptionalCost (extra spendable amount, e.g. finishers). */
  optional_cost: number;
  /** SpellPower.RequiredAuraSpellID: this cost applies only while that aura is up (0 = always). */
  required_aura_spell_id: number;
}

export interface EmpowerStage {
  stage: number;
  duration_ms: number;
}

export interface LearnSpell {
  learn_spell_id: number;
  overrides_spell_id: number;
}

export interface RppmMod {
  /** SpellProcsPerMinuteMod.Type (1 haste, 2 crit, 3 class, 4 spec, 5 race, …). */
  type: number;
  param: number;
  coeff: number;
}

export type KnowledgeKind = "talent" | "spec" | "class" | "unknown";
/** How the spell is learned. `id`: TraitDefinition.ID, ChrSpecialization.ID, SkillLine.ID, or 0. */
export interface KnowledgeSource {
  kind: KnowledgeKind;
  id: number;
}

export type PeriodicType = "none" | "damage" | "heal" | "trigger_spell" | "energize" | "leech" | "dummy";
export type RefreshBehavior = "duration" | "pandemic";

export interface SpellDataRecord {
  // Identity / text
  id: number;
  name: string;
  description: string;
  aura_description: string;
  name_subtext: string;
  is_passive: boolean;
  knowledge_source: KnowledgeSource;
  // Timing / cost (all times in ms)
  cast_time: number;
  cast_time_min: number;
  recovery_time: number;
  category_id: number;
  category_recovery_time: number;
  charge_category_id: number;
  charge_recovery_time: number;
  start_recovery_category: number;
  start_recovery_time: number;
  power_costs: PowerCostEntry[];
  max_charges: number;
  // Range / AoE
  range_max_0: number;
  range_max_1: number;
  range_min_0: number;
  range_min_1: number;
  cone_degrees: number;
  max_targets: number;
  radius_max: number;
  radius_min: number;
  // School / coefficient
  defense_type: number;
  dispel_type: number;
  mechanic: number;
  school_mask: number;
  bonus_coefficient_from_ap: number;
  effect_bonus_coefficient: number;
  min_scaling_level: number;
  max_scaling_level: number;
  spell_level: number;
  base_level: number;
  max_level: number;
  spell_class_set: number;
  spell_class_mask: number[];
  speed: number;
  launch_delay: number;
  // Interrupts
  interrupt_aura_0: number;
  interrupt_aura_1: number;
  interrupt_channel_0: number;
  interrupt_channel_1: number;
  interrupt_flags: number;
  // Duration / empower
  duration: number;
  max_duration: number;
  can_empower: boolean;
  empower_stages: EmpowerStage[];
  // Vector columns
  attributes: number[];
  effect_trigger_spell: number[];
  implicit_target: number[];
  learn_spells: LearnSpell[];
  effects: SpellEffect[];
  // Aura properties
  max_stacks: number;
  periodic_type: PeriodicType;
  tick_period_ms: number;
  refresh_behavior: RefreshBehavior;
  pandemic_refresh: boolean;
  tick_may_crit: boolean;
  tick_on_application: boolean;
  hasted_ticks: boolean;
  duration_hasted: boolean;
  rolling_periodic: boolean;
  // Proc rate / labels
  proc_chance: number;
  proc_charges: number;
  proc_category_recovery: number;
  proc_type_mask: number[];
  rppm_base_rate: number;
  rppm_flags: number;
  rppm_mods: RppmMod[];
  labels: number[];
  // Provenance
  /** Tables that contributed a row, sorted. */
  source_tables: string[];
  /** Contributing tables that are labelled fixtures (data/FIXTURES.md), sorted. */
  fixture_tables: string[];
  /**
   * Fields whose source row was absent (the spell's own row, or the row an index column points at),
   * sorted. Their value is the neutral 0/""/false/[] but they did NOT resolve: the resolver's
   * `require` throws MissingSpellData for them instead of handing out a silent zero.
   */
  missing_fields: string[];
}

// ---------------------------------------------------------------------------------------------
// Field schema: drives validation, copying and key order of the JSON form.

type Kind =
  | "int"
  | "num"
  | "str"
  | "bool"
  | "int[]"
  | "num[]"
  | "str[]"
  | { enum: readonly string[] }
  | { array: Schema<any> }
  | { object: Schema<any> };
type Schema<T> = { readonly [K in keyof T]-?: Kind };

const EFFECT_SCHEMA: Schema<SpellEffect> = {
  id: "int",
  index: "int",
  effect: "int",
  aura: "int",
  base_points: "num",
  coefficient: "num",
  variance: "num",
  bonus_coefficient: "num",
  bonus_coefficient_from_ap: "num",
  trigger_spell: "int",
  radius_index_0: "int",
  radius_index_1: "int",
  aura_period_ms: "int",
  amplitude: "num",
  chain_amplitude: "num",
  chain_targets: "int",
  mechanic: "int",
  misc_value_0: "int",
  misc_value_1: "int",
  implicit_target_0: "int",
  implicit_target_1: "int",
  points_per_resource: "num",
  real_points_per_level: "num",
  pvp_multiplier: "num",
  resource_coefficient: "num",
  scaling_class: "int",
  effect_attributes: "int",
  spell_class_mask: "int[]",
};

const POWER_SCHEMA: Schema<PowerCostEntry> = {
  power_type: "int",
  cost: "num",
  cost_pct: "num",
  optional_cost: "num",
  required_aura_spell_id: "int",
};
const EMPOWER_SCHEMA: Schema<EmpowerStage> = { stage: "int", duration_ms: "int" };
const LEARN_SCHEMA: Schema<LearnSpell> = { learn_spell_id: "int", overrides_spell_id: "int" };
const RPPM_MOD_SCHEMA: Schema<RppmMod> = { type: "int", param: "int", coeff: "num" };
export const KNOWLEDGE_KINDS = ["talent", "spec", "class", "unknown"] as const;
const KNOWLEDGE_SCHEMA: Schema<KnowledgeSource> = { kind: { enum: KNOWLEDGE_KINDS }, id: "int" };
export const PERIODIC_TYPES = ["none", "damage", "heal", "trigger_spell", "energize", "leech", "dummy"] as const;
export const REFRESH_BEHAVIORS = ["duration", "pandemic"] as const;

export const SPELL_RECORD_SCHEMA: Schema<SpellDataRecord> = {
  id: "int",
  name: "str",
  description: "str",
  aura_description: "str",
  name_subtext: "str",
  is_passive: "bool",
  knowledge_source: { object: KNOWLEDGE_SCHEMA },
  cast_time: "int",
  cast_time_min: "int",
  recovery_time: "int",
  category_id: "int",
  category_recovery_time: "int",
  charge_category_id: "int",
  charge_recovery_time: "int",
  start_recovery_category: "int",
  start_recovery_time: "int",
  power_costs: { array: POWER_SCHEMA },
  max_charges: "int",
  range_max_0: "num",
  range_max_1: "num",
  range_min_0: "num",
  range_min_1: "num",
  cone_degrees: "num",
  max_targets: "int",
  radius_max: "num",
  radius_min: "num",
  defense_type: "int",
  dispel_type: "int",
  mechanic: "int",
  school_mask: "int",
  bonus_coefficient_from_ap: "num",
  effect_bonus_coefficient: "num",
  min_scaling_level: "int",
  max_scaling_level: "int",
  spell_level: "int",
  base_level: "int",
  max_level: "int",
  spell_class_set: "int",
  spell_class_mask: "int[]",
  speed: "num",
  launch_delay: "num",
  interrupt_aura_0: "int",
  interrupt_aura_1: "int",
  interrupt_channel_0: "int",
  interrupt_channel_1: "int",
  interrupt_flags: "int",
  duration: "int",
  max_duration: "int",
  can_empower: "bool",
  empower_stages: { array: EMPOWER_SCHEMA },
  attributes: "int[]",
  effect_trigger_spell: "int[]",
  implicit_target: "int[]",
  learn_spells: { array: LEARN_SCHEMA },
  effects: { array: EFFECT_SCHEMA },
  max_stacks: "int",
  periodic_type: { enum: PERIODIC_TYPES },
  tick_period_ms: "int",
  refresh_behavior: { enum: REFRESH_BEHAVIORS },
  pandemic_refresh: "bool",
  tick_may_crit: "bool",
  tick_on_application: "bool",
  hasted_ticks: "bool",
  duration_hasted: "bool",
  rolling_periodic: "bool",
  proc_chance: "num",
  proc_charges: "int",
  proc_category_recovery: "int",
  proc_type_mask: "int[]",
  rppm_base_rate: "num",
  rppm_flags: "int",
  rppm_mods: { array: RPPM_MOD_SCHEMA },
  labels: "int[]",
  source_tables: "str[]",
  fixture_tables: "str[]",
  missing_fields: "str[]",
};

/** Every field name of the record, in schema (= JSON) order. */
export const SPELL_RECORD_FIELDS = Object.keys(SPELL_RECORD_SCHEMA) as (keyof SpellDataRecord)[];

export function isSpellRecordField(name: string): name is keyof SpellDataRecord {
  return Object.prototype.hasOwnProperty.call(SPELL_RECORD_SCHEMA, name);
}

// ---------------------------------------------------------------------------------------------
// Codec

function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

function decodeScalar(kind: Exclude<Kind, { array: unknown } | { object: unknown }>, v: unknown, path: string): unknown {
  if (kind === "int" || kind === "num") {
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw new SpellRecordJsonError(path, `expected a finite number, got ${describe(v)}`);
    }
    if (kind === "int" && !Number.isSafeInteger(v)) {
      throw new SpellRecordJsonError(path, `expected an integer, got ${v}`);
    }
    return v === 0 ? 0 : v; // -0 → 0 so deep equality with CSV-derived values holds
  }
  if (kind === "str") {
    if (typeof v !== "string") throw new SpellRecordJsonError(path, `expected a string, got ${describe(v)}`);
    return v;
  }
  if (kind === "bool") {
    if (typeof v !== "boolean") throw new SpellRecordJsonError(path, `expected a boolean, got ${describe(v)}`);
    return v;
  }
  if (kind === "int[]" || kind === "num[]" || kind === "str[]") {
    if (!Array.isArray(v)) throw new SpellRecordJsonError(path, `expected an array, got ${describe(v)}`);
    const elem = kind === "int[]" ? "int" : kind === "num[]" ? "num" : "str";
    return v.map((x, i) => decodeScalar(elem, x, `${path}[${i}]`));
  }
  // enum
  if (typeof v !== "string" || !kind.enum.includes(v)) {
    throw new SpellRecordJsonError(path, `expected one of ${kind.enum.join("|")}, got ${JSON.stringify(v) ?? describe(v)}`);
  }
  return v;
}

function decodeObject<T>(schema: Schema<T>, v: unknown, path: string): T {
  if (typeof v !== "object" || v === null || Array.isArray(v)) {
    throw new SpellRecordJsonError(path || "<root>", `expected an object, got ${describe(v)}`);
  }
  const src = v as Record<string, unknown>;
  for (const key of Object.keys(src)) {
    if (!Object.prototype.hasOwnProperty.call(schema, key)) {
      throw new SpellRecordJsonError(path ? `${path}.${key}` : key, "unknown field");
    }
  }
  const out: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(schema) as [string, Kind][]) {
    const p = path ? `${path}.${key}` : key;
    if (!(key in src)) throw new SpellRecordJsonError(p, "missing field");
    const value = src[key];
    if (typeof kind === "object" && "array" in kind) {
      if (!Array.isArray(value)) throw new SpellRecordJsonError(p, `expected an array, got ${describe(value)}`);
      out[key] = value.map((x, i) => decodeObject(kind.array, x, `${p}[${i}]`));
    } else if (typeof kind === "object" && "object" in kind) {
      out[key] = decodeObject(kind.object, value, p);
    } else {
      out[key] = decodeScalar(kind, value, p);
    }
  }
  return out as T;
}

/**
 * Validate an untrusted JSON value (already parsed, or a JSON string) and return a SpellDataRecord.
 * Every schema field must be present with the right type and no unknown field may appear; the first
 * violation throws SpellRecordJsonError (code INVALID_SPELL_RECORD_JSON) naming the field path.
 */
export function spellRecordFromJson(json: unknown): SpellDataRecord {
  let value = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch (e) {
      throw new SpellRecordJsonError("<root>", `not valid JSON: ${(e as Error).message}`);
    }
  }
  const rec = decodeObject(SPELL_RECORD_SCHEMA, value, "");
  if (!Number.isInteger(rec.id) || rec.id <= 0) throw new SpellRecordJsonError("id", `expected a positive spell id, got ${rec.id}`);
  return rec;
}

/** Plain-JSON copy of a record (schema key order, fresh arrays/objects; JSON.stringify-safe). */
export function spellRecordToJson(record: SpellDataRecord): Record<string, unknown> {
  // decodeObject both validates (catches a record mutated into an invalid shape) and deep-copies.
  return decodeObject(SPELL_RECORD_SCHEMA, record, "") as unknown as Record<string, unknown>;
}
