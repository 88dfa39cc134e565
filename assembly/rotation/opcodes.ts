// Rotation bytecode format constants (docs/rotation.md §4–6): header, action encoding, opcodes and
// VAROP sub-ops, shared by the VM (assembly/rotation/vm.ts) and the engine. src/rotation/bytecode.ts
// mirrors them for the compiler (test/rotation-compile.test.ts checks the two agree).

export const ROT_MAGIC: i32 = 0x31544f52; // "ROT1" little-endian
export const ROT_VERSION: i32 = 1;
export const ROT_VERSION_FAST: i32 = 2; // compiled with { fast: true }: may use opcodes 33..39
export const ROT_VERSION_SCAN: i32 = 3; // compiled with { fast: true, scan: true }: may use opcodes 33..43, scan tables
export const ROT_HEADER_WORDS: i32 = 8;

// Action encoding: low 2 bits = kind, the rest = payload (spell index or relative wait in ms).
export const ACTION_NONE: i32 = 0;
export const ACTION_CAST: i32 = 1;
export const ACTION_WAIT: i32 = 2;
export const WAIT_MAX_MS: i32 = (1 << 29) - 1;

// rotationCheck results.
export const ROT_OK: i32 = 0;
export const ROT_ERR_SHORT: i32 = 1; //      codeLen < header or != header word 7
export const ROT_ERR_MAGIC: i32 = 2;
export const ROT_ERR_VERSION: i32 = 3;
export const ROT_ERR_HEADER: i32 = 4; //     a header value out of range (negative depth, main pc outside code, defaults outside constants)
export const ROT_ERR_BOUNDS: i32 = 5; //     v3: the time-bound descriptors or the scan-table region (code word 8 on) do not fit the code
export const ROT_ERR_ROWS: i32 = 6; //       v3 (rotationBind): a scan row names a spell the state does not have, or a slot out of range

// Opcodes (internal; docs/rotation.md §6).
export const OP_END: i32 = 0;
export const OP_CONST: i32 = 1;
export const OP_QUERY: i32 = 2;
export const OP_VAR: i32 = 3;
export const OP_NOT: i32 = 4;
export const OP_NEG: i32 = 5;
export const OP_ADD: i32 = 6;
export const OP_SUB: i32 = 7;
export const OP_MUL: i32 = 8;
export const OP_DIV: i32 = 9;
export const OP_MOD: i32 = 10;
export const OP_EQ: i32 = 11;
export const OP_NE: i32 = 12;
export const OP_LT: i32 = 13;
export const OP_LE: i32 = 14;
export const OP_GT: i32 = 15;
export const OP_GE: i32 = 16;
export const OP_AND: i32 = 17;
export const OP_OR: i32 = 18;
export const OP_BOOL: i32 = 19;
export const OP_JZ: i32 = 20;
export const OP_JMP: i32 = 21;
export const OP_CAST: i32 = 22;
export const OP_WAIT: i32 = 23;
export const OP_CALL: i32 = 24;
export const OP_RUN: i32 = 25;
export const OP_VAROP: i32 = 26;
export const OP_QCMPC: i32 = 27;
export const OP_JNZ: i32 = 28;
export const OP_QJZ: i32 = 29; //    kind, arg, L: jump if query == 0
export const OP_QJNZ: i32 = 30; //   kind, arg, L: jump if query != 0
export const OP_QCJZ: i32 = 31; //   cmp, kind, arg, k, L: jump if !(query cmp k)
export const OP_QCJNZ: i32 = 32; //  cmp, kind, arg, k, L: jump if (query cmp k)
// Fast-path opcodes (ROT_VERSION_FAST): castReady answers memoized per evaluation under `bit`.
export const OP_CASTCHK: i32 = 33; //  bit, spell, L: jump if !castReady(spell)
export const OP_CASTCHKT: i32 = 34; // bit, spell, L: same; s.touch() before the jump (the skipped condition had a side effect)
export const OP_CASTM: i32 = 35; //    bit, spell: if castReady(spell) return Cast(spell)
export const OP_CASTGO: i32 = 36; //   spell: return Cast(spell)
export const OP_CSQDQ: i32 = 37; //    k, kind1, arg1, kind2, arg2: push (k - q1) / q2 (resource waits)
export const OP_CBIN: i32 = 38; //     binop, k: tos = tos <binop> constants[k]
export const OP_QBIN: i32 = 39; //     binop, kind, arg: tos = tos <binop> query(kind, arg)
// Scan opcodes (ROT_VERSION_SCAN). R = word index of a row in the list's scan table: rows are
// (spell, time-bound slot, target); a row is skipped while s.blocked(spell) or its time bound lies ahead.
export const OP_SCAN: i32 = 40; //     R: jump to the first row from R that is not skipped
export const OP_CASTS: i32 = 41; //    R, bit, spell: blocked -> SCAN R; else if castReady (memoized) return Cast(spell)
export const OP_CASTCHKS: i32 = 42; // R, bit, spell, L: blocked -> SCAN R; else jump L if !castReady (memoized)
export const OP_CASTCHKST: i32 = 43; // R, bit, spell, L: same; s.touch() before either jump
export const SCAN_ROW_WORDS: i32 = 3;
// More fused forms (ROT_VERSION_SCAN):
export const OP_QQCJZ: i32 = 44; //    cmp, kind1, arg1, kind2, arg2, L: jump if !(q1 cmp q2)
export const OP_QQCJNZ: i32 = 45; //   cmp, kind1, arg1, kind2, arg2, L: jump if (q1 cmp q2)
export const OP_QWAIT: i32 = 46; //    kind, arg: WAIT on query(kind, arg) (nothing pushed)
export const OP_CJZ: i32 = 47; //      cmp, k, L: pop x; jump if !(x cmp constants[k])
export const OP_CJNZ: i32 = 48; //     cmp, k, L: pop x; jump if (x cmp constants[k])
export const OP_QCBIN: i32 = 49; //    binop, kind, arg, k: push query(kind, arg) <binop> constants[k]
export const OP_QQBIN: i32 = 50; //    binop, kind1, arg1, kind2, arg2: push q1 <binop> q2
// SimC's `<?` (max) / `>?` (min) on the two top values, and its unary `@` (abs), `floor()`, `ceil()`
// on the top value. Never a fused binop (the compiler emits them as plain stack ops only).
export const OP_MAX: i32 = 51;
export const OP_MIN: i32 = 52;
export const OP_ABS: i32 = 53;
export const OP_FLOOR: i32 = 54;
export const OP_CEIL: i32 = 55;
// Target selection (any version; docs/rotation.md "Targets"). The State's current target is what
// debuff/dot questions and the returned cast refer to; it is 0 (the primary) outside these ops.
export const OP_TIFBEGIN: i32 = 56; // L: one target -> jump L (no selection); else current := 0, loop index := 0
export const OP_TIFSTEP: i32 = 57; //  mode, L: pop v, fold it into the target_if choice (SimC rule); next target -> jump L; done -> current := chosen
export const OP_TGTRESET: i32 = 58; // current := 0
export const OP_CYCBEGIN: i32 = 59; // current := 0, loop index := 0
export const OP_CYCNEXT: i32 = 60; //  max, L: next target below min(targets, max) (max 0: all) -> current := it, jump L; else current := 0
// use_while_casting=1 casts (any version): castReady as CAST, except that a cast bar in progress does not
// block the spell (the state decides: s.castReadyWhileCasting). Never memoized: its answer differs from CAST's
export const OP_CASTW: i32 = 61; //    spell: if s.castReadyWhileCasting(spell) return Cast(spell)
export const TIF_FIRST: i32 = 0;
export const TIF_MIN: i32 = 1;
export const TIF_MAX: i32 = 2;

// VAROP sub-ops.
export const VAR_SET: i32 = 0;
export const VAR_ADD: i32 = 1;
export const VAR_SUB: i32 = 2;
export const VAR_MUL: i32 = 3;
export const VAR_DIV: i32 = 4;
export const VAR_MIN: i32 = 5;
export const VAR_MAX: i32 = 6;
export const VAR_MOD: i32 = 7;
export const VAR_POW: i32 = 8;
export const VAR_FLOOR: i32 = 9;
export const VAR_CEIL: i32 = 10;
export const VAR_RESET: i32 = 11;

@inline export function actionKind(a: i32): i32 {
  return a & 3;
}
@inline export function actionSpell(a: i32): i32 {
  return a >>> 2;
}
@inline export function actionWaitMs(a: i32): i32 {
  return a >>> 2;
}
