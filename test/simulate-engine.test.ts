// End-to-end simulate() on the bundled Beast Mastery data (small iteration counts), the compiled image,
// determinism (same seed → identical result; threads 1 vs 2 identical) and the chunk merge formula.
// Spell values: data/sources/12.0.0.64228/hunter.txt (SimulationCraft spell dump of client 12.0.0.64228; the
// block of each spell id, `data/data/spell-dump.json` gives its line) and real 12.0.5 rows of data/data/tables
// (SpellCategory / SpellCooldowns / SpellPower / CombatRatings / ExpectedStat), cited next to each expectation.
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
    r = await simulate({ iterations: 300, seed: 1, bundle, dataDir: DATA, varyLength: 0 });
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

  it("Kill Command casts ≈ charge-bound 1 + floor(299 s / 7.5 s) = 40 (Cobra Shot CDR can add a few, GCDs and focus can cost a few)", () => {
    // 34026: 1 charge / 7.5 s (SpellCategories row 6766 → ChargeCategory 2067; SpellCategory 2067 MaxCharges 1,
    // ChargeRecoveryTime 7500; dump "Charges : 1 (7.5 seconds cooldown)"). Cobra Shot 193455 #3 (id=481423, Base Value 1:
    // "Reduces the cooldown of Kill Command by $s3 sec") takes 1 s off per cast. So per iteration
    // casts <= 1 (the charge it starts with) + (300 s + 1 s x Cobra Shots) / 7.5 s, an upper bound that holds
    // for the mean too.
    const kc = spell(r, "kill_command")!.casts;
    const cobra = spell(r, "cobra_shot")!.casts;
    expect(kc).toBeLessThanOrEqual(1 + (300 + cobra) / 7.5);
    expect(kc).toBeGreaterThan(36);
    expect(kc).toBeLessThan(45);
  });

  it("cooldown-bound spells stay within their data cooldowns", () => {
    // Bestial Wrath 19574: 90 s cooldown (SpellCooldowns row 21416 RecoveryTime 90000; dump "Cooldown : 90 seconds").
    // Nothing reduces it in 12.0 (Barbed Wrath left the build) → exactly 4 casts (0, 90, 180, 270 s: a GCD or
    // two of delay each time cannot push the 4th past 300 s or make room for a 5th).
    expect(spell(r, "bestial_wrath")!.casts).toBe(4);
    // Barbed Shot 217200: 2 charges / 18 s (SpellCategories row 55815 → ChargeCategory 1675; SpellCategory 1675
    // MaxCharges 2, ChargeRecoveryTime 18000; dump "Charges : 2 (18 seconds cooldown)"). Wild Call left the
    // build; Barbed Scales (469880 #1 Base Value 2000) takes 2 s off per Cobra Shot, and the rotation never lets
    // both charges sit: more than 2 + floor(299 s / 18 s) = 18, at most 2 + (299 s + 2 s x Cobra Shots) / 18 s.
    const barbed = spell(r, "barbed_shot")!.casts;
    expect(barbed).toBeGreaterThan(18);
    expect(barbed).toBeLessThanOrEqual(2 + (299 + 2 * spell(r, "cobra_shot")!.casts) / 18);
  });

  it("only the 12.0 Beast Mastery spells act: what left the build is gone", () => {
    // data/specs/beast-mastery/manifest.json spells + hunter.json's Auto Shot and pet attacks + the bleed's tick entry;
    // Multi-Shot is the cleave list's (one target here). Call of the Wild, Bloodshed, Dire Beast (no longer in
    // the 12.0.0.64228 build) and Kill Shot (53351: Marksmanship talent only) are not in the image at all.
    expect(r.spells.map((s) => s.name).sort()).toEqual(
      ["auto_shot", "barbed_shot", "barbed_shot_tick", "bestial_wrath", "cobra_shot", "kill_command", "pet_basic_attack", "pet_melee"],
    );
    for (const n of ["call_of_the_wild", "bloodshed", "dire_beast", "kill_shot", "barrage", "a_murder_of_crows"]) expect(spell(r, n), n).toBeUndefined();
  });

  it("pet damage is tagged and is about half of BM damage; every damage source appears", () => {
    // Per iteration, before crit / Bestial Wrath / armor (AP 1392, all physical; swings hasted x 1.188):
    // pet = Kill Command ~42 x 1392 x 2.43 (see "compiled image") ≈ 142k + melee 150 x 1.188 x 1392 x 0.333333
    // x 0.6 x 1.4366 ≈ 71k + Claw 100 x 1.188 x 1392 x 0.5 x 0.6 x 1.4366 ≈ 71k (x Frenzy) ≈ 285k;
    // player = Auto Shot 100 x 1.188 x (1392 x 0.5 + 304.5) ≈ 119k + Cobra Shot ~27 x 1392 x 1.565 x 0.94 ≈ 55k
    // + bleed 6 ticks x 18 x 1392 x 0.7125 x 0.94 ≈ 101k ≈ 275k → the pet deals about half.
    expect(r.damage.pet).toBeGreaterThan(0.4 * r.damage.total);
    expect(r.damage.pet).toBeLessThan(r.damage.total);
    for (const n of ["kill_command", "auto_shot", "pet_melee", "pet_basic_attack", "barbed_shot_tick", "cobra_shot"]) {
      expect(spell(r, n)!.damage, n).toBeGreaterThan(0);
    }
    const shares = r.spells.reduce((a, s) => a + s.share, 0);
    expect(shares).toBeCloseTo(1, 8); // per-spell shares of ~10 entries: float sums within 1e-9
  });

  it("no unknown spell casts with the default talents", () => {
    expect(r.warnings.unknownSpellCasts).toBe(0);
  });
});

// Kill Shot left Beast Mastery in 12.0 (53351's only Talent Entry is Marksmanship row 6): its execute-phase
// gating is checked on the Marksmanship build instead.
describe("execute phase: Kill Shot (Marksmanship)", () => {
  it("is cast only below 20 % target health (the last 60 s) and within its 10 s recharge", async () => {
    // Kill Shot is replaced by Black Arrow in the Dark Ranger default build (466932): a build without Black Arrow.
    // SimC's MM APL casts Kill Shot only in its Sentinel list: a small rotation after its single-target priorities
    const rotation = {
      lists: {
        default: [
          { cast: "rapid_fire" },
          { cast: "kill_shot", if: "target.health.pct < 20" },
          { cast: "aimed_shot" },
          { cast: "arcane_shot", if: "buff.precise_shots.up" },
          { cast: "steady_shot" },
        ],
      },
    };
    // on the bare profile (no flask or rune: docs/consumables.md), as the casts below were counted
    const r = await simulate({ spec: "marksmanship", iterations: 100, seed: 1, bundle, dataDir: DATA, rotation, talents: ["precise_shots", "lock_and_load", "kill_shot"], flask: "none", food: "none", augmentRune: "none" });
    // the rotation casts it if target.health.pct < 20 (53351 #2 (id=45990) Base Value 20); the engine's health
    // falls linearly over the fight, so from 240 s on. 1 charge / 10 s (SpellCategories row 11859 → ChargeCategory
    // 1873; SpellCategory 1873 MaxCharges 1, ChargeRecoveryTime 10000; dump "Charges : 1 (10 seconds cooldown)"):
    // at most 240, 250, ..., 290 s = 6 casts; Rapid Fire's channel or a GCD can delay each by a little
    const ks = spell(r, "kill_shot")!.casts;
    expect(ks).toBeGreaterThan(4);
    expect(ks).toBeLessThanOrEqual(6);
    const casts = r.timeline!.casts.filter((c) => c.name === "kill_shot");
    expect(casts.length).toBeGreaterThan(0);
    for (const c of casts) expect(c.t).toBeGreaterThan(240_000);
  }, 60_000);
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
    r = await simulate({ iterations: 150, chunkSize: 50, seed: 6, bundle, dataDir: DATA, varyLength: 0 });
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
    // Bestial Wrath's cast applies the player's aura (19574) and the pet's (186254)
    for (const n of ["bestial_wrath", "bestial_wrath_pet"]) {
      expect(aura(n).applications + aura(n).refreshes, n).toBeCloseTo(spell(r, "bestial_wrath")!.casts, 9);
    }
    for (const a of r.auras) {
      expect(a.uptime).toBeGreaterThanOrEqual(0);
      expect(a.uptime).toBeLessThanOrEqual(1);
    }
    // Bestial Wrath: 4 casts (0, 90, 180, 270 s) x 15 s (19574 and 186254 "Duration : 15 seconds") = 60 s of 300 s
    expect(aura("bestial_wrath").uptime).toBeCloseTo(0.2, 6);
    expect(aura("bestial_wrath_pet").uptime).toBeCloseTo(0.2, 6);
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
    // Kill Command costs 30 focus per cast (SpellPower row 1470, ManaCost 30), Cobra Shot 35 (row 10443)
    expect(focus.sources.find((s) => s.name === "kill_command")!.spent).toBeCloseTo(30 * spell(r, "kill_command")!.casts, 6);
    expect(focus.sources.find((s) => s.name === "cobra_shot")!.spent).toBeCloseTo(35 * spell(r, "cobra_shot")!.casts, 6);
    expect(focus.sources.find((s) => s.kind === "regen")!.gained).toBeGreaterThan(0);
    // Barbed Shot's focus aura (246152 #1 Base Value 5 every 2 s for 8 s = 20 per Barbed Shot): landed + wasted is
    // at most 20 per cast (ticks still pending at the fight end never happen)
    const regen = focus.sources.find((s) => s.kind === "aura" && s.name === "barbed_shot_regen")!;
    expect(regen.gained + regen.wasted).toBeGreaterThan(0);
    expect(regen.gained + regen.wasted).toBeLessThanOrEqual(20 * spell(r, "barbed_shot")!.casts + 1e-6);
  });

  it("representative iteration: closest to the mean, replayed with the same DPS", () => {
    const rep = r.representative!;
    expect(Math.abs(rep.dps - r.dps.mean)).toBeLessThan(r.dps.stddev);
    expect(r.timeline!.dps).toBeCloseTo(rep.dps, 1);
    // casts ≈ Kill Command ~40 + Barbed Shot 18 + Bestial Wrath 4 + Cobra Shot (focus left: 5/s x 1.188 haste x
    // 300 s + 100 + 20 x 18 − 30 x 40 ≈ 1042 → ~29 x 35) ≈ 91
    expect(r.timeline!.casts.length).toBeGreaterThan(80);
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
    // the bare profile (no flask or rune: docs/consumables.md), whose mastery rating is the 1057 below
    const prep = await prepareSimulation({ bundle, dataDir: DATA, flask: "none", food: "none", augmentRune: "none" });
    const img = prep.image;
    const kc = img.spells.find((s) => s.name === "kill_command")!;
    // SpellCategories 6766 (StartRecoveryCategory 133, ChargeCategory 2067), SpellCategory 2067 (1 charge, 7500 ms),
    // SpellCooldowns 6858 (RecoveryTime 500, StartRecoveryTime 1500), SpellPower 1470 (30 focus)
    expect(kc).toMatchObject({ id: 34026, chargeCategoryId: 2067, maxCharges: 1, chargeRecoveryMs: 7500, recoveryMs: 500, startRecoveryCategory: 133, startRecoveryMs: 1500, cost: { resource: 0, amount: 30 } });
    const dmg = img.damage[kc.damage!]!;
    // 83381 #1 (id=83776) "School Damage (2): physical ... AP Coefficient: 3" (34026 has only dummy effects)
    // × pet AP ratio 0.6 (hunter.json pets.main.ap_ratio, estimate)
    // × Beast Mastery Hunter 137015 #3 (id=191139) "Modify Pet Damage Done% (429) Base Value: -6" → 0.94 (passives)
    // × pet mastery 1 + 1.9 × 1057 / 46 / 100: 76657 #1 (id=67988) "Modify Pet Damage Done% ... SP Coefficient: 1.9",
    //   profile mastery rating 1057, CombatRatings level 90 Mastery 46 rating per point (no DR below 30: curve 21024)
    const masteryPoints = 1057 / 46;
    expect(dmg.pet).toBeDefined();
    // × Nature's Ally 1273065 #1 "Modify Pet Damage Done% ... Base Value: 5", rank 2 of 2 ("values=(5, 10)") → 1.10
    expect(dmg.coefficient).toBeCloseTo(3 * 0.6 * 0.94 * 1.1 * (1 + (1.9 * masteryPoints) / 100), 12);
    expect(img.mastery.kind).toBe("none");
    // the image's mastery stat is before the coefficient
    expect(img.stats.mastery).toBeCloseTo(masteryPoints, 12);
    // AP = agility 1392; crit 5 + 531 / 46, haste 827 / 44 (CombatRatings level 90: crit 46, haste 44)
    expect(img.stats.attackPower).toBe(1392);
    expect(img.stats.crit).toBeCloseTo(5 + 531 / 46, 12);
    expect(img.stats.haste).toBeCloseTo(827 / 44, 12);
    // passives fold into the player's coefficients too: Cobra Shot 193455 #2 AP 1.565 × 137015 #1 (Spell Direct
    // Amount, -6) and the bleed 217200 #1 AP 0.7125 per tick × 137015 #2 (Spell Periodic Amount, -6)
    const cobra = img.spells.find((s) => s.name === "cobra_shot")!;
    expect(img.damage[cobra.damage!]!.coefficient).toBeCloseTo(1.565 * 0.94, 12);
    const bleed = img.auras.find((a) => a.name === "barbed_shot")!;
    expect(bleed).toMatchObject({ durationMs: 12_000, tickPeriodMs: 2000 });
    expect(img.damage[bleed.tickDamage!]!.coefficient).toBeCloseTo(0.7125 * 0.94, 12);
    // auto shot: AP / 6 per second of swing → 3.0 s / 6 (profile weapon: speed 3000 ms, 244-365 damage)
    // × Lethal Barbs 1264781 #2 "Add Percent Modifier (108): Spell Direct Amount (0) Base Value: 25" on Auto Shot (passive)
    const auto = img.damage[img.autoAttack!.damage]!;
    expect(auto.coefficient).toBeCloseTo((3.0 / 6) * 1.25, 12);
    expect(img.autoAttack).toMatchObject({ swingMs: 3000, weaponMin: 244, weaponMax: 365 });
    // target: level 90 + 3 → ExpectedStat row 478 (Lvl 93, ExpansionID -2): CreatureArmor 1470, ArmorConstant 3430
    expect(img.run).toMatchObject({ durationMs: 300000, targets: 1, targetArmor: 1470, armorK: 3430 });
  });

  it("a dataDir that does not exist is NO_DATA_DIR before anything loads (it used to run on empty tables and fail at spec_id)", async () => {
    await expect(simulate({ iterations: 1, dataDir: path.join(DATA, "no-such-dir") })).rejects.toMatchObject({
      code: "NO_DATA_DIR",
      message: `data dir ${path.join(DATA, "no-such-dir")} (dataDir) does not exist`,
    });
  });

  it("an implausible manifest number fails at validation naming the manifest path, before any chunk runs", async () => {
    const m = JSON.parse(readFileSync(path.join(DATA, "specs/beast-mastery/manifest.json"), "utf8"));
    m.mastery.coefficient = 1e308; // used to surface as ENGINE_IMAGE_INVALID "damage[0].coefficient: ... Infinity" from a chunk
    await expect(simulate({ iterations: 20, bundle, dataDir: DATA, manifest: m })).rejects.toMatchObject({
      code: "INVALID_MANIFEST",
      path: "mastery.coefficient",
      message: "<config.manifest>: mastery.coefficient: must be <= 100 (percent per mastery point), got 1e+308",
    });
    const d = JSON.parse(readFileSync(path.join(DATA, "specs/beast-mastery/manifest.json"), "utf8"));
    d.auras[0].duration_ms = 1e300; // used to run to the end as a "permanent" aura
    await expect(simulate({ iterations: 20, bundle, dataDir: DATA, manifest: d })).rejects.toMatchObject({ code: "INVALID_MANIFEST", path: "auras[0].duration_ms" });
  });

  it("refuses to fold pet mastery when an aura changes mastery", async () => {
    const m = JSON.parse(readFileSync(path.join(DATA, "specs/beast-mastery/manifest.json"), "utf8"));
    // a test-only aura on a spell id of the dump (186254, the pet's Bestial Wrath) with a mastery effect
    m.auras.push({ name: "mastery_buff", id: 186254, effects: [{ type: "mastery", value: 5 }] });
    await expect(prepareSimulation({ bundle, dataDir: DATA, manifest: m })).rejects.toBeInstanceOf(CompileError);
  });
});

describe("talent mechanics", () => {
  let all: SimulateResult;
  beforeAll(async () => {
    all = await simulate({ iterations: 80, seed: 4, bundle, dataDir: DATA, varyLength: 0 });
  });

  // Replaces "Barbed Wrath" (a cooldown-reduction talent, not in the 12.0.0.64228 build): the same reduce_cooldown
  // path through Cobra Shot's Kill Command reduction, switched off in an inline copy of the manifest.
  it("Cobra Shot's Kill Command reduction: without it Kill Command is charge-bound at 1 + floor(299 s / 7.5 s) = 40 casts; with it (−1 s per Cobra Shot) more", async () => {
    const m = JSON.parse(readFileSync(path.join(DATA, "specs/beast-mastery/manifest.json"), "utf8"));
    const cobra = m.spells.find((s: { name: string }) => s.name === "cobra_shot");
    expect(cobra.on_cast[0]).toEqual({ op: "reduce_cooldown", spell: "kill_command", ms: { spell: 193455, effect: 3, scale: 1000 } });
    cobra.on_cast = cobra.on_cast.slice(1);
    const r = await simulate({ iterations: 80, seed: 4, bundle, dataDir: DATA, varyLength: 0, manifest: m });
    // 34026: 1 charge / 7.5 s (SpellCategory 2067): the charge it starts with + one per full 7.5 s of the fight
    expect(spell(r, "kill_command")!.casts).toBeLessThanOrEqual(40);
    // 193455 #3 Base Value 1 (x 1000 ms) per Cobra Shot: more than the charge bound, at most 1 + (300 + Cobra Shots) / 7.5
    const kc = spell(all, "kill_command")!.casts;
    expect(kc).toBeGreaterThan(40);
    expect(kc).toBeLessThanOrEqual(1 + (300 + spell(all, "cobra_shot")!.casts) / 7.5);
  });

  it("Barbed Scales (−2 s Barbed Shot per Cobra Shot, 469880 #1 Base Value 2000) adds Barbed Shots", async () => {
    const r = await simulate({ iterations: 80, seed: 4, bundle, dataDir: DATA, varyLength: 0, talents: all.talents.filter((t) => t !== "barbed_scales") });
    // without it: 2 charges / 18 s → at most 2 + 299 / 18 = 18
    expect(spell(r, "barbed_shot")!.casts).toBeLessThanOrEqual(18);
    expect(spell(all, "barbed_shot")!.casts).toBeGreaterThan(18);
  });
});

// Replaces "Wild Call" (an Auto Shot crit proc that reset Barbed Shot; 185791 is a hidden aura in 12.0.0.64228
// and Beast Mastery has no chance proc left): the same feature, a chance proc whose op grants a charge
// (add_charge → resetCooldown on a charge pool), through Arms' Tactician.
describe("a chance proc that grants a charge (Arms: Tactician → Overpower)", () => {
  it("without Tactician Overpower is charge-bound: 1 + floor(299 s / 12 s) = 25 casts; with it (30 % per rage-cost attack) more", async () => {
    const arms = JSON.parse(readFileSync(path.join(DATA, "specs/arms/manifest.json"), "utf8")) as { talents: { name: string; default?: boolean }[] };
    const defaults = arms.talents.filter((t) => t.default).map((t) => t.name);
    expect(defaults).toContain("tactician");
    const none = await simulate({ spec: "arms", iterations: 80, seed: 4, bundle, dataDir: DATA, talents: defaults.filter((t) => t !== "tactician") });
    const all = await simulate({ spec: "arms", iterations: 80, seed: 4, bundle, dataDir: DATA });
    expect(all.talents).toEqual(defaults);
    // Overpower 7384: 1 charge / 12 s (SpellCategories row 1072 → ChargeCategory 1680; SpellCategory 1680 MaxCharges 1,
    // ChargeRecoveryTime 12000; dump "Charges : 1 (12 seconds cooldown)"); the rotation casts it right after
    // Colossus Smash / Mortal Strike, so at most a GCD or two late per recharge
    const op = spell(none, "overpower")!.casts;
    expect(op).toBeLessThanOrEqual(25);
    expect(op).toBeGreaterThan(20);
    // Tactician 184783 #1 (id=267878) Base Value 30: "a 30% chance to gain a charge of Overpower when you use an
    // attack that has a Rage cost" (Mortal Strike, Slam, Execute): charges beyond the recharge bound
    expect(spell(all, "overpower")!.casts).toBeGreaterThan(25);
  });
});

describe("configuration", () => {
  it("without talents the talent auras are never applied and DPS drops", async () => {
    // Beast Mastery's 12.0 default build (SimC MID1, Pack Leader): Barbed Scales, Nature's Ally (aura 1276720,
    // applied by Bestial Wrath), Howl of the Pack Leader (auras 471877 / 471878), Lethal Barbs, Serpentine Strikes
    const base = await simulate({ iterations: 60, seed: 2, bundle, dataDir: DATA });
    const none = await simulate({ iterations: 60, seed: 2, bundle, dataDir: DATA, talents: [] });
    const aura = (r: SimulateResult, n: string) => r.auras.find((a) => a.name === n)!;
    expect(base.talents).toEqual(["barbed_scales", "natures_ally", "howl_of_the_pack_leader", "lethal_barbs", "serpentine_strikes"]);
    expect(aura(base, "natures_ally").applications).toBeGreaterThan(0);
    expect(aura(base, "howl_of_the_pack_leader").applications).toBeGreaterThan(0);
    expect(none.talents).toEqual([]);
    for (const n of ["natures_ally", "howl_of_the_pack_leader", "howl_of_the_pack_leader_cooldown", "beast_cleave"]) {
      expect(aura(none, n).applications + aura(none, n).refreshes, n).toBe(0);
      expect(aura(none, n).uptime, n).toBe(0);
    }
    expect(none.dps.mean).toBeLessThan(base.dps.mean);
  });

  it("several targets with Wild Thrash run the cleave list (Wild Thrash for Beast Cleave)", async () => {
    const aoe = ["barbed_scales", "natures_ally", "howl_of_the_pack_leader", "lethal_barbs", "serpentine_strikes", "wild_thrash", "beast_cleave"];
    const r = await simulate({ iterations: 40, seed: 2, targets: 3, bundle, dataDir: DATA, talents: aoe });
    expect(spell(r, "wild_thrash")!.casts).toBeGreaterThan(5);
    // Wild Thrash applies Beast Cleave (talent 115939: 8 s = #2 Base Value 8000 ms)
    expect(r.auras.find((a) => a.name === "beast_cleave")!.uptime).toBeGreaterThan(0);
    // the single-target default build keeps to the st list at 3 targets: no Wild Thrash, no Beast Cleave
    const def = await simulate({ iterations: 40, seed: 2, targets: 3, bundle, dataDir: DATA });
    expect(spell(def, "wild_thrash")?.casts ?? 0).toBe(0);
    expect(def.auras.find((a) => a.name === "beast_cleave")!.uptime).toBe(0);
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
    await expect(simulate({ spec: "no-such-spec", iterations: 1, bundle, dataDir: DATA })).rejects.toThrow(/specs\/no-such-spec\/manifest\.json/);
  });
});
