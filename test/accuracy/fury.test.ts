// Fury Warrior: one hit per modelled damage spell, by hand from the 12.0.0.64228 dump
// (data/sources/12.0.0.64228/warrior-fury.txt, warrior.txt) and the default profile (data/specs/fury/profile.json).
// Mastery: Unshackled Fury multiplies damage only while Enraged (76856: "Increases damage done while Enraged"):
// every case is checked twice where the run has both, inside Enrage with the mastery and outside it without.
import { accuracySuite, type HitCase, type SpecAccuracy } from "./harness.js";

// Fury Warrior 137050: #1 direct and #2 periodic, both Base Value 0 → × 1.
const DIRECT = 1 + 0 / 100;
const PERIODIC = 1 + 0 / 100;
// Slayer's Malice 444779 #2 Base Value 20 (Fury: Raging Blow, Crushing Blow and Execute).
const MALICE = 1 + 20 / 100;
// Off-hand strikes deal half (the off-hand penalty; estimated in the manifest's notes).
const OH = 0.5;
// Auras that change a case's damage: Avatar is not in the build; Executioner (445584, +3 % a stack) on Execute.
const EXECUTE_BUFFS = ["executioner"];

/** The case inside Enrage (with the mastery) and outside it (without). */
function both(c: Omit<HitCase, "mastery">): HitCase[] {
  return [
    { ...c, mastery: true, onlyWhile: ["enrage"] },
    { ...c, mastery: false, skipWhile: [...(c.skipWhile ?? []), "enrage"] },
  ];
}

const FURY: SpecAccuracy = {
  spec: "fury",
  primaryStat: 1365, // strength = attack power
  versatilityRating: 56,
  masteryRating: 1034,
  masteryCoefficient: 1.4, // Mastery: Unshackled Fury 76856 #1 SP Coefficient 1.4 (uniform, while Enraged)
  cases: [
    // 23881 #1 School Damage (2): physical, AP Coefficient 3.21366
    ...both({ name: "bloodthirst", periodic: false, power: "ap", coefficient: 3.21366, physical: true, passives: [DIRECT] }),
    // Raging Blow 85288 → 96103 (main hand) #1 AP Coefficient 2.15623
    ...both({ name: "raging_blow", periodic: false, power: "ap", coefficient: 2.15623, physical: true, passives: [DIRECT, MALICE] }),
    // → 85384 (off hand) #1 AP Coefficient 2.15623, halved
    ...both({ name: "damage_85384", periodic: false, power: "ap", coefficient: 2.15623 * OH, physical: true, passives: [DIRECT, MALICE] }),
    // Rampage 184367 → 184709 (main hand) 1.19652, 184707 (off hand) 2.05116, 201364 (off hand) 2.73491, 201363 (main hand) 1.53838.
    // Rampage Enrages after its strikes, at the same instant: a Rampage that opens an Enrage window is not "outside"
    // one for the harness, so only the enraged strikes are checked here (the unenraged ones in test/spec-fury.test.ts).
    { name: "rampage", periodic: false, power: "ap", coefficient: 1.19652, physical: true, mastery: true, onlyWhile: ["enrage"], passives: [DIRECT] },
    { name: "damage_184707", periodic: false, power: "ap", coefficient: 2.05116 * OH, physical: true, mastery: true, onlyWhile: ["enrage"], passives: [DIRECT] },
    { name: "damage_201364", periodic: false, power: "ap", coefficient: 2.73491 * OH, physical: true, mastery: true, onlyWhile: ["enrage"], passives: [DIRECT] },
    { name: "damage_201363", periodic: false, power: "ap", coefficient: 1.53838, physical: true, mastery: true, onlyWhile: ["enrage"], passives: [DIRECT] },
    // Execute 280735 → 280849 (main hand) and 163558 (off hand, halved), both AP Coefficient 3.21057
    { name: "execute", periodic: false, power: "ap", coefficient: 3.21057, physical: true, mastery: true, onlyWhile: ["enrage"], passives: [DIRECT, MALICE], skipWhile: EXECUTE_BUFFS },
    { name: "damage_163558", periodic: false, power: "ap", coefficient: 3.21057 * OH, physical: true, mastery: true, onlyWhile: ["enrage"], passives: [DIRECT, MALICE], skipWhile: EXECUTE_BUFFS },
    // Whirlwind 190411: 199667 + 44949 (off hand) + 2 x (199852 + 199851 (off hand)), all AP Coefficient 0.419991
    ...both({ name: "whirlwind", periodic: false, power: "ap", coefficient: 0.419991 * (1 + OH + 2 * (1 + OH)), physical: true, passives: [DIRECT] }),
    // Odyn's Fury 385059: 385060 + 385062 + 2 x 385061 (off hand), all 1.82598 (it Enrages after its hit; the APL casts it enraged)
    { name: "odyns_fury", periodic: false, power: "ap", coefficient: 1.82598 * (1 + 1 + 2 * OH), physical: true, mastery: true, onlyWhile: ["enrage"], passives: [DIRECT] },
    // 385060 #2 Periodic Damage (3): physical every 1 seconds, AP Coefficient 1.3; Mechanic: Bleed (no armor)
    { name: "odyns_fury_dot_tick", periodic: true, power: "ap", coefficient: 1.3, physical: false, mastery: true, onlyWhile: ["enrage"], passives: [PERIODIC] },
    // Slayer's Strike 445579 #1 AP Coefficient 3.335 (Slayer's Dominance)
    ...both({ name: "damage_445579", periodic: false, power: "ap", coefficient: 3.335, physical: true, passives: [DIRECT] }),
    // Bloodbath 335096 #1 AP Coefficient 3.85641 (Reckless Abandon, during Recklessness)
    { name: "bloodbath", periodic: false, power: "ap", coefficient: 3.85641, physical: true, mastery: true, onlyWhile: ["enrage"], passives: [DIRECT] },
    // Crushing Blow 335097 → 335098 (main hand) #1 AP Coefficient 2.58746
    { name: "crushing_blow", periodic: false, power: "ap", coefficient: 2.58746, physical: true, mastery: true, onlyWhile: ["enrage"], passives: [DIRECT, MALICE] },
  ],
};

accuracySuite("Fury Warrior hits equal the hand computation from the client values", FURY);
