// Residual spread (manifest op `spread_bank`; layout.ts OP_SPREAD_BANK; docs/engine-image.md "Residual spread").
// Fire's Ignition (1254756): "Fire Blast now spreads $s3% of your target's Ignite to $s1 enemies" — the share is
// Mastery: Ignite (12846) effect 2, the count its effect 5, both raised by talents (Master of Flame, Wildfire).
// The engine adds share x the current target's undealt bank to the same residual aura on up to `count` other
// enemies, (re)applying it there as a bank_damage op would; the source keeps its own bank.
//
// The enemies are identical, so which ones receive the spread changes nothing but whose instances carry it:
// the first `count` enemies after the current one in target order (wrapping), so a spread from enemy 0 reaches
// 1, 2, 3 and one from enemy 2 reaches 3, 0, 1.
import { targetCount } from "./targets";

/** How many enemies a spread of `count` reaches: min(count, enemies - 1). */
export function spreadCount(count: i32): i32 {
  const others = targetCount() - 1;
  return count < others ? count : others;
}

/** The k-th receiving enemy (k from 0) of a spread from enemy `cur`. */
export function spreadTarget(cur: i32, k: i32): i32 {
  return (cur + 1 + k) % targetCount();
}
