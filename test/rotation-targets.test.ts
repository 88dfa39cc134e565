// Target selection in the rotation VM (docs/rotation.md "Targets"): target_if (first/min/max with
// SimC's tie rule), cycle_targets / max_cycle_targets and cycling_variable, against the test State
// (per-target query values, the current target after selection), in every code format.
import { beforeEach, describe, expect, it } from "vitest";
import { wasm } from "../src/engine/wasm.js";
import { compileRotation, decodeAction, parseSimcApl, QUERY as Q, RotationError, translateSimcApl, type RotationJson } from "../src/rotation/index.js";
import { actorOption } from "../src/rotation/actor-options.js";
import { testSymbols, SPELLS, AURAS } from "./helpers/rotation-symbols.js";
import { loadIntoWasm, setQuery, setReady } from "./helpers/rotation-wasm.js";

const FILE = "rotations/targets.json";
const FORMATS = [{}, { fast: true }, { fast: true, scan: true }] as const;
const AGONY = AURAS["barbed_shot"]!; // a DoT-like aura index (< 16: per-target values in the test State)

const select = () => decodeAction(wasm.rotationTestSelect());
const cast = (name: string) => ({ kind: "cast", spell: SPELLS[name] });

/**
 * dot.barbed_shot.remains on target t := v (t = 0: the primary target's table). Inside target-scoped
 * expressions the compiler asks the current-target kind (TGT_REMAINS).
 */
function remains(t: number, v: number): void {
  if (t === 0) setQuery(Q.TGT_REMAINS, AGONY, v);
  else expect(wasm.rotationTestSetTargetQuery(t, Q.TGT_REMAINS, AGONY, v)).toBe(true);
}

beforeEach(() => wasm.rotationTestClear());

for (const opts of FORMATS) {
  const label = JSON.stringify(opts);
  const load = (rot: RotationJson) => expect(loadIntoWasm(compileRotation(rot, testSymbols(), FILE, opts))).toBe(0);

  describe(`target_if ${label}`, () => {
    const rot = (tif: string, cond?: string): RotationJson => ({
      lists: { default: [{ cast: "barbed_shot", target_if: tif, ...(cond ? { if: cond } : {}) }, { cast: "cobra_shot" }] },
    });

    it("min: the target with the smallest value; the cast goes to it, the condition is read there", () => {
      load(rot("min:dot.barbed_shot.remains", "dot.barbed_shot.remains < 2"));
      setReady(SPELLS["barbed_shot"]!, true);
      setReady(SPELLS["cobra_shot"]!, true);
      wasm.rotationTestSetTargets(3);
      remains(0, 4.5);
      remains(1, 3);
      remains(2, 1.5);
      expect(select()).toEqual(cast("barbed_shot"));
      expect(wasm.rotationTestTarget()).toBe(2);
      // the condition fails on the chosen target (3 >= 2): next entry, current target back to 0
      remains(2, 6);
      expect(select()).toEqual(cast("cobra_shot"));
      expect(wasm.rotationTestTarget()).toBe(0);
    });

    it("ties keep the primary target, then the lowest index (strict comparisons)", () => {
      load(rot("min:dot.barbed_shot.remains"));
      setReady(SPELLS["barbed_shot"]!, true);
      wasm.rotationTestSetTargets(4);
      remains(0, 2);
      remains(1, 2);
      remains(2, 1);
      remains(3, 1);
      expect(select()).toEqual(cast("barbed_shot"));
      expect(wasm.rotationTestTarget()).toBe(2);
      remains(2, 2);
      remains(3, 2);
      select();
      expect(wasm.rotationTestTarget()).toBe(0);
    });

    it("max: the largest value", () => {
      load(rot("max:dot.barbed_shot.remains"));
      setReady(SPELLS["barbed_shot"]!, true);
      wasm.rotationTestSetTargets(3);
      remains(0, 1);
      remains(1, 5);
      remains(2, 5);
      select();
      expect(wasm.rotationTestTarget()).toBe(1);
    });

    it("first (and no prefix): the first other target whose value is non-zero and differs from the primary's", () => {
      for (const tif of ["first:dot.barbed_shot.remains < 2", "dot.barbed_shot.remains < 2"]) {
        wasm.rotationTestClear();
        load(rot(tif));
        setReady(SPELLS["barbed_shot"]!, true);
        wasm.rotationTestSetTargets(4);
        remains(0, 5); // false on the primary
        remains(1, 5);
        remains(2, 1); // first true
        remains(3, 0);
        select();
        expect(wasm.rotationTestTarget()).toBe(2);
        remains(0, 1); // true on the primary: the others (equal value) never replace it
        select();
        expect(wasm.rotationTestTarget()).toBe(0);
      }
    });

    it("one target: no selection, the expression is not evaluated", () => {
      load(rot("min:dot.barbed_shot.remains"));
      setReady(SPELLS["barbed_shot"]!, true);
      expect(select()).toEqual(cast("barbed_shot"));
      expect(wasm.rotationTestQueryCount()).toBe(0);
      expect(wasm.rotationTestTarget()).toBe(0);
    });
  });

  describe(`cycle_targets ${label}`, () => {
    const rot = (extra: Record<string, unknown>): RotationJson => ({
      lists: { default: [{ cast: "barbed_shot", cycle_targets: 1, if: "dot.barbed_shot.remains < 2", ...extra }, { cast: "cobra_shot" }] },
    });

    it("tries targets in order; the first where the entry holds gets the cast", () => {
      load(rot({}));
      setReady(SPELLS["barbed_shot"]!, true);
      setReady(SPELLS["cobra_shot"]!, true);
      wasm.rotationTestSetTargets(3);
      remains(0, 9);
      remains(1, 9);
      remains(2, 1);
      expect(select()).toEqual(cast("barbed_shot"));
      expect(wasm.rotationTestTarget()).toBe(2);
      remains(2, 9);
      expect(select()).toEqual(cast("cobra_shot"));
      expect(wasm.rotationTestTarget()).toBe(0);
    });

    it("max_cycle_targets bounds the targets tried", () => {
      load(rot({ max_cycle_targets: 2 }));
      setReady(SPELLS["barbed_shot"]!, true);
      setReady(SPELLS["cobra_shot"]!, true);
      wasm.rotationTestSetTargets(3);
      remains(0, 9);
      remains(1, 9);
      remains(2, 1); // third target: not tried
      expect(select()).toEqual(cast("cobra_shot"));
    });
  });

  describe(`cycling_variable ${label}`, () => {
    it("applies the op once per target with the value read on that target", () => {
      load({
        lists: {
          default: [
            { variable: "n", op: "reset" },
            { cycling_variable: "n", op: "add", value: "dot.barbed_shot.remains >= 5" },
            { variable: "m", op: "set", value: "99" },
            { cycling_variable: "m", op: "min", value: "dot.barbed_shot.remains" },
            { cast: "cobra_shot" },
          ],
        },
      });
      setReady(SPELLS["cobra_shot"]!, true);
      wasm.rotationTestSetTargets(4);
      remains(0, 6);
      remains(1, 2);
      remains(2, 7);
      remains(3, 0.5);
      expect(select()).toEqual(cast("cobra_shot"));
      expect(wasm.rotationTestVar(0)).toBe(2);
      expect(wasm.rotationTestVar(1)).toBe(0.5);
      expect(wasm.rotationTestTarget()).toBe(0);
    });
  });
}

describe("target options: shape errors", () => {
  const bad = (entry: Record<string, unknown>) => () => compileRotation({ lists: { default: [entry as never] } }, testSymbols(), FILE);
  it("rejects malformed options with the field named", () => {
    expect(bad({ cast: "barbed_shot", target_if: "min:dot.barbed_shot.remains", cycle_targets: 1 })).toThrow(/target_if or cycle_targets/);
    expect(bad({ cast: "barbed_shot", max_cycle_targets: 2 })).toThrow(/needs "cycle_targets"/);
    expect(bad({ cast: "barbed_shot", cycle_targets: 1.5 })).toThrow(/non-negative integer/);
    expect(bad({ cast: "barbed_shot", target_if: 3 })).toThrow(/target_if/);
    expect(bad({ call: "x", target_if: "1" })).toThrow(RotationError);
    try {
      bad({ cast: "barbed_shot", target_if: "min:dot.nope.remains" })();
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RotationError);
      expect((e as RotationError).field).toBe("target_if");
    }
  });
});

describe("SimC forms", () => {
  const simc = (lines: string[], syms = testSymbols()) => {
    const t = translateSimcApl(parseSimcApl(lines.join("\n"), "x.simc"));
    return { t, compile: () => compileRotation(t.rotation, syms, "x.simc") };
  };

  it("cycle_targets / max_cycle_targets / cycling_variable arrive from .simc text and compile", () => {
    const { t, compile } = simc([
      "actions=variable,name=n,op=reset",
      "actions+=/cycling_variable,name=n,op=add,value=dot.barbed_shot.remains>=5",
      "actions+=/barbed_shot,cycle_targets=1,max_cycle_targets=2,if=!dot.barbed_shot.ticking",
      "actions+=/cobra_shot,target_if=min:dot.barbed_shot.remains",
    ]);
    expect(t.ignored).toEqual([]);
    expect(t.rotation.lists["default"]![1]).toMatchObject({ cycling_variable: "n", op: "add" });
    const c = compile();
    expect(c.targetSpells).toEqual([SPELLS["barbed_shot"], SPELLS["cobra_shot"]].sort((a, b) => a! - b!));
  });

  it("max_prio_damage: the hunter option (SimC default on) makes target_if keep the primary target", () => {
    const rot: RotationJson = { lists: { default: [{ cast: "barbed_shot", target_if: "min:dot.barbed_shot.remains|max_prio_damage" }] } };
    // a class without the option: unknown name
    expect(() => compileRotation(rot, testSymbols(), FILE)).toThrow(/max_prio_damage/);
    const hunter = { ...testSymbols(), actorOption: (n: string) => actorOption("Hunter", n) };
    expect(loadIntoWasm(compileRotation(rot, hunter, FILE))).toBe(0);
    setReady(SPELLS["barbed_shot"]!, true);
    wasm.rotationTestSetTargets(3);
    remains(0, 9);
    remains(1, 0);
    remains(2, 0);
    expect(select()).toEqual(cast("barbed_shot"));
    expect(wasm.rotationTestTarget()).toBe(0); // (remains | 1) = 1 on every target
    expect(actorOption("Warlock", "max_prio_damage")).toBeUndefined();
  });

  it("target_if on an action list: accepted when the expression is the same on every target, else refused", () => {
    const list = (tif: string): RotationJson => ({ lists: { default: [{ run: "sub", target_if: tif }], sub: [{ cast: "cobra_shot" }] } });
    expect(() => compileRotation(list("min:target.health.pct"), testSymbols(), FILE)).not.toThrow();
    expect(() => compileRotation(list("min:dot.barbed_shot.remains"), testSymbols(), FILE)).toThrow(/per-target expression/);
    expect(() => compileRotation({ lists: { default: [{ call: "sub", cycle_targets: 1 }], sub: [] } }, testSymbols(), FILE)).toThrow(/unknown key/);
  });

  it("line_cd together with a target option is refused (listed), never half-applied", () => {
    expect(() => compileRotation({ lists: { default: [{ cast: "barbed_shot", cycle_targets: 1, line_cd: 5 }] } }, testSymbols(), FILE)).toThrow(/line_cd together/);
  });
});
