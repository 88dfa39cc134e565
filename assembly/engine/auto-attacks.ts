// Auto attacks (spec "Pets"): the player's swing chains (main and off hand) and the
// pets' swings, one AutoAttack event each; a pet swing is a crit draw and sums on its swing cache (pets.ts).
import { attackSpeedMul } from "./spec-mechanics";
import { telSetSrc, telSrcOther, TL_PET_COUNT, tlOn, tlPush } from "./telemetry";
import { timedGroups, timedIs, timedLive } from "./timed-pets";
import { EV_AUTO_ATTACK, ev, nPets, autoDamage, offDamage, autoSwingMs, rng, now, petSt, pushLater } from "./state";
import { statsVer, hasteDivisor, ensureStats } from "./stats";
import { wakeIfIdle } from "./readiness";
import { dismissPet, petSwingPrep, petAmount, petRecordHit } from "./pets";
import { dealDamage } from "./ops";

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

export function onAutoAttack(arg: i32, gen: i32): void {
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
