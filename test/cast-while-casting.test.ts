// Cast while casting (assembly/engine/cast-while-casting.ts; docs/rotation.md "Cast while casting"):
// SimC's use_while_casting=1 on Fire's instant off-GCD spells during a Fireball cast bar. Decision points
// inside a bar: its start, right after each instant cast inside it, then every 100 ms before its end.
// The expected times are computed from the bar's own length F (read from a Fireball-only run).
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { simulate } from "../src/engine/simulate.js";
import { compileRotation } from "../src/rotation/compile.js";
import { OP } from "../src/rotation/bytecode.js";
import { testSymbols, SPELLS } from "./helpers/rotation-symbols.js";

let bundle: DataBundle;
beforeAll(async () => {
  bundle = await loadDataBundle(path.resolve(__dirname, "../data"));
});

const POLL_MS = 100;

// hand-timed cast times: the reaction model is off (its delays are tested in fights-reaction.test.ts)
const run = async (rotation: string, seed = 5) => {
  const r = await simulate({ spec: "fire", bundle, duration: 12, iterations: 1, seed, rotation, bloodlust: false, reaction: false });
  const casts = (name: string) => r.timeline!.casts.filter((c) => c.name === name);
  return { r, casts };
};

/** The Fireball cast bar (hasted 2.25 s) and its GCD-free chain: Fireball alone, cast back to back. */
async function fireballBar(): Promise<number> {
  const { casts } = await run("actions=fireball");
  const fb = casts("fireball");
  expect(fb.length).toBeGreaterThan(2);
  expect(fb[0]!.start).toBe(0);
  return fb[0]!.t - fb[0]!.start;
}

describe("use_while_casting", () => {
  it("fires at the start of a cast bar without ending it; without the option the line never fires", async () => {
    const F = await fireballBar();
    const rot = (opt: string) => `actions=combustion,use_off_gcd=1${opt},if=action.fireball.executing\nactions+=/fireball`;
    const plain = await run(rot(""));
    // at every ordinary decision no cast bar runs, so `action.fireball.executing` is 0
    expect(plain.casts("combustion")).toEqual([]);
    const cwc = await run(rot(",use_while_casting=1"));
    expect(cwc.r.rotation).toMatchObject({ honoured: 2 });
    expect(cwc.casts("combustion").map((c) => c.t)).toEqual([0]);
    // the Fireballs keep their own timing: bar after bar from 0
    expect(cwc.casts("fireball").slice(0, 3).map((c) => [c.start, c.t])).toEqual([
      [0, F],
      [F, 2 * F],
      [2 * F, 3 * F],
    ]);
  }, 60_000);

  it("a condition on execute_remains turns true at the first 100 ms poll inside the bar", async () => {
    const F = await fireballBar();
    const { casts } = await run("actions=combustion,use_off_gcd=1,use_while_casting=1,if=action.fireball.executing&action.fireball.execute_remains<0.5\nactions+=/fireball");
    // polls at k*100 ms from the bar start; the first with F - k*100 < 500
    const k = Math.floor((F - 500) / POLL_MS) + 1;
    expect(casts("combustion").map((c) => c.t)).toEqual([k * POLL_MS]);
    expect(F - k * POLL_MS).toBeLessThan(500);
    expect(F - (k - 1) * POLL_MS).toBeGreaterThanOrEqual(500);
  }, 60_000);

  it("decides again right after a cast inside the bar: two Fire Blast charges, 0.5 s apart (its own cooldown)", async () => {
    const F = await fireballBar();
    expect(F).toBeGreaterThan(500);
    const { casts } = await run("actions=fire_blast,use_off_gcd=1,use_while_casting=1,if=action.fireball.executing\nactions+=/fireball");
    // Flame On: 2 charges; the second waits for Fire Blast's 0.5 s own cooldown (the 100 ms polls: 500 exactly)
    expect(casts("fire_blast").slice(0, 2).map((c) => c.t)).toEqual([0, 500]);
    expect(casts("fireball")[0]).toMatchObject({ start: 0, t: F });
  }, 60_000);

  it("a spell on the GCD is never cast inside a bar (the game allows only instant off-GCD spells there)", async () => {
    const F = await fireballBar();
    const { casts } = await run("actions=arcane_intellect,use_off_gcd=1,use_while_casting=1,if=action.fireball.executing\nactions+=/fireball");
    expect(casts("arcane_intellect")).toEqual([]);
    expect(casts("fireball").slice(0, 2).map((c) => c.start)).toEqual([0, F]);
  }, 60_000);

  it("is deterministic: the same seed gives the same result", async () => {
    const text = "actions=fire_blast,use_off_gcd=1,use_while_casting=1,if=action.fireball.executing&action.fireball.execute_remains<1\nactions+=/combustion,use_off_gcd=1,use_while_casting=1,if=action.fireball.execute_remains<0.3\nactions+=/fireball";
    const a = await simulate({ spec: "fire", bundle, duration: 60, iterations: 20, seed: 9, rotation: text, bloodlust: false });
    const b = await simulate({ spec: "fire", bundle, duration: 60, iterations: 20, seed: 9, rotation: text, bloodlust: false });
    expect(b.dps).toEqual(a.dps);
    expect(JSON.stringify(b.spells)).toBe(JSON.stringify(a.spells));
  }, 60_000);

  it("compiles to OP.CASTW and flags the rotation; a rotation without the option is unchanged", () => {
    const c = compileRotation({ main: "default", lists: { default: [{ cast: "kill_command", use_while_casting: 1 }, { cast: "cobra_shot" }] } }, testSymbols(), "t.json");
    expect(c.whileCasting).toBe(true);
    expect([...c.code.slice(8, 10)]).toEqual([OP.CASTW, SPELLS.kill_command]);
    for (const options of [{ fast: true }, { scan: true }]) {
      const f = compileRotation({ main: "default", lists: { default: [{ cast: "kill_command", use_while_casting: 1 }, { cast: "cobra_shot" }] } }, testSymbols(), "t.json", options);
      expect([...f.code]).toContain(OP.CASTW);
    }
    const d = compileRotation({ main: "default", lists: { default: [{ cast: "kill_command" }, { cast: "cobra_shot" }] } }, testSymbols(), "t.json");
    expect(d.whileCasting).toBeUndefined();
    expect([...d.code.slice(8)]).not.toContain(OP.CASTW);
  });
});
