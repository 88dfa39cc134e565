// Child process of bench/lib/instr.ts, run under valgrind: loads the wasm engine and one encoded spec
// image (written by the parent: no data loading, manifest resolution or TypeScript transpiling under
// valgrind, which cost minutes per run), warms the wasm up, then runs MEASURE iterations. The counts
// of a MEASURE=0 run are subtracted by the parent.
// Image file layout: u32 f64 count, u32 i32 count, then the f64 values, then the i32 values (little endian).
import { readFileSync } from "node:fs";
import * as wasm from "../../build/combatsim.js";

const bytes = readFileSync(process.env.IMAGE);
const head = new Uint32Array(bytes.buffer, bytes.byteOffset, 2);
const nF64 = head[0];
const nI32 = head[1];
const f64 = new Float64Array(bytes.buffer.slice(bytes.byteOffset + 8, bytes.byteOffset + 8 + nF64 * 8));
const i32 = new Int32Array(bytes.buffer.slice(bytes.byteOffset + 8 + nF64 * 8, bytes.byteOffset + 8 + nF64 * 8 + nI32 * 4));
const warm = Number(process.env.WARM ?? 300);
const measure = Number(process.env.MEASURE ?? 0);

// engineResults writes 16 header values and 4 per spell; spells are bounded by the 12-bit event argument
const out = wasm.allocF64(16 + 4 * 4096);
// the image is loaded before each run, as runImage does, so the measured difference matches it
const run = (n, chunkId) => {
  new Float64Array(wasm.memory.buffer, wasm.engineImageF64(nF64), nF64).set(f64);
  new Int32Array(wasm.memory.buffer, wasm.engineImageI32(nI32), nI32).set(i32);
  const rc = wasm.engineLoad();
  if (rc !== 0) throw new Error(`engineLoad failed with code ${rc}`);
  wasm.engineResetAccumulators();
  wasm.engineRun(n, 1n, chunkId, 0, 0);
  wasm.engineResults(out);
  return new Float64Array(wasm.memory.buffer, out, 16)[1];
};
run(warm, 1_000_000);
if (measure > 0) process.stdout.write(`events ${run(measure, 0)}\n`);
