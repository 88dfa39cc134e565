// Engine cost of every implemented spec, side by side in one run: x64 instructions per iteration
// (valgrind, deterministic: the figure engine changes are judged by) and one-core iterations/s
// (runImage inline, CPU time: the shared box stretches wall time far more than CPU time), each on the
// spec's default profile and rotation, 300 s ± 20 %, 1 target. docs/specs/README.md (npm run gen)
// lists the committed bench/results/specs.json.
//
// Usage: npm run bench:specs [-- --iterations N] [-- --warm N] [-- --samples N] [-- --only slug,slug]
// Output: a table on stdout and bench/results/specs.json. Needs valgrind (Debian: valgrind).
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SPEC_CATALOG } from "../src/generated/catalog.js";
import { prepareSimulation } from "../src/engine/simulate.js";
import { runImage } from "../src/engine/run.js";
import { intArg, strArg } from "./lib/args.js";
import { measureInstructions } from "./lib/instr.js";
import { buildWasm } from "../scripts/build-wasm.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const DATA = path.resolve(here, "../data");
const N = intArg("iterations", 200);
const WARM = intArg("warm", 200);
const SAMPLES = intArg("samples", 5);
const ONLY = strArg("only", "").split(",").filter((s) => s !== "");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One-core throughput: warm-up (tier-up), then SAMPLES runs of a fixed iteration count, median CPU-time it/s. */
async function throughput(spec: string): Promise<{ cpuIterationsPerSecond: number; wallIterationsPerSecond: number; eventsPerIteration: number }> {
  const prep = await prepareSimulation({ dataDir: DATA, spec, seed: 1 });
  const warmEnd = performance.now() + 1000;
  for (let c = 1_000_000; performance.now() < warmEnd; c++) runImage(prep.image, { iterations: 50, seed: 1n, chunkId: c });
  const cpu: number[] = [];
  const wall: number[] = [];
  let events = 0;
  const per = 500;
  for (let k = 0; k < SAMPLES; k++) {
    const u0 = process.cpuUsage();
    const t0 = performance.now();
    const r = runImage(prep.image, { iterations: per, seed: 1n, chunkId: k });
    const s = (performance.now() - t0) / 1000;
    const u = process.cpuUsage(u0);
    cpu.push(per / ((u.user + u.system) / 1e6));
    wall.push(per / s);
    events = r.events / per;
  }
  return { cpuIterationsPerSecond: Math.round(median(cpu)), wallIterationsPerSecond: Math.round(median(wall)), eventsPerIteration: Math.round(events * 10) / 10 };
}

const specs = SPEC_CATALOG.filter((s) => s.implemented && (ONLY.length === 0 || ONLY.includes(s.slug)));
const unknown = ONLY.filter((slug) => !specs.some((s) => s.slug === slug));
if (unknown.length > 0) throw new Error(`--only: not an implemented spec: ${unknown.join(", ")}`);

const rows: { slug: string; specId: number; wasmInstructionsPerIteration: number; eventsPerIteration: number; cpuIterationsPerSecond: number; wallIterationsPerSecond: number }[] = [];
const loadBefore = os.loadavg();
try {
  buildWasm({ names: true });
  for (const s of specs) {
    const m = await measureInstructions({ spec: s.slug, iterations: N, warm: WARM });
    if (m.unmappedFunctions > 0) console.log(`warning: ${s.slug}: ${m.unmappedFunctions} wasm function headers arrived cut`);
    const t = await throughput(s.slug);
    rows.push({ slug: s.slug, specId: s.specId, wasmInstructionsPerIteration: m.wasmInstructionsPerIteration, eventsPerIteration: t.eventsPerIteration, cpuIterationsPerSecond: t.cpuIterationsPerSecond, wallIterationsPerSecond: t.wallIterationsPerSecond });
    console.log(`${s.slug.padEnd(16)} ${m.wasmInstructionsPerIteration.toLocaleString("en-US").padStart(11)} instr/it  ${String(t.eventsPerIteration).padStart(7)} events/it  ${t.cpuIterationsPerSecond.toLocaleString("en-US").padStart(7)} it/s (CPU)`);
  }
} finally {
  buildWasm();
}

const result = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: os.cpus()[0]?.model ?? "unknown",
  loadavgBefore: loadBefore,
  loadavgAfter: os.loadavg(),
  scenario: { durationS: 300, varyLength: 0.2, targets: 1, profile: "each spec's default profile and rotation", instructionIterations: N, instructionWarmup: WARM, throughputSamples: SAMPLES },
  specs: rows,
};
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(path.join(here, "results/specs.json"), JSON.stringify(result, null, 2) + "\n");
console.log("wrote bench/results/specs.json");
