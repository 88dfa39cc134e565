// Runs chunks on the calling thread (no workers; also the browser path), through the very same
// chunk -> bytes -> sink route as the pool.
import { runChunkToBytes } from "./chunk.js";
import type { RunnerError } from "./errors.js";
import { chunkBounds, chunkCount, chunkFailed, type ChunkExecutor, type ChunkPlan, type ChunkSink } from "./plan.js";
import type { WorkloadSpec } from "./types.js";
import { createRunner } from "./workloads.js";

/**
 * Lets the event loop run between chunks (Node: setImmediate, a few µs). Without it a whole inline run
 * is one macrotask: signal handlers (the CLI's Ctrl-C handler that restores the terminal) and timers
 * would wait for its end. Browsers have no setImmediate and no signals: no yield there.
 */
const yieldToEventLoop: () => Promise<void> =
  typeof globalThis.setImmediate === "function" ? () => new Promise((resolve) => globalThis.setImmediate(resolve)) : () => Promise.resolve();

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
      if (chunkId + 1 < total) await yieldToEventLoop();
    }
  }
}
