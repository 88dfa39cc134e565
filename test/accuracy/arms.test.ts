// Arms Warrior: one hit per modelled damage spell, by hand from the 12.0.0.64228 dump
// (data/sources/12.0.0.64228/warrior.txt) and the default profile (data/profiles/arms.json).
import { accuracySuite, type SpecAccuracy } from "./harness.js";

// Arms Warrior 137049: #1 direct (misc 0), #2 periodic (misc 22), #13 Execute: all Base Value 0 → × 1.
const DIRECT = 1 + 0 / 100;
const PERIODIC = 1 + 0 / 100;
const EXECUTE = 1 + 0 / 100;
// Colossus Smash's debuff (208086 #1 +30 %) and Avatar (107574 #1 +20 %) change damage: hits under them are skipped.
const BUFFS = ["colossus_smash", "avatar"];
const ARMS: SpecAccuracy = {
  spec: "arms",
  primaryStat: 1243, // strength = attack power
  versatilityRating: 0,
  masteryRating: 315,
  masteryCoefficient: 1.1, // Mastery: Master of Arms 1258398 #1 SP Coefficient 1.1 (uniform)
  cases: [
    // 12294 #1 School Damage (2): physical, AP Coefficient 5.80492
    { name: "mortal_strike", periodic: false, power: "ap", coefficient: 5.80492, physical: true, mastery: true, passives: [DIRECT], skipWhile: BUFFS },
    // 7384 #1 AP Coefficient 2.92132
    { name: "overpower", periodic: false, power: "ap", coefficient: 2.92132, physical: true, mastery: true, passives: [DIRECT], skipWhile: BUFFS },
    // 1464 #1 AP Coefficient 3.03485
    { name: "slam", periodic: false, power: "ap", coefficient: 3.03485, physical: true, mastery: true, passives: [DIRECT], skipWhile: BUFFS },
    // 163201 #1 Trigger Spell 260798 → 260798 #1 AP Coefficient 2.52214 (at the 20-rage minimum)
    { name: "execute", periodic: false, power: "ap", coefficient: 2.52214, physical: true, mastery: true, passives: [DIRECT, EXECUTE], skipWhile: BUFFS },
    // 167105 #1 AP Coefficient 3.06263 (its hit lands before its own debuff)
    { name: "colossus_smash", periodic: false, power: "ap", coefficient: 3.06263, physical: true, mastery: true, passives: [DIRECT], skipWhile: ["avatar"] },
    // 262115 #1 Periodic Damage (3): physical every 1 seconds, AP Coefficient 0.34638; Mechanic: Bleed (no armor)
    { name: "deep_wounds_tick", periodic: true, power: "ap", coefficient: 0.34638, physical: false, mastery: true, passives: [PERIODIC], skipWhile: BUFFS },
  ],
};

accuracySuite("Arms Warrior hits equal the hand computation from the client values", ARMS);
