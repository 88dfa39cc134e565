// DamageCalc (spec "Damage formula (DamageCalc)"), twin of src/kernels/damage.ts.
// Same f64 expressions in the same order as the TS twin, so results are bit-identical for the
// same draws. Inputs are trusted (validated host-side when the spec image is built): NaN propagates.
import { DrawStream, drawStreamAt } from "./primitives";
import { Xorshift64 } from "./rng";

/** Limits: default crit multiplier. */
export const DEFAULT_CRIT_MULTIPLIER: f64 = 2.0;

/** Mastery categories; same ids as MasteryKind in src/kernels/damage.ts. */
export const MASTERY_UNIFORM_MULT: i32 = 0;
export const MASTERY_SCHOOL_MULT: i32 = 1;

// Secondary results of the last damageCalc call (wasm has no cheap multi-value return for callers).
let lastRaw: f64 = 0.0;
let lastIsCrit: bool = false;

/** Step 2 `raw` of the most recent damageCalc call. */
@inline export function damageLastRaw(): f64 { return lastRaw; }
/** Whether the most recent damageCalc call critted. */
@inline export function damageLastIsCrit(): bool { return lastIsCrit; }

/**
 * 1 - armor/(armor+K) clamped to [0,1]; exactly 1 when armor <= 0; 0 when armor > 0 and K <= 0
 * (the clamp's limit; never divides by zero). See armorMitigation in src/kernels/damage.ts.
 */
export function armorMitigation(armor: f64, k: f64): f64 {
  if (armor <= 0) return 1.0;
  const denom = armor + k;
  if (k <= 0 || denom <= 0) return 0.0;
  const m = 1.0 - armor / denom;
  return m < 0 ? 0.0 : m > 1 ? 1.0 : m;
}

/**
 * Mastery multiplier for one hit: 1 + resolved/100 when it applies, else 1. UniformMult applies to
 * every hit; SchoolMult when (masterySchoolMask & hitSchoolMask) != 0. An unknown kind yields 1.0
 * (the host rejects unknown kinds when it compiles the manifest).
 */
export function masteryMultiplier(kind: i32, resolvedMasteryPct: f64, masterySchoolMask: i32, hitSchoolMask: i32): f64 {
  if (kind == MASTERY_UNIFORM_MULT) return 1.0 + resolvedMasteryPct / 100.0;
  if (kind == MASTERY_SCHOOL_MULT && (masterySchoolMask & hitSchoolMask) != 0) return 1.0 + resolvedMasteryPct / 100.0;
  return 1.0;
}

/**
 * The 7 steps in spec order. Draws: one for the weapon roll only when weaponMax > 0, then always one
 * for the crit roll. Returns final_amount; raw and is_crit via damageLastRaw()/damageLastIsCrit().
 */
@inline
export function damageCalc<R>(
  base: f64,
  weaponMin: f64,
  weaponMax: f64,
  weaponMultiplier: f64,
  coefficient: f64,
  attackPower: f64,
  critChance: f64,
  critMultiplier: f64,
  versatility: f64,
  armor: f64,
  armorK: f64,
  damageMultiplier: f64,
  masteryMult: f64,
  rng: R,
): f64 {
  return damageCalcPre(
    base, weaponMin, weaponMax, weaponMultiplier, coefficient, attackPower, critChance, critMultiplier,
    1.0 + versatility / 100.0, armorMitigation(armor, armorK), damageMultiplier, masteryMult, rng,
  );
}

/**
 * damageCalc with step 5's factor (1 + versatility/100) and step 6's armorMitigation(armor, K) passed
 * in precomputed. The engine computes both once per stat change / per run instead of two f64 divisions
 * per hit; the values, and so every result bit, are the same as damageCalc's.
 */
@inline
export function damageCalcPre<R>(
  base: f64,
  weaponMin: f64,
  weaponMax: f64,
  weaponMultiplier: f64,
  coefficient: f64,
  attackPower: f64,
  critChance: f64,
  critMultiplier: f64,
  versFactor: f64,
  armorMult: f64,
  damageMultiplier: f64,
  masteryMult: f64,
  rng: R,
): f64 {
  // 1. weapon roll
  let weaponRoll = 0.0;
  if (weaponMax > 0) weaponRoll = weaponMin + rng.next() * (weaponMax - weaponMin);
  // 2. raw
  const raw = base + weaponRoll * weaponMultiplier + coefficient * attackPower;
  // 3. crit against the clamped chance (always one draw)
  const chance = critChance < 0 ? 0.0 : critChance > 1 ? 1.0 : critChance;
  const isCrit = rng.next() < chance;
  // factor = isCrit ? critMultiplier : 1.0, selected on the bit patterns: binaryen keeps an f64
  // ternary as an f64 `select`, which V8 (Node 20) compiles to a branch that mispredicts on random
  // crits (measured 10.7 → 6.6 ns/hit). The integer mask picks exactly one of the two bit patterns,
  // so the result is bit-identical to the ternary in the TS twin.
  const oneBits = reinterpret<i64>(1.0);
  const factor = reinterpret<f64>(oneBits ^ ((oneBits ^ reinterpret<i64>(critMultiplier)) & -<i64>isCrit));
  // 4.–6.
  const afterCrit = raw * factor;
  const afterVers = afterCrit * versFactor;
  const afterArmor = afterVers * armorMult;
  // 7. zero floor (f64.max propagates NaN, like Math.max)
  lastRaw = raw;
  lastIsCrit = isCrit;
  return max<f64>(0.0, afterArmor * damageMultiplier * masteryMult);
}

/**
 * damageCalcPre split in two for the engine's prepared hits (same expressions, same draws, same bits):
 * damageRaw is steps 1–2 (the weapon draw when weaponMax > 0); the caller then draws the crit against a
 * chance it clamped once per prepared entry (clamping is idempotent) and looks the crit factor up in a
 * [1.0, critMultiplier] table (exactly the two values damageCalcPre's bit select picks); damageFinal is
 * steps 4–7. Keeps raw/isCrit in registers instead of the lastRaw/lastIsCrit globals.
 */
// @ts-ignore: decorator
@inline
export function damageRaw<R>(base: f64, weaponMin: f64, weaponMax: f64, weaponMultiplier: f64, coefficient: f64, attackPower: f64, rng: R): f64 {
  let weaponRoll = 0.0;
  if (weaponMax > 0) weaponRoll = weaponMin + rng.next() * (weaponMax - weaponMin);
  return base + weaponRoll * weaponMultiplier + coefficient * attackPower;
}

// @ts-ignore: decorator
@inline
export function damageFinal(raw: f64, factor: f64, versFactor: f64, armorMult: f64, damageMultiplier: f64, masteryMult: f64): f64 {
  const afterCrit = raw * factor;
  const afterVers = afterCrit * versFactor;
  const afterArmor = afterVers * armorMult;
  return max<f64>(0.0, afterArmor * damageMultiplier * masteryMult);
}

/** f64 per input record in damageCalcBatch (field order as DamageInput in src/kernels/damage.ts). */
export const DAMAGE_IN_STRIDE: i32 = 13;
/** f64 per output record: raw, isCrit (0/1), finalAmount. */
export const DAMAGE_OUT_STRIDE: i32 = 3;

@inline
function damageFromRecord<R>(p: usize, rng: R): f64 {
  return damageCalc(
    load<f64>(p, 0), load<f64>(p, 8), load<f64>(p, 16), load<f64>(p, 24), load<f64>(p, 32),
    load<f64>(p, 40), load<f64>(p, 48), load<f64>(p, 56), load<f64>(p, 64), load<f64>(p, 72),
    load<f64>(p, 80), load<f64>(p, 88), load<f64>(p, 96), rng,
  );
}

/**
 * Cross-check entry: n records of 13 f64 at inPtr (base, weaponMin, weaponMax, weaponMultiplier,
 * coefficient, attackPower, critChance, critMultiplier, versatility, armor, armorK, damageMultiplier,
 * masteryMultiplier), draws consumed sequentially from drawsPtr, 3 f64 per record written to outPtr.
 * Returns the number of draws consumed.
 */
export function damageCalcBatch(inPtr: usize, n: i32, drawsPtr: usize, outPtr: usize): i32 {
  const rng: DrawStream = drawStreamAt(drawsPtr);
  for (let i = 0; i < n; i++) {
    const fin = damageFromRecord(inPtr + <usize>(i * DAMAGE_IN_STRIDE) * 8, rng);
    const o = outPtr + <usize>(i * DAMAGE_OUT_STRIDE) * 8;
    store<f64>(o, lastRaw, 0);
    store<f64>(o, lastIsCrit ? 1.0 : 0.0, 8);
    store<f64>(o, fin, 16);
  }
  return rng.pos;
}

// Benchmark generator: allocated once at module start (stub runtime), reused by every bench call.
const benchRng = new Xorshift64(0x5eed0da3a6e5eed1);

/**
 * Benchmark entry: n damageCalc calls cycling over `m` input records (13 f64 each) at inPtr, each
 * with its xorshift draws (two when the record has a weapon). Returns the sum of final amounts so the
 * work cannot be optimised away.
 */
export function damageBenchXorshift(inPtr: usize, m: i32, n: i32): f64 {
  const g = benchRng;
  let acc = 0.0;
  let r = 0;
  for (let i = 0; i < n; i++) {
    acc += damageFromRecord(inPtr + <usize>(r * DAMAGE_IN_STRIDE) * 8, g);
    if (++r == m) r = 0;
  }
  return acc;
}
