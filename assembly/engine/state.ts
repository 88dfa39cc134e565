// The engine's shared state (spec "Event dispatch"): limits and event kinds, the per-run state records and
// the image's record views, the run configuration, the arena the per-run arrays are carved from, the
// timing wheel and the generator at static addresses, and the iteration's dynamic state (clock, player
// flags, cast history). Every engine file reads these; the files above it own the mechanics.
//
// One module-level engine: the host writes a spec image (docs/engine-image.md) into the buffers handed
// out by engineImageF64/engineImageI32 (load.ts), calls engineLoad once, then engineRun(iterations, ...).
// An iteration runs entirely in wasm; nothing calls out to JS. Per-run state is carved from an arena that
// is reused across runs (stub runtime: nothing is freed, so nothing may be allocated per event).
//
// Engine files, bottom to top (each imports only files below it): state, stats, regen, readiness,
// cast-table, cooldowns, queries, auras, hits, pets, resources, ops, auto-attacks, cast, loop, load.
import { ResourceSlot } from "../resource";
import { Xorshift64 } from "../rng";
import { Rotation } from "../rotation/vm";
import { RppmTracker } from "../rppm";
import { TimingWheel } from "../wheel";
import {
  N_SECTIONS, RESOURCE_STRIDE, SPELL_STRIDE, AURA_STRIDE, EFFECT_STRIDE, DAMAGE_STRIDE, CDR_STRIDE, OP_STRIDE, PET_STRIDE,
  ResourceRec, SpellRec, AuraRec, EffectRec, DamageRec, CdrRec, OpRec, PetRec,
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
export const ARG_FLAG: i32 = 2048; // AuraTick: channel tick; AuraExpire: SCHEDULE timer slot
export const CD_OWN: i32 = 0;
export const CD_CAT: i32 = 1;
export const CD_CHARGE: i32 = 2;
export const CD_REGEN: i32 = 3; // a regeneration wake (H_REGEN_WAKE): nothing to check, an idle player re-evaluates

// @ts-ignore: decorator
@inline export function ev(kind: i32, gen: i32, arg: i32): i32 {
  return (kind << 28) | ((gen & 0xffff) << 12) | arg;
}

export const NEVER: i64 = 0x3fffffffffffffff;
export const RES_EPS: f64 = 1e-6; // resource comparisons: the rotation waits an exact (ceil) ms; absorb f64 rounding

// ---- per-run state records (arena) ----
@unmanaged export class SpellState {
  readyAt: i64;
  lastUsed: i64;
}
export const SPELL_STATE_BYTES: usize = 16;

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
export const AURA_STATE_BYTES: usize = 104;

@unmanaged export class ChargeState {
  charges: i32;
  max: i32;
  nextAt: i64;
  rechargeMs: f64;
}
export const CHARGE_STATE_BYTES: usize = 24;

@unmanaged export class PetState {
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
export const PET_STATE_BYTES: usize = offsetof<PetState>(); // 136

export let secOff = new StaticArray<usize>(N_SECTIONS);
export let secCount = new StaticArray<i32>(N_SECTIONS);

export let nRes = 0;
export let nSpells = 0;
export let nAuras = 0;
export let nInst = 0; // aura instances: nAuras + (targets - 1) x target-owned auras (assembly/engine/targets.ts)
export let nEffects = 0;
export let nDamage = 0;
export let nOpLists = 0;
export let nProcs = 0;
export let nRppm = 0;
export let nPets = 0;
export let nLocks = 0;
export let nCatPools = 0;
export let nChargePools = 0;

export let resRecs: usize = 0;
export let spellRecs: usize = 0;
export let auraRecs: usize = 0;
export let effectRecs: usize = 0;
export let damageRecs: usize = 0;
export let cdrRecs: usize = 0;
export let opRecs: usize = 0;
export let opListRecs: usize = 0;
export let opI32: usize = 0; // i32 x 4 per op: op, a, b, c truncated once at load (runOps)
export let opListI32: usize = 0; // i32 x 2 per op list: start, count
export let nOps = 0;
export let poolI32: usize = 0; // i32 copy of the pool (spellMult's spell lists)
export let procRecs: usize = 0;
export let rppmRecs: usize = 0;
export let petRecs: usize = 0;
export let chargeRecs: usize = 0;
export let pool: usize = 0;

// run config
export let durationMs: i64 = 0;
export let targets: i32 = 1;
export let armor: f64 = 0;
export let armorK: f64 = 0;
export let armorMitPhys: f64 = 1; // armorMitigation(armor, armorK): physical hits (constant per run)

export let pullAura: i32 = -1; // aura applied at t = 0 of every iteration (raid buff: Bloodlust), -1 none
export let startAuras: i32 = 0; // pool offset of the auras applied at t = 0 after it (combat-start timers)
export let nStartAuras: i32 = 0;

export let critMult: f64 = 2.0;
export let masteryKind: i32 = -1;
/** H_REGEN_WAKE, read once at load: idle waits also end when regeneration covers a rotation spell's cost. */
export let regenWake = false;
export let masteryCoef: f64 = 0;
export let masterySchool: i32 = 0;
export let masteryPets: bool = false;
export let autoDamage: i32 = -1;
/** Off-hand swing damage entry (-1 none): a second player swing chain at the same speed (event gen 1). */
export let offDamage: i32 = -1;
export let autoSwingMs: f64 = 0;
export let weaponMin: f64 = 0;
export let weaponMax: f64 = 0;
export let gcdLock: i32 = -1;
export let rotKind: i32 = 0;
export let rotStart: i32 = 0;
export let rotLen: i32 = 0;
export let hooksStart: i32 = 0;
export let hooksLen: i32 = 0;
export let hasOffGcd: bool = false;
export const MAX_OFF_GCD: i32 = 64;
export const offGcdSpells = new StaticArray<i32>(MAX_OFF_GCD);
export let nOffGcd: i32 = 0;
export const MAX_ROT_SPELLS: i32 = MAX_INDEX;
export const rotSpells = new StaticArray<i32>(MAX_ROT_SPELLS);
export let nRotSpells: i32 = 0;
// the bytecode rotation is cast-only (H_ROT_CAST_ONLY) and rotSpells holds every spell it can cast:
// with none of them castable its evaluation answers None (wakeIfIdle then needs no PlayerReady)
export let rotCastOnly: bool = false;
export let rageRes: i32 = -1;
export let rageRate: f64 = 0;
export let rot: Rotation | null = null;
export let rotVarsCap: i32 = 0; // sizes the current Rotation's stacks were allocated for
export let rotDepthCap: i32 = 0;
export let rotCallsCap: i32 = 0;

// ---- arena (reused across runs) ----
export let arena: usize = 0;
export let arenaCap: usize = 0;
export let arenaTop: usize = 0;

export function carve(bytes: usize): usize {
  const p = (arenaTop + 15) & ~<usize>15;
  arenaTop = p + bytes;
  return p;
}

// state arrays
export let resSlots: usize = 0; // ResourceSlot x nRes (32 bytes)
export let spellState: usize = 0;
export let lockUntil: usize = 0; // i64 x nLocks
export let catReady: usize = 0; // i64 x nCatPools
export let chargeState: usize = 0;
export let auraState: usize = 0;
export let rppmState: usize = 0; // RppmTracker x nRppm (48 bytes)
export let petState: usize = 0;
export let procTable: usize = 0; // ImpactProcTable header
export let procFired: usize = 0; // i32 x nProcs x (MAX_OP_DEPTH + 1)
export let procSpellMask: usize = 0; // i32 x nSpells: impact procs whose spell filter passes (impactProcMasks)
export let procFlagMask: usize = 0; // i32 x 4: impact procs whose periodic/crit checks pass, by hitFlags & 3
export let procMasked: bool = false; // nProcs <= 31: playerHitEffects uses the masks
export let timerList: usize = 0; // i32 x MAX_TIMERS: op list per slot
export let timerFree: usize = 0; // i32 stack of free slots
export let timerFreeTop: i32 = 0;
export let spellAcc: usize = 0; // f64 x nSpells x 4: casts, damage, hits, crits (whole run)

export let dmgPrep: usize = 0; // HitPrep x nDamage (dealDamage)
export let hitScratch: usize = 0; // one HitPrep var part for snapshot hits

// ---- dynamic state ----
// The engine's wheel lives at a static address: every field access in the inlined push/pop is one load
// at a constant address instead of a global load (V8 reloads globals, no CSE) plus the field load.
// Its constructor never runs: init() (below) does its work.
const wheelAt: usize = memory.data(offsetof<TimingWheel>(), 8);
// @ts-ignore: decorator
@inline export function wheel(): TimingWheel { return changetype<TimingWheel>(wheelAt); }
wheel().init(8192);
// The iteration's generator at a static address too (a constant pointer, its constructor's work done
// by reseed): each draw's state load/store is at a constant address, no global load of the pointer first.
export const rng: Xorshift64 = changetype<Xorshift64>(memory.data(offsetof<Xorshift64>(), 8));
rng.reseed(1);
export let now: i64 = 0;
export let readyGen: i32 = 0;
export let offGen: i32 = 0;
export let channelGen: i32 = 0;
export let pendingReady: bool = false;
export let casting: bool = false;
export let channelSpell: i32 = -1;
export let castTarget: i32 = 0; // the target of the cast in flight (targets.ts; 0 = primary)
export let prevGcd: i32 = -1;
// cast history beyond prevGcd, for SimC's prev_gcd.2/3.X, prev.X and prev_off_gcd.X (engine/queries.ts)
export let prevGcd2: i32 = -1;
export let prevGcd3: i32 = -1;
export let prevCast: i32 = -1; //   the last cast, on or off the GCD
export let prevOffGcd: i32 = -1; // the last off-GCD cast since the last GCD cast (-1: none since)
export let iterDamage: f64 = 0;
export let iterPet: f64 = 0;
export let iterEvents: i32 = 0;
export let budgetExceeded: bool = false;
/** Processed events per kind over the run (diagnostics; reset with the accumulators). */
// i64, not f64: the per-event increment is one integer add instead of a constant load + f64 add.
// per-kind event counts (8 x i64) at a static address: a constant in the per-event increment
// instead of a global load (a StaticArray's pointer is a runtime global)
export const kindCounts: usize = memory.data(64, 8);

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
@inline export function effectRec(i: i32): EffectRec { return changetype<EffectRec>(effectRecs + <usize>i * <usize>(EFFECT_STRIDE << 3)); }
// @ts-ignore: decorator
@inline export function damageRec(i: i32): DamageRec { return changetype<DamageRec>(damageRecs + <usize>i * <usize>(DAMAGE_STRIDE << 3)); }
// @ts-ignore: decorator
@inline export function cdrRec(i: i32): CdrRec { return changetype<CdrRec>(cdrRecs + <usize>i * <usize>(CDR_STRIDE << 3)); }
// @ts-ignore: decorator
@inline export function opRec(i: i32): OpRec { return changetype<OpRec>(opRecs + <usize>i * <usize>(OP_STRIDE << 3)); }
// @ts-ignore: decorator
@inline export function resRec(i: i32): ResourceRec { return changetype<ResourceRec>(resRecs + <usize>i * <usize>(RESOURCE_STRIDE << 3)); }
// @ts-ignore: decorator
@inline export function resSlot(i: i32): ResourceSlot { return changetype<ResourceSlot>(resSlots + (<usize>i << 5)); }
// @ts-ignore: decorator
@inline export function chargeSt(i: i32): ChargeState { return changetype<ChargeState>(chargeState + <usize>i * CHARGE_STATE_BYTES); }
// @ts-ignore: decorator
@inline export function petRec(i: i32): PetRec { return changetype<PetRec>(petRecs + <usize>i * <usize>(PET_STRIDE << 3)); }
// @ts-ignore: decorator
@inline export function petSt(i: i32): PetState { return changetype<PetState>(petState + <usize>i * PET_STATE_BYTES); }
// @ts-ignore: decorator
@inline export function rppmSt(i: i32): RppmTracker { return changetype<RppmTracker>(rppmState + <usize>i * 48); }
// @ts-ignore: decorator
@inline export function poolI(i: i32): i32 { return <i32>load<f64>(pool + (<usize>i << 3)); }
// @ts-ignore: decorator
@inline export function lockAt(i: i32): i64 { return load<i64>(lockUntil + (<usize>i << 3)); }
// @ts-ignore: decorator
@inline export function catAt(i: i32): i64 { return load<i64>(catReady + (<usize>i << 3)); }

// Immediate slot: an event pushed for t == now while no other event at now is pending (in the wheel
// or here) would be the very next pop, so it is kept here and dispatched before the next wheel pop
// (runIteration): same order, same counts, without a wheel push/pop. Instant casts make most of
// these (CastStart, CastComplete), plus wake-ups and OffGcdReady.
export let immPending: bool = false;
export let immPayload: i32 = 0;

// @ts-ignore: decorator
@inline export function push(t: i64, payload: i32): void {
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
@inline export function pushLater(t: i64, payload: i32): void {
  wheel().pushFromNow(t, payload);
}

// @ts-ignore: decorator
@inline export function validSpell(spell: i32): bool {
  return <u32>spell < <u32>nSpells;
}

// @ts-ignore: decorator
@inline export function auraUp(a: i32): bool {
  return a >= 0 && auraSt(a).active != 0;
}
