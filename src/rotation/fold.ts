// Constant folding and the static properties of resolved expressions the compiler's passes ask
// (side-effect queries, time leaves, per-target leaves). Pure functions of RExpr trees.
import type { RExpr } from "./ast.js";
import { applyBinary, applyFn } from "./evaluate.js";
import { OP } from "./bytecode.js";
import { Q } from "./queries.js";

/** Comparison operators → their VM opcodes (also what makes a leaf fusable). */
export const CMP_OP: Record<string, number> = { eq: OP.EQ, ne: OP.NE, lt: OP.LT, le: OP.LE, gt: OP.GT, ge: OP.GE };

export const isConst = (e: RExpr): e is { kind: "const"; value: number } => e.kind === "const";
/** bool(x) as `x != 0` (NaN stays truthy, matching the VM). */
export const truthOf = (e: RExpr): RExpr => (isBoolValued(e) ? e : { kind: "bin", op: "ne", left: e, right: { kind: "const", value: 0 } });

const BOOL_OPS = new Set(["eq", "ne", "lt", "le", "gt", "ge", "and", "or"]);
/** Whether `e` always evaluates to 0 or 1 (comparisons, `!`, `&`, `|`: the VM's forms of them normalize), so
 *  its truth `e != 0` is `e` itself. */
const isBoolValued = (e: RExpr): boolean => e.kind === "not" || (e.kind === "bin" && BOOL_OPS.has(e.op)) || (e.kind === "const" && (e.value === 0 || e.value === 1));

/** Debuff/dot kinds → their current-target forms (assembly/rotation/queries.ts Q_TGT_*). */
export const TARGET_KIND: Record<number, number> = {
  [Q.DEBUFF_UP]: Q.TGT_UP,
  [Q.DOT_TICKING]: Q.TGT_UP,
  [Q.DEBUFF_REMAINS]: Q.TGT_REMAINS,
  [Q.DOT_REMAINS]: Q.TGT_REMAINS,
  [Q.DEBUFF_STACK]: Q.TGT_STACK,
  [Q.DOT_STACK]: Q.TGT_STACK,
  [Q.AURA_REACT]: Q.TGT_REACT,
};

/**
 * An expression evaluated while the current target may be another one (target_if, the condition of a
 * target_if / cycle_targets entry, a cycling_variable's value): its debuff/dot questions ask the
 * current target's instance. Elsewhere the current target is the primary, which the plain kinds read
 * (and the engine answers them without the current-target lookup).
 */
export function retarget(e: RExpr): RExpr {
  return remapQueries(e, TARGET_KIND);
}

/** `e` with every query whose kind `table` maps replaced by the mapped kind (same argument). */
export function remapQueries(e: RExpr, table: Readonly<Record<number, number>>): RExpr {
  switch (e.kind) {
    case "query": {
      const q = table[e.q];
      return q === undefined ? e : { kind: "query", q, arg: e.arg };
    }
    case "not":
    case "neg":
      return { kind: e.kind, arg: remapQueries(e.arg, table) };
    case "fn":
      return { kind: "fn", fn: e.fn, arg: remapQueries(e.arg, table) };
    case "bin":
      return { kind: "bin", op: e.op, left: remapQueries(e.left, table), right: remapQueries(e.right, table) };
    default:
      return e;
  }
}

/** Kinds whose answer depends on the current target (a retargeted expression's debuff/dot questions,
 *  and the aura properties engine/queries.ts reads from the current target's instance). */
export const PER_TARGET_KINDS = new Set<number>([Q.TGT_UP, Q.TGT_REMAINS, Q.TGT_STACK, Q.TGT_REACT, Q.AURA_REFRESHABLE, Q.AURA_TICKS_REMAIN, Q.TARGET_INDEX]);

/** Whether some query leaf of `e` is of one of `kinds`. */
export function hasQueryOf(e: RExpr, kinds: ReadonlySet<number>): boolean {
  switch (e.kind) {
    case "query":
      return kinds.has(e.q);
    case "not":
    case "neg":
    case "fn":
      return hasQueryOf(e.arg, kinds);
    case "bin":
      return hasQueryOf(e.left, kinds) || hasQueryOf(e.right, kinds);
    default:
      return false;
  }
}

/** Whether a (retargeted) expression may have different values on different (identical) targets. */
export const perTarget = (e: RExpr): boolean => hasQueryOf(e, PER_TARGET_KINDS);

/** Folds constant subexpressions. Leaves are pure, so `x & 0` → 0 and `x | 1` → 1 are safe. */
export function foldExpr(e: RExpr): RExpr {
  switch (e.kind) {
    case "const":
    case "query":
    case "var":
      return e;
    case "not": {
      const a = foldExpr(e.arg);
      return isConst(a) ? { kind: "const", value: a.value === 0 ? 1 : 0 } : { kind: "not", arg: a };
    }
    case "neg": {
      const a = foldExpr(e.arg);
      return isConst(a) ? { kind: "const", value: -a.value } : { kind: "neg", arg: a };
    }
    case "fn": {
      const a = foldExpr(e.arg);
      return isConst(a) ? { kind: "const", value: applyFn(e.fn, a.value) } : { kind: "fn", fn: e.fn, arg: a };
    }
    case "bin": {
      const l = foldExpr(e.left);
      const r = foldExpr(e.right);
      if (isConst(l) && isConst(r)) return { kind: "const", value: applyBinary(e.op, l.value, r.value) };
      // x * 1 is x for every f64 (-0 and NaN included); `x != 0` of a 0/1 value is that value
      if (e.op === "mul" && isConst(r) && r.value === 1) return l;
      if (e.op === "mul" && isConst(l) && l.value === 1) return r;
      if (e.op === "ne" && isConst(r) && r.value === 0 && isBoolValued(l)) return l;
      if (e.op === "and") {
        if (isConst(l)) return l.value === 0 ? { kind: "const", value: 0 } : truthOf(r);
        if (isConst(r)) return r.value === 0 ? { kind: "const", value: 0 } : truthOf(l);
      } else if (e.op === "or") {
        if (isConst(l)) return l.value !== 0 ? { kind: "const", value: 1 } : truthOf(r);
        if (isConst(r)) return r.value !== 0 ? { kind: "const", value: 1 } : truthOf(l);
      }
      return { kind: "bin", op: e.op, left: l, right: r };
    }
  }
}

// Query kinds whose engine answer has a side effect: the resource family runs ensureStats (a lazy
// stats recompute whose timing is observable through regen). Every other query is pure.
// The haste-dependent kinds (GCD, cast and tick times) run ensureStats too when a haste change is
// pending (engine/queries.ts).
export const TOUCH_KINDS = new Set<number>([
  Q.RESOURCE, Q.RESOURCE_DEFICIT, Q.RESOURCE_PCT, Q.RESOURCE_TIME_TO_MAX, Q.RESOURCE_MAX, Q.RESOURCE_REGEN,
  Q.GCD_MAX, Q.CAST_TIME, Q.EXECUTE_TIME, Q.AURA_TICK_TIME, Q.AURA_TICKS_REMAIN, Q.CHANNEL_TICK_TIME,
]);

/** Whether evaluating `e` may run a side-effect query. */
export const mayTouch = (e: RExpr): boolean => hasQueryOf(e, TOUCH_KINDS);

/** Whether evaluating `e` always runs a side-effect query (`&`/`|` evaluate their right side only sometimes). */
export function mustTouch(e: RExpr): boolean {
  switch (e.kind) {
    case "query":
      return TOUCH_KINDS.has(e.q);
    case "not":
    case "neg":
    case "fn":
      return mustTouch(e.arg);
    case "bin":
      return e.op === "and" || e.op === "or" ? mustTouch(e.left) : mustTouch(e.left) || mustTouch(e.right);
    default:
      return false;
  }
}

export const sameExpr = (a: RExpr, b: RExpr): boolean => JSON.stringify(a) === JSON.stringify(b);

/** `x > 0` or `0 < x` (after folding) for this x. */
export function isPositiveTest(c: RExpr, x: RExpr): boolean {
  if (c.kind !== "bin") return false;
  const zero = (e: RExpr): boolean => e.kind === "const" && e.value === 0;
  if (c.op === "gt" && zero(c.right)) return sameExpr(c.left, x);
  if (c.op === "lt" && zero(c.left)) return sameExpr(c.right, x);
  return false;
}

/** One query, or one query compared with a constant (a single fused op), possibly negated. */
export function isLeaf(e: RExpr): boolean {
  if (e.kind === "not") return isLeaf(e.arg);
  if (e.kind === "query") return true;
  if (e.kind !== "bin" || CMP_OP[e.op] === undefined) return false;
  return (e.left.kind === "query" && e.right.kind === "const") || (e.left.kind === "const" && e.right.kind === "query");
}

// Query kinds that depend only on the time (and the run's fixed duration), monotonically: a leaf
// comparing one with a constant can be turned into a time bound by the engine (scan rows).
export const TIME_KINDS = new Set<number>([Q.TIME, Q.FIGHT_REMAINS, Q.TARGET_HEALTH_PCT]);

/** The first `time-kind query <cmp> constant` leaf among the top-level conjuncts of `c` (each must hold for c to hold). */
export function timeLeaf(c: RExpr): RExpr | null {
  if (c.kind === "bin" && c.op === "and") return timeLeaf(c.left) ?? timeLeaf(c.right);
  if (c.kind === "bin" && c.op === "ne" && c.right.kind === "const" && c.right.value === 0) return timeLeaf(c.left); // truth of x
  if (c.kind !== "bin" || CMP_OP[c.op] === undefined) return null;
  const q = c.left.kind === "query" && c.right.kind === "const" ? c.left : c.right.kind === "query" && c.left.kind === "const" ? c.right : null;
  return q !== null && q.kind === "query" && TIME_KINDS.has(q.q) ? c : null;
}
