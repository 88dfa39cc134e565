// The chunk loop: fixed-size chunks run inline or on a worker pool, merged strictly in chunk-id
// order, early exit on the relative standard error, representative iteration at the end.
//
// Determinism: chunk k always covers iterations [k*chunkSize, min((k+1)*chunkSize, iterations))
// with seeds seedFor(seedBase, k, i); every chunk goes through the same encode -> decode path;
// the merge order is 0, 1, 2, ...; the early-exit test runs after each merged chunk of that
// prefix. So 0 (inline), 1 or N workers merge the same chunks in the same order into the same
// bytes. Chunks finished beyond the stopping point are discarded.
import { relativeError95 } from "../telemetry/dps-stats.js";
import { decodeChunkReport, emptyChunkReport, encodeChunkReport, mergeChunkReportInto, type ChunkReport } from "../telemetry/report.js";
import { RunnerError } from "./errors.js";
import { InlineExecutor } from "./inline.js";
import { chunkCount, type ChunkExecutor } from "./plan.js";
import { pickRepresentative, type RepresentativeCandidates, type RepresentativeIteration } from "./representative.js";
import type { WorkloadSpec } from "./types.js";

/** Default iterations per chunk: small enough for a fine early-exit grain, large enough to amortise a worker round trip. */
export const DEFAULT_CHUNK_SIZE = 500;
/** Upper bound on iterations (chunk ids and iteration indices are u32 on the wire). */
export const MAX_ITERATIONS = 0xffffffff;

export interface ChunkProgress {
  chunkId: number;
  /** Iterations merged so far (the chunk-id-ordered prefix). */
  iterations: number;
  /** Relative error in percent after this chunk (Infinity below 2 iterations). */
  relativeError: number;
  /** Mean DPS of the merged prefix. */
  dpsMean: number;
}

export interface RunChunkedOptions {
  workload: WorkloadSpec;
  /** Maximum iterations (>= 1). */
  iterations: number;
  /** Iterations per chunk (default DEFAULT_CHUNK_SIZE); part of the result's identity, unlike the worker count. */
  chunkSize?: number;
  /** Where chunks run: a WorkerPool, or omitted for inline on this thread. */
  executor?: ChunkExecutor;
  /**
   * Early exit: stop once the relative error (percent, 95 % confidence:
   * 1.96 * stddev / sqrt(n) / mean * 100) is <= this, tested after every merged chunk.
   */
  targetError?: number;
  /** No early exit before this many iterations are merged (default: one chunk). */
  minIterations?: number;
  onChunk?: (p: ChunkProgress) => void;
  /** Cancels the run: checked before the first chunk and whenever a chunk arrives (RUNNER_CANCELLED). */
  signal?: AbortSignal;
}

export interface RunChunkedResult {
  /** Merged report (decoded domain: DPS, damage, resources unscaled, rounded per chunk as on the wire). */
  report: ChunkReport;
  /** encodeChunkReport(report): identical for any worker count. */
  bytes: Uint8Array;
  iterations: number;
  chunks: number;
  chunkSize: number;
  stoppedEarly: boolean;
  relativeError: number;
  representative: RepresentativeIteration | null;
}

function opt(name: string, v: number, ok: boolean, want: string): void {
  if (!ok) throw new RunnerError("RUNNER_BAD_OPTIONS", `${name} = ${v} is not ${want}`);
}

export async function runChunked(options: RunChunkedOptions): Promise<RunChunkedResult> {
  const { iterations, workload } = options;
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  opt("iterations", iterations, Number.isInteger(iterations) && iterations >= 1 && iterations <= MAX_ITERATIONS, "an integer in [1, 2^32)");
  opt("chunkSize", chunkSize, Number.isInteger(chunkSize) && chunkSize >= 1 && chunkSize <= MAX_ITERATIONS, "an integer >= 1");
  const target = options.targetError;
  if (target !== undefined) opt("targetError", target, Number.isFinite(target) && target > 0, "a finite percentage > 0");
  const minIterations = options.minIterations ?? chunkSize;
  opt("minIterations", minIterations, Number.isInteger(minIterations) && minIterations >= 0, "an integer >= 0");
  if (typeof workload?.seedBase !== "bigint") throw new RunnerError("RUNNER_BAD_OPTIONS", "workload.seedBase is not a bigint");

  const plan = { chunkSize, iterations };
  const total = chunkCount(plan);
  const executor = options.executor ?? new InlineExecutor();
  const merged = emptyChunkReport();
  const candidates: RepresentativeCandidates[] = [];
  const pending = new Map<number, Uint8Array | RunnerError>();
  let nextMerge = 0;
  let stopped = false;
  let error = Number.POSITIVE_INFINITY;

  const cancelled = (): RunnerError => new RunnerError("RUNNER_CANCELLED", `the run was cancelled after ${merged.iterations} of ${iterations} iterations`);
  if (options.signal?.aborted) throw cancelled();
  const sink = (chunkId: number, result: Uint8Array | RunnerError): boolean => {
    if (options.signal?.aborted) throw cancelled();
    if (stopped) return false; // in-flight chunk beyond the stopping point (result or error): discarded
    pending.set(chunkId, result);
    while (!stopped && pending.has(nextMerge)) {
      const item = pending.get(nextMerge)!;
      pending.delete(nextMerge);
      if (item instanceof RunnerError) throw item; // surfaces in chunk-id order, like inline
      const r = decodeChunkReport(item);
      if (r.chunkId !== nextMerge) throw new RunnerError("RUNNER_CHUNK_FAILED", `chunk ${nextMerge} came back labelled chunk ${r.chunkId}`);
      candidates.push({ chunkId: r.chunkId, seedPrefix: r.seedPrefix, firstIteration: r.firstIteration, iterationDps: r.iterationDps });
      mergeChunkReportInto(merged, r);
      error = relativeError95(merged.dps);
      options.onChunk?.({ chunkId: nextMerge, iterations: merged.iterations, relativeError: error, dpsMean: merged.dps.mean });
      nextMerge++;
      if (target !== undefined && nextMerge < total && merged.iterations >= minIterations && error <= target) stopped = true;
    }
    return !stopped;
  };

  await executor.execute(workload, plan, sink);
  if (!stopped && nextMerge !== total) {
    throw new RunnerError("RUNNER_CHUNK_FAILED", `only ${nextMerge} of ${total} chunks were merged`);
  }
  return {
    report: merged,
    bytes: encodeChunkReport(merged),
    iterations: merged.iterations,
    chunks: nextMerge,
    chunkSize,
    stoppedEarly: stopped,
    relativeError: error,
    representative: pickRepresentative(candidates, merged.dps.mean),
  };
}
