// The stat sheet (spec "Combat stats", "Recompute"): base stats, the totals recomputed lazily from the active
// auras' effects (recomputeStats over the flattened effect table), and the school and spell damage
// multipliers cached per stats version.
import {
  E_HASTE, E_CRIT, E_MASTERY, E_VERS, E_PRIMARY, E_DMG_MULT, E_DMG_MULT_SCHOOL, E_DMG_MULT_SPELLS, E_CLEAVE, E_DMG_MULT_STACKING,
  E_DMG_MULT_SPELLS_ADD, E_DMG_MULT_SPELLS_ADD_MASTERY, E_DMG_MULT_SPELLS_ONCE, E_ATTACK_SPEED,
} from "./layout";
import { masteryGateAura } from "./mastery-gate";
import { msReset, msRecord, msApply, msPending } from "./mastery-stacks";
import { setAttackSpeedMul } from "./spec-mechanics";
import { AuraState, poolI32, pool, masteryKind, masteryCoef, auraState, auraSt, validSpell } from "./state";

export let baseAp: f64 = 0;
export let baseSp: f64 = 0;
export let baseCrit: f64 = 0;
export let baseHaste: f64 = 0;

export let baseMastery: f64 = 0;
export let baseVers: f64 = 0;

export let schoolCache: usize = 0; // f64 x 128 x 2 (player, pet)
export let schoolCacheVer: usize = 0; // i32 x 128 x 2
export let spellCache: usize = 0; // f64 x nSpells x 2
export let spellCacheVer: usize = 0; // i32 x nSpells x 2

export let actSchool: usize = 0; // active school effects: (value f64, mask f64, scope f64) x nEffects
export let actSpells: usize = 0; // active spell effects: (value, poolStart, len, scope) x nEffects
export let nActSchool: i32 = 0;
export let nActSpells: i32 = 0;

// stats totals (recomputed lazily when `dirty`)
export let dirty: bool = true;
export let statsVer: i32 = 1;
export let curAp: f64 = 0;
export let curSp: f64 = 0;
export let curCrit: f64 = 0;
export let curHaste: f64 = 0;
export let curMastery: f64 = 0; // percent points before the coefficient
export let curVers: f64 = 0;
export let versFactorCur: f64 = 1; // 1 + vers/100 (DamageCalc step 5)
export let playerMult: f64 = 1;
export let hasteDivisor: f64 = 1; // 1 + haste/100
export let critChanceCur: f64 = 0; // crit / 100
export let masteryMultCur: f64 = 1; // 1 + mastery x coefficient / 100 (when the spec has a mastery kind)
export let petMult: f64 = 1;
export let cleaveValue: f64 = 0;
export let cleaveCount: i32 = 0;

// @ts-ignore: decorator
@inline export function hasteDiv(ms: f64): i64 {
  return <i64>Math.round(ms / hasteDivisor);
}

// @ts-ignore: decorator
@inline export function ensureStats(): void {
  if (dirty) recomputeStats();
}

/**
 * A haste aura changed since the last recompute. The haste values (curHaste, hasteDivisor) are read
 * without ensureStats by the regen sync, so they are kept exactly as fresh as when every aura
 * application recomputed the stats: the lazy paths (applyAura, scheduleNextTick) recompute when set.
 */
export let hastePending: bool = false;

function recomputeStats(): void {
  dirty = false;
  hastePending = false;
  statsVer++;
  let ap = baseAp;
  let sp = baseSp;
  let crit = baseCrit;
  let haste = baseHaste;
  let mastery = baseMastery;
  let vers = baseVers;
  let pm = 1.0;
  let petm = 1.0;
  let cv = 0.0;
  let cc = 0;
  let hasteMul = 1.0; // product of the haste auras' (1 + pct/100)^stacks
  let atkMul = 1.0; // product of the attack-speed auras' factors (spec-mechanics.ts)
  // The effects of the auras with effects, flattened (effFlat: aura ascending, then effect: the same
  // sum/product order as a walk over all auras and their effects); fields pre-read by buildAuraTable
  // (no per-aura row loads or inner loop). Act-list counts kept in locals.
  let nSch = 0;
  let nSpl = 0;
  // pointer walk and pre-scaled aura-state offsets: no multiply per effect
  const qEnd = effFlat + <usize>nEffFlat * EF_BYTES;
  for (let q = effFlat; q < qEnd; q += EF_BYTES) {
    const st = changetype<AuraState>(auraState + <usize>load<i32>(q, EF_AURA));
    if (st.active == 0) continue;
    const type = load<i32>(q, EF_TYPE);
    // scope bits: 1 player damage, 2 pet damage
    const scope = load<i32>(q, EF_SCOPE);
    const stacks = st.stacks;
    const value = load<f64>(q, EF_VALUE);
    if (type <= E_PRIMARY) {
      if (load<i32>(q, EF_OWNER) != 0) continue; // only player-owned auras change the stat sheet
      const v = value * <f64>stacks;
      // haste percentages multiply (Bloodlust's 30 % on 20 % rating haste: 1.2 x 1.3 = 56 %)
      if (type == E_HASTE) hasteMul *= powStacks(1.0 + value / 100.0, stacks);
      else if (type == E_CRIT) crit += v;
      else if (type == E_MASTERY) mastery += v;
      else if (type == E_VERS) vers += v;
      else {
        ap += v;
        sp += v;
      }
    } else if (type == E_DMG_MULT || type == E_DMG_MULT_STACKING) {
      const m = type == E_DMG_MULT ? powStacks(value, stacks) : value * powStacks(load<f64>(q, EF_A), stacks - 1);
      if (scope & 1) pm *= m;
      if (scope & 2) petm *= m;
    } else if (type == E_DMG_MULT_SCHOOL) {
      const p = actSchool + <usize>nSch * 24;
      store<f64>(p, powStacks(value, stacks));
      store<f64>(p, load<f64>(q, EF_A), 8);
      store<f64>(p, <f64>scope, 16);
      nSch++;
    } else if (type == E_DMG_MULT_SPELLS || type == E_DMG_MULT_SPELLS_ADD || type == E_DMG_MULT_SPELLS_ADD_MASTERY || type == E_DMG_MULT_SPELLS_ONCE) {
      const p = actSpells + <usize>nSpl * 32;
      store<f64>(p, type == E_DMG_MULT_SPELLS ? powStacks(value, stacks) : type == E_DMG_MULT_SPELLS_ONCE ? value : 1.0 + (value - 1.0) * <f64>stacks);
      // Savant: rewritten with the final mastery after the loop (coefficient in the pool slot after the list)
      if (type == E_DMG_MULT_SPELLS_ADD_MASTERY) msRecord(p, value - 1.0, stacks, load<f64>(pool + (<usize>(<i32>load<f64>(q, EF_A) + <i32>load<f64>(q, EF_B)) << 3)));
      store<f64>(p, load<f64>(q, EF_A), 8);
      store<f64>(p, load<f64>(q, EF_B), 16);
      store<f64>(p, <f64>scope, 24);
      nSpl++;
    } else if (type == E_CLEAVE) {
      if (value > cv) cv = value;
      if (<i32>load<f64>(q, EF_A) > cc) cc = <i32>load<f64>(q, EF_A);
    } else if (type == E_ATTACK_SPEED) atkMul *= powStacks(1.0 + value / 100.0, stacks);
  }
  setAttackSpeedMul(atkMul);
  if (msPending() > 0) {
    msApply(mastery);
    msReset();
  }
  nActSchool = nSch;
  nActSpells = nSpl;
  curAp = ap;
  curSp = sp;
  curCrit = crit;
  // rating haste alone: the same arithmetic as before haste auras multiplied (bit-identical results)
  const hasteF = hasteMul == 1.0 ? 1.0 + haste / 100.0 : (1.0 + haste / 100.0) * hasteMul;
  curHaste = hasteMul == 1.0 ? haste : (hasteF - 1.0) * 100.0;
  curMastery = mastery;
  curVers = vers;
  playerMult = pm;
  petMult = petm;
  hasteDivisor = hasteF;
  critChanceCur = crit / 100.0;
  versFactorCur = 1.0 + vers / 100.0;
  masteryMultCur = masteryKind >= 0 ? 1.0 + (mastery * masteryCoef) / 100.0 : 1.0;
  if (masteryGateAura >= 0 && auraSt(masteryGateAura).active == 0) masteryMultCur = 1.0; // mastery-gate.ts: the gate is shut
  cleaveValue = cv;
  cleaveCount = cc;
}

/** x^n for a small non-negative integer n (stack counts): exact repeated multiplication, no libm pow. */
// @ts-ignore: decorator
@inline function powStacks(x: f64, n: i32): f64 {
  let r = 1.0;
  for (let i = 0; i < n; i++) r *= x;
  return r;
}

/** Multiplier of the school-scoped effects for a hit (scope 0 player, 1 pet); cached per stats version. */
export function schoolMult(mask: i32, pet: i32): f64 {
  const key = ((mask & 127) << 1) | pet;
  const vp = schoolCacheVer + (<usize>key << 2);
  if (load<i32>(vp) == statsVer) return load<f64>(schoolCache + (<usize>key << 3));
  let m = 1.0;
  const bit = 1 << pet;
  for (let i = 0; i < nActSchool; i++) {
    const p = actSchool + <usize>i * 24;
    if ((<i32>load<f64>(p, 16) & bit) != 0 && (<i32>load<f64>(p, 8) & mask) != 0) m *= load<f64>(p);
  }
  store<i32>(vp, statsVer);
  store<f64>(schoolCache + (<usize>key << 3), m);
  return m;
}

export function spellMult(spell: i32, pet: i32): f64 {
  if (nActSpells == 0 || !validSpell(spell)) return 1.0;
  const key = (spell << 1) | pet;
  const vp = spellCacheVer + (<usize>key << 2);
  if (load<i32>(vp) == statsVer) return load<f64>(spellCache + (<usize>key << 3));
  const m = spellMultWalk(spell, pet);
  store<i32>(vp, statsVer);
  store<f64>(spellCache + (<usize>key << 3), m);
  return m;
}

// effFlat: one EF_BYTES entry per effect of every aura, aura ascending then effect (recomputeStats walks
// only these): aura index, <i32> type, owner, scope bits, and the EffectRec's value, a, b (bit copies)
export const EF_BYTES: usize = 40;
export const EF_AURA = 0; // byte offset of the aura's AuraState from auraState (index x AURA_STATE_BYTES)
export const EF_TYPE = 4;
export const EF_OWNER = 8;
export const EF_SCOPE = 12;
export const EF_VALUE = 16; // f64
export const EF_A = 24; // f64
export const EF_B = 32; // f64
export let effFlat: usize = 0;
export let effFlatCap: i32 = 0;
export let nEffFlat: i32 = 0;

/** spellMult's uncached product for a valid spell (the same factors in the same order). */
// @ts-ignore: decorator
@inline export function spellMultWalk(spell: i32, pet: i32): f64 {
  let m = 1.0;
  const bit = 1 << pet;
  for (let i = 0; i < nActSpells; i++) {
    const p = actSpells + <usize>i * 32;
    if ((<i32>load<f64>(p, 24) & bit) == 0) continue;
    const s0 = <i32>load<f64>(p, 8);
    const n = <i32>load<f64>(p, 16);
    const ids = poolI32 + (<usize>s0 << 2);
    for (let j = 0; j < n; j++) {
      if (load<i32>(ids + (<usize>j << 2)) == spell) {
        m *= load<f64>(p);
        break;
      }
    }
  }
  return m;
}
