// Fight styles patchwerk, multi and movement (docs/fights.md "Fight styles"); adds: test/fight-adds.test.ts.
//
// Hand computation, movement: Fire's Fireball has a 2.25 s cast (12.0.0.64228 dump), hasted by the
// default profile's 30.593... % haste: round(2250 / 1.30593) = 1723 ms. Windows every 5 s from 1 s,
// 7 yards at 7 yd/s = 1 s long: [1, 2), [6, 7) s. The Fireball started at 0 would end at 1.723 s: the
// window at 1 s interrupts it, none can start until 2 s; then 2.000 -> 3.723, 3.723 -> 5.446; the one
// started at 5.446 (end 7.169) is interrupted at 6 s; the one started at 7 s would end after the 8 s fight.
import { describe, expect, it } from "vitest";
import { simulate } from "../src/index.js";

const fireballs = { lists: { default: [{ cast: "fireball" }] } };
const fire = (extra: Record<string, unknown>) =>
  simulate({ spec: "fire", iterations: 1, seed: 7, duration: 8, varyLength: 0, bloodlust: false, potion: false, racials: false, flask: "none", food: "none", augmentRune: "none", reaction: false, rotation: fireballs, ...extra });

describe("fight style movement", () => {
  it("a window blocks and interrupts Fireball's cast bar: cast starts 2.000 and 3.723 s, completions 3.723 and 5.446 s", async () => {
    const r = await fire({ fightStyle: "movement", movement: { first: 1, period: 5, distance: 7 } });
    expect(r.fight.movement).toEqual({ first: 1, period: 5, duration: 1, distance: 7 });
    expect(r.timeline!.casts.map((c) => [c.name, c.start, c.t])).toEqual([
      ["fireball", 2000, 3723],
      ["fireball", 3723, 5446],
    ]);
  });

  it("without movement the same Fireballs start every 1.723 s from 0", async () => {
    const r = await fire({});
    expect(r.fight.style).toBeUndefined(); // patchwerk: result.fight as before the fight styles
    expect(r.timeline!.casts.map((c) => c.start)).toEqual([0, 1723, 3446, 5169]);
  });

  it("with the reaction model on, the cast moving refused waits for the idle player's next poll after the window", async () => {
    // the player is idle from the GCD end after the interruption (1 s) until the window ends at 2 s; the
    // wake is then delayed by the poll phase u x N(100 ms, 10 ms) (reaction.ts), so the cast starts in [2000, 2200)
    const r = await fire({ reaction: undefined, fightStyle: "movement", movement: { first: 1, period: 5, distance: 7 } });
    const starts = r.timeline!.casts.map((c) => c.start);
    expect(starts[0]).toBeGreaterThanOrEqual(2000);
    expect(starts[0]).toBeLessThan(2200);
  });

  it("explicit patchwerk and multi give the same bytes as the default run", async () => {
    const strip = (x: Awaited<ReturnType<typeof fire>>) => JSON.stringify({ ...x, elapsedMs: 0 });
    expect(strip(await fire({ fightStyle: "patchwerk" }))).toBe(strip(await fire({})));
    expect(strip(await fire({ fightStyle: "multi", targets: 3 }))).toBe(strip(await fire({ targets: 3 })));
  });

  it("defaults to SimC LightMovement's means: first 15 s, every 40 s, 15 yd = 2.143 s", async () => {
    const r = await fire({ fightStyle: "movement", duration: 20 });
    expect(r.fight.movement).toEqual({ first: 15, period: 40, duration: 2.143, distance: 15 });
  });

  it("rejects what it cannot honour, naming the field", async () => {
    await expect(fire({ fightStyle: "patchwerk", targets: 3 })).rejects.toThrow(/targets: fightStyle "patchwerk" fights one target/);
    await expect(fire({ fightStyle: "bogus" })).rejects.toThrow(/fightStyle: expected one of/);
    await expect(fire({ fightStyle: "movement", movement: { period: 1, distance: 14 } })).rejects.toThrow(/shorter than the period/);
    await expect(fire({ movement: { first: 3 } })).rejects.toThrow(/movement: only with fightStyle "movement"/);
  });

  it("multi is today's --targets N (default 5)", async () => {
    const r = await fire({ fightStyle: "multi" });
    expect(r.targets).toBe(5);
  });
});
