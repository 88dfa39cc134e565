// Worker pool: Node worker threads (worker-handle.ts) by default, or browser Web Workers
// (web-worker-handle.ts) through `startWorker`; Node built-ins are reached lazily so the package
// root still bundles for browsers.
//
// Scheduling: chunks are handed out in chunk-id order, one per idle worker; results come back
// in any order and the caller merges them in chunk-id order. Which worker runs which chunk never
// changes a chunk's bytes, so the merged result does not depend on the pool size.
//
// Faults: every chunk has a deadline (deadline.ts) derived from the chunk times measured in its
// run. A worker that ends while running a chunk (exit, uncaught exception, out of memory under
// its resource limits) or overruns the deadline (terminated: a busy loop cannot be interrupted
// any other way) is replaced by a fresh worker, which retries the chunk once (pool-run.ts). A
// pool is never left broken: a run starts once every slot has a live, idle worker, so a worker
// lost between runs, or still busy with a chunk of a run that ended early, is waited for
// (within its deadline) or replaced first.
import type { FromWorker } from "./chunk.js";
import { resolveChunkDeadline, type ChunkDeadline, type ChunkDeadlineOptions } from "./deadline.js";
import { RunnerError } from "./errors.js";
import { chunkBounds, chunkFailed, type ChunkExecutor, type ChunkPlan, type ChunkSink } from "./plan.js";
import { PoolRun, type ChunkFailure, type ChunkTask } from "./pool-run.js";
import type { WorkloadSpec } from "./types.js";
import { resolveResourceLimits, type WorkerResourceLimits } from "./limits.js";
import type { PoolWorker, StartWorker, WorkerEnd } from "./pool-worker.js";
import { nodeWorkerStarter, resolveWorkerEntry } from "./worker-handle.js";

export { chunkBounds, chunkCount, chunkFailed } from "./plan.js";
export type { ChunkExecutor, ChunkPlan, ChunkSink } from "./plan.js";

export interface WorkerPoolOptions {
  /** Worker threads (>= 1). */
  size: number;
  /** Worker entry; default: src/runner/worker.ts under tsx, or dist/runner/worker.js when built. */
  workerUrl?: URL | string;
  /** When a chunk's worker is declared stuck (default: 60 s until a chunk has finished, then 10× the measured time, at least 5 s). */
  chunkDeadline?: ChunkDeadlineOptions;
  /** V8 limits of each worker (default: a 256 MB heap). */
  resourceLimits?: WorkerResourceLimits;
  /** How workers start; default Node worker threads on `workerUrl` (browsers: webWorkerStarter, src/runner/web-worker-handle.ts). */
  startWorker?: StartWorker;
}

/** A chunk a worker is running, with its deadline timer. */
interface RunningChunk extends ChunkTask {
  run: PoolRun;
  count: number;
  startedAt: number;
  deadlineMs: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

interface Slot {
  /** The live worker, null while it is being replaced. */
  worker: PoolWorker | null;
  /** The start of a replacement, while one is under way. */
  starting: Promise<void> | null;
  /** The chunk the worker is running; it may belong to a run that has already ended (early exit). */
  task: RunningChunk | null;
}

/** A promise that resolves on the next state change of any slot (what waitIdle waits for). */
class Signal {
  private promise!: Promise<void>;
  private resolve!: () => void;
  constructor() {
    this.reset();
  }
  wait(): Promise<void> {
    return this.promise;
  }
  notify(): void {
    this.resolve();
    this.reset();
  }
  private reset(): void {
    this.promise = new Promise<void>((r) => (this.resolve = r));
  }
}

export class WorkerPool implements ChunkExecutor {
  readonly size: number;
  readonly chunkDeadline: Readonly<ChunkDeadline>;
  readonly resourceLimits: Readonly<WorkerResourceLimits>;
  private readonly slots: Slot[];
  private readonly changed = new Signal();
  private runSeq = 0;
  private active: PoolRun | null = null;
  private closed = false;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    size: number,
    private readonly start: StartWorker,
    chunkDeadline: ChunkDeadline,
    resourceLimits: WorkerResourceLimits,
  ) {
    this.size = size;
    this.chunkDeadline = chunkDeadline;
    this.resourceLimits = resourceLimits;
    this.slots = Array.from({ length: size }, () => ({ worker: null, starting: null, task: null }));
  }

  /** Starts `size` workers and waits until every one has loaded its modules (start-up is paid here, not in the first run). */
  static async create(options: WorkerPoolOptions): Promise<WorkerPool> {
    const { size } = options;
    if (!Number.isInteger(size) || size < 1 || size > 256) {
      throw new RunnerError("RUNNER_BAD_OPTIONS", `workers = ${size} is not an integer in [1, 256]`);
    }
    const deadline = resolveChunkDeadline(options.chunkDeadline);
    const limits = resolveResourceLimits(options.resourceLimits);
    const start = options.startWorker ?? nodeWorkerStarter(await resolveWorkerEntry(options.workerUrl), limits);
    const pool = new WorkerPool(size, start, deadline, limits);
    try {
      await Promise.all(pool.slots.map((_, i) => pool.spawn(i)));
    } catch (e) {
      await pool.close();
      throw e;
    }
    return pool;
  }

  /** One run at a time: concurrent calls queue behind each other. */
  execute(workload: WorkloadSpec, plan: ChunkPlan, sink: ChunkSink): Promise<void> {
    const run = this.queue.then(() => this.executeNow(workload, plan, sink));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Terminates the workers; a run in progress fails with RUNNER_POOL_CLOSED. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.active?.fail(new RunnerError("RUNNER_POOL_CLOSED", "the worker pool was closed during a run"));
    const pending: Promise<unknown>[] = [];
    for (const s of this.slots) {
      clearTimeout(s.task?.timer);
      s.task = null;
      if (s.worker) pending.push(s.worker.terminate());
      s.worker = null;
      if (s.starting) pending.push(s.starting.catch(() => undefined)); // spawn() terminates it on arrival
    }
    this.changed.notify();
    await Promise.all(pending);
  }

  private async executeNow(workload: WorkloadSpec, plan: ChunkPlan, sink: ChunkSink): Promise<void> {
    await this.waitIdle();
    const run = new PoolRun(++this.runSeq, workload, plan, sink, this.chunkDeadline);
    this.active = run;
    try {
      this.startRun(run);
      await run.done;
    } finally {
      this.active = null;
      for (const s of this.slots) s.worker?.unref();
      this.changed.notify();
    }
  }

  /** Waits until every slot has a live, idle worker: replaces lost ones, lets chunks of an ended run finish (or time out). */
  private async waitIdle(): Promise<void> {
    for (;;) {
      if (this.closed) throw new RunnerError("RUNNER_POOL_CLOSED", "the worker pool is closed");
      const changed = this.changed.wait();
      const empty = this.slots.flatMap((s, i) => (!s.worker && !s.starting ? [i] : []));
      if (empty.length > 0) {
        await Promise.all(empty.map((i) => this.spawn(i))); // a worker that cannot start fails this run
        continue;
      }
      if (this.slots.every((s) => s.worker && !s.task)) return;
      await changed;
    }
  }

  private startRun(run: PoolRun): void {
    for (const s of this.slots) s.worker?.ref();
    for (const s of this.slots) if (s.worker && !this.postInit(s.worker, run)) return;
    this.slots.forEach((_, i) => this.feed(i));
  }

  private postInit(worker: PoolWorker, run: PoolRun): boolean {
    try {
      worker.post({ type: "init", runId: run.id, workload: run.workload });
      return true;
    } catch (e) {
      run.fail(new RunnerError("RUNNER_BAD_OPTIONS", `workload (kind ${JSON.stringify(run.workload.kind)}) cannot be posted to a worker: ${(e as Error).message}`));
      return false;
    }
  }

  /**
   * Starts the worker of slot `i` (after `previousGone`: the thread it replaces has ended); once
   * it is ready it joins the active run, if any. The slot counts as starting from this call on.
   */
  private spawn(i: number, previousGone: Promise<void> = Promise.resolve()): Promise<void> {
    const s = this.slots[i]!;
    const closedError = () => new RunnerError("RUNNER_POOL_CLOSED", "the worker pool was closed while a worker was starting");
    const start = async (): Promise<PoolWorker> => {
      await previousGone.catch(() => undefined);
      if (this.closed) throw closedError();
      return this.start(`worker ${i}`);
    };
    const joined = (worker: PoolWorker): void => {
      s.starting = null;
      if (this.closed) {
        void worker.terminate();
        throw closedError();
      }
      this.attach(i, worker);
      const run = this.active;
      if (run && !run.settled) {
        worker.ref();
        if (this.postInit(worker, run)) this.feed(i);
      }
      this.changed.notify();
    };
    const failed = (e: unknown): never => {
      s.starting = null;
      this.changed.notify();
      throw e;
    };
    const starting = start().then(joined, failed);
    s.starting = starting;
    return starting;
  }

  private attach(i: number, worker: PoolWorker): void {
    const s = this.slots[i]!;
    s.worker = worker;
    worker.onMessage = (m) => {
      if (s.worker === worker) this.onMessage(i, m);
    };
    worker.onEnd = (end) => {
      if (s.worker === worker) this.onEnd(i, end);
    };
  }

  /** Gives an idle worker the next chunk of the active run. */
  private feed(i: number): void {
    const s = this.slots[i]!;
    const run = this.active;
    const task = s.worker && !s.task && run ? run.take(i) : null;
    if (run && task) this.startChunk(i, run, task);
    else this.changed.notify();
  }

  private startChunk(i: number, run: PoolRun, task: ChunkTask): void {
    const s = this.slots[i]!;
    const { firstIteration, count } = chunkBounds(run.plan, task.chunkId);
    s.task = { ...task, run, count, startedAt: performance.now(), deadlineMs: 0, timer: undefined };
    s.worker!.post({ type: "chunk", runId: run.id, chunkId: task.chunkId, firstIteration, count });
    this.armDeadline(i);
  }

  /** (Re)sets the deadline timer of slot i's chunk from its run's current measurement. */
  private armDeadline(i: number): void {
    const t = this.slots[i]!.task!;
    clearTimeout(t.timer);
    t.deadlineMs = t.run.clock.deadlineMs(t.count);
    const left = t.startedAt + t.deadlineMs - performance.now();
    t.timer = setTimeout(() => this.onDeadline(i, t), Math.max(0, left));
    (t.timer as { unref?: () => void }).unref?.(); // Node: a stuck worker must not keep the process alive either (browsers: a number)
  }

  private onMessage(i: number, m: FromWorker): void {
    const s = this.slots[i]!;
    const t = s.task;
    if (!t || m.type === "ready" || m.runId !== t.run.id || m.chunkId !== t.chunkId) return;
    clearTimeout(t.timer);
    s.task = null;
    if (m.type === "done" && t.run.clock.record(performance.now() - t.startedAt, t.count)) {
      // a slower chunk raised the deadline (or the first one set it): re-arm the run's other chunks
      this.slots.forEach((o, j) => {
        if (o.task?.run === t.run) this.armDeadline(j);
      });
    }
    t.run.deliver(t.chunkId, m.type === "done" ? m.bytes : chunkFailed(m.chunkId, m.code, m.message));
    this.feed(i);
  }

  /** The worker of slot i ended on its own. */
  private onEnd(i: number, end: WorkerEnd): void {
    const s = this.slots[i]!;
    s.worker = null;
    this.loseTask(i, { reason: end.reason, ...(end.code !== undefined ? { code: end.code } : {}), timeout: false });
    this.replace(i, Promise.resolve());
  }

  /** Slot i's chunk overran its deadline: the worker is stuck (or far slower than measured); terminate it. */
  private onDeadline(i: number, t: RunningChunk): void {
    const s = this.slots[i]!;
    if (s.task !== t || !s.worker) return;
    const worker = s.worker;
    s.worker = null;
    const { factor } = this.chunkDeadline;
    const basis = t.run.clock.measured
      ? `${factor}× the slowest time per iteration measured in this run, at least chunkDeadline.minMs`
      : "no chunk of this run had finished yet, so chunkDeadline.initialMs; raise it for chunks that take longer";
    this.loseTask(i, { reason: `it exceeded its deadline of ${t.deadlineMs} ms (${basis}) and its worker was terminated`, timeout: true });
    this.replace(i, worker.terminate());
  }

  private loseTask(i: number, failure: ChunkFailure): void {
    const s = this.slots[i]!;
    const t = s.task;
    if (!t) return;
    clearTimeout(t.timer);
    s.task = null;
    t.run.lost(i, t, failure);
  }

  /** Starts a fresh worker in slot i once the old one is gone; a replacement that cannot start ends the active run. */
  private replace(i: number, gone: Promise<void>): void {
    if (this.closed) return;
    this.spawn(i, gone).catch((e: unknown) => {
      this.active?.fail(new RunnerError("RUNNER_WORKER_FAILED", `worker ${i} could not be replaced: ${(e as Error).message}`));
    });
  }
}
