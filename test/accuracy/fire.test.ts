// Fire Mage: one hit per modelled damage spell, by hand from the 12.0.0.64228 dump
// (data/sources/12.0.0.64228/mage.txt) and the default profile (data/specs/fire/profile.json).
import { expect, it } from "vitest";
import { accuracySuite, checkSpec, expectedHit, type SpecAccuracy } from "./harness.js";

// Fire Mage 137019 #1 "Add Percent Modifier (108): Spell Direct Amount (0)" Base Value 0: × 1.
const FIRE_MAGE = 1 + 0 / 100;
// Mote of Flame 343230 #1 "Modify Damage Done% (79)" Base Value 3, Misc Value 0x4 (Fire): × 1.03 (default build).
const MOTE_OF_FLAME = 1 + 3 / 100;
// Wildfire 1254828 (rank 2 in the default build): Fire Blast damage +10 % per rank: × 1.20.
const WILDFIRE = 1 + (2 * 10) / 100;
// The default APL's precombat casts Arcane Intellect: 1459 #1 "Modify Total Stat% (137)" Int, Base Value 3, up all
// fight: spell power 1735 x 1.03 (nothing else scales intellect here), so every hit x 1.03.
const ARCANE_INTELLECT = 1 + 3 / 100;
const FIRE: SpecAccuracy = {
  spec: "fire",
  primaryStat: 1735, // intellect = spell power
  versatilityRating: 59,
  masteryRating: 1081,
  masteryCoefficient: 0.42, // Mastery: Ignite 12846 #1 SP Coefficient 0.42 (feeds Ignite only: kind none)
  cases: [
    // Fireball 133 #1 School Damage (2): fire, SP Coefficient 4.5
    { name: "fireball", periodic: false, power: "sp", coefficient: 4.5, physical: false, mastery: false, passives: [FIRE_MAGE, MOTE_OF_FLAME, ARCANE_INTELLECT] },
    // Pyroblast 11366 #1 School Damage (2): fire, SP Coefficient 4.5975 (the Hot Streak! instant cast)
    { name: "pyroblast", periodic: false, power: "sp", coefficient: 4.5975, physical: false, mastery: false, passives: [FIRE_MAGE, MOTE_OF_FLAME, ARCANE_INTELLECT] },
    // Fire Blast 108853 #1 SP Coefficient 1.31538; always crits (Fire Blast 231568 #1 Spell Critical Chance +100)
    { name: "fire_blast", periodic: false, power: "sp", coefficient: 1.31538, physical: false, mastery: false, passives: [FIRE_MAGE, MOTE_OF_FLAME, ARCANE_INTELLECT, WILDFIRE], alwaysCrits: true },
  ],
};

accuracySuite("Fire Mage hits equal the hand computation from the client values", FIRE, (run) => {
  it("Fireball by hand: 4.5 × 1735 × 1.03 (Arcane Intellect) × (1 + 59/54 %) × 1.03 = 8373.4759", () => {
    expect(expectedHit(FIRE, FIRE.cases[0]!)).toBeCloseTo(4.5 * 1735 * 1.03 * (1 + 59 / 54 / 100) * 1.03, 9);
    expect(expectedHit(FIRE, FIRE.cases[0]!)).toBeCloseTo(8373.4759, 3);
  });
  it("the check notices a coefficient off by one part in a million", () => {
    const off = { ...FIRE, cases: [{ ...FIRE.cases[0]!, coefficient: 4.5 * 1.000001 }] };
    expect(() => checkSpec(run(), off)).toThrow(/fireball: engine/);
  });
});
