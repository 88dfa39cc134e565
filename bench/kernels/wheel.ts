// Bench cases for the timing wheel (assembly/wheel.ts vs src/kernels/wheel.ts): hold model.
// 3000 pending events; each op pops the earliest and pushes one at now + U[0, 3000) ms, or 1% of
// the time now + U[0, 1 h). The op count includes one xorshift draw (both sides, same stream).
// Note on the model: far events live ~1000x longer than near ones, so over a 1M-op run they come
// to dominate the 3000 pending (measured: ~1400 in the overflow heap, ~6 pops per slot advance at
// the end; sim time ~1.5 h). Each run resets and replays the same sequence, so runs are comparable.
import type { KernelBenchCase } from "../kernels.js";
import { wasm } from "../../src/engine/wasm.js";
import { TimingWheel } from "../../src/kernels/wheel.js";
import { Xorshift64 } from "../../src/kernels/rng.js";

const PENDING = 3000;
const OPS = 1_000_000;
const SEED = 0x5eedn;

const jsWheel = new TimingWheel<number>(PENDING * 2);

/** Same model and arithmetic as assembly/bench.ts benchWheelHold; returns the same checksum. */
function holdJs(pending: number, ops: number, seed: bigint): number {
  const w = jsWheel;
  w.clear();
  const g = new Xorshift64(seed); // one object per run (1M ops), not per op
  for (let i = 0; i < pending; i++) w.push(Math.floor(g.next() * 3000.0), i);
  let acc = 0;
  for (let i = 0; i < ops; i++) {
    const e = w.pop()!;
    const now = e.t;
    acc += now + e.value;
    const r = g.next();
    const d = r < 0.01 ? Math.floor(r * 360000000.0) : Math.floor(((r - 0.01) / 0.99) * 3000.0);
    w.push(now + d, pending + i);
  }
  return acc;
}

let sink = 0;

export const cases: KernelBenchCase[] = [
  {
    name: "wheel.hold3000 (pop+push)",
    opsPerRun: OPS,
    targetWasmNsPerOp: 30,
    targetNote: "native C of the same algorithm ~22 ns",
    verify() {
      const a = wasm.benchWheelHold(PENDING, 200_000, SEED);
      const b = holdJs(PENDING, 200_000, SEED);
      if (a !== b) throw new Error(`wheel hold checksum differs: wasm ${a} vs js ${b}`);
    },
    runWasm() {
      sink += wasm.benchWheelHold(PENDING, OPS, SEED);
    },
    runJs() {
      sink += holdJs(PENDING, OPS, SEED);
    },
  },
];

export function benchSink(): number {
  return sink;
}
