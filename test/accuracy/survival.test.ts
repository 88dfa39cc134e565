// Survival Hunter: one hit per modelled damage spell, by hand from the 12.0.0.64228 dump
// (data/sources/12.0.0.64228/hunter-survival.txt, hunter.txt) and the default profile (data/specs/survival/profile.json).
// The melee auto attack rolls the weapon: not a case.
import { accuracySuite, type SpecAccuracy } from "./harness.js";

// Survival Hunter 137017: #1 +4 % direct, #2 +4 % periodic (Affected Spells: Raptor Strike 186270, Kill Command 259489,
// Wildfire Bomb 265157 / 269747, Takedown 1253859 / 1253862, Boomstick 1261215, Moonlight Chakram 1266081; not Flamefang Pitch).
const SV_PASSIVE = 1 + 4 / 100;
// 137017 #3 'Modify Pet Damage Done% (429)' Base Value 34.16: every pet hit.
const SV_PET = 1 + 34.16 / 100;
// Guerrilla Tactics 264332 #2 +15 % on Wildfire Bomb's explosion 265157.
const GUERRILLA = 1 + 15 / 100;
// Tip of the Spear (260286, +15 % via 260285 #1) and Takedown (1250646 #1/#2/#3 +20 %) raise hits inside their windows:
// those hits are skipped; Sentinel's Mark is never applied (the owl is not modelled).
const SKIP = ["tip_of_the_spear", "takedown"];
// Tip of the Spear 260286 #1 (0, set to 15 by the talent 260285 #1 'Add Flat Modifier: Spell Effect 1' +15), one stack per hit.
const TIP = 1 + 15 / 100;
// Takedown 1250646 #1 +20 % direct.
const TAKEDOWN = 1 + 20 / 100;
const SV: SpecAccuracy = {
  spec: "survival",
  primaryStat: 1243, // agility = attack power
  versatilityRating: 68,
  masteryRating: 966,
  masteryCoefficient: 0.85, // Mastery: Spirit Bond 263135 #1 SP Coefficient 0.85 (kind uniform: #3 pet damage and #5 auto attacks carry the same)
  cases: [
    // Raptor Strike 186270 #1 School Damage (2): physical, AP Coefficient 2.86
    { name: "raptor_strike", periodic: false, power: "ap", coefficient: 2.86, physical: true, mastery: true, passives: [SV_PASSIVE], skipWhile: SKIP },
    // (Kill Command grants Tip of the Spear at its own hit but is not in 260286's list: only Takedown windows skipped)
    // Kill Command 259489 → the pet's 259277 #1 School Damage (2): physical, AP Coefficient 1.38; pet AP = 0.6 x owner AP (hunter.json)
    { name: "kill_command", periodic: false, pet: true, power: "ap", powerRatio: 0.6, coefficient: 1.38, physical: true, mastery: true, passives: [SV_PASSIVE, SV_PET], skipWhile: ["takedown"] },
    // (the Sentinel lists throw it only with Tip of the Spear up: its +15 % is in every bomb, consumed by it)
    // Wildfire Bomb 259495 → explosion 265157 #1 School Damage (2): fire, AP Coefficient 1.5795
    { name: "wildfire_bomb", periodic: false, power: "ap", coefficient: 1.5795, physical: false, mastery: true, passives: [SV_PASSIVE, GUERRILLA, TIP], skipWhile: ["takedown"] },
    // Wildfire Bomb's DoT 269747 #1 Periodic Damage (3): fire every 1 seconds, AP Coefficient 0.20988
    { name: "wildfire_bomb_tick", periodic: true, power: "ap", coefficient: 0.20988, physical: false, mastery: true, passives: [SV_PASSIVE], skipWhile: SKIP },
    // (1261215 is not in 260286's list: Tip of the Spear windows do not change it)
    // Boomstick 1261193 → each blast 1261215 #1 School Damage (2): physical, AP Coefficient 7.5 (channel ticks)
    { name: "boomstick", periodic: true, power: "ap", coefficient: 7.5, physical: true, mastery: true, passives: [SV_PASSIVE], skipWhile: ["takedown"] },
    // (sentst throws it right after Kill Command's Tip of the Spear: this seed's first clean impact carries the +15 %)
    // Flamefang Pitch 1251592 → impact 1251595 #1 School Damage (2): fire, AP Coefficient 6 (not in 137017's list)
    { name: "flamefang_pitch", periodic: false, power: "ap", coefficient: 6, physical: false, mastery: true, passives: [TIP], skipWhile: ["takedown"] },
    // (the stack is consumed by the throw: the ground's ticks never carry it)
    // Flamefang Pitch's ground 1251614 #1 School Damage (2): fire, AP Coefficient 0.5 per tick
    { name: "flamefang_pitch_tick", periodic: true, power: "ap", coefficient: 0.5, physical: false, mastery: true, skipWhile: ["takedown"] },
    // (its window opens with Takedown and sentst throws it at once: inside Takedown's +20 %, 1250646 #1 lists 1266081)
    // Moonlight Chakram 1264949 → one hit of 1266081 #1 (hunter.txt: physical, AP Coefficient 2.844)
    { name: "moonlight_chakram", periodic: false, power: "ap", coefficient: 2.844, physical: true, mastery: true, passives: [SV_PASSIVE, TAKEDOWN] },
  ],
};

accuracySuite("Survival hits equal the hand computation from the client values", SV);
