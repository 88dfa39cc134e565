// SpecImage: the compiled, flat description of one spec + run configuration that the wasm engine
// (assembly/engine/) runs. ENGINE-HOST builds it from manifest + game data + profile; `encodeImage`
// turns it into the flat f64/i32 buffers the wasm loader reads (layout: docs/engine-image.md).
//
import { CombatsimError } from "../errors.js";
import type { ChannelTable } from "../rotation/channel.js";

// Conventions (every field below follows them unless its comment says otherwise):
// - Times are integer MILLISECONDS (`...Ms`).
// - Stats are PERCENT POINTS (25 = 25 %), like the spec's combat stats.
// - Probabilities (`chance`) are FRACTIONS in [0, 1].
// - Multipliers are FACTORS (1.1 = +10 %).
// - Cross references are 0-based INDICES into the arrays of this image (spell index, aura index, ...),
//   never game ids; `-1`/absent means "none". Game ids are kept only for reporting (`SpellImage.id`).

/** Damage school bit masks (SpellSchool): physical 1, holy 2, fire 4, nature 8, frost 16, shadow 32, arcane 64;
 * 128 = bleed (engine flag, not a game school: 129 = a physical Bleed: armor applies to school 1 only, so a
 * bleed ignores it, and a mastery / damage_mult_school mask can select bleeds, e.g. Potent Assassin 8 | 128). */
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
  /** Percent points added to the crit chance of this entry (100 = always crits, e.g. Fire Blast). Default 0. */
  critBonus?: number;
  /**
   * Always crits while the target's health (the linear model of `target.health.pct`) is strictly above
   * this percent (Firestarter: 90). Absent: no such rule. Not for pet entries.
   */
  critAboveHealth?: number;
  /** Always crits while the target's health is strictly below this percent (the Scorch talent: 30). */
  critBelowHealth?: number;
  /** Factor on the crit chance before critBonus is added (Improved Shatter: 1.5). Default 1. Not for pet entries. */
  critMult?: number;
  /** x (1 + the caster's crit chance) (Chaos Bolt; header slots 99/100, assembly/engine/crit-scaled.ts). Not for pet entries. */
  critChanceScales?: boolean;
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
  /**
   * The channel also runs pipeline steps 6 (start cooldowns) and 10 (spell hook) when it starts — a game
   * channel with a cooldown (Rapid Fire). Default false: the contract's channel skips steps 5-13.
   */
  castSteps?: boolean;
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
  /** Cast-time modifiers: while `aura` is up the cast bar is multiplied by `factor` (0 = instant); several multiply. */
  castTimeMods?: { aura: number; factor: number }[];
  /** Primary cost x (1 + perStack x the aura's stacks) when checked and paid (header 79/80, stack-cost.ts). */
  costPerStack?: { aura: number; perStack: number };
  /**
   * Combo-point finisher: at step 3 the cost2 resource is spent whole, min(floor(current), maxPoints)
   * points (cost2 is the minimum to cast); the spell's own damage is multiplied by the points spent, and
   * `aura`, when applied during this cast, lasts its duration + points x msPerPoint.
   */
  finisher?: { maxPoints: number; aura?: number; msPerPoint?: number };
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
  /**
   * An aura paid as a cost (e.g. Hot Streak for the instant Pyroblast): the spell is castable only while
   * it is up, and one stack is consumed at step 3 with the resources — before the damage and its procs.
   */
  costAura?: number;
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
  | { type: "damageMultSpellsAdditive"; value: number; spells: number[]; /** percent points per mastery point added per stack (code 15) */ masteryCoef?: number } // 1 + (factor - 1) × stacks on those spells' damage
  | { type: "damageMultSpellsOnce"; value: number; spells: number[] } // factor once while up, whatever the stacks (Tip of the Spear)
  | { type: "cleave"; value: number; count: number } // single-target physical hits hit `count` more targets at `value` × damage
  | { type: "damageMultStacking"; initial: number; perStack: number } // initial × perStack^(stacks-1)
  | { type: "attackSpeed"; value: number }; // player auto attack speed +value % per stack (swing time ÷ (1 + value/100)^stacks)

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
  /**
   * Residual damage (Ignite): ticks deal the damage banked by `bankDamage` ops, spread evenly over the
   * ticks left (no crit roll or modifiers again: the banked amount is already final damage). Needs
   * tickPeriodMs > 0 and tickDamage (only its `spell` is used, for attribution).
   */
  residual?: boolean;
}

/** Op codes of hook/proc op lists (docs/engine-image.md "Op lists"). */
export type Op =
  | { op: "applyAura"; aura: number; stacks?: number }
  | { op: "consumeAura"; aura: number; stacks?: number } // stacks 0/absent = remove
  | { op: "gainResource"; resource: number; amount: number }
  | { op: "reduceCooldown"; spell: number; ms: number }
  | { op: "resetCooldown"; spell: number }
  // perPoint: the hit × the combo points the current finisher cast spent (a finisher's extra hits);
  // masteryScale b > 0: the hit x (1 + mastery points x b) (a coefficient that grows with mastery: Main Gauche)
  | { op: "dealDamage"; damage: number; perPoint?: boolean; masteryScale?: number }
  // the aura's stacks are stored points: gain as many as fit under the resource's max, removing those stacks
  | { op: "stacksToResource"; aura: number; resource: number }
  // amount × the run's target count (an AoE ability's gain per enemy hit)
  | { op: "gainPerTarget"; resource: number; amount: number }
  | { op: "schedule"; delayMs: number; list: number }
  | { op: "rollRppm"; tracker: number; list: number }
  | { op: "procChance"; chance: number; list: number }
  | { op: "ifAura"; aura: number; list: number; minStacks?: number }
  | { op: "ifNotAura"; aura: number; list: number }
  | { op: "summonPet"; pet: number; durationMs: number } // 0 = permanent
  | { op: "dismissPet"; pet: number }
  // remove up to `max` instances of a timed pet group (the first to end) and run `list` once per instance
  | { op: "consumePets"; pet: number; max: number; list: number }
  // Impact-proc context (the hit that fired the proc; outside a proc: not a crit, amount 0):
  | { op: "ifCrit"; crit: boolean; list: number } // run `list` if the hit's crit result equals `crit`
  // bank (fraction + (masteryScaled ? mastery% x coefficient / 100 : 0)) x hit damage into a residual aura, (re)applying it
  | { op: "bankDamage"; aura: number; fraction: number; masteryScaled?: boolean; /** false: only into the aura while it is up, never (re)applying it (code 20) */ apply?: boolean }
  // one hit of `damage` x min(stacks of `aura`, maxStacks) (aura -1: x maxStacks); 0 stacks: no hit
  | { op: "dealDamagePerStack"; damage: number; aura: number; maxStacks: number }
  // random aura set (assembly/engine/random-auras.ts): weights[i] = P(i + 1 auras come up); tiers: the first k
  // in order, subset: k distinct at random; bumpAura (optional) when up adds one and is consumed
  | { op: "randomAuras"; auras: number[]; weights: number[]; mode: "subset" | "tiers"; bumpAura?: number }
  // reduce the spell's cooldown by msPerPoint x the combo points the current finisher cast spent (its own hook)
  | { op: "reduceCooldownPerPoint"; spell: number; msPerPoint: number };

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
  /**
   * A timed group (timed-pets.ts): each summon is one instance with its own expiry; the number is the
   * instance's cast budget (attacks before it ends; 0 = only its duration). Absent: a plain pet.
   */
  timedCasts?: number;
}

export interface AutoAttackImage {
  /** Player melee damage entry (kind ap with weaponMultiplier > 0 for the weapon roll). */
  damage: number;
  swingMs: number;
  weaponMin: number;
  weaponMax: number;
  /** Dual wield: off-hand damage entry, swinging on its own timer at swingMs (the same weapon roll). */
  offHandDamage?: number;
}

export type RotationImage =
  | { kind: "priority"; entries: ({ spell: number; condition?: "none" } | { waitMs: number })[] }
  | {
      kind: "bytecode";
      code: Int32Array;
      constants: Float64Array;
      /** Spell indices the rotation can cast (CompiledRotation.spells). Optional: lets the engine skip an
       * OffGcdReady when none of the off-GCD ones is castable (a whole rotation evaluation per GCD). */
      spells?: number[];
      /** Spells cast by entries that choose their target (target_if / cycle_targets: CompiledRotation.targetSpells):
       * the target-owned auras they apply spread over the targets (warnings.targets). Not encoded. */
      targetSpells?: number[];
      /** Channel decisions (src/rotation/channel.ts): header 63-64 and a pool table. */
      channels?: ChannelTable;
      /** The code has use_while_casting casts (OP_CASTW): header 68 = 1, the engine decides during cast bars. */
      whileCasting?: boolean;
      /** CompiledRotation.castOnly (header 103; needs `spells`): with none of `spells` castable the
       * rotation's answer is None, so an idle player is woken only when one of them is castable. */
      castOnly?: boolean;
    };

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
  /** spells: only the damage entries reported as `spells` (Executioner: finishers; header 91-92). */
  kind: "none" | "uniform" | "school" | "spells" | "random";
  /** random: the mastery multiplier is 1 + h, and each hit adds a uniform draw in [0, h] (assembly/engine/mastery-random.ts). */
  coefficient: number;
  /** school kind: school bit mask that mastery multiplies. */
  school?: number;
  /** Mastery also multiplies pet damage (e.g. Beast Mastery). */
  appliesToPets?: boolean;
  /** spells kind: spell indices (as damage entries report them) that mastery multiplies. */
  spells?: number[];
  /** uniform kind: the mastery multiplies damage only while this aura (index) is up — engine kind 3 (mastery-gate.ts). */
  whileAura?: number;
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
  /** Index of the aura applied at t = 0 of every iteration (raid buff: Bloodlust); absent = none. */
  pullAura?: number;
  /** Auras applied at t = 0 of every iteration after the pull aura (timers started on entering combat). */
  combatStartAuras?: number[];
  /** The hit-mirror target aura (Havoc; header 101, assembly/engine/hit-mirror.ts); absent = none. */
  mirrorAura?: number;
  /** Its share of the mirrored hit (header 102), in [0, 1]. */
  mirrorFraction?: number;
  /**
   * Fight length variation: every iteration lasts round(durationMs × (1 + varyLength × (2u − 1))) ms, u
   * uniform from the iteration's seed (assembly/engine/fight.ts; docs/fights.md). In [0, 1); default 0 =
   * every iteration lasts durationMs.
   */
  varyLength?: number;
  /**
   * Target health (assembly/engine/health.ts; docs/fights.md "Target health"): health per ms of the
   * iteration's drawn length; the enemies' shared pool is this × the drawn length and the iteration ends
   * when the damage dealt reaches it (at the latest at 2 × the drawn length). Absent / 0 = time-based.
   */
  healthPerMs?: number;
  /**
   * Movement windows (fight style `movement`; assembly/engine/raid-events.ts, docs/fights.md): window k
   * covers [firstMs + k × periodMs, + durationMs). Absent = the player never moves. durationMs < periodMs.
   */
  movement?: { firstMs: number; periodMs: number; durationMs: number };
}

export interface SpecImage {
  name: string;
  run: RunConfig;
  /** An idle player (nothing castable) is asked again when regeneration covers a rotation spell's cost (header 87). */
  regenWake?: boolean;
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

// ======================================================================================
// Encoder: SpecImage -> flat buffers (docs/engine-image.md "Binary layout")
// ======================================================================================


/** A SpecImage that cannot be run: `path` names the offending field (e.g. `spells[3].applyAura`). */
export class ImageError extends CombatsimError {
  readonly path: string;
  constructor(imageName: string, path: string, detail: string) {
    super("ENGINE_IMAGE_INVALID", `spec image "${imageName}": ${path}: ${detail}`);
    this.path = path;
  }
}

/** The flat form written into wasm memory. */
export interface EncodedImage {
  f64: Float64Array;
  i32: Int32Array;
  /** Dense pool indices chosen for the raw ids (for diagnostics). */
  locks: number[];
  categoryPools: number[];
  chargePools: { key: string; maxCharges: number; rechargeMs: number }[];
}

export const HEADER_F64 = 108;
const SECTION_ORDER = [
  "resources", "spells", "auras", "effects", "damage", "cdr", "ops", "opLists", "procs", "rppm", "pets",
  "chargePools", "pool", "rotationConstants",
] as const;
const STRIDE = {
  resources: 8, spells: 40, auras: 24, effects: 4, damage: 12, cdr: 5, ops: 4, opLists: 2, procs: 8, rppm: 4, pets: 4,
  chargePools: 2, pool: 1, rotationConstants: 1,
} as const;
/** Max entities per kind (12-bit event argument with one flag bit). */
export const MAX_IMAGE_INDEX = 2047;

const OP_CODES: Record<Op["op"], number> = {
  applyAura: 1, consumeAura: 2, gainResource: 3, reduceCooldown: 4, resetCooldown: 5, dealDamage: 6, schedule: 7,
  rollRppm: 8, procChance: 9, ifAura: 10, ifNotAura: 11, summonPet: 12, dismissPet: 13, ifCrit: 14, bankDamage: 15, consumePets: 28,
  dealDamagePerStack: 22,
  stacksToResource: 26, gainPerTarget: 27,
  randomAuras: 24, reduceCooldownPerPoint: 4,
};
/** dealDamage with a masteryScale: op 25 (assembly/engine/layout.ts OP_DEAL_DAMAGE_MASTERY). */
const OP_DEAL_DAMAGE_MASTERY = 25;
/** Largest random-aura pool (assembly/engine/random-auras.ts RA_MAX_POOL). */
const RANDOM_AURAS_MAX = 16;
/** damageMultSpellsAdditive with a mastery coefficient (layout.ts E_DMG_MULT_SPELLS_ADD_MASTERY). */
const E_DMG_MULT_SPELLS_ADD_MASTERY = 15;
/** bankDamage with apply false (layout.ts OP_BANK_INTO). */
const OP_BANK_INTO = 20;
const EFFECT_CODES: Record<BuffEffect["type"], number> = {
  haste: 0, crit: 1, mastery: 2, versatility: 3, primaryStat: 4, damageMult: 5, damageMultSchool: 6,
  damageMultSpells: 7, cleave: 8, damageMultStacking: 9, damageMultSpellsAdditive: 10, damageMultSpellsOnce: 11, attackSpeed: 21,
};
const RESOURCE_MODELS: Record<ResourceModel, number> = { generic: 0, mana: 1, energy: 2, rage: 3 };
const AOE_CODES: Record<AoeMode, number> = { single: 0, all: 1, split: 2, chain: 3, sqrt: 4 };
const KIND_CODES: Record<DamageKind, number> = { flat: 0, ap: 1, sp: 2 };
const REFRESH_CODES: Record<RefreshMode, number> = { refresh: 0, pandemic: 1, extend: 2, none: 3 };
const OWNER_CODES: Record<AuraOwner, number> = { player: 0, target: 1, pet: 2 };
const CDR_CODES: Record<CdrCondition, number> = { always: 0, procChance: 1, whileAuraActive: 2, resetWhileAura: 3 };

/** Validates `image` and encodes it; throws ImageError naming the first bad field. */
export function encodeImage(image: SpecImage): EncodedImage {
  const name = typeof image?.name === "string" ? image.name : "?";
  const fail = (path: string, detail: string): never => {
    throw new ImageError(name, path, detail);
  };
  const num = (v: unknown, path: string, opts: { min?: number; max?: number; int?: boolean; def?: number } = {}): number => {
    if (v === undefined && opts.def !== undefined) return opts.def;
    if (typeof v !== "number" || !Number.isFinite(v)) fail(path, `expected a finite number, got ${String(v)}`);
    const n = v as number;
    if (opts.int && !Number.isInteger(n)) fail(path, `expected an integer, got ${n}`);
    if (opts.min !== undefined && n < opts.min) fail(path, `must be >= ${opts.min}, got ${n}`);
    if (opts.max !== undefined && n > opts.max) fail(path, `must be <= ${opts.max}, got ${n}`);
    return n;
  };
  const bool = (v: unknown, path: string, def: boolean): number => {
    if (v === undefined) return def ? 1 : 0;
    if (typeof v !== "boolean") fail(path, `expected a boolean, got ${String(v)}`);
    return v ? 1 : 0;
  };
  const arr = <T>(v: T[] | undefined, path: string, required: boolean): T[] => {
    if (v === undefined && !required) return [];
    if (!Array.isArray(v)) fail(path, "expected an array");
    if ((v as T[]).length > MAX_IMAGE_INDEX) fail(path, `at most ${MAX_IMAGE_INDEX} entries, got ${(v as T[]).length}`);
    return v as T[];
  };
  const code = <K extends string>(table: Record<K, number>, v: unknown, path: string, def?: K): number => {
    if (v === undefined && def !== undefined) return table[def];
    if (typeof v !== "string" || !(v in table)) fail(path, `expected one of ${Object.keys(table).join(", ")}, got ${String(v)}`);
    return table[v as K];
  };

  if (image === null || typeof image !== "object") fail("$", "expected an object");
  const resources = arr(image.resources, "resources", true);
  const spells = arr(image.spells, "spells", true);
  const auras = arr(image.auras, "auras", true);
  const damage = arr(image.damage, "damage", true);
  const opLists = arr(image.opLists, "opLists", true);
  const procs = arr(image.procs, "procs", false);
  const rppm = arr(image.rppm, "rppm", false);
  const pets = arr(image.pets, "pets", false);
  const castHooks = arr(image.castHooks, "castHooks", false);

  const idx = (v: unknown, n: number, path: string, what: string, optional = true): number => {
    if (v === undefined || v === -1) {
      if (optional) return -1;
      fail(path, `required ${what} index missing`);
    }
    const i = num(v, path, { int: true, min: 0 });
    if (i >= n) fail(path, `${what} index ${i} out of range (have ${n})`);
    return i;
  };
  const spellIdx = (v: unknown, p: string, opt = true) => idx(v, spells.length, p, "spell", opt);
  const auraIdx = (v: unknown, p: string, opt = true) => idx(v, auras.length, p, "aura", opt);
  const dmgIdx = (v: unknown, p: string, opt = true) => idx(v, damage.length, p, "damage", opt);
  const listIdx = (v: unknown, p: string, opt = true) => idx(v, opLists.length, p, "op list", opt);
  const resIdx = (v: unknown, p: string, opt = true) => idx(v, resources.length, p, "resource", opt);

  // sections
  const sec: Record<(typeof SECTION_ORDER)[number], number[]> = {
    resources: [], spells: [], auras: [], effects: [], damage: [], cdr: [], ops: [], opLists: [], procs: [], rppm: [],
    pets: [], chargePools: [], pool: [], rotationConstants: [],
  };
  const rec = (s: keyof typeof STRIDE, values: number[]) => {
    const stride = STRIDE[s];
    if (values.length > stride) throw new Error(`internal: ${s} record has ${values.length} > ${stride} values`);
    sec[s].push(...values, ...new Array<number>(stride - values.length).fill(0));
  };
  const poolList = (values: number[]): number => {
    const start = sec.pool.length;
    sec.pool.push(...values);
    return start;
  };

  // run config + stats
  const run = image.run;
  if (run === null || typeof run !== "object") fail("run", "expected an object");
  const durationMs = num(run.durationMs, "run.durationMs", { int: true, min: 1, max: 2 ** 40 });
  const targets = num(run.targets, "run.targets", { int: true, min: 1, max: 1000 });
  // every target has its own instance of each target-owned aura (assembly/engine/targets.ts); instances
  // are numbered like auras, in the event's 11-bit argument
  const targetAuras = auras.filter((a) => a !== null && typeof a === "object" && a.owner === "target").length;
  const instances = auras.length + (targets - 1) * targetAuras;
  if (instances > MAX_IMAGE_INDEX) {
    fail("run.targets", `${targets} targets x ${targetAuras} target-owned auras (+ ${auras.length - targetAuras} others) make ${instances} aura instances; at most ${MAX_IMAGE_INDEX}`);
  }
  const targetArmor = num(run.targetArmor, "run.targetArmor", { min: 0 });
  const armorK = num(run.armorK, "run.armorK", { min: 0 });
  const incoming = num(run.incomingDamagePerSec, "run.incomingDamagePerSec", { min: 0, def: 0 });
  const pullAura = num(run.pullAura, "run.pullAura", { int: true, min: -1, max: (image.auras?.length ?? 0) - 1, def: -1 });
  const startAuras = run.combatStartAuras ?? [];
  if (!Array.isArray(startAuras)) fail("run.combatStartAuras", "expected an array of aura indices");
  startAuras.forEach((x, i) => num(x, `run.combatStartAuras[${i}]`, { int: true, min: 0, max: (image.auras?.length ?? 0) - 1 }));
  const mirrorAura = run.mirrorAura === undefined ? -1 : num(run.mirrorAura, "run.mirrorAura", { int: true, min: 0, max: (image.auras?.length ?? 0) - 1 });
  const mirrorFraction = mirrorAura < 0 ? 0 : num(run.mirrorFraction, "run.mirrorFraction", { min: 0, max: 1 });
  const varyLength = num(run.varyLength, "run.varyLength", { min: 0, def: 0 });
  const move = run.movement;
  if (move !== undefined) {
    for (const k of ["firstMs", "periodMs", "durationMs"] as const) num(move[k], `run.movement.${k}`, { min: 0 });
    if (!(move.periodMs > 0 && move.durationMs > 0 && move.durationMs < move.periodMs)) fail("run.movement", `expected 0 < durationMs < periodMs, got ${move.durationMs} and ${move.periodMs}`);
  }
  if (varyLength >= 1) fail("run.varyLength", `expected a fraction in [0, 1), got ${varyLength}`);
  const healthPerMs = num(run.healthPerMs, "run.healthPerMs", { min: 0, def: 0 });
  const st = image.stats;
  if (st === null || typeof st !== "object") fail("stats", "expected an object");
  const m = image.mastery;
  if (m === null || typeof m !== "object") fail("mastery", "expected an object");
  const masteryBaseKind = code({ none: -1, uniform: 0, school: 1, spells: 7, random: 9 }, m.kind, "mastery.kind");
  // kind 3: uniform, gated by an aura (header slot 75 = aura index + 1)
  const masteryGate = m.whileAura === undefined ? -1 : num(m.whileAura, "mastery.whileAura", { int: true, min: 0, max: (image.auras?.length ?? 0) - 1 });
  if (masteryGate >= 0 && masteryBaseKind !== 0) fail("mastery.whileAura", "only a uniform mastery can be gated by an aura");
  const masteryKind = masteryGate >= 0 ? 3 : masteryBaseKind;

  // resources
  resources.forEach((r, i) => {
    const p = `resources[${i}]`;
    const model = code(RESOURCE_MODELS, r.model, `${p}.model`);
    const max = num(r.max, `${p}.max`, { min: 0 });
    const defRegen = r.model === "mana" ? 0.02 * max : r.model === "energy" ? 10 : 0;
    let regen = num(r.regenPerSec, `${p}.regenPerSec`, { min: 0, def: defRegen });
    const perTaken = num(r.ragePerDamageTaken, `${p}.ragePerDamageTaken`, { min: 0, def: 0 });
    if (r.model === "rage") regen += incoming * perTaken; // damage taken as a steady stream, accrued lazily like regen
    const initial = num(r.initial, `${p}.initial`, { min: 0, max, def: r.model === "rage" ? 0 : max });
    rec("resources", [
      model, max, initial, regen, bool(r.hasteScaled, `${p}.hasteScaled`, r.model === "energy"),
      num(r.ragePerDamageDealt, `${p}.ragePerDamageDealt`, { min: 0, def: 0 }), perTaken,
    ]);
  });

  // damage entries
  damage.forEach((d, i) => {
    const p = `damage[${i}]`;
    rec("damage", [
      spellIdx(d.spell, `${p}.spell`, false), code(KIND_CODES, d.kind, `${p}.kind`), num(d.base, `${p}.base`),
      num(d.coefficient, `${p}.coefficient`), num(d.weaponMultiplier, `${p}.weaponMultiplier`, { min: 0, def: 0 }),
      num(d.school, `${p}.school`, { int: true, min: 1, max: 255 }), code(AOE_CODES, d.aoe, `${p}.aoe`, "single"),
      num(d.maxTargets, `${p}.maxTargets`, { int: true, min: 0, def: 0 }),
      num(d.aoeParam, `${p}.aoeParam`, { min: 0, def: d.aoe === "chain" ? 1 : d.aoe === "sqrt" ? 5 : 0 }),
      idx(d.pet, pets.length, `${p}.pet`, "pet"), bool(d.canCrit, `${p}.canCrit`, true),
      num(d.critBonus, `${p}.critBonus`, { min: 0, def: 0 }),
    ]);
  });
  // health-gated crit rules (header 61/62): entry, above (100 = none), below (0 = none)
  const healthCrit: number[] = [];
  damage.forEach((d, i) => {
    const p = `damage[${i}]`;
    if (d.critAboveHealth === undefined && d.critBelowHealth === undefined) return;
    if (d.pet !== undefined && d.pet !== -1) fail(`${p}.pet`, "a health-gated crit rule is for player damage only");
    healthCrit.push(
      i,
      num(d.critAboveHealth, `${p}.critAboveHealth`, { min: 0, max: 100, def: 100 }),
      num(d.critBelowHealth, `${p}.critBelowHealth`, { min: 0, max: 100, def: 0 }),
    );
  });

  // crit-chance multipliers (header 83/84): entry, factor
  const critMult: number[] = [];
  damage.forEach((d, i) => {
    const p = `damage[${i}]`;
    if (d.critMult === undefined) return;
    if (d.pet !== undefined && d.pet !== -1) fail(`${p}.pet`, "a crit-chance multiplier is for player damage only");
    critMult.push(i, num(d.critMult, `${p}.critMult`, { min: 0 }));
  });
  // crit-scaled entries (header 99/100): damage entry indices
  const critScaled: number[] = [];
  damage.forEach((d, i) => {
    if (!bool(d.critChanceScales, `damage[${i}].critChanceScales`, false)) return;
    if (d.pet !== undefined && d.pet !== -1) fail(`damage[${i}].pet`, "a crit-scaled hit is for player damage only");
    critScaled.push(i);
  });

  // cooldown pools (raw ids -> dense indices)
  const locks = new Map<number, number>();
  const cats = new Map<number, number>();
  const charges = new Map<string, number>();
  const chargeInfo: EncodedImage["chargePools"] = [];
  const cdrRecs: number[][] = [];
  spells.forEach((s, i) => {
    const p = `spells[${i}]`;
    if (s === null || typeof s !== "object") fail(p, "expected an object");
    const known = bool(s.known, `${p}.known`, true);
    const srCat = num(s.startRecoveryCategory, `${p}.startRecoveryCategory`, { int: true, min: 0 });
    const srMs = num(s.startRecoveryMs, `${p}.startRecoveryMs`, { min: 0 });
    let lock = -1;
    if (srCat > 0) {
      if (!locks.has(srCat)) locks.set(srCat, locks.size);
      lock = locks.get(srCat)!;
    }
    const catId = num(s.categoryId, `${p}.categoryId`, { int: true, min: 0, def: 0 });
    const catMs = num(s.categoryRecoveryMs, `${p}.categoryRecoveryMs`, { min: 0, def: 0 });
    let cat = -1;
    if (catId > 0 && catMs > 0) {
      if (!cats.has(catId)) cats.set(catId, cats.size);
      cat = cats.get(catId)!;
    }
    const recovery = num(s.recoveryMs, `${p}.recoveryMs`, { min: 0, def: 0 });
    const chargeId = num(s.chargeCategoryId, `${p}.chargeCategoryId`, { int: true, min: 0, def: 0 });
    const maxCharges = num(s.maxCharges, `${p}.maxCharges`, { int: true, min: 0, def: 0 });
    let chargePool = -1;
    if (chargeId > 0 || maxCharges > 1) {
      const key = chargeId > 0 ? `category:${chargeId}` : `spell:${i}`;
      const mc = Math.max(1, maxCharges);
      const rech = num(s.chargeRecoveryMs, `${p}.chargeRecoveryMs`, { min: 1 });
      const existing = charges.get(key);
      if (existing === undefined) {
        charges.set(key, chargeInfo.length);
        chargeInfo.push({ key, maxCharges: mc, rechargeMs: rech });
      } else {
        const c = chargeInfo[existing]!;
        if (c.maxCharges !== mc || c.rechargeMs !== rech) {
          fail(p, `charge category ${chargeId} disagrees with an earlier spell (maxCharges ${c.maxCharges} vs ${mc}, chargeRecoveryMs ${c.rechargeMs} vs ${rech})`);
        }
      }
      chargePool = charges.get(key)!;
    }
    const amount = (a: ResourceAmount | undefined, path: string): [number, number] => {
      if (a === undefined) return [-1, 0];
      return [resIdx(a.resource, `${path}.resource`, false), num(a.amount, `${path}.amount`, { min: 0 })];
    };
    const [costRes, cost] = amount(s.cost, `${p}.cost`);
    const [cost2Res, cost2] = amount(s.cost2, `${p}.cost2`);
    const [gainRes, gain] = amount(s.gain, `${p}.gain`);
    const [gain2Res, gain2] = amount(s.gain2, `${p}.gain2`);
    const ch = s.channel;
    let chv = [0, 0, 0, 0, 0, -1];
    if (ch !== undefined) {
      const cp = `${p}.channel`;
      chv = [
        1, num(ch.durationMs, `${cp}.durationMs`, { min: 1 }), num(ch.ticks, `${cp}.ticks`, { int: true, min: 1, max: 1000 }),
        bool(ch.hasted, `${cp}.hasted`, true), num(ch.tickCost, `${cp}.tickCost`, { min: 0, def: 0 }),
        dmgIdx(ch.tickDamage, `${cp}.tickDamage`),
      ];
      if ((ch.tickCost ?? 0) > 0 && costRes < 0) fail(`${cp}.tickCost`, "a per-tick cost needs spells[].cost.resource");
    }
    const cdr = arr(s.cdr, `${p}.cdr`, false);
    const cdrStart = cdrRecs.length;
    cdr.forEach((c, j) => {
      const cp = `${p}.cdr[${j}]`;
      const cond = code(CDR_CODES, c.condition, `${cp}.condition`);
      cdrRecs.push([
        cond, spellIdx(c.target, `${cp}.target`, false), num(c.amountMs, `${cp}.amountMs`, { min: 0 }),
        cond === 1 ? num(c.chance, `${cp}.chance`, { min: 0, max: 1 }) : 0,
        cond >= 2 ? auraIdx(c.aura, `${cp}.aura`, false) : -1,
      ]);
    });
    rec("spells", [
      known, num(s.id, `${p}.id`, { int: true }), num(s.castMs, `${p}.castMs`, { min: 0 }), bool(s.castHasted, `${p}.castHasted`, true),
      lock, srMs, bool(s.gcdHasted, `${p}.gcdHasted`, srCat === GCD_START_RECOVERY_CATEGORY), recovery, cat, catMs, chargePool,
      costRes, cost, cost2Res, cost2, gainRes, gain, gain2Res, gain2, auraIdx(s.costBypassAura, `${p}.costBypassAura`),
      ...chv, dmgIdx(s.damage, `${p}.damage`), auraIdx(s.applyAura, `${p}.applyAura`),
      num(s.applyStacks, `${p}.applyStacks`, { int: true, min: 1, def: 1 }), cdrStart, cdr.length,
      listIdx(s.hook, `${p}.hook`), auraIdx(s.breaksStealthAura, `${p}.breaksStealthAura`),
      auraIdx(s.costAura, `${p}.costAura`),
    ]);
  });
  // Spell-record tail slots (read by offset in assembly/engine/cast-table.ts): 37 channel cast steps,
  // stack-scaled costs (header 79/80): spell, aura, fraction added per stack
  const stackCost: number[] = [];
  spells.forEach((s, i) => {
    if (s.costPerStack === undefined) return;
    const p = `spells[${i}].costPerStack`;
    stackCost.push(i, auraIdx(s.costPerStack.aura, `${p}.aura`, false), num(s.costPerStack.perStack, `${p}.perStack`, { min: 0 }));
  });
  // 38-39 cast-time modifier pairs (pool start, count).
  spells.forEach((s, i) => {
    const p = `spells[${i}]`;
    const at = i * STRIDE.spells;
    if (s.channel !== undefined) sec.spells[at + 37] = bool(s.channel.castSteps, `${p}.channel.castSteps`, false);
    const mods = arr(s.castTimeMods, `${p}.castTimeMods`, false);
    if (mods.length) {
      const flat: number[] = [];
      mods.forEach((m, j) => flat.push(auraIdx(m?.aura, `${p}.castTimeMods[${j}].aura`, false), num(m?.factor, `${p}.castTimeMods[${j}].factor`, { min: 0 })));
      sec.spells[at + 38] = poolList(flat);
      sec.spells[at + 39] = mods.length;
    }
    // 34-36 finisher: max points, aura (-1 none), ms per point
    if (s.finisher !== undefined) {
      const fp = `${p}.finisher`;
      if (s.finisher === null || typeof s.finisher !== "object") fail(fp, "expected an object");
      if (s.cost2 === undefined) fail(`${p}.cost2`, "a finisher needs cost2 (the points resource and the minimum spent)");
      sec.spells[at + 34] = num(s.finisher.maxPoints, `${fp}.maxPoints`, { int: true, min: 1, max: 100 });
      sec.spells[at + 35] = auraIdx(s.finisher.aura, `${fp}.aura`);
      sec.spells[at + 36] = num(s.finisher.msPerPoint, `${fp}.msPerPoint`, { min: 0, def: 0 });
      if (s.channel !== undefined) fail(fp, "a channel cannot be a finisher");
    }
  });
  for (const c of cdrRecs) rec("cdr", c);
  for (const c of chargeInfo) rec("chargePools", [c.maxCharges, c.rechargeMs]);

  // auras + effects
  auras.forEach((a, i) => {
    const p = `auras[${i}]`;
    if (a === null || typeof a !== "object") fail(p, "expected an object");
    const effects = arr(a.effects, `${p}.effects`, false);
    const effectsStart = sec.effects.length / STRIDE.effects;
    effects.forEach((e, j) => {
      const ep = `${p}.effects[${j}]`;
      const t = code(EFFECT_CODES, e?.type, `${ep}.type`);
      switch (e.type) {
        case "damageMultSchool":
          rec("effects", [t, num(e.value, `${ep}.value`, { min: 0 }), num(e.school, `${ep}.school`, { int: true, min: 1, max: 255 })]);
          break;
        case "damageMultSpells":
        case "damageMultSpellsAdditive":
        case "damageMultSpellsOnce": {
          const list = arr(e.spells, `${ep}.spells`, true).map((s, k) => spellIdx(s, `${ep}.spells[${k}]`, false));
          if (e.type === "damageMultSpellsAdditive" && e.masteryCoef !== undefined) {
            // E_DMG_MULT_SPELLS_ADD_MASTERY (15): the mastery coefficient rides in the pool slot after the spell list
            const mc = num(e.masteryCoef, `${ep}.masteryCoef`, { min: 0 });
            rec("effects", [E_DMG_MULT_SPELLS_ADD_MASTERY, num(e.value, `${ep}.value`, { min: 0 }), poolList([...list, mc]), list.length]);
            break;
          }
          rec("effects", [t, num(e.value, `${ep}.value`, { min: 0 }), poolList(list), list.length]);
          break;
        }
        case "cleave":
          rec("effects", [t, num(e.value, `${ep}.value`, { min: 0 }), num(e.count, `${ep}.count`, { int: true, min: 0 })]);
          break;
        case "damageMultStacking":
          rec("effects", [t, num(e.initial, `${ep}.initial`, { min: 0 }), num(e.perStack, `${ep}.perStack`, { min: 0 })]);
          break;
        case "damageMult":
          rec("effects", [t, num(e.value, `${ep}.value`, { min: 0 })]);
          break;
        default:
          rec("effects", [t, num(e.value, `${ep}.value`)]);
      }
    });
    const period = num(a.tickPeriodMs, `${p}.tickPeriodMs`, { min: 0, def: 0 });
    const residual = bool(a.residual, `${p}.residual`, false);
    if (residual && (period <= 0 || a.tickDamage === undefined)) fail(`${p}.residual`, "a residual aura needs tickPeriodMs > 0 and tickDamage");
    rec("auras", [
      code(OWNER_CODES, a.owner, `${p}.owner`), num(a.durationMs, `${p}.durationMs`, { int: true, min: 0 }),
      num(a.maxStacks, `${p}.maxStacks`, { int: true, min: 1, def: 1 }), code(REFRESH_CODES, a.refresh, `${p}.refresh`, "refresh"),
      effectsStart, effects.length, bool(a.appliesToPets, `${p}.appliesToPets`, false), period,
      bool(a.tickHasted, `${p}.tickHasted`, true), dmgIdx(a.tickDamage, `${p}.tickDamage`), listIdx(a.tickOps, `${p}.tickOps`),
      bool(a.tickOnApplication, `${p}.tickOnApplication`, false), bool(a.tickMayCrit, `${p}.tickMayCrit`, true),
      bool(a.snapshot, `${p}.snapshot`, false), listIdx(a.onExpire, `${p}.onExpire`), residual,
    ]);
  });

  // op lists
  opLists.forEach((list, i) => {
    const p = `opLists[${i}]`;
    const ops = arr(list, p, true);
    rec("opLists", [sec.ops.length / STRIDE.ops, ops.length]);
    ops.forEach((o, j) => {
      const op = `${p}[${j}]`;
      const c = code(OP_CODES, o?.op, `${op}.op`);
      switch (o.op) {
        case "applyAura":
        case "consumeAura":
          rec("ops", [c, auraIdx(o.aura, `${op}.aura`, false), num(o.stacks, `${op}.stacks`, { int: true, min: 0, def: o.op === "applyAura" ? 1 : 0 })]);
          break;
        case "gainResource":
        case "gainPerTarget":
          rec("ops", [c, resIdx(o.resource, `${op}.resource`, false), num(o.amount, `${op}.amount`, { min: 0 })]);
          break;
        case "reduceCooldown":
          rec("ops", [c, spellIdx(o.spell, `${op}.spell`, false), num(o.ms, `${op}.ms`, { min: 0 })]);
          break;
        case "resetCooldown":
          rec("ops", [c, spellIdx(o.spell, `${op}.spell`, false)]);
          break;
        case "dealDamage": {
          const ms = o.masteryScale === undefined ? 0 : num(o.masteryScale, `${op}.masteryScale`, { min: 0 });
          const pp = bool(o.perPoint, `${op}.perPoint`, false);
          if (ms > 0 && pp) fail(`${op}`, "perPoint and masteryScale cannot be combined");
          // a mastery-grown coefficient is its own op (25): the plain damage op stays one load
          rec("ops", ms > 0 ? [OP_DEAL_DAMAGE_MASTERY, dmgIdx(o.damage, `${op}.damage`, false), ms] : [c, dmgIdx(o.damage, `${op}.damage`, false), pp]);
          break;
        }
        case "stacksToResource":
          rec("ops", [c, auraIdx(o.aura, `${op}.aura`, false), resIdx(o.resource, `${op}.resource`, false)]);
          break;
        case "randomAuras": {
          const list = arr(o.auras, `${op}.auras`, false).map((a, k) => auraIdx(a, `${op}.auras[${k}]`, false));
          if (list.length > RANDOM_AURAS_MAX) fail(`${op}.auras`, `at most ${RANDOM_AURAS_MAX} auras, got ${list.length}`);
          const w = arr(o.weights, `${op}.weights`, false).map((x, k) => num(x, `${op}.weights[${k}]`, { min: 0, max: 1 }));
          if (w.length !== list.length) fail(`${op}.weights`, `one weight per aura count 1..${list.length}, got ${w.length}`);
          const sum = w.reduce((a, b) => a + b, 0);
          if (Math.abs(sum - 1) > 1e-9) fail(`${op}.weights`, `the weights must sum to 1, got ${sum}`);
          const mode = code({ subset: 0, tiers: 1 }, o.mode, `${op}.mode`);
          const bump = o.bumpAura === undefined ? 0 : auraIdx(o.bumpAura, `${op}.bumpAura`, false) + 1;
          rec("ops", [c, poolList([mode, bump, ...list, ...w]), list.length]);
          break;
        }
        case "reduceCooldownPerPoint":
          rec("ops", [c, spellIdx(o.spell, `${op}.spell`, false), num(o.msPerPoint, `${op}.msPerPoint`, { min: 0 }), 1]);
          break;
        case "schedule":
          rec("ops", [c, num(o.delayMs, `${op}.delayMs`, { int: true, min: 0 }), listIdx(o.list, `${op}.list`, false)]);
          break;
        case "rollRppm":
          rec("ops", [c, idx(o.tracker, rppm.length, `${op}.tracker`, "rppm tracker", false), listIdx(o.list, `${op}.list`, false)]);
          break;
        case "procChance":
          rec("ops", [c, num(o.chance, `${op}.chance`, { min: 0, max: 1 }), listIdx(o.list, `${op}.list`, false)]);
          break;
        case "ifAura":
          rec("ops", [c, auraIdx(o.aura, `${op}.aura`, false), listIdx(o.list, `${op}.list`, false), num(o.minStacks, `${op}.minStacks`, { int: true, min: 0, def: 0 })]);
          break;
        case "ifNotAura":
          rec("ops", [c, auraIdx(o.aura, `${op}.aura`, false), listIdx(o.list, `${op}.list`, false)]);
          break;
        case "summonPet":
          rec("ops", [c, idx(o.pet, pets.length, `${op}.pet`, "pet", false), num(o.durationMs, `${op}.durationMs`, { int: true, min: 0 })]);
          break;
        case "dismissPet":
          rec("ops", [c, idx(o.pet, pets.length, `${op}.pet`, "pet", false)]);
          break;
        case "consumePets": {
          const pi = idx(o.pet, pets.length, `${op}.pet`, "pet", false);
          if (pets[pi]?.timedCasts === undefined) fail(`${op}.pet`, `pet ${pi} is not a timed group (timedCasts)`);
          rec("ops", [c, pi, num(o.max, `${op}.max`, { int: true, min: 1 }), listIdx(o.list, `${op}.list`, false)]);
          break;
        }
        case "ifCrit":
          if (typeof o.crit !== "boolean") fail(`${op}.crit`, `expected a boolean, got ${String(o.crit)}`);
          rec("ops", [c, listIdx(o.list, `${op}.list`, false), o.crit ? 1 : 0]);
          break;
        case "bankDamage": {
          const ai = auraIdx(o.aura, `${op}.aura`, false);
          if (auras[ai]?.residual !== true) fail(`${op}.aura`, `aura ${ai} is not residual`);
          // apply false: OP_BANK_INTO (20), the same operands; banks only while the aura is up (Touch of the Magi)
          const code = bool(o.apply, `${op}.apply`, true) ? c : OP_BANK_INTO;
          rec("ops", [code, ai, num(o.fraction, `${op}.fraction`, { min: 0 }), bool(o.masteryScaled, `${op}.masteryScaled`, false)]);
          break;
        }
        case "dealDamagePerStack":
          rec("ops", [
            c, dmgIdx(o.damage, `${op}.damage`, false), o.aura === -1 ? -1 : auraIdx(o.aura, `${op}.aura`, false),
            num(o.maxStacks, `${op}.maxStacks`, { int: true, min: 1 }),
          ]);
          break;
      }
    });
  });

  // impact procs
  procs.forEach((pr, i) => {
    const p = `procs[${i}]`;
    const periodicOnly = bool(pr.periodicOnly, `${p}.periodicOnly`, false);
    const skipPeriodic = bool(pr.skipPeriodic, `${p}.skipPeriodic`, false);
    if (periodicOnly && skipPeriodic) fail(p, "periodicOnly and skipPeriodic are exclusive");
    const filter = pr.spells === undefined ? null : arr(pr.spells, `${p}.spells`, true).map((s, k) => spellIdx(s, `${p}.spells[${k}]`, false));
    const flags = periodicOnly | (skipPeriodic << 1) | (bool(pr.critOnly, `${p}.critOnly`, false) << 2) | (filter ? 8 : 0);
    const fStart = filter ? poolList(filter) : 0;
    rec("procs", [num(pr.chance, `${p}.chance`, { min: 0, max: 1 }), flags, fStart, filter ? filter.length : 0, listIdx(pr.list, `${p}.list`, false)]);
  });
  rppm.forEach((r, i) => {
    const p = `rppm[${i}]`;
    rec("rppm", [num(r.rppm, `${p}.rppm`, { min: 0 }), bool(r.hasteScales, `${p}.hasteScales`, false), bool(r.blpEnabled, `${p}.blpEnabled`, false)]);
  });
  const timedPets: number[] = []; // timed pet groups (timed-pets.ts): pet index, cast budget
  pets.forEach((pt, i) => {
    const p = `pets[${i}]`;
    const melee = dmgIdx(pt.melee, `${p}.melee`, false);
    if (damage[melee]!.pet !== i) fail(`${p}.melee`, `damage[${melee}].pet must be ${i} (pet melee is pet damage)`);
    rec("pets", [melee, num(pt.swingMs, `${p}.swingMs`, { min: 1 }), bool(pt.startsActive, `${p}.startsActive`, false)]);
    if (pt.timedCasts !== undefined) {
      if (pt.startsActive) fail(`${p}.timedCasts`, "a timed pet group cannot be active at t = 0");
      timedPets.push(i, num(pt.timedCasts, `${p}.timedCasts`, { int: true, min: 0 }));
    }
  });
  const hooksStart = poolList(castHooks.map((h, k) => listIdx(h, `castHooks[${k}]`, false)));

  // rotation
  const r = image.rotation;
  let rotKind = 0;
  let rotStart = 0;
  let rotLen = 0;
  let rotSpells: number[] | null = null;
  let rotCastOnly = false;
  let i32: Int32Array = new Int32Array(0);
  let chanTable: number[] | null = null;
  let whileCasting = false;
  // channel table: lineVar, then per slot spell, interrupt pc, early-chain pc, flags (engine: channel-decisions.ts)
  const encodeChannels = (t: ChannelTable, codeLen: number): number[] => {
    const pcOk = (pc: number, f: string) => num(pc, f, { int: true, min: -1, max: codeLen - 1 });
    const out = [num(t.lineVar, "rotation.channels.lineVar", { int: true, min: 0 })];
    t.slots.forEach((c, k) => {
      const p = `rotation.channels.slots[${k}]`;
      out.push(spellIdx(c.spell, `${p}.spell`, false), pcOk(c.interruptPc, `${p}.interruptPc`), pcOk(c.earlyPc, `${p}.earlyPc`), num(c.flags, `${p}.flags`, { int: true, min: 0, max: 7 }));
    });
    return out;
  };
  if (r === null || typeof r !== "object") fail("rotation", "expected an object");
  if (r.kind === "priority") {
    const entries = arr(r.entries, "rotation.entries", true);
    const flat: number[] = [];
    entries.forEach((e, k) => {
      const p = `rotation.entries[${k}]`;
      if ("waitMs" in e) flat.push(1, num(e.waitMs, `${p}.waitMs`, { int: true, min: 0, max: 2 ** 29 - 1 }));
      else {
        if (e.condition !== undefined && e.condition !== "none") fail(`${p}.condition`, `only "none" is supported by the built-in priority list`);
        flat.push(0, spellIdx(e.spell, `${p}.spell`, false));
      }
    });
    rotStart = poolList(flat);
    rotLen = entries.length;
    rotSpells = flat.filter((_, k) => k % 2 === 1 && flat[k - 1] === 0);
  } else if (r.kind === "bytecode") {
    if (!(r.code instanceof Int32Array) || r.code.length < 8) fail("rotation.code", "expected an Int32Array with the rotation header");
    if (!(r.constants instanceof Float64Array)) fail("rotation.constants", "expected a Float64Array");
    rotKind = 1;
    i32 = r.code;
    sec.rotationConstants.push(...r.constants);
    if (r.channels !== undefined) chanTable = encodeChannels(r.channels, i32.length);
    whileCasting = bool(r.whileCasting, "rotation.whileCasting", false) === 1;
    if (r.spells !== undefined) rotSpells = arr(r.spells, "rotation.spells", true).map((s, k) => spellIdx(s, `rotation.spells[${k}]`, false));
    if (r.castOnly !== undefined && typeof r.castOnly !== "boolean") fail("rotation.castOnly", `expected a boolean, got ${typeof r.castOnly}`);
    if (r.castOnly === true && rotSpells === null) fail("rotation.castOnly", "needs rotation.spells (the spells the rotation can cast)");
    rotCastOnly = r.castOnly === true;
  } else {
    fail("rotation.kind", `expected "priority" or "bytecode", got ${String((r as { kind?: unknown }).kind)}`);
  }

  // auto attack
  const aa = image.autoAttack;
  let aaV = [-1, 0, 0, 0];
  if (aa !== undefined) {
    const wmin = num(aa.weaponMin, "autoAttack.weaponMin", { min: 0 });
    const wmax = num(aa.weaponMax, "autoAttack.weaponMax", { min: wmin });
    const d = dmgIdx(aa.damage, "autoAttack.damage", false);
    if (damage[d]!.pet !== undefined && damage[d]!.pet !== -1) fail("autoAttack.damage", "the player auto attack cannot be pet damage");
    aaV = [d, num(aa.swingMs, "autoAttack.swingMs", { min: 1 }), wmin, wmax];
  }
  // header 60: off-hand damage entry + 1 (0 = none)
  let offHand = 0;
  if (aa !== undefined && aa.offHandDamage !== undefined) {
    const d = dmgIdx(aa.offHandDamage, "autoAttack.offHandDamage", false);
    if (damage[d]!.pet !== undefined && damage[d]!.pet !== -1) fail("autoAttack.offHandDamage", "the player auto attack cannot be pet damage");
    offHand = d + 1;
  }

  // header + sections
  const header = new Array<number>(HEADER_F64).fill(0);
  header.splice(0, 30,
    IMAGE_VERSION, durationMs, targets, targetArmor, armorK, incoming,
    num(st.attackPower, "stats.attackPower", { min: 0 }), num(st.spellPower, "stats.spellPower", { min: 0 }),
    num(st.crit, "stats.crit"), num(st.haste, "stats.haste", { min: -99 }), num(st.mastery, "stats.mastery"),
    num(st.versatility, "stats.versatility"), num(st.critDamageBonus, "stats.critDamageBonus", { def: 0 }),
    masteryKind, num(m.coefficient, "mastery.coefficient", { min: 0 }),
    masteryKind === 1 ? num(m.school, "mastery.school", { int: true, min: 1, max: 255 }) : 0, bool(m.appliesToPets, "mastery.appliesToPets", false),
    ...aaV, locks.get(GCD_START_RECOVERY_CATEGORY) ?? -1, locks.size, cats.size, chargeInfo.length,
    rotKind, rotStart, rotLen, hooksStart, castHooks.length,
  );
  header[30] = rotSpells ? poolList(rotSpells) : 0;
  header[60] = offHand;
  header[75] = masteryGate + 1; // H_MASTERY_GATE_AURA: aura index + 1, 0 = the mastery is never gated
  header[61] = healthCrit.length ? poolList(healthCrit) : 0;
  // 91-92: mastery kind "spells": the spell indices it multiplies (pool start, count)
  if (masteryKind === 7) {
    const list = arr(m.spells, "mastery.spells", true).map((x, k) => spellIdx(x, `mastery.spells[${k}]`, false));
    header[91] = poolList(list);
    header[92] = list.length;
  }
  header[62] = healthCrit.length / 3;
  header[83] = critMult.length ? poolList(critMult) : 0; // H_CRIT_MULT_START / _LEN (crit-mult.ts)
  header[84] = critMult.length / 2;
  // 95-96: timed pet groups (pool list of (pet, cast budget) pairs, count; 0 = none)
  header[95] = timedPets.length ? poolList(timedPets) : 0;
  header[96] = timedPets.length / 2;
  header[79] = stackCost.length ? poolList(stackCost) : 0; // H_STACK_COST_START
  header[80] = stackCost.length / 3; // H_STACK_COST_LEN
  // 63-64: channel-decision table (pool offset, slot count; 0 slots = none)
  if (chanTable !== null && chanTable.length > 1) {
    header[63] = poolList(chanTable);
    header[64] = (chanTable.length - 1) / 4;
  }
  header[65] = pullAura + 1; // H_PULL_AURA: aura index + 1, 0 = none
  // 66-67: auras applied at t = 0 after it (timers started on entering combat): pool list, count
  if (startAuras.length > 0) {
    header[66] = poolList(startAuras);
    header[67] = startAuras.length;
  }
  header[87] = bool(image.regenWake, "regenWake", false); // H_REGEN_WAKE: idle wakes when regeneration covers a rotation spell's cost
  header[101] = mirrorAura + 1; // H_MIRROR_AURA: aura index + 1, 0 = none (hit-mirror.ts)
  header[102] = mirrorFraction; // H_MIRROR_FRACTION
  header[99] = critScaled.length ? poolList(critScaled) : 0; // H_CRIT_SCALED_START
  header[100] = critScaled.length; // H_CRIT_SCALED_LEN
  header[68] = whileCasting ? 1 : 0; // H_CWC: decisions during cast bars (assembly/engine/cast-while-casting.ts)
  header[70] = healthPerMs; // H_HEALTH_RATE: target health per ms of the drawn length (0 = time-based)
  header[105] = move ? Math.round(move.firstMs) : 0; // H_MOVE_FIRST (assembly/engine/raid-events.ts)
  header[106] = move ? Math.round(move.periodMs) : 0; // H_MOVE_PERIOD: 0 = no movement
  header[107] = move ? Math.round(move.durationMs) : 0; // H_MOVE_DURATION
  header[69] = varyLength; // H_VARY_LENGTH: ± fraction of durationMs per iteration (assembly/engine/fight.ts)
  header[31] = rotSpells ? rotSpells.length : -1;
  header[103] = rotCastOnly ? 1 : 0; // H_ROT_CAST_ONLY
  let off = HEADER_F64;
  const parts: number[][] = [header];
  SECTION_ORDER.forEach((s, k) => {
    const data = sec[s];
    header[32 + 2 * k] = off;
    header[32 + 2 * k + 1] = data.length / STRIDE[s];
    parts.push(data);
    off += data.length;
  });
  const f64 = new Float64Array(off);
  let o = 0;
  for (const part of parts) {
    f64.set(part, o);
    o += part.length;
  }
  return { f64, i32, locks: [...locks.keys()], categoryPools: [...cats.keys()], chargePools: chargeInfo };
}
