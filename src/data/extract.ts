// Builds the slim embedded data bundle (`data/`) from a full wago.tools-style export.
//
//   combatsim data extract [--from <export>] [--to <data dir>] [--spec 253 ...] [--check]
//
// The export is `--from`, else $COMBATSIM_EXPORT_DIR (resolveExportDir); the target defaults to the
// package's own data dir.
//
// Rows are copied unchanged: cells are read as text and written back with the export's own quoting rule
// (a field is quoted exactly when it holds a space, comma, quote, CR or LF), so an extracted row is
// byte-identical to its source line. Tables the export does not have (SpellMisc, SpellEffect, ... in the
// repository's partial copy) are never written: the committed fixture or partial files in the target stay
// as they are, and their spell ids seed the spell set. A full export therefore replaces fixtures cleanly.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseCsv } from "./csv.js";
import { DataError } from "./errors.js";
import { TABLE_NAMES } from "./tables.js";
import { NON_SPEC_PREFIX, SPECS_DIR, specFileRel } from "./spec-layout.js";
import { classTraitTrees, pickTraitTrees } from "./extract-traits.js";

/** Env variable naming the full export folder, for `data extract` without --from (and the tests that need it). */
export const EXPORT_DIR_ENV = "COMBATSIM_EXPORT_DIR";

/** `given`, else $COMBATSIM_EXPORT_DIR; neither is DataError NO_DATA_DIR saying how to name one. */
export function resolveExportDir(given: string | undefined, env: Record<string, string | undefined> = process.env): string {
  const dir = given ?? (env[EXPORT_DIR_ENV] || undefined);
  if (dir === undefined) {
    throw new DataError("NO_DATA_DIR", `data extract: no export given: pass --from <folder of the wago.tools table CSVs> or set ${EXPORT_DIR_ENV}`);
  }
  return dir;
}

/**
 * Specs whose spells a bundle carries by default: the `spec_id` of every spec folder's manifest in the
 * target data dir (`specs/<slug>/manifest.json`, src/data/spec-layout.ts), ascending. A folder whose
 * manifest is unreadable or has no integer spec_id is DataError BAD_SPEC_FOLDER naming it.
 */
export async function defaultExtractSpecs(dataDir: string): Promise<number[]> {
  const root = path.join(dataDir, SPECS_DIR);
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const ids: number[] = [];
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith(NON_SPEC_PREFIX)) continue;
    const file = path.join(dataDir, specFileRel("manifests", e.name));
    let id: unknown;
    try {
      id = (JSON.parse(await readFile(file, "utf8")) as { spec_id?: unknown }).spec_id;
    } catch (err) {
      throw new DataError("BAD_SPEC_FOLDER", `${file}: cannot read the spec's manifest: ${(err as Error).message}`);
    }
    if (!Number.isSafeInteger(id)) throw new DataError("BAD_SPEC_FOLDER", `${file}: spec_id must be an integer, got ${JSON.stringify(id)}`);
    ids.push(id as number);
  }
  if (ids.length === 0) throw new DataError("BAD_SPEC_FOLDER", `${root}: no spec folders to take the default specs from: pass the spec ids (--spec)`);
  return ids.sort((a, b) => a - b);
}

/** Copied whole: class/spec catalog, stat and item-scaling lookups, small spell lookup tables. */
const WHOLE_TABLES = [
  "ChrClasses", "ChrSpecialization", "ChrClassesXPowerTypes", "ChrRaces", "PowerType", "Difficulty",
  "ExpectedStat", "ExpectedStatMod", "ContentTuningXExpected", "RandPropPoints", "ItemClass", "ItemSubClass",
  "ArmorLocation", "ItemArmorQuality", "ItemArmorShield", "ItemArmorTotal", "ItemDamageAmmo", "ItemDamageOneHand",
  "ItemDamageOneHandCaster", "ItemDamageTwoHand", "ItemDamageTwoHandCaster", "SpellCastTimes", "SpellDuration",
  "SpellRange", "SpellRadius", "SpellMechanic", "SpellDispelType", "CreatureType", "CreatureFamily",
  "SummonProperties", "SpellShapeshiftForm", "GlobalColor",
] as const;

/** Filtered to the spell set by their `SpellID` column. */
const SPELL_KEYED_TABLES = [
  "SpellCategories", "SpellCooldowns", "SpellPower", "SpellAuraOptions", "SpellInterrupts", "SpellEmpower",
  "SpellLearnSpell", "SpellLabel", "SpellLevels", "SpellClassOptions", "SpellTargetRestrictions",
  "SpellCastingRequirements", "SpellEquippedItems", "SpellAuraRestrictions", "SpellShapeshift", "SpellTotems",
  "SpellReagents", "SpellXDescriptionVariables", "SpellReplacement", "SpecializationSpells",
] as const;

/** Spell-set closure stops after this many rounds of following trigger/learn/override references. */
const MAX_CLOSURE_ROUNDS = 8;

export interface ExtractOptions {
  /** Full export: a folder of `<Table>.csv`, or a data dir holding `data/tables/`. */
  from: string;
  /** Target data dir (writes `<to>/data/tables/*.csv` and `<to>/data/extract.json`). */
  to: string;
  /** Default: defaultExtractSpecs(to). */
  specs?: readonly number[];
  /** Compare instead of writing; the result lists what differs. */
  check?: boolean;
}

export interface ExtractedTable {
  name: string;
  rows: number;
  sha256: string;
}

export interface ExtractResult {
  specs: number[];
  spellIds: number;
  tables: ExtractedTable[];
  /** Tables the export lacks, kept as committed in the target (fixtures / partial rows). */
  keptFromTarget: string[];
  /** --check: files that differ from (or are missing in) the target. */
  drift: string[];
}

interface RawTable {
  columns: string[];
  rows: Record<string, string>[];
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

async function readRaw(file: string): Promise<RawTable | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as { code?: string }).code === "ENOENT") return undefined;
    throw new DataError("READ_FAILED", `cannot read ${file}: ${(err as Error).message}`, { cause: err });
  }
  const parsed = parseCsv(text, { file, allText: true });
  return { columns: parsed.columns, rows: parsed.rows as Record<string, string>[] };
}

const NEEDS_QUOTES = /[ ,"\r\n]/;

export function formatCsvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function formatCsv(columns: readonly string[], rows: readonly Record<string, string>[]): string {
  let out = columns.map(formatCsvField).join(",") + "\n";
  for (const row of rows) out += columns.map((c) => formatCsvField(row[c] ?? "")).join(",") + "\n";
  return out;
}

const int = (row: Record<string, string>, col: string): number => Number(row[col] ?? 0);

function idsOf(rows: readonly Record<string, string>[], cols: readonly string[]): Set<number> {
  const out = new Set<number>();
  for (const r of rows) for (const c of cols) if (r[c] !== undefined && int(r, c) > 0) out.add(int(r, c));
  return out;
}

/** Run the extract. Throws DataError when `from` has no tables at all. */
export async function extractBundle(options: ExtractOptions): Promise<ExtractResult> {
  const src = (await exists(path.join(options.from, "data", "tables"))) ? path.join(options.from, "data", "tables") : options.from;
  const dstTables = path.join(options.to, "data", "tables");
  if (!(await exists(path.join(src, "ChrClasses.csv")))) {
    throw new DataError("NO_DATA_DIR", `extract --from ${options.from}: no ChrClasses.csv in ${src}; expected a wago.tools table export`);
  }
  const specs = [...(options.specs ?? (await defaultExtractSpecs(options.to)))];

  const source = new Map<string, RawTable>();
  const keptFromTarget: string[] = [];
  const target = new Map<string, RawTable>();
  for (const name of TABLE_NAMES) {
    const t = await readRaw(path.join(src, `${name}.csv`));
    if (t) source.set(name, t);
    else {
      const kept = await readRaw(path.join(dstTables, `${name}.csv`));
      if (kept) {
        target.set(name, kept);
        keptFromTarget.push(name);
      }
    }
  }
  const get = (name: string): RawTable | undefined => source.get(name) ?? target.get(name);

  // --- the spell set: spec spells, masteries, spells described by kept fixture rows, then references.
  const spells = new Set<number>();
  const specSet = new Set(specs);
  for (const r of get("SpecializationSpells")?.rows ?? []) {
    if (specSet.has(int(r, "SpecID"))) for (const id of idsOf([r], ["SpellID", "OverridesSpellID"])) spells.add(id);
  }
  for (const r of get("ChrSpecialization")?.rows ?? []) {
    if (specSet.has(int(r, "ID"))) for (const id of idsOf([r], ["MasterySpellID_0", "MasterySpellID_1"])) spells.add(id);
  }
  for (const name of ["SpellName", "Spell", "SpellMisc", "SpellEffect"]) {
    const t = target.get(name);
    if (t) for (const id of idsOf(t.rows, [t.columns.includes("SpellID") ? "SpellID" : "ID"])) spells.add(id);
  }
  for (let round = 0; round < MAX_CLOSURE_ROUNDS; round++) {
    const before = spells.size;
    const effects = get("SpellEffect")?.rows.filter((r) => spells.has(int(r, "SpellID"))) ?? [];
    for (const id of idsOf(effects, ["EffectTriggerSpell"])) spells.add(id);
    const learn = get("SpellLearnSpell")?.rows.filter((r) => spells.has(int(r, "SpellID"))) ?? [];
    for (const id of idsOf(learn, ["LearnSpellID", "OverridesSpellID"])) spells.add(id);
    const repl = get("SpellReplacement")?.rows.filter((r) => spells.has(int(r, "SpellID"))) ?? [];
    for (const id of idsOf(repl, ["ReplacementSpellID"])) spells.add(id);
    if (spells.size === before) break;
  }

  // --- tables derived from the spell set
  const out = new Map<string, RawTable>();
  const pick = (name: string, keep: (r: Record<string, string>) => boolean) => {
    const t = source.get(name);
    if (t) out.set(name, { columns: t.columns, rows: t.rows.filter(keep) });
  };
  const rowsOfPicked = (name: string) => out.get(name)?.rows ?? [];
  for (const name of WHOLE_TABLES) pick(name, () => true);
  for (const name of SPELL_KEYED_TABLES) {
    // A spec's rows, plus the rows that say which spec teaches any other spell in the set.
    if (name === "SpecializationSpells") pick(name, (r) => specSet.has(int(r, "SpecID")) || spells.has(int(r, "SpellID")));
    else pick(name, (r) => spells.has(int(r, "SpellID")));
  }
  pick("SkillLineAbility", (r) => spells.has(int(r, "Spell")));
  // Talent trees: the class trees of the specs whole, plus the tree rows of any other talent spell in the
  // set (src/manifest/talent-exclusivity.ts, src/talents/tree.ts).
  const spellDefinitions = idsOf((source.get("TraitDefinition")?.rows ?? []).filter((r) => spells.has(int(r, "SpellID"))), ["ID"]);
  const traitPick = { rows: (name: string) => get(name)?.rows ?? [], pick, picked: rowsOfPicked };
  pickTraitTrees(traitPick, classTraitTrees(traitPick, specSet), spellDefinitions);
  pick("SpellName", (r) => spells.has(int(r, "ID")));
  for (const name of ["Spell", "SpellMisc", "SpellEffect"]) pick(name, (r) => spells.has(int(r, "SpellID")));

  const rowsOf = (name: string) => out.get(name)?.rows ?? target.get(name)?.rows ?? [];
  const categories = idsOf(rowsOf("SpellCategories"), ["Category", "ChargeCategory"]);
  pick("SpellCategory", (r) => categories.has(int(r, "ID")));
  const rppm = idsOf(rowsOf("SpellAuraOptions"), ["SpellProcsPerMinuteID"]);
  pick("SpellProcsPerMinute", (r) => rppm.has(int(r, "ID")));
  pick("SpellProcsPerMinuteMod", (r) => rppm.has(int(r, "SpellProcsPerMinuteID")));
  const empower = idsOf(rowsOf("SpellEmpower"), ["ID"]);
  pick("SpellEmpowerStage", (r) => empower.has(int(r, "SpellEmpowerID")));
  const descVars = idsOf(rowsOf("SpellXDescriptionVariables"), ["SpellDescriptionVariablesID"]);
  pick("SpellDescriptionVariables", (r) => descVars.has(int(r, "ID")));
  const tunings = new Set<number>([
    ...idsOf(rowsOf("SpellMisc"), ["ContentTuningID"]),
    ...idsOf(rowsOf("Item"), ["ContentTuningID"]),
    ...idsOf(rowsOf("ItemSparse"), ["ContentTuningID"]),
  ]);
  pick("ContentTuning", (r) => tunings.has(int(r, "ID")));
  const skillLines = new Set([...idsOf(rowsOf("SkillLineAbility"), ["SkillLine"]), ...idsOf(rowsOf("SkillLineXTraitTree"), ["SkillLineID"])]);
  pick("SkillLine", (r) => skillLines.has(int(r, "ID")));
  // Curves: the DR curves plus every curve the kept CurvePoint rows describe.
  const curves = new Set<number>([21024, 21025, ...idsOf(rowsOf("CurvePoint"), ["CurveID"])]);
  pick("Curve", (r) => curves.has(int(r, "ID")));
  // Items: the ones the kept Item/ItemSparse rows describe, and what they reference.
  const items = new Set<number>([...idsOf(rowsOf("Item"), ["ID"]), ...idsOf(rowsOf("ItemSparse"), ["ID"])]);
  pick("ItemXItemEffect", (r) => items.has(int(r, "ItemID")));
  const itemEffects = idsOf(rowsOf("ItemXItemEffect"), ["ItemEffectID"]);
  pick("ItemEffect", (r) => itemEffects.has(int(r, "ID")));
  const itemSets = idsOf(rowsOf("ItemSparse"), ["ItemSet"]);
  pick("ItemSet", (r) => itemSets.has(int(r, "ID")));
  pick("ItemSetSpell", (r) => itemSets.has(int(r, "ItemSetID")));

  // --- write or compare
  const tables: ExtractedTable[] = [];
  const drift: string[] = [];
  if (!options.check) await mkdir(dstTables, { recursive: true });
  for (const name of [...out.keys()].sort()) {
    const t = out.get(name)!;
    const text = formatCsv(t.columns, t.rows);
    const file = path.join(dstTables, `${name}.csv`);
    tables.push({ name, rows: t.rows.length, sha256: createHash("sha256").update(text).digest("hex") });
    if (options.check) {
      const current = await readFile(file, "utf8").catch(() => undefined);
      if (current !== text) drift.push(path.relative(options.to, file));
    } else {
      await writeFile(file, text);
    }
  }
  const manifest =
    JSON.stringify(
      {
        $comment: "GENERATED by `combatsim data extract` — do not edit; verify with `combatsim data extract --check`.",
        specs,
        spellIds: spells.size,
        tables: Object.fromEntries(tables.map((t) => [t.name, { rows: t.rows, sha256: t.sha256 }])),
        keptFromTarget: keptFromTarget.sort(),
      },
      null,
      2,
    ) + "\n";
  const manifestFile = path.join(options.to, "data", "extract.json");
  if (options.check) {
    const current = await readFile(manifestFile, "utf8").catch(() => undefined);
    if (current !== manifest) drift.push(path.relative(options.to, manifestFile));
  } else {
    await writeFile(manifestFile, manifest);
  }
  return { specs, spellIds: spells.size, tables, keptFromTarget, drift };
}
