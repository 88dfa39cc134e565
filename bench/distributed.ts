// Distributed-run benchmark: Beast Mastery (300 s, 1 target) in 500-iteration chunks, on 1, 2 and 4
// `combatsim worker` processes (one thread each) sharing one local redis-server, against the local
// worker pool with as many threads; plus the queue's own cost per job (tiny chunks) and Redis' cost
// per chunk, and a projection to 100 machines.
//
// Method: per worker count, alternately the local pool and the queue (REPEATS each, the fastest
// kept: the machine is shared, and the minimum is the run least disturbed by others); both produce
// the same merged bytes (checked). Overhead = queue time / local time − 1. Redis' cost per chunk is
// read from INFO (commands processed, CPU seconds of the redis-server process) around the queue runs.
// Usage: npm run bench:distributed [-- --chunks 16]   Output: a table and bench/results/distributed.json.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { prepareSimulation } from "../src/engine/simulate.js";
import { QueueExecutor } from "../src/queue/executor.js";
import type { EngineWorkloadSpec } from "../src/runner/engine-workload.js";
import { WorkerPool } from "../src/runner/pool.js";
import { runChunked } from "../src/runner/run.js";
import type { FakeWorkloadSpec, WorkloadSpec } from "../src/runner/types.js";
import { startRedis, startWorker, stop, stopAll } from "../test/helpers/redis.js";
import { intArg } from "./lib/args.js";
import { probeParallelism } from "./lib/parallelism.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const CHUNK = 500;
const CHUNKS = intArg("chunks", 16);
const REPEATS = 2;
const WORKER_COUNTS = [1, 2, 4];
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

const prep = await prepareSimulation({ spec: "beast-mastery", duration: 300, seed: 1 });
const engine: EngineWorkloadSpec = { kind: "engine", seedBase: prep.seed, image: prep.image };
const ITERATIONS = CHUNK * CHUNKS;

const redisServer = await startRedis();
const probe = new Redis({ host: "127.0.0.1", port: redisServer.port });

/** Commands processed and CPU seconds of redis-server so far. */
async function redisCounters(): Promise<{ commands: number; cpuS: number }> {
  const info = await probe.info();
  const num = (k: string) => Number(new RegExp(`^${k}:([0-9.]+)`, "m").exec(info)?.[1] ?? NaN);
  return { commands: num("total_commands_processed"), cpuS: num("used_cpu_sys") + num("used_cpu_user") };
}

async function timed(run: () => Promise<Uint8Array>): Promise<{ ms: number; bytes: Uint8Array }> {
  const t = performance.now();
  const bytes = await run();
  return { ms: performance.now() - t, bytes };
}

const loadBefore = +os.loadavg()[0]!.toFixed(2);
const parallelismBefore = await probeParallelism();
let reference: string | null = null;
const rows: { workers: number; localMs: number; queueMs: number; localItPerS: number; queueItPerS: number; overheadPct: number; overheadPerChunkMs: number; redisCommandsPerChunk: number; redisCpuMsPerChunk: number }[] = [];
try {
  for (const n of WORKER_COUNTS) {
    const pool = await WorkerPool.create({ size: n });
    const workers = await Promise.all(Array.from({ length: n }, () => startWorker(redisServer.url)));
    const executor = await QueueExecutor.connect({ url: redisServer.url });
    const runOn = (executor: WorkerPool | QueueExecutor, workload: WorkloadSpec, iterations: number) => async () => (await runChunked({ workload, iterations, chunkSize: CHUNK, executor })).bytes;
    try {
      // warm-up: JIT, every worker thread initialised (the queue workers' first chunk loads the run)
      await runOn(pool, engine, CHUNK * n)();
      await runOn(executor, engine, CHUNK * n)();
      const local: number[] = [];
      const queue: number[] = [];
      let commands = 0;
      let cpuS = 0;
      for (let k = 0; k < REPEATS; k++) {
        const l = await timed(runOn(pool, engine, ITERATIONS));
        const before = await redisCounters();
        const q = await timed(runOn(executor, engine, ITERATIONS));
        const after = await redisCounters();
        commands += after.commands - before.commands - 1; // minus the INFO itself
        cpuS += after.cpuS - before.cpuS;
        for (const b of [l.bytes, q.bytes]) {
          reference ??= hex(b);
          if (hex(b) !== reference) throw new Error(`${n} workers: the merged bytes differ from the first run's`);
        }
        local.push(l.ms);
        queue.push(q.ms);
      }
      const localMs = Math.min(...local);
      const queueMs = Math.min(...queue);
      rows.push({
        workers: n,
        localMs: Math.round(localMs),
        queueMs: Math.round(queueMs),
        localItPerS: Math.round((ITERATIONS / localMs) * 1000),
        queueItPerS: Math.round((ITERATIONS / queueMs) * 1000),
        overheadPct: +((queueMs / localMs - 1) * 100).toFixed(1),
        // the extra time, spread over the chunks each thread ran
        overheadPerChunkMs: +(((queueMs - localMs) * Math.min(n, CHUNKS)) / CHUNKS).toFixed(1),
        redisCommandsPerChunk: +(commands / (REPEATS * CHUNKS)).toFixed(1),
        redisCpuMsPerChunk: +((cpuS * 1000) / (REPEATS * CHUNKS)).toFixed(3),
      });
      console.log(JSON.stringify(rows.at(-1)));
    } finally {
      await executor.close();
      await pool.close();
      for (const w of workers) await stop(w, "SIGTERM");
    }
  }

  // ---- the queue's own cost: 1-iteration chunks of a 1 s fake fight (the work is ~nothing) ----
  const tiny: FakeWorkloadSpec = { kind: "fake", seedBase: 1n, durationS: 1, hitsPerSecond: 0 };
  const TINY_JOBS = 400;
  const jobCost: { workers: number; jobsPerS: number; msPerJob: number; redisCommandsPerJob: number; redisCpuMsPerJob: number }[] = [];
  for (const n of [1, 4]) {
    const workers = await Promise.all(Array.from({ length: n }, () => startWorker(redisServer.url)));
    const executor = await QueueExecutor.connect({ url: redisServer.url, window: 32 });
    try {
      await runChunked({ workload: tiny, iterations: 32, chunkSize: 1, executor });
      const before = await redisCounters();
      const t = await timed(async () => (await runChunked({ workload: tiny, iterations: TINY_JOBS, chunkSize: 1, executor })).bytes);
      const after = await redisCounters();
      jobCost.push({
        workers: n,
        jobsPerS: Math.round((TINY_JOBS / t.ms) * 1000),
        msPerJob: +(t.ms / TINY_JOBS).toFixed(2),
        redisCommandsPerJob: +((after.commands - before.commands - 1) / TINY_JOBS).toFixed(1),
        redisCpuMsPerJob: +(((after.cpuS - before.cpuS) * 1000) / TINY_JOBS).toFixed(3),
      });
      console.log(JSON.stringify(jobCost.at(-1)));
    } finally {
      await executor.close();
      for (const w of workers) await stop(w, "SIGTERM");
    }
  }

  // ---- Redis' raw capacity here (redis-benchmark, 50 clients, no pipelining) ----
  const csv = execFileSync("redis-benchmark", ["-p", String(redisServer.port), "-q", "-n", "100000", "-c", "50", "-t", "set,get,hset,lpush,rpop,zadd,xadd", "--csv"], { encoding: "utf8" });
  const redisBenchmark = Object.fromEntries(
    csv
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => l.split(",").map((c) => c.replace(/"/g, "")))
      .map(([test, rps]) => [test!, Math.round(Number(rps))]),
  );
  const parallelismAfter = await probeParallelism();

  // ---- projection to 100 machines ----
  const one = rows.find((r) => r.workers === 1)!;
  const chunkS = one.localMs / 1000 / CHUNKS; // one core, one 500-iteration chunk
  const MACHINES = 100;
  const CORES = 16;
  const chunksPerS = (MACHINES * CORES) / chunkS;
  const perChunk = Math.max(...rows.map((r) => r.redisCommandsPerChunk));
  const cpuPerChunkMs = Math.max(...rows.map((r) => r.redisCpuMsPerChunk));
  const projection = {
    assumption: `${MACHINES} machines x ${CORES} cores, each core as fast as one here; Beast Mastery 300 s; ${CHUNK}-iteration chunks`,
    secondsPerChunkPerCore: +chunkS.toFixed(3),
    chunksPerSecond: Math.round(chunksPerS),
    redisCommandsPerSecond: Math.round(chunksPerS * perChunk),
    redisCpuShare: +((chunksPerS * cpuPerChunkMs) / 1000).toFixed(3),
    redisBenchmarkSlowestOpsPerS: Math.min(...Object.values(redisBenchmark)),
    verdict: "",
  };
  // the same with the chunk time of a quiet machine (bench/results/runner.json chunk.runMs, if present):
  // chunks get shorter, the queue traffic per second grows in proportion
  const quietChunkS = (() => {
    try {
      return (JSON.parse(readFileSync(path.join(here, "results", "runner.json"), "utf8")) as { chunk?: { runMs?: number } }).chunk?.runMs! / 1000;
    } catch {
      return NaN;
    }
  })();
  const quiet = Number.isFinite(quietChunkS)
    ? { secondsPerChunkPerCore: quietChunkS, chunksPerSecond: Math.round((MACHINES * CORES) / quietChunkS), redisCpuShare: +(((MACHINES * CORES) / quietChunkS) * cpuPerChunkMs / 1000).toFixed(3) }
    : null;
  /** Smallest chunk size that keeps one Redis core at most half busy, for a given share at 500-iteration chunks. */
  const chunkForHalfCore = (share: number) => Math.ceil((CHUNK * share) / 0.5 / 100) * 100;
  Object.assign(projection, {
    minChunkSizeHalfRedisCore: chunkForHalfCore(projection.redisCpuShare),
    quietMachine: quiet && { ...quiet, source: "bench/results/runner.json chunk.runMs", minChunkSizeHalfRedisCore: chunkForHalfCore(quiet.redisCpuShare) },
  });
  projection.verdict =
    projection.redisCpuShare < 0.5
      ? `fits: one Redis core would be ${(projection.redisCpuShare * 100).toFixed(0)} % busy`
      : `does not fit comfortably: one Redis core would be ${(projection.redisCpuShare * 100).toFixed(0)} % busy; use larger chunks (the cost is per chunk, not per iteration)`;

  const out = {
    date: new Date().toISOString(),
    machine: { loadAverage1m: +os.loadavg()[0]!.toFixed(2), cpus: os.cpus().length, model: os.cpus()[0]?.model ?? "?", node: process.version, redis: execFileSync("redis-server", ["--version"], { encoding: "utf8" }).trim() },
    parallelism: { before: parallelismBefore, after: parallelismAfter, loadAverage1mBefore: loadBefore },
    workload: { spec: "beast-mastery", durationS: 300, chunkSize: CHUNK, chunks: CHUNKS, iterations: ITERATIONS, repeats: REPEATS, kept: "fastest" },
    rows,
    jobCost,
    redisBenchmark,
    projection,
  };
  mkdirSync(path.join(here, "results"), { recursive: true });
  writeFileSync(path.join(here, "results", "distributed.json"), JSON.stringify(out, null, 2) + "\n");
  console.table(rows);
  console.table(jobCost);
  console.log(projection);
} finally {
  probe.disconnect();
  await stopAll();
}
