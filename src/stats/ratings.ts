// Rating -> percent (spec "Rating to percent").
//
//   raw    = rating / divisor(stat, level)          divisor from the CombatRatings game table
//   result = curve(raw)                              21024 for secondaries, 21025 for tertiaries
//
// Units: the DR curves take and return percent points (x = 30 means 30 %), the same unit as `raw`.
// This matches how SimulationCraft feeds them (player_t::apply_combat_rating_dr passes value * 100
// and divides the curve result by 100). For mastery the unit is "mastery points" (rating / the
// Mastery divisor), which pass through the same secondary curve before the spec's mastery
// coefficient is applied (see recompute.ts).
//
// CombatRatings is a GameTable ("gt"), not a DB2: one row per character level, keyed by a `Level`
// column (no `ID`), one column per rating named as in the client's GameTables/CombatRatings.txt
// (the names SimulationCraft's dbc_extract reads): "Crit - Melee", "Haste - Melee", "Mastery",
// "Versatility - Damage Done", "Lifesteal", "Speed", "Avoidance". Melee/ranged/spell columns hold
// the same value in the modern game; the melee one is used.
import type { DataBundle, Row, Table } from "../data/types.js";
import { type Curve, evaluateLoadedCurve, loadCurve } from "./curve.js";
import { StatsError } from "./errors.js";

/** DR curve for crit, haste, mastery, versatility (SimulationCraft DIMINISHING_RETURN_SECONDARY_CR_CURVE). */
export const SECONDARY_DR_CURVE = 21024;
/** DR curve for leech, speed, avoidance (SimulationCraft DIMINISHING_RETURN_TERTIARY_CR_CURVE). */
export const TERTIARY_DR_CURVE = 21025;

export type SecondaryStat = "crit" | "haste" | "mastery" | "versatility";
export type TertiaryStat = "leech" | "speed" | "avoidance";
export type RatingStat = SecondaryStat | TertiaryStat;

export const SECONDARY_STATS: readonly SecondaryStat[] = Object.freeze(["crit", "haste", "mastery", "versatility"]);
export const TERTIARY_STATS: readonly TertiaryStat[] = Object.freeze(["leech", "speed", "avoidance"]);

/** CombatRatings game-table column holding each stat's divisor (rating per 1 percent point). */
export const COMBAT_RATING_COLUMNS: Readonly<Record<RatingStat, string>> = Object.freeze({
  crit: "Crit - Melee",
  haste: "Haste - Melee",
  mastery: "Mastery",
  versatility: "Versatility - Damage Done",
  leech: "Lifesteal",
  speed: "Speed",
  avoidance: "Avoidance",
});

export const COMBAT_RATINGS_TABLE = "CombatRatings";
export const COMBAT_RATINGS_LEVEL_COLUMN = "Level";

function isSecondary(stat: RatingStat): stat is SecondaryStat {
  return (SECONDARY_STATS as readonly string[]).includes(stat);
}

export class RatingConverter {
  readonly secondaryCurve: Curve;
  readonly tertiaryCurve: Curve;
  private readonly ratings: Table;

  constructor(secondaryCurve: Curve, tertiaryCurve: Curve, combatRatings: Table) {
    this.secondaryCurve = secondaryCurve;
    this.tertiaryCurve = tertiaryCurve;
    this.ratings = combatRatings;
  }

  /**
   * Build from a data bundle. Both DR curves are loaded and validated up front, so a bundle without
   * them fails here (MISSING_CURVE / INVALID_CURVE) instead of mid-run. Divisors are looked up per
   * call because the level is only known then.
   */
  static fromBundle(bundle: DataBundle): RatingConverter {
    return new RatingConverter(
      loadCurve(bundle, SECONDARY_DR_CURVE),
      loadCurve(bundle, TERTIARY_DR_CURVE),
      bundle.table(COMBAT_RATINGS_TABLE),
    );
  }

  /** Rating needed for 1 percent point (1 mastery point for mastery) of `stat` at `level`. */
  divisor(stat: RatingStat, level: number): number {
    if (!Number.isFinite(level)) throw StatsError.invalidInput("level", level);
    const column = COMBAT_RATING_COLUMNS[stat];
    if (column === undefined) throw StatsError.missingCombatRating(String(stat), level, "unknown rating stat");
    if (!this.ratings.columns.includes(column)) {
      throw StatsError.missingCombatRating(stat, level, `${COMBAT_RATINGS_TABLE}.csv has no column "${column}"`);
    }
    const row: Row | undefined = this.ratings.oneByFk(COMBAT_RATINGS_LEVEL_COLUMN, level);
    if (row === undefined) {
      throw StatsError.missingCombatRating(stat, level, `${COMBAT_RATINGS_TABLE}.csv has no row with Level ${level}`);
    }
    const v = row[column];
    // A zero or negative divisor would turn any rating into Infinity/NaN percent: treat it as missing.
    if (typeof v !== "number" || !Number.isFinite(v) || v <= 0) {
      throw StatsError.missingCombatRating(
        stat,
        level,
        `${COMBAT_RATINGS_TABLE}.csv Level ${level} column "${column}" is ${String(v)}, not a positive number`,
      );
    }
    return v;
  }

  /** rating / divisor, before diminishing returns. */
  rawPercent(stat: RatingStat, rating: number, level: number): number {
    if (!Number.isFinite(rating)) throw StatsError.invalidInput(`${stat}Rating`, rating);
    return rating / this.divisor(stat, level);
  }

  /** The DR curve a stat goes through. */
  curveFor(stat: RatingStat): Curve {
    return isSecondary(stat) ? this.secondaryCurve : this.tertiaryCurve;
  }

  /** Rating -> percent points (mastery: mastery points) after diminishing returns. */
  percent(stat: RatingStat, rating: number, level: number): number {
    return evaluateLoadedCurve(this.curveFor(stat), this.rawPercent(stat, rating, level));
  }
}
