// Mastery-raised per-stack multipliers (docs/engine-image.md "Mastery-raised stacks", effect type 15):
// an additive per-stack damage effect whose percent per stack grows with mastery points x a coefficient
// (Mastery: Savant 190740 effects 2/3 raise Arcane Charge's +60 % Arcane Blast / +90 % Arcane Barrage per
// charge by 1.2 / 0.84 percent points per mastery point). recomputeStats writes such an effect's entry
// with its base per-stack value first and records it here; once the loop has summed every mastery
// effect it calls msApply with the final mastery, which rewrites the entries. Specs without the effect
// type never record one (msN stays 0: one integer test per recompute).

const MS_MAX: i32 = 16;
// per record: entry address (as f64), base per-stack fraction (value - 1), stacks, coefficient
const msBuf: usize = memory.data(MS_MAX * 32);
let msN: i32 = 0;

export function msReset(): void {
  msN = 0;
}

/** Records the actSpells entry at `p` (its multiplier is rewritten by msApply). Beyond MS_MAX: the base value stays. */
export function msRecord(p: usize, perStack: f64, stacks: i32, coef: f64): void {
  if (msN >= MS_MAX) return;
  const at = msBuf + <usize>msN * 32;
  store<f64>(at, <f64>p);
  store<f64>(at, perStack, 8);
  store<f64>(at, <f64>stacks, 16);
  store<f64>(at, coef, 24);
  msN++;
}

/** 1 + (base per-stack + mastery x coef / 100) x stacks into every recorded entry. */
export function msApply(mastery: f64): void {
  for (let i = 0; i < msN; i++) {
    const at = msBuf + <usize>i * 32;
    const per = load<f64>(at, 8) + (mastery * load<f64>(at, 24)) / 100.0;
    store<f64>(<usize>load<f64>(at), 1.0 + per * load<f64>(at, 16));
  }
}

export function msPending(): i32 {
  return msN;
}
