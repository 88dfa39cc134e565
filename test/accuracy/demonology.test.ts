// Demonology Warlock: one hit per damage source the default rotation uses, by hand from the 12.0.0.64228 dump
// (data/sources/12.0.0.64228/warlock-demonology.txt, warlock.txt for 686) and the default profile
// (data/specs/demonology/profile.json). Player spells carry no mastery (Master Demonologist is demon damage only);
// every demon hit gets it, the spec aura's +3 % for demons, and scales with the warlock's spell power.
import { accuracySuite, type SpecAccuracy } from "./harness.js";

const DEMO_DIRECT = 1 + 3 / 100; // 137044 #1 "Spell Direct Amount ... Base Value: 3"
const DEMO_SB = 1 + 148 / 100; // 137044 #5 "Base Value: 148" (Shadow Bolt)
const DEMO_PET = 1 + 3 / 100; // 137044 #3 "Modify Pet Damage Done% (429) / Base Value: 3"
const FEL_INTELLECT = 1 + 2 / 100; // 1250372 #1 "Modify Total Stat% (137) / Base Value: 2 ... Stat: Int" (spell power + 2 %)
const DEMON_AP = 0.5; // 89751 Variables "$damage=${0.33*($SP*0.5)...}": a demon's attack power = 0.5 x spell power
const DEMONOLOGY: SpecAccuracy = {
  spec: "demonology",
  primaryStat: 1670, // intellect = spell power
  versatilityRating: 0,
  masteryRating: 777,
  masteryCoefficient: 1.45, // Mastery: Master Demonologist 77219 #1 SP Coefficient 1.45 (demons only)
  cases: [
    // 686 #1 School Damage (2): shadow, SP Coefficient 0.702
    { name: "shadow_bolt", periodic: false, power: "sp", coefficient: 0.702, physical: false, mastery: false, passives: [DEMO_DIRECT, DEMO_SB, FEL_INTELLECT] },
    // 264178 #1 School Damage (2): shadowflame, SP Coefficient 3.96778
    { name: "demonbolt", periodic: false, power: "sp", coefficient: 3.96778, physical: false, mastery: false, passives: [DEMO_DIRECT, FEL_INTELLECT] },
    // 105174 #1 Base Value 3 x 86040 #1 SP Coefficient 0.556876 ("Deals up to ${$m1*$86040m1}")
    { name: "hand_of_guldan", periodic: false, power: "sp", coefficient: 3 * 0.556876, physical: false, mastery: false, passives: [DEMO_DIRECT, FEL_INTELLECT] },
    // 104318 #1 School Damage (2): fire, SP Coefficient 0.142354 (a Wild Imp)
    { name: "fel_firebolt", periodic: false, pet: true, power: "sp", coefficient: 0.142354, physical: false, mastery: true, passives: [DEMO_PET, FEL_INTELLECT] },
    // 270481 #1 School Damage (2): shadowflame, SP Coefficient 0.697125 (the Demonic Tyrant)
    { name: "demonfire", periodic: false, pet: true, power: "sp", coefficient: 0.697125, physical: false, mastery: true, passives: [DEMO_PET, FEL_INTELLECT] },
    // 89753 #1 School Damage (2): physical, AP Coefficient 0.33 of the Felguard's attack power (0.5 SP): armor applies
    { name: "felstorm", periodic: false, pet: true, power: "sp", coefficient: 0.33, powerRatio: DEMON_AP, physical: true, mastery: true, passives: [DEMO_PET, FEL_INTELLECT] },
  ],
};

accuracySuite("Demonology Warlock hits equal the hand computation from the client values", DEMONOLOGY);
