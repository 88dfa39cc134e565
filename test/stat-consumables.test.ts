// Flask, food, augment rune (docs/consumables.md "Flask, food, augment rune"; src/engine/stat-consumables.ts).
//
// Hand computation (the default Fire profile: intellect 1735, versatility rating 59; CombatRatings level 90
// "Versatility - Damage Done" 54 rating per percent, so 59 / 54 = 1.092593 %):
//   values     = SpellEffect.Coefficient x RandPropPoints row 226 EpicF_0 (131.0804901123):
//                flasks 1.206887 x 131.0804901 = 158.1993; Void-Touched 0.1915 x 131.0804901 = 25.10191
//   rune       Fire's damage is spell power x coefficient (crit, mastery, Ignite all proportional), spell
//              power = intellect, so every hit scales by (1735 + 25.10191) / 1735 = 1.0144680...
//   vers flask Flask of Thalassian Resistance +158.1993 versatility rating: (59 + 158.1993) / 54 = 4.022209 %
//              (below the DR curve's first knee), every hit x (1 + 0.04022209) / (1 + 0.01092593)
// With the same seed the rolls are the same and nothing decides on damage (time-based target health), so
// total damage has exactly these ratios.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { simulate } from "../src/index.js";
import { parseCsv } from "../src/data/csv.js";
import { STAT_CONSUMABLES, validConsumableNames } from "../src/engine/stat-consumables.js";
import { parseProfile } from "../src/engine/profile.js";
import { parseAddonExport } from "../src/input/addon-export.js";
import { EXPORT_DIR, EXPORT_MARKER, HAVE_EXPORT } from "./helpers/export-dir.js";

const bare = { flask: "none", food: "none", augmentRune: "none" };
const fireballs = { lists: { default: [{ cast: "fireball" }] } };
const fire = (extra: Record<string, unknown>) =>
  simulate({ spec: "fire", iterations: 1, seed: 7, duration: 20, timeline: false, reaction: false, potion: false, racials: false, rotation: fireballs, ...bare, ...extra });

describe("flask, food, augment rune: values from the data", () => {
  it("flasks +158.1993 rating, Void-Touched +25.10191 primary (coefficient x the level-90 budget)", async () => {
    const r = await fire({ flask: "flask_of_the_magisters_2", augmentRune: "void_touched_augment_rune" });
    expect(r.consumables.stats).toEqual([
      { kind: "flask", name: "flask_of_the_magisters_2", spellId: 1235108, stat: "mastery", value: expect.closeTo(158.1993, 4), origin: "estimated" },
      { kind: "augmentation", name: "void_touched_augment_rune", spellId: 1264426, stat: "primary", value: expect.closeTo(25.10191, 5), origin: "dump" },
    ]);
  });

  it("each entry's kept dump block raises the stat the table says (its Rating: / Stat: line)", () => {
    const text = readFileSync(path.resolve(__dirname, "../data/sources/12.0.0.64228/nonclass.txt"), "utf8");
    const word = { crit: "Rating: Crit", haste: "Rating: Haste", mastery: "Rating: Mastery", versatility: "Rating: Vers", primary: "Stat: StrAgiInt" } as const;
    for (const d of STAT_CONSUMABLES) {
      const start = text.indexOf(`(id=${d.spellId})`);
      expect(start, `block of ${d.spellId}`).toBeGreaterThan(0);
      const block = text.slice(start, text.indexOf("\nName ", start) >>> 0);
      expect(block).toContain(`#${d.effect} (id=`);
      expect(block).toContain(word[d.stat]);
      expect(block.includes("Scales with Casting Item's Level (354)")).toBe(d.itemScaled);
    }
  });

  it.skipIf(!HAVE_EXPORT)(`every listed item casts its entry's spell (12.0.5 ItemXItemEffect -> ItemEffect.SpellID) ${EXPORT_MARKER}`, () => {
    const rows = (t: string) => parseCsv(readFileSync(path.join(EXPORT_DIR, `${t}.csv`), "utf8"), { file: `${t}.csv`, allText: true }).rows;
    const spellOf = new Map(rows("ItemEffect").map((r) => [Number(r["ID"]), Number(r["SpellID"])]));
    const x = rows("ItemXItemEffect");
    for (const d of STAT_CONSUMABLES) {
      for (const item of d.items) {
        const spells = x.filter((r) => Number(r["ItemID"]) === item).map((r) => spellOf.get(Number(r["ItemEffectID"])));
        expect(spells, `item ${item} (${d.token})`).toEqual([d.spellId]);
      }
    }
  });
});

describe("flask, food, augment rune: damage", () => {
  it("the rune scales every hit by (1735 + 25.10191) / 1735", async () => {
    const off = await fire({});
    const on = await fire({ augmentRune: "void_touched" });
    expect(off.stats.spellPower).toBe(1735);
    expect(on.stats.spellPower).toBeCloseTo(1735 + 25.10191, 4);
    expect(on.damage.total / off.damage.total).toBeCloseTo((1735 + 25.10191) / 1735, 6);
  });

  it("the versatility flask: (59 + 158.1993) / 54 % versatility, every hit x 1.04022 / 1.01093", async () => {
    const off = await fire({});
    const on = await fire({ flask: "flask_of_thalassian_resistance_1" });
    expect(off.stats.versatility).toBeCloseTo(59 / 54, 9);
    expect(on.stats.versatility).toBeCloseTo((59 + 158.1993) / 54, 4);
    expect(on.damage.total / off.damage.total).toBeCloseTo((1 + (59 + 158.1993) / 5400) / (1 + 59 / 5400), 5);
  });

  it("none = byte-identical to a profile without consumables (\"disabled\")", async () => {
    const profile = JSON.parse(readFileSync(path.resolve(__dirname, "../data/specs/fire/profile.json"), "utf8"));
    const a = await fire({});
    const b = await simulate({ spec: "fire", iterations: 1, seed: 7, duration: 20, timeline: false, reaction: false, potion: false, racials: false, rotation: fireballs, profile: { ...profile, flask: "disabled", food: "disabled", augmentation: "disabled" } });
    expect(b.consumables.stats).toEqual([]);
    expect(JSON.stringify({ ...b, elapsedMs: 0 })).toBe(JSON.stringify({ ...a, elapsedMs: 0 }));
  });

  it("defaults: SimC MID1's for the spec (Fire: Flask of the Blood Knights = haste, Void-Touched; the feast is listed)", async () => {
    const r = await simulate({ spec: "fire", iterations: 1, duration: 5, timeline: false });
    expect(r.consumables.stats!.map((s) => [s.name, s.stat])).toEqual([["flask_of_the_blood_knights_2", "haste"], ["void_touched_augment_rune", "primary"]]);
    expect(r.consumables.notModelled.join("\n")).toMatch(/the food silvermoon_parade \(a feast \(spell 1259659\)/);
  });
});

describe("flask, food, augment rune: input", () => {
  it("an unknown run-option name is INVALID_SIM_CONFIG naming the field and the valid names", async () => {
    await expect(fire({ flask: "flask_of_power" })).rejects.toThrow(/config\.flask "flask_of_power" is not a flask this data models \(valid: none, flask_of_the_magisters, .*flask_of_thalassian_resistance/);
    await expect(fire({ augmentRune: "crystallized" })).rejects.toThrow(/config\.augmentRune "crystallized" .*valid: none, void_touched, void_touched_augment_rune/);
    await expect(fire({ food: 3 })).rejects.toThrow(expect.objectContaining({ code: "INVALID_SIM_CONFIG", message: expect.stringMatching(/config\.food must be a SimC food token or "none"/) }));
    expect(validConsumableNames("food")).toEqual(["none"]);
  });

  it("a profile's unmodelled token is listed, a malformed one is a profile error naming the field", async () => {
    const r = await simulate({ spec: "destruction", iterations: 1, duration: 5, timeline: false });
    expect(r.consumables.notModelled).toEqual(expect.arrayContaining([expect.stringMatching(/the flask flask_of_alchemical_chaos_3/), expect.stringMatching(/the augmentation crystallized/)]));
    const p = { spec: "fire", level: 90, flask: "Flask of Power", primary_stat: 1, ratings: { crit: 0, haste: 0, mastery: 0, versatility: 0 }, weapon: { speed_ms: 2000, min_damage: 1, max_damage: 1 } };
    expect(() => parseProfile(p, "p.json")).toThrow(/p\.json.*flask.*must be a SimC flask token/);
  });

  it("a SimC profile's flask= / food= / augmentation= / potion= lines become the character's", () => {
    const e = parseAddonExport('mage="M"\nlevel=90\nspec=fire\nflask=flask_of_the_shattered_sun_2\nfood=disabled\naugmentation=void_touched\npotion=lights_potential_2\n', "c.simc");
    expect(e.consumables).toEqual({ flask: "flask_of_the_shattered_sun_2", food: "disabled", augmentation: "void_touched", potion: "lights_potential_2" });
    expect(e.warnings.filter((w) => /flask|food|augmentation|potion/.test(w.message))).toEqual([]);
    expect(() => parseAddonExport('mage="M"\nflask=Flask!\n', "c.simc")).toThrow(/c\.simc.*2.*flask must be a SimC token/);
  });
});
