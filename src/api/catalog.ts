// Game-data records of the API, built once per data bundle (the bundle is immutable). Field
// decisions for the spec's "not shown" gaps are documented in docs/api.md.
import type { CellValue, DataBundle, Row, Table } from "../data/types.js";
import { ApiDataError } from "./errors.js";

/** Playable classes are ids 1..13 (pets 0, Adventurer 14, Traveler 15 are not). */
export const PLAYABLE_CLASS_IDS: readonly number[] = Object.freeze(Array.from({ length: 13 }, (_, i) => i + 1));
/** ChrSpecialization.OrderIndex of the per-class "Initial" placeholder specs (excluded). */
export const INITIAL_SPEC_ORDER_INDEX = 4;
/** Icon used when a record's icon file id has no ManifestInterfaceData row (the game's own fallback icon). */
export const FALLBACK_ICON = "inv_misc_questionmark";

export interface SpecRecord {
  id: number;
  name: string;
  role: number;
  orderIndex: number;
  fileName: string;
}
export interface ClassRecord {
  id: number;
  name: string;
  color: string;
  fileName: string;
  specs: SpecRecord[];
}
export interface ItemStat {
  type: number;
  value: number;
}
export interface ItemEffectRecord {
  spellId: number;
  triggerType: number;
}
export interface SetBonus {
  threshold: number;
  spellId: number;
  /** 0 = every spec. */
  specId: number;
}
export interface SetInfo {
  id: number;
  name: string;
  itemIds: number[];
  bonuses: SetBonus[];
}
export interface ItemRecord {
  id: number;
  name: string;
  description: string;
  fileName: string;
  itemLevel: number;
  quality: number;
  requiredLevel: number;
  binding: number;
  classId: number;
  subclassId: number;
  inventoryType: number;
  stats: ItemStat[];
  effects: ItemEffectRecord[];
  setInfo: SetInfo | null;
  speed: number;
  dmgVariance: number;
}

/** Everything the JSON routes serve, origin-independent (iconUrl is added when serializing). */
export interface Catalog {
  classes: ClassRecord[];
  items: ReadonlyMap<number, ItemRecord>;
  /** Every icon fileName the records reference (for the icon route's upstream allow-list). */
  iconNames: ReadonlySet<string>;
}

const STAT_SLOTS = 10;
const ITEM_SET_SLOTS = 17;

function tableOrEmpty(bundle: DataBundle, name: string): Table | undefined {
  return bundle.tableNames().includes(name) ? bundle.table(name) : undefined;
}

function int(table: string, row: Row, column: string): number {
  const v: CellValue | undefined = row[column];
  const n = typeof v === "bigint" ? Number(v) : v;
  if (typeof n !== "number" || !Number.isInteger(n)) {
    throw new ApiDataError(table, row.ID, column, `expected an integer, got ${v === undefined ? "no such column" : JSON.stringify(String(v))}`);
  }
  return n;
}

function num(table: string, row: Row, column: string): number {
  const v = row[column];
  if (typeof v !== "number" || !Number.isFinite(v)) {
    throw new ApiDataError(table, row.ID, column, `expected a number, got ${v === undefined ? "no such column" : JSON.stringify(String(v))}`);
  }
  return v;
}

function text(table: string, row: Row, column: string): string {
  const v = row[column];
  if (typeof v !== "string") {
    throw new ApiDataError(table, row.ID, column, `expected text, got ${v === undefined ? "no such column" : typeof v}`);
  }
  return v;
}

/** `ClassIcon_Warrior.blp` -> `classicon_warrior` (lower-case base name, the wowhead/SimC convention). */
export function iconBaseName(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return (dot > 0 ? fileName.slice(0, dot) : fileName).toLowerCase();
}

/** `#RRGGBB`, upper-case hex. */
export function hexColor(r: number, g: number, b: number): string {
  const h = (v: number) => Math.max(0, Math.min(255, v)).toString(16).toUpperCase().padStart(2, "0");
  return `#${h(r)}${h(g)}${h(b)}`;
}

/**
 * The shortest decimal that reads back as the same float32: DmgVariance is stored as a float32
 * (0.60000002384 in the CSV), so it is served as 0.6.
 */
export function float32Decimal(v: number): number {
  const f = Math.fround(v);
  for (let p = 1; p <= 9; p++) {
    const d = Number(f.toPrecision(p));
    if (Math.fround(d) === f) return d;
  }
  return f;
}

/**
 * RandPropPoints budget column index (`Epic_<n>`) by inventory type, after SimulationCraft's
 * `item_database::random_suffix_type`: 0 head/chest/robe/legs/two-hand/bow-gun-crossbow, 1 shoulder/
 * waist/feet/hands/trinket, 2 neck/wrist/finger/back/shield/off-hand, 3 one-hand weapons and wands.
 * Other slots (shirt, tabard, bags, ammo, ...) carry no stat budget.
 */
export function budgetSlot(inventoryType: number): number | undefined {
  switch (inventoryType) {
    case 1: case 5: case 7: case 17: case 20: case 15:
      return 0;
    case 3: case 6: case 8: case 10: case 12:
      return 1;
    case 2: case 9: case 11: case 16: case 14: case 23:
      return 2;
    case 13: case 21: case 22: case 26:
      return 3;
    default:
      return undefined;
  }
}

/** RandPropPoints quality group: Epic for quality >= 4 (also legendary/artifact), Superior for 3, Good below. */
export function budgetQuality(quality: number): "EpicF" | "SuperiorF" | "GoodF" {
  return quality >= 4 ? "EpicF" : quality === 3 ? "SuperiorF" : "GoodF";
}

export function buildCatalog(bundle: DataBundle): Catalog {
  const iconNames = new Set<string>([FALLBACK_ICON]);
  const manifest = tableOrEmpty(bundle, "ManifestInterfaceData");
  const iconOf = (fileDataId: number): string => {
    const row = fileDataId > 0 ? manifest?.byId(fileDataId) : undefined;
    const name = row ? iconBaseName(text("ManifestInterfaceData", row, "FileName")) : FALLBACK_ICON;
    iconNames.add(name);
    return name;
  };
  const classes = buildClasses(bundle, iconOf);
  const items = buildItems(bundle, iconOf);
  return { classes, items, iconNames };
}

function buildClasses(bundle: DataBundle, iconOf: (id: number) => string): ClassRecord[] {
  const chr = tableOrEmpty(bundle, "ChrClasses");
  const specTable = tableOrEmpty(bundle, "ChrSpecialization");
  const out: ClassRecord[] = [];
  if (!chr) return out;
  for (const id of PLAYABLE_CLASS_IDS) {
    const row = chr.byId(id);
    if (!row) continue; // a partial data dir: serve what exists
    const T = "ChrClasses";
    const specs = (specTable?.rows ?? [])
      .filter((s) => int("ChrSpecialization", s, "ClassID") === id)
      .filter((s) => int("ChrSpecialization", s, "OrderIndex") !== INITIAL_SPEC_ORDER_INDEX)
      .map(
        (s): SpecRecord => ({
          id: int("ChrSpecialization", s, "ID"),
          name: text("ChrSpecialization", s, "Name_lang"),
          role: int("ChrSpecialization", s, "Role"),
          orderIndex: int("ChrSpecialization", s, "OrderIndex"),
          fileName: iconOf(int("ChrSpecialization", s, "SpellIconFileID")),
        }),
      )
      .sort((a, b) => a.orderIndex - b.orderIndex || a.id - b.id);
    out.push({
      id,
      name: text(T, row, "Name_lang"),
      color: hexColor(int(T, row, "ClassColorR"), int(T, row, "ClassColorG"), int(T, row, "ClassColorB")),
      fileName: iconOf(int(T, row, "IconFileDataID")),
      specs,
    });
  }
  return out;
}

function buildItems(bundle: DataBundle, iconOf: (id: number) => string): Map<number, ItemRecord> {
  const items = new Map<number, ItemRecord>();
  const item = tableOrEmpty(bundle, "Item");
  const sparse = tableOrEmpty(bundle, "ItemSparse");
  if (!item || !sparse) return items;
  const rpp = tableOrEmpty(bundle, "RandPropPoints");
  const xEffect = tableOrEmpty(bundle, "ItemXItemEffect");
  const effect = tableOrEmpty(bundle, "ItemEffect");
  const itemSet = tableOrEmpty(bundle, "ItemSet");
  const setSpell = tableOrEmpty(bundle, "ItemSetSpell");
  const sets = new Map<number, SetInfo | null>();

  const setInfoOf = (setId: number): SetInfo | null => {
    if (setId <= 0) return null;
    if (sets.has(setId)) return sets.get(setId)!;
    const row = itemSet?.byId(setId);
    let info: SetInfo | null = null;
    if (row) {
      const itemIds: number[] = [];
      for (let i = 0; i < ITEM_SET_SLOTS; i++) {
        const v = int("ItemSet", row, `ItemID_${i}`);
        if (v > 0) itemIds.push(v);
      }
      const bonuses = (setSpell?.allByFk("ItemSetID", setId) ?? [])
        .map((r) => ({
          threshold: int("ItemSetSpell", r, "Threshold"),
          spellId: int("ItemSetSpell", r, "SpellID"),
          specId: int("ItemSetSpell", r, "ChrSpecID"),
        }))
        .sort((a, b) => a.threshold - b.threshold || a.specId - b.specId || a.spellId - b.spellId);
      info = { id: setId, name: text("ItemSet", row, "Name_lang"), itemIds, bonuses };
    }
    // an ItemSet id with no ItemSet row is served as null (the set cannot be described)
    sets.set(setId, info);
    return info;
  };

  for (const irow of item.rows) {
    const id = int("Item", irow, "ID");
    const s = sparse.byId(id);
    if (!s) continue; // no name, level or stats: not servable
    const S = "ItemSparse";
    const itemLevel = int(S, s, "ItemLevel");
    const quality = int(S, s, "OverallQualityID");
    const inventoryType = int("Item", irow, "InventoryType");
    const budgetRow = rpp?.byId(itemLevel);
    const slot = budgetSlot(inventoryType);
    // float budget, e.g. EpicF_2 for a ring
    const budget = budgetRow && slot !== undefined ? num("RandPropPoints", budgetRow, `${budgetQuality(quality)}_${slot}`) : 0;
    const stats: ItemStat[] = [];
    for (let i = 0; i < STAT_SLOTS; i++) {
      const type = int(S, s, `StatModifier_bonusStat_${i}`);
      if (type < 0) continue; // unused slot
      const alloc = int(S, s, `StatPercentEditor_${i}`);
      // value = round(allocation * budget / 10000) (SimC's item budget share, before the
      // combat-rating / stamina multipliers whose tables the bundle does not carry)
      stats.push({ type, value: Math.round((alloc * budget) / 10000) });
    }
    const effects = (xEffect?.allByFk("ItemID", id) ?? [])
      .map((x) => effect?.byId(int("ItemXItemEffect", x, "ItemEffectID")))
      .filter((e): e is Row => e !== undefined)
      .map((e) => ({
        slot: int("ItemEffect", e, "LegacySlotIndex"),
        rowId: int("ItemEffect", e, "ID"),
        spellId: int("ItemEffect", e, "SpellID"),
        triggerType: int("ItemEffect", e, "TriggerType"),
      }))
      .sort((a, b) => a.slot - b.slot || a.rowId - b.rowId)
      .map(({ spellId, triggerType }) => ({ spellId, triggerType }));
    items.set(id, {
      id,
      name: text(S, s, "Display_lang"),
      description: text(S, s, "Description_lang"),
      fileName: iconOf(int("Item", irow, "IconFileDataID")),
      itemLevel,
      quality,
      requiredLevel: int(S, s, "RequiredLevel"),
      binding: int(S, s, "Bonding"),
      classId: int("Item", irow, "ClassID"),
      subclassId: int("Item", irow, "SubclassID"),
      inventoryType,
      stats,
      effects,
      setInfo: setInfoOf(int(S, s, "ItemSet")),
      speed: int(S, s, "ItemDelay"),
      dmgVariance: float32Decimal(num(S, s, "DmgVariance")),
    });
  }
  return items;
}
