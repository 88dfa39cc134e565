// Spec mechanisms of issue 17 (Subtlety Rogue), general manifest features any spec may use:
//
// - Mastery kind MASTERY_SPELLS: mastery multiplies only the damage entries of a spell list (header
//   H_MASTERY_SPELLS_START / _LEN, a pool list of damage-entry spell indices). Mastery: Executioner
//   (76808) raises finishing moves only. The list is copied here once at load; the engine asks it while
//   preparing each damage entry's constant part (load time), never per hit.
// - Attack speed (effect type E_ATTACK_SPEED): the player's auto attack swings take 1 / (1 + x / 100)
//   as long while the aura is up (Slice and Dice 315496 #1 `Modify Ranged and Melee Auto Attack
//   Speed%`). The engine folds the product of these factors into the swing-time divisor next to haste;
//   with no such aura the divisor is the haste divisor bit for bit (x * 1.0 == x).
// - Finisher points of the current cast: a damage op flagged "per point" (OP_DEAL_DAMAGE b = 1) deals
//   its hit x the combo points the cast spent, like the finisher's own damage (Secret Technique's shadow
//   clones, 282449).

/** Damage-entry spell indices mastery multiplies (kind MASTERY_SPELLS). */
let spellList = new StaticArray<i32>(0);
let spellCount: i32 = 0;

export function masterySpellsReset(count: i32): void {
  if (spellList.length < count) spellList = new StaticArray<i32>(count);
  spellCount = count;
}

export function masterySpellsSet(i: i32, spell: i32): void {
  if (<u32>i < <u32>spellCount) unchecked((spellList[i] = spell));
}

/** Whether mastery (kind MASTERY_SPELLS) multiplies the damage entries reported as `spell`. */
export function masterySpellsHas(spell: i32): bool {
  for (let i = 0; i < spellCount; i++) if (unchecked(spellList[i]) == spell) return true;
  return false;
}

/** Product of the active attack-speed effects' factors (1 + x / 100)^stacks; 1 with none. */
export let attackSpeedMul: f64 = 1.0;

export function setAttackSpeedMul(m: f64): void {
  attackSpeedMul = m;
}

/** Combo points (the finisher's secondary resource) spent by the cast being resolved; 0 outside one. */
export let castFinisherPoints: f64 = 0;

export function setCastFinisherPoints(p: f64): void {
  castFinisherPoints = p;
}
