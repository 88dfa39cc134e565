// worker_threads pool for simulate({ threads > 1 }). Node only; reached by dynamic import so the
// package root stays browser-safe. Each worker instantiates the same wasm module, receives the
// compiled image once and then pulls chunks one at a time; results are returned per chunk and
// merged by the caller in chunk order (so the thread count never changes the result).
import type { Worker as NodeWorker } from "node:worker_threads";
import type { ChunkStats, PreparedSim } from "./simulate.js";
import { SimulateError } from "./simulate.js";

export type ToSimWorker =
  | { type: "init"; image: PreparedSim["image"]; seed: bigint }
  | { type: "chunk"; chunk: number; count: number };
export type FromSimWorker = { type: "done"; stats: ChunkStats } | { type: "error"; code: string; message: string };

async function workerEntry(): Promise<{ url: URL; tsx: boolean }> {
  const here = import.meta.url;
  if (here.endsWith(".ts")) return { url: new URL("./simulate-worker.ts", here), tsx: true };
  const { existsSync } = await import("node:fs");
  const { fileURLToPath } = await import("node:url");
  // dist: this module may sit in a shared chunk at dist/ or in dist/engine/
  for (const rel of ["./engine/simulate-worker.js", "./simulate-worker.js", "../engine/simulate-worker.js"]) {
    const url = new URL(rel, here);
    if (existsSync(fileURLToPath(url))) return { url, tsx: false };
  }
  throw new SimulateError("SIM_WORKER_FAILED", `simulate: worker entry engine/simulate-worker.js not found next to ${here}`);
}

async function spawn(entry: { url: URL; tsx: boolean }): Promise<NodeWorker> {
  const { Worker } = await import("node:worker_threads");
  if (!entry.tsx) return new Worker(entry.url);
  // Running from source: load tsx's ESM loader inside the worker before the .ts entry (a plain
  // execArgv --import does not apply to a worker's own entry on Node 20).
  const { createRequire } = await import("node:module");
  const { pathToFileURL } = await import("node:url");
  const tsxPkg = createRequire(import.meta.url).resolve("tsx/package.json");
  const api = new URL("dist/esm/api/index.mjs", pathToFileURL(tsxPkg)).href;
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry.url.href)}); });`;
  return new Worker(boot, { eval: true });
}

export async function startSimWorkers(
  prep: PreparedSim,
  plan: readonly { chunk: number; start: number; count: number }[],
  threads: number,
): Promise<ChunkStats[]> {
  const entry = await workerEntry();
  const size = Math.min(threads, plan.length);
  const workers = await Promise.all(Array.from({ length: size }, () => spawn(entry)));
  const results: ChunkStats[] = [];
  let next = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let finished = 0;
      const feed = (w: NodeWorker): void => {
        if (next >= plan.length) return;
        const c = plan[next++]!;
        const msg: ToSimWorker = { type: "chunk", chunk: c.chunk, count: c.count };
        w.postMessage(msg);
      };
      for (const w of workers) {
        w.on("message", (m: FromSimWorker) => {
          if (m.type === "error") {
            reject(new SimulateError("SIM_WORKER_FAILED", `simulate worker: [${m.code}] ${m.message}`));
            return;
          }
          results.push(m.stats);
          if (++finished === plan.length) resolve();
          else feed(w);
        });
        w.on("error", (e) => reject(new SimulateError("SIM_WORKER_FAILED", `simulate worker crashed: ${e.message}`)));
        w.on("exit", (code) => {
          if (finished < plan.length && code !== 0) reject(new SimulateError("SIM_WORKER_FAILED", `simulate worker exited with code ${code}`));
        });
        const init: ToSimWorker = { type: "init", image: prep.image, seed: prep.seed };
        w.postMessage(init);
        feed(w);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
