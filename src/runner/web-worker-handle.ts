// One browser Web Worker of the pool (module worker on the web-worker.ts bundle). Browsers report no
// exit: an uncaught error or a failed module load ('error' / 'messageerror') ends the worker here
// (it is terminated and reported once), so the pool replaces it and retries its chunk like a Node
// worker thread that exited.
import type { FromWorker, ToWorker } from "./chunk.js";
import { RunnerError } from "./errors.js";
import type { PoolWorker, StartWorker, WorkerEnd } from "./pool-worker.js";

interface BrowserWorker {
  postMessage(m: unknown): void;
  terminate(): void;
  addEventListener(type: string, f: (e: Event & { data?: unknown; message?: string }) => void): void;
}

type WorkerCtor = new (url: string | URL, options: { type: "module"; name?: string }) => BrowserWorker;

class WebWorkerHandle implements PoolWorker {
  onMessage: (m: FromWorker) => void = () => undefined;
  onEnd: (end: WorkerEnd) => void = () => undefined;
  private ended = false;

  constructor(private readonly worker: BrowserWorker) {}

  /** The worker ended on its own (uncaught error): terminate it and report once. */
  end(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.worker.terminate();
    this.onEnd({ reason });
  }

  post(msg: ToWorker): void {
    this.worker.postMessage(msg);
  }

  ref(): void {}
  unref(): void {}

  async terminate(): Promise<void> {
    this.ended = true;
    this.worker.terminate();
  }
}

/** Starts module Web Workers on `url` (the web-worker.ts bundle); RUNNER_WORKER_FAILED when there is no Worker or it cannot load. */
export function webWorkerStarter(url: string | URL): StartWorker {
  return (label) => {
    const Ctor = (globalThis as { Worker?: WorkerCtor }).Worker;
    if (typeof Ctor !== "function") return Promise.reject(new RunnerError("RUNNER_WORKER_FAILED", `${label}: no Web Worker in this environment`));
    let worker: BrowserWorker;
    try {
      worker = new Ctor(url, { type: "module", name: `combatsim ${label}` });
    } catch (e) {
      return Promise.reject(new RunnerError("RUNNER_WORKER_FAILED", `${label} failed to start from ${String(url)}: ${(e as Error).message}`));
    }
    return new Promise<PoolWorker>((resolve, reject) => {
      const handle = new WebWorkerHandle(worker);
      let ready = false;
      worker.addEventListener("message", (e) => {
        const m = e.data as FromWorker;
        if (!ready) {
          if (m?.type === "ready") {
            ready = true;
            resolve(handle);
          }
          return;
        }
        handle.onMessage(m);
      });
      const fail = (what: string) => (e: Event & { message?: string }) => {
        const reason = `its worker ${what}${e.message ? `: ${e.message}` : ""}`;
        if (!ready) {
          worker.terminate();
          reject(new RunnerError("RUNNER_WORKER_FAILED", `${label} failed to start from ${String(url)} (${reason})`));
        } else handle.end(reason);
      };
      worker.addEventListener("error", fail("threw an uncaught error"));
      worker.addEventListener("messageerror", fail("received a message it could not deserialize"));
    });
  };
}
