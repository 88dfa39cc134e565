// Rotation bytecode VM (see docs/rotation.md §5–6). The TypeScript compiler (src/rotation/compile.ts)
// emits the code; this file only executes it. It is generic over the engine's State type: AS
// monomorphizes `selectAction<EngineState>`, so `s.query`/`s.castReady` are static calls.
//
// Hot path: selectAction runs at every PlayerReady/OffGcdReady. It allocates nothing (stacks are
// preallocated in rotationLoad), keeps the top of the value stack in a local and walks raw pointers.

import { Q_COUNT } from "./queries";
import {
  ROT_MAGIC, ROT_VERSION, ROT_VERSION_FAST, ROT_VERSION_SCAN, ROT_HEADER_WORDS, ACTION_NONE, ACTION_CAST,
  ACTION_WAIT, WAIT_MAX_MS, ROT_OK, ROT_ERR_SHORT, ROT_ERR_MAGIC, ROT_ERR_VERSION, ROT_ERR_HEADER, ROT_ERR_BOUNDS,
  ROT_ERR_ROWS, OP_END, OP_CONST, OP_QUERY, OP_VAR, OP_NOT, OP_NEG, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_EQ,
  OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_AND, OP_OR, OP_BOOL, OP_JZ, OP_JMP, OP_CAST, OP_WAIT, OP_CALL, OP_RUN,
  OP_VAROP, OP_QCMPC, OP_JNZ, OP_QJZ, OP_QJNZ, OP_QCJZ, OP_QCJNZ, OP_CASTCHK, OP_CASTCHKT, OP_CASTM, OP_CASTGO,
  OP_CSQDQ, OP_CBIN, OP_QBIN, OP_SCAN, OP_CASTS, OP_CASTCHKS, OP_CASTCHKST, SCAN_ROW_WORDS, OP_QQCJZ, OP_QQCJNZ,
  OP_QWAIT, OP_CJZ, OP_CJNZ, OP_QCBIN, OP_QQBIN, OP_MAX, OP_MIN, OP_ABS, OP_FLOOR, OP_CEIL, OP_TIFBEGIN, OP_TIFSTEP,
  OP_TGTRESET, OP_CYCBEGIN, OP_CYCNEXT, OP_CASTW, TIF_FIRST, TIF_MAX, VAR_SET, VAR_ADD, VAR_SUB, VAR_MUL, VAR_DIV,
  VAR_MIN, VAR_MAX, VAR_MOD, VAR_POW, VAR_FLOOR, VAR_CEIL, VAR_RESET
} from "./opcodes";

// the format constants live in ./opcodes; re-exported so the engine imports the VM and its format from one place
export * from "./opcodes";

/** A loaded rotation: pointers into the host-written code/constants plus its own preallocated state. */
export class Rotation {
  code: usize = 0; //      i32 words, header first (read in place, not copied)
  codeLen: i32 = 0;
  consts: usize = 0; //    f64 constant pool (read in place)
  defaults: usize = 0; //  consts + header[6] * 8: variable defaults
  vars: usize = 0; //      f64 x nVars
  nVars: i32 = 0;
  stack: usize = 0; //     f64 x (stackDepth + 1): slot 0 absorbs the first (meaningless) tos spill
  rets: usize = 0; //      i32 x max(callDepth, 1): return pcs (as code pointers)
  rsp: usize = 0; //       selectAction's return-stack pointer (a field, not a local: call/run are rare)
  mainPc: usize = 0; //    code pointer of the main list
  tb: usize = 0; //        v3: i64 x (1 + slots): time bounds (engine ms) of the scan rows; slot 0 = none (i64.MIN_VALUE)
  tbCap: i32 = 0;
  // target-selection loop state (OP_TIF_* / OP_CYC_*): loops never nest (one entry's options)
  tI: i32 = 0; //          target being evaluated
  tBestT: i32 = 0; //      target_if: chosen so far
  tDone: bool = false; //  target_if first: chosen, stop
  tV0: f64 = 0; //         target_if: the primary target's value
  tBest: f64 = 0; //       target_if min/max: best value so far
}

@inline function hdr(code: usize, i: i32): i32 {
  return load<i32>(code + (<usize>i << 2));
}

/** Validates the header of a compiled rotation in memory. 0 = OK, else ROT_ERR_*. */
export function rotationCheck(codePtr: usize, codeLen: i32, constLen: i32): i32 {
  if (codeLen < ROT_HEADER_WORDS) return ROT_ERR_SHORT;
  if (hdr(codePtr, 0) != ROT_MAGIC) return ROT_ERR_MAGIC;
  const version = hdr(codePtr, 1);
  if (version != ROT_VERSION && version != ROT_VERSION_FAST && version != ROT_VERSION_SCAN) return ROT_ERR_VERSION;
  if (hdr(codePtr, 7) != codeLen) return ROT_ERR_SHORT;
  const nVars = hdr(codePtr, 2);
  const depth = hdr(codePtr, 3);
  const calls = hdr(codePtr, 4);
  const main = hdr(codePtr, 5);
  const defBase = hdr(codePtr, 6);
  if (nVars < 0 || depth < 0 || calls < 0) return ROT_ERR_HEADER;
  if (main < ROT_HEADER_WORDS || main >= codeLen) return ROT_ERR_HEADER;
  if (defBase < 0 || defBase + nVars > constLen) return ROT_ERR_HEADER;
  if (version == ROT_VERSION_SCAN) {
    // word 8: n, then n descriptors (kind, arg, cmp, k) of the time bounds, then the word index where
    // the scan tables start (rows of SCAN_ROW_WORDS up to the end of the code)
    if (codeLen < ROT_HEADER_WORDS + 2) return ROT_ERR_BOUNDS;
    const n = hdr(codePtr, ROT_HEADER_WORDS);
    if (n < 0 || n > (codeLen - ROT_HEADER_WORDS - 2) >> 2) return ROT_ERR_BOUNDS;
    for (let i = 0; i < n; i++) {
      const k = hdr(codePtr, ROT_HEADER_WORDS + 4 + 4 * i);
      if (k < 0 || k >= constLen) return ROT_ERR_BOUNDS;
    }
    const rows = hdr(codePtr, ROT_HEADER_WORDS + 1 + 4 * n);
    if (rows < ROT_HEADER_WORDS + 2 + 4 * n || rows > codeLen || (codeLen - rows) % SCAN_ROW_WORDS != 0) return ROT_ERR_BOUNDS;
  }
  return ROT_OK;
}

/**
 * Prepares a rotation for selectAction. Allocates its stacks and variables (once per run: the stub
 * runtime never frees). Traps on a header rotationCheck rejects — the host validates first.
 */
export function rotationLoad(codePtr: usize, codeLen: i32, constPtr: usize, constLen: i32): Rotation {
  if (rotationCheck(codePtr, codeLen, constLen) != ROT_OK) unreachable();
  const r = new Rotation();
  r.code = codePtr;
  r.codeLen = codeLen;
  r.consts = constPtr;
  r.nVars = hdr(codePtr, 2);
  r.defaults = constPtr + (<usize>hdr(codePtr, 6) << 3);
  r.vars = heap.alloc(<usize>max(r.nVars, 1) << 3);
  r.stack = heap.alloc(<usize>(hdr(codePtr, 3) + 1) << 3);
  r.rets = heap.alloc(<usize>max(hdr(codePtr, 4), 1) << 2);
  r.mainPc = codePtr + (<usize>hdr(codePtr, 5) << 2);
  rotationReset(r);
  return r;
}

/**
 * Binds a loaded rotation to its state `s` (v3 code; no-op for v1/v2): checks that every scan row names
 * a spell below `s.spellCount()` (or -1) and a valid time-bound slot — the scan walk then reads
 * `s.notBeforeTable()` without a bounds check — and fills the slots from
 * `s.timeBound(kind, arg, cmp, k)`: a time (the units of `s.now()`) before which the leaf
 * `query(kind, arg) <cmp> k` is surely false (i64.MIN_VALUE: none). Call after rotationLoad (or after
 * pointing a Rotation at new code) and before selectAction; again whenever the bounds change (the
 * engine: at every load). Allocates only when the slot table grows. ROT_OK or ROT_ERR_ROWS.
 */
export function rotationBind<S>(s: S, rot: Rotation): i32 {
  const code = rot.code;
  if (hdr(code, 1) != ROT_VERSION_SCAN) return ROT_OK;
  const n = hdr(code, ROT_HEADER_WORDS);
  const nSpells = s.spellCount();
  for (let r = hdr(code, ROT_HEADER_WORDS + 1 + 4 * n); r < rot.codeLen; r += SCAN_ROW_WORDS) {
    const spell = hdr(code, r);
    if (spell < -1 || spell >= nSpells || <u32>hdr(code, r + 1) > <u32>n) return ROT_ERR_ROWS;
  }
  if (n + 1 > rot.tbCap) {
    rot.tbCap = n + 1;
    rot.tb = heap.alloc(<usize>(n + 1) << 3);
  }
  store<i64>(rot.tb, i64.MIN_VALUE);
  for (let i = 0; i < n; i++) {
    const d = ROT_HEADER_WORDS + 1 + 4 * i;
    const k = load<f64>(rot.consts + (<usize>hdr(code, d + 3) << 3));
    store<i64>(rot.tb + (<usize>(i + 1) << 3), s.timeBound(hdr(code, d), hdr(code, d + 1), hdr(code, d + 2), k));
  }
  return ROT_OK;
}

/** Variables := their defaults. Call at the start of every iteration. */
export function rotationReset(rot: Rotation): void {
  memory.copy(rot.vars, rot.defaults, <usize>rot.nVars << 3);
}

export function rotationVar(rot: Rotation, index: i32): f64 {
  if (<u32>index >= <u32>rot.nVars) return NaN;
  return load<f64>(rot.vars + (<usize>index << 3));
}

@inline function f2b(x: bool): f64 {
  return x ? 1.0 : 0.0;
}

// Division and modulus by zero give 0 (docs/rotation.md §2), matching src/rotation/evaluate.ts.
@inline function safeDiv(a: f64, b: f64): f64 {
  return b == 0 ? 0.0 : a / b;
}
@inline function safeMod(a: f64, b: f64): f64 {
  return b == 0 ? 0.0 : a % b;
}

/**
 * The scan-table walk (v3): from row `row` (word index), skips every row whose spell's "not ready
 * before" time (`s.notBeforeTable()`, i64 per spell) or time bound lies ahead — castReady or the
 * condition surely fails — and returns the code pointer of the first other row's target. A list's
 * table ends with a row (-1, 0, END) that stops every walk; rows of entries that may not be skipped
 * carry spell -1 too (the table's entry -1 is never ahead). rotationBind checked the spells and slots:
 * no bounds checks here (BM: ~1,060 rows per iteration).
 */
// @ts-ignore: decorator
@inline function scanRows<S>(s: S, rot: Rotation, row: i32): usize {
  const code = rot.code;
  const tb = rot.tb;
  const nb = s.notBeforeTable();
  const t = s.now();
  let r = code + (<usize>row << 2);
  // two ifs rather than one `||` condition: no materialized bool per row
  while (true) {
    if (load<i64>(nb + (<usize>load<i32>(r) << 3)) <= t) {
      if (load<i64>(tb + (<usize>load<i32>(r, 4) << 3)) <= t) break;
    }
    r += <usize>SCAN_ROW_WORDS << 2;
  }
  return code + (<usize>load<i32>(r, 8) << 2);
}

// ADD..GE (6..16) on two values, as the stack ops compute them.
@inline function binop(op: i32, a: f64, b: f64): f64 {
  switch (op) {
    case OP_ADD: return a + b;
    case OP_SUB: return a - b;
    case OP_MUL: return a * b;
    case OP_DIV: return safeDiv(a, b);
    case OP_MOD: return safeMod(a, b);
    default: return compare(op, a, b); // EQ..GE
  }
}

/**
 * The target-selection ops (rare: out of line). Returns the next pc. SimC's target_if
 * (action_t::select_target_if_target, engine/action/sc_distance_targeting.cpp): the expression is
 * evaluated on the player's target (0) first; every other target in list order whose value differs
 * from that one replaces the choice when it is non-zero (first: the first such target wins), strictly
 * greater than the best (max) or strictly smaller (min). Ties therefore keep the primary target, then
 * the lowest index. With one target no selection happens (the expression is not evaluated).
 */
function targetOp<S>(s: S, rot: Rotation, op: i32, pc: usize, v: f64): usize {
  if (op == OP_TIFBEGIN) {
    if (s.targetCount() <= 1) return rot.code + (<usize>load<i32>(pc, 4) << 2);
    rot.tI = 0;
    s.setTarget(0);
    return pc + 8;
  }
  if (op == OP_TIFSTEP) {
    const i = rot.tI;
    const mode = load<i32>(pc, 4);
    if (i == 0) {
      rot.tV0 = v;
      rot.tBest = v;
      rot.tBestT = 0;
      rot.tDone = false;
    } else if (v != rot.tV0) {
      if (mode == TIF_FIRST) {
        if (v != 0) {
          rot.tBestT = i;
          rot.tDone = true;
        }
      } else if (mode == TIF_MAX ? v > rot.tBest : v < rot.tBest) {
        rot.tBest = v;
        rot.tBestT = i;
      }
    }
    if (!rot.tDone && i + 1 < s.targetCount()) {
      rot.tI = i + 1;
      s.setTarget(i + 1);
      return rot.code + (<usize>load<i32>(pc, 8) << 2);
    }
    s.setTarget(rot.tBestT);
    return pc + 12;
  }
  if (op == OP_CYCBEGIN) {
    rot.tI = 0;
    s.setTarget(0);
    return pc + 4;
  }
  if (op == OP_CYCNEXT) {
    const cap = load<i32>(pc, 4);
    const n = s.targetCount();
    const lim = cap > 0 && cap < n ? cap : n;
    const i = rot.tI + 1;
    if (i < lim) {
      rot.tI = i;
      s.setTarget(i);
      return rot.code + (<usize>load<i32>(pc, 8) << 2);
    }
    s.setTarget(0);
    return pc + 12;
  }
  s.setTarget(0); // OP_TGTRESET
  return pc + 4;
}

@inline function compare(cmp: i32, a: f64, b: f64): f64 {
  switch (cmp) {
    case OP_EQ: return f2b(a == b);
    case OP_NE: return f2b(a != b);
    case OP_LT: return f2b(a < b);
    case OP_LE: return f2b(a <= b);
    case OP_GT: return f2b(a > b);
    default: return f2b(a >= b);
  }
}

function varOp(op: i32, cur: f64, v: f64, def: f64): f64 {
  switch (op) {
    case VAR_SET: return v;
    case VAR_ADD: return cur + v;
    case VAR_SUB: return cur - v;
    case VAR_MUL: return cur * v;
    case VAR_DIV: return safeDiv(cur, v);
    case VAR_MIN: return min(cur, v);
    case VAR_MAX: return max(cur, v);
    case VAR_MOD: return safeMod(cur, v);
    case VAR_POW: return Math.pow(cur, v);
    case VAR_FLOOR: return Math.floor(cur);
    case VAR_CEIL: return Math.ceil(cur);
    default: return def; // VAR_RESET
  }
}

// The steps of selectAction's instructions that compute a value or a jump target (all @inline: the
// interpreter loop keeps one frame, its locals and its dispatch table; only the source is split).

/** The code pointer of word index `word` (a jump target). */
@inline function jumpTo(rot: Rotation, word: i32): usize {
  return rot.code + (<usize>word << 2);
}

/** constants[k]. */
@inline function constAt(rot: Rotation, k: i32): f64 {
  return load<f64>(rot.consts + (<usize>k << 3));
}

/** The encoded wait action for `sec` > 0 seconds (rounded up to whole ms, at least 1, at most WAIT_MAX_MS). */
@inline function waitAction(sec: f64): i32 {
  const ms = Math.ceil(sec * 1000);
  const m: i32 = ms >= <f64>WAIT_MAX_MS ? WAIT_MAX_MS : max(<i32>ms, 1);
  return (m << 2) | ACTION_WAIT;
}

/** QCMPC / QCJZ / QCJNZ (cmp, kind, arg, k): query(kind, arg) <cmp> constants[k], 0 or 1. */
@inline function queryCompareConst<S>(s: S, rot: Rotation, pc: usize): f64 {
  const q = s.query(load<i32>(pc, 8), load<i32>(pc, 12));
  return compare(load<i32>(pc, 4), q, constAt(rot, load<i32>(pc, 16)));
}

/** QQCJZ / QQCJNZ (cmp, kind1, arg1, kind2, arg2): q1 <cmp> q2, q1 asked first. */
@inline function queryCompareQuery<S>(s: S, pc: usize): f64 {
  const q1 = s.query(load<i32>(pc, 8), load<i32>(pc, 12));
  const q2 = s.query(load<i32>(pc, 16), load<i32>(pc, 20));
  return compare(load<i32>(pc, 4), q1, q2);
}

/** CSQDQ (k, kind1, arg1, kind2, arg2): (constants[k] - q1) / q2, q1 asked first: `(30 - focus) / focus.regen`. */
@inline function constSubQueryDivQuery<S>(s: S, rot: Rotation, pc: usize): f64 {
  const a = constAt(rot, load<i32>(pc, 4)) - s.query(load<i32>(pc, 8), load<i32>(pc, 12));
  return safeDiv(a, s.query(load<i32>(pc, 16), load<i32>(pc, 20)));
}

/** QCBIN (binop, kind, arg, k): query(kind, arg) <binop> constants[k]. */
@inline function queryBinConst<S>(s: S, rot: Rotation, pc: usize): f64 {
  const q = s.query(load<i32>(pc, 8), load<i32>(pc, 12));
  return binop(load<i32>(pc, 4), q, constAt(rot, load<i32>(pc, 16)));
}

/** QQBIN (binop, kind1, arg1, kind2, arg2): q1 <binop> q2, q1 asked first. */
@inline function queryBinQuery<S>(s: S, pc: usize): f64 {
  const q1 = s.query(load<i32>(pc, 8), load<i32>(pc, 12));
  return binop(load<i32>(pc, 4), q1, s.query(load<i32>(pc, 16), load<i32>(pc, 20)));
}

/** VAROP's new variable value (vp: the variable's address; v: the popped value, unused by floor/ceil/reset). */
@inline function varOpAt(rot: Rotation, vop: i32, vp: usize, v: f64): f64 {
  return varOp(vop, load<f64>(vp), v, load<f64>(rot.defaults + (vp - rot.vars)));
}

/**
 * Runs the rotation's main list against state `s` and returns the encoded action (ACTION_NONE,
 * (spell << 2) | ACTION_CAST, or (ms << 2) | ACTION_WAIT with ms relative to now). Variable entries
 * passed on the way are applied. `S` needs `query(kind: i32, arg: i32): f64`, `castReady(spell: i32): bool`
 * `castReadyWhileCasting(spell: i32): bool` (OP_CASTW) and `touch(): void` (the side effect of the queries a CASTCHKT skips; may do nothing); v3 code also
 * `blocked(spell: i32): bool` (true only when castReady(spell) is surely false), `castCheck(spell: i32): bool`
 * (castReady after blocked said no), `now(): i64`, `notBeforeTable(): usize` (i64 per spell, index -1 included:
 * castReady surely false while now < the entry) and, for rotationBind, `spellCount(): i32` and
 * `timeBound(kind, arg, cmp, k): i64`.
 */
// inlined into its one engine caller (onReady): no call frame per decision
// @ts-ignore: decorator
@inline export function selectAction<S>(s: S, rot: Rotation): i32 {
  // code/consts/vars/rets are read from `rot` where used (not held in locals): fewer values to keep
  // live across the engine calls (V8 reloads every live local after a call).
  let sp = rot.stack; // next free spill slot; the live top of stack is `tos`
  rot.rsp = rot.rets;
  let tos: f64 = 0;
  let pc = rot.mainPc;
  // castReady memo (fast opcodes): `known` bits were asked this evaluation, `ready` bits answered yes.
  // The state does not change during an evaluation, so a repeated spell is asked once.
  let known = 0;
  let ready = 0;
  while (true) {
    const op = load<i32>(pc);
    // one line per instruction: a push spills `tos` first, a pop reloads it (docs/rotation.md §6 lists the operands)
    switch (op) {
      case OP_END: {
        const rsp = rot.rsp;
        if (rsp == rot.rets) return ACTION_NONE;
        rot.rsp = rsp - 4;
        pc = <usize>load<u32>(rsp - 4);
        break;
      }
      // pushes
      case OP_CONST: { store<f64>(sp, tos); sp += 8; tos = constAt(rot, load<i32>(pc, 4)); pc += 8; break; }
      case OP_QUERY: { store<f64>(sp, tos); sp += 8; tos = s.query(load<i32>(pc, 4), load<i32>(pc, 8)); pc += 12; break; }
      case OP_VAR: { store<f64>(sp, tos); sp += 8; tos = load<f64>(rot.vars + (<usize>load<i32>(pc, 4) << 3)); pc += 8; break; }
      // on the top value
      case OP_NOT: { tos = f2b(tos == 0); pc += 4; break; }
      case OP_NEG: { tos = -tos; pc += 4; break; }
      // on the two top values
      case OP_ADD: { sp -= 8; tos = load<f64>(sp) + tos; pc += 4; break; }
      case OP_SUB: { sp -= 8; tos = load<f64>(sp) - tos; pc += 4; break; }
      case OP_MUL: { sp -= 8; tos = load<f64>(sp) * tos; pc += 4; break; }
      case OP_DIV: { sp -= 8; tos = safeDiv(load<f64>(sp), tos); pc += 4; break; }
      case OP_MOD: { sp -= 8; tos = safeMod(load<f64>(sp), tos); pc += 4; break; }
      case OP_EQ: { sp -= 8; tos = f2b(load<f64>(sp) == tos); pc += 4; break; }
      case OP_NE: { sp -= 8; tos = f2b(load<f64>(sp) != tos); pc += 4; break; }
      case OP_LT: { sp -= 8; tos = f2b(load<f64>(sp) < tos); pc += 4; break; }
      case OP_LE: { sp -= 8; tos = f2b(load<f64>(sp) <= tos); pc += 4; break; }
      case OP_GT: { sp -= 8; tos = f2b(load<f64>(sp) > tos); pc += 4; break; }
      case OP_GE: { sp -= 8; tos = f2b(load<f64>(sp) >= tos); pc += 4; break; }
      // short-circuit: a false `and` leaves 0 (normalizing -0), a true `or` leaves 1, and both jump
      case OP_AND: {
        if (tos == 0) { tos = 0; pc = jumpTo(rot, load<i32>(pc, 4)); } else { sp -= 8; tos = load<f64>(sp); pc += 8; }
        break;
      }
      case OP_OR: {
        if (tos != 0) { tos = 1; pc = jumpTo(rot, load<i32>(pc, 4)); } else { sp -= 8; tos = load<f64>(sp); pc += 8; }
        break;
      }
      case OP_BOOL: { tos = f2b(tos != 0); pc += 4; break; }
      case OP_JZ: { const x = tos; sp -= 8; tos = load<f64>(sp); pc = x == 0 ? jumpTo(rot, load<i32>(pc, 4)) : pc + 8; break; }
      case OP_JNZ: { const x = tos; sp -= 8; tos = load<f64>(sp); pc = x != 0 ? jumpTo(rot, load<i32>(pc, 4)) : pc + 8; break; }
      // jumps: on the popped value, then the fused condition branches (no value-stack traffic for the commonest conditions)
      case OP_JMP: { pc = jumpTo(rot, load<i32>(pc, 4)); break; }
      // actions
      case OP_CAST: { const spell = load<i32>(pc, 4); if (s.castReady(spell)) return (spell << 2) | ACTION_CAST; pc += 8; break; }
      case OP_CASTW: { const spell = load<i32>(pc, 4); if (s.castReadyWhileCasting(spell)) return (spell << 2) | ACTION_CAST; pc += 8; break; }
      case OP_WAIT: { const sec = tos; sp -= 8; tos = load<f64>(sp); if (sec > 0) return waitAction(sec); pc += 4; break; }
      // lists
      case OP_CALL: { store<u32>(rot.rsp, <u32>(pc + 8)); rot.rsp += 4; pc = jumpTo(rot, load<i32>(pc, 4)); break; }
      case OP_RUN: { rot.rsp = rot.rets; pc = jumpTo(rot, load<i32>(pc, 4)); break; }
      case OP_VAROP: {
        const vop = load<i32>(pc, 4);
        const vp = rot.vars + (<usize>load<i32>(pc, 8) << 3);
        let v: f64 = 0;
        if (vop < VAR_FLOOR) { v = tos; sp -= 8; tos = load<f64>(sp); } // the ops with a value pop it
        store<f64>(vp, varOpAt(rot, vop, vp, v));
        pc += 12; break;
      }
      case OP_QCMPC: { store<f64>(sp, tos); sp += 8; tos = queryCompareConst(s, rot, pc); pc += 20; break; }
      case OP_QJZ: { pc = s.query(load<i32>(pc, 4), load<i32>(pc, 8)) == 0 ? jumpTo(rot, load<i32>(pc, 12)) : pc + 16; break; }
      case OP_QJNZ: { pc = s.query(load<i32>(pc, 4), load<i32>(pc, 8)) != 0 ? jumpTo(rot, load<i32>(pc, 12)) : pc + 16; break; }
      case OP_QCJZ: { pc = queryCompareConst(s, rot, pc) == 0 ? jumpTo(rot, load<i32>(pc, 20)) : pc + 24; break; }
      case OP_QCJNZ: { pc = queryCompareConst(s, rot, pc) != 0 ? jumpTo(rot, load<i32>(pc, 20)) : pc + 24; break; }
      // One castReady call site for the three memoized forms (the engine inlines its fast "no" there).
      case OP_CASTCHK:
      case OP_CASTCHKT:
      case OP_CASTM: {
        const bit = load<i32>(pc, 4);
        const spell = load<i32>(pc, 8);
        let ok: bool;
        if (known & bit) ok = (ready & bit) != 0;
        else { ok = s.castReady(spell); known |= bit; ready |= bit & -(<i32>ok); } // the memo update is branchless
        if (op == OP_CASTM) { if (ok) return (spell << 2) | ACTION_CAST; pc += 12; }
        else if (ok) pc += 16;
        else { if (op == OP_CASTCHKT) s.touch(); pc = jumpTo(rot, load<i32>(pc, 12)); }
        break;
      }
      case OP_CASTGO: return (load<i32>(pc, 4) << 2) | ACTION_CAST;
      // v3: an entry whose spell is blocked jumps through the scan table past every following blocked
      // entry in one dispatch (BM: bestial wrath, call of the wild, bloodshed, dire beast are blocked
      // most of the time). One castReady call site for the three cast forms.
      case OP_SCAN: { pc = scanRows(s, rot, load<i32>(pc, 4)); break; }
      case OP_CASTS:
      case OP_CASTCHKS:
      case OP_CASTCHKST: {
        // SCAN has its own case: no `op == OP_SCAN || blocked` bool materialized per cast dispatch
        if (s.blocked(load<i32>(pc, 12))) { if (op == OP_CASTCHKST) s.touch(); pc = scanRows(s, rot, load<i32>(pc, 4)); break; }
        const bit = load<i32>(pc, 8);
        const spell = load<i32>(pc, 12);
        let ok: bool;
        if (known & bit) ok = (ready & bit) != 0;
        else { ok = s.castCheck(spell); known |= bit; ready |= bit & -(<i32>ok); } // as above
        if (op == OP_CASTS) { if (ok) return (spell << 2) | ACTION_CAST; pc += 16; }
        else if (ok) pc += 20;
        else { if (op == OP_CASTCHKST) s.touch(); pc = jumpTo(rot, load<i32>(pc, 16)); }
        break;
      }
      case OP_CBIN: { tos = binop(load<i32>(pc, 4), tos, constAt(rot, load<i32>(pc, 8))); pc += 12; break; }
      case OP_QBIN: { tos = binop(load<i32>(pc, 4), tos, s.query(load<i32>(pc, 8), load<i32>(pc, 12))); pc += 16; break; }
      case OP_CSQDQ: { store<f64>(sp, tos); sp += 8; tos = constSubQueryDivQuery(s, rot, pc); pc += 24; break; }
      case OP_QQCJZ:
      case OP_QQCJNZ: { pc = (queryCompareQuery(s, pc) != 0) == (op == OP_QQCJNZ) ? jumpTo(rot, load<i32>(pc, 24)) : pc + 28; break; }
      case OP_QWAIT: { const sec = s.query(load<i32>(pc, 4), load<i32>(pc, 8)); if (sec > 0) return waitAction(sec); pc += 12; break; }
      case OP_CJZ:
      case OP_CJNZ: {
        const c = compare(load<i32>(pc, 4), tos, constAt(rot, load<i32>(pc, 8)));
        sp -= 8; tos = load<f64>(sp);
        pc = (c != 0) == (op == OP_CJNZ) ? jumpTo(rot, load<i32>(pc, 12)) : pc + 16;
        break;
      }
      case OP_QCBIN: { store<f64>(sp, tos); sp += 8; tos = queryBinConst(s, rot, pc); pc += 20; break; }
      case OP_QQBIN: { store<f64>(sp, tos); sp += 8; tos = queryBinQuery(s, pc); pc += 24; break; }
      case OP_MAX: { sp -= 8; tos = max(load<f64>(sp), tos); pc += 4; break; }
      case OP_MIN: { sp -= 8; tos = min(load<f64>(sp), tos); pc += 4; break; }
      case OP_ABS: { tos = abs(tos); pc += 4; break; }
      case OP_FLOOR: { tos = floor(tos); pc += 4; break; }
      case OP_CEIL: { tos = ceil(tos); pc += 4; break; }
      // target selection (rare: out of line)
      case OP_TIFBEGIN:
      case OP_TGTRESET:
      case OP_CYCBEGIN:
      case OP_CYCNEXT: { pc = targetOp<S>(s, rot, op, pc, 0); break; }
      case OP_TIFSTEP: { const v = tos; sp -= 8; tos = load<f64>(sp); pc = targetOp<S>(s, rot, op, pc, v); break; }
      default:
        unreachable(); // the compiler emits no other opcode; rotationCheck vetted the version
    }
  }
  return ACTION_NONE; // not reached (the loop returns); keeps the type checker happy
}

/** Number of query kinds this VM build knows (a compiled rotation never uses more). */
export const ROT_QUERY_KINDS: i32 = Q_COUNT;
