// Wasm-side benchmark loops (bench/kernels/*.ts): each export runs n operations inside wasm so the
// host crosses the boundary once per run. Results are folded into a returned value so the optimizer
// cannot drop the work.
import { Xorshift64, seedPrefix, seedFromPrefix } from "./rng";

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
