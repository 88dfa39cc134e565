// Affliction Warlock: one hit per modelled damage spell, by hand from the 12.0.0.64228 dump
// (data/sources/12.0.0.64228/warlock.txt) and the default profile (data/profiles/affliction.json).
import { accuracySuite, type SpecAccuracy } from "./harness.js";

// Affliction Warlock 137043: #1 direct / #2 periodic Base Value 0 (× 1); #7 Corruption hit and #8 its
// ticks Base Value 13 (× 1.13).
const PERIODIC = 1 + 0 / 100;
const CORRUPTION = 1 + 13 / 100;
const AFFLICTION: SpecAccuracy = {
  spec: "affliction",
  primaryStat: 1670, // intellect = spell power
  versatilityRating: 237,
  masteryRating: 301,
  masteryCoefficient: 2.5, // Mastery: Potent Afflictions 77215 #1 SP Coefficient 2.5 (modelled uniform)
  cases: [
    // 980 #1 Periodic Damage every 2 seconds, SP Coefficient 0.090452 per stack, "Stacks : 8 maximum":
    // modelled at the full 8-stack ramp (docs/specs/affliction.md)
    { name: "agony_tick", periodic: true, power: "sp", coefficient: 0.090452 * 8, physical: false, mastery: true, passives: [PERIODIC] },
    // 172 #3 School Damage (2): shadow, SP Coefficient 0.1725
    { name: "corruption", periodic: false, power: "sp", coefficient: 0.1725, physical: false, mastery: true, passives: [CORRUPTION] },
    // 146739 #1 Periodic Damage every 2 seconds, SP Coefficient 0.1625
    { name: "corruption_tick", periodic: true, power: "sp", coefficient: 0.1625, physical: false, mastery: true, passives: [PERIODIC, CORRUPTION] },
    // 316099 #2 Periodic Damage every 2 seconds, SP Coefficient 1.16854
    { name: "unstable_affliction_tick", periodic: true, power: "sp", coefficient: 1.16854, physical: false, mastery: true, passives: [PERIODIC] },
    // 324540 #1 School Damage (2): shadowflame, SP Coefficient 0.459196 (one hit per active DoT)
    { name: "malefic_rapture", periodic: false, power: "sp", coefficient: 0.459196, physical: false, mastery: true },
    // 198590 #1 Periodic Damage every 1 seconds (channel), SP Coefficient 0.696096
    { name: "drain_soul", periodic: true, power: "sp", coefficient: 0.696096, physical: false, mastery: true, passives: [PERIODIC] },
  ],
};

accuracySuite("Affliction Warlock hits equal the hand computation from the client values", AFFLICTION);
