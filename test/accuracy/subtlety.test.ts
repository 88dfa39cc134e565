// Subtlety Rogue: one hit per modelled damage spell whose amount the timeline fixes, by hand from the
// 12.0.0.64228 dump (data/sources/12.0.0.64228/rogue-subtlety.txt) and the default profile
// (data/specs/subtlety/profile.json). The finishers (Eviscerate 196819 #1, Black Powder, Secret Technique 280720 /
// 282449: AP per combo point) are left out: the timeline does not say how many points a cast spent; their per-point
// arithmetic and Executioner are checked in test/spec-subtlety.test.ts. Of the default build's talents only
// Veiltouched multiplies one of these hits (Instant Poison).
import { accuracySuite, type SpecAccuracy } from "./harness.js";

// Subtlety Rogue 137035 #1: Spell Direct Amount +21 (Backstab, Shadowstrike, Instant Poison 315585, ...)
const DIRECT = 1 + 21 / 100;
// Backstab 53 #4 `Base Value: 20`: damage +20 % from behind (the SimC profile's position=back)
const BEHIND = 1 + 20 / 100;
// Veiltouched 382017 #1 (talent, default build): Spell Direct Amount +5 on the magic hits (Instant Poison 315585, ...),
// a separate multiplier (the engine's passives multiply)
const VEILTOUCHED = 1 + 5 / 100;
const SUBTLETY: SpecAccuracy = {
  spec: "subtlety",
  primaryStat: 1264, // agility = attack power
  versatilityRating: 57,
  masteryRating: 875,
  masteryCoefficient: 2.45, // Mastery: Executioner 76808 #1 SP Coefficient 2.45 (finishers only: none of these)
  cases: [
    // Backstab 53 #2 School Damage (2): physical, AP Coefficient 0.69
    { name: "backstab", periodic: false, power: "ap", coefficient: 0.69, physical: true, mastery: false, passives: [DIRECT, BEHIND] },
    // Shadowstrike 185438 #1 School Damage (2): physical, AP Coefficient 5
    { name: "shadowstrike", periodic: false, power: "ap", coefficient: 5, physical: true, mastery: false, passives: [DIRECT] },
    // Instant Poison 315585 #1 School Damage (2): nature, AP Coefficient 0.074
    { name: "damage_315585", periodic: false, power: "ap", coefficient: 0.074, physical: false, mastery: false, passives: [DIRECT, VEILTOUCHED] },
  ],
};

accuracySuite("Subtlety Rogue hits equal the hand computation from the client values", SUBTLETY);
