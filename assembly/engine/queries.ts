// The engine as the rotation VM sees it (docs/rotation.md): EngineState, the binding selectAction and
// chanDecide are monomorphized over, and engineQuery, which answers every query kind. Times are
// seconds, booleans 1/0, like every query.
//
// engineQueryBody is inlined at the VM's query sites and answers the kinds BM's rotation asks hundreds
// of times per iteration; every kind it does not know lands in extraQuery (the expression forms added
// for SimC's APLs: GCD and cast times, the pandemic window and the other aura properties, spell cost,
// cast history), in one call out of its `default` arm. The hot kinds keep their code and their order,
// so the extra kinds cost a rotation that does not use them nothing.
import * as Q from "../rotation/queries";
import { OP_LT, OP_LE, OP_GT, OP_GE } from "../rotation/vm";
import { healthOn, healthPct, healthRemainsS } from "./health";
import { curTarget, setCurTarget, targetCount, instOn, instCur, isTargetOwned } from "./targets";
import { timedGroups, timedIs, timedLive } from "./timed-pets";
import { execQuery } from "./cast-while-casting";
import { moveUpQ, moveRemainsQ, moveInQ } from "./raid-events";
import { addsUpQ, addsRemainsQ, addsInQ } from "./raid-adds";
import { reactStacks, cooldownReacted } from "./reaction";
import { AuraRec } from "./layout";
import {
  NEVER, nRes, nSpells, nAuras, nInst, nPets, durationMs, targets, now, prevGcd, prevGcd2, prevGcd3, prevCast, prevOffGcd,
  spellRec, spellSt, auraRec, auraSt, resSlot, chargeSt, petSt, validSpell,
} from "./state";
import { ensureStats, hasteDivisor } from "./stats";
import { regenRate, syncRes } from "./regen";
import { CR_BYTES, crTab, nbTab, costOf, castReady, castReadyBody, castReadyWhileCasting, gcdEnd } from "./readiness";
import { castTimeMods } from "./cast-table";
import { cdRemainsMs, cdRemainsBody } from "./cooldowns";

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
    case Q.Q_ACTIVE_ENEMIES: return <f64>targetCount(); // the live enemies (raid-adds.ts)
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
@final export class EngineState {
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
export const state = new EngineState();

// ---- the extra query kinds (extraQuery) ----

/** The player's GCD minimum in ms (the engine's floor for a hasted GCD: onCastStart). */
const GCD_FLOOR_MS: f64 = 750;
/** `gcd.max` without a host-chosen spell: the standard 1.5 s GCD, hasted. */
const DEFAULT_GCD_MS: f64 = 1500;
/** SimC's pandemic window: a DoT or buff is refreshable with less than 30 % of its duration left. */
const PANDEMIC: f64 = 0.3;
/** `action.X.last_used` before X's first cast: SimC starts last_used at timespan_t::min(), so
 *  `time - action.X.last_used` is huge; any such comparison in an APL has the same answer. */
const NEVER_USED_S: f64 = -1e9;

/** The GCD a cast of `spell` triggers now, in ms: its start recovery, hasted (floor 750) when the
 *  record says so; 0 for a spell off the GCD. -1 (or out of range): the standard 1.5 s, hasted. */
function gcdMs(spell: i32): f64 {
  if (<u32>spell >= <u32>nSpells) return max(Math.round(DEFAULT_GCD_MS / hasteDivisor), GCD_FLOOR_MS);
  const s = spellRec(spell);
  if (s.srLock < 0) return 0;
  if (s.gcdHasted != 0) return max(Math.round(s.srMs / hasteDivisor), GCD_FLOOR_MS);
  return s.srMs;
}

/** The time a cast of `spell` keeps the player busy, in ms: its cast bar (hasted, after the cast-time
 *  modifier auras), or its channel's duration; 0 for an instant. */
function castMs(spell: i32): f64 {
  if (<u32>spell >= <u32>nSpells) return 0;
  const s = spellRec(spell);
  if (s.isChannel != 0) return s.channelHasted != 0 ? Math.round(s.channelMs / hasteDivisor) : s.channelMs;
  let ms: i64 = s.castHasted != 0 ? <i64>Math.round(s.castMs / hasteDivisor) : <i64>s.castMs;
  if (ms > 0) ms = castTimeMods(spell, ms);
  return <f64>ms;
}

/** The aura's tick period now, in ms (hasted when its record says so); 0 for an aura without ticks. */
function tickMs(a: i32): f64 {
  const r = auraRec(a);
  if (r.tickPeriodMs <= 0) return 0;
  if (r.tickHasted == 0) return r.tickPeriodMs;
  return r.tickPeriodMs / hasteDivisor;
}

/** SimC's `refreshable` of aura instance `si` (record `r`): always true while it is down; a permanent aura
 *  (no duration) never needs a refresh; else less than 30 % of its duration left. */
function refreshable(r: AuraRec, si: i32): bool {
  if (auraSt(si).active == 0) return true;
  if (r.durationMs <= 0 || auraSt(si).expiresAt == NEVER) return false;
  return remainsMs(si) < PANDEMIC * r.durationMs;
}

/** Remaining ms of an active aura (a permanent one: until the encounter end, as auraRemainsS). */
function remainsMs(a: i32): f64 {
  const st = auraSt(a);
  return <f64>((st.expiresAt == NEVER ? durationMs : st.expiresAt) - now);
}

export function extraQuery(kind: i32, arg: i32): f64 {
  // The kinds that read haste bring the stats up to date first, exactly as the resource queries do
  // (the compiler counts them among the side-effect kinds: src/rotation/compile.ts TOUCH_KINDS).
  if (kind == Q.Q_GCD_MAX || kind == Q.Q_CAST_TIME || kind == Q.Q_EXECUTE_TIME || kind == Q.Q_AURA_TICK_TIME || kind == Q.Q_AURA_TICKS_REMAIN || kind == Q.Q_CHANNEL_TICK_TIME) ensureStats();
  switch (kind) {
    case Q.Q_GCD_MAX: return gcdMs(arg) / 1000.0;
    case Q.Q_CAST_TIME: return castMs(arg) / 1000.0;
    case Q.Q_EXECUTE_TIME: {
      if (<u32>arg >= <u32>nSpells) return 0;
      return max(gcdMs(arg), castMs(arg)) / 1000.0;
    }
    // reaction time (reaction.ts): with the model off, the stacks / the cooldown's readiness
    case Q.Q_AURA_REACT: return reactStacks(arg);
    case Q.Q_TGT_REACT: return <u32>arg < <u32>nAuras ? reactStacks(instCur(arg)) : 0.0;
    case Q.Q_COOLDOWN_REACT: return <u32>arg < <u32>nSpells && cdRemainsMs(arg) == 0 && cooldownReacted(arg) ? 1.0 : 0.0;
    case Q.Q_SPELL_COST: return <u32>arg < <u32>nSpells ? costOf(spellRec(arg)) : 0.0;
    case Q.Q_COOLDOWN_MAX_CHARGES: {
      if (<u32>arg >= <u32>nSpells) return 0;
      const cp = <i32>spellRec(arg).chargePool;
      return cp >= 0 ? <f64>chargeSt(cp).max : 1.0;
    }
    case Q.Q_LAST_USED: {
      if (<u32>arg >= <u32>nSpells) return NEVER_USED_S;
      const t = spellSt(arg).lastUsed;
      return t < 0 ? NEVER_USED_S : <f64>t / 1000.0;
    }
    case Q.Q_CHANNEL_TICK_TIME: {
      if (<u32>arg >= <u32>nSpells || spellRec(arg).isChannel == 0) return 0;
      return castMs(arg) / max(1.0, spellRec(arg).channelTicks) / 1000.0;
    }
    case Q.Q_PREV: return prevCast == arg ? 1.0 : 0.0;
    case Q.Q_PREV_OFF_GCD: return prevOffGcd == arg ? 1.0 : 0.0;
    case Q.Q_PREV_GCD_2: return prevGcd2 == arg ? 1.0 : 0.0;
    case Q.Q_PREV_GCD_3: return prevGcd3 == arg ? 1.0 : 0.0;
    case Q.Q_EXECUTING: return execQuery(false, arg, now);
    case Q.Q_EXECUTE_REMAINS: return execQuery(true, arg, now);
    case Q.Q_TARGET_INDEX: return <f64>curTarget;
    case Q.Q_RAID_MOVE_UP: return moveUpQ(now);
    case Q.Q_RAID_MOVE_REMAINS: return moveRemainsQ(now);
    case Q.Q_RAID_MOVE_IN: return moveInQ(now, arg);
    case Q.Q_RAID_ADDS_UP: return addsUpQ();
    case Q.Q_RAID_ADDS_REMAINS: return addsRemainsQ(now);
    case Q.Q_RAID_ADDS_IN: return addsInQ(now, arg);
    case Q.Q_DOT_REFRESHABLE_COUNT: {
      if (<u32>arg >= <u32>nAuras) return 0;
      let n = 0;
      const nt = targetCount();
      for (let t = 0; t < nt; t++) if (refreshable(auraRec(arg), instOn(t, arg))) n++;
      return <f64>n;
    }
    default: break;
  }
  // aura kinds: the record of image aura `arg`, the state of its instance on the current target (the
  // primary outside a target_if / cycle_targets / cycling_variable evaluation: assembly/engine/targets.ts)
  if (<u32>arg >= <u32>nAuras) return 0;
  const r = auraRec(arg);
  const si = instCur(arg);
  const active = auraSt(si).active != 0;
  switch (kind) {
    case Q.Q_AURA_REFRESHABLE: return refreshable(r, si) ? 1.0 : 0.0;
    case Q.Q_AURA_DURATION: return r.durationMs > 0 ? r.durationMs / 1000.0 : 0.0;
    case Q.Q_AURA_TICK_TIME: return tickMs(arg) / 1000.0;
    case Q.Q_AURA_TICKS_REMAIN: {
      if (!active) return 0;
      const p = tickMs(arg);
      return p > 0 ? Math.ceil(remainsMs(si) / p) : 0.0;
    }
    case Q.Q_AURA_MAX_STACK: return max(r.maxStacks, 1.0);
    default: return 0.0;
  }
}
