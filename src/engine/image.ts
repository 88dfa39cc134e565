// SpecImage: the compiled, flat description of one spec + run configuration that the wasm engine
// (assembly/engine/) runs. ENGINE-HOST builds it from manifest + game data + profile; `encodeImage`
// (image-encode.ts) turns it into the flat f64/i32 buffers the wasm loader reads (layout: docs/engine-image.md).
//
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

// The encoder and the layout constants live beside this file (one concern each); re-exported so
// `./image.js` stays the one import for the image format.
export { GCD_START_RECOVERY_CATEGORY, HEADER_F64, IMAGE_VERSION, MAX_IMAGE_INDEX } from "./image-layout.js";
export { ImageError, type EncodedImage } from "./image-writer.js";
export { encodeImage } from "./image-encode.js";

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
  // share x the current target's undealt bank of a residual target aura onto up to `count` other enemies (code 29, bank-spread.ts)
  | { op: "spreadBank"; aura: number; share: number; count: number }
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
  /** Reaction time and latency (header 89, assembly/engine/reaction.ts; docs/fights.md); absent = off. */
  reaction?: ReactionImage;
  /**
   * Movement windows (fight style `movement`; header 105, assembly/engine/raid-events.ts, docs/fights.md):
   * window k covers [firstMs + k × periodMs, + durationMs). Absent = the player never moves. durationMs < periodMs.
   */
  movement?: { firstMs: number; periodMs: number; durationMs: number };
  /**
   * Add waves (fight style `adds`; header 106, assembly/engine/raid-adds.ts, docs/fights.md): `count` adds
   * spawn at firstMs, then every cooldownMs while before lastMs, each wave living durationMs (<= cooldownMs).
   * `targets` is then the slot count: the enemies up the whole time + count. Absent = no adds.
   */
  adds?: { count: number; firstMs: number; cooldownMs: number; durationMs: number; lastMs: number };
}

/** The reaction model's parameters, ms (SimC's player/sim options of the same names), and the auras the
 *  rotation asks `react` of. Encoded as a pool list in this order (reaction.ts reactionLoad). */
export interface ReactionImage {
  offsetMs: number;
  meanMs: number;
  stddevMs: number;
  nuMs: number;
  maxMs: number;
  queueLagMs: number;
  queueLagStddevMs: number;
  channelLagMs: number;
  channelLagStddevMs: number;
  pollMs: number;
  pollStddevMs: number;
  auras: number[];
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
