// Expression trees. `Expr` is what the parser produces (names unresolved, operators as written);
// `RExpr` is the resolved form the compiler emits and `evaluateAst` evaluates (names replaced by
// state queries, variables and constants; operators normalized: `%` and `/` are both "div").

export type BinaryOp = "|" | "&" | "=" | "!=" | "<" | "<=" | ">" | ">=" | "+" | "-" | "*" | "/" | "%" | "%%";
export type UnaryOp = "!" | "-" | "+";

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

export type RBinOp = "or" | "and" | "eq" | "ne" | "lt" | "le" | "gt" | "ge" | "add" | "sub" | "mul" | "div" | "mod";

export type RExpr =
  | { kind: "const"; value: number }
  | { kind: "query"; q: number; arg: number }
  | { kind: "var"; index: number }
  | { kind: "not"; arg: RExpr }
  | { kind: "neg"; arg: RExpr }
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
};

/** Renders a parsed expression fully parenthesized (tests use it to check precedence/associativity). */
export function exprToString(e: Expr): string {
  switch (e.kind) {
    case "num":
      return String(e.value);
    case "name":
      return e.parts.map((p) => p.text).join(".");
    case "unary":
      return `(${e.op}${exprToString(e.arg)})`;
    case "binary":
      return `(${exprToString(e.left)} ${e.op} ${exprToString(e.right)})`;
  }
}
