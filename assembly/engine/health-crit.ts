// Health-gated guaranteed crits (docs/engine-image.md "Health-gated crits"): a damage entry may always
// crit while the target's health is above one threshold and/or below another (Fire: Firestarter makes
// Fireball and Pyroblast crit above 90 % health, the Scorch talent makes Fireball crit below 30 %).
// The target's health is the engine's linear model, the same expression as the rotation's
// `target.health.pct` (100 % at pull, 0 % at durationMs), so the rule needs no event of its own.
//
// Rules travel in the image pool (header slots 61/62): 3 f64 per rule: damage entry, above, below
// (percent; above = 100 / below = 0 disable that side). At load they become one (above, below) pair
// per damage entry; an entry without a rule gets (+inf, -inf) and never matches.

const HC_BYTES: usize = 16;

let hcTab: usize = 0;
/** Number of damage entries with a rule (0: dealDamage skips the lookup entirely). */
export let hcRules: i32 = 0;

/** Bytes the per-entry table needs (engine arena). */
export function healthCritBytes(nDamage: i32): usize {
  return <usize>nDamage * HC_BYTES;
}

/**
 * Fills the per-entry table at `tab` from `count` rules at f64 slot `start` of the pool (`pool`: its
 * byte address). Entries are validated by the host encoder (0 <= entry < nDamage, one rule per entry).
 */
export function healthCritLoad(tab: usize, nDamage: i32, pool: usize, start: i32, count: i32): void {
  hcTab = tab;
  hcRules = count;
  for (let d = 0; d < nDamage; d++) {
    const r = tab + <usize>d * HC_BYTES;
    store<f64>(r, Infinity);
    store<f64>(r, -Infinity, 8);
  }
  for (let k = 0; k < count; k++) {
    const src = pool + (<usize>(start + 3 * k) << 3);
    const d = <i32>load<f64>(src);
    const r = tab + <usize>d * HC_BYTES;
    store<f64>(r, load<f64>(src, 8));
    store<f64>(r, load<f64>(src, 16), 8);
  }
}

/**
 * Crit chance of damage entry `d` at target health `healthPct`: 1 while the health is strictly above
 * the entry's upper threshold or strictly below its lower one, else `chance` unchanged.
 */
@inline export function healthCritChance(d: i32, chance: f64, healthPct: f64): f64 {
  const r = hcTab + <usize>d * HC_BYTES;
  return healthPct > load<f64>(r) || healthPct < load<f64>(r, 8) ? 1.0 : chance;
}
