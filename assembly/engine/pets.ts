// Pets (spec "Pets"): summoning and dismissal, each pet's swing cache (petSwingPrep: everything a swing
// needs that depends only on the stats) and the per-run hit counts flushed once per engineRun.
import { damageFinal } from "../damage";
import { telSpellRec, telBucketHit, TL_DAMAGE, TL_PET_COUNT, tlOn, tlPush } from "./telemetry";
import { timedGroups, timedIs, timedAdd, timedLive, timedLastExpiry } from "./timed-pets";
import {
  EV_AUTO_ATTACK, ev, NEVER, PetState, nDamage, nPets, spellAcc, dmgPrep, now, iterDamage, iterPet, petRec, petSt, push,
  validSpell,
} from "./state";
import {
  nActSchool, nActSpells, statsVer, curAp, curSp, versFactorCur, playerMult, hasteDivisor, critChanceCur, masteryMultCur, petMult,
  hasteDiv, schoolMult, spellMultWalk,
} from "./stats";
import {
  HP_COEF, HP_WMULT, HP_ARMORM, HP_BASE, HP_CRITB, HP_SPELL, HP_PET, HP_SCHOOL, HP_KIND, HP_CANCRIT, HP_MMAPPLY, HP_MULTFX,
  HP_BYTES, critFactors,
} from "./hits";

export function summonPet(p: i32, durMs: i64): void {
  if (<u32>p >= <u32>nPets) return;
  const ps = petSt(p);
  const exp = durMs > 0 ? now + durMs : NEVER;
  if (timedGroups > 0 && timedIs(p)) { // one instance with its own expiry (timed-pets.ts)
    timedAdd(p, now, exp, max<i64>(1, hasteDiv(petRec(p).swingMs)));
    ps.count = timedLive(p, now);
    if (tlOn) tlPush(now, TL_PET_COUNT, p, <f64>ps.count);
    ps.expiresAt = timedLastExpiry(p);
    if (ps.active == 0) {
      ps.active = 1;
      ps.gen = (ps.gen + 1) & 0xffff;
      push(now, ev(EV_AUTO_ATTACK, ps.gen, 1 + p));
    }
    return;
  }
  if (ps.active == 0) {
    ps.active = 1;
    ps.count = 1;
    ps.expiresAt = exp;
    ps.gen = (ps.gen + 1) & 0xffff;
    push(now, ev(EV_AUTO_ATTACK, ps.gen, 1 + p));
  } else {
    ps.count++;
    if (exp > ps.expiresAt) ps.expiresAt = exp;
  }
}

export function dismissPet(p: i32): void {
  if (<u32>p >= <u32>nPets) return;
  const ps = petSt(p);
  ps.active = 0;
  ps.count = 0;
  ps.gen = (ps.gen + 1) & 0xffff; // stops the swing chain
}

/**
 * Fills pet `p`'s swing cache for the current stats version (stats current: ensureStats ran). The hit
 * amounts are dealDamage's fast-path DamageCalc for the entry, evaluated once: pet entries have no
 * weapon part (prepareHitConst: weaponRoll stays 0.0, no draw), hitScale is 1.0 outside the cast step
 * that sets it (x * 1.0 == x), and the crit factor is one of the two critFactors values.
 */
// @ts-ignore: decorator
@inline export function petSwingPrep(p: i32, ps: PetState): void {
  // the parts that depend only on the image (entry address, spell, record addresses): once per load
  // (engineLoad zeroes PetState: ver 0) instead of once per stats version (~130 preps/iteration, BM)
  if (ps.ver == 0) petConstPrep(p, ps);
  ps.ver = statsVer;
  // the swing time only moves with haste: its rounding is skipped when hasteDivisor is bit-identical
  // (ps.ver == 0, an empty cache, has inHaste 0.0: never a divisor, 1 + haste/100 > 0)
  if (reinterpret<u64>(hasteDivisor) != reinterpret<u64>(ps.inHaste)) {
    ps.inHaste = hasteDivisor;
    ps.swingMs = max<i64>(1, hasteDiv(petRec(p).swingMs));
  }
  if (ps.hits == 0) return; // no valid melee entry: dealDamage returns before any draw
  const hc = ps.hc;
  // prepareHitVar(hc, -1)'s values in locals (no scratch stores and reloads): the same expressions
  const kind = load<i32>(hc, HP_KIND);
  const power = kind == 1 ? curAp : kind == 2 ? curSp : 0.0;
  let crit = 0.0;
  if (load<i32>(hc, HP_CANCRIT) != 0) {
    const c = critChanceCur + load<f64>(hc, HP_CRITB);
    crit = c < 0 ? 0.0 : c > 1 ? 1.0 : c; // DamageCalc step 3's clamp, done once here
  }
  const versF = versFactorCur;
  const pb = load<i32>(hc, HP_PET);
  let mult = pb != 0 ? petMult : playerMult;
  const fx = load<i32>(hc, HP_MULTFX);
  if (nActSchool > 0 && (fx & 1) != 0) mult *= schoolMult(load<i32>(hc, HP_SCHOOL), pb);
  // spellMult's product without its per-version cache (one pet prep per version: always a miss)
  if (nActSpells > 0 && (fx & 2) != 0 && validSpell(ps.spell)) mult *= spellMultWalk(ps.spell, pb);
  const mm = load<i32>(hc, HP_MMAPPLY) != 0 ? masteryMultCur : 1.0;
  const raw = load<f64>(hc, HP_BASE) + 0.0 * load<f64>(hc, HP_WMULT) + load<f64>(hc, HP_COEF) * power;
  const armorM = load<f64>(hc, HP_ARMORM);
  ps.amtHit = damageFinal(raw, load<f64>(critFactors), versF, armorM, mult, mm);
  ps.amtCrit = damageFinal(raw, load<f64>(critFactors, 8), versF, armorM, mult, mm);
  ps.crit = crit;
}

/**
 * Pet `p`'s swing-cache parts that depend only on the loaded image: the melee entry's HitPrep address,
 * its spell and the per-spell record addresses (spellAcc, spellTel: laid out by engineLoad).
 */
function petConstPrep(p: i32, ps: PetState): void {
  const d = <i32>petRec(p).melee;
  if (<u32>d >= <u32>nDamage) {
    ps.hits = 0; // dealDamage returns before any draw
    return;
  }
  const hc = dmgPrep + <usize>d * HP_BYTES;
  ps.hc = hc;
  const spell = load<i32>(hc, HP_SPELL);
  ps.spell = spell;
  const sink = changetype<usize>(ps) + offsetof<PetState>("sink0");
  ps.acc = validSpell(spell) ? spellAcc + (<usize>spell << 5) : sink;
  const tel = telSpellRec(spell);
  ps.tel = tel != 0 ? tel : sink;
  // A spell that only pet entries deal gets every hit added to its recordHit damage (acc +8) and its
  // telHit pet damage (tel +8) alike, both cleared by engineResetAccumulators: the same sums of the same
  // values in the same order. Its swings skip the tel +8 sum and petFlushCounts copies acc +8 there.
  let derived = validSpell(spell) && tel != 0;
  for (let e = 0; e < nDamage && derived; e++) {
    const q = dmgPrep + <usize>e * HP_BYTES;
    if (load<i32>(q, HP_SPELL) == spell && load<i32>(q, HP_PET) == 0) derived = false;
  }
  ps.hits = derived ? 2 : 1;
}

/** isCrit ? ps.amtCrit : ps.amtHit as one indexed load (amtCrit follows amtHit): no branch. */
// @ts-ignore: decorator
@inline export function petAmount(ps: PetState, isCrit: bool): f64 {
  return load<f64>(changetype<usize>(ps) + (<usize>isCrit << 3), offsetof<PetState>("amtHit"));
}

/**
 * recordHit(spell, amt, isCrit, true, false) for pet `ps`'s melee spell, with the per-spell record
 * addresses from the swing cache: the same sums in the same order (telHit's pet/bucket/timeline part).
 */
// @ts-ignore: decorator
@inline export function petRecordHit(ps: PetState, amt: f64, isCrit: bool, telSum: bool): void {
  iterDamage += amt;
  const acc = ps.acc;
  store<f64>(acc, load<f64>(acc, 8) + amt, 8);
  // the hit counts (acc +16, tel +16: onAutoAttack, once per swing) and crit counts (acc +24) are
  // counted as integers and added by petFlushCounts (no f64 add per swing)
  ps.nCrits += <i64>isCrit;
  iterPet += amt;
  if (telSum) { // else derived at the flush (petConstPrep)
    const p = ps.tel;
    store<f64>(p, load<f64>(p, 8) + amt, 8);
  }
  telBucketHit(now, amt);
  if (tlOn) tlPush(now, TL_DAMAGE | ((isCrit ? 6 : 4) << 8), ps.spell, amt); // flags: pet (4), crit (2)
}

/**
 * Adds the pets' pending hit and crit counts to recordHit's and telHit's sums (end of engineRun, before
 * the host reads them). Those sums only ever get whole numbers added (1.0 per hit or crit), which f64
 * adds exactly in any grouping, so the totals are the ones per-hit additions give.
 */
export function petFlushCounts(): void {
  for (let p = 0; p < nPets; p++) {
    const ps = petSt(p);
    if (ps.hits == 2) store<f64>(ps.tel, load<f64>(ps.acc, 8), 8); // derived pet damage (petConstPrep)
    const h = ps.nHits;
    const c = ps.nCrits;
    if ((h | c) == 0) continue;
    const acc = ps.acc;
    store<f64>(acc, load<f64>(acc, 16) + <f64>h, 16);
    store<f64>(acc, load<f64>(acc, 24) + <f64>c, 24);
    const tel = ps.tel;
    store<f64>(tel, load<f64>(tel, 16) + <f64>h, 16);
    ps.nHits = 0;
    ps.nCrits = 0;
  }
}
