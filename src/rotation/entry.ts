// The compiled form of one rotation entry (src/rotation/compile-entries.ts builds it, flatten.ts
// rewrites it, emit-lists.ts emits it) and the hidden variables of line_cd entries.
import type { RExpr } from "./ast.js";
import type { VarOpName } from "./bytecode.js";
import type { ChannelEntry } from "./channel.js";

/** A cast entry's target selection: target_if (mode + expression) or cycle_targets (at most `max` targets, 0 = all). */
export type TargetSel = { kind: "if"; mode: number; expr: RExpr } | { kind: "cycle"; max: number };

export type Entry =
  | { kind: "cast"; cond: RExpr | null; spell: number; lineCd?: LineCd; sel?: TargetSel; channel?: ChannelEntry; cwc?: true }
  | { kind: "noop"; cond: RExpr | null }
  | { kind: "call" | "run"; cond: RExpr | null; target: string }
  | { kind: "wait"; cond: RExpr | null; seconds: RExpr }
  | { kind: "variable"; cond: RExpr | null; op: VarOpName; index: number; value: RExpr | null; condition: RExpr | null; valueElse: RExpr | null; cycling: boolean };

/**
 * line_cd: the entry fires only when `condition` holds (its own condition, castReady, and at least `n` s
 * since it last fired). Compiled as `fire := condition; if fire: last := time; if fire: cast`, in one
 * evaluation: the state does not change in between, so the cast happens exactly when `fire` was set.
 */
export interface LineCd {
  condition: RExpr;
  fire: number;
  last: number;
}
/** Hidden variable names of a line_cd entry (cannot clash: user variable names never start with "__"). */
export const lineCdVars = (list: string, entry: number): [string, string] => [`__line_cd_fire_${list}_${entry}`, `__line_cd_last_${list}_${entry}`];
/** A line_cd entry's "last fired" before it ever fired: far enough back for any line_cd. */
export const LINE_CD_NEVER = -1e300;
