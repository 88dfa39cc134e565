// Frost Mage: one hit per modelled damage spell, by hand from the 12.0.0.64228 dump
// (data/sources/12.0.0.64228/mage-frost.txt) and the default profile (data/specs/frost-mage/profile.json).
import { expect, it } from "vitest";
import { accuracySuite, checkSpec, expectedHit, type SpecAccuracy } from "./harness.js";

// Frost Mage 137020 #1 "Add Percent Modifier (108): Spell Direct Amount (0)" Base Value 7 (#2 periodic: 7).
const FROST_MAGE = 1 + 7 / 100;
// Rimecaster 1247743 #1 Base Value 15 on Frostbolt 228597 / Glacial Spike 228600 (rank 1 of 2 in the build).
const RIMECASTER = 1 + 15 / 100;
// Glacial Attunement 1247759 #1 Base Value 10 x rank 2 (Effect#1 [op=mul, values=(1, 2)]) on Ice Lance / Flurry.
const GLACIAL_ATTUNEMENT = 1 + (10 * 2) / 100;
// Winter's Whisper 1247769 #2 Base Value 8 on Ice Lance 228598.
const WINTERS_WHISPER = 1 + 8 / 100;
// Frigid Focus 1247055 #1 "Spell Periodic Amount" Base Value 30 on Ray of Frost 205021.
const FRIGID_FOCUS = 1 + 30 / 100;
// The APL's precombat Arcane Intellect: 1459 #1 Int +3 %, spell power 1666 x 1.03 (nothing else scales intellect).
const ARCANE_INTELLECT = 1 + 3 / 100;
const FROST: SpecAccuracy = {
  spec: "frost-mage",
  primaryStat: 1666, // intellect = spell power
  versatilityRating: 0,
  masteryRating: 951,
  masteryCoefficient: 1.6, // Mastery: Freeze and Shatter 1246752 #1 / #2 SP Coefficient 1.6 (every modelled spell listed)
  cases: [
    // Frostbolt 116 -> 228597 #1 School Damage (2): frost, SP Coefficient 1.6
    { name: "frostbolt", periodic: false, power: "sp", coefficient: 1.6, physical: false, mastery: true, passives: [FROST_MAGE, RIMECASTER, ARCANE_INTELLECT] },
    // Ice Lance 228598 #1 SP Coefficient 0.9801
    { name: "ice_lance", periodic: false, power: "sp", coefficient: 0.9801, physical: false, mastery: true, passives: [FROST_MAGE, GLACIAL_ATTUNEMENT, WINTERS_WHISPER, ARCANE_INTELLECT] },
    // Glacial Spike 228600 #1 SP Coefficient 6.54
    { name: "glacial_spike", periodic: false, power: "sp", coefficient: 6.54, physical: false, mastery: true, passives: [FROST_MAGE, RIMECASTER, ARCANE_INTELLECT] },
    // Flurry 228354 #1 SP Coefficient 1.4 per hit; Brain Freeze (190446 #2 +50 %) hits skipped
    { name: "flurry", periodic: false, power: "sp", coefficient: 1.4, physical: false, mastery: true, passives: [FROST_MAGE, GLACIAL_ATTUNEMENT, ARCANE_INTELLECT], skipWhile: ["brain_freeze"] },
    // Ray of Frost 205021 #1 Periodic Damage every 0.5 s, SP Coefficient 3 per tick (137020 #2 +7 %, Frigid Focus)
    { name: "ray_of_frost", periodic: true, power: "sp", coefficient: 3, physical: false, mastery: true, passives: [FROST_MAGE, FRIGID_FOCUS, ARCANE_INTELLECT] },
    // Water Elemental's Waterbolt 31707 #1 SP Coefficient 0.687, scaling with the mage's spell power (no mastery; the
    // +7 % pet damage of 137020 #3 is not modelled). The first clean hit is the elemental's first Waterbolt at t = 0,
    // before the precombat Arcane Intellect of the same instant: spell power 1666 without the +3 %.
    { name: "waterbolt", periodic: false, pet: true, power: "sp", coefficient: 0.687, physical: false, mastery: false },
    // Frozen Orb 84721 #1 SP Coefficient 0.528 per hit (the aura's ticks)
    { name: "frozen_orb_tick", periodic: true, power: "sp", coefficient: 0.528, physical: false, mastery: true, passives: [FROST_MAGE, ARCANE_INTELLECT] },
  ],
};

accuracySuite("Frost Mage hits equal the hand computation from the client values", FROST, (run) => {
  it("Frostbolt by hand: 1.6 × 1666 × 1.03 × 1.07 × 1.15 × (1 + 951/46 × 1.6 %)", () => {
    expect(expectedHit(FROST, FROST.cases[0]!)).toBeCloseTo(1.6 * 1666 * 1.03 * 1.07 * 1.15 * (1 + (951 / 46) * 1.6 / 100), 9);
  });
  it("the check notices a coefficient off by one part in a million", () => {
    const off = { ...FROST, cases: [{ ...FROST.cases[1]!, coefficient: 0.9801 * 1.000001 }] };
    expect(() => checkSpec(run(), off)).toThrow(/ice_lance: engine/);
  });
});
