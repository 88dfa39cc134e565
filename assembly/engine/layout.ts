// Spec image layout (docs/engine-image.md "Binary layout"); mirrored by src/engine/image.ts encodeImage.
// Records are read IN PLACE from the f64 image buffer through @unmanaged classes whose f64 fields are in
// record order, so field names document the layout and no parsing/copying happens at load.

export const IMAGE_VERSION: i32 = 1;
export const HEADER_F64: i32 = 108;

// header slots
export const H_VERSION: i32 = 0;
export const H_DURATION: i32 = 1;
export const H_TARGETS: i32 = 2;
export const H_ARMOR: i32 = 3;
export const H_ARMOR_K: i32 = 4;
export const H_INCOMING_DPS: i32 = 5;
export const H_AP: i32 = 6;
export const H_SP: i32 = 7;
export const H_CRIT: i32 = 8;
export const H_HASTE: i32 = 9;
export const H_MASTERY: i32 = 10;
export const H_VERS: i32 = 11;
export const H_CRIT_DMG_BONUS: i32 = 12;
export const H_MASTERY_KIND: i32 = 13;
export const H_MASTERY_COEF: i32 = 14;
export const H_MASTERY_SCHOOL: i32 = 15;
export const H_MASTERY_PETS: i32 = 16;
export const H_AUTO_DAMAGE: i32 = 17;
export const H_AUTO_SWING: i32 = 18;
export const H_WEAPON_MIN: i32 = 19;
export const H_WEAPON_MAX: i32 = 20;
export const H_GCD_LOCK: i32 = 21;
export const H_N_LOCKS: i32 = 22;
export const H_N_CAT_POOLS: i32 = 23;
export const H_N_CHARGE_POOLS: i32 = 24;
export const H_ROT_KIND: i32 = 25;
export const H_ROT_START: i32 = 26;
export const H_ROT_LEN: i32 = 27;
export const H_HOOKS_START: i32 = 28;
export const H_HOOKS_LEN: i32 = 29;
export const H_ROT_SPELLS_START: i32 = 30; // spells the rotation can cast (pool), for the OffGcdReady pre-check
export const H_ROT_SPELLS_LEN: i32 = 31; //   -1 = unknown (every known spell)
export const H_SECTIONS: i32 = 32; // (offset, count) pairs
export const H_OFFHAND_DAMAGE: i32 = 60; // off-hand swing damage entry + 1 (0 = no off-hand; dual wield)
export const H_HEALTH_CRIT_START: i32 = 61; // health-gated crit rules: pool start (f64 slot), 3 f64 per rule
export const H_HEALTH_CRIT_LEN: i32 = 62; //   number of rules (0 = none)
export const H_CHAN_START: i32 = 63; // channel-decision table (pool offset; channel-decisions.ts)
export const H_CHAN_SLOTS: i32 = 64; // its slots (0 = none)
export const H_PULL_AURA: i32 = 65; // aura applied at t = 0 of every iteration (raid buff: Bloodlust) + 1 (0 = none)
export const H_START_AURAS: i32 = 66; // auras applied at t = 0 after it (timers started on entering combat): pool offset
export const H_START_AURAS_LEN: i32 = 67; //   their count (0 = none)
export const H_CWC: i32 = 68; // 1: the rotation has use_while_casting casts (cast-while-casting.ts), 0: none
export const H_MASTERY_GATE_AURA: i32 = 75; // aura gating a uniform mastery (kind 3, mastery-gate.ts) + 1 (0 = none)
export const H_REGEN_WAKE: i32 = 87; // 1: an idle player is woken when regeneration covers a rotation spell's cost (outlaw, issue 17)
export const H_CRIT_SCALED_START: i32 = 99; // damage entries x (1 + crit chance) (crit-scaled.ts): pool start, 1 f64 per entry
export const H_CRIT_SCALED_LEN: i32 = 100; //   their count (0 = none)
export const H_MIRROR_AURA: i32 = 101; // hit-mirror target aura + 1 (Havoc; hit-mirror.ts), 0 = none
export const H_MIRROR_FRACTION: i32 = 102; //   the share of the mirrored hit
export const H_HEALTH_RATE: i32 = 70; // target health per ms of the drawn length (health.ts; 0 = time-based fight)
export const H_MASTERY_SPELLS_START: i32 = 91; // mastery kind MASTERY_SPELLS: pool start of the spell indices it multiplies
export const H_MASTERY_SPELLS_LEN: i32 = 92; //   their count
export const H_TIMED_PETS_START: i32 = 95; // timed pet groups (timed-pets.ts): pool start (f64 slot), 2 f64 per group
export const H_TIMED_PETS_LEN: i32 = 96; //   number of groups (0 = none)
export const H_RAID_MOVE: i32 = 105; // movement windows (raid-events.ts): pool start + 1 of (first, period, duration) ms; 0 = none
export const H_RAID_ADDS: i32 = 106; // add waves (raid-adds.ts): pool start + 1 of (count, first, cooldown, duration, last) ms; 0 = none
export const H_ROT_CAST_ONLY: i32 = 103; // 1: the bytecode rotation only casts spells of its list (30–31), after their castReady
export const H_VARY_LENGTH: i32 = 69; // fight length ± fraction per iteration (fight.ts; 0 = every iteration lasts H_DURATION)
export const H_CRIT_MULT_START: i32 = 83; // crit-chance multipliers (crit-mult.ts): pool start (f64 slot), 2 f64 per damage entry
export const H_CRIT_MULT_LEN: i32 = 84; //   number of pairs (0 = none)
export const H_STACK_COST_START: i32 = 79; // stack-scaled costs (stack-cost.ts): pool start, 3 f64 per rule
export const H_STACK_COST_LEN: i32 = 80; //   number of rules (0 = none)
export const H_REACTION: i32 = 89; // reaction time and latency (reaction.ts): pool start of its parameters + 1 (0 = the model is off)

// section ids (pair index after H_SECTIONS)
export const S_RESOURCES: i32 = 0;
export const S_SPELLS: i32 = 1;
export const S_AURAS: i32 = 2;
export const S_EFFECTS: i32 = 3;
export const S_DAMAGE: i32 = 4;
export const S_CDR: i32 = 5;
export const S_OPS: i32 = 6;
export const S_OPLISTS: i32 = 7;
export const S_PROCS: i32 = 8;
export const S_RPPM: i32 = 9;
export const S_PETS: i32 = 10;
export const S_CHARGE_POOLS: i32 = 11;
export const S_POOL: i32 = 12;
export const S_ROT_CONSTS: i32 = 13;
export const N_SECTIONS: i32 = 14;

// strides (f64 slots)
export const RESOURCE_STRIDE: i32 = 8;
export const SPELL_STRIDE: i32 = 40;
export const AURA_STRIDE: i32 = 24;
export const EFFECT_STRIDE: i32 = 4;
export const DAMAGE_STRIDE: i32 = 12;
export const CDR_STRIDE: i32 = 5;
export const OP_STRIDE: i32 = 4;
export const OPLIST_STRIDE: i32 = 2;
export const PROC_STRIDE: i32 = 8;
export const RPPM_STRIDE: i32 = 4;
export const PET_STRIDE: i32 = 4;
export const CHARGE_POOL_STRIDE: i32 = 2;

@unmanaged export class ResourceRec {
  model: f64;
  max: f64;
  initial: f64;
  regenPerSec: f64; // effective (encoder folds model defaults and rage-from-damage-taken in)
  hasteScaled: f64;
  ragePerDamageDealt: f64;
  ragePerDamageTaken: f64;
  pad: f64;
}

@unmanaged export class SpellRec {
  known: f64;
  gameId: f64;
  castMs: f64;
  castHasted: f64;
  srLock: f64;
  srMs: f64;
  gcdHasted: f64;
  recoveryMs: f64;
  catPool: f64;
  catRecoveryMs: f64;
  chargePool: f64;
  costRes: f64;
  cost: f64;
  cost2Res: f64;
  cost2: f64;
  gainRes: f64;
  gain: f64;
  gain2Res: f64;
  gain2: f64;
  costBypassAura: f64;
  isChannel: f64;
  channelMs: f64;
  channelTicks: f64;
  channelHasted: f64;
  tickCost: f64;
  tickDamage: f64;
  damage: f64;
  applyAura: f64;
  applyStacks: f64;
  cdrStart: f64;
  cdrCount: f64;
  hook: f64;
  breaksStealth: f64;
  costAura: f64; // aura index paid as a cost (one stack consumed at step 3; castable only while up), -1 none
}

@unmanaged export class AuraRec {
  owner: f64; // 0 player, 1 target, 2 pet
  durationMs: f64;
  maxStacks: f64;
  refresh: f64; // 0 refresh, 1 pandemic, 2 extend, 3 none
  effectsStart: f64;
  effectsCount: f64;
  appliesToPets: f64;
  tickPeriodMs: f64;
  tickHasted: f64;
  tickDamage: f64;
  tickOps: f64;
  tickOnApplication: f64;
  tickMayCrit: f64;
  snapshot: f64;
  onExpire: f64;
  residual: f64; // 1: ticks deal the banked damage (OP_BANK_DAMAGE) spread over the remaining ticks
}

@unmanaged export class EffectRec {
  type: f64;
  value: f64;
  a: f64;
  b: f64;
}

@unmanaged export class DamageRec {
  spell: f64;
  kind: f64; // 0 flat, 1 ap, 2 sp
  base: f64;
  coefficient: f64;
  weaponMultiplier: f64;
  school: f64;
  aoe: f64; // 0 single, 1 all, 2 split, 3 chain, 4 sqrt
  maxTargets: f64;
  aoeParam: f64;
  pet: f64;
  canCrit: f64;
  critBonus: f64; // percent points added to the crit chance of this entry (100 = always crits)
}

@unmanaged export class CdrRec {
  condition: f64;
  target: f64;
  amountMs: f64;
  chance: f64;
  aura: f64;
}

@unmanaged export class OpRec {
  op: f64;
  a: f64;
  b: f64;
  c: f64;
}

@unmanaged export class ProcRec {
  chance: f64;
  flags: f64;
  filterStart: f64;
  filterLen: f64;
  list: f64;
}

@unmanaged export class PetRec {
  melee: f64;
  swingMs: f64;
  startsActive: f64;
  pad: f64;
}

// effect types
export const E_HASTE: i32 = 0;
export const E_CRIT: i32 = 1;
export const E_MASTERY: i32 = 2;
export const E_VERS: i32 = 3;
export const E_PRIMARY: i32 = 4;
export const E_DMG_MULT: i32 = 5;
export const E_DMG_MULT_SCHOOL: i32 = 6;
export const E_DMG_MULT_SPELLS: i32 = 7;
export const E_CLEAVE: i32 = 8;
export const E_DMG_MULT_STACKING: i32 = 9;
/** Like E_DMG_MULT_SPELLS, but stacks add: 1 + (value - 1) x stacks (a "+x % per stack" buff). */
export const E_DMG_MULT_SPELLS_ADD: i32 = 10;
/** Like E_DMG_MULT_SPELLS, but the factor applies once while up, whatever the stacks (Tip of the Spear 260286: 'Suppress Points Stacking'). */
export const E_DMG_MULT_SPELLS_ONCE: i32 = 11;
/** Like E_DMG_MULT_SPELLS_ADD, the percent per stack raised by mastery points x a coefficient stored in the
 * pool slot after the spell list (Savant on Arcane Charge; mastery-stacks.ts). */
export const E_DMG_MULT_SPELLS_ADD_MASTERY: i32 = 15;
/** The player's auto attack speed: swings take 1 / (1 + value / 100) as long (Slice and Dice). */
export const E_ATTACK_SPEED: i32 = 21;

// mastery kinds (-1 none, 0 uniform, 1 school)
/** Mastery multiplies only the damage entries of a spell list (header H_MASTERY_SPELLS_*): Executioner's finishers. */
export const MASTERY_SPELLS: i32 = 7;

// op codes
export const OP_APPLY_AURA: i32 = 1;
export const OP_CONSUME_AURA: i32 = 2;
export const OP_GAIN_RESOURCE: i32 = 3;
export const OP_REDUCE_COOLDOWN: i32 = 4;
export const OP_RESET_COOLDOWN: i32 = 5;
export const OP_DEAL_DAMAGE: i32 = 6;
export const OP_SCHEDULE: i32 = 7;
export const OP_ROLL_RPPM: i32 = 8;
export const OP_PROC_CHANCE: i32 = 9;
export const OP_IF_AURA: i32 = 10;
export const OP_IF_NOT_AURA: i32 = 11;
export const OP_SUMMON_PET: i32 = 12;
export const OP_DISMISS_PET: i32 = 13;
export const OP_IF_CRIT: i32 = 14; // a: list, b: 1 run if the triggering hit crit, 0 if it did not
export const OP_BANK_DAMAGE: i32 = 15; // a: residual aura, b: fraction of the triggering hit, c: 1 add mastery% x coef / 100
/** Like OP_BANK_DAMAGE, but only into the aura while it is up: never applies or refreshes it (Touch of the Magi's explosion stays at its expiry). */
export const OP_BANK_INTO: i32 = 20; // a: residual aura, b: fraction, c: 1 add mastery% x coef / 100
// a: damage entry, b: aura whose stacks count (-1: none, count = c), c: most stacks counted; one hit x the count
export const OP_DAMAGE_PER_STACK: i32 = 22;
export const OP_STACKS_TO_RESOURCE: i32 = 26; // a: aura, b: resource: gain as many of its stacks as fit under the max, remove them
export const OP_GAIN_PER_TARGET: i32 = 27; // a: resource, b: amount per target hit (the run's target count)
// 24-25: outlaw (issue 17 allocation)
export const OP_RANDOM_AURAS: i32 = 24; // a: pool start (mode, bump aura + 1, n auras, n weights), b: n (random-auras.ts)
export const OP_DEAL_DAMAGE_MASTERY: i32 = 25; // a: damage entry, b: m: the hit x (1 + mastery points x m) (Main Gauche)
// (OP_REDUCE_COOLDOWN with c = 1: b ms per combo point the current finisher cast spent: Restless Blades)
export const OP_CONSUME_PETS: i32 = 28; // a: timed pet group, b: at most this many instances, c: list run once per instance removed
/** a: residual aura, b: share of the current target's bank, c: enemies reached (bank-spread.ts: Ignition's Ignite spread). */
export const OP_SPREAD_BANK: i32 = 29;
export const OP_MAX: i32 = 29;

// cdr conditions
export const CDR_ALWAYS: i32 = 0;
export const CDR_PROC_CHANCE: i32 = 1;
export const CDR_WHILE_AURA: i32 = 2;
export const CDR_RESET_WHILE_AURA: i32 = 3;

// load errors (engineLoad return codes)
export const LOAD_OK: i32 = 0;
export const LOAD_BAD_VERSION: i32 = 1;
export const LOAD_BAD_SECTION: i32 = 2;
export const LOAD_BAD_ROTATION: i32 = 3;
export const LOAD_TOO_MANY: i32 = 4;
