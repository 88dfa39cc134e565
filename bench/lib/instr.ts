// Deterministic engine cost, counted by valgrind (callgrind): x64 instructions executed in JIT code
// (the wasm engine) per iteration, per wasm function. Shared by bench/instructions.ts (one spec, the
// per-function profile) and bench/specs.ts (every implemented spec).
//
// Method: two runs of bench/lib/instr-image.mjs under callgrind, one with MEASURE=0 and one with
// MEASURE=N iterations after the same warm-up; `node --no-liftoff` so every wasm function is compiled
// once by TurboFan (no tier-up timing in the count). Instructions in code outside every ELF object
// (JIT code) are summed per wasm function — addresses mapped through V8's --print-wasm-code listing
// of the same run — and the MEASURE=0 run is subtracted. The spec image is compiled and encoded here,
// outside valgrind; the measured processes (bench/lib/instr-image.mjs) only load the wasm and the image.
// The caller builds the wasm with a name section first (scripts/build-wasm.mjs --names: the code
// section is byte-identical to the release build).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { encodeImage } from "../../src/engine/image.js";
import { prepareSimulation } from "../../src/engine/simulate.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");

export interface InstrOptions {
  spec: string;
  iterations: number;
  warm: number;
  /** extra V8 flags for the measured node process */
  nodeFlags?: string[];
  /** rotation choice where a .json rotation exists next to the SimC APL */
  preferRotation?: "simc" | "json";
  /** fight length variation (default: simulate()'s) */
  varyLength?: number;
  /** false: the reaction model off (default: on, SimC's defaults) */
  reaction?: false;
}

export interface InstrResult {
  spec: string;
  iterations: number;
  warmup: number;
  eventsPerIteration: number;
  /** all JIT code: the wasm plus the JS loader tiering at different times in the two runs (noisy, ±50 k) */
  jitInstructionsPerIteration: number;
  /** the metric: instructions in wasm functions only */
  wasmInstructionsPerIteration: number;
  functions: { fn: string; perIteration: number }[];
  /** wasm function headers that could not be mapped (0 in a clean run) */
  unmappedFunctions: number;
}

interface Run {
  events: number;
  /** function headers of the listing that arrived cut (their code counts as other JIT code) */
  unparsed: number;
  byFn: Map<string, number>;
  total: number;
}

function run(measure: number, dir: string, o: InstrOptions): Promise<Run> {
  const out = path.join(dir, `cg.${measure}.out`);
  const code = path.join(dir, `code.${measure}.txt`);
  return new Promise((resolve, reject) => {
    const child = spawn(
      "valgrind",
      ["--tool=callgrind", "--dump-instr=yes", `--callgrind-out-file=${out}`, process.execPath, "--no-liftoff", ...(o.nodeFlags ?? []), "--print-wasm-code", path.join(here, "instr-image.mjs")],
      { cwd: root, env: { ...process.env, IMAGE: path.join(dir, "image.bin"), WARM: String(o.warm), MEASURE: String(measure) }, stdio: ["ignore", "pipe", "pipe"] },
    );
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    let err = "";
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    child.on("error", reject);
    child.on("close", (status) => {
      if (status !== 0) return reject(new Error(`valgrind run (MEASURE=${measure}) exited ${status}:\n${err.slice(-2000)}`));
      const text = Buffer.concat(chunks).toString();
      writeFileSync(code, text);
      resolve(attribute(text, out));
    });
  });
}

/** Function address ranges from --print-wasm-code, then callgrind's per-"function" counts mapped into them. */
function attribute(listing: string, cgOut: string): Run {
  const ranges: { start: bigint; end: bigint; name: string }[] = [];
  const lines = listing.split("\n");
  let name = "";
  let size = 0n;
  let events = 0;
  let unparsed = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.startsWith("events ")) events = Number(l.slice(7));
    else if (l.startsWith("name: ")) name = l.slice(6);
    else if (l.startsWith("Instructions (size = ")) {
      // V8's listing and the target's own stdout share one pipe: a line can arrive cut by another
      // write; a header without its size cannot be mapped, its code then counts as other JIT code
      const sz = /^Instructions \(size = (\d+)\)/.exec(l);
      if (!sz) {
        unparsed++;
        continue;
      }
      size = BigInt(sz[1]!);
      const m = /^(0x[0-9a-f]+)/.exec(lines[i + 1] ?? "");
      if (m) ranges.push({ start: BigInt(m[1]!), end: BigInt(m[1]!) + size, name });
    }
  }
  ranges.sort((a, b) => (a.start < b.start ? -1 : 1));
  // callgrind --dump-instr=yes: cost lines are "<instr> <line> <Ir>" with instr absolute (0x..),
  // relative (+n/-n) or "*" (same); the line after "calls=" is a call's inclusive cost (skipped).
  // Only code outside every ELF object (ob=???, i.e. JIT code) is counted.
  const obNames = new Map<string, string>();
  const byFn = new Map<string, number>();
  let total = 0;
  let jit = false;
  let addr = 0n;
  let skipNext = false;
  const lookup = (a: bigint): string => {
    let lo = 0;
    let hi = ranges.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = ranges[mid]!;
      if (a < r.start) hi = mid - 1;
      else if (a >= r.end) lo = mid + 1;
      else return r.name;
    }
    return "(other JIT code)";
  };
  for (const l of readFileSync(cgOut, "utf8").split("\n")) {
    const c = l.charCodeAt(0);
    const isCost = c === 48 /* 0 */ || c === 43 /* + */ || c === 45 /* - */ || c === 42; /* * */
    if (!isCost) {
      if (l.startsWith("ob=") || l.startsWith("cob=")) {
        // object names are compressed: "(id) name" the first time (in ob= or cob=), "(id)" after
        const m = /^c?ob=\((\d+)\)(?: (.*))?$/.exec(l);
        if (m) {
          if (m[2] !== undefined) obNames.set(m[1]!, m[2]);
          if (l.startsWith("ob=")) jit = obNames.get(m[1]!) === "???";
        }
      } else if (l.startsWith("calls=")) skipNext = true;
      continue;
    }
    const sp = l.indexOf(" ");
    const pos = l.slice(0, sp);
    if (pos.startsWith("0x")) addr = BigInt(pos);
    else if (pos !== "*") addr += BigInt(pos);
    if (skipNext) {
      skipNext = false;
      continue;
    }
    if (!jit) continue;
    const ir = Number(l.slice(l.lastIndexOf(" ") + 1));
    total += ir;
    const fn = lookup(addr);
    byFn.set(fn, (byFn.get(fn) ?? 0) + ir);
  }
  return { events, unparsed, byFn, total };
}

/** Compiles the spec's default image (seed 1) and writes it encoded for bench/lib/instr-image.mjs. */
async function writeImage(o: InstrOptions, file: string): Promise<void> {
  const prep = await prepareSimulation({
    dataDir: path.join(root, "data"),
    spec: o.spec,
    seed: 1,
    ...(o.preferRotation ? { preferRotation: o.preferRotation } : {}),
    ...(o.varyLength !== undefined ? { varyLength: o.varyLength } : {}),
    ...(o.reaction === false ? { reaction: false as const } : {}),
  });
  const enc = encodeImage(prep.image);
  const head = new Uint32Array([enc.f64.length, enc.i32.length]);
  writeFileSync(file, Buffer.concat([Buffer.from(head.buffer), Buffer.from(enc.f64.buffer, enc.f64.byteOffset, enc.f64.byteLength), Buffer.from(enc.i32.buffer, enc.i32.byteOffset, enc.i32.byteLength)]));
}

/** Counts one spec's engine instructions per iteration (the wasm must already carry a name section). */
export async function measureInstructions(o: InstrOptions): Promise<InstrResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "combatsim-instr-"));
  try {
    await writeImage(o, path.join(dir, "image.bin"));
    const [base, meas] = await Promise.all([run(0, dir, o), run(o.iterations, dir, o)]);
    const perIt = (a: number, b: number) => (b - a) / o.iterations;
    const rows = [...new Set([...base.byFn.keys(), ...meas.byFn.keys()])]
      .map((fn) => ({ fn: fn.replace(/^assembly\//, ""), perIteration: Math.round(perIt(base.byFn.get(fn) ?? 0, meas.byFn.get(fn) ?? 0)) }))
      .sort((a, b) => b.perIteration - a.perIteration);
    return {
      spec: o.spec,
      iterations: o.iterations,
      warmup: o.warm,
      eventsPerIteration: meas.events / o.iterations,
      jitInstructionsPerIteration: Math.round(perIt(base.total, meas.total)),
      wasmInstructionsPerIteration: rows.filter((r) => r.fn !== "(other JIT code)").reduce((s, r) => s + r.perIteration, 0),
      functions: rows.filter((r) => r.perIteration !== 0),
      unmappedFunctions: Math.max(base.unparsed, meas.unparsed),
    };
  } finally {
    if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
    else console.log("kept", dir);
  }
}
