// Runner seam: the chunk loop is generic over a ChunkRunner, so the pool, merge, early exit and
// representative choice do not depend on the engine (the engine plugs in as one workload kind).
import type { ChunkResult } from "../telemetry/report.js";

export type { ChunkResult };

/**
 * Runs `count` iterations of chunk `chunkId`. Iteration i of the chunk (0-based, i < count) uses
 * the seed `seedFor(seedBase, chunkId, i)`; `firstIteration` is the chunk's global offset
 * (chunkId * chunkSize), given for bookkeeping only. Must be a pure function of its arguments
 * and the workload: that is what makes results independent of the worker count.
 */
export type ChunkRunner = (chunkId: number, firstIteration: number, count: number) => ChunkResult | Promise<ChunkResult>;

/** Every workload carries the run's seed base (seeds: seedFor(seedBase, chunkId, i)). */
export interface WorkloadBase {
  kind: string;
  seedBase: bigint;
}

/** Deterministic synthetic workload (tests, benchmarks): see src/runner/fake-workload.ts. */
export interface FakeWorkloadSpec extends WorkloadBase {
  kind: "fake";
  /** Fight length in whole seconds (default 60). */
  durationS?: number;
  /** Auto-attack hits per second (default 4): scales the work per iteration. */
  hitsPerSecond?: number;
  /** Test hook: running this chunk id throws a RunnerError (error propagation from workers). */
  failChunk?: number;
  /** Test hook: a chunk that brings down its worker thread (exit, uncaught throw, hang, out of memory); workers only. */
  fault?: import("./fault-injection.js").FakeFault;
}

/** Where a ChunkRunner is created: on a worker thread, or inline on the caller's thread. */
export interface RunnerEnv {
  inWorker: boolean;
}

/**
 * What a worker (or the inline path) runs: structured-cloneable, so it can be posted to workers.
 * A new kind gets a matching case in workloads.ts.
 */
export type WorkloadSpec = FakeWorkloadSpec | import("./engine-workload.js").EngineWorkloadSpec | import("../analysis/batch-workload.js").EngineBatchWorkloadSpec;
