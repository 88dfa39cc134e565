// Compiler: exact bytecode for small rotations, folding, header fields, TS mirrors of the AS
// constants, and every error with its exact file / list / entry / field / column.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import {
  compileRotation,
  parseRotationJson,
  evaluateAst,
  parseExpression,
  RotationError,
  QUERY as Q,
  ROT_MAGIC,
  type RotationJson,
  type CompiledRotation,
} from "../src/rotation/index.js";
import { OP, VAROP } from "../src/rotation/bytecode.js";
import { Resolver } from "../src/rotation/resolve.js";
import { testSymbols, SPELLS, AURAS } from "./helpers/rotation-symbols.js";

const FILE = "rotations/bm.json";
const compile = (rot: unknown, syms = testSymbols()): CompiledRotation => compileRotation(rot as RotationJson, syms, FILE);
const body = (c: CompiledRotation): number[] => [...c.code.slice(8)];

function compileError(rot: unknown, syms = testSymbols()): RotationError {
  try {
    compile(rot, syms);
  } catch (e) {
    expect(e).toBeInstanceOf(RotationError);
    return e as RotationError;
  }
  throw new Error("compiled without error");
}
const where = (e: RotationError) => ({ code: e.code, file: e.file, list: e.list, entry: e.entry, field: e.field, column: e.column });

describe("TS mirrors of the AssemblyScript constants", () => {
  it("query kinds equal assembly/rotation/queries.ts", () => {
    const src = readFileSync(new URL("../assembly/rotation/queries.ts", import.meta.url), "utf8");
    const as = new Map([...src.matchAll(/export const Q_([A-Z0-9_]+): i32 = (\d+);/g)].map((m) => [m[1]!, Number(m[2])]));
    expect(as.size).toBe(Object.keys(Q).length);
    for (const [name, v] of Object.entries(Q)) expect([name, as.get(name)]).toEqual([name, v]);
  });
  it("opcodes and VAROP codes equal assembly/rotation/opcodes.ts", () => {
    const src = readFileSync(new URL("../assembly/rotation/opcodes.ts", import.meta.url), "utf8");
    const ops = new Map([...src.matchAll(/export const OP_([A-Z]+): i32 = (\d+);/g)].map((m) => [m[1]!, Number(m[2])]));
    expect(ops.size).toBe(Object.keys(OP).length);
    for (const [name, v] of Object.entries(OP)) expect([name, ops.get(name)]).toEqual([name, v]);
    const vops = new Map([...src.matchAll(/export const VAR_([A-Z]+): i32 = (\d+);/g)].map((m) => [m[1]!.toLowerCase(), Number(m[2])]));
    expect(vops.size).toBe(Object.keys(VAROP).length);
    for (const [name, v] of Object.entries(VAROP)) expect([name, vops.get(name)]).toEqual([name, v]);
  });
});

describe("bytecode", () => {
  it("exact code for a two-list rotation (fused compare, branch chain, call)", () => {
    const c = compile({
      lists: {
        default: [{ cast: "kill_command", if: "focus >= 30 & buff.bestial_wrath.up" }, { call: "cds" }],
        cds: [{ cast: "bestial_wrath" }],
      },
    });
    // pc  8: QCJZ GE RESOURCE 0 k0(=30) → 20   14: QJZ BUFF_UP 10 → 20   18: CAST 3
    // pc 20: CALL 23   22: END   23: CAST 6   25: END   → 26 words; no value is ever pushed (depth 0)
    expect([...c.code.slice(0, 8)]).toEqual([ROT_MAGIC, 1, 0, 0, 1, 8, 0, 26]);
    expect(body(c)).toEqual([
      OP.QCJZ, OP.GE, Q.RESOURCE, 0, 0, 20,
      OP.QJZ, Q.BUFF_UP, AURAS.bestial_wrath, 20,
      OP.CAST, SPELLS.kill_command,
      OP.CALL, 23, OP.END,
      OP.CAST, SPELLS.bestial_wrath, OP.END,
    ]);
    expect([...c.constants]).toEqual([30]);
    expect(c.lists).toEqual([{ name: "default", pc: 8 }, { name: "cds", pc: 23 }]);
    expect(c.spells).toEqual([3, 6]);
    expect([c.stackDepth, c.callDepth, c.main]).toEqual([0, 1, "default"]);
  });

  it("| branches: the left side jumps straight to the action", () => {
    const c = compile({ lists: { default: [{ cast: "cobra_shot", if: "time > 1 | !buff.bestial_wrath.up" }] } });
    // 8: QCJNZ GT TIME 0 k0 → 18   14: QJNZ BUFF_UP 10 → 20 (!x: skip when x is true)   18: CAST 5   20: END
    expect(body(c)).toEqual([OP.QCJNZ, OP.GT, Q.TIME, 0, 0, 18, OP.QJNZ, Q.BUFF_UP, 10, 20, OP.CAST, 5, OP.END]);
  });

  it("a constant on the left of a comparison is flipped into the fused form", () => {
    const c = compile({ lists: { default: [{ cast: "cobra_shot", if: "20 > focus.deficit" }] } });
    expect(body(c).slice(0, 5)).toEqual([OP.QCJZ, OP.LT, Q.RESOURCE_DEFICIT, 0, 0]); // skip unless deficit < 20
    const v = compile({ lists: { default: [{ variable: "x", value: "20 > focus.deficit" }] } });
    expect(body(v).slice(0, 5)).toEqual([OP.QCMPC, OP.LT, Q.RESOURCE_DEFICIT, 0, 1]); // k0 is x's default
  });

  it("values of logical operators use AND/OR/BOOL; stack depth is tracked", () => {
    const c = compile({ lists: { default: [{ variable: "x", value: "(time & focus) + 2 * fight_remains" }] } });
    // 8: QUERY TIME 0   11: AND 17   13: QUERY RESOURCE 0   16: BOOL   17: CONST k1   19: QUERY FIGHT_REMAINS 0
    // 22: MUL   23: ADD   24: VAROP set 0   27: END
    expect(body(c)).toEqual([
      OP.QUERY, Q.TIME, 0, OP.AND, 17, OP.QUERY, Q.RESOURCE, 0, OP.BOOL,
      OP.CONST, 1, OP.QUERY, Q.FIGHT_REMAINS, 0, OP.MUL, OP.ADD,
      OP.VAROP, VAROP.set, 0, OP.END,
    ]);
    expect(c.constants[0]).toBe(0); // variable x's default
    expect(c.constants[1]).toBe(2);
    expect(c.stackDepth).toBe(3); // (time&focus), 2, fight_remains
  });

  it("setif: condition, both branches, one assignment each", () => {
    const c = compile({ lists: { default: [{ variable: "v", op: "setif", condition: "time", value: "1", value_else: "focus" }] } });
    // 8: QJZ TIME 0 → 19   12: CONST k1   14: VAROP set 0   17: JMP 25   19: QUERY RESOURCE 0   22: VAROP set 0   25: END
    expect(body(c)).toEqual([
      OP.QJZ, Q.TIME, 0, 19, OP.CONST, 1, OP.VAROP, VAROP.set, 0, OP.JMP, 25,
      OP.QUERY, Q.RESOURCE, 0, OP.VAROP, VAROP.set, 0, OP.END,
    ]);
  });
});

describe("constant folding", () => {
  it("talents fold: a false talent removes the entry, a true one removes the test", () => {
    const c = compile({
      lists: {
        default: [
          { cast: "multishot", if: "talent.alpha_predator & focus > 10" },
          { cast: "kill_command", if: "talent.killer_instinct & focus > 10" },
          { cast: "cobra_shot", if: "talent.killer_instinct.enabled | focus > 10" },
          { cast: "barbed_shot", if: "!talent.alpha_predator" },
        ],
      },
    });
    // 8: QCJZ GT RESOURCE 0 k0 → 16   14: CAST 3   16: CAST 5   18: CAST 4   20: END
    expect(body(c)).toEqual([
      OP.QCJZ, OP.GT, Q.RESOURCE, 0, 0, 16, OP.CAST, SPELLS.kill_command,
      OP.CAST, SPELLS.cobra_shot,
      OP.CAST, SPELLS.barbed_shot, OP.END,
    ]);
    expect(c.spells).toEqual([3, 4, 5]); // multishot (7) can never be returned
  });

  it("pure-constant subexpressions fold to one constant (2 * 3 + 1 = 7, 7 % 2 = 3.5, 7 %% 2 = 1, 1 / 0 = 0)", () => {
    const v = (src: string) => {
      const c = compile({ lists: { default: [{ variable: "x", value: src }] } });
      expect(body(c).slice(0, 2)).toEqual([OP.CONST, 1]);
      expect(body(c).length).toBe(6); // CONST k, VAROP set 0, END
      return c.constants[1];
    };
    expect(v("2 * 3 + 1")).toBe(7);
    expect(v("7 % 2")).toBe(3.5);
    expect(v("7 %% 2")).toBe(1);
    expect(v("-7 %% 2")).toBe(-1);
    expect(v("1 / 0")).toBe(0);
    expect(v("5 %% 0")).toBe(0);
    expect(v("(1 + 2) * (3 - 1.5) > 4")).toBe(1); // 4.5 > 4
    expect(v("!(0.5) | 0")).toBe(0);
  });

  it("x & 0 and x | 1 fold away the query; 1 & x keeps only x's truth", () => {
    const c = compile({ lists: { default: [{ cast: "cobra_shot", if: "focus > 3 & 0" }, { cast: "multishot", if: "focus | 1" }, { cast: "kill_command", if: "1 & time" }] } });
    // 8: CAST 7   10: QJZ TIME 0 → 16   14: CAST 3   16: END
    expect(body(c)).toEqual([OP.CAST, SPELLS.multishot, OP.QJZ, Q.TIME, 0, 16, OP.CAST, SPELLS.kill_command, OP.END]);
  });

  it("a constant wait of 0 or less emits nothing; a constant wait emits CONST + WAIT", () => {
    const c = compile({ lists: { default: [{ wait: "0" }, { wait: "-1" }, { wait: 0.5 }] } });
    expect(body(c)).toEqual([OP.CONST, 0, OP.WAIT, OP.END]);
    expect([...c.constants]).toEqual([0.5]);
  });

  it("active_enemies folds when the host gives a fixed count", () => {
    const c = compile({ lists: { default: [{ cast: "multishot", if: "active_enemies > 2" }] } }, { ...testSymbols(), activeEnemies: 1 });
    expect(body(c)).toEqual([OP.END]);
  });
});

describe("call depth and list order", () => {
  it("callDepth counts nested calls; run does not add a level", () => {
    const c = compile({
      main: "top",
      lists: {
        a: [{ call: "b" }],
        b: [{ call: "c" }],
        c: [{ cast: "cobra_shot" }],
        top: [{ call: "a" }, { run: "c" }],
      },
    });
    expect(c.callDepth).toBe(3); // top → a → b → c
    expect(c.code[5]).toBe(c.lists.find((l) => l.name === "top")!.pc);
    expect(compile({ lists: { default: [{ run: "x" }], x: [{ run: "y" }], y: [{ cast: "cobra_shot" }] } }).callDepth).toBe(0);
  });
});

describe("evaluateAst (hand-computed)", () => {
  const ev = (src: string, q: Record<number, number> = {}) =>
    evaluateAst(new Resolver(testSymbols(), new Map([["x", 0]])).resolve(parseExpression(src), { file: "t" }), {
      query: (k) => q[k] ?? 0,
      variable: () => 4,
    });
  it("arithmetic, precedence and SimC % ", () => {
    expect(ev("1 + 2 * 3")).toBe(7);
    expect(ev("(1 + 2) * 3")).toBe(9);
    expect(ev("10 - 4 - 3")).toBe(3);
    expect(ev("12 % 4 % 3")).toBe(1); // (12/4)/3
    expect(ev("12 %% 5")).toBe(2);
    expect(ev("-2 * -3")).toBe(6);
    expect(ev("variable.x * focus", { [Q.RESOURCE]: 2.5 })).toBe(10);
  });
  it("logic returns 1/0, NaN is truthy", () => {
    expect(ev("2 & 3")).toBe(1);
    expect(ev("0 | 0")).toBe(0);
    expect(ev("!5")).toBe(0);
    expect(ev("time", { [Q.TIME]: NaN })).toBeNaN();
    expect(ev("time & 1", { [Q.TIME]: NaN })).toBe(1);
    expect(ev("time = time", { [Q.TIME]: NaN })).toBe(0);
    expect(ev("1 < 2 = 1")).toBe(1); // (1 < 2) = 1
  });
});

describe("errors name file, list, entry, field and column", () => {
  const base = (entries: unknown[], extra: Record<string, unknown[]> = {}) => ({ lists: { default: [{ cast: "cobra_shot" }], st: entries, ...extra } });

  it("unknown name in a condition", () => {
    const e = compileError(base([{ cast: "cobra_shot" }, { cast: "kill_command", if: "focus > 10 & buff.bestial_wrth.up" }]));
    expect(where(e)).toEqual({ code: "ROTATION_UNKNOWN_NAME", file: FILE, list: "st", entry: 1, field: "if", column: 19 });
    expect(e.message).toBe(`${FILE}: list "st" entry 1 field "if" column 19: unknown aura "bestial_wrth" in "buff.bestial_wrth.up"`);
  });
  it("unknown name in value / wait / condition / cast", () => {
    expect(where(compileError(base([{ variable: "x", value: "1 + energy" }])))).toMatchObject({ list: "st", entry: 0, field: "value", column: 5, code: "ROTATION_UNKNOWN_NAME" });
    expect(where(compileError(base([{ wait: "cooldown.nope.remains" }])))).toMatchObject({ entry: 0, field: "wait", column: 10 });
    expect(where(compileError(base([{ variable: "x", op: "setif", condition: "zz", value: "1", value_else: "0" }])))).toMatchObject({ field: "condition", column: 1 });
    const e = compileError(base([{ cast: "cobra_shot" }, { cast: "cobra_shoot" }]));
    expect(where(e)).toEqual({ code: "ROTATION_UNKNOWN_NAME", file: FILE, list: "st", entry: 1, field: "cast", column: 1 });
    expect(e.message).toMatch(/unknown spell "cobra_shoot"/);
  });
  it("unexpected token", () => {
    const e = compileError(base([{ cast: "cobra_shot", if: "focus > > 3" }]));
    expect(where(e)).toEqual({ code: "ROTATION_UNEXPECTED_TOKEN", file: FILE, list: "st", entry: 0, field: "if", column: 9 });
  });
  it("unbalanced parenthesis", () => {
    let e = compileError(base([{ cast: "cobra_shot" }, { cast: "cobra_shot" }, { cast: "cobra_shot", if: "time > 1 & (focus < 3 | time > 2" }]));
    expect(where(e)).toEqual({ code: "ROTATION_UNBALANCED_PAREN", file: FILE, list: "st", entry: 2, field: "if", column: 12 });
    e = compileError(base([{ wait: "(time + 1))" }]));
    expect(where(e)).toEqual({ code: "ROTATION_UNBALANCED_PAREN", file: FILE, list: "st", entry: 0, field: "wait", column: 11 });
  });
  it("unknown action list in call / run / main", () => {
    let e = compileError(base([{ cast: "cobra_shot" }, { call: "cooldowns" }]));
    expect(where(e)).toEqual({ code: "ROTATION_UNKNOWN_LIST", file: FILE, list: "st", entry: 1, field: "call", column: undefined });
    expect(e.message).toBe(`${FILE}: list "st" entry 1 field "call": call of unknown action list "cooldowns" (lists: default, st)`);
    e = compileError(base([{ run: "aoe" }]));
    expect(where(e)).toMatchObject({ code: "ROTATION_UNKNOWN_LIST", list: "st", entry: 0, field: "run" });
    e = compileError({ main: "opener", lists: { default: [] } });
    expect(where(e)).toEqual({ code: "ROTATION_UNKNOWN_LIST", file: FILE, list: undefined, entry: undefined, field: "main", column: undefined });
  });
  it("call cycles (direct, indirect, through run) are reported at the entry that closes them", () => {
    let e = compileError({ lists: { default: [{ cast: "cobra_shot" }, { call: "default", if: "time > 1" }] } });
    expect(where(e)).toMatchObject({ code: "ROTATION_CALL_CYCLE", list: "default", entry: 1, field: "call" });
    expect(e.detail).toBe("action-list cycle: default -> default");
    e = compileError({ lists: { default: [{ call: "a" }], a: [{ cast: "cobra_shot" }, { call: "b" }], b: [{ run: "c" }], c: [{ cast: "multishot" }, { cast: "cobra_shot" }, { call: "a" }] } });
    expect(where(e)).toMatchObject({ code: "ROTATION_CALL_CYCLE", list: "c", entry: 2, field: "call" });
    expect(e.detail).toBe("action-list cycle: a -> b -> c -> a");
    // An unreachable cycle is still an error.
    e = compileError({ lists: { default: [{ cast: "cobra_shot" }], x: [{ run: "y" }], y: [{ call: "x" }] } });
    expect(e.detail).toBe("action-list cycle: x -> y -> x");
    expect(where(e)).toMatchObject({ list: "y", entry: 0, field: "call" });
    // A diamond (two paths to one list) is not a cycle.
    expect(() => compile({ lists: { default: [{ call: "a" }, { call: "b" }], a: [{ call: "c" }], b: [{ call: "c" }], c: [] } })).not.toThrow();
  });
  it("shape problems are ROTATION_BAD_SHAPE with the offending field", () => {
    const cases: [unknown, Record<string, unknown>][] = [
      [null, { field: undefined }],
      [{ list: {} }, { field: "list" }],
      [{ lists: [] }, { field: "lists" }],
      [{ lists: {} }, { field: "lists" }],
      [{ lists: { "bad-name": [] } }, { list: "bad-name" }],
      [{ lists: { default: {} } }, { list: "default" }],
      [{ lists: { default: ["cast kill_command"] } }, { list: "default", entry: 0 }],
      [{ lists: { default: [{}] } }, { list: "default", entry: 0 }],
      [{ lists: { default: [{ cast: "cobra_shot", call: "x" }] } }, { entry: 0, field: undefined }],
      [{ lists: { default: [{ cast: "cobra_shot", iff: "time" }] } }, { entry: 0, field: "iff" }],
      [{ lists: { default: [{ cast: "cobra_shot", value: "1" }] } }, { entry: 0, field: "value" }],
      [{ lists: { default: [{ cast: 3 }] } }, { field: "cast" }],
      [{ lists: { default: [{ cast: "cobra_shot", if: true }] } }, { field: "if" }],
      [{ lists: { default: [{ cast: "cobra_shot", if: Infinity }] } }, { field: "if" }],
      [{ lists: { default: [{ variable: "x", op: "print", value: "1" }] } }, { field: "op" }],
      [{ lists: { default: [{ variable: "x" }] } }, { field: "value" }],
      [{ lists: { default: [{ variable: "x", op: "floor", value: "1" }] } }, { field: "value" }],
      [{ lists: { default: [{ variable: "x", op: "setif", value: "1", value_else: "2" }] } }, { field: "condition" }],
      [{ lists: { default: [{ variable: "x", op: "setif", value: "1", condition: "1" }] } }, { field: "value_else" }],
      [{ lists: { default: [{ variable: "x", value: "1", condition: "1" }] } }, { field: "condition" }],
      [{ lists: { default: [{ variable: "x-y", value: "1" }] } }, { field: "variable" }],
      [{ lists: { default: [{ variable: "x", value: "1", default: "3" }] } }, { field: "default" }],
      [{ lists: { default: [{ variable: "x", value: "1", default: 1 }, { variable: "x", value: "2", default: 2 }] } }, { entry: 1, field: "default" }],
      [{ lists: { default: [] }, mian: "default" }, { field: "mian" }],
      [{ lists: { default: [] }, main: 3 }, { field: "main" }],
    ];
    for (const [rot, loc] of cases) {
      const e = compileError(rot);
      expect([JSON.stringify(rot), e.code]).toEqual([JSON.stringify(rot), "ROTATION_BAD_SHAPE"]);
      expect(where(e)).toMatchObject(loc);
    }
  });
  it("a number as a condition (`if`, setif's `condition`) is ROTATION_BAD_SHAPE naming the entry and field; values may be numbers", () => {
    let e = compileError({ lists: { default: [{ cast: "cobra_shot" }, { cast: "kill_command", if: 1 }] } });
    expect(where(e)).toEqual({ code: "ROTATION_BAD_SHAPE", file: FILE, list: "default", entry: 1, field: "if", column: undefined });
    expect(e.message).toBe(`${FILE}: list "default" entry 1 field "if": a condition must be an expression string, got the number 1 (write "1" if that is meant)`);
    e = compileError({ lists: { default: [{ variable: "x", op: "setif", condition: 0, value: "1", value_else: "2" }] } });
    expect(where(e)).toMatchObject({ code: "ROTATION_BAD_SHAPE", entry: 0, field: "condition" });
    // numbers stay fine where a value is meant: wait seconds, variable values
    expect(() => compile({ lists: { default: [{ variable: "x", op: "setif", condition: "1", value: 2, value_else: 3 }, { wait: 0.5, if: "variable.x > 1" }] } })).not.toThrow();
  });
  it("a host index outside [0, 2^29) is rejected, not truncated", () => {
    const syms = { ...testSymbols(), spell: (n: string) => (n === "cobra_shot" ? 2 ** 29 : 1.5) };
    expect(where(compileError({ lists: { default: [{ cast: "cobra_shot" }] } }, syms))).toMatchObject({ code: "ROTATION_UNKNOWN_NAME", field: "cast" });
    expect(where(compileError({ lists: { default: [{ cast: "x", if: "cooldown.x.ready" }] } }, syms))).toMatchObject({ code: "ROTATION_UNKNOWN_NAME", field: "if", column: 10 });
  });
  it("parseRotationJson: bad JSON names the file", () => {
    expect(() => parseRotationJson("{ lists: ", "rotations/x.json")).toThrow(RotationError);
    try {
      parseRotationJson("{ lists: ", "rotations/x.json");
    } catch (e) {
      expect((e as RotationError).code).toBe("ROTATION_BAD_JSON");
      expect((e as RotationError).message).toMatch(/^rotations\/x\.json: not valid JSON/);
    }
    expect(parseRotationJson('{"lists":{"default":[]}}', "f")).toEqual({ lists: { default: [] } });
  });
});

describe("large rotations", () => {
  it("a 20000-list call chain compiles (iterative cycle check) and callDepth = 19999", () => {
    const lists: Record<string, unknown[]> = {};
    for (let i = 0; i < 20_000; i++) lists[`l${i}`] = i < 19_999 ? [{ call: `l${i + 1}` }] : [{ cast: "cobra_shot" }];
    const c = compile({ main: "l0", lists });
    expect(c.callDepth).toBe(19_999);
    lists["l19999"] = [{ call: "l0" }];
    const e = compileError({ main: "l0", lists });
    expect(where(e)).toMatchObject({ code: "ROTATION_CALL_CYCLE", list: "l19999", entry: 0, field: "call" });
  });
});
