// Bench cases for the randomness kernels (assembly/rng.ts vs src/kernels/rng.ts).
import type { KernelBenchCase } from "../kernels.js";
import { wasm } from "../../src/engine/wasm.js";
import { Xorshift64, seedPrefix, seedFromPrefix } from "../../src/kernels/rng.js";

const N = 1_000_000;
let sink = 0;

const jsRng = new Xorshift64(0x0123456789abcdefn);

export const cases: KernelBenchCase[] = [
  {
    name: "xorshift64.next",
    opsPerRun: N,
    targetWasmNsPerOp: 2,
    runWasm() {
      sink += wasm.benchXorshiftNext(N);
    },
    runJs() {
      const g = jsRng;
      let acc = 0;
      for (let i = 0; i < N; i++) acc += g.next();
      sink += acc;
    },
  },
  {
    name: "xorshift64.step",
    opsPerRun: N,
    targetWasmNsPerOp: 2,
    targetNote: "JS: u32-halves step(), no BigInt",
    runWasm() {
      sink += wasm.benchXorshiftU64(N);
    },
    runJs() {
      const g = jsRng;
      for (let i = 0; i < N; i++) g.step();
      sink += g.next();
    },
  },
  {
    name: "seedFromPrefix",
    opsPerRun: 100_000,
    targetNote: "JS side has BigInt at the API edge",
    runWasm() {
      sink += wasm.benchSeedFromPrefix(100_000);
    },
    runJs() {
      const p = seedPrefix(0x1234n, 7);
      let acc = 0n;
      for (let i = 0; i < 100_000; i++) acc ^= seedFromPrefix(p, i);
      sink += Number(acc & 0xfffffn);
    },
  },
];

/** Keeps the accumulated results observable so no engine can drop the work. */
export function benchSink(): number {
  return sink;
}
