// Telemetry benchmark: merge cost, ChunkReport encode/decode sizes and times, and the chunk loop
// inline vs on the worker pool (fake workload: worker scaling with the real engine comes later).
//
// Method: for each micro case, warm up, calibrate runs per sample to >= SAMPLE_MS, take REPEATS
// samples, report the median time per operation. Sizes are exact byte counts.
// Usage: npm run bench:telemetry   Output: a table on stdout and bench/results/telemetry.json.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prepareSimulation } from "../src/engine/simulate.js";
import { seedPrefix } from "../src/kernels/rng.js";
import { createFakeRunner } from "../src/runner/fake-workload.js";
import { WorkerPool } from "../src/runner/pool.js";
import { runChunked } from "../src/runner/run.js";
import type { ChunkResult, WorkloadSpec } from "../src/runner/types.js";
import { DpsStats } from "../src/telemetry/dps-stats.js";
import { decodeHistogramV2, encodeHistogramV2 } from "../src/telemetry/histogram.js";
import {
  chunkReportFromResult,
  decodeChunkReport,
  emptyChunkReport,
  encodeChunkReport,
  mergeChunkReportInto,
  type ChunkReport,
} from "../src/telemetry/report.js";
import { probeParallelism } from "./lib/parallelism.js";

const SAMPLE_MS = 40;
const WARMUP_MS = 200;
const REPEATS = 9;
const CHUNK = 500;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Median microseconds per call of f. */
function time(f: () => void): { usPerOp: number; samplesUs: number[] } {
  const t0 = performance.now();
  while (performance.now() - t0 < WARMUP_MS) f();
  let runs = 1;
  for (;;) {
    const t = performance.now();
    for (let i = 0; i < runs; i++) f();
    if (performance.now() - t >= SAMPLE_MS) break;
    runs *= 2;
  }
  const samples: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    const t = performance.now();
    for (let i = 0; i < runs; i++) f();
    samples.push(((performance.now() - t) * 1000) / runs);
  }
  return { usPerOp: +median(samples).toFixed(3), samplesUs: samples.map((x) => +x.toFixed(3)) };
}

const workload = { kind: "fake" as const, seedBase: 2026n, durationS: 300 };
const runner = createFakeRunner(workload);
const chunks: ChunkReport[] = [];
const chunkBytes: Uint8Array[] = [];
for (let c = 0; c < 8; c++) {
  const r = runner(c, c * CHUNK, CHUNK) as ChunkResult;
  const rep = chunkReportFromResult(r, { chunkId: c, firstIteration: c * CHUNK, seedPrefix: seedPrefix(workload.seedBase, c) });
  chunks.push(rep);
  chunkBytes.push(encodeChunkReport(rep));
}
const decoded = chunkBytes.map((b) => decodeChunkReport(b));
const merged = decoded.reduce((m, d) => mergeChunkReportInto(m, d), emptyChunkReport());
const mergedBytes = encodeChunkReport(merged);
const histBytes = encodeHistogramV2(chunks[0]!.histogram);

const micro: Record<string, { usPerOp: number; samplesUs: number[]; note: string }> = {};
function bench(name: string, note: string, f: () => void): void {
  micro[name] = { ...time(f), note };
  if (name !== "report.merge") console.log(`${name.padEnd(34)} ${micro[name]!.usPerOp.toFixed(3).padStart(10)} us   ${note}`);
}

console.log(`ChunkReport bench: fake workload, ${CHUNK} iterations per chunk, ${workload.durationS} s fight (${workload.durationS} per-second buckets)\n`);
const a = chunks[0]!.dps;
const b = chunks[1]!.dps;
bench("dpsStats.merge", "Welford/Chan merge of two accumulators", () => {
  DpsStats.from(a).merge(b);
});
bench("report.merge", "mergeChunkReportInto of 8 decoded chunks into one (per chunk)", () => {
  const m = emptyChunkReport();
  for (const d of decoded) mergeChunkReportInto(m, d);
});
{
  // timed over 8 merges: report per chunk merged
  const m = micro["report.merge"]!;
  m.usPerOp = +(m.usPerOp / decoded.length).toFixed(3);
  m.samplesUs = m.samplesUs.map((x) => +(x / decoded.length).toFixed(3));
  console.log(`${"report.merge".padEnd(34)} ${m.usPerOp.toFixed(3).padStart(10)} us   ${m.note}`);
}
bench("report.encode.chunk", `one chunk (${chunkBytes[0]!.length} B)`, () => {
  encodeChunkReport(chunks[0]!);
});
bench("report.decode.chunk", "one chunk incl. histogram decode", () => {
  decodeChunkReport(chunkBytes[0]!);
});
bench("report.encode.merged", `merged report (${mergedBytes.length} B, no per-iteration DPS)`, () => {
  encodeChunkReport(merged);
});
bench("report.decode.merged", "merged report", () => {
  decodeChunkReport(mergedBytes);
});
bench("histogram.encodeV2", `V2 compressed, stored deflate (${histBytes.length} B)`, () => {
  encodeHistogramV2(chunks[0]!.histogram);
});
bench("histogram.decodeV2", "via hdr-histogram-js", () => {
  decodeHistogramV2(histBytes);
});

// Chunk loop end to end (the fake workload dominates; shows pool overhead/scaling on this machine).
const loop: Record<string, { ms: number; iterations: number; iterationsPerSec: number }> = {};
const ITER = 20_000;
async function loopCase(name: string, workers: number, w: WorkloadSpec = workload, iterations = ITER): Promise<Uint8Array> {
  const pool = workers > 0 ? await WorkerPool.create({ size: workers }) : undefined;
  try {
    // warm up (JIT, and wasm instantiation in each worker)
    await runChunked({ workload: w, iterations: CHUNK * Math.max(1, workers) * 2, chunkSize: CHUNK, ...(pool ? { executor: pool } : {}) });
    const t = performance.now();
    const res = await runChunked({ workload: w, iterations, chunkSize: CHUNK, ...(pool ? { executor: pool } : {}) });
    const ms = performance.now() - t;
    loop[name] = { ms: +ms.toFixed(1), iterations, iterationsPerSec: Math.round((iterations / ms) * 1000) };
    console.log(`${name.padEnd(34)} ${ms.toFixed(1).padStart(10)} ms   ${loop[name]!.iterationsPerSec} iterations/s`);
    return res.bytes;
  } finally {
    await pool?.close();
  }
}
console.log("");
const ref = await loopCase("loop.inline", 0);
for (const w of [1, 2]) {
  const bytes = await loopCase(`loop.workers${w}`, w);
  if (Buffer.compare(Buffer.from(bytes), Buffer.from(ref)) !== 0) throw new Error(`workers=${w}: merged bytes differ from inline`);
}
// The wasm engine on the default Beast Mastery profile, 300 s fights.
const prep = await prepareSimulation({ duration: 300 });
const engine: WorkloadSpec = { kind: "engine", seedBase: prep.seed, image: prep.image };
const ENGINE_ITER = 6000;
const engineRef = await loopCase("engine.bm300.inline", 0, engine, ENGINE_ITER);
for (const w of [1, 2]) {
  const bytes = await loopCase(`engine.bm300.workers${w}`, w, engine, ENGINE_ITER);
  if (Buffer.compare(Buffer.from(bytes), Buffer.from(engineRef)) !== 0) throw new Error(`engine workers=${w}: merged bytes differ from inline`);
}

// How much parallelism the machine offered during this run: the same CPU-bound job in 1 worker,
// then 2 jobs in 2 workers. 2.0 = two free cores; ~1.0 = other processes hold the second core
// (then no worker count can scale, and the loop figures above only show the pool's overhead).
const parallelism = await probeParallelism();
console.log(`\nparallelism available during the run: ${parallelism} (2 jobs in 2 workers vs 1 job in 1 worker)`);

const out = {
  method: `median of ${REPEATS} samples of >= ${SAMPLE_MS} ms after ${WARMUP_MS} ms warm-up (micro); one timed run per loop case after a warm-up run (loop)`,
  machine: {
    loadAverage1m: +os.loadavg()[0]!.toFixed(2),
    parallelismProbe: parallelism,
    node: process.version,
    cpuModel: os.cpus()[0]?.model ?? "?",
    cpuCount: os.cpus().length,
    platform: `${process.platform}-${process.arch}`,
    date: new Date().toISOString(),
  },
  sizes: {
    chunkReportBytes: chunkBytes[0]!.length,
    chunkIterations: CHUNK,
    perSecondBuckets: workload.durationS,
    mergedReportBytes: mergedBytes.length,
    mergedIterations: merged.iterations,
    histogramBytes: histBytes.length,
  },
  micro,
  loop,
};
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "results");
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "telemetry.json"), JSON.stringify(out, null, 2) + "\n");
console.log(`\nsizes: chunk report ${out.sizes.chunkReportBytes} B, merged ${out.sizes.mergedReportBytes} B, histogram ${out.sizes.histogramBytes} B`);
console.log("wrote bench/results/telemetry.json");
