// End-to-end simulate() on the bundled Beast Mastery data (small iteration counts), the compiled image,
// determinism (same seed → identical result; threads 1 vs 2 identical) and the chunk merge formula.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { prepareSimulation, simulate, SimulateError, type SimulateResult } from "../src/engine/simulate.js";
import { chunkBounds, chunkCount } from "../src/runner/pool.js";
import { chunkReportFromResult, emptyChunkReport, mergeChunkReportInto } from "../src/telemetry/report.js";
import { CompileError } from "../src/engine/compile.js";
import { readFileSync } from "node:fs";

const DATA = path.resolve(__dirname, "../data");
let bundle: DataBundle;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
});

/** The result minus what legitimately differs between runs (wall time) and thread count. */
function stable(r: SimulateResult): Omit<SimulateResult, "elapsedMs" | "threads"> {
  const { elapsedMs: _e, threads: _t, ...rest } = r;
  return rest;
}
const spell = (r: SimulateResult, name: string) => r.spells.find((s) => s.name === name);

describe("simulate() Beast Mastery smoke test", () => {
  let r: SimulateResult;
  beforeAll(async () => {
    r = await simulate({ iterations: 300, seed: 1, bundle, dataDir: DATA });
  }, 60_000);

  it("reports the documented result shape", () => {
    expect(r).toMatchObject({ spec: "beast-mastery", durationS: 300, targets: 1, iterations: 300, seed: "1", threads: 1 });
    expect(r.elapsedMs).toBeGreaterThan(0);
    expect(Object.keys(r.dps).sort()).toEqual(["max", "mean", "min", "stddev"]);
  });

  it("DPS is positive and ordered min <= mean <= max with spread", () => {
    expect(r.dps.mean).toBeGreaterThan(0);
    expect(r.dps.min).toBeLessThanOrEqual(r.dps.mean);
    expect(r.dps.mean).toBeLessThanOrEqual(r.dps.max);
    expect(r.dps.stddev).toBeGreaterThan(0);
    // DPS × duration = mean damage per iteration (DPS of an iteration = damage / 300 s)
    expect(r.dps.mean * 300).toBeCloseTo(r.damage.total, 0);
  });

  it("Kill Command casts ≈ fight / recharge: 300 s / 7.5 s = 40 (Cobra Shot CDR can add a few, focus can cost a few)", () => {
    const kc = spell(r, "kill_command")!.casts;
    expect(kc).toBeGreaterThan(36);
    expect(kc).toBeLessThan(45);
  });

  it("cooldown-bound spells stay within their data cooldowns", () => {
    // Bestial Wrath: 90 s, reduced 12 s per Barbed Shot (Barbed Wrath) → at least 4 casts (0, 90, 180, 270)
    const bw = spell(r, "bestial_wrath")!.casts;
    expect(bw).toBeGreaterThanOrEqual(4);
    expect(bw).toBeLessThanOrEqual(10);
    // Call of the Wild: 120 s, nothing reduces it → exactly 3 casts (0, 120, 240)
    expect(spell(r, "call_of_the_wild")!.casts).toBe(3);
    // Bloodshed: 60 s → at most 5 casts (0, 60, ..., 240)
    expect(spell(r, "bloodshed")!.casts).toBeLessThanOrEqual(5);
    // Barbed Shot: 2 charges, 18 s recharge → at most 2 + 300/18 ≈ 18.7 without Wild Call resets; with them a bit more
    const barbed = spell(r, "barbed_shot")!.casts;
    expect(barbed).toBeGreaterThan(15);
    expect(barbed).toBeLessThan(30);
    // Kill Shot only below 20 % health (the last 60 s), 10 s recharge → at most 7 casts
    const ks = spell(r, "kill_shot")!.casts;
    expect(ks).toBeGreaterThan(3);
    expect(ks).toBeLessThanOrEqual(7);
  });

  it("pet damage is tagged and is most of BM damage; every damage source appears", () => {
    expect(r.damage.pet).toBeGreaterThan(0.4 * r.damage.total);
    expect(r.damage.pet).toBeLessThan(r.damage.total);
    for (const n of ["kill_command", "auto_shot", "pet_melee", "pet_basic_attack", "barbed_shot_tick", "cobra_shot"]) {
      expect(spell(r, n)!.damage, n).toBeGreaterThan(0);
    }
    const shares = r.spells.reduce((a, s) => a + s.share, 0);
    expect(shares).toBeCloseTo(1, 9);
  });

  it("no unknown spell casts with the default talents", () => {
    expect(r.warnings.unknownSpellCasts).toBe(0);
  });
});

describe("determinism", () => {
  it("same seed → identical result object; another seed → different DPS", async () => {
    const a = await simulate({ iterations: 120, seed: 7, chunkSize: 50, bundle, dataDir: DATA });
    const b = await simulate({ iterations: 120, seed: 7, chunkSize: 50, bundle, dataDir: DATA });
    const c = await simulate({ iterations: 120, seed: 8, chunkSize: 50, bundle, dataDir: DATA });
    expect(stable(b)).toEqual(stable(a));
    expect(c.dps.mean).not.toBe(a.dps.mean);
  });

  it("threads 1 vs 2 give identical results (fixed chunk plan, merge in chunk order)", async () => {
    const one = await simulate({ iterations: 400, seed: 3, chunkSize: 100, threads: 1, bundle, dataDir: DATA });
    const two = await simulate({ iterations: 400, seed: 3, chunkSize: 100, threads: 2, bundle, dataDir: DATA });
    expect(two.threads).toBe(2);
    expect(stable(two)).toEqual(stable(one));
  }, 60_000);
});

describe("chunk plan and merge (src/runner, src/telemetry)", () => {
  it("the plan depends on iterations and chunk size only", () => {
    const plan = { iterations: 1050, chunkSize: 500 };
    expect(chunkCount(plan)).toBe(3);
    expect([0, 1, 2].map((c) => chunkBounds(plan, c))).toEqual([
      { firstIteration: 0, count: 500 },
      { firstIteration: 500, count: 500 },
      { firstIteration: 1000, count: 50 },
    ]);
  });

  it("merge uses M2 = M2a + M2b + δ²·na·nb/n", () => {
    const part = (chunkId: number, xs: number[]) =>
      chunkReportFromResult(
        { iterations: xs.length, events: 10 * xs.length, iterationDps: Float64Array.from(xs), damage: 0, petDamage: 0, perSecondDamage: [], spells: [{ spellId: 0, casts: 1, damage: 2, hits: 3, crits: 1 }] },
        { chunkId, firstIteration: 0, seedPrefix: 0n },
      );
    // A = [1,2,3]: mean 2, M2 2. B = [4,6]: mean 5, M2 2. δ = 3 → M2 = 2 + 2 + 9·3·2/5 = 14.8, mean = 2 + 3·2/5 = 3.2
    // check: Σ(x − 3.2)² over 1,2,3,4,6 = 4.84 + 1.44 + 0.04 + 0.64 + 7.84 = 14.8
    const m = mergeChunkReportInto(mergeChunkReportInto(emptyChunkReport(), part(0, [1, 2, 3])), part(1, [4, 6]));
    expect(m.dps.count).toBe(5);
    expect(m.dps.mean).toBeCloseTo(3.2, 12);
    expect(m.dps.m2).toBeCloseTo(14.8, 12);
    expect([m.dps.min, m.dps.max, m.events]).toEqual([1, 6, 50]);
    expect(m.spells[0]).toEqual({ spellId: 0, casts: 2, damage: 4, hits: 6, crits: 2, ticks: 0, petDamage: 0, petHits: 0 });
  });
});

describe("simulate() telemetry sections", () => {
  let r: SimulateResult;
  beforeAll(async () => {
    r = await simulate({ iterations: 150, chunkSize: 50, seed: 6, bundle, dataDir: DATA });
  }, 60_000);

  it("DPS error is SimulationCraft's 1.96·stddev/√n/mean (percent) and its DPS half-width", () => {
    expect(r.error.relative).toBeCloseTo(((1.96 * r.dps.stddev) / Math.sqrt(150) / r.dps.mean) * 100, 9);
    expect(r.error.dps).toBeCloseTo((r.error.relative / 100) * r.dps.mean, 9);
    expect(r.error).toMatchObject({ target: null, stoppedEarly: false });
    expect(r.maxIterations).toBe(150);
  });

  it("histogram: bins hold every iteration, percentiles lie within [min, max]", () => {
    expect(r.histogram.bins.reduce((a, b) => a + b.count, 0)).toBe(150);
    expect(r.histogram.bins[0]!.from).toBe(r.dps.min);
    expect(r.histogram.bins.at(-1)!.to).toBe(r.dps.max);
    const p = r.histogram.percentiles;
    // HDR buckets are 0.1 % wide: a percentile may sit at most one bucket beyond the exact extremes
    expect(p.p1).toBeGreaterThanOrEqual(r.dps.min * 0.999);
    expect(p.p99).toBeLessThanOrEqual(r.dps.max * 1.001);
    expect(p.p25).toBeLessThanOrEqual(p.p75);
  });

  it("per-second damage adds up to the mean damage per iteration", () => {
    expect(r.perSecond.dps).toHaveLength(300);
    const perIteration = r.perSecond.dps.reduce((a, x) => a + x, 0);
    expect(perIteration).toBeCloseTo(r.damage.total, 0);
    expect(perIteration / 300).toBeCloseTo(r.dps.mean, 1);
  });

  it("spells: ticks for DoTs, pet flags, pet damage adds up", () => {
    expect(spell(r, "barbed_shot_tick")!.ticks).toBeGreaterThan(0);
    expect(spell(r, "barbed_shot_tick")!.ticks).toBe(spell(r, "barbed_shot_tick")!.hits);
    expect(spell(r, "kill_command")!.pet).toBe(true);
    expect(spell(r, "cobra_shot")!.pet).toBe(false);
    expect(r.spells.reduce((a, s) => a + s.petDamage, 0)).toBeCloseTo(r.damage.pet, 0);
  });

  it("auras: cast-applied auras are applied or refreshed once per cast; uptimes are fractions", () => {
    const aura = (n: string) => r.auras.find((a) => a.name === n)!;
    for (const n of ["bestial_wrath", "call_of_the_wild"]) {
      expect(aura(n).applications + aura(n).refreshes, n).toBeCloseTo(spell(r, n)!.casts, 9);
    }
    for (const a of r.auras) {
      expect(a.uptime).toBeGreaterThanOrEqual(0);
      expect(a.uptime).toBeLessThanOrEqual(1);
    }
    // Call of the Wild: 3 casts x 20 s (its data duration) = 60 s of 300 s
    expect(aura("call_of_the_wild").uptime).toBeCloseTo(0.2, 6);
  });

  it("focus: spending and gains by source balance within the 0-100 bar", () => {
    const focus = r.resources[0]!;
    expect(focus.name).toBe("focus");
    const sum = (k: "spent" | "gained" | "wasted") => focus.sources.reduce((a, s) => a + s[k], 0);
    expect(sum("spent")).toBeCloseTo(focus.spent, 6);
    expect(sum("gained")).toBeCloseTo(focus.gained, 6);
    expect(sum("wasted")).toBeCloseTo(focus.wasted, 6);
    // start full (100) + gains − spending = what is left at the end, between 0 and 100
    expect(100 + focus.gained - focus.spent).toBeGreaterThanOrEqual(-1e-6);
    expect(100 + focus.gained - focus.spent).toBeLessThanOrEqual(100 + 1e-6);
    // Kill Command costs 30 focus per cast
    expect(focus.sources.find((s) => s.name === "kill_command")!.spent).toBeCloseTo(30 * spell(r, "kill_command")!.casts, 6);
    expect(focus.sources.find((s) => s.kind === "regen")!.gained).toBeGreaterThan(0);
  });

  it("representative iteration: closest to the mean, replayed with the same DPS", () => {
    const rep = r.representative!;
    expect(Math.abs(rep.dps - r.dps.mean)).toBeLessThan(r.dps.stddev);
    expect(r.timeline!.dps).toBeCloseTo(rep.dps, 1);
    expect(r.timeline!.casts.length).toBeGreaterThan(100);
    expect(r.timeline!.damage.reduce((a, d) => a + d.amount, 0) / 300).toBeCloseTo(r.timeline!.dps, 6);
  });
});

describe("early exit and worker counts", () => {
  it("target error: stops after the first chunk that reaches it; identical to a fixed run of that length; 1 = 2 = 3 threads", async () => {
    const cfg = { iterations: 400, chunkSize: 50, seed: 12, bundle, dataDir: DATA, targetError: 2 };
    const one = await simulate({ ...cfg, threads: 1 });
    expect(one.error.stoppedEarly).toBe(true);
    expect(one.error.relative).toBeLessThanOrEqual(2);
    expect(one.iterations % 50).toBe(0);
    expect(one.iterations).toBeLessThan(400);
    const two = await simulate({ ...cfg, threads: 2 });
    const three = await simulate({ ...cfg, threads: 3 });
    expect(stable(two)).toEqual(stable(one));
    expect(stable(three)).toEqual(stable(one));
    const fixed = await simulate({ iterations: one.iterations, chunkSize: 50, seed: 12, bundle, dataDir: DATA });
    expect({ ...stable(fixed), maxIterations: 0, error: 0 }).toEqual({ ...stable(one), maxIterations: 0, error: 0 });
  }, 90_000);
});

describe("compiled image", () => {
  it("carries the resolved Kill Command and folds pet mastery into pet coefficients", async () => {
    const prep = await prepareSimulation({ bundle, dataDir: DATA });
    const img = prep.image;
    const kc = img.spells.find((s) => s.name === "kill_command")!;
    expect(kc).toMatchObject({ id: 34026, chargeCategoryId: 2067, maxCharges: 1, chargeRecoveryMs: 7500, recoveryMs: 500, startRecoveryCategory: 133, startRecoveryMs: 1500, cost: { resource: 0, amount: 30 } });
    const dmg = img.damage[kc.damage!]!;
    // 83381 AP 2.0 × pet mastery (1 + 18 % / 100): 10 mastery points (7000 / 700) × 1.8 = 18 %
    expect(dmg.pet).toBeDefined();
    expect(dmg.coefficient).toBeCloseTo(2 * 1.18, 12);
    expect(img.mastery.kind).toBe("none");
    // the image's mastery stat is before the coefficient
    expect(img.stats.mastery).toBeCloseTo(10, 12);
    // auto shot: AP / 6 per second of swing → 2.9 s / 6
    const auto = img.damage[img.autoAttack!.damage]!;
    expect(auto.coefficient).toBeCloseTo(2.9 / 6, 12);
    expect(img.autoAttack).toMatchObject({ swingMs: 2900, weaponMin: 5100, weaponMax: 7700 });
    // target: level 83 armor 484, K 1129
    expect(img.run).toMatchObject({ durationMs: 300000, targets: 1, targetArmor: 484, armorK: 1129 });
  });

  it("refuses to fold pet mastery when an aura changes mastery", async () => {
    const m = JSON.parse(readFileSync(path.join(DATA, "manifests/beast-mastery.json"), "utf8"));
    m.auras.push({ name: "mastery_buff", id: 186254, effects: [{ type: "mastery", value: 5 }] });
    await expect(prepareSimulation({ bundle, dataDir: DATA, manifest: m })).rejects.toBeInstanceOf(CompileError);
  });
});

describe("talent mechanics", () => {
  const ALL = ["barbed_wrath", "thrill_of_the_hunt", "wild_call", "beast_cleave", "call_of_the_wild", "bloodshed", "dire_beast"];
  const without = (t: string) => simulate({ iterations: 80, seed: 4, bundle, dataDir: DATA, talents: ALL.filter((x) => x !== t) });
  let all: SimulateResult;
  beforeAll(async () => {
    all = await simulate({ iterations: 80, seed: 4, bundle, dataDir: DATA });
  });

  it("Wild Call: without it Barbed Shot is charge-bound: 2 + floor(299 s / 18 s) = 18 casts; with it, more", async () => {
    const r = await without("wild_call");
    expect(spell(r, "barbed_shot")!.casts).toBe(18);
    expect(spell(all, "barbed_shot")!.casts).toBeGreaterThan(18.5);
  });

  it("Barbed Wrath: without it Bestial Wrath is cast at 0, 90, 180, 270 s = 4 times; with it (−12 s per Barbed Shot) more", async () => {
    const r = await without("barbed_wrath");
    expect(spell(r, "bestial_wrath")!.casts).toBe(4);
    expect(spell(all, "bestial_wrath")!.casts).toBeGreaterThan(5);
  });

  it("Thrill of the Hunt (+3 % crit per stack) raises the crit rate of player hits", async () => {
    const r = await without("thrill_of_the_hunt");
    // profile crit is 15 %; Thrill adds up to 9 % while Barbed Shot keeps it stacked
    expect(spell(r, "cobra_shot")!.critRate).toBeLessThan(spell(all, "cobra_shot")!.critRate);
    expect(spell(r, "auto_shot")!.critRate).toBeGreaterThan(0.12);
    expect(spell(r, "auto_shot")!.critRate).toBeLessThan(0.18);
  });
});

describe("configuration", () => {
  it("without talents the talent spells are never cast and DPS drops", async () => {
    const base = await simulate({ iterations: 60, seed: 2, bundle, dataDir: DATA });
    const none = await simulate({ iterations: 60, seed: 2, bundle, dataDir: DATA, talents: [] });
    for (const n of ["bloodshed", "dire_beast", "call_of_the_wild"]) expect(spell(none, n)).toBeUndefined();
    expect(none.talents).toEqual([]);
    expect(none.dps.mean).toBeLessThan(base.dps.mean);
  });

  it("several targets run the cleave list (Multi-Shot for Beast Cleave)", async () => {
    const r = await simulate({ iterations: 40, seed: 2, targets: 3, bundle, dataDir: DATA });
    expect(spell(r, "multi_shot")!.casts).toBeGreaterThan(5);
  });

  it.each([
    [{ iterations: 0 }, /config.iterations/],
    [{ duration: -5 }, /config.duration/],
    [{ seed: -1 }, /config.seed/],
    [{ targets: 1.5 }, /config.targets/],
    [{ threads: 0 }, /config.threads/],
    [{ spec: "../etc" }, /config.spec/],
    [{ targetError: 0 }, /config.targetError/],
  ])("bad config %j → SimulateError INVALID_SIM_CONFIG", async (cfg, msg) => {
    const p = simulate({ ...cfg, bundle, dataDir: DATA } as never);
    await expect(p).rejects.toBeInstanceOf(SimulateError);
    await expect(p).rejects.toThrow(msg);
  });

  it("an unknown spec names the missing manifest file", async () => {
    await expect(simulate({ spec: "no-such-spec", iterations: 1, bundle, dataDir: DATA })).rejects.toThrow(/manifests\/no-such-spec\.json/);
  });
});
