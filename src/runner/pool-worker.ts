// What the pool needs of one worker, whatever runs it: a Node worker thread (worker-handle.ts) or a
// browser Web Worker (web-worker-handle.ts). The pool's scheduling, deadlines, retries and merge
// order are the same for both, so both give the same result bytes for any pool size.
import type { FromWorker, ToWorker } from "./chunk.js";

/** How a worker ended, as a phrase about the worker running the chunk. */
export interface WorkerEnd {
  /** e.g. "its worker exited with code 70", "its worker ran out of memory (…)". */
  reason: string;
  /** The host's code (ERR_WORKER_OUT_OF_MEMORY) or the uncaught error's own code, when there is one. */
  code?: string;
}

export interface PoolWorker {
  /** Called for every message after "ready". */
  onMessage: (m: FromWorker) => void;
  /** Called once when the worker ends on its own (not after terminate()). */
  onEnd: (end: WorkerEnd) => void;
  /** Throws (DataCloneError) when the message cannot be structured-cloned. */
  post(msg: ToWorker): void;
  /** Node: keep the process alive while a run uses the worker (no-op in browsers). */
  ref(): void;
  unref(): void;
  /** Stops the worker, also one stuck in a busy loop; its end is not reported. */
  terminate(): Promise<void>;
}

/** Starts one worker and resolves once its modules (and the wasm) are loaded. `label`: "worker 3". */
export type StartWorker = (label: string) => Promise<PoolWorker>;
