// Profile → combat stats (stats module: CombatRatings level-90 divisors (real 12.x rows), DR curve 21024, base crit 5)
// and target armor from ExpectedStat. Expectations computed by hand from the bundled rows.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { parseProfile, profileStats, targetArmor } from "../src/engine/profile.js";
import { ProfileError } from "../src/manifest/errors.js";
import { simulate } from "../src/engine/simulate.js";

const DATA = path.resolve(__dirname, "../data");
const FILE = path.join(DATA, "specs/beast-mastery/profile.json");
let bundle: DataBundle;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
});

const base = () => JSON.parse(readFileSync(FILE, "utf8"));

/** The ProfileError of the default profile after `mutate`, read as profiles/x.json (fails when there is none). */
function profileErrorOf(mutate: (j: any) => unknown): ProfileError {
  const j = base();
  mutate(j);
  let err: unknown;
  try {
    parseProfile(j, "profiles/x.json");
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(ProfileError);
  return err as ProfileError;
}

describe("profile → stats", () => {
  it("default BM profile (level 90 divisors: crit 46, haste 44, mastery 46, vers 54)", () => {
    const p = parseProfile(readFileSync(FILE, "utf8"), FILE);
    const s = profileStats(p, bundle, 1.8);
    // crit 531/46 = 11.5435 % (below 30: no DR) + 5 base = 16.5435; haste 827/44 = 18.7955;
    // mastery 1057/46 = 22.9783 points × 1.8 = 41.3609; vers 84/54 = 1.5556; AP = SP = agility 1392
    expect(s.attackPower).toBe(1392);
    expect(s.spellPower).toBe(1392);
    expect(s.crit).toBeCloseTo(531 / 46 + 5, 12);
    expect(s.haste).toBeCloseTo(827 / 44, 12);
    expect(s.mastery).toBeCloseTo((1057 / 46) * 1.8, 12);
    expect(s.versatility).toBeCloseTo(84 / 54, 12);
    expect(s.crit).toBeCloseTo(16.5435, 4);
    expect(s.critDamageBonus).toBe(0);
  });

  it("applies diminishing returns above 30 % (curve 21024: 30→30, 40→39, 50→47, 60→54)", () => {
    const j = base();
    // level 90: crit 46 × 40, haste 44 × 50, mastery 46 × 60, vers 54 × 35 rating = those raw percents
    j.ratings = { crit: 1840, haste: 2200, mastery: 2760, versatility: 1890 };
    const s = profileStats(parseProfile(j, "p.json"), bundle, 1.8);
    // crit raw 40 → 39, +5 = 44; haste raw 50 → 47; mastery raw 60 → 54 × 1.8 = 97.2;
    // vers raw 35 → 30 + (35-30) × (39-30)/(40-30) = 34.5
    expect(s.crit).toBeCloseTo(44, 10);
    expect(s.haste).toBeCloseTo(47, 10);
    expect(s.mastery).toBeCloseTo(97.2, 10);
    expect(s.versatility).toBeCloseTo(34.5, 10);
  });

  it("a level without a CombatRatings row is a stats error (no silent fallback)", () => {
    const j = base();
    j.level = 70;
    expect(() => profileStats(parseProfile(j, "p.json"), bundle, 1.8)).toThrow(/MISSING_COMBAT_RATING|missing combat rating/);
  });

  it.each([
    ["ratings.crit", (j: any) => (j.ratings.crit = -1), /must be >= 0/],
    ["weapon.max_damage", (j: any) => (j.weapon.max_damage = 1), /must be >= min_damage/],
    ["level", (j: any) => (j.level = "80"), /finite number/],
    ["weapon.speed_ms", (j: any) => delete j.weapon.speed_ms, /missing field/],
    ["ratings.stamina", (j: any) => (j.ratings.stamina = 5), /unknown field/],
  ])("bad input at %s → ProfileError naming file and path", (where, mutate, msg) => {
    const e = profileErrorOf(mutate);
    expect([e.code, e.file, e.path]).toEqual(["INVALID_PROFILE", "profiles/x.json", where]);
    expect(e.message).toMatch(msg);
  });
});

// Plausible ranges (docs/profiles.md): checked when the profile is read, before anything runs. Huge
// stats used to run the whole fight and then overflow telemetry (TELEMETRY_BAD_VALUE "beyond 2^53").
describe("profile: plausible ranges", () => {
  it.each([
    ["primary_stat", (j: any) => (j.primary_stat = 1e15), "must be <= 100000 (primary stat points), got 1000000000000000"],
    ["ratings.mastery", (j: any) => (j.ratings.mastery = 1e12), "must be <= 100000 (rating points), got 1000000000000"],
    ["ratings.haste", (j: any) => (j.ratings.haste = 100001), "must be <= 100000 (rating points), got 100001"],
    ["crit_damage_bonus", (j: any) => (j.crit_damage_bonus = 1e15), "must be <= 100 (percent points), got 1000000000000000"],
    ["weapon.max_damage", (j: any) => (j.weapon.max_damage = 1e15), "must be <= 100000 (weapon damage), got 1000000000000000"],
    ["weapon.speed_ms", (j: any) => (j.weapon.speed_ms = 100), "must be >= 1000, got 100"],
    ["weapon.speed_ms", (j: any) => (j.weapon.speed_ms = 60_000), "must be <= 10000 (milliseconds per swing), got 60000"],
    ["weapon.item", (j: any) => (j.weapon.item = 2 ** 31), "must be <= 2147483647 (item id: a 32-bit table id), got 2147483648"],
  ])("%s out of range is ProfileError naming file, path and bound", (where, mutate, msg) => {
    const e = profileErrorOf(mutate);
    expect([e.code, e.path]).toEqual(["INVALID_PROFILE", where]);
    expect(e.message).toBe(`profiles/x.json: ${where}: ${msg}`);
  });

  it("accepts a profile at every bound (a War Within level-80 scale character fits with room)", () => {
    const j = base();
    j.primary_stat = 100_000;
    j.ratings = { crit: 100_000, haste: 100_000, mastery: 100_000, versatility: 100_000 };
    j.crit_damage_bonus = 100;
    j.weapon = { name: "w", item: 2 ** 31 - 1, speed_ms: 1000, min_damage: 100_000, max_damage: 100_000 };
    expect(parseProfile(j, "p.json").primaryStat).toBe(100_000);
    j.weapon.speed_ms = 10_000;
    expect(parseProfile(j, "p.json").weapon.speedMs).toBe(10_000);
  });

  it("simulate() rejects huge stats before the run (INVALID_PROFILE, not TELEMETRY_BAD_VALUE from a chunk)", async () => {
    const j = base();
    j.primary_stat = 1e15;
    await expect(simulate({ iterations: 20, bundle, dataDir: DATA, profile: j })).rejects.toMatchObject({ code: "INVALID_PROFILE", path: "primary_stat" });
  });
});

describe("target armor", () => {
  it("level 83 (80 + 3): ExpectedStat ID 468 (ExpansionID -2): CreatureArmor 484, ArmorConstant 1129", () => {
    expect(targetArmor(bundle, 83)).toEqual({ level: 83, armor: 484, armorK: 1129 });
    // mitigation 1 - 484 / (484 + 1129) ≈ 0.69994
  });

  it("an unknown level is an error", () => {
    expect(() => targetArmor(bundle, 500)).toThrow(/no ExpectedStat row for target level 500/);
  });
});
