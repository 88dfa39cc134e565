// Consumables and racials (docs/consumables.md): the combat potion Light's Potential (1236616) and the
// orc racial Blood Fury (20572 / 33702) from the 12.0.0.64228 spell dump, the run options that turn them
// off, and the SimC APL lines that name them.
//
// Hand computation: Fire's direct damage is spell power x coefficient (x crit, mastery, Ignite: all
// proportional to the hit), and the engine's spell power is the primary stat (intellect 1735 in the
// default profile). A flat +X primary stat for the whole window therefore scales every hit by
// (1735 + X) / 1735; with the same seed the crit rolls are the same, so the total damage does too.
//   potion:     (1735 + 473.1867) / 1735 = 1.272730...  (30 s buff, 25 s fight)
//   blood fury: (1735 + 168.6062) / 1735 = 1.097179...  (15 s buff, 14 s fight)
import { describe, expect, it } from "vitest";
import { prepareSimulation, simulate } from "../src/index.js";
import { applyConsumables, potionToken } from "../src/engine/consumables.js";
import { parseProfile } from "../src/engine/profile.js";

const fireballs = (first: string[]) => ({ lists: { default: [...first.map((c) => ({ cast: c })), { cast: "fireball" }] } });
// The bare profile (no flask, food or rune: docs/consumables.md "Flask, food, augment rune"), so spell power is 1735.
const bare = { flask: "none", food: "none", augmentRune: "none" };
const fire = (duration: number, first: string[], extra: Record<string, unknown> = {}) =>
  simulate({ spec: "fire", iterations: 1, seed: 7, duration, timeline: false, rotation: fireballs(first), ...bare, ...extra });

describe("the combat potion (Light's Potential, 1236616)", () => {
  it("resolves from the dump: +473.1867 primary stat for 30 s, off the GCD, once per fight", async () => {
    const prep = await prepareSimulation({ spec: "fire", iterations: 1 });
    const aura = prep.spec.auras.find((a) => a.name === "lights_potential")!;
    expect(aura.id).toBe(1236616);
    expect(aura.durationMs).toBe(30_000);
    expect(aura.effects).toEqual([expect.objectContaining({ type: "primary_stat", value: 473.1867 })]);
    const potion = prep.spec.spells.find((s) => s.name === "potion")!;
    expect(potion.recoveryMs).toBe(86_400_000);
    expect(potion.startRecoveryMs).toBe(0);
  });

  it("scales every hit inside its 30 s by (1735 + 473.1867) / 1735", async () => {
    const on = await fire(25, ["potion"]);
    const off = await fire(25, []);
    expect(on.spells.find((s) => s.name === "potion")!.casts).toBe(1);
    expect(on.stats.spellPower).toBe(1735);
    expect(on.damage.total / off.damage.total).toBeCloseTo((1735 + 473.1867) / 1735, 5);
  });

  it("is drunk once per fight: not again after its 300 s category cooldown (the in-combat cooldown lasts the fight)", async () => {
    const r = await fire(420, ["potion"]);
    expect(r.spells.find((s) => s.name === "potion")!.casts).toBe(1);
  });

  it("potion: false drinks none (the line folds away) and the result says so", async () => {
    const r = await fire(25, ["potion"], { potion: false });
    expect(r.spells.find((s) => s.name === "potion")?.casts ?? 0).toBe(0);
    expect(r.consumables.potion).toBeNull();
    const on = await fire(25, ["potion"]);
    expect(on.consumables).toMatchObject({ potion: "lights_potential_2", potionModelled: true });
  });

  it("rejects a non-boolean potion option and a malformed profile potion", async () => {
    await expect(fire(25, [], { potion: "no" })).rejects.toThrow(/potion/);
    expect(() => parseProfile({ spec: "fire", level: 90, potion: "Light's Potential", primary_stat: 1, ratings: { crit: 0, haste: 0, mastery: 0, versatility: 0 }, weapon: { speed_ms: 2000, min_damage: 1, max_damage: 1 } }, "p.json")).toThrow(/potion/);
  });

  it("potion.X is the profile's potion without its quality suffix", () => {
    expect(potionToken("lights_potential_2")).toBe("lights_potential");
    expect(potionToken("potion_of_recklessness")).toBe("potion_of_recklessness");
  });
});

describe("racials (Blood Fury)", () => {
  it("an orc mage casts the intellect variant 33702: every hit of its 15 s x (1735 + 168.6062) / 1735", async () => {
    const on = await fire(14, ["blood_fury"]);
    const off = await fire(14, []);
    expect(on.spells.find((s) => s.name === "blood_fury")).toMatchObject({ id: 33702, casts: 1 });
    expect(on.damage.total / off.damage.total).toBeCloseTo((1735 + 168.6062) / 1735, 5);
    expect(on.consumables).toMatchObject({ race: "orc", racials: ["blood_fury"] });
  });

  it("an orc hunter / rogue gets the attack-power variant 20572 (+168.6061 for 15 s, 120 s cooldown)", async () => {
    const prep = await prepareSimulation({ spec: "assassination", iterations: 1 });
    const bf = prep.spec.spells.find((s) => s.name === "blood_fury")!;
    expect(bf.id).toBe(20572);
    expect(bf.recoveryMs).toBe(120_000);
    expect(prep.spec.auras.some((a) => a.name === "blood_fury_intellect")).toBe(false);
    expect(prep.spec.auras.find((a) => a.name === "blood_fury")).toMatchObject({ durationMs: 15_000, effects: [expect.objectContaining({ value: 168.6061 })] });
  });

  it("another race has no racial: the spell is gone and the APL line never fires", async () => {
    const prep = await prepareSimulation({ spec: "affliction", iterations: 1, preferRotation: "simc" });
    expect(prep.consumables.race).toBe("pandaren");
    expect(prep.spec.spells.some((s) => s.name.startsWith("blood_fury"))).toBe(false);
    // their buffs go with them (SimC has no such buff on the character either)
    expect(prep.spec.auras.some((a) => a.name.startsWith("blood_fury"))).toBe(false);
    expect(prep.spec.auras.some((a) => a.name === "lights_potential")).toBe(true);
    expect(prep.rotation.ignoredLines.some((l) => /blood_fury|berserking|fireblood|ancestral_call/.test(l.text))).toBe(false);
  });

  it("racials: false removes the profile race's racial; the line is honoured and never fires", async () => {
    const r = await fire(14, ["blood_fury"], { racials: false });
    expect(r.spells.find((s) => s.name === "blood_fury")?.casts ?? 0).toBe(0);
    expect(r.consumables.racials).toEqual([]);
  });

  it("the profile race's racial without a variant for the class is listed as not modelled", async () => {
    const prep = await prepareSimulation({ spec: "fire", iterations: 1 });
    const profile = { ...parseProfile({ spec: "fire", level: 90, race: "orc", primary_stat: 1, ratings: { crit: 0, haste: 0, mastery: 0, versatility: 0 }, weapon: { speed_ms: 2000, min_damage: 0, max_damage: 0 } }, "p.json") };
    const applied = applyConsumables(prep.spec, profile, "Druid");
    expect(applied.utility("blood_fury")).toEqual({ refuse: expect.stringMatching(/not modelled: blood_fury of a orc Druid/) });
    expect(applied.report.notModelled).toHaveLength(1);
  });
});

describe("every spec's SimC APL: potion and racial lines", () => {
  // The potion line of each APL (grep -n potion data/specs/*/rotation.simc). Arms' profile potion,
  // Potion of Recklessness, is listed until it is modelled.
  // BM's line 15 is its precombat pre-potion (if=potion.liquid_luster: never with Light's Potential).
  const potionLines: Record<string, number[]> = { affliction: [112], assassination: [84], "beast-mastery": [15, 32], fire: [41], marksmanship: [34] };
  for (const [spec, lines] of Object.entries(potionLines)) {
    it(`${spec}: the potion line(s) ${lines.join(", ")} honoured; no racial line is ignored`, async () => {
      const prep = await prepareSimulation({ spec, iterations: 1, preferRotation: "simc" });
      expect(prep.rotation.ignoredLines.filter((l) => lines.includes(l.line))).toEqual([]);
      expect(prep.rotation.ignoredLines.filter((l) => /^(potion|blood_fury|berserking|fireblood|ancestral_call|arcane_torrent|lights_judgment|bag_of_tricks)\b/.test(l.text))).toEqual([]);
    });
  }
  it("arms: the potion line names the profile's unmodelled potion", async () => {
    const prep = await prepareSimulation({ spec: "arms", iterations: 1, preferRotation: "simc" });
    const l = prep.rotation.ignoredLines.find((x) => x.line === 31)!;
    expect(l.reason).toMatch(/potion_of_recklessness_2/);
  });
});
