// Per-table column types. The 114 real tables' types are generated from the data
// (scripts/gen-schema.ts -> schema.generated.ts); tables we have no complete copy of get
// hand-written entries below. Columns a schema does not name are typed by inference from the
// values, which never fails (see inferColumnType).
import { GENERATED_SCHEMA } from "./schema.generated.js";

/**
 * - `text`  -> string, verbatim.
 * - `int`   -> number, an integer: a fraction is CsvError CSV_NOT_INTEGER (`1500.0` is fine), an
 *              integer beyond ±(2^53-1) CSV_INT_OUT_OF_RANGE. The generator says `int` when every
 *              value it saw was an integer, which one build's data cannot prove for a column the
 *              client stores as a float (it may hold only whole numbers): CLIENT_FLOAT_COLUMNS below
 *              types those `float` whatever the data says.
 * - `float` -> number.
 * - `i64`   -> bigint for every value of the column (consistent type), e.g. SkillLineAbility.RaceMask.
 */
export type { ColumnType, TableSchema } from "./csv.js";
import type { ColumnType, TableSchema } from "./csv.js";

/** Key column for `byId` per table; absent means `ID`. "gt" game tables are keyed by `Level`. */
export const KEY_COLUMNS: Readonly<Record<string, string>> = { CombatRatings: "Level" };

export function keyColumnOf(table: string): string {
  return KEY_COLUMNS[table] ?? "ID";
}

const ints = (...names: string[]): Record<string, ColumnType> =>
  Object.fromEntries(names.map((n) => [n, "int" as const]));
const floats = (...names: string[]): Record<string, ColumnType> =>
  Object.fromEntries(names.map((n) => [n, "float" as const]));
const texts = (...names: string[]): Record<string, ColumnType> =>
  Object.fromEntries(names.map((n) => [n, "text" as const]));
const range = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/**
 * Hand-written entries for the tables absent from /work/shared/data/tables (headers from the data
 * README or from the wago.tools export of a nearby build). Only columns whose meaning is certain
 * are pinned; anything else in a file is inferred, so a fixture with extra columns still loads.
 */
export const HAND_SCHEMA: Readonly<Record<string, TableSchema>> = {
  SpellName: { ID: "int", Name_lang: "text" },
  Spell: { ID: "int", NameSubtext_lang: "text", Description_lang: "text", AuraDescription_lang: "text" },
  SpellMisc: {
    ...ints("ID", "SpellID", "DifficultyID", "CastingTimeIndex", "DurationIndex", "RangeIndex", "SchoolMask"),
    ...ints("SpellIconFileDataID", "ActiveIconFileDataID", "ContentTuningID", ...range("Attributes_", 16)),
    ...floats("Speed", "LaunchDelay", "MinDuration"),
  },
  SpellEffect: {
    ...ints("ID", "SpellID", "EffectIndex", "Effect", "EffectAura", "DifficultyID", "EffectAuraPeriod"),
    ...ints("EffectTriggerSpell", "EffectAttributes", "EffectMechanic", "ImplicitTarget_0", "ImplicitTarget_1"),
    ...ints("EffectMiscValue_0", "EffectMiscValue_1", "EffectRadiusIndex_0", "EffectRadiusIndex_1"),
    ...ints(...range("EffectSpellClassMask_", 4)),
    ...floats("EffectBasePointsF", "EffectBonusCoefficient", "BonusCoefficientFromAP", "Coefficient", "Variance"),
    ...floats("EffectAmplitude", "EffectChainAmplitude", "EffectPointsPerResource", "EffectRealPointsPerLevel"),
    ...floats("PvpMultiplier", "ResourceCoefficient", "GroupSizeBasePointsCoefficient", "EffectPos_0", "EffectPos_1"),
  },
  Item: {
    ...ints("ID", "ClassID", "SubclassID", "Material", "InventoryType", "SheatheType", "Sound_override_subclassID"),
    ...ints("IconFileDataID", "ItemGroupSoundsID", "ContentTuningID", "ModifiedCraftingReagentItemID"),
    ...ints("CraftingQualityID", "ItemSquishEraID", "OrderSource"),
    ...floats("RecraftReagentCountPercentage"),
  },
  ItemSparse: {
    ...ints("ID", "ItemLevel", "OverallQualityID", "InventoryType", "RequiredLevel", "ItemDelay", "ExpansionID"),
    ...ints("AllowableClass", "SocketMatchEnchantmentId", "ItemSet", "Bonding", "ContentTuningID"),
    ...ints(...range("StatModifier_bonusStat_", 10), ...range("StatPercentEditor_", 10)),
    ...ints(...range("SocketType_", 3), ...range("Flags_", 5)),
    ...floats(...range("StatPercentageOfSocket_", 10), "DmgVariance", "QualityModifier", "ItemRange"),
    AllowableRace: "i64",
    // 12.0.5 wago column set (see data/FIXTURES.md#item-and-itemsparse): text, the split race mask, squish era.
    ...texts("Description_lang", "Display_lang", "Display1_lang", "Display2_lang", "Display3_lang"),
    ...ints("AllowableRaces_0", "AllowableRaces_1", "ItemSquishEraID", "Socket_match_enchantment_ID", "Gem_properties"),
    ...ints("SheatheType", "Material", "DamageType", "MaxCount", "Stackable"),
  },
  ItemSearchName: {
    ...ints("ID", "ItemLevel", "OverallQualityID", "ExpansionID", "AllowableClass", "RequiredLevel"),
    AllowableRace: "i64",
    Display_lang: "text",
  },
  ItemModifiedAppearance: ints(
    "ID",
    "ItemID",
    "ItemAppearanceModifierID",
    "ItemAppearanceID",
    "OrderIndex",
    "TransmogSourceTypeEnum",
  ),
  CurvePoint: {
    ...floats("Pos_0", "Pos_1", "PosPreSquish_0", "PosPreSquish_1"),
    ...ints("ID", "CurveID", "OrderIndex"),
  },
  ManifestInterfaceData: { ID: "int", FilePath: "text", FileName: "text" },
  // Game table: one row per character level, rating divisors per stat column (all inferred numbers).
  CombatRatings: { Level: "int" },
  SpellXSpellVisual: {
    ...ints("ID", "SpellID", "DifficultyID", "SpellVisualID", "Priority", "SpellIconFileID", "ActiveIconFileID"),
    ...ints("ViewerUnitConditionID", "ViewerPlayerConditionID", "CasterUnitConditionID", "CasterPlayerConditionID"),
    ...floats("Probability"),
  },
};

/**
 * Columns the client stores as floats (its DB2 field type, as WoWDBDefs and the server emulators
 * declare it) that hold only whole numbers in build 12.0.5.66529, so the generator typed them `int`.
 * Without this, a later build putting 0.5 there would fail to load with CSV_NOT_INTEGER. Besides these,
 * an array column (`X_0` … `X_n`) with one float member is float throughout (floatSiblings).
 */
export const CLIENT_FLOAT_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  ContentTuning: ["PrimaryStatScalingModPlayerDataElementCharacterMultiplier"],
  ExpectedStat: ["CreatureArmor", "PlayerMana"],
  SpellPower: ["OptionalCostPct"],
  SpellRadius: ["RadiusPerLevel"],
};

/** `X_3` -> `X` (array columns), else undefined. */
const arrayBase = (column: string): string | undefined => /^(.+)_\d+$/.exec(column)?.[1];

/** The generated schema with CLIENT_FLOAT_COLUMNS and the float members' array siblings typed float. */
function withClientFloats(table: string, schema: TableSchema): TableSchema {
  const floatArrays = new Set<string>();
  for (const [column, type] of Object.entries(schema)) {
    const base = arrayBase(column);
    if (type === "float" && base !== undefined) floatArrays.add(base);
  }
  const named = new Set(CLIENT_FLOAT_COLUMNS[table] ?? []);
  const out: Record<string, ColumnType> = {};
  for (const [column, type] of Object.entries(schema)) {
    const base = arrayBase(column);
    const float = type === "int" && (named.has(column) || (base !== undefined && floatArrays.has(base)));
    out[column] = float ? "float" : type;
  }
  return out;
}

const schemaCache = new Map<string, TableSchema | undefined>();

/** The schema of a table, or undefined (then every column is inferred). */
export function schemaFor(table: string): TableSchema | undefined {
  if (schemaCache.has(table)) return schemaCache.get(table);
  const generated = Object.hasOwn(GENERATED_SCHEMA, table) ? GENERATED_SCHEMA[table] : undefined;
  const schema = generated ? withClientFloats(table, generated) : Object.hasOwn(HAND_SCHEMA, table) ? HAND_SCHEMA[table] : undefined;
  schemaCache.set(table, schema);
  return schema;
}

// Inference lives in csv.ts so the generator can run even when schema.generated.ts is broken.
export { inferColumnType, DECIMAL_RE } from "./csv.js";
