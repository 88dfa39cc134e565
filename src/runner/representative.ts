// Representative iteration (spec "Telemetry and statistics"): after the final merge, the
// iteration whose DPS is closest to the final mean; ties break on the smaller seed prefix, then
// the smaller iteration index. The engine reruns it (seedFor(seedBase, chunkId, iteration)) to
// install its timeline.
import { seedFromPrefix } from "../kernels/rng.js";

export interface RepresentativeCandidates {
  chunkId: number;
  seedPrefix: bigint;
  firstIteration: number;
  /** Per-iteration DPS of the chunk, in iteration order. */
  iterationDps: ArrayLike<number>;
}

export interface RepresentativeIteration {
  chunkId: number;
  /** Index within the chunk: the `iteration` argument of seedFor. */
  iteration: number;
  /** firstIteration + iteration. */
  globalIteration: number;
  seedPrefix: bigint;
  /** seedFor(seedBase, chunkId, iteration). */
  seed: bigint;
  dps: number;
  /** |dps - mean|. */
  distance: number;
}

export function pickRepresentative(chunks: readonly RepresentativeCandidates[], mean: number): RepresentativeIteration | null {
  let best: { c: RepresentativeCandidates; i: number; d: number } | null = null;
  for (const c of chunks) {
    for (let i = 0; i < c.iterationDps.length; i++) {
      const d = Math.abs(c.iterationDps[i]! - mean);
      if (
        best === null ||
        d < best.d ||
        (d === best.d && (c.seedPrefix < best.c.seedPrefix || (c.seedPrefix === best.c.seedPrefix && i < best.i)))
      ) {
        best = { c, i, d };
      }
    }
  }
  if (!best) return null;
  return {
    chunkId: best.c.chunkId,
    iteration: best.i,
    globalIteration: best.c.firstIteration + best.i,
    seedPrefix: best.c.seedPrefix,
    seed: seedFromPrefix(best.c.seedPrefix, best.i),
    dps: best.c.iterationDps[best.i]!,
    distance: best.d,
  };
}
