import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DpsStats, relativeError95 } from "../src/telemetry/dps-stats.js";
import { TelemetryError } from "../src/telemetry/errors.js";

function statsOf(xs: number[]): DpsStats {
  const s = new DpsStats();
  for (const x of xs) s.add(x);
  return s;
}

describe("DpsStats (Welford)", () => {
  it("count, sum, min, max, mean, M2, variance = M2/n", () => {
    // [2,4,4,4,5,5,7,9]: sum 40, mean 5, squared deviations 9+1+1+1+0+0+4+16 = 32 -> variance 32/8 = 4, stddev 2
    const s = statsOf([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(s.count).toBe(8);
    expect(s.sum).toBe(40);
    expect(s.min).toBe(2);
    expect(s.max).toBe(9);
    expect(s.mean).toBe(5);
    expect(s.m2).toBeCloseTo(32, 12);
    expect(s.variance).toBeCloseTo(4, 12);
    expect(s.stddev).toBeCloseTo(2, 12);
  });

  it("merge: M2 = M2_a + M2_b + delta^2 n_a n_b / n", () => {
    // a = [2,4,4]: mean 10/3, M2 = (4/3)^2 + 2 (2/3)^2 = 16/9 + 8/9 = 8/3
    // b = [4,5,5,7,9]: mean 6, M2 = 4+1+1+1+9 = 16
    // delta = 6 - 10/3 = 8/3; delta^2 * 3 * 5 / 8 = (64/9)(15/8) = 40/3; M2 = 8/3 + 16 + 40/3 = 32
    const a = statsOf([2, 4, 4]);
    const b = statsOf([4, 5, 5, 7, 9]);
    expect(a.m2).toBeCloseTo(8 / 3, 12);
    expect(b.m2).toBeCloseTo(16, 12);
    a.merge(b);
    expect(a.count).toBe(8);
    expect(a.mean).toBeCloseTo(5, 12);
    expect(a.m2).toBeCloseTo(32, 12);
    expect(a.min).toBe(2);
    expect(a.max).toBe(9);
    expect(a.sum).toBe(40);
  });

  it("merging with an empty side is the identity; empty stats have no variance", () => {
    const a = statsOf([3, 5]);
    a.merge(new DpsStats());
    expect([a.count, a.mean, a.m2]).toEqual([2, 4, 2]);
    const e = new DpsStats().merge(a);
    expect([e.count, e.mean, e.m2, e.min, e.max]).toEqual([2, 4, 2, 3, 5]);
    expect(new DpsStats().variance).toBe(0);
  });

  it("any split merged equals the sequential pass (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 }), fc.nat(), (xs, k) => {
        const cut = k % (xs.length + 1);
        const whole = statsOf(xs);
        const merged = statsOf(xs.slice(0, cut)).merge(statsOf(xs.slice(cut)));
        expect(merged.count).toBe(whole.count);
        expect(merged.min).toBe(whole.min);
        expect(merged.max).toBe(whole.max);
        const tol = 1e-9 * Math.max(1, Math.abs(whole.mean));
        expect(Math.abs(merged.mean - whole.mean)).toBeLessThanOrEqual(tol);
        expect(Math.abs(merged.m2 - whole.m2)).toBeLessThanOrEqual(1e-7 * Math.max(1, whole.m2) + 1e-6);
      }),
      { numRuns: 200 },
    );
  });

  it("rejects a non-finite sample with a typed error", () => {
    const s = new DpsStats();
    expect(() => s.add(Number.NaN)).toThrow(TelemetryError);
    try {
      s.add(Number.POSITIVE_INFINITY);
    } catch (e) {
      expect((e as TelemetryError).code).toBe("TELEMETRY_BAD_VALUE");
    }
    expect(s.count).toBe(0);
  });
});

describe("relative error (SimulationCraft semantics, percent at 95 %)", () => {
  it("1.96 * stddev / sqrt(n) / mean * 100", () => {
    // stddev 2, n 8, mean 5: 1.96 * 2 / sqrt(8) / 5 * 100 = 1.96 * 0.70710678 / 5 * 100 = 27.718586
    expect(statsOf([2, 4, 4, 4, 5, 5, 7, 9]).relativeError).toBeCloseTo(27.718586, 5);
  });
  it("edge cases: n < 2 -> Infinity, no spread -> 0, mean <= 0 with spread -> Infinity", () => {
    expect(statsOf([]).relativeError).toBe(Number.POSITIVE_INFINITY);
    expect(statsOf([100]).relativeError).toBe(Number.POSITIVE_INFINITY);
    expect(statsOf([7, 7, 7]).relativeError).toBe(0);
    expect(relativeError95({ count: 2, sum: 0, min: -1, max: 1, mean: 0, m2: 2 })).toBe(Number.POSITIVE_INFINITY);
  });
});
