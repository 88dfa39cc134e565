// Runs chunks on the calling thread (no workers; also the browser path), through the very same
// chunk -> bytes -> sink route as the pool.
import { runChunkToBytes } from "./chunk.js";
import type { RunnerError } from "./errors.js";
import { chunkBounds, chunkCount, chunkFailed, type ChunkExecutor, type ChunkPlan, type ChunkSink } from "./plan.js";
import type { WorkloadSpec } from "./types.js";
import { createRunner } from "./workloads.js";

export class InlineExecutor implements ChunkExecutor {
  readonly size = 0;
  async execute(workload: WorkloadSpec, plan: ChunkPlan, sink: ChunkSink): Promise<void> {
    const runner = createRunner(workload);
    const total = chunkCount(plan);
    for (let chunkId = 0; chunkId < total; chunkId++) {
      const { firstIteration, count } = chunkBounds(plan, chunkId);
      let result: Uint8Array | RunnerError;
      try {
        result = await runChunkToBytes(runner, workload.seedBase, chunkId, firstIteration, count);
      } catch (e) {
        const err = e as { code?: unknown; message?: unknown };
        result = chunkFailed(chunkId, typeof err?.code === "string" ? err.code : "INTERNAL", typeof err?.message === "string" ? err.message : String(e));
      }
      if (!sink(chunkId, result)) return;
    }
  }
}
