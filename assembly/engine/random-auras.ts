// Random aura sets (op 24, OP_RANDOM_AURAS; docs/engine-image.md "Random aura sets"): one op draws how
// many auras of a pool come up, then which ones, with the engine's RNG (so a seed fixes every draw).
// Outlaw's Roll the Bones is the first user: in 12.0 it grants one of four cumulative tiers of Jackpot
// (1214909's description: "1 set or better ... 2 sets or better ... 3 sets or better ... Jackpot"); the
// older game versions drew a random subset of six buffs. Both shapes are modes of this one draw:
//   mode 0 (subset): k distinct auras chosen uniformly from the pool (a partial Fisher-Yates shuffle);
//   mode 1 (tiers):  the first k auras of the pool, in pool order (tier k includes tiers 1..k-1).
// k comes from the op's weights: weight i (i = 1..n) is the probability of drawing i auras; the host
// encoder checks that they are in [0, 1] and sum to 1. A "bump" aura (Loaded Dice: "improves the result
// of your next Roll the Bones by one level"), when up, adds one to k (at most n) and is consumed.
//
// Pool layout (f64 slots from `start`): mode, bump aura index + 1 (0 = none), n aura indices, n weights.
// The engine removes every pool aura first (a new roll replaces the previous result), then applies
// picks 0..k-1. This file only draws; engine.ts applies and removes (it owns the aura state).

import { Xorshift64 } from "../rng";

/** Largest pool a draw supports (the host encoder enforces it). */
export const RA_MAX_POOL: i32 = 16;

const picks = memory.data(RA_MAX_POOL * 4);
const order = memory.data(RA_MAX_POOL * 4);

// @ts-ignore: decorator
@inline function slot(pool: usize, i: i32): f64 {
  return load<f64>(pool + (<usize>i << 3));
}

/** The draw's mode (0 subset, 1 tiers). */
export function raMode(pool: usize, start: i32): i32 {
  return <i32>slot(pool, start);
}

/** The bump aura (-1 = none). */
export function raBumpAura(pool: usize, start: i32): i32 {
  return <i32>slot(pool, start + 1) - 1;
}

/** Pool aura `i` (0-based). */
export function raAura(pool: usize, start: i32, i: i32): i32 {
  return <i32>slot(pool, start + 2 + i);
}

/** How many auras come up: the smallest k whose cumulative weight reaches one uniform draw. */
export function raDrawCount(pool: usize, start: i32, n: i32, rng: Xorshift64): i32 {
  const u = rng.next();
  let cum = 0.0;
  for (let k = 1; k <= n; k++) {
    cum += slot(pool, start + 2 + n + (k - 1));
    if (u < cum) return k;
  }
  return n; // rounding: the weights sum to 1 within float error
}

/**
 * Fills the picks with k auras of the pool (mode 0: k distinct ones uniformly at random, one draw per
 * pick; mode 1: the first k) and returns k. Read them with raPick(0..k-1).
 */
export function raChoose(pool: usize, start: i32, n: i32, k: i32, rng: Xorshift64): i32 {
  const m = k < n ? k : n;
  if (raMode(pool, start) == 1) {
    for (let i = 0; i < m; i++) store<i32>(picks + (<usize>i << 2), raAura(pool, start, i));
    return m;
  }
  for (let i = 0; i < n; i++) store<i32>(order + (<usize>i << 2), i);
  for (let i = 0; i < m; i++) {
    // partial Fisher-Yates: position i takes a uniformly chosen one of the n - i not yet picked
    const j = i + <i32>Math.floor(rng.next() * <f64>(n - i));
    const jj = j < n ? j : n - 1;
    const a = load<i32>(order + (<usize>i << 2));
    const b = load<i32>(order + (<usize>jj << 2));
    store<i32>(order + (<usize>i << 2), b);
    store<i32>(order + (<usize>jj << 2), a);
    store<i32>(picks + (<usize>i << 2), raAura(pool, start, b));
  }
  return m;
}

/** Pick `i` of the last raChoose. */
export function raPick(i: i32): i32 {
  return load<i32>(picks + (<usize>i << 2));
}
