// Cooldowns (spec "Cast pipeline" steps 6 and 9): own, category and charge cooldowns started by a cast, their
// ends (CooldownReady events), reductions and resets, and the remaining time the rotation asks for.
import { reactOn, cooldownResetReact } from "./reaction";
import { reactWake } from "./readiness";
import { tlOn, tlPush, TL_COOLDOWN } from "./telemetry";
import {
  EV_COOLDOWN_READY, CD_OWN, CD_CHARGE, CD_REGEN, ev, ChargeState, catReady, now, spellSt, chargeSt, catAt, push, pushLater,
  validSpell,
} from "./state";
import { isIdle, wakeIfIdle, idleBound, CR_BYTES, crTab, nbTab, setNotBefore, cooldownBound, refreshNotBefore } from "./readiness";
import { CPF_SOLO_POOL, CP_FLAGS, CP_CAT, CP_CHARGE, CP_RECOVERY, CP_CAT_RECOVERY, cpRow, chargeRechargeMs } from "./cast-table";

// @ts-ignore: decorator
@inline export function startCooldowns(spell: i32, r: usize): void {
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

// inlined into the dispatch switch (its one caller): no call per CooldownReady event
// @ts-ignore: decorator
@inline export function onCooldownReady(sub: i32, idx: i32): void {
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
export function reduceCooldown(spell: i32, ms: i64): void {
  reduceCooldownBody(spell, ms);
}

/** reduceCooldown's body: inlined at the cast hook (Cobra Shot) and runOps's reduce_cooldown op: no call. */
// @ts-ignore: decorator
@inline export function reduceCooldownBody(spell: i32, ms: i64): void {
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
export function resetCooldown(spell: i32): void {
  if (!validSpell(spell)) return;
  idleBound = 0; // a cooldown end moved earlier
  const cp = load<i32>(cpRow(spell), CP_CHARGE);
  if (cp >= 0) {
    const c = chargeSt(cp);
    if (c.nextAt < 0) return;
    if (reactOn) reactWake(cooldownResetReact(spell, c.charges < 1)); // reaction.ts: cooldown_react
    completeCharge(cp);
    poolMoved(spell, c); // a charge came back early
  } else {
    const st = spellSt(spell);
    if (st.readyAt <= now) return;
    if (reactOn) reactWake(cooldownResetReact(spell, true)); // reaction.ts: cooldown_react
    st.readyAt = now;
    setNotBefore(spell, cooldownBound(spell));
  }
  wakeIfIdle();
}

export function cdRemainsMs(spell: i32): i64 {
  return cdRemainsBody(spell);
}

// cdRemainsMs's body, inlined into engineQuery's cooldown.X.remains (BM: ~72 questions per iteration)
// @ts-ignore: decorator
@inline export function cdRemainsBody(spell: i32): i64 {
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
