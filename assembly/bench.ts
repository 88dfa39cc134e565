// Wasm-side benchmark loops (bench/kernels/*.ts): each export runs n operations inside wasm so the
// host crosses the boundary once per run. Results are folded into a returned value so the optimizer
// cannot drop the work.
import { Xorshift64, seedPrefix, seedFromPrefix } from "./rng";
import { TimingWheel } from "./wheel";

const benchRng = new Xorshift64(0x0123456789abcdef);

/** n calls of Xorshift64.next(); returns their sum. */
export function benchXorshiftNext(n: i32): f64 {
  const g = benchRng;
  let acc: f64 = 0;
  for (let i = 0; i < n; i++) acc += g.next();
  return acc;
}

/** n calls of Xorshift64.nextU64(); returns the xor of the outputs (as f64 bits are irrelevant: low 52 bits). */
export function benchXorshiftU64(n: i32): f64 {
  const g = benchRng;
  let acc: u64 = 0;
  for (let i = 0; i < n; i++) acc ^= g.nextU64();
  return <f64>(acc & 0xfffffffffffff);
}

/** n seeds from one chunk prefix (seedFromPrefix per iteration, the engine's per-iteration cost). */
export function benchSeedFromPrefix(n: i32): f64 {
  const prefix = seedPrefix(0x1234, 7);
  let acc: u64 = 0;
  for (let i = 0; i < n; i++) acc ^= seedFromPrefix(prefix, <u32>i);
  return <f64>(acc & 0xfffffffffffff);
}

// ---- timing wheel hold model ----
const holdWheel = new TimingWheel();
const holdRng = new Xorshift64(1); // reseeded per run: no allocation in the measured call

/**
 * Hold model: reset, push `pending` events at U[0, 3000) ms, then `ops` times: pop the earliest and
 * push one event at now + U[0, 3000) ms, or (1%) now + U[0, 3600000) ms. One xorshift draw per op:
 * r < 0.01 -> far delay floor(r * 3.6e8), else floor((r - 0.01) / 0.99 * 3000). Mirrored exactly by
 * bench/kernels/wheel.ts (same seed, same f64 arithmetic). Returns a checksum of the popped events.
 */
export function benchWheelHold(pending: i32, ops: i32, seed: u64): f64 {
  const w = holdWheel;
  w.clear();
  const g = holdRng;
  g.reseed(seed);
  for (let i = 0; i < pending; i++) w.push(<i64>(g.next() * 3000.0), i);
  let acc: f64 = 0;
  for (let i = 0; i < ops; i++) {
    w.pop();
    const now = w.poppedT;
    acc += <f64>now + <f64>w.poppedValue;
    const r = g.next();
    const d: i64 = r < 0.01 ? <i64>(r * 360000000.0) : <i64>(((r - 0.01) / 0.99) * 3000.0);
    w.push(now + d, pending + i);
  }
  return acc;
}
