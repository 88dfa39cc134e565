// Bench case for ResourceSlot spend/gain (assembly/resource.ts vs src/kernels/resource.ts):
// alternating spend(30) and gain(20) on a 100-max slot (both outcomes of spend and some waste occur).
import type { KernelBenchCase } from "../kernels.js";
import { wasm, scratchF64 } from "../../src/engine/wasm.js";
import { ResourceSlot } from "../../src/kernels/resource.js";

const N = 1_000_000;
let sink = 0;

const sBuf = scratchF64("bench.resource.slot", 4);
sBuf.write([50, 100, 10, 0]);
const js = new ResourceSlot(50, 100, 10);

export const cases: KernelBenchCase[] = [
  {
    name: "resource.spendGain",
    opsPerRun: N,
    targetNote: "JS side validates amounts (typed errors); wasm checks them without throwing",
    runWasm() {
      sink += wasm.resourceBenchSpendGain(sBuf.ptr, N, 30, 20);
    },
    runJs() {
      const s = js;
      let acc = 0;
      for (let i = 0; i < N; i++) {
        if (i & 1) acc += s.gain(20);
        else if (s.spend(30)) acc += 1;
      }
      sink += acc;
    },
  },
];

export function benchSink(): number {
  return sink;
}
