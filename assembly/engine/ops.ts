// Op lists (spec "Impact proc", "Aura lifecycle"): the interpreter (runOps) and every entry point that can run an
// op list, which is why they share this file: applying and removing auras (tick and expiry ops), aura
// ticks, dealing damage (a hit fires impact procs, whose op lists deal damage and apply auras again),
// SCHEDULE timers. Everything below (auras.ts, hits.ts, pets.ts, cooldowns.ts, resources.ts) is called
// from here and calls nothing back; deeper chains are bounded by MAX_OP_DEPTH.
import { reactOn, reactGain, reactTracked } from "./reaction";
import { reactWake } from "./readiness";
import { damageRaw, damageFinal } from "../damage";
import { ImpactProcTable, fireImpactProcs, fireImpactProcsMasked, HIT_CRIT, HIT_PERIODIC } from "../procs";
import { rollRppm } from "../rppm";
import { mirrorOn, mirrorFraction, mirrorTarget } from "./hit-mirror";
import {
  S_OPS, S_POOL, OPLIST_STRIDE, PROC_STRIDE, ProcRec, OP_STACKS_TO_RESOURCE, OP_GAIN_PER_TARGET, OP_APPLY_AURA, OP_CONSUME_AURA,
  OP_GAIN_RESOURCE, OP_REDUCE_COOLDOWN, OP_RESET_COOLDOWN, OP_DEAL_DAMAGE, OP_SCHEDULE, OP_ROLL_RPPM, OP_PROC_CHANCE, OP_IF_AURA,
  OP_IF_NOT_AURA, OP_SUMMON_PET, OP_DISMISS_PET, OP_IF_CRIT, OP_BANK_DAMAGE, OP_BANK_INTO, OP_DAMAGE_PER_STACK, OP_RANDOM_AURAS,
  OP_DEAL_DAMAGE_MASTERY, OP_CONSUME_PETS, OP_SPREAD_BANK,
} from "./layout";
import { spreadCount, spreadTarget } from "./bank-spread";
import { masteryRolls, masteryRoll } from "./mastery-random";
import { raBumpAura, raAura, raDrawCount, raChoose, raPick } from "./random-auras";
import { castFinisherPoints } from "./spec-mechanics";
import { curTarget, setCurTarget, instOn, instCur, instTarget, targetCount } from "./targets";
import {
  telSetSrc, telSrcSave, telSrcSpell, telSrcAura, telSrcProc, telSrcOther, telHit, telBucketHit, TL_DAMAGE, TL_PET_COUNT, telAura,
  telProc, telRppm, tlOn, tlPush, TL_PROC,
} from "./telemetry";
import { timedGroups, timedIs, timedLive, timedLastExpiry, timedConsume } from "./timed-pets";
import {
  MAX_OP_DEPTH, EV_AURA_EXPIRE, ARG_FLAG, ev, NEVER, RES_EPS, AuraState, secCount, nRes, nAuras, nInst, nDamage, nOpLists, nProcs,
  nRppm, nPets, opListRecs, opI32, opListI32, nOps, poolI32, procRecs, pool, targets, masteryCoef, rageRes, rageRate, carve,
  procTable, procFired, timerList, timerFree, timerFreeTop, spellAcc, dmgPrep, hitScratch, rng, now, iterDamage, iterPet, auraRec,
  auraSt, damageRec, opRec, resSlot, petSt, rppmSt, poolI, push, pushLater, validSpell, auraUp,
} from "./state";
import { statsVer, curHaste, curMastery, cleaveValue, cleaveCount, hasteDiv, ensureStats, hastePending } from "./stats";
import { syncResBody } from "./regen";
import { wakeIfIdle } from "./readiness";
import { reduceCooldownBody, resetCooldown } from "./cooldowns";
import {
  markDirty, AUF_TICKS, AUF_TICK_HASTED, AUF_TICK_ON_APP, AUF_SNAPSHOT, AUF_RESIDUAL, AU_FLAGS, AU_MAX_STACKS, AU_REFRESH,
  AU_TICK_DAMAGE, AU_TICK_OPS, AU_ON_EXPIRE, AU_TICK_SNAP, AU_TICK_GAIN_RES, AU_DURATION, AU_PERIOD, AU_TICK_GAIN, AU_TICK_PET,
  AU_TICK_PET_MS, AU_TICK_NO_CRIT, AU_BASE, auRow, snapshotInto, scheduleNextTick, scheduleTickFromNow,
} from "./auras";
import {
  aoeMult, HP_POWER, HP_MULT, HP_MM, HP_VERSF, HP_COEF, HP_WMIN, HP_WMAX, HP_WMULT, HP_ARMORM, HP_BASE, HP_AOEP, HP_SPELL, HP_PET,
  HP_MODE, HP_N, HP_SCHOOL, HP_FAST, HP_ACC, HP_TEL, HP_CALL, HP_VER, HP_VARP, HP_BYTES, critFactors, instActive, prepareHitVar,
  hitCritChance, hitProcMask,
} from "./hits";
import { summonPet, dismissPet } from "./pets";
import { gainRes, gainResFrom } from "./resources";

/** Damage multiplier of the next top-level dealDamage call (finisher points); read and reset there. */
export let hitScale: f64 = 1.0;
/** Aura that gains finExtraMs of duration when applied during the current finisher cast (-1 none). */
export let finAura: i32 = -1;
export let finExtraMs: i64 = 0;
/** Combo points the last finisher cast spent, for its own spell hook (REDUCE_COOLDOWN with c = 1); set by finishers only. */
export let hookFinPts: f64 = 0;

export function applyAura(idx: i32, stacks: i32): void {
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
    if (reactOn && reactTracked(base)) reactWake(reactGain(idx, base, 0)); // reaction.ts: the proc is reactable later
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
    if (reactOn && newStacks > st.stacks && reactTracked(base)) reactWake(reactGain(idx, base, st.stacks)); // reaction.ts
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
@inline export function onAuraTick(idx: i32, gen: i32, st: AuraState): void {
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

export function onAuraExpire(idx: i32): void {
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
@inline export function removeAura(idx: i32): void {
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
 * An add despawns (raid-adds.ts): its instance `idx` of a target-owned aura ends now, like removeAura but
 * without the expiry ops (nothing is left for them to act on). Its pending tick and expiry events go stale.
 */
export function dropInstance(idx: i32): void {
  const st = auraSt(idx);
  if (st.active == 0) return;
  markDirty(idx);
  st.active = 0;
  st.stacks = 0;
  st.tickPending = 0;
  st.bank = 0;
  st.gen = (st.gen + 1) & 0xffff;
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

export function consumeAura(idx: i32, stacks: i32): void {
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

/**
 * Deals damage entry `d`. periodic: DoT/channel tick. snapAura >= 0: use that aura's snapshot stats.
 * noCrit: 1 forces crit chance 0 (tick_may_crit false).
 */
export function dealDamage(d: i32, periodic: bool, snapAura: i32, noCrit: i32): void {
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
  // HP_N: the slot count capped by the spell's max targets; an AoE hits the live enemies (raid-adds.ts)
  const n = min(load<i32>(hc, HP_N), targetCount());
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
  if (mode == 0 && !isPet && cleaveCount > 0 && targetCount() > 1 && school == 1) {
    const extra = min(cleaveCount, targetCount() - 1); // the live enemies (raid-adds.ts)
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
export let hitAmount: f64 = 0;
export let hitCrit: bool = false;

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

/**
 * i32 copies of the op records' fields and of the op-list headers, truncated once per image: each op
 * otherwise pays ~8 instructions per f64 -> i32 field conversion (BM: ~250 ops/iteration). The values
 * are the same truncations runOps made (<i32> of the same f64); f64/i64 uses still read the record.
 */
export function loadOpTables(): void {
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

/** OP_SPREAD_BANK: `share` x the current target's undealt bank of residual aura `a` onto up to `count` other enemies (bank-spread.ts). */
function spreadBank(a: i32, share: f64, count: i32): void {
  if (<u32>a >= <u32>nAuras) return;
  const src = auraSt(instCur(a));
  const amount = src.active != 0 ? src.bank * share : 0.0;
  const n = spreadCount(count);
  if (!(amount > 0) || n <= 0) return;
  const saved = curTarget;
  for (let k = 0; k < n; k++) {
    setCurTarget(spreadTarget(saved, k));
    applyAura(a, 1);
    const st = auraSt(instCur(a));
    if (st.active != 0) st.bank += amount;
  }
  setCurTarget(saved);
}

export function runOps(list: i32, depth: i32): void {
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
        if (<u32>ia < <u32>nRes) gainRes(ia, o.b * <f64>targetCount()); // the live enemies (raid-adds.ts)
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
      case OP_SPREAD_BANK: spreadBank(ia, o.b, load<i32>(q, 12)); break; // bank-spread.ts
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

export function onTimer(slot: i32): void {
  telSetSrc(telSrcOther());
  const list = load<i32>(timerList + (<usize>slot << 2));
  store<i32>(timerFree + (<usize>timerFreeTop << 2), slot);
  timerFreeTop++;
  runOps(list, 0);
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
