// Combat stats sheet and its recompute from ratings (spec "Combat stats", "Recompute", Limits).
// Field names are the spec's, in camelCase (the host library surface is camelCase).
import { StatsError } from "./errors.js";
import type { RatingConverter } from "./ratings.js";

/** All percent fields are percent points: 25.0 means 25 %. */
export interface CombatStats {
  attackPower: number;
  spellPower: number;
  /** percent points, base crit included */
  crit: number;
  haste: number;
  /** percent points after the spec's mastery coefficient */
  mastery: number;
  versatility: number;
  /** extra crit damage in percent points: 0 keeps the 2.0 multiplier, 50 makes it 2.5 */
  critDamageBonus: number;
}

/** Spec Limits: base crit, in percent points. */
export const BASE_CRIT_PCT = 5;
/** Spec Limits: default crit multiplier. */
export const DEFAULT_CRIT_MULTIPLIER = 2.0;

/** Default stats for introspection (spec "Combat stats"); frozen so nobody mutates the shared copy. */
export const DEFAULT_STATS: Readonly<CombatStats> = Object.freeze({
  attackPower: 15000,
  spellPower: 15000,
  crit: 25,
  haste: 15,
  mastery: 40,
  versatility: 5,
  critDamageBonus: 0,
});

/** crit_multiplier() = 2.0 + crit_damage_bonus / 100. */
export function critMultiplier(stats: Pick<CombatStats, "critDamageBonus">): number {
  return DEFAULT_CRIT_MULTIPLIER + stats.critDamageBonus / 100;
}

export interface RecomputeInput {
  /** character level: selects the CombatRatings row */
  level: number;
  /** the spec's primary attribute (strength, agility or intellect) */
  primary: number;
  critRating: number;
  hasteRating: number;
  masteryRating: number;
  versatilityRating: number;
  /** the spec's mastery coefficient: percent per mastery point */
  masteryCoefficient: number;
  /** defaults to 0 (crit multiplier 2.0) */
  critDamageBonus?: number;
}

/**
 * Spec "Recompute":
 *   attack power = spell power = primary
 *   crit        = 5.0 + crit% (rating -> DR curve 21024)
 *   haste       = haste%
 *   mastery     = mastery points (rating -> curve 21024) * mastery coefficient
 *   versatility = versatility%
 * Missing curve / divisor surfaces as StatsError from the converter; non-finite input as INVALID_STATS_INPUT.
 */
export function recompute(input: RecomputeInput, converter: RatingConverter): CombatStats {
  const fields = [
    "level",
    "primary",
    "critRating",
    "hasteRating",
    "masteryRating",
    "versatilityRating",
    "masteryCoefficient",
  ] as const;
  for (const f of fields) {
    const v: unknown = input[f];
    if (typeof v !== "number" || !Number.isFinite(v)) throw StatsError.invalidInput(f, v);
  }
  const critDamageBonus = input.critDamageBonus ?? 0;
  if (!Number.isFinite(critDamageBonus)) throw StatsError.invalidInput("critDamageBonus", critDamageBonus);

  const { level } = input;
  return {
    attackPower: input.primary,
    spellPower: input.primary,
    crit: BASE_CRIT_PCT + converter.percent("crit", input.critRating, level),
    haste: converter.percent("haste", input.hasteRating, level),
    mastery: converter.percent("mastery", input.masteryRating, level) * input.masteryCoefficient,
    versatility: converter.percent("versatility", input.versatilityRating, level),
    critDamageBonus,
  };
}
