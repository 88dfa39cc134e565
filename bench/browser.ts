// Browser benchmark: iterations/s of the web page (Chromium, Web Workers) next to Node's simulate()
// (worker threads) in the same run, Beast Mastery 300 s, 1 target. Goal (issue 15): the browser within
// 10 % of Node per worker; 2 workers >= 1.7x one.
//
// Method: the page is built (scripts/web-build.ts) and served from 127.0.0.1 to Debian's chromium
// (playwright-core). After a warm-up run of each configuration, REPEATS rounds each run, in turn,
// browser 1 worker, browser 2 workers, Node 1 thread, Node 2 threads (so all four face the same
// background load); the median is reported. Both hosts' elapsedMs covers the iterations and merging,
// not worker start-up. A parallelism probe before and after shows how much of the machine's cores
// other processes left us (on a shared 2-core machine, 2 workers cannot reach 2x when it is < 2).
// Usage: npm run bench:browser [-- --iterations N --repeats R]   Output: a table and bench/results/browser.json.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { buildWeb } from "../scripts/web-build.js";
import { serveStatic } from "../scripts/web-serve.js";
import { simulate } from "../src/index.js";
import { intArg } from "./lib/args.js";
import { probeParallelism } from "./lib/parallelism.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const ITERATIONS = intArg("iterations", 5000);
const REPEATS = intArg("repeats", 3);
const CHROMIUM = process.env["COMBATSIM_CHROMIUM"] ?? "/usr/bin/chromium";
const RUN = { spec: "beast-mastery", duration: 300, seed: 1, iterations: ITERATIONS } as const;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

const dir = path.join(os.tmpdir(), `combatsim-web-bench-${process.pid}`);
await buildWeb(dir);
const server = await serveStatic(dir);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const page = await browser.newPage();
await page.goto(server.url);
await page.waitForSelector("body[data-state=ready]", { timeout: 120_000 });
await page.fill("#iterations", String(ITERATIONS));

interface Sample {
  itPerS: number;
  dps: number;
}

/** One run on the page with `workers` Web Workers. */
async function browserRun(workers: number): Promise<Sample> {
  await page.fill("#threads", String(workers));
  await page.waitForSelector("#run:not([disabled])");
  await page.click("#run");
  await page.waitForSelector("body[data-state=done], body[data-state=failed]", { timeout: 600_000 });
  const r = await page.evaluate(() => (globalThis as unknown as { combatsimPage: { result: { iterations: number; elapsedMs: number; dps: { mean: number } } | null; error: string | null } }).combatsimPage);
  if (!r.result) throw new Error(`browser run failed: ${r.error}`);
  // back to "ready" for the next run (the page leaves "done" on the next check)
  await page.evaluate(() => (document.body.dataset["state"] = "ready"));
  return { itPerS: (r.result.iterations / r.result.elapsedMs) * 1000, dps: r.result.dps.mean };
}

async function nodeRun(threads: number): Promise<Sample> {
  const r = await simulate({ ...RUN, threads, timeline: false });
  return { itPerS: (r.iterations / r.elapsedMs) * 1000, dps: r.dps.mean };
}

const configs: [string, () => Promise<Sample>][] = [
  ["browser 1 worker", () => browserRun(1)],
  ["browser 2 workers", () => browserRun(2)],
  ["node 1 thread", () => nodeRun(1)],
  ["node 2 threads", () => nodeRun(2)],
];
const parallelismBefore = await probeParallelism();
for (const [, f] of configs) await f(); // warm-up
const samples = new Map<string, Sample[]>(configs.map(([k]) => [k, []]));
for (let r = 0; r < REPEATS; r++) for (const [k, f] of configs) samples.get(k)!.push(await f());
const parallelismAfter = await probeParallelism();
await browser.close();
await server.close();

const itPerS = Object.fromEntries([...samples].map(([k, xs]) => [k, Math.round(median(xs.map((x) => x.itPerS)))]));
const dps = new Set([...samples.values()].flat().map((x) => x.dps));
if (dps.size !== 1) throw new Error(`the hosts disagree on the DPS: ${[...dps].join(", ")}`);
const b1 = itPerS["browser 1 worker"]!;
const b2 = itPerS["browser 2 workers"]!;
const n1 = itPerS["node 1 thread"]!;
const n2 = itPerS["node 2 threads"]!;
const out = {
  bench: "browser",
  date: new Date().toISOString(),
  config: { ...RUN, repeats: REPEATS, chunkSize: 500 },
  host: { node: process.version, chromium: browser.version(), cpus: os.cpus().length, loadAverage: os.loadavg().map((x) => +x.toFixed(2)) },
  iterationsPerSecond: itPerS,
  browserVsNodePerWorker: +(b1 / n1).toFixed(3),
  browserVsNode2Workers: +(b2 / n2).toFixed(3),
  browserScaling2Workers: +(b2 / b1).toFixed(3),
  nodeScaling2Threads: +(n2 / n1).toFixed(3),
  parallelismProbeBefore: parallelismBefore,
  parallelismProbeAfter: parallelismAfter,
  dpsMean: [...dps][0],
  samples: Object.fromEntries([...samples].map(([k, xs]) => [k, xs.map((x) => Math.round(x.itPerS))])),
};
for (const [k, v] of Object.entries(itPerS)) console.log(`${k.padEnd(18)} ${String(v).padStart(6)} it/s`);
console.log(`browser/node per worker ${out.browserVsNodePerWorker}, browser 2/1 workers ${out.browserScaling2Workers}, node 2/1 threads ${out.nodeScaling2Threads}; parallelism ${parallelismBefore} before, ${parallelismAfter} after`);
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(path.join(here, "results", "browser.json"), `${JSON.stringify(out, null, 2)}\n`);
