// The message loop every worker runs, whatever hosts it (a Node worker thread: worker.ts; a browser
// Web Worker: web-worker.ts): keep the workload of the current run, run each chunk it is sent, post
// the ChunkReport bytes back (the buffer is transferred, not copied), or the chunk's error.
import { runChunkToBytes, type FromWorker, type ToWorker } from "./chunk.js";
import type { ChunkRunner, WorkloadSpec } from "./types.js";
import { createRunner } from "./workloads.js";

/** The two directions of a worker's port. */
export interface WorkerPort {
  post(m: FromWorker, transfer?: ArrayBuffer[]): void;
  listen(onMessage: (m: ToWorker) => void): void;
}

function errorInfo(e: unknown): { code: string; message: string } {
  const err = e as { code?: unknown; message?: unknown };
  return { code: typeof err?.code === "string" ? err.code : "INTERNAL", message: typeof err?.message === "string" ? err.message : String(e) };
}

/** Tells the pool this worker is ready (its static imports, incl. the wasm, are loaded), then serves chunks. */
export function serveChunks(port: WorkerPort): void {
  let runId = -1;
  let workload: WorkloadSpec | null = null;
  let runner: ChunkRunner | null = null;
  let initError: { code: string; message: string } | null = null;
  port.post({ type: "ready" });

  // Chunks are processed one at a time, in arrival order (the pool sends one chunk per idle worker).
  let queue: Promise<void> = Promise.resolve();
  port.listen((msg) => {
    queue = queue.then(async () => {
      if (msg.type === "init") {
        runId = msg.runId;
        workload = msg.workload;
        runner = null;
        initError = null;
        try {
          runner = createRunner(workload, { inWorker: true });
        } catch (e) {
          initError = errorInfo(e);
        }
        return;
      }
      if (msg.runId !== runId || !workload || !runner) {
        const info = initError ?? { code: "RUNNER_WORKER_FAILED", message: `worker has no workload for run ${msg.runId}` };
        port.post({ type: "error", runId: msg.runId, chunkId: msg.chunkId, ...info });
        return;
      }
      try {
        const bytes = await runChunkToBytes(runner, workload.seedBase, msg.chunkId, msg.firstIteration, msg.count);
        port.post({ type: "done", runId: msg.runId, chunkId: msg.chunkId, bytes }, [bytes.buffer as ArrayBuffer]);
      } catch (e) {
        port.post({ type: "error", runId: msg.runId, chunkId: msg.chunkId, ...errorInfo(e) });
      }
    });
  });
}
