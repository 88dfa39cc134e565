// The rotation queries added for SimC's expression forms (docs/rotation.md §2): GCD and cast times,
// the pandemic window and the other aura properties, spell cost, cast history.
//
// engineQuery's inlined body (engine.ts) answers the kinds BM's rotation asks hundreds of times per
// iteration; every kind it does not know lands here, in one call out of its `default` arm. The hot
// kinds keep their code and their order, so this file costs a rotation that does not use its kinds
// nothing. Times are seconds, booleans 1/0, like every query.
import * as Q from "../rotation/queries";
import {
  now, durationMs, hasteDivisor, nSpells, nAuras, NEVER,
  prevGcd2, prevGcd3, prevCast, prevOffGcd,
  spellRec, spellSt, auraRec, auraSt, chargeSt, castTimeMods, costOf, ensureStats,
} from "./engine";
import { instCur, instOn, curTarget, targetCount } from "./targets";
import { execQuery } from "./cast-while-casting";
import { moveUpQ, moveRemainsQ, moveInQ } from "./raid-events";
import { AuraRec } from "./layout";

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
    case Q.Q_RAID_MOVE_IN: return moveInQ(now);
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
