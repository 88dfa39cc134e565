// TS mirror of the bytecode constants in assembly/rotation/opcodes.ts (docs/rotation.md §4–6).
export const ROT_MAGIC = 0x31544f52; // "ROT1" little-endian
export const ROT_VERSION = 1;
/** Version of code compiled with `{ fast: true }` (uses the engine fast-path opcodes 33..39). */
export const ROT_VERSION_FAST = 2;
/** Version of code compiled with `{ fast: true, scan: true }` (opcodes 33..43, scan tables, time-bound descriptors at word 8). */
export const ROT_VERSION_SCAN = 3;
/** Words per scan-table row: spell (-1: never skipped), time-bound slot (0: none), target pc. */
export const SCAN_ROW_WORDS = 3;
export const ROT_HEADER_WORDS = 8;

export const ACTION_NONE = 0;
export const ACTION_CAST = 1;
export const ACTION_WAIT = 2;
export const WAIT_MAX_MS = 2 ** 29 - 1;
/** Spell indices must fit the action payload (29 bits). */
export const MAX_SPELL_INDEX = 2 ** 29 - 1;

export const OP = {
  END: 0,
  CONST: 1,
  QUERY: 2,
  VAR: 3,
  NOT: 4,
  NEG: 5,
  ADD: 6,
  SUB: 7,
  MUL: 8,
  DIV: 9,
  MOD: 10,
  EQ: 11,
  NE: 12,
  LT: 13,
  LE: 14,
  GT: 15,
  GE: 16,
  AND: 17,
  OR: 18,
  BOOL: 19,
  JZ: 20,
  JMP: 21,
  CAST: 22,
  WAIT: 23,
  CALL: 24,
  RUN: 25,
  VAROP: 26,
  QCMPC: 27,
  JNZ: 28,
  QJZ: 29,
  QJNZ: 30,
  QCJZ: 31,
  QCJNZ: 32,
  CASTCHK: 33,
  CASTCHKT: 34,
  CASTM: 35,
  CASTGO: 36,
  CSQDQ: 37,
  CBIN: 38,
  QBIN: 39,
  SCAN: 40,
  CASTS: 41,
  CASTCHKS: 42,
  CASTCHKST: 43,
  QQCJZ: 44,
  QQCJNZ: 45,
  QWAIT: 46,
  CJZ: 47,
  CJNZ: 48,
  QCBIN: 49,
  QQBIN: 50,
  MAX: 51,
  MIN: 52,
  ABS: 53,
  FLOOR: 54,
  CEIL: 55,
  TIFBEGIN: 56,
  TIFSTEP: 57,
  TGTRESET: 58,
  CYCBEGIN: 59,
  CYCNEXT: 60,
  // use_while_casting=1 lines: like CAST, but castable while another spell's cast bar runs
  // (assembly/engine/cast-while-casting.ts); never memoized (the state's answer differs from CAST's then)
  CASTW: 61,
} as const;

export const VAROP = {
  set: 0,
  add: 1,
  sub: 2,
  mul: 3,
  div: 4,
  min: 5,
  max: 6,
  mod: 7,
  pow: 8,
  floor: 9,
  ceil: 10,
  reset: 11,
} as const;
export type VarOpName = keyof typeof VAROP | "setif";

export type DecodedAction = { kind: "none" } | { kind: "cast"; spell: number } | { kind: "wait"; ms: number };

/** Decodes selectAction's i32 result (docs/rotation.md §5). */
export function decodeAction(a: number): DecodedAction {
  const payload = a >>> 2;
  switch (a & 3) {
    case ACTION_CAST:
      return { kind: "cast", spell: payload };
    case ACTION_WAIT:
      return { kind: "wait", ms: payload };
    default:
      return { kind: "none" };
  }
}
