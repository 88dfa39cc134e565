// Outlaw Rogue: one hit per modelled damage spell, by hand from the 12.0.0.64228 dump
// (data/sources/12.0.0.64228/rogue-outlaw.txt) and the default profile (data/specs/outlaw/profile.json).
// Dispatch and Between the Eyes are left out (the timeline does not say how many combo points a cast spent), and
// Pistol Shot (the APL casts it only with Opportunity up, which doubles it). Hits are taken outside the windows
// that multiply them: Between the Eyes (315341 #2: all damage +4 %) and Jackpot tier 2 (1214937 #3: Sinister
// Strike +15 %).
import { accuracySuite, pct, L90, type SpecAccuracy } from "./harness.js";

// Outlaw Rogue 137036 #1: Spell Direct Amount +20 (Sinister Strike 193315 / 197834, Blade Rush 271881, Main Gauche 86392)
const DIRECT = 1 + 20 / 100;
const MASTERY_RATING = 273;
// Main Gauche 86392 #1 AP Coefficient 0.001, plus 76806 #2 (Add Flat Modifier: Spell Coefficient, SP Coefficient
// 0.0523) per mastery point: the engine's mastery points are rating / 46 (level 90), as for every spec's mastery
const MAIN_GAUCHE = 0.001 + 0.0523 * pct(MASTERY_RATING, L90.mastery);
const BTE = ["between_the_eyes"];
const OUTLAW: SpecAccuracy = {
  spec: "outlaw",
  primaryStat: 1234, // agility = attack power
  versatilityRating: 353,
  masteryRating: MASTERY_RATING,
  masteryCoefficient: 1.8, // Mastery: Main Gauche 76806 #1 SP Coefficient 1.8 (multiplies nothing: kind none)
  cases: [
    // Sinister Strike 193315 #1 School Damage (2): physical, AP Coefficient 0.88
    { name: "sinister_strike", periodic: false, power: "ap", coefficient: 0.88, physical: true, mastery: false, passives: [DIRECT], skipWhile: [...BTE, "rtb_combo"] },
    // its second strike (Opportunity 279876): 197834 #1 AP Coefficient 0.88
    { name: "damage_197834", periodic: false, power: "ap", coefficient: 0.88, physical: true, mastery: false, passives: [DIRECT], skipWhile: [...BTE, "rtb_combo"] },
    // Blade Rush 271881 #1 AP Coefficient 2.7, x 200 % on the primary target (#2 Base Value 200)
    { name: "damage_271881", periodic: false, power: "ap", coefficient: 2.7 * 2, physical: true, mastery: false, passives: [DIRECT], skipWhile: BTE },
    // Main Gauche 86392: 0.001 + 0.0523 x mastery points
    { name: "damage_86392", periodic: false, power: "ap", coefficient: MAIN_GAUCHE, physical: true, mastery: false, passives: [DIRECT], skipWhile: BTE },
  ],
};

accuracySuite("Outlaw Rogue hits equal the hand computation from the client values", OUTLAW);
