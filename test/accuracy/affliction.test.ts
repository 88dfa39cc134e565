// Affliction Warlock: one hit per damage spell the default rotation casts, by hand from the 12.0.0.64228 dump
// (data/sources/12.0.0.64228/warlock.txt) and the default profile (data/specs/affliction/profile.json). The default
// APL keeps Haunt up the whole fight (SH_st casts it on its 15 s cooldown, the debuff lasts 18 s), so Shadow
// Bolt is checked inside Haunt's window: x (1 + 12 / 100), 48181 #2 "Modify Damage Taken% from Caster".
import { accuracySuite, type SpecAccuracy } from "./harness.js";

// Affliction Warlock 137043: #1 direct Base Value 0 (x 1); #6 Shadow Bolt direct Base Value 121.
const DIRECT = 1 + 0 / 100;
const SHADOW_BOLT = 1 + 121 / 100;
const HAUNT_AMP = 1 + 12 / 100;
const AFFLICTION: SpecAccuracy = {
  spec: "affliction",
  primaryStat: 1670, // intellect = spell power
  versatilityRating: 237,
  masteryRating: 301,
  masteryCoefficient: 2.5, // Mastery: Potent Afflictions 77215 #1 SP Coefficient 2.5 (modelled uniform)
  cases: [
    // 686 #1 School Damage (2): shadow, SP Coefficient 0.702
    { name: "shadow_bolt", periodic: false, power: "sp", coefficient: 0.702, physical: false, mastery: true, passives: [DIRECT, SHADOW_BOLT, HAUNT_AMP] },
    // 48181 #1 School Damage (2): shadow, SP Coefficient 7.20612 (its debuff starts after the hit)
    { name: "haunt", periodic: false, power: "sp", coefficient: 7.20612, physical: false, mastery: true, passives: [DIRECT] },
    // (Unstable Affliction 1259790's ticks are checked exactly in test/spec-affliction.test.ts: the default APL
    // does not cast it on one target until its `soul_shard` line is honoured)
  ],
};

accuracySuite("Affliction Warlock hits equal the hand computation from the client values", AFFLICTION);
