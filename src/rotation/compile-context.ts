// What every step of the rotation compiler shares: the file (for error locations), the host's
// symbols, the checked lists, the variable table, and the expression front door (parse + resolve).
import type { RExpr } from "./ast.js";
import { RotationError, type RotationLocation } from "./errors.js";
import { parseExpression } from "./parse.js";
import type { Resolver, ResolveContext, RotationSymbols } from "./resolve.js";
import { retarget } from "./fold.js";
import type { TargetSel } from "./entry.js";

/** An error location without the file (the context adds it). */
export type Loc = Omit<RotationLocation, "file">;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** ROTATION_BAD_SHAPE at `loc` of `file`. */
export function shapeError(file: string, loc: Loc, detail: string): never {
  throw new RotationError("ROTATION_BAD_SHAPE", { file, ...loc }, detail);
}

/** Variable names → indices and defaults (user variables first, then the hidden ones); src/rotation/compile-source.ts. */
export interface VariableTable {
  index: Map<string, number>;
  defaults: number[];
  /** The hidden channel-line variable (src/rotation/channel.ts), -1 when no entry has channel options. */
  channelLineVar: number;
}

/** target_if modes (the VM's TIF_* numbers). */
const TIF_MODE = { first: 0, min: 1, max: 2 } as const;

export class CompileContext {
  constructor(
    readonly file: string,
    readonly symbols: RotationSymbols,
    /** The checked top-level lists (every value an array). */
    readonly lists: Record<string, unknown>,
    readonly listNames: string[],
    readonly vars: VariableTable,
    readonly resolver: Resolver,
  ) {}

  at = (loc: Loc): RotationLocation => ({ file: this.file, ...loc });
  shape = (loc: Loc, detail: string): never => shapeError(this.file, loc, detail);

  /** An expression (string, or a finite JSON number) parsed and resolved. ctx: SimC's action scope (a cast entry's spell) for bare action-scoped names (`cast_time`, `remains`). */
  expr = (raw: unknown, loc: Loc, ctx: ResolveContext = {}): RExpr => {
    if (typeof raw === "number") {
      if (!Number.isFinite(raw)) this.shape(loc, `a numeric expression must be finite`);
      return { kind: "const", value: raw };
    }
    if (typeof raw !== "string") this.shape(loc, `expected an expression string`);
    const l = this.at(loc);
    return this.resolver.resolve(parseExpression(raw as string, l), l, ctx);
  };

  // A condition is always an expression string: a bare JSON number there (`"if": 0`) is far more often
  // a slip (a quoted expression lost its quotes, a flag meant elsewhere) than an intended constant.
  conditionExpr = (raw: unknown, loc: Loc, ctx: ResolveContext = {}): RExpr => {
    if (typeof raw === "number") this.shape(loc, `a condition must be an expression string, got the number ${raw} (write "${raw}" if that is meant)`);
    return this.expr(raw, loc, ctx);
  };

  /**
   * target_if / cycle_targets / max_cycle_targets of an entry (SimC's entry options, same names).
   * ctx: the entry's action, for action-scoped names (`target_if=min:remains`: the action's DoT on the target tried).
   */
  targetSel = (e: Record<string, unknown>, loc: Loc, ctx: ResolveContext = {}): { sel?: TargetSel } => {
    const tif = e["target_if"];
    // counts: JSON numbers, or numeric strings (SimC option text, as the .simc front-end passes them)
    const count = (k: string): number | undefined => {
      const v = e[k];
      if (v === undefined) return undefined;
      const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 0) this.shape({ ...loc, field: k }, `"${k}" must be a non-negative integer, got ${JSON.stringify(v)}`);
      return n;
    };
    const cyc = count("cycle_targets");
    const maxc = count("max_cycle_targets");
    const cycling = cyc !== undefined && cyc !== 0;
    if (tif !== undefined && cycling) this.shape({ ...loc, field: "cycle_targets" }, `an entry selects its target with target_if or cycle_targets, not both`);
    if (maxc !== undefined && !cycling) this.shape({ ...loc, field: "max_cycle_targets" }, `"max_cycle_targets" needs "cycle_targets": 1`);
    if (cycling) return { sel: { kind: "cycle", max: maxc ?? 0 } };
    if (tif === undefined) return {};
    if (typeof tif !== "string") this.shape({ ...loc, field: "target_if" }, `"target_if" must be an expression string, optionally prefixed with min:, max: or first:`);
    const m = /^\s*(min|max|first)\s*:/.exec(tif as string);
    const mode = m ? TIF_MODE[m[1] as keyof typeof TIF_MODE] : TIF_MODE.first;
    // the prefix becomes spaces: error columns still point into the option's text
    const text = m ? " ".repeat(m[0].length) + (tif as string).slice(m[0].length) : (tif as string);
    return { sel: { kind: "if", mode, expr: retarget(this.expr(text, { ...loc, field: "target_if" }, ctx)) } };
  };
}
