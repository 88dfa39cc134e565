// Fight length variation (assembly/engine/fight.ts, docs/fights.md "Fight length"): each iteration lasts
// round(D × (1 + v × (2u − 1))) ms, u from a splitmix64 finalizer of the iteration's seed; per-second DPS
// is the mean over the iterations still running; results do not depend on the thread count.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { simulate } from "../src/engine/simulate.js";
import { seedFor } from "../src/kernels/rng.js";
import { fightBuckets, fightMaxMs, iterationsPerBucket } from "../src/engine/fight.js";

const DATA = path.resolve(__dirname, "../data");
const M64 = (1n << 64n) - 1n;

/** The expected length, written from the formula in docs/fights.md (independent of the engine code). */
function expectedLengthMs(seedBase: bigint, chunk: number, iteration: number, durationMs: number, vary: number): number {
  let z = ((seedFor(seedBase, chunk, iteration) ^ 0x6669676874000001n) + 0x9e3779b97f4a7c15n) & M64;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
  z ^= z >> 31n;
  const u = Number(z >> 11n) / 2 ** 53;
  return Math.round(durationMs * (1 + vary * (2 * u - 1)));
}

describe("fight length variation", () => {
  it("host bucket helpers: max length, bucket count, iterations still running", () => {
    expect(fightMaxMs({ durationMs: 300_000, varyLength: 0.2 })).toBe(360_000);
    expect(fightMaxMs({ durationMs: 300_000 })).toBe(300_000);
    expect(fightBuckets({ durationMs: 1500, varyLength: 0.1 })).toBe(2); // 1650 ms
    // lengths in whole buckets: 1 iteration of 1 s, 2 of 2 s, 1 of 3 s -> running 4, 3, 1
    expect(iterationsPerBucket([0, 1, 2, 1], 3)).toEqual([4, 3, 1]);
  });

  it("every iteration's length follows its seed; the replayed representative lasts its drawn length", async () => {
    const r = await simulate({ spec: "beast-mastery", dataDir: DATA, duration: 60, varyLength: 0.2, iterations: 40, seed: 7, chunkSize: 20 });
    const rep = r.representative!;
    expect(r.timeline!.durationMs).toBe(expectedLengthMs(7n, rep.chunkId, rep.iteration, 60_000, 0.2));
    // the mean length is the mean of the 40 drawn lengths
    let sum = 0;
    for (let c = 0; c < 2; c++) for (let i = 0; i < 20; i++) sum += expectedLengthMs(7n, c, i, 60_000, 0.2);
    expect(r.fight.meanLengthS).toBeCloseTo(sum / 40 / 1000, 9);
    // running counts: all 40 up to 48 s, none from 72 s, non-increasing, and they match the drawn lengths
    const lens: number[] = [];
    for (let c = 0; c < 2; c++) for (let i = 0; i < 20; i++) lens.push(expectedLengthMs(7n, c, i, 60_000, 0.2));
    expect(r.perSecond.dps.length).toBe(72);
    r.perSecond.iterations.forEach((m, k) => expect(m).toBe(lens.filter((l) => l > k * 1000).length));
    expect(r.perSecond.iterations[47]).toBe(40);
    // each second's DPS × the iterations running in it sums to the damage of all iterations
    const total = r.perSecond.dps.reduce((s, d, k) => s + d * r.perSecond.iterations[k]!, 0);
    expect(total).toBeCloseTo(r.damage.total * 40, -1);
  }, 60_000);

  it("lengths are uniform within ±vary: mean within 4 standard errors of D, spread covers the range", async () => {
    const n = 600;
    const r = await simulate({ spec: "beast-mastery", dataDir: DATA, duration: 100, varyLength: 0.2, iterations: n, seed: 3, timeline: false });
    const se = (100 * 0.2) / Math.sqrt(3) / Math.sqrt(n); // stddev of U(80, 120) / √n
    expect(Math.abs(r.fight.meanLengthS - 100)).toBeLessThan(4 * se);
    expect(r.perSecond.iterations[79]).toBe(n); // nobody ends before 80 s
    expect(r.perSecond.iterations[119]).toBeGreaterThan(0);
    expect(r.perSecond.iterations[100]!).toBeGreaterThan(n * 0.4);
    expect(r.perSecond.iterations[100]!).toBeLessThan(n * 0.6);
  }, 60_000);

  it("varyLength 0: every iteration lasts the configured length", async () => {
    const r = await simulate({ spec: "beast-mastery", dataDir: DATA, duration: 30, varyLength: 0, iterations: 10, seed: 5 });
    expect(r.fight.meanLengthS).toBe(30);
    expect(r.perSecond.iterations).toEqual(new Array(30).fill(10));
    expect(r.timeline!.durationMs).toBe(30_000);
  }, 60_000);

  it("identical results for 1 and 2 threads", async () => {
    const base = { spec: "beast-mastery", dataDir: DATA, duration: 40, varyLength: 0.3, iterations: 60, seed: 11, chunkSize: 15, timeline: false } as const;
    const a = await simulate({ ...base, threads: 1 });
    const b = await simulate({ ...base, threads: 2 });
    for (const k of ["dps", "perSecond", "spells", "auras", "fight", "damage"] as const) expect(b[k]).toEqual(a[k]);
  }, 120_000);

  it("a bad varyLength is a typed error", async () => {
    for (const v of [-0.1, 1, Number.NaN, "0.2"]) {
      await expect(simulate({ spec: "beast-mastery", dataDir: DATA, iterations: 1, varyLength: v as number })).rejects.toMatchObject({ code: "INVALID_SIM_CONFIG" });
    }
  });
});
