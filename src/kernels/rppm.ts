// RPPM roll (spec "RPPM roll"), TS twin of assembly/rppm.ts; bit-identical f64 arithmetic.
//
// Decisions the spec leaves open (documented in the AS twin too):
// - Times are simulation milliseconds; the accumulator `accumulatedBlp` is in seconds.
// - Step 1 "within 0.001 s" means |now - lastAttempt| < 1 ms (strict). With integer-ms simulation
//   time only an attempt at the very same ms is skipped. The skip returns before step 6, so it makes
//   no draw and changes NOTHING: the attempt time does not advance and the accumulator does not grow.
// - The bad-luck accumulator grows by the REAL elapsed time max(0, now - lastAttempt) — before the
//   3.5 s cap — and it grows before the factor is computed, so the factor sees the whole time since
//   the last proc (when every attempt since then failed, accumulatedBlp == (now - lastProc)/1000).
//   Why: the 3.5 s cap bounds one attempt's base chance after a long idle gap; it must not also
//   shorten the bad-luck clock, which measures time without a proc. The stored state after an attempt
//   equals "accumulatedBlp += elapsed on a failed attempt, = 0 on success", i.e. it grows only
//   between procs. It grows whether or not blpEnabled is set (it is simply unused then).
// - A fresh tracker starts at fight start: lastAttemptMs = 0, lastProcMs = 0, accumulatedBlp = 0.
//   (An attempt at t = 0 is therefore skipped by step 1 — it would have base chance 0 anyway.)
// - Time going backwards (now < lastAttempt - 1 ms) gives elapsed 0 → chance 0; the draw is still
//   made and lastAttemptMs is set to now, exactly as steps 2 and 6 say.
import { KernelInputError, requireFinite, requireNonNegative } from "./primitives.js";

/** Limits: RPPM same-time tolerance 0.001 s, in ms. */
export const RPPM_SAME_TIME_MS = 1;
/** Limits: RPPM elapsed cap 3.5 s. */
export const RPPM_ELAPSED_CAP_S = 3.5;
/** Limits: bad-luck accumulator cap 1000 s. */
export const RPPM_BLP_CAP_S = 1000;
/** Limits: bad-luck constants 1.5 and 3.0. */
export const RPPM_BLP_OFFSET = 1.5;
export const RPPM_BLP_SLOPE = 3.0;

export interface RppmTracker {
  /** Procs per minute (base rate, before haste). */
  rppm: number;
  lastAttemptMs: number;
  lastProcMs: number;
  /** Seconds since the last proc accumulated over attempts (bad-luck protection). */
  accumulatedBlp: number;
  hasteScales: boolean;
  blpEnabled: boolean;
}

/** A fresh tracker at fight start (t = 0, no proc yet). */
export function newRppmTracker(
  rppm: number,
  opts: { hasteScales?: boolean; blpEnabled?: boolean } = {},
): RppmTracker {
  requireNonNegative("newRppmTracker", "rppm", rppm);
  return {
    rppm,
    lastAttemptMs: 0,
    lastProcMs: 0,
    accumulatedBlp: 0,
    hasteScales: opts.hasteScales ?? false,
    blpEnabled: opts.blpEnabled ?? false,
  };
}

/**
 * Steps 3–5 as a pure function: the proc chance for one attempt, always in [0, 1] for finite inputs.
 * @param elapsedS seconds since the last attempt; clamped here to [0, 3.5] (step 2)
 * @param accumulatedBlpS bad-luck accumulator in seconds, including this attempt's interval; capped at 1000
 */
export function rppmChance(
  rppm: number,
  hastePct: number,
  hasteScales: boolean,
  elapsedS: number,
  accumulatedBlpS: number,
  blpEnabled: boolean,
): number {
  requireNonNegative("rppmChance", "rppm", rppm);
  requireFinite("rppmChance", "hastePct", hastePct);
  requireFinite("rppmChance", "elapsedS", elapsedS);
  requireFinite("rppmChance", "accumulatedBlpS", accumulatedBlpS);
  const e = elapsedS < 0 ? 0.0 : elapsedS > RPPM_ELAPSED_CAP_S ? RPPM_ELAPSED_CAP_S : elapsedS;
  return rppmChanceUnchecked(rppm, hastePct, hasteScales, e, accumulatedBlpS, blpEnabled);
}

/** Steps 3–5 without validation; `elapsedS` must already be clamped to [0, 3.5]. */
function rppmChanceUnchecked(
  rppm: number,
  hastePct: number,
  hasteScales: boolean,
  elapsedS: number,
  accumulatedBlpS: number,
  blpEnabled: boolean,
): number {
  // 3. haste factor
  const hasteFactor = hasteScales ? 1.0 + hastePct / 100.0 : 1.0;
  // 4. base chance
  const realPpm = rppm * hasteFactor;
  const base = (realPpm * elapsedS) / 60.0;
  // 5. bad-luck protection
  let chance = base;
  if (blpEnabled && realPpm > 0) {
    const expectedInterval = 60.0 / realPpm;
    const acc = accumulatedBlpS < RPPM_BLP_CAP_S ? accumulatedBlpS : RPPM_BLP_CAP_S;
    const f = 1.0 + (acc / expectedInterval - RPPM_BLP_OFFSET) * RPPM_BLP_SLOPE;
    chance = base * (f > 1.0 ? f : 1.0);
  }
  return chance < 0 ? 0.0 : chance > 1.0 ? 1.0 : chance;
}

/**
 * roll_rppm: the 6 steps, mutating `tracker` in place. Draws `rng` exactly once, except when step 1
 * skips (attempt within 1 ms of the previous one): then no draw, false, tracker unchanged.
 * Non-finite now/haste or tracker fields, or a negative rppm → KernelInputError.
 */
export function rollRppm(tracker: RppmTracker, nowMs: number, hastePct: number, rng: () => number): boolean {
  requireFinite("rollRppm", "nowMs", nowMs);
  requireFinite("rollRppm", "hastePct", hastePct);
  requireNonNegative("rollRppm", "tracker.rppm", tracker.rppm);
  requireFinite("rollRppm", "tracker.lastAttemptMs", tracker.lastAttemptMs);
  requireFinite("rollRppm", "tracker.lastProcMs", tracker.lastProcMs);
  if (typeof tracker.accumulatedBlp !== "number" || !(tracker.accumulatedBlp >= 0) || tracker.accumulatedBlp === Infinity) {
    throw new KernelInputError("rollRppm", "tracker.accumulatedBlp", tracker.accumulatedBlp, "a finite number >= 0");
  }
  return rollRppmUnchecked(tracker, nowMs, hastePct, rng);
}

/** {@link rollRppm} without validation (hot loops, benchmarks). */
export function rollRppmUnchecked(tracker: RppmTracker, nowMs: number, hastePct: number, rng: () => number): boolean {
  // 1. same-time rule: no draw, no state change
  const sinceLast = nowMs - tracker.lastAttemptMs;
  if (Math.abs(sinceLast) < RPPM_SAME_TIME_MS) return false;
  // 2. elapsed, real (for the accumulator) and capped (for the chance)
  const realElapsedS = (sinceLast > 0 ? sinceLast : 0.0) / 1000.0;
  const elapsedS = realElapsedS < RPPM_ELAPSED_CAP_S ? realElapsedS : RPPM_ELAPSED_CAP_S;
  const acc = tracker.accumulatedBlp + realElapsedS;
  // 3.–5.
  const chance = rppmChanceUnchecked(tracker.rppm, hastePct, tracker.hasteScales, elapsedS, acc, tracker.blpEnabled);
  // 6. roll; the attempt time always advances
  const success = rng() < chance;
  tracker.lastAttemptMs = nowMs;
  if (success) {
    tracker.lastProcMs = nowMs;
    tracker.accumulatedBlp = 0;
  } else {
    tracker.accumulatedBlp = acc;
  }
  return success;
}
