// compare() on the wasm engine: the pairing is chunk-aligned (same numbers as pairing runImage's own
// per-iteration output by hand), the baseline is simulate()'s run, results do not depend on the
// thread count, and pairing buys the precision it claims.
import { describe, expect, it } from "vitest";
import { compare } from "../src/analysis/compare.js";
import { AnalysisError } from "../src/analysis/errors.js";
import { pairedDelta } from "../src/analysis/stats.js";
import { loadAnalysisBase, parseVariant, prepareVariant } from "../src/analysis/variants.js";
import { runImage } from "../src/engine/run.js";
import { simulate } from "../src/engine/simulate.js";

const BASE = { spec: "beast-mastery", duration: 120, seed: 7, chunkSize: 200 } as const;

describe("compare (beast mastery, 120 s)", () => {
  const variants = [
    { name: "agi+1%", agility: "+1%" },
    { name: "haste+100", haste: "+100" },
    { name: "beast cleave", talents: "barbed_scales/natures_ally/howl_of_the_pack_leader/lethal_barbs/serpentine_strikes/beast_cleave" }, // the default build + Beast Cleave, which needs Wild Thrash and a second target: no effect at 1
    { name: "3 targets", targets: 3, talents: "barbed_scales/natures_ally/howl_of_the_pack_leader/lethal_barbs/serpentine_strikes/wild_thrash/beast_cleave" }, // with the AoE pair the single-target default build skips
  ];

  it("equals pairing the engine's own per-iteration DPS by hand, chunk by chunk", async () => {
    const r = await compare({ ...BASE, iterations: 600, variants: variants.slice(0, 2) });
    const base = await loadAnalysisBase(BASE);
    const perIteration = async (input: { name: string } & Record<string, unknown>) => {
      const img = (await prepareVariant(base, await parseVariant(input, "v", { primaryStat: "agility" }))).image;
      const out: number[] = [];
      for (let c = 0; c < 3; c++) {
        const run = runImage(img, { iterations: 200, seed: 7n, chunkId: c, perIteration: true });
        // as carried on the wire: DPS x 10, rounded
        for (const x of run.perIteration!) out.push(Math.round(x * 10) / 10);
      }
      return out;
    };
    const b = await perIteration({ name: "b" });
    for (const [i, input] of variants.slice(0, 2).entries()) {
      const hand = pairedDelta(await perIteration(input), b);
      const v = r.variants[i]!;
      expect(v.iterations).toBe(600);
      expect(v.delta).toBe(hand.delta);
      expect(v.deltaError).toBe(hand.error);
      expect(v.unpairedDeltaError).toBe(hand.unpairedError);
    }
    expect(r.iterationsSpent).toBe(3 * 600);
  });

  it("the baseline is simulate()'s run of the same plan", async () => {
    const [r, s] = await Promise.all([compare({ ...BASE, iterations: 600, variants: [{ name: "same" }] }), simulate({ ...BASE, iterations: 600, timeline: false })]);
    // simulate's mean is merged from per-chunk sums of the x10-rounded DPS: equal to 0.05 DPS
    expect(Math.abs(r.baseline.dps - s.dps.mean)).toBeLessThan(0.05);
    expect(r.variants[0]!.delta).toBe(0);
    expect(r.variants[0]!.deltaError).toBe(0);
  });

  it("a change with no effect is exactly 0 ± 0; AoE is a large positive delta", async () => {
    const r = await compare({ ...BASE, iterations: 400, variants: variants.slice(2) });
    const [noCleave, aoe] = r.variants;
    expect(noCleave!.delta).toBe(0);
    expect(noCleave!.deltaError).toBe(0);
    expect(noCleave!.errorRatio).toBeNull();
    expect(aoe!.delta - aoe!.deltaError).toBeGreaterThan(0);
  });

  it("+1 % primary stat: the paired error is at least 5x smaller than the unpaired one", async () => {
    const r = await compare({ ...BASE, iterations: 1000, variants: [variants[0]!] });
    const v = r.variants[0]!;
    expect(v.delta).toBeGreaterThan(0);
    expect(v.errorRatio).not.toBeNull();
    expect(v.errorRatio!).toBeGreaterThan(5);
    expect(v.correlation!).toBeGreaterThan(0.99);
  });

  it("identical results on 1 and 2 threads, with staged stopping on a delta error target", async () => {
    const cfg = { ...BASE, iterations: 2000, deltaError: 0.05, variants: variants.slice(0, 2) };
    const [a, b] = [await compare({ ...cfg, threads: 1 }), await compare({ ...cfg, threads: 2 })];
    expect(a.stages).toBeGreaterThan(1);
    const strip = (x: typeof a) => ({ ...x, elapsedMs: 0, prepareMs: 0, poolStartMs: 0, threads: 0 });
    expect(strip(b)).toEqual(strip(a));
  });

  it("typed errors for bad configuration", async () => {
    await expect(compare({ ...BASE, variants: [] })).rejects.toMatchObject({ code: "INVALID_VARIANT", field: "config.variants" });
    await expect(compare({ ...BASE, deltaError: -1, variants: [{ name: "x" }] })).rejects.toBeInstanceOf(AnalysisError);
    await expect(compare({ ...BASE, deltaError: -1, variants: [{ name: "x" }] })).rejects.toMatchObject({ field: "config.deltaError" });
    await expect(compare({ ...BASE, iterations: 0, variants: [{ name: "x" }] })).rejects.toMatchObject({ field: "config.iterations" });
    await expect(compare({ ...BASE, variants: [{ name: "x", talents: "nope" }] })).rejects.toMatchObject({ code: "MANIFEST_UNKNOWN_NAME" });
    await expect(compare({ ...BASE, variants: [{ name: "x", crit: "-100000" }] })).rejects.toMatchObject({ code: "INVALID_VARIANT", field: 'variant "x".crit' });
  });
});
