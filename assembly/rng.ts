// Randomness kernels (spec "Randomness"): xorshift64 generator and FNV-1a 64 seeding.
// Twin: src/kernels/rng.ts (same semantics, u32-halves arithmetic). Keep both in sync.

/**
 * Seed 0 is a fixed point of xorshift (it would emit 0 forever). A zero seed is therefore replaced by
 * this fixed non-zero constant (2^64 / golden ratio), identically here and in the TS twin.
 */
export const XORSHIFT_ZERO_SEED: u64 = 0x9e3779b97f4a7c15;

/** One xorshift64 step (shifts 13, 7, 17; all mod 2^64). Never maps a non-zero state to 0. */
// @ts-ignore: decorator
@inline
export function xorshiftStep(x: u64): u64 {
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return x;
}

/** 2^-53: next() = (top 53 bits of the new state) * 2^-53, in [0, 1). */
// @ts-ignore: decorator
@inline
const INV_2_53: f64 = 1.0 / 9007199254740992.0;

/** xorshift64 generator: one u64 of state. */
export class Xorshift64 {
  state: u64;
  constructor(seed: u64) {
    this.state = seed == 0 ? XORSHIFT_ZERO_SEED : seed;
  }
  /** Reseeds in place (per iteration) without allocating; seed 0 is replaced like in the constructor. */
  // @ts-ignore: decorator
  @inline
  reseed(seed: u64): void {
    this.state = seed == 0 ? XORSHIFT_ZERO_SEED : seed;
  }
  // @ts-ignore: decorator
  @inline
  nextU64(): u64 {
    const x = xorshiftStep(this.state);
    this.state = x;
    return x;
  }
  /** Uniform in [0, 1): top 53 bits of the next state / 2^53. */
  // @ts-ignore: decorator
  @inline
  next(): f64 {
    // x >> 11 < 2^53: the signed conversion gives the same f64 as the unsigned one, and is a single
    // cvtsi2sd on x64 (V8 lowers f64.convert_i64_u to a branchy multi-instruction sequence).
    return <f64>(<i64>(this.nextU64() >> 11)) * INV_2_53;
  }
}

// FNV-1a 64 seeding. Byte layout hashed (16 bytes total):
//   bytes 0..7   seedBase, u64 little-endian
//   bytes 8..11  chunkId,  u32 little-endian
//   bytes 12..15 iteration, u32 little-endian
// The first 12 bytes are hashed once per chunk (seedPrefix); seedFromPrefix adds the 4 iteration bytes.
export const FNV64_OFFSET: u64 = 0xcbf29ce484222325;
export const FNV64_PRIME: u64 = 0x100000001b3;

// @ts-ignore: decorator
@inline
function fnvBytes(h: u64, v: u64, nBytes: i32): u64 {
  for (let i = 0; i < nBytes; i++) {
    h = (h ^ ((v >> (<u64>(i << 3))) & 0xff)) * FNV64_PRIME;
  }
  return h;
}

/** FNV-1a 64 state after seedBase (8 bytes LE) and chunkId (4 bytes LE u32). */
export function seedPrefix(seedBase: u64, chunkId: u32): u64 {
  return fnvBytes(fnvBytes(FNV64_OFFSET, seedBase, 8), <u64>chunkId, 4);
}

/** Completes a prefix with the iteration index (4 bytes LE u32). */
export function seedFromPrefix(prefix: u64, iteration: u32): u64 {
  return fnvBytes(prefix, <u64>iteration, 4);
}

/** FNV-1a 64 over seedBase(8 LE) ‖ chunkId(4 LE) ‖ iteration(4 LE). */
export function seedFor(seedBase: u64, chunkId: u32, iteration: u32): u64 {
  return seedFromPrefix(seedPrefix(seedBase, chunkId), iteration);
}

// ---- batch entries for the host (cross-checks and benchmarks): loops stay inside wasm ----

/** Writes n successive nextU64() outputs from `seed` to outPtr (u64 each); returns the final state. */
export function xorshiftFillU64(seed: u64, n: i32, outPtr: usize): u64 {
  let x: u64 = seed == 0 ? XORSHIFT_ZERO_SEED : seed; // local state: no allocation (stub runtime)
  for (let i = 0; i < n; i++) {
    x = xorshiftStep(x);
    store<u64>(outPtr + (<usize>i << 3), x);
  }
  return x;
}

/** Writes n successive next() outputs from `seed` to outPtr (f64 each); returns the final state. */
export function xorshiftFillF64(seed: u64, n: i32, outPtr: usize): u64 {
  let x: u64 = seed == 0 ? XORSHIFT_ZERO_SEED : seed;
  for (let i = 0; i < n; i++) {
    x = xorshiftStep(x);
    store<f64>(outPtr + (<usize>i << 3), <f64>(x >> 11) * INV_2_53);
  }
  return x;
}

/** Writes seedFor(seedBase, chunkId, iterStart + i) for i in [0, n) to outPtr (u64 each). */
export function seedForFill(seedBase: u64, chunkId: u32, iterStart: u32, n: i32, outPtr: usize): void {
  const prefix = seedPrefix(seedBase, chunkId);
  for (let i = 0; i < n; i++) store<u64>(outPtr + (<usize>i << 3), seedFromPrefix(prefix, iterStart + <u32>i));
}
