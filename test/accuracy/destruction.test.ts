// Destruction Warlock: hits by hand from the 12.0.0.64228 dump (data/sources/12.0.0.64228/warlock-destruction.txt)
// and the default profile (data/specs/destruction/profile.json). The Infernal's Immolation (a pet: no mastery, "Your
// spells") is exact; the player's hits carry Chaotic Energies' random roll (77220: "${$s1/2}.1% increased damage,
// plus a random amount of up to ${$s1/2}.1%"), so each is checked to lie in [base x (1 + h), base x (1 + 2h)],
// h = half the mastery percent, and Chaos Bolt to be a crit x (1 + crit chance).
import { expect, it } from "vitest";
import { prepareSimulation } from "../../src/engine/simulate.js";
import { accuracySuite, pct, L90, type SpecAccuracy } from "./harness.js";

// Destruction Warlock 137046: #1 / #2 direct / periodic Base Value 11; #3 / #4 pets / guardians Base Value 11
const DESTRO = 1 + 11 / 100;
// Scalding Flames 388832 #1 / #2 "Base Value: 25" (Immolate hit and ticks); Ashen Remains 387252 #1 "Base Value: 3" x rank 2
// (Incinerate, Chaos Bolt, Shadowburn on a target with Immolate: x 1.06 while it burns, x 1 otherwise)
const SCALDING = 1 + 25 / 100;
const ASHEN = 1 + (2 * 3) / 100;
const MASTERY_COEF = 2; // Mastery: Chaotic Energies 77220 #1 SP Coefficient 2
const DESTRUCTION: SpecAccuracy = {
  spec: "destruction",
  primaryStat: 1673, // intellect = spell power
  versatilityRating: 42,
  masteryRating: 606,
  masteryCoefficient: MASTERY_COEF,
  cases: [
    // 20153 #1 School Damage (2): fire, SP Coefficient 0.55; x (100 + 137046 #3) / 100 (Summon Infernal's description)
    { name: "immolation", periodic: false, pet: true, power: "sp", coefficient: 0.55, physical: false, mastery: false, passives: [DESTRO] },
  ],
};
const vers = 1 + pct(42, L90.versatility) / 100;
const h = (pct(606, L90.mastery) * MASTERY_COEF) / 2 / 100;

accuracySuite("Destruction Warlock hits equal the hand computation from the client values", DESTRUCTION, (run) => {
  // 29722 #2 SP 2.70423; 17962 #1 SP 2.74197; 348 #1 SP 0.813483; 157736 #1 SP 0.508426 (periodic)
  const cases = [
    { name: "incinerate", periodic: false, coef: 2.70423, mult: 1, ashen: true },
    { name: "conflagrate", periodic: false, coef: 2.74197, mult: 1, ashen: false },
    { name: "immolate", periodic: false, coef: 0.813483, mult: SCALDING, ashen: false },
    { name: "immolate_tick", periodic: true, coef: 0.508426, mult: SCALDING, ashen: false },
  ];
  for (const c of cases) {
    it(`${c.name}: every non-critical hit in [base x (1 + h), base x (1 + 2h)], h = ${(h * 100).toFixed(3)} %`, () => {
      const base = c.coef * 1673 * DESTRO * c.mult * vers;
      const hits = run().timeline!.damage.filter((d) => d.name === c.name && d.periodic === c.periodic && !d.crit && !d.pet);
      expect(hits.length).toBeGreaterThan(3);
      for (const d of hits) {
        expect(d.amount).toBeGreaterThanOrEqual(base * (1 + h) * (1 - 1e-12));
        expect(d.amount).toBeLessThanOrEqual(base * (c.ashen ? ASHEN : 1) * (1 + 2 * h) * (1 + 1e-12));
      }
      // the rolls differ from hit to hit
      expect(new Set(hits.map((d) => d.amount)).size).toBeGreaterThan(1);
    });
  }
  it("Chaos Bolt: every hit a crit, 4.57195 x 1.11 x 2 x (1 + crit chance) x the roll", async () => {
    // the crit chance of the run: the rating's 634 / 46 % plus the base chance the engine adds
    const img = (await prepareSimulation({ spec: "destruction", duration: 300, bloodlust: false, potion: false, racials: false })).image;
    expect(img.stats.crit).toBeGreaterThanOrEqual(pct(634, L90.crit));
    const crit = img.stats.crit / 100;
    const base = 4.57195 * 1673 * DESTRO * vers * 2 * (1 + crit);
    const hits = run().timeline!.damage.filter((d) => d.name === "chaos_bolt");
    expect(hits.length).toBeGreaterThan(10);
    for (const d of hits) {
      expect(d.crit).toBe(true);
      expect(d.amount).toBeGreaterThanOrEqual(base * (1 + h) * (1 - 1e-12));
      expect(d.amount).toBeLessThanOrEqual(base * ASHEN * (1 + 2 * h) * (1 + 1e-12));
    }
  });
});
