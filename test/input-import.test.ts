// The SimC addon export import (src/input/): parsing, gear → stats with hand-computed values from the
// bundled rows, the typed errors, and simulate({ input }) end to end.
//
// Hand computations (data/data/tables, RandPropPoints row 289: EpicF_0 235.75936889648,
// EpicF_1 176.81953430176, EpicF_2 132.61465454102; row 298 ItemDamageTwoHand Quality_5 101.48812866211):
//   head 249988 (slot type 0):  agility 235.759 × 5259/10000 = 123.98 → 124; haste 4000 → 94.30 → 94; mastery 3000 → 70.73 → 71
//   hands 249987 (type 1):      agility 176.820 × 3944/10000 = 69.74 → 70; haste 3000 → 53.05 → 53; vers 2250 → 39.78 → 40
//   ring 231265 (type 2):       crit and haste 132.615 × 6135/10000 = 81.36 → 81
//   bow 34334 @298 (quality 5): 101.488 × 2.9 = 294.32 per swing; × (1 ∓ 0.6/2) → 206.02 → 206, 382.61 → 383
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { adler32, parseAddonExport } from "../src/input/addon-export.js";
import { InputError } from "../src/input/errors.js";
import { gearStats, slotType } from "../src/input/gear-stats.js";
import { simulate } from "../src/engine/simulate.js";
import { formatTextReport } from "../src/report/text.js";
import { renderHtmlReport } from "../src/report/html.js";
import { memoryTable } from "./helpers/memory-bundle.js";

const DATA = path.resolve(__dirname, "../data");
const BM = readFileSync(path.join(DATA, "specs/beast-mastery/input.simc"), "utf8");
let bundle: DataBundle;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
});

function errorOf(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("no error");
}

describe("parseAddonExport", () => {
  it("reads the character, talents, gear, bag items and a valid checksum", () => {
    const e = parseAddonExport(BM, "bm.simc");
    expect([e.classToken, e.className, e.name, e.level, e.race, e.spec]).toEqual(["hunter", "Hunter", "Alleria", 90, "orc", "beast_mastery"]);
    expect(e.talents).toMatch(/^C0PAAAA/);
    expect(e.recorded).toMatchObject({ region: "eu", server: "silvermoon", role: "attack", professions: "leatherworking=100/skinning=100", loot_spec: "beast_mastery" });
    expect(e.gear.map((g) => [g.slot, g.id, g.ilevel])).toEqual([
      ["head", 249988, 289], ["chest", 249986, 289], ["hands", 249987, 289], ["legs", 249989, 289],
      ["finger1", 231265, 289], ["trinket1", 219308, 298], ["trinket2", 225654, 298], ["main_hand", 34334, 298],
    ]);
    expect(e.gear[0]!.name).toBe("Primal Sentry's Helm");
    expect(e.otherGear.map((g) => g.id)).toEqual([212454]);
    expect([e.addonVersion, e.checksum, e.warnings]).toEqual(["12.0.5-01", "valid", []]);
  });

  it("adler32 matches RFC 1950's example (\"Wikipedia\" = 0x11E60398)", () => {
    expect(adler32("Wikipedia")).toBe(0x11e60398);
  });

  it("keeps an edited export's checksum mismatch, unknown keys and stray comments as warnings", () => {
    const edited = BM.replace("level=90", "level=90\nfoo=bar\n# a note of mine").replace("head=,id=249988,ilevel=289", "head=,id=249988,ilevel=289,crafted_stats=32/36,weird=1");
    const e = parseAddonExport(edited, "x.simc");
    const msgs = e.warnings.map((w) => w.message);
    expect(e.checksum).toBe("mismatch");
    expect(msgs.some((m) => m.startsWith("checksum ce3e3682 does not match"))).toBe(true);
    expect(msgs).toContain('unknown key "foo" kept, not simulated');
    expect(msgs).toContain('comment kept, not read: "a note of mine"');
    expect(msgs).toContain('head: unknown item option "weird" kept, not applied');
    expect(e.gear[0]!.unapplied).toEqual(["crafted_stats=32/36", "weird=1"]);
  });

  it("reads a saved loadout pair and commented gear in a bag section", () => {
    const e = parseAddonExport('hunter="A"\nspec=marksmanship\n# Saved Loadout: raid\n# talents=C4PAAAA\n### Gear from Bags\n#\n# Bow (250)\n# main_hand=,id=34334,bonus_id=1/2\n');
    expect(e.savedLoadouts).toEqual([{ name: "raid", talents: "C4PAAAA", line: 4 }]);
    expect(e.otherGear.map((g) => [g.id, g.bonusIds, g.name])).toEqual([[34334, [1, 2], "Bow"]]);
  });

  it("fails with a typed error naming line and column", () => {
    expect(errorOf(() => parseAddonExport("level=90\nspec=fire\n", "a.simc")).message).toMatch(/^a\.simc: no class line/);
    const bad = errorOf(() => parseAddonExport('hunter="A"\ntalents=C0PA*AA\n', "b.simc"));
    expect([bad.code, bad.line, bad.column]).toEqual(["INVALID_INPUT", 2, 13]);
    expect(bad.message).toContain('found "*"');
    const noId = errorOf(() => parseAddonExport('hunter="A"\nhead=,bonus_id=4\n', "c.simc"));
    expect([noId.line, noId.message]).toEqual([2, "c.simc:2:1: head: a gear line needs id=<item id> (the addon writes head=,id=N,…)"]);
    const badInt = errorOf(() => parseAddonExport('hunter="A"\nhead=,id=12,bonus_id=4/x\n', "d.simc"));
    expect([badInt.line, badInt.column]).toEqual([2, 24]);
    expect(errorOf(() => parseAddonExport('hunter="A"\nhead=,id=1\nhead=,id=2\n')).message).toContain("slot head is already equipped on line 2");
    expect(errorOf(() => parseAddonExport('hunter="A"\nlevel=ninety\n')).message).toContain("level must be a whole number");
  });
});

describe("gear → stats", () => {
  it("slot types follow SimC's random_suffix_type", () => {
    expect([slotType(4, 3, 1), slotType(4, 3, 10), slotType(4, 0, 11), slotType(4, 0, 12), slotType(2, 2, 15), slotType(2, 15, 13)]).toEqual([0, 1, 2, 1, 0, 3]);
  });

  it("sums the bundled items (hand-computed, see the file header)", () => {
    const e = parseAddonExport(BM, "bm.simc");
    const g = gearStats(bundle, e.gear, { file: "bm.simc", primary: "agility", specId: 253 });
    const head = g.items[0]!;
    expect([head.itemLevel, head.itemLevelSource, head.primary, head.ratings]).toEqual([289, "ilevel", 124, { crit: 0, haste: 94, mastery: 71, versatility: 0 }]);
    expect([g.items[2]!.primary, g.items[2]!.ratings.haste, g.items[2]!.ratings.versatility]).toEqual([70, 53, 40]);
    expect(g.items[4]!.ratings).toEqual({ crit: 81, haste: 81, mastery: 0, versatility: 0 });
    expect(g.weapon).toEqual({ speedMs: 2900, minDamage: 206, maxDamage: 383, item: 34334, name: "Thori'dal, the Stars' Fury" });
    // 4 × tier (124+124+70+124) + bow 135 (256.382 × 5259/10000 = 134.83)
    expect(g.primary).toBe(124 + 124 + 70 + 124 + 135);
    expect(g.ratings).toEqual({ crit: 94 + 94 + 81, haste: 94 + 53 + 81, mastery: 71 + 71, versatility: 40 + 71 });
    expect(g.setBonuses.map((s) => [s.threshold, s.spell])).toEqual([[2, 1264825], [4, 1264826]]);
  });

  it("applies ItemBonus item-level rows (type 1 adds, type 42 sets the base) and lists what it cannot apply", () => {
    const withBonus: DataBundle = {
      dir: bundle.dir,
      tableNames: () => bundle.tableNames(),
      table: (n) => (n === "ItemBonus"
        ? memoryTable("ItemBonus", [ // real rows of ItemBonus.csv 12.0.5.66529 (IDs 44, 13976); 99 is made up with an unknown type
          { ID: 44, Value_0: 4, Value_1: 0, Value_2: 0, Value_3: 0, ParentItemBonusListID: 15, Type: 1, OrderIndex: 1 },
          { ID: 13976, Value_0: 55, Value_1: 1, Value_2: 0, Value_3: 0, ParentItemBonusListID: 7180, Type: 42, OrderIndex: 0 },
          { ID: 99, Value_0: 1, Value_1: 0, Value_2: 0, Value_3: 0, ParentItemBonusListID: 77, Type: 99, OrderIndex: 0 },
        ])
        : bundle.table(n)),
    };
    const e = parseAddonExport('hunter="A"\nhead=,id=249988,bonus_id=7180/15/77,enchant_id=8017\n');
    const it0 = gearStats(withBonus, e.gear, { file: "x", primary: "agility", specId: 253 }).items[0]!;
    expect([it0.itemLevel, it0.itemLevelSource]).toEqual([59, "bonus"]); // set 55, then + 4
    expect(it0.notApplied[0]).toBe("bonus_id 77 (ItemBonus type 99): no rule for this type");
    expect(it0.notApplied[1]).toMatch(/^enchant_id 8017: /);
    // the embedded bundle has no ItemBonus table: the bonus ids are listed, the base level (250) is kept
    const plain = gearStats(bundle, e.gear, { file: "x", primary: "agility", specId: 253 }).items[0]!;
    expect([plain.itemLevel, plain.notApplied[0]]).toEqual([250, "bonus_id 7180/15/77: the data has no ItemBonus table"]);
  });

  it("an item in a slot its inventory type does not fit is counted and said", () => {
    const e = parseAddonExport('hunter="A"\nlegs=,id=249987\n');
    const g = gearStats(bundle, e.gear, { file: "x", primary: "agility", specId: 253 });
    expect(g.primary).toBe(48); // the fixture's 249987 is hands (InventoryType 10): base level 250, EpicF_1 122.946 × 3944/10000 = 48.49
    expect(g.warnings).toEqual([{ line: 2, message: "legs 249987: slot: the item's InventoryType 10 does not go in legs (its stats are counted as given)" }]);
  });

  it("names every unknown item in one UNKNOWN_ITEMS error", () => {
    const e = parseAddonExport('hunter="A"\nhead=,id=249988\nneck=,id=250247\nback=amulet,id=249335\n', "mine.simc");
    const err = errorOf(() => gearStats(bundle, e.gear, { file: "mine.simc", primary: "agility", specId: 253 }));
    expect(err.code).toBe("UNKNOWN_ITEMS");
    expect(err.message).toContain("2 items not in the data: 250247 (neck, line 3), 249335 (back amulet, line 4).");
    expect(err.message).toContain("a full client export (ItemSparse.csv and Item.csv in --data-dir) makes them available");
  });
});

describe("simulate({ input })", () => {
  const run = (input: string, extra: Record<string, unknown> = {}) => simulate({ input, iterations: 20, duration: 60, timeline: false, ...extra });

  it("runs the export's spec with its gear and reports the character", async () => {
    const r = await run(BM, { bundle });
    expect(r.spec).toBe("beast-mastery");
    expect(r.character).toMatchObject({ name: "Alleria", className: "Hunter", level: 90, race: "orc", statsFrom: "gear", checksum: "valid" });
    expect(r.character!.totals.primary).toBe(577);
    // + the MID1 augment rune Void-Touched (+25.10191 primary; the export names none: docs/consumables.md)
    expect(r.stats.attackPower).toBeCloseTo(577 + 25.10191, 4);
    expect(r.consumables.stats!.map((c) => c.name)).toEqual(["flask_of_the_magisters_2", "void_touched"]);
    expect(r.loadout!.selected).toBeGreaterThan(0);
    const text = formatTextReport(r);
    expect(text).toContain("character: Alleria, level 90 orc Hunter, beast-mastery");
    expect(text).toContain("head       289 (ilevel=)  Primal Sentry's Helm [249988] (fixture): 124 primary, 94 haste, 71 mastery");
    expect(renderHtmlReport(r)).toContain('<section id="character"><h2>Character</h2>');
  });

  it("is deterministic: same text and seed, same result", async () => {
    const strip = (x: unknown) => JSON.stringify(x, (k, v) => (k === "elapsedMs" ? 0 : typeof v === "bigint" ? String(v) : v));
    expect(strip(await run(BM, { bundle, seed: 7 }))).toBe(strip(await run(BM, { bundle, seed: 7 })));
  });

  it("gear_<stat>= totals override the gear; without gear the default profile's weapon is used and said", async () => {
    const r = await run(readFileSync(path.join(DATA, "specs/fire/input.simc"), "utf8"), { bundle });
    expect(r.spec).toBe("fire");
    expect([r.character!.statsFrom, r.character!.totals.primary, r.character!.totals.ratings.haste]).toEqual(["overrides", 1735, 1349]);
    expect(r.character!.warnings.some((w) => w.message.startsWith("no main_hand weapon in the gear"))).toBe(true);
  });

  it("an unimplemented spec, a spec mismatch, a wrong-spec talent string and a profile alongside are typed errors", async () => {
    const ret = BM.replace('hunter="Alleria"', 'paladin="Alleria"').replace("spec=beast_mastery", "spec=retribution");
    await expect(run(ret, { bundle })).rejects.toMatchObject({ code: "SPEC_NOT_IMPLEMENTED", message: expect.stringContaining("Beast Mastery Hunter (beast-mastery, 253)") });
    await expect(run(BM, { bundle, spec: "fire" })).rejects.toMatchObject({ code: "SPEC_MISMATCH" });
    const mmTalents = readFileSync(path.join(DATA, "specs/marksmanship/input.simc"), "utf8").match(/^talents=(.*)$/m)![1]!;
    const wrong = BM.replace(/^talents=.*$/m, `talents=${mmTalents}`);
    await expect(run(wrong, { bundle })).rejects.toMatchObject({ name: "LoadoutError" });
    await expect(run(BM, { bundle, profileFile: path.join(DATA, "specs/beast-mastery/profile.json") })).rejects.toMatchObject({ code: "INVALID_SIM_CONFIG" });
    await expect(run(BM.replace("id=225654", "id=999999"), { bundle })).rejects.toMatchObject({ code: "UNKNOWN_ITEMS", message: expect.stringContaining("999999 (trinket2 Imperfect Ascendancy Serum") });
  });
});
