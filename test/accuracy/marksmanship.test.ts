// Marksmanship Hunter: one hit per modelled damage spell, by hand from the 12.0.0.64228 dump
// (data/sources/12.0.0.64228/hunter.txt) and the default profile (data/specs/marksmanship/profile.json).
// Auto Shot rolls the weapon: not a case.
import { accuracySuite, type SpecAccuracy } from "./harness.js";

// Marksmanship Hunter 137016: #1 −4 % (all modelled shots), #10 +25 % (Arcane Shot).
const MM_PASSIVE = 1 - 4 / 100;
const ARCANE = 1 + 25 / 100;
// Eagle's Accuracy 473369 #1 +5 % (rank 2 of the MID1 build) on Aimed Shot and Rapid Fire.
const EAGLES_ACCURACY = 1 + 5 / 100;
// Precise Shots (260242 #1/#2, with Unmatched Precision; #4 with Headshot) raises the next Arcane Shot / Multi-Shot /
// Black Arrow, and Spotter's Mark (466872, on the target) the next Aimed Shot: hits inside those windows are skipped.
const MM: SpecAccuracy = {
  spec: "marksmanship",
  primaryStat: 1383, // agility = attack power
  versatilityRating: 197,
  masteryRating: 667,
  masteryCoefficient: 1.4, // Mastery: Sniper Training 193468 #2 SP Coefficient 1.4 (manifest mastery.effect 2)
  cases: [
    // Aimed Shot 19434 #1 School Damage (2): physical, AP Coefficient 7.5
    { name: "aimed_shot", periodic: false, power: "ap", coefficient: 7.5, physical: true, mastery: true, passives: [MM_PASSIVE, EAGLES_ACCURACY], skipWhile: ["spotters_mark"] },
    // Arcane Shot 185358 #1 School Damage (2): arcane, AP Coefficient 0.8624
    // The Dark Ranger list casts it only with Precise Shots up: 260242 #2 +100 % + Unmatched Precision 1232955 #2 (+20, rank 2)
    { name: "arcane_shot", periodic: false, power: "ap", coefficient: 0.8624, physical: false, mastery: true, passives: [MM_PASSIVE, ARCANE, 1 + (100 + 2 * 20) / 100] },
    // Rapid Fire 257044 → each shot 257045 #1 School Damage (2): physical, AP Coefficient 0.605 (channel ticks)
    { name: "rapid_fire", periodic: true, power: "ap", coefficient: 0.605, physical: true, mastery: true, passives: [MM_PASSIVE, EAGLES_ACCURACY] },
    // Black Arrow 466930 #1 School Damage (2): shadow, AP Coefficient 3.484; 137016 #1 −4 %, #8 +7 %, #12 +4 % (Black Arrow)
    // (Kill Shot left the default build: the Dark Ranger build's Black Arrow stands in for it)
    // The Dark Ranger list casts it only with Precise Shots up: 260242 #4 (0) + Headshot 471363 #1 (+25) + Unmatched
    // Precision 1232955 #3 (+20, rank 2) and #4 (+5)
    { name: "black_arrow", periodic: false, power: "ap", coefficient: 3.484, physical: false, mastery: true, passives: [MM_PASSIVE, 1 + 7 / 100, 1 + 4 / 100, 1 + (25 + 2 * 20 + 5) / 100] },
    // Black Arrow's DoT 468572 #1 Periodic Damage (3): shadow every 1 s, AP Coefficient 0.5; 137016 #13 +4 % (periodic)
    { name: "black_arrow_tick", periodic: true, power: "ap", coefficient: 0.5, physical: false, mastery: true, passives: [1 + 4 / 100] },
    // Wailing Arrow 392060 → its missile 392058 #1 School Damage (2): shadow, AP Coefficient 7; 137016 #1 −4 %
    { name: "wailing_arrow", periodic: false, power: "ap", coefficient: 7, physical: false, mastery: true, passives: [MM_PASSIVE] },
    // Steady Shot 56641 #1 School Damage (2): physical, AP Coefficient 0.8
    { name: "steady_shot", periodic: false, power: "ap", coefficient: 0.8, physical: true, mastery: true, passives: [MM_PASSIVE] },
  ],
};

accuracySuite("Marksmanship hits equal the hand computation from the client values", MM);
