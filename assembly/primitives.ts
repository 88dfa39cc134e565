// Randomness primitives (spec "Randomness"): proc_chance, roll_tier, shuffle_pick.
// Twin of src/kernels/primitives.ts (same draw counts and order).
//
// Every stochastic kernel is generic over its draw source `R`: any class with `next(): f64` returning
// a value in [0, 1). Generics are monomorphised by asc, so this costs nothing at run time and lets
// the engine pass the xorshift generator (assembly/rng.ts) while the cross-check batch entry points
// pass a DrawStream of pre-drawn values shared with the TS twin.
// Inputs are trusted (the host validates the compiled spec image): NaN chances simply never proc.

/** A draw source reading pre-drawn f64 values sequentially from linear memory (batch cross-checks). */
@final
export class DrawStream {
  base: usize = 0;
  pos: i32 = 0;
  @inline next(): f64 {
    const v = load<f64>(this.base + (<usize>this.pos << 3));
    this.pos++;
    return v;
  }
}

// One stream for all batch entry points: allocated once at module start (the stub runtime never frees).
const stream = new DrawStream();

/** Resets the shared DrawStream to read from `drawsPtr` (f64 values) and returns it. */
export function drawStreamAt(drawsPtr: usize): DrawStream {
  stream.base = drawsPtr;
  stream.pos = 0;
  return stream;
}

/** proc_chance: exactly one draw; true when draw < chance. */
@inline
export function procChance<R>(chance: f64, rng: R): bool {
  return rng.next() < chance;
}

/**
 * roll_tier: exactly one draw r; index of the first of the `n` ascending cumulative thresholds
 * (f64 at `thresholdsPtr`) with r < threshold; `n` when none (also for n = 0, still one draw).
 */
export function rollTier<R>(thresholdsPtr: usize, n: i32, rng: R): i32 {
  const r = rng.next();
  for (let i = 0; i < n; i++) {
    if (r < load<f64>(thresholdsPtr + (<usize>i << 3))) return i;
  }
  return n;
}

/**
 * shuffle_pick: partial Fisher–Yates over the n i32 items at `itemsPtr`, in place; exactly k draws:
 *   for i in 0..k-1: j = i + floor(draw * (n - i)); swap(a[i], a[j])
 * Afterwards items[0..k-1] are the picks. The caller guarantees 0 <= k <= n.
 */
export function shufflePickInPlace<R>(itemsPtr: usize, n: i32, k: i32, rng: R): void {
  for (let i = 0; i < k; i++) {
    const j = i + <i32>Math.floor(rng.next() * <f64>(n - i));
    const pi = itemsPtr + (<usize>i << 2);
    const pj = itemsPtr + (<usize>j << 2);
    const tmp = load<i32>(pi);
    store<i32>(pi, load<i32>(pj));
    store<i32>(pj, tmp);
  }
}

// ---- batch entry points (exported; one boundary crossing per batch) ----

/**
 * For each i < n: out[i] = procChance(chances[i], draws) ? 1 : 0. Consumes exactly n draws.
 * Returns the number of draws consumed.
 */
export function procChanceBatch(chancesPtr: usize, n: i32, drawsPtr: usize, outPtr: usize): i32 {
  const rng = drawStreamAt(drawsPtr);
  for (let i = 0; i < n; i++) {
    store<f64>(outPtr + (<usize>i << 3), procChance(load<f64>(chancesPtr + (<usize>i << 3)), rng) ? 1.0 : 0.0);
  }
  return rng.pos;
}

/**
 * n independent rollTier calls on the same `m` thresholds; out[i] = tier (as f64).
 * Returns the number of draws consumed (n).
 */
export function rollTierBatch(thresholdsPtr: usize, m: i32, n: i32, drawsPtr: usize, outPtr: usize): i32 {
  const rng = drawStreamAt(drawsPtr);
  for (let i = 0; i < n; i++) {
    store<f64>(outPtr + (<usize>i << 3), <f64>rollTier(thresholdsPtr, m, rng));
  }
  return rng.pos;
}

/**
 * `reps` consecutive shufflePickInPlace(k of n) calls on the same item buffer (each continues from the
 * previous permutation); after rep r the k picks are copied to out[r*k .. r*k+k-1].
 * Returns the number of draws consumed (reps * k).
 */
export function shufflePickBatch(itemsPtr: usize, n: i32, k: i32, reps: i32, drawsPtr: usize, outPtr: usize): i32 {
  const rng = drawStreamAt(drawsPtr);
  for (let r = 0; r < reps; r++) {
    shufflePickInPlace(itemsPtr, n, k, rng);
    memory.copy(outPtr + (<usize>(r * k) << 2), itemsPtr, <usize>k << 2);
  }
  return rng.pos;
}
