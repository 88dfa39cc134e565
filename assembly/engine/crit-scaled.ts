// Hits scaled by the crit chance (manifest damage.crit_chance_scales; header slots 99/100, docs/engine-image.md
// "Crit-scaled hits"). Chaos Bolt (116858): "dealing a critical strike ... Damage is further increased by
// your critical strike chance": the entry's multiplier is x (1 + the caster's crit chance) (the chance of
// the stats the hit uses, before the entry's own crit bonus), folded into the HitPrep multiplier whenever
// the stats change, so a hit costs nothing extra.
//
// The pool holds the damage entry indices (1 f64 each). At load they become one flag byte per entry.

let csTab: usize = 0;
/** Number of crit-scaled entries (0: no entry is flagged). */
export let csCount: i32 = 0;

/** Bytes the per-entry flag table needs (engine arena). */
export function critScaledBytes(nDamage: i32): usize {
  return <usize>nDamage;
}

/** Fills the flags at `tab` from `count` entry indices at f64 slot `start` of the pool (`pool`: its byte address). */
export function critScaledLoad(tab: usize, nDamage: i32, pool: usize, start: i32, count: i32): void {
  csTab = tab;
  csCount = count;
  memory.fill(tab, 0, <usize>nDamage);
  for (let k = 0; k < count; k++) {
    const d = <i32>load<f64>(pool + (<usize>(start + k) << 3));
    store<u8>(tab + <usize>d, 1);
  }
}

/** Whether damage entry `d` is multiplied by 1 + crit chance. */
export function critScaled(d: i32): bool {
  return csCount > 0 && load<u8>(csTab + <usize>d) != 0;
}
