// Runs one fuzz target (test/helpers/fuzz/targets.ts) in a worker thread under a deadline. The
// property runs in the worker so that a parser stuck in a synchronous loop cannot stall the test
// process: the main thread terminates the worker when the deadline passes and reports the input
// that was being tried (the worker posts each input before running it).
import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { FuzzOutcome, FuzzRequest, FuzzMessage } from "./worker.js";

/** Fixed seed of the whole fuzz suite: the same cases on every run (CI reproduces any failure). */
export const FUZZ_SEED = 19;

export interface FuzzReport extends FuzzOutcome {
  /** True when the deadline passed before the property finished. */
  hung: boolean;
  /** The input being tried when the deadline passed (JSON preview). */
  lastInput: string | undefined;
}

/** A worker running `fuzz-worker.ts` from source: tsx's loader is registered first (as src/runner/pool.ts does). */
function startWorker(): Worker {
  const tsxPkg = createRequire(import.meta.url).resolve("tsx/package.json");
  const api = new URL("dist/esm/api/index.mjs", pathToFileURL(tsxPkg)).href;
  const entry = new URL("./worker.ts", import.meta.url).href;
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true });
}

/** Runs `target` for `numRuns` cases (seed FUZZ_SEED); resolves with the outcome, or `hung` after `deadlineMs`. */
export function runFuzz(target: string, numRuns: number, deadlineMs: number): Promise<FuzzReport> {
  const worker = startWorker();
  let lastInput: string | undefined;
  return new Promise<FuzzReport>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve({ hung: true, lastInput, failed: false, numRuns: 0, counterexample: undefined, error: undefined });
    }, deadlineMs);
    const finish = (f: () => void): void => {
      clearTimeout(timer);
      void worker.terminate();
      f();
    };
    worker.on("message", (m: FuzzMessage) => {
      if (m.type === "input") lastInput = m.input;
      else finish(() => resolve({ ...m.outcome, hung: false, lastInput }));
    });
    worker.on("error", (e) => finish(() => reject(e)));
    worker.on("exit", (code) => finish(() => reject(new Error(`fuzz worker exited with code ${code} before finishing ${target}`))));
    const request: FuzzRequest = { target, numRuns, seed: FUZZ_SEED };
    worker.postMessage(request);
  });
}

/** A one-line description of a failed report, for the assertion message. */
export function describeFailure(target: string, r: FuzzReport): string {
  if (r.hung) return `${target}: no result before the deadline (a hang?); input being tried: ${r.lastInput ?? "(none)"}`;
  return `${target}: seed ${FUZZ_SEED}, counterexample ${r.counterexample}: ${r.error}`;
}
