// Random mastery rolls (manifest mastery kind "random", H_MASTERY_KIND = MASTERY_RANDOM; docs/engine-image.md
// "Random mastery"). Destruction's Chaotic Energies (77220): "Your spells deal ${$s1/2}.1% increased
// damage, plus a random amount of up to ${$s1/2}.1% additional increased damage." The host encodes half the
// mastery value as the mastery coefficient, so the engine's ordinary mastery multiplier m = 1 + h is the
// fixed half; each hit that mastery applies to draws U in [0, 1) from the engine's seeded generator and
// is multiplied by m + U * (m - 1) = 1 + h + U * h instead. Deterministic: the draw comes from the same
// per-iteration stream as every other roll, after the crit roll of the hit.
import { Xorshift64 } from "../rng";

/** Mastery kind code of the random roll (docs/engine-image.md; allocation: destruction, issue 17). */
export const MASTERY_RANDOM: i32 = 9;

/** Read once at load: true only for a spec whose mastery rolls (every other spec skips the draw). */
export let masteryRolls: bool = false;

export function masteryRandomLoad(kind: i32): void {
  masteryRolls = kind == MASTERY_RANDOM;
}

/**
 * The mastery factor of one hit: `mm` (1 + h, or 1.0 where mastery does not apply) plus a uniform share
 * of the same bonus. An entry mastery does not reach (mm == 1) draws nothing.
 */
// @ts-ignore: decorator
@inline export function masteryRoll(mm: f64, rng: Xorshift64): f64 {
  return mm > 1.0 ? mm + rng.next() * (mm - 1.0) : mm;
}
