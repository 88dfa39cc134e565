// Fire Mage: one hit per modelled damage spell, by hand from the 12.0.0.64228 dump
// (data/sources/12.0.0.64228/mage.txt) and the default profile (data/profiles/fire.json).
import { expect, it } from "vitest";
import { accuracySuite, checkSpec, expectedHit, type SpecAccuracy } from "./harness.js";

// Fire Mage 137019 #1 "Add Percent Modifier (108): Spell Direct Amount (0)" Base Value 0: × 1.
const FIRE_MAGE = 1 + 0 / 100;
const FIRE: SpecAccuracy = {
  spec: "fire",
  primaryStat: 1735, // intellect = spell power
  versatilityRating: 59,
  masteryRating: 1081,
  masteryCoefficient: 0.42, // Mastery: Ignite 12846 #1 SP Coefficient 0.42 (feeds Ignite only: kind none)
  cases: [
    // Fireball 133 #1 School Damage (2): fire, SP Coefficient 4.5
    { name: "fireball", periodic: false, power: "sp", coefficient: 4.5, physical: false, mastery: false, passives: [FIRE_MAGE] },
    // Pyroblast 11366 #1 School Damage (2): fire, SP Coefficient 4.5975 (the Hot Streak! instant cast)
    { name: "pyroblast_hot_streak", periodic: false, power: "sp", coefficient: 4.5975, physical: false, mastery: false, passives: [FIRE_MAGE] },
    // Fire Blast 108853 #1 SP Coefficient 1.31538; always crits (Fire Blast 231568 #1 Spell Critical Chance +100)
    { name: "fire_blast", periodic: false, power: "sp", coefficient: 1.31538, physical: false, mastery: false, passives: [FIRE_MAGE], alwaysCrits: true },
  ],
};

accuracySuite("Fire Mage hits equal the hand computation from the client values", FIRE, (run) => {
  it("Fireball by hand: 4.5 × 1735 × (1 + 59/54 %) = 7892.8042", () => {
    expect(expectedHit(FIRE, FIRE.cases[0]!)).toBeCloseTo(4.5 * 1735 * (1 + 59 / 54 / 100), 9);
    expect(expectedHit(FIRE, FIRE.cases[0]!)).toBeCloseTo(7892.8042, 3);
  });
  it("the check notices a coefficient off by one part in a million", () => {
    const off = { ...FIRE, cases: [{ ...FIRE.cases[0]!, coefficient: 4.5 * 1.000001 }] };
    expect(() => checkSpec(run(), off)).toThrow(/fireball: engine/);
  });
});
