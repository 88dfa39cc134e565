// Bench case for the RPPM roll (assembly/rppm.ts vs src/kernels/rppm.ts): one tracker, attempts
// every 250 ms with 20 % haste (haste-scaled, bad-luck protection on), xorshift draws.
import type { KernelBenchCase } from "../kernels.js";
import { wasm, scratchF64 } from "../../src/engine/wasm.js";
import { newRppmTracker, rollRppmUnchecked } from "../../src/kernels/rppm.js";
import { Xorshift64 } from "../../src/kernels/rng.js";

const N = 1_000_000;
const STEP_MS = 250;
const HASTE = 20;
let sink = 0;

const tBuf = scratchF64("bench.rppm.tracker", 6);
tBuf.write([2, 0, 0, 0, 1, 1]); // rppm 2, fresh, hasteScales, blpEnabled
const jsTracker = newRppmTracker(2, { hasteScales: true, blpEnabled: true });
const jsRng = new Xorshift64(0x5eed0b1e55ed0001n);
const next = () => jsRng.next();

export const cases: KernelBenchCase[] = [
  {
    name: "rppm.roll",
    opsPerRun: N,
    targetNote: "1 xorshift draw per attempt, BLP on",
    runWasm() {
      sink += wasm.rppmBenchXorshift(tBuf.ptr, N, STEP_MS, HASTE);
    },
    runJs() {
      const t = jsTracker;
      let now = t.lastAttemptMs;
      let procs = 0;
      for (let i = 0; i < N; i++) {
        now += STEP_MS;
        if (rollRppmUnchecked(t, now, HASTE, next)) procs++;
      }
      sink += procs;
    },
  },
];

export function benchSink(): number {
  return sink;
}
