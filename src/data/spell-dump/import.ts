// `combatsim data import-spell-dump [--check]`: regenerates the spell tables the data export lacks
// (SpellName, Spell, SpellMisc, SpellEffect) from the spell-dump blocks kept under
// `data/sources/<build>/<class>.txt`, plus `data/data/spell-dump.json` (per-spell provenance: file,
// line, build, repository and commit). SpellName also keeps the real rows of
// `data/sources/<build>/SpellName.csv` files (client export rows): a real row wins over the dump's name;
// spells with neither get their name from SimulationCraft's spell id list (`spell_id_list.txt`: the
// talent spells, so the talent trees have names).
// `--check` regenerates in memory and compares with the committed files (a test runs it), so the
// generation works offline from what the repository holds.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseCsv } from "../csv.js";
import { buildTable } from "../bundle.js";
import { formatCsv } from "../extract.js";
import { parseSpellDump, SpellDumpError, type DumpSpell } from "./parse.js";
import { parseSpellIdList } from "./id-list.js";
import { dumpRows, SPELL_COLUMNS, SPELLEFFECT_COLUMNS, SPELLMISC_COLUMNS, SPELLNAME_COLUMNS, type CsvRow, type IndexTables } from "./rows.js";

export const DUMP_TABLES = ["SpellName", "Spell", "SpellMisc", "SpellEffect"] as const;
const PROVENANCE_FILE = "data/spell-dump.json";

export interface SpellDumpProvenance {
  $comment: string;
  /** Tables generated from the dump (the loader marks them origin "dump"). */
  tables: string[];
  sources: { file: string; build: string; repository: string; commit: string; path: string; spells: number }[];
  /** spell id → "<file>:<line>" of its block. */
  spells: Record<string, string>;
  /** SpellName ids whose row is a real client-export row, not the dump's name. */
  realSpellNames: number[];
  /** SpellName ids whose name comes from the spell id list (no dump block, no client row): id → "<file>:<line>". */
  listSpellNames: Record<string, string>;
}

export interface ImportResult {
  files: Record<string, string>;
  spells: number;
  drift: string[];
}

const stringify = (rows: CsvRow[]): Record<string, string>[] =>
  rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])));

async function readIndexTables(dataDir: string): Promise<IndexTables> {
  const load = async (name: keyof IndexTables) => {
    const file = path.join(dataDir, "data", "tables", `${name}.csv`);
    return buildTable(name, await readFile(file, "utf8"), file);
  };
  return {
    SpellCastTimes: await load("SpellCastTimes"),
    SpellDuration: await load("SpellDuration"),
    SpellRange: await load("SpellRange"),
    SpellRadius: await load("SpellRadius"),
  };
}

interface Sources {
  blocks: { spell: DumpSpell; file: string }[];
  meta: SpellDumpProvenance["sources"];
  realNames: Map<number, Record<string, string>>;
  listNames: Map<number, { name: string; at: string }>;
}

async function readSources(dataDir: string): Promise<Sources> {
  const root = path.join(dataDir, "sources");
  const out: Sources = { blocks: [], meta: [], realNames: new Map(), listNames: new Map() };
  for (const build of (await readdir(root)).sort()) {
    for (const name of (await readdir(path.join(root, build))).sort()) {
      const rel = `sources/${build}/${name}`;
      const text = await readFile(path.join(root, build, name), "utf8");
      if (name === "SpellName.csv") {
        for (const r of parseCsv(text, { file: rel, allText: true }).rows as Record<string, string>[]) out.realNames.set(Number(r["ID"]), r);
        continue;
      }
      if (name === "spell_id_list.txt") {
        for (const [id, e] of parseSpellIdList(text, rel).names) out.listNames.set(id, { name: e.name, at: `${rel}:${e.line}` });
        continue;
      }
      if (!name.endsWith(".txt")) continue;
      const dump = parseSpellDump(text, rel);
      if (dump.build !== build) throw new SpellDumpError(rel, 1, `the dump says build ${dump.build}, its folder ${build}`);
      const src = /^(\S+) @ ([0-9a-f]{40}), (\S+)$/.exec(dump.provenance["Source"] ?? "");
      if (!src) throw new SpellDumpError(rel, 1, 'expected a "# Source: <owner/repo> @ <commit>, <path>" line');
      out.meta.push({ file: rel, build, repository: src[1]!, commit: src[2]!, path: src[3]!, spells: dump.spells.length });
      for (const spell of dump.spells) out.blocks.push({ spell, file: rel });
    }
  }
  return out;
}

/** Build (and write, unless `check`) the four tables and the provenance file of `dataDir`. */
export async function importSpellDump(dataDir: string, opts: { check?: boolean } = {}): Promise<ImportResult> {
  const src = await readSources(dataDir);
  const rows = dumpRows(src.blocks, await readIndexTables(dataDir));
  const names = stringify(rows.SpellName).map((r) => src.realNames.get(Number(r["ID"])) ?? r);
  const named = new Set(names.map((r) => Number(r["ID"])));
  for (const [id, r] of src.realNames) if (!named.has(id)) names.push(r), named.add(id);
  const fromList = [...src.listNames].filter(([id]) => !named.has(id));
  for (const [id, e] of fromList) names.push({ ID: String(id), Name_lang: e.name });
  names.sort((a, b) => Number(a["ID"]) - Number(b["ID"]));

  const provenance: SpellDumpProvenance = {
    $comment:
      "Generated by `combatsim data import-spell-dump` from data/sources/ (do not edit; --check verifies). Rows of SpellName, Spell, SpellMisc and SpellEffect come from the spell-dump blocks listed here; SpellName rows in realSpellNames are client-export rows, those in listSpellNames come from the spell id list.",
    tables: [...DUMP_TABLES],
    sources: src.meta,
    spells: Object.fromEntries(src.blocks.map((b) => [String(b.spell.id), `${b.file}:${b.spell.line}`]).sort((a, b) => Number(a[0]) - Number(b[0]))),
    realSpellNames: [...src.realNames.keys()].sort((a, b) => a - b),
    listSpellNames: Object.fromEntries(fromList.map(([id, e]) => [String(id), e.at]).sort((a, b) => Number(a[0]) - Number(b[0]))),
  };
  const files: Record<string, string> = {
    "data/tables/SpellName.csv": formatCsv(SPELLNAME_COLUMNS, names),
    "data/tables/Spell.csv": formatCsv(SPELL_COLUMNS, stringify(rows.Spell)),
    "data/tables/SpellMisc.csv": formatCsv(SPELLMISC_COLUMNS, stringify(rows.SpellMisc)),
    "data/tables/SpellEffect.csv": formatCsv(SPELLEFFECT_COLUMNS, stringify(rows.SpellEffect)),
    [PROVENANCE_FILE]: JSON.stringify(provenance, null, 2) + "\n",
  };
  const drift: string[] = [];
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(dataDir, rel);
    if (opts.check) {
      const have = await readFile(file, "utf8").catch(() => undefined);
      if (have !== text) drift.push(rel);
    } else await writeFile(file, text);
  }
  return { files, spells: src.blocks.length, drift };
}
