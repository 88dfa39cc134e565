// Profile sets: the culling rule (property tests with fast-check on synthetic stage results), the
// generators, and staged runs on the engine (winner equal with and without culling, culled entries
// below the leader's interval at their stage, 1 vs 2 threads).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cull, type CullCandidate } from "../src/analysis/culling.js";
import { buildTalentCombinations, productOfVariants, profileSet, statSplits, talentCombinations } from "../src/analysis/profile-set.js";
import { rejects } from "./helpers/analysis-errors.js";


const overlaps = (a: CullCandidate, b: CullCandidate) => !(a.delta + a.error < b.delta - b.error) && !(b.delta + b.error < a.delta - a.error);

/** Synthetic stage results: deltas and 95 % half-widths as a stage would produce them (ties, zero and unknown errors included). */
const stageResults = fc
  .array(
    fc.record({
      delta: fc.oneof(fc.double({ min: -500, max: 500, noNaN: true }), fc.constantFrom(0, 1, -1, 2.5)),
      error: fc.oneof(fc.double({ min: 0, max: 50, noNaN: true }), fc.constantFrom(0, 0.5, Number.POSITIVE_INFINITY)),
    }),
    { minLength: 1, maxLength: 60 },
  )
  .map((xs) => xs.map((x, id) => ({ id, ...x })));

describe("culling rule (property tests)", () => {
  it("never drops an entry whose interval overlaps the leader's; drops every one strictly below it", () => {
    fc.assert(
      fc.property(stageResults, (entries) => {
        const d = cull(entries);
        const leader = entries.find((e) => e.id === d.leader)!;
        // the leader has the highest delta (ties: lowest id) and is kept
        for (const e of entries) expect(e.delta < leader.delta || (e.delta === leader.delta && e.id >= leader.id)).toBe(true);
        expect(d.keep).toContain(leader.id);
        // partition, input order
        expect([...d.keep, ...d.drop].sort((a, b) => a - b)).toEqual(entries.map((e) => e.id));
        for (const e of entries) {
          const dropped = d.drop.includes(e.id);
          if (overlaps(e, leader) || !Number.isFinite(e.error) || !Number.isFinite(leader.error)) expect(dropped).toBe(false);
          else expect(dropped).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("with honest intervals (each contains its true delta) the true best is never dropped, at any stage", () => {
    // stages shrink every error by 1/√(iterations); observed deltas stay within their intervals
    const run = fc.record({
      truth: fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 2, maxLength: 40 }),
      sigma: fc.double({ min: 0.1, max: 50, noNaN: true }),
      noise: fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 200, maxLength: 200 }),
    });
    fc.assert(
      fc.property(run, ({ truth, sigma, noise }) => {
        const best = truth.reduce((b, x, i) => (x > truth[b]! ? i : b), 0);
        let active = truth.map((_, i) => i);
        let k = 0;
        for (const n of [1, 4, 16, 64]) {
          const err = sigma / Math.sqrt(n);
          const entries = active.map((i) => ({ id: i, delta: truth[i]! + err * noise[k++ % noise.length]!, error: err }));
          const d = cull(entries);
          expect(d.drop).not.toContain(best);
          active = d.keep;
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses an empty stage", () => {
    expect(() => cull([])).toThrow(RangeError);
  });
});
describe("profile-set generators", () => {
  it("every talent subset", () => {
    const t = talentCombinations(["a", "b", "c"]);
    expect(t.map((v) => v.name)).toEqual(["talents none", "talents a", "talents b", "talents a+b", "talents c", "talents a+c", "talents b+c", "talents a+b+c"]);
  });
  it("talent subsets a character can take: hero talents of the base's hero tree only, no two exclusive talents", () => {
    const spec = {
      allTalents: ["a", "pl", "dr1", "dr2", "x", "y"],
      talentHeroTrees: { pl: "pack_leader", dr1: "dark_ranger", dr2: "dark_ranger" },
      exclusiveTalents: [["x", "y"]] as [string, string][],
      heroTree: "pack_leader",
    };
    // a, pl, x, y: 2^4 = 16 subsets, minus the 4 holding both x and y
    const pl = buildTalentCombinations(spec).map((v) => v.name);
    expect(pl).toHaveLength(12);
    expect(pl.some((n) => n.includes("dr"))).toBe(false);
    expect(pl.some((n) => n.includes("x") && n.includes("y"))).toBe(false);
    expect(pl).toContain("talents a+pl+y");
    // a Dark Ranger base: a, dr1, dr2, x, y: 32 - 8
    const dr = buildTalentCombinations({ ...spec, heroTree: "dark_ranger" }).map((v) => v.name);
    expect(dr).toHaveLength(24);
    expect(dr.some((n) => n.includes("pl"))).toBe(false);
  });
  it("stat splits keep the rating total exactly, C(steps+3, 3) of them", () => {
    const base = { crit: 531, haste: 827, mastery: 1057, versatility: 84 };
    const s = statSplits(base, 5);
    expect(s).toHaveLength(56);
    for (const v of s) {
      const vals = [v["crit"], v["haste"], v["mastery"], v["versatility"]] as number[];
      expect(vals.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
      expect(vals.reduce((a, b) => a + b, 0)).toBe(2499);
    }
    expect(new Set(s.map((v) => v.name)).size).toBe(56);
    expect(statSplits(base, 10)).toHaveLength(286);
  });
  it("products merge keys and refuse a key on both sides", async () => {
    const p = productOfVariants(talentCombinations(["a"]), [{ name: "c", crit: 1 }]);
    expect(p).toEqual([{ name: "talents none | c", talents: [], crit: 1 }, { name: "talents a | c", talents: ["a"], crit: 1 }]);
    await rejects(() => productOfVariants([{ name: "x", crit: 1 }], [{ name: "y", crit: 2 }]), "INVALID_VARIANT", /crit/);
  });
});

describe("profile set on the engine (beast mastery, 120 s)", () => {
  // 4 talent builds x 10 stat splits (thirds of the rating total) = 40 variants
  const base = { spec: "beast-mastery", duration: 120, seed: 11, chunkSize: 50, precision: 0.15 } as const;
  const variants = productOfVariants(talentCombinations(["barbed_scales", "lethal_barbs"]), statSplits({ crit: 531, haste: 827, mastery: 1057, versatility: 84 }, 2));

  it("culls in stages, culled entries lay wholly below the leader at their stage, and the winner matches the run without culling", async () => {
    expect(variants).toHaveLength(40);
    const [withCull, without] = [await profileSet({ ...base, variants }), await profileSet({ ...base, variants, cull: false })];
    expect(withCull.reached).toBe(true);
    expect(without.reached).toBe(true);
    expect(withCull.winner).toBe(without.winner);
    expect(withCull.iterationsSpent).toBeLessThan(without.iterationsSpent);
    expect(without.iterationsSpent).toBe(41 * without.finalIterations);
    expect(withCull.naiveIterations).toBe(41 * withCull.finalIterations);
    // a culled entry's numbers froze at its stage: its interval was strictly below that stage's leader's
    let culled = 0;
    for (const e of withCull.ranking) {
      if (e.culledAtStage === null) continue;
      culled++;
      const s = withCull.stages[e.culledAtStage - 1]!;
      expect(e.delta + e.deltaError).toBeLessThan(s.leaderDelta - s.leaderError);
      expect(e.iterations).toBe(s.iterations);
    }
    expect(culled).toBeGreaterThan(0);
    expect(withCull.stages.reduce((n, s) => n + s.culled, 0)).toBe(culled);
    // survivors all reached the precision on the same iterations
    for (const e of withCull.ranking.filter((x) => !x.baseline && x.culledAtStage === null)) {
      expect(e.iterations).toBe(withCull.finalIterations);
      expect(e.deltaErrorPercent).toBeLessThanOrEqual(0.15);
    }
  });

  it("identical results on 1 and 2 threads", async () => {
    const small = variants.slice(0, 12);
    const [a, b] = [await profileSet({ ...base, variants: small, threads: 1 }), await profileSet({ ...base, variants: small, threads: 2 })];
    const strip = (x: typeof a) => ({ ...x, elapsedMs: 0, prepareMs: 0, poolStartMs: 0, threads: 0 });
    expect(strip(b)).toEqual(strip(a));
  });

  it("typed errors name the option", async () => {
    await rejects(profileSet({ ...base, variants: [] }), "INVALID_VARIANT", /config\.variants/);
    await rejects(profileSet({ ...base, variants, precision: 0 }), "INVALID_ANALYSIS_CONFIG", /config\.precision/);
    await rejects(profileSet({ ...base, variants, growth: 1 }), "INVALID_ANALYSIS_CONFIG", /config\.growth/);
    await rejects(profileSet({ ...base, variants, firstStage: 1 }), "INVALID_ANALYSIS_CONFIG", /config\.firstStage/);
  });
});
