// Worker-thread entry: runs chunks of the workload it was initialised with and posts each chunk's
// ChunkReport bytes back (the buffer is transferred, not copied). Not imported by the package
// root: the pool starts it by URL (src: worker.ts under tsx; dist: runner/worker.js).
import { parentPort } from "node:worker_threads";
import { runChunkToBytes, type FromWorker, type ToWorker } from "./chunk.js";
import type { ChunkRunner, WorkloadSpec } from "./types.js";
import { createRunner } from "./workloads.js";

const port = parentPort;
if (!port) throw new Error("src/runner/worker.ts must run in a worker thread");

let runId = -1;
let workload: WorkloadSpec | null = null;
let runner: ChunkRunner | null = null;
let initError: { code: string; message: string } | null = null;

function errorInfo(e: unknown): { code: string; message: string } {
  const err = e as { code?: unknown; message?: unknown };
  return { code: typeof err?.code === "string" ? err.code : "INTERNAL", message: typeof err?.message === "string" ? err.message : String(e) };
}

// Static imports above have loaded every workload (and instantiated the wasm): tell the pool.
port.postMessage({ type: "ready" } satisfies FromWorker);

// Chunks are processed one at a time, in arrival order (the pool sends one chunk per idle worker).
let queue: Promise<void> = Promise.resolve();

port.on("message", (msg: ToWorker) => {
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
    const reply = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
    if (msg.runId !== runId || !workload || !runner) {
      const info = initError ?? { code: "RUNNER_WORKER_FAILED", message: `worker has no workload for run ${msg.runId}` };
      reply({ type: "error", runId: msg.runId, chunkId: msg.chunkId, ...info });
      return;
    }
    try {
      const bytes = await runChunkToBytes(runner, workload.seedBase, msg.chunkId, msg.firstIteration, msg.count);
      reply({ type: "done", runId: msg.runId, chunkId: msg.chunkId, bytes }, [bytes.buffer as ArrayBuffer]);
    } catch (e) {
      reply({ type: "error", runId: msg.runId, chunkId: msg.chunkId, ...errorInfo(e) });
    }
  });
});
