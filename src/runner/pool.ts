// Worker pool on node:worker_threads. Node-only, but reached lazily (dynamic import inside
// functions) so the package root still bundles for browsers.
//
// Scheduling: chunks are handed out in chunk-id order, one per idle worker; results come back
// in any order and the caller merges them in chunk-id order. Which worker runs which chunk never
// changes a chunk's bytes, so the merged result does not depend on the pool size.
import type { Worker as NodeWorker } from "node:worker_threads";
import type { FromWorker, ToWorker } from "./chunk.js";
import { RunnerError } from "./errors.js";
import type { WorkloadSpec } from "./types.js";

export interface ChunkPlan {
  /** Fixed chunk size (never derived from the worker count). */
  chunkSize: number;
  /** Total iterations; the last chunk holds the remainder. */
  iterations: number;
}

export function chunkCount(plan: ChunkPlan): number {
  return Math.ceil(plan.iterations / plan.chunkSize);
}

export function chunkBounds(plan: ChunkPlan, chunkId: number): { firstIteration: number; count: number } {
  const firstIteration = chunkId * plan.chunkSize;
  return { firstIteration, count: Math.min(plan.chunkSize, plan.iterations - firstIteration) };
}

/**
 * Receives one chunk's ChunkReport bytes, or the RunnerError its run ended with; returns false to
 * stop dispatching further chunks (early exit). Chunks already running still finish and are
 * delivered, then execute() resolves. A sink that throws ends the run with that error. Errors
 * are delivered like results so the caller can act on them in chunk-id order: a failure past
 * the early-exit point must not fail the run (the inline path never runs that chunk).
 */
export type ChunkSink = (chunkId: number, result: Uint8Array | RunnerError) => boolean;

/** Runs every chunk of a plan and hands each one's bytes to a sink. Implemented by WorkerPool and InlineExecutor. */
export interface ChunkExecutor {
  readonly size: number;
  execute(workload: WorkloadSpec, plan: ChunkPlan, sink: ChunkSink): Promise<void>;
}

export interface WorkerPoolOptions {
  /** Worker threads (>= 1). */
  size: number;
  /** Worker entry; default: src/runner/worker.ts under tsx, or dist/runner/worker.js when built. */
  workerUrl?: URL | string;
}

/** The error a chunk's run ended with (same text inline and in a worker). */
export function chunkFailed(chunkId: number, code: string, message: string): RunnerError {
  return new RunnerError("RUNNER_CHUNK_FAILED", `chunk ${chunkId} failed: [${code}] ${message}`, code);
}

interface Entry {
  url: URL;
  /** Load the tsx loader in the worker before the entry (a .ts entry, i.e. running from source). */
  tsx?: boolean;
}

async function resolveWorkerEntry(explicit?: URL | string): Promise<Entry> {
  if (explicit !== undefined) {
    const url = new URL(explicit);
    return { url, tsx: url.pathname.endsWith(".ts") };
  }
  const here = import.meta.url;
  // Running from source (vitest, tsx): the .ts entry, started through the tsx loader.
  if (here.endsWith(".ts")) return { url: new URL("./worker.ts", here), tsx: true };
  // Built: this code sits in dist/<chunk>.js (or dist/runner/), the entry in dist/runner/worker.js.
  const fs = await import("node:fs");
  const candidates = ["./runner/worker.js", "./worker.js", "../runner/worker.js"].map((r) => new URL(r, here));
  for (const url of candidates) if (fs.existsSync(url)) return { url };
  throw new RunnerError("RUNNER_WORKER_FAILED", `worker entry not found: looked for ${candidates.map((u) => u.pathname).join(", ")}`);
}

interface ActiveRun {
  runId: number;
  onMessage(slot: number, m: Exclude<FromWorker, { type: "ready" }>): void;
  fail(e: Error): void;
}

export class WorkerPool implements ChunkExecutor {
  readonly size: number;
  private readonly workers: NodeWorker[];
  private runSeq = 0;
  private active: ActiveRun | null = null;
  private broken: Error | null = null;
  private closed = false;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(workers: NodeWorker[]) {
    this.workers = workers;
    this.size = workers.length;
    workers.forEach((w, slot) => {
      w.on("message", (m: FromWorker) => {
        if (m.type !== "ready") this.active?.onMessage(slot, m);
      });
      w.on("error", (e: Error) => this.die(new RunnerError("RUNNER_WORKER_FAILED", `worker ${slot} failed: ${e.message}`, (e as { code?: string }).code)));
      w.on("exit", (code) => {
        if (!this.closed) this.die(new RunnerError("RUNNER_WORKER_FAILED", `worker ${slot} exited with code ${code}`));
      });
      w.unref(); // idle workers do not keep the process alive; execute() refs them while running
    });
  }

  static async create(options: WorkerPoolOptions): Promise<WorkerPool> {
    const { size } = options;
    if (!Number.isInteger(size) || size < 1 || size > 256) {
      throw new RunnerError("RUNNER_BAD_OPTIONS", `workers = ${size} is not an integer in [1, 256]`);
    }
    const entry = await resolveWorkerEntry(options.workerUrl);
    const { Worker } = await import("node:worker_threads");
    const workers: NodeWorker[] = [];
    if (entry.tsx) {
      // `execArgv: ["--import", "tsx"]` does not apply the loader to a worker's own entry on
      // Node 20, so a tiny eval'd bootstrap imports tsx's loader first, then the .ts entry.
      const { createRequire } = await import("node:module");
      const { pathToFileURL } = await import("node:url");
      // the ESM build of tsx/esm/api (require.resolve would pick its CJS build, which fails here)
      const tsxPkg = createRequire(import.meta.url).resolve("tsx/package.json");
      const api = new URL("dist/esm/api/index.mjs", pathToFileURL(tsxPkg)).href;
      const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry.url.href)}); });`;
      for (let i = 0; i < size; i++) workers.push(new Worker(boot, { eval: true }));
    } else {
      for (let i = 0; i < size; i++) workers.push(new Worker(entry.url));
    }
    const pool = new WorkerPool(workers);
    // Wait until every worker has loaded its modules (tsx from source, the wasm), so start-up is
    // paid here and not inside the first run's timing; a worker that cannot start fails create().
    try {
      await Promise.all(workers.map((w, slot) => WorkerPool.ready(w, slot)));
    } catch (e) {
      await pool.close();
      throw e;
    }
    return pool;
  }

  private static ready(w: NodeWorker, slot: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const done = (err?: Error) => {
        w.off("message", onMessage);
        w.off("error", onError);
        w.off("exit", onExit);
        w.unref();
        if (err) reject(err);
        else resolve();
      };
      const onMessage = (m: FromWorker) => {
        if (m.type === "ready") done();
      };
      const onError = (e: Error) => done(new RunnerError("RUNNER_WORKER_FAILED", `worker ${slot} failed to start: ${e.message}`));
      const onExit = (code: number) => done(new RunnerError("RUNNER_WORKER_FAILED", `worker ${slot} exited with code ${code} while starting`));
      w.on("message", onMessage);
      w.on("error", onError);
      w.on("exit", onExit);
      w.ref(); // keep the process alive until it answers
    });
  }

  private die(e: Error): void {
    if (!this.broken) this.broken = e;
    this.active?.fail(e);
  }

  /** One run at a time: concurrent calls queue behind each other. */
  execute(workload: WorkloadSpec, plan: ChunkPlan, sink: ChunkSink): Promise<void> {
    const run = this.queue.then(() => this.executeNow(workload, plan, sink));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private executeNow(workload: WorkloadSpec, plan: ChunkPlan, sink: ChunkSink): Promise<void> {
    if (this.closed) return Promise.reject(new RunnerError("RUNNER_POOL_CLOSED", "the worker pool is closed"));
    if (this.broken) return Promise.reject(this.broken);
    const runId = ++this.runSeq;
    const total = chunkCount(plan);
    return new Promise<void>((resolve, reject) => {
      let next = 0;
      let inFlight = 0;
      let stop = false;
      let settled = false;
      const settle = (err?: Error) => {
        if (settled) return;
        settled = true;
        this.active = null;
        for (const w of this.workers) w.unref();
        if (err) reject(err);
        else resolve();
      };
      const dispatch = (slot: number): boolean => {
        if (stop || settled || next >= total) return false;
        const chunkId = next++;
        inFlight++;
        const { firstIteration, count } = chunkBounds(plan, chunkId);
        const msg: ToWorker = { type: "chunk", runId, chunkId, firstIteration, count };
        this.workers[slot]!.postMessage(msg);
        return true;
      };
      this.active = {
        runId,
        fail: (e) => settle(e),
        onMessage: (slot, m) => {
          if (m.runId !== runId || settled) return; // a late reply from an earlier, failed run
          inFlight--;
          const result = m.type === "done" ? m.bytes : chunkFailed(m.chunkId, m.code, m.message);
          try {
            if (!sink(m.chunkId, result)) stop = true;
          } catch (e) {
            settle(e as Error);
            return;
          }
          if (!dispatch(slot) && inFlight === 0) settle();
        },
      };
      for (const w of this.workers) {
        w.ref();
        const init: ToWorker = { type: "init", runId, workload };
        try {
          w.postMessage(init);
        } catch (e) {
          settle(new RunnerError("RUNNER_BAD_OPTIONS", `workload (kind ${JSON.stringify(workload.kind)}) cannot be posted to a worker: ${(e as Error).message}`));
          return;
        }
      }
      let started = 0;
      for (let slot = 0; slot < this.workers.length; slot++) if (dispatch(slot)) started++;
      if (started === 0) settle();
    });
  }

  /** Terminates the workers; a run in progress fails with RUNNER_POOL_CLOSED. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.active?.fail(new RunnerError("RUNNER_POOL_CLOSED", "the worker pool was closed during a run"));
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
