// Aura mechanics below the op lists: the aura table (AuraRec fields converted once per load), marking the
// stats dirty when an aura changes, snapshots and tick scheduling. Applying, refreshing and removing an
// aura run op lists (tick and expiry ops), so those entry points live in ops.ts.
import { OPLIST_STRIDE, OP_GAIN_RESOURCE, OP_SUMMON_PET } from "./layout";
import { masteryGateAura } from "./mastery-gate";
import { instBase } from "./targets";
import {
  EV_AURA_TICK, ev, AuraState, AURA_STATE_BYTES, nRes, nAuras, nInst, nOpLists, opListRecs, now, auraRec, auraSt, effectRec,
  opRec, pushLater,
} from "./state";
import {
  dirty, curAp, curSp, curCrit, curMastery, curVers, hasteDiv, ensureStats, hastePending, EF_BYTES, EF_AURA, EF_TYPE, EF_OWNER,
  EF_SCOPE, EF_VALUE, EF_A, EF_B, effFlat, effFlatCap, nEffFlat,
} from "./stats";
import { syncResourcesAtNow } from "./regen";

export let auraFlags: usize = 0; // i32 x nInst (0 for the other targets' instances): bit 0 has effects, bit 1 has a haste effect

/**
 * Aura `idx` changed (applied, removed, stacks): stats are recomputed lazily. Auras without effects
 * change nothing; a haste change first accounts regen up to now at the old haste.
 */
// @ts-ignore: decorator
@inline export function markDirty(idx: i32): void {
  const f = load<i32>(auraFlags + (<usize>idx << 2));
  if (f == 0) return;
  if (f & 2) {
    ensureStats();
    syncResourcesAtNow();
    hastePending = true;
  }
  dirty = true;
}

// Aura table: the AuraRec fields the aura paths read (apply, tick, expire, recomputeStats), converted
// once per load like the cast-pipeline table (same conversions, identical values). AU_BYTES per aura.
const AU_BYTES: usize = 96;
export const AUF_TICKS: i32 = 1; // tickPeriodMs > 0
export const AUF_TICK_HASTED: i32 = 2;
export const AUF_TICK_ON_APP: i32 = 4;
export const AUF_SNAPSHOT: i32 = 8;
export const AUF_RESIDUAL: i32 = 16;
const AUF_TICK_MAY_CRIT: i32 = 32;
export const AU_FLAGS = 0;
export const AU_MAX_STACKS = 4; // max(1, maxStacks)
export const AU_REFRESH = 8;
export const AU_TICK_DAMAGE = 12;
export const AU_TICK_OPS = 16;
export const AU_ON_EXPIRE = 20;
const AU_OWNER = 24;
const AU_SCOPE = 28; // damage scope bits (recomputeStats): 1 player, 2 pet
export const AU_TICK_SNAP = 32; // the tick's dealDamage snapAura argument: idx for a snapshot aura, else -1
const AU_EFF_START = 36;
const AU_EFF_COUNT = 40;
export const AU_TICK_GAIN_RES = 44; // tick ops are one gain_resource op on a valid resource: its resource (-1: no)
export const AU_DURATION = 48; // i64
export const AU_PERIOD = 56; // i64: max(1, <i64>tickPeriodMs) (un-hasted period)
export const AU_TICK_GAIN = 64; // f64: that op's amount
export const AU_TICK_PET = 72; // tick ops are one summon_pet op: its pet (-1: no)
export const AU_TICK_PET_MS = 80; // i64: that op's <i64> duration
export const AU_TICK_NO_CRIT = 88; // the tick's dealDamage noCrit argument: 0 if the tick may crit, else 1
export const AU_BASE = 92; // the image aura this row's instance belongs to (itself below nAuras; targets.ts)
let auTab: usize = 0;
let auCap: i32 = 0;

// @ts-ignore: decorator
@inline export function auRow(idx: i32): usize { return auTab + <usize>idx * AU_BYTES; }

export function buildAuraTable(): void {
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

export function snapshotInto(st: AuraState): void {
  st.snapAp = curAp;
  st.snapSp = curSp;
  st.snapCrit = curCrit;
  st.snapVers = curVers;
  st.snapMastery = curMastery;
  if (masteryGateAura >= 0 && auraSt(masteryGateAura).active == 0) st.snapMastery = 0; // mastery-gate.ts
}

/** r: the aura's table row (auRow). Inlined: ~240 calls/iteration (BM), mostly from onAuraTick. */
// @ts-ignore: decorator
@inline export function scheduleNextTick(idx: i32, r: usize, st: AuraState): void {
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
@inline export function scheduleTickFromNow(idx: i32, r: usize, st: AuraState): void {
  armTick(idx, st, now + tickPeriod(idx, r));
}
