// SpecImage: the compiled, flat description of one spec + run configuration that the wasm engine
// (assembly/engine/) runs. ENGINE-HOST builds it from manifest + game data + profile; `encodeImage`
// turns it into the flat f64/i32 buffers the wasm loader reads (layout: docs/engine-image.md).
//
// Conventions (every field below follows them unless its comment says otherwise):
// - Times are integer MILLISECONDS (`...Ms`).
// - Stats are PERCENT POINTS (25 = 25 %), like the spec's combat stats.
// - Probabilities (`chance`) are FRACTIONS in [0, 1].
// - Multipliers are FACTORS (1.1 = +10 %).
// - Cross references are 0-based INDICES into the arrays of this image (spell index, aura index, ...),
//   never game ids; `-1`/absent means "none". Game ids are kept only for reporting (`SpellImage.id`).

/** Damage school bit masks (SpellSchool): physical 1, holy 2, fire 4, nature 8, frost 16, shadow 32, arcane 64. */
export const SCHOOL_PHYSICAL = 1;

/** Index of the start-recovery category that is the ordinary GCD. */
export const GCD_START_RECOVERY_CATEGORY = 133;

/** Engine ABI version written into the image header; the wasm refuses other versions. */
export const IMAGE_VERSION = 1;

export type ResourceModel = "generic" | "mana" | "energy" | "rage";

export interface ResourceImage {
  name: string;
  /**
   * Regeneration model. mana: default regen 2 % of max per second, not haste-scaled. energy: default
   * 10/s, haste-scaled (× (1 + haste/100)). rage: no passive regen; gains from damage dealt
   * (`ragePerDamageDealt` per point of player damage) and taken (`ragePerDamageTaken` per point of
   * `RunConfig.incomingDamagePerSec`, accrued lazily like regen). generic: exactly the given fields.
   */
  model: ResourceModel;
  max: number;
  /** Value at t = 0 (default: max for mana/energy/generic, 0 for rage). */
  initial?: number;
  /** Points per second; overrides the model default. */
  regenPerSec?: number;
  /** Regen scales with haste; overrides the model default (energy true, others false). */
  hasteScaled?: boolean;
  ragePerDamageDealt?: number;
  ragePerDamageTaken?: number;
}

/** Amount of one resource (index into SpecImage.resources). */
export interface ResourceAmount {
  resource: number;
  amount: number;
}

export type DamageKind = "flat" | "ap" | "sp";
/** AoE per-target multiplier: single (1 target), all (each target × 1), split (÷ n), chain (param^i), sqrt (n > param ⇒ × sqrt(param/n)). */
export type AoeMode = "single" | "all" | "split" | "chain" | "sqrt";

/** A spell-like damage entry: used by spells, DoT ticks, channel ticks, procs (DEAL_DAMAGE), auto attacks. */
export interface DamageEntry {
  /** Spell index the damage is attributed to in the per-spell breakdown (may be a non-castable spell). */
  spell: number;
  /** flat: `base` only; ap: base + coefficient × attack power; sp: base + coefficient × spell power. */
  kind: DamageKind;
  base: number;
  coefficient: number;
  /** > 0: add the player weapon roll × this (player auto attack and weapon strikes). Pets ignore it. */
  weaponMultiplier?: number;
  /** School bit mask (1 = physical; armor applies to physical only). */
  school: number;
  aoe?: AoeMode;
  /** Targets hit by AoE modes (capped by RunConfig.targets). Default: all targets. */
  maxTargets?: number;
  /** chain: per-jump factor (0..1]; sqrt: the target cap before falloff. */
  aoeParam?: number;
  /** Pet damage: tagged, summed separately, never fires player impact procs, always single target. */
  pet?: number;
  /** Crit allowed (default true; DoT ticks use the aura's tickMayCrit). */
  canCrit?: boolean;
}

export type CdrCondition = "always" | "procChance" | "whileAuraActive" | "resetWhileAura";

/** Cast pipeline step 9: cooldown-reduction effect of a spell. */
export interface CdrEffect {
  condition: CdrCondition;
  /** Spell index whose cooldown is reduced / reset. */
  target: number;
  /** Reduction in ms (ignored for resetWhileAura). */
  amountMs: number;
  /** procChance: fraction in [0, 1]. */
  chance?: number;
  /** whileAuraActive / resetWhileAura: aura index that must be up. */
  aura?: number;
}

export interface ChannelImage {
  /** Channel length in ms (un-hasted; divided by 1 + haste/100 at channel start when `hasted`). */
  durationMs: number;
  /** Number of ticks, evenly spaced; the last one lands at the channel end. */
  ticks: number;
  hasted?: boolean;
  /** Primary-resource cost paid per tick (the cast itself pays no primary cost). A tick that cannot be paid ends the channel. */
  tickCost?: number;
  /** Damage per tick (periodic hit). */
  tickDamage?: number;
}

export interface SpellImage {
  /** Game spell id (reporting only). */
  id: number;
  name: string;
  /** false: the spell is unknown to the engine (placeholder): a cast of it logs UNKNOWN_SPELL_CAST. Default true. */
  known?: boolean;
  /** Cast bar in ms (0 = instant). Divided by 1 + haste/100 when castHasted (default true). */
  castMs: number;
  castHasted?: boolean;
  /** start_recovery_category (raw id; 0 = no lock, 133 = the GCD). */
  startRecoveryCategory: number;
  /** start_recovery_time in ms (the lock duration). */
  startRecoveryMs: number;
  /** GCD lock divided by 1 + haste/100 (floor 750 ms) when true; default true for category 133, else false. */
  gcdHasted?: boolean;
  /** Own cooldown (recovery_time), ms; 0 = none. */
  recoveryMs?: number;
  /** category_id (raw, 0 = none) and its shared cooldown in ms. */
  categoryId?: number;
  categoryRecoveryMs?: number;
  /** charge_category_id (raw, 0 = none): shared charge pool. A spell with maxCharges > 1 and no charge category gets a private pool. */
  chargeCategoryId?: number;
  chargeRecoveryMs?: number;
  maxCharges?: number;
  /** Primary and secondary cost (pipeline step 3). */
  cost?: ResourceAmount;
  cost2?: ResourceAmount;
  gain?: ResourceAmount;
  gain2?: ResourceAmount;
  /** While this aura is up the primary cost is 0. */
  costBypassAura?: number;
  channel?: ChannelImage;
  /** Index into SpecImage.damage (pipeline step 7). */
  damage?: number;
  /** Aura applied at step 8, with `applyStacks` stacks (default 1). */
  applyAura?: number;
  applyStacks?: number;
  cdr?: CdrEffect[];
  /** Spell-specific post-cast hook (step 10): op-list index. */
  hook?: number;
  /** Step 12: this aura (stealth) expires when the spell is cast. */
  breaksStealthAura?: number;
}

export type AuraOwner = "player" | "target" | "pet";
/** refresh: remaining = duration; pandemic: remaining = min(remaining + duration, 1.3 × duration); extend: remaining + duration; none: keep remaining. */
export type RefreshMode = "refresh" | "pandemic" | "extend" | "none";

export type BuffEffect =
  | { type: "haste"; value: number } // percent points per stack
  | { type: "crit"; value: number }
  | { type: "mastery"; value: number } // mastery percent points (before the mastery coefficient)
  | { type: "versatility"; value: number }
  | { type: "primaryStat"; value: number } // added to attack power and spell power per stack
  | { type: "damageMult"; value: number } // factor^stacks on all damage
  | { type: "damageMultSchool"; value: number; school: number } // factor^stacks on hits whose school mask intersects
  | { type: "damageMultSpells"; value: number; spells: number[] } // factor^stacks on damage attributed to these spell indices
  | { type: "cleave"; value: number; count: number } // single-target physical hits hit `count` more targets at `value` × damage
  | { type: "damageMultStacking"; initial: number; perStack: number }; // initial × perStack^(stacks-1)

export interface AuraImage {
  name: string;
  owner: AuraOwner;
  /** Duration in ms; 0 = permanent until consumed. */
  durationMs: number;
  maxStacks?: number;
  refresh?: RefreshMode;
  effects?: BuffEffect[];
  /** Player-owned aura effects also apply to pet damage (e.g. Bestial Wrath). Target-owned effects apply to all damage on the target. */
  appliesToPets?: boolean;
  /** Periodic: base period in ms (0 = none), rescheduled with live haste at every tick when tickHasted (default true). */
  tickPeriodMs?: number;
  tickHasted?: boolean;
  /** Damage entry index dealt per tick (periodic hit). */
  tickDamage?: number;
  /** Op list run at every tick. */
  tickOps?: number;
  tickOnApplication?: boolean;
  /** Default true. */
  tickMayCrit?: boolean;
  /** Snapshot AP, SP, crit, versatility and mastery at application for ticks. */
  snapshot?: boolean;
  /** Op list run whenever the aura is removed (expiry or consumed). */
  onExpire?: number;
}

/** Op codes of hook/proc op lists (docs/engine-image.md "Op lists"). */
export type Op =
  | { op: "applyAura"; aura: number; stacks?: number }
  | { op: "consumeAura"; aura: number; stacks?: number } // stacks 0/absent = remove
  | { op: "gainResource"; resource: number; amount: number }
  | { op: "reduceCooldown"; spell: number; ms: number }
  | { op: "resetCooldown"; spell: number }
  | { op: "dealDamage"; damage: number }
  | { op: "schedule"; delayMs: number; list: number }
  | { op: "rollRppm"; tracker: number; list: number }
  | { op: "procChance"; chance: number; list: number }
  | { op: "ifAura"; aura: number; list: number; minStacks?: number }
  | { op: "ifNotAura"; aura: number; list: number }
  | { op: "summonPet"; pet: number; durationMs: number } // 0 = permanent
  | { op: "dismissPet"; pet: number };

export interface ImpactProcImage {
  name: string;
  /** Fraction in [0, 1] per eligible impact. */
  chance: number;
  /** Op list run when it fires. */
  list: number;
  /** Spell indices whose hits may trigger it (absent = all). */
  spells?: number[];
  periodicOnly?: boolean;
  skipPeriodic?: boolean;
  critOnly?: boolean;
}

export interface RppmImage {
  name: string;
  /** Procs per minute. */
  rppm: number;
  hasteScales: boolean;
  blpEnabled: boolean;
}

export interface PetImage {
  name: string;
  /** Pet melee damage entry (AP-only, `pet` set to this pet's index). */
  melee: number;
  /** Swing interval in ms (divided by 1 + haste/100). */
  swingMs: number;
  /** Active at t = 0 (the spec's pet flag). */
  startsActive: boolean;
}

export interface AutoAttackImage {
  /** Player melee damage entry (kind ap with weaponMultiplier > 0 for the weapon roll). */
  damage: number;
  swingMs: number;
  weaponMin: number;
  weaponMax: number;
}

export type RotationImage =
  | { kind: "priority"; entries: ({ spell: number; condition?: "none" } | { waitMs: number })[] }
  | { kind: "bytecode"; code: Int32Array; constants: Float64Array };

export interface StatsImage {
  attackPower: number;
  spellPower: number;
  /** Percent points (base 5 included). */
  crit: number;
  haste: number;
  /** Mastery percent points BEFORE the coefficient (resolved = mastery × MasteryImage.coefficient). */
  mastery: number;
  versatility: number;
  /** Crit multiplier = 2 + critDamageBonus/100. */
  critDamageBonus?: number;
}

export interface MasteryImage {
  kind: "none" | "uniform" | "school";
  coefficient: number;
  /** school kind: school bit mask that mastery multiplies. */
  school?: number;
  /** Mastery also multiplies pet damage (e.g. Beast Mastery). */
  appliesToPets?: boolean;
}

export interface RunConfig {
  /** Encounter length in ms: the run ends at the first popped event with t >= durationMs. */
  durationMs: number;
  /** Active enemies (>= 1). */
  targets: number;
  targetArmor: number;
  /** Armor constant K for the target level (expected-stats table); host-computed. */
  armorK: number;
  /** Damage taken per second, for rage from damage taken (default 0). */
  incomingDamagePerSec?: number;
}

export interface SpecImage {
  name: string;
  run: RunConfig;
  stats: StatsImage;
  mastery: MasteryImage;
  resources: ResourceImage[];
  spells: SpellImage[];
  auras: AuraImage[];
  damage: DamageEntry[];
  /** Op lists referenced by index from hooks, procs and other op lists. */
  opLists: Op[][];
  /** Pipeline step 11: op lists run after every cast. */
  castHooks?: number[];
  procs?: ImpactProcImage[];
  rppm?: RppmImage[];
  pets?: PetImage[];
  autoAttack?: AutoAttackImage;
  rotation: RotationImage;
}
