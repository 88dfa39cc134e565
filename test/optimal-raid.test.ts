// Raid buffs of SimC's optimal_raid (docs/consumables.md "Raid buffs"; src/engine/raid-buffs.ts).
//
// Values (12.0.0.64228 dump blocks kept in data/sources): Battle Shout 6673 #1 base 5 (+5 % attack power),
// Mark of the Wild 1126 #1 base 3 (+3 versatility points), Arcane Intellect 1459 #1 base 3 (+3 %
// intellect = spell power), Chaos Brand 1490 #1 base 3 (magic damage taken, mask 0x7e), Mystic Touch
// +5 % physical damage taken (estimated: its block is not kept).
//
// Hand computation, Fire (all its damage is Fire school, bit 0x04): a mage casts its own Arcane
// Intellect, so the raid's changes nothing; versatility 59 / 54 = 1.092593 % gains 3 points; Chaos Brand
// x 1.03. Every hit: 1.03 x (1 + 4.092593 / 100) / (1 + 1.092593 / 100) = 1.060566 (same seed: same rolls).
import { describe, expect, it } from "vitest";
import { simulate } from "../src/index.js";
import { foldDamageTaken } from "../src/engine/raid-buffs.js";
import type { DamageEntry } from "../src/engine/image.js";

const bare = { flask: "none", food: "none", augmentRune: "none" };
const fireballs = { lists: { default: [{ cast: "fireball" }] } };
const fire = (extra: Record<string, unknown>) =>
  simulate({ spec: "fire", iterations: 1, seed: 7, duration: 20, timeline: false, reaction: false, potion: false, racials: false, rotation: fireballs, ...bare, ...extra });

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
    expect(JSON.stringify({ ...d, elapsedMs: 0 })).toBe(JSON.stringify({ ...off, elapsedMs: 0 }));
  });

  it("Fire: every hit x 1.03 (Chaos Brand) x (1 + 4.092593 %) / (1 + 1.092593 %) (Mark of the Wild); its own Arcane Intellect", async () => {
    const off = await fire({});
    const on = await fire({ raidBuffs: true });
    expect(on.stats.spellPower).toBe(off.stats.spellPower);
    expect(on.stats.versatility).toBeCloseTo(59 / 54 + 3, 9);
    expect(on.damage.total / off.damage.total).toBeCloseTo((1.03 * (1 + (59 / 54 + 3) / 100)) / (1 + 59 / 54 / 100), 6);
    expect(on.raidBuffs.applied.find((a) => a.token === "arcane_intellect")!.skipped).toMatch(/own Arcane Intellect/);
  });

  it("Arcane Intellect: x 1.03 spell power for a warlock", async () => {
    const aff = (raidBuffs: boolean) => simulate({ spec: "affliction", iterations: 1, duration: 5, timeline: false, raidBuffs });
    expect((await aff(true)).stats.spellPower).toBeCloseTo((await aff(false)).stats.spellPower * 1.03, 9);
  });

  it("rejects a non-boolean raidBuffs", async () => {
    await expect(fire({ raidBuffs: "yes" })).rejects.toThrow(/config\.raidBuffs must be a boolean, got "yes"/);
  });

  it("damage taken folds into every entry whose school meets the debuff's mask", () => {
    const e = (school: number): DamageEntry => ({ spell: 0, kind: "ap", base: 10, coefficient: 2, weaponMultiplier: 1, school });
    const d = [e(1), e(4), e(33), e(129), e(0)];
    foldDamageTaken(d, [{ schools: 0x7e, pct: 3 }, { schools: 0x01, pct: 5 }]);
    // 1 physical; 4 fire; 33 = physical + shadow; 129 = physical + bit 0x80 (outside the magic mask); 0 none
    expect(d.map((x) => x.coefficient)).toEqual([2 * 1.05, 2 * 1.03, 2 * 1.03 * 1.05, 2 * 1.05, 2]);
    expect(d[0]!.base).toBeCloseTo(10.5, 12);
    expect(d[0]!.weaponMultiplier).toBeCloseTo(1.05, 12);
  });
});
