// Beast Mastery Hunter: one hit per modelled damage spell whose coefficient is client data, by hand from
// the 12.0.0.64228 dump (data/sources/12.0.0.64228/hunter.txt) and the default profile
// (data/specs/beast-mastery/profile.json). The pet's white swing has no client spell (estimated coefficient):
// not a case here. Auto Shot rolls the weapon: not a case either.
import { accuracySuite, type SpecAccuracy } from "./harness.js";

// Beast Mastery Hunter 137015: #1 direct −6 % (Cobra Shot), #2 periodic −6 % (the bleed), #3 −6 % (Kill Command).
const BM_PASSIVE = 1 - 6 / 100;
// Nature's Ally 1273065 (apex ranks 2-3, taken at rank 2): #1 Modify Pet Damage Done% 5 per rank ("values=(5, 10)") → +10 % on Kill Command.
const NATURES_ALLY = 1 + (2 * 5) / 100;
// Pet attack power = 0.6 × the hunter's (estimated: SimulationCraft stable_pet_t owner_coeff.ap_from_ap).
const PET_AP = 0.6;
// Bestial Wrath (19574 #1 +20 %, pet 186254 #1 +20 %) changes damage: hits under it are skipped.
const BUFFS = ["bestial_wrath", "bestial_wrath_pet"];
const BM: SpecAccuracy = {
  spec: "beast-mastery",
  primaryStat: 1392, // agility = attack power
  versatilityRating: 84,
  masteryRating: 1057,
  masteryCoefficient: 1.9, // Mastery: Master of Beasts 76657 #1 SP Coefficient 1.9 (pet damage)
  cases: [
    // Kill Command 34026 → the pet's 83381 #1 School Damage (2): physical, AP Coefficient 3
    { name: "kill_command", periodic: false, pet: true, power: "ap", powerRatio: PET_AP, coefficient: 3, physical: true, mastery: true, passives: [BM_PASSIVE, NATURES_ALLY], skipWhile: BUFFS },
    // Cobra Shot 193455 #2 School Damage (2): physical, AP Coefficient 1.565
    { name: "cobra_shot", periodic: false, power: "ap", coefficient: 1.565, physical: true, mastery: false, passives: [BM_PASSIVE], skipWhile: BUFFS },
    // Barbed Shot 217200 #1 Periodic Damage (3): physical every 2 seconds, AP Coefficient 0.7125; Mechanic: Bleed (no armor)
    { name: "barbed_shot_tick", periodic: true, power: "ap", coefficient: 0.7125, physical: false, mastery: false, passives: [BM_PASSIVE], skipWhile: BUFFS },
    // Claw 16827 #1 School Damage (2): physical, AP Coefficient 0.5 (the pet's basic attack)
    { name: "pet_basic_attack", periodic: false, pet: true, power: "ap", powerRatio: PET_AP, coefficient: 0.5, physical: true, mastery: true, skipWhile: [...BUFFS, "frenzy"] },
  ],
};

accuracySuite("Beast Mastery hits equal the hand computation from the client values", BM);
