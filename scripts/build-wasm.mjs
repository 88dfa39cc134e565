// Builds the wasm engine: asc (AssemblyScript -> wasm at -O3, ESM bindings, asconfig.json "release"),
// then one more binaryen -O3 pipeline with wider inlining. asc exposes no inlining settings, and with
// binaryen's defaults a function containing a loop is never inlined: the event handlers (onAutoAttack,
// onReady...) stay calls from the event loop, each paying V8's call frame, stack check and the reload
// of every live value after the call. Allowing such functions to inline (and lightweight ones up to
// 200 bytes) removes ~5 % of the engine's instructions per iteration (npm run bench:instructions).
//
// Usage: node scripts/build-wasm.mjs [--names]
//   --names  keep a name section (asc --debug at -O3 + wasm-opt --debuginfo: the same code section,
//            plus function names) for profiling (bench/instructions.ts)
// Output: build/combatsim.wasm, its ESM bindings (combatsim.js, combatsim.d.ts) and combatsim.wat.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);

/** The wasm-opt flags of the second pass (exported for bench/instructions.ts). */
export const WASM_OPT_FLAGS = [
  "-O3",
  "--inline-functions-with-loops",
  "--flexible-inline-max-function-size=200",
  "--partial-inlining-ifs=4",
  // the features asc 0.28 emits by default; wasm-opt validates against this list
  "--enable-bulk-memory",
  "--enable-nontrapping-float-to-int",
  "--enable-sign-ext",
  "--enable-mutable-globals",
];

const OUT = "build/combatsim.wasm";

/** Compiles assembly/ into build/combatsim.wasm (asc, then the wasm-opt pass). */
export function buildWasm({ names = false } = {}) {
  const run = (file, args) => execFileSync(file, args, { cwd: root, stdio: "inherit" });
  run(bin("asc"), ["assembly/index.ts", "--target", "release", ...(names ? ["--debug"] : [])]);
  run(bin("wasm-opt"), [OUT, ...WASM_OPT_FLAGS, ...(names ? ["--debuginfo"] : []), "-o", OUT]);
  // the .wat shows the shipped code, not asc's intermediate output
  run(bin("wasm-dis"), [OUT, "-o", "build/combatsim.wat"]);
  browserSafeBindings();
}

const BINDINGS = "build/combatsim.js";
const NODE_READ = 'await import("node:fs/promises")';

/**
 * asc's ESM bindings read the .wasm in Node through `await import("node:fs/promises")`. That branch
 * never runs in a browser, but bundlers follow the literal import (esbuild --platform=browser fails
 * on it, Vite warns). Reach the same module through process.getBuiltinModule (Node >= 20.16, the
 * package's engines) so the bindings bundle for browsers unchanged in behaviour.
 */
function browserSafeBindings() {
  const file = path.join(root, BINDINGS);
  const text = readFileSync(file, "utf8");
  if (!text.includes(NODE_READ)) throw new Error(`${BINDINGS}: expected asc's Node loader (${NODE_READ}); the asc output changed, update scripts/build-wasm.mjs`);
  writeFileSync(file, text.replace(NODE_READ, 'globalThis.process.getBuiltinModule("node:fs/promises")'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildWasm({ names: process.argv.includes("--names") });
}
