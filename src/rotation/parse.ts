// Lexer + precedence-climbing parser for SimulationCraft APL expressions (docs/rotation.md §2).
//
// Precedence, lowest → highest (SimC's own order, engine/sim/expressions.cpp `precedence()`): `|`, `&`,
// comparisons, `<?` (max) `>?` (min), `+ -`, `* / % %%`, unary `! - + @`, the pseudo-functions
// `floor(…)` / `ceil(…)`. Binary operators are left-associative. Columns are 1-based positions in the
// source string.
import type { BinaryOp, Expr, NamePart, UnaryOp } from "./ast.js";
import { RotationError, type RotationLocation } from "./errors.js";

type Tok =
  | { t: "num"; value: number; column: number; text: string }
  | { t: "name"; parts: NamePart[]; column: number; text: string }
  | { t: "op"; op: string; column: number; text: string }
  | { t: "end"; column: number; text: string };

// Longest first so `<=` wins over `<`, `%%` over `%`, `||` over `|`.
const OPERATORS = ["%%", "<=", ">=", "<?", ">?", "!=", "==", "&&", "||", "|", "&", "=", "<", ">", "+", "-", "*", "/", "%", "!", "@", "(", ")"];

const isDigit = (c: string): boolean => c >= "0" && c <= "9";
const isIdentStart = (c: string): boolean => (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_";
const isIdentChar = (c: string): boolean => isIdentStart(c) || isDigit(c);

function lex(src: string, loc: RotationLocation): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  const fail = (column: number, what: string): never => {
    throw new RotationError("ROTATION_UNEXPECTED_TOKEN", { ...loc, column }, what);
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++;
      continue;
    }
    const column = i + 1;
    if (isDigit(c) || (c === "." && i + 1 < src.length && isDigit(src[i + 1]!))) {
      let j = i;
      while (j < src.length && isDigit(src[j]!)) j++;
      if (j < src.length && src[j] === ".") {
        j++;
        while (j < src.length && isDigit(src[j]!)) j++;
      }
      if (j < src.length && isIdentStart(src[j]!)) fail(j + 1, `unexpected character "${src[j]}" after number "${src.slice(i, j)}"`);
      const text = src.slice(i, j);
      toks.push({ t: "num", value: Number(text), column, text });
      i = j;
      continue;
    }
    if (isIdentStart(c)) {
      const parts: NamePart[] = [];
      let j = i;
      for (;;) {
        const start = j;
        while (j < src.length && isIdentChar(src[j]!)) j++;
        if (j === start) fail(j + 1, `expected a name segment after "." in "${src.slice(i, j)}"`);
        parts.push({ text: src.slice(start, j), column: start + 1 });
        if (j < src.length && src[j] === ".") j++;
        else break;
      }
      toks.push({ t: "name", parts, column, text: src.slice(i, j) });
      i = j;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op === undefined) fail(column, `unexpected character "${c}"`);
    toks.push({ t: "op", op: op!, column, text: op! });
    i += op!.length;
  }
  toks.push({ t: "end", column: src.length + 1, text: "end of expression" });
  return toks;
}

// Binary precedence levels (higher binds tighter). Aliases `||`, `&&`, `==` map to SimC operators.
const BINARY: Record<string, { op: BinaryOp; prec: number }> = {
  "|": { op: "|", prec: 1 },
  "||": { op: "|", prec: 1 },
  "&": { op: "&", prec: 2 },
  "&&": { op: "&", prec: 2 },
  "=": { op: "=", prec: 3 },
  "==": { op: "=", prec: 3 },
  "!=": { op: "!=", prec: 3 },
  "<": { op: "<", prec: 3 },
  "<=": { op: "<=", prec: 3 },
  ">": { op: ">", prec: 3 },
  ">=": { op: ">=", prec: 3 },
  "<?": { op: "<?", prec: 4 },
  ">?": { op: ">?", prec: 4 },
  "+": { op: "+", prec: 5 },
  "-": { op: "-", prec: 5 },
  "*": { op: "*", prec: 6 },
  "/": { op: "/", prec: 6 },
  "%": { op: "%", prec: 6 },
  "%%": { op: "%%", prec: 6 },
};

/** Deepest expression tree accepted. Real APL conditions stay far below; the bound keeps every
 *  recursive pass (parse, resolve, fold, emit) far from the JS stack limit on hostile input. */
export const MAX_EXPR_DEPTH = 200;

class Parser {
  private pos = 0;
  private depth = 0; // open parentheses
  private prefixes = 0; // nested prefix operators being parsed
  private readonly heights = new Map<Expr, number>(); // tree height of each node built so far
  constructor(
    private readonly toks: Tok[],
    private readonly loc: RotationLocation,
  ) {}

  private node(e: Expr, ...children: Expr[]): Expr {
    let h = 0;
    for (const c of children) h = Math.max(h, this.heights.get(c) ?? 1);
    if (h + 1 > MAX_EXPR_DEPTH) {
      throw new RotationError("ROTATION_EXPR_TOO_DEEP", { ...this.loc, column: e.column }, `expression nests deeper than ${MAX_EXPR_DEPTH} levels`);
    }
    this.heights.set(e, h + 1);
    return e;
  }

  private peek(): Tok {
    return this.toks[this.pos]!;
  }

  private unexpected(tok: Tok, expected: string): never {
    if (tok.t === "op" && tok.op === ")" && this.depth === 0) {
      throw new RotationError("ROTATION_UNBALANCED_PAREN", { ...this.loc, column: tok.column }, `")" without a matching "("`);
    }
    const got = tok.t === "end" ? "end of expression" : `"${tok.text}"`;
    throw new RotationError("ROTATION_UNEXPECTED_TOKEN", { ...this.loc, column: tok.column }, `unexpected ${got}, expected ${expected}`);
  }

  parseAll(): Expr {
    const e = this.parseBinary(1);
    const tok = this.peek();
    if (tok.t !== "end") this.unexpected(tok, "an operator or the end of the expression");
    return e;
  }

  private parseBinary(minPrec: number): Expr {
    let left = this.parseUnary();
    for (;;) {
      const tok = this.peek();
      if (tok.t !== "op") break;
      const b = BINARY[tok.op];
      if (b === undefined || b.prec < minPrec) break;
      this.pos++;
      const right = this.parseBinary(b.prec + 1); // +1: left-associative
      left = this.node({ kind: "binary", op: b.op, left, right, column: tok.column }, left, right);
    }
    return left;
  }

  private parseUnary(): Expr {
    const tok = this.peek();
    if (tok.t === "op" && (tok.op === "!" || tok.op === "-" || tok.op === "+" || tok.op === "@")) {
      this.pos++;
      // A run of prefix operators recurses here: fail before the JS stack does.
      if (++this.prefixes > MAX_EXPR_DEPTH) {
        throw new RotationError("ROTATION_EXPR_TOO_DEEP", { ...this.loc, column: tok.column }, `expression nests deeper than ${MAX_EXPR_DEPTH} levels`);
      }
      const arg = this.parseUnary();
      this.prefixes--;
      return this.node({ kind: "unary", op: tok.op as UnaryOp, arg, column: tok.column }, arg);
    }
    return this.parsePrimary();
  }

  private parsePrimary(): Expr {
    const tok = this.peek();
    if (tok.t === "num") {
      this.pos++;
      return { kind: "num", value: tok.value, column: tok.column };
    }
    if (tok.t === "name") {
      this.pos++;
      // SimC's pseudo-functions: `floor` / `ceil` (any case) directly followed by "(" apply to the
      // parenthesized group (they bind tighter than every operator).
      const next = this.peek();
      const fn = tok.parts.length === 1 ? tok.parts[0]!.text.toLowerCase() : "";
      if ((fn === "floor" || fn === "ceil") && next.t === "op" && next.op === "(") {
        const arg = this.parsePrimary();
        return this.node({ kind: "unary", op: fn, arg, column: tok.column }, arg);
      }
      return { kind: "name", parts: tok.parts, column: tok.column };
    }
    if (tok.t === "op" && tok.op === "(") {
      this.pos++;
      this.depth++;
      if (this.depth > MAX_EXPR_DEPTH) {
        throw new RotationError("ROTATION_EXPR_TOO_DEEP", { ...this.loc, column: tok.column }, `parentheses nest deeper than ${MAX_EXPR_DEPTH} levels`);
      }
      const inner = this.parseBinary(1);
      const close = this.peek();
      if (close.t === "end") {
        throw new RotationError("ROTATION_UNBALANCED_PAREN", { ...this.loc, column: tok.column }, `"(" is never closed`);
      }
      if (close.t !== "op" || close.op !== ")") this.unexpected(close, `")" or an operator`);
      this.pos++;
      this.depth--;
      return inner;
    }
    return this.unexpected(tok, "a number, a name, \"(\" or a unary operator");
  }
}

/**
 * Parses one APL expression. Throws RotationError (ROTATION_UNEXPECTED_TOKEN / ROTATION_UNBALANCED_PAREN)
 * located at `loc` (file/list/entry/field) plus the 1-based column of the problem.
 */
export function parseExpression(src: string, loc: RotationLocation = { file: "<expression>" }): Expr {
  const toks = lex(src, loc);
  if (toks.length === 1) {
    throw new RotationError("ROTATION_UNEXPECTED_TOKEN", { ...loc, column: 1 }, "empty expression");
  }
  return new Parser(toks, loc).parseAll();
}
