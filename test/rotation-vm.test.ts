// Compile → wasm VM round trips: selection semantics, variables, wait, short-circuiting, and a
// property test (random expression trees: JS reference evaluator == wasm VM, bit for bit).
import { beforeEach, describe, expect, it } from "vitest";
import { wasm } from "../src/engine/wasm.js";
import {
  compileRotation,
  decodeAction,
  QUERY as Q,
  ACTION_CAST,
  ACTION_NONE,
  ACTION_WAIT,
  WAIT_MAX_MS,
  ROT_MAGIC,
  ROT_VERSION,
  type RotationJson,
} from "../src/rotation/index.js";
import { testSymbols, SPELLS, AURAS, PET_AURAS } from "./helpers/rotation-symbols.js";
import { loadIntoWasm, setQuery, setReady } from "./helpers/rotation-wasm.js";
import { describeRandomTrees } from "./helpers/random-trees.js";

const FILE = "rotations/test.json";

function load(rot: RotationJson, syms = testSymbols()) {
  const c = compileRotation(rot, syms, FILE);
  expect(loadIntoWasm(c)).toBe(0);
  return c;
}
const select = () => decodeAction(wasm.rotationTestSelect());
const cast = (name: string) => ({ kind: "cast", spell: SPELLS[name] });

beforeEach(() => wasm.rotationTestClear());

describe("wasm VM constants match the TS mirror", () => {
  it("magic, version, action kinds", () => {
    expect(wasm.ROT_MAGIC.value).toBe(ROT_MAGIC);
    expect(wasm.ROT_VERSION.value).toBe(ROT_VERSION);
    expect([wasm.ACTION_NONE.value, wasm.ACTION_CAST.value, wasm.ACTION_WAIT.value]).toEqual([ACTION_NONE, ACTION_CAST, ACTION_WAIT]);
    expect(wasm.WAIT_MAX_MS.value).toBe(WAIT_MAX_MS);
  });
  it("rotationTestLoad rejects a bad header", () => {
    const c = compileRotation({ lists: { default: [{ cast: "kill_command" }] } }, testSymbols(), FILE);
    const bad = { ...c, code: c.code.slice() };
    bad.code[0] = 0x1234;
    expect(loadIntoWasm(bad)).toBe(2); // ROT_ERR_MAGIC
    bad.code.set(c.code);
    bad.code[1] = 99;
    expect(loadIntoWasm(bad)).toBe(3); // ROT_ERR_VERSION
    bad.code.set(c.code);
    bad.code[5] = c.code.length; // main pc past the end
    expect(loadIntoWasm(bad)).toBe(4); // ROT_ERR_HEADER
  });
});

describe("selection semantics", () => {
  it("the first entry whose condition holds AND whose spell can be cast wins", () => {
    load({
      lists: {
        default: [
          { cast: "bestial_wrath", if: "buff.bestial_wrath.down" },
          { cast: "kill_command", if: "focus >= 30" },
          { cast: "cobra_shot" },
        ],
      },
    });
    expect(select()).toEqual({ kind: "none" }); // nothing castable
    setReady(SPELLS.cobra_shot!, true);
    expect(select()).toEqual(cast("cobra_shot"));
    setReady(SPELLS.kill_command!, true);
    expect(select()).toEqual(cast("cobra_shot")); // focus 0 < 30
    setQuery(Q.RESOURCE, 0, 30);
    expect(select()).toEqual(cast("kill_command"));
    setReady(SPELLS.bestial_wrath!, true);
    expect(select()).toEqual(cast("bestial_wrath")); // buff down (query 0)
    setQuery(Q.BUFF_UP, AURAS.bestial_wrath!, 1);
    expect(select()).toEqual(cast("kill_command"));
  });

  it("call falls through when the sub-list picks nothing; run does not", () => {
    const rot = (kind: "call" | "run"): RotationJson => ({
      lists: {
        default: [{ [kind]: "cds", if: "time > 5" }, { cast: "cobra_shot" }],
        cds: [{ cast: "bestial_wrath" }, { cast: "kill_command", if: "focus > 50" }],
      },
    });
    for (const kind of ["call", "run"] as const) {
      wasm.rotationTestClear();
      load(rot(kind));
      setReady(SPELLS.cobra_shot!, true);
      setReady(SPELLS.kill_command!, true);
      expect(select()).toEqual(cast("cobra_shot")); // time 0: sub-list skipped
      setQuery(Q.TIME, 0, 10);
      // sub-list picks nothing (bestial_wrath not ready, focus 0): call continues, run ends with none
      expect(select()).toEqual(kind === "call" ? cast("cobra_shot") : { kind: "none" });
      setQuery(Q.RESOURCE, 0, 60);
      expect(select()).toEqual(cast("kill_command"));
    }
  });

  it("nested calls return to the right caller; run inside a called list ends the selection", () => {
    load({
      lists: {
        default: [{ call: "a" }, { cast: "cobra_shot" }],
        a: [{ call: "b" }, { cast: "kill_command", if: "time > 1" }],
        b: [{ cast: "barbed_shot", if: "time > 2" }, { run: "c", if: "time > 3" }],
        c: [{ cast: "multishot", if: "time > 4" }],
      },
    });
    for (const s of ["cobra_shot", "kill_command", "barbed_shot", "multishot"]) setReady(SPELLS[s]!, true);
    const at = (t: number) => {
      setQuery(Q.TIME, 0, t);
      return select();
    };
    expect(at(0)).toEqual(cast("cobra_shot")); // b, a pick nothing → back in default
    expect(at(1.5)).toEqual(cast("kill_command")); // b returns into a
    expect(at(2.5)).toEqual(cast("barbed_shot"));
    setReady(SPELLS.barbed_shot!, false);
    expect(at(3.5)).toEqual({ kind: "none" }); // run c: multishot condition false → none, no return to a/default
    expect(at(4.5)).toEqual(cast("multishot"));
  });

  it("variables: set/add/sub/mul/div/min/max/mod/pow/floor/ceil/reset/setif, defaults, reset per iteration", () => {
    const c = load({
      lists: {
        default: [
          { variable: "a", value: "focus" }, // a = 7
          { variable: "b", op: "add", value: "2" }, // b = 1 + 2 per selection (default 1)
          { variable: "c", value: "variable.a * 3", if: "time > 0" },
          { variable: "d", op: "setif", condition: "variable.a > 5", value: "100", value_else: "-100" },
          { variable: "e", op: "sub", value: "0.5" },
          { variable: "f", op: "mul", value: "variable.a" },
          { variable: "g", op: "div", value: "variable.a - 7" }, // ÷0 → 0
          { variable: "h", op: "min", value: "variable.a" },
          { variable: "i", op: "max", value: "variable.a" },
          { variable: "j", op: "mod", value: "4" },
          { variable: "k", op: "pow", value: "2" },
          { variable: "l", op: "floor" },
          { variable: "m", op: "ceil" },
          { variable: "n", op: "add", value: "1" },
          { variable: "n", op: "reset", if: "variable.n > 2" },
          { cast: "kill_command", if: "variable.b >= 5" },
          { wait: "variable.a / 10" },
        ],
      },
    });
    expect(c.variables.map((v) => v.name)).toEqual(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n"]);
    const v = (name: string) => wasm.rotationTestVar(c.variables.find((x) => x.name === name)!.index);
    // No defaults given: all 0 except where a "default" key sets one (none here) → b starts at 0.
    setQuery(Q.RESOURCE, 0, 7);
    setReady(SPELLS.kill_command!, true);
    expect(select()).toEqual({ kind: "wait", ms: 700 }); // 7/10 s; b = 2 < 5
    expect([v("a"), v("b"), v("c"), v("d"), v("e"), v("f"), v("g"), v("h"), v("i"), v("j"), v("k"), v("l"), v("m"), v("n")])
      .toEqual([7, 2, 0, 100, -0.5, 0, 0, 0, 7, 0, 0, 0, 0, 1]); // c skipped (time 0); f = 0*7; h = min(0,7); i = max(0,7); j = 0 %% 4
    setQuery(Q.TIME, 0, 1);
    setQuery(Q.RESOURCE, 0, 3);
    expect(select()).toEqual({ kind: "wait", ms: 300 }); // b = 4
    expect([v("a"), v("b"), v("c"), v("d"), v("e"), v("n")]).toEqual([3, 4, 9, -100, -1, 2]);
    expect(select()).toEqual(cast("kill_command")); // b = 6 → cast; the wait after it is not reached
    expect(v("n")).toBe(3 - 3); // n: 2 → 3 → reset (3 > 2) → default 0
    wasm.rotationTestReset();
    expect([v("a"), v("b"), v("n")]).toEqual([0, 0, 0]);
  });

  it("variable defaults, and ops on non-zero values", () => {
    const c = load({
      lists: {
        default: [
          { variable: "x", op: "pow", value: "3", default: 2 }, // 2^3 = 8
          { variable: "y", op: "mod", value: "4", default: -9.5 }, // fmod(-9.5, 4) = -1.5
          { variable: "z", op: "floor", default: -2.5 }, // -3
          { variable: "w", op: "ceil", default: 2.25 }, // 3
          { variable: "u", op: "div", value: "4", default: 10 }, // 2.5
        ],
      },
    });
    expect(c.constants.slice(0, 5)).toEqual(new Float64Array([2, -9.5, -2.5, 2.25, 10]));
    expect(select()).toEqual({ kind: "none" });
    expect([0, 1, 2, 3, 4].map((i) => wasm.rotationTestVar(i))).toEqual([8, -1.5, -3, 3, 2.5]);
    wasm.rotationTestReset();
    expect([0, 1, 2, 3, 4].map((i) => wasm.rotationTestVar(i))).toEqual([2, -9.5, -2.5, 2.25, 10]);
  });

  it("wait: relative ms = ceil(seconds * 1000), ≥ 1, capped; ≤ 0 and NaN are skipped", () => {
    load({ lists: { default: [{ wait: "focus.time_to_max", if: "focus < 50" }, { wait: "fight_remains" }, { cast: "cobra_shot" }] } });
    setReady(SPELLS.cobra_shot!, true);
    setQuery(Q.RESOURCE_TIME_TO_MAX, 0, 1.2345);
    expect(select()).toEqual({ kind: "wait", ms: 1235 }); // ceil(1234.5)
    setQuery(Q.RESOURCE_TIME_TO_MAX, 0, 0.0000001);
    expect(select()).toEqual({ kind: "wait", ms: 1 }); // ceil(0.0001) = 1
    setQuery(Q.RESOURCE_TIME_TO_MAX, 0, 0);
    expect(select()).toEqual(cast("cobra_shot")); // 0 s: skipped; fight_remains 0: skipped
    setQuery(Q.RESOURCE_TIME_TO_MAX, 0, NaN);
    setQuery(Q.FIGHT_REMAINS, 0, -3);
    expect(select()).toEqual(cast("cobra_shot"));
    setQuery(Q.FIGHT_REMAINS, 0, 1e12);
    expect(select()).toEqual({ kind: "wait", ms: WAIT_MAX_MS });
    expect(wasm.rotationTestSelect()).toBe((WAIT_MAX_MS << 2) | ACTION_WAIT);
  });

  it("a list that picks nothing returns none (encoded 0); cast encodes (spell << 2) | 1", () => {
    load({ lists: { default: [{ cast: "kill_shot", if: "target.health.pct < 20" }] } });
    setReady(SPELLS.kill_shot!, true);
    setQuery(Q.TARGET_HEALTH_PCT, 0, 50);
    expect(wasm.rotationTestSelect()).toBe(0);
    setQuery(Q.TARGET_HEALTH_PCT, 0, 19.9);
    expect(wasm.rotationTestSelect()).toBe((8 << 2) | 1);
  });

  it("pet auras, prev_gcd, cooldown charges and talents drive selection", () => {
    load({
      lists: {
        default: [
          { cast: "barbed_shot", if: "pet.main.buff.frenzy.up & pet.main.buff.frenzy.remains <= gcd.remains + 0.25" },
          { cast: "kill_command", if: "talent.killer_instinct & cooldown.kill_command.charges_fractional >= 1.8 & !prev_gcd.1.kill_command" },
          { cast: "multishot", if: "talent.alpha_predator" },
          { cast: "cobra_shot" },
        ],
      },
    });
    for (const s of ["barbed_shot", "kill_command", "multishot", "cobra_shot"]) setReady(SPELLS[s]!, true);
    expect(select()).toEqual(cast("cobra_shot"));
    setQuery(Q.COOLDOWN_CHARGES_FRACTIONAL, SPELLS.kill_command!, 1.8);
    expect(select()).toEqual(cast("kill_command"));
    setQuery(Q.PREV_GCD, SPELLS.kill_command!, 1);
    expect(select()).toEqual(cast("cobra_shot"));
    setQuery(Q.PET_BUFF_UP, PET_AURAS.frenzy!, 1);
    setQuery(Q.PET_BUFF_REMAINS, PET_AURAS.frenzy!, 1.5);
    setQuery(Q.GCD_REMAINS, 0, 1.25);
    expect(select()).toEqual(cast("barbed_shot")); // 1.5 <= 1.25 + 0.25
    setQuery(Q.PET_BUFF_REMAINS, PET_AURAS.frenzy!, 1.51);
    expect(select()).toEqual(cast("cobra_shot"));
  });

  it("& and | short-circuit: the right side is not queried when the left decides", () => {
    load({ lists: { default: [{ cast: "cobra_shot", if: "time > 5 & focus > 10 & buff.bestial_wrath.up" }] } });
    setReady(SPELLS.cobra_shot!, true);
    wasm.rotationTestSelect();
    expect(wasm.rotationTestQueryCount()).toBe(1); // only time
    setQuery(Q.TIME, 0, 6);
    wasm.rotationTestClear();
    setQuery(Q.TIME, 0, 6);
    setReady(SPELLS.cobra_shot!, true);
    wasm.rotationTestSelect();
    expect(wasm.rotationTestQueryCount()).toBe(2); // time, focus (0 > 10 false)
    load({ lists: { default: [{ variable: "v", value: "time < 5 | focus > 10" }] } });
    wasm.rotationTestClear();
    wasm.rotationTestSelect();
    expect(wasm.rotationTestQueryCount()).toBe(1); // time 0 < 5 → true, focus not read
    expect(wasm.rotationTestVar(0)).toBe(1);
  });

  it("castReady is asked only for entries whose condition passed", () => {
    load({ lists: { default: [{ cast: "kill_command", if: "time > 100" }, { cast: "cobra_shot", if: "time < 100" }, { cast: "multishot" }] } });
    wasm.rotationTestSelect();
    expect(wasm.rotationTestCastCheckCount()).toBe(2); // cobra_shot, multishot
  });
});

describe("deep expressions", () => {
  it("a right-nested chain 150 deep needs a 151-slot value stack and evaluates exactly", () => {
    // time + (time + (... + (time + 1))): 150 "time" terms. With time = 0.5: 150 * 0.5 + 1 = 76.
    const src = "time + (".repeat(149) + "time + 1" + ")".repeat(149);
    const c = load({ lists: { default: [{ variable: "x", value: src }] } });
    expect(c.stackDepth).toBe(151); // 149 pending left operands + the innermost `time` and `1`
    setQuery(Q.TIME, 0, 0.5);
    wasm.rotationTestSelect();
    expect(wasm.rotationTestVar(0)).toBe(76);
  });
});

describeRandomTrees("property: random expression trees evaluate identically in evaluateAst and the wasm VM", undefined, 3000);
