// The engine fast path (compileRotation(..., { fast: true }), ROT_VERSION_FAST, docs/rotation.md §6):
// castReady before the condition, per-evaluation castReady memo (CASTCHK/CASTCHKT/CASTM/CASTGO), the
// `wait X if X > 0` fold, the main-list run redirect. Whatever the state, a fast rotation must select
// exactly what the plain compile of the same source selects.
import { beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { wasm } from "../src/engine/wasm.js";
import { compileRotation, decodeAction, QUERY as Q, type RotationJson } from "../src/rotation/index.js";
import { OP, ROT_VERSION, ROT_VERSION_FAST } from "../src/rotation/bytecode.js";
import { testSymbols, SPELLS, PET_AURAS } from "./helpers/rotation-symbols.js";
import { loadIntoWasm, setQuery, setReady } from "./helpers/rotation-wasm.js";

const FILE = "rotations/test.json";
const compile = (rot: RotationJson, fast: boolean) => compileRotation(rot, testSymbols(), FILE, { fast });
const select = () => decodeAction(wasm.rotationTestSelect());

// BM-like: a spell in several entries, a one-leaf condition, a resource condition (CASTCHKT), waits.
const BM: RotationJson = {
  main: "default",
  lists: {
    default: [{ run: "st" }],
    st: [
      { cast: "barbed_shot", if: "pet.main.buff.frenzy.up & pet.main.buff.frenzy.remains <= gcd.remains + 0.25" },
      { cast: "barbed_shot", if: "cooldown.barbed_shot.full_recharge_time < 1.5" },
      { cast: "bestial_wrath" },
      { cast: "kill_command", if: "cooldown.kill_command.charges_fractional >= cooldown.barbed_shot.charges_fractional" },
      { cast: "kill_shot", if: "target.health.pct < 20" },
      { cast: "barbed_shot" },
      { cast: "kill_command" },
      { cast: "multishot", if: "time > 3 & focus > 50" },
      { cast: "cobra_shot", if: "focus - 35 + focus.regen * cooldown.kill_command.remains >= 30 | focus.time_to_max < 1.5" },
      { wait: "(30 - focus) / focus.regen", if: "focus < 30" },
      { wait: "cooldown.kill_command.remains", if: "cooldown.kill_command.remains > 0" },
    ],
  },
};

beforeEach(() => wasm.rotationTestClear());

describe("fast compile", () => {
  it("is opt-in: the default output is unchanged (version 1), fast output is version 2 and loads", () => {
    expect(compile(BM, false).code[1]).toBe(ROT_VERSION);
    const c = compile(BM, true);
    expect(c.code[1]).toBe(ROT_VERSION_FAST);
    expect(loadIntoWasm(c)).toBe(0);
  });

  it("bytecode: castReady first (memo bit for repeated spells), one-leaf conditions first, wait guard folded, run redirected", () => {
    const c = compileRotation(
      {
        lists: {
          default: [{ run: "st" }],
          st: [
            { cast: "barbed_shot", if: "time > 1 & buff.bestial_wrath.up" },
            { cast: "kill_shot", if: "target.health.pct < 20" },
            { cast: "barbed_shot" },
            { cast: "cobra_shot", if: "focus > 50 & time > 1" },
            { wait: "cooldown.kill_command.remains", if: "cooldown.kill_command.remains > 0" },
          ],
        },
      },
      testSymbols(),
      FILE,
      { fast: true },
    );
    const st = c.lists.find((l) => l.name === "st")!.pc;
    expect(c.code[5]).toBe(st); // main starts at the run target
    expect([...c.code.slice(st)]).toEqual([
      OP.CASTCHK, 1, SPELLS.barbed_shot, st + 16, OP.QCJZ, OP.GT, Q.TIME, 0, 0, st + 16, OP.QJZ, Q.BUFF_UP, 10, st + 16, OP.CASTGO, SPELLS.barbed_shot,
      OP.QCJZ, OP.LT, Q.TARGET_HEALTH_PCT, 0, 1, st + 24, OP.CAST, SPELLS.kill_shot,
      OP.CASTM, 1, SPELLS.barbed_shot,
      OP.CASTCHKT, 0, SPELLS.cobra_shot, st + 45, OP.QCJZ, OP.GT, Q.RESOURCE, 0, 2, st + 45, OP.QCJZ, OP.GT, Q.TIME, 0, 0, st + 45, OP.CASTGO, SPELLS.cobra_shot,
      OP.QUERY, Q.COOLDOWN_REMAINS, SPELLS.kill_command, OP.WAIT,
      OP.END,
    ]);
  });

  it("bytecode: folded right operands (CBIN/QBIN) and the fused resource wait (CSQDQ)", () => {
    const c = compileRotation(
      { lists: { default: [{ cast: "cobra_shot", if: "focus - 35 + focus.regen * time >= 30" }, { wait: "(30 - focus) / focus.regen" }] } },
      testSymbols(),
      FILE,
      { fast: true },
    );
    const k = (v: number) => c.constants.indexOf(v);
    const m = c.code[5]!;
    expect([...c.code.slice(m)]).toEqual([
      OP.CASTCHKT, 0, SPELLS.cobra_shot, m + 25, // CASTCHKT: the skipped condition reads focus
      OP.QUERY, Q.RESOURCE, 0, OP.CBIN, OP.SUB, k(35), OP.QUERY, Q.RESOURCE_REGEN, 0, OP.QBIN, OP.MUL, Q.TIME, 0, OP.ADD, OP.CBIN, OP.GE, k(30), OP.JZ, m + 25,
      OP.CASTGO, SPELLS.cobra_shot,
      OP.CSQDQ, k(30), Q.RESOURCE, 0, Q.RESOURCE_REGEN, 0, OP.WAIT,
      OP.END,
    ]);
    expect(loadIntoWasm(c)).toBe(0);
  });

  it("a spell in several entries is asked once per evaluation", () => {
    expect(loadIntoWasm(compile(BM, true))).toBe(0);
    setQuery(Q.PET_BUFF_UP, PET_AURAS.frenzy!, 1);
    wasm.rotationTestSelect();
    // barbed_shot (3 entries, asked once), bestial_wrath, kill_command (2 entries, once), kill_shot
    // (health 0 < 20 holds), cobra_shot; not multishot (condition first: `time > 3` fails)
    expect(wasm.rotationTestCastCheckCount()).toBe(5);
  });

  it("a skipped condition with a resource query still runs its side effect (CASTCHKT touches)", () => {
    expect(loadIntoWasm(compileRotation({ lists: { default: [{ cast: "cobra_shot", if: "focus > 50 | time > 1" }] } }, testSymbols(), FILE, { fast: true }))).toBe(0);
    wasm.rotationTestSelect(); // cobra_shot not ready: the condition is skipped, touch() stands in for its focus query
    expect([wasm.rotationTestQueryCount(), wasm.rotationTestTouchCount()]).toEqual([0, 1]);
    // a resource query the condition may not reach (right of |): plain order, no touch
    expect(loadIntoWasm(compileRotation({ lists: { default: [{ cast: "cobra_shot", if: "time > 1 | focus > 50" }] } }, testSymbols(), FILE, { fast: true }))).toBe(0);
    wasm.rotationTestClear();
    setQuery(Q.TIME, 0, 2);
    wasm.rotationTestSelect();
    expect([wasm.rotationTestQueryCount(), wasm.rotationTestCastCheckCount(), wasm.rotationTestTouchCount()]).toEqual([1, 1, 0]);
  });

  it("property: fast and plain code select the same action for random states (2000 runs)", () => {
    const plain = compile(BM, false);
    const fast = compile(BM, true);
    const cells: [number, number][] = [
      [Q.PET_BUFF_UP, PET_AURAS.frenzy!],
      [Q.PET_BUFF_REMAINS, PET_AURAS.frenzy!],
      [Q.GCD_REMAINS, 0],
      [Q.COOLDOWN_FULL_RECHARGE_TIME, SPELLS.barbed_shot!],
      [Q.COOLDOWN_CHARGES_FRACTIONAL, SPELLS.kill_command!],
      [Q.COOLDOWN_CHARGES_FRACTIONAL, SPELLS.barbed_shot!],
      [Q.TARGET_HEALTH_PCT, 0],
      [Q.TIME, 0],
      [Q.RESOURCE, 0],
      [Q.RESOURCE_REGEN, 0],
      [Q.RESOURCE_TIME_TO_MAX, 0],
      [Q.COOLDOWN_REMAINS, SPELLS.kill_command!],
    ];
    const spells = Object.values(SPELLS);
    const num = fc.oneof(fc.constantFrom(0, 1, 1.5, 20, 30, 60, -1, NaN), fc.double({ min: -5, max: 120, noNaN: true }));
    fc.assert(
      fc.property(fc.array(num, { minLength: cells.length, maxLength: cells.length }), fc.array(fc.boolean(), { minLength: spells.length, maxLength: spells.length }), (vals, ready) => {
        const run = (c: typeof plain) => {
          wasm.rotationTestClear();
          expect(loadIntoWasm(c)).toBe(0);
          cells.forEach(([q, a], i) => setQuery(q, a, vals[i]!));
          spells.forEach((s, i) => setReady(s, ready[i]!));
          return JSON.stringify(select());
        };
        expect(run(fast)).toBe(run(plain));
      }),
      { numRuns: 2000 },
    );
  });
});
