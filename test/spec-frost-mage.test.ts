// Frost Mage (spec 64): resolved values against the real 12.0.5 rows and the 12.0.0.64228 spell dump
// (data/sources/12.0.0.64228/mage-frost.txt: every expected number below is quoted from its block), the
// Shatter mechanics (Freezing stacks shattered by Ice Lance, Fingers of Frost shattering without consuming,
// Improved Shatter's crit-chance factor), Brain Freeze on Flurry, the Icicles timer and Glacial Spike, on
// scripted runs (crit and haste forced in the compiled image, so every cast time is exact), the default
// SimC APL's ignored lines, a smoke run and determinism.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { SpellResolver } from "../src/data/resolver.js";
import type { DataBundle } from "../src/data/types.js";
import { resolveManifest, validateManifest, ManifestError, unmarkedManifestValues, listEstimates, type ResolvedSpec } from "../src/manifest/index.js";
import { prepareSimulation, simulate } from "../src/engine/simulate.js";
import { runImage, type RunResult } from "../src/engine/run.js";
import { encodeImage, ImageError, type SpecImage } from "../src/engine/image.js";
import { expectSeedDeterminism } from "./helpers/spec-run.js";

const DATA = path.resolve(__dirname, "../data");
const MANIFEST_FILE = path.join(DATA, "specs/frost-mage/manifest.json");
// The spec's own file on the mage piece without raid.json (Bloodlust only, test/raid-buffs.test.ts).
const manifestJson = () => {
  const own = JSON.parse(readFileSync(MANIFEST_FILE, "utf8"));
  const mage = JSON.parse(readFileSync(path.join(DATA, "specs/_class/mage.json"), "utf8"));
  const { extends: _raid, ...rest } = { ...own, extends: undefined, primary_stat: mage.primary_stat, resources: mage.resources };
  return rest;
};
let bundle: DataBundle;
let spec: ResolvedSpec;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
  spec = resolveManifest(validateManifest(manifestJson(), MANIFEST_FILE), new SpellResolver(bundle), MANIFEST_FILE);
});

const spellOf = (name: string) => spec.spells.find((s) => s.name === name)!;
const auraOf = (name: string) => spec.auras.find((a) => a.name === name)!;

describe("Frost manifest resolution against the real tables and the 12.0.0.64228 dump", () => {
  it("cast times, charges and cooldowns", () => {
    // "Cast Time : 2 seconds" (116 Frostbolt, 199786 Glacial Spike, 190356 Blizzard); Ice Lance / Flurry instant
    expect([spellOf("frostbolt").castMs, spellOf("glacial_spike").castMs, spellOf("blizzard").castMs, spellOf("ice_lance").castMs, spellOf("flurry").castMs]).toEqual([2000, 2000, 2000, 0, 0]);
    // Flurry 44614 "Charges : 2 (30 seconds cooldown)"; Ray of Frost 205021 "Charges : 1 (60 seconds cooldown)"
    expect(spellOf("flurry")).toMatchObject({ maxCharges: 2, chargeRecoveryMs: 30000 });
    expect(spellOf("ray_of_frost")).toMatchObject({ maxCharges: 1, chargeRecoveryMs: 60000 });
    // Frozen Orb 84714 "Cooldown : 60 seconds", Blizzard 190356 "Cooldown : 12 seconds", Cone of Cold 120 "25 seconds"
    expect([spellOf("frozen_orb").categoryRecoveryMs || spellOf("frozen_orb").recoveryMs, spellOf("blizzard").recoveryMs, spellOf("cone_of_cold").recoveryMs]).toEqual([60000, 12000, 25000]);
    // Ray of Frost: "Duration : 4 seconds", "Periodic Damage (3): frost every 0.5 seconds" -> 8 ticks, hasted
    expect(spellOf("ray_of_frost").channel).toMatchObject({ durationMs: 4000, ticks: 8, hasted: true });
  });

  it("coefficients: Frostbolt 228597 1.6, Ice Lance 228598 0.9801, Glacial Spike 228600 6.54, Ray of Frost 3, Cone of Cold 0.43125", () => {
    expect(spellOf("frostbolt").damage!.spCoef).toBe(1.6);
    // passives fold into mult: Frost Mage 137020 #1 +7; Rimecaster 1247743 +15 (Frostbolt, Glacial Spike)
    expect(spellOf("frostbolt").damage!.mult).toBeCloseTo(1.07 * 1.15, 12);
    // Ice Lance: +7 (137020), Glacial Attunement 1247759 +10 x rank 2, Winter's Whisper 1247769 #2 +8
    expect(spellOf("ice_lance").damage).toMatchObject({ spCoef: 0.9801 });
    expect(spellOf("ice_lance").damage!.mult).toBeCloseTo(1.07 * 1.2 * 1.08, 12);
    expect(spellOf("glacial_spike").damage).toMatchObject({ spCoef: 6.54, school: 16 });
    // Ray of Frost: 137020 #2 (periodic) +7, Frigid Focus 1247055 +30
    expect(spellOf("ray_of_frost").channel!.tickDamage!.spCoef).toBe(3);
    expect(spellOf("ray_of_frost").channel!.tickDamage!.mult).toBeCloseTo(1.07 * 1.3, 12);
    // Cone of Cold: 137020 #1 +7 and #7 +100
    expect(spellOf("cone_of_cold").damage).toMatchObject({ spCoef: 0.43125, aoe: "all" });
    expect(spellOf("cone_of_cold").damage!.mult).toBeCloseTo(1.07 * 2, 12);
    // Ray of Frost's 2 % base mana (0.02 x 250000) is paid once at the channel's start, as the game does
    // (compile.ts maps a channel's start cost to the cast's second cost); no per-tick cost
    expect(spellOf("ray_of_frost").cost).toBe(0.02 * 250000);
    expect(spellOf("ray_of_frost").channel!.tickCost).toBeUndefined();
  });

  it("auras: Freezing 20 stacks / 15 s, Fingers of Frost 1 / 15 s, Icicles 5, Glacial Spike! and the 6 s Icicles timer", () => {
    expect(auraOf("freezing")).toMatchObject({ maxStacks: 20, durationMs: 15000 });
    expect(auraOf("fingers_of_frost")).toMatchObject({ maxStacks: 1, durationMs: 15000 });
    expect(auraOf("brain_freeze")).toMatchObject({ maxStacks: 1, durationMs: 15000 });
    expect(auraOf("icicles")).toMatchObject({ maxStacks: 5, durationMs: 0 }); // "Duration : Aura (infinite)"
    expect(auraOf("glacial_spike").durationMs).toBe(0);
    // Icicles 1246832 #1 "Periodic Dummy (226): every 6 seconds", "Spell Haste Affects Periodic (173)"
    expect(auraOf("icicle_generation")).toMatchObject({ tickPeriodMs: 6000, tickHasted: true, atCombatStart: true });
    // Brain Freeze 190446 #2 +50 on Flurry
    expect(auraOf("brain_freeze").effects[0]).toMatchObject({ type: "damage_mult_spells", value: 1.5, ops: [44614] });
  });

  it("mastery: Freeze and Shatter 1246752 #1 SP Coefficient 1.6, on Frost damage (not the Water Elemental)", () => {
    expect(spec.mastery).toMatchObject({ spell: 1246752, kind: "school", school: 16, coefficient: 1.6 });
  });

  it("Shatter ops: 1246949 SP 0.75 x up to 1246769 #4 = 4 stacks, Improved Shatter 1246811 #1 +50 % crit chance -> x1.5", () => {
    const ops = spellOf("ice_lance").onCast;
    const noFof = ops[0] as Extract<(typeof ops)[number], { op: "if_no_aura" }>;
    expect(noFof.ops[0]).toMatchObject({ op: "damage_per_stack", spell: 1246949, spCoef: 0.75, aura: "freezing", maxStacks: 4, critMult: 1.5 });
    // Frost Mage 137020 #1 lists Shatter (1246949): +7
    expect((noFof.ops[0] as { mult?: number }).mult).toBeCloseTo(1.07, 12);
    expect(noFof.ops[1]).toEqual({ op: "remove_aura", aura: "freezing", stacks: 4 });
    const fof = ops[1] as Extract<(typeof ops)[number], { op: "if_aura" }>;
    expect(fof.ops[1]).toMatchObject({ op: "damage_per_stack", maxStacks: 4, critMult: 1.5 });
    expect((fof.ops[1] as { aura?: string }).aura).toBeUndefined();
    // without the talent the factor is 1
    const bare = resolveManifest(validateManifest(manifestJson(), MANIFEST_FILE), new SpellResolver(bundle), MANIFEST_FILE, { talents: [] });
    const bareOps = (bare.spells.find((s) => s.name === "ice_lance")!.onCast[0] as { ops: { critMult?: number }[] }).ops;
    expect(bareOps[0]!.critMult).toBe(1);
  });

  it("every value the manifest states is marked estimated (with its source comment)", () => {
    const m = validateManifest(manifestJson(), MANIFEST_FILE);
    expect(unmarkedManifestValues(m, spec.provenance)).toEqual([]);
    expect(listEstimates(m).map((e) => `${e.path}=${e.value}`).sort()).toEqual([
      "auras.blizzard.tick_period_ms=1500", "auras.frozen_orb.tick_period_ms=750",
      "pets.water_elemental.attacks.waterbolt.interval_ms=2500",
      "procs.brain_freeze.chance=0.3", "procs.fingers_of_frost.chance=0.1875", "procs.ray_of_frost_freezing.chance=1",
      "resources.mana.max=250000", "resources.mana.regen_per_sec=5000", "spells.shatter.cooldown_ms=0", "spells.shatter.gcd_ms=0",
    ]);
  });

  it("rejects a damage_per_stack op naming an undeclared aura or talent, and a negative crit factor", () => {
    const m = manifestJson();
    m.spells[2].on_cast[0].ops[0].aura = "nope";
    expect(() => validateManifest(m, "frost-mage.json")).toThrow(ManifestError);
    const m2 = manifestJson();
    m2.spells[2].on_cast[0].ops[0].crit_mods[0].if_talent = "nope";
    expect(() => validateManifest(m2, "frost-mage.json")).toThrow(/nope/);
    const m3 = manifestJson();
    m3.spells[2].on_cast[0].ops[0].crit_mods[0].factor = -1;
    expect(() => validateManifest(m3, "frost-mage.json")).toThrow(ManifestError);
  });
});

// ---- scripted runs of the compiled image ----

/** Compile the spec with `rotation`, then force crit and haste (exact arithmetic); mana never runs out. */
async function scripted(rotation: unknown, opts: { crit: number; durationS?: number; talents?: string[] }): Promise<SpecImage> {
  const prep = await prepareSimulation({ spec: "frost-mage", bundle, dataDir: DATA, varyLength: 0, duration: opts.durationS ?? 30, rotation, bloodlust: false, potion: false, racials: false, talents: opts.talents ?? [] });
  const img = prep.image;
  img.stats = { ...img.stats, crit: opts.crit, haste: 0, versatility: 0 };
  img.resources = img.resources.map((r) => ({ ...r, max: 1e7, initial: 1e7, regenPerSec: 1e5 }));
  return img;
}
const res = (r: RunResult, name: string) => r.spells.find((s) => s.name === name)!;
const rot = (...entries: unknown[]) => ({ main: "m", lists: { m: entries } });
const SHATTER = "shatter"; // the manifest spell naming the damage_per_stack hits (1246949)

describe("Shatter: Ice Lance shatters Freezing (scripted, crit 0, haste 0, no talents)", () => {
  it("3 Frostbolts then Ice Lance: one Shatter hit worth 3 stacks (0.75 x 3 vs Ice Lance 0.9801)", async () => {
    // Frostbolts complete at 2000, 4000, 6000 (1 Freezing each, Shatter 1246769 #1); Ice Lance at 6000
    // shatters min(3, 4) = 3 and removes them; its GCD ends at 7500; Frostbolts 9500, 11500, 13500 ->
    // Ice Lance 13500 (3 stacks again), ... Both hits carry the same Frost Mage +7 % and mastery.
    const img = await scripted(rot({ cast: "ice_lance", if: "debuff.freezing.stack>=3" }, { cast: "frostbolt" }), { crit: 0, durationS: 14 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(res(r, "frostbolt").casts).toBe(6);
    expect(res(r, "ice_lance").casts).toBe(2);
    expect(res(r, SHATTER).hits).toBe(2);
    const perLance = res(r, "ice_lance").damage / 2;
    const perShatter = res(r, SHATTER).damage / 2;
    expect(perShatter / perLance).toBeCloseTo((0.75 * 3) / 0.9801, 9);
  });

  it("at most 4 stacks are shattered (1246769 #4): 6 Frostbolts, Ice Lance (4), Ice Lance (2), Ice Lance (none)", async () => {
    // Frostbolts end 2000 .. 12000 (6 stacks); Ice Lances at 12000 (4 -> 2 left), 13500 (2 -> 0), 15000 (no hit).
    const img = await scripted(rot({ cast: "frostbolt", if: "time<11" }, { cast: "ice_lance" }), { crit: 0, durationS: 16 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(res(r, "frostbolt").casts).toBe(6);
    expect(res(r, "ice_lance").casts).toBe(3);
    expect(res(r, SHATTER).hits).toBe(2);
    const unit = (0.75 / 0.9801) * (res(r, "ice_lance").damage / 3);
    expect(res(r, SHATTER).damage / unit).toBeCloseTo(4 + 2, 9);
  });

  it("Fingers of Frost: the Ice Lance shatters 4 stacks' worth and removes none (Crystalline Refraction grants it)", async () => {
    // Ray of Frost 0 -> 4000: 8 ticks, 1 Freezing each (8 stacks); Crystalline Refraction's Fingers of Frost at the
    // cast. Ice Lances at 4000 (Fingers: 4 units, stays 8), 5500 (4 -> 4 left), 7000 (4 -> 0), 8500 (no hit).
    // Consuming stacks with Fingers up would give 2 Shatter hits (8 units) instead of 3 (12).
    const img = await scripted(rot({ cast: "ray_of_frost", if: "time<1" }, { cast: "ice_lance", if: "time>3" }), { crit: 0, durationS: 9.5, talents: ["ray_of_frost", "crystalline_refraction"] });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(res(r, "ray_of_frost").hits).toBe(8);
    expect(res(r, "ice_lance").casts).toBe(4);
    expect(res(r, SHATTER).hits).toBe(3);
    const unit = (0.75 / 0.9801) * (res(r, "ice_lance").damage / 4);
    expect(res(r, SHATTER).damage / unit).toBeCloseTo(12, 9);
  });

  it("Improved Shatter multiplies Shatter's crit chance by 1.5 (crit 40 % -> 60 %), not Ice Lance's", async () => {
    const rotation = rot({ cast: "ice_lance", if: "debuff.freezing.stack>=2" }, { cast: "frostbolt" });
    const run = async (talents: string[]) => runImage(await scripted(rotation, { crit: 40, durationS: 300, talents }), { iterations: 40, seed: 5n });
    const a = await run(["improved_shatter"]);
    const b = await run([]);
    const rate = (r: RunResult, n: string) => res(r, n).crits / res(r, n).hits;
    expect(res(a, SHATTER).hits).toBeGreaterThan(1500);
    expect(rate(a, SHATTER)).toBeGreaterThan(0.57);
    expect(rate(a, SHATTER)).toBeLessThan(0.63);
    expect(rate(b, SHATTER)).toBeGreaterThan(0.37);
    expect(rate(b, SHATTER)).toBeLessThan(0.43);
    expect(rate(a, "ice_lance")).toBeLessThan(0.45);
  });
});

describe("Brain Freeze, Icicles and Glacial Spike (scripted)", () => {
  it("Flurry cast only with Brain Freeze: each hit x 1.5 (190446 #2); 3 hits of 228354 (1.4) per cast", async () => {
    // Brain Freeze resets Flurry's recharge; Flurry is only cast while it is up, so every Flurry hit has it.
    const img = await scripted(rot({ cast: "flurry", if: "buff.brain_freeze.up" }, { cast: "frostbolt" }), { crit: 0, durationS: 300, talents: ["brain_freeze"] });
    const r = runImage(img, { iterations: 5, seed: 3n });
    const fl = res(r, "flurry");
    const fb = res(r, "frostbolt");
    expect(fl.casts).toBeGreaterThan(50);
    expect(fl.hits).toBe(3 * fl.casts);
    // Frost Mage +7 % on both; no Rimecaster (not taken here)
    expect(fl.damage / fl.hits / (fb.damage / fb.hits)).toBeCloseTo((1.4 * 1.5) / 1.6, 9);
    // 30 % per Frostbolt: 190447 #1 25 x (1 + Frozen Touch 205030 #2 20 %), the default build's product
    expect(fl.casts / fb.casts).toBeGreaterThan(0.25);
    expect(fl.casts / fb.casts).toBeLessThan(0.35);
  });

  it("Icicles: one every 6 s from the pull, Glacial Spike at the 5th (30 s, 60 s, 90 s): 3 in 100 s", async () => {
    // Frostbolts end every 2000 ms; the 5th Icicle at 30000 -> Glacial Spike 30000 -> 32000 (Icicles consumed);
    // ticks 36000 .. 60000 -> Glacial Spike 60000 -> 62000; 66000 .. 90000 -> 90000 -> 92000.
    // Frostbolts: 15 (to 30000) + 14 (to 60000) + 14 (to 90000) + 3 (94000, 96000, 98000); the one ending at
    // exactly 100000 does not land (the fight ends first).
    const img = await scripted(rot({ cast: "glacial_spike" }, { cast: "frostbolt" }), { crit: 0, durationS: 100, talents: ["icicles"] });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(res(r, "glacial_spike").casts).toBe(3);
    expect(res(r, "frostbolt").casts).toBe(46);
    // 228600 SP 6.54 vs 228597 1.6 (Frost Mage +7 % on both)
    expect(res(r, "glacial_spike").damage / 3 / (res(r, "frostbolt").damage / 46)).toBeCloseTo(6.54 / 1.6, 9);
  });

  it("without the Icicles talent Glacial Spike is never castable", async () => {
    const img = await scripted(rot({ cast: "glacial_spike" }, { cast: "frostbolt" }), { crit: 0, durationS: 60 });
    expect(res(runImage(img, { iterations: 1, seed: 1n }), "glacial_spike").casts).toBe(0);
  });

  it("the image encoder refuses a damage-per-stack op on a missing damage entry and a negative crit factor", async () => {
    const img = await scripted(rot({ cast: "frostbolt" }), { crit: 0 });
    const bad: SpecImage = { ...img, opLists: [...img.opLists, [{ op: "dealDamagePerStack", damage: 9999, aura: -1, maxStacks: 4 }]] };
    expect(() => encodeImage(bad)).toThrow(ImageError);
    const badMult: SpecImage = { ...img, damage: img.damage.map((d, i) => (i === 0 ? { ...d, critMult: -1 } : d)) };
    expect(() => encodeImage(badMult)).toThrow(ImageError);
  });
});

describe("default rotation: SimulationCraft's APL text (data/specs/frost-mage/rotation.simc), run unchanged", () => {
  it("66 of 68 lines honoured; the ignored ones are exactly those docs/specs/frost-mage.md lists", async () => {
    const r = await simulate({ spec: "frost-mage", bundle, dataDir: DATA, duration: 30, iterations: 2, seed: 1 });
    expect(r.rotation).toMatchObject({ format: "simc", lines: 68, honoured: 66 });
    expect(r.rotation!.file.endsWith("specs/frost-mage/rotation.simc")).toBe(true);
    // 32: use_item vaelgors_final_stare with stat.haste_rating; 33: potion_of_recklessness (not modelled)
    expect(r.rotation!.ignoredLines.map((l) => l.line)).toEqual([32, 33]);
    expect(r.rotation!.absentNames.map((a) => a.name).sort()).toEqual(["hand_of_frost_4", "rapid_refreezing", "thermal_void"]);
  });
});

describe("default rotation smoke run", () => {
  let a: RunResult;
  let img: SpecImage;
  beforeAll(async () => {
    img = (await prepareSimulation({ spec: "frost-mage", bundle, dataDir: DATA, varyLength: 0, duration: 300 })).image;
    a = runImage(img, { iterations: 100, seed: 7n });
  }, 60_000);

  it("sanity bounds (300 s, default profile)", () => {
    // Frostbolt alone: 1.6 x SP x 1.07 x 1.15 x mastery x (1 + vers) x (1 + crit) / (2 s / (1 + haste));
    // Shatter, Flurry, Ray of Frost, Frozen Orb and Glacial Spike add to it. Bounds: 1.5x .. 5x that.
    const s = img.stats;
    const fbOnly = (1.6 * 1.07 * 1.15 * s.spellPower * (1 + (s.mastery * 1.6) / 100) * (1 + s.versatility / 100) * (1 + s.crit / 100)) / (2 / (1 + s.haste / 100));
    expect(a.dps.mean).toBeGreaterThan(1.5 * fbOnly);
    expect(a.dps.mean).toBeLessThan(5 * fbOnly);
    // Frozen Orb every 60 s -> 5 casts; Ray of Frost 1 charge / 60 s -> at most 5
    expect(res(a, "frozen_orb").casts / 100).toBe(5);
    expect(res(a, "ray_of_frost").casts / 100).toBeLessThanOrEqual(5);
    expect(res(a, SHATTER).damage).toBeGreaterThan(0);
    expect(res(a, "glacial_spike").casts).toBeGreaterThan(0);
    expect(a.warnings.unknownSpellCasts).toBe(0);
  });

  it("is deterministic: same seed -> identical result; another seed differs", () => expectSeedDeterminism(img, a, 100));
});
