// Runner benchmark on the real engine (Beast Mastery, 300 s, 1 target): simulate() scaling with worker
// threads, the host-side cost per chunk (decode + merge), ChunkReport sizes and encode/decode times of
// a real engine chunk and of the merged report, the timeline replay and the HTML report.
//
// Method: a warm-up run per configuration (JIT, worker start-up), then REPEATS timed runs alternating
// 1 and 2 threads; the median is reported. simulate()'s elapsedMs covers the iterations and merging, not the worker start-up
// (measured separately as pool start-up). A parallelism probe (the same CPU-bound job in 1 worker,
// then 2 jobs in 2 workers) shows how much of the 2 cores other processes left us during the run.
// Usage: npm run bench:runner [-- --iterations N]   Output: a table and bench/results/runner.json.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prepareSimulation, simulate, type SimulateResult } from "../src/engine/simulate.js";
import { captureTimeline } from "../src/engine/simulate-telemetry.js";
import { seedPrefix } from "../src/kernels/rng.js";
import { createEngineRunner } from "../src/runner/engine-workload.js";
import { WorkerPool } from "../src/runner/pool.js";
import type { ChunkResult } from "../src/runner/types.js";
import { renderHtmlReport } from "../src/report/html.js";
import { chunkReportFromResult, decodeChunkReport, emptyChunkReport, encodeChunkReport, mergeChunkReportInto } from "../src/telemetry/report.js";
import { probeParallelism } from "./lib/parallelism.js";
import { intArg } from "./lib/args.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const DATA = path.resolve(here, "../data");
const arg = intArg;
const ITERATIONS = arg("iterations", 30_000);
const REPEATS = 5;
const CHUNK = 500;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

function stable(r: SimulateResult): string {
  const { elapsedMs: _e, threads: _t, ...rest } = r;
  return JSON.stringify(rest);
}

// ---- scaling ----
// 1 and 2 threads alternate, so both face the same background load; the probe runs before and after.
const parallelismBefore = await probeParallelism();
const scaling: Record<string, { threads: number; elapsedMs: number[]; medianMs: number; iterationsPerSecond: number }> = {};
let reference: string | null = null;
for (const threads of [1, 2]) await simulate({ dataDir: DATA, iterations: CHUNK * 2 * threads, threads, timeline: false }); // warm-up
const times: Record<number, number[]> = { 1: [], 2: [] };
for (let k = 0; k < REPEATS; k++) {
  for (const threads of [1, 2]) {
    const r = await simulate({ dataDir: DATA, iterations: ITERATIONS, seed: 1, threads, timeline: false });
    times[threads]!.push(r.elapsedMs);
    const s = stable(r);
    if (reference === null) reference = s;
    else if (s !== reference) throw new Error(`threads=${threads}: result differs from threads=1`);
  }
}
for (const threads of [1, 2]) {
  const ms = times[threads]!;
  const m = median(ms);
  scaling[`threads${threads}`] = { threads, elapsedMs: ms.map((x) => Math.round(x)), medianMs: Math.round(m), iterationsPerSecond: Math.round((ITERATIONS / m) * 1000) };
  console.log(`simulate threads=${threads}: ${Math.round(m)} ms for ${ITERATIONS} iterations (${scaling[`threads${threads}`]!.iterationsPerSecond} it/s)`);
}
const speedup = +(scaling.threads1!.medianMs / scaling.threads2!.medianMs).toFixed(2);
const bestPair = +Math.max(...times[1]!.map((t, k) => t / times[2]![k]!)).toFixed(2);
console.log(`speedup at 2 threads: ${speedup}x median, ${bestPair}x best alternating pair (goal >= 1.8x); results identical: true`);

// pool start-up (2 workers: thread start, tsx/module load; the wasm instantiates on the first chunk)
const ps: number[] = [];
for (let k = 0; k < REPEATS; k++) {
  const t = performance.now();
  const pool = await WorkerPool.create({ size: 2 });
  ps.push(performance.now() - t);
  await pool.close();
}
const poolStartMs = Math.round(median(ps));

// ---- chunk reports of the real engine ----
const prep = await prepareSimulation({ dataDir: DATA, seed: 1 });
const runner = createEngineRunner({ kind: "engine", seedBase: prep.seed, image: prep.image });
const reports = Array.from({ length: 8 }, (_, c) => chunkReportFromResult(runner(c, c * CHUNK, CHUNK) as ChunkResult, { chunkId: c, firstIteration: c * CHUNK, seedPrefix: seedPrefix(prep.seed, c) }));
const bytes = reports.map((r) => encodeChunkReport(r));
const decoded = bytes.map((b) => decodeChunkReport(b));
const merged = decoded.reduce((m, d) => mergeChunkReportInto(m, d), emptyChunkReport());
const mergedBytes = encodeChunkReport(merged);
function time(f: () => void, minMs = 200): number {
  for (let i = 0; i < 5; i++) f();
  let n = 0;
  const t = performance.now();
  while (performance.now() - t < minMs) {
    f();
    n++;
  }
  return +(((performance.now() - t) * 1000) / n).toFixed(1);
}
const chunkRunMs = time(() => runner(99, 0, CHUNK), 1000) / 1000;
const micro = {
  encodeChunkUs: time(() => encodeChunkReport(reports[0]!)),
  decodeChunkUs: time(() => decodeChunkReport(bytes[0]!)),
  mergeChunkUs: +(time(() => decoded.reduce((m, d) => mergeChunkReportInto(m, d), emptyChunkReport())) / decoded.length).toFixed(1),
  encodeMergedUs: time(() => encodeChunkReport(merged)),
  decodeMergedUs: time(() => decodeChunkReport(mergedBytes)),
  timelineReplayMs: +(time(() => captureTimeline(prep.image, prep.seed, 3, 17)) / 1000).toFixed(2),
};
const hostPerChunkUs = micro.decodeChunkUs + micro.mergeChunkUs;
console.log(`chunk of ${CHUNK} iterations: ${Math.round(chunkRunMs)} ms to run; report ${bytes[0]!.length} B (encode ${micro.encodeChunkUs} us, decode ${micro.decodeChunkUs} us, merge ${micro.mergeChunkUs} us); host cost ${(hostPerChunkUs / 10 / chunkRunMs).toFixed(3)} % of the chunk's run time`);
console.log(`merged report (${merged.iterations} iterations): ${mergedBytes.length} B (encode ${micro.encodeMergedUs} us, decode ${micro.decodeMergedUs} us); timeline replay ${micro.timelineReplayMs} ms; pool start-up (2 workers) ${poolStartMs} ms`);

// ---- report ----
const full = await simulate({ dataDir: DATA, iterations: 2000, seed: 1 });
const t0 = performance.now();
const html = renderHtmlReport(full);
const htmlMs = +(performance.now() - t0).toFixed(1);
const json = JSON.stringify(full);

const parallelism = await probeParallelism();
console.log(`parallelism available: ${parallelismBefore} before, ${parallelism} after; HTML report ${html.length} B in ${htmlMs} ms, JSON ${json.length} B`);

const out = {
  method: `simulate() BM 300 s 1 target, ${ITERATIONS} iterations, chunk ${CHUNK}; warm-up run then median of ${REPEATS} (elapsedMs: iterations + merge, excl. worker start-up); micro: mean over >= 200 ms after 5 warm-up calls`,
  machine: {
    loadAverage1m: +os.loadavg()[0]!.toFixed(2),
    parallelismProbeBefore: parallelismBefore,
    parallelismProbeAfter: parallelism,
    node: process.version,
    cpuModel: os.cpus()[0]?.model ?? "?",
    cpuCount: os.cpus().length,
    date: new Date().toISOString(),
  },
  scaling: { ...scaling, speedup2: speedup, speedup2BestPair: bestPair, goal: 1.8, identicalResults: true, poolStartMs },
  chunk: { iterations: CHUNK, runMs: Math.round(chunkRunMs), reportBytes: bytes[0]!.length, hostCostPercentOfRun: +(hostPerChunkUs / 10 / chunkRunMs).toFixed(3) },
  merged: { iterations: merged.iterations, reportBytes: mergedBytes.length },
  micro,
  report: { htmlBytes: html.length, htmlRenderMs: htmlMs, jsonBytes: json.length, timelineDamageEvents: full.timeline?.damage.length ?? 0 },
};
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(path.join(here, "results/runner.json"), JSON.stringify(out, null, 2) + "\n");
console.log("wrote bench/results/runner.json");
