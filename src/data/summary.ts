// A short description of a loaded bundle: what `combatsim` prints until the engine lands, and `combatsim data info`.
import type { DataBundle, Row } from "./types.js";

export interface BundleSummary {
  dir: string;
  /** fixtures: labelled fixture tables; dump: tables generated from the spell-data dump (build `dumpBuild`). */
  tables: { known: number; nonEmpty: number; fixtures: string[]; dump: string[]; dumpBuild: string | null; rows: number };
  classes: { id: number; name: string; specs: { id: number; name: string; role: number }[] }[];
}

/** Playable classes are ids 1..13 (pets, Adventurer and Traveler are excluded, as in the game-data API). */
const PLAYABLE_CLASS_IDS = { min: 1, max: 13 };
/** ChrSpecialization.OrderIndex 4 marks the "Initial" placeholder spec of each class. */
const PLACEHOLDER_SPEC_ORDER = 4;

const num = (row: Row, col: string): number => Number(row[col] ?? 0);
const str = (row: Row, col: string): string => String(row[col] ?? "");

export function summarizeBundle(bundle: DataBundle): BundleSummary {
  let nonEmpty = 0;
  let rows = 0;
  const fixtures: string[] = [];
  const dump: string[] = [];
  let dumpBuild: string | null = null;
  const names = bundle.tableNames();
  for (const name of names) {
    const t = bundle.table(name);
    if (t.size > 0) nonEmpty++;
    rows += t.size;
    if (t.isFixture) fixtures.push(name);
    if (t.origin === "dump") {
      dump.push(name);
      dumpBuild = t.dumpBuild ?? null;
    }
  }
  const specs = bundle.table("ChrSpecialization").rows;
  const classes = bundle
    .table("ChrClasses")
    .rows.filter((c) => num(c, "ID") >= PLAYABLE_CLASS_IDS.min && num(c, "ID") <= PLAYABLE_CLASS_IDS.max)
    .map((c) => ({
      id: num(c, "ID"),
      name: str(c, "Name_lang"),
      specs: specs
        .filter((s) => num(s, "ClassID") === num(c, "ID") && num(s, "OrderIndex") !== PLACEHOLDER_SPEC_ORDER)
        .sort((a, b) => num(a, "OrderIndex") - num(b, "OrderIndex"))
        .map((s) => ({ id: num(s, "ID"), name: str(s, "Name_lang"), role: num(s, "Role") })),
    }))
    .sort((a, b) => a.id - b.id);
  return { dir: bundle.dir, tables: { known: names.length, nonEmpty, fixtures, dump, dumpBuild, rows }, classes };
}

const ROLE = ["tank", "healer", "dps"];

export function formatSummary(s: BundleSummary): string {
  const lines = [
    `data dir: ${s.dir}`,
    `tables:   ${s.tables.nonEmpty} of ${s.tables.known} non-empty, ${s.tables.rows} rows` +
      (s.tables.fixtures.length ? `; fixture tables: ${s.tables.fixtures.join(", ")}` : "") +
      (s.tables.dump.length ? `; from the ${s.tables.dumpBuild} spell dump: ${s.tables.dump.join(", ")}` : ""),
    `classes:  ${s.classes.length}, specs: ${s.classes.reduce((n, c) => n + c.specs.length, 0)}`,
  ];
  for (const c of s.classes) {
    lines.push(`  ${String(c.id).padStart(2)} ${c.name.padEnd(13)} ${c.specs.map((x) => `${x.name} (${x.id}, ${ROLE[x.role] ?? x.role})`).join(", ")}`);
  }
  return lines.join("\n");
}
