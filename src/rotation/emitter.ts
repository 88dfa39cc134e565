// The bytecode emitter: RExpr trees → VM code (docs/rotation.md §4–6), with the fused forms of the
// fast (v2) and scan (v3) formats. Tracks the value-stack depth so the header can size the VM's stack.
import type { RExpr } from "./ast.js";
import { OP, ROT_HEADER_WORDS } from "./bytecode.js";
import { CMP_OP } from "./fold.js";

export interface Label {
  pc: number | undefined;
  fixups: number[];
}
export const newLabel = (): Label => ({ pc: undefined, fixups: [] });

const CMP_FLIP: Record<string, string> = { eq: "eq", ne: "ne", lt: "gt", le: "ge", gt: "lt", ge: "le" };
const ARITH_OP: Record<string, number> = { add: OP.ADD, sub: OP.SUB, mul: OP.MUL, div: OP.DIV, mod: OP.MOD, max: OP.MAX, min: OP.MIN };
const FN_OP: Record<string, number> = { abs: OP.ABS, floor: OP.FLOOR, ceil: OP.CEIL };

export class Emitter {
  readonly code: number[] = new Array<number>(ROT_HEADER_WORDS).fill(0);
  readonly consts: number[];
  /** fast: fused `(k - query) / query` (CSQDQ), the resource wait of most APLs. */
  fuse = false;
  /** scan (v3): the further fused forms QQCJZ/QQCJNZ, QWAIT, CJZ/CJNZ, QCBIN, QQBIN. */
  fuse3 = false;
  private readonly constIndex = new Map<string, number>();
  depth = 0;
  maxDepth = 0;

  constructor(defaults: number[]) {
    this.consts = [...defaults]; // variable i's default at constants[i] (header word 6 = 0)
  }

  get pc(): number {
    return this.code.length;
  }
  private push(n = 1): void {
    this.depth += n;
    if (this.depth > this.maxDepth) this.maxDepth = this.depth;
  }
  private pop(n = 1): void {
    this.depth -= n;
  }
  constant(v: number): number {
    const key = Object.is(v, -0) ? "-0" : String(v); // keeps -0 and NaN distinct from 0
    let k = this.constIndex.get(key);
    if (k === undefined) {
      k = this.consts.length;
      this.consts.push(v);
      this.constIndex.set(key, k);
    }
    return k;
  }
  ref(l: Label): void {
    if (l.pc !== undefined) this.code.push(l.pc);
    else {
      l.fixups.push(this.code.length);
      this.code.push(-1);
    }
  }
  bind(l: Label): void {
    l.pc = this.code.length;
    for (const f of l.fixups) this.code[f] = l.pc;
    l.fixups.length = 0;
  }

  /** Emits code that pushes the value of `e`. */
  value(e: RExpr): void {
    switch (e.kind) {
      case "const":
        this.code.push(OP.CONST, this.constant(e.value));
        this.push();
        return;
      case "query":
        this.code.push(OP.QUERY, e.q, e.arg);
        this.push();
        return;
      case "var":
        this.code.push(OP.VAR, e.index);
        this.push();
        return;
      case "not":
        this.value(e.arg);
        this.code.push(OP.NOT);
        return;
      case "neg":
        this.value(e.arg);
        this.code.push(OP.NEG);
        return;
      case "fn":
        this.value(e.arg);
        this.code.push(FN_OP[e.fn]!);
        return;
      case "bin": {
        if (e.op === "and" || e.op === "or") {
          const end = newLabel();
          this.value(e.left);
          this.code.push(e.op === "and" ? OP.AND : OP.OR);
          this.ref(end);
          this.pop(); // the fall-through path pops the left value
          this.value(e.right);
          this.code.push(OP.BOOL);
          this.bind(end);
          return;
        }
        // fast: `(k - Q1) / Q2` in one op (`wait (30 - focus) / focus.regen`): 6 dispatches -> 1, no
        // value-stack traffic; same query order (Q1 then Q2) and the same safe division.
        if (this.fuse && e.op === "div" && e.right.kind === "query" && e.left.kind === "bin" && e.left.op === "sub" && e.left.left.kind === "const" && e.left.right.kind === "query") {
          this.code.push(OP.CSQDQ, this.constant(e.left.left.value), e.left.right.q, e.left.right.arg, e.right.q, e.right.arg);
          this.push();
          return;
        }
        const cmp = CMP_OP[e.op];
        // v3: query <op> query, query <arith> constant in one op (pushes the value)
        // max/min (`<?` `>?`) only as plain stack ops: the fused forms' binop stays ADD..GE (no extra
        // case on the engine's hot path).
        const fusable = e.op !== "max" && e.op !== "min";
        if (fusable && this.fuse3 && e.left.kind === "query" && (e.right.kind === "query" || (cmp === undefined && e.right.kind === "const"))) {
          const op = cmp ?? ARITH_OP[e.op]!;
          if (e.right.kind === "query") this.code.push(OP.QQBIN, op, e.left.q, e.left.arg, e.right.q, e.right.arg);
          else this.code.push(OP.QCBIN, op, e.left.q, e.left.arg, this.constant(e.right.value));
          this.push();
          return;
        }
        if (cmp !== undefined) {
          // Fused query-vs-constant compare: the most common APL leaf (`focus.deficit < 20`).
          const fused = this.fusedCompare(e.op, e.left, e.right);
          if (fused !== null) {
            this.code.push(OP.QCMPC, ...fused);
            this.push();
            return;
          }
        }
        // fast: a constant or query right operand folds into the operator (CBIN / QBIN): no push, one
        // dispatch fewer (`focus - 35 + focus.regen * cooldown.kill_command.remains >= 30`).
        if (fusable && this.fuse && (e.right.kind === "const" || e.right.kind === "query")) {
          this.value(e.left);
          if (e.right.kind === "const") this.code.push(OP.CBIN, cmp ?? ARITH_OP[e.op]!, this.constant(e.right.value));
          else this.code.push(OP.QBIN, cmp ?? ARITH_OP[e.op]!, e.right.q, e.right.arg);
          return;
        }
        this.value(e.left);
        this.value(e.right);
        this.code.push(cmp ?? ARITH_OP[e.op]!);
        this.pop();
        return;
      }
    }
  }

  /** Emits a jump to `l` taken when truth(e) === `sense`; falls through otherwise. Stack-neutral. */
  branch(e: RExpr, sense: boolean, l: Label): void {
    if (e.kind === "const") {
      if (e.value !== 0 === sense) {
        this.code.push(OP.JMP);
        this.ref(l);
      }
      return;
    }
    if (e.kind === "not") return this.branch(e.arg, !sense, l);
    // `x != 0` (what folding makes of `c & x`) has the truth of x itself.
    if (e.kind === "bin" && e.op === "ne" && e.right.kind === "const" && e.right.value === 0) return this.branch(e.left, sense, l);
    if (e.kind === "bin" && (e.op === "and" || e.op === "or")) {
      // and+false / or+true: both operands jump to l; the other two combinations need a skip label.
      if ((e.op === "and") !== sense) {
        this.branch(e.left, sense, l);
        this.branch(e.right, sense, l);
      } else {
        const skip = newLabel();
        this.branch(e.left, !sense, skip);
        this.branch(e.right, sense, l);
        this.bind(skip);
      }
      return;
    }
    if (e.kind === "query") {
      this.code.push(sense ? OP.QJNZ : OP.QJZ, e.q, e.arg);
      this.ref(l);
      return;
    }
    if (e.kind === "bin" && CMP_OP[e.op] !== undefined) {
      const fused = this.fusedCompare(e.op, e.left, e.right);
      if (fused !== null) {
        this.code.push(sense ? OP.QCJNZ : OP.QCJZ, ...fused);
        this.ref(l);
        return;
      }
      if (this.fuse3) {
        // v3: two queries compared, or a computed value compared with a constant, then the branch
        if (e.left.kind === "query" && e.right.kind === "query") {
          this.code.push(sense ? OP.QQCJNZ : OP.QQCJZ, CMP_OP[e.op]!, e.left.q, e.left.arg, e.right.q, e.right.arg);
          this.ref(l);
          return;
        }
        if (e.right.kind === "const" || e.left.kind === "const") {
          const [x, k, op] = e.right.kind === "const" ? [e.left, e.right, e.op] : [e.right, e.left as RExpr, CMP_FLIP[e.op]!];
          this.value(x);
          this.code.push(sense ? OP.CJNZ : OP.CJZ, CMP_OP[op]!, this.constant((k as { value: number }).value));
          this.ref(l);
          this.pop();
          return;
        }
      }
    }
    this.value(e);
    this.code.push(sense ? OP.JNZ : OP.JZ);
    this.ref(l);
    this.pop();
  }

  /** [cmp, kind, arg, k] when one side is a query and the other a constant (constant-left is flipped). */
  fusedCompare(op: string, left: RExpr, right: RExpr): [number, number, number, number] | null {
    if (left.kind === "query" && right.kind === "const") return [CMP_OP[op]!, left.q, left.arg, this.constant(right.value)];
    if (left.kind === "const" && right.kind === "query") return [CMP_OP[CMP_FLIP[op]!]!, right.q, right.arg, this.constant(left.value)];
    return null;
  }
}
