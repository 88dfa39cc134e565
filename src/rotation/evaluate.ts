// JS reference evaluator of resolved expressions. It defines the semantics the wasm VM must match
// bit for bit (the property test in test/rotation-vm.test.ts compares them on random trees):
// truth is `x != 0` (NaN is truthy), logical and comparison results are 1/0, `/` (and SimC `%`) and
// `%%` by zero give 0, `%%` is fmod (JS `%`).
import type { RBinOp, RExpr, RFn } from "./ast.js";

export interface EvalEnv {
  query(kind: number, arg: number): number;
  variable(index: number): number;
}

export function applyBinary(op: RBinOp, a: number, b: number): number {
  switch (op) {
    case "or":
      return a !== 0 || b !== 0 ? 1 : 0;
    case "and":
      return a !== 0 && b !== 0 ? 1 : 0;
    case "eq":
      return a === b ? 1 : 0;
    case "ne":
      return a !== b ? 1 : 0;
    case "lt":
      return a < b ? 1 : 0;
    case "le":
      return a <= b ? 1 : 0;
    case "gt":
      return a > b ? 1 : 0;
    case "ge":
      return a >= b ? 1 : 0;
    case "add":
      return a + b;
    case "sub":
      return a - b;
    case "mul":
      return a * b;
    case "div":
      return b === 0 ? 0 : a / b;
    case "mod":
      return b === 0 ? 0 : a % b;
    // SimC `<?` / `>?`. Math.max/min propagate NaN and order -0 < +0, as wasm's f64.max/f64.min do.
    case "max":
      return Math.max(a, b);
    case "min":
      return Math.min(a, b);
  }
}

export function applyFn(fn: RFn, a: number): number {
  switch (fn) {
    case "abs":
      return Math.abs(a);
    case "floor":
      return Math.floor(a);
    case "ceil":
      return Math.ceil(a);
  }
}

export function evaluateAst(e: RExpr, env: EvalEnv): number {
  switch (e.kind) {
    case "const":
      return e.value;
    case "query":
      return env.query(e.q, e.arg);
    case "var":
      return env.variable(e.index);
    case "not":
      return evaluateAst(e.arg, env) === 0 ? 1 : 0;
    case "neg":
      return -evaluateAst(e.arg, env);
    case "fn":
      return applyFn(e.fn, evaluateAst(e.arg, env));
    case "bin": {
      // Short-circuit like the VM (queries are pure, so only the number of calls differs).
      if (e.op === "and") {
        if (evaluateAst(e.left, env) === 0) return 0;
        return evaluateAst(e.right, env) !== 0 ? 1 : 0;
      }
      if (e.op === "or") {
        if (evaluateAst(e.left, env) !== 0) return 1;
        return evaluateAst(e.right, env) !== 0 ? 1 : 0;
      }
      return applyBinary(e.op, evaluateAst(e.left, env), evaluateAst(e.right, env));
    }
  }
}
