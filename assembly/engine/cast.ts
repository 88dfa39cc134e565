// The cast pipeline (spec "Cast pipeline"): the rotation's decision at PlayerReady (onReady), cast start
// (GCD, cast bar), cast complete (costs, cooldowns, damage, auras, hooks), channels, and decisions inside a
// cast bar (cast-while-casting.ts).
import { reactOn, queueLagMs, channelLagMs } from "./reaction";
import { Rotation, selectAction, actionKind, actionSpell, actionWaitMs, ACTION_CAST, ACTION_WAIT } from "../rotation/vm";
import { cwcOn, cwcBarStart, cwcLive, cwcNextPoll, cwcNow, cwcGen, cwcMainTarget, cwcSetMainTarget } from "./cast-while-casting";
import { chanOnStart, chanOnEnd, chanDecide, chanSlots, chanSlot, CHAN_END } from "./channel-decisions";
import { SpellRec, CDR_ALWAYS, CDR_PROC_CHANCE, CDR_WHILE_AURA, CDR_RESET_WHILE_AURA } from "./layout";
import { castFinisherPoints, setCastFinisherPoints } from "./spec-mechanics";
import { stackCostOn } from "./stack-cost";
import { moveOn, moveStart, moveEnd, moveCastStarted, moveCutCast, movePeriod, moveDuration } from "./raid-events";
import { curTarget, setCurTarget, instOn, isTargetOwned } from "./targets";
import { addsSpawn, addsDespawn, addsDuration, addsBase, addsSlots } from "./raid-adds";
import { telSetSrc, telSrcSpell, tlOn, tlPush, TL_CAST_START, TL_CAST } from "./telemetry";
import {
  EV_PLAYER_READY, EV_OFFGCD_READY, EV_CAST_START, EV_CAST_COMPLETE, EV_AURA_TICK, EV_COOLDOWN_READY, ARG_FLAG, ev, RES_EPS, nRes, durationMs,
  rotKind, hooksStart, hooksLen, hasOffGcd, rot, lockUntil, spellAcc, rng, now, readyGen, offGen, channelGen, pendingReady,
  casting, channelSpell, castTarget, prevGcd, prevGcd2, prevGcd3, prevCast, prevOffGcd, spellRec, spellSt, auraSt, cdrRec,
  resSlot, poolI, push, validSpell, auraUp, nAuras,
} from "./state";
import { hasteDivisor, hasteDiv, ensureStats, hastePending } from "./stats";
import { syncResBody, syncResourcesAtNow } from "./regen";
import { pushReady, armIdleWake, priorityAction, stackedCost, hasResource, gcdEnd, offGcdCastable, wakeIfIdle, idleBound, idleRes } from "./readiness";
import {
  CPF_KNOWN, CPF_CHANNEL, CPF_GCD_HASTED, CPF_CAST_HASTED, CPF_CHANNEL_CAST_STEPS, CPF_ON_GCD, CPF_FINISHER, CPF_COST_EXTRA,
  CPF_CAST_EXTRA, CP_FLAGS, CP_LOCK, CP_COST_RES, CP_COST2_RES, CP_COST_AURA, CP_BYPASS_AURA, CP_GAIN_RES, CP_GAIN2_RES,
  CP_DAMAGE, CP_APPLY_AURA, CP_APPLY_STACKS, CP_CDR_START, CP_CDR_COUNT, CP_HOOK, CP_STEALTH, CP_SR_MS, CP_CAST_MS, CP_COST,
  CP_COST2, CP_GAIN, CP_GAIN2, CP_FIN_MAX, CP_SR_MS_F, CP_HOOK_KIND, CP_HOOK_A, CP_HOOK_B, HOOK_REDUCE_CD, HOOK_APPLY_AURA,
  HOOK_SUMMON_PET, cpRow, SPELL_SLOT_FIN_AURA, SPELL_SLOT_FIN_MS, spellSlot, castTimeMods,
} from "./cast-table";
import { startCooldowns, reduceCooldown, reduceCooldownBody, resetCooldown } from "./cooldowns";
import { EngineState, state } from "./queries";
import { summonPet } from "./pets";
import { spendRes, gainRes } from "./resources";
import { hitScale, finAura, finExtraMs, hookFinPts, applyAura, removeAura, dropInstance, consumeAura, dealDamage, runOps } from "./ops";

export let accUnknown: f64 = 0;

export function onReady(offGcd: bool): void {
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

// hasted GCD cache, keyed by (haste divisor, base ms): its value is a function of those two only, so
// it stays valid across loads and stat recomputes that leave haste alone (NaN: empty, never equal)
let gcdCacheDiv: f64 = NaN;
let gcdCacheMs: f64 = 0;
let gcdCacheVal: i64 = 0;

export function onCastStart(spell: i32): void {
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
export function onCwcReady(gen: i32): void {
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
export function cwcResume(): void {
  casting = true;
  readyGen = (readyGen + 1) & 0xffff;
  pendingReady = false;
  offGen = (offGen + 1) & 0xffff;
  castTarget = cwcMainTarget;
  push(now, ev(EV_OFFGCD_READY, cwcNow(), 1));
}

export function onCastComplete(spell: i32): void {
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
  const g0 = gcdEnd();
  // reaction.ts: the next decision a queue lag after the GCD a cast on it triggered
  const ge = reactOn && (f & CPF_ON_GCD) != 0 ? g0 + queueLagMs() : g0;
  // pushReady(ge), inlined: one call less per cast
  const g = (readyGen + 1) & 0xffff;
  readyGen = g;
  pendingReady = true;
  push(ge, ev(EV_PLAYER_READY, g, 0));
  if (g0 > now && hasOffGcd && offGcdCastable()) {
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

function startChannel(spell: i32, s: SpellRec): void {
  if (hastePending) ensureStats(); // only the haste values are read here (see hastePending)
  const dur: f64 = s.channelHasted != 0 ? s.channelMs / hasteDivisor : s.channelMs;
  const n = max(1, <i32>s.channelTicks);
  const period = dur / <f64>n;
  channelGen = (channelGen + 1) & 0xffff;
  channelSpell = spell;
  for (let k = 1; k <= n; k++) push(now + <i64>Math.round(period * <f64>k), ev(EV_AURA_TICK, channelGen, spell | ARG_FLAG));
  pushReady(now + <i64>Math.round(dur) + (reactOn ? channelLagMs() : 0)); // reaction.ts: channel lag
  spellSt(spell).lastUsed = now;
  if (chanSlots > 0) chanOnStart(changetype<Rotation>(rot), spell, now + <i64>Math.round(dur));
}

export function onChannelTick(spell: i32, gen: i32): void {
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

/**
 * EV_COOLDOWN_READY with gen != 0: a raid event. RAID_MOVE_START / RAID_MOVE_END: a movement window
 * starts or ends (raid-events.ts); RAID_ADDS_SPAWN / RAID_ADDS_DESPAWN: a wave of adds comes or goes
 * (raid-adds.ts).
 */
export const RAID_MOVE_START: i32 = 1;
const RAID_MOVE_END: i32 = 2;
export const RAID_ADDS_SPAWN: i32 = 3;
const RAID_ADDS_DESPAWN: i32 = 4;
export function onRaidEvent(gen: i32): void {
  if (gen >= RAID_ADDS_SPAWN) {
    onAddsEvent(gen);
    return;
  }
  if (gen == RAID_MOVE_START) {
    moveStart();
    push(now + moveDuration(), ev(EV_COOLDOWN_READY, RAID_MOVE_END, 0));
    push(now + movePeriod(), ev(EV_COOLDOWN_READY, RAID_MOVE_START, 0));
    if (channelSpell >= 0) { endChannelNow(); return; } // a channel stops when the player moves
    if (casting && moveCutCast(now)) {
      // the cast bar is interrupted: its completion will be dropped; the player decides again after the
      // GCD, a queue lag after it with the reaction model on (as after any cast on the GCD: reaction.ts)
      casting = false;
      if (cwcOn) cwcBarStart(-1, now); // no more decisions inside the dead bar
      const g = gcdEnd();
      pushReady(reactOn ? g + queueLagMs() : g);
    }
    return;
  }
  moveEnd();
  // a cast that moving refused is possible again: an idle player is woken (at its next poll with the
  // reaction model on: wakeIfIdle), like after any other change that makes a spell castable
  idleBound = 0;
  idleRes = -2;
  wakeIfIdle();
}

/** A wave of adds spawns or despawns (raid-adds.ts). */
function onAddsEvent(gen: i32): void {
  if (gen == RAID_ADDS_SPAWN) {
    const next = addsSpawn(now);
    push(now + addsDuration(), ev(EV_COOLDOWN_READY, RAID_ADDS_DESPAWN, 0));
    if (next >= 0) push(next, ev(EV_COOLDOWN_READY, RAID_ADDS_SPAWN, 0));
  } else {
    // the adds' DoTs and debuffs end with them; a cast in flight on one lands on the primary target
    const base = addsBase();
    const slots = addsSlots();
    for (let t = base; t < slots; t++) for (let a = 0; a < nAuras; a++) if (isTargetOwned(a)) dropInstance(instOn(t, a));
    if (castTarget >= base) castTarget = 0;
    addsDespawn();
  }
  // active_enemies, target_if and the AoE conditions changed: what the idle shortcuts learnt no longer holds
  idleBound = 0;
  idleRes = -2;
  wakeIfIdle();
}

/** The running channel ends after this tick; the rotation decides now (the channel's PlayerReady is superseded). */
function endChannelNow(): void {
  channelGen = (channelGen + 1) & 0xffff;
  channelSpell = -1;
  casting = false;
  chanOnEnd();
  pushReady(reactOn ? now + channelLagMs() : now); // reaction.ts: channel lag
}
