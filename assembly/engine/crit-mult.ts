// Crit-chance multipliers per damage entry (docs/engine-image.md "Crit-chance multipliers"): a talent's
// "Add Percent Modifier: Spell Critical Chance" scales the crit chance of the spells it lists (Frost's
// Improved Shatter 1246811: Shatter's crit chance x 1.5). The factor multiplies the character's crit
// chance before the entry's flat crit bonus is added; it is read once per stats version (prepareHitVar),
// never per hit.
//
// Pairs travel in the image pool (header slots 83/84): 2 f64 per entry with a factor: damage entry,
// factor. At load they become one f64 per damage entry; entries without a pair get 1.0.

let cmTab: usize = 0;

/** Bytes the per-entry table needs (engine arena). */
export function critMultBytes(nDamage: i32): usize {
  return <usize>nDamage << 3;
}

/**
 * Fills the per-entry table at `tab` from `count` pairs at f64 slot `start` of the pool (`pool`: its
 * byte address). Entries and factors are validated by the host encoder (0 <= entry < nDamage, factor >= 0).
 */
export function critMultLoad(tab: usize, nDamage: i32, pool: usize, start: i32, count: i32): void {
  cmTab = tab;
  for (let d = 0; d < nDamage; d++) store<f64>(tab + (<usize>d << 3), 1.0);
  for (let k = 0; k < count; k++) {
    const src = pool + (<usize>(start + 2 * k) << 3);
    store<f64>(tab + (<usize>(<i32>load<f64>(src)) << 3), load<f64>(src, 8));
  }
}

/** Crit-chance factor of damage entry `d` (1.0 without a rule). */
export function critMultOf(d: i32): f64 {
  return load<f64>(cmTab + (<usize>d << 3));
}
