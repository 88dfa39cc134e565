// Damage preparation (spec "Damage formula (DamageCalc)"): per damage entry a const part fixed at load and a var part
// recomputed when the stats version changes (HitPrep), so a hit is draws and sums. Dealing a hit fires
// impact procs, which run op lists: dealDamage lives in ops.ts.
import { critMultOf } from "./crit-mult";
import { critScaled } from "./crit-scaled";
import { healthOn, healthPct } from "./health";
import { healthCritChance, hcRules } from "./health-crit";
import { mirrorOn } from "./hit-mirror";
import {
  DamageRec, E_DMG_MULT_SCHOOL, E_DMG_MULT_SPELLS, E_DMG_MULT_SPELLS_ADD, E_DMG_MULT_SPELLS_ADD_MASTERY, E_DMG_MULT_SPELLS_ONCE,
  MASTERY_SPELLS,
} from "./layout";
import { MASTERY_KIND_GATED } from "./mastery-gate";
import { MASTERY_RANDOM } from "./mastery-random";
import { masterySpellsHas } from "./spec-mechanics";
import { telSpellRec } from "./telemetry";
import {
  nEffects, nDamage, nProcs, durationMs, targets, armorMitPhys, critMult, masteryKind, masteryCoef, masterySchool, masteryPets,
  weaponMin, weaponMax, rageRes, carve, procSpellMask, procFlagMask, procMasked, spellAcc, dmgPrep, hitScratch, now, auraSt,
  effectRec, damageRec, poolI, validSpell,
} from "./state";
import {
  nActSchool, nActSpells, curAp, curSp, versFactorCur, playerMult, critChanceCur, masteryMultCur, petMult, schoolMult, spellMult,
} from "./stats";

export function aoeMult(mode: i32, i: i32, n: i32, param: f64): f64 {
  if (mode == 2) return 1.0 / <f64>n;
  if (mode == 3) return Math.pow(param, <f64>i);
  if (mode == 4) return <f64>n > param && param > 0 ? Math.sqrt(param / <f64>n) : 1.0;
  return 1.0;
}

// Prepared hit inputs of one damage entry (HitPrep, HP_BYTES): everything DamageCalc needs besides the
// draws. The const part depends only on the entry and the run config: filled once per image
// (loadHitTables), so no per-hit or per-miss f64 -> i32 record conversions. The var part depends on the
// stat sheet (without a snapshot): each entry keeps one per stats version (HP_VER). Snapshot hits prepare a var part in hitScratch for that hit only. The values are computed
// by the same expressions as before, so every result bit is the same.
export const HP_POWER: usize = 0; // var part
const HP_CRIT: usize = 8; // crit chance clamped to [0, 1] (0 when the entry cannot crit)
export const HP_MULT: usize = 16;
export const HP_MM: usize = 24;
export const HP_VERSF: usize = 32;
export const HP_COEF: usize = 40; // const part
export const HP_WMIN: usize = 48;
export const HP_WMAX: usize = 56;
export const HP_WMULT: usize = 64;
export const HP_ARMORM: usize = 72;
export const HP_BASE: usize = 80;
export const HP_CRITB: usize = 88; // critBonus / 100
export const HP_AOEP: usize = 96; // aoeParam
export const HP_SPELL: usize = 104; // i32
export const HP_PET: usize = 108; // i32: 1 pet hit
export const HP_MODE: usize = 112; // i32: aoe mode (0 for pets)
export const HP_N: usize = 116; // i32: targets hit
export const HP_SCHOOL: usize = 120; // i32
export const HP_KIND: usize = 124; // i32: 0 flat, 1 ap, 2 sp
export const HP_CANCRIT: usize = 128; // i32
export const HP_MMAPPLY: usize = 132; // i32: 1 when the mastery multiplier applies to this entry
export const HP_FAST: usize = 136; // i32: 1 single-target hit that cannot cleave (pets, one target, or not physical)
// i32: bit 0 some school effect of the image matches the entry's school, bit 1 some spell effect lists its
// spell. Otherwise schoolMult/spellMult return exactly 1.0 and the multiply (an identity) is skipped.
export const HP_MULTFX: usize = 140;
// Per-entry record addresses and the proc-call test of the fast path (loadHitRecs, after telLoad and the
// proc masks): recordHit's spell bounds checks and impact-proc mask lookups folded into loads.
export const HP_ACC: usize = 144; // i32: spellAcc record of the entry's spell (hitSink when not a valid spell)
export const HP_TEL: usize = 148; // i32: telemetry spell record (telSpellRec; hitSink when out of range)
// i32: bit k (k = periodic | crit << 1) set when recordHit calls playerHitEffects for such a hit
export const HP_CALL: usize = 152;
// i32: statsVer of the var part (0 at load: statsVer >= 1, nothing is current before the first recompute).
// In the HitPrep itself: the version check needs no second table base.
export const HP_VER: usize = 156;
// i32: the HitPrep whose var part (and HP_VER) this entry uses: the first entry whose var part is computed
// from the same inputs (pet, kind, canCrit, critBonus, mastery, no effect multiplier), else itself.
// One miss per such class and stats version instead of one per entry.
export const HP_VARP: usize = 160;
const HP_CRITM: usize = 168; // f64: crit-chance factor (crit-mult.ts; 1.0 for most entries)
export const HP_BYTES: usize = 176;
export const HP_VAR_BYTES: usize = 40;

export let critFactors: usize = 0; // f64 x 2: [1.0, critMult], indexed by isCrit (damageFinal's factor)
export let hitSink: usize = 0; // 32 bytes the fast path sums into for a spell without a record (never read)

/** Lays out the HitPrep const parts and the crit factor table (engineLoad, after the run config). */
export function loadHitTables(): void {
  dmgPrep = carve(<usize>nDamage * HP_BYTES);
  hitScratch = carve(HP_VAR_BYTES);
  critFactors = carve(16);
  store<f64>(critFactors, 1.0);
  store<f64>(critFactors, critMult, 8);
  for (let d = 0; d < nDamage; d++) prepareHitConst(damageRec(d), dmgPrep + <usize>d * HP_BYTES);
  for (let d = 0; d < nDamage; d++) {
    const hp = dmgPrep + <usize>d * HP_BYTES;
    let varp = hp;
    if (load<i32>(hp, HP_MULTFX) == 0) {
      for (let e = 0; e < d; e++) {
        const q = dmgPrep + <usize>e * HP_BYTES;
        if (load<i32>(q, HP_MULTFX) == 0 && sameVarInputs(hp, q)) {
          varp = <usize>load<i32>(q, HP_VARP);
          break;
        }
      }
    }
    store<i32>(hp, <i32>varp, HP_VARP);
  }
}

/** Whether aura instance `inst` is active (hit-mirror.ts asks it per enemy). */
export function instActive(inst: i32): bool { return auraSt(inst).active != 0; }

/** prepareHitVar(a) and prepareHitVar(b) (no snapshot, no effect multiplier) read the same inputs. */
function sameVarInputs(a: usize, b: usize): bool {
  return load<i32>(a, HP_PET) == load<i32>(b, HP_PET)
    && load<i32>(a, HP_KIND) == load<i32>(b, HP_KIND)
    && load<i32>(a, HP_CANCRIT) == load<i32>(b, HP_CANCRIT)
    && load<i64>(a, HP_CRITB) == load<i64>(b, HP_CRITB)
    && load<i64>(a, HP_CRITM) == load<i64>(b, HP_CRITM)
    && load<i32>(a, HP_MMAPPLY) == load<i32>(b, HP_MMAPPLY);
}

/**
 * The HitPrep record addresses and proc-call bits (engineLoad, after the proc masks and telLoad): the
 * same tests recordHit makes per hit, evaluated once per entry and hit kind.
 */
export function loadHitRecs(): void {
  hitSink = carve(32);
  for (let d = 0; d < nDamage; d++) {
    const hp = dmgPrep + <usize>d * HP_BYTES;
    const spell = load<i32>(hp, HP_SPELL);
    const isPet = load<i32>(hp, HP_PET) != 0;
    store<i32>(hp, validSpell(spell) ? spellAcc + (<usize>spell << 5) : hitSink, HP_ACC);
    const tel = telSpellRec(spell);
    store<i32>(hp, tel != 0 ? tel : hitSink, HP_TEL);
    let call = 0;
    for (let k = 0; k < 4; k++) {
      if (!isPet && (rageRes >= 0 || (nProcs > 0 && hitProcMask(spell, k) != 0))) call |= 1 << k;
    }
    store<i32>(hp, call, HP_CALL);
  }
}

function prepareHitConst(r: DamageRec, hp: usize): void {
  const spell = <i32>r.spell;
  const isPet = <i32>r.pet >= 0;
  const kind = <i32>r.kind;
  const school = <i32>r.school;
  store<f64>(hp, kind == 0 ? 0.0 : r.coefficient, HP_COEF);
  store<f64>(hp, school == 1 ? armorMitPhys : 1.0, HP_ARMORM); // armor: physical only (armorMitigation(0, K) = 1)
  let wMin = 0.0;
  let wMax = 0.0;
  let wMult = 0.0;
  if (!isPet && r.weaponMultiplier > 0) {
    wMin = weaponMin;
    wMax = weaponMax;
    wMult = r.weaponMultiplier;
  }
  store<f64>(hp, wMin, HP_WMIN);
  store<f64>(hp, wMax, HP_WMAX);
  store<f64>(hp, wMult, HP_WMULT);
  store<f64>(hp, r.base, HP_BASE);
  store<f64>(hp, r.critBonus / 100.0, HP_CRITB);
  store<f64>(hp, critMultOf(<i32>((hp - dmgPrep) / HP_BYTES)), HP_CRITM);
  store<f64>(hp, r.aoeParam, HP_AOEP);
  let mma = 0;
  if (masteryKind >= 0 && (!isPet || masteryPets)) {
    if (masteryKind == 0 || masteryKind == MASTERY_KIND_GATED || masteryKind == MASTERY_RANDOM || (masterySchool & school) != 0) mma = 1;
    else if (masteryKind == MASTERY_SPELLS && masterySpellsHas(spell)) mma = 1;
  }
  const mode = isPet ? 0 : <i32>r.aoe;
  let n = 1;
  if (mode != 0) {
    n = targets;
    const mt = <i32>r.maxTargets;
    if (mt > 0 && mt < n) n = mt;
  }
  store<i32>(hp, spell, HP_SPELL);
  store<i32>(hp, isPet ? 1 : 0, HP_PET);
  store<i32>(hp, mode, HP_MODE);
  store<i32>(hp, n, HP_N);
  store<i32>(hp, school, HP_SCHOOL);
  store<i32>(hp, kind, HP_KIND);
  store<i32>(hp, r.canCrit == 0 ? 0 : 1, HP_CANCRIT);
  store<i32>(hp, mma, HP_MMAPPLY);
  // a mirrored entry (hit-mirror.ts: single-target player hits while a mirror aura exists) takes the general path
  store<i32>(hp, mode == 0 && (isPet || targets <= 1 || school != 1) && !(mirrorOn && !isPet) ? 1 : 0, HP_FAST);
  let fx = 0;
  for (let i = 0; i < nEffects; i++) {
    const e = effectRec(i);
    const type = <i32>e.type;
    if (type == E_DMG_MULT_SCHOOL && (<i32>e.a & school) != 0) fx |= 1;
    else if ((type == E_DMG_MULT_SPELLS || type == E_DMG_MULT_SPELLS_ADD || type == E_DMG_MULT_SPELLS_ADD_MASTERY || type == E_DMG_MULT_SPELLS_ONCE) && validSpell(spell)) {
      const s0 = <i32>e.a;
      const n = <i32>e.b;
      for (let j = 0; j < n; j++) if (poolI(s0 + j) == spell) fx |= 2;
    }
  }
  if (critScaled(<i32>((hp - dmgPrep) / HP_BYTES))) fx |= 4; // x (1 + crit chance): crit-scaled.ts
  store<i32>(hp, fx, HP_MULTFX);
  store<i32>(hp, 0, HP_VER);
}

/**
 * Fills the var part at `hv` for the entry whose const part is at `hc` (snapAura >= 0: that aura's
 * snapshot stats). Inlined into dealDamage on purpose: as a call, its argument spills around every miss
 * cost measurably more (bench/HISTORY.md).
 */
// @ts-ignore: decorator
@inline export function prepareHitVar(hc: usize, hv: usize, snapAura: i32): void {
  // the multiplier first: the school/spell effect calls are then the only calls, with nothing of this
  // prep live across them (the other values were spilled around them: 4 spill stores per miss)
  const pb = load<i32>(hc, HP_PET);
  let mult = pb != 0 ? petMult : playerMult;
  const fx = load<i32>(hc, HP_MULTFX);
  if (fx != 0) { // one test for entries no effect can match (most)
    if (nActSchool > 0 && (fx & 1) != 0) mult *= schoolMult(load<i32>(hc, HP_SCHOOL), pb);
    if (nActSpells > 0 && (fx & 2) != 0) mult *= spellMult(load<i32>(hc, HP_SPELL), pb);
  }
  store<f64>(hv, mult, HP_MULT);
  let ap = curAp;
  let sp = curSp;
  let critC = critChanceCur;
  let versF = versFactorCur;
  let masteryM = masteryMultCur;
  if (snapAura >= 0) {
    const st = auraSt(snapAura);
    ap = st.snapAp;
    sp = st.snapSp;
    critC = st.snapCrit / 100.0;
    versF = 1.0 + st.snapVers / 100.0;
    masteryM = masteryKind >= 0 ? 1.0 + (st.snapMastery * masteryCoef) / 100.0 : 1.0;
  }
  const kind = load<i32>(hc, HP_KIND);
  store<f64>(hv, kind == 1 ? ap : kind == 2 ? sp : 0.0, HP_POWER);
  let crit = 0.0;
  if (load<i32>(hc, HP_CANCRIT) != 0) {
    const c = critC * load<f64>(hc, HP_CRITM) + load<f64>(hc, HP_CRITB);
    crit = c < 0 ? 0.0 : c > 1 ? 1.0 : c; // DamageCalc step 3's clamp, done once here
  }
  if ((fx & 4) != 0) store<f64>(hv, load<f64>(hv, HP_MULT) * (1.0 + critC), HP_MULT); // crit-scaled.ts
  store<f64>(hv, crit, HP_CRIT);
  store<f64>(hv, versF, HP_VERSF);
  store<f64>(hv, load<i32>(hc, HP_MMAPPLY) != 0 ? masteryM : 1.0, HP_MM);
}

/**
 * Crit chance of one dealDamage call of entry `d` (var part `hv`): 0 under noCrit, else the prepared
 * chance, raised to 1 by a health-gated rule (health-crit.ts) while the target's health qualifies.
 */
@inline export function hitCritChance(d: i32, hv: usize, noCrit: i32): f64 {
  if (noCrit != 0) return 0.0;
  const c = load<f64>(hv, HP_CRIT);
  return hcRules == 0 ? c : healthCritChance(d, c, healthOn ? healthPct() : durationMs > 0 ? 100.0 * (1.0 - <f64>now / <f64>durationMs) : 0.0);
}

/**
 * Impact procs a player hit of `spell` may roll (bit i: proc i eligible, amount aside); -1: use the
 * generic fireImpactProcs (more than 31 procs, or a spell id outside the table). Lets recordHit skip
 * the playerHitEffects call for the hits no proc can match (in BM: all but auto-shot crits).
 */
// @ts-ignore: decorator
@inline export function hitProcMask(spell: i32, flags: i32): i32 {
  if (!procMasked || !validSpell(spell)) return -1;
  return load<i32>(procSpellMask + (<usize>spell << 2)) & load<i32>(procFlagMask + (<usize>(flags & 3) << 2));
}
