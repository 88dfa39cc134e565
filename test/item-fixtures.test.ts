// Item fixture rows in the bundled data dir (data/data/tables/Item.csv, ItemSparse.csv) joined to the
// real partial ManifestInterfaceData rows and to the real ItemXItemEffect / ItemEffect / ItemSet /
// ItemSetSpell rows that `combatsim data extract` copied for these item ids. Expectations are read by
// hand from the CSV files (provenance: data/FIXTURES.md#item-and-itemsparse).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { bundledDataDir, loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle, Row } from "../src/data/types.js";
import { EXPORT_DIR, EXPORT_MARKER } from "./helpers/export-dir.js";

let bundle: DataBundle;
beforeAll(async () => {
  bundle = await loadDataBundle(bundledDataDir());
});

/** Item -> IconFileDataID -> ManifestInterfaceData.FileName. */
function iconFileName(itemId: number): string | undefined {
  const item = bundle.table("Item").byId(itemId);
  if (!item) return undefined;
  return bundle.table("ManifestInterfaceData").byId(Number(item.IconFileDataID))?.FileName as string | undefined;
}

/** ItemXItemEffect (by ItemID) -> ItemEffect, as {spellId, triggerType} sorted by spell id. */
function effectsOf(itemId: number): { spellId: number; triggerType: number }[] {
  const links = bundle.table("ItemXItemEffect").allByFk("ItemID", itemId);
  return links
    .map((l) => bundle.table("ItemEffect").byId(Number(l.ItemEffectID)))
    .filter((e): e is Row => e !== undefined)
    .map((e) => ({ spellId: Number(e.SpellID), triggerType: Number(e.TriggerType) }))
    .sort((a, b) => a.spellId - b.spellId);
}

describe("item fixture tables", () => {
  it("Item and ItemSparse are flagged fixtures; ManifestInterfaceData is real partial data", () => {
    expect(bundle.table("Item").isFixture).toBe(true);
    expect(bundle.table("ItemSparse").isFixture).toBe(true);
    expect(bundle.table("ManifestInterfaceData").isFixture).toBe(false);
    // 57 rows = 13 class icons + 44 further spec icons (data README, partial/)
    expect(bundle.table("ManifestInterfaceData").size).toBe(57);
  });

  // the export's sibling folder partial/ holds the real rows the bundle copies
  const partial = path.resolve(EXPORT_DIR, "../partial/ManifestInterfaceData.csv");
  it.skipIf(!existsSync(partial))(`ManifestInterfaceData is a byte copy of the shared partial file ${EXPORT_MARKER}`, () => {
    const source = readFileSync(partial, "utf8");
    expect(readFileSync(path.join(bundledDataDir(), "data/tables/ManifestInterfaceData.csv"), "utf8")).toBe(source);
  });

  it("every Item row has an ItemSparse row and an icon that resolves", () => {
    const items = bundle.table("Item").rows;
    expect(items.length).toBe(9);
    for (const item of items) {
      const id = Number(item.ID);
      expect(bundle.table("ItemSparse").byId(id), `ItemSparse ${id}`).toBeDefined();
      expect(iconFileName(id), `icon of ${id}`).toMatch(/\.blp$/i);
    }
  });

  it("34334 Thori'dal: bow row, icon, on-equip effect 46699 (real ItemEffect 6759)", () => {
    const s = bundle.table("ItemSparse").byId(34334)!;
    expect(s.Display_lang).toBe("Thori'dal, the Stars' Fury");
    expect(s.Description_lang).toBe("");
    expect(s.ItemLevel).toBe(154);
    expect(s.OverallQualityID).toBe(5); // legendary
    expect(s.ItemDelay).toBe(2900); // ms
    expect(s.DmgVariance).toBeCloseTo(0.6, 6);
    // stat slots 0/1 = agility (3) / stamina (7); slot 2 unused (-1)
    expect([s.StatModifier_bonusStat_0, s.StatModifier_bonusStat_1, s.StatModifier_bonusStat_2]).toEqual([3, 7, -1]);
    const item = bundle.table("Item").byId(34334)!;
    expect([item.ClassID, item.SubclassID, item.InventoryType]).toEqual([2, 2, 15]); // weapon, bow, ranged
    expect(item.IconFileDataID).toBe(236179);
    expect(iconFileName(34334)).toBe("Ability_Hunter_FocusedAim.blp");
    // ItemXItemEffect 6774 -> ItemEffect 6759: TriggerType 1 (on equip), SpellID 46699
    expect(effectsOf(34334)).toEqual([{ spellId: 46699, triggerType: 1 }]);
  });

  it("219308 Signet of the Priory: trinket with on-use 443531 and on-equip 450877", () => {
    const s = bundle.table("ItemSparse").byId(219308)!;
    expect(s.Display_lang).toBe("Signet of the Priory");
    expect(s.ItemLevel).toBe(580);
    expect(s.OverallQualityID).toBe(4); // epic
    expect(s.InventoryType).toBe(12); // trinket
    expect(s.ItemSet).toBe(0);
    expect(iconFileName(219308)).toBe("Ability_Hunter_Camouflage.blp");
    // ItemXItemEffect 119199 -> ItemEffect 183886 (TriggerType 0 = on use, SpellID 443531);
    // ItemXItemEffect 121189 -> ItemEffect 185842 (TriggerType 1 = on equip, SpellID 450877)
    expect(effectsOf(219308)).toEqual([
      { spellId: 443531, triggerType: 0 },
      { spellId: 450877, triggerType: 1 },
    ]);
  });

  it("tier pieces join the real ItemSet 1982 and its BM 2/4-piece ItemSetSpell rows", () => {
    const set = bundle.table("ItemSet").byId(1982)!;
    expect(set.Name_lang).toBe("Primal Sentry's Camouflage");
    const members = Array.from({ length: 17 }, (_, i) => Number(set[`ItemID_${i}`])).filter((id) => id > 0);
    for (const id of [249986, 249987, 249988, 249989]) {
      const s = bundle.table("ItemSparse").byId(id)!;
      expect(s.ItemSet, `ItemSet of ${id}`).toBe(1982);
      expect(members).toContain(id);
    }
    const bm = bundle
      .table("ItemSetSpell")
      .allByFk("ItemSetID", 1982)
      .filter((r) => r.ChrSpecID === 253)
      .map((r) => [r.Threshold, r.SpellID]);
    expect(bm).toEqual([
      [2, 1264825],
      [4, 1264826],
    ]);
    expect(iconFileName(249988)).toBe("INV_Helm_Cloth_B_01Pirate_Brown.blp");
  });
});
