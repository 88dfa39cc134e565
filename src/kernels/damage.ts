// DamageCalc (spec "Damage formula (DamageCalc)"), TS twin of assembly/damage.ts.
// Both twins evaluate the same f64 expressions in the same order, so they agree bit for bit
// given the same rng draws (checked by test/kernels-damage.test.ts on 100k+ random inputs).
import { KernelInputError, requireFinite } from "./primitives.js";
// Spec default crit multiplier (Limits: "default crit multiplier 2.0"); one definition, owned by stats.
import { DEFAULT_CRIT_MULTIPLIER } from "../stats/combat-stats.js";
export { DEFAULT_CRIT_MULTIPLIER };

export interface DamageInput {
  base: number;
  weaponMin: number;
  /** <= 0 means "no weapon": no weapon roll and no rng draw for it. */
  weaponMax: number;
  weaponMultiplier: number;
  coefficient: number;
  attackPower: number;
  /** Probability 0..1; clamped to [0, 1] before the roll. */
  critChance: number;
  /** Damage factor on a crit; {@link DEFAULT_CRIT_MULTIPLIER} when omitted. */
  critMultiplier?: number;
  /** Percent points (5 = +5 %). */
  versatility: number;
  /** Target armor; pass 0 for non-physical damage (armor applies to physical damage only). */
  armor: number;
  /** Armor constant K for the target level (expected-stats table). */
  armorK: number;
  damageMultiplier: number;
  /** 1 + resolved mastery / 100 when the spec's mastery applies to this hit, see {@link masteryMultiplier}. */
  masteryMultiplier: number;
}

export interface DamageResult {
  /** Step 2: base + weapon_roll * weapon_multiplier + coefficient * attack_power (before crit and modifiers). */
  raw: number;
  isCrit: boolean;
  /** Step 7: max(0, …); the zero floor is the only clamp. */
  finalAmount: number;
}

/**
 * Armor mitigation factor = 1 - armor / (armor + K), clamped to [0, 1].
 * - armor <= 0 → exactly 1 (no mitigation; negative armor never amplifies damage).
 * - armor > 0 and armor + K <= 0 (only possible with K <= 0, a degenerate constant) → 0. This is
 *   the clamp's limit: for K <= 0 and armor > 0, armor/(armor+K) is >= 1 or negative-infinite-side,
 *   so every K <= 0 yields 0 (fully mitigated) and we never divide by zero.
 * NaN in either argument → KernelInputError (the AS twin, which trusts its inputs, returns NaN).
 */
export function armorMitigation(armor: number, k: number): number {
  requireFinite("armorMitigation", "armor", armor);
  requireFinite("armorMitigation", "k", k);
  return armorMitigationUnchecked(armor, k);
}

/** {@link armorMitigation} without input validation (hot path; NaN propagates). */
export function armorMitigationUnchecked(armor: number, k: number): number {
  if (armor <= 0) return 1.0;
  const denom = armor + k;
  if (k <= 0 || denom <= 0) return 0.0;
  const m = 1.0 - armor / denom;
  // armor > 0 and K > 0 already keep m in (0, 1); the clamp is kept for the spec contract.
  return m < 0 ? 0.0 : m > 1 ? 1.0 : m;
}

const FIELDS = [
  "base",
  "weaponMin",
  "weaponMax",
  "weaponMultiplier",
  "coefficient",
  "attackPower",
  "critChance",
  "versatility",
  "armor",
  "armorK",
  "damageMultiplier",
  "masteryMultiplier",
] as const;

/**
 * The damage formula, 7 steps in spec order, drawing `rng` at most twice:
 *   draw 1 (only when weaponMax > 0): the weapon roll; draw 2 (always): the crit roll.
 * The crit draw is made even when the clamped crit chance is 0 or 1, so the stream position after a
 * hit depends only on whether the hit had a weapon. Every field must be a finite number (critMultiplier
 * may be omitted) and weaponMin <= weaponMax when weaponMax > 0; otherwise KernelInputError.
 */
export function damageCalc(input: DamageInput, rng: () => number): DamageResult {
  for (const f of FIELDS) requireFinite("damageCalc", f, input[f]);
  if (input.critMultiplier !== undefined) requireFinite("damageCalc", "critMultiplier", input.critMultiplier);
  if (input.weaponMax > 0 && input.weaponMin > input.weaponMax) {
    throw new KernelInputError("damageCalc", "weaponMin", input.weaponMin, `<= weaponMax (${input.weaponMax})`);
  }
  return damageCalcUnchecked(input, rng);
}

/** {@link damageCalc} without input validation: for hot loops and benchmarks whose inputs are known good. */
export function damageCalcUnchecked(input: DamageInput, rng: () => number): DamageResult {
  // 1. weapon roll (no draw without a weapon)
  let weaponRoll = 0.0;
  if (input.weaponMax > 0) weaponRoll = input.weaponMin + rng() * (input.weaponMax - input.weaponMin);
  // 2. raw
  const raw = input.base + weaponRoll * input.weaponMultiplier + input.coefficient * input.attackPower;
  // 3. crit roll against the clamped chance
  const c = input.critChance;
  const chance = c < 0 ? 0.0 : c > 1 ? 1.0 : c;
  const isCrit = rng() < chance;
  const factor = isCrit ? (input.critMultiplier ?? DEFAULT_CRIT_MULTIPLIER) : 1.0;
  // 4.–6. multiplicative modifiers, no additive buckets
  const afterCrit = raw * factor;
  const afterVers = afterCrit * (1.0 + input.versatility / 100.0);
  const afterArmor = afterVers * armorMitigationUnchecked(input.armor, input.armorK);
  // 7. the zero floor is the only clamp
  const finalAmount = Math.max(0.0, afterArmor * input.damageMultiplier * input.masteryMultiplier);
  return { raw, isCrit, finalAmount };
}

/** Mastery categories (spec: set per spec by the manifest). Numeric so the AS twin uses the same ids. */
export const MasteryKind = { UniformMult: 0, SchoolMult: 1 } as const;
export type MasteryKind = (typeof MasteryKind)[keyof typeof MasteryKind];

/** Resolved mastery = mastery percent × the spec's mastery coefficient (percent points). */
export function resolveMastery(masteryPct: number, masteryCoefficient: number): number {
  requireFinite("resolveMastery", "masteryPct", masteryPct);
  requireFinite("resolveMastery", "masteryCoefficient", masteryCoefficient);
  return masteryPct * masteryCoefficient;
}

/**
 * The mastery multiplier for one hit: 1 + resolvedMastery / 100 when the spec's mastery applies,
 * else exactly 1.
 * - UniformMult applies to all spec damage (the school masks are ignored).
 * - SchoolMult applies when the hit's school mask shares a bit with the mastery school mask
 *   (WoW school bits: 1 physical, 2 holy, 4 fire, 8 nature, 16 frost, 32 shadow, 64 arcane), so a
 *   multi-school spell (e.g. frostfire = 4|16) counts as that school too.
 * Unknown kind or non-finite resolved mastery → KernelInputError.
 */
export function masteryMultiplier(
  kind: MasteryKind,
  resolvedMasteryPct: number,
  masterySchoolMask: number,
  hitSchoolMask: number,
): number {
  requireFinite("masteryMultiplier", "resolvedMasteryPct", resolvedMasteryPct);
  if (kind === MasteryKind.UniformMult) return 1.0 + resolvedMasteryPct / 100.0;
  if (kind === MasteryKind.SchoolMult) {
    if (!Number.isInteger(masterySchoolMask)) {
      throw new KernelInputError("masteryMultiplier", "masterySchoolMask", masterySchoolMask, "an integer bit mask");
    }
    if (!Number.isInteger(hitSchoolMask)) {
      throw new KernelInputError("masteryMultiplier", "hitSchoolMask", hitSchoolMask, "an integer bit mask");
    }
    return (masterySchoolMask & hitSchoolMask) !== 0 ? 1.0 + resolvedMasteryPct / 100.0 : 1.0;
  }
  throw new KernelInputError("masteryMultiplier", "kind", kind, "MasteryKind.UniformMult (0) or SchoolMult (1)");
}
