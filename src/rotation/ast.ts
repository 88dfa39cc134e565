// Expression trees. `Expr` is what the parser produces (names unresolved, operators as written);
// `RExpr` is the resolved form the compiler emits and `evaluateAst` evaluates (names replaced by
// state queries, variables and constants; operators normalized: `%` and `/` are both "div").

export type BinaryOp = "|" | "&" | "=" | "!=" | "<" | "<=" | ">" | ">=" | "+" | "-" | "*" | "/" | "%" | "%%" | "<?" | ">?";
/** `@` is SimC's absolute value; `floor` / `ceil` are its two pseudo-functions (`floor(x)`). */
export type UnaryOp = "!" | "-" | "+" | "@" | "floor" | "ceil";

/** One dot-separated part of a name with its 1-based column in the source. */
export interface NamePart {
  text: string;
  column: number;
}

export type Expr =
  | { kind: "num"; value: number; column: number }
  | { kind: "name"; parts: NamePart[]; column: number }
  | { kind: "unary"; op: UnaryOp; arg: Expr; column: number }
  | { kind: "binary"; op: BinaryOp; left: Expr; right: Expr; column: number };

export type RBinOp = "or" | "and" | "eq" | "ne" | "lt" | "le" | "gt" | "ge" | "add" | "sub" | "mul" | "div" | "mod" | "max" | "min";
/** Unary numeric functions: `@x` (abs), `floor(x)`, `ceil(x)`. */
export type RFn = "abs" | "floor" | "ceil";

export type RExpr =
  | { kind: "const"; value: number }
  | { kind: "query"; q: number; arg: number }
  | { kind: "var"; index: number }
  | { kind: "not"; arg: RExpr }
  | { kind: "neg"; arg: RExpr }
  | { kind: "fn"; fn: RFn; arg: RExpr }
  | { kind: "bin"; op: RBinOp; left: RExpr; right: RExpr };

export const BINARY_TO_R: Record<BinaryOp, RBinOp> = {
  "|": "or",
  "&": "and",
  "=": "eq",
  "!=": "ne",
  "<": "lt",
  "<=": "le",
  ">": "gt",
  ">=": "ge",
  "+": "add",
  "-": "sub",
  "*": "mul",
  "/": "div",
  "%": "div", // SimC: % is division
  "%%": "mod",
  "<?": "max", // SimC: a<?b is the larger of a and b (TOK_MAX)
  ">?": "min", // SimC: a>?b is the smaller (TOK_MIN)
};

/** Renders a parsed expression fully parenthesized (tests use it to check precedence/associativity). */
export function exprToString(e: Expr): string {
  switch (e.kind) {
    case "num":
      return String(e.value);
    case "name":
      return e.parts.map((p) => p.text).join(".");
    case "unary":
      return e.op === "floor" || e.op === "ceil" ? `${e.op}(${exprToString(e.arg)})` : `(${e.op}${exprToString(e.arg)})`;
    case "binary":
      return `(${exprToString(e.left)} ${e.op} ${exprToString(e.right)})`;
  }
}
