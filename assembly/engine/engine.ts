// The simulation engine (spec "Event dispatch", "Cast pipeline", auras, resources, procs, pets).
// One module-level engine: the host writes a spec image (docs/engine-image.md) into the buffers handed
// out by engineImageF64/engineImageI32, calls engineLoad once, then engineRun(iterations, ...). An
// iteration runs entirely here; nothing calls out to JS. Per-run state is carved from an arena that is
// reused across runs (stub runtime: nothing is freed, so nothing may be allocated per event).
import { TimingWheel } from "../wheel";
import { Xorshift64, seedPrefix, seedFromPrefix } from "../rng";
import { damageRaw, damageFinal, armorMitigation } from "../damage";
import { ResourceSlot } from "../resource";
import { RppmTracker, rollRppm } from "../rppm";
import { ImpactProcTable, fireImpactProcs, fireImpactProcsMasked, impactProcMasks, HIT_CRIT, HIT_PERIODIC } from "../procs";
import { chanLoad, chanReset, chanOnStart, chanOnEnd, chanDecide, chanSlots, chanSlot, CHAN_END } from "./channel-decisions";
import { Rotation, rotationCheck, rotationLoad, rotationReset, rotationBind, selectAction, actionKind, actionSpell, actionWaitMs, ACTION_CAST, ACTION_WAIT, ROT_OK, OP_LT, OP_LE, OP_GT, OP_GE } from "../rotation/vm";
import * as Q from "../rotation/queries";
import { fightLoad, fightMaxMs, fightLengthFor } from "./fight";
import { healthOn, healthLoad, healthBegin, healthPct, healthRemainsS, healthNextCheck, HEALTH_CAP_FACTOR } from "./health";
import { moveOn, moving, cutSpell, moveLoad, moveReset, moveFirstAt, movePeriod, moveDuration, moveStart, moveEnd, moveCastStarted, moveCutCast, moveDropCompletion, moveBlocks } from "./raid-events";
import { targetsLayout, curTarget, setCurTarget, targetCount, instOn, instCur, instTarget, instBase, isTargetOwned } from "./targets";
import { extraQuery } from "./queries";
import {
  telLoad, telResetAcc, telIterBegin, telIterEnd, telSetSrc, telSrcSave, telSrcSpell, telSrcAura, telSrcProc, telSrcRegen, telSrcOther,
  telHit, telSpellRec, telBucketHit, TL_DAMAGE, TL_PET_COUNT, telAura, telSpend, telGain, telGainFrom, telRegenBalance, telProc, telRppm, tlOn, tlPush, TL_CAST_START, TL_CAST, TL_COOLDOWN, TL_RESOURCE, TL_PROC,
} from "./telemetry";
import { healthCritBytes, healthCritLoad, healthCritChance, hcRules } from "./health-crit";
import { critMultBytes, critMultLoad, critMultOf } from "./crit-mult";
import { masterySpellsReset, masterySpellsSet, masterySpellsHas, attackSpeedMul, setAttackSpeedMul, castFinisherPoints, setCastFinisherPoints } from "./spec-mechanics";
import { raBumpAura, raAura, raDrawCount, raChoose, raPick } from "./random-auras";
import { masteryGateLoad, masteryGateAura, MASTERY_KIND_GATED } from "./mastery-gate";
import { timedGroups, timedPetsBytes, timedPetsLoad, timedPetsReset, timedIs, timedAdd, timedLive, timedLastExpiry, timedConsume } from "./timed-pets";
import { msReset, msRecord, msApply, msPending } from "./mastery-stacks";
import { stackCostLoad, stackCostOn, stackCostHas, stackCostAura, stackCostPerStack } from "./stack-cost";
import { masteryRandomLoad, masteryRolls, masteryRoll, MASTERY_RANDOM } from "./mastery-random";
import { critScaledBytes, critScaledLoad, critScaled } from "./crit-scaled";
import { hitMirrorLoad, mirrorOn, mirrorFraction, mirrorTarget } from "./hit-mirror";
import { cwcOn, cwcLoad, cwcReset, cwcBarStart, cwcLive, cwcNextPoll, cwcNow, cwcGen, cwcMainTarget, cwcSetMainTarget, cwcUsable } from "./cast-while-casting";
import {
  IMAGE_VERSION, HEADER_F64, N_SECTIONS, H_VERSION, H_DURATION, H_TARGETS, H_ARMOR, H_ARMOR_K, H_AP, H_SP, H_CRIT, H_HASTE,
  H_MASTERY, H_VERS, H_CRIT_DMG_BONUS, H_REGEN_WAKE, H_MASTERY_KIND, H_MASTERY_COEF, H_MASTERY_SCHOOL, H_MASTERY_PETS, H_AUTO_DAMAGE,
  H_OFFHAND_DAMAGE, H_MASTERY_GATE_AURA, H_PULL_AURA, H_VARY_LENGTH, H_HEALTH_RATE, H_START_AURAS, H_START_AURAS_LEN, H_CWC, H_HEALTH_CRIT_START, H_HEALTH_CRIT_LEN, H_CRIT_SCALED_LEN, H_CRIT_SCALED_START, H_MIRROR_AURA, H_MIRROR_FRACTION, H_STACK_COST_START, H_STACK_COST_LEN, H_TIMED_PETS_START, H_TIMED_PETS_LEN, H_AUTO_SWING, H_WEAPON_MIN, H_WEAPON_MAX, H_GCD_LOCK, H_N_LOCKS, H_N_CAT_POOLS, H_N_CHARGE_POOLS, H_ROT_KIND, H_ROT_START,
  H_MOVE_FIRST, H_MOVE_PERIOD, H_MOVE_DURATION, H_ROT_LEN, H_ROT_CAST_ONLY, H_ROT_SPELLS_START, H_ROT_SPELLS_LEN, H_CHAN_START, H_CHAN_SLOTS, H_HOOKS_START, H_HOOKS_LEN, H_SECTIONS, S_RESOURCES, S_SPELLS, S_AURAS, S_EFFECTS, S_DAMAGE, S_CDR, S_OPS,
  S_OPLISTS, S_PROCS, S_RPPM, S_PETS, S_CHARGE_POOLS, S_POOL, S_ROT_CONSTS, RESOURCE_STRIDE, SPELL_STRIDE, AURA_STRIDE,
  EFFECT_STRIDE, DAMAGE_STRIDE, CDR_STRIDE, OP_STRIDE, OPLIST_STRIDE, PROC_STRIDE, RPPM_STRIDE, PET_STRIDE,
  CHARGE_POOL_STRIDE, ResourceRec, SpellRec, AuraRec, EffectRec, DamageRec, CdrRec, OpRec, ProcRec, PetRec,
  E_HASTE, E_CRIT, E_MASTERY, E_VERS, E_PRIMARY, E_DMG_MULT, E_DMG_MULT_SCHOOL, E_DMG_MULT_SPELLS, E_CLEAVE,
  E_DMG_MULT_STACKING, E_DMG_MULT_SPELLS_ADD, E_DMG_MULT_SPELLS_ADD_MASTERY, E_DMG_MULT_SPELLS_ONCE, E_ATTACK_SPEED, MASTERY_SPELLS, H_MASTERY_SPELLS_START, H_MASTERY_SPELLS_LEN, OP_STACKS_TO_RESOURCE, OP_GAIN_PER_TARGET, OP_APPLY_AURA, OP_CONSUME_AURA, OP_GAIN_RESOURCE, OP_REDUCE_COOLDOWN, OP_RESET_COOLDOWN,
  OP_DEAL_DAMAGE, OP_SCHEDULE, OP_ROLL_RPPM, OP_PROC_CHANCE, OP_IF_AURA, OP_IF_NOT_AURA, OP_SUMMON_PET, OP_DISMISS_PET,
  OP_IF_CRIT, OP_BANK_DAMAGE, OP_BANK_INTO, OP_DAMAGE_PER_STACK, OP_RANDOM_AURAS, OP_DEAL_DAMAGE_MASTERY, OP_CONSUME_PETS, H_CRIT_MULT_START, H_CRIT_MULT_LEN, CDR_ALWAYS, CDR_PROC_CHANCE, CDR_WHILE_AURA, CDR_RESET_WHILE_AURA, LOAD_OK, LOAD_BAD_VERSION, LOAD_BAD_SECTION,
  LOAD_BAD_ROTATION, LOAD_TOO_MANY,
} from "./layout";

/** Limits: MAX_EVENTS per run. */
export const MAX_EVENTS: i32 = 500000;
/** Nested op-list depth bound (proc -> damage -> proc chains). */
export const MAX_OP_DEPTH: i32 = 8;
/** Preallocated SCHEDULE timer slots per iteration. */
export const MAX_TIMERS: i32 = 256;
/** Index limits imposed by the 12-bit event argument. */
export const MAX_INDEX: i32 = 2048;

// ---- event payload: kind (bits 28..30) | gen (bits 12..27) | arg (bits 0..11) ----
export const EV_PLAYER_READY: i32 = 0;
export const EV_OFFGCD_READY: i32 = 1;
export const EV_CAST_START: i32 = 2;
export const EV_CAST_COMPLETE: i32 = 3;
export const EV_AURA_TICK: i32 = 4;
export const EV_AURA_EXPIRE: i32 = 5;
export const EV_COOLDOWN_READY: i32 = 6;
export const EV_AUTO_ATTACK: i32 = 7;
const ARG_FLAG: i32 = 2048; // AuraTick: channel tick; AuraExpire: SCHEDULE timer slot
const CD_OWN: i32 = 0;
const CD_CAT: i32 = 1;
const CD_CHARGE: i32 = 2;
const CD_REGEN: i32 = 3; // a regeneration wake (H_REGEN_WAKE): nothing to check, an idle player re-evaluates

// @ts-ignore: decorator
@inline function ev(kind: i32, gen: i32, arg: i32): i32 {
  return (kind << 28) | ((gen & 0xffff) << 12) | arg;
}

export const NEVER: i64 = 0x3fffffffffffffff;
const RES_EPS: f64 = 1e-6; // resource comparisons: the rotation waits an exact (ceil) ms; absorb f64 rounding

// ---- per-run state records (arena) ----
@unmanaged export class SpellState {
  readyAt: i64;
  lastUsed: i64;
}
const SPELL_STATE_BYTES: usize = 16;

@unmanaged export class AuraState {
  active: i32;
  stacks: i32;
  gen: i32;
  tickPending: i32;
  expiresAt: i64;
  lastTickAt: i64;
  nextTickAt: i64;
  appliedAt: i64;
  expireEv: i64; // time of the pending AuraExpire event (-1: none); refreshes re-arm it lazily
  snapAp: f64;
  snapSp: f64;
  snapCrit: f64;
  snapVers: f64;
  snapMastery: f64;
  bank: f64; // residual auras: damage still to be dealt by the remaining ticks
}
const AURA_STATE_BYTES: usize = 104;

@unmanaged export class ChargeState {
  charges: i32;
  max: i32;
  nextAt: i64;
  rechargeMs: f64;
}
const CHARGE_STATE_BYTES: usize = 24;

@unmanaged class PetState {
  active: i32;
  count: i32;
  gen: i32;
  // Swing cache (petSwingPrep), current while ver == statsVer: everything a swing needs that depends
  // only on the stats, so a pet swing is a crit draw and the sums (onAutoAttack).
  ver: i32; // statsVer of the cache; 0 = empty (zeroed at load, statsVer >= 1)
  expiresAt: i64;
  swingMs: i64; // hasted swing time: max(1, hasteDiv(PetRec.swingMs))
  amtHit: f64; // melee hit amount without / with a crit (DamageCalc of the prepared entry)
  amtCrit: f64; // right after amtHit (petAmount)
  crit: f64; // crit chance (clamped)
  spell: i32; // the melee entry's spell
  hits: i32; // 0: no valid melee entry (dealDamage returned before any draw); 2: as 1, telemetry pet damage derived (petConstPrep)
  acc: usize; // recordHit's spellAcc record of the spell; `sink` when none (spell out of range)
  tel: usize; // telHit's spellTel record of the spell; `sink` when none
  inHaste: f64; // the hasteDivisor swingMs was computed from
  hc: usize; // the melee entry's HitPrep (petConstPrep, with spell/acc/tel/hits)
  // hits and crits not yet added to acc (+16, +24) and tel (+16): those sums only ever add whole
  // numbers (exact in f64 in any order), so they are added once per engineRun (petFlushCounts)
  nHits: i64; // i64: no wrap however many iterations one engineRun runs
  nCrits: i64;
  // written-never-read record for acc/tel when the spell has none: the hit's sums stay branch-free
  sink0: f64;
  sink1: f64;
  sink2: f64;
  sink3: f64;
}
const PET_STATE_BYTES: usize = offsetof<PetState>(); // 136

// ---- image pointers ----
let imgF: usize = 0;
let imgFCap: i32 = 0;
let imgFLen: i32 = 0;
let imgI: usize = 0;
let imgICap: i32 = 0;
let imgILen: i32 = 0;

let secOff = new StaticArray<usize>(N_SECTIONS);
let secCount = new StaticArray<i32>(N_SECTIONS);

let nRes = 0;
export let nSpells = 0;
export let nAuras = 0;
let nInst = 0; // aura instances: nAuras + (targets - 1) x target-owned auras (assembly/engine/targets.ts)
let nEffects = 0;
let nDamage = 0;
let nOpLists = 0;
let nProcs = 0;
let nRppm = 0;
let nPets = 0;
let nLocks = 0;
let nCatPools = 0;
let nChargePools = 0;

let resRecs: usize = 0;
let spellRecs: usize = 0;
let auraRecs: usize = 0;
let effectRecs: usize = 0;
let damageRecs: usize = 0;
let cdrRecs: usize = 0;
let opRecs: usize = 0;
let opListRecs: usize = 0;
let opI32: usize = 0; // i32 x 4 per op: op, a, b, c truncated once at load (runOps)
let opListI32: usize = 0; // i32 x 2 per op list: start, count
let nOps = 0;
let poolI32: usize = 0; // i32 copy of the pool (spellMult's spell lists)
let procRecs: usize = 0;
let rppmRecs: usize = 0;
let petRecs: usize = 0;
let chargeRecs: usize = 0;
let pool: usize = 0;

// run config
export let durationMs: i64 = 0;
let targets: i32 = 1;
let armor: f64 = 0;
let armorK: f64 = 0;
let armorMitPhys: f64 = 1; // armorMitigation(armor, armorK): physical hits (constant per run)
let baseAp: f64 = 0;
let baseSp: f64 = 0;
let baseCrit: f64 = 0;
let baseHaste: f64 = 0;
let pullAura: i32 = -1; // aura applied at t = 0 of every iteration (raid buff: Bloodlust), -1 none
let startAuras: i32 = 0; // pool offset of the auras applied at t = 0 after it (combat-start timers)
let nStartAuras: i32 = 0;
let baseMastery: f64 = 0;
let baseVers: f64 = 0;
let critMult: f64 = 2.0;
let masteryKind: i32 = -1;
/** H_REGEN_WAKE, read once at load: idle waits also end when regeneration covers a rotation spell's cost. */
let regenWake = false;
let masteryCoef: f64 = 0;
let masterySchool: i32 = 0;
let masteryPets: bool = false;
let autoDamage: i32 = -1;
/** Off-hand swing damage entry (-1 none): a second player swing chain at the same speed (event gen 1). */
let offDamage: i32 = -1;
let autoSwingMs: f64 = 0;
let weaponMin: f64 = 0;
let weaponMax: f64 = 0;
let gcdLock: i32 = -1;
let rotKind: i32 = 0;
let rotStart: i32 = 0;
let rotLen: i32 = 0;
let hooksStart: i32 = 0;
let hooksLen: i32 = 0;
let hasOffGcd: bool = false;
const MAX_OFF_GCD: i32 = 64;
const offGcdSpells = new StaticArray<i32>(MAX_OFF_GCD);
let nOffGcd: i32 = 0;
const MAX_ROT_SPELLS: i32 = MAX_INDEX;
const rotSpells = new StaticArray<i32>(MAX_ROT_SPELLS);
let nRotSpells: i32 = 0;
// the bytecode rotation is cast-only (H_ROT_CAST_ONLY) and rotSpells holds every spell it can cast:
// with none of them castable its evaluation answers None (wakeIfIdle then needs no PlayerReady)
let rotCastOnly: bool = false;
let rageRes: i32 = -1;
let rageRate: f64 = 0;
let rot: Rotation | null = null;
let rotVarsCap: i32 = 0; // sizes the current Rotation's stacks were allocated for
let rotDepthCap: i32 = 0;
let rotCallsCap: i32 = 0;

// ---- arena (reused across runs) ----
let arena: usize = 0;
let arenaCap: usize = 0;
let arenaTop: usize = 0;

function carve(bytes: usize): usize {
  const p = (arenaTop + 15) & ~<usize>15;
  arenaTop = p + bytes;
  return p;
}

// state arrays
let resSlots: usize = 0; // ResourceSlot x nRes (32 bytes)
let spellState: usize = 0;
let lockUntil: usize = 0; // i64 x nLocks
let catReady: usize = 0; // i64 x nCatPools
let chargeState: usize = 0;
let auraState: usize = 0;
let rppmState: usize = 0; // RppmTracker x nRppm (48 bytes)
let petState: usize = 0;
let procTable: usize = 0; // ImpactProcTable header
let procFired: usize = 0; // i32 x nProcs x (MAX_OP_DEPTH + 1)
let procSpellMask: usize = 0; // i32 x nSpells: impact procs whose spell filter passes (impactProcMasks)
let procFlagMask: usize = 0; // i32 x 4: impact procs whose periodic/crit checks pass, by hitFlags & 3
let procMasked: bool = false; // nProcs <= 31: playerHitEffects uses the masks
let timerList: usize = 0; // i32 x MAX_TIMERS: op list per slot
let timerFree: usize = 0; // i32 stack of free slots
let timerFreeTop: i32 = 0;
let spellAcc: usize = 0; // f64 x nSpells x 4: casts, damage, hits, crits (whole run)
let schoolCache: usize = 0; // f64 x 128 x 2 (player, pet)
let schoolCacheVer: usize = 0; // i32 x 128 x 2
let spellCache: usize = 0; // f64 x nSpells x 2
let spellCacheVer: usize = 0; // i32 x nSpells x 2
let dmgPrep: usize = 0; // HitPrep x nDamage (dealDamage)
let hitScratch: usize = 0; // one HitPrep var part for snapshot hits
let auraFlags: usize = 0; // i32 x nInst (0 for the other targets' instances): bit 0 has effects, bit 1 has a haste effect
let actSchool: usize = 0; // active school effects: (value f64, mask f64, scope f64) x nEffects
let actSpells: usize = 0; // active spell effects: (value, poolStart, len, scope) x nEffects
let nActSchool: i32 = 0;
let nActSpells: i32 = 0;

// ---- dynamic state ----
// The engine's wheel lives at a static address: every field access in the inlined push/pop is one load
// at a constant address instead of a global load (V8 reloads globals, no CSE) plus the field load.
// Its constructor never runs: init() (below) does its work.
const wheelAt: usize = memory.data(offsetof<TimingWheel>(), 8);
// @ts-ignore: decorator
@inline function wheel(): TimingWheel { return changetype<TimingWheel>(wheelAt); }
wheel().init(8192);
// The iteration's generator at a static address too (a constant pointer, its constructor's work done
// by reseed): each draw's state load/store is at a constant address, no global load of the pointer first.
const rng: Xorshift64 = changetype<Xorshift64>(memory.data(offsetof<Xorshift64>(), 8));
rng.reseed(1);
export let now: i64 = 0;
let readyGen: i32 = 0;
let offGen: i32 = 0;
let channelGen: i32 = 0;
let pendingReady: bool = false;
let casting: bool = false;
let channelSpell: i32 = -1;
let castTarget: i32 = 0; // the target of the cast in flight (targets.ts; 0 = primary)
let prevGcd: i32 = -1;
// cast history beyond prevGcd, for SimC's prev_gcd.2/3.X, prev.X and prev_off_gcd.X (engine/queries.ts)
export let prevGcd2: i32 = -1;
export let prevGcd3: i32 = -1;
export let prevCast: i32 = -1; //   the last cast, on or off the GCD
export let prevOffGcd: i32 = -1; // the last off-GCD cast since the last GCD cast (-1: none since)
export let iterDamage: f64 = 0;
let iterPet: f64 = 0;
let iterEvents: i32 = 0;
let budgetExceeded: bool = false;
/** Processed events per kind over the run (diagnostics; reset with the accumulators). */
// i64, not f64: the per-event increment is one integer add instead of a constant load + f64 add.
// per-kind event counts (8 x i64) at a static address: a constant in the per-event increment
// instead of a global load (a StaticArray's pointer is a runtime global)
const kindCounts: usize = memory.data(64, 8);

// stats totals (recomputed lazily when `dirty`)
let dirty: bool = true;
let statsVer: i32 = 1;
let curAp: f64 = 0;
let curSp: f64 = 0;
let curCrit: f64 = 0;
let curHaste: f64 = 0;
let curMastery: f64 = 0; // percent points before the coefficient
let curVers: f64 = 0;
let versFactorCur: f64 = 1; // 1 + vers/100 (DamageCalc step 5)
let playerMult: f64 = 1;
export let hasteDivisor: f64 = 1; // 1 + haste/100
let critChanceCur: f64 = 0; // crit / 100
let masteryMultCur: f64 = 1; // 1 + mastery x coefficient / 100 (when the spec has a mastery kind)
let petMult: f64 = 1;
let cleaveValue: f64 = 0;
let cleaveCount: i32 = 0;

// run accumulators
let accIterations: i32 = 0;
let accEvents: f64 = 0;
let accN: f64 = 0;
let accMean: f64 = 0;
let accM2: f64 = 0;
let accMin: f64 = 0;
let accMax: f64 = 0;
let accDamage: f64 = 0;
let accPet: f64 = 0;
let accUnknown: f64 = 0;
let accError: i32 = 0;

// ---- record accessors ----
// @ts-ignore: decorator
@inline export function spellRec(i: i32): SpellRec { return changetype<SpellRec>(spellRecs + <usize>i * <usize>(SPELL_STRIDE << 3)); }
// @ts-ignore: decorator
@inline export function spellSt(i: i32): SpellState { return changetype<SpellState>(spellState + <usize>i * SPELL_STATE_BYTES); }
// @ts-ignore: decorator
@inline export function auraRec(i: i32): AuraRec { return changetype<AuraRec>(auraRecs + <usize>i * <usize>(AURA_STRIDE << 3)); }
// @ts-ignore: decorator
@inline export function auraSt(i: i32): AuraState { return changetype<AuraState>(auraState + <usize>i * AURA_STATE_BYTES); }
// @ts-ignore: decorator
@inline function effectRec(i: i32): EffectRec { return changetype<EffectRec>(effectRecs + <usize>i * <usize>(EFFECT_STRIDE << 3)); }
// @ts-ignore: decorator
@inline function damageRec(i: i32): DamageRec { return changetype<DamageRec>(damageRecs + <usize>i * <usize>(DAMAGE_STRIDE << 3)); }
// @ts-ignore: decorator
@inline function cdrRec(i: i32): CdrRec { return changetype<CdrRec>(cdrRecs + <usize>i * <usize>(CDR_STRIDE << 3)); }
// @ts-ignore: decorator
@inline function opRec(i: i32): OpRec { return changetype<OpRec>(opRecs + <usize>i * <usize>(OP_STRIDE << 3)); }
// @ts-ignore: decorator
@inline function resRec(i: i32): ResourceRec { return changetype<ResourceRec>(resRecs + <usize>i * <usize>(RESOURCE_STRIDE << 3)); }
// @ts-ignore: decorator
@inline function resSlot(i: i32): ResourceSlot { return changetype<ResourceSlot>(resSlots + (<usize>i << 5)); }
// @ts-ignore: decorator
@inline export function chargeSt(i: i32): ChargeState { return changetype<ChargeState>(chargeState + <usize>i * CHARGE_STATE_BYTES); }
// @ts-ignore: decorator
@inline function petRec(i: i32): PetRec { return changetype<PetRec>(petRecs + <usize>i * <usize>(PET_STRIDE << 3)); }
// @ts-ignore: decorator
@inline function petSt(i: i32): PetState { return changetype<PetState>(petState + <usize>i * PET_STATE_BYTES); }
// @ts-ignore: decorator
@inline function rppmSt(i: i32): RppmTracker { return changetype<RppmTracker>(rppmState + <usize>i * 48); }
// @ts-ignore: decorator
@inline function poolI(i: i32): i32 { return <i32>load<f64>(pool + (<usize>i << 3)); }
// @ts-ignore: decorator
@inline function lockAt(i: i32): i64 { return load<i64>(lockUntil + (<usize>i << 3)); }
// @ts-ignore: decorator
@inline function catAt(i: i32): i64 { return load<i64>(catReady + (<usize>i << 3)); }
// @ts-ignore: decorator
@inline function hdr(i: i32): f64 { return load<f64>(imgF + (<usize>i << 3)); }

// Immediate slot: an event pushed for t == now while no other event at now is pending (in the wheel
// or here) would be the very next pop, so it is kept here and dispatched before the next wheel pop
// (runIteration): same order, same counts, without a wheel push/pop. Instant casts make most of
// these (CastStart, CastComplete), plus wake-ups and OffGcdReady.
let immPending: bool = false;
let immPayload: i32 = 0;

// @ts-ignore: decorator
@inline function push(t: i64, payload: i32): void {
  // nested ifs, not &&: binaryen turns the && chain into materialized bools (setcc, movzx, test)
  if (t == now) {
    if (!immPending) {
      if (!wheel().pendingAtNow()) {
        immPending = true;
        immPayload = payload;
        return;
      }
    }
  }
  wheel().pushFromNow(t, payload); // t >= now: the engine never schedules into the past
}

/** push() for t > now (the immediate slot never applies): skips its checks. */
// @ts-ignore: decorator
@inline function pushLater(t: i64, payload: i32): void {
  wheel().pushFromNow(t, payload);
}

// @ts-ignore: decorator
@inline function hasteDiv(ms: f64): i64 {
  return <i64>Math.round(ms / hasteDivisor);
}

// ======================================================================================
// Host API: image buffers, load, run, results
// ======================================================================================

/** Returns a buffer for `len` f64 image values (reused across runs when large enough). */
export function engineImageF64(len: i32): usize {
  if (len > imgFCap) {
    imgF = heap.alloc(<usize>max(len, 64) << 3);
    imgFCap = max(len, 64);
  }
  imgFLen = len;
  return imgF;
}

/** Returns a buffer for `len` i32 values (rotation bytecode). */
export function engineImageI32(len: i32): usize {
  if (len > imgICap) {
    imgI = heap.alloc(<usize>max(len, 16) << 2);
    imgICap = max(len, 16);
  }
  imgILen = len;
  return imgI;
}

/** Parses the header, points the record views into the image and lays out per-run state. 0 = OK. */
export function engineLoad(): i32 {
  if (imgFLen < HEADER_F64 || <i32>hdr(H_VERSION) != IMAGE_VERSION) return LOAD_BAD_VERSION;
  for (let s = 0; s < N_SECTIONS; s++) {
    const off = <i32>hdr(H_SECTIONS + 2 * s);
    const cnt = <i32>hdr(H_SECTIONS + 2 * s + 1);
    if (off < HEADER_F64 || cnt < 0 || off > imgFLen) return LOAD_BAD_SECTION;
    unchecked(secOff[s] = imgF + (<usize>off << 3));
    unchecked(secCount[s] = cnt);
  }
  nRes = unchecked(secCount[S_RESOURCES]);
  nSpells = unchecked(secCount[S_SPELLS]);
  nAuras = unchecked(secCount[S_AURAS]);
  nEffects = unchecked(secCount[S_EFFECTS]);
  nDamage = unchecked(secCount[S_DAMAGE]);
  nOpLists = unchecked(secCount[S_OPLISTS]);
  nProcs = unchecked(secCount[S_PROCS]);
  nRppm = unchecked(secCount[S_RPPM]);
  nPets = unchecked(secCount[S_PETS]);
  nChargePools = unchecked(secCount[S_CHARGE_POOLS]);
  nLocks = <i32>hdr(H_N_LOCKS);
  nCatPools = <i32>hdr(H_N_CAT_POOLS);
  if (<i32>hdr(H_N_CHARGE_POOLS) != nChargePools) return LOAD_BAD_SECTION;
  if (nSpells >= MAX_INDEX || nAuras >= MAX_INDEX || nPets >= MAX_INDEX - 1 || nLocks >= 1024 || nCatPools >= 1024 || nChargePools >= 1024) return LOAD_TOO_MANY;
  resRecs = unchecked(secOff[S_RESOURCES]);
  spellRecs = unchecked(secOff[S_SPELLS]);
  auraRecs = unchecked(secOff[S_AURAS]);
  effectRecs = unchecked(secOff[S_EFFECTS]);
  damageRecs = unchecked(secOff[S_DAMAGE]);
  cdrRecs = unchecked(secOff[S_CDR]);
  opRecs = unchecked(secOff[S_OPS]);
  opListRecs = unchecked(secOff[S_OPLISTS]);
  procRecs = unchecked(secOff[S_PROCS]);
  rppmRecs = unchecked(secOff[S_RPPM]);
  petRecs = unchecked(secOff[S_PETS]);
  chargeRecs = unchecked(secOff[S_CHARGE_POOLS]);
  pool = unchecked(secOff[S_POOL]);

  durationMs = <i64>hdr(H_DURATION);
  healthLoad(hdr(H_HEALTH_RATE)); // target health: health.ts
  fightLoad(durationMs, hdr(H_VARY_LENGTH), healthOn ? HEALTH_CAP_FACTOR : 1); // per-iteration lengths: fight.ts
  targets = max(1, <i32>hdr(H_TARGETS));
  nInst = targetsLayout(nAuras, targets, auraRecs);
  if (nInst >= MAX_INDEX) return LOAD_TOO_MANY; // instance numbers travel in the 11-bit event argument
  armor = hdr(H_ARMOR);
  armorK = hdr(H_ARMOR_K);
  armorMitPhys = armorMitigation(armor, armorK);
  baseAp = hdr(H_AP);
  baseSp = hdr(H_SP);
  baseCrit = hdr(H_CRIT);
  baseHaste = hdr(H_HASTE);
  baseMastery = hdr(H_MASTERY);
  baseVers = hdr(H_VERS);
  critMult = 2.0 + hdr(H_CRIT_DMG_BONUS) / 100.0;
  masteryKind = <i32>hdr(H_MASTERY_KIND);
  regenWake = hdr(H_REGEN_WAKE) != 0;
  masteryRandomLoad(masteryKind); // mastery-random.ts
  masteryCoef = hdr(H_MASTERY_COEF);
  masterySchool = <i32>hdr(H_MASTERY_SCHOOL);
  masteryPets = hdr(H_MASTERY_PETS) != 0;
  masterySpellsReset(masteryKind == MASTERY_SPELLS ? <i32>hdr(H_MASTERY_SPELLS_LEN) : 0); // spec-mechanics.ts
  if (masteryKind == MASTERY_SPELLS) for (let i = 0; i < <i32>hdr(H_MASTERY_SPELLS_LEN); i++) masterySpellsSet(i, poolI(<i32>hdr(H_MASTERY_SPELLS_START) + i));
  masteryGateLoad(hdr(H_MASTERY_GATE_AURA));
  autoDamage = <i32>hdr(H_AUTO_DAMAGE);
  offDamage = autoDamage >= 0 ? <i32>hdr(H_OFFHAND_DAMAGE) - 1 : -1;
  pullAura = <i32>hdr(H_PULL_AURA) - 1;
  startAuras = <i32>hdr(H_START_AURAS);
  nStartAuras = <i32>hdr(H_START_AURAS_LEN);
  autoSwingMs = hdr(H_AUTO_SWING);
  weaponMin = hdr(H_WEAPON_MIN);
  weaponMax = hdr(H_WEAPON_MAX);
  gcdLock = <i32>hdr(H_GCD_LOCK);
  rotKind = <i32>hdr(H_ROT_KIND);
  rotStart = <i32>hdr(H_ROT_START);
  rotLen = <i32>hdr(H_ROT_LEN);
  hooksStart = <i32>hdr(H_HOOKS_START);
  hooksLen = <i32>hdr(H_HOOKS_LEN);

  hasOffGcd = false;
  nOffGcd = 0;
  nRotSpells = 0;
  const rsStart = <i32>hdr(H_ROT_SPELLS_START);
  const rsLen = <i32>hdr(H_ROT_SPELLS_LEN);
  const nCand = rsLen >= 0 ? rsLen : nSpells;
  for (let k = 0; k < nCand; k++) {
    const i = rsLen >= 0 ? poolI(rsStart + k) : k;
    if (!validSpell(i)) continue;
    const s = spellRec(i);
    if (nRotSpells < MAX_ROT_SPELLS) unchecked(rotSpells[nRotSpells++] = i);
    if (s.known != 0 && <i32>s.srLock != gcdLock) {
      hasOffGcd = true;
      if (nOffGcd < MAX_OFF_GCD) unchecked(offGcdSpells[nOffGcd++] = i);
      else nOffGcd = MAX_OFF_GCD + 1; // too many to pre-check: always offer OffGcdReady
    }
  }
  rotCastOnly = rotKind == 1 && <i32>hdr(H_ROT_CAST_ONLY) == 1 && rsLen >= 0 && nRotSpells == rsLen;
  rageRes = -1;
  rageRate = 0;
  for (let i = 0; i < nRes; i++) {
    if (resRec(i).ragePerDamageDealt > 0) {
      rageRes = i;
      rageRate = resRec(i).ragePerDamageDealt;
      break;
    }
  }

  // rotation (bytecode reads the i32 buffer and the constants section in place)
  if (rotKind == 1) {
    const cOff = unchecked(secOff[S_ROT_CONSTS]);
    const cLen = unchecked(secCount[S_ROT_CONSTS]);
    if (rotationCheck(imgI, imgILen, cLen) != ROT_OK) return LOAD_BAD_ROTATION;
    // Reuse the previous run's VM stacks when they are big enough (rotationLoad allocates, and the stub
    // runtime never frees: one allocation per runImage call would add up over many chunks).
    const nVars = load<i32>(imgI, 8);
    const depth = load<i32>(imgI, 12);
    const calls = load<i32>(imgI, 16);
    if (rot != null && nVars <= rotVarsCap && depth <= rotDepthCap && calls <= rotCallsCap) {
      const r = changetype<Rotation>(rot);
      r.code = imgI;
      r.codeLen = imgILen;
      r.consts = cOff;
      r.nVars = nVars;
      r.defaults = cOff + (<usize>load<i32>(imgI, 24) << 3);
      r.mainPc = imgI + (<usize>load<i32>(imgI, 20) << 2);
    } else {
      rot = rotationLoad(imgI, imgILen, cOff, cLen);
      rotVarsCap = max(nVars, 1);
      rotDepthCap = depth;
      rotCallsCap = max(calls, 1);
    }
  }
  // channel decisions (channel-decisions.ts): header 62 = pool offset, 63 = slots (0: none)
  chanLoad(pool + (<usize>(<i32>hdr(H_CHAN_START)) << 3), rotKind == 1 ? <i32>hdr(H_CHAN_SLOTS) : 0);
  cwcLoad(rotKind == 1 && hdr(H_CWC) != 0); // use_while_casting lines (cast-while-casting.ts)
  moveLoad(hdr(H_MOVE_FIRST), hdr(H_MOVE_PERIOD), hdr(H_MOVE_DURATION)); // movement windows (raid-events.ts)
  stackCostLoad(pool, <i32>hdr(H_STACK_COST_START), <i32>hdr(H_STACK_COST_LEN)); // before the cast tables: it unflags their fast paths
  buildCastReadyTable();
  // v3 scan rows: spells checked against nSpells, time bounds for this durationMs
  if (rotKind == 1 && rotationBind<EngineState>(state, changetype<Rotation>(rot)) != ROT_OK) return LOAD_BAD_ROTATION;
  buildCastPipelineTable();
  buildAuraTable();

  // state layout
  let nFilter = 0;
  for (let i = 0; i < nProcs; i++) nFilter += <i32>changetype<ProcRec>(procRecs + <usize>i * <usize>(PROC_STRIDE << 3)).filterLen;
  const need: usize = <usize>nFilter * 4 +
    <usize>nRes * 32 + <usize>nSpells * (SPELL_STATE_BYTES + 32 + 16 + 8) + <usize>(nLocks + nCatPools) * 8 +
    <usize>nChargePools * CHARGE_STATE_BYTES + <usize>nInst * AURA_STATE_BYTES + <usize>nRppm * 48 +
    <usize>nPets * PET_STATE_BYTES + 64 + <usize>nProcs * (8 + 12 + 4 * <usize>(MAX_OP_DEPTH + 2)) + <usize>nProcs * 4 +
    <usize>MAX_TIMERS * 8 + 256 * 12 + <usize>nEffects * 56 + <usize>nInst * 4 + 64 * 32 + <usize>nSpells * 4 + 32 +
    <usize>nDamage * (HP_BYTES + 4) + HP_VAR_BYTES + 16 + 64 + 48 /* hitSink */ +
    <usize>unchecked(secCount[S_OPS]) * 16 + <usize>nOpLists * 8 + 32 + <usize>unchecked(secCount[S_POOL]) * 4 + 16;
  if (need > arenaCap) {
    arenaCap = need + 4096;
    arena = heap.alloc(arenaCap);
  }
  arenaTop = arena;
  resSlots = carve(<usize>nRes * 32);
  spellState = carve(<usize>nSpells * SPELL_STATE_BYTES);
  lockUntil = carve(<usize>nLocks * 8);
  catReady = carve(<usize>nCatPools * 8);
  chargeState = carve(<usize>nChargePools * CHARGE_STATE_BYTES);
  auraState = carve(<usize>nInst * AURA_STATE_BYTES);
  rppmState = carve(<usize>nRppm * 48);
  petState = carve(<usize>nPets * PET_STATE_BYTES);
  memory.fill(petState, 0, <usize>nPets * PET_STATE_BYTES); // swing caches empty (PetState.ver)
  timerList = carve(<usize>MAX_TIMERS * 4);
  timerFree = carve(<usize>MAX_TIMERS * 4);
  spellAcc = carve(<usize>nSpells * 32);
  schoolCache = carve(256 * 8);
  schoolCacheVer = carve(256 * 4);
  spellCache = carve(<usize>nSpells * 16);
  spellCacheVer = carve(<usize>nSpells * 8);
  critMultLoad(carve(critMultBytes(nDamage)), nDamage, pool, <i32>hdr(H_CRIT_MULT_START), <i32>hdr(H_CRIT_MULT_LEN));
  critScaledLoad(carve(critScaledBytes(nDamage)), nDamage, pool, <i32>hdr(H_CRIT_SCALED_START), <i32>hdr(H_CRIT_SCALED_LEN)); // crit-scaled.ts (before the HitPrep flags)
  hitMirrorLoad(hdr(H_MIRROR_AURA), hdr(H_MIRROR_FRACTION), targets); // hit-mirror.ts (before HP_FAST is set)
  loadHitTables();
  healthCritLoad(carve(healthCritBytes(nDamage)), nDamage, pool, <i32>hdr(H_HEALTH_CRIT_START), <i32>hdr(H_HEALTH_CRIT_LEN));
  timedPetsLoad(carve(timedPetsBytes(nPets)), nPets, pool, <i32>hdr(H_TIMED_PETS_START), <i32>hdr(H_TIMED_PETS_LEN));
  loadOpTables();
  auraFlags = carve(<usize>nInst * 4);
  // the other targets' instances carry no stat or multiplier effects (docs/engine-image.md "Targets")
  memory.fill(auraFlags, 0, <usize>nInst * 4);
  for (let i = 0; i < nAuras; i++) {
    const a = auraRec(i);
    let f = <i32>a.effectsCount > 0 ? 1 : 0;
    for (let j = 0; j < <i32>a.effectsCount; j++) if (<i32>effectRec(<i32>a.effectsStart + j).type == E_HASTE) f |= 2;
    store<i32>(auraFlags + (<usize>i << 2), f);
  }
  if (masteryGateAura >= 0) store<i32>(auraFlags + (<usize>masteryGateAura << 2), load<i32>(auraFlags + (<usize>masteryGateAura << 2)) | 1); // its changes recompute the mastery
  actSchool = carve(<usize>nEffects * 24);
  actSpells = carve(<usize>nEffects * 32);
  // impact proc table (procs.ts layout): count + 5 pointers, then the arrays
  procTable = carve(24);
  const chances = carve(<usize>nProcs * 8);
  const flags = carve(<usize>nProcs * 4);
  const fStart = carve(<usize>nProcs * 4);
  const fLen = carve(<usize>nProcs * 4);
  procFired = carve(<usize>nProcs * 4 * <usize>(MAX_OP_DEPTH + 2));
  const fIds = carve(<usize>nFilter * 4);
  const tbl = changetype<ImpactProcTable>(procTable);
  tbl.count = nProcs;
  tbl.chances = chances;
  tbl.flags = flags;
  tbl.filterStart = fStart;
  tbl.filterLen = fLen;
  tbl.filterIds = fIds;
  let fp = 0;
  for (let i = 0; i < nProcs; i++) {
    const p = changetype<ProcRec>(procRecs + <usize>i * <usize>(PROC_STRIDE << 3));
    store<f64>(chances + (<usize>i << 3), p.chance);
    store<i32>(flags + (<usize>i << 2), <i32>p.flags);
    store<i32>(fStart + (<usize>i << 2), fp);
    const len = <i32>p.filterLen;
    store<i32>(fLen + (<usize>i << 2), len);
    for (let j = 0; j < len; j++) store<i32>(fIds + (<usize>(fp + j) << 2), poolI(<i32>p.filterStart + j));
    fp += len;
  }
  procSpellMask = carve(<usize>nSpells * 4);
  procFlagMask = carve(16);
  procMasked = nProcs <= 31; // 31: a full 32-bit mask would read as the -1 fallback
  if (procMasked) impactProcMasks(tbl, nSpells, procSpellMask, procFlagMask);
  for (let i = 0; i < nChargePools; i++) {
    const c = chargeSt(i);
    c.max = <i32>load<f64>(chargeRecs + <usize>i * <usize>(CHARGE_POOL_STRIDE << 3));
    c.rechargeMs = load<f64>(chargeRecs + <usize>i * <usize>(CHARGE_POOL_STRIDE << 3) + 8);
  }
  telLoad(nSpells, nAuras, nRes, nProcs, nRppm, fightMaxMs());
  loadHitRecs();
  return LOAD_OK;
}

/** Clears the run accumulators (engineRun adds to them; call once before a chunk). */
export function engineResetAccumulators(): void {
  accIterations = 0;
  accEvents = 0;
  accN = 0;
  accMean = 0;
  accM2 = 0;
  accMin = Infinity;
  accMax = -Infinity;
  accDamage = 0;
  accPet = 0;
  accUnknown = 0;
  accError = 0;
  memory.fill(spellAcc, 0, <usize>nSpells * 32);
  for (let k = 0; k < 8; k++) store<i64>(kindCounts + (<usize>k << 3), 0);
  telResetAcc();
}

/**
 * Runs iterations [iterStart, iterStart + n) of chunk `chunkId` with seeds seedFor(seedBase, chunkId, i).
 * Writes each iteration's DPS to perIterPtr (f64) when it is non-zero. Stops early (returns the number
 * completed) when an iteration exceeds the event budget; accumulators then hold the completed ones.
 */
export function engineRun(n: i32, seedBase: u64, chunkId: u32, iterStart: u32, perIterPtr: usize): i32 {
  const prefix = seedPrefix(seedBase, chunkId);
  for (let k = 0; k < n; k++) {
    const seed = seedFromPrefix(prefix, iterStart + <u32>k);
    rng.reseed(seed);
    const len = fightLengthFor(seed); // fight.ts: this iteration's encounter length
    // health mode (health.ts): the pool is sized for `len`, the iteration ends at its death, at the latest at a cap
    const cap = healthOn ? len * HEALTH_CAP_FACTOR : len;
    if (cap != durationMs) setFightLength(cap);
    if (healthOn) healthBegin(len);
    const dps = runIteration();
    if (budgetExceeded) {
      accError = 1;
      petFlushCounts();
      return k;
    }
    closeIterationTelemetry(); // sink folded into the run accumulators, then the DPS is recorded
    accIterations++;
    accEvents += <f64>iterEvents;
    accDamage += iterDamage;
    accPet += iterPet;
    // Welford streaming update (spec "DPS statistics")
    accN += 1;
    const delta = dps - accMean;
    accMean += delta / accN;
    accM2 += delta * (dps - accMean);
    if (dps < accMin) accMin = dps;
    if (dps > accMax) accMax = dps;
    if (perIterPtr != 0) store<f64>(perIterPtr + (<usize>k << 3), dps);
  }
  petFlushCounts();
  return n;
}

/** A new encounter length: the rotation's scan-row time bounds (queryTimeBound) depend on it. */
function setFightLength(ms: i64): void {
  durationMs = ms;
  if (rotKind == 1) rotationBind<EngineState>(state, changetype<Rotation>(rot)); // rows were checked at load
}

/**
 * Health mode: the end sentinel popped at `now`. True (the run ends, at the death or at the cap) or
 * the sentinel is queued again at the next check time (health.ts healthNextCheck).
 */
function healthAtEnd(): bool {
  if (now >= durationMs) return true; // the cap
  const next = healthNextCheck();
  if (next < 0) {
    durationMs = now; // the death: the iteration's length
    return true;
  }
  wheel().pushFromNow(min(next, durationMs), END_EVENT);
  return false;
}

/** The encounter length of the current (last) iteration, ms. */
export function engineFightMs(): f64 {
  return <f64>durationMs;
}

export const RESULT_HEADER: i32 = 16;
/** Result layout (f64): iterations, events, n, mean, m2, min, max, damage, pet, unknownCasts, error, 0 x 5, then casts/damage/hits/crits per spell. */
export function engineResults(outPtr: usize): void {
  store<f64>(outPtr, <f64>accIterations);
  store<f64>(outPtr, accEvents, 8);
  store<f64>(outPtr, accN, 16);
  store<f64>(outPtr, accMean, 24);
  store<f64>(outPtr, accM2, 32);
  store<f64>(outPtr, accMin, 40);
  store<f64>(outPtr, accMax, 48);
  store<f64>(outPtr, accDamage, 56);
  store<f64>(outPtr, accPet, 64);
  store<f64>(outPtr, accUnknown, 72);
  store<f64>(outPtr, <f64>accError, 80);
  memory.copy(outPtr + (<usize>RESULT_HEADER << 3), spellAcc, <usize>nSpells * 32);
}

// ======================================================================================
// Iteration
// ======================================================================================

function resetIteration(): void {
  // Drain what the last iteration left queued (-1: empty; the end sentinel, END_EVENT, is drained too
  // when a budget overrun left it queued), then move the empty wheel's clock to 0 (no clearing of its
  // 32768 slots): wheel time = iteration time, no t0 offset per push and per pop
  while (wheel().popValue() != -1) {}
  wheel().rebase();
  now = 0;
  immPending = false;
  // the end sentinel first: it precedes every event pushed for t = end (FIFO), so it pops exactly
  // where the loop must stop (first event at or after the end): no t >= end test per event
  // (health mode: the first death check, at 1 s; healthAtEnd re-queues it until the death or the cap)
  wheel().pushFromNow(healthOn ? min<i64>(1000, durationMs) : durationMs > 0 ? durationMs : 0, END_EVENT);
  for (let i = 0; i < nRes; i++) {
    const r = resRec(i);
    const s = resSlot(i);
    s.current = r.initial;
    s.max = r.max;
    s.regenPerSec = r.regenPerSec;
    s.lastSyncMs = 0;
  }
  for (let i = 0; i < nSpells; i++) {
    const s = spellSt(i);
    s.readyAt = 0;
    s.lastUsed = -1;
  }
  memory.fill(lockUntil, 0, <usize>nLocks * 8);
  memory.fill(catReady, 0, <usize>nCatPools * 8);
  clearNotBefore(); // cast-readiness bounds are times of the last iteration
  idleBound = 0;
  idleRes = -2;
  idleWakeAt = -1;
  for (let i = 0; i < nChargePools; i++) {
    const c = chargeSt(i);
    c.charges = c.max;
    c.nextAt = -1;
  }
  for (let i = 0; i < nInst; i++) {
    const a = auraSt(i);
    const g = a.gen + 1;
    memory.fill(changetype<usize>(a), 0, AURA_STATE_BYTES);
    a.gen = g;
    a.expireEv = -1;
  }
  for (let i = 0; i < nRppm; i++) {
    const rec = rppmRecs + <usize>i * <usize>(RPPM_STRIDE << 3);
    const t = rppmSt(i);
    t.rppm = load<f64>(rec);
    t.lastAttemptMs = 0;
    t.lastProcMs = 0;
    t.accumulatedBlp = 0;
    t.hasteScales = load<f64>(rec, 8);
    t.blpEnabled = load<f64>(rec, 16);
  }
  for (let i = 0; i < MAX_TIMERS; i++) store<i32>(timerFree + (<usize>i << 2), MAX_TIMERS - 1 - i);
  timerFreeTop = MAX_TIMERS;
  pendingReady = false;
  casting = false;
  channelSpell = -1;
  castTarget = 0;
  setCurTarget(0);
  chanReset();
  cwcReset();
  prevGcd = -1;
  prevGcd2 = -1;
  prevGcd3 = -1;
  prevCast = -1;
  prevOffGcd = -1;
  iterDamage = 0;
  iterPet = 0;
  hitAmount = 0;
  hitCrit = false;
  iterEvents = 0;
  budgetExceeded = false;
  telIterBegin();
  if (tlOn) for (let i = 0; i < nRes; i++) tlPush(0, TL_RESOURCE, i, resSlot(i).current);
  dirty = true;
  ensureStats();
  // the raid buff cast at the pull (SimC's optimal_raid default: Bloodlust at t = 0)
  if (pullAura >= 0) applyAura(pullAura, 1);
  for (let i = 0; i < nStartAuras; i++) applyAura(poolI(startAuras + i), 1); // timers started on entering combat
  if (rotKind == 1) rotationReset(changetype<Rotation>(rot));

  // simulation start hook: PlayerReady at t = 0, then swing timers
  pushReady(0);
  if (autoDamage >= 0) push(0, ev(EV_AUTO_ATTACK, 0, 0));
  if (offDamage >= 0) push(0, ev(EV_AUTO_ATTACK, 1, 0)); // off hand: its own chain (gen 1)
  if (timedGroups > 0) timedPetsReset();
  if (moveOn) { moveReset(); push(moveFirstAt(), ev(EV_COOLDOWN_READY, RAID_MOVE_START, 0)); } // raid-events.ts
  for (let p = 0; p < nPets; p++) {
    const ps = petSt(p);
    ps.gen = (ps.gen + 1) & 0xffff;
    if (petRec(p).startsActive != 0) {
      ps.active = 1;
      ps.count = 1;
      ps.expiresAt = NEVER;
      push(0, ev(EV_AUTO_ATTACK, ps.gen, 1 + p));
    } else {
      ps.active = 0;
      ps.count = 0;
      ps.expiresAt = 0;
    }
  }
}

// @ts-ignore: decorator
@inline function countKind(kind: i32): void {
  const kc = kindCounts + (<usize>kind << 3);
  store<i64>(kc, load<i64>(kc) + 1);
}

/** Sum of the per-kind counts of every kind but EV_AUTO_ATTACK (runIteration counts those one by one). */
function countedKinds(): i64 {
  let sum: i64 = 0;
  for (let k = 0; k < EV_AUTO_ATTACK; k++) sum += load<i64>(kindCounts + (<usize>k << 3));
  return sum;
}

/** Adds this iteration's AutoAttack events: the `processed` events less the other kinds counted since `counted0`. */
function addAutoAttackCount(processed: i32, counted0: i64): void {
  const kc = kindCounts + (<usize>EV_AUTO_ATTACK << 3);
  store<i64>(kc, load<i64>(kc) + <i64>processed - (countedKinds() - counted0));
}

// Queued at t = end by resetIteration (negative: popValue's `p < 0` test ends the loop on it; not -1,
// the empty queue), so the hot loop needs no t >= end test per event.
const END_EVENT: i32 = i32.MIN_VALUE;

// The event count, at a static address: a constant-address load/add/store per event (a local is
// spilled: its stack slot was stored twice per event)
const evCount: usize = memory.data(4, 4);

function runIteration(): f64 {
  resetIteration();
  store<i32>(evCount, 0);
  // AutoAttack events (~40 % of them) are not counted one by one: kind 7's count is derived on exit
  // from the event count and the other kinds' (counted in their switch cases).
  const counted0 = countedKinds();
  if (healthOn) {
    if (!runHealthFight(counted0)) return 0;
  } else if (!drainEvents(counted0)) return 0;
  const events = load<i32>(evCount);
  iterEvents = events;
  addAutoAttackCount(events, counted0);
  const secs = <f64>durationMs / 1000.0;
  return secs > 0 ? iterDamage / secs : 0.0;
}

/**
 * Health mode (health.ts): the end sentinel is a death check (the wheel always holds it then, so the
 * event loop never ends on an empty queue); it ends the run only at the death or the cap. Its own
 * function: the time-based loop keeps no trace of it.
 */
function runHealthFight(counted0: i64): bool {
  let ended = false;
  while (!ended) {
    if (!drainEvents(counted0)) return false;
    now = wheel().poppedT;
    ended = healthAtEnd();
  }
  return true;
}

/** The event loop: pops and dispatches events until the end sentinel (true) or the event budget (false). */
// @ts-ignore: decorator
@inline function drainEvents(counted0: i64): bool {
  for (;;) {
    let p: i32;
    if (immPending) {
      // pushed for t == now with nothing else pending at now: it is the next event (now unchanged)
      immPending = false;
      p = immPayload;
    } else {
      // payloads are >= 0 (kind < 8 in bits 28..30): -1 is empty, END_EVENT the normal terminal (the
      // first event at or after the encounter end; an immediate event is at now < end)
      p = wheel().popValue();
      if (p < 0) break;
      // set before the budget test: an overrun ends the run, now is reset by the next iteration
      now = wheel().poppedT;
    }
    const events = load<i32>(evCount) + 1;
    store<i32>(evCount, events);
    if (events > MAX_EVENTS) {
      iterEvents = events;
      budgetExceeded = true;
      addAutoAttackCount(events - 1, counted0); // this event is not processed
      return false;
    }
    const kind = p >>> 28;
    const gen = (p >>> 12) & 0xffff;
    const arg = p & 0xfff;
    switch (kind) {
      case EV_PLAYER_READY: {
        countKind(EV_PLAYER_READY);
        if (gen != readyGen) break; // superseded by a later PlayerReady
        pendingReady = false;
        casting = false; // a channel's final PlayerReady ends it
        channelSpell = -1;
        if (chanSlot > 0) chanOnEnd();
        onReady(false);
        break;
      }
      case EV_OFFGCD_READY: {
        countKind(EV_OFFGCD_READY);
        if (arg != 0) { onCwcReady(gen); break; } // arg 1: a decision inside a cast bar (cast-while-casting.ts)
        if (gen != offGen || casting) break;
        onReady(true);
        break;
      }
      case EV_CAST_START: countKind(EV_CAST_START); onCastStart(arg); break;
      case EV_CAST_COMPLETE: {
        countKind(EV_CAST_COMPLETE);
        if (cutSpell >= 0) { if (gen == 0 && moveDropCompletion(arg, now)) break; } // a cast interrupted by movement
        // a cast on another target: its aura applications and ops act on that target (one call site:
        // onCastComplete stays inlined here)
        const ct = castTarget;
        if (ct != 0) setCurTarget(ct);
        onCastComplete(arg);
        if (ct != 0) setCurTarget(0);
        if (gen != 0) cwcResume(); // gen 1: an instant cast inside a cast bar (onCwcReady)
        break;
      }
      case EV_AURA_TICK: {
        countKind(EV_AURA_TICK);
        if (arg & ARG_FLAG) onChannelTick(arg & (ARG_FLAG - 1), gen);
        else {
          // onAuraTick's entry checks, here: a stale tick (~38/iteration) costs no call. No bounds check:
          // aura ticks are pushed only by armTick, for an aura applyAura bounds-checked
          const st = auraSt(arg);
          // while active, st.gen is the masked value applyAura set (only resetIteration stores it unmasked, inactive)
          if (st.active != 0 && gen == st.gen && st.nextTickAt == now) onAuraTick(arg, gen, st);
        }
        break;
      }
      case EV_AURA_EXPIRE: {
        countKind(EV_AURA_EXPIRE);
        if (arg & ARG_FLAG) onTimer(arg & (ARG_FLAG - 1));
        else onAuraExpire(arg);
        break;
      }
      case EV_COOLDOWN_READY: {
        countKind(EV_COOLDOWN_READY);
        if (gen != 0) { onRaidEvent(gen); break; } // movement windows (raid-events.ts) ride on gen 1 / 2
        onCooldownReady(arg >> 10, arg & 1023);
        break;
      }
      default: onAutoAttack(arg, gen); break; // EV_AUTO_ATTACK: counted on exit
    }
  }
  return true;
}

// ======================================================================================
// Player readiness and rotation
// ======================================================================================

function pushReady(t: i64): void {
  // the new gen in a local: V8 reloads a global after a store to another one
  const g = (readyGen + 1) & 0xffff;
  readyGen = g;
  pendingReady = true;
  push(t, ev(EV_PLAYER_READY, g, 0));
}

// @ts-ignore: decorator
@inline function isIdle(): bool {
  return !pendingReady && !casting;
}

function wakeIfIdle(): void {
  if (isIdle()) {
    if (rotCastOnly) {
      if (idleSurelyNone()) return;
      if (!idleRotationCastable()) return;
    }
    pushReady(now);
  }
}

// Cast-only rotations (rotCastOnly): what the last failed idleRotationCastable learnt, still true later
// because cooldown ends move earlier only through reduceCooldown / resetCooldown (they clear idleBound)
// and spell costs are fixed. Before idleBound no spell then on cooldown (or lock, or out of charges)
// comes off it; the spells then off cooldown were refused for want of resource idleRes only (a simple
// cost, the cheapest idleCost), or idleRes is -1 (there were none) or -2 (some other refusal: no shortcut).
let idleBound: i64 = 0;
let idleRes: i32 = -2;
let idleCost: f64 = 0;

/** True when idleRotationCastable would surely answer false now (see idleBound). */
// @ts-ignore: decorator
@inline function idleSurelyNone(): bool {
  if (now >= idleBound) return false;
  const res = idleRes;
  if (res == -1) return true;
  if (res < 0) return false;
  syncRes(res);
  return resSlot(res).current + RES_EPS < idleCost;
}

/**
 * An idle player with a cast-only rotation (rotCastOnly) is woken only when one of the rotation's spells
 * passes castReady: otherwise the evaluation would answer None. What that evaluation would do besides
 * is done here: resources and stats brought up to now, and the idle wake armed again at the next
 * cooldown end (only a wake brings the player back; plain regeneration is no event).
 */
function idleRotationCastable(): bool {
  for (let i = 0; i < nRes; i++) syncResBody(i);
  let bound: i64 = NEVER;
  let res = -1;
  let cost = Infinity;
  for (let k = 0; k < nRotSpells; k++) {
    const spell = unchecked(rotSpells[k]);
    if (castReadyBody(spell)) return true;
    const t = cooldownReadyAt(spell);
    if (t > now) {
      if (t < bound) bound = t;
      continue;
    }
    // off cooldown, refused: a simple spell only for its one cost
    const r = crTab + <usize>spell * CR_BYTES;
    const costRes = load<i32>(r, 16);
    if ((load<i32>(r) & CRF_SIMPLE) != 0 && costRes >= 0 && (res == -1 || res == costRes)) {
      res = costRes;
      cost = min(cost, load<f64>(r, 32));
    } else res = -2;
  }
  idleBound = bound;
  idleRes = res;
  idleCost = cost;
  ensureStats();
  armIdleWake();
  return false;
}

/** The earliest time `spell`'s lock, own and category cooldown and charges allow it (resources aside). */
function cooldownReadyAt(spell: i32): i64 {
  const r = crTab + <usize>spell * CR_BYTES;
  if ((load<i32>(r) & CRF_KNOWN) == 0) return 0;
  let t = spellSt(spell).readyAt;
  const lock = load<i32>(r, 4);
  if (lock >= 0) t = max(t, lockAt(lock));
  const cat = load<i32>(r, 8);
  if (cat >= 0) t = max(t, catAt(cat));
  const cp = load<i32>(r, 12);
  if (cp >= 0) {
    const c = chargeSt(cp);
    if (c.charges < 1) t = max(t, c.nextAt < 0 ? NEVER : c.nextAt);
  }
  return t;
}

function onReady(offGcd: bool): void {
  for (let i = 0; i < nRes; i++) syncResBody(i); // syncResources, inlined: no call per decision
  let action: i32;
  if (rotKind == 1) action = selectAction<EngineState>(state, changetype<Rotation>(rot));
  else action = priorityAction();
  const kind = actionKind(action);
  if (kind == ACTION_CAST) {
    const spell = actionSpell(action);
    // the target the rotation chose (target_if / cycle_targets) travels with the cast
    castTarget = curTarget;
    setCurTarget(0);
    if (offGcd) {
      // the pending PlayerReady at the GCD end is superseded; CastComplete schedules the next one
      readyGen = (readyGen + 1) & 0xffff;
      pendingReady = false;
    }
    casting = true;
    push(now, ev(EV_CAST_START, 0, spell));
  } else if (kind == ACTION_WAIT) {
    if (offGcd) return;
    let until = now + <i64>actionWaitMs(action);
    // Wait clamping: at least 1 ms ahead (no zero-time spin), at most the encounter end
    if (until < now + 1) until = now + 1;
    if (until > durationMs) until = durationMs;
    pushReady(until);
  }
  // none: idle (nothing scheduled for the player; armIdleWake only marks the next cooldown end)
  else if (!offGcd) armIdleWake();
}

/**
 * The player went idle: arm one CooldownReady at the earliest own/category cooldown end of a rotation
 * spell, so the rotation is asked again when something comes off cooldown (charges have their own events).
 */
function armIdleWake(): void {
  let best: i64 = NEVER;
  let key = 0;
  for (let k = 0; k < nRotSpells; k++) {
    const i = unchecked(rotSpells[k]);
    const r = spellSt(i).readyAt;
    if (r > now && r < best) {
      best = r;
      key = (CD_OWN << 10) | i;
    }
    const cat = <i32>spellRec(i).catPool;
    if (cat >= 0) {
      const c = catAt(cat);
      if (c > now && c < best) {
        best = c;
        key = (CD_CAT << 10) | cat;
      }
    }
  }
  if (best < NEVER) {
    // the wake armed last is still due at that time for that cooldown: a second one would find the same state
    if (best != idleWakeAt || key != idleWakeKey) {
      idleWakeAt = best;
      idleWakeKey = key;
      push(best, ev(EV_COOLDOWN_READY, 0, key));
    }
  }
  if (regenWake) armRegenWake();
}

/**
 * H_REGEN_WAKE: also wake at the earliest time a rotation spell could be cast if nothing else changes
 * (readyTime: cooldowns, locks and the regeneration of its costs). Without it an energy-starved player with
 * no other resource gains stays idle until the next cooldown ends.
 */
function armRegenWake(): void {
  let best: i64 = NEVER;
  for (let k = 0; k < nRotSpells; k++) {
    const t = readyTime(unchecked(rotSpells[k]));
    if (t > now && t < best) best = t;
  }
  if (best < NEVER) push(best, ev(EV_COOLDOWN_READY, 0, CD_REGEN << 10));
}
// the idle wake armed last (armIdleWake): its time and CooldownReady key
let idleWakeAt: i64 = -1;
let idleWakeKey: i32 = 0;

/** Built-in priority list: first castable spell; a wait entry returns Wait(ms); else wait for the earliest castable time. */
function priorityAction(): i32 {
  for (let i = 0; i < rotLen; i++) {
    const kind = poolI(rotStart + 2 * i);
    const v = poolI(rotStart + 2 * i + 1);
    if (kind == 0) {
      if (castReady(v)) return (v << 2) | ACTION_CAST;
    } else {
      return (max(v, 0) << 2) | ACTION_WAIT;
    }
  }
  // nothing castable: wait exactly until the first entry can be cast (cooldown, lock or resource)
  let best: i64 = NEVER;
  for (let i = 0; i < rotLen; i++) {
    if (poolI(rotStart + 2 * i) != 0) continue;
    const t = readyTime(poolI(rotStart + 2 * i + 1));
    if (t < best) best = t;
  }
  if (best >= NEVER || best <= now) return 0;
  const ms = best - now;
  return (<i32>min<i64>(ms, (1 << 29) - 1) << 2) | ACTION_WAIT;
}

// @ts-ignore: decorator
@inline function validSpell(spell: i32): bool {
  return <u32>spell < <u32>nSpells;
}

// @ts-ignore: decorator
@inline function auraUp(a: i32): bool {
  return a >= 0 && auraSt(a).active != 0;
}

export function costOf(s: SpellRec): f64 {
  if (s.isChannel != 0) return 0;
  if (auraUp(<i32>s.costBypassAura)) return 0;
  return s.cost;
}

/** `cost` x (1 + perStack x stacks) of the spell's stack-cost aura (stack-cost.ts); `cost` itself without a rule. */
function stackedCost(spell: i32, cost: f64): f64 {
  const a = stackCostAura(spell);
  if (a < 0 || !(cost > 0)) return cost;
  const st = auraSt(instCur(a));
  return st.active != 0 ? cost * (1.0 + stackCostPerStack(spell) * <f64>st.stacks) : cost;
}

function hasResource(res: i32, amount: f64): bool {
  if (res < 0 || amount <= 0) return true;
  return resSlot(res).current + RES_EPS >= amount;
}

// Cast-readiness table: the SpellRec fields castReady and cdRemainsMs read, converted once per load
// (the records are f64 and read-only during a run; the rotation asks castReady ~10 times per evaluation,
// and each f64 -> i32 conversion is a checked truncation). CR_BYTES per spell:
//   0 flags (CRF_*), 4 srLock, 8 catPool, 12 chargePool, 16 costRes, 20 cost2Res, 24 costAura,
//   28 costBypassAura, 32 cost (f64), 40 cost2 (f64), 48 tickCost (f64)
const CR_BYTES: usize = 64;
const CRF_KNOWN: i32 = 1;
const CRF_CHANNEL: i32 = 2;
const CRF_SIMPLE: i32 = 4; // not a channel, no cost-bypass aura, no second cost, no aura cost: the cost check is one hasResource
let crTab: usize = 0;
let crCap: i32 = 0;
// "Not ready before T" (i64 per spell, engine ms): a lower bound of the next time castReady can say yes,
// set by castReady when the spell's own cooldown or its empty charge pool is what refuses it. Those
// times only move later on their own (a cast restarts them); what moves them earlier (reduceCooldown,
// resetCooldown, a cast that restarts the cooldown, a new iteration) clears the bound. The VM's
// castReady rejects such a spell with one compare (BM: bestial wrath, call of the wild, bloodshed, dire
// beast are asked ~580 times per iteration while on cooldown).
let nbTab: usize = 0;

// @ts-ignore: decorator
@inline function setNotBefore(spell: i32, t: i64): void {
  store<i64>(nbTab + (<usize>spell << 3), t);
}

// @ts-ignore: decorator
@inline function clearNotBefore(): void {
  memory.fill(nbTab, 0, <usize>nSpells << 3);
}

/** The exact cooldown part of castReady's answer: own cooldown end, or the recharge end of an empty pool (0 for unknown spells: always "ready"). */
function cooldownBound(spell: i32): i64 {
  const r = crTab + <usize>spell * CR_BYTES;
  if ((load<i32>(r) & CRF_KNOWN) == 0) return 0;
  let t = spellSt(spell).readyAt;
  const cp = load<i32>(r, 12);
  if (cp >= 0) {
    const c = chargeSt(cp);
    if (c.charges < 1 && c.nextAt > t) t = c.nextAt;
  }
  return t;
}

/** A cooldown of `spell` (its own, or its charge pool: every spell on the pool) moved: recompute the bounds. */
function refreshNotBefore(spell: i32): void {
  const cp = load<i32>(crTab + <usize>spell * CR_BYTES, 12);
  if (cp < 0) {
    setNotBefore(spell, cooldownBound(spell));
    return;
  }
  for (let i = 0; i < nSpells; i++) {
    if (load<i32>(crTab + <usize>i * CR_BYTES, 12) == cp) setNotBefore(i, cooldownBound(i));
  }
}

function buildCastReadyTable(): void {
  if (nSpells > crCap) {
    crCap = nSpells;
    crTab = heap.alloc(<usize>crCap * CR_BYTES);
    // entry -1 is a sentinel that is never ahead: the rotation's scan rows read it for their stop rows
    nbTab = heap.alloc(<usize>(crCap + 1) << 3) + 8;
    store<i64>(nbTab - 8, i64.MIN_VALUE);
  }
  clearNotBefore();
  for (let i = 0; i < nSpells; i++) {
    const s = spellRec(i);
    const r = crTab + <usize>i * CR_BYTES;
    const simple = s.isChannel == 0 && <i32>s.costBypassAura < 0 && (<i32>s.cost2Res < 0 || s.cost2 <= 0) && <i32>s.costAura < 0 && !stackCostHas(i);
    store<i32>(r, (s.known != 0 ? CRF_KNOWN : 0) | (s.isChannel != 0 ? CRF_CHANNEL : 0) | (simple ? CRF_SIMPLE : 0));
    store<i32>(r, <i32>s.srLock, 4);
    store<i32>(r, <i32>s.catPool, 8);
    store<i32>(r, <i32>s.chargePool, 12);
    store<i32>(r, <i32>s.costRes, 16);
    store<i32>(r, <i32>s.cost2Res, 20);
    store<i32>(r, <i32>s.costAura, 24);
    store<i32>(r, <i32>s.costBypassAura, 28);
    store<f64>(r, s.cost, 32);
    store<f64>(r, s.cost2, 40);
    store<f64>(r, s.tickCost, 48);
  }
}

/** Cooldowns, locks, charges and resources allow a cast now. Unknown spells are "ready" (their cast logs the warning). */
export function castReady(spell: i32): bool {
  return castReadyBody(spell);
}

// castReady's body: inlined at the rotation VM's one v3 castReady site (EngineState.castCheck), called elsewhere
// @ts-ignore: decorator
@inline function castReadyBody(spell: i32): bool {
  // nested ifs rather than && / ||: no materialized bools (BM: ~190 inlined checks per iteration)
  if (casting) return false;
  if (!validSpell(spell)) return false;
  const r = crTab + <usize>spell * CR_BYTES;
  const flags = load<i32>(r);
  if ((flags & CRF_KNOWN) == 0) return true;
  const lock = load<i32>(r, 4);
  if (lock >= 0) {
    if (lockAt(lock) > now) return false;
  }
  const readyAt = spellSt(spell).readyAt;
  if (readyAt > now) {
    setNotBefore(spell, readyAt);
    return false;
  }
  const cat = load<i32>(r, 8);
  if (cat >= 0) {
    if (catAt(cat) > now) return false;
  }
  const cp = load<i32>(r, 12);
  if (cp >= 0) {
    const c = chargeSt(cp);
    if (c.charges < 1) {
      if (c.nextAt > now) setNotBefore(spell, c.nextAt); // nextAt < 0 (no recharge running): no bound
      return false;
    }
  }
  if (moving) { if (moveBlocks(spell)) return false; } // a cast bar or channel while moving (raid-events.ts)
  const costRes = load<i32>(r, 16);
  // the general cost checks below reduce to this one for a simple spell (CRF_SIMPLE: one resource, no charges/extras)
  if (flags & CRF_SIMPLE) {
    // hasResource, as nested ifs
    if (costRes < 0) return true;
    const amount = load<f64>(r, 32);
    if (amount <= 0) return true;
    return resSlot(costRes).current + RES_EPS >= amount;
  }
  const isChannel = (flags & CRF_CHANNEL) != 0;
  // costOf(s): 0 for a channel or while the bypass aura is up
  let cost = isChannel || auraUp(load<i32>(r, 28)) ? 0.0 : load<f64>(r, 32);
  if (stackCostOn) cost = stackedCost(spell, cost);
  if (!hasResource(costRes, cost)) return false;
  if (!hasResource(load<i32>(r, 20), load<f64>(r, 40))) return false;
  if (isChannel && !hasResource(costRes, load<f64>(r, 48))) return false;
  const ca = load<i32>(r, 24);
  if (ca >= 0 && !auraUp(ca)) return false; // the aura is the cost (Hot Streak -> instant Pyroblast)
  return true;
}

/** ms until `res` holds `amount` at the current regen (NEVER if it never will). */
function resourceReadyAt(res: i32, amount: f64): i64 {
  if (res < 0 || amount <= 0) return now;
  const slot = resSlot(res);
  if (slot.current + RES_EPS >= amount) return now;
  if (amount > slot.max) return NEVER;
  const rate = regenRate(res);
  if (rate <= 0) return NEVER;
  return now + <i64>Math.ceil(((amount - slot.current) / rate) * 1000.0 - 1e-9);
}

/** Earliest time the spell could be cast if nothing else changes. */
function readyTime(spell: i32): i64 {
  if (!validSpell(spell)) return NEVER;
  const s = spellRec(spell);
  if (s.known == 0) return now;
  let t = now;
  const lock = <i32>s.srLock;
  if (lock >= 0) t = max(t, lockAt(lock));
  t = max(t, spellSt(spell).readyAt);
  const cat = <i32>s.catPool;
  if (cat >= 0) t = max(t, catAt(cat));
  const cp = <i32>s.chargePool;
  if (cp >= 0) {
    const c = chargeSt(cp);
    if (c.charges < 1) t = c.nextAt < 0 ? NEVER : max(t, c.nextAt);
  }
  t = max(t, resourceReadyAt(<i32>s.costRes, max(stackCostOn ? stackedCost(spell, costOf(s)) : costOf(s), s.isChannel != 0 ? s.tickCost : 0)));
  t = max(t, resourceReadyAt(<i32>s.cost2Res, s.cost2));
  if (<i32>s.costAura >= 0 && !auraUp(<i32>s.costAura)) return NEVER; // no way to know when the aura comes
  return t;
}

// ======================================================================================
// Cast pipeline
// ======================================================================================

// Cast-pipeline table: the SpellRec fields (and tail slots) the cast pipeline reads, converted once per
// load. Every `<i32>` / `<i64>` of an f64 record field is a saturating truncation (~8 x64 instructions
// with its NaN/range fix-up); a cast read ~25 of them. Same conversions as the record reads they
// replace, so the values are identical. Guards that combine a field with its amount (gain > 0,
// recovery > 0) are folded in: -1 = "nothing to do". CP_BYTES per spell (offsets below).
const CP_BYTES: usize = 176;
const CPF_KNOWN: i32 = 1;
const CPF_CHANNEL: i32 = 2;
const CPF_GCD_HASTED: i32 = 4;
const CPF_CAST_HASTED: i32 = 8;
const CPF_CHANNEL_CAST_STEPS: i32 = 16;
const CPF_ON_GCD: i32 = 32; // gcdLock >= 0 && srLock == gcdLock (prevGcd bookkeeping)
const CPF_FINISHER: i32 = 64; // finMax > 0 && cost2Res >= 0
const CPF_COST_EXTRA: i32 = 128; // costBypassAura, cost2Res or costAura >= 0 (general cost path)
const CPF_SOLO_POOL: i32 = 256; // known spell alone on its charge pool: refreshNotBefore(spell) is its own bound only
const CPF_CAST_EXTRA: i32 = 512; // a resource gain, cooldown-reduction effects or a stealth break (onCastComplete's rarer steps)
const CP_FLAGS = 0;
const CP_LOCK = 4;
const CP_MOD_COUNT = 8;
const CP_MOD_START = 12;
const CP_COST_RES = 16;
const CP_COST2_RES = 20;
const CP_COST_AURA = 24;
const CP_BYPASS_AURA = 28;
const CP_GAIN_RES = 32; // -1 unless gainRes >= 0 && gain > 0
const CP_GAIN2_RES = 36; // -1 unless gain2Res >= 0 && gain2 > 0
const CP_DAMAGE = 40;
const CP_APPLY_AURA = 44;
const CP_APPLY_STACKS = 48; // max(1, applyStacks)
const CP_CDR_START = 52;
const CP_CDR_COUNT = 56;
const CP_HOOK = 60;
const CP_STEALTH = 64;
const CP_CAT = 68;
const CP_CHARGE = 72;
const CP_SR_MS = 80; // i64
const CP_CAST_MS = 88; // i64
const CP_RECOVERY = 96; // i64; -1 unless recoveryMs > 0
const CP_CAT_RECOVERY = 104; // i64; -1 unless catPool >= 0 && catRecoveryMs > 0
const CP_COST = 112; // f64
const CP_COST2 = 120; // f64
const CP_GAIN = 128; // f64
const CP_GAIN2 = 136; // f64
const CP_FIN_MAX = 144; // f64
const CP_SR_MS_F = 152; // f64 (hasted GCD)
// The spell hook is one op that needs no list walk (HOOK_*: what runOps(hook, 0) would call, with the
// same converted arguments; procDepth is 0 at a CastComplete either way): one call less per cast
const CP_HOOK_KIND = 160; // HOOK_NONE: run the list with runOps
const CP_HOOK_A = 164; // i32: <i32>op.a
const CP_HOOK_B = 168; // i64: reduce_cooldown / summon_pet <i64>op.b; apply_aura max(1, <i32>op.b)
const HOOK_NONE: i32 = 0;
const HOOK_REDUCE_CD: i32 = 1;
const HOOK_APPLY_AURA: i32 = 2;
const HOOK_SUMMON_PET: i32 = 3;
let cpTab: usize = 0;
let cpCap: i32 = 0;
let chRecharge: usize = 0; // i64 x nChargePools: <i64> of the pool's recharge ms
let chCap: i32 = 0;

// @ts-ignore: decorator
@inline function cpRow(spell: i32): usize { return cpTab + <usize>spell * CP_BYTES; }

function buildCastPipelineTable(): void {
  if (nSpells > cpCap) {
    cpCap = nSpells;
    cpTab = heap.alloc(<usize>cpCap * CP_BYTES);
  }
  for (let i = 0; i < nSpells; i++) {
    const s = spellRec(i);
    const r = cpRow(i);
    const lock = <i32>s.srLock;
    const cost2Res = <i32>s.cost2Res;
    const cat = <i32>s.catPool;
    let f = (s.known != 0 ? CPF_KNOWN : 0) | (s.isChannel != 0 ? CPF_CHANNEL : 0);
    if (s.gcdHasted != 0) f |= CPF_GCD_HASTED;
    // a hasted cast of 0 ms stays 0 (round(0 / divisor) = 0, and trunc_sat maps a NaN to 0 as well):
    // only a non-zero cast bar pays the division
    if (s.castHasted != 0 && s.castMs != 0) f |= CPF_CAST_HASTED;
    if (spellSlot(i, SPELL_SLOT_CHANNEL_CAST_STEPS) != 0) f |= CPF_CHANNEL_CAST_STEPS;
    if (gcdLock >= 0 && lock == gcdLock) f |= CPF_ON_GCD;
    if (spellSlot(i, SPELL_SLOT_FIN_MAX) > 0 && cost2Res >= 0) f |= CPF_FINISHER;
    if (<i32>s.costBypassAura >= 0 || cost2Res >= 0 || <i32>s.costAura >= 0 || stackCostHas(i)) f |= CPF_COST_EXTRA;
    if ((<i32>s.gainRes >= 0 && s.gain > 0) || (<i32>s.gain2Res >= 0 && s.gain2 > 0) || <i32>s.cdrCount > 0 || <i32>s.breaksStealth >= 0) f |= CPF_CAST_EXTRA;
    const pool_ = <i32>s.chargePool;
    if (pool_ >= 0 && s.known != 0) {
      let others = 0;
      for (let j = 0; j < nSpells; j++) if (j != i && <i32>spellRec(j).chargePool == pool_) others++;
      if (others == 0) f |= CPF_SOLO_POOL;
    }
    store<i32>(r, f, CP_FLAGS);
    store<i32>(r, lock, CP_LOCK);
    store<i32>(r, <i32>spellSlot(i, SPELL_SLOT_CAST_MOD_COUNT), CP_MOD_COUNT);
    store<i32>(r, <i32>spellSlot(i, SPELL_SLOT_CAST_MOD_START), CP_MOD_START);
    store<i32>(r, <i32>s.costRes, CP_COST_RES);
    store<i32>(r, cost2Res, CP_COST2_RES);
    store<i32>(r, <i32>s.costAura, CP_COST_AURA);
    store<i32>(r, <i32>s.costBypassAura, CP_BYPASS_AURA);
    store<i32>(r, <i32>s.gainRes >= 0 && s.gain > 0 ? <i32>s.gainRes : -1, CP_GAIN_RES);
    store<i32>(r, <i32>s.gain2Res >= 0 && s.gain2 > 0 ? <i32>s.gain2Res : -1, CP_GAIN2_RES);
    store<i32>(r, <i32>s.damage, CP_DAMAGE);
    store<i32>(r, <i32>s.applyAura, CP_APPLY_AURA);
    store<i32>(r, max(1, <i32>s.applyStacks), CP_APPLY_STACKS);
    store<i32>(r, <i32>s.cdrStart, CP_CDR_START);
    store<i32>(r, <i32>s.cdrCount, CP_CDR_COUNT);
    store<i32>(r, <i32>s.hook, CP_HOOK);
    store<i32>(r, <i32>s.breaksStealth, CP_STEALTH);
    store<i32>(r, cat, CP_CAT);
    store<i32>(r, <i32>s.chargePool, CP_CHARGE);
    store<i64>(r, <i64>s.srMs, CP_SR_MS);
    store<i64>(r, <i64>s.castMs, CP_CAST_MS);
    store<i64>(r, s.recoveryMs > 0 ? <i64>s.recoveryMs : -1, CP_RECOVERY);
    store<i64>(r, cat >= 0 && s.catRecoveryMs > 0 ? <i64>s.catRecoveryMs : -1, CP_CAT_RECOVERY);
    store<f64>(r, s.cost, CP_COST);
    store<f64>(r, s.cost2, CP_COST2);
    store<f64>(r, s.gain, CP_GAIN);
    store<f64>(r, s.gain2, CP_GAIN2);
    store<f64>(r, spellSlot(i, SPELL_SLOT_FIN_MAX), CP_FIN_MAX);
    store<f64>(r, s.srMs, CP_SR_MS_F);
    let hk = HOOK_NONE;
    let ha = 0;
    let hb: i64 = 0;
    const hook = <i32>s.hook;
    if (<u32>hook < <u32>nOpLists) {
      const lp = opListRecs + <usize>hook * <usize>(OPLIST_STRIDE << 3);
      if (<i32>load<f64>(lp, 8) == 1) {
        const o = opRec(<i32>load<f64>(lp));
        const op = <i32>o.op;
        ha = <i32>o.a;
        if (op == OP_REDUCE_COOLDOWN) {
          hk = HOOK_REDUCE_CD;
          hb = <i64>o.b;
        } else if (op == OP_APPLY_AURA) {
          hk = HOOK_APPLY_AURA;
          hb = <i64>max(1, <i32>o.b);
        } else if (op == OP_SUMMON_PET) {
          hk = HOOK_SUMMON_PET;
          hb = <i64>o.b;
        }
      }
    }
    store<i32>(r, hk, CP_HOOK_KIND);
    store<i32>(r, ha, CP_HOOK_A);
    store<i64>(r, hb, CP_HOOK_B);
  }
  if (nChargePools > chCap) {
    chCap = nChargePools;
    chRecharge = heap.alloc(<usize>chCap * 8);
  }
  for (let i = 0; i < nChargePools; i++) {
    store<i64>(chRecharge + (<usize>i << 3), <i64>load<f64>(chargeRecs + <usize>i * <usize>(CHARGE_POOL_STRIDE << 3) + 8));
  }
}

// hasted GCD cache, keyed by (haste divisor, base ms): its value is a function of those two only, so
// it stays valid across loads and stat recomputes that leave haste alone (NaN: empty, never equal)
let gcdCacheDiv: f64 = NaN;
let gcdCacheMs: f64 = 0;
let gcdCacheVal: i64 = 0;

// @ts-ignore: decorator
@inline function chargeRechargeMs(cp: i32): i64 { return load<i64>(chRecharge + (<usize>cp << 3)); }

function onCastStart(spell: i32): void {
  if (!validSpell(spell)) {
    push(now, ev(EV_CAST_COMPLETE, 0, spell));
    return;
  }
  const r = cpRow(spell);
  const f = load<i32>(r, CP_FLAGS); // one load for the known check and the steps below
  if ((f & CPF_KNOWN) == 0) {
    push(now, ev(EV_CAST_COMPLETE, 0, spell));
    return;
  }
  if (hastePending) ensureStats(); // only the haste values are read here (see hastePending)
  const lock = load<i32>(r, CP_LOCK);
  if (lock >= 0) {
    let gcd: i64 = load<i64>(r, CP_SR_MS);
    if (f & CPF_GCD_HASTED) {
      // hasted GCD: one entry cached per (haste divisor, base ms); keyed by the divisor rather than the
      // stats version, which every stat change bumps (BM: 45 of 116 casts missed)
      const srMs = load<f64>(r, CP_SR_MS_F);
      if (gcdCacheDiv != hasteDivisor || gcdCacheMs != srMs) {
        gcdCacheDiv = hasteDivisor;
        gcdCacheMs = srMs;
        gcdCacheVal = max<i64>(hasteDiv(srMs), 750);
      }
      gcd = gcdCacheVal;
    }
    store<i64>(lockUntil + (<usize>lock << 3), now + gcd);
  }
  let castMs: i64 = f & CPF_CAST_HASTED ? hasteDiv(spellRec(spell).castMs) : load<i64>(r, CP_CAST_MS);
  if (castMs > 0) castMs = castTimeMods(spell, castMs);
  if (tlOn) tlPush(now, TL_CAST_START, spell, <f64>castMs);
  if (moveOn) moveCastStarted(spell, castMs > 0 ? now + castMs : -1);
  // no cost or cooldown is paid at this event
  push(now + castMs, ev(EV_CAST_COMPLETE, 0, spell));
  if (cwcOn) {
    if (castMs > 0) push(now, ev(EV_OFFGCD_READY, cwcBarStart(spell, now + castMs), 1)); // first decision inside the bar
  }
}

/**
 * A decision inside a cast bar (cast-while-casting.ts): the rotation is asked while the player casts, so
 * only its use_while_casting casts (OP_CASTW) can be chosen. A chosen spell executes now as an instant
 * (EV_CAST_COMPLETE with gen 1, on its chosen target); otherwise the next poll is scheduled.
 */
function onCwcReady(gen: i32): void {
  if (!casting || !cwcLive(gen, now)) return;
  for (let i = 0; i < nRes; i++) syncResBody(i);
  const a = selectAction<EngineState>(state, changetype<Rotation>(rot));
  if (actionKind(a) == ACTION_CAST) {
    cwcSetMainTarget(castTarget);
    castTarget = curTarget;
    setCurTarget(0);
    push(now, ev(EV_CAST_COMPLETE, 1, actionSpell(a)));
    return;
  }
  setCurTarget(0);
  const t = cwcNextPoll(now);
  if (t >= 0) push(t, ev(EV_OFFGCD_READY, cwcGen, 1));
}

/** After an instant cast inside a cast bar: the bar goes on (onCastComplete ended "casting" and scheduled
 *  a PlayerReady / OffGcdReady: superseded), its target is restored, and the rotation decides again now. */
function cwcResume(): void {
  casting = true;
  readyGen = (readyGen + 1) & 0xffff;
  pendingReady = false;
  offGen = (offGen + 1) & 0xffff;
  castTarget = cwcMainTarget;
  push(now, ev(EV_OFFGCD_READY, cwcNow(), 1));
}

/** OP_CASTW: castReady, except that a cast bar in progress does not block a spell usable during one. */
function castReadyWhileCasting(spell: i32): bool {
  if (!casting) return castReady(spell);
  if (!cwcUsable(spell)) return false;
  casting = false;
  const ok = castReady(spell);
  casting = true;
  return ok;
}

// Spell-record tail slots read by offset (extensions kept clear of the named SpellRec fields, which
// grow from the front): 37 channel runs steps 6 + 10 at its start (1/0); 38-39 cast-time modifiers,
// pool start and count of (aura index, factor) pairs: while the aura is up the cast bar is multiplied
// by the factor (0 = instant; several up multiply). Written by src/engine/image.ts (encodeImage).
const SPELL_SLOT_CHANNEL_CAST_STEPS: i32 = 37;
const SPELL_SLOT_CAST_MOD_START: i32 = 38;
const SPELL_SLOT_CAST_MOD_COUNT: i32 = 39;
// 34-36 finisher (combo points): 34 max points spent (0 = not a finisher): at step 3 the secondary cost
// resource is spent whole, min(floor(current), max) points (cost2 is the minimum to cast); the spell's own
// damage (step 7) is multiplied by the points spent; 35 aura index (-1 none) whose duration gains
// 36 ms per point spent when applied during this cast (Rupture, Envenom).
const SPELL_SLOT_FIN_MAX: i32 = 34;
const SPELL_SLOT_FIN_AURA: i32 = 35;
const SPELL_SLOT_FIN_MS: i32 = 36;
/** Damage multiplier of the next top-level dealDamage call (finisher points); read and reset there. */
let hitScale: f64 = 1.0;
/** Aura that gains finExtraMs of duration when applied during the current finisher cast (-1 none). */
let finAura: i32 = -1;
let finExtraMs: i64 = 0;
/** Combo points the last finisher cast spent, for its own spell hook (REDUCE_COOLDOWN with c = 1); set by finishers only. */
let hookFinPts: f64 = 0;

// @ts-ignore: decorator
@inline function spellSlot(spell: i32, slot: i32): f64 {
  return load<f64>(spellRecs + <usize>spell * <usize>(SPELL_STRIDE << 3) + (<usize>slot << 3));
}

/** Cast bar after the spell's cast-time modifier auras (Lock and Load, Trueshot, Streamline). */
export function castTimeMods(spell: i32, castMs: i64): i64 {
  const n = load<i32>(cpRow(spell), CP_MOD_COUNT);
  if (n == 0) return castMs;
  const start = load<i32>(cpRow(spell), CP_MOD_START);
  let f: f64 = 1.0;
  for (let i = 0; i < n; i++) {
    const at = pool + (<usize>(start + 2 * i) << 3);
    if (auraUp(<i32>load<f64>(at))) f *= load<f64>(at + 8);
  }
  return f == 1.0 ? castMs : <i64>Math.round(<f64>castMs * f);
}

function gcdEnd(): i64 {
  return gcdLock >= 0 ? max(lockAt(gcdLock), now) : now;
}

function onCastComplete(spell: i32): void {
  // 1. lookup
  // record fields come from the cast-pipeline table (pre-converted i32/i64: see buildCastPipelineTable)
  const r = cpRow(spell);
  // flags read once for the known check and the steps below (0 for an out-of-range spell)
  const f = validSpell(spell) ? load<i32>(r, CP_FLAGS) : 0;
  if ((f & CPF_KNOWN) == 0) {
    accUnknown += 1; // UNKNOWN_SPELL_CAST: counted and reported; no state change
    casting = false;
    return;
  }
  // 2. cast telemetry (effective GCD): counted in the per-spell casts below
  // 3. resources: primary + secondary cost, then gains
  telSetSrc(telSrcSpell(spell)); // resources spent/gained from here on (hooks included) are this spell's
  syncResourcesAtNow();
  const isChannel = (f & CPF_CHANNEL) != 0;
  const costRes = load<i32>(r, CP_COST_RES);
  let finPts: f64 = 0;
  if ((f & CPF_COST_EXTRA) == 0) {
    // common case: no bypass or cost aura, no secondary cost (so no finisher): the general path
    // below without its checks of those -1 fields
    const cost = isChannel ? 0.0 : load<f64>(r, CP_COST);
    if (!hasResource(costRes, cost)) {
      casting = false; // spent elsewhere during the cast bar: the cast fails without effects
      pushReady(gcdEnd());
      return;
    }
    if (costRes >= 0 && cost > 0) spendRes(costRes, cost);
  } else {
    // costOf(s): 0 for a channel or while the bypass aura is up
    let cost = isChannel || auraUp(load<i32>(r, CP_BYPASS_AURA)) ? 0.0 : load<f64>(r, CP_COST);
    if (stackCostOn) cost = stackedCost(spell, cost);
    const cost2Res = load<i32>(r, CP_COST2_RES);
    const cost2 = load<f64>(r, CP_COST2);
    const costAura = load<i32>(r, CP_COST_AURA);
    if (!hasResource(costRes, cost) || !hasResource(cost2Res, cost2) || (costAura >= 0 && !auraUp(costAura))) {
      // spent elsewhere during the cast bar: the cast fails without effects
      casting = false;
      pushReady(gcdEnd());
      return;
    }
    if (costRes >= 0 && cost > 0) spendRes(costRes, cost);
    if (f & CPF_FINISHER) {
      // finisher: spends every point up to its max (the cost2 minimum was checked above)
      finPts = min(Math.floor(resSlot(cost2Res).current + RES_EPS), load<f64>(r, CP_FIN_MAX));
      if (finPts > 0) spendRes(cost2Res, finPts);
      finAura = <i32>spellSlot(spell, SPELL_SLOT_FIN_AURA);
      setCastFinisherPoints(finPts); // per-point damage ops of this cast (spec-mechanics.ts)
      hookFinPts = finPts; // per-point cooldown reductions in this finisher's own hook (the manifest allows them nowhere else)
      finExtraMs = <i64>Math.round(finPts * spellSlot(spell, SPELL_SLOT_FIN_MS));
    } else if (cost2Res >= 0 && cost2 > 0) spendRes(cost2Res, cost2);
    if (costAura >= 0) consumeAura(costAura, 1); // paid like a cost: before damage (step 7) and its procs
  }
  // gains, cooldown-reduction effects and stealth breaks behind one flag test (none for most spells)
  const extra = (f & CPF_CAST_EXTRA) != 0;
  if (extra) {
    const gainR = load<i32>(r, CP_GAIN_RES);
    if (gainR >= 0) gainRes(gainR, load<f64>(r, CP_GAIN));
    const gain2R = load<i32>(r, CP_GAIN2_RES);
    if (gain2R >= 0) gainRes(gain2R, load<f64>(r, CP_GAIN2));
  }
  const acc = spellAcc + (<usize>spell << 5);
  store<f64>(acc, load<f64>(acc) + 1.0);
  if (tlOn) tlPush(now, TL_CAST, spell, 0);
  // 4. channel: ticks + final PlayerReady; steps 5-13 are skipped, except for a channel flagged
  // "cast steps" (SPELL_SLOT_CHANNEL_CAST_STEPS: game channels with a cooldown, e.g. Rapid Fire), which
  // starts its cooldown (step 6) and runs its spell hook (step 10) when the channel starts.
  if (isChannel) {
    const castSteps = (f & CPF_CHANNEL_CAST_STEPS) != 0;
    if (castSteps) startCooldowns(spell, r);
    startChannel(spell, spellRec(spell));
    if (castSteps && load<i32>(r, CP_HOOK) >= 0) runOps(load<i32>(r, CP_HOOK), 0);
    return;
  }
  casting = false;
  // 5. PlayerReady at max(GCD end, now); off-GCD spells may fire while the GCD runs
  const ge = gcdEnd();
  // pushReady(ge), inlined: one call less per cast
  const g = (readyGen + 1) & 0xffff;
  readyGen = g;
  pendingReady = true;
  push(ge, ev(EV_PLAYER_READY, g, 0));
  if (ge > now && hasOffGcd && offGcdCastable()) {
    offGen = (offGen + 1) & 0xffff;
    push(now, ev(EV_OFFGCD_READY, offGen, 0));
  }
  // 6. cooldowns start before damage
  startCooldowns(spell, r);
  // 7. damage
  const dmg = load<i32>(r, CP_DAMAGE);
  if (dmg >= 0) {
    if (finPts > 0) hitScale = finPts;
    dealDamage(dmg, false, -1, 0);
  }
  // 8. aura
  const aura = load<i32>(r, CP_APPLY_AURA);
  if (aura >= 0) applyAura(aura, load<i32>(r, CP_APPLY_STACKS));
  // 9. cooldown-reduction effects
  const cdrN = extra ? load<i32>(r, CP_CDR_COUNT) : 0;
  if (cdrN > 0) {
    const c0 = load<i32>(r, CP_CDR_START);
    for (let i = 0; i < cdrN; i++) {
      const c = cdrRec(c0 + i);
      const cond = <i32>c.condition;
      const target = <i32>c.target;
      if (cond == CDR_ALWAYS) reduceCooldown(target, <i64>c.amountMs);
      else if (cond == CDR_PROC_CHANCE) {
        if (rng.next() < c.chance) reduceCooldown(target, <i64>c.amountMs);
      } else if (cond == CDR_WHILE_AURA) {
        if (auraUp(<i32>c.aura)) reduceCooldown(target, <i64>c.amountMs);
      } else if (cond == CDR_RESET_WHILE_AURA) {
        if (auraUp(<i32>c.aura)) resetCooldown(target);
      }
    }
  }
  // 10. spell hook; 11. global cast hooks (see post-cast state)
  const hook = load<i32>(r, CP_HOOK);
  if (hook >= 0) {
    const hk = load<i32>(r, CP_HOOK_KIND);
    if (hk == HOOK_REDUCE_CD) reduceCooldownBody(load<i32>(r, CP_HOOK_A), load<i64>(r, CP_HOOK_B));
    else if (hk == HOOK_APPLY_AURA) applyAura(load<i32>(r, CP_HOOK_A), <i32>load<i64>(r, CP_HOOK_B));
    else if (hk == HOOK_SUMMON_PET) summonPet(load<i32>(r, CP_HOOK_A), load<i64>(r, CP_HOOK_B));
    else runOps(hook, 0);
  }
  // guarded: the loop's stack check is paid even for no global hooks
  if (hooksLen > 0) for (let i = 0; i < hooksLen; i++) runOps(poolI(hooksStart + i), 0);
  finAura = -1; // the finisher's duration bonus covers this cast's own applications only
  finExtraMs = 0;
  if (castFinisherPoints != 0) setCastFinisherPoints(0);
  // 12. stealth
  if (extra) {
    const st = load<i32>(r, CP_STEALTH);
    if (st >= 0 && auraSt(st).active != 0) removeAura(st);
  }
  // 13. bookkeeping
  spellSt(spell).lastUsed = now;
  prevCast = spell;
  if (f & CPF_ON_GCD) {
    prevGcd3 = prevGcd2;
    prevGcd2 = prevGcd;
    prevGcd = spell;
    prevOffGcd = -1;
  } else prevOffGcd = spell;
}

/**
 * Whether any spell outside the GCD could be cast now. OffGcdReady can only start such a cast (its
 * wait/none results are ignored), so skipping it when none is castable changes nothing but saves a
 * rotation evaluation per GCD.
 */
function offGcdCastable(): bool {
  if (nOffGcd > MAX_OFF_GCD) return true;
  for (let i = 0; i < nOffGcd; i++) if (castReady(unchecked(offGcdSpells[i]))) return true;
  return false;
}

function startChannel(spell: i32, s: SpellRec): void {
  if (hastePending) ensureStats(); // only the haste values are read here (see hastePending)
  const dur: f64 = s.channelHasted != 0 ? s.channelMs / hasteDivisor : s.channelMs;
  const n = max(1, <i32>s.channelTicks);
  const period = dur / <f64>n;
  channelGen = (channelGen + 1) & 0xffff;
  channelSpell = spell;
  for (let k = 1; k <= n; k++) push(now + <i64>Math.round(period * <f64>k), ev(EV_AURA_TICK, channelGen, spell | ARG_FLAG));
  pushReady(now + <i64>Math.round(dur));
  spellSt(spell).lastUsed = now;
  if (chanSlots > 0) chanOnStart(changetype<Rotation>(rot), spell, now + <i64>Math.round(dur));
}

function onChannelTick(spell: i32, gen: i32): void {
  if (gen != channelGen || channelSpell != spell) return;
  const s = spellRec(spell);
  telSetSrc(telSrcSpell(spell));
  const res = <i32>s.costRes;
  if (res >= 0 && s.tickCost > 0) {
    syncResourcesAtNow();
    if (!hasResource(res, s.tickCost)) {
      // cannot pay the tick: the channel ends here
      endChannelNow();
      return;
    }
    spendRes(res, s.tickCost);
  }
  const d = <i32>s.tickDamage;
  if (d >= 0) dealDamage(d, true, -1, 0);
  // the line that started the channel has tick-time options (interrupt_if, early_chain_if): decide
  if (chanSlot > 0) {
    casting = false; // the rotation is asked as if the channel ended now
    if (chanDecide<EngineState>(state, changetype<Rotation>(rot), spell, now, gcdEnd() <= now) == CHAN_END) endChannelNow();
    else casting = true;
  }
}

/** The running channel ends after this tick; the rotation decides now (the channel's PlayerReady is superseded). */
function endChannelNow(): void {
  channelGen = (channelGen + 1) & 0xffff;
  channelSpell = -1;
  casting = false;
  chanOnEnd();
  pushReady(now);
}

// ======================================================================================
// Cooldowns
// ======================================================================================

// @ts-ignore: decorator
@inline function startCooldowns(spell: i32, r: usize): void {
  // Own and category cooldowns are plain ready-at times (nothing changes when they end), so they only
  // get a CooldownReady event when an idle player needs waking (armIdleWake); charges recharge by event.
  // r: the spell's cast-pipeline table row (recovery -1: none).
  const rec = load<i64>(r, CP_RECOVERY);
  if (rec >= 0) {
    spellSt(spell).readyAt = now + rec;
    setNotBefore(spell, now + rec); // the cast's own cooldown is the spell's new "not ready before" (replaces the old bound)
  }
  const catRec = load<i64>(r, CP_CAT_RECOVERY);
  if (catRec >= 0) store<i64>(catReady + (<usize>load<i32>(r, CP_CAT) << 3), now + catRec);
  const cp = load<i32>(r, CP_CHARGE);
  if (cp >= 0) {
    const c = chargeSt(cp);
    c.charges--;
    if (c.nextAt < 0) {
      const rech = chargeRechargeMs(cp);
      c.nextAt = now + rech;
      // a positive recharge ends after now: no immediate-slot test
      if (rech > 0) pushLater(c.nextAt, ev(EV_COOLDOWN_READY, 0, (CD_CHARGE << 10) | cp));
      else push(c.nextAt, ev(EV_COOLDOWN_READY, 0, (CD_CHARGE << 10) | cp));
    }
    if (c.charges < 1 && c.nextAt > load<i64>(nbTab + (<usize>spell << 3))) setNotBefore(spell, c.nextAt); // out of charges until the recharge ends
  }
  if (tlOn) {
    const left = cdRemainsMs(spell);
    if (left > 0) tlPush(now, TL_COOLDOWN, spell, <f64>(now + left));
  }
}

/** EV_COOLDOWN_READY with gen RAID_MOVE_START / RAID_MOVE_END: a movement window starts or ends (raid-events.ts). */
const RAID_MOVE_START: i32 = 1;
const RAID_MOVE_END: i32 = 2;
function onRaidEvent(gen: i32): void {
  if (gen == RAID_MOVE_START) {
    moveStart();
    push(now + moveDuration(), ev(EV_COOLDOWN_READY, RAID_MOVE_END, 0));
    push(now + movePeriod(), ev(EV_COOLDOWN_READY, RAID_MOVE_START, 0));
    if (channelSpell >= 0) { endChannelNow(); return; } // a channel stops when the player moves
    if (casting && moveCutCast(now)) {
      // the cast bar is interrupted: its completion will be dropped; the player decides again after the GCD
      casting = false;
      if (cwcOn) cwcBarStart(-1, now); // no more decisions inside the dead bar
      pushReady(gcdEnd());
    }
    return;
  }
  moveEnd();
  // what the idle shortcuts learnt while moving no longer holds
  idleBound = 0;
  idleRes = -2;
  wakeIfIdle();
}

function onCooldownReady(sub: i32, idx: i32): void {
  if (sub == CD_CHARGE) {
    const c = chargeSt(idx);
    if (c.nextAt != now) return; // moved by a reduction: a newer event carries the live time
    completeCharge(idx);
  } else if (sub == CD_OWN) {
    if (spellSt(idx).readyAt != now) return;
  } else if (sub == CD_REGEN) {
    // regeneration wake: the cost it waited for is covered now (a stale one finds the player busy)
  } else {
    if (catAt(idx) != now) return;
  }
  wakeIfIdle();
}

// inlined at its callers (CooldownReady dispatch, reductions, resets): no call per completed charge
// @ts-ignore: decorator
@inline function completeCharge(idx: i32): void {
  const c = chargeSt(idx);
  if (c.charges < c.max) c.charges++;
  if (c.charges < c.max) {
    const rech = chargeRechargeMs(idx);
    c.nextAt = now + rech;
    // a positive recharge ends after now: no immediate-slot test
    if (rech > 0) pushLater(c.nextAt, ev(EV_COOLDOWN_READY, 0, (CD_CHARGE << 10) | idx));
    else push(c.nextAt, ev(EV_COOLDOWN_READY, 0, (CD_CHARGE << 10) | idx));
  } else {
    c.nextAt = -1;
  }
}

/**
 * refreshNotBefore(spell) for a spell on charge pool c. A pool of one known spell (CPF_SOLO_POOL) sets
 * that spell's cooldownBound directly, without the walk over every spell and two calls (BM: kill
 * command reduced by every cobra shot, barbed shot reset by wild call).
 */
// @ts-ignore: decorator
@inline function poolMoved(spell: i32, c: ChargeState): void {
  if (load<i32>(cpRow(spell), CP_FLAGS) & CPF_SOLO_POOL) {
    let b = spellSt(spell).readyAt;
    if (c.charges < 1 && c.nextAt > b) b = c.nextAt;
    setNotBefore(spell, b);
  } else refreshNotBefore(spell);
}

/** Reduces the spell's running recharge (charge pool) or its own cooldown by `ms`. */
function reduceCooldown(spell: i32, ms: i64): void {
  reduceCooldownBody(spell, ms);
}

/** reduceCooldown's body: inlined at the cast hook (Cobra Shot) and runOps's reduce_cooldown op: no call. */
// @ts-ignore: decorator
@inline function reduceCooldownBody(spell: i32, ms: i64): void {
  if (!validSpell(spell) || ms <= 0) return;
  idleBound = 0; // a cooldown end moves earlier
  const cp = load<i32>(cpRow(spell), CP_CHARGE);
  if (cp >= 0) {
    const c = chargeSt(cp);
    if (c.nextAt < 0) return;
    const t = c.nextAt - ms;
    if (t <= now) {
      // the recharge completes now; any excess carries into the next charge's recharge
      const excess = now - t;
      completeCharge(cp);
      if (c.nextAt >= 0 && excess > 0) {
        c.nextAt = max(now, c.nextAt - excess);
        if (c.nextAt == now) {
          completeCharge(cp);
        } else pushLater(c.nextAt, ev(EV_COOLDOWN_READY, 0, (CD_CHARGE << 10) | cp)); // nextAt > now here
      }
      wakeIfIdle();
    } else {
      c.nextAt = t;
      pushLater(t, ev(EV_COOLDOWN_READY, 0, (CD_CHARGE << 10) | cp)); // t > now here
    }
    poolMoved(spell, c); // the recharge moved earlier (every spell on the pool)
    return;
  }
  const st = spellSt(spell);
  if (st.readyAt <= now) return;
  st.readyAt = max(now, st.readyAt - ms);
  setNotBefore(spell, cooldownBound(spell)); // the own cooldown moved earlier
  if (st.readyAt == now) wakeIfIdle();
  else if (isIdle()) pushLater(st.readyAt, ev(EV_COOLDOWN_READY, 0, (CD_OWN << 10) | spell)); // readyAt > now here
}

/** Completes the running recharge (+1 charge) or makes the own cooldown ready now. */
function resetCooldown(spell: i32): void {
  if (!validSpell(spell)) return;
  idleBound = 0; // a cooldown end moved earlier
  const cp = load<i32>(cpRow(spell), CP_CHARGE);
  if (cp >= 0) {
    const c = chargeSt(cp);
    if (c.nextAt < 0) return;
    completeCharge(cp);
    poolMoved(spell, c); // a charge came back early
  } else {
    const st = spellSt(spell);
    if (st.readyAt <= now) return;
    st.readyAt = now;
    setNotBefore(spell, cooldownBound(spell));
  }
  wakeIfIdle();
}

// ======================================================================================
// Resources
// ======================================================================================

function regenRate(res: i32): f64 {
  const r = resSlot(res);
  return resRec(res).hasteScaled != 0 ? r.regenPerSec * hasteDivisor : r.regenPerSec;
}

function syncResources(): void {
  for (let i = 0; i < nRes; i++) syncResBody(i); // inlined: no call per resource (~290 syncs per iteration)
}

/**
 * Lazy regen of resource `i` up to now, with telemetry: the regen that landed is a "regen" gain and
 * what the cap cut off of rate x elapsed is its waste.
 */
function syncRes(i: i32): void {
  syncResBody(i);
}

// @ts-ignore: decorator
@inline function syncResBody(i: i32): void {
  const slot = resSlot(i);
  const last = slot.lastSyncMs;
  if (<f64>now <= last) return; // already synced at now: sync() and both hooks below would do nothing
  const scaled = resRec(i).hasteScaled != 0;
  const got = slot.sync(<f64>now, curHaste, scaled);
  // What regen landed is settled once per iteration from the resource's balance (closeIterationTelemetry),
  // which keeps this path, run at every resource query, cheap. At the cap, rate x elapsed minus what
  // landed is waste.
  if (slot.current >= slot.max && <f64>now > last) {
    const potential = slot.regenPerSec * (scaled ? 1.0 + curHaste / 100.0 : 1.0) * ((<f64>now - last) / 1000.0);
    if (potential > got) telGainFrom(i, telSrcRegen(), 0, potential - got);
  }
  if (tlOn && <f64>now > last) tlPush(now, TL_RESOURCE, i, slot.current);
}

// @ts-ignore: decorator
@inline function spendRes(res: i32, amount: f64): void {
  const slot = resSlot(res);
  if (slot.current < amount) slot.current = amount; // within RES_EPS (checked by the caller)
  slot.spend(amount);
  telSpend(res, amount);
  if (tlOn) tlPush(now, TL_RESOURCE, res, slot.current);
}

function gainRes(res: i32, amount: f64): void {
  if (!(<f64>now <= resSlot(res).lastSyncMs)) syncRes(res); // syncRes's own first test, without the call
  gainResFrom(res, amount);
}

/**
 * syncResources() with syncRes's first test (already synced at now: return) hoisted out of the calls:
 * an instant cast's CastComplete runs at the time its PlayerReady already synced.
 */
// @ts-ignore: decorator
@inline function syncResourcesAtNow(): void {
  for (let i = 0; i < nRes; i++) if (!(<f64>now <= resSlot(i).lastSyncMs)) syncRes(i);
}

// @ts-ignore: decorator
@inline function gainResFrom(res: i32, amount: f64): void {
  const slot = resSlot(res);
  const wasted = slot.gain(amount);
  telGain(res, amount - wasted, wasted);
  if (tlOn) tlPush(now, TL_RESOURCE, res, slot.current);
  wakeIfIdle(); // a gain may make a cast affordable (rage, procs): an idle player re-evaluates
}

// ======================================================================================
// Auras and stats
// ======================================================================================

// @ts-ignore: decorator
@inline export function ensureStats(): void {
  if (dirty) recomputeStats();
}

/**
 * A haste aura changed since the last recompute. The haste values (curHaste, hasteDivisor) are read
 * without ensureStats by the regen sync, so they are kept exactly as fresh as when every aura
 * application recomputed the stats: the lazy paths (applyAura, scheduleNextTick) recompute when set.
 */
let hastePending: bool = false;

function recomputeStats(): void {
  dirty = false;
  hastePending = false;
  statsVer++;
  let ap = baseAp;
  let sp = baseSp;
  let crit = baseCrit;
  let haste = baseHaste;
  let mastery = baseMastery;
  let vers = baseVers;
  let pm = 1.0;
  let petm = 1.0;
  let cv = 0.0;
  let cc = 0;
  let hasteMul = 1.0; // product of the haste auras' (1 + pct/100)^stacks
  let atkMul = 1.0; // product of the attack-speed auras' factors (spec-mechanics.ts)
  // The effects of the auras with effects, flattened (effFlat: aura ascending, then effect: the same
  // sum/product order as a walk over all auras and their effects); fields pre-read by buildAuraTable
  // (no per-aura row loads or inner loop). Act-list counts kept in locals.
  let nSch = 0;
  let nSpl = 0;
  // pointer walk and pre-scaled aura-state offsets: no multiply per effect
  const qEnd = effFlat + <usize>nEffFlat * EF_BYTES;
  for (let q = effFlat; q < qEnd; q += EF_BYTES) {
    const st = changetype<AuraState>(auraState + <usize>load<i32>(q, EF_AURA));
    if (st.active == 0) continue;
    const type = load<i32>(q, EF_TYPE);
    // scope bits: 1 player damage, 2 pet damage
    const scope = load<i32>(q, EF_SCOPE);
    const stacks = st.stacks;
    const value = load<f64>(q, EF_VALUE);
    if (type <= E_PRIMARY) {
      if (load<i32>(q, EF_OWNER) != 0) continue; // only player-owned auras change the stat sheet
      const v = value * <f64>stacks;
      // haste percentages multiply (Bloodlust's 30 % on 20 % rating haste: 1.2 x 1.3 = 56 %)
      if (type == E_HASTE) hasteMul *= powStacks(1.0 + value / 100.0, stacks);
      else if (type == E_CRIT) crit += v;
      else if (type == E_MASTERY) mastery += v;
      else if (type == E_VERS) vers += v;
      else {
        ap += v;
        sp += v;
      }
    } else if (type == E_DMG_MULT || type == E_DMG_MULT_STACKING) {
      const m = type == E_DMG_MULT ? powStacks(value, stacks) : value * powStacks(load<f64>(q, EF_A), stacks - 1);
      if (scope & 1) pm *= m;
      if (scope & 2) petm *= m;
    } else if (type == E_DMG_MULT_SCHOOL) {
      const p = actSchool + <usize>nSch * 24;
      store<f64>(p, powStacks(value, stacks));
      store<f64>(p, load<f64>(q, EF_A), 8);
      store<f64>(p, <f64>scope, 16);
      nSch++;
    } else if (type == E_DMG_MULT_SPELLS || type == E_DMG_MULT_SPELLS_ADD || type == E_DMG_MULT_SPELLS_ADD_MASTERY || type == E_DMG_MULT_SPELLS_ONCE) {
      const p = actSpells + <usize>nSpl * 32;
      store<f64>(p, type == E_DMG_MULT_SPELLS ? powStacks(value, stacks) : type == E_DMG_MULT_SPELLS_ONCE ? value : 1.0 + (value - 1.0) * <f64>stacks);
      // Savant: rewritten with the final mastery after the loop (coefficient in the pool slot after the list)
      if (type == E_DMG_MULT_SPELLS_ADD_MASTERY) msRecord(p, value - 1.0, stacks, load<f64>(pool + (<usize>(<i32>load<f64>(q, EF_A) + <i32>load<f64>(q, EF_B)) << 3)));
      store<f64>(p, load<f64>(q, EF_A), 8);
      store<f64>(p, load<f64>(q, EF_B), 16);
      store<f64>(p, <f64>scope, 24);
      nSpl++;
    } else if (type == E_CLEAVE) {
      if (value > cv) cv = value;
      if (<i32>load<f64>(q, EF_A) > cc) cc = <i32>load<f64>(q, EF_A);
    } else if (type == E_ATTACK_SPEED) atkMul *= powStacks(1.0 + value / 100.0, stacks);
  }
  setAttackSpeedMul(atkMul);
  if (msPending() > 0) {
    msApply(mastery);
    msReset();
  }
  nActSchool = nSch;
  nActSpells = nSpl;
  curAp = ap;
  curSp = sp;
  curCrit = crit;
  // rating haste alone: the same arithmetic as before haste auras multiplied (bit-identical results)
  const hasteF = hasteMul == 1.0 ? 1.0 + haste / 100.0 : (1.0 + haste / 100.0) * hasteMul;
  curHaste = hasteMul == 1.0 ? haste : (hasteF - 1.0) * 100.0;
  curMastery = mastery;
  curVers = vers;
  playerMult = pm;
  petMult = petm;
  hasteDivisor = hasteF;
  critChanceCur = crit / 100.0;
  versFactorCur = 1.0 + vers / 100.0;
  masteryMultCur = masteryKind >= 0 ? 1.0 + (mastery * masteryCoef) / 100.0 : 1.0;
  if (masteryGateAura >= 0 && auraSt(masteryGateAura).active == 0) masteryMultCur = 1.0; // mastery-gate.ts: the gate is shut
  cleaveValue = cv;
  cleaveCount = cc;
}

/**
 * Aura `idx` changed (applied, removed, stacks): stats are recomputed lazily. Auras without effects
 * change nothing; a haste change first accounts regen up to now at the old haste.
 */
// @ts-ignore: decorator
@inline function markDirty(idx: i32): void {
  const f = load<i32>(auraFlags + (<usize>idx << 2));
  if (f == 0) return;
  if (f & 2) {
    ensureStats();
    syncResourcesAtNow();
    hastePending = true;
  }
  dirty = true;
}

/** x^n for a small non-negative integer n (stack counts): exact repeated multiplication, no libm pow. */
// @ts-ignore: decorator
@inline function powStacks(x: f64, n: i32): f64 {
  let r = 1.0;
  for (let i = 0; i < n; i++) r *= x;
  return r;
}

/** Multiplier of the school-scoped effects for a hit (scope 0 player, 1 pet); cached per stats version. */
function schoolMult(mask: i32, pet: i32): f64 {
  const key = ((mask & 127) << 1) | pet;
  const vp = schoolCacheVer + (<usize>key << 2);
  if (load<i32>(vp) == statsVer) return load<f64>(schoolCache + (<usize>key << 3));
  let m = 1.0;
  const bit = 1 << pet;
  for (let i = 0; i < nActSchool; i++) {
    const p = actSchool + <usize>i * 24;
    if ((<i32>load<f64>(p, 16) & bit) != 0 && (<i32>load<f64>(p, 8) & mask) != 0) m *= load<f64>(p);
  }
  store<i32>(vp, statsVer);
  store<f64>(schoolCache + (<usize>key << 3), m);
  return m;
}

function spellMult(spell: i32, pet: i32): f64 {
  if (nActSpells == 0 || !validSpell(spell)) return 1.0;
  const key = (spell << 1) | pet;
  const vp = spellCacheVer + (<usize>key << 2);
  if (load<i32>(vp) == statsVer) return load<f64>(spellCache + (<usize>key << 3));
  const m = spellMultWalk(spell, pet);
  store<i32>(vp, statsVer);
  store<f64>(spellCache + (<usize>key << 3), m);
  return m;
}

// Aura table: the AuraRec fields the aura paths read (apply, tick, expire, recomputeStats), converted
// once per load like the cast-pipeline table (same conversions, identical values). AU_BYTES per aura.
const AU_BYTES: usize = 96;
const AUF_TICKS: i32 = 1; // tickPeriodMs > 0
const AUF_TICK_HASTED: i32 = 2;
const AUF_TICK_ON_APP: i32 = 4;
const AUF_SNAPSHOT: i32 = 8;
const AUF_RESIDUAL: i32 = 16;
const AUF_TICK_MAY_CRIT: i32 = 32;
const AU_FLAGS = 0;
const AU_MAX_STACKS = 4; // max(1, maxStacks)
const AU_REFRESH = 8;
const AU_TICK_DAMAGE = 12;
const AU_TICK_OPS = 16;
const AU_ON_EXPIRE = 20;
const AU_OWNER = 24;
const AU_SCOPE = 28; // damage scope bits (recomputeStats): 1 player, 2 pet
const AU_TICK_SNAP = 32; // the tick's dealDamage snapAura argument: idx for a snapshot aura, else -1
const AU_EFF_START = 36;
const AU_EFF_COUNT = 40;
const AU_TICK_GAIN_RES = 44; // tick ops are one gain_resource op on a valid resource: its resource (-1: no)
const AU_DURATION = 48; // i64
const AU_PERIOD = 56; // i64: max(1, <i64>tickPeriodMs) (un-hasted period)
const AU_TICK_GAIN = 64; // f64: that op's amount
const AU_TICK_PET = 72; // tick ops are one summon_pet op: its pet (-1: no)
const AU_TICK_PET_MS = 80; // i64: that op's <i64> duration
const AU_TICK_NO_CRIT = 88; // the tick's dealDamage noCrit argument: 0 if the tick may crit, else 1
const AU_BASE = 92; // the image aura this row's instance belongs to (itself below nAuras; targets.ts)
let auTab: usize = 0;
let auCap: i32 = 0;
// effFlat: one EF_BYTES entry per effect of every aura, aura ascending then effect (recomputeStats walks
// only these): aura index, <i32> type, owner, scope bits, and the EffectRec's value, a, b (bit copies)
const EF_BYTES: usize = 40;
const EF_AURA = 0; // byte offset of the aura's AuraState from auraState (index x AURA_STATE_BYTES)
const EF_TYPE = 4;
const EF_OWNER = 8;
const EF_SCOPE = 12;
const EF_VALUE = 16; // f64
const EF_A = 24; // f64
const EF_B = 32; // f64
let effFlat: usize = 0;
let effFlatCap: i32 = 0;
let nEffFlat: i32 = 0;

// @ts-ignore: decorator
@inline function auRow(idx: i32): usize { return auTab + <usize>idx * AU_BYTES; }

function buildAuraTable(): void {
  let nTypes = 0;
  for (let i = 0; i < nAuras; i++) nTypes += max(0, <i32>auraRec(i).effectsCount);
  if (nInst > auCap) {
    auCap = nInst;
    auTab = heap.alloc(<usize>auCap * AU_BYTES);
  }
  if (nTypes > effFlatCap) {
    effFlatCap = nTypes;
    effFlat = heap.alloc(<usize>effFlatCap * EF_BYTES);
  }
  nEffFlat = 0;
  for (let i = 0; i < nAuras; i++) {
    const a = auraRec(i);
    const r = auRow(i);
    let f = a.tickPeriodMs > 0 ? AUF_TICKS : 0;
    if (a.tickHasted != 0) f |= AUF_TICK_HASTED;
    if (a.tickOnApplication != 0) f |= AUF_TICK_ON_APP;
    if (a.snapshot != 0) f |= AUF_SNAPSHOT;
    if (a.residual != 0) f |= AUF_RESIDUAL;
    if (a.tickMayCrit != 0) f |= AUF_TICK_MAY_CRIT;
    const owner = <i32>a.owner;
    store<i32>(r, f, AU_FLAGS);
    store<i32>(r, max(1, <i32>a.maxStacks), AU_MAX_STACKS);
    store<i32>(r, <i32>a.refresh, AU_REFRESH);
    store<i32>(r, <i32>a.tickDamage, AU_TICK_DAMAGE);
    store<i32>(r, <i32>a.tickOps, AU_TICK_OPS);
    store<i32>(r, <i32>a.onExpire, AU_ON_EXPIRE);
    store<i32>(r, owner, AU_OWNER);
    const scope = owner == 0 ? (a.appliesToPets != 0 ? 3 : 1) : owner == 1 ? 3 : 2;
    store<i32>(r, scope, AU_SCOPE);
    // a damage tick's dealDamage arguments, decided here rather than from the flags at every tick
    store<i32>(r, a.snapshot != 0 ? i : -1, AU_TICK_SNAP);
    store<i32>(r, a.tickMayCrit != 0 ? 0 : 1, AU_TICK_NO_CRIT);
    const e0 = <i32>a.effectsStart;
    const en = <i32>a.effectsCount;
    store<i32>(r, e0, AU_EFF_START);
    store<i32>(r, en, AU_EFF_COUNT);
    for (let j = 0; j < en; j++) {
      const e = effectRec(e0 + j);
      const q = effFlat + <usize>(nEffFlat++) * EF_BYTES;
      store<i32>(q, i * <i32>AURA_STATE_BYTES, EF_AURA); // auraSt(i) - auraState
      store<i32>(q, <i32>e.type, EF_TYPE);
      store<i32>(q, owner, EF_OWNER);
      store<i32>(q, scope, EF_SCOPE);
      store<f64>(q, e.value, EF_VALUE);
      store<f64>(q, e.a, EF_A);
      store<f64>(q, e.b, EF_B);
    }
    store<i64>(r, <i64>a.durationMs, AU_DURATION);
    store<i64>(r, max<i64>(1, <i64>a.tickPeriodMs), AU_PERIOD);
    // a tick whose op list is one gain_resource (periodic regen, e.g. Barbed Shot's focus) calls gainRes
    // directly: the same call runOps would make, without its list walk and op decoding
    let gainRes_ = -1;
    let gainAmt = 0.0;
    const ops = <i32>a.tickOps;
    if (<u32>ops < <u32>nOpLists) {
      const lp = opListRecs + <usize>ops * <usize>(OPLIST_STRIDE << 3);
      if (<i32>load<f64>(lp, 8) == 1) {
        const o = opRec(<i32>load<f64>(lp));
        if (<i32>o.op == OP_GAIN_RESOURCE && <u32>(<i32>o.a) < <u32>nRes) {
          gainRes_ = <i32>o.a;
          gainAmt = o.b;
        }
      }
    }
    store<i32>(r, gainRes_, AU_TICK_GAIN_RES);
    store<f64>(r, gainAmt, AU_TICK_GAIN);
    // likewise one summon_pet op (Call of the Wild): summonPet reads no proc depth, so the direct call
    // is the one runOps would make
    let pet = -1;
    let petMs: i64 = 0;
    if (<u32>ops < <u32>nOpLists) {
      const lp = opListRecs + <usize>ops * <usize>(OPLIST_STRIDE << 3);
      if (<i32>load<f64>(lp, 8) == 1) {
        const o = opRec(<i32>load<f64>(lp));
        if (<i32>o.op == OP_SUMMON_PET && <i32>o.a >= 0) {
          pet = <i32>o.a;
          petMs = <i64>o.b;
        }
      }
    }
    store<i32>(r, pet, AU_TICK_PET);
    store<i64>(r, petMs, AU_TICK_PET_MS);
    store<i32>(r, i, AU_BASE);
  }
  // the other targets' instances of target-owned auras: the same row, with their own snapshot index
  for (let i = nAuras; i < nInst; i++) {
    const b = instBase(i);
    const r = auRow(i);
    memory.copy(r, auRow(b), AU_BYTES);
    if (load<i32>(r, AU_TICK_SNAP) >= 0) store<i32>(r, i, AU_TICK_SNAP);
  }
}

function applyAura(idx: i32, stacks: i32): void {
  applyAuraBody(idx, stacks);
}

/** applyAura's body: inlined into runOps's apply_aura op (Barbed Shot's hook applies four auras). */
// @ts-ignore: decorator
@inline function applyAuraBody(idx: i32, stacks: i32): void {
  if (<u32>idx >= <u32>nAuras) return;
  const base = idx;
  if (curTarget != 0) idx = instOn(curTarget, idx); // a target-owned aura goes on the current target
  const r = auRow(idx);
  const f = load<i32>(r, AU_FLAGS);
  const st = auraSt(idx);
  const dur = base == finAura ? load<i64>(r, AU_DURATION) + finExtraMs : load<i64>(r, AU_DURATION);
  const maxStacks = load<i32>(r, AU_MAX_STACKS);
  if (st.active == 0) {
    markDirty(idx);
    // now and the new expiry in locals: V8 reloads a global after each memory store
    const t = now;
    const exp = dur > 0 ? t + dur : NEVER;
    if (idx < nAuras) telAura(idx, 0, min(stacks, maxStacks), t, 1); // aura telemetry: the primary target's instances
    st.active = 1;
    st.stacks = min(stacks, maxStacks);
    st.gen = (st.gen + 1) & 0xffff;
    st.appliedAt = t;
    st.expiresAt = exp;
    st.tickPending = 0;
    st.lastTickAt = t;
    st.bank = 0;
    if (dur > 0) {
      const pend = st.expireEv;
      if (pend < 0 || pend > exp) {
        st.expireEv = exp;
        pushLater(exp, ev(EV_AURA_EXPIRE, 0, idx)); // now + dur, dur > 0
      }
    }
    // Stats are recomputed lazily (dealDamage and every other reader of the stat sheet call ensureStats):
    // only a snapshot needs them now, and the haste values (read unguarded by the regen sync) must be
    // as fresh as they were when this recomputed unconditionally: the same values at every read.
    // A non-snapshot aura's snapshot is never read (dealDamage gets snapAura only for AUF_SNAPSHOT).
    if (hastePending) ensureStats();
    if (f & AUF_SNAPSHOT) {
      ensureStats();
      snapshotInto(st);
    }
    if (f & AUF_TICKS) {
      if (f & AUF_TICK_ON_APP) auraTickEffects(idx, r, st);
      scheduleTickFromNow(idx, r, st); // lastTickAt = now (set above; tick effects do not move it)
    }
    return;
  }
  // refresh
  const newStacks = min(st.stacks + stacks, maxStacks);
  if (idx < nAuras) telAura(idx, st.stacks, newStacks, now, 2);
  if (newStacks != st.stacks) {
    markDirty(idx);
    st.stacks = newStacks;
  }
  if (dur > 0) {
    const mode = load<i32>(r, AU_REFRESH);
    const remaining = st.expiresAt - now;
    let next = st.expiresAt;
    if (mode == 0) next = now + dur;
    else if (mode == 1) next = now + min<i64>(remaining + dur, <i64>Math.round(1.3 * <f64>dur)); // pandemic
    else if (mode == 2) next = st.expiresAt + dur;
    // expiry only moves later here: the pending AuraExpire re-arms itself at the new time when it pops
    st.expiresAt = next;
  }
  if (hastePending) ensureStats(); // lazy stats: see the application path above
  if (f & AUF_SNAPSHOT) {
    ensureStats();
    snapshotInto(st);
  }
  if ((f & AUF_TICKS) != 0 && st.tickPending == 0) scheduleNextTick(idx, r, st);
}

function snapshotInto(st: AuraState): void {
  st.snapAp = curAp;
  st.snapSp = curSp;
  st.snapCrit = curCrit;
  st.snapVers = curVers;
  st.snapMastery = curMastery;
  if (masteryGateAura >= 0 && auraSt(masteryGateAura).active == 0) st.snapMastery = 0; // mastery-gate.ts
}

/** r: the aura's table row (auRow). Inlined: ~240 calls/iteration (BM), mostly from onAuraTick. */
// @ts-ignore: decorator
@inline function scheduleNextTick(idx: i32, r: usize, st: AuraState): void {
  const period = tickPeriod(idx, r);
  armTick(idx, st, max(st.lastTickAt + period, now + (st.lastTickAt + period <= now ? period : 0)));
}

/** The aura's tick period now (hasted periods use the current haste). */
// @ts-ignore: decorator
@inline function tickPeriod(idx: i32, r: usize): i64 {
  // Only the haste values are read here (hasted period): fresh unless a haste aura changed since the
  // last recompute (the rest of the stat sheet is recomputed lazily by its readers).
  if (hastePending) ensureStats();
  return load<i32>(r, AU_FLAGS) & AUF_TICK_HASTED ? max<i64>(1, hasteDiv(auraRec(load<i32>(r, AU_BASE)).tickPeriodMs)) : load<i64>(r, AU_PERIOD);
}

/** Schedules the aura's next tick at `next`, unless that falls after its expiry. */
// @ts-ignore: decorator
@inline function armTick(idx: i32, st: AuraState, next: i64): void {
  if (next > st.expiresAt) {
    st.tickPending = 0;
    return;
  }
  st.nextTickAt = next;
  st.tickPending = 1;
  // next > now (both callers add a period >= 1 to now or to a lastTickAt + period > now): no immediate slot
  pushLater(next, ev(EV_AURA_TICK, st.gen, idx));
}

/**
 * scheduleNextTick when lastTickAt == now (a tick that just ran, a fresh application): the period is
 * >= 1, so max(lastTickAt + period, now + 0) is now + period. Same event, fewer compares: -1.6k (BM).
 */
// @ts-ignore: decorator
@inline function scheduleTickFromNow(idx: i32, r: usize, st: AuraState): void {
  armTick(idx, st, now + tickPeriod(idx, r));
}

// @ts-ignore: decorator
@inline function auraTickEffects(idx: i32, r: usize, st: AuraState): void {
  const saved = telSetSrc(telSrcAura(load<i32>(r, AU_BASE)));
  const d = load<i32>(r, AU_TICK_DAMAGE);
  if (d >= 0) {
    const f = load<i32>(r, AU_FLAGS);
    if (f & AUF_RESIDUAL) residualTick(d, idx, r, st);
    else dealDamage(d, true, load<i32>(r, AU_TICK_SNAP), load<i32>(r, AU_TICK_NO_CRIT));
  }
  const ops = load<i32>(r, AU_TICK_OPS);
  if (ops >= 0 && st.active != 0) {
    // one gain_resource op: runOps(ops, 0) would make exactly this call (see buildAuraTable), so it is made directly
    const gr = load<i32>(r, AU_TICK_GAIN_RES);
    if (gr >= 0) {
      // gainRes(gr, amount), inlined, with syncRes's body inlined too (two calls less per regen tick)
      syncResBody(gr);
      gainResFrom(gr, load<f64>(r, AU_TICK_GAIN));
    } else {
      const pet = load<i32>(r, AU_TICK_PET);
      if (pet >= 0) summonPet(pet, load<i64>(r, AU_TICK_PET_MS));
      else runOpsOn(idx, ops);
    }
  }
  telSetSrc(saved);
}

/**
 * Residual (Ignite-style) tick: the bank is spread evenly over the ticks left, this one included
 * (floor((expiresAt - now) / period) + 1, so the last tick before expiry empties it). The banked amount
 * is already final damage: no crit roll, versatility, multipliers or armor again. Attributed to the
 * tick entry's spell; a periodic hit for impact procs.
 */
function residualTick(d: i32, idx: i32, r: usize, st: AuraState): void {
  if (<u32>d >= <u32>nDamage || !(st.bank > 0)) return;
  const period: i64 = load<i32>(r, AU_FLAGS) & AUF_TICK_HASTED ? max<i64>(1, hasteDiv(auraRec(load<i32>(r, AU_BASE)).tickPeriodMs)) : load<i64>(r, AU_PERIOD);
  const left = max<i64>(0, st.expiresAt - now) / period + 1;
  const amt = st.bank / <f64>left;
  st.bank -= amt;
  if (left == 1) st.bank = 0;
  recordHit(<i32>damageRec(d).spell, amt, false, false, true);
}

/**
 * A live tick of aura idx (st = auraSt(idx)): the caller checked it (active, gen == st.gen, due now).
 * Inlined into the dispatch (~160 live ticks per iteration, BM: no call frame); onAuraExpire's rare
 * tick-at-expiry goes through auraTickAtExpiry (one copy in the dispatch only).
 */
// @ts-ignore: decorator
@inline function onAuraTick(idx: i32, gen: i32, st: AuraState): void {
  const r = auRow(idx);
  st.lastTickAt = now;
  st.tickPending = 0;
  auraTickEffects(idx, r, st);
  // nested ifs: no materialized bool for the && (reschedule with live haste)
  if (st.active != 0) {
    if (st.gen == gen) scheduleTickFromNow(idx, r, st);
  }
}

function auraTickAtExpiry(idx: i32, st: AuraState): void {
  onAuraTick(idx, st.gen, st);
}

function onAuraExpire(idx: i32): void {
  if (<u32>idx >= <u32>nInst) return;
  const st = auraSt(idx);
  if (st.expireEv != now) return; // superseded by an earlier-armed event
  st.expireEv = -1;
  if (st.active == 0) return;
  if (st.expiresAt > now) {
    // refreshed: no-op for the aura; re-arm at the new expiry
    st.expireEv = st.expiresAt;
    pushLater(st.expiresAt, ev(EV_AURA_EXPIRE, 0, idx)); // expiresAt > now here
    return;
  }
  // a tick due exactly at expiry lands before the removal
  // (active here, and only applyAura activates, storing a masked gen: the tick's gen check holds)
  if (st.tickPending != 0) {
    if (st.nextTickAt == now) auraTickAtExpiry(idx, st); // nested ifs: no materialized bool
  }
  if (st.active != 0) removeAura(idx);
  wakeIfIdle();
}

// @ts-ignore: decorator
@inline function removeAura(idx: i32): void {
  const st = auraSt(idx);
  if (st.active == 0) return;
  markDirty(idx);
  if (idx < nAuras) telAura(idx, st.stacks, 0, now, 0);
  st.active = 0;
  st.stacks = 0;
  st.tickPending = 0;
  st.bank = 0; // undealt residual damage is lost with the aura
  st.gen = (st.gen + 1) & 0xffff; // pending ticks of this instance become stale
  const onExp = load<i32>(auRow(idx), AU_ON_EXPIRE);
  if (onExp >= 0) {
    const saved = telSetSrc(telSrcAura(load<i32>(auRow(idx), AU_BASE)));
    runOpsOn(idx, onExp);
    telSetSrc(saved);
  }
}

/**
 * runOps(list, 0) for the ops of aura instance `inst` (its ticks, its removal): they act on the
 * instance's target (targets.ts), whatever the current target is when the tick or expiry happens.
 */
function runOpsOn(inst: i32, list: i32): void {
  const t = instTarget(inst);
  if (t == curTarget) runOps(list, 0);
  else {
    const saved = curTarget;
    setCurTarget(t);
    runOps(list, 0);
    setCurTarget(saved);
  }
}

function consumeAura(idx: i32, stacks: i32): void {
  if (<u32>idx >= <u32>nAuras) return;
  idx = instCur(idx);
  const st = auraSt(idx);
  if (st.active == 0) return;
  if (stacks <= 0 || stacks >= st.stacks) {
    removeAura(idx);
    return;
  }
  markDirty(idx);
  if (idx < nAuras) telAura(idx, st.stacks, st.stacks - stacks, now, 0);
  st.stacks -= stacks;
}

// ======================================================================================
// Damage
// ======================================================================================

function aoeMult(mode: i32, i: i32, n: i32, param: f64): f64 {
  if (mode == 2) return 1.0 / <f64>n;
  if (mode == 3) return Math.pow(param, <f64>i);
  if (mode == 4) return <f64>n > param && param > 0 ? Math.sqrt(param / <f64>n) : 1.0;
  return 1.0;
}

// Prepared hit inputs of one damage entry (HitPrep, HP_BYTES): everything DamageCalc needs besides the
// draws. The const part depends only on the entry and the run config: filled once per image
// (loadHitTables), so no per-hit or per-miss f64 -> i32 record conversions. The var part depends on the
// stat sheet (without a snapshot): each entry keeps one per stats version (HP_VER). Snapshot hits prepare a var part in hitScratch for that hit only. The values are computed
// by the same expressions as before, so every result bit is the same.
const HP_POWER: usize = 0; // var part
const HP_CRIT: usize = 8; // crit chance clamped to [0, 1] (0 when the entry cannot crit)
const HP_MULT: usize = 16;
const HP_MM: usize = 24;
const HP_VERSF: usize = 32;
const HP_COEF: usize = 40; // const part
const HP_WMIN: usize = 48;
const HP_WMAX: usize = 56;
const HP_WMULT: usize = 64;
const HP_ARMORM: usize = 72;
const HP_BASE: usize = 80;
const HP_CRITB: usize = 88; // critBonus / 100
const HP_AOEP: usize = 96; // aoeParam
const HP_SPELL: usize = 104; // i32
const HP_PET: usize = 108; // i32: 1 pet hit
const HP_MODE: usize = 112; // i32: aoe mode (0 for pets)
const HP_N: usize = 116; // i32: targets hit
const HP_SCHOOL: usize = 120; // i32
const HP_KIND: usize = 124; // i32: 0 flat, 1 ap, 2 sp
const HP_CANCRIT: usize = 128; // i32
const HP_MMAPPLY: usize = 132; // i32: 1 when the mastery multiplier applies to this entry
const HP_FAST: usize = 136; // i32: 1 single-target hit that cannot cleave (pets, one target, or not physical)
// i32: bit 0 some school effect of the image matches the entry's school, bit 1 some spell effect lists its
// spell. Otherwise schoolMult/spellMult return exactly 1.0 and the multiply (an identity) is skipped.
const HP_MULTFX: usize = 140;
// Per-entry record addresses and the proc-call test of the fast path (loadHitRecs, after telLoad and the
// proc masks): recordHit's spell bounds checks and impact-proc mask lookups folded into loads.
const HP_ACC: usize = 144; // i32: spellAcc record of the entry's spell (hitSink when not a valid spell)
const HP_TEL: usize = 148; // i32: telemetry spell record (telSpellRec; hitSink when out of range)
// i32: bit k (k = periodic | crit << 1) set when recordHit calls playerHitEffects for such a hit
const HP_CALL: usize = 152;
// i32: statsVer of the var part (0 at load: statsVer >= 1, nothing is current before the first recompute).
// In the HitPrep itself: the version check needs no second table base.
const HP_VER: usize = 156;
// i32: the HitPrep whose var part (and HP_VER) this entry uses: the first entry whose var part is computed
// from the same inputs (pet, kind, canCrit, critBonus, mastery, no effect multiplier), else itself.
// One miss per such class and stats version instead of one per entry.
const HP_VARP: usize = 160;
const HP_CRITM: usize = 168; // f64: crit-chance factor (crit-mult.ts; 1.0 for most entries)
const HP_BYTES: usize = 176;
const HP_VAR_BYTES: usize = 40;

let critFactors: usize = 0; // f64 x 2: [1.0, critMult], indexed by isCrit (damageFinal's factor)
let hitSink: usize = 0; // 32 bytes the fast path sums into for a spell without a record (never read)

/** Lays out the HitPrep const parts and the crit factor table (engineLoad, after the run config). */
function loadHitTables(): void {
  dmgPrep = carve(<usize>nDamage * HP_BYTES);
  hitScratch = carve(HP_VAR_BYTES);
  critFactors = carve(16);
  store<f64>(critFactors, 1.0);
  store<f64>(critFactors, critMult, 8);
  for (let d = 0; d < nDamage; d++) prepareHitConst(damageRec(d), dmgPrep + <usize>d * HP_BYTES);
  for (let d = 0; d < nDamage; d++) {
    const hp = dmgPrep + <usize>d * HP_BYTES;
    let varp = hp;
    if (load<i32>(hp, HP_MULTFX) == 0) {
      for (let e = 0; e < d; e++) {
        const q = dmgPrep + <usize>e * HP_BYTES;
        if (load<i32>(q, HP_MULTFX) == 0 && sameVarInputs(hp, q)) {
          varp = <usize>load<i32>(q, HP_VARP);
          break;
        }
      }
    }
    store<i32>(hp, <i32>varp, HP_VARP);
  }
}

/** Whether aura instance `inst` is active (hit-mirror.ts asks it per enemy). */
function instActive(inst: i32): bool { return auraSt(inst).active != 0; }

/** prepareHitVar(a) and prepareHitVar(b) (no snapshot, no effect multiplier) read the same inputs. */
function sameVarInputs(a: usize, b: usize): bool {
  return load<i32>(a, HP_PET) == load<i32>(b, HP_PET)
    && load<i32>(a, HP_KIND) == load<i32>(b, HP_KIND)
    && load<i32>(a, HP_CANCRIT) == load<i32>(b, HP_CANCRIT)
    && load<i64>(a, HP_CRITB) == load<i64>(b, HP_CRITB)
    && load<i64>(a, HP_CRITM) == load<i64>(b, HP_CRITM)
    && load<i32>(a, HP_MMAPPLY) == load<i32>(b, HP_MMAPPLY);
}

/**
 * The HitPrep record addresses and proc-call bits (engineLoad, after the proc masks and telLoad): the
 * same tests recordHit makes per hit, evaluated once per entry and hit kind.
 */
function loadHitRecs(): void {
  hitSink = carve(32);
  for (let d = 0; d < nDamage; d++) {
    const hp = dmgPrep + <usize>d * HP_BYTES;
    const spell = load<i32>(hp, HP_SPELL);
    const isPet = load<i32>(hp, HP_PET) != 0;
    store<i32>(hp, validSpell(spell) ? spellAcc + (<usize>spell << 5) : hitSink, HP_ACC);
    const tel = telSpellRec(spell);
    store<i32>(hp, tel != 0 ? tel : hitSink, HP_TEL);
    let call = 0;
    for (let k = 0; k < 4; k++) {
      if (!isPet && (rageRes >= 0 || (nProcs > 0 && hitProcMask(spell, k) != 0))) call |= 1 << k;
    }
    store<i32>(hp, call, HP_CALL);
  }
}

function prepareHitConst(r: DamageRec, hp: usize): void {
  const spell = <i32>r.spell;
  const isPet = <i32>r.pet >= 0;
  const kind = <i32>r.kind;
  const school = <i32>r.school;
  store<f64>(hp, kind == 0 ? 0.0 : r.coefficient, HP_COEF);
  store<f64>(hp, school == 1 ? armorMitPhys : 1.0, HP_ARMORM); // armor: physical only (armorMitigation(0, K) = 1)
  let wMin = 0.0;
  let wMax = 0.0;
  let wMult = 0.0;
  if (!isPet && r.weaponMultiplier > 0) {
    wMin = weaponMin;
    wMax = weaponMax;
    wMult = r.weaponMultiplier;
  }
  store<f64>(hp, wMin, HP_WMIN);
  store<f64>(hp, wMax, HP_WMAX);
  store<f64>(hp, wMult, HP_WMULT);
  store<f64>(hp, r.base, HP_BASE);
  store<f64>(hp, r.critBonus / 100.0, HP_CRITB);
  store<f64>(hp, critMultOf(<i32>((hp - dmgPrep) / HP_BYTES)), HP_CRITM);
  store<f64>(hp, r.aoeParam, HP_AOEP);
  let mma = 0;
  if (masteryKind >= 0 && (!isPet || masteryPets)) {
    if (masteryKind == 0 || masteryKind == MASTERY_KIND_GATED || masteryKind == MASTERY_RANDOM || (masterySchool & school) != 0) mma = 1;
    else if (masteryKind == MASTERY_SPELLS && masterySpellsHas(spell)) mma = 1;
  }
  const mode = isPet ? 0 : <i32>r.aoe;
  let n = 1;
  if (mode != 0) {
    n = targets;
    const mt = <i32>r.maxTargets;
    if (mt > 0 && mt < n) n = mt;
  }
  store<i32>(hp, spell, HP_SPELL);
  store<i32>(hp, isPet ? 1 : 0, HP_PET);
  store<i32>(hp, mode, HP_MODE);
  store<i32>(hp, n, HP_N);
  store<i32>(hp, school, HP_SCHOOL);
  store<i32>(hp, kind, HP_KIND);
  store<i32>(hp, r.canCrit == 0 ? 0 : 1, HP_CANCRIT);
  store<i32>(hp, mma, HP_MMAPPLY);
  // a mirrored entry (hit-mirror.ts: single-target player hits while a mirror aura exists) takes the general path
  store<i32>(hp, mode == 0 && (isPet || targets <= 1 || school != 1) && !(mirrorOn && !isPet) ? 1 : 0, HP_FAST);
  let fx = 0;
  for (let i = 0; i < nEffects; i++) {
    const e = effectRec(i);
    const type = <i32>e.type;
    if (type == E_DMG_MULT_SCHOOL && (<i32>e.a & school) != 0) fx |= 1;
    else if ((type == E_DMG_MULT_SPELLS || type == E_DMG_MULT_SPELLS_ADD || type == E_DMG_MULT_SPELLS_ADD_MASTERY || type == E_DMG_MULT_SPELLS_ONCE) && validSpell(spell)) {
      const s0 = <i32>e.a;
      const n = <i32>e.b;
      for (let j = 0; j < n; j++) if (poolI(s0 + j) == spell) fx |= 2;
    }
  }
  if (critScaled(<i32>((hp - dmgPrep) / HP_BYTES))) fx |= 4; // x (1 + crit chance): crit-scaled.ts
  store<i32>(hp, fx, HP_MULTFX);
  store<i32>(hp, 0, HP_VER);
}

/**
 * Fills the var part at `hv` for the entry whose const part is at `hc` (snapAura >= 0: that aura's
 * snapshot stats). Inlined into dealDamage on purpose: as a call, its argument spills around every miss
 * cost measurably more (bench/HISTORY.md).
 */
// @ts-ignore: decorator
@inline function prepareHitVar(hc: usize, hv: usize, snapAura: i32): void {
  // the multiplier first: the school/spell effect calls are then the only calls, with nothing of this
  // prep live across them (the other values were spilled around them: 4 spill stores per miss)
  const pb = load<i32>(hc, HP_PET);
  let mult = pb != 0 ? petMult : playerMult;
  const fx = load<i32>(hc, HP_MULTFX);
  if (fx != 0) { // one test for entries no effect can match (most)
    if (nActSchool > 0 && (fx & 1) != 0) mult *= schoolMult(load<i32>(hc, HP_SCHOOL), pb);
    if (nActSpells > 0 && (fx & 2) != 0) mult *= spellMult(load<i32>(hc, HP_SPELL), pb);
  }
  store<f64>(hv, mult, HP_MULT);
  let ap = curAp;
  let sp = curSp;
  let critC = critChanceCur;
  let versF = versFactorCur;
  let masteryM = masteryMultCur;
  if (snapAura >= 0) {
    const st = auraSt(snapAura);
    ap = st.snapAp;
    sp = st.snapSp;
    critC = st.snapCrit / 100.0;
    versF = 1.0 + st.snapVers / 100.0;
    masteryM = masteryKind >= 0 ? 1.0 + (st.snapMastery * masteryCoef) / 100.0 : 1.0;
  }
  const kind = load<i32>(hc, HP_KIND);
  store<f64>(hv, kind == 1 ? ap : kind == 2 ? sp : 0.0, HP_POWER);
  let crit = 0.0;
  if (load<i32>(hc, HP_CANCRIT) != 0) {
    const c = critC * load<f64>(hc, HP_CRITM) + load<f64>(hc, HP_CRITB);
    crit = c < 0 ? 0.0 : c > 1 ? 1.0 : c; // DamageCalc step 3's clamp, done once here
  }
  if ((fx & 4) != 0) store<f64>(hv, load<f64>(hv, HP_MULT) * (1.0 + critC), HP_MULT); // crit-scaled.ts
  store<f64>(hv, crit, HP_CRIT);
  store<f64>(hv, versF, HP_VERSF);
  store<f64>(hv, load<i32>(hc, HP_MMAPPLY) != 0 ? masteryM : 1.0, HP_MM);
}

/**
 * Deals damage entry `d`. periodic: DoT/channel tick. snapAura >= 0: use that aura's snapshot stats.
 * noCrit: 1 forces crit chance 0 (tick_may_crit false).
 */
function dealDamage(d: i32, periodic: bool, snapAura: i32, noCrit: i32): void {
  const scale = hitScale; // finisher points: this call only, not the procs it triggers
  hitScale = 1.0;
  if (<u32>d >= <u32>nDamage) return;
  ensureStats();
  const hc = dmgPrep + <usize>d * HP_BYTES;
  if (snapAura >= 0) {
    // snapshot stats: prepared for this hit only; the general path (same draws and sums for a fast entry)
    prepareHitVar(hc, hitScratch, snapAura);
    hitEntry(hc, hitScratch, periodic, hitCritChance(d, hitScratch, noCrit), scale);
    return;
  }
  const hv = <usize>load<i32>(hc, HP_VARP);
  if (load<i32>(hv, HP_VER) != statsVer) {
    prepareHitVar(hc, hv, -1);
    store<i32>(hv, statsVer, HP_VER);
  }
  // Fast path: one single-target hit that cannot cleave. The inputs are read straight from the HitPrep
  // before anything can overwrite it (a nested proc hit may re-prepare the same entry), and nothing has
  // to stay live across recordHit's proc call. Same expressions and draws as the general path.
  // The general path is a call (two call sites keep binaryen from inlining it): its loop values no
  // longer compete for registers with the fast path (spills).
  if (load<i32>(hc, HP_FAST) != 0) {
    const spell = load<i32>(hc, HP_SPELL);
    const isPet = load<i32>(hc, HP_PET) != 0;
    const raw = damageRaw(
      load<f64>(hc, HP_BASE), load<f64>(hc, HP_WMIN), load<f64>(hc, HP_WMAX), load<f64>(hc, HP_WMULT),
      load<f64>(hc, HP_COEF), load<f64>(hv, HP_POWER), rng,
    );
    const isCrit = rng.next() < hitCritChance(d, hv, noCrit);
    const amt1 = damageFinal(
      raw, load<f64>(critFactors + (<usize>isCrit << 3)), load<f64>(hv, HP_VERSF), load<f64>(hc, HP_ARMORM),
      load<f64>(hv, HP_MULT) * scale, masteryRolls ? masteryRoll(load<f64>(hv, HP_MM), rng) : load<f64>(hv, HP_MM),
    );
    recordHitPrep(hc, spell, amt1, isCrit, isPet, periodic);
    return;
  }
  hitEntry(hc, hv, periodic, hitCritChance(d, hv, noCrit), scale);
}

/**
 * Crit chance of one dealDamage call of entry `d` (var part `hv`): 0 under noCrit, else the prepared
 * chance, raised to 1 by a health-gated rule (health-crit.ts) while the target's health qualifies.
 */
@inline function hitCritChance(d: i32, hv: usize, noCrit: i32): f64 {
  if (noCrit != 0) return 0.0;
  const c = load<f64>(hv, HP_CRIT);
  return hcRules == 0 ? c : healthCritChance(d, c, healthOn ? healthPct() : durationMs > 0 ? 100.0 * (1.0 - <f64>now / <f64>durationMs) : 0.0);
}

/**
 * The hits of one dealDamage call: const part at `hc`, var part at `hv` (both current). General path:
 * AoE modes, cleave, snapshot hits.
 */
function hitEntry(hc: usize, hv: usize, periodic: bool, critChance: f64, scale: f64): void {
  const spell = load<i32>(hc, HP_SPELL);
  const isPet = load<i32>(hc, HP_PET) != 0;
  const mode = load<i32>(hc, HP_MODE);
  const power = load<f64>(hv, HP_POWER);
  const coef = load<f64>(hc, HP_COEF);
  const wMin = load<f64>(hc, HP_WMIN);
  const wMax = load<f64>(hc, HP_WMAX);
  const wMult = load<f64>(hc, HP_WMULT);
  const mult = load<f64>(hv, HP_MULT);
  const mm = load<f64>(hv, HP_MM);
  const versF = load<f64>(hv, HP_VERSF);
  const armorM = load<f64>(hc, HP_ARMORM);
  const n = load<i32>(hc, HP_N);
  const base = load<f64>(hc, HP_BASE);
  const aoeParam = load<f64>(hc, HP_AOEP);
  const school = load<i32>(hc, HP_SCHOOL);
  for (let i = 0; i < n; i++) {
    const m = (mode == 0 ? mult : mult * aoeMult(mode, i, n, aoeParam)) * scale;
    const raw = damageRaw(base, wMin, wMax, wMult, coef, power, rng);
    const isCrit = rng.next() < critChance;
    const amt = damageFinal(raw, load<f64>(critFactors + (<usize>isCrit << 3)), versF, armorM, m, masteryRolls ? masteryRoll(mm, rng) : mm);
    recordHit(spell, amt, isCrit, isPet, periodic);
    if (mirrorOn && mode == 0 && !isPet && !periodic && mirrorTarget(curTarget, instActive) >= 0) recordHit(spell, amt * mirrorFraction, isCrit, false, false); // hit-mirror.ts
  }
  // Cleave: a single-target physical player hit cleaves while a Cleave buff is up
  if (mode == 0 && !isPet && cleaveCount > 0 && targets > 1 && school == 1) {
    const extra = min(cleaveCount, targets - 1);
    const m = mult * cleaveValue;
    for (let i = 0; i < extra; i++) {
      const raw = damageRaw(base, wMin, wMax, wMult, coef, power, rng);
      const isCrit = rng.next() < critChance;
      const amt = damageFinal(raw, load<f64>(critFactors + (<usize>isCrit << 3)), versF, armorM, m, masteryRolls ? masteryRoll(mm, rng) : mm);
      recordHit(spell, amt, isCrit, false, periodic);
    }
  }
}

let procDepth: i32 = 0;
// The hit whose impact procs are running (OP_IF_CRIT, OP_BANK_DAMAGE); saved/restored around nested hits.
let hitAmount: f64 = 0;
let hitCrit: bool = false;

// @ts-ignore: decorator
@inline function recordHit(spell: i32, amt: f64, isCrit: bool, isPet: bool, periodic: bool): void {
  // The sums are independent: the plain ones first, then telHit (whose bucket roll-over is a call), so
  // little stays live across calls.
  iterDamage += amt;
  if (validSpell(spell)) {
    const acc = spellAcc + (<usize>spell << 5);
    store<f64>(acc, load<f64>(acc, 8) + amt, 8);
    store<f64>(acc, load<f64>(acc, 16) + 1.0, 16);
    if (isCrit) store<f64>(acc, load<f64>(acc, 24) + 1.0, 24);
  }
  if (isPet) iterPet += amt;
  telHit(now, spell, amt, periodic, isPet, isCrit);
  // pet hits never trigger player impact procs (nor rage)
  if (!isPet && (rageRes >= 0 || (nProcs > 0 && hitProcMask(spell, (periodic ? HIT_PERIODIC : 0) | (isCrit ? HIT_CRIT : 0)) != 0))) {
    playerHitEffects(spell, amt, isCrit, periodic ? HIT_PERIODIC : 0);
  }
}

/**
 * recordHit for a hit of the entry at `hc` (fast path): the same sums in the same order, with the
 * per-spell record addresses and the playerHitEffects test read from the HitPrep (loadHitRecs).
 */
// @ts-ignore: decorator
@inline function recordHitPrep(hc: usize, spell: i32, amt: f64, isCrit: bool, isPet: bool, periodic: bool): void {
  iterDamage += amt;
  const acc = <usize>load<i32>(hc, HP_ACC);
  store<f64>(acc, load<f64>(acc, 8) + amt, 8);
  store<f64>(acc, load<f64>(acc, 16) + 1.0, 16);
  if (isCrit) store<f64>(acc, load<f64>(acc, 24) + 1.0, 24);
  // telHit's sums (iterPet with the pet ones: independent accumulators, one test)
  const tel = <usize>load<i32>(hc, HP_TEL);
  if (periodic) store<f64>(tel, load<f64>(tel) + 1.0);
  if (isPet) {
    iterPet += amt;
    store<f64>(tel, load<f64>(tel, 8) + amt, 8);
    store<f64>(tel, load<f64>(tel, 16) + 1.0, 16);
  }
  telBucketHit(now, amt);
  if (tlOn) tlPush(now, TL_DAMAGE | (((periodic ? 1 : 0) | (isCrit ? 2 : 0) | (isPet ? 4 : 0)) << 8), spell, amt);
  // k = hitFlags & 3 from the bools as 0/1 (HIT_PERIODIC 1, HIT_CRIT 2): no selects
  const k = <i32>periodic | (<i32>isCrit << 1);
  if ((load<i32>(hc, HP_CALL) >> k) & 1) playerHitEffects(spell, amt, isCrit, <i32>periodic);
}

/**
 * Impact procs a player hit of `spell` may roll (bit i: proc i eligible, amount aside); -1: use the
 * generic fireImpactProcs (more than 31 procs, or a spell id outside the table). Lets recordHit skip
 * the playerHitEffects call for the hits no proc can match (in BM: all but auto-shot crits).
 */
// @ts-ignore: decorator
@inline function hitProcMask(spell: i32, flags: i32): i32 {
  if (!procMasked || !validSpell(spell)) return -1;
  return load<i32>(procSpellMask + (<usize>spell << 2)) & load<i32>(procFlagMask + (<usize>(flags & 3) << 2));
}

/** Rage from damage dealt and impact procs of a player hit. */
function playerHitEffects(spell: i32, amt: f64, isCrit: bool, hitFlags: i32): void {
  if (rageRes >= 0 && amt > 0) {
    // rage from damage dealt belongs to the spell that hit
    const saved = telSetSrc(telSrcSpell(spell));
    gainRes(rageRes, amt * rageRate);
    telSetSrc(saved);
  }
  if (nProcs == 0 || !(amt > 0) || procDepth >= MAX_OP_DEPTH) return;
  const depth = procDepth;
  const out = procFired + <usize>depth * <usize>nProcs * 4;
  const flags = hitFlags | (isCrit ? HIT_CRIT : 0);
  const mask = hitProcMask(spell, flags);
  const fired = mask == -1
    ? fireImpactProcs(changetype<ImpactProcTable>(procTable), spell, flags, amt, rng, out)
    : fireImpactProcsMasked(changetype<ImpactProcTable>(procTable), mask, rng, out);
  if (fired == 0) return;
  const savedAmt = hitAmount;
  const savedCrit = hitCrit;
  const savedSrc = telSrcSave();
  for (let i = 0; i < fired; i++) {
    const pi = load<i32>(out + (<usize>i << 2));
    const p = changetype<ProcRec>(procRecs + <usize>pi * <usize>(PROC_STRIDE << 3));
    telProc(pi);
    if (tlOn) tlPush(now, TL_PROC, pi, 0);
    telSetSrc(telSrcProc(pi));
    hitAmount = amt; // re-set per proc: an earlier proc's nested hit may have replaced it
    hitCrit = isCrit;
    runOps(<i32>p.list, depth + 1);
  }
  hitAmount = savedAmt;
  hitCrit = savedCrit;
  telSetSrc(savedSrc);
}

// ======================================================================================
// Op lists (constrained proc context: no direct queue access)
// ======================================================================================

/**
 * i32 copies of the op records' fields and of the op-list headers, truncated once per image: each op
 * otherwise pays ~8 instructions per f64 -> i32 field conversion (BM: ~250 ops/iteration). The values
 * are the same truncations runOps made (<i32> of the same f64); f64/i64 uses still read the record.
 */
function loadOpTables(): void {
  nOps = unchecked(secCount[S_OPS]);
  opI32 = carve(<usize>nOps * 16);
  opListI32 = carve(<usize>nOpLists * 8);
  for (let i = 0; i < nOps; i++) {
    const o = opRec(i);
    const q = opI32 + (<usize>i << 4);
    store<i32>(q, <i32>o.op);
    store<i32>(q, <i32>o.a, 4);
    store<i32>(q, <i32>o.b, 8);
    store<i32>(q, <i32>o.c, 12);
  }
  for (let l = 0; l < nOpLists; l++) {
    const lp = opListRecs + <usize>l * <usize>(OPLIST_STRIDE << 3);
    store<i32>(opListI32 + (<usize>l << 3), <i32>load<f64>(lp));
    store<i32>(opListI32 + (<usize>l << 3), <i32>load<f64>(lp, 8), 4);
  }
  const nPool = unchecked(secCount[S_POOL]);
  poolI32 = carve(<usize>nPool * 4);
  for (let i = 0; i < nPool; i++) store<i32>(poolI32 + (<usize>i << 2), poolI(i));
}

/** OP_STACKS_TO_RESOURCE: an aura's stacks are stored points (Shadow Techniques' combo points): as many as fit under the resource's max are gained, and those stacks removed. */
function stacksToResource(a: i32, res: i32): void {
  if (<u32>a >= <u32>nAuras || <u32>res >= <u32>nRes) return;
  const st = auraSt(instCur(a));
  if (st.active == 0) return;
  const slot = resSlot(res);
  const n = min<i32>(st.stacks, <i32>Math.floor(slot.max - slot.current + RES_EPS));
  if (n <= 0) return;
  gainRes(res, <f64>n);
  consumeAura(a, n);
}

function runOps(list: i32, depth: i32): void {
  if (<u32>list >= <u32>nOpLists || depth > MAX_OP_DEPTH) return;
  const saved = procDepth;
  procDepth = depth;
  const lq = opListI32 + (<usize>list << 3);
  const start = load<i32>(lq);
  const count = load<i32>(lq, 4);
  for (let i = 0; i < count; i++) {
    const k = start + i;
    const o = opRec(k);
    const q = opI32 + (<usize>k << 4);
    const op = load<i32>(q);
    const ia = load<i32>(q, 4); // <i32>o.a
    const ib = load<i32>(q, 8); // <i32>o.b
    switch (op) {
      case OP_APPLY_AURA: applyAuraBody(ia, max(1, ib)); break; // no call per op
      case OP_CONSUME_AURA: consumeAura(ia, ib); break;
      case OP_GAIN_RESOURCE: {
        if (<u32>ia < <u32>nRes) gainRes(ia, o.b);
        break;
      }
      // c = 1: b ms per combo point the current finisher cast spent (Restless Blades; hookFinPts)
      case OP_REDUCE_COOLDOWN: reduceCooldownBody(ia, load<i32>(q, 12) != 0 ? <i64>Math.round(o.b * hookFinPts) : <i64>o.b); break; // no call per op
      case OP_RESET_COOLDOWN: resetCooldown(ia); break;
      case OP_DEAL_DAMAGE: {
        if (ib != 0 && castFinisherPoints > 0) hitScale = castFinisherPoints; // a per-point damage op
        dealDamage(ia, false, -1, 0);
        break;
      }
      case OP_STACKS_TO_RESOURCE: stacksToResource(ia, ib); break;
      case OP_GAIN_PER_TARGET: { // an AoE builder's resource per enemy hit (Shuriken Storm's combo points)
        if (<u32>ia < <u32>nRes) gainRes(ia, o.b * <f64>targets);
        break;
      }
      case OP_SCHEDULE: {
        if (timerFreeTop > 0) {
          timerFreeTop--;
          const slot = load<i32>(timerFree + (<usize>timerFreeTop << 2));
          store<i32>(timerList + (<usize>slot << 2), ib);
          push(now + max<i64>(0, <i64>o.a), ev(EV_AURA_EXPIRE, 0, slot | ARG_FLAG));
        }
        break;
      }
      case OP_ROLL_RPPM: {
        const t = ia;
        if (<u32>t < <u32>nRppm) {
          ensureStats();
          if (rollRppm(rppmSt(t), <f64>now, curHaste, rng)) {
            telRppm(t);
            if (tlOn) tlPush(now, TL_PROC | (1 << 8), t, 0);
            runOps(ib, depth + 1);
          }
        }
        break;
      }
      case OP_PROC_CHANCE: {
        if (rng.next() < o.a) runOps(ib, depth + 1);
        break;
      }
      case OP_IF_AURA: {
        const a = ia;
        if (<u32>a < <u32>nAuras && auraSt(instCur(a)).active != 0 && auraSt(instCur(a)).stacks >= max(1, load<i32>(q, 12))) runOps(ib, depth + 1);
        break;
      }
      case OP_IF_NOT_AURA: {
        const a = ia;
        if (<u32>a < <u32>nAuras && auraSt(instCur(a)).active == 0) runOps(ib, depth + 1);
        break;
      }
      case OP_SUMMON_PET: summonPet(ia, <i64>o.b); break;
      case OP_DISMISS_PET: dismissPet(ia); break;
      case OP_CONSUME_PETS: consumePets(ia, ib, <i32>o.c, depth); break;
      case OP_IF_CRIT: {
        if (hitCrit == (o.b != 0)) runOps(ia, depth + 1);
        break;
      }
      case OP_BANK_DAMAGE: {
        // Ignite: bank a fraction of the triggering hit into a residual aura (outside a proc: amount 0)
        const a = ia;
        if (<u32>a < <u32>nAuras && hitAmount > 0) {
          ensureStats();
          const frac = o.b + (o.c != 0 ? (curMastery * masteryCoef) / 100.0 : 0.0);
          applyAura(a, 1);
          const st = auraSt(instCur(a));
          if (st.active != 0) st.bank += hitAmount * frac;
        }
        break;
      }
      case OP_DAMAGE_PER_STACK: {
        // one hit x min(stacks of aura b, c) (b < 0: x c); no stacks, no hit (damage-per-stack.md)
        let n = load<i32>(q, 12);
        if (ib >= 0) {
          const st = auraSt(instCur(ib));
          const s = st.active != 0 ? st.stacks : 0;
          if (s < n) n = s;
        }
        if (n > 0) {
          hitScale = <f64>n;
          dealDamage(ia, false, -1, 0);
        }
        break;
      }
      case OP_RANDOM_AURAS: randomAuras(ia, ib); break;
      case OP_DEAL_DAMAGE_MASTERY: {
        // a coefficient that grows with mastery (Main Gauche 76806 #2): the hit x (1 + mastery points x b)
        ensureStats();
        hitScale = 1.0 + curMastery * o.b;
        dealDamage(ia, false, -1, 0);
        break;
      }
      case OP_BANK_INTO: {
        // Touch of the Magi: bank into the aura only while it is up, never (re)applying it, so it
        // still expires (and its single tick explodes) when its own duration ends
        const a = ia;
        if (<u32>a < <u32>nAuras && hitAmount > 0) {
          const st = auraSt(instCur(a));
          if (st.active != 0) {
            if (o.c != 0) ensureStats();
            st.bank += hitAmount * (o.b + (o.c != 0 ? (curMastery * masteryCoef) / 100.0 : 0.0));
          }
        }
        break;
      }
      default: break; // the encoder rejects unknown op codes
    }
  }
  procDepth = saved;
}

/** Op 24: removes the pool's auras, draws how many and which come up (random-auras.ts), applies them. */
function randomAuras(start: i32, n: i32): void {
  for (let i = 0; i < n; i++) consumeAura(raAura(pool, start, i), 0);
  let k = raDrawCount(pool, start, n, rng);
  const bump = raBumpAura(pool, start);
  if (bump >= 0 && auraUp(bump)) {
    k = min(n, k + 1);
    consumeAura(bump, 0);
  }
  const m = raChoose(pool, start, n, k, rng);
  for (let i = 0; i < m; i++) applyAura(raPick(i), 1);
}

function onTimer(slot: i32): void {
  telSetSrc(telSrcOther());
  const list = load<i32>(timerList + (<usize>slot << 2));
  store<i32>(timerFree + (<usize>timerFreeTop << 2), slot);
  timerFreeTop++;
  runOps(list, 0);
}

// ======================================================================================
// Pets and auto attacks
// ======================================================================================

function summonPet(p: i32, durMs: i64): void {
  if (<u32>p >= <u32>nPets) return;
  const ps = petSt(p);
  const exp = durMs > 0 ? now + durMs : NEVER;
  if (timedGroups > 0 && timedIs(p)) { // one instance with its own expiry (timed-pets.ts)
    timedAdd(p, now, exp, max<i64>(1, hasteDiv(petRec(p).swingMs)));
    ps.count = timedLive(p, now);
    if (tlOn) tlPush(now, TL_PET_COUNT, p, <f64>ps.count);
    ps.expiresAt = timedLastExpiry(p);
    if (ps.active == 0) {
      ps.active = 1;
      ps.gen = (ps.gen + 1) & 0xffff;
      push(now, ev(EV_AUTO_ATTACK, ps.gen, 1 + p));
    }
    return;
  }
  if (ps.active == 0) {
    ps.active = 1;
    ps.count = 1;
    ps.expiresAt = exp;
    ps.gen = (ps.gen + 1) & 0xffff;
    push(now, ev(EV_AUTO_ATTACK, ps.gen, 1 + p));
  } else {
    ps.count++;
    if (exp > ps.expiresAt) ps.expiresAt = exp;
  }
}

/** Removes up to `k` instances of timed group `p` (the first to end) and runs `list` once per instance. */
function consumePets(p: i32, k: i32, list: i32, depth: i32): void {
  if (<u32>p >= <u32>nPets || timedGroups == 0 || !timedIs(p)) return;
  const ps = petSt(p);
  if (ps.active == 0) return;
  const n = timedConsume(p, k, now);
  ps.count = timedLive(p, now);
  if (tlOn) tlPush(now, TL_PET_COUNT, p, <f64>ps.count);
  if (ps.count == 0) dismissPet(p);
  else ps.expiresAt = timedLastExpiry(p);
  for (let i = 0; i < n; i++) runOps(list, depth + 1);
}

function dismissPet(p: i32): void {
  if (<u32>p >= <u32>nPets) return;
  const ps = petSt(p);
  ps.active = 0;
  ps.count = 0;
  ps.gen = (ps.gen + 1) & 0xffff; // stops the swing chain
}

// The player's hasted auto swing time, rounded again only when hasteDivisor or autoSwingMs moved
// (bit-exact keys; the initial key is a NaN pattern arithmetic never produces): the same value as
// max(1, hasteDiv(autoSwingMs)) without its rounding at every shot.
let autoKeyHaste: f64 = reinterpret<f64>(<u64>0xffffffffffffffff);
let autoKeySwing: f64 = reinterpret<f64>(<u64>0xffffffffffffffff);
let autoSwingCur: i64 = 1;

// @ts-ignore: decorator
@inline function autoSwingTime(): i64 {
  const div = hasteDivisor * attackSpeedMul; // == hasteDivisor bit for bit without attack-speed auras
  if (reinterpret<u64>(div) != reinterpret<u64>(autoKeyHaste)
    || reinterpret<u64>(autoSwingMs) != reinterpret<u64>(autoKeySwing)) {
    autoKeyHaste = div;
    autoKeySwing = autoSwingMs;
    autoSwingCur = max<i64>(1, <i64>Math.round(autoSwingMs / div));
  }
  return autoSwingCur;
}

function onAutoAttack(arg: i32, gen: i32): void {
  telSetSrc(telSrcOther());
  ensureStats();
  if (arg == 0) {
    if (gen == 1) {
      if (offDamage < 0) return;
      dealDamage(offDamage, false, -1, 0);
      pushLater(now + autoSwingTime(), ev(EV_AUTO_ATTACK, 1, 0));
      return;
    }
    if (autoDamage < 0) return;
    dealDamage(autoDamage, false, -1, 0);
    pushLater(now + autoSwingTime(), ev(EV_AUTO_ATTACK, 0, 0));
    return;
  }
  const p = arg - 1;
  if (p >= nPets) return;
  const ps = petSt(p);
  // two plain branches (binaryen turned the || into a select: setnz/movzx/test)
  if (gen != ps.gen) return;
  if (ps.active == 0) return;
  if (timedGroups > 0) {
    // a timed group: instances that ended stop attacking (timed-pets.ts); its expiresAt is the last one's
    if (timedIs(p)) {
      const n = timedLive(p, now);
      if (tlOn && n != ps.count) tlPush(now, TL_PET_COUNT, p, <f64>n);
      ps.count = n;
    }
  }
  if (now >= ps.expiresAt) {
    dismissPet(p);
    wakeIfIdle();
    return;
  }
  if (ps.ver != statsVer) petSwingPrep(p, ps);
  // Pet melee hits bypass dealDamage (the most frequent hit kind): a pet hit is dealDamage's fast path with
  // inputs fixed per stats version (no weapon draw, hitScale 1, no procs/rage), so only the crit draw
  // and recordHit's sums remain. Same draws, same amounts (computed by the same expressions), same sums.
  const h = ps.hits;
  if (h != 0) {
    // the first hit outside the loop (count is >= 1 while active; mostly exactly 1): no loop
    // counter or loop stack check on the common path
    const n = ps.count;
    ps.nHits += <i64>n; // the hit counts, added to the sums by petFlushCounts
    const telSum = h == 1; // 2: the spell's telemetry pet damage is derived by petFlushCounts
    let isCrit = rng.next() < ps.crit;
    petRecordHit(ps, petAmount(ps, isCrit), isCrit, telSum);
    for (let i = 1; i < n; i++) {
      isCrit = rng.next() < ps.crit;
      petRecordHit(ps, petAmount(ps, isCrit), isCrit, telSum);
    }
  }
  pushLater(now + ps.swingMs, ev(EV_AUTO_ATTACK, gen, arg)); // gen == ps.gen (checked above)
}

/**
 * Fills pet `p`'s swing cache for the current stats version (stats current: ensureStats ran). The hit
 * amounts are dealDamage's fast-path DamageCalc for the entry, evaluated once: pet entries have no
 * weapon part (prepareHitConst: weaponRoll stays 0.0, no draw), hitScale is 1.0 outside the cast step
 * that sets it (x * 1.0 == x), and the crit factor is one of the two critFactors values.
 */
// @ts-ignore: decorator
@inline function petSwingPrep(p: i32, ps: PetState): void {
  // the parts that depend only on the image (entry address, spell, record addresses): once per load
  // (engineLoad zeroes PetState: ver 0) instead of once per stats version (~130 preps/iteration, BM)
  if (ps.ver == 0) petConstPrep(p, ps);
  ps.ver = statsVer;
  // the swing time only moves with haste: its rounding is skipped when hasteDivisor is bit-identical
  // (ps.ver == 0, an empty cache, has inHaste 0.0: never a divisor, 1 + haste/100 > 0)
  if (reinterpret<u64>(hasteDivisor) != reinterpret<u64>(ps.inHaste)) {
    ps.inHaste = hasteDivisor;
    ps.swingMs = max<i64>(1, hasteDiv(petRec(p).swingMs));
  }
  if (ps.hits == 0) return; // no valid melee entry: dealDamage returns before any draw
  const hc = ps.hc;
  // prepareHitVar(hc, -1)'s values in locals (no scratch stores and reloads): the same expressions
  const kind = load<i32>(hc, HP_KIND);
  const power = kind == 1 ? curAp : kind == 2 ? curSp : 0.0;
  let crit = 0.0;
  if (load<i32>(hc, HP_CANCRIT) != 0) {
    const c = critChanceCur + load<f64>(hc, HP_CRITB);
    crit = c < 0 ? 0.0 : c > 1 ? 1.0 : c; // DamageCalc step 3's clamp, done once here
  }
  const versF = versFactorCur;
  const pb = load<i32>(hc, HP_PET);
  let mult = pb != 0 ? petMult : playerMult;
  const fx = load<i32>(hc, HP_MULTFX);
  if (nActSchool > 0 && (fx & 1) != 0) mult *= schoolMult(load<i32>(hc, HP_SCHOOL), pb);
  // spellMult's product without its per-version cache (one pet prep per version: always a miss)
  if (nActSpells > 0 && (fx & 2) != 0 && validSpell(ps.spell)) mult *= spellMultWalk(ps.spell, pb);
  const mm = load<i32>(hc, HP_MMAPPLY) != 0 ? masteryMultCur : 1.0;
  const raw = load<f64>(hc, HP_BASE) + 0.0 * load<f64>(hc, HP_WMULT) + load<f64>(hc, HP_COEF) * power;
  const armorM = load<f64>(hc, HP_ARMORM);
  ps.amtHit = damageFinal(raw, load<f64>(critFactors), versF, armorM, mult, mm);
  ps.amtCrit = damageFinal(raw, load<f64>(critFactors, 8), versF, armorM, mult, mm);
  ps.crit = crit;
}

/** spellMult's uncached product for a valid spell (the same factors in the same order). */
// @ts-ignore: decorator
@inline function spellMultWalk(spell: i32, pet: i32): f64 {
  let m = 1.0;
  const bit = 1 << pet;
  for (let i = 0; i < nActSpells; i++) {
    const p = actSpells + <usize>i * 32;
    if ((<i32>load<f64>(p, 24) & bit) == 0) continue;
    const s0 = <i32>load<f64>(p, 8);
    const n = <i32>load<f64>(p, 16);
    const ids = poolI32 + (<usize>s0 << 2);
    for (let j = 0; j < n; j++) {
      if (load<i32>(ids + (<usize>j << 2)) == spell) {
        m *= load<f64>(p);
        break;
      }
    }
  }
  return m;
}

/**
 * Pet `p`'s swing-cache parts that depend only on the loaded image: the melee entry's HitPrep address,
 * its spell and the per-spell record addresses (spellAcc, spellTel: laid out by engineLoad).
 */
function petConstPrep(p: i32, ps: PetState): void {
  const d = <i32>petRec(p).melee;
  if (<u32>d >= <u32>nDamage) {
    ps.hits = 0; // dealDamage returns before any draw
    return;
  }
  const hc = dmgPrep + <usize>d * HP_BYTES;
  ps.hc = hc;
  const spell = load<i32>(hc, HP_SPELL);
  ps.spell = spell;
  const sink = changetype<usize>(ps) + offsetof<PetState>("sink0");
  ps.acc = validSpell(spell) ? spellAcc + (<usize>spell << 5) : sink;
  const tel = telSpellRec(spell);
  ps.tel = tel != 0 ? tel : sink;
  // A spell that only pet entries deal gets every hit added to its recordHit damage (acc +8) and its
  // telHit pet damage (tel +8) alike, both cleared by engineResetAccumulators: the same sums of the same
  // values in the same order. Its swings skip the tel +8 sum and petFlushCounts copies acc +8 there.
  let derived = validSpell(spell) && tel != 0;
  for (let e = 0; e < nDamage && derived; e++) {
    const q = dmgPrep + <usize>e * HP_BYTES;
    if (load<i32>(q, HP_SPELL) == spell && load<i32>(q, HP_PET) == 0) derived = false;
  }
  ps.hits = derived ? 2 : 1;
}

/** isCrit ? ps.amtCrit : ps.amtHit as one indexed load (amtCrit follows amtHit): no branch. */
// @ts-ignore: decorator
@inline function petAmount(ps: PetState, isCrit: bool): f64 {
  return load<f64>(changetype<usize>(ps) + (<usize>isCrit << 3), offsetof<PetState>("amtHit"));
}

/**
 * recordHit(spell, amt, isCrit, true, false) for pet `ps`'s melee spell, with the per-spell record
 * addresses from the swing cache: the same sums in the same order (telHit's pet/bucket/timeline part).
 */
// @ts-ignore: decorator
@inline function petRecordHit(ps: PetState, amt: f64, isCrit: bool, telSum: bool): void {
  iterDamage += amt;
  const acc = ps.acc;
  store<f64>(acc, load<f64>(acc, 8) + amt, 8);
  // the hit counts (acc +16, tel +16: onAutoAttack, once per swing) and crit counts (acc +24) are
  // counted as integers and added by petFlushCounts (no f64 add per swing)
  ps.nCrits += <i64>isCrit;
  iterPet += amt;
  if (telSum) { // else derived at the flush (petConstPrep)
    const p = ps.tel;
    store<f64>(p, load<f64>(p, 8) + amt, 8);
  }
  telBucketHit(now, amt);
  if (tlOn) tlPush(now, TL_DAMAGE | ((isCrit ? 6 : 4) << 8), ps.spell, amt); // flags: pet (4), crit (2)
}

/**
 * Adds the pets' pending hit and crit counts to recordHit's and telHit's sums (end of engineRun, before
 * the host reads them). Those sums only ever get whole numbers added (1.0 per hit or crit), which f64
 * adds exactly in any grouping, so the totals are the ones per-hit additions give.
 */
function petFlushCounts(): void {
  for (let p = 0; p < nPets; p++) {
    const ps = petSt(p);
    if (ps.hits == 2) store<f64>(ps.tel, load<f64>(ps.acc, 8), 8); // derived pet damage (petConstPrep)
    const h = ps.nHits;
    const c = ps.nCrits;
    if ((h | c) == 0) continue;
    const acc = ps.acc;
    store<f64>(acc, load<f64>(acc, 16) + <f64>h, 16);
    store<f64>(acc, load<f64>(acc, 24) + <f64>c, 24);
    const tel = ps.tel;
    store<f64>(tel, load<f64>(tel, 16) + <f64>h, 16);
    ps.nHits = 0;
    ps.nCrits = 0;
  }
}

// ======================================================================================
// Rotation state (queries for the VM; times in seconds)
// ======================================================================================

function cdRemainsMs(spell: i32): i64 {
  return cdRemainsBody(spell);
}

// cdRemainsMs's body, inlined into engineQuery's cooldown.X.remains (BM: ~72 questions per iteration)
// @ts-ignore: decorator
@inline function cdRemainsBody(spell: i32): i64 {
  if (!validSpell(spell)) return 0;
  const r = crTab + <usize>spell * CR_BYTES; // catPool, chargePool as i32 (buildCastReadyTable)
  let t = now;
  t = max(t, spellSt(spell).readyAt);
  const cat = load<i32>(r, 8);
  if (cat >= 0) t = max(t, catAt(cat));
  const cp = load<i32>(r, 12);
  if (cp >= 0) {
    const c = chargeSt(cp);
    // nested ifs: no materialized bool (BM: ~72 cooldown.X.remains per iteration)
    if (c.charges < 1) {
      if (c.nextAt >= 0) t = max(t, c.nextAt);
    }
  }
  return t - now;
}

function auraRemainsS(a: i32): f64 {
  if (<u32>a >= <u32>nInst) return 0;
  const st = auraSt(a);
  if (st.active == 0) return 0;
  const e = st.expiresAt == NEVER ? durationMs : st.expiresAt;
  return <f64>(e - now) / 1000.0;
}

function auraStack(a: i32): f64 {
  if (<u32>a >= <u32>nInst) return 0;
  const st = auraSt(a);
  return st.active != 0 ? <f64>st.stacks : 0.0;
}

function auraUpF(a: i32): f64 {
  return <u32>a < <u32>nInst && auraSt(a).active != 0 ? 1.0 : 0.0;
}

/** A debuff/dot question's instance: image aura `a` on the current target (-1: not an image aura). */
// @ts-ignore: decorator
@inline function tgtAura(a: i32): i32 {
  if (<u32>a >= <u32>nAuras) return -1;
  return instCur(a);
}

/** active_dot.X: the number of targets with aura `a` up (a player/pet aura: 1 while up). */
function activeDot(a: i32): f64 {
  if (<u32>a >= <u32>nAuras) return 0;
  if (!isTargetOwned(a)) return auraUpF(a);
  let n = 0;
  const nt = targetCount();
  for (let t = 0; t < nt; t++) if (auraSt(instOn(t, a)).active != 0) n++;
  return <f64>n;
}

export function engineQuery(kind: i32, arg: i32): f64 {
  return engineQueryBody(kind, arg);
}

// engineQuery's body, inlined at the rotation VM's query sites (EngineState.query): no call per question
// (BM: ~444 questions per iteration)
// @ts-ignore: decorator
@inline function engineQueryBody(kind: i32, arg: i32): f64 {
  switch (kind) {
    case Q.Q_TIME: return <f64>now / 1000.0;
    case Q.Q_FIGHT_REMAINS: return healthOn ? healthRemainsS() : <f64>(durationMs - now) / 1000.0;
    case Q.Q_GCD_REMAINS: return <f64>(gcdEnd() - now) / 1000.0;
    case Q.Q_TARGET_HEALTH_PCT: return healthOn ? healthPct() : durationMs > 0 ? 100.0 * (1.0 - <f64>now / <f64>durationMs) : 0.0;
    case Q.Q_ACTIVE_ENEMIES: return <f64>targets;
    // debuff/dot kinds: the primary target's instance (the image aura itself); the rotation compiler
    // asks the Q_TGT_* kinds instead where the current target may be another one (targetQuery)
    case Q.Q_BUFF_UP:
    case Q.Q_DEBUFF_UP:
    case Q.Q_DOT_TICKING:
    case Q.Q_PET_BUFF_UP: return auraUpF(arg);
    case Q.Q_BUFF_REMAINS:
    case Q.Q_DEBUFF_REMAINS:
    case Q.Q_DOT_REMAINS:
    case Q.Q_PET_BUFF_REMAINS: return auraRemainsS(arg);
    case Q.Q_BUFF_STACK:
    case Q.Q_DEBUFF_STACK:
    case Q.Q_DOT_STACK:
    case Q.Q_PET_BUFF_STACK: return auraStack(arg);
    case Q.Q_COOLDOWN_READY: return validSpell(arg) && cdRemainsMs(arg) == 0 ? 1.0 : 0.0;
    case Q.Q_COOLDOWN_REMAINS: return <f64>cdRemainsBody(arg) / 1000.0;
    case Q.Q_COOLDOWN_CHARGES:
    case Q.Q_COOLDOWN_CHARGES_FRACTIONAL: {
      if (!validSpell(arg)) return 0;
      const cp = load<i32>(crTab + <usize>arg * CR_BYTES, 12); // chargePool (buildCastReadyTable)
      if (cp < 0) return cdRemainsMs(arg) == 0 ? 1.0 : 0.0;
      const c = chargeSt(cp);
      let v = <f64>c.charges;
      // nested ifs rather than one && chain: no materialized bools (BM: ~100 per iteration)
      if (kind == Q.Q_COOLDOWN_CHARGES_FRACTIONAL) {
        if (c.charges < c.max) {
          if (c.nextAt >= 0) {
            if (c.rechargeMs > 0) v += 1.0 - <f64>(c.nextAt - now) / c.rechargeMs;
          }
        }
      }
      return v;
    }
    case Q.Q_COOLDOWN_FULL_RECHARGE_TIME: {
      if (!validSpell(arg)) return 0;
      const cp = load<i32>(crTab + <usize>arg * CR_BYTES, 12); // chargePool (buildCastReadyTable)
      if (cp < 0) return <f64>cdRemainsMs(arg) / 1000.0;
      const c = chargeSt(cp);
      if (c.charges >= c.max || c.nextAt < 0) return 0;
      return (<f64>(c.nextAt - now) + <f64>(c.max - c.charges - 1) * c.rechargeMs) / 1000.0;
    }
    case Q.Q_COOLDOWN_DURATION: {
      if (!validSpell(arg)) return 0;
      const s = spellRec(arg);
      const cp = <i32>s.chargePool;
      if (cp >= 0) return chargeSt(cp).rechargeMs / 1000.0;
      return max(s.recoveryMs, s.catRecoveryMs) / 1000.0;
    }
    case Q.Q_RESOURCE:
    case Q.Q_RESOURCE_DEFICIT:
    case Q.Q_RESOURCE_PCT:
    case Q.Q_RESOURCE_TIME_TO_MAX:
    case Q.Q_RESOURCE_MAX:
    case Q.Q_RESOURCE_REGEN: {
      if (<u32>arg >= <u32>nRes) return 0;
      ensureStats();
      const slot = resSlot(arg);
      if (<f64>now > slot.lastSyncMs) syncRes(arg); // syncRes's own early exit, without the call (onReady synced)
      if (kind == Q.Q_RESOURCE) return slot.current;
      if (kind == Q.Q_RESOURCE_DEFICIT) return slot.deficit;
      if (kind == Q.Q_RESOURCE_PCT) return slot.pct;
      if (kind == Q.Q_RESOURCE_MAX) return slot.max;
      const rate = regenRate(arg);
      if (kind == Q.Q_RESOURCE_REGEN) return rate;
      const d = slot.deficit;
      return d <= 0 ? 0.0 : rate > 0 ? d / rate : Infinity;
    }
    case Q.Q_PET_ACTIVE:
    case Q.Q_PET_REMAINS:
    case Q.Q_PET_COUNT: {
      if (<u32>arg >= <u32>nPets) return 0;
      const ps = petSt(arg);
      const active = ps.active != 0 && ps.expiresAt > now;
      if (kind == Q.Q_PET_ACTIVE) return active ? 1.0 : 0.0;
      if (kind == Q.Q_PET_COUNT) return active ? <f64>(timedGroups > 0 && timedIs(arg) ? timedLive(arg, now) : ps.count) : 0.0;
      if (!active) return 0;
      return <f64>((ps.expiresAt == NEVER ? durationMs : ps.expiresAt) - now) / 1000.0;
    }
    case Q.Q_PREV_GCD: return prevGcd == arg ? 1.0 : 0.0;
    case Q.Q_SPELL_CASTABLE: return castReady(arg) ? 1.0 : 0.0;
    // rare kinds, out of line: SimC's further forms (engine/queries.ts) and the target kinds (targetQuery)
    default: return kind >= Q.Q_ACTIVE_DOT && kind <= Q.Q_TGT_STACK ? targetQuery(kind, arg) : extraQuery(kind, arg);
  }
}

/** The target kinds (targets.ts): an aura on the current target, active_dot. 0 for any other kind. */
function targetQuery(kind: i32, arg: i32): f64 {
  switch (kind) {
    case Q.Q_TGT_UP: return auraUpF(tgtAura(arg));
    case Q.Q_TGT_REMAINS: return auraRemainsS(tgtAura(arg));
    case Q.Q_TGT_STACK: return auraStack(tgtAura(arg));
    case Q.Q_ACTIVE_DOT: return activeDot(arg);
    default: return 0.0;
  }
}

/** The VM's State (docs/rotation.md §5): monomorphized, so these are static calls. */
@final class EngineState {
  // @ts-ignore: decorator
  @inline query(kind: i32, arg: i32): f64 {
    return engineQueryBody(kind, arg);
  }
  // @ts-ignore: decorator
  @inline castReady(spell: i32): bool {
    // Inline fast "no" for the commonest cases (a known spell on its own cooldown, or out of charges);
    // castReady would return false too (every check after the unknown-spell exit is a conjunction).
    if (<u32>spell < <u32>nSpells && load<i64>(nbTab + (<usize>spell << 3)) > now) return false; // "not ready before" (buildCastReadyTable)
    return castReady(spell);
  }
  castReadyWhileCasting(spell: i32): bool {
    return castReadyWhileCasting(spell);
  }
  // @ts-ignore: decorator
  @inline touch(): void {
    ensureStats(); // what the resource queries of a skipped condition would have done (OP_CASTCHKT)
  }
  // v3 scan code (docs/rotation.md §6):
  // @ts-ignore: decorator
  @inline blocked(spell: i32): bool {
    if (<u32>spell >= <u32>nSpells) return false; // an if, not &&: no materialized bool
    return load<i64>(nbTab + (<usize>spell << 3)) > now; // "not ready before"
  }
  // @ts-ignore: decorator
  @inline castCheck(spell: i32): bool {
    return castReadyBody(spell); // blocked() already asked the bound; inlined: no call per castReady question
  }
  // @ts-ignore: decorator
  @inline now(): i64 {
    return now;
  }
  // @ts-ignore: decorator
  @inline notBeforeTable(): usize {
    return nbTab; // entry -1: i64.MIN_VALUE (buildCastReadyTable)
  }
  spellCount(): i32 {
    return nSpells;
  }
  // target selection (target_if, cycle_targets, cycling_variable): the VM switches the current target
  // @ts-ignore: decorator
  @inline targetCount(): i32 {
    return targetCount();
  }
  // @ts-ignore: decorator
  @inline setTarget(t: i32): void {
    setCurTarget(t);
  }
  timeBound(kind: i32, arg: i32, cmp: i32, k: f64): i64 {
    return queryTimeBound(kind, arg, cmp, k);
  }
}

/**
 * For the rotation's scan rows: a time before which `engineQuery(kind, arg) <cmp> k` is surely false
 * (i64.MIN_VALUE: no bound). time, fight_remains and target.health.pct depend only on `now` (and the
 * run's fixed duration), monotonically, so a comparison that turns true as time goes on (`time > k`,
 * `fight_remains < k`, `target.health.pct < k`, and the or-equal forms) is false exactly before the
 * first millisecond where it holds: found by bisection over [0, durationMs] with engineQuery's own
 * expression (`now` set to each probe). BM: kill_shot's `target.health.pct < 20` is then skipped with
 * one compare for the first 80 % of the fight.
 */
function queryTimeBound(kind: i32, arg: i32, cmp: i32, k: f64): i64 {
  let rising: bool;
  if (kind == Q.Q_TIME) rising = cmp == OP_GT || cmp == OP_GE;
  else if (healthOn) return i64.MIN_VALUE; // health mode: health and remains follow the damage, not the clock
  else if (kind == Q.Q_FIGHT_REMAINS || kind == Q.Q_TARGET_HEALTH_PCT) rising = cmp == OP_LT || cmp == OP_LE;
  else return i64.MIN_VALUE;
  if (!rising) return i64.MIN_VALUE;
  const saved = now;
  let lo: i64 = -1; // the leaf is false at lo (virtually at -1), true at hi (virtually at durationMs + 1)
  let hi: i64 = max<i64>(durationMs, 0) + 1;
  while (hi - lo > 1) {
    const mid = lo + ((hi - lo) >> 1);
    now = mid;
    if (leafHolds(engineQuery(kind, arg), cmp, k)) hi = mid;
    else lo = mid;
  }
  now = saved;
  return hi <= 0 ? i64.MIN_VALUE : hi;
}

// @ts-ignore: decorator
@inline function leafHolds(q: f64, cmp: i32, k: f64): bool {
  if (cmp == OP_LT) return q < k;
  if (cmp == OP_LE) return q <= k;
  if (cmp == OP_GT) return q > k;
  return q >= k; // OP_GE (queryTimeBound takes no other)
}
const state = new EngineState();

// ======================================================================================
// Telemetry (assembly/engine/telemetry.ts holds the sink and accumulators)
// ======================================================================================

/**
 * End of an iteration: closes the windows still open at the encounter end (auras up, regen since the
 * last sync) into the run accumulators without touching the simulation state, then flushes the sink.
 */
function closeIterationTelemetry(): void {
  const end = durationMs;
  for (let i = 0; i < nAuras; i++) {
    const st = auraSt(i);
    if (st.active != 0) telAura(i, st.stacks, st.stacks, end, 0);
  }
  for (let i = 0; i < nRes; i++) {
    const slot = resSlot(i);
    // regen from the last sync to the end, as a sync at `end` would add it (the slot is left as is)
    let endValue = slot.current;
    const dt = <f64>end - slot.lastSyncMs;
    if (dt > 0) {
      const potential = slot.regenPerSec * (resRec(i).hasteScaled != 0 ? 1.0 + curHaste / 100.0 : 1.0) * (dt / 1000.0);
      if (potential > 0) {
        const got = min(potential, max(0.0, slot.max - slot.current));
        if (potential > got) telGainFrom(i, telSrcRegen(), 0, potential - got);
        endValue += got;
      }
    }
    // regen that landed = end value - start value + spent - other gains (nothing else moves the bar)
    telRegenBalance(i, endValue - resRec(i).initial);
  }
  telIterEnd(end);
}

// ---- test/diagnostic probes ----
/** Time (engine ms) of the current/last iteration's clock. */
export function engineNow(): f64 {
  return <f64>now;
}
/** Current value of resource `i` at the end of the last iteration (diagnostics and tests). */
export function engineResourceCurrent(i: i32): f64 {
  return <u32>i < <u32>nRes ? resSlot(i).current : NaN;
}

/** Events of kind k (EV_*) processed since engineResetAccumulators. */
export function engineEventKindCount(k: i32): f64 {
  return <u32>k < 8 ? <f64>load<i64>(kindCounts + (<usize>k << 3)) : 0;
}
