// buildCatalog edge cases on small in-memory bundles: fallbacks, omissions and typed data errors.
import { describe, expect, it } from "vitest";
import { createApp, GAME_DATA_PATH } from "../src/api/app.js";
import { budgetSlot, buildCatalog, FALLBACK_ICON, float32Decimal, hexColor, iconBaseName } from "../src/api/catalog.js";
import { ApiDataError } from "../src/api/errors.js";
import type { CellValue } from "../src/data/types.js";
import { memoryBundle } from "./helpers/memory-bundle.js";

function sparse(id: number, over: Record<string, CellValue> = {}): Record<string, CellValue> {
  const row: Record<string, CellValue> = {
    ID: id,
    Display_lang: `Item ${id}`,
    Description_lang: "",
    ItemLevel: 100,
    OverallQualityID: 3,
    RequiredLevel: 10,
    Bonding: 2,
    ItemSet: 0,
    ItemDelay: 0,
    DmgVariance: 0,
  };
  for (let i = 0; i < 10; i++) {
    row[`StatModifier_bonusStat_${i}`] = -1;
    row[`StatPercentEditor_${i}`] = 0;
  }
  return { ...row, ...over };
}
function item(id: number, inventoryType: number, icon = 0): Record<string, CellValue> {
  return { ID: id, ClassID: 4, SubclassID: 1, InventoryType: inventoryType, IconFileDataID: icon };
}
const rpp100 = { ID: 100, EpicF_0: 0, SuperiorF_0: 200, SuperiorF_1: 150, GoodF_0: 100 };

describe("buildCatalog", () => {
  it("helpers: icon base names, colours, float32 decimals, budget slots", () => {
    expect(iconBaseName("ABILITY_HUNTER_BESTIALDISCIPLINE.BLP")).toBe("ability_hunter_bestialdiscipline");
    expect(iconBaseName("NoExtension")).toBe("noextension");
    expect(hexColor(0, 255, 152)).toBe("#00FF98");
    expect(float32Decimal(0.60000002384)).toBe(0.6);
    expect(float32Decimal(Math.fround(0.35))).toBe(0.35);
    expect(float32Decimal(0)).toBe(0);
    expect([budgetSlot(1), budgetSlot(10), budgetSlot(11), budgetSlot(13), budgetSlot(4)]).toEqual([0, 1, 2, 3, undefined]);
  });

  it("stat value = round(alloc x budget / 10000) by quality group and slot; no budget -> 0", () => {
    const b = memoryBundle({
      Item: [item(1, 1), item(2, 10), item(3, 4), item(4, 1)],
      ItemSparse: [
        // rare (3) head (slot 0): SuperiorF_0 200 -> 5000 * 200 / 10000 = 100; 2501 * 200 / 10000 = 50.02 -> 50
        sparse(1, { StatModifier_bonusStat_0: 3, StatPercentEditor_0: 5000, StatModifier_bonusStat_3: 7, StatPercentEditor_3: 2501 }),
        // rare hands (slot 1): SuperiorF_1 150 -> 3333 * 150 / 10000 = 49.995 -> 50
        sparse(2, { StatModifier_bonusStat_0: 36, StatPercentEditor_0: 3333 }),
        // shirt (4): no budget slot -> 0
        sparse(3, { StatModifier_bonusStat_0: 3, StatPercentEditor_0: 5000 }),
        // item level 101 has no RandPropPoints row -> 0
        sparse(4, { ItemLevel: 101, StatModifier_bonusStat_0: 3, StatPercentEditor_0: 5000 }),
      ],
      RandPropPoints: [rpp100],
    });
    const c = buildCatalog(b);
    expect(c.items.get(1)!.stats).toEqual([
      { type: 3, value: 100 },
      { type: 7, value: 50 },
    ]);
    expect(c.items.get(2)!.stats).toEqual([{ type: 36, value: 50 }]);
    expect(c.items.get(3)!.stats).toEqual([{ type: 3, value: 0 }]);
    expect(c.items.get(4)!.stats).toEqual([{ type: 3, value: 0 }]);
  });

  it("items need Item and ItemSparse rows; unknown icon -> fallback; a set id without a row -> null", () => {
    const b = memoryBundle({
      Item: [item(1, 1, 555), item(2, 1)],
      ItemSparse: [sparse(1, { ItemSet: 77 }), sparse(3)],
      ManifestInterfaceData: [{ ID: 9, FilePath: "Interface\\ICONS\\", FileName: "X.blp" }],
    });
    const c = buildCatalog(b);
    expect([...c.items.keys()]).toEqual([1]);
    expect(c.items.get(1)!.fileName).toBe(FALLBACK_ICON);
    expect(c.items.get(1)!.setInfo).toBeNull();
    expect(c.iconNames.has(FALLBACK_ICON)).toBe(true);
  });

  it("classes: only 1..13; empty tables give empty lists", () => {
    const cls = (id: number) => ({ ID: id, Name_lang: `C${id}`, ClassColorR: 1, ClassColorG: 2, ClassColorB: 3, IconFileDataID: 0 });
    const c = buildCatalog(memoryBundle({ ChrClasses: [cls(0), cls(1), cls(13), cls(14), cls(15)] }));
    expect(c.classes.map((k) => k.id)).toEqual([1, 13]);
    expect(c.classes[0]).toEqual({ id: 1, name: "C1", color: "#010203", fileName: FALLBACK_ICON, specs: [] });
    expect(buildCatalog(memoryBundle({}))).toMatchObject({ classes: [], items: new Map() });
  });

  it("a text cell in a numeric column -> ApiDataError naming table, row and column", () => {
    const b = memoryBundle({ Item: [item(1, 1)], ItemSparse: [sparse(1, { ItemLevel: "high" })] });
    expect(() => buildCatalog(b)).toThrow(ApiDataError);
    expect(() => buildCatalog(b)).toThrow(/ItemSparse row ID=1 column "ItemLevel"/);
  });

  it("a name holding U+0001 (the origin marker) is refused with 500, not served broken", async () => {
    const b = memoryBundle({ Item: [item(1, 1)], ItemSparse: [sparse(1, { Display_lang: "bad\u0001name" })] });
    const res = await createApp({ bundle: b }).request(`${GAME_DATA_PATH}/items?ids=1`);
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("INTERNAL");
  });
});
