// Per-spec manifest: which spells, auras, procs, pets and hooks a spec has (spec "What the service
// does": the manifest supplies behaviour; any number it leaves out is resolved from game data; a value
// it gives wins). This file holds the JSON schema (as TypeScript types). Resolution against spell records lives in resolve.ts.
//
// Numbers that may come from game data are optional. Where the data holds them only as an effect's
// base points (e.g. Cobra Shot's "reduce Kill Command by 1 s"), the manifest can point at that value
// with a DataRef instead of copying it: `{ "spell": 193455, "effect": 2, "scale": 1000 }` =
// SpellEffect(193455, effect 2).base_points * 1000. Effect indices in manifests are 1-based, as in the
// resolver's get_spell_effect (spec field contract 2).

// The validator is split by concern beside this file: read-fields.ts (shared field readers),
// read-ops.ts (ops and damage), read-decls.ts (spells, auras, procs, pets), validate.ts (the manifest
// as a whole) and references.ts (every name used is declared). Re-exported here so imports stay put.
export { SCHEMA_VERSION, validateManifest } from "./validate.js";
export { walkPath } from "./read-fields.js";

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

/** A resource whose maximum / regeneration the mastery raises (Savant 190740 effects 1 / 4: mana): the
 *  named effects of the mastery spell give percent per mastery point (their EffectBonusCoefficient). */
export interface MasteryResourceDecl {
  resource: string;
  max_effect?: number;
  regen_effect?: number;
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
  | { op: "gain"; resource: string; amount: NumOrRef; per_target?: boolean; percent_of_max?: boolean; if_talent?: string }
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
  /** Talents that raise the maximum stacks: each taken talent adds its amount once (Fan the Hammer: Opportunity +5). */
  max_stacks_mods?: { if_talent: string; amount: NumOrRef }[];
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
  mastery: { spell: number; kind: MasteryKind; coefficient?: number; effect?: number; school?: number; spells?: string[]; ops?: number[]; while_aura?: string; resources?: MasteryResourceDecl[]; estimated?: Estimates };
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
