// Deterministic engine cost: x64 instructions per iteration executed in JIT code (the wasm engine),
// counted by valgrind (callgrind), per wasm function. Wall-clock samples on a shared 2-core box move
// ±10 %; this count reproduces to a fraction of a percent, so engine changes are judged by it.
//
// Method: two runs of bench/lib/instr-target.ts under callgrind, one with MEASURE=0 and one with
// MEASURE=N iterations after the same warm-up; `node --no-liftoff` so every wasm function is compiled
// once by TurboFan (no tier-up timing in the count). Instructions in code outside every ELF object
// (JIT code) are summed per wasm function — addresses mapped through V8's --print-wasm-code listing
// of the same run — and the MEASURE=0 run is subtracted. The wasm is rebuilt with a name section
// (scripts/build-wasm.mjs --names: the code section is byte-identical to the release build) and
// rebuilt without it after.
//
// Fight length: simulate()'s default variation (±20 %); VARY=0 in the environment measures fixed lengths.
// Reaction model: on with its defaults; REACTION=0 in the environment measures it off.
// Usage: npm run bench:instructions [-- --iterations N] [-- --spec slug] [-- --top K] [-- --node-flags "..."] [-- --wasm-opt "..."]
// Output: a table on stdout and bench/results/instructions.json. Needs valgrind (Debian: valgrind).
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { intArg, strArg } from "./lib/args.js";
import { buildWasm } from "../scripts/build-wasm.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const N = intArg("iterations", 1000);
const WARM = intArg("warm", 300);
const TOP = intArg("top", 30);
const SPEC = strArg("spec", "beast-mastery");
// extra V8 flags for the measured node process (e.g. "--wasm-inlining"), split on spaces
const NODE_FLAGS = strArg("node-flags", "").split(" ").filter((f) => f !== "");
// experiment: post-process the measured wasm (after the build's own wasm-opt pass) with these wasm-opt flags (e.g. "-O3 --flexible-inline-max-function-size=80")
const WASM_OPT = strArg("wasm-opt", "").split(" ").filter((f) => f !== "");

interface Run {
  events: number;
  byFn: Map<string, number>;
  total: number;
}

function run(measure: number, dir: string): Promise<Run> {
  const out = path.join(dir, `cg.${measure}.out`);
  const code = path.join(dir, `code.${measure}.txt`);
  return new Promise((resolve, reject) => {
    const child = spawn(
      "valgrind",
      ["--tool=callgrind", "--dump-instr=yes", `--callgrind-out-file=${out}`, process.execPath, "--no-liftoff", ...NODE_FLAGS, "--print-wasm-code", "--import", "tsx", path.join(here, "lib/instr-target.ts")],
      { cwd: root, env: { ...process.env, SPEC, WARM: String(WARM), MEASURE: String(measure) }, stdio: ["ignore", "pipe", "pipe"] },
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
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.startsWith("events ")) events = Number(l.slice(7));
    else if (l.startsWith("name: ")) name = l.slice(6);
    else if (l.startsWith("Instructions (size = ")) {
      size = BigInt(l.slice(21, l.indexOf(")")));
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
  return { events, byFn, total };
}

const dir = mkdtempSync(path.join(os.tmpdir(), "combatsim-instr-"));
try {
  buildWasm({ names: true });
  if (WASM_OPT.length > 0) {
    const wasmOpt = path.join(root, "node_modules/.bin/wasm-opt");
    execFileSync(wasmOpt, ["build/combatsim.wasm", ...WASM_OPT, "--debuginfo", "-o", "build/combatsim.wasm"], { cwd: root, stdio: "inherit" });
  }
  const [base, meas] = await Promise.all([run(0, dir), run(N, dir)]);
  const perIt = (a: number, b: number) => (b - a) / N;
  const rows = [...new Set([...base.byFn.keys(), ...meas.byFn.keys()])]
    .map((fn) => ({ fn: fn.replace(/^assembly\//, ""), perIteration: Math.round(perIt(base.byFn.get(fn) ?? 0, meas.byFn.get(fn) ?? 0)) }))
    .sort((a, b) => b.perIteration - a.perIteration);
  const total = Math.round(perIt(base.total, meas.total));
  const wasmTotal = rows.filter((r) => r.fn !== "(other JIT code)").reduce((s, r) => s + r.perIteration, 0);
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    spec: SPEC,
    iterations: N,
    warmup: WARM,
    eventsPerIteration: meas.events / N,
    jitInstructionsPerIteration: total,
    wasmInstructionsPerIteration: wasmTotal,
    functions: rows.filter((r) => r.perIteration !== 0),
  };
  console.log(`${SPEC}: ${N} iterations, ${result.eventsPerIteration.toFixed(1)} events/iteration`);
  // The wasm figure is the metric: "other JIT code" (the JS loader/CSV code tiering at different times
  // in the two runs) moves the JIT total by up to ±50 k per iteration between otherwise equal runs.
  console.log(`wasm instructions / iteration: ${wasmTotal.toLocaleString("en-US")} (all JIT code: ${total.toLocaleString("en-US")}, noisy)`);
  for (const r of rows.slice(0, TOP)) console.log(`${String(r.perIteration).padStart(10)}  ${r.fn}`);
  mkdirSync(path.join(here, "results"), { recursive: true });
  writeFileSync(path.join(here, "results/instructions.json"), JSON.stringify(result, null, 2) + "\n");
} finally {
  buildWasm();
  if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
  else console.log("kept", dir);
}
