// RPPM roll (spec "RPPM roll"), twin of src/kernels/rppm.ts — read the decisions documented there:
// step 1 (|now - lastAttempt| < 1 ms) returns false with no draw and no state change; the bad-luck
// accumulator grows by the real (uncapped) elapsed seconds before the factor is computed and resets
// on success; a fresh tracker is all zeros (fight start). Times in ms, accumulator in seconds.
import { drawStreamAt } from "./primitives";
import { Xorshift64 } from "./rng";

export const RPPM_SAME_TIME_MS: f64 = 1.0;
export const RPPM_ELAPSED_CAP_S: f64 = 3.5;
export const RPPM_BLP_CAP_S: f64 = 1000.0;
export const RPPM_BLP_OFFSET: f64 = 1.5;
export const RPPM_BLP_SLOPE: f64 = 3.0;

/**
 * Tracker layout in linear memory: 6 f64 (48 bytes) — rppm, lastAttemptMs, lastProcMs,
 * accumulatedBlp, hasteScales (0/1), blpEnabled (0/1). All-f64 so the host can view a table of
 * trackers as one Float64Array.
 */
@unmanaged
export class RppmTracker {
  rppm: f64;
  lastAttemptMs: f64;
  lastProcMs: f64;
  accumulatedBlp: f64;
  hasteScales: f64;
  blpEnabled: f64;
}

export const RPPM_TRACKER_STRIDE: i32 = 6;

/** Steps 3–5; elapsedS must already be in [0, 3.5]. Result in [0, 1] for finite inputs. */
@inline
function chanceUnchecked(rppm: f64, hastePct: f64, hasteScales: bool, elapsedS: f64, accS: f64, blpEnabled: bool): f64 {
  const hasteFactor = hasteScales ? 1.0 + hastePct / 100.0 : 1.0;
  const realPpm = rppm * hasteFactor;
  const base = (realPpm * elapsedS) / 60.0;
  let chance = base;
  if (blpEnabled && realPpm > 0) {
    const acc = accS < RPPM_BLP_CAP_S ? accS : RPPM_BLP_CAP_S;
    // Shortcut, bit-exact: the factor is max(1, f) and f <= 1 whenever q = acc / (60 / realPpm) <= 1.5
    // (then q - 1.5 <= 0, exactly signed in f64, so f = 1 + (q - 1.5) * 3 <= 1 and chance = base * 1.0
    // = base). fl(acc * realPpm) <= 75 bounds q by 1.25 * (1 + u)^2 / (1 - u) < 1.5 (u = 2^-53; 60 /
    // realPpm >= 60 / MAX_F64 is normal, so every rounding is relative), so the two divisions below
    // are only needed past 1.25 expected intervals without a proc. NaN/Inf products fail the test and
    // take the literal formula. Saves 2 of the 5 f64 divisions per roll in the common case.
    if (!(acc * realPpm <= 75.0)) {
      const expectedInterval = 60.0 / realPpm;
      const f = 1.0 + (acc / expectedInterval - RPPM_BLP_OFFSET) * RPPM_BLP_SLOPE;
      chance = base * (f > 1.0 ? f : 1.0);
    }
  }
  return chance < 0 ? 0.0 : chance > 1.0 ? 1.0 : chance;
}

/** Pure chance helper (steps 3–5); elapsedS is clamped to [0, 3.5] here. */
export function rppmChance(rppm: f64, hastePct: f64, hasteScales: bool, elapsedS: f64, accumulatedBlpS: f64, blpEnabled: bool): f64 {
  const e = elapsedS < 0 ? 0.0 : elapsedS > RPPM_ELAPSED_CAP_S ? RPPM_ELAPSED_CAP_S : elapsedS;
  return chanceUnchecked(rppm, hastePct, hasteScales, e, accumulatedBlpS, blpEnabled);
}

/** roll_rppm: the 6 steps; mutates `t`. One draw, except none when step 1 skips. */
export function rollRppm<R>(t: RppmTracker, nowMs: f64, hastePct: f64, rng: R): bool {
  const sinceLast = nowMs - t.lastAttemptMs;
  if (Math.abs(sinceLast) < RPPM_SAME_TIME_MS) return false;
  const realElapsedS = (sinceLast > 0 ? sinceLast : 0.0) / 1000.0;
  const elapsedS = realElapsedS < RPPM_ELAPSED_CAP_S ? realElapsedS : RPPM_ELAPSED_CAP_S;
  const acc = t.accumulatedBlp + realElapsedS;
  const chance = chanceUnchecked(t.rppm, hastePct, t.hasteScales != 0, elapsedS, acc, t.blpEnabled != 0);
  const success = rng.next() < chance;
  t.lastAttemptMs = nowMs;
  if (success) {
    t.lastProcMs = nowMs;
    t.accumulatedBlp = 0.0;
  } else {
    t.accumulatedBlp = acc;
  }
  return success;
}

/**
 * Cross-check entry: for each i < n, rollRppm(tracker i, ops[2i] = nowMs, ops[2i+1] = hastePct) with
 * trackers (6 f64 each) at trackersPtr mutated in place and out[i] = 1/0. Draws are consumed
 * sequentially from drawsPtr; returns the number consumed.
 */
export function rppmBatch(trackersPtr: usize, n: i32, opsPtr: usize, drawsPtr: usize, outPtr: usize): i32 {
  const rng = drawStreamAt(drawsPtr);
  for (let i = 0; i < n; i++) {
    const t = changetype<RppmTracker>(trackersPtr + <usize>(i * RPPM_TRACKER_STRIDE) * 8);
    const op = opsPtr + (<usize>i << 4);
    const ok = rollRppm(t, load<f64>(op, 0), load<f64>(op, 8), rng);
    store<f64>(outPtr + (<usize>i << 3), ok ? 1.0 : 0.0);
  }
  return rng.pos;
}

const benchRng = new Xorshift64(0x5eed0b1e55ed0001);

/**
 * Benchmark entry: n rollRppm attempts on the tracker at trackerPtr, `stepMs` apart starting after its
 * lastAttemptMs, with xorshift draws. Returns the number of procs.
 */
export function rppmBenchXorshift(trackerPtr: usize, n: i32, stepMs: f64, hastePct: f64): f64 {
  const t = changetype<RppmTracker>(trackerPtr);
  const g = benchRng;
  let now = t.lastAttemptMs;
  let procs = 0;
  for (let i = 0; i < n; i++) {
    now += stepMs;
    if (rollRppm(t, now, hastePct, g)) procs++;
  }
  return <f64>procs;
}
