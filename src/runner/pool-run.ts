// One run on a worker pool, as bookkeeping: which chunk a worker gets next, what a result or a
// lost worker means for the run, when the run is over. The pool (pool.ts) owns the workers and
// the deadline timers and reports to this.
//
// Retry rule: a chunk whose worker ends (exit, uncaught exception, out of memory) or overruns the
// deadline is run once more, on the fresh worker that replaces it. Chunks are pure functions of
// (workload, chunk id), so the retry's bytes are the bytes the first attempt would have made. If
// the retry fails the same way, the fault is taken to be the chunk's own: the chunk's result is
// the typed error, delivered like any result (in chunk-id order by the sink, so a failure past the
// early-exit point is ignored, as inline never runs that chunk).
import { ChunkClock, type ChunkDeadline } from "./deadline.js";
import { RunnerError } from "./errors.js";
import { chunkCount, type ChunkPlan, type ChunkSink } from "./plan.js";
import type { WorkloadSpec } from "./types.js";

/** A chunk to run: its first attempt, or the retry after a lost worker. */
export interface ChunkTask {
  chunkId: number;
  attempt: 0 | 1;
  /** Why the first attempt was lost (on a retry). */
  firstFailure?: ChunkFailure;
}

/** Why a worker stopped running its chunk: it ended, or it overran the chunk's deadline. */
export interface ChunkFailure {
  /** A phrase about the chunk: "its worker exited with code 70", "it exceeded its deadline of …". */
  reason: string;
  /** The underlying code (e.g. ERR_WORKER_OUT_OF_MEMORY), when there is one. */
  code?: string;
  timeout: boolean;
}

export class PoolRun {
  readonly total: number;
  readonly clock: ChunkClock;
  readonly done: Promise<void>;
  private resolve!: () => void;
  private reject!: (e: Error) => void;
  private next = 0;
  private inFlight = 0;
  private stopped = false;
  private settledFlag = false;
  /** Slot -> the retry reserved for that slot's replacement worker. */
  private readonly retries = new Map<number, ChunkTask>();

  constructor(
    readonly id: number,
    readonly workload: WorkloadSpec,
    readonly plan: ChunkPlan,
    private readonly sink: ChunkSink,
    deadline: ChunkDeadline,
  ) {
    this.total = chunkCount(plan);
    this.clock = new ChunkClock(deadline);
    this.done = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  get settled(): boolean {
    return this.settledFlag;
  }

  /** The next chunk for the worker in `slot`: the retry reserved for it, else the next chunk id; null when nothing is left. */
  take(slot: number): ChunkTask | null {
    if (this.settledFlag) return null;
    const retry = this.retries.get(slot);
    if (retry) {
      this.retries.delete(slot);
      this.inFlight++;
      return retry;
    }
    if (this.stopped || this.next >= this.total) {
      this.finishIfDone();
      return null;
    }
    this.inFlight++;
    return { chunkId: this.next++, attempt: 0 };
  }

  /** A chunk came back: its bytes, or the error its runner threw (deterministic: not retried). */
  deliver(chunkId: number, result: Uint8Array | RunnerError): void {
    if (this.settledFlag) return;
    this.inFlight--;
    this.toSink(chunkId, result);
    this.finishIfDone();
  }

  /** The worker in `slot` stopped running `task`: reserve the retry for its replacement, or deliver the typed error. */
  lost(slot: number, task: ChunkTask, failure: ChunkFailure): void {
    if (this.settledFlag) return;
    this.inFlight--;
    if (task.attempt === 0) {
      this.retries.set(slot, { chunkId: task.chunkId, attempt: 1, firstFailure: failure });
      return;
    }
    this.toSink(task.chunkId, failedTwice(task, failure));
    this.finishIfDone();
  }

  /** Ends the run with `err` (pool closed, a worker could not be replaced, a workload that cannot be posted). */
  fail(err: Error): void {
    this.settle(err);
  }

  private toSink(chunkId: number, result: Uint8Array | RunnerError): void {
    try {
      if (!this.sink(chunkId, result)) this.stopped = true;
    } catch (e) {
      this.settle(e as Error);
    }
  }

  /** Early exit ends the run at once (chunks still running are not needed); otherwise when every chunk is back. */
  private finishIfDone(): void {
    if (this.stopped || (this.next >= this.total && this.inFlight === 0 && this.retries.size === 0)) this.settle();
  }

  private settle(err?: Error): void {
    if (this.settledFlag) return;
    this.settledFlag = true;
    if (err) this.reject(err);
    else this.resolve();
  }
}

/** The error of a chunk that failed on its worker and again on the fresh worker that retried it. */
function failedTwice(task: ChunkTask, second: ChunkFailure): RunnerError {
  const first = task.firstFailure?.reason;
  const what = first === undefined || first === second.reason ? `${second.reason} (both times)` : `${first}; on the retry, ${second.reason}`;
  return new RunnerError(
    second.timeout ? "RUNNER_CHUNK_TIMEOUT" : "RUNNER_WORKER_FAILED",
    `chunk ${task.chunkId} failed on its worker and again on a fresh worker: ${what}`,
    second.code,
    task.chunkId,
  );
}
