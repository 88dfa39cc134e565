// Arms Warrior: one hit per modelled damage spell, by hand from the 12.0.0.64228 dump
// (data/sources/12.0.0.64228/warrior.txt) and the default profile (data/specs/arms/profile.json).
import { readFileSync } from "node:fs";
import { accuracySuite, type SpecAccuracy } from "./harness.js";

// The default build without Martial Prowess (1273062): Overpower and Slam stack its +5 % on the next Mortal
// Strike before nearly every one, so the default build has no clean Mortal Strike hit to compare.
const manifest = JSON.parse(readFileSync(new URL("../../data/specs/arms/manifest.json", import.meta.url), "utf8")) as { talents: { name: string; default?: boolean }[] };
const TALENTS = manifest.talents.filter((t) => t.default && t.name !== "martial_prowess").map((t) => t.name);

// Arms Warrior 137049: #1 direct (misc 0), #2 periodic (misc 22), #13 Execute: all Base Value 0 → × 1.
const DIRECT = 1 + 0 / 100;
const PERIODIC = 1 + 0 / 100;
const EXECUTE = 1 + 0 / 100;
// Slayer's Malice 444779 #1 Base Value 20 (Slayer hero talent, a passive) on Overpower, Execute and Dreadnaught.
const MALICE = 1 + 20 / 100;
// Colossus Smash's debuff (208086 #1 +30 %) and Avatar (107574 #1 +20 %) change damage: hits under them are skipped.
const BUFFS = ["colossus_smash", "avatar"];
// Mortal Strike's own bonus: Executioner's Precision 386633 (+35 % a stack); Martial Prowess is not in the run's build.
const MS_BUFFS = [...BUFFS, "executioners_precision"];
// Execute's: Executioner 445584 (+3 % a stack).
const EXECUTE_BUFFS = [...BUFFS, "executioner"];
const ARMS: SpecAccuracy = {
  spec: "arms",
  primaryStat: 1243, // strength = attack power
  versatilityRating: 0,
  masteryRating: 315,
  masteryCoefficient: 1.1, // Mastery: Master of Arms 1258398 #1 SP Coefficient 1.1 (uniform)
  talents: TALENTS,
  cases: [
    // 12294 #1 School Damage (2): physical, AP Coefficient 5.80492
    { name: "mortal_strike", periodic: false, power: "ap", coefficient: 5.80492, physical: true, mastery: true, passives: [DIRECT], skipWhile: MS_BUFFS },
    // 7384 #1 AP Coefficient 2.92132
    { name: "overpower", periodic: false, power: "ap", coefficient: 2.92132, physical: true, mastery: true, passives: [DIRECT, MALICE], skipWhile: BUFFS },
    // 1464 #1 AP Coefficient 3.03485
    { name: "slam", periodic: false, power: "ap", coefficient: 3.03485, physical: true, mastery: true, passives: [DIRECT], skipWhile: BUFFS },
    // 163201 #1 Trigger Spell 260798 → 260798 #1 AP Coefficient 2.52214 (at the 20-rage minimum)
    { name: "execute", periodic: false, power: "ap", coefficient: 2.52214, physical: true, mastery: true, passives: [DIRECT, EXECUTE, MALICE], skipWhile: EXECUTE_BUFFS },
    // 167105 #1 AP Coefficient 3.06263 (its hit lands before its own debuff)
    { name: "colossus_smash", periodic: false, power: "ap", coefficient: 3.06263, physical: true, mastery: true, passives: [DIRECT], skipWhile: ["avatar"] },
    // 262115 #1 Periodic Damage (3): physical every 1 seconds, AP Coefficient 0.34638; Mechanic: Bleed (no armor)
    { name: "deep_wounds_tick", periodic: true, power: "ap", coefficient: 0.34638, physical: false, mastery: true, passives: [PERIODIC], skipWhile: BUFFS },
    // 772 #1 School Damage (2): physical, AP Coefficient 1.24581 (every enemy within 8 yds)
    { name: "rend", periodic: false, power: "ap", coefficient: 1.24581, physical: true, mastery: true, passives: [DIRECT], skipWhile: BUFFS },
    // 388539 #1 Periodic Damage (3): physical every 3 seconds, AP Coefficient 0.380931; Mechanic: Bleed (no armor)
    { name: "rend_dot_tick", periodic: true, power: "ap", coefficient: 0.380931, physical: false, mastery: true, passives: [PERIODIC], skipWhile: BUFFS },
    // Bladestorm (50622 #1 AP Coefficient 2.0895) is cast only inside Colossus Smash and Avatar here: its strikes are
    // checked against Mortal Strike on a scripted run in test/spec-arms.test.ts instead.
    // Storm Bolt (107570 #1 0.285) is cast only while Bladestorm is up, which the 6 s lockout never allows here.
    // Wrecking Throw (394354 #2 AP Coefficient 6) lands only inside Colossus Smash / Avatar in this run: its
    // coefficient is checked in test/spec-arms.test.ts.
    // Slayer's Strike 445579 #1 AP Coefficient 3.335 (Slayer's Dominance proc)
    { name: "damage_445579", periodic: false, power: "ap", coefficient: 3.335, physical: true, mastery: true, passives: [DIRECT], skipWhile: BUFFS },
    // Dreadnaught's seismic wave 315961 #1 AP Coefficient 1.4, x Slayer's Malice
    { name: "damage_315961", periodic: false, power: "ap", coefficient: 1.4, physical: true, mastery: true, passives: [DIRECT, MALICE], skipWhile: BUFFS },
  ],
};

accuracySuite("Arms Warrior hits equal the hand computation from the client values", ARMS);
