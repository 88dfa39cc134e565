// The DPS-over-time curve (src/engine/dps-timeline.ts): SimulationCraft's 20-bucket sliding mean of the
// per-second means, window [k − 9, k + 10], divided by the buckets present at the edges, never reaching
// past the longest fight.
import { describe, expect, it } from "vitest";
import { smoothDpsTimeline } from "../src/engine/dps-timeline.js";
import { simulate } from "../src/index.js";
import { perSecondChart } from "../src/report/html.js";

describe("smoothDpsTimeline", () => {
  it("is the mean over [k - 9, k + 10] inside the data, clipped at the edges", () => {
    // dps[k] = k for 40 buckets, all reached.
    //   k = 0:  mean(0..10)  = 5
    //   k = 5:  mean(0..15)  = 7.5
    //   k = 20: mean(11..30) = 20.5
    //   k = 39: mean(30..39) = 34.5
    const dps = Array.from({ length: 40 }, (_, k) => k);
    const s = smoothDpsTimeline(dps, new Array(40).fill(3));
    expect(s[0]).toBeCloseTo(5, 12);
    expect(s[5]).toBeCloseTo(7.5, 12);
    expect(s[20]).toBeCloseTo(20.5, 12);
    expect(s[39]).toBeCloseTo(34.5, 12);
  });

  it("turns a 2 s hit pattern into its mean rate and leaves a constant rate unchanged", () => {
    // 3000 damage every other second: the raw buckets alternate 3000 / 0, the window of 20 holds ten
    // of each: 1500 wherever the window is whole (k = 9 … 29 of 40).
    const alt = Array.from({ length: 40 }, (_, k) => (k % 2 === 0 ? 3000 : 0));
    const s = smoothDpsTimeline(alt, new Array(40).fill(1));
    for (let k = 9; k <= 29; k++) expect(s[k]).toBe(1500);
    expect(smoothDpsTimeline(new Array(30).fill(700), new Array(30).fill(2))).toEqual(new Array(30).fill(700));
  });

  it("ignores the buckets no iteration reached (they stay 0 and are outside every window)", () => {
    // 12 reached buckets of 100, then 8 unreached zeros: every reached bucket's window is all 100s.
    const dps = [...new Array(12).fill(100), ...new Array(8).fill(0)];
    const its = [...new Array(12).fill(5), ...new Array(8).fill(0)];
    expect(smoothDpsTimeline(dps, its)).toEqual([...new Array(12).fill(100), ...new Array(8).fill(0)]);
  });

  it("rejects a window that is not an even integer >= 2", () => {
    expect(() => smoothDpsTimeline([1], [1], 3)).toThrow(/even integer/);
    expect(() => smoothDpsTimeline([1], [1], 0)).toThrow(/even integer/);
  });
});

describe("result.perSecond.smoothed", () => {
  it("is the sliding mean of result.perSecond.dps and is drawn in the HTML chart", async () => {
    const r = await simulate({ spec: "fire", iterations: 20, seed: 5, duration: 60, varyLength: 0.2, timeline: false });
    expect(r.perSecond.smoothed).toEqual(smoothDpsTimeline(r.perSecond.dps, r.perSecond.iterations));
    // the curve is smoother than the buckets: its largest second-to-second step is smaller
    const jump = (xs: number[]) => Math.max(...xs.slice(1, 60).map((x, k) => Math.abs(x - xs[k]!)));
    expect(jump(r.perSecond.smoothed)).toBeLessThan(jump(r.perSecond.dps) / 3);
    const svg = perSecondChart(r);
    expect(svg.match(/<polyline /g)).toHaveLength(2);
  });
});
