// `combatsim worker --redis …`: takes chunk jobs from the BullMQ queue and runs them on this machine's
// threads (threads.ts), any spec and any run, for as long as it runs.
//
// Per job: the run's payload is read from Redis once per run (identity first: a worker of another
// combatsim version, engine build or data bundle refuses the job with QUEUE_VERSION_MISMATCH /
// QUEUE_DATA_MISMATCH before reading the workload), then the chunk runs and its ChunkReport bytes
// are the job's return value. Failures are sorted for BullMQ: a chunk that fails by itself (its
// runner threw: bad input, event budget) or a refusal is an UnrecoverableError — the run fails with
// that typed error, no retry; a lost thread is an ordinary error — BullMQ retries the job (attempts 2).
// A worker process killed outright (SIGKILL, power loss) stops renewing its jobs' locks; another
// worker's stalled check puts those jobs back in the queue after `lockDurationMs`.
import { hostname } from "node:os";
import { UnrecoverableError, Worker, type Job } from "bullmq";
import type { Redis } from "ioredis";
import type { WorkerResourceLimits } from "../runner/limits.js";
import type { WorkloadSpec } from "../runner/types.js";
import { bullConnection, connectOrFail, DEFAULT_CONNECT_TIMEOUT_MS, parseRedisUrl, RECONNECT_MS } from "./connection.js";
import { failureText, QueueError } from "./errors.js";
import { identityMismatch, localIdentity, type RunIdentity } from "./identity.js";
import { encodeReturn, getRunIdentity, getRunWorkload, QUEUE_NAME, type ChunkJobData } from "./protocol.js";
import { ChunkJobError, ChunkThreads } from "./threads.js";

/** Lock of a job held by a worker (renewed every half of it while the worker lives). */
export const DEFAULT_LOCK_MS = 10_000;
/** How often each worker looks for jobs whose lock expired (their worker died). */
export const DEFAULT_STALLED_INTERVAL_MS = 5_000;
/** Runs whose payload a worker keeps (a worker serves several coordinators' runs in turn). */
const RUN_CACHE = 8;

export interface QueueWorkerOptions {
  /** redis://host:port */
  url: string;
  /** Threads that run chunks. */
  threads: number;
  /**
   * Jobs held beyond the threads (default: as many as threads): the next chunk is already fetched
   * and locked while a thread runs the current one, so the Redis round trips of taking and finishing
   * a job overlap the work instead of adding to it. BullMQ concurrency = threads + prefetch.
   */
  prefetch?: number;
  queueName?: string;
  /** The data dir whose bundle this worker vouches for (default: the resolved data dir). */
  dataDir?: string;
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  connectTimeoutMs?: number;
  resourceLimits?: WorkerResourceLimits;
  /** Test hook: the identity this worker claims (default: localIdentity(dataDir)). */
  identity?: RunIdentity;
  /** Where one-line notices go (default: stderr). */
  log?: (line: string) => void;
}

interface CachedRun {
  workload: WorkloadSpec;
}

export class QueueWorker {
  /** Chunks completed by this worker. */
  completed = 0;

  private constructor(
    readonly name: string,
    private readonly worker: Worker<ChunkJobData, string>,
    private readonly threads: ChunkThreads,
    private readonly redis: Redis,
    private readonly closing: { value: boolean },
  ) {}

  static async start(o: QueueWorkerOptions): Promise<QueueWorker> {
    const target = parseRedisUrl(o.url);
    if (!Number.isInteger(o.threads) || o.threads < 1 || o.threads > 256) throw new QueueError("QUEUE_BAD_OPTIONS", `threads = ${o.threads} is not an integer in [1, 256]`);
    const lockDuration = o.lockDurationMs ?? DEFAULT_LOCK_MS;
    const stalledInterval = o.stalledIntervalMs ?? DEFAULT_STALLED_INTERVAL_MS;
    for (const [k, v] of [["lockDurationMs", lockDuration], ["stalledIntervalMs", stalledInterval]] as const) {
      if (!Number.isInteger(v) || v < 100) throw new QueueError("QUEUE_BAD_OPTIONS", `${k} = ${v} is not an integer >= 100`);
    }
    const prefetch = o.prefetch ?? o.threads;
    if (!Number.isInteger(prefetch) || prefetch < 0 || prefetch > 1024) throw new QueueError("QUEUE_BAD_OPTIONS", `prefetch = ${prefetch} is not an integer in [0, 1024]`);
    const log = o.log ?? ((line: string) => console.error(line));
    const queueName = o.queueName ?? QUEUE_NAME;
    const redis = await connectOrFail(target, o.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
    const mine = o.identity ?? (await localIdentity(o.dataDir));
    const threads = await ChunkThreads.create({ size: o.threads, ...(o.resourceLimits ? { resourceLimits: o.resourceLimits } : {}) });
    // the name shows in CLIENT LIST: coordinators read the thread count from it (executor.ts workerThreads)
    const name = `combatsim.${hostname().replace(/[^A-Za-z0-9_-]/g, "_")}.${process.pid}.t${o.threads}`;
    const runs = new Map<string, Promise<CachedRun>>();
    const closing = { value: false };

    const loadRun = (runId: string): Promise<CachedRun> => {
      let p = runs.get(runId);
      if (!p) {
        p = (async () => {
          const identity = await getRunIdentity(redis, queueName, runId);
          if (identity === null) throw new UnrecoverableError(failureText("QUEUE_RUN_GONE", `run ${runId} is no longer in Redis (ended or cancelled)`));
          const bad = identityMismatch(identity, mine, `worker ${name}`);
          if (bad) throw new UnrecoverableError(failureText(bad[0], bad[1]));
          const workload = await getRunWorkload(redis, queueName, runId);
          if (workload === null) throw new UnrecoverableError(failureText("QUEUE_RUN_GONE", `run ${runId} is no longer in Redis (ended or cancelled)`));
          return { workload };
        })();
        runs.set(runId, p);
        p.catch(() => runs.delete(runId)); // a refusal is re-checked on the next job (the run may be gone by then)
        while (runs.size > RUN_CACHE) runs.delete(runs.keys().next().value!);
      }
      return p;
    };

    const processor = async (job: Job<ChunkJobData, string>): Promise<string> => {
      const { runId, chunkId, firstIteration, count } = job.data;
      let run: CachedRun;
      try {
        run = await loadRun(runId);
      } catch (e) {
        if (e instanceof UnrecoverableError) throw e;
        if (e instanceof QueueError) throw new UnrecoverableError(failureText(e.code, e.message));
        throw e; // Redis trouble: BullMQ retries
      }
      try {
        const bytes = await threads.run(runId, run.workload, chunkId, firstIteration, count);
        qw.completed++;
        return encodeReturn(bytes);
      } catch (e) {
        if (e instanceof ChunkJobError) {
          const text = failureText(e.code, `chunk ${chunkId} failed on worker ${name}: ${e.message}`);
          throw e.retryable ? new Error(text) : new UnrecoverableError(text);
        }
        throw e;
      }
    };

    const worker = new Worker<ChunkJobData, string>(queueName, processor, {
      // a worker rides out Redis restarts (reconnecting forever), until it is closing
      connection: bullConnection(target, () => (closing.value ? null : RECONNECT_MS)),
      concurrency: o.threads + prefetch,
      name,
      lockDuration,
      stalledInterval,
      maxStalledCount: 1,
      // results are read from the 'completed' event; the job itself need not stay long
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 24 * 3600 },
    });
    worker.on("error", (e) => log(`combatsim worker: ${e.message}`));
    const qw = new QueueWorker(name, worker, threads, redis, closing);
    await worker.waitUntilReady();
    log(`combatsim worker ${name}: ${o.threads} thread(s) on queue "${queueName}" at ${o.url} (combatsim ${mine.version}, engine ${mine.engine.slice(0, 12)}, data ${mine.data.slice(0, 12)})`);
    return qw;
  }

  /** Stops taking jobs, lets running chunks finish (up to `graceMs`), then stops the threads. */
  async close(graceMs = 10_000): Promise<void> {
    this.closing.value = true;
    const closed = await Promise.race([this.worker.close().then(() => true), new Promise<false>((r) => setTimeout(() => r(false), graceMs).unref())]);
    if (!closed) {
      // Redis gone or a chunk overran: drop the connections, without waiting on a Redis that may not come back
      void this.worker.close(true).catch(() => undefined);
      await Promise.race([this.worker.disconnect(), new Promise((r) => setTimeout(r, graceMs).unref())]);
    }
    await this.threads.close();
    this.redis.disconnect();
  }
}
