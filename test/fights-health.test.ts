// Target health (assembly/engine/health.ts, src/engine/health-pilot.ts; docs/fights.md "Target health"):
// the pool is rate × the drawn length, the fight ends within 1 ms of the hit that deals it, target.health.pct
// follows the damage, the pilot's rate makes the mean length the configured one.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { prepareSimulation, simulate, type SimulateConfig } from "../src/engine/simulate.js";
import { captureTimeline } from "../src/engine/simulate-telemetry.js";
import type { SpecImage } from "../src/engine/image.js";
import { seedFor } from "../src/kernels/rng.js";

const DATA = path.resolve(__dirname, "../data");
const M64 = (1n << 64n) - 1n;

/** The drawn length (docs/fights.md "Fight length"), written from the formula. */
function drawnMs(seedBase: bigint, chunk: number, iteration: number, durationMs: number, vary: number): number {
  let z = ((seedFor(seedBase, chunk, iteration) ^ 0x6669676874000001n) + 0x9e3779b97f4a7c15n) & M64;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
  z ^= z >> 31n;
  return Math.round(durationMs * (1 + vary * (2 * (Number(z >> 11n) / 2 ** 53) - 1)));
}

// Kill Command only in the execute phase: its first cast marks when target.health.pct < 20 began
const EXECUTE_APL = ["actions=kill_command,if=target.health.pct<20", "actions+=/cobra_shot", "actions+=/barbed_shot"].join("\n");

describe("target health", () => {
  const base: SimulateConfig = { spec: "beast-mastery", dataDir: DATA, duration: 60, varyLength: 0.2, fightLengthMode: "health", seed: 21, rotation: EXECUTE_APL };
  let img: SpecImage;
  beforeAll(async () => {
    img = (await prepareSimulation(base)).image;
  }, 60_000);

  it("the pilot gives a positive health rate; time mode has none", async () => {
    expect(img.run.healthPerMs).toBeGreaterThan(0);
    const t = (await prepareSimulation({ ...base, fightLengthMode: "time" })).image;
    expect(t.run.healthPerMs).toBeUndefined();
  });

  it("each fight ends within 1 ms of the hit that deals the pool; the execute phase starts at the hit that deals 80 % of it", () => {
    const fractions: number[] = [];
    for (let i = 0; i < 12; i++) {
      const tl = captureTimeline(img, 21n, 0, i);
      const pool = img.run.healthPerMs! * drawnMs(21n, 0, i, 60_000, 0.2);
      let sum = 0;
      let t80 = -1;
      let tDeath = -1;
      for (const d of tl.damage) {
        sum += d.amount;
        if (t80 < 0 && sum >= 0.8 * pool) t80 = d.t;
        if (tDeath < 0 && sum >= pool) tDeath = d.t;
      }
      expect(tDeath, `iteration ${i}`).toBeGreaterThan(0);
      // the fight ends at the first ms boundary after the hit that deals the pool
      expect(tl.durationMs - tDeath).toBeGreaterThanOrEqual(0);
      expect(tl.durationMs - tDeath).toBeLessThanOrEqual(1);
      expect(tl.damage.every((d) => d.t <= tl.durationMs)).toBe(true);
      // the first Kill Command: never before the 80 % hit, and before the death (how soon after the 80 %
      // hit depends on the next decision and on focus: this APL can leave the player waiting a few s)
      const kc = tl.casts.find((c) => c.name === "kill_command");
      expect(kc, `iteration ${i}: Kill Command in the execute phase`).toBeDefined();
      expect(kc!.start).toBeGreaterThanOrEqual(t80);
      expect(kc!.start).toBeLessThan(tDeath);
      fractions.push(t80 / tl.durationMs);
    }
    // with a steady damage rate the last 20 % of health take ~20 % of the fight
    const mean = fractions.reduce((a, b) => a + b, 0) / fractions.length;
    expect(mean).toBeGreaterThan(0.74);
    expect(mean).toBeLessThan(0.86);
  }, 60_000);

  it("the mean length is the configured one (the pilot's correction), and identical for 1 and 2 threads", async () => {
    const cfg = { ...base, iterations: 200, chunkSize: 50, timeline: false } as const;
    const a = await simulate({ ...cfg, threads: 1 });
    expect(a.fight.mode).toBe("health");
    expect(Math.abs(a.fight.meanLengthS - 60) / 60).toBeLessThan(0.03);
    const b = await simulate({ ...cfg, threads: 2 });
    for (const k of ["dps", "perSecond", "spells", "fight", "damage"] as const) expect(b[k]).toEqual(a[k]);
  }, 120_000);

  it("a bad fightLengthMode is a typed error", async () => {
    await expect(simulate({ spec: "beast-mastery", dataDir: DATA, iterations: 1, fightLengthMode: "hp" as never })).rejects.toMatchObject({ code: "INVALID_SIM_CONFIG" });
  });
});
