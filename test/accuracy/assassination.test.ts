// Assassination Rogue: one hit per modelled damage spell, by hand from the 12.0.0.64228 dump
// (data/sources/12.0.0.64228/rogue.txt) and the default profile (data/specs/assassination/profile.json).
// Envenom (32645 #1 AP 0.416 per combo point) is left out: the timeline does not say how many points a
// cast spent; Kingsbane's ticks too (their +20 % stacks, 394095, depend on the poison procs so far).
// Hits are taken outside the windows that multiply them: Finish the Job (1249810: all damage +10 %),
// Deathmark (360194 #2: Garrote, Rupture, poisons +100 %) and the Improved Garrote mark (392401 #2: +50 %).
import { accuracySuite, type SpecAccuracy } from "./harness.js";

// Assassination Rogue 137037: #1 Spell Direct Amount +20, #2 Spell Periodic Amount +20, #7 periodic +40 (Rupture).
const DIRECT = 1 + 20 / 100;
const PERIODIC = 1 + 20 / 100;
const RUPTURE = 1 + 40 / 100;
// Deeper Stratagem 193531 #5 and Sanguine Stratagem 457512 #5: Spell Periodic Amount +5 each (Rupture)
const STRATAGEM = 1 + 5 / 100;
// Finish the Job 1249810 #1/#2: +10 % while Deathmark is up (the same cast applies both, for 16 s)
const FINISH_THE_JOB = 1 + 10 / 100;
const FTJ = ["finish_the_job"];
const DM = ["finish_the_job", "deathmark"];
const ASSASSINATION: SpecAccuracy = {
  spec: "assassination",
  primaryStat: 1228, // agility = attack power
  versatilityRating: 82,
  masteryRating: 613,
  masteryCoefficient: 1.7, // Mastery: Potent Assassin 76803 #1 SP Coefficient 1.7 (nature and bleed damage)
  cases: [
    // Mutilate 1329 #3 → 5374 #2 School Damage (2): physical, AP Coefficient 1.15
    { name: "mutilate", periodic: false, power: "ap", coefficient: 1.15, physical: true, mastery: false, passives: [DIRECT], skipWhile: FTJ },
    // 1329 #4 → 27576 #2 AP Coefficient 1.15, counted at half by 1329's tooltip `$5374s2+$27576s2*0.5`
    { name: "damage_27576", periodic: false, power: "ap", coefficient: 1.15 * 0.5, physical: true, mastery: false, passives: [DIRECT], skipWhile: FTJ },
    // Garrote 703 #1 Periodic Damage (3): physical every 2 seconds, AP Coefficient 0.391; Mechanic Bleed (no armor)
    { name: "garrote_tick", periodic: true, power: "ap", coefficient: 0.391, physical: false, mastery: true, passives: [PERIODIC], skipWhile: [...DM, "garrote_improved"] },
    // Rupture 1943 #1 every 2 seconds, AP Coefficient 0.336574; Bleed
    { name: "rupture_tick", periodic: true, power: "ap", coefficient: 0.336574, physical: false, mastery: true, passives: [PERIODIC, RUPTURE, STRATAGEM, STRATAGEM], skipWhile: DM },
    // Deadly Poison 2818 #1 Periodic Damage (3): nature every 2 seconds, AP Coefficient 0.11374
    { name: "deadly_poison_tick", periodic: true, power: "ap", coefficient: 0.11374, physical: false, mastery: true, passives: [PERIODIC], skipWhile: DM },
    // Deadly Poison 113780 #1 School Damage (2): nature, AP Coefficient 0.0814
    { name: "damage_113780", periodic: false, power: "ap", coefficient: 0.0814, physical: false, mastery: true, passives: [DIRECT], skipWhile: DM },
    // Ambush 8676 #1 School Damage (2): physical, AP Coefficient 2; 137037 #1 +20 and #8 +50 (Ambush)
    { name: "ambush", periodic: false, power: "ap", coefficient: 2, physical: true, mastery: false, passives: [DIRECT, 1 + 50 / 100], skipWhile: FTJ },
    // Kingsbane 385627 #2 School Damage (2): nature, AP Coefficient 1.7281 (Potent Assassin lists 385627)
    { name: "kingsbane", periodic: false, power: "ap", coefficient: 1.7281, physical: false, mastery: true, passives: [DIRECT], skipWhile: FTJ },
    // Deathmark 360194 #1 Periodic Damage (3): physical every 2 seconds, AP Coefficient 0.4; Bleed; always with Finish the Job
    { name: "deathmark_tick", periodic: true, power: "ap", coefficient: 0.4, physical: false, mastery: true, passives: [PERIODIC, FINISH_THE_JOB] },
  ],
};

accuracySuite("Assassination Rogue hits equal the hand computation from the client values", ASSASSINATION);
