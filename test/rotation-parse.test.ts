import { describe, expect, it } from "vitest";
import { parseExpression, exprToString, RotationError, QUERY as Q } from "../src/rotation/index.js";
import { Resolver } from "../src/rotation/resolve.js";
import type { RExpr } from "../src/rotation/ast.js";
import { testSymbols } from "./helpers/rotation-symbols.js";

const p = (s: string): string => exprToString(parseExpression(s));

describe("APL expression parser: precedence and associativity", () => {
  it("| binds looser than &, & looser than comparisons", () => {
    expect(p("a | b & c")).toBe("(a | (b & c))");
    expect(p("a & b | c")).toBe("((a & b) | c)");
    expect(p("a < 1 & b >= 2")).toBe("((a < 1) & (b >= 2))");
    expect(p("a = 1 | b != 2")).toBe("((a = 1) | (b != 2))");
  });
  it("comparisons bind looser than + -, which bind looser than * / % %%", () => {
    expect(p("a + b < c * d")).toBe("((a + b) < (c * d))");
    expect(p("a + b * c")).toBe("(a + (b * c))");
    expect(p("a - b / c")).toBe("(a - (b / c))");
    expect(p("a + b % c")).toBe("(a + (b % c))");
    expect(p("a - b %% c")).toBe("(a - (b %% c))");
    expect(p("a * b + c")).toBe("((a * b) + c)");
  });
  it("binary operators are left-associative at every level", () => {
    expect(p("a - b - c")).toBe("((a - b) - c)");
    expect(p("a / b / c")).toBe("((a / b) / c)");
    expect(p("a % b * c")).toBe("((a % b) * c)");
    expect(p("a %% b %% c")).toBe("((a %% b) %% c)");
    expect(p("a < b < c")).toBe("((a < b) < c)");
    expect(p("a & b & c")).toBe("((a & b) & c)");
    expect(p("a | b | c")).toBe("((a | b) | c)");
  });
  it("unary ! - + bind tightest and nest", () => {
    expect(p("!a & b")).toBe("((!a) & b)");
    expect(p("-a * b")).toBe("((-a) * b)");
    expect(p("!!a")).toBe("(!(!a))");
    expect(p("- -3")).toBe("(-(-3))");
    expect(p("a - -b")).toBe("(a - (-b))");
    expect(p("+a")).toBe("(+a)");
    expect(p("!a.b.c < 2")).toBe("((!a.b.c) < 2)");
  });
  it("parentheses override precedence", () => {
    expect(p("(a | b) & c")).toBe("((a | b) & c)");
    expect(p("a * (b + c)")).toBe("(a * (b + c))");
    expect(p("!(a & b)")).toBe("(!(a & b))");
    expect(p("((a))")).toBe("a");
    expect(p("a - (b - c)")).toBe("(a - (b - c))");
  });
  it("every operator, including the accepted aliases || && ==", () => {
    const ops = ["|", "&", "=", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "%%"];
    for (const op of ops) expect(p(`x ${op} y`)).toBe(`(x ${op} y)`);
    expect(p("x||y")).toBe("(x | y)");
    expect(p("x&&y")).toBe("(x & y)");
    expect(p("x==y")).toBe("(x = y)");
    expect(p("x<=y")).toBe("(x <= y)"); // longest match: not x < (=y)
    expect(p("x%%y")).toBe("(x %% y)");
  });
  it("numeric literals incl. decimals", () => {
    expect(parseExpression("12")).toMatchObject({ kind: "num", value: 12 });
    expect(parseExpression("0.25")).toMatchObject({ kind: "num", value: 0.25 });
    expect(parseExpression(".5")).toMatchObject({ kind: "num", value: 0.5 });
    expect(parseExpression("1.")).toMatchObject({ kind: "num", value: 1 });
    expect(parseExpression("  3.75  ")).toMatchObject({ kind: "num", value: 3.75, column: 3 });
  });
  it("names keep every dotted part with its column (digits allowed after a dot)", () => {
    const e = parseExpression("x + prev_gcd.1.kill_command");
    expect(e.kind).toBe("binary");
    if (e.kind !== "binary") return;
    expect(e.right).toEqual({
      kind: "name",
      column: 5,
      parts: [
        { text: "prev_gcd", column: 5 },
        { text: "1", column: 14 },
        { text: "kill_command", column: 16 },
      ],
    });
    expect(e.column).toBe(3); // the operator's column
  });
});

describe("APL expression parser: syntax errors carry the column", () => {
  const err = (src: string): RotationError => {
    try {
      parseExpression(src, { file: "f.json", list: "default", entry: 2, field: "if" });
    } catch (e) {
      expect(e).toBeInstanceOf(RotationError);
      return e as RotationError;
    }
    throw new Error(`no error for ${src}`);
  };
  it("unexpected tokens", () => {
    let e = err("a & & b");
    expect([e.code, e.column, e.file, e.list, e.entry, e.field]).toEqual(["ROTATION_UNEXPECTED_TOKEN", 5, "f.json", "default", 2, "if"]);
    expect(e.message).toBe('f.json: list "default" entry 2 field "if" column 5: unexpected "&", expected a number, a name, "(" or a unary operator');
    e = err("a b");
    expect([e.code, e.column]).toEqual(["ROTATION_UNEXPECTED_TOKEN", 3]);
    e = err("a +");
    expect([e.code, e.column]).toEqual(["ROTATION_UNEXPECTED_TOKEN", 4]); // end of input = length + 1
    e = err("focus $ 3");
    expect([e.code, e.column]).toEqual(["ROTATION_UNEXPECTED_TOKEN", 7]);
    e = err("buff..up");
    expect([e.code, e.column]).toEqual(["ROTATION_UNEXPECTED_TOKEN", 6]);
    e = err("3abc");
    expect([e.code, e.column]).toEqual(["ROTATION_UNEXPECTED_TOKEN", 2]);
    e = err("");
    expect([e.code, e.column]).toEqual(["ROTATION_UNEXPECTED_TOKEN", 1]);
    e = err("()");
    expect([e.code, e.column]).toEqual(["ROTATION_UNEXPECTED_TOKEN", 2]);
  });
  it("unbalanced parentheses: an unclosed ( at its column, a stray ) at its column", () => {
    let e = err("(a & (b | c)");
    expect([e.code, e.column]).toEqual(["ROTATION_UNBALANCED_PAREN", 1]);
    e = err("a & (b | (c)");
    expect([e.code, e.column]).toEqual(["ROTATION_UNBALANCED_PAREN", 5]);
    e = err("a & b)");
    expect([e.code, e.column]).toEqual(["ROTATION_UNBALANCED_PAREN", 6]);
    e = err("(a))");
    expect([e.code, e.column]).toEqual(["ROTATION_UNBALANCED_PAREN", 4]);
    e = err(")");
    expect([e.code, e.column]).toEqual(["ROTATION_UNBALANCED_PAREN", 1]);
  });
});

describe("name forms resolve to the documented queries", () => {
  const vars = new Map([["pool", 0], ["st", 1]]);
  const r = (src: string, syms = testSymbols()): RExpr => new Resolver(syms, vars).resolve(parseExpression(src), { file: "t" });
  const q = (kind: number, arg = 0): RExpr => ({ kind: "query", q: kind, arg });
  const not = (a: RExpr): RExpr => ({ kind: "not", arg: a });
  // Symbol indices from test/helpers/rotation-symbols.ts: auras bestial_wrath=10 barbed_shot=11 hunters_mark=12,
  // spells kill_command=3 barbed_shot=4, resources focus=0 combo_points=1, pets main=0 cat=1, pet auras frenzy=2.
  const cases: [string, RExpr][] = [
    ["time", q(Q.TIME)],
    ["fight_remains", q(Q.FIGHT_REMAINS)],
    ["gcd.remains", q(Q.GCD_REMAINS)],
    ["target.health.pct", q(Q.TARGET_HEALTH_PCT)],
    ["active_enemies", q(Q.ACTIVE_ENEMIES)],
    ["spell_targets.multishot", q(Q.ACTIVE_ENEMIES)],
    ["buff.bestial_wrath.up", q(Q.BUFF_UP, 10)],
    ["buff.bestial_wrath.down", not(q(Q.BUFF_UP, 10))],
    ["buff.bestial_wrath.remains", q(Q.BUFF_REMAINS, 10)],
    ["buff.bestial_wrath.stack", q(Q.BUFF_STACK, 10)],
    ["buff.bestial_wrath.react", q(Q.AURA_REACT, 10)], // the reactable stacks (engine/reaction.ts)
    ["debuff.hunters_mark.up", q(Q.DEBUFF_UP, 12)],
    ["debuff.hunters_mark.down", not(q(Q.DEBUFF_UP, 12))],
    ["debuff.hunters_mark.remains", q(Q.DEBUFF_REMAINS, 12)],
    ["debuff.hunters_mark.stack", q(Q.DEBUFF_STACK, 12)],
    ["dot.barbed_shot.ticking", q(Q.DOT_TICKING, 11)],
    ["dot.barbed_shot.up", q(Q.DOT_TICKING, 11)],
    ["dot.barbed_shot.down", not(q(Q.DOT_TICKING, 11))],
    ["dot.barbed_shot.remains", q(Q.DOT_REMAINS, 11)],
    ["dot.barbed_shot.stack", q(Q.DOT_STACK, 11)],
    ["cooldown.kill_command.ready", q(Q.COOLDOWN_READY, 3)],
    ["cooldown.kill_command.up", q(Q.COOLDOWN_READY, 3)],
    ["cooldown.kill_command.remains", q(Q.COOLDOWN_REMAINS, 3)],
    ["cooldown.kill_command.charges", q(Q.COOLDOWN_CHARGES, 3)],
    ["cooldown.kill_command.charges_fractional", q(Q.COOLDOWN_CHARGES_FRACTIONAL, 3)],
    ["cooldown.kill_command.full_recharge_time", q(Q.COOLDOWN_FULL_RECHARGE_TIME, 3)],
    ["cooldown.kill_command.duration", q(Q.COOLDOWN_DURATION, 3)],
    ["action.barbed_shot.ready", q(Q.SPELL_CASTABLE, 4)],
    ["focus", q(Q.RESOURCE, 0)],
    ["focus.current", q(Q.RESOURCE, 0)],
    ["focus.deficit", q(Q.RESOURCE_DEFICIT, 0)],
    ["focus.pct", q(Q.RESOURCE_PCT, 0)],
    ["focus.time_to_max", q(Q.RESOURCE_TIME_TO_MAX, 0)],
    ["focus.max", q(Q.RESOURCE_MAX, 0)],
    ["focus.regen", q(Q.RESOURCE_REGEN, 0)],
    ["combo_points.deficit", q(Q.RESOURCE_DEFICIT, 1)],
    ["pet.main.active", q(Q.PET_ACTIVE, 0)],
    ["pet.cat.up", q(Q.PET_ACTIVE, 1)],
    ["pet.cat.remains", q(Q.PET_REMAINS, 1)],
    ["pet.cat.count", q(Q.PET_COUNT, 1)],
    ["pet.main.buff.frenzy.up", q(Q.PET_BUFF_UP, 2)],
    ["pet.main.buff.frenzy.down", not(q(Q.PET_BUFF_UP, 2))],
    ["pet.main.buff.frenzy.remains", q(Q.PET_BUFF_REMAINS, 2)],
    ["pet.main.buff.frenzy.stack", q(Q.PET_BUFF_STACK, 2)],
    ["talent.killer_instinct", { kind: "const", value: 1 }],
    ["talent.killer_instinct.enabled", { kind: "const", value: 1 }],
    ["talent.alpha_predator", { kind: "const", value: 0 }],
    ["prev_gcd.1.barbed_shot", q(Q.PREV_GCD, 4)],
    ["variable.st", { kind: "var", index: 1 }],
  ];
  for (const [src, want] of cases) it(src, () => expect(r(src)).toEqual(want));

  it("operators resolve to normalized ops: % is division, %% is modulus, unary + vanishes", () => {
    expect(r("time % 2")).toEqual({ kind: "bin", op: "div", left: q(Q.TIME), right: { kind: "const", value: 2 } });
    expect(r("time / 2")).toMatchObject({ op: "div" });
    expect(r("time %% 2")).toMatchObject({ op: "mod" });
    expect(r("+time")).toEqual(q(Q.TIME));
    expect(r("-time")).toEqual({ kind: "neg", arg: q(Q.TIME) });
  });

  it("a fixed activeEnemies folds active_enemies to a constant", () => {
    expect(r("active_enemies", { ...testSymbols(), activeEnemies: 3 })).toEqual({ kind: "const", value: 3 });
    expect(r("spell_targets.multishot", { ...testSymbols(), activeEnemies: 3 })).toEqual({ kind: "const", value: 3 });
  });

  it("unknown names: the column of the offending segment", () => {
    const err = (src: string): RotationError => {
      try {
        r(src);
      } catch (e) {
        return e as RotationError;
      }
      throw new Error("no error");
    };
    const cases: [string, number, RegExp][] = [
      ["buff.bestial_wrth.up", 6, /unknown aura "bestial_wrth"/],
      ["buff.bestial_wrath.upp", 20, /unknown property "upp"/],
      ["buff.bestial_wrath", 6, /needs a property/],
      ["buff.bestial_wrath.up.x", 23, /unexpected "x"/],
      ["cooldown.kil_command.ready", 10, /unknown spell "kil_command"/],
      ["mana < 10", 1, /unknown name "mana"/],
      ["time + focuz.deficit", 8, /unknown name "focuz.deficit"/],
      ["pet.wolf.active", 5, /unknown pet "wolf"/],
      ["pet.main.buff.fenzy.up", 15, /unknown pet aura "fenzy"/],
      ["talent.nope", 8, /unknown talent "nope"/],
      ["talent.killer_instinct.ranks", 24, /unknown property "ranks"/],
      ["prev_gcd.4.barbed_shot", 10, /N must be 1, 2 or 3/],
      ["variable.nope", 10, /unknown variable "nope"/],
      ["gcd.min", 5, /unknown property "min"/],
      ["target.armor", 8, /unknown target property "armor"/],
      ["target.health", 8, /only target.health.pct/],
      ["time.x", 6, /unexpected "x"/],
      ["spell_targets.multi_shot", 15, /unknown spell "multi_shot"/],
      ["spell_targets", 1, /needs a spell name/],
      ["buff.constructor.up", 6, /unknown aura "constructor"/],
      ["focus.constructor", 7, /unknown property "constructor"/],
    ];
    for (const [src, col, msg] of cases) {
      const e = err(src);
      expect([src, e.code, e.column]).toEqual([src, "ROTATION_UNKNOWN_NAME", col]);
      expect(e.message).toMatch(msg);
    }
  });
});

describe("hostile input: deep nesting is a typed error, not a stack overflow", () => {
  const code = (src: string): string | undefined => {
    try {
      parseExpression(src);
      return undefined;
    } catch (e) {
      expect(e).toBeInstanceOf(RotationError);
      return (e as RotationError).code;
    }
  };
  it("200 levels pass, 201 fail (parentheses, prefix operators, operator chains)", () => {
    // Parentheses add no tree node but each level recurses: at most 200 open at once.
    expect(code("(".repeat(200) + "a" + ")".repeat(200))).toBeUndefined();
    expect(code("(".repeat(201) + "a" + ")".repeat(201))).toBe("ROTATION_EXPR_TOO_DEEP");
    expect(code("(".repeat(100_000) + "a")).toBe("ROTATION_EXPR_TOO_DEEP");
    // k prefix operators over a leaf: height k + 1
    expect(code("!".repeat(199) + "a")).toBeUndefined();
    expect(code("!".repeat(200) + "a")).toBe("ROTATION_EXPR_TOO_DEEP");
    expect(code("-".repeat(100_000) + "a")).toBe("ROTATION_EXPR_TOO_DEEP");
    // a + a + ... with n operands: left-deep, height n
    expect(code(Array(200).fill("a").join(" + "))).toBeUndefined();
    expect(code(Array(201).fill("a").join(" + "))).toBe("ROTATION_EXPR_TOO_DEEP");
    expect(code(Array(100_000).fill("a").join("&"))).toBe("ROTATION_EXPR_TOO_DEEP");
  });
});
