// Runs chunks on the calling thread (no workers; also the browser path), through the very same
// chunk -> bytes -> sink route as the pool.
import { runChunkToBytes } from "./chunk.js";
import { chunkBounds, chunkCount, type ChunkExecutor, type ChunkPlan, type ChunkSink } from "./pool.js";
import { RunnerError } from "./errors.js";
import type { WorkloadSpec } from "./types.js";
import { createRunner } from "./workloads.js";

export class InlineExecutor implements ChunkExecutor {
  readonly size = 0;
  async execute(workload: WorkloadSpec, plan: ChunkPlan, sink: ChunkSink): Promise<void> {
    const runner = createRunner(workload);
    const total = chunkCount(plan);
    for (let chunkId = 0; chunkId < total; chunkId++) {
      const { firstIteration, count } = chunkBounds(plan, chunkId);
      let bytes: Uint8Array;
      try {
        bytes = await runChunkToBytes(runner, workload.seedBase, chunkId, firstIteration, count);
      } catch (e) {
        const err = e as { code?: string; message?: string };
        throw new RunnerError("RUNNER_CHUNK_FAILED", `chunk ${chunkId} failed: [${err.code ?? "INTERNAL"}] ${err.message ?? String(e)}`, err.code);
      }
      if (!sink(chunkId, bytes)) return;
    }
  }
}
