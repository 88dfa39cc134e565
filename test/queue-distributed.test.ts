// Distributed runs on a real redis-server with real `combatsim worker` processes (no mocks): the
// queue's result is the local run's, byte for byte, with 1 and 3 workers and with a worker SIGKILLed
// mid-run; --target-error stops enqueuing and cancels what is queued; a chunk that fails by itself
// fails the run once (no retry loop); a worker of another version refuses with a typed error; an
// unreachable Redis is a typed error within seconds. Every process is stopped by its PID (afterAll).
import { spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { Job, Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate, type SimulateConfig, type SimulateResult } from "../src/engine/simulate.js";
import { QueueError } from "../src/queue/errors.js";
import { QueueExecutor } from "../src/queue/executor.js";
import { localIdentity } from "../src/queue/identity.js";
import { jobId } from "../src/queue/protocol.js";
import { QueueWorker } from "../src/queue/worker.js";
import { RunnerError } from "../src/runner/errors.js";
import { runChunked } from "../src/runner/run.js";
import type { FakeWorkloadSpec } from "../src/runner/types.js";
import { freePort, startRedis, startWorker, stop, stopAll, type RedisServer } from "./helpers/redis.js";

/** The result as JSON without its timing fields (elapsedMs; threads says how it ran, not what). */
const json = (r: SimulateResult) => JSON.stringify({ ...r, elapsedMs: 0, threads: 0 });
// short locks so a killed worker's job is back in the queue within ~2 s
const WORKER_ARGS = ["--lock-ms", "1500", "--stalled-ms", "500"];
const BASE: SimulateConfig = { spec: "beast-mastery", duration: 120, seed: 7 };

let redis: RedisServer;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterAll(stopAll, 30_000);

describe("distributed runs: same bytes as a local run", () => {
  const config: SimulateConfig = { ...BASE, iterations: 1600, chunkSize: 100 }; // 16 chunks

  it("1 queue worker: byte-identical JSON to the local run", async () => {
    const local = json(await simulate({ ...config, threads: 1 }));
    workers.push(await startWorker(redis.url, WORKER_ARGS));
    const executor = await QueueExecutor.connect({ url: redis.url });
    try {
      const queued = json(await simulate({ ...config, queue: executor }));
      expect(queued).toBe(local);
    } finally {
      await executor.close();
    }
  }, 120_000);

  it("3 queue workers: byte-identical JSON, every chunk added once", async () => {
    workers.push(...(await Promise.all([startWorker(redis.url, WORKER_ARGS), startWorker(redis.url, WORKER_ARGS)])));
    const local = json(await simulate({ ...config, threads: 1 }));
    const executor = await QueueExecutor.connect({ url: redis.url });
    try {
      expect(executor.size).toBe(3); // three workers of one thread each, read from their client names
      const queued = json(await simulate({ ...config, queue: executor }));
      expect(queued).toBe(local);
      expect(executor.lastRun).toMatchObject({ jobsAdded: 16, duplicates: 0, cancelled: 0 });
    } finally {
      await executor.close();
    }
  }, 120_000);

  it("SIGKILL one of 3 workers mid-run: its chunk is retried elsewhere, same bytes", async () => {
    // 12 chunks of 1000 iterations: ~30 ms each on a quiet core, long enough to be caught holding one
    const killConfig: SimulateConfig = { ...BASE, duration: 300, iterations: 12_000, chunkSize: 1000 };
    const local = json(await simulate({ ...killConfig, threads: 1 }));
    const executor = await QueueExecutor.connect({ url: redis.url });
    const bull = new Queue(executor.queueName, { connection: { host: "127.0.0.1", port: redis.port } });
    let killed: Promise<number> | null = null;
    /** Kills (SIGKILL) the worker process that holds an active job right now: it dies mid-chunk. */
    const killHolder = async (): Promise<number> => {
      for (const until = Date.now() + 30_000; Date.now() < until; ) {
        const active = await bull.getJobs(["active"]);
        const pid = Number(/\.(\d+)\.t\d+$/.exec(active[0]?.processedBy ?? "")?.[1]);
        const victim = workers.find((w) => w.pid === pid && w.exitCode === null && w.signalCode === null);
        if (victim) {
          await stop(victim, "SIGKILL");
          return pid;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      return 0; // no job was ever seen active: the expectation below fails and says so
    };
    try {
      const queued = await simulate({
        ...killConfig,
        queue: executor,
        onProgress: (p) => {
          if (p.chunks >= 1 && !killed) killed = killHolder();
        },
      });
      expect(await killed).toBeGreaterThan(0);
      expect(json(queued)).toBe(local);
      expect(queued.iterations).toBe(12_000);
      expect(executor.lastRun!.stalled).toBeGreaterThanOrEqual(1); // the killed worker's job went back via the stalled check
    } finally {
      await killed;
      await bull.close();
      await executor.close();
    }
  }, 120_000);

  it("--target-error: same stopping point and bytes as local; stops enqueuing, cancels the queued jobs", async () => {
    const teConfig: SimulateConfig = { ...BASE, iterations: 50_000, chunkSize: 100, targetError: 1 };
    const local = await simulate({ ...teConfig, threads: 1 });
    expect(local.error.stoppedEarly).toBe(true);
    const executor = await QueueExecutor.connect({ url: redis.url, window: 6 });
    try {
      const queued = await simulate({ ...teConfig, queue: executor });
      expect(json(queued)).toBe(json(local));
      const stats = executor.lastRun!;
      // far fewer than the 500 were ever queued: the merged chunks, those finished out of order beyond the
      // stopping point (not outstanding any more, at most one window of them) and one window outstanding
      expect(stats.jobsAdded).toBeLessThanOrEqual(local.chunks + 2 * 6);
      const bull = new Queue(executor.queueName, { connection: { host: "127.0.0.1", port: redis.port } });
      try {
        expect(await bull.getWaitingCount()).toBe(0);
      } finally {
        await bull.close();
      }
    } finally {
      await executor.close();
    }
  }, 120_000);
});

describe("distributed runs: faults", () => {
  const fake: FakeWorkloadSpec = { kind: "fake", seedBase: 0x5eedn, durationS: 10 };

  it("a chunk that fails by itself fails the run with its typed error, after one attempt", async () => {
    const executor = await QueueExecutor.connect({ url: redis.url });
    try {
      const err = await runChunked({ workload: { ...fake, failChunk: 3 }, iterations: 1000, chunkSize: 100, executor }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(RunnerError);
      expect(err).toMatchObject({ code: "RUNNER_CHUNK_FAILED", causeCode: "RUNNER_BAD_OPTIONS", chunkId: 3 });
      expect((err as Error).message).toMatch(/chunk 3 .*set to fail/);
      const bull = new Queue(executor.queueName, { connection: { host: "127.0.0.1", port: redis.port } });
      try {
        const job = await Job.fromId(bull, jobId(executor.lastRun!.runId, 3));
        expect(job?.attemptsMade).toBe(1); // UnrecoverableError: not retried
      } finally {
        await bull.close();
      }
    } finally {
      await executor.close();
    }
  }, 60_000);

  it("a worker of another combatsim version (or data bundle) refuses the run with a typed error", async () => {
    const mine = await localIdentity();
    for (const [queueName, identity, code] of [
      ["mismatch-version", { ...mine, version: "0.0.0-other" }, "QUEUE_VERSION_MISMATCH"],
      ["mismatch-data", { ...mine, data: "0".repeat(64) }, "QUEUE_DATA_MISMATCH"],
    ] as const) {
      const worker = await QueueWorker.start({ url: redis.url, threads: 1, queueName, identity, log: () => undefined });
      const executor = await QueueExecutor.connect({ url: redis.url, queueName });
      try {
        const err = await runChunked({ workload: fake, iterations: 300, chunkSize: 100, executor }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(QueueError);
        expect(err).toMatchObject({ code });
        expect((err as Error).message).toMatch(code === "QUEUE_VERSION_MISMATCH" ? /runs combatsim 0\.0\.0-other, the run was compiled by combatsim 0\.1\.0/ : /data bundle 000000000000/);
      } finally {
        await executor.close();
        await worker.close();
      }
    }
  }, 60_000);

  it("Redis unreachable: QUEUE_UNREACHABLE within seconds, for sim and worker alike", async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const t0 = Date.now();
    const err = await QueueExecutor.connect({ url }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(QueueError);
    expect(err).toMatchObject({ code: "QUEUE_UNREACHABLE" });
    expect((err as Error).message).toContain(url);
    const werr = await QueueWorker.start({ url, threads: 1, log: () => undefined }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(werr).toMatchObject({ code: "QUEUE_UNREACHABLE" });
    expect(Date.now() - t0).toBeLessThan(8000);
  }, 30_000);

  it("Redis gone mid-run: QUEUE_UNREACHABLE after the grace period, nothing left hanging", async () => {
    const own = await startRedis(); // a Redis of this test's own, to kill
    const worker = await startWorker(own.url, ["--queue", "dies"]);
    const executor = await QueueExecutor.connect({ url: own.url, queueName: "dies", graceMs: 1000, pollMs: 100 });
    let killedAt = 0;
    try {
      const err = await runChunked({
        workload: { ...fake, durationS: 300 },
        iterations: 20_000,
        chunkSize: 100,
        executor,
        onChunk: () => {
          if (killedAt === 0) {
            killedAt = Date.now();
            void stop(own.child, "SIGKILL");
          }
        },
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(killedAt).toBeGreaterThan(0);
      expect(err).toBeInstanceOf(QueueError);
      expect(err).toMatchObject({ code: "QUEUE_UNREACHABLE" });
      expect((err as Error).message).toContain(own.url);
      expect(Date.now() - killedAt).toBeLessThan(6000); // grace 1 s + one clean-up grace + slack
    } finally {
      await executor.close();
      await stop(worker);
    }
  }, 60_000);

  it("a bad URL is a typed error naming it; simulate() takes a connected executor only", async () => {
    await expect(QueueExecutor.connect({ url: "http://127.0.0.1:6379" })).rejects.toMatchObject({ code: "QUEUE_BAD_URL", message: expect.stringContaining("http://127.0.0.1:6379") });
    await expect(simulate({ ...BASE, iterations: 100, queue: { url: "redis://127.0.0.1:6379" } as never })).rejects.toMatchObject({ code: "INVALID_SIM_CONFIG" });
  });

  it("combatsim sim --redis with Redis down: exit 1 with [QUEUE_UNREACHABLE] naming the URL, within seconds", async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const t0 = Date.now();
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "sim", "--iterations", "100", "--quiet", "--redis", url], { cwd: path.resolve(import.meta.dirname, ".."), encoding: "utf8", timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`[QUEUE_UNREACHABLE] queue: cannot reach Redis at ${url}`);
    expect(Date.now() - t0).toBeLessThan(20_000); // tsx start-up included
  }, 40_000);
});
