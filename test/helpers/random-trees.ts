// Shared property test: random expression trees evaluate identically in the JS reference evaluator
// (evaluateAst) and the wasm VM, bit for bit, for a given bytecode form (plain, fast, scan).
// Used by test/rotation-vm.test.ts (plain form) and test/rotation-scan.test.ts (v3 scan form).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { wasm } from "../../src/engine/wasm.js";
import { compileRotation, decodeAction, evaluateAst, QUERY as Q, type CompileOptions, type RExpr, type RotationJson } from "../../src/rotation/index.js";
import { testSymbols, SPELLS } from "./rotation-symbols.js";
import { loadIntoWasm, setQuery, setReady } from "./rotation-wasm.js";

const FILE = "rotations/test.json";

/** Registers the property's describe block: `numRuns` random trees as values and as conditions. */
export function describeRandomTrees(title: string, options: CompileOptions | undefined, numRuns: number): void {
describe(title, () => {
  // Leaves: queries over a small grid of (kind, arg) cells with random values (incl. 0, -0, NaN,
  // infinities), constants, and variables; all operators. Each tree is compiled as a variable
  // assignment, run through selectAction, and the variable is read back.
  const CELLS: [number, number][] = [
    [Q.TIME, 0],
    [Q.RESOURCE, 0],
    [Q.RESOURCE_DEFICIT, 1],
    [Q.BUFF_UP, 10],
    [Q.BUFF_REMAINS, 10],
    [Q.COOLDOWN_CHARGES_FRACTIONAL, 3],
  ];
  // Special values are weighted up so that ÷0, NaN truthiness and -0 show up in most runs.
  const num = fc.oneof(
    { arbitrary: fc.constantFrom(0, -0, 1, -1, 2, 0.5, 3, NaN, Infinity, -Infinity), weight: 3 },
    { arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }), weight: 1 },
    { arbitrary: fc.integer({ min: -3, max: 3 }), weight: 2 },
  );
  const ops = ["or", "and", "eq", "ne", "lt", "le", "gt", "ge", "add", "sub", "mul", "div", "mod", "max", "min"] as const;
  const tree = fc.letrec<{ e: RExpr }>((tie) => ({
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      num.map((value): RExpr => ({ kind: "const", value })),
      fc.constantFrom(...CELLS).map(([q, arg]): RExpr => ({ kind: "query", q, arg })),
      fc.constantFrom(0, 1).map((index): RExpr => ({ kind: "var", index })),
      tie("e").map((arg): RExpr => ({ kind: "not", arg })),
      tie("e").map((arg): RExpr => ({ kind: "neg", arg })),
      fc.tuple(fc.constantFrom("abs", "floor", "ceil" as const), tie("e")).map(([fn, arg]): RExpr => ({ kind: "fn", fn, arg })),
      fc.tuple(fc.constantFrom(...ops), tie("e"), tie("e")).map(([op, left, right]): RExpr => ({ kind: "bin", op, left, right })),
      // APL-typical leaf `query <cmp> constant` (either order): exercises the fused QCMPC/QCJZ/QCJNZ ops.
      fc.tuple(fc.constantFrom("eq", "ne", "lt", "le", "gt", "ge" as const), fc.constantFrom(...CELLS), num, fc.boolean()).map(
        ([op, [q, arg], value, flip]): RExpr => {
          const a: RExpr = { kind: "query", q, arg };
          const b: RExpr = { kind: "const", value };
          return { kind: "bin", op, left: flip ? b : a, right: flip ? a : b };
        },
      ),
    ),
  })).e;

  // Renders a tree back to APL text. Constants that text cannot express (NaN, ±Infinity, -0,
  // exponent notation) go through variables 0/1 with those values as defaults instead.
  const render = (e: RExpr, vals: number[]): string => {
    switch (e.kind) {
      case "const": {
        const v = e.value;
        if (Number.isFinite(v) && !Object.is(v, -0) && !String(Math.abs(v)).includes("e")) return v < 0 ? `(-${-v})` : String(v);
        vals.push(v);
        return `variable.k${vals.length - 1}`;
      }
      case "query": {
        const names: Record<string, string> = {
          [`${Q.TIME},0`]: "time",
          [`${Q.RESOURCE},0`]: "focus",
          [`${Q.RESOURCE_DEFICIT},1`]: "combo_points.deficit",
          [`${Q.BUFF_UP},10`]: "buff.bestial_wrath.up",
          [`${Q.BUFF_REMAINS},10`]: "buff.bestial_wrath.remains",
          [`${Q.COOLDOWN_CHARGES_FRACTIONAL},3`]: "cooldown.kill_command.charges_fractional",
        };
        return names[`${e.q},${e.arg}`]!;
      }
      case "var":
        return `variable.v${e.index}`;
      case "not":
        return `!(${render(e.arg, vals)})`;
      case "neg":
        return `-(${render(e.arg, vals)})`;
      case "fn":
        return e.fn === "abs" ? `@(${render(e.arg, vals)})` : `${e.fn}(${render(e.arg, vals)})`;
      case "bin": {
        const sym = { or: "|", and: "&", eq: "=", ne: "!=", lt: "<", le: "<=", gt: ">", ge: ">=", add: "+", sub: "-", mul: "*", div: "%", mod: "%%", max: "<?", min: ">?" }[e.op];
        return `(${render(e.left, vals)} ${sym} ${render(e.right, vals)})`;
      }
    }
  };

  /** Compiles `final` after entries that give v0, v1, k0.. their values, loads it and sets the cells. */
  function run(e: RExpr, cellVals: number[], varVals: number[], final: (text: string) => RotationJson["lists"][string][number]) {
    const ks: number[] = [];
    const text = render(e, ks);
    // Variables v0, v1 (the tree's var leaves) and k0.. (constants APL text cannot spell). Finite
    // values are `default`s; NaN/±Infinity/-0 are copied from query cells (pet.pI.remains) we set.
    const values = [...varVals, ...ks];
    const names = ["v0", "v1", ...ks.map((_, i) => `k${i}`)];
    const list: RotationJson["lists"][string] = names.map((n, i) => {
      const d = values[i]!;
      return Number.isFinite(d) && !Object.is(d, -0) ? { variable: n, op: "reset", default: d } : { variable: n, value: `pet.p${i}.remains` };
    });
    list.push(final(text));
    const syms = testSymbols();
    const base = syms.pet;
    syms.pet = (name) => (/^p\d+$/.test(name) ? Number(name.slice(1)) : base(name));
    const c = compileRotation({ lists: { default: list } }, syms, FILE, options);
    wasm.rotationTestClear();
    expect(loadIntoWasm(c)).toBe(0);
    CELLS.forEach(([q, arg], i) => setQuery(q, arg, cellVals[i]!));
    values.forEach((d, i) => setQuery(Q.PET_REMAINS, i, d));
    const want = evaluateAst(e, {
      query: (q, arg) => cellVals[CELLS.findIndex(([cq, ca]) => cq === q && ca === arg)]!,
      variable: (i) => varVals[i]!,
    });
    return { c, text, want };
  }
  const cells = fc.array(num, { minLength: CELLS.length, maxLength: CELLS.length });

  it(`values: JS reference == wasm VM (${numRuns} random trees)`, () => {
    fc.assert(
      fc.property(tree, cells, fc.tuple(num, num), (e, cellVals, varVals) => {
        const { c, text, want } = run(e, cellVals, varVals, (text) => ({ variable: "out", value: text }));
        expect(wasm.rotationTestSelect()).toBe(0);
        const got = wasm.rotationTestVar(c.variables.find((v) => v.name === "out")!.index);
        if (!(Object.is(got, want) || (Number.isNaN(got) && Number.isNaN(want)))) throw new Error(`${text}: vm ${got}, reference ${want}`);
      }),
      { numRuns },
    );
  });

  it(`conditions (fused branch code): cast iff the JS reference is truthy (${numRuns} random trees)`, () => {
    fc.assert(
      fc.property(tree, cells, fc.tuple(num, num), (e, cellVals, varVals) => {
        const { text, want } = run(e, cellVals, varVals, (text) => ({ cast: "cobra_shot", if: text }));
        setReady(SPELLS.cobra_shot!, true);
        const got = decodeAction(wasm.rotationTestSelect());
        const expected = want !== 0 ? { kind: "cast", spell: SPELLS.cobra_shot } : { kind: "none" };
        if (JSON.stringify(got) !== JSON.stringify(expected)) throw new Error(`${text}: vm ${JSON.stringify(got)}, reference value ${want}`);
      }),
      { numRuns },
    );
  });
});
}
