// The chunk plan of a run and what every executor shares: which iterations chunk k holds, the
// error a chunk's own failure becomes, and the executor/sink contract.
import { RunnerError } from "./errors.js";
import type { WorkloadSpec } from "./types.js";

export interface ChunkPlan {
  /** Fixed chunk size (never derived from the worker count). */
  chunkSize: number;
  /** Total iterations; the last chunk holds the remainder. */
  iterations: number;
}

export function chunkCount(plan: ChunkPlan): number {
  return Math.ceil(plan.iterations / plan.chunkSize);
}

export function chunkBounds(plan: ChunkPlan, chunkId: number): { firstIteration: number; count: number } {
  const firstIteration = chunkId * plan.chunkSize;
  return { firstIteration, count: Math.min(plan.chunkSize, plan.iterations - firstIteration) };
}

/**
 * Receives one chunk's ChunkReport bytes, or the RunnerError its run ended with; returns false to
 * stop dispatching further chunks (early exit). Once it has returned false the executor resolves
 * without waiting for chunks still running (their results would be discarded). A sink that throws
 * ends the run with that error. Errors are delivered like results so the caller can act on them
 * in chunk-id order: a failure past the early-exit point must not fail the run (the inline path
 * never runs that chunk).
 */
export type ChunkSink = (chunkId: number, result: Uint8Array | RunnerError) => boolean;

/** Runs every chunk of a plan and hands each one's bytes to a sink. Implemented by WorkerPool and InlineExecutor. */
export interface ChunkExecutor {
  readonly size: number;
  execute(workload: WorkloadSpec, plan: ChunkPlan, sink: ChunkSink): Promise<void>;
}

/** The error a chunk's run ended with (same text inline and in a worker). */
export function chunkFailed(chunkId: number, code: string, message: string): RunnerError {
  return new RunnerError("RUNNER_CHUNK_FAILED", `chunk ${chunkId} failed: [${code}] ${message}`, code, chunkId);
}
