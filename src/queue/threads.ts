// The worker threads of one `combatsim worker` process: the local pool's threads (src/runner/worker.ts,
// started through worker-handle.ts) driven one chunk at a time by the BullMQ jobs this process holds.
//
// The local WorkerPool runs whole chunk plans; a queue worker gets single chunks of any run in any
// order, so it drives the same threads with the same wire messages directly: a thread is sent a
// run's workload ("init") once, when it first gets a chunk of that run, then only chunk ids. A chunk
// whose runner throws is a deterministic failure (ChunkJobError, retryable false); a thread that dies
// or overruns the chunk deadline is replaced, and the chunk's job is failed as retryable so BullMQ
// runs it again (attempts: 2), on this machine or another.
import type { FromWorker } from "../runner/chunk.js";
import { resolveResourceLimits, type WorkerResourceLimits } from "../runner/limits.js";
import type { WorkloadSpec } from "../runner/types.js";
import { resolveWorkerEntry, WorkerHandle, type WorkerEntry } from "../runner/worker-handle.js";

/** Why a chunk did not come back. `retryable`: the thread was lost (not the chunk's own fault). */
export class ChunkJobError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

interface Thread {
  handle: WorkerHandle;
  /** Local number of the run this thread was last initialised for (-1: none). */
  runNo: number;
  busy: boolean;
  /** Settles the chunk this thread is running. */
  settle: ((r: Uint8Array | ChunkJobError) => void) | null;
}

export interface ChunkThreadsOptions {
  size: number;
  resourceLimits?: WorkerResourceLimits;
  /** A chunk running longer than this is declared stuck: its thread is replaced and the job retried. Default 600000. */
  chunkTimeoutMs?: number;
  workerUrl?: URL | string;
}

export class ChunkThreads {
  private readonly threads: (Thread | null)[];
  private readonly waiting: { resolve: (t: Thread) => void; reject: (e: Error) => void }[] = [];
  private readonly runNumbers = new Map<string, number>();
  private closed = false;

  private constructor(
    private readonly entry: WorkerEntry,
    private readonly limits: WorkerResourceLimits,
    private readonly timeoutMs: number,
    size: number,
  ) {
    this.threads = Array.from({ length: size }, () => null);
  }

  static async create(o: ChunkThreadsOptions): Promise<ChunkThreads> {
    const t = new ChunkThreads(await resolveWorkerEntry(o.workerUrl), resolveResourceLimits(o.resourceLimits), o.chunkTimeoutMs ?? 600_000, o.size);
    try {
      await Promise.all(t.threads.map((_, i) => t.spawn(i)));
    } catch (e) {
      await t.close();
      throw e;
    }
    return t;
  }

  get size(): number {
    return this.threads.length;
  }

  /** Runs one chunk of run `runId` on a free thread; resolves with its ChunkReport bytes. */
  async run(runId: string, workload: WorkloadSpec, chunkId: number, firstIteration: number, count: number): Promise<Uint8Array> {
    const thread = await this.acquire();
    try {
      const runNo = this.runNumber(runId);
      const result = await new Promise<Uint8Array | ChunkJobError>((resolve) => {
        thread.settle = resolve;
        const timer = setTimeout(() => {
          void this.replace(thread, new ChunkJobError("RUNNER_CHUNK_TIMEOUT", `chunk ${chunkId} of run ${runId} ran longer than ${this.timeoutMs} ms`, true));
        }, this.timeoutMs);
        thread.settle = (r) => {
          clearTimeout(timer);
          thread.settle = null;
          resolve(r);
        };
        try {
          if (thread.runNo !== runNo) {
            thread.handle.post({ type: "init", runId: runNo, workload });
            thread.runNo = runNo;
          }
          thread.handle.post({ type: "chunk", runId: runNo, chunkId, firstIteration, count });
        } catch (e) {
          thread.settle(new ChunkJobError("RUNNER_BAD_OPTIONS", `run ${runId}: the workload cannot be posted to a thread: ${(e as Error).message}`, false));
        }
      });
      if (result instanceof ChunkJobError) throw result;
      return result;
    } finally {
      this.release(thread);
    }
  }

  /** Stops every thread (chunks still running are abandoned: BullMQ's stalled check hands their jobs to another worker). */
  async close(): Promise<void> {
    this.closed = true;
    const closing = new ChunkJobError("RUNNER_POOL_CLOSED", "the worker is closing", true);
    for (const t of this.threads) t?.settle?.(closing); // also clears their deadline timers
    for (const w of this.waiting.splice(0)) w.reject(closing);
    await Promise.all(this.threads.map((t) => t?.handle.terminate()));
  }

  private runNumber(runId: string): number {
    let n = this.runNumbers.get(runId);
    if (n === undefined) {
      n = this.runNumbers.size;
      this.runNumbers.set(runId, n);
    }
    return n;
  }

  private async spawn(i: number): Promise<void> {
    const handle = await WorkerHandle.start(this.entry, this.limits, `queue worker thread ${i}`);
    const thread: Thread = { handle, runNo: -1, busy: false, settle: null };
    handle.onMessage = (m: FromWorker) => {
      if (m.type === "done") thread.settle?.(m.bytes);
      else if (m.type === "error") thread.settle?.(new ChunkJobError(m.code, m.message, false));
    };
    handle.onEnd = (end) => void this.replace(thread, new ChunkJobError(end.code ?? "RUNNER_WORKER_FAILED", `its thread ended: ${end.reason}`, true));
    handle.ref();
    this.threads[i] = thread;
    this.handOut(thread);
  }

  /** A thread lost mid-chunk (ended or stuck): fail its chunk as retryable, start a fresh thread in its place. */
  private async replace(thread: Thread, why: ChunkJobError): Promise<void> {
    const i = this.threads.indexOf(thread);
    if (i < 0) return;
    this.threads[i] = null;
    thread.settle?.(why);
    await thread.handle.terminate();
    if (this.closed) return;
    // a thread that cannot be restarted leaves this process one thread short, not broken
    await this.spawn(i).catch((e: Error) => console.error(`combatsim worker: thread ${i} could not be restarted: ${e.message}`));
  }

  private acquire(): Promise<Thread> {
    if (this.closed) return Promise.reject(new ChunkJobError("RUNNER_POOL_CLOSED", "the worker is closing", true));
    const free = this.threads.find((t) => t !== null && !t.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private release(thread: Thread): void {
    thread.busy = false;
    if (this.threads.includes(thread)) this.handOut(thread);
  }

  private handOut(thread: Thread): void {
    const next = this.waiting.shift();
    if (next) {
      thread.busy = true;
      next.resolve(thread);
    }
  }
}
