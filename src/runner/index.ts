// Runner surface (browser-safe: the pool reaches node:worker_threads lazily).
export { runChunked, DEFAULT_CHUNK_SIZE, MAX_ITERATIONS } from "./run.js";
export type { RunChunkedOptions, RunChunkedResult, ChunkProgress } from "./run.js";
export { WorkerPool, chunkCount, chunkBounds } from "./pool.js";
export type { ChunkExecutor, ChunkPlan, ChunkSink, WorkerPoolOptions } from "./pool.js";
export { InlineExecutor } from "./inline.js";
export { pickRepresentative } from "./representative.js";
export type { RepresentativeCandidates, RepresentativeIteration } from "./representative.js";
export { createRunner } from "./workloads.js";
export { createFakeRunner } from "./fake-workload.js";
export { FAKE_FAULT_MODES, FAKE_FAULT_EXIT_CODE } from "./fault-injection.js";
export type { FakeFault, FakeFaultMode } from "./fault-injection.js";
export { runChunkToBytes } from "./chunk.js";
export { RunnerError } from "./errors.js";
export type { RunnerErrorCode } from "./errors.js";
export type { ChunkRunner, WorkloadSpec, FakeWorkloadSpec, WorkloadBase, RunnerEnv } from "./types.js";
export { createEngineRunner, EventBudgetExceeded } from "./engine-workload.js";
export type { EngineWorkloadSpec } from "./engine-workload.js";
