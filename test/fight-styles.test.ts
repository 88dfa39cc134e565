// Fight styles and raid buffs (docs/fights.md "Fight styles", "Raid buffs").
//
// Hand computation, movement: Fire's Fireball has a 2.25 s cast (12.0.0.64228 dump), hasted by the
// default profile's 30.593... % haste: round(2250 / 1.30593) = 1723 ms. Windows every 5 s from 1 s,
// 7 yards at 7 yd/s = 1 s long: [1, 2), [6, 7) s. The Fireball started at 0 would end at 1.723 s: the
// window at 1 s interrupts it, none can start until 2 s; then 2.000 -> 3.723, 3.723 -> 5.446; the one
// started at 5.446 (end 7.169) is interrupted at 6 s; the one started at 7 s would end after the 8 s fight.
//
// Raid buffs: Battle Shout 6673 #1 base 5 (+5 % attack power), Mark of the Wild 1126 #1 base 3
// (+3 versatility points), Arcane Intellect 1459 #1 base 3 (+3 % intellect = spell power), Chaos Brand
// 1490 #1 base 3 (magic damage taken, mask 0x7e), Mystic Touch +5 % physical (estimated).
import { describe, expect, it } from "vitest";
import { simulate } from "../src/index.js";
import { foldDamageTaken } from "../src/engine/raid-buffs.js";
import type { DamageEntry } from "../src/engine/image.js";

const fireballs = { lists: { default: [{ cast: "fireball" }] } };
const fire = (extra: Record<string, unknown>) =>
  simulate({ spec: "fire", iterations: 1, seed: 7, duration: 8, varyLength: 0, bloodlust: false, potion: false, racials: false, rotation: fireballs, ...extra });

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
    expect(r.fight.style).toBe("patchwerk");
    expect(r.timeline!.casts.map((c) => c.start)).toEqual([0, 1723, 3446, 5169]);
  });

  it("defaults to SimC LightMovement's means: first 15 s, every 40 s, 15 yd = 2.143 s", async () => {
    const r = await fire({ fightStyle: "movement", duration: 20 });
    expect(r.fight.movement).toEqual({ first: 15, period: 40, duration: 2.143, distance: 15 });
  });

  it("rejects what it cannot honour, naming the field", async () => {
    await expect(fire({ fightStyle: "adds" })).rejects.toThrow(/fightStyle: "adds".*not modelled/);
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

describe("raid buffs (SimC optimal_raid)", () => {
  const bm = (raidBuffs?: boolean) => simulate({ spec: "beast-mastery", iterations: 20, seed: 3, duration: 30, timeline: false, ...(raidBuffs === undefined ? {} : { raidBuffs }) });

  it("Battle Shout x 1.05 attack power, Mark of the Wild +3 versatility; Arcane Intellect does nothing for agility", async () => {
    const on = await bm(true);
    const off = await bm(false);
    expect(on.stats.attackPower).toBeCloseTo(off.stats.attackPower * 1.05, 9);
    expect(on.stats.versatility).toBeCloseTo(off.stats.versatility + 3, 9);
    expect(on.stats.spellPower).toBe(off.stats.spellPower);
    const byToken = Object.fromEntries(on.raidBuffs.applied.map((a) => [a.token, a]));
    expect(byToken["battle_shout"]).toMatchObject({ spellId: 6673, value: 5, origin: "dump" });
    expect(byToken["mark_of_the_wild"]).toMatchObject({ spellId: 1126, value: 3, origin: "dump" });
    expect(byToken["chaos_brand"]).toMatchObject({ spellId: 1490, value: 3, origin: "dump" });
    expect(byToken["mystic_touch"]).toMatchObject({ value: 5, origin: "estimated" });
    expect(byToken["arcane_intellect"]!.skipped).toMatch(/intellect/);
    expect(on.dps.mean).toBeGreaterThan(off.dps.mean);
  });

  it("off by default: byte-identical to raidBuffs false", async () => {
    const d = await bm();
    const off = await bm(false);
    expect(d.raidBuffs.enabled).toBe(false);
    expect(d.dps).toEqual(off.dps);
    expect(d.damage).toEqual(off.damage);
  });

  it("Arcane Intellect: x 1.03 spell power for a warlock, not stacked on a mage's own buff", async () => {
    const aff = (raidBuffs: boolean) => simulate({ spec: "affliction", iterations: 1, duration: 5, timeline: false, raidBuffs });
    expect((await aff(true)).stats.spellPower).toBeCloseTo((await aff(false)).stats.spellPower * 1.03, 9);
    const mage = await fire({ raidBuffs: true });
    expect(mage.stats.spellPower).toBe((await fire({})).stats.spellPower);
    expect(mage.raidBuffs.applied.find((a) => a.token === "arcane_intellect")!.skipped).toMatch(/own Arcane Intellect/);
  });

  it("damage taken folds into every entry whose school meets the debuff's mask", () => {
    const e = (school: number): DamageEntry => ({ spell: 0, kind: "ap", base: 10, coefficient: 2, weaponMultiplier: 1, school });
    const d = [e(1), e(4), e(33), e(129), e(0)];
    foldDamageTaken(d, [{ schools: 0x7e, pct: 3 }, { schools: 0x01, pct: 5 }]);
    expect(d.map((x) => x.coefficient)).toEqual([2 * 1.05, 2 * 1.03, 2 * 1.03 * 1.05, 2 * 1.05, 2]);
    expect(d[0]!.base).toBeCloseTo(10.5, 12);
    expect(d[0]!.weaponMultiplier).toBeCloseTo(1.05, 12);
  });
});
