// Host side of fight length variation (assembly/engine/fight.ts; docs/fights.md "Fight length"):
// the longest iteration an image can run (it sizes the per-second buckets, as the engine's fightMaxMs)
// and the per-second "iterations still running" counts derived from the engine's length counts.
import type { RunConfig } from "./image.js";

/** Target health: an iteration may last up to this multiple of its drawn length (assembly/engine/health.ts). */
export const HEALTH_CAP_FACTOR = 2;

type LengthConfig = Pick<RunConfig, "durationMs" | "varyLength" | "healthPerMs">;

/** The longest encounter an iteration of `run` can last, ms (the engine's fightMaxMs, same f64 steps). */
export function fightMaxMs(run: LengthConfig): number {
  const vary = run.varyLength ?? 0;
  const drawn = vary > 0 ? Math.ceil(run.durationMs * (1 + vary)) : run.durationMs;
  return (run.healthPerMs ?? 0) > 0 ? drawn * HEALTH_CAP_FACTOR : drawn;
}

/** Number of 1000 ms buckets of the per-second damage for `run` (at least 1). */
export function fightBuckets(run: LengthConfig): number {
  return Math.max(1, Math.ceil(fightMaxMs(run) / 1000));
}

/**
 * Iterations still running in each bucket: bucket k counts the iterations that lasted more than k
 * seconds, i.e. whose length in whole buckets (ceil(ms / 1000), `byLength[b]` iterations each) is > k.
 */
export function iterationsPerBucket(byLength: ArrayLike<number>, buckets: number): number[] {
  const out = new Array<number>(buckets).fill(0);
  let running = 0;
  for (let b = byLength.length - 1; b >= 1; b--) {
    running += byLength[b]!;
    if (b - 1 < buckets) out[b - 1] = running;
  }
  return out;
}
