// Entry options (src/rotation/options.ts) and utility no-ops (src/rotation/utility.ts): their selection
// semantics through the wasm test State (hand-set query answers), their errors, and line_cd through the
// engine with hand-computed cast times.
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { compileRotation, decodeAction, QUERY as Q, RotationError, type CompileOptions, type RotationJson } from "../src/rotation/index.js";
import { wasm } from "../src/engine/wasm.js";
import { loadIntoWasm, setQuery, setReady } from "./helpers/rotation-wasm.js";
import { SPELLS, testSymbols } from "./helpers/rotation-symbols.js";
import { OP } from "../src/rotation/bytecode.js";
import { loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { simulate } from "../src/engine/simulate.js";

const FILE = "rotations/opts.json";
const KC = SPELLS["kill_command"]!;
const COBRA = SPELLS["cobra_shot"]!;
const BW = SPELLS["bestial_wrath"]!;
/** bestial_wrath is the off-GCD spell of these tests */
const symbols = () => ({ ...testSymbols(), offGcd: (s: number) => s === BW });
const compile = (lists: RotationJson["lists"], o: CompileOptions = {}) => compileRotation({ lists } as RotationJson, symbols(), FILE, o);
const select = () => decodeAction(wasm.rotationTestSelect());
const cast = (spell: number) => ({ kind: "cast", spell });

function compileError(lists: RotationJson["lists"]): RotationError {
  try {
    compile(lists);
  } catch (e) {
    expect(e).toBeInstanceOf(RotationError);
    return e as RotationError;
  }
  throw new Error("compiled without error");
}

beforeEach(() => wasm.rotationTestClear());

describe.each([["plain", {}], ["fast", { fast: true }]] as const)("options (%s code)", (_name, opts) => {
  it("line_cd=5: the line fires again only 5 s after it last fired", () => {
    const c = compile({ default: [{ cast: "kill_command", line_cd: "5" }, { cast: "cobra_shot" }] }, opts);
    expect(loadIntoWasm(c)).toBe(0);
    wasm.rotationTestReset();
    setReady(KC, true);
    setReady(COBRA, true);
    setQuery(Q.SPELL_CASTABLE, KC, 1);
    const at = (t: number) => {
      setQuery(Q.TIME, 0, t);
      return select();
    };
    expect(at(0)).toEqual(cast(KC)); // fired at 0
    expect(at(3)).toEqual(cast(COBRA));
    expect(at(4.999)).toEqual(cast(COBRA));
    expect(at(5)).toEqual(cast(KC)); // 5 s after 0; fired at 5
    expect(at(9)).toEqual(cast(COBRA));
    // not castable at 10: the line does not fire and its clock does not restart
    setReady(KC, false);
    setQuery(Q.SPELL_CASTABLE, KC, 0);
    expect(at(10)).toEqual(cast(COBRA));
    setReady(KC, true);
    setQuery(Q.SPELL_CASTABLE, KC, 1);
    expect(at(11)).toEqual(cast(KC)); // fired at 11
    expect(at(15.5)).toEqual(cast(COBRA));
    expect(at(16)).toEqual(cast(KC));
    // every iteration starts as if the line never fired
    wasm.rotationTestReset();
    expect(at(1)).toEqual(cast(KC));
  });

  it("use_off_gcd=0 (SimC's default) holds an off-GCD spell until the GCD is over; use_off_gcd=1 does not", () => {
    for (const [flag, inGcd] of [["0", cast(COBRA)], ["1", cast(BW)]] as const) {
      wasm.rotationTestClear();
      expect(loadIntoWasm(compile({ default: [{ cast: "bestial_wrath", use_off_gcd: flag }, { cast: "cobra_shot" }] }, opts))).toBe(0);
      setReady(BW, true);
      setReady(COBRA, true);
      setQuery(Q.GCD_REMAINS, 0, 0.8); // an OffGcdReady point: the GCD still runs
      expect(select(), `use_off_gcd=${flag}`).toEqual(inGcd);
      setQuery(Q.GCD_REMAINS, 0, 0);
      expect(select()).toEqual(cast(BW));
    }
  });

  it("sync=X: only when action X is ready too", () => {
    expect(loadIntoWasm(compile({ default: [{ cast: "bestial_wrath", sync: "kill_command" }, { cast: "cobra_shot" }] }, opts))).toBe(0);
    setReady(BW, true);
    setReady(COBRA, true);
    setQuery(Q.SPELL_CASTABLE, KC, 0);
    expect(select()).toEqual(cast(COBRA));
    setQuery(Q.SPELL_CASTABLE, KC, 1);
    expect(select()).toEqual(cast(BW));
  });
});

describe("options: code and errors", () => {
  it("use_off_gcd=0 on an on-GCD spell, chain, use_while_casting=0, toggle and precombat_seconds add no code", () => {
    const plain = compile({ default: [{ cast: "cobra_shot", if: "focus > 50" }] });
    for (const extra of [{ use_off_gcd: "0" }, { use_off_gcd: 1 }, { chain: "1" }, { use_while_casting: "0" }, { toggle: "on" }, { precombat_seconds: "1" }]) {
      expect([...compile({ default: [{ cast: "cobra_shot", if: "focus > 50", ...extra }] }).code], JSON.stringify(extra)).toEqual([...plain.code]);
    }
  });

  it("use_while_casting=1 changes only the cast op: CAST -> CASTW (castable during a cast bar: test/cast-while-casting.test.ts)", () => {
    const plain = [...compile({ default: [{ cast: "cobra_shot", if: "focus > 50" }] }).code];
    const cwc = compile({ default: [{ cast: "cobra_shot", if: "focus > 50", use_while_casting: "1" }] });
    expect(cwc.whileCasting).toBe(true);
    const at = plain.indexOf(OP.CAST);
    expect(at).toBeGreaterThan(7);
    expect([...cwc.code]).toEqual(plain.map((w, i) => (i === at ? OP.CASTW : w)));
  });

  it("refuses options the engine cannot honour, bad values and options of other actions, at the option's field", () => {
    const cases: [Record<string, unknown>, string, string, RegExp][] = [
      [{ interrupt_immediate: "1" }, "interrupt_immediate", "ROTATION_BAD_SHAPE", /at its ticks only/],
      [{ interrupt_if: "nope.x" }, "interrupt_if", "ROTATION_UNKNOWN_NAME", /nope/],
      [{ use_off_gcd: "2" }, "use_off_gcd", "ROTATION_BAD_SHAPE", /must be 0 or 1/],
      [{ line_cd: "x" }, "line_cd", "ROTATION_BAD_SHAPE", /must be a number/],
      [{ line_cd: "0" }, "line_cd", "ROTATION_BAD_SHAPE", /must be > 0/],
      [{ slot: "trinket1" }, "slot", "ROTATION_BAD_SHAPE", /applies only to use_item, use_items/],
      [{ sync: "nope" }, "sync", "ROTATION_UNKNOWN_NAME", /sync: unknown spell "nope"/],
    ];
    for (const [extra, field, code, msg] of cases) {
      const e = compileError({ default: [{ cast: "cobra_shot", ...extra }] });
      expect([e.code, e.field, e.list, e.entry], JSON.stringify(extra)).toEqual([code, field, "default", 0]);
      expect(e.detail).toMatch(msg);
    }
  });
});

describe("utility no-ops", () => {
  it("compile to nothing (the rotation is the one without them), their conditions still checked", () => {
    const plain = compile({ default: [{ cast: "cobra_shot" }] });
    const withNoops = compile({
      default: [
        { cast: "snapshot_stats" },
        { cast: "berserking", if: "buff.bestial_wrath.up" },
        { cast: "use_items", slots: "trinket1:trinket2", check_existing: "0" },
        { cast: "cobra_shot" },
        { cast: "invoke_external_buff", name: "power_infusion" },
      ],
    });
    expect([...withNoops.code]).toEqual([...plain.code]);
    const e = compileError({ default: [{ cast: "snapshot_stats", if: "buff.nope.up" }] });
    expect([e.code, e.field]).toEqual(["ROTATION_UNKNOWN_NAME", "if"]);
  });

  it("racials: another race's never fires (honoured, no code); the profile's own race's is refused without a spell; potion without a spell is refused", () => {
    const withRace = (race: string | undefined) => ({ ...symbols(), race });
    const rot = { lists: { default: [{ cast: "blood_fury", if: "buff.bestial_wrath.up" }, { cast: "cobra_shot" }] } };
    const plain = compileRotation({ lists: { default: [{ cast: "cobra_shot" }] } }, symbols(), FILE);
    for (const race of [undefined, "troll"]) expect([...compileRotation(rot, withRace(race), FILE).code]).toEqual([...plain.code]);
    let err: unknown;
    try {
      compileRotation(rot, withRace("orc"), FILE);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RotationError);
    expect([(err as RotationError).code, (err as RotationError).field, (err as RotationError).entry]).toEqual(["ROTATION_UNKNOWN_NAME", "cast", 0]);
    expect((err as RotationError).detail).toMatch(/^not modelled: blood_fury is the racial of the profile's race \(orc\); no spell of that name in the manifest/);
    const p = compileError({ default: [{ cast: "potion", if: "buff.bestial_wrath.up" }] });
    expect([p.code, p.field]).toEqual(["ROTATION_UNKNOWN_NAME", "cast"]);
    expect(p.detail).toMatch(/^not modelled: the spec's manifest has no potion spell/);
  });

  it("the host's verdict (symbols.utility) comes first; potion.X reads symbols.potion", () => {
    const plain = compileRotation({ lists: { default: [{ cast: "cobra_shot" }] } }, symbols(), FILE);
    // a potion the run does not drink: the line never fires (no code)
    const off = { ...symbols(), utility: (n: string) => (n === "potion" ? { noop: "no potion" } : undefined) };
    expect([...compileRotation({ lists: { default: [{ cast: "potion" }, { cast: "cobra_shot" }] } }, off, FILE).code]).toEqual([...plain.code]);
    // a potion the data does not model: refused with the host's reason
    const refused = { ...symbols(), utility: (n: string) => (n === "potion" ? { refuse: "not modelled: the profile's potion x_2" } : undefined) };
    expect(() => compileRotation({ lists: { default: [{ cast: "potion" }] } }, refused, FILE)).toThrow(/the profile's potion x_2/);
    // potion.lights_potential is 1 for that potion (the condition folds away: the plain code), 0 otherwise (the line folds to nothing)
    const guarded = { lists: { default: [{ cast: "cobra_shot", if: "potion.lights_potential" }] } };
    expect([...compileRotation(guarded, { ...symbols(), potion: "lights_potential" }, FILE).code]).toEqual([...plain.code]);
    expect([...compileRotation(guarded, { ...symbols(), potion: "liquid_luster" }, FILE).code]).not.toEqual([...plain.code]);
  });

  it("a spec that has a spell of that name casts it", () => {
    const syms = { ...symbols(), spell: (n: string) => (n === "berserking" ? 40 : testSymbols().spell(n)) };
    const c = compileRotation({ lists: { default: [{ cast: "berserking" }] } }, syms, FILE);
    expect(c.spells).toEqual([40]);
  });
});

describe("line_cd through the engine", () => {
  let bundle: DataBundle;
  beforeAll(async () => {
    bundle = await loadDataBundle(path.resolve(__dirname, "../data"));
  });

  it("kill_command with line_cd=20 over 60 s: cast at 0, then at the first decision >= 20 s after each cast", async () => {
    // decisions every 0.1 s (the wait line) once the GCD is over; 20 s of focus regen pays for Kill Command
    const r = await simulate({ spec: "beast-mastery", bundle, duration: 60, varyLength: 0, iterations: 5, seed: 7, rotation: "actions=kill_command,line_cd=20\nactions+=/wait,sec=0.1" });
    expect(r.rotation).toMatchObject({ lines: 2, honoured: 2 });
    const kc = r.timeline!.casts.filter((c) => c.name === "kill_command").map((c) => c.t);
    expect(kc).toHaveLength(3);
    expect(kc[0]).toBe(0);
    for (const i of [1, 2]) {
      expect(kc[i]! - kc[i - 1]!).toBeGreaterThanOrEqual(20_000);
      expect(kc[i]! - kc[i - 1]!).toBeLessThan(20_100); // the first 0.1 s decision at or after 20 s
    }
    expect(r.spells.find((s) => s.name === "kill_command")!.casts).toBe(3);
  }, 60_000);
});
