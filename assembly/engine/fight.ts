// Fight length variation (docs/fights.md "Fight length"). SimulationCraft varies every iteration's
// encounter length uniformly within ± vary_combat_length (default 0.2) of max_time, so fights end at
// different times and the per-second chart tails off instead of stopping on one cliff.
//
// The length of an iteration is a pure function of its seed (the same u64 that seeds the combat RNG),
// drawn through its own mixer: the combat RNG's stream is untouched, the draw does not depend on which
// worker or chunk order ran the iteration, and the representative replay redraws the same length.
// With vary = 0 every iteration lasts the configured length (the engine's behaviour before this file).

/** The configured encounter length (image header H_DURATION), ms. */
let baseMs: i64 = 0;
/** The ± fraction (image header H_VARY_LENGTH), in [0, 1). */
let vary: f64 = 0;
/** Health mode: an iteration may run to this multiple of its drawn length (health.ts HEALTH_CAP_FACTOR). */
let capFactor: i64 = 1;

const INV_2_53: f64 = 1.0 / 9007199254740992.0;
/** Keeps the length draw's input apart from the combat RNG's state (any odd constant; "fight" in ASCII). */
const FIGHT_SALT: u64 = 0x6669676874000001;

export function fightLoad(base: i64, varyFraction: f64, cap: i64): void {
  baseMs = base;
  capFactor = cap;
  vary = varyFraction > 0 ? varyFraction : 0;
}

/** The longest an iteration can last (sizes the per-second buckets): the longest drawn length × the cap factor. */
export function fightMaxMs(): i64 {
  return (vary > 0 ? <i64>Math.ceil(<f64>baseMs * (1.0 + vary)) : baseMs) * capFactor;
}

/**
 * The encounter length of the iteration seeded with `seed`: round(base × (1 + vary × (2u − 1))) with u
 * uniform in [0, 1) from a splitmix64 finalizer of the seed (at least 1 ms).
 */
export function fightLengthFor(seed: u64): i64 {
  if (vary == 0) return baseMs;
  let z = (seed ^ FIGHT_SALT) + 0x9e3779b97f4a7c15;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  z ^= z >> 31;
  const u = <f64>(<i64>(z >> 11)) * INV_2_53;
  const ms = <i64>Math.round(<f64>baseMs * (1.0 + vary * (2.0 * u - 1.0)));
  return ms > 0 ? ms : 1;
}
