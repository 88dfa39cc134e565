// Costs that grow with an aura's stacks (docs/engine-image.md "Stack-scaled costs"): a spell's primary cost
// is multiplied by 1 + perStack x the aura's stacks when it is checked and when it is paid (Arcane Blast:
// +100 % mana per Arcane Charge, Arcane Charge 36032 effect 5). The rules travel in the image pool (header
// slots 79/80): 3 f64 per rule: spell, aura, fraction added per stack. A spell with a rule leaves the cast
// checks' one-resource fast path (castReady's CRF_SIMPLE, the pipeline's general cost path), so specs
// without rules pay nothing: the engine tests `stackCostOn` (read once at load) before any lookup.

/** Pool address of the first rule (0: none). */
let scAt: usize = 0;
/** Number of rules; 0 for every spec without one. */
export let stackCostOn: i32 = 0;

export function stackCostLoad(pool: usize, start: i32, count: i32): void {
  stackCostOn = count > 0 ? count : 0;
  scAt = count > 0 ? pool + (<usize>start << 3) : 0;
}

function ruleOf(spell: i32): i32 {
  for (let i = 0; i < stackCostOn; i++) {
    if (<i32>load<f64>(scAt + <usize>i * 24) == spell) return i;
  }
  return -1;
}

/** Whether `spell` has a rule (load time: it then takes the general cost paths). */
export function stackCostHas(spell: i32): bool {
  return stackCostOn > 0 && ruleOf(spell) >= 0;
}

/** The rule's aura index for `spell`, -1 when it has none. */
export function stackCostAura(spell: i32): i32 {
  const i = ruleOf(spell);
  return i < 0 ? -1 : <i32>load<f64>(scAt + <usize>i * 24 + 8);
}

/** The fraction of the base cost added per stack (0 when `spell` has no rule). */
export function stackCostPerStack(spell: i32): f64 {
  const i = ruleOf(spell);
  return i < 0 ? 0.0 : load<f64>(scAt + <usize>i * 24 + 16);
}
