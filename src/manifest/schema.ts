// Per-spec manifest: which spells, auras, procs, pets and hooks a spec has (spec "What the service
// does": the manifest supplies behaviour; any number it leaves out is resolved from game data; a value
// it gives wins). This file holds the JSON schema (as TypeScript types), SCHEMA_VERSION and the
// validator. Resolution against spell records lives in resolve.ts.
//
// Numbers that may come from game data are optional. Where the data holds them only as an effect's
// base points (e.g. Cobra Shot's "reduce Kill Command by 1 s"), the manifest can point at that value
// with a DataRef instead of copying it: `{ "spell": 193455, "effect": 2, "scale": 1000 }` =
// SpellEffect(193455, effect 2).base_points * 1000. Effect indices in manifests are 1-based, as in the
// resolver's get_spell_effect (spec field contract 2).

import { BOUNDS, boundViolation, type Bound } from "./bounds.js";
import { ManifestError } from "./errors.js";
import { describeJson, JsonReader, parseJsonText } from "./json.js";

/** Bump when the manifest format changes incompatibly; every manifest must carry exactly this value. */
export const SCHEMA_VERSION = 1;

/** A number taken from a SpellEffect field (1-based effect index), times `scale`. */
export interface DataRef {
  spell: number;
  effect: number;
  /** SpellEffect field; default base_points. */
  field: "base_points" | "bonus_coefficient_from_ap" | "bonus_coefficient" | "aura_period_ms";
  scale: number;
  /** Added after scaling: value = field × scale + offset (a percent modifier p as a factor: scale 0.01, offset 1). */
  offset?: number;
}
export type NumOrRef = number | DataRef;

/**
 * Values the manifest states because the tables do not hold them (spec: "otherwise in the manifest,
 * marked `estimated` with a comment saying where it came from"): relative field path → source comment.
 * Paths are relative to the object carrying `estimated`, dotted, with `[i]` for list items and a
 * name for pet attacks: `cooldown_ms`, `tick_damage.ap_coef`, `on_cast[4].ms`, `attacks.pet_melee.interval_ms`.
 * Each path must point at a literal number of that object (a DataRef is data, not an estimate).
 */
export type Estimates = Record<string, string>;

export type PrimaryStat = "agility" | "strength" | "intellect";
/** none: mastery multiplies no damage itself; ops read it (Fire: bank_damage mastery_scaled, Ignite). */
export type MasteryKind = "uniform" | "school" | "pet" | "none" | "spells" | "random";
export type AuraTarget = "player" | "pet" | "target";
export type AoeMode = "single" | "all" | "sqrt" | "split";
export type RefreshMode = "duration" | "pandemic" | "extend";

export interface ResourceDecl {
  /** Manifest-stated values and where they came from (see Estimates). */
  estimated?: Estimates;
  name: string;
  /** PowerType enum (2 = focus). Max / regen fall back to the PowerType row. */
  power_type: number;
  max?: number;
  regen_per_sec?: number;
  /** Amount at pull; default = max. */
  initial?: number;
  haste_scaled: boolean;
  /** An idle player (nothing castable) is asked again as soon as this resource's regeneration covers a rotation spell's cost (energy without other gains: Outlaw). */
  idle_wake?: boolean;
  /** Talents that raise the maximum: each taken one adds its amount (Sanguine Stratagem: +1 combo point). */
  max_mods?: { if_talent: string; amount: NumOrRef }[];
  /** Talents that speed regeneration: each taken one adds its percent (Motivated Murderer: +30 % energy). */
  regen_mods?: { if_talent: string; percent: NumOrRef }[];
}

export interface PetAttackDecl {
  name: string;
  /** Spell id for reporting / data lookups (0 = none). */
  spell: number;
  /** Default: the attack spell's own cooldown (SpellCooldowns.RecoveryTime); required when spell is 0. */
  interval_ms?: NumOrRef;
  /** Attack-power coefficient (pet AP = owner AP x ap_ratio); exactly one of ap_coef / sp_coef. */
  ap_coef?: NumOrRef;
  /** Spell-power coefficient: the hit scales with the owner's spell power (a warlock's guardians). */
  sp_coef?: NumOrRef;
  school: number;
}

export interface PetDecl {
  /** Manifest-stated values and where they came from (see Estimates). */
  estimated?: Estimates;
  name: string;
  /** Active from t = 0 for the whole fight (spec Pets: "a flagged spec starts with the pet slot active"). */
  permanent: boolean;
  /** Summoning spell whose duration bounds the pet's lifetime (non-permanent pets). */
  spell?: number;
  duration_ms?: NumOrRef;
  /** Pet attack power = owner AP × ap_ratio. */
  ap_ratio: number;
  attacks: PetAttackDecl[];
  talent?: string;
  /** Each summon is its own instance with its own expiry (timed-pets.ts): Wild Imps, Dreadstalkers. */
  timed_group: boolean;
  /** Timed group: attacks an instance makes before it ends (0 / absent: only its duration). */
  casts?: NumOrRef;
}

export interface DamageDecl {
  /** 1-based effect of the spell whose payload (after following trigger spells) gives coefficient and school. */
  effect?: number;
  /** Attack-power coefficient; default: the payload effect's bonus_coefficient_from_ap. */
  ap_coef?: NumOrRef;
  /** School mask; default: the payload spell's school_mask. */
  school?: number;
  /** Dealt by this pet (tagged is_pet, scaled by the pet's AP ratio and the pet mastery). */
  pet?: string;
  aoe: AoeMode;
  /** aoe sqrt: targets hit at full damage before the square-root falloff (the dump's `Deals reduced damage beyond $sN targets`); default 5. */
  aoe_cap?: NumOrRef;
  /** Use the equipped weapon roll (auto shot). */
  weapon: boolean;
  /** Spell-power coefficient (instead of ap_coef); default with `effect`: the payload's EffectBonusCoefficient when it has no AP coefficient. */
  sp_coef?: NumOrRef;
  /** Percent points added to this hit's crit chance (100 = always crits: Fire Blast). */
  crit_bonus?: NumOrRef;
  /** The hit is multiplied by 1 + the caster's crit chance (Chaos Bolt: "Damage is further increased by your critical strike chance"). */
  crit_chance_scales?: boolean;
  /** Health-gated guaranteed crits (Firestarter, Scorch): the hit always crits while the target's health is above / below a percent. */
  crit_health?: CritHealthDecl[];
  /** A talent making this single-target hit strike more enemies at a share of its damage (Aspect of the Hydra). */
  extra_targets?: ExtraTargetsDecl;
}

/** A talent that adds to an amount while taken: amount x its rank (per_rank false: once). */
export interface TalentAmount {
  if_talent: string;
  amount: NumOrRef;
  per_rank?: boolean;
}

/**
 * While `if_talent` is taken, the hit also strikes `count` more enemies for `fraction` of its damage
 * (Aspect of the Hydra 470945: "now hit $s2 additional targets for $s1% of their damage"); `fraction` in
 * percent (the data's points), `fraction_mods` add to it.
 */
export interface ExtraTargetsDecl {
  if_talent: string;
  count: NumOrRef;
  fraction: NumOrRef;
  fraction_mods?: TalentAmount[];
}

/** One health-gated crit rule: exactly one of `above` / `below` (percent of the target's health). */
export interface CritHealthDecl {
  above?: NumOrRef;
  below?: NumOrRef;
  /** The rule applies only when this talent is taken. */
  if_talent?: string;
}

export type Op =
  | { op: "apply_aura"; aura: string; stacks: number; if_talent?: string }
  | { op: "remove_aura"; aura: string; /** stacks taken off; absent = remove the aura */ stacks?: number; if_talent?: string }
  /** per_target: amount x the number of enemies (an AoE ability's gain per target hit: Shuriken Storm's combo points). */
  | { op: "gain"; resource: string; amount: NumOrRef; per_target?: boolean; if_talent?: string }
  | { op: "reduce_cooldown"; spell: string; ms: NumOrRef; if_talent?: string; if_aura?: string }
  | { op: "reset_cooldown"; spell: string; if_talent?: string }
  | { op: "add_charge"; spell: string; if_talent?: string }
  /** Impact procs only: bank (fraction + mastery% x coefficient / 100 when mastery_scaled) x the hit's damage into a residual aura (Ignite). */
  | { op: "bank_damage"; aura: string; fraction: NumOrRef; mastery_scaled: boolean; /** false: bank only while the aura is up, never (re)applying it (Touch of the Magi) */ apply?: boolean; if_talent?: string }
  /**
   * Add share x the current target's undealt bank of a residual aura to the same aura on up to
   * `count` other enemies, (re)applying it there (Ignition: Fire Blast spreads Ignite). share / count plus
   * their taken talents' mods.
   */
  | { op: "spread_bank"; aura: string; share: NumOrRef; share_mods?: TalentAmount[]; count: NumOrRef; count_mods?: TalentAmount[]; if_talent?: string }
  /** Run `ops` only while `aura` is up with at least `min_stacks` stacks (default 1). */
  | { op: "if_aura"; aura: string; min_stacks: number; ops: Op[]; if_talent?: string }
  | { op: "if_no_aura"; aura: string; ops: Op[]; if_talent?: string }
  /**
   * per_point: the hit x the combo points the finisher being cast spent (a finisher's extra hits).
   * mastery_ap_coef: attack-power coefficient added per mastery point (Main Gauche: 76806 #2 Add Flat Modifier: Spell Coefficient).
   */
  | { op: "damage"; spell: number; ap_coef?: NumOrRef; sp_coef?: NumOrRef; mastery_ap_coef?: NumOrRef; school: number; pet?: string; per_point?: boolean; if_talent?: string }
  /** The aura's stacks are stored points of `resource`: gain as many as fit under its max, removing those stacks (Shadow Techniques). */
  | { op: "stacks_to_resource"; aura: string; resource: string; if_talent?: string }
  /** A random set of `auras`: weights[i] = probability that i + 1 of them come up; tiers: the first k in order, subset: k distinct at random; bump_aura (when up) adds one and is consumed. Removes the previous set first. */
  | { op: "random_auras"; auras: string[]; weights: number[]; mode: "subset" | "tiers"; bump_aura?: string; if_talent?: string }
  /** Shorten the spell's cooldown by ms x the combo points the finisher spent (the finisher's own on_cast: Restless Blades). */
  | { op: "reduce_cooldown_per_point"; spell: string; ms: NumOrRef; if_talent?: string }
  | { op: "summon_pet"; pet: string; duration_ms?: NumOrRef; if_talent?: string }
  /**
   * One hit x a stack count: min(stacks of `aura`, max_stacks), or max_stacks without `aura` (Frost's
   * Shatter: Ice Lance deals 1246949 per Freezing stack it shatters). No stacks, no hit. `crit_mods`:
   * talent-gated factors on the hit's crit chance (Improved Shatter: x 1.5).
   */
  | { op: "damage_per_stack"; spell: number; ap_coef?: NumOrRef; sp_coef?: NumOrRef; school: number; aura?: string; max_stacks: NumOrRef; crit_mods?: { if_talent: string; factor: NumOrRef }[]; if_talent?: string }
  /** Remove up to `max` instances of a timed pet group (those ending first) and run `ops` once per instance removed. */
  | { op: "consume_pets"; pet: string; max: number; ops: Op[]; if_talent?: string };

/** A channelled spell (SpellInterrupts.ChannelInterruptFlags_0 ≠ 0): evenly spaced ticks over the channel. */
export interface ChannelDecl {
  /** Ticks per channel (the last lands at the channel end); default: duration / the spell's tick period. */
  ticks?: NumOrRef;
  /** Channel length; default: the spell's duration (SpellMisc.DurationIndex → SpellDuration). */
  duration_ms?: NumOrRef;
  /** Haste shortens the channel; default: the record's hasted-ticks attribute. */
  hasted?: boolean;
  /** Damage per tick (payload effect of the channel spell, trigger chain followed). */
  tick_damage?: DamageDecl;
  /** Cost paid per tick in the spell's resource (a tick that cannot be paid ends the channel); engine ChannelImage.tickCost. */
  tick_cost?: NumOrRef;
}

export interface SpellDecl {
  /** Manifest-stated values and where they came from (see Estimates). */
  estimated?: Estimates;
  name: string;
  id: number;
  /**
   * Why the game data has no record of this spell (e.g. absent from the spell dump): the entry only
   * names it for rotations. It is never castable / never applied and resolves no data; only `name`,
   * `id` and `comment` may accompany it.
   */
  unavailable?: string;
  talent?: string;
  cast_time_ms?: NumOrRef;
  gcd_ms?: NumOrRef;
  cooldown_ms?: NumOrRef;
  charges?: number;
  charge_cooldown_ms?: NumOrRef;
  resource?: string;
  cost?: NumOrRef;
  gain?: NumOrRef;
  damage?: DamageDecl;
  off_gcd: boolean;
  /** Post-cast hook (spec cast step 10) as an op list. */
  on_cast: Op[];
  /** An aura paid as a cost: castable only while it is up, one stack consumed with the resources (step 3). */
  cost_aura?: string;
  /** Channel: the cast occupies the player for the channel and deals tick damage; a channel with a
   * cooldown starts it, and runs on_cast, when the channel starts (game behaviour; engine ChannelImage.castSteps). */
  channel?: ChannelDecl;
  /** While this aura is up the spell costs no primary resource (Lock and Load). */
  cost_bypass_aura?: string;
  /** While `aura` is up the cast bar is multiplied by `factor` (0 = instant); several multiply. */
  cast_time_mods?: { aura: string; factor: NumOrRef }[];
  /** The primary cost grows with an aura's stacks: cost x (1 + percent / 100 x stacks) when checked and paid
   * (Arcane Blast: +100 % mana per Arcane Charge, 36032 effect 5). */
  cost_per_stack?: { aura: string; percent: NumOrRef };
  /** Combo-point finisher: spends all of `resource` (min/max from its SpellPower row: ManaCost, + OptionalCost);
   * damage x points; `aura` applied by this cast lasts its duration + points x aura_ms_per_point. */
  finisher?: { resource: string; max_points?: NumOrRef; aura?: string; aura_ms_per_point?: NumOrRef; max_points_mods?: { if_talent: string; amount: NumOrRef }[] };
}

export interface BuffEffectDecl {
  type: "damage_mult" | "damage_mult_school" | "damage_mult_spells" | "haste" | "crit" | "mastery" | "versatility" | "primary_stat" | "primary_stat_pct" | "pet_attack_speed" | "pet_damage_mult" | "cleave" | "attack_speed";
  /** Explicit value (or a DataRef, used as is); damage_mult* are multipliers (1.25 = +25 %), stats are percent points. */
  value?: NumOrRef;
  /** 1-based effect of the aura's spell whose base_points give the value (percent → multiplier for damage_mult*). */
  effect?: number;
  school?: number;
  spells?: string[];
  /** damage_mult_spells: auras whose ticks it multiplies (their `<aura>_tick` damage). */
  auras?: string[];
  /** damage_mult_spells: damage ops (on_cast, procs, ticks) reported as these spell ids that it multiplies. */
  ops?: number[];
  /** damage_mult_spells: stacks add (1 + (value - 1) x stacks, a "+x % per stack" buff) instead of multiplying. */
  additive?: boolean;
  /** damage_mult_spells additive: percent points per mastery point added to each stack's percent
   * (Mastery: Savant 190740 effects 2/3 "Add Flat Modifier: Spell Effect 1/2" on Arcane Charge, SP Coefficient 1.2 / 0.84). */
  mastery_coef?: NumOrRef;
  /** damage_mult_spells: false = the factor applies once while the aura is up, whatever its stacks (the data's 'Suppress Points Stacking' effect attribute: Tip of the Spear 260286). Default true. */
  per_stack?: boolean;
  /** cleave: extra targets hit. */
  count?: NumOrRef;
  /** Talents that add to the effect's base points ("Add Flat Modifier: Spell Effect N" on the aura): each taken one adds its amount × its rank (`per_rank: false`: once). Needs `effect`. */
  points_mods?: { if_talent: string; amount: NumOrRef; per_rank?: boolean }[];
}

export interface AuraDecl {
  /** Manifest-stated values and where they came from (see Estimates). */
  estimated?: Estimates;
  name: string;
  id: number;
  /**
   * Why the game data has no record of this spell (e.g. absent from the spell dump): the entry only
   * names it for rotations. It is never castable / never applied and resolves no data; only `name`,
   * `id` and `comment` may accompany it.
   */
  unavailable?: string;
  target: AuraTarget;
  talent?: string;
  duration_ms?: NumOrRef;
  /** Talents that lengthen the aura: each taken talent adds its `ms` to the duration (Razor Wire: Garrote +6 s). */
  duration_mods?: { if_talent: string; ms: NumOrRef }[];
  /** true: max_stacks must resolve (manifest or SpellAuraOptions.CumulativeAura); false: a single stack. */
  stacking: boolean;
  max_stacks?: NumOrRef;
  refresh: RefreshMode;
  tick_period_ms?: NumOrRef;
  hasted_ticks?: boolean;
  /** Ticks may crit (default: the aura spell's 'Periodic Can Crit' attribute); true for a ground effect whose hits are a direct School Damage spell (Frozen Orb 84721, Blizzard 190357). */
  tick_may_crit?: boolean;
  /** Periodic damage: coefficient per tick from the aura spell's payload effect. */
  tick_damage?: DamageDecl;
  /** Periodic resource gain per tick (energize): amount from the given value/effect. */
  tick_gain?: { resource: string; amount: NumOrRef };
  effects: BuffEffectDecl[];
  /** A player aura whose effects also apply to pet damage (Bestial Wrath). */
  applies_to_pets: boolean;
  /** Ticks use the stats captured at application. */
  snapshot: boolean;
  on_tick: Op[];
  on_expire: Op[];
  /** Ticks deal the damage banked by bank_damage ops (Ignite), spread over the ticks left; school from the aura spell. */
  residual: boolean;
  /** Applied at t = 0 of every iteration (a raid buff such as Bloodlust; docs/manifests.md "Raid buffs"); the run option `bloodlust: false` leaves it off. */
  at_pull: boolean;
  /** Applied at t = 0 of every iteration when its talent is taken: a timer the game starts on entering
   *  combat (a passive whose Proc Flags are "Enter Combat", e.g. Howl of the Pack Leader's 30 s timer). */
  at_combat_start?: boolean;
  /** A target aura (Havoc): while it is up on an enemy other than the one a single-target direct player hit
   *  lands on, the hit also strikes that enemy for this share of its damage (assembly/engine/hit-mirror.ts). */
  mirror_hits?: NumOrRef;
}

export interface ProcDecl {
  /** Manifest-stated values and where they came from (see Estimates). */
  estimated?: Estimates;
  name: string;
  /** Spell id the proc's data comes from (chance, RPPM). */
  id: number;
  talent?: string;
  trigger: "impact" | "cast" | "rppm";
  /** Flat chance 0..1; default: record proc_chance / 100 (or `chance_ref`). */
  chance?: NumOrRef;
  /** RPPM rate; default: record rppm_base_rate. */
  rppm?: number;
  rppm_haste_scales: boolean;
  /** Spells (names) that can trigger it; empty = any (unless `auras` names some). */
  spells: string[];
  /** Auras (names) whose periodic ticks can trigger it (Nightfall: Corruption's ticks); joins `spells`. */
  auras: string[];
  crit_only: boolean;
  /** Only non-critical hits are eligible (Heating Up is lost on a non-crit). */
  non_crit_only: boolean;
  periodic_only: boolean;
  skip_periodic: boolean;
  /** Pet hits can trigger it (spec: impact procs skip pet hits; a cast proc on a pet spell may not). */
  ops: Op[];
}

export interface TalentDecl {
  name: string;
  spell?: number;
  /** In the spec's default talent set. */
  default: boolean;
  /** Ranks taken (default 1): each `modifies` amount is multiplied by it (the dump's `Effect#N [op=mul, values=(1, 2)]`). */
  rank?: number;
  /** Spell numbers this talent changes while taken: amounts added to the resolved values (× rank). */
  modifies?: TalentModDecl[];
}

/** Additive changes a taken talent makes to one spell (Kindling: Combustion's cooldown; Flame On: Fire Blast's charges). */
export interface TalentModDecl {
  spell: string;
  cooldown_ms?: NumOrRef;
  charges?: NumOrRef;
  charge_cooldown_ms?: NumOrRef;
}

export interface AutoAttackDecl {
  /** Manifest-stated values and where they came from (see Estimates). */
  estimated?: Estimates;
  name: string;
  spell: number;
  school: number;
  /** Swing time; default: the profile weapon speed. */
  swing_ms?: number;
  weapon_multiplier: number;
  /** Attack-power coefficient per swing; default swing seconds / 6 (the client's weapon-power rule: AP / 6 DPS). */
  ap_coef?: NumOrRef;
  /** Dual wield: an off-hand swing on its own timer, a copy of the main hand scaled by damage_factor; `name` is its spell name for procs and reports. */
  off_hand?: { name: string; damage_factor: NumOrRef };
}

export interface Manifest {
  schema_version: number;
  spec: string;
  spec_id: number;
  primary_stat: PrimaryStat;
  /** effect: 1-based effect of the mastery spell whose EffectBonusCoefficient is the coefficient (default 1). */
  /**
   * kind spells: `spells` (names) and `ops` (damage ops by reported spell id) are what mastery multiplies (Executioner: finishers).
   * while_aura: the mastery multiplies damage only while this (player) aura is up (Fury's Unshackled Fury: while Enraged).
   */
  mastery: { spell: number; kind: MasteryKind; coefficient?: number; effect?: number; school?: number; spells?: string[]; ops?: number[]; while_aura?: string; estimated?: Estimates };
  resources: ResourceDecl[];
  auto_attack?: AutoAttackDecl;
  pets: PetDecl[];
  spells: SpellDecl[];
  auras: AuraDecl[];
  procs: ProcDecl[];
  talents: TalentDecl[];
  /** The build's hero tree (SimC token, e.g. "dark_ranger"): one of the spec's hero trees in the talent tables. */
  hero_tree?: string;
  passives: PassiveDecl[];
  /** Free-form notes (provenance of estimates); ignored by the engine. */
  notes?: Record<string, string>;
  /** Named rotation expressions (`"stealthed.rogue": "buff.stealth.up | buff.vanish.up"`), compiled
   *  inline where a rotation names them (docs/manifests.md "expressions"). */
  expressions?: Record<string, string>;
  /** Names a rotation (SimC APL) uses that do not exist in the game version modelled (docs/manifests.md
   *  "absent"): rotations resolve them as never active / never castable and list them in the result. */
  absent?: Record<string, AbsentDecl>;
}

/** What an absent name would be (`absent` in the manifest): an aura, a spell or a talent. */
export type AbsentKind = "aura" | "spell" | "talent";

/** A name the modelled game version does not have (e.g. a later patch's tier-set buff). */
export interface AbsentDecl {
  kind: AbsentKind;
  /** Why it is absent (which game version has it, where the data lacks it). */
  reason: string;
  /** A citation outside this project that the name belongs to another game version. */
  source: string;
}

/**
 * A passive aura the character always has (a spec's or class's baseline passive, a taken talent's
 * passive part): each listed effect's base points (percent) multiply the damage of the named spells'
 * direct hits and the named auras' ticks, for the whole fight. Folded into the damage coefficients
 * when the spec is compiled (no aura at run time).
 */
export interface PassiveDecl {
  name: string;
  /** Spell id of the passive aura (its effects give the values). */
  id: number;
  talent?: string;
  /** spells: direct damage and channel ticks; auras: ticks; ops: damage ops reported as these spell ids; auto_attack: both hands. */
  effects: { effect: number; spells: string[]; auras: string[]; ops: number[]; auto_attack: boolean; rank?: number }[];
  comment?: string;
}

// ---------------------------------------------------------------------------------------------
// Validation

const SPELL_ID = { int: true, min: 1 } as const;

/** A literal number checked against its plausible range (bounds.ts). */
function within(r: JsonReader, v: number, b: Bound): number {
  const problem = boundViolation(v, b);
  if (problem !== undefined) r.error(problem);
  return v;
}

/** A finite number, optionally an integer / at least `min`, within bound `b`. */
function bounded(r: JsonReader, b: Bound, opts: { int?: boolean; min?: number } = {}): number {
  return within(r, r.num(opts), b);
}

/** A spell id: a positive integer that fits the tables' 32-bit ID columns. */
function spellId(r: JsonReader): number {
  return bounded(r, BOUNDS.spellId, SPELL_ID);
}

/** A literal number (within `b`) or a data reference. */
function numOrRef(r: JsonReader, b: Bound): NumOrRef {
  if (typeof r.value === "number") return bounded(r, b);
  if (typeof r.value !== "object" || r.value === null || Array.isArray(r.value)) {
    r.error(`expected a finite number or a data reference { "spell", "effect", "scale" }, got ${describeJson(r.value)}`);
  }
  r.keys(["spell", "effect", "field", "scale", "offset"]);
  const scale = r.opt("scale");
  const offset = r.opt("offset");
  const ref: DataRef = {
    spell: spellId(r.field("spell")),
    effect: r.field("effect").num({ int: true, min: 1 }),
    field: r.opt("field")?.oneOf(["base_points", "bonus_coefficient_from_ap", "bonus_coefficient", "aura_period_ms"] as const) ?? "base_points",
    scale: scale ? bounded(scale, BOUNDS.dataRefScale) : 1,
  };
  setOpt(ref, "offset", offset ? bounded(offset, BOUNDS.dataRefScale) : undefined);
  return ref;
}

/** A number >= 0 within `b`, or a data reference. */
function nonNeg(r: JsonReader, b: Bound): NumOrRef {
  if (typeof r.value === "number" && r.value < 0) r.error(`must be >= 0, got ${r.value}`);
  return numOrRef(r, b);
}

function optNonNeg(r: JsonReader, key: string, b: Bound): NumOrRef | undefined {
  const f = r.opt(key);
  return f ? nonNeg(f, b) : undefined;
}

function optTalent(r: JsonReader, key = "talent"): string | undefined {
  return r.opt(key)?.ident();
}

/** `estimated`: each key a path to a literal number inside the same object, each value a source comment. */
function readEstimates(r: JsonReader): Estimates | undefined {
  const e = r.opt("estimated");
  if (!e) return undefined;
  const out: Estimates = {};
  for (const [key, v] of e.entries()) {
    const comment = v.str();
    if (comment.trim().length < 3) v.error("needs a comment saying where the value came from");
    const target = walkPath(r.value, key);
    if (typeof target !== "number") {
      v.error(target === undefined ? `no value at "${key}" in this object` : `"${key}" is not a literal number (a data reference is not an estimate)`);
    }
    out[key] = comment;
  }
  return out;
}

/**
 * The value at a relative path (`a.b`, `a[2].b`, or `attacks.<name>` selecting a list item by name);
 * undefined when absent. Also used to find the estimate behind a provenance path (resolve.ts).
 */
export function walkPath(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const seg of path.split(".")) {
    const m = /^([a-z_][a-z0-9_]*)((?:\[\d+\])*)$/.exec(seg);
    if (!m) return undefined;
    if (Array.isArray(cur)) cur = cur.find((x) => typeof x === "object" && x !== null && (x as Record<string, unknown>)["name"] === m[1]);
    else if (typeof cur === "object" && cur !== null) cur = (cur as Record<string, unknown>)[m[1]!];
    else return undefined;
    for (const idx of m[2]!.matchAll(/\[(\d+)\]/g)) {
      if (!Array.isArray(cur)) return undefined;
      cur = cur[Number(idx[1])];
    }
  }
  return cur;
}

function readOp(r: JsonReader): Op {
  const kind = r.field("op").oneOf(["apply_aura", "remove_aura", "gain", "reduce_cooldown", "reset_cooldown", "add_charge", "damage", "summon_pet", "bank_damage", "spread_bank", "stacks_to_resource", "if_aura", "if_no_aura", "damage_per_stack", "consume_pets", "random_auras", "reduce_cooldown_per_point"] as const);
  const withTalent = <T extends object>(o: T): T => {
    const t = optTalent(r, "if_talent");
    return t ? { ...o, if_talent: t } : o;
  };
  switch (kind) {
    case "apply_aura":
      r.keys(["op", "aura", "stacks", "if_talent"]);
      return withTalent({ op: kind, aura: r.field("aura").ident(), stacks: r.opt("stacks") ? bounded(r.field("stacks"), BOUNDS.count, { int: true, min: 1 }) : 1 });
    case "remove_aura": {
      r.keys(["op", "aura", "stacks", "if_talent"]);
      const stacksR = r.opt("stacks");
      const stacks = stacksR ? bounded(stacksR, BOUNDS.count, { int: true, min: 1 }) : undefined;
      const op = withTalent({ op: kind, aura: r.field("aura").ident() });
      return stacks !== undefined ? { ...op, stacks } : op;
    }
    case "gain":
      r.keys(["op", "resource", "amount", "per_target", "if_talent"]);
      {
        const g: Extract<Op, { op: "gain" }> = withTalent({ op: kind, resource: r.field("resource").ident(), amount: nonNeg(r.field("amount"), BOUNDS.amount) });
        if (r.opt("per_target")?.bool()) g.per_target = true;
        return g;
      }
    case "reduce_cooldown": {
      r.keys(["op", "spell", "ms", "if_talent", "if_aura"]);
      const ifAura = r.opt("if_aura")?.ident();
      const op = withTalent({ op: kind, spell: r.field("spell").ident(), ms: nonNeg(r.field("ms"), BOUNDS.ms) });
      return ifAura ? { ...op, if_aura: ifAura } : op;
    }
    case "reset_cooldown":
    case "add_charge":
      r.keys(["op", "spell", "if_talent"]);
      return withTalent({ op: kind, spell: r.field("spell").ident() });
    case "damage": {
      r.keys(["op", "spell", "ap_coef", "sp_coef", "school", "pet", "per_point", "mastery_ap_coef", "if_talent"]);
      const pet = r.opt("pet")?.ident();
      // exactly one coefficient: attack power (ap_coef) or spell power (sp_coef)
      const sp = r.opt("sp_coef");
      if (sp && r.opt("ap_coef")) sp.error("give ap_coef or sp_coef, not both");
      const op: Extract<Op, { op: "damage" }> = withTalent({
        op: kind,
        spell: spellId(r.field("spell")),
        school: r.field("school").num({ int: true, min: 1 }),
      });
      if (sp) op.sp_coef = nonNeg(sp, BOUNDS.coefficient);
      else op.ap_coef = nonNeg(r.field("ap_coef"), BOUNDS.coefficient);
      if (r.opt("per_point")?.bool()) op.per_point = true;
      const mc = r.opt("mastery_ap_coef");
      if (mc) {
        if (sp) mc.error("mastery_ap_coef adds to ap_coef: not with sp_coef");
        op.mastery_ap_coef = nonNeg(mc, BOUNDS.coefficient);
      }
      return pet ? { ...op, pet } : op;
    }
    case "random_auras": {
      r.keys(["op", "auras", "weights", "mode", "bump_aura", "if_talent"]);
      const auras = r.field("auras").array().map((x) => x.ident());
      if (auras.length === 0 || auras.length > 16) r.field("auras").error(`1 to 16 auras, got ${auras.length}`);
      const wr = r.field("weights");
      const weights = wr.array().map((x) => x.num({ min: 0, max: 1 }));
      if (weights.length !== auras.length) wr.error(`one weight per count 1..${auras.length} (weights[i] = P(i + 1 auras)), got ${weights.length}`);
      const sum = weights.reduce((a, b) => a + b, 0);
      if (Math.abs(sum - 1) > 1e-9) wr.error(`the weights must sum to 1, got ${sum}`);
      const bump = r.opt("bump_aura")?.ident();
      const op = withTalent({ op: kind, auras, weights, mode: r.field("mode").oneOf(["subset", "tiers"] as const) });
      return bump ? { ...op, bump_aura: bump } : op;
    }
    case "reduce_cooldown_per_point":
      r.keys(["op", "spell", "ms", "if_talent"]);
      return withTalent({ op: kind, spell: r.field("spell").ident(), ms: nonNeg(r.field("ms"), BOUNDS.ms) });
    case "if_aura":
      r.keys(["op", "aura", "min_stacks", "ops", "if_talent"]);
      return withTalent({ op: kind, aura: r.field("aura").ident(), min_stacks: r.opt("min_stacks") ? bounded(r.field("min_stacks"), BOUNDS.count, { int: true, min: 1 }) : 1, ops: ops(r.field("ops")) });
    case "if_no_aura":
      r.keys(["op", "aura", "ops", "if_talent"]);
      return withTalent({ op: kind, aura: r.field("aura").ident(), ops: ops(r.field("ops")) });
    case "stacks_to_resource":
      r.keys(["op", "aura", "resource", "if_talent"]);
      return withTalent({ op: kind, aura: r.field("aura").ident(), resource: r.field("resource").ident() });
    case "bank_damage":
      r.keys(["op", "aura", "fraction", "mastery_scaled", "apply", "if_talent"]);
      const bank = withTalent({ op: kind, aura: r.field("aura").ident(), fraction: nonNeg(r.field("fraction"), BOUNDS.coefficient), mastery_scaled: r.opt("mastery_scaled")?.bool() ?? false });
      const apply = r.opt("apply")?.bool();
      return apply === false ? { ...bank, apply } : bank;
    case "spread_bank": {
      r.keys(["op", "aura", "share", "share_mods", "count", "count_mods", "if_talent"]);
      const op: Extract<Op, { op: "spread_bank" }> = withTalent({
        op: kind, aura: r.field("aura").ident(), share: nonNeg(r.field("share"), BOUNDS.coefficient), count: nonNeg(r.field("count"), BOUNDS.count),
      });
      const sm = r.opt("share_mods");
      if (sm) op.share_mods = sm.array().map(readTalentAmount);
      const cm = r.opt("count_mods");
      if (cm) op.count_mods = cm.array().map(readTalentAmount);
      return op;
    }
    case "damage_per_stack": {
      r.keys(["op", "spell", "ap_coef", "sp_coef", "school", "aura", "max_stacks", "crit_mods", "if_talent"]);
      const sp = r.opt("sp_coef");
      if (sp && r.opt("ap_coef")) sp.error("give ap_coef or sp_coef, not both");
      const op: Extract<Op, { op: "damage_per_stack" }> = withTalent({
        op: kind,
        spell: spellId(r.field("spell")),
        school: r.field("school").num({ int: true, min: 1 }),
        max_stacks: nonNeg(r.field("max_stacks"), BOUNDS.count),
      });
      if (sp) op.sp_coef = nonNeg(sp, BOUNDS.coefficient);
      else op.ap_coef = nonNeg(r.field("ap_coef"), BOUNDS.coefficient);
      const aura = r.opt("aura")?.ident();
      if (aura !== undefined) op.aura = aura;
      const cm = r.opt("crit_mods");
      if (cm) op.crit_mods = cm.array().map((y) => {
        y.keys(["if_talent", "factor"]);
        return { if_talent: y.field("if_talent").ident(), factor: nonNeg(y.field("factor"), BOUNDS.coefficient) };
      });
      return op;
    }
    case "consume_pets":
      r.keys(["op", "pet", "max", "ops", "if_talent"]);
      return withTalent({ op: kind, pet: r.field("pet").ident(), max: r.field("max").num({ int: true, min: 1, max: BOUNDS.count.max }), ops: ops(r.field("ops")) });
    case "summon_pet": {
      r.keys(["op", "pet", "duration_ms", "if_talent"]);
      const d = optNonNeg(r, "duration_ms", BOUNDS.ms);
      const op = withTalent({ op: kind, pet: r.field("pet").ident() });
      return d !== undefined ? { ...op, duration_ms: d } : op;
    }
  }
}

function ops(r: JsonReader | undefined): Op[] {
  return r ? r.array().map(readOp) : [];
}

function readDamage(r: JsonReader): DamageDecl {
  r.keys(["effect", "ap_coef", "sp_coef", "crit_bonus", "crit_chance_scales", "crit_health", "school", "pet", "aoe", "aoe_cap", "weapon", "extra_targets"]);
  const d: DamageDecl = {
    aoe: r.opt("aoe")?.oneOf(["single", "all", "sqrt", "split"] as const) ?? "single",
    weapon: r.opt("weapon")?.bool() ?? false,
  };
  const effect = r.opt("effect")?.num({ int: true, min: 1 });
  if (effect !== undefined) d.effect = effect;
  const ap = optNonNeg(r, "ap_coef", BOUNDS.coefficient);
  if (ap !== undefined) d.ap_coef = ap;
  const cap = optNonNeg(r, "aoe_cap", BOUNDS.count);
  if (cap !== undefined) {
    if (d.aoe !== "sqrt") r.field("aoe_cap").error("aoe_cap applies to aoe \"sqrt\" only");
    d.aoe_cap = cap;
  }
  const school = r.opt("school")?.num({ int: true, min: 1 });
  if (school !== undefined) d.school = school;
  const pet = r.opt("pet")?.ident();
  if (pet !== undefined) d.pet = pet;
  const sp = optNonNeg(r, "sp_coef", BOUNDS.coefficient);
  if (sp !== undefined) d.sp_coef = sp;
  if (sp !== undefined && ap !== undefined) r.error('"ap_coef" and "sp_coef" exclude each other');
  const cb = optNonNeg(r, "crit_bonus", BOUNDS.critBonus);
  if (cb !== undefined) d.crit_bonus = cb;
  if (r.opt("crit_chance_scales")?.bool()) d.crit_chance_scales = true;
  const ch = r.opt("crit_health");
  if (ch) d.crit_health = ch.array().map(readCritHealth);
  const et = r.opt("extra_targets");
  if (et) {
    if (d.aoe !== "single") et.error(`extra_targets is for a single-target hit, got aoe "${d.aoe}"`);
    if (d.pet !== undefined) et.error("extra_targets is for player hits (pet hits are single-target)");
    d.extra_targets = readExtraTargets(et);
  }
  if (d.effect === undefined && d.ap_coef === undefined && d.sp_coef === undefined && !d.weapon) r.error('needs "effect" (coefficient from data), "ap_coef", "sp_coef" or "weapon"');
  return d;
}

function readTalentAmount(x: JsonReader): TalentAmount {
  x.keys(["if_talent", "amount", "per_rank"]);
  const mod: TalentAmount = { if_talent: x.field("if_talent").ident(), amount: numOrRef(x.field("amount"), BOUNDS.amount) };
  const perRank = x.opt("per_rank")?.bool();
  if (perRank !== undefined) mod.per_rank = perRank;
  return mod;
}

function readExtraTargets(r: JsonReader): ExtraTargetsDecl {
  r.keys(["if_talent", "count", "fraction", "fraction_mods"]);
  const out: ExtraTargetsDecl = { if_talent: r.field("if_talent").ident(), count: nonNeg(r.field("count"), BOUNDS.count), fraction: nonNeg(r.field("fraction"), BOUNDS.amount) };
  const fm = r.opt("fraction_mods");
  if (fm) out.fraction_mods = fm.array().map(readTalentAmount);
  return out;
}

function readCritHealth(r: JsonReader): CritHealthDecl {
  r.keys(["above", "below", "if_talent"]);
  const out: CritHealthDecl = {};
  const above = optNonNeg(r, "above", BOUNDS.healthPct);
  const below = optNonNeg(r, "below", BOUNDS.healthPct);
  if ((above === undefined) === (below === undefined)) r.error('needs exactly one of "above" and "below"');
  if (above !== undefined) out.above = above;
  if (below !== undefined) out.below = below;
  setOpt(out, "if_talent", optTalent(r, "if_talent"));
  return out;
}

/**
 * `unavailable`: the reason a spell/aura has no data record. Such an entry only names the spell for
 * rotations, so any field describing behaviour next to it is an error (it would silently do nothing).
 */
function readUnavailable(r: JsonReader): string | undefined {
  const u = r.opt("unavailable");
  if (!u) return undefined;
  const reason = u.str();
  if (reason.trim().length < 3) u.error("needs a reason saying why the data has no record of the spell");
  const extra = Object.keys(r.value as object).filter((k) => !["name", "id", "unavailable", "comment"].includes(k));
  if (extra.length) r.at(extra[0]!).error(`an unavailable entry has no behaviour: only name, id and comment may accompany "unavailable"`);
  return reason;
}

function readTalentMod(r: JsonReader): TalentModDecl {
  r.keys(["spell", "cooldown_ms", "charges", "charge_cooldown_ms"]);
  const out: TalentModDecl = { spell: r.field("spell").ident() };
  const signed = (key: string, b: Bound): NumOrRef | undefined => {
    const f = r.opt(key);
    return f ? numOrRef(f, { ...b, signed: true }) : undefined;
  };
  setOpt(out, "cooldown_ms", signed("cooldown_ms", BOUNDS.ms));
  setOpt(out, "charges", signed("charges", BOUNDS.count));
  setOpt(out, "charge_cooldown_ms", signed("charge_cooldown_ms", BOUNDS.ms));
  if (out.cooldown_ms === undefined && out.charges === undefined && out.charge_cooldown_ms === undefined) r.error('needs "cooldown_ms", "charges" or "charge_cooldown_ms"');
  return out;
}

/** Assigns defined optional values only (exactOptionalPropertyTypes-friendly, keeps JSON clean). */
function setOpt<T extends object, K extends keyof T>(o: T, key: K, v: T[K] | undefined): void {
  if (v !== undefined) o[key] = v;
}

function readSpell(r: JsonReader): SpellDecl {
  r.keys([
    "name", "id", "talent", "cost_aura", "cast_time_ms", "gcd_ms", "cooldown_ms", "charges", "charge_cooldown_ms",
    "resource", "cost", "gain", "damage", "off_gcd", "on_cast", "comment", "estimated", "channel", "cost_bypass_aura", "cast_time_mods", "finisher",
    "cost_per_stack", "unavailable",
  ]);
  const unavailable = readUnavailable(r);
  if (unavailable !== undefined) return { name: r.field("name").ident(), id: spellId(r.field("id")), off_gcd: false, on_cast: [], unavailable };
  const s: SpellDecl = {
    name: r.field("name").ident(),
    id: spellId(r.field("id")),
    off_gcd: r.opt("off_gcd")?.bool() ?? false,
    on_cast: ops(r.opt("on_cast")),
  };
  setOpt(s, "talent", optTalent(r));
  setOpt(s, "cast_time_ms", optNonNeg(r, "cast_time_ms", BOUNDS.ms));
  setOpt(s, "cost_aura", r.opt("cost_aura")?.ident());
  setOpt(s, "gcd_ms", optNonNeg(r, "gcd_ms", BOUNDS.ms));
  setOpt(s, "cooldown_ms", optNonNeg(r, "cooldown_ms", BOUNDS.ms));
  const charges = r.opt("charges");
  setOpt(s, "charges", charges ? bounded(charges, BOUNDS.count, { int: true, min: 0 }) : undefined);
  setOpt(s, "charge_cooldown_ms", optNonNeg(r, "charge_cooldown_ms", BOUNDS.ms));
  setOpt(s, "resource", r.opt("resource")?.ident());
  setOpt(s, "cost", optNonNeg(r, "cost", BOUNDS.amount));
  setOpt(s, "gain", optNonNeg(r, "gain", BOUNDS.amount));
  const dmg = r.opt("damage");
  if (dmg) s.damage = readDamage(dmg);
  const ch = r.opt("channel");
  if (ch) {
    ch.keys(["ticks", "duration_ms", "hasted", "tick_damage", "tick_cost"]);
    const ticks = optNonNeg(ch, "ticks", BOUNDS.count);
    if (typeof ticks === "number" && (!Number.isInteger(ticks) || ticks < 1)) ch.field("ticks").error(`must be an integer >= 1, got ${ticks}`);
    const c: ChannelDecl = {};
    setOpt(c, "ticks", ticks);
    setOpt(c, "duration_ms", optNonNeg(ch, "duration_ms", BOUNDS.ms));
    setOpt(c, "hasted", ch.opt("hasted")?.bool());
    setOpt(c, "tick_cost", optNonNeg(ch, "tick_cost", BOUNDS.amount));
    const td = ch.opt("tick_damage");
    if (td) c.tick_damage = readDamage(td);
    s.channel = c;
  }
  setOpt(s, "cost_bypass_aura", r.opt("cost_bypass_aura")?.ident());
  const mods = r.opt("cast_time_mods");
  if (mods) {
    s.cast_time_mods = mods.array().map((x) => {
      x.keys(["aura", "factor"]);
      return { aura: x.field("aura").ident(), factor: nonNeg(x.field("factor"), BOUNDS.coefficient) };
    });
  }
  const cps = r.opt("cost_per_stack");
  if (cps) {
    cps.keys(["aura", "percent"]);
    s.cost_per_stack = { aura: cps.field("aura").ident(), percent: nonNeg(cps.field("percent"), BOUNDS.amount) };
  }
  const fin = r.opt("finisher");
  if (fin) {
    fin.keys(["resource", "max_points", "aura", "aura_ms_per_point", "max_points_mods"]);
    const f: NonNullable<SpellDecl["finisher"]> = { resource: fin.field("resource").ident() };
    setOpt(f, "max_points", optNonNeg(fin, "max_points", BOUNDS.count));
    setOpt(f, "aura", fin.opt("aura")?.ident());
    setOpt(f, "aura_ms_per_point", optNonNeg(fin, "aura_ms_per_point", BOUNDS.ms));
    const mp = fin.opt("max_points_mods");
    if (mp) f.max_points_mods = mp.array().map((y) => {
      y.keys(["if_talent", "amount"]);
      return { if_talent: y.field("if_talent").ident(), amount: nonNeg(y.field("amount"), BOUNDS.count) };
    });
    s.finisher = f;
  }
  setOpt(s, "estimated", readEstimates(r));
  return s;
}

const BUFF_TYPES = [
  "damage_mult", "damage_mult_school", "damage_mult_spells", "haste", "crit", "mastery", "versatility", "primary_stat", "primary_stat_pct",
  "pet_attack_speed", "pet_damage_mult", "cleave", "attack_speed",
] as const;

function readBuffEffect(r: JsonReader): BuffEffectDecl {
  r.keys(["type", "value", "effect", "school", "spells", "auras", "ops", "additive", "count", "points_mods", "mastery_coef", "per_stack"]);
  const e: BuffEffectDecl = { type: r.field("type").oneOf(BUFF_TYPES) };
  const v = r.opt("value");
  if (v) e.value = numOrRef(v, BOUNDS.amount);
  setOpt(e, "effect", r.opt("effect")?.num({ int: true, min: 1 }));
  setOpt(e, "school", r.opt("school")?.num({ int: true, min: 1 }));
  setOpt(e, "count", optNonNeg(r, "count", BOUNDS.count));
  const spells = r.opt("spells");
  if (spells) e.spells = spells.array().map((x) => x.ident());
  const auras = r.opt("auras");
  if (auras) e.auras = auras.array().map((x) => x.ident());
  const opIds = r.opt("ops");
  if (opIds) e.ops = opIds.array().map((x) => spellId(x));
  setOpt(e, "additive", r.opt("additive")?.bool());
  const mc = r.opt("mastery_coef");
  if (mc) {
    if (e.type !== "damage_mult_spells" || e.additive !== true) mc.error('"mastery_coef" is for additive damage_mult_spells effects (a per-stack percent that mastery raises)');
    e.mastery_coef = nonNeg(mc, BOUNDS.masteryCoefficient);
  }
  setOpt(e, "per_stack", r.opt("per_stack")?.bool());
  const pm = r.opt("points_mods");
  if (pm) {
    if (r.opt("effect") === undefined || r.opt("value") !== undefined) pm.error('"points_mods" adds to the base points of "effect": it needs "effect" and no "value"');
    e.points_mods = pm.array().map((x) => {
      x.keys(["if_talent", "amount", "per_rank"]);
      const mod: { if_talent: string; amount: NumOrRef; per_rank?: boolean } = { if_talent: x.field("if_talent").ident(), amount: numOrRef(x.field("amount"), BOUNDS.amount) };
      const perRank = x.opt("per_rank")?.bool();
      if (perRank !== undefined) mod.per_rank = perRank;
      return mod;
    });
  }
  if (e.value === undefined && e.effect === undefined) r.error('needs "value" or "effect" (base points from data)');
  if (e.type === "damage_mult_school" && e.school === undefined) r.field("school");
  if (e.type === "damage_mult_spells" && !e.spells?.length && !e.auras?.length && !e.ops?.length) {
    r.error('damage_mult_spells needs a non-empty "spells", "auras" or "ops" list');
  }
  if (e.type !== "damage_mult_spells" && (e.auras || e.ops || e.additive !== undefined || e.per_stack !== undefined)) r.error('"auras", "ops", "additive" and "per_stack" belong to damage_mult_spells');
  if (e.additive === true && e.per_stack === false) r.error('"additive" and "per_stack": false exclude each other');
  if (e.type === "cleave" && e.count === undefined) r.field("count");
  return e;
}

function readAura(r: JsonReader): AuraDecl {
  r.keys([
    "name", "id", "target", "talent", "duration_ms", "stacking", "max_stacks", "refresh", "tick_period_ms", "hasted_ticks", "tick_may_crit",
    "tick_damage", "tick_gain", "effects", "residual", "applies_to_pets", "snapshot", "on_tick", "on_expire", "at_pull", "at_combat_start", "comment", "estimated",
    "duration_mods", "mirror_hits",
    "unavailable",
  ]);
  const unavailable = readUnavailable(r);
  if (unavailable !== undefined) {
    return {
      name: r.field("name").ident(), id: spellId(r.field("id")), target: "player", stacking: false, refresh: "duration", effects: [],
      applies_to_pets: false, snapshot: false, on_tick: [], on_expire: [], residual: false, at_pull: false, unavailable,
    };
  }
  const a: AuraDecl = {
    name: r.field("name").ident(),
    id: spellId(r.field("id")),
    target: r.opt("target")?.oneOf(["player", "pet", "target"] as const) ?? "player",
    stacking: r.opt("stacking")?.bool() ?? false,
    refresh: r.opt("refresh")?.oneOf(["duration", "pandemic", "extend"] as const) ?? "duration",
    effects: r.opt("effects")?.array().map(readBuffEffect) ?? [],
    applies_to_pets: r.opt("applies_to_pets")?.bool() ?? false,
    snapshot: r.opt("snapshot")?.bool() ?? false,
    on_tick: ops(r.opt("on_tick")),
    on_expire: ops(r.opt("on_expire")),
    residual: r.opt("residual")?.bool() ?? false,
    at_pull: r.opt("at_pull")?.bool() ?? false,
  };
  if (r.opt("at_combat_start")?.bool() === true) a.at_combat_start = true;
  const mirror = optNonNeg(r, "mirror_hits", BOUNDS.coefficient);
  if (mirror !== undefined) {
    if (a.target !== "target") r.error('"mirror_hits" belongs to a target aura ("target": "target")');
    a.mirror_hits = mirror;
  }
  setOpt(a, "talent", optTalent(r));
  setOpt(a, "duration_ms", optNonNeg(r, "duration_ms", BOUNDS.ms));
  const dm = r.opt("duration_mods");
  if (dm) {
    a.duration_mods = dm.array().map((x) => {
      x.keys(["if_talent", "ms"]);
      return { if_talent: x.field("if_talent").ident(), ms: nonNeg(x.field("ms"), BOUNDS.ms) };
    });
  }
  setOpt(a, "max_stacks", optNonNeg(r, "max_stacks", BOUNDS.count));
  if (a.max_stacks !== undefined && !a.stacking && (typeof a.max_stacks !== "number" || a.max_stacks > 1)) r.at("stacking").error("max_stacks needs stacking: true");
  setOpt(a, "tick_period_ms", optNonNeg(r, "tick_period_ms", BOUNDS.ms));
  setOpt(a, "hasted_ticks", r.opt("hasted_ticks")?.bool());
  setOpt(a, "tick_may_crit", r.opt("tick_may_crit")?.bool());
  const td = r.opt("tick_damage");
  if (td) a.tick_damage = readDamage(td);
  const tg = r.opt("tick_gain");
  if (tg) {
    tg.keys(["resource", "amount"]);
    a.tick_gain = { resource: tg.field("resource").ident(), amount: nonNeg(tg.field("amount"), BOUNDS.amount) };
  }
  setOpt(a, "estimated", readEstimates(r));
  return a;
}

function readProc(r: JsonReader): ProcDecl {
  r.keys(["name", "id", "talent", "trigger", "chance", "rppm", "rppm_haste_scales", "spells", "auras", "crit_only", "non_crit_only", "periodic_only", "skip_periodic", "ops", "comment", "estimated"]);
  const p: ProcDecl = {
    name: r.field("name").ident(),
    id: spellId(r.field("id")),
    trigger: r.field("trigger").oneOf(["impact", "cast", "rppm"] as const),
    rppm_haste_scales: r.opt("rppm_haste_scales")?.bool() ?? false,
    spells: r.opt("spells")?.array().map((x) => x.ident()) ?? [],
    auras: r.opt("auras")?.array().map((x) => x.ident()) ?? [],
    crit_only: r.opt("crit_only")?.bool() ?? false,
    non_crit_only: r.opt("non_crit_only")?.bool() ?? false,
    periodic_only: r.opt("periodic_only")?.bool() ?? false,
    skip_periodic: r.opt("skip_periodic")?.bool() ?? false,
    ops: ops(r.field("ops")),
  };
  setOpt(p, "talent", optTalent(r));
  const c = r.opt("chance");
  if (c) {
    const v = numOrRef(c, BOUNDS.coefficient);
    if (typeof v === "number" && (v < 0 || v > 1)) c.error(`chance must be in [0, 1], got ${v}`);
    p.chance = v;
  }
  const rppm = r.opt("rppm");
  setOpt(p, "rppm", rppm ? bounded(rppm, BOUNDS.rppm, { min: 0 }) : undefined);
  if (p.periodic_only && p.skip_periodic) r.error("periodic_only and skip_periodic exclude each other");
  if (p.crit_only && p.non_crit_only) r.error("crit_only and non_crit_only exclude each other");
  if (p.ops.length === 0) r.field("ops").error("a proc needs at least one op");
  setOpt(p, "estimated", readEstimates(r));
  return p;
}

function readPet(r: JsonReader): PetDecl {
  r.keys(["name", "permanent", "spell", "duration_ms", "ap_ratio", "attacks", "talent", "timed_group", "casts", "comment", "estimated"]);
  const p: PetDecl = {
    name: r.field("name").ident(),
    permanent: r.opt("permanent")?.bool() ?? false,
    timed_group: r.opt("timed_group")?.bool() ?? false,
    ap_ratio: r.opt("ap_ratio") ? bounded(r.field("ap_ratio"), BOUNDS.coefficient, { min: 0 }) : 1,
    attacks: r.field("attacks").array().map((a) => {
      a.keys(["name", "spell", "interval_ms", "ap_coef", "sp_coef", "school"]);
      const spellR = a.opt("spell");
      const spell = spellR ? bounded(spellR, BOUNDS.spellId, { int: true, min: 0 }) : 0;
      // without a spell there is no cooldown to default to
      const interval = spell === 0 ? nonNeg(a.field("interval_ms"), BOUNDS.ms) : optNonNeg(a, "interval_ms", BOUNDS.ms);
      if (typeof interval === "number" && interval < 100) a.field("interval_ms").error(`must be >= 100 ms, got ${interval}`);
      const attack: PetDecl["attacks"][number] = {
        name: a.field("name").ident(),
        spell,
        school: a.opt("school")?.num({ int: true, min: 1 }) ?? 1,
      };
      // exactly one coefficient: attack power (ap_coef) or the owner's spell power (sp_coef)
      const spR = a.opt("sp_coef");
      if (spR && a.opt("ap_coef")) spR.error("give ap_coef or sp_coef, not both");
      if (spR) attack.sp_coef = nonNeg(spR, BOUNDS.coefficient);
      else attack.ap_coef = nonNeg(a.field("ap_coef"), BOUNDS.coefficient);
      setOpt(attack, "interval_ms", interval);
      return attack;
    }),
  };
  setOpt(p, "spell", r.opt("spell") ? spellId(r.field("spell")) : undefined);
  setOpt(p, "duration_ms", optNonNeg(r, "duration_ms", BOUNDS.ms));
  setOpt(p, "casts", optNonNeg(r, "casts", BOUNDS.count));
  if (p.casts !== undefined && !p.timed_group) r.field("casts").error("casts needs timed_group: true");
  if (p.timed_group && p.permanent) r.field("timed_group").error("a permanent pet cannot be a timed group");
  setOpt(p, "talent", optTalent(r));
  if (!p.permanent && p.spell === undefined && p.duration_ms === undefined) r.error('a non-permanent pet needs "spell" or "duration_ms"');
  setOpt(p, "estimated", readEstimates(r));
  return p;
}

/** Spec slugs are kebab-case file names ("beast-mastery"). */
function specSlug(r: JsonReader): string {
  const s = r.str();
  if (!/^[a-z][a-z0-9-]*$/.test(s)) r.error(`expected a kebab-case spec slug, got ${JSON.stringify(s)}`);
  return s;
}

function uniqueNames(list: readonly { name: string }[], r: JsonReader): void {
  const seen = new Set<string>();
  list.forEach((x, i) => {
    if (seen.has(x.name)) r.array()[i]!.field("name").error(`duplicate name "${x.name}"`);
    seen.add(x.name);
  });
}

/**
 * Validate a parsed manifest (or its JSON text). `file` names the source in every error.
 * Checks, in order: JSON syntax, `schema_version` (MANIFEST_SCHEMA_VERSION on mismatch, before any
 * other field so an old file fails with the version message), every field's type, unknown fields,
 * duplicate names, and that every name an op/proc/spell refers to is declared (MANIFEST_UNKNOWN_NAME).
 */
/** A manifest expression's name: snake_case parts joined by dots (`stealthed.rogue`, `howl_summon.ready`). */
const EXPRESSION_NAME = /^[a-z_][a-z0-9_]*(\.[a-z0-9_]+)*$/;

export function validateManifest(json: unknown, file: string): Manifest {
  const fail = (path: string, detail: string): never => {
    throw new ManifestError("INVALID_MANIFEST", file, path, detail);
  };
  const value = typeof json === "string" ? parseJsonText(json, fail) : json;
  const r = new JsonReader(value, "", fail);
  const sv = r.field("schema_version").num({ int: true });
  if (sv !== SCHEMA_VERSION) {
    throw new ManifestError(
      "MANIFEST_SCHEMA_VERSION",
      file,
      "schema_version",
      `schema_version ${sv} does not match the current manifest schema version ${SCHEMA_VERSION}`,
    );
  }
  r.keys([
    "schema_version", "spec", "spec_id", "primary_stat", "mastery", "resources", "auto_attack", "pets", "spells",
    "auras", "procs", "talents", "hero_tree", "passives", "notes", "expressions", "absent",
  ]);
  const mr = r.field("mastery");
  mr.keys(["spell", "kind", "coefficient", "effect", "school", "spells", "ops", "while_aura", "estimated"]);
  const mastery: Manifest["mastery"] = { spell: spellId(mr.field("spell")), kind: mr.field("kind").oneOf(["uniform", "school", "pet", "none", "spells", "random"] as const) };
  setOpt(mastery, "spells", mr.opt("spells")?.array().map((x) => x.ident()));
  setOpt(mastery, "ops", mr.opt("ops")?.array().map((x) => spellId(x)));
  if (mastery.kind === "spells" && !mastery.spells?.length && !mastery.ops?.length) mr.field("spells").error("kind spells needs `spells` or `ops`: what mastery multiplies");
  const coefficient = mr.opt("coefficient");
  setOpt(mastery, "coefficient", coefficient ? bounded(coefficient, BOUNDS.masteryCoefficient, { min: 0 }) : undefined);
  setOpt(mastery, "effect", mr.opt("effect")?.num({ int: true, min: 1 }));
  setOpt(mastery, "school", mr.opt("school")?.num({ int: true, min: 1 }));
  if (mastery.kind === "school" && mastery.school === undefined) mr.field("school");
  setOpt(mastery, "while_aura", mr.opt("while_aura")?.ident());
  if (mastery.while_aura !== undefined && mastery.kind !== "uniform") mr.field("while_aura").error('"while_aura" gates a uniform mastery: kind must be "uniform"');
  setOpt(mastery, "estimated", readEstimates(mr));

  const resR = r.field("resources");
  const resources = resR.array().map((x): ResourceDecl => {
    x.keys(["name", "power_type", "max", "regen_per_sec", "initial", "haste_scaled", "idle_wake", "max_mods", "regen_mods", "estimated"]);
    const d: ResourceDecl = { name: x.field("name").ident(), power_type: x.field("power_type").num({ int: true, min: 0 }), haste_scaled: x.opt("haste_scaled")?.bool() ?? false };
    const amount = (key: string, min?: number): number | undefined => {
      const f = x.opt(key);
      return f ? bounded(f, BOUNDS.amount, min === undefined ? {} : { min }) : undefined;
    };
    setOpt(d, "max", amount("max", 0));
    setOpt(d, "regen_per_sec", amount("regen_per_sec"));
    setOpt(d, "initial", amount("initial", 0));
    if (x.opt("idle_wake")?.bool()) d.idle_wake = true;
    const mm = x.opt("max_mods");
    if (mm) d.max_mods = mm.array().map((y) => {
      y.keys(["if_talent", "amount"]);
      return { if_talent: y.field("if_talent").ident(), amount: numOrRef(y.field("amount"), BOUNDS.amount) };
    });
    const rm = x.opt("regen_mods");
    if (rm) d.regen_mods = rm.array().map((y) => {
      y.keys(["if_talent", "percent"]);
      return { if_talent: y.field("if_talent").ident(), percent: numOrRef(y.field("percent"), BOUNDS.amount) };
    });
    setOpt(d, "estimated", readEstimates(x));
    return d;
  });
  if (resources.length === 0) resR.error("a spec needs at least one resource");

  let auto_attack: AutoAttackDecl | undefined;
  const ar = r.opt("auto_attack");
  if (ar) {
    ar.keys(["name", "spell", "school", "swing_ms", "weapon_multiplier", "ap_coef", "estimated", "off_hand"]);
    auto_attack = {
      name: ar.field("name").ident(),
      spell: spellId(ar.field("spell")),
      school: ar.opt("school")?.num({ int: true, min: 1 }) ?? 1,
      weapon_multiplier: ar.opt("weapon_multiplier") ? bounded(ar.field("weapon_multiplier"), BOUNDS.coefficient, { min: 0 }) : 1,
    };
    setOpt(auto_attack, "ap_coef", optNonNeg(ar, "ap_coef", BOUNDS.coefficient));
    const swing = ar.opt("swing_ms");
    setOpt(auto_attack, "swing_ms", swing ? bounded(swing, BOUNDS.ms, { min: 100 }) : undefined);
    const oh = ar.opt("off_hand");
    if (oh) {
      oh.keys(["name", "damage_factor"]);
      auto_attack.off_hand = { name: oh.field("name").ident(), damage_factor: nonNeg(oh.field("damage_factor"), BOUNDS.coefficient) };
    }
    setOpt(auto_attack, "estimated", readEstimates(ar));
  }

  const petsR = r.opt("pets");
  const spellsR = r.field("spells");
  const aurasR = r.opt("auras");
  const procsR = r.opt("procs");
  const talentsR = r.opt("talents");
  const m: Manifest = {
    schema_version: sv,
    spec: specSlug(r.field("spec")),
    spec_id: r.field("spec_id").num({ int: true, min: 1 }),
    primary_stat: r.field("primary_stat").oneOf(["agility", "strength", "intellect"] as const),
    mastery,
    resources,
    pets: petsR?.array().map(readPet) ?? [],
    spells: spellsR.array().map(readSpell),
    auras: aurasR?.array().map(readAura) ?? [],
    procs: procsR?.array().map(readProc) ?? [],
    talents:
      talentsR?.array().map((t): TalentDecl => {
        t.keys(["name", "spell", "default", "rank", "modifies"]);
        const d: TalentDecl = { name: t.field("name").ident(), default: t.opt("default")?.bool() ?? false };
        setOpt(d, "spell", t.opt("spell") ? spellId(t.field("spell")) : undefined);
        setOpt(d, "rank", t.opt("rank")?.num({ int: true, min: 1, max: BOUNDS.count.max }));
        const mods = t.opt("modifies");
        if (mods) d.modifies = mods.array().map(readTalentMod);
        return d;
      }) ?? [],
    passives:
      r.opt("passives")?.array().map((x): PassiveDecl => {
        x.keys(["name", "id", "talent", "effects", "comment"]);
        const d: PassiveDecl = {
          name: x.field("name").ident(),
          id: spellId(x.field("id")),
          effects: x.field("effects").array().map((e) => {
            e.keys(["effect", "spells", "auras", "ops", "auto_attack", "rank"]);
            const rank = e.opt("rank")?.num({ int: true, min: 1, max: 10 });
            return {
              ...(rank !== undefined ? { rank } : {}),
              effect: e.field("effect").num({ int: true, min: 1 }),
              spells: e.opt("spells")?.array().map((n) => n.ident()) ?? [],
              auras: e.opt("auras")?.array().map((n) => n.ident()) ?? [],
              ops: e.opt("ops")?.array().map(spellId) ?? [],
              auto_attack: e.opt("auto_attack")?.bool() ?? false,
            };
          }),
        };
        setOpt(d, "talent", x.opt("talent")?.ident());
        setOpt(d, "comment", x.opt("comment")?.str());
        return d;
      }) ?? [],
  };
  if (auto_attack) m.auto_attack = auto_attack;
  setOpt(m, "hero_tree", r.opt("hero_tree")?.ident());
  const notes = r.opt("notes");
  if (notes) m.notes = Object.fromEntries(notes.entries().map(([k, v]) => [k, v.str()]));
  const expressions = r.opt("expressions");
  if (expressions) {
    m.expressions = Object.fromEntries(
      expressions.entries().map(([k, v]) => {
        if (!EXPRESSION_NAME.test(k)) throw new ManifestError("INVALID_MANIFEST", file, `expressions.${k}`, `expression name "${k}" must be dot-separated snake_case parts (e.g. "stealthed.rogue")`);
        const text = v.str();
        if (text.trim() === "") throw new ManifestError("INVALID_MANIFEST", file, `expressions.${k}`, "empty expression");
        return [k, text];
      }),
    );
  }
  const absent = r.opt("absent");
  if (absent) m.absent = readAbsent(absent, file);

  uniqueNames(m.resources, resR);
  if (petsR) uniqueNames(m.pets, petsR);
  uniqueNames(m.spells, spellsR);
  if (aurasR) uniqueNames(m.auras, aurasR);
  if (procsR) uniqueNames(m.procs, procsR);
  if (talentsR) uniqueNames(m.talents, talentsR);
  const passivesR = r.opt("passives");
  if (passivesR) uniqueNames(m.passives, passivesR);
  checkReferences(m, file);
  checkAbsent(m, file);
  return m;
}

/** An absent name must not also be declared as what it claims not to exist (a spell, aura or talent). */
function checkAbsent(m: Manifest, file: string): void {
  const declared: Record<AbsentKind, readonly { name: string }[]> = { spell: m.spells, aura: m.auras, talent: m.talents };
  for (const [name, a] of Object.entries(m.absent ?? {})) {
    if (declared[a.kind].some((d) => d.name === name)) {
      throw new ManifestError("INVALID_MANIFEST", file, `absent.${name}`, `"${name}" is declared absent (${a.kind}) and also in ${a.kind === "talent" ? "talents" : `${a.kind}s`}: a name is either modelled or absent`);
    }
  }
}

/** Every name used must be declared; the error names the JSON path of the use. */
function checkReferences(m: Manifest, file: string): void {
  const names = {
    spell: new Set(m.spells.map((s) => s.name)),
    aura: new Set(m.auras.map((a) => a.name)),
    pet: new Set(m.pets.map((p) => p.name)),
    resource: new Set(m.resources.map((r) => r.name)),
    talent: new Set(m.talents.map((t) => t.name)),
  };
  if (m.auto_attack) names.spell.add(m.auto_attack.name);
  if (m.auto_attack?.off_hand) names.spell.add(m.auto_attack.off_hand.name);
  const need = (kind: keyof typeof names, name: string | undefined, path: string): void => {
    if (name !== undefined && !names[kind].has(name)) {
      throw new ManifestError("MANIFEST_UNKNOWN_NAME", file, path, `unknown ${kind} "${name}"`);
    }
  };
  // reduce_cooldown_per_point reads the points the cast whose hook runs spent: a finisher's own on_cast only
  const perPointOutsideFinisher = (list: Op[], base: string): void =>
    list.forEach((op, k) => {
      const p = `${base}[${k}]`;
      if (op.op === "reduce_cooldown_per_point") throw new ManifestError("INVALID_MANIFEST", file, p, "reduce_cooldown_per_point belongs in a finisher's own on_cast (it reads the combo points that cast spent)");
      if (op.op === "if_aura" || op.op === "if_no_aura") perPointOutsideFinisher(op.ops, `${p}.ops`);
    });
  need("aura", m.mastery.while_aura, "mastery.while_aura");
  if (m.mastery.while_aura !== undefined && m.auras.find((a) => a.name === m.mastery.while_aura)?.target !== "player") {
    throw new ManifestError("INVALID_MANIFEST", file, "mastery.while_aura", `aura "${m.mastery.while_aura}" must be a player aura (target "player"): the mastery gate reads the player's aura`);
  }
  const checkOps = (list: Op[], base: string): void =>
    list.forEach((op, i) => {
      const p = `${base}[${i}]`;
      need("talent", op.if_talent, `${p}.if_talent`);
      switch (op.op) {
        case "apply_aura":
        case "remove_aura":
          need("aura", op.aura, `${p}.aura`);
          if (op.op === "apply_aura" && m.auras.some((a) => a.name === op.aura && a.unavailable !== undefined)) {
            throw new ManifestError("INVALID_MANIFEST", file, `${p}.aura`, `aura "${op.aura}" is unavailable (no data record): nothing can apply it`);
          }
          break;
        case "gain":
          need("resource", op.resource, `${p}.resource`);
          break;
        case "stacks_to_resource":
          need("aura", op.aura, `${p}.aura`);
          need("resource", op.resource, `${p}.resource`);
          break;
        case "reduce_cooldown":
          need("spell", op.spell, `${p}.spell`);
          need("aura", op.if_aura, `${p}.if_aura`);
          break;
        case "reset_cooldown":
        case "add_charge":
        case "reduce_cooldown_per_point":
          need("spell", op.spell, `${p}.spell`);
          break;
        case "random_auras":
          op.auras.forEach((a, k) => need("aura", a, `${p}.auras[${k}]`));
          need("aura", op.bump_aura, `${p}.bump_aura`);
          break;
        case "damage":
          need("pet", op.pet, `${p}.pet`);
          break;
        case "summon_pet":
          need("pet", op.pet, `${p}.pet`);
          break;
        case "damage_per_stack":
          need("aura", op.aura, `${p}.aura`);
          op.crit_mods?.forEach((x, k) => need("talent", x.if_talent, `${p}.crit_mods[${k}].if_talent`));
          break;
        case "consume_pets":
          need("pet", op.pet, `${p}.pet`);
          if (!m.pets.some((x) => x.name === op.pet && x.timed_group)) throw new ManifestError("INVALID_MANIFEST", file, `${p}.pet`, `pet "${op.pet}" is not a timed_group`);
          checkOps(op.ops, `${p}.ops`);
          break;
        case "if_aura":
        case "if_no_aura":
          need("aura", op.aura, `${p}.aura`);
          checkOps(op.ops, `${p}.ops`);
          break;
        case "bank_damage":
          need("aura", op.aura, `${p}.aura`);
          if (!m.auras.some((a) => a.name === op.aura && a.residual)) throw new ManifestError("INVALID_MANIFEST", file, `${p}.aura`, `aura "${op.aura}" is not residual`);
          break;
        case "spread_bank":
          need("aura", op.aura, `${p}.aura`);
          if (!m.auras.some((a) => a.name === op.aura && a.residual && a.target === "target")) throw new ManifestError("INVALID_MANIFEST", file, `${p}.aura`, `aura "${op.aura}" is not a residual aura on the target`);
          op.share_mods?.forEach((d, k) => need("talent", d.if_talent, `${p}.share_mods[${k}].if_talent`));
          op.count_mods?.forEach((d, k) => need("talent", d.if_talent, `${p}.count_mods[${k}].if_talent`));
          break;
      }
    });
  m.pets.forEach((p, i) => need("talent", p.talent, `pets[${i}].talent`));
  m.mastery.spells?.forEach((x, i) => need("spell", x, `mastery.spells[${i}]`));
  m.talents.forEach((t, i) => t.modifies?.forEach((x, k) => need("spell", x.spell, `talents[${i}].modifies[${k}].spell`)));
  m.spells.forEach((s, i) => {
    need("talent", s.talent, `spells[${i}].talent`);
    need("resource", s.resource, `spells[${i}].resource`);
    need("pet", s.damage?.pet, `spells[${i}].damage.pet`);
    s.damage?.crit_health?.forEach((h, k) => need("talent", h.if_talent, `spells[${i}].damage.crit_health[${k}].if_talent`));
    need("talent", s.damage?.extra_targets?.if_talent, `spells[${i}].damage.extra_targets.if_talent`);
    s.damage?.extra_targets?.fraction_mods?.forEach((d, k) => need("talent", d.if_talent, `spells[${i}].damage.extra_targets.fraction_mods[${k}].if_talent`));
    need("pet", s.channel?.tick_damage?.pet, `spells[${i}].channel.tick_damage.pet`);
    need("talent", s.channel?.tick_damage?.extra_targets?.if_talent, `spells[${i}].channel.tick_damage.extra_targets.if_talent`);
    s.channel?.tick_damage?.extra_targets?.fraction_mods?.forEach((d, k) => need("talent", d.if_talent, `spells[${i}].channel.tick_damage.extra_targets.fraction_mods[${k}].if_talent`));
    need("aura", s.cost_bypass_aura, `spells[${i}].cost_bypass_aura`);
    s.cast_time_mods?.forEach((m, k) => need("aura", m.aura, `spells[${i}].cast_time_mods[${k}].aura`));
    if (s.cost_per_stack) need("aura", s.cost_per_stack.aura, `spells[${i}].cost_per_stack.aura`);
    need("aura", s.cost_aura, `spells[${i}].cost_aura`);
    need("resource", s.finisher?.resource, `spells[${i}].finisher.resource`);
    need("aura", s.finisher?.aura, `spells[${i}].finisher.aura`);
    s.finisher?.max_points_mods?.forEach((d, k) => need("talent", d.if_talent, `spells[${i}].finisher.max_points_mods[${k}].if_talent`));
    checkOps(s.on_cast, `spells[${i}].on_cast`);
    if (!s.finisher) perPointOutsideFinisher(s.on_cast, `spells[${i}].on_cast`);
  });
  m.resources.forEach((r, i) => {
    r.max_mods?.forEach((d, k) => need("talent", d.if_talent, `resources[${i}].max_mods[${k}].if_talent`));
    r.regen_mods?.forEach((d, k) => need("talent", d.if_talent, `resources[${i}].regen_mods[${k}].if_talent`));
  });
  m.auras.forEach((a, i) => {
    need("talent", a.talent, `auras[${i}].talent`);
    need("pet", a.tick_damage?.pet, `auras[${i}].tick_damage.pet`);
    need("resource", a.tick_gain?.resource, `auras[${i}].tick_gain.resource`);
    a.effects.forEach((e, j) => {
      e.points_mods?.forEach((d, k) => need("talent", d.if_talent, `auras[${i}].effects[${j}].points_mods[${k}].if_talent`));
      e.spells?.forEach((s, k) => need("spell", s, `auras[${i}].effects[${j}].spells[${k}]`));
      e.auras?.forEach((x, k) => need("aura", x, `auras[${i}].effects[${j}].auras[${k}]`));
    });
    a.duration_mods?.forEach((d, k) => need("talent", d.if_talent, `auras[${i}].duration_mods[${k}].if_talent`));
    checkOps(a.on_tick, `auras[${i}].on_tick`);
    checkOps(a.on_expire, `auras[${i}].on_expire`);
    perPointOutsideFinisher(a.on_tick, `auras[${i}].on_tick`);
    perPointOutsideFinisher(a.on_expire, `auras[${i}].on_expire`);
  });
  m.passives.forEach((p, i) => {
    need("talent", p.talent, `passives[${i}].talent`);
    p.effects.forEach((e, j) => {
      e.spells.forEach((s, k) => need("spell", s, `passives[${i}].effects[${j}].spells[${k}]`));
      e.auras.forEach((a, k) => need("aura", a, `passives[${i}].effects[${j}].auras[${k}]`));
    });
  });
  m.procs.forEach((p, i) => {
    need("talent", p.talent, `procs[${i}].talent`);
    p.spells.forEach((s, k) => need("spell", s, `procs[${i}].spells[${k}]`));
    p.auras.forEach((a, k) => need("aura", a, `procs[${i}].auras[${k}]`));
    if (p.auras.length > 0 && p.trigger !== "impact") throw new ManifestError("INVALID_MANIFEST", file, `procs[${i}].auras`, "only impact procs can name auras (their ticks are hits)");
    p.auras.forEach((a, k) => {
      if (m.auras.some((x) => x.name === a && x.tick_damage === undefined))
        throw new ManifestError("INVALID_MANIFEST", file, `procs[${i}].auras[${k}]`, `aura "${a}" has no tick_damage: its ticks are no hits`);
    });
    checkOps(p.ops, `procs[${i}].ops`);
    perPointOutsideFinisher(p.ops, `procs[${i}].ops`);
  });
}

/** `absent`: name → { kind, reason, source } (docs/manifests.md "absent"). */
function readAbsent(r: JsonReader, file: string): Record<string, AbsentDecl> {
  return Object.fromEntries(
    r.entries().map(([name, x]) => {
      if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new ManifestError("INVALID_MANIFEST", file, `absent.${name}`, `absent name "${name}" must be a snake_case name (as the rotation spells it)`);
      x.keys(["kind", "reason", "source"]);
      const text = (k: string): string => {
        const v = x.field(k).str();
        if (v.trim() === "") x.at(k).error("must not be empty: say why the name is absent and cite where it comes from");
        return v;
      };
      const decl: AbsentDecl = { kind: x.field("kind").oneOf(["aura", "spell", "talent"] as const), reason: text("reason"), source: text("source") };
      return [name, decl];
    }),
  );
}
