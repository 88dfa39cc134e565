// Randomness kernels, TypeScript twin of assembly/rng.ts (spec "Randomness").
//
// The generator keeps its u64 state as two u32 halves (hi, lo): BigInt arithmetic is ~20x slower
// (TOOLCHAIN.md), so BigInt appears only at the API edge (constructor, nextU64, state, seeding).
import { CombatsimError } from "../errors.js";

const U64_MAX = (1n << 64n) - 1n;
const TWO_32 = 4294967296;
const INV_2_53 = 1 / 9007199254740992;

/** Seed 0 is a fixed point of xorshift; it is replaced by this constant (same as the wasm kernel). */
export const XORSHIFT_ZERO_SEED = 0x9e3779b97f4a7c15n;

/** Invalid seed material: not a bigint in [0, 2^64), or an index that is not a u32. */
export class RngError extends CombatsimError {
  constructor(field: string, value: unknown, expected: string) {
    super("RNG_BAD_INPUT", `src/kernels/rng.ts: ${field} = ${String(value)} is not ${expected}`);
  }
}

function checkU64(field: string, v: bigint): void {
  if (typeof v !== "bigint" || v < 0n || v > U64_MAX) throw new RngError(field, v, "a bigint in [0, 2^64)");
}

function checkU32(field: string, v: number): void {
  if (!Number.isInteger(v) || v < 0 || v >= TWO_32) throw new RngError(field, v, "an integer in [0, 2^32)");
}

/**
 * xorshift64 (x ^= x << 13; x ^= x >> 7; x ^= x << 17, all mod 2^64). `next()` is
 * Number(nextU64() >> 11n) / 2^53, in [0, 1). Seed 0 is replaced by XORSHIFT_ZERO_SEED.
 */
export class Xorshift64 {
  // Halves stored as int32 bit patterns (what the bitwise ops produce); read with >>> 0.
  private hi: number;
  private lo: number;

  constructor(state: bigint) {
    checkU64("Xorshift64 state", state);
    const s = state === 0n ? XORSHIFT_ZERO_SEED : state;
    this.hi = Number(s >> 32n) | 0;
    this.lo = Number(s & 0xffffffffn) | 0;
  }

  /** Current state as a u64 bigint. */
  get state(): bigint {
    return (BigInt(this.hi >>> 0) << 32n) | BigInt(this.lo >>> 0);
  }

  /** Advances one step without producing a value (for bulk use). */
  step(): void {
    let hi = this.hi;
    let lo = this.lo;
    // x ^= x << 13
    hi ^= (hi << 13) | (lo >>> 19);
    lo ^= lo << 13;
    // x ^= x >> 7   (lo first: it needs the old hi)
    lo ^= (lo >>> 7) | (hi << 25);
    hi ^= hi >>> 7;
    // x ^= x << 17  (hi first: it needs the old lo)
    hi ^= (hi << 17) | (lo >>> 15);
    lo ^= lo << 17;
    this.hi = hi;
    this.lo = lo;
  }

  nextU64(): bigint {
    this.step();
    return this.state;
  }

  /** Uniform double in [0, 1): the top 53 bits of the next state divided by 2^53. */
  next(): number {
    this.step();
    return ((this.hi >>> 0) * 2097152 + (this.lo >>> 11)) * INV_2_53; // hi * 2^21 + lo >> 11 = x >> 11
  }
}

// FNV-1a 64 seeding. Byte layout hashed (16 bytes total):
//   bytes 0..7   seedBase, u64 little-endian
//   bytes 8..11  chunkId,  u32 little-endian
//   bytes 12..15 iteration, u32 little-endian
// seedPrefix hashes the first 12 bytes once per chunk; seedFromPrefix adds the 4 iteration bytes.
export const FNV64_OFFSET = 0xcbf29ce484222325n;
export const FNV64_PRIME = 0x100000001b3n;

/** Internal FNV state as u32 halves; reused scratch (single-threaded JS, no re-entrancy). */
let fh = 0;
let fl = 0;

function fnvByte(b: number): void {
  // h = (h ^ b) * (2^40 + 0x1b3) mod 2^64, with h = fh * 2^32 + fl.
  const lo = (fl ^ b) >>> 0;
  const t = lo * 0x1b3; // < 2^41: exact in a double
  const carry = Math.floor(t / TWO_32);
  // hi part: hi * 0x1b3 + carry + (lo << 8)  [the 2^40 term moves lo's low 24 bits into hi's bits 8..31]
  fh = (Math.imul(fh, 0x1b3) + carry + (lo << 8)) >>> 0;
  fl = t >>> 0;
}

function fnvU32(v: number): void {
  fnvByte(v & 0xff);
  fnvByte((v >>> 8) & 0xff);
  fnvByte((v >>> 16) & 0xff);
  fnvByte(v >>> 24);
}

function fnvLoad(h: bigint): void {
  fh = Number(h >> 32n);
  fl = Number(h & 0xffffffffn);
}

function fnvResult(): bigint {
  return (BigInt(fh) << 32n) | BigInt(fl);
}

/** FNV-1a 64 state after seedBase (8 bytes LE) and chunkId (4 bytes LE u32). */
export function seedPrefix(seedBase: bigint, chunkId: number): bigint {
  checkU64("seedBase", seedBase);
  checkU32("chunkId", chunkId);
  fnvLoad(FNV64_OFFSET);
  fnvU32(Number(seedBase & 0xffffffffn)); // low word first: little-endian byte order
  fnvU32(Number(seedBase >> 32n));
  fnvU32(chunkId);
  return fnvResult();
}

/** Completes a seedPrefix() value with the iteration index (4 bytes LE u32). */
export function seedFromPrefix(prefix: bigint, iteration: number): bigint {
  checkU64("prefix", prefix);
  checkU32("iteration", iteration);
  fnvLoad(prefix);
  fnvU32(iteration);
  return fnvResult();
}

/** FNV-1a 64 over seedBase (8 bytes LE) ‖ chunkId (4 bytes LE u32) ‖ iteration (4 bytes LE u32). */
export function seedFor(seedBase: bigint, chunkId: number, iteration: number): bigint {
  return seedFromPrefix(seedPrefix(seedBase, chunkId), iteration);
}
