// Typed errors of the stats layer (spec "Errors": StatsError::MissingCurve, StatsError::MissingCombatRating).
// Rating conversion never falls back to "no diminishing returns" or a default divisor: it throws one of these.
import { CombatsimError } from "../errors.js";

export type StatsErrorCode =
  /** The diminishing-returns curve has no CurvePoint rows (spec: StatsError::MissingCurve). */
  | "MISSING_CURVE"
  /** No usable combat-rating divisor for (stat, level) (spec: StatsError::MissingCombatRating). */
  | "MISSING_COMBAT_RATING"
  /** The curve exists but cannot be evaluated as a piecewise-linear curve (bad cell, x order, curve type). */
  | "INVALID_CURVE"
  /** A caller-supplied number (rating, level, primary, coefficient) is not a finite number. */
  | "INVALID_STATS_INPUT";

export class StatsError extends CombatsimError {
  declare readonly code: StatsErrorCode;
  /** The curve id involved (MISSING_CURVE / INVALID_CURVE). */
  readonly curveId?: number;
  /** The stat involved (MISSING_COMBAT_RATING), e.g. "crit". */
  readonly stat?: string;
  /** The character level involved (MISSING_COMBAT_RATING). */
  readonly level?: number;

  constructor(
    code: StatsErrorCode,
    message: string,
    detail: { curveId?: number; stat?: string; level?: number } = {},
  ) {
    super(code, message);
    if (detail.curveId !== undefined) this.curveId = detail.curveId;
    if (detail.stat !== undefined) this.stat = detail.stat;
    if (detail.level !== undefined) this.level = detail.level;
  }

  static missingCurve(curveId: number, where: string): StatsError {
    return new StatsError(
      "MISSING_CURVE",
      `missing curve: curve ${curveId} has no points in ${where} (diminishing returns are never skipped)`,
      { curveId },
    );
  }

  static missingCombatRating(stat: string, level: number, why: string): StatsError {
    return new StatsError("MISSING_COMBAT_RATING", `missing combat rating: stat ${stat} at level ${level}: ${why}`, {
      stat,
      level,
    });
  }

  static invalidCurve(curveId: number, why: string): StatsError {
    return new StatsError("INVALID_CURVE", `invalid curve ${curveId}: ${why}`, { curveId });
  }

  static invalidInput(field: string, value: unknown): StatsError {
    return new StatsError("INVALID_STATS_INPUT", `invalid stats input: field "${field}" must be a finite number, got ${String(value)}`);
  }
}
