// Equipped gear → the character's primary stat, secondary ratings and weapon, from the item tables
// (docs/input.md "Gear → stats"). Per item:
//   item level  = ItemSparse.ItemLevel, then its bonus ids' ItemBonus rows in order: type 14/42 set the
//                 base level, type 1 adds Value_0; a SimC `ilevel=` on the line replaces the result
//   quality     = ItemSparse.OverallQualityID, ItemBonus type 3 replaces it
//   budget      = RandPropPoints[item level] . {Epic,Superior,Good}F_<slot type>
//   stat i      = round(budget × StatPercentEditor_i / 10000) for StatModifier_bonusStat_i (+ type 2 bonuses)
//   weapon      = ItemDamage{TwoHand,OneHand}[item level].Quality_<q> DPS × ItemDelay,
//                 min/max = round(dps × speed × (1 ∓ DmgVariance / 2))
// What is not applied is listed per item (bonus types without a rule here, enchants and gems whose
// tables are absent, crafted stats): docs/input.md says why for each.
import type { DataBundle, Row, Table } from "../data/types.js";
import { InputError, type InputWarning } from "./errors.js";
import type { GearLine } from "./addon-export.js";

/** ItemModType ids (the game's stat ids in ItemSparse.StatModifier_bonusStat_N and ItemBonus type 2). */
export const STAT_IDS = { agility: 3, strength: 4, intellect: 5, stamina: 7, crit: 32, haste: 36, versatility: 40, mastery: 49 } as const;
/** Hybrid primary stats: the item gives whichever the wearer's spec uses. */
const HYBRID_PRIMARY: Readonly<Record<number, readonly Primary[]>> = { 71: ["agility", "strength", "intellect"], 72: ["agility", "strength"], 73: ["agility", "intellect"], 74: ["strength", "intellect"] };

export type Primary = "agility" | "strength" | "intellect";
export type Secondary = "crit" | "haste" | "mastery" | "versatility";

export interface ItemStats {
  slot: string;
  id: number;
  name: string;
  line: number;
  itemLevel: number;
  /** How the item level was found: the item's base, its bonus ids, or the line's `ilevel=`. */
  itemLevelSource: "base" | "bonus" | "ilevel";
  quality: number;
  primary: number;
  stamina: number;
  ratings: Record<Secondary, number>;
  weapon: { speedMs: number; minDamage: number; maxDamage: number } | null;
  itemSet: number;
  /** Enchant / gem / bonus / option effects kept but not applied, one text each. */
  notApplied: string[];
  /** The ItemSparse row is a labelled fixture (data/FIXTURES.md), not client data. */
  fixture: boolean;
}

export interface GearTotals {
  items: ItemStats[];
  primary: number;
  stamina: number;
  ratings: Record<Secondary, number>;
  /** The main-hand weapon (null: none equipped). */
  weapon: (ItemStats["weapon"] & { item: number; name: string }) | null;
  /** Set bonuses the equipped pieces reach (ItemSetSpell rows of the spec, threshold met). */
  setBonuses: { itemSet: number; name: string; pieces: number; threshold: number; spell: number }[];
  warnings: InputWarning[];
}

/** RandPropPoints column group by item quality (SimC: epic for epic and above, superior for rare, good below). */
function budgetColumn(quality: number): string {
  return quality >= 4 ? "EpicF" : quality === 3 ? "SuperiorF" : "GoodF";
}

const INVTYPE = { head: 1, neck: 2, shoulders: 3, chest: 5, waist: 6, legs: 7, feet: 8, wrists: 9, hands: 10, finger: 11, trinket: 12, weapon: 13, shield: 14, ranged: 15, cloak: 16, twoHand: 17, robe: 20, mainHand: 21, offHand: 22, holdable: 23, rangedRight: 26 } as const;

/**
 * RandPropPoints slot-type index (SimulationCraft item_database::random_suffix_type): two-handed and
 * ranged weapons 0, other weapons 3; armor head/chest/legs/robe 0, shoulders/waist/feet/hands/trinket 1,
 * everything else (neck, finger, wrists, cloak, off-hands) 2.
 */
export function slotType(itemClass: number, subclass: number, inventoryType: number): number {
  if (itemClass === 2) return [1, 5, 6, 8, 10, 2, 3, 18, 16].includes(subclass) ? 0 : 3; // axe2 mace2 polearm sword2 staff bow gun crossbow thrown
  if ([INVTYPE.head, INVTYPE.chest, INVTYPE.legs, INVTYPE.robe].includes(inventoryType as 1)) return 0;
  if ([INVTYPE.shoulders, INVTYPE.waist, INVTYPE.feet, INVTYPE.hands, INVTYPE.trinket].includes(inventoryType as 3)) return 1;
  return 2;
}

const num = (row: Row, column: string): number => Number(row[column] ?? 0);

/** Inventory types each equipment slot takes (ItemSparse.InventoryType; the game's INVTYPE_* numbers). */
const SLOT_INVENTORY_TYPES: Readonly<Record<string, readonly number[]>> = {
  head: [1], neck: [2], shoulder: [3], shirt: [4], chest: [5, 20], waist: [6], legs: [7], feet: [8], wrist: [9], hands: [10],
  finger1: [11], finger2: [11], trinket1: [12], trinket2: [12], back: [16], tabard: [19],
  main_hand: [13, 15, 17, 21, 26], off_hand: [13, 14, 22, 23],
};

/** The ItemBonus rows of one bonus id, in OrderIndex order. */
function bonusRows(itemBonus: Table, bonusId: number): Row[] {
  return [...itemBonus.allByFk("ParentItemBonusListID", bonusId)].sort((a, b) => num(a, "OrderIndex") - num(b, "OrderIndex"));
}

/** Weapon DPS table for a weapon item (two-handed incl. bows/guns/crossbows, else one-handed). */
function weaponDpsTable(bundle: DataBundle, subclass: number): Table {
  return bundle.table([1, 5, 6, 8, 10, 2, 3, 18].includes(subclass) ? "ItemDamageTwoHand" : "ItemDamageOneHand");
}

/** One equipped item's stats. `sparse`/`item` are its rows (checked to exist by the caller). */
function itemStats(bundle: DataBundle, line: GearLine, sparse: Row, item: Row, primaryStat: Primary, isFixture: boolean): ItemStats {
  const notApplied: string[] = [];
  const itemBonus = bundle.table("ItemBonus");
  let level = num(sparse, "ItemLevel");
  let quality = num(sparse, "OverallQualityID");
  let source: ItemStats["itemLevelSource"] = "base";
  const extraStats: { stat: number; alloc: number }[] = [];
  if (line.bonusIds.length > 0 && itemBonus.size === 0) notApplied.push(`bonus_id ${line.bonusIds.join("/")}: the data has no ItemBonus table`);
  else {
    for (const id of line.bonusIds) {
      const rows = bonusRows(itemBonus, id);
      if (rows.length === 0) notApplied.push(`bonus_id ${id}: no ItemBonus rows`);
      for (const b of rows) {
        const type = num(b, "Type");
        const v0 = num(b, "Value_0");
        if (type === 1) { level += v0; source = "bonus"; }
        else if (type === 14 || type === 42) { level = v0 + (level - num(sparse, "ItemLevel")); source = "bonus"; }
        else if (type === 3) quality = v0;
        else if (type === 2) extraStats.push({ stat: v0, alloc: num(b, "Value_1") });
        else if (type === 0 || type === 4 || type === 6) continue; // no stat effect: empty row, name suffix (ITEM_BONUS_DESC), socket count (gems are not applied)
        else notApplied.push(`bonus_id ${id} (ItemBonus type ${type}): no rule for this type`);
      }
    }
  }
  if (line.ilevel > 0) { level = line.ilevel; source = "ilevel"; }
  const itemClass = num(item, "ClassID");
  const subclass = num(item, "SubclassID");
  const inv = num(sparse, "InventoryType");
  const rpp = bundle.table("RandPropPoints").byId(level);
  if (!rpp) throw new InputError("INVALID_INPUT", "<gear>", line.line, 0, `${line.slot} item ${line.id}: item level ${level} has no RandPropPoints row`);
  const budget = num(rpp, `${budgetColumn(quality)}_${slotType(itemClass, subclass, inv)}`);
  const ratings: Record<Secondary, number> = { crit: 0, haste: 0, mastery: 0, versatility: 0 };
  let primary = 0;
  let stamina = 0;
  const allocations = [...Array(10).keys()].map((i) => ({ stat: num(sparse, `StatModifier_bonusStat_${i}`), alloc: num(sparse, `StatPercentEditor_${i}`) }));
  for (const { stat, alloc } of [...allocations, ...extraStats]) {
    if (stat < 0 || alloc === 0) continue;
    const value = Math.round((budget * alloc) / 10000);
    if (stat === STAT_IDS[primaryStat] || HYBRID_PRIMARY[stat]?.includes(primaryStat)) primary += value;
    else if (stat === STAT_IDS.stamina) stamina += value;
    else if (stat === STAT_IDS.crit) ratings.crit += value;
    else if (stat === STAT_IDS.haste) ratings.haste += value;
    else if (stat === STAT_IDS.mastery) ratings.mastery += value;
    else if (stat === STAT_IDS.versatility) ratings.versatility += value;
    // other primaries (strength on an agility spec) and tertiaries give the spec nothing here
  }
  let weapon: ItemStats["weapon"] = null;
  const delay = num(sparse, "ItemDelay");
  if (itemClass === 2 && delay > 0) {
    const dpsRow = weaponDpsTable(bundle, subclass).byId(level);
    if (!dpsRow) throw new InputError("INVALID_INPUT", "<gear>", line.line, 0, `${line.slot} item ${line.id}: item level ${level} has no weapon damage row`);
    const dps = num(dpsRow, `Quality_${Math.min(6, Math.max(0, quality))}`);
    const variance = num(sparse, "DmgVariance");
    const perSwing = (dps * delay) / 1000;
    weapon = { speedMs: delay, minDamage: Math.round(perSwing * (1 - variance / 2)), maxDamage: Math.round(perSwing * (1 + variance / 2)) };
  }
  const fits = SLOT_INVENTORY_TYPES[line.slot];
  if (fits && !fits.includes(inv)) notApplied.push(`slot: the item's InventoryType ${inv} does not go in ${line.slot} (its stats are counted as given)`);
  if (line.enchantId > 0) notApplied.push(`enchant_id ${line.enchantId}: enchant effects scale through the SpellScaling game table, absent from the data`);
  if (line.gemIds.length > 0) notApplied.push(`gem_id ${line.gemIds.join("/")}: gem items need ItemSparse rows (GemProperties) the data does not carry`);
  for (const opt of line.unapplied) notApplied.push(`${opt}: not applied`);
  return {
    slot: line.slot, id: line.id, name: String(sparse["Display_lang"] ?? "") || line.name, line: line.line, itemLevel: level, itemLevelSource: source, quality,
    primary, stamina, ratings, weapon, itemSet: num(sparse, "ItemSet"), notApplied, fixture: isFixture,
  };
}

/** The set bonuses the equipped pieces reach, for the spec (ItemSet / ItemSetSpell). */
function setBonuses(bundle: DataBundle, items: ItemStats[], specId: number): GearTotals["setBonuses"] {
  const counts = new Map<number, number>();
  for (const it of items) if (it.itemSet > 0) counts.set(it.itemSet, (counts.get(it.itemSet) ?? 0) + 1);
  const out: GearTotals["setBonuses"] = [];
  for (const [setId, pieces] of [...counts].sort((a, b) => a[0] - b[0])) {
    const name = String(bundle.table("ItemSet").byId(setId)?.["Name_lang"] ?? `item set ${setId}`);
    for (const s of bundle.table("ItemSetSpell").allByFk("ItemSetID", setId)) {
      const spec = num(s, "ChrSpecID");
      const threshold = num(s, "Threshold");
      if ((spec === 0 || spec === specId) && pieces >= threshold) out.push({ itemSet: setId, name, pieces, threshold, spell: num(s, "SpellID") });
    }
  }
  return out;
}

/**
 * Sums the equipped gear. Every item id without an ItemSparse or Item row is collected first and
 * reported in one UNKNOWN_ITEMS error (a player fixes them all at once).
 */
export function gearStats(bundle: DataBundle, gear: readonly GearLine[], opts: { file: string; primary: Primary; specId: number }): GearTotals {
  const sparseTable = bundle.table("ItemSparse");
  const itemTable = bundle.table("Item");
  const missing = gear.filter((g) => !sparseTable.byId(g.id) || !itemTable.byId(g.id));
  if (missing.length > 0) {
    const list = missing.map((g) => `${g.id} (${g.slot}${g.name ? ` ${g.name}` : ""}, line ${g.line})`).join(", ");
    const fixture = sparseTable.isFixture ? ` The data's ItemSparse/Item tables hold only ${sparseTable.size} labelled fixture items (data/FIXTURES.md);` : "";
    throw new InputError("UNKNOWN_ITEMS", opts.file, missing[0]!.line, 0, `${missing.length} item${missing.length > 1 ? "s" : ""} not in the data: ${list}.${fixture} a full client export (ItemSparse.csv and Item.csv in --data-dir) makes them available; or give totals with gear_agility= / gear_crit_rating= … lines and leave the gear out`);
  }
  const items = gear.map((g) => itemStats(bundle, g, sparseTable.byId(g.id)!, itemTable.byId(g.id)!, opts.primary, sparseTable.isFixture));
  const ratings: Record<Secondary, number> = { crit: 0, haste: 0, mastery: 0, versatility: 0 };
  for (const it of items) for (const k of Object.keys(ratings) as Secondary[]) ratings[k] += it.ratings[k];
  const main = items.find((it) => it.slot === "main_hand" && it.weapon);
  const warnings: InputWarning[] = [];
  for (const it of items) for (const n of it.notApplied) warnings.push({ line: it.line, message: `${it.slot} ${it.id}: ${n}` });
  return {
    items,
    primary: items.reduce((s, it) => s + it.primary, 0),
    stamina: items.reduce((s, it) => s + it.stamina, 0),
    ratings,
    weapon: main?.weapon ? { ...main.weapon, item: main.id, name: main.name } : null,
    setBonuses: setBonuses(bundle, items, opts.specId),
    warnings,
  };
}
