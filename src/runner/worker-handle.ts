// One worker thread of the pool: where its entry is, how it is started (with its resource limits)
// and how its end is reported. Node-only, reached lazily like the pool.
//
// A worker's end is reported once, on its 'exit' event, with the 'error' that preceded it if any
// (an uncaught exception, or ERR_WORKER_OUT_OF_MEMORY when its heap limit was reached): by then the
// thread is gone, so a replacement never runs beside the thread it replaces. terminate() is the
// pool's own doing and is not reported.
import type { Worker as NodeWorker } from "node:worker_threads";
import type { FromWorker, ToWorker } from "./chunk.js";
import type { PoolWorker, StartWorker, WorkerEnd } from "./pool-worker.js";
import { nodeBuiltin } from "../data/source.js";
import { RunnerError } from "./errors.js";
import type { WorkerResourceLimits } from "./limits.js";

/** How a pool starts its workers (resolved once per pool). */
export interface WorkerEntry {
  /** A module URL, or with `eval` the source of a bootstrap. */
  source: URL | string;
  eval: boolean;
}

/** The worker entry: explicit, src/runner/worker.ts under tsx when running from source, or dist/runner/worker.js when built. */
export async function resolveWorkerEntry(explicit?: URL | string): Promise<WorkerEntry> {
  if (explicit !== undefined) {
    const url = new URL(explicit);
    return url.pathname.endsWith(".ts") ? tsxBootstrap(url) : { source: url, eval: false };
  }
  const here = import.meta.url;
  // Running from source (vitest, tsx): the .ts entry, started through the tsx loader.
  if (here.endsWith(".ts")) return tsxBootstrap(new URL("./worker.ts", here));
  // Built: this code sits in dist/<chunk>.js (or dist/runner/), the entry in dist/runner/worker.js.
  const fs = nodeBuiltin<typeof import("node:fs")>("node:fs", "the worker_threads pool");
  const candidates = ["./runner/worker.js", "./worker.js", "../runner/worker.js"].map((r) => new URL(r, here));
  for (const url of candidates) if (fs.existsSync(url)) return { source: url, eval: false };
  throw new RunnerError("RUNNER_WORKER_FAILED", `worker entry not found: looked for ${candidates.map((u) => u.pathname).join(", ")}`);
}

/**
 * `execArgv: ["--import", "tsx"]` does not apply the loader to a worker's own entry on Node 20, so
 * a tiny eval'd bootstrap imports tsx's loader first, then the .ts entry.
 */
async function tsxBootstrap(entry: URL): Promise<WorkerEntry> {
  const { createRequire } = nodeBuiltin<typeof import("node:module")>("node:module", "the worker_threads pool");
  const { pathToFileURL } = nodeBuiltin<typeof import("node:url")>("node:url", "the worker_threads pool");
  // the ESM build of tsx/esm/api (require.resolve would pick its CJS build, which fails here)
  const tsxPkg = createRequire(import.meta.url).resolve("tsx/package.json");
  const api = new URL("dist/esm/api/index.mjs", pathToFileURL(tsxPkg)).href;
  return { source: `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`, eval: true };
}

/** `error`: what the worker's 'error' event carried (anything can be thrown), or nothing. */
function describeEnd(exitCode: number, error: { value: unknown } | null, limits: WorkerResourceLimits): WorkerEnd {
  if (!error) return { reason: `its worker exited with code ${exitCode}` };
  const e = error.value as { code?: unknown; message?: unknown } | null | undefined;
  const message = typeof e?.message === "string" ? e.message : String(error.value);
  const code = typeof e?.code === "string" ? e.code : undefined;
  if (code === "ERR_WORKER_OUT_OF_MEMORY") {
    return { reason: `its worker ran out of memory (${message}; resourceLimits.maxOldGenerationSizeMb = ${limits.maxOldGenerationSizeMb ?? "V8's default"})`, code };
  }
  return { reason: `its worker threw an uncaught exception: ${message}`, ...(code !== undefined ? { code } : {}) };
}

export class WorkerHandle implements PoolWorker {
  /** Called for every message after "ready". */
  onMessage: (m: FromWorker) => void = () => undefined;
  /** Called once when the thread ends on its own (not after terminate()). */
  onEnd: (end: WorkerEnd) => void = () => undefined;
  private ended = false;

  private constructor(private readonly worker: NodeWorker) {}

  /** Starts a worker and waits until its modules (tsx from source, the wasm) are loaded. */
  static async start(entry: WorkerEntry, limits: WorkerResourceLimits, label: string): Promise<WorkerHandle> {
    const { Worker } = nodeBuiltin<typeof import("node:worker_threads")>("node:worker_threads", "the worker_threads pool");
    const worker = new Worker(entry.source, { eval: entry.eval, resourceLimits: limits });
    await new Promise<void>((resolve, reject) => {
      const done = (err?: Error) => {
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        if (err) reject(err);
        else resolve();
      };
      const onMessage = (m: FromWorker) => {
        if (m.type === "ready") done();
      };
      const onError = (e: Error) => done(new RunnerError("RUNNER_WORKER_FAILED", `${label} failed to start: ${e.message}`, (e as { code?: string }).code));
      const onExit = (code: number) => done(new RunnerError("RUNNER_WORKER_FAILED", `${label} exited with code ${code} while starting`));
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
    });
    const handle = new WorkerHandle(worker);
    let error: { value: unknown } | null = null;
    worker.on("message", (m: FromWorker) => handle.onMessage(m));
    worker.on("error", (value: unknown) => {
      error = { value };
    });
    worker.on("exit", (code: number) => {
      if (handle.ended) return;
      handle.ended = true;
      handle.onEnd(describeEnd(code, error, limits));
    });
    worker.unref(); // idle workers do not keep the process alive; runs ref them
    return handle;
  }

  /** Throws (DataCloneError) when the message cannot be structured-cloned. */
  post(msg: ToWorker): void {
    this.worker.postMessage(msg);
  }

  ref(): void {
    this.worker.ref();
  }

  unref(): void {
    this.worker.unref();
  }

  /** Stops the thread, also one stuck in a busy loop; its end is not reported. */
  async terminate(): Promise<void> {
    this.ended = true;
    await this.worker.terminate();
  }
}

/** The pool's starter for Node worker threads running `entry` under `limits`. */
export function nodeWorkerStarter(entry: WorkerEntry, limits: WorkerResourceLimits): StartWorker {
  return (label) => WorkerHandle.start(entry, limits, label);
}
