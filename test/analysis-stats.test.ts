// The analysis statistics against hand-computed values: Student-t quantiles (table values), the
// paired delta and its error, the unpaired (Welch) error, the streaming moments.
import { describe, expect, it } from "vitest";
import { CoMoments, meanError95, Moments, pairedDelta, tQuantile975, unpairedError95, welchDf } from "../src/analysis/stats.js";

describe("tQuantile975", () => {
  // two-sided 95 % Student-t quantiles as printed in statistical tables
  it.each([
    [1, 12.7062047362],
    [2, 4.3026527297],
    [4, 2.7764451052],
    [10, 2.2281388520],
    [30, 2.0422724563],
    [100, 1.9839715185],
    [499, 1.9647293910],
  ])("df %d = %f", (df, q) => {
    expect(tQuantile975(df)).toBeCloseTo(q, 8);
  });
  it("fractional df (Welch) lies between its integer neighbours", () => {
    const q = tQuantile975(7.9512);
    expect(q).toBeLessThan(tQuantile975(7));
    expect(q).toBeGreaterThan(tQuantile975(8));
    expect(q).toBeCloseTo(2.30847, 4);
  });
  it("tends to the normal quantile and is infinite without degrees of freedom", () => {
    expect(tQuantile975(1e9)).toBe(1.959963984540054);
    expect(tQuantile975(0)).toBe(Number.POSITIVE_INFINITY);
    expect(tQuantile975(Number.NaN)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("paired delta arithmetic (hand-computed samples)", () => {
  // iteration i of both runs shares a seed: the baseline and a variant 0.5..1.5 DPS better
  const baseline = [10, 12, 11, 13, 14];
  const variant = [11, 12.5, 12, 13.5, 15.5];
  // d = [1, 0.5, 1, 0.5, 1.5]: mean 0.9, Σ(d − 0.9)² = 0.01 + 0.16 + 0.01 + 0.16 + 0.36 = 0.70, s² = 0.70 / 4 = 0.175
  // error = t(0.975, 4) · sqrt(0.175 / 5) = 2.7764451052 · 0.1870828693 = 0.5194253168
  // unpaired: s²(b) = 10 / 4 = 2.5, s²(v) = 11.7 / 4 = 2.925, se = sqrt((2.5 + 2.925) / 5) = 1.0416333328,
  // Welch df = (0.5 + 0.585)² / ((0.5² + 0.585²) / 4) = 7.9512009794, t = 2.3084699220 → 2.4045792186
  const r = pairedDelta(variant, baseline);
  it("delta is the mean of the per-iteration differences", () => {
    expect(r.n).toBe(5);
    expect(r.delta).toBeCloseTo(0.9, 12);
  });
  it("paired error from the differences", () => {
    expect(r.error).toBeCloseTo(0.5194253168, 8);
  });
  it("unpaired error as if the runs were independent (Welch)", () => {
    expect(welchDf(2.5, 5, 2.925, 5)).toBeCloseTo(7.9512009794, 8);
    expect(r.unpairedError).toBeCloseTo(2.4045792186, 7);
    expect(r.unpairedError / r.error).toBeCloseTo(4.6293, 3);
  });
  it("correlation of the pairs", () => {
    // Σ(b − 12)(v − 12.9) = (−2)(−1.9) + 0 + (−1)(−0.9) + (1)(0.6) + (2)(2.6) = 3.8 + 0.9 + 0.6 + 5.2 = 10.5
    // r = 10.5 / sqrt(10 · 11.7) = 0.9707253434
    expect(r.correlation).toBeCloseTo(0.9707253434, 9);
  });
  it("identical runs: delta 0 with error exactly 0 (no cancellation), correlation 1", () => {
    const same = pairedDelta(baseline, baseline);
    expect(same.delta).toBe(0);
    expect(same.error).toBe(0);
    expect(same.correlation).toBeCloseTo(1, 12);
    expect(same.unpairedError).toBeGreaterThan(0);
  });
  it("a constant shift is exact: error 0", () => {
    const shifted = pairedDelta(baseline.map((x) => x + 2.5), baseline);
    expect(shifted.delta).toBeCloseTo(2.5, 12);
    expect(shifted.error).toBeLessThan(1e-12);
  });
  it("rejects unequal lengths and gives infinite errors below two pairs", () => {
    expect(() => pairedDelta([1, 2], [1])).toThrow(/2 variant samples vs 1/);
    expect(pairedDelta([3], [1]).error).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("streaming moments", () => {
  it("Moments matches the two-pass mean and variance", () => {
    const xs = [1847.1, 1850.3, 1790.2, 1901.9, 1822.0, 1866.6];
    const m = new Moments();
    for (const x of xs) m.add(x);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const s2 = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1);
    expect(m.mean).toBeCloseTo(mean, 10);
    expect(m.variance).toBeCloseTo(s2, 8);
    expect(meanError95(m)).toBeCloseTo(tQuantile975(5) * Math.sqrt(s2 / 6), 8);
  });
  it("CoMoments matches the two-pass covariance", () => {
    const xs = [1, 2, 4, 7];
    const ys = [2, 1, 5, 9];
    const c = new CoMoments();
    xs.forEach((x, i) => c.add(x, ys[i]!));
    // means 3.5, 4.25; Σ(x−3.5)(y−4.25) = (−2.5)(−2.25) + (−1.5)(−3.25) + (0.5)(0.75) + (3.5)(4.75) = 5.625 + 4.875 + 0.375 + 16.625 = 27.5
    expect(c.covXY).toBeCloseTo(27.5 / 3, 12);
    expect(c.varX).toBeCloseTo((6.25 + 2.25 + 0.25 + 12.25) / 3, 12);
  });
  it("unpairedError95 of two spread-free samples is 0, of too few samples infinite", () => {
    expect(unpairedError95({ n: 3, m2: 0 }, { n: 3, m2: 0 })).toBe(0);
    expect(unpairedError95({ n: 1, m2: 0 }, { n: 3, m2: 1 })).toBe(Number.POSITIVE_INFINITY);
  });
});
