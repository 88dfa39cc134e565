// Stats layer: combat stats sheet, rating -> percent with the client's DR curves, recompute.
export { StatsError, type StatsErrorCode } from "./errors.js";
export { type Curve, type CurvePoint, evaluateCurve, evaluateLoadedCurve, loadCurve, makeCurve } from "./curve.js";
export {
  COMBAT_RATING_COLUMNS,
  COMBAT_RATINGS_LEVEL_COLUMN,
  COMBAT_RATINGS_TABLE,
  RatingConverter,
  type RatingStat,
  SECONDARY_DR_CURVE,
  SECONDARY_STATS,
  type SecondaryStat,
  TERTIARY_DR_CURVE,
  TERTIARY_STATS,
  type TertiaryStat,
} from "./ratings.js";
export {
  BASE_CRIT_PCT,
  type CombatStats,
  critMultiplier,
  DEFAULT_CRIT_MULTIPLIER,
  DEFAULT_STATS,
  recompute,
  type RecomputeInput,
} from "./combat-stats.js";
