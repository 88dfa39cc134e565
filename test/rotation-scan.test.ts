// Scan tables (compileRotation(..., { fast: true, scan: true }), ROT_VERSION_SCAN, docs/rotation.md §6):
// a cast entry whose spell the state reports blocked, or whose condition has a time leaf the state says
// is false until a later time, is skipped together with the following such entries in one dispatch.
// Whatever the state (as long as "blocked" implies "not ready" and a time bound is honest), a scan
// rotation must select exactly what the plain compile of the same source selects, in the VM and in
// the engine.
import { beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { wasm } from "../src/engine/wasm.js";
import { runImage } from "../src/engine/run.js";
import type { SpecImage } from "../src/engine/image.js";
import { compileRotation, decodeAction, QUERY as Q, type RotationJson } from "../src/rotation/index.js";
import { OP, ROT_VERSION_SCAN } from "../src/rotation/bytecode.js";
import { testSymbols, SPELLS, PET_AURAS } from "./helpers/rotation-symbols.js";
import { loadIntoWasm, setQuery, setReady } from "./helpers/rotation-wasm.js";
import { gcdSpell, sharedPoolImage, testImage } from "./helpers/spec-image.js";
import { describeRandomTrees } from "./helpers/random-trees.js";

const FILE = "rotations/test.json";
const compile = (rot: RotationJson, mode: "plain" | "fast" | "scan") => compileRotation(rot, testSymbols(), FILE, mode === "plain" ? {} : { fast: true, scan: mode === "scan" });
const select = () => decodeAction(wasm.rotationTestSelect());
const block = (spell: number, on = true) => expect(wasm.rotationTestSetBlocked(spell, on)).toBe(true);
const MIN = -(2n ** 63n);

// BM-like, as in rotation-fast.test.ts, plus a health leaf in a conjunction.
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
      { cast: "multishot", if: "gcd.remains < 1 & 20 > target.health.pct" },
      { cast: "barbed_shot" },
      { cast: "kill_command" },
      { cast: "cobra_shot", if: "focus - 35 + focus.regen * cooldown.kill_command.remains >= 30 | focus.time_to_max < 1.5" },
      { wait: "(30 - focus) / focus.regen", if: "focus < 30" },
      { wait: "cooldown.kill_command.remains", if: "cooldown.kill_command.remains > 0" },
    ],
  },
};

beforeEach(() => wasm.rotationTestClear());

describe("scan compile", () => {
  it("is version 3 and loads; a time-bound table or scan region that does not fit, or a bad row, is rejected", () => {
    const c = compile(BM, "scan");
    expect(c.code[1]).toBe(ROT_VERSION_SCAN);
    expect(loadIntoWasm(c)).toBe(0);
    // one bound descriptor: health < 20 (the multishot leaf `20 > health` is the same leaf, flipped)
    expect([...c.code.slice(8, 13)]).toEqual([1, Q.TARGET_HEALTH_PCT, 0, OP.LT, c.constants.indexOf(20)]);
    const bad = Int32Array.from(c.code);
    bad[8] = 1_000_000;
    expect(loadIntoWasm({ ...c, code: bad })).toBe(5); // ROT_ERR_BOUNDS
    const badK = Int32Array.from(c.code);
    badK[12] = c.constants.length;
    expect(loadIntoWasm({ ...c, code: badK })).toBe(5);
    const rows = c.code[13]!;
    expect((c.code.length - rows) % 3).toBe(0);
    const badR = Int32Array.from(c.code);
    badR[13] = rows + 1;
    expect(loadIntoWasm({ ...c, code: badR })).toBe(5);
    const badSpell = Int32Array.from(c.code);
    badSpell[rows] = 4096; // the test state has 4096 spells
    expect(loadIntoWasm({ ...c, code: badSpell })).toBe(6); // ROT_ERR_ROWS
    const badSlot = Int32Array.from(c.code);
    badSlot[rows + 1] = 2; // one slot
    expect(loadIntoWasm({ ...c, code: badSlot })).toBe(6);
  });

  it("bytecode: scan forms point at the next entry's row; rows skip only pure cast entries", () => {
    const c = compileRotation(
      {
        lists: {
          default: [
            { cast: "bestial_wrath" },
            { cast: "kill_shot", if: "target.health.pct < 20" },
            { cast: "cobra_shot", if: "focus > 50 & time > 1" },
            { wait: "cooldown.kill_command.remains" },
          ],
        },
      },
      testSymbols(),
      FILE,
      { fast: true, scan: true },
    );
    const k = (v: number) => c.constants.indexOf(v);
    const m = c.code[5]!;
    expect(m).toBe(14); // after the bound table (1 descriptor) and the scan-region word
    expect([...c.code.slice(8, 13)]).toEqual([1, Q.TARGET_HEALTH_PCT, 0, OP.LT, k(20)]);
    const t = m + 39; // the scan tables follow all the code
    expect(c.code[13]).toBe(t);
    expect([...c.code.slice(m)]).toEqual([
      OP.CASTS, t + 3, 0, SPELLS.bestial_wrath,
      OP.SCAN, t + 3, // kill_shot has a time bound: a scan from its own row first (a fall-through from above)
      OP.QCJZ, OP.LT, Q.TARGET_HEALTH_PCT, 0, k(20), m + 16, OP.CASTS, t + 6, 0, SPELLS.kill_shot,
      OP.CASTCHKST, t + 9, 0, SPELLS.cobra_shot, m + 35,
      OP.QCJZ, OP.GT, Q.RESOURCE, 0, k(50), m + 35, OP.QCJZ, OP.GT, Q.TIME, 0, k(1), m + 35, OP.CASTGO, SPELLS.cobra_shot,
      OP.QWAIT, Q.COOLDOWN_REMAINS, SPELLS.kill_command,
      OP.END,
      SPELLS.bestial_wrath, 0, m, // row 0
      SPELLS.kill_shot, 1, m + 6, // row 1: time bound slot 1; the target is past the SCAN
      -1, 0, m + 16, // cobra_shot: its condition reads focus (never skipped by a scan)
      -1, 0, m + 35, // the wait
      -1, 0, m + 38, // end
    ]);
    // `time > 1` is in a conjunction with a resource query: that entry gets no bound (never skipped by a scan)
    expect(c.code[8]).toBe(1);
  });

  it("blocked entries are skipped without a castReady call; a time bound skips the condition's query", () => {
    expect(loadIntoWasm(compile(BM, "scan"))).toBe(0);
    for (const s of Object.values(SPELLS)) block(s);
    setQuery(Q.RESOURCE, 0, 40);
    setQuery(Q.COOLDOWN_REMAINS, SPELLS.kill_command!, 2);
    expect(select()).toEqual({ kind: "wait", ms: 2000 });
    // every cast entry blocked (cobra's condition still runs: its focus read may not be skipped)
    expect(wasm.rotationTestCastCheckCount()).toBe(0);
    const q0 = wasm.rotationTestQueryCount();
    wasm.rotationTestClear();
    expect(loadIntoWasm(compile(BM, "scan"))).toBe(0);
    setQuery(Q.TARGET_HEALTH_PCT, 0, 50);
    setReady(SPELLS.kill_shot!, true);
    expect(select()).toEqual({ kind: "none" });
    const withQuery = wasm.rotationTestQueryCount();
    wasm.rotationTestClear();
    expect(loadIntoWasm(compile(BM, "scan"))).toBe(0);
    setQuery(Q.TARGET_HEALTH_PCT, 0, 50);
    setReady(SPELLS.kill_shot!, true);
    expect(wasm.rotationTestSetTimeBound(Q.TARGET_HEALTH_PCT, 1000n, 999n)).toBe(true);
    expect(select()).toEqual({ kind: "none" });
    expect(wasm.rotationTestQueryCount()).toBe(withQuery - 1); // kill_shot falls through from kill_command: its SCAN skips the health leaf
    expect(q0).toBeGreaterThan(0);
  });

  it("property: scan, fast and plain code select the same action for random states (2000 runs)", () => {
    const plain = compile(BM, "plain");
    const scan = compile(BM, "scan");
    const cells: [number, number][] = [
      [Q.PET_BUFF_UP, PET_AURAS.frenzy!],
      [Q.PET_BUFF_REMAINS, PET_AURAS.frenzy!],
      [Q.GCD_REMAINS, 0],
      [Q.COOLDOWN_FULL_RECHARGE_TIME, SPELLS.barbed_shot!],
      [Q.COOLDOWN_CHARGES_FRACTIONAL, SPELLS.kill_command!],
      [Q.COOLDOWN_CHARGES_FRACTIONAL, SPELLS.barbed_shot!],
      [Q.TARGET_HEALTH_PCT, 0],
      [Q.RESOURCE, 0],
      [Q.RESOURCE_REGEN, 0],
      [Q.RESOURCE_TIME_TO_MAX, 0],
      [Q.COOLDOWN_REMAINS, SPELLS.kill_command!],
    ];
    const spells = Object.values(SPELLS);
    const num = fc.oneof(fc.constantFrom(0, 1, 1.5, 20, 30, 60, -1, NaN), fc.double({ min: -5, max: 120, noNaN: true }));
    const spellState = fc.constantFrom("ready", "not", "blocked");
    fc.assert(
      fc.property(
        fc.array(num, { minLength: cells.length, maxLength: cells.length }),
        fc.array(spellState, { minLength: spells.length, maxLength: spells.length }),
        fc.boolean(),
        (vals, st, bound) => {
          const run = (c: typeof plain) => {
            wasm.rotationTestClear();
            expect(loadIntoWasm(c)).toBe(0);
            cells.forEach(([q, a], i) => setQuery(q, a, vals[i]!));
            spells.forEach((s, i) => {
              setReady(s, st[i] === "ready");
              block(s, st[i] === "blocked");
            });
            // an honest bound: only while `health < 20` is false
            const health = vals[cells.findIndex(([q]) => q === Q.TARGET_HEALTH_PCT)]!;
            if (bound && !(health < 20)) wasm.rotationTestSetTimeBound(Q.TARGET_HEALTH_PCT, 5000n, 4999n);
            else wasm.rotationTestSetTimeBound(Q.TARGET_HEALTH_PCT, MIN, 0n);
            return JSON.stringify(select());
          };
          expect(run(scan)).toBe(run(plain));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

// ---------------------------------------------------------------- engine

const spell = gcdSpell;
const symbolsOf = (img: SpecImage) => ({
  spell: (n: string) => { const i = img.spells.findIndex((s) => s.name === n); return i < 0 ? undefined : i; },
  aura: () => undefined, petAura: () => undefined, resource: () => undefined, pet: () => undefined, talent: () => false,
});

function withRotation(img: SpecImage, rot: RotationJson, options: { fast?: boolean; scan?: boolean }): SpecImage {
  const c = compileRotation(rot, symbolsOf(img), "scan.json", options);
  return { ...img, rotation: { kind: "bytecode", code: c.code, constants: c.constants, spells: c.spells } };
}

/** The run is the same with the scan form as with the plain form. */
function same(img: SpecImage, rot: RotationJson): void {
  const a = runImage(withRotation(img, rot, {}), { iterations: 3, seed: 5n });
  const b = runImage(withRotation(img, rot, { fast: true, scan: true }), { iterations: 3, seed: 5n });
  expect(b.events).toBe(a.events);
  expect(b.spells.map((s) => s.casts)).toEqual(a.spells.map((s) => s.casts));
  expect(b.damage.total).toBe(a.damage.total);
}

describe("scan in the engine", () => {
  const cdImage = (durationMs: number) =>
    testImage("scan", {
      run: { durationMs, targets: 1, targetArmor: 0, armorK: 1000 },
      spells: [spell("big", { recoveryMs: 20_000, hook: 0 }), spell("exec", { recoveryMs: 3000 }), spell("late"), spell("filler", { hook: 1 })],
      opLists: [[{ op: "resetCooldown", spell: 1 }], [{ op: "reduceCooldown", spell: 0, ms: 700 }]],
    });

  it("time-bound leaves (health, time, fight_remains, both comparison senses) give the same run", () => {
    for (const durationMs of [10_000, 7_777, 1_001]) {
      for (const cond of ["target.health.pct < 20", "target.health.pct <= 20", "20 > target.health.pct", "time > 3.3", "time >= 3.3", "fight_remains < 2.25", "fight_remains <= 2.25", "target.health.pct > 20", "time < 3.3", "target.health.pct < 0", "target.health.pct < 101"]) {
        const rot: RotationJson = {
          lists: {
            default: [{ cast: "big" }, { cast: "exec", if: cond }, { cast: "late", if: `time > 0.5 & ${cond}` }, { cast: "filler" }],
          },
        };
        same(cdImage(durationMs), rot);
      }
    }
  });

  it("cooldowns reset / reduced by op lists and a shared charge pool (the not-ready-before hooks)", () => {
    const img = sharedPoolImage("scan");
    const names = ["a", "b", "cdr", "reset"];
    for (const order of [[0, 1, 3, 2], [3, 1, 0, 2]]) same(img, { lists: { default: order.map((i) => ({ cast: names[i]! })) } });
    same(cdImage(10_000), { lists: { default: [{ cast: "big" }, { cast: "exec" }, { cast: "filler" }] } });
  });
});

// The random-tree property (test/helpers/random-trees.ts), compiled as scan code (QQBIN, QCBIN, CJZ/CJNZ, QQCJZ/QQCJNZ).
describeRandomTrees("property: random expression trees evaluate identically in evaluateAst and the wasm VM, scan code (v3 fused ops)", { fast: true, scan: true }, 2000);
