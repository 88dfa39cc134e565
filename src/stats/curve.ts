// Piecewise-linear curves from the client's Curve / CurvePoint tables.
//
// Ordering decision: points are ordered by OrderIndex (the client's own order, as the game and
// TrinityCore's DB2Manager do), never re-sorted by Pos_0. Pos_0 must then be non-decreasing; a curve
// whose x goes backwards in OrderIndex order is rejected (INVALID_CURVE) rather than silently
// reinterpreted. Equal consecutive x values are allowed (a vertical step).
//
// Evaluation (same rule as the client's linear mode): with i = the first point whose x is strictly
// greater than the query x,
//   i == 0            -> y of the first point   (clamp below)
//   i == points.length -> y of the last point   (clamp above)
//   otherwise         -> linear between points i-1 and i (a zero-width step yields points[i].y).
// So an exact breakpoint returns that point's y, and the curve is right-continuous at a step.
import type { DataBundle, Row } from "../data/types.js";
import { StatsError } from "./errors.js";

export interface CurvePoint {
  /** Pos_0 */
  readonly x: number;
  /** Pos_1 */
  readonly y: number;
  /** OrderIndex */
  readonly order: number;
}

/** A curve ready to evaluate: points already in OrderIndex order and validated. */
export interface Curve {
  readonly id: number;
  readonly points: readonly CurvePoint[];
}

/**
 * Evaluate a piecewise-linear curve at x, clamped at both end points.
 * `points` may come in any row order; they are ordered by `order` (OrderIndex) first.
 * Throws StatsError MISSING_CURVE for an empty point list, INVALID_CURVE for non-finite values or
 * x decreasing along OrderIndex. `curveId` only labels error messages.
 */
export function evaluateCurve(points: readonly CurvePoint[], x: number, curveId = -1): number {
  if (!Number.isFinite(x)) throw StatsError.invalidInput("x", x);
  const sorted = orderPoints(points, curveId);
  return evaluateOrdered(sorted, x);
}

/** Build a validated curve (points in OrderIndex order). */
export function makeCurve(id: number, points: readonly CurvePoint[]): Curve {
  return Object.freeze({ id, points: orderPoints(points, id) });
}

/** Evaluate an already validated curve (no re-sorting on the hot path). */
export function evaluateLoadedCurve(curve: Curve, x: number): number {
  if (!Number.isFinite(x)) throw StatsError.invalidInput("x", x);
  return evaluateOrdered(curve.points, x);
}

function evaluateOrdered(points: readonly CurvePoint[], x: number): number {
  let i = 0;
  while (i < points.length && points[i]!.x <= x) i++;
  if (i === 0) return points[0]!.y;
  if (i === points.length) return points[points.length - 1]!.y;
  const a = points[i - 1]!;
  const b = points[i]!;
  const dx = b.x - a.x;
  if (dx === 0) return b.y;
  return a.y + ((x - a.x) / dx) * (b.y - a.y);
}

function orderPoints(points: readonly CurvePoint[], curveId: number): CurvePoint[] {
  if (points.length === 0) throw StatsError.missingCurve(curveId, "the given point list");
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y) || !Number.isFinite(p.order)) {
      throw StatsError.invalidCurve(curveId, `point (order ${p.order}) has a non-finite value: x=${p.x}, y=${p.y}`);
    }
  }
  const sorted = [...points].sort((p, q) => p.order - q.order);
  for (let k = 1; k < sorted.length; k++) {
    const prev = sorted[k - 1]!;
    const cur = sorted[k]!;
    if (cur.order === prev.order) {
      throw StatsError.invalidCurve(curveId, `two points share OrderIndex ${cur.order}`);
    }
    if (cur.x < prev.x) {
      throw StatsError.invalidCurve(
        curveId,
        `Pos_0 decreases along OrderIndex (order ${prev.order}: x=${prev.x}, order ${cur.order}: x=${cur.x})`,
      );
    }
  }
  return sorted;
}

/** Curve.Type values the client evaluates linearly (TrinityCore DetermineCurveType: default branch). */
const LINEAR_CURVE_TYPE = 0;

/**
 * Load one curve from a bundle: all CurvePoint rows with CurveID = id.
 * No rows -> MISSING_CURVE. A Curve row with a non-linear Type (cosine, Catmull-Rom, Bezier) ->
 * INVALID_CURVE, because only linear evaluation is implemented and guessing would be silent.
 * A Curve row is not required (the points are what the conversion needs).
 */
export function loadCurve(bundle: DataBundle, id: number): Curve {
  const table = bundle.table("CurvePoint");
  const rows = table.allByFk("CurveID", id);
  if (rows.length === 0) throw StatsError.missingCurve(id, `CurvePoint.csv (data dir ${bundle.dir})`);
  const header = bundle.table("Curve").byId(id);
  if (header !== undefined) {
    const type = header["Type"];
    if (type !== LINEAR_CURVE_TYPE) {
      throw StatsError.invalidCurve(id, `Curve.csv Type is ${String(type)}; only Type 0 (linear) is supported`);
    }
  }
  return makeCurve(
    id,
    rows.map((r) => ({ x: num(r, "Pos_0", id), y: num(r, "Pos_1", id), order: num(r, "OrderIndex", id) })),
  );
}

function num(row: Row, field: string, curveId: number): number {
  const v = row[field];
  if (typeof v !== "number" || !Number.isFinite(v)) {
    throw StatsError.invalidCurve(curveId, `CurvePoint.csv row ID ${String(row["ID"])} field ${field} is ${String(v)}, not a number`);
  }
  return v;
}
