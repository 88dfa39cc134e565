// The coordinator side of a distributed run: a ChunkExecutor (src/runner/plan.ts) whose chunks run
// as BullMQ jobs on `combatsim worker` processes anywhere, instead of on this machine's threads.
//
// runChunked (src/runner/run.ts) drives it exactly like the local pool: it hands each chunk's bytes
// to the sink, which merges them in chunk order and says when --target-error is met. So the result
// is the local run's, byte for byte, whatever the number of workers and the order chunks finish in.
//
// Per run: the payload (identity + workload) is written once (protocol.ts); chunk jobs are added in
// chunk order, at most `window` outstanding at a time, so an early stop leaves little queued — the
// jobs still waiting are removed then; jobs already running finish and are ignored. Results arrive
// as 'completed' events of a QueueEvents stream; a periodic check reads the job itself for any
// chunk whose event did not come (and watches Redis and the worker count). A chunk counts once: a
// second result for it (a stalled job that ran twice) is dropped — it is the same bytes anyway.
import { randomUUID } from "node:crypto";
import { Job, Queue, QueueEvents } from "bullmq";
import type { Redis } from "ioredis";
import { RunnerError } from "../runner/errors.js";
import { chunkBounds, chunkCount, chunkFailed, type ChunkExecutor, type ChunkPlan, type ChunkSink } from "../runner/plan.js";
import type { WorkloadSpec } from "../runner/types.js";
import { bullConnection, connectOrFail, DEFAULT_CONNECT_TIMEOUT_MS, parseRedisUrl, RECONNECT_MS } from "./connection.js";
import { parseFailure, QueueError } from "./errors.js";
import { localIdentity, type RunIdentity } from "./identity.js";
import { decodeReturn, deleteRunPayload, jobId, putRunPayload, QUEUE_NAME, type ChunkJobData } from "./protocol.js";

/** Outstanding jobs per worker thread: one running, one prefetched (worker.ts), one waiting in the queue. */
const WINDOW_PER_THREAD = 3;

export interface QueueOptions {
  /** redis://host:port of the queue. */
  url: string;
  queueName?: string;
  /** Chunk jobs outstanding at most (default: three times the threads of the connected workers — each worker holds up to twice its threads, one running and one prefetched per thread — at least 8). */
  window?: number;
  /** First contact with Redis (default 3000 ms). */
  connectTimeoutMs?: number;
  /** A run fails with QUEUE_NO_WORKERS when no worker is connected for this long (default 30000 ms). */
  workerWaitMs?: number;
  /** A run fails with QUEUE_UNREACHABLE when Redis does not answer for this long (default 10000 ms). */
  graceMs?: number;
  /** Period of the check for missed results, the worker count and Redis (default 1000 ms). */
  pollMs?: number;
  /** The data dir the run was compiled from (its identity travels with the run; default: the resolved data dir). */
  dataDir?: string;
  /** Test hook: the identity the run claims (default: localIdentity(dataDir)). */
  identity?: RunIdentity;
}

/** What one run on the queue did (not part of the result: it varies with the workers). */
export interface QueueRunStats {
  runId: string;
  jobsAdded: number;
  /** Bytes of the run payload (the workload, serialized once). */
  payloadBytes: number;
  /** 'stalled' events: jobs whose worker stopped renewing its lock (killed) and went back to the queue. */
  stalled: number;
  /** Results that came a second time (dropped). */
  duplicates: number;
  /** Waiting jobs removed after an early stop. */
  cancelled: number;
  /** Results read from the job because their event did not come. */
  recovered: number;
}

interface ActiveRun {
  runId: string;
  onCompleted(chunkId: number, value: unknown): void;
  onFailed(chunkId: number, reason: string): void;
  onStalled(): void;
}

export class QueueExecutor implements ChunkExecutor {
  /** Threads of the connected workers, as last counted (at connect, at each run's start). */
  get size(): number {
    return this.threadsSeen;
  }
  private threadsSeen = 0;
  /** Stats of the last run. */
  lastRun: QueueRunStats | null = null;
  private active: ActiveRun | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly url: string,
    private readonly o: Required<Pick<QueueOptions, "workerWaitMs" | "graceMs" | "pollMs">> & { window?: number },
    readonly queueName: string,
    private readonly identity: RunIdentity,
    private readonly redis: Redis,
    private readonly bull: Queue,
    private readonly events: QueueEvents,
  ) {
    const runOf = (id: string): [ActiveRun, number] | null => {
      const a = this.active;
      if (!a || !id.startsWith(`${a.runId}-`)) return null;
      return [a, Number(id.slice(a.runId.length + 1))];
    };
    events.on("completed", ({ jobId: id, returnvalue }) => {
      const r = runOf(id);
      if (r) r[0].onCompleted(r[1], returnvalue);
    });
    events.on("failed", ({ jobId: id, failedReason }) => {
      const r = runOf(id);
      if (r) r[0].onFailed(r[1], failedReason);
    });
    events.on("stalled", ({ jobId: id }) => {
      runOf(id)?.[0].onStalled();
    });
  }

  /** Connects (QUEUE_UNREACHABLE within connectTimeoutMs when Redis is not there) and subscribes to the queue's events. */
  static async connect(o: QueueOptions): Promise<QueueExecutor> {
    const target = parseRedisUrl(o.url, "queue.url");
    const check = (name: string, v: number | undefined, min: number) => {
      if (v !== undefined && !(Number.isInteger(v) && v >= min)) throw new QueueError("QUEUE_BAD_OPTIONS", `queue.${name} = ${v} is not an integer >= ${min}`);
    };
    check("window", o.window, 1);
    check("workerWaitMs", o.workerWaitMs, 0);
    check("graceMs", o.graceMs, 100);
    check("pollMs", o.pollMs, 10);
    const redis = await connectOrFail(target, o.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
    const queueName = o.queueName ?? QUEUE_NAME;
    const identity = o.identity ?? (await localIdentity(o.dataDir));
    const graceMs = o.graceMs ?? 10_000;
    // the coordinator is short-lived: once Redis has been gone for the grace period it stops reconnecting
    const connection = bullConnection(target, (times) => (times * RECONNECT_MS > graceMs ? null : RECONNECT_MS));
    const bull = new Queue(queueName, { connection });
    const events = new QueueEvents(queueName, { connection });
    bull.on("error", () => undefined); // connection trouble is caught by the run's Redis check
    events.on("error", () => undefined);
    await Promise.all([bull.waitUntilReady(), events.waitUntilReady()]);
    const tuning = { workerWaitMs: o.workerWaitMs ?? 30_000, graceMs, pollMs: o.pollMs ?? 1000, ...(o.window !== undefined ? { window: o.window } : {}) };
    const ex = new QueueExecutor(o.url, tuning, queueName, identity, redis, bull, events);
    ex.threadsSeen = await ex.workerThreads();
    return ex;
  }

  /** Threads of the connected workers, read from their client names (`….t<threads>`, worker.ts). */
  async workerThreads(): Promise<number> {
    const workers = await this.bull.getWorkers();
    // BullMQ puts the queue name in `name` and the client name in `rawname` (…:w:<worker name>)
    const names = new Set(workers.map((w) => w.rawname ?? w.name ?? ""));
    let threads = 0;
    for (const n of names) threads += Number(/\.t(\d+)$/.exec(n)?.[1] ?? 1);
    return threads;
  }

  /** One run at a time per executor (like the pool): concurrent calls queue behind each other. */
  execute(workload: WorkloadSpec, plan: ChunkPlan, sink: ChunkSink): Promise<void> {
    const run = this.queue.then(() => this.executeNow(workload, plan, sink));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async executeNow(workload: WorkloadSpec, plan: ChunkPlan, sink: ChunkSink): Promise<void> {
    const total = chunkCount(plan);
    const runId = randomUUID();
    const stats: QueueRunStats = { runId, jobsAdded: 0, payloadBytes: 0, stalled: 0, duplicates: 0, cancelled: 0, recovered: 0 };
    this.lastRun = stats;
    await this.waitForWorkers();
    stats.payloadBytes = await putRunPayload(this.redis, this.queueName, runId, { identity: this.identity, workload });

    const outstanding = new Set<number>(); // added, result not yet taken
    let next = 0;
    let window = this.o.window ?? Math.max(8, WINDOW_PER_THREAD * this.size);
    let settled = false;
    let adding: Promise<void> = Promise.resolve();
    let lastResultAt = Date.now();
    let redisDownSince: number | null = null;
    let resolve!: () => void;
    let reject!: (e: Error) => void;
    const done = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      if (err) reject(err);
      else resolve();
    };
    /** Adds jobs in chunk order until `window` are outstanding. */
    const fill = () => {
      if (settled) return;
      const batch: { name: string; data: ChunkJobData; opts: object }[] = [];
      while (next < total && outstanding.size < window) {
        const { firstIteration, count } = chunkBounds(plan, next);
        outstanding.add(next);
        // attempts 2: one retry after a lost thread (like the local pool); a stalled job is recovered apart from attempts
        batch.push({ name: "chunk", data: { runId, chunkId: next, firstIteration, count }, opts: { jobId: jobId(runId, next), attempts: 2, removeOnComplete: { age: 60 }, removeOnFail: { age: 3600 } } });
        next++;
      }
      if (batch.length === 0) return;
      stats.jobsAdded += batch.length;
      adding = adding.then(() => this.bull.addBulk(batch)).then(
        () => undefined,
        (e: Error) => finish(new QueueError("QUEUE_UNREACHABLE", `adding chunk jobs to ${this.url} failed: ${e.message}`)),
      );
    };
    /** A chunk's outcome, once: hand it to the sink; stop (and cancel) when the sink says so. */
    const take = (chunkId: number, result: Uint8Array | RunnerError) => {
      if (settled) return;
      if (!outstanding.delete(chunkId)) {
        stats.duplicates++;
        return;
      }
      lastResultAt = Date.now();
      let more: boolean;
      try {
        more = sink(chunkId, result);
      } catch (e) {
        finish(e as Error);
        return;
      }
      if (!more) finish();
      else if (next >= total && outstanding.size === 0) finish();
      else fill();
    };
    const completed = (chunkId: number, value: unknown) => {
      const bytes = decodeReturn(value);
      take(chunkId, bytes ?? new RunnerError("RUNNER_CHUNK_FAILED", `chunk ${chunkId} came back without ChunkReport bytes`, undefined, chunkId));
    };
    const failed = (chunkId: number, reason: string) => {
      if (settled || !outstanding.has(chunkId)) return;
      const { code, message } = parseFailure(reason, "RUNNER_WORKER_FAILED");
      // a refusal is about the run, not the chunk: the whole run fails with it
      if (code.startsWith("QUEUE_")) return finish(new QueueError(code as QueueError["code"], message.replace(/^queue: /, "")));
      take(chunkId, chunkFailed(chunkId, code, message));
    };
    this.active = { runId, onCompleted: completed, onFailed: failed, onStalled: () => void stats.stalled++ };

    // the periodic check: Redis alive, more workers (a larger window), results whose event was missed
    const tick = async () => {
      try {
        await this.redis.ping();
        redisDownSince = null;
      } catch (e) {
        redisDownSince ??= Date.now();
        if (Date.now() - redisDownSince >= this.o.graceMs) finish(new QueueError("QUEUE_UNREACHABLE", `Redis at ${this.url} has not answered for ${this.o.graceMs} ms: ${(e as Error).message}`));
        else if (this.redis.status === "end") this.redis.connect().catch(() => undefined);
        return;
      }
      if (this.o.window === undefined) {
        const threads = (await withinMs(this.o.pollMs, this.workerThreads()).catch(() => 0)) ?? 0;
        window = Math.max(window, WINDOW_PER_THREAD * threads);
        fill();
      }
      if (Date.now() - lastResultAt < 2 * this.o.pollMs) return;
      const missed = [...outstanding].slice(0, 64);
      const jobs = await withinMs(this.o.pollMs * 5, Promise.all(missed.map((c) => Job.fromId(this.bull, jobId(runId, c)).catch(() => undefined))));
      jobs?.forEach((job, k) => {
        const chunkId = missed[k]!;
        if (!job?.finishedOn) return;
        if (job.returnvalue != null) {
          stats.recovered++;
          completed(chunkId, job.returnvalue);
        } else if (job.failedReason) failed(chunkId, job.failedReason);
      });
    };
    let ticking = false;
    const timer = setInterval(() => {
      if (ticking || settled) return;
      ticking = true;
      void tick().finally(() => (ticking = false));
    }, this.o.pollMs);

    try {
      fill();
      await done;
    } finally {
      clearInterval(timer);
      this.active = null;
      // with Redis gone BullMQ's commands wait for a reconnect forever: clean up within the grace period or not at all
      await withinMs(this.o.graceMs, adding.then(() => this.cleanUp(runId, outstanding, stats)));
    }
  }

  /** Waits until at least one worker is connected; QUEUE_NO_WORKERS after workerWaitMs. */
  private async waitForWorkers(): Promise<void> {
    const until = Date.now() + this.o.workerWaitMs;
    for (;;) {
      const threads = await withinMs(this.o.graceMs, this.workerThreads());
      if (threads === undefined) throw new QueueError("QUEUE_UNREACHABLE", `Redis at ${this.url} did not answer within ${this.o.graceMs} ms`);
      if (threads > 0) {
        this.threadsSeen = threads;
        return;
      }
      if (Date.now() >= until) throw new QueueError("QUEUE_NO_WORKERS", `no combatsim worker is connected to queue "${this.queueName}" at ${this.url} (waited ${this.o.workerWaitMs} ms); start one with: combatsim worker --redis ${this.url}`);
      await new Promise((r) => setTimeout(r, Math.min(250, this.o.workerWaitMs)));
    }
  }

  /** Removes the run's waiting jobs and its payload (best effort: Redis may be the reason the run ended). */
  private async cleanUp(runId: string, outstanding: Set<number>, stats: QueueRunStats): Promise<void> {
    try {
      for (const chunkId of outstanding) {
        // a job a worker holds is locked and stays: it finishes, and its result is ignored
        if ((await this.bull.remove(jobId(runId, chunkId))) === 1) stats.cancelled++;
      }
      await deleteRunPayload(this.redis, this.queueName, runId);
    } catch {
      // Redis is gone: the payload expires on its own (RUN_TTL_S), the jobs fail with QUEUE_RUN_GONE
    }
  }

  /** Closes the connections (within the grace period: a Redis that is gone is not waited for). */
  async close(): Promise<void> {
    const closing = Promise.allSettled([this.events.close(), this.bull.close()]);
    if ((await withinMs(this.o.graceMs, closing)) === undefined) {
      // BullMQ is still waiting for Redis: drop its connections instead
      await withinMs(this.o.graceMs, Promise.allSettled([this.events.disconnect(), this.bull.disconnect()]));
    }
    this.redis.disconnect();
  }
}

/** `p`'s value, or undefined once `ms` have passed (p keeps running; its rejection is ignored then). */
async function withinMs<T>(ms: number, p: Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  p.catch(() => undefined);
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}
