// The wasm engine as a chunk workload: inline and on worker_threads, same bytes; chunk seeds and
// the representative rerun match runImage called directly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpecImage } from "../src/engine/image.js";
import { runImage } from "../src/engine/run.js";
import { createEngineRunner, type EngineWorkloadSpec } from "../src/runner/engine-workload.js";
import { WorkerPool } from "../src/runner/pool.js";
import { runChunked } from "../src/runner/run.js";
import type { ChunkResult } from "../src/runner/types.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

// One instant GCD spell, 100 flat damage, 30 % crit (+5 base) x2: 7 casts in 10 s (0, 1.5, ..., 9 s),
// so an iteration's DPS is (7 + crits) * 100 / 10, between 70 and 140: real spread for the stats.
const image: SpecImage = {
  name: "runner-test",
  run: { durationMs: 10_000, targets: 1, targetArmor: 0, armorK: 1000 },
  stats: { attackPower: 1000, spellPower: 1000, crit: 30, haste: 0, mastery: 0, versatility: 0 },
  mastery: { kind: "none", coefficient: 0 },
  resources: [],
  spells: [{ id: 1006, name: "strike", castMs: 0, startRecoveryCategory: 133, startRecoveryMs: 1500, damage: 0 }],
  auras: [],
  damage: [{ spell: 0, kind: "flat", base: 100, coefficient: 0, school: 1 }],
  opLists: [],
  rotation: { kind: "priority", entries: [{ spell: 0 }] },
};
const workload: EngineWorkloadSpec = { kind: "engine", seedBase: 99n, image };

describe("engine workload", () => {
  it("a chunk = runImage over seeds seedFor(seedBase, chunkId, 0..count-1)", () => {
    const r = createEngineRunner(workload)(2, 200, 50) as ChunkResult;
    const direct = runImage(image, { iterations: 50, seed: 99n, chunkId: 2, perIteration: true });
    expect(Array.from(r.iterationDps)).toEqual(Array.from(direct.perIteration!));
    expect(r.damage).toBe(direct.damage.total);
    // spells are keyed by image index (game ids repeat in images); no ticks, no pet hits here
    expect(r.spells).toEqual([{ spellId: 0, casts: direct.spells[0]!.casts, hits: direct.spells[0]!.hits, crits: direct.spells[0]!.crits, damage: direct.spells[0]!.damage, ticks: 0, petDamage: 0, petHits: 0 }]);
    // one 100-damage hit per cast: 10 s of 1000 ms buckets, summed over the 50 iterations
    expect(Array.from(r.perSecondDamage).reduce((a, x) => a + x, 0)).toBe(direct.damage.total);
    // DPS per iteration = (7 casts + crits) * 100 / 10 s
    for (const x of r.iterationDps) {
      expect(x).toBeGreaterThanOrEqual(70);
      expect(x).toBeLessThanOrEqual(140);
      expect(x % 10).toBe(0);
    }
    expect(r.spells![0]!.casts).toBe(7 * 50);
  });

  describe("pooled", () => {
    let pool: WorkerPool;
    beforeAll(async () => {
      pool = await WorkerPool.create({ size: 2 });
    }, 60_000);
    afterAll(async () => {
      await pool.close();
    });

    it("inline and 2 workers: byte-identical; totals = sum of direct chunk runs", async () => {
      const opts = { workload, iterations: 1000, chunkSize: 256 };
      const inline = await runChunked(opts);
      const pooled = await runChunked({ ...opts, executor: pool });
      expect(hex(pooled.bytes)).toBe(hex(inline.bytes));
      expect(pooled.representative).toEqual(inline.representative);
      let damage = 0;
      for (const [c, n] of [[0, 256], [1, 256], [2, 256], [3, 232]] as const) damage += runImage(image, { iterations: n, seed: 99n, chunkId: c }).damage.total;
      expect(inline.report.damage).toBeCloseTo(damage, 6); // integer damage here: x10 rounding is exact
      expect(inline.report.dps.stddev).toBeGreaterThan(0);
      expect(inline.report.spells[0]!.casts).toBe(7000);
    }, 60_000);

    it("the representative iteration reruns to the same DPS", async () => {
      const res = await runChunked({ workload, iterations: 600, chunkSize: 100, executor: pool });
      const rep = res.representative!;
      const rerun = runImage(image, { iterations: 1, seed: 99n, chunkId: rep.chunkId, iterationStart: rep.iteration, perIteration: true });
      expect(rerun.perIteration![0]).toBe(rep.dps);
      expect(rep.distance).toBeLessThanOrEqual(5); // DPS values are multiples of 10
    }, 60_000);
  });
});
