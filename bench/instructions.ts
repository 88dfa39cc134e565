// Deterministic engine cost: x64 instructions per iteration executed in JIT code (the wasm engine),
// counted by valgrind (callgrind), per wasm function. Wall-clock samples on a shared 2-core box move
// ±10 %; this count reproduces to a fraction of a percent, so engine changes are judged by it.
// The method is described in bench/lib/instr.ts; bench/specs.ts measures every implemented spec.
//
// Fight length: simulate()'s default variation (±20 %); VARY=0 in the environment measures fixed lengths.
// PREFER=simc (or json) in the environment measures that rotation where a spec has both.
// Reaction model: on with its defaults; REACTION=0 in the environment measures it off.
// Usage: npm run bench:instructions [-- --iterations N] [-- --spec slug] [-- --top K] [-- --node-flags "..."] [-- --wasm-opt "..."]
// Output: a table on stdout and bench/results/instructions.json. Needs valgrind (Debian: valgrind).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { intArg, strArg } from "./lib/args.js";
import { measureInstructions } from "./lib/instr.js";
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
const PREFER = process.env.PREFER === "simc" || process.env.PREFER === "json" ? process.env.PREFER : undefined;
const VARY = process.env.VARY !== undefined ? Number(process.env.VARY) : undefined;
if (VARY !== undefined && !(VARY >= 0 && VARY < 1)) throw new Error(`VARY=${process.env.VARY}: needs a fraction in [0, 1)`);

try {
  buildWasm({ names: true });
  if (WASM_OPT.length > 0) {
    const wasmOpt = path.join(root, "node_modules/.bin/wasm-opt");
    execFileSync(wasmOpt, ["build/combatsim.wasm", ...WASM_OPT, "--debuginfo", "-o", "build/combatsim.wasm"], { cwd: root, stdio: "inherit" });
  }
  const m = await measureInstructions({ spec: SPEC, iterations: N, warm: WARM, nodeFlags: NODE_FLAGS, ...(PREFER ? { preferRotation: PREFER } : {}), ...(VARY !== undefined ? { varyLength: VARY } : {}), ...(process.env.REACTION === "0" ? { reaction: false as const } : {}) });
  const result = { date: new Date().toISOString(), node: process.version, ...m };
  console.log(`${SPEC}: ${N} iterations, ${m.eventsPerIteration.toFixed(1)} events/iteration`);
  // The wasm figure is the metric: "other JIT code" (the JS loader/CSV code tiering at different times
  // in the two runs) moves the JIT total by up to ±50 k per iteration between otherwise equal runs.
  console.log(`wasm instructions / iteration: ${m.wasmInstructionsPerIteration.toLocaleString("en-US")} (all JIT code: ${m.jitInstructionsPerIteration.toLocaleString("en-US")}, noisy)`);
  if (m.unmappedFunctions > 0) console.log(`warning: ${m.unmappedFunctions} wasm function headers arrived cut and count as other JIT code`);
  for (const r of m.functions.slice(0, TOP)) console.log(`${String(r.perIteration).padStart(10)}  ${r.fn}`);
  mkdirSync(path.join(here, "results"), { recursive: true });
  writeFileSync(path.join(here, "results/instructions.json"), JSON.stringify(result, null, 2) + "\n");
} finally {
  buildWasm();
}
