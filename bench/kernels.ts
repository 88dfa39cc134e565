// Kernel micro-benchmark harness: wasm kernel vs its JS twin.
//
// Every module in bench/kernels/*.ts exports `cases: KernelBenchCase[]`. A case's runWasm()/runJs()
// each perform `opsPerRun` operations, with the loop INSIDE wasm for runWasm (one boundary crossing
// per run, not per op), so the numbers measure the kernels rather than the JS<->wasm call cost.
//
// Method: warm up each side (JIT tiers / wasm tier-up), calibrate how many runs make one sample
// last >= SAMPLE_MS, then take REPEATS samples alternating wasm and JS (so drifts such as CPU
// frequency or a noisy neighbour hit both sides alike) and report the median ns/op per side.
//
// Usage: npm run bench:kernels [-- <name-filter>...]   (filters are substrings of case names)
// Output: a table on stdout and bench/results/kernels.json (merged by case name when filtered).
import { readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface KernelBenchCase {
  /** Unique name, e.g. "xorshift64.next" or "wheel.hold3000". */
  name: string;
  /** Operations performed by ONE call of runWasm() / runJs() (ns/op = run time / opsPerRun). */
  opsPerRun: number;
  /** Runs opsPerRun operations inside wasm (a single exported call). */
  runWasm(): void;
  /** Runs the same opsPerRun operations with the TypeScript twin. */
  runJs(): void;
  /** Target for the wasm side in ns/op (shown and checked in the table), if any. */
  targetWasmNsPerOp?: number;
  /** Free text shown in the target column instead of / besides the number. */
  targetNote?: string;
  /** Called once before timing: throws if the wasm and JS sides disagree (guards against benchmarking a broken kernel). */
  verify?(): void;
}

export interface KernelBenchResult {
  kernel: string;
  opsPerRun: number;
  runsPerSample: { wasm: number; js: number };
  wasmNsPerOp: number;
  jsNsPerOp: number;
  /** jsNsPerOp / wasmNsPerOp: > 1 means wasm is faster. */
  jsOverWasm: number;
  targetWasmNsPerOp: number | null;
  targetNote: string | null;
  targetMet: boolean | null;
  samplesNsPerOp: { wasm: number[]; js: number[] };
}

const SAMPLE_MS = 40;
const WARMUP_MS = 300;
const REPEATS = 11;

const here = path.dirname(fileURLToPath(import.meta.url));

function nowNs(): number {
  return Number(process.hrtime.bigint());
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Runs fn repeatedly for at least `ms` and returns how many runs fit in SAMPLE_MS. */
function warmAndCalibrate(fn: () => void, ms: number): number {
  const t0 = nowNs();
  let runs = 0;
  while (nowNs() - t0 < ms * 1e6) {
    fn();
    runs++;
  }
  const perRunNs = (nowNs() - t0) / runs;
  return Math.max(1, Math.round((SAMPLE_MS * 1e6) / perRunNs));
}

function sample(fn: () => void, runs: number, opsPerRun: number): number {
  const t0 = nowNs();
  for (let i = 0; i < runs; i++) fn();
  return (nowNs() - t0) / (runs * opsPerRun);
}

export function benchCase(c: KernelBenchCase): KernelBenchResult {
  if (!Number.isInteger(c.opsPerRun) || c.opsPerRun <= 0) {
    throw new Error(`bench case "${c.name}": opsPerRun must be a positive integer, got ${c.opsPerRun}`);
  }
  c.verify?.();
  const wasmRuns = warmAndCalibrate(() => c.runWasm(), WARMUP_MS);
  const jsRuns = warmAndCalibrate(() => c.runJs(), WARMUP_MS);
  const w: number[] = [];
  const j: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    w.push(sample(() => c.runWasm(), wasmRuns, c.opsPerRun));
    j.push(sample(() => c.runJs(), jsRuns, c.opsPerRun));
  }
  const wasmNs = median(w);
  const jsNs = median(j);
  const target = c.targetWasmNsPerOp ?? null;
  return {
    kernel: c.name,
    opsPerRun: c.opsPerRun,
    runsPerSample: { wasm: wasmRuns, js: jsRuns },
    wasmNsPerOp: round3(wasmNs),
    jsNsPerOp: round3(jsNs),
    jsOverWasm: round3(jsNs / wasmNs),
    targetWasmNsPerOp: target,
    targetNote: c.targetNote ?? null,
    targetMet: target === null ? null : wasmNs <= target,
    samplesNsPerOp: { wasm: w.map(round3), js: j.map(round3) },
  };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

export async function loadCases(dir = path.join(here, "kernels")): Promise<KernelBenchCase[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .sort();
  const all: KernelBenchCase[] = [];
  const seen = new Set<string>();
  for (const f of files) {
    const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { cases?: unknown };
    if (!Array.isArray(mod.cases)) throw new Error(`bench/kernels/${f}: missing "export const cases: KernelBenchCase[]"`);
    for (const c of mod.cases as KernelBenchCase[]) {
      if (seen.has(c.name)) throw new Error(`bench/kernels/${f}: duplicate case name "${c.name}"`);
      seen.add(c.name);
      all.push(c);
    }
  }
  return all;
}

function machineInfo() {
  const cpus = os.cpus();
  return {
    node: process.version,
    v8: process.versions.v8,
    cpuModel: cpus[0]?.model ?? "unknown",
    cpuCount: cpus.length,
    platform: `${process.platform}-${process.arch}`,
    totalMemGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    date: new Date().toISOString(),
  };
}

function fmt(x: number): string {
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

function printTable(rows: KernelBenchResult[]): void {
  const header = ["kernel", "wasm ns/op", "js ns/op", "js/wasm", "target"];
  const body = rows.map((r) => {
    let target = r.targetWasmNsPerOp === null ? "" : `wasm <= ${r.targetWasmNsPerOp} ns ${r.targetMet ? "OK" : "MISSED"}`;
    if (r.targetNote) target = target ? `${target} (${r.targetNote})` : r.targetNote;
    return [r.kernel, fmt(r.wasmNsPerOp), fmt(r.jsNsPerOp), `${r.jsOverWasm.toFixed(2)}x`, target];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    "| " + cells.map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ") + " |";
  console.log(line(header));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const b of body) console.log(line(b));
}

async function main(): Promise<void> {
  const filters = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const cases = (await loadCases()).filter((c) => filters.length === 0 || filters.some((f) => c.name.includes(f)));
  if (cases.length === 0) {
    console.error(`no bench case matches ${JSON.stringify(filters)}`);
    process.exitCode = 1;
    return;
  }
  const results: KernelBenchResult[] = [];
  for (const c of cases) {
    process.stderr.write(`bench ${c.name} ...\n`);
    results.push(benchCase(c));
  }
  printTable(results);

  const outDir = path.join(here, "results");
  const outFile = path.join(outDir, "kernels.json");
  mkdirSync(outDir, { recursive: true });
  // A filtered run updates only its own cases; the others keep their previous (dated) numbers.
  let previous: KernelBenchResult[] = [];
  if (filters.length > 0 && existsSync(outFile)) {
    try {
      previous = (JSON.parse(readFileSync(outFile, "utf8")) as { results?: KernelBenchResult[] }).results ?? [];
    } catch {
      previous = [];
    }
  }
  const merged = [...previous.filter((p) => !results.some((r) => r.kernel === p.kernel)), ...results].sort((a, b) =>
    a.kernel.localeCompare(b.kernel),
  );
  const doc = {
    method: `median of ${REPEATS} samples of >= ${SAMPLE_MS} ms per side after ${WARMUP_MS} ms warm-up; ns per operation`,
    machine: machineInfo(),
    results: merged,
  };
  writeFileSync(outFile, JSON.stringify(doc, null, 2) + "\n");
  console.log(`wrote ${path.relative(process.cwd(), outFile)}`);
}

// Run only when executed directly (case modules import the types from here without side effects).
if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  await main();
}
