// One iteration (spec "Event dispatch"): reset the per-iteration state, then pop and dispatch events
// until the encounter ends (fixed length or the target's death: health.ts), then close its telemetry.
import { Rotation, rotationReset } from "../rotation/vm";
import { cwcReset } from "./cast-while-casting";
import { chanReset, chanOnEnd, chanSlot } from "./channel-decisions";
import { healthOn, healthNextCheck } from "./health";
import { RPPM_STRIDE } from "./layout";
import { setCurTarget } from "./targets";
import { telIterBegin, telIterEnd, telSrcRegen, telAura, telGainFrom, telRegenBalance, tlOn, tlPush, TL_RESOURCE } from "./telemetry";
import { timedGroups, timedPetsReset } from "./timed-pets";
import { moveOn, cutSpell, moveReset, moveFirstAt, moveDropCompletion } from "./raid-events";
import { addsOn, addsReset } from "./raid-adds";
import {
  MAX_EVENTS, MAX_TIMERS, EV_PLAYER_READY, EV_OFFGCD_READY, EV_CAST_START, EV_CAST_COMPLETE, EV_AURA_TICK, EV_AURA_EXPIRE,
  EV_COOLDOWN_READY, EV_AUTO_ATTACK, ARG_FLAG, ev, NEVER, AURA_STATE_BYTES, nRes, nSpells, nAuras, nInst, nRppm, nPets, nLocks,
  nCatPools, nChargePools, rppmRecs, durationMs, pullAura, startAuras, nStartAuras, autoDamage, offDamage, rotKind, rot,
  lockUntil, catReady, timerFree, timerFreeTop, wheel, now, readyGen, offGen, pendingReady, casting, channelSpell, castTarget,
  prevGcd, prevGcd2, prevGcd3, prevCast, prevOffGcd, iterDamage, iterPet, iterEvents, budgetExceeded, kindCounts, spellSt, auraSt,
  resRec, resSlot, chargeSt, petRec, petSt, rppmSt, poolI, immPending, immPayload, push,
} from "./state";
import { dirty, curHaste, ensureStats } from "./stats";
import { pushReady, idleBound, idleRes, idleWakeAt, clearNotBefore } from "./readiness";
import { onCooldownReady } from "./cooldowns";
import { applyAura, onAuraTick, onAuraExpire, hitAmount, hitCrit, onTimer } from "./ops";
import { onAutoAttack } from "./auto-attacks";
import { onReady, onCastStart, onCwcReady, cwcResume, onCastComplete, onChannelTick, onRaidEvent, RAID_MOVE_START, RAID_ADDS_SPAWN } from "./cast";

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
  if (addsOn) { const t = addsReset(); if (t >= 0) push(t, ev(EV_COOLDOWN_READY, RAID_ADDS_SPAWN, 0)); } // raid-adds.ts
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

export function runIteration(): f64 {
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
        if (gen != 0) { onRaidEvent(gen); break; } // raid events: movement (gen 1 / 2), add waves (3 / 4)
        onCooldownReady(arg >> 10, arg & 1023);
        break;
      }
      default: onAutoAttack(arg, gen); break; // EV_AUTO_ATTACK: counted on exit
    }
  }
  return true;
}

/**
 * End of an iteration: closes the windows still open at the encounter end (auras up, regen since the
 * last sync) into the run accumulators without touching the simulation state, then flushes the sink.
 */
export function closeIterationTelemetry(): void {
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
