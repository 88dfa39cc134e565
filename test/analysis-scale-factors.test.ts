// Stat weights: the delta-method arithmetic by hand, the Pawn string, and on the engine a stat the
// spec ignores (Fire Mage's weapon: exactly 0 ± 0), a stat whose effect is known in closed form
// (versatility multiplies every hit: ΔDPS = DPS × ((1 + v₂) / (1 + v₁) − 1) on the same iterations),
// sign and normalisation sanity, and 1 vs 2 threads.
import { describe, expect, it } from "vitest";
import { defaultScaleDelta, normalizedOf, pawnString, scaleFactors, weaponMatters, type ScaleFactor } from "../src/analysis/scale-factors.js";
import { CoMoments, tQuantile975 } from "../src/analysis/stats.js";
import { loadAnalysisBase, type StatKey } from "../src/analysis/variants.js";
import { RatingConverter } from "../src/stats/ratings.js";

describe("normalised weight error (delta method)", () => {
  // per-iteration differences of the primary (δ 2) and of a stat (δ 1), same iterations
  const dp = [2, 4, 6, 4];
  const ds = [1, 1, 2, 2];
  const joint = [new CoMoments(), new CoMoments()];
  dp.forEach((p, i) => {
    joint[0]!.add(p, p);
    joint[1]!.add(ds[i]!, p);
  });
  const stats: StatKey[] = ["primary", "crit"];
  const deltas = new Map<StatKey, number>([["primary", 2], ["crit", 1]]);
  it("primary = 1 exactly", () => {
    expect(normalizedOf(0, joint, stats, deltas)).toEqual({ value: 1, error: 0 });
  });
  it("value and error by hand", () => {
    // w_p = mean(dp)/2 = 4/2 = 2; w_s = mean(ds)/1 = 1.5; r = 0.75
    // var(ds) = Σ(ds − 1.5)²/3 = (0.25·4)/3 = 1/3; var(dp) = (4 + 0 + 4 + 0)/3 = 8/3
    // cov = Σ(ds − 1.5)(dp − 4)/3 = ((−0.5)(−2) + (−0.5)(0) + (0.5)(2) + (0.5)(0))/3 = 2/3
    // var(r̂) = [1/3 − 2·0.75·(2/3)/2 + 0.5625·(8/3)/4] / (4 · 4) = [0.333333 − 0.5 + 0.375] / 16 = 0.2083333/16
    const expectedErr = tQuantile975(3) * Math.sqrt(0.20833333333333334 / 16);
    const r = normalizedOf(1, joint, stats, deltas);
    expect(r.value).toBeCloseTo(0.75, 12);
    expect(r.error).toBeCloseTo(expectedErr, 10);
  });
  it("no normalisation when the primary's weight is not positive", () => {
    const zero = [new CoMoments(), new CoMoments()];
    for (let i = 0; i < 3; i++) {
      zero[0]!.add(0, 0);
      zero[1]!.add(1, 0);
    }
    expect(normalizedOf(1, zero, stats, deltas)).toEqual({ value: null, error: null });
  });
});

describe("Pawn string", () => {
  const f = (stat: StatKey, pawnName: string, normalized: number | null): ScaleFactor => ({ stat, label: pawnName, pawnName, base: 0, delta: 1, dpsChange: 0, dpsChangeError: 0, weight: 0, weightError: 0, unpairedWeightError: 0, normalized, normalizedError: 0 });
  it("SimC's form: class, then stats by weight, two decimals", () => {
    const s = pawnString('combatsim "bm"', "Demon Hunter", [f("primary", "Agility", 1), f("crit", "CritRating", 0.5234), f("haste", "HasteRating", 0.61), f("weapon_dps", "Dps", null)]);
    expect(s).toBe('( Pawn: v1: "combatsim bm": Class=DemonHunter, Agility=1.00, HasteRating=0.61, CritRating=0.52 )');
  });
});

describe("scale factors on the engine", () => {
  const cfg = { duration: 120, seed: 3, chunkSize: 250 } as const;

  it("SimC's default delta: the rating for 3.5 % haste at level 90", async () => {
    const base = await loadAnalysisBase({ spec: "fire" });
    const perPct = RatingConverter.fromBundle(base.bundle).divisor("haste", 90);
    expect(defaultScaleDelta(base)).toBe(Math.round(3.5 * perPct));
  });

  it("Fire Mage ignores its weapon: weapon DPS weighs exactly 0 ± 0; versatility matches its closed form", async () => {
    const base = await loadAnalysisBase({ spec: "fire", ...cfg });
    // no Fire damage entry reads the weapon (no auto attack, no weapon strike)
    expect(weaponMatters(base.prepared.image)).toBe(false);
    const r = await scaleFactors({ spec: "fire", ...cfg, iterations: 500, stats: ["versatility", "weapon_dps"] });
    expect(r.factors.map((x) => x.stat)).toEqual(["primary", "versatility", "weapon_dps"]);
    const weapon = r.factors.find((x) => x.stat === "weapon_dps")!;
    // every iteration is the baseline's: each paired difference is 0
    expect(weapon.dpsChange).toBe(0);
    expect(weapon.weight).toBe(0);
    expect(weapon.weightError).toBe(0);
    expect(weapon.normalized).toBe(0);
    expect(weapon.unpairedWeightError).toBeGreaterThan(0);
    // versatility is a damage multiplier (1 + v/100) and nothing else: on the same iterations the DPS
    // change is the baseline's DPS × ((1 + v2) / (1 + v1) − 1), up to the 0.1-DPS wire rounding of each value
    const vers = r.factors.find((x) => x.stat === "versatility")!;
    const conv = RatingConverter.fromBundle(base.bundle);
    const v1 = conv.percent("versatility", base.profile.ratings.versatility, 90);
    const v2 = conv.percent("versatility", base.profile.ratings.versatility + vers.delta, 90);
    const expected = r.baseline.dps * ((1 + v2 / 100) / (1 + v1 / 100) - 1);
    expect(Math.abs(vers.dpsChange - expected)).toBeLessThan(0.1);
    expect(r.pawn).toMatch(/^\( Pawn: v1: "combatsim fire": Class=Mage, Intellect=1\.00, Versatility=0\.\d\d, Dps=0\.00 \)$/);
  });

  it("Beast Mastery: weapon included, every weight positive and below the primary's, errors paired", async () => {
    const r = await scaleFactors({ spec: "beast-mastery", ...cfg, iterations: 500 });
    expect(r.factors.map((x) => x.stat)).toEqual(["primary", "crit", "haste", "mastery", "versatility", "weapon_dps"]);
    expect(r.factors[0]!.normalized).toBe(1);
    for (const x of r.factors.slice(1)) {
      expect(x.weight - x.weightError).toBeGreaterThan(0);
      expect(x.normalized!).toBeLessThan(1);
      expect(x.normalizedError!).toBeGreaterThanOrEqual(0);
    }
    // attack power scales (nearly) every hit without changing the event sequence: pairing is far tighter
    const agi = r.factors[0]!;
    expect(agi.unpairedWeightError / agi.weightError).toBeGreaterThan(5);
    expect(r.iterationsSpent).toBe(7 * 500);
  });

  it("a precision target stops as soon as every normalised error is below it; 1 and 2 threads agree", async () => {
    const c = { spec: "beast-mastery", ...cfg, iterations: 5000, scaleFactorError: 1, centred: true, stats: ["crit", "haste"] as StatKey[] };
    const a = await scaleFactors({ ...c, threads: 1 });
    const b = await scaleFactors({ ...c, threads: 2 });
    const strip = (x: typeof a) => ({ ...x, elapsedMs: 0, prepareMs: 0, poolStartMs: 0, threads: 0 });
    expect(strip(b)).toEqual(strip(a));
    expect(a.reached).toBe(true);
    expect(a.stages).toBeGreaterThan(1);
    for (const x of a.factors) expect(100 * x.normalizedError!).toBeLessThanOrEqual(1);
    expect(a.iterationsSpent).toBe(a.iterations * 7); // baseline + 2 × 3 stats
  });

  it("typed errors name the option", async () => {
    await expect(scaleFactors({ spec: "fire", stats: ["luck" as StatKey] })).rejects.toMatchObject({ code: "INVALID_ANALYSIS_CONFIG", field: "config.stats" });
    await expect(scaleFactors({ spec: "fire", deltas: { crit: 0 } })).rejects.toMatchObject({ field: "config.deltas.crit" });
    await expect(scaleFactors({ spec: "fire", deltas: { weapon_dps: 5 } })).rejects.toMatchObject({ field: "config.deltas.weapon_dps" });
    await expect(scaleFactors({ spec: "fire", scaleFactorError: 0 })).rejects.toMatchObject({ field: "config.scaleFactorError" });
    await expect(scaleFactors({ spec: "fire", centred: true, deltas: { versatility: 1e6 } })).rejects.toMatchObject({ field: "config.deltas.versatility" });
  });
});
