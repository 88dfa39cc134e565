// Bench cases for ResourceSlot spend/gain (assembly/resource.ts vs src/kernels/resource.ts):
// alternating spend and gain on a 100-max slot starting at 50. Both spend outcomes occur (about 1 in
// 3 spends fails: the amounts drain the slot); gain never overflows with these amounts.
//
// Like with like: both sides run the same op sequence with the same data dependence (every op reads
// the `current` left by the previous one) and return the same sum (successful spends + waste).
// Differences, stated in the notes:
// - validation: the JS twin checks each amount with a typed error, but V8 folds that check away for
//   the loop's constant amounts; wasm receives the amounts as arguments and runs its cheaper
//   non-throwing check (>= 0, != +Inf) on every op;
// - state: the wasm loop keeps the slot in registers and writes `current` back once (verify() checks
//   the result and the final slot bit for bit against the methods); the JS loop calls the twin's
//   methods, which load/store the object field each op.
// Both loops have the same shape: one spend + one gain per iteration (ops 2k, 2k+1), a trailing spend
// for odd N. (The earlier `if (i & 1)` per-op loop cost both sides a parity branch per op.)
// Two data sets, because V8 specialises on them: with whole-number amounts the slot fields and the
// sum stay small integers (Smi: integer adds, no f64 at all), with fractional amounts (what any
// regeneration tick produces in a real fight) they are doubles. wasm does the same f64 work for both.
import type { KernelBenchCase } from "../kernels.js";
import { wasm, scratchF64 } from "../../src/engine/wasm.js";
import { ResourceSlot } from "../../src/kernels/resource.js";

const N = 1_000_000;
const INIT = [50, 100, 10, 0] as const;
let sink = 0;

/** Throws unless the wasm bench loop, the wasm slot methods and the TS twin agree bit for bit. */
function verify(spend: number, gain: number): void {
  const n = 20_001;
  const a = scratchF64("bench.resource.verifyA", 4);
  const b = scratchF64("bench.resource.verifyB", 4);
  a.write(INIT);
  b.write(INIT);
  const loop = wasm.resourceBenchSpendGain(a.ptr, n, spend, gain);
  const ts = new ResourceSlot(INIT[0], INIT[1], INIT[2]);
  let viaMethods = 0;
  let viaTs = 0;
  for (let i = 0; i < n; i++) {
    if (i & 1) {
      viaMethods += wasm.resourceGain(b.ptr, gain);
      viaTs += ts.gain(gain);
    } else {
      if (wasm.resourceSpend(b.ptr, spend)) viaMethods += 1;
      if (ts.spend(spend)) viaTs += 1;
    }
  }
  const [loopCur] = a.read(4);
  const [methodsCur] = b.read(4);
  if (!Object.is(loop, viaMethods) || !Object.is(loop, viaTs) || !Object.is(loopCur, methodsCur) || !Object.is(loopCur, ts.current)) {
    throw new Error(
      `resource bench (${spend}/${gain}): loop ${loop} cur ${loopCur}, wasm methods ${viaMethods} cur ${methodsCur}, ts ${viaTs} cur ${ts.current}`,
    );
  }
}

// The JS loops are written out per case with literal amounts (so V8 sees constants, as in engine code
// with fixed costs) and share no closure feedback. Order matters: the int case runs first, because the
// first fractional store into any ResourceSlot migrates every ResourceSlot (this one included) to
// double fields, which would silently turn the int case into the f64 one.
const intSlot = scratchF64("bench.resource.slot.int", 4);
intSlot.write(INIT);
const intJs = new ResourceSlot(INIT[0], INIT[1], INIT[2]);
const f64Slot = scratchF64("bench.resource.slot.f64", 4);
f64Slot.write(INIT);
let f64Js: ResourceSlot | null = null; // created lazily, after the int case (see above)

export const cases: KernelBenchCase[] = [
  {
    name: "resource.spendGain.int",
    opsPerRun: N,
    targetNote: "spend 30 / gain 20: V8 runs the JS twin on Smi (int) fields and sum; wasm does its usual f64 work",
    verify: () => verify(30, 20),
    runWasm() {
      sink += wasm.resourceBenchSpendGain(intSlot.ptr, N, 30, 20);
    },
    runJs() {
      const s = intJs;
      let acc = 0;
      let i = 0;
      for (; i + 1 < N; i += 2) {
        if (s.spend(30)) acc += 1;
        acc += s.gain(20);
      }
      if (i < N && s.spend(30)) acc += 1;
      sink += acc;
    },
  },
  {
    name: "resource.spendGain",
    opsPerRun: N,
    targetNote: "spend 30.5 / gain 20.5, f64 on both sides; JS amount checks folded by V8, wasm checks each op; wasm slot in registers",
    verify: () => verify(30.5, 20.5),
    runWasm() {
      sink += wasm.resourceBenchSpendGain(f64Slot.ptr, N, 30.5, 20.5);
    },
    runJs() {
      const s = (f64Js ??= new ResourceSlot(INIT[0], INIT[1], INIT[2]));
      let acc = 0;
      let i = 0;
      for (; i + 1 < N; i += 2) {
        if (s.spend(30.5)) acc += 1;
        acc += s.gain(20.5);
      }
      if (i < N && s.spend(30.5)) acc += 1;
      sink += acc;
    },
  },
];

export function benchSink(): number {
  return sink;
}
