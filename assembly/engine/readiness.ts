// Player readiness (spec "Cast pipeline"): whether a spell can be cast now (castReady, on the
// pre-converted cast-readiness table), when it could be (readyTime), the "not before" bounds the rotation
// VM skips on, the built-in priority list, and waking an idle player when something may have become
// castable (wakeIfIdle, the idle cooldown and regeneration wakes).
import { reactOn, pollPhaseMs } from "./reaction";
import { ACTION_CAST, ACTION_WAIT } from "../rotation/vm";
import { cwcUsable } from "./cast-while-casting";
import { SpellRec } from "./layout";
import { stackCostOn, stackCostHas, stackCostAura, stackCostPerStack } from "./stack-cost";
import { instCur } from "./targets";
import { moving, moveBlocks } from "./raid-events";
import {
  EV_PLAYER_READY, EV_COOLDOWN_READY, CD_OWN, CD_CAT, CD_REGEN, ev, NEVER, RES_EPS, nRes, nSpells, regenWake, gcdLock, rotStart,
  rotLen, MAX_OFF_GCD, offGcdSpells, nOffGcd, rotSpells, nRotSpells, rotCastOnly, now, readyGen, pendingReady, casting, spellRec,
  spellSt, auraSt, resSlot, chargeSt, poolI, lockAt, catAt, push, validSpell, auraUp,
} from "./state";
import { ensureStats } from "./stats";
import { regenRate, syncRes, syncResBody } from "./regen";

export function pushReady(t: i64): void {
  // the new gen in a local: V8 reloads a global after a store to another one
  const g = (readyGen + 1) & 0xffff;
  readyGen = g;
  pendingReady = true;
  push(t, ev(EV_PLAYER_READY, g, 0));
}

// @ts-ignore: decorator
@inline export function isIdle(): bool {
  return !pendingReady && !casting;
}

// The idle test inlined at the callers, the wake out of line: most calls (every resource gain, BM: focus
// while a GCD or a PlayerReady is pending) find the player busy and then cost no call.
// @ts-ignore: decorator
@inline export function wakeIfIdle(): void {
  if (isIdle()) wakeIdle();
}

/** wakeIfIdle for an idle player. */
function wakeIdle(): void {
  if (rotCastOnly) {
    if (idleSurelyNone()) return;
    if (!idleRotationCastable()) return;
  }
  pushReady(reactOn ? now + pollPhaseMs() : now); // reaction.ts: the idle player acts at its next poll
}

/** reaction.ts: a proc becomes reactable at `t` (-1: none): an idle player is woken then. */
export function reactWake(t: i64): void {
  if (t >= 0) push(t, ev(EV_COOLDOWN_READY, 0, CD_REGEN << 10));
}

// Cast-only rotations (rotCastOnly): what the last failed idleRotationCastable learnt, still true later
// because cooldown ends move earlier only through reduceCooldown / resetCooldown (they clear idleBound)
// and spell costs are fixed. Before idleBound no spell then on cooldown (or lock, or out of charges)
// comes off it; the spells then off cooldown were refused for want of resource idleRes only (a simple
// cost, the cheapest idleCost), or idleRes is -1 (there were none) or -2 (some other refusal: no shortcut).
export let idleBound: i64 = 0;
export let idleRes: i32 = -2;
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

/**
 * The player went idle: arm one CooldownReady at the earliest own/category cooldown end of a rotation
 * spell, so the rotation is asked again when something comes off cooldown (charges have their own events).
 */
export function armIdleWake(): void {
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
export let idleWakeAt: i64 = -1;
let idleWakeKey: i32 = 0;

/** Built-in priority list: first castable spell; a wait entry returns Wait(ms); else wait for the earliest castable time. */
export function priorityAction(): i32 {
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

export function costOf(s: SpellRec): f64 {
  if (s.isChannel != 0) return 0;
  if (auraUp(<i32>s.costBypassAura)) return 0;
  return s.cost;
}

/** `cost` x (1 + perStack x stacks) of the spell's stack-cost aura (stack-cost.ts); `cost` itself without a rule. */
export function stackedCost(spell: i32, cost: f64): f64 {
  const a = stackCostAura(spell);
  if (a < 0 || !(cost > 0)) return cost;
  const st = auraSt(instCur(a));
  return st.active != 0 ? cost * (1.0 + stackCostPerStack(spell) * <f64>st.stacks) : cost;
}

export function hasResource(res: i32, amount: f64): bool {
  if (res < 0 || amount <= 0) return true;
  return resSlot(res).current + RES_EPS >= amount;
}

// Cast-readiness table: the SpellRec fields castReady and cdRemainsMs read, converted once per load
// (the records are f64 and read-only during a run; the rotation asks castReady ~10 times per evaluation,
// and each f64 -> i32 conversion is a checked truncation). CR_BYTES per spell:
//   0 flags (CRF_*), 4 srLock, 8 catPool, 12 chargePool, 16 costRes, 20 cost2Res, 24 costAura,
//   28 costBypassAura, 32 cost (f64), 40 cost2 (f64), 48 tickCost (f64)
export const CR_BYTES: usize = 64;
const CRF_KNOWN: i32 = 1;
const CRF_CHANNEL: i32 = 2;
const CRF_SIMPLE: i32 = 4; // not a channel, no cost-bypass aura, no second cost, no aura cost: the cost check is one hasResource
export let crTab: usize = 0;
let crCap: i32 = 0;
// "Not ready before T" (i64 per spell, engine ms): a lower bound of the next time castReady can say yes,
// set by castReady when the spell's own cooldown or its empty charge pool is what refuses it. Those
// times only move later on their own (a cast restarts them); what moves them earlier (reduceCooldown,
// resetCooldown, a cast that restarts the cooldown, a new iteration) clears the bound. The VM's
// castReady rejects such a spell with one compare (BM: bestial wrath, call of the wild, bloodshed, dire
// beast are asked ~580 times per iteration while on cooldown).
export let nbTab: usize = 0;

// @ts-ignore: decorator
@inline export function setNotBefore(spell: i32, t: i64): void {
  store<i64>(nbTab + (<usize>spell << 3), t);
}

// @ts-ignore: decorator
@inline export function clearNotBefore(): void {
  memory.fill(nbTab, 0, <usize>nSpells << 3);
}

/** The exact cooldown part of castReady's answer: own cooldown end, or the recharge end of an empty pool (0 for unknown spells: always "ready"). */
export function cooldownBound(spell: i32): i64 {
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
export function refreshNotBefore(spell: i32): void {
  const cp = load<i32>(crTab + <usize>spell * CR_BYTES, 12);
  if (cp < 0) {
    setNotBefore(spell, cooldownBound(spell));
    return;
  }
  for (let i = 0; i < nSpells; i++) {
    if (load<i32>(crTab + <usize>i * CR_BYTES, 12) == cp) setNotBefore(i, cooldownBound(i));
  }
}

export function buildCastReadyTable(): void {
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
@inline export function castReadyBody(spell: i32): bool {
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

/** OP_CASTW: castReady, except that a cast bar in progress does not block a spell usable during one. */
export function castReadyWhileCasting(spell: i32): bool {
  if (!casting) return castReady(spell);
  if (!cwcUsable(spell)) return false;
  casting = false;
  const ok = castReady(spell);
  casting = true;
  return ok;
}

export function gcdEnd(): i64 {
  return gcdLock >= 0 ? max(lockAt(gcdLock), now) : now;
}

/**
 * Whether any spell outside the GCD could be cast now. OffGcdReady can only start such a cast (its
 * wait/none results are ignored), so skipping it when none is castable changes nothing but saves a
 * rotation evaluation per GCD.
 */
export function offGcdCastable(): bool {
  if (nOffGcd > MAX_OFF_GCD) return true;
  for (let i = 0; i < nOffGcd; i++) if (castReady(unchecked(offGcdSpells[i]))) return true;
  return false;
}
