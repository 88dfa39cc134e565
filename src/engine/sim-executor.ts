// Where simulate() runs its chunks: inline on the calling thread, a pool of Node worker threads, or
// (in a browser, given the web worker bundle's URL) a pool of Web Workers. The pool is the same
// WorkerPool either way (src/runner/pool.ts): same chunk plan, scheduling and merge order, so the
// result bytes do not depend on the host or the pool size. An AbortSignal closes the pool at once
// (its run fails, which simulate() reports as SIM_CANCELLED).
import { isNode } from "../data/source.js";
import type { ChunkDeadlineOptions } from "../runner/deadline.js";
import type { WorkerResourceLimits } from "../runner/limits.js";
import type { ChunkExecutor } from "../runner/plan.js";
import { WorkerPool } from "../runner/pool.js";
import { webWorkerStarter } from "../runner/web-worker-handle.js";
import { CombatsimError } from "../errors.js";

export interface ExecutorChoice {
  threads: number;
  totalChunks: number;
  chunkDeadline: ChunkDeadlineOptions;
  resourceLimits: WorkerResourceLimits;
  /** Browsers: URL of the Web Worker bundle (src/runner/web-worker.ts); with it even 1 thread runs off the main thread. */
  workerUrl?: string | URL;
  signal?: AbortSignal;
}

/** Web Workers when not in Node and a worker URL is given; worker threads in Node when threads > 1. */
export function usesPool(c: Pick<ExecutorChoice, "threads" | "workerUrl">): boolean {
  return isNode() ? c.threads > 1 : c.workerUrl !== undefined;
}

/** Runs `f` inline or on a pool owned by this run (created here, closed at the end or on abort). */
export async function withExecutor<T>(c: ExecutorChoice, onStartFailure: (e: Error) => CombatsimError, f: (executor: ChunkExecutor | undefined) => Promise<T>): Promise<T> {
  if (!usesPool(c)) return f(undefined);
  let pool: WorkerPool;
  try {
    pool = await WorkerPool.create({
      size: Math.min(c.threads, c.totalChunks),
      chunkDeadline: c.chunkDeadline,
      resourceLimits: c.resourceLimits,
      ...(isNode() ? {} : { startWorker: webWorkerStarter(c.workerUrl!) }),
    });
  } catch (e) {
    throw onStartFailure(e as Error);
  }
  const abort = (): void => void pool.close();
  c.signal?.addEventListener("abort", abort, { once: true });
  try {
    if (c.signal?.aborted) await pool.close();
    return await f(pool);
  } finally {
    c.signal?.removeEventListener("abort", abort);
    await pool.close();
  }
}
