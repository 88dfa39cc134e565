// The immutable game-data bundle: every known table read once from `{dir}/data/tables/<Table>.csv`,
// with lazily built, cached indexes. Spec: combat-engine.md "Data loading".
//
// Decisions (the spec leaves them open):
// - A missing CSV, a missing `data/tables` folder or a non-existent dir gives empty tables
//   (columns [], rows []) and logs nothing; the gap surfaces later as missing spell data.
//   The entry points that take a dir from the user (CLI, simulate) first call checkDataDir, so a
//   named dir that does not exist is NO_DATA_DIR there.
//   Other read failures (permissions, a folder named X.csv) are DataError READ_FAILED.
// - The bundle knows TABLE_NAMES plus any other `*.csv` present in the tables folder.
// - `byId` keys on `ID`, except game tables ("gt", e.g. CombatRatings) keyed by `Level`
//   (KEY_COLUMNS in schema.ts). Duplicate keys are a DataError (DUPLICATE_KEY), not first-wins:
//   the README guarantees unique IDs, so a duplicate means broken data.
// - On an empty (header-less) table every lookup misses; on a table with a header, an unknown
//   column is DataError UNKNOWN_COLUMN (catches typos and column renames between builds).
// - Freezing: rows arrays, columns and index arrays are frozen, and so is each row object: the
//   rule was "unless that costs more than 20% of load time"; measured by `npm run bench:load`
//   as a separate freeze pass over all 1.17 M rows, it costs ~7-18% of an unfrozen load on this
//   2-vCPU machine (bench/results/load-tables.json, `rowFreeze`), so rows stay frozen.
//
// Sources: `dir` may be a local folder (Node) or an http(s) URL (Node and browsers), see
// source.ts. This module must not import `node:` modules at top level (it is part of the
// browser-usable package root); Node built-ins come from source.ts lazily.
import { parseCsv } from "./csv.js";
import { DataError } from "./errors.js";
import { keyColumnOf, schemaFor } from "./schema.js";
import { dataSourceFor, isHttpUrl, isNode, nodeModules, nodeModulesSync, processEnv, type DataSource, type FetchSourceOptions, type NodeModules } from "./source.js";
import { TABLE_NAMES } from "./tables.js";
import type { CellValue, DataBundle, Row, Table, TableOrigin } from "./types.js";

/** Environment variable naming the data directory. */
export const DATA_DIR_ENV = "COMBATSIM_DATA_DIR";

/** Whether row objects are frozen by default (decided by measurement, see the bench). */
export const FREEZE_ROWS_DEFAULT = true;

const EMPTY_ROWS: readonly Row[] = Object.freeze([]);

/** Tables live at `<data dir>/data/tables/<Table>.csv`; fixtures.json beside them. */
const TABLES_DIR = "data/tables";
const FIXTURES_FILE = "data/fixtures.json";
const DUMP_FILE = "data/spell-dump.json";

function isDir(mods: NodeModules, p: string): boolean {
  try {
    return mods.fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

let bundledDir: string | undefined;

/**
 * The package's own data dir `<pkg>/data`: walk up from this module's file to the nearest
 * package.json named `combatsim`. Works from `src/data/` (vitest, tsx) and from bundled `dist/`
 * chunks alike, and never depends on the working directory. Node only (DataError NO_DATA_DIR
 * elsewhere): a browser has no package folder to walk.
 */
export function bundledDataDir(moduleUrl: string = import.meta.url): string {
  if (moduleUrl === import.meta.url && bundledDir !== undefined) return bundledDir;
  return bundledDataDirWith(nodeModulesSync("bundledDataDir"), moduleUrl);
}

function bundledDataDirWith(mods: NodeModules, moduleUrl: string = import.meta.url): string {
  if (moduleUrl === import.meta.url && bundledDir !== undefined) return bundledDir;
  const { fs, path, url } = mods;
  let dir = path.dirname(url.fileURLToPath(moduleUrl));
  for (;;) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: unknown };
      if (pkg.name === "combatsim") {
        const found = path.join(dir, "data");
        if (moduleUrl === import.meta.url) bundledDir = found;
        return found;
      }
    } catch {
      // no (readable) package.json here: keep walking up
    }
    const up = path.dirname(dir);
    if (up === dir) {
      throw new DataError("NO_DATA_DIR", `no package.json named "combatsim" above ${url.fileURLToPath(moduleUrl)}`);
    }
    dir = up;
  }
}

/**
 * The data directory: `$COMBATSIM_DATA_DIR` if set and non-empty, else `<home>/.combatsim` if it
 * is a directory, else the bundled `<pkg>/data`. `env` and `home` (default: process.env and the
 * user's home dir) are injectable for tests. Node only (DataError NO_DATA_DIR elsewhere).
 */
export function resolveDataDir(env: Readonly<Record<string, string | undefined>> = processEnv(), home?: string): string {
  return resolveDataDirWith(nodeModulesSync("resolveDataDir"), env, home);
}

// The sync public functions get Node built-ins from process.getBuiltinModule (Node >= 20.16);
// loadDataBundle() passes dynamically imported ones, so its default dir works on any Node 20.
function resolveDataDirWith(mods: NodeModules, env: Readonly<Record<string, string | undefined>>, home?: string): string {
  const fromEnv = env[DATA_DIR_ENV];
  if (fromEnv) return mods.path.resolve(fromEnv);
  const h = home ?? mods.os.homedir();
  const inHome = mods.path.join(h, ".combatsim");
  if (h && isDir(mods, inHome)) return inHome;
  return bundledDataDirWith(mods);
}

/**
 * A data dir someone named (`--data-dir`, `simulate({ dataDir })`, `$COMBATSIM_DATA_DIR`) must exist.
 * loadDataBundle keeps the spec's rule (a wrong dir is a bundle of empty tables), which for a typo'd
 * path surfaces far away as a missing spell or spec; the command line and simulate() call this first.
 * `dir` undefined checks the dir resolveDataDir() picks (`from` then names the variable when it
 * came from `env`). A local folder that does not exist, or a file, is DataError NO_DATA_DIR naming
 * its absolute path and `from`; http(s) URLs are not checked (they cannot be listed). Returns `dir`
 * (or the resolved one). Node only for local folders.
 */
export async function checkDataDir(
  dir?: string | URL,
  from?: string,
  env: Readonly<Record<string, string | undefined>> = processEnv(),
): Promise<string | URL> {
  if (dir === undefined) {
    const mods = await nodeModules();
    if (env[DATA_DIR_ENV]) from ??= `$${DATA_DIR_ENV}`;
    dir = resolveDataDirWith(mods, env);
  }
  if (isHttpUrl(dir) || (dir instanceof URL && dir.protocol !== "file:") || !isNode()) return dir; // loadDataBundle reports these
  const { fsp, path, url } = await nodeModules();
  const local = dir instanceof URL ? url.fileURLToPath(dir) : path.resolve(dir);
  const named = `data dir ${local}${from ? ` (${from})` : ""}`;
  let isFolder: boolean;
  try {
    isFolder = (await fsp.stat(local)).isDirectory();
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new DataError("NO_DATA_DIR", `${named} does not exist`);
    throw new DataError("READ_FAILED", `cannot read ${named}: ${(err as Error).message}`, { cause: err });
  }
  if (!isFolder) throw new DataError("NO_DATA_DIR", `${named} is not a folder`);
  return dir;
}

export interface LoadOptions extends FetchSourceOptions {
  /** Object.freeze every row object (rows arrays are always frozen). Default FREEZE_ROWS_DEFAULT. */
  freezeRows?: boolean;
}

/**
 * Load the bundle from `dir`: a local folder (Node), or an http(s) URL — a `URL` or a string
 * starting with `http://` / `https://` — whose known tables are fetched from
 * `<dir>/data/tables/<Table>.csv` (Node and browsers). A `file:` URL is a local folder.
 * Default: resolveDataDir() in Node; in a browser `dir` is required (DataError NO_DATA_DIR).
 */
export function loadDataBundle(dir?: string | URL): Promise<DataBundle> {
  return loadDataBundleWith(dir, {});
}

/** loadDataBundle with internal knobs (used by the load benchmark and the source tests). */
export async function loadDataBundleWith(dir: string | URL | undefined, options: LoadOptions): Promise<DataBundle> {
  if (dir === undefined && !isNode()) {
    throw new DataError(
      "NO_DATA_DIR",
      "loadDataBundle() without a dir needs Node (it resolves a local data folder); in a browser pass the data URL, e.g. loadDataBundle(\"https://example.org/combatsim-data/\")",
    );
  }
  const source = await dataSourceFor(dir ?? resolveDataDirWith(await nodeModules(), processEnv()), options);
  return loadFromSource(source, options);
}

/** Load the bundle from any DataSource. */
export async function loadFromSource(source: DataSource, options: LoadOptions = {}): Promise<DataBundle> {
  const names = [...TABLE_NAMES];
  const known = new Set(names);
  for (const f of (await source.list(TABLES_DIR)).sort()) {
    const name = f.slice(0, -4);
    if (f.endsWith(".csv") && !known.has(name)) {
      names.push(name);
      known.add(name);
    }
  }
  const fixtures = await readFixtures(source, known);
  const dumped = await readDumpTables(source, known);
  const freezeRows = options.freezeRows ?? FREEZE_ROWS_DEFAULT;
  // Reads run concurrently (a fetch source bounds how many); each file is parsed as it arrives.
  const tables = await Promise.all(
    names.map(async (name) => {
      const rel = `${TABLES_DIR}/${name}.csv`;
      const text = await source.readText(rel);
      const origin = fixtures.has(name) ? "fixture" : dumped.tables.has(name) ? "dump" : "export";
      const table = buildTable(name, text, source.describe(rel), origin, freezeRows);
      if (origin === "dump") (table as { dumpBuild?: string }).dumpBuild = dumped.build;
      return table;
    }),
  );
  return new Bundle(source.root, tables);
}

/** An optional JSON side file of the data dir (undefined when absent); bad JSON is BAD_FIXTURES_JSON naming it. */
async function readSideFile(source: DataSource, rel: string): Promise<{ file: string; parsed: unknown } | undefined> {
  const file = source.describe(rel);
  const text = await source.readText(rel);
  if (text === undefined) return undefined;
  try {
    return { file, parsed: JSON.parse(text) };
  } catch (err) {
    throw new DataError("BAD_FIXTURES_JSON", `${file}: invalid JSON: ${(err as Error).message}`, { cause: err });
  }
}

/** `{data_dir}/data/fixtures.json`: `{"tables": {"<Table>": "<why>"}}`. Optional. */
async function readFixtures(source: DataSource, known: ReadonlySet<string>): Promise<Set<string>> {
  const side = await readSideFile(source, FIXTURES_FILE);
  if (side === undefined) return new Set();
  const { file, parsed } = side;
  const tables = (parsed as { tables?: unknown } | null)?.tables;
  if (typeof tables !== "object" || tables === null || Array.isArray(tables)) {
    throw new DataError("BAD_FIXTURES_JSON", `${file}: expected {"tables": {"<Table>": "<why>"}}`);
  }
  const out = new Set<string>();
  for (const [name, why] of Object.entries(tables)) {
    if (typeof why !== "string") {
      throw new DataError("BAD_FIXTURES_JSON", `${file}: tables.${name} must be a string (why it is a fixture)`);
    }
    if (!known.has(name)) throw new DataError("BAD_FIXTURES_JSON", `${file}: tables.${name} is not a known table`);
    out.add(name);
  }
  return out;
}

/**
 * `{data_dir}/data/spell-dump.json` (generated by `combatsim data import-spell-dump`): its `tables`
 * were generated from a spell-data dump. Optional; a full export dropped in place of those tables
 * comes with that file removed.
 */
async function readDumpTables(source: DataSource, known: ReadonlySet<string>): Promise<{ tables: Set<string>; build: string }> {
  const side = await readSideFile(source, DUMP_FILE);
  if (side === undefined) return { tables: new Set(), build: "" };
  const { file, parsed } = side;
  const tables = (parsed as { tables?: unknown } | null)?.tables;
  if (!Array.isArray(tables) || !tables.every((t) => typeof t === "string" && known.has(t))) {
    throw new DataError("BAD_FIXTURES_JSON", `${file}: expected "tables": [<known table names>]`);
  }
  const builds = [...new Set(((parsed as { sources?: { build?: unknown }[] }).sources ?? []).map((x) => String(x.build)))];
  return { tables: new Set(tables as string[]), build: builds.join("+") };
}

/** One table from its CSV text (undefined = missing file -> empty table). Exported for the bench. */
export function buildTable(
  name: string,
  text: string | undefined,
  file: string,
  origin: TableOrigin | boolean = "export",
  freezeRows = FREEZE_ROWS_DEFAULT,
): Table {
  const o: TableOrigin = origin === true ? "fixture" : origin === false ? "export" : origin;
  if (text === undefined) return new CsvTable(name, file, [], [], o);
  const { columns, rows } = parseCsv(text, { file, schema: schemaFor(name) });
  if (freezeRows) for (const r of rows) Object.freeze(r);
  return new CsvTable(name, file, columns, rows, o);
}

class CsvTable implements Table {
  readonly columns: readonly string[];
  readonly rows: readonly Row[];
  readonly size: number;
  /** Column `byId` keys on: `ID`, or `Level` for game tables. */
  readonly keyColumn: string;
  readonly isFixture: boolean;
  private idIndex: Map<CellValue, Row> | undefined;
  private readonly fkIndexes = new Map<string, Map<CellValue, readonly Row[]>>();

  constructor(
    readonly name: string,
    /** The CSV path this table was read from (or would have been). */
    readonly file: string,
    columns: string[],
    rows: Row[],
    readonly origin: TableOrigin,
  ) {
    this.isFixture = origin === "fixture";
    this.columns = Object.freeze(columns);
    this.rows = Object.freeze(rows);
    this.size = rows.length;
    this.keyColumn = keyColumnOf(name);
  }

  byId(id: number): Row | undefined {
    if (this.columns.length === 0) return undefined;
    if (this.idIndex === undefined) {
      if (!this.columns.includes(this.keyColumn)) {
        throw new DataError("NO_KEY_COLUMN", `table ${this.name} (${this.file}) has no key column "${this.keyColumn}"`);
      }
      this.idIndex = this.buildIdIndex();
    }
    return this.idIndex.get(this.lookupKey(this.keyColumn, id));
  }

  allByFk(column: string, key: number): readonly Row[] {
    if (this.columns.length === 0) return EMPTY_ROWS;
    return this.fkIndex(column).get(this.lookupKey(column, key)) ?? EMPTY_ROWS;
  }

  oneByFk(column: string, key: number): Row | undefined {
    // the per-key arrays are in file order, so element 0 is the first row: first wins
    return this.allByFk(column, key)[0];
  }

  private buildIdIndex(): Map<CellValue, Row> {
    const col = this.keyColumn;
    const index = new Map<CellValue, Row>();
    const rows = this.rows;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      const k = row[col]!;
      if (index.has(k)) {
        const first = rows.indexOf(index.get(k)!);
        throw new DataError(
          "DUPLICATE_KEY",
          `table ${this.name} (${this.file}): ${col} ${String(k)} appears in records #${first + 1} and #${i + 1}`,
        );
      }
      index.set(k, row);
    }
    return index;
  }

  private fkIndex(column: string): Map<CellValue, readonly Row[]> {
    let index = this.fkIndexes.get(column);
    if (index) return index;
    this.checkColumn(column);
    const groups = new Map<CellValue, Row[]>();
    for (const row of this.rows) {
      const k = row[column]!;
      const g = groups.get(k);
      if (g) g.push(row);
      else groups.set(k, [row]);
    }
    for (const g of groups.values()) Object.freeze(g);
    index = groups;
    this.fkIndexes.set(column, index);
    return index;
  }

  private checkColumn(column: string): void {
    if (!this.columns.includes(column)) {
      throw new DataError(
        "UNKNOWN_COLUMN",
        `table ${this.name} (${this.file}) has no column "${column}"; columns: ${this.columns.join(", ")}`,
      );
    }
  }

  /**
   * Map key for a numeric lookup: bigint for i64 columns (their cells are bigints), else the
   * number. Looking a number up in a text column is a caller bug, so it throws.
   */
  private lookupKey(column: string, key: number): CellValue {
    const sample = this.rows.length > 0 ? this.rows[0]![column] : undefined;
    if (typeof sample === "bigint") return Number.isInteger(key) ? BigInt(key) : key;
    if (typeof sample === "string") {
      throw new DataError("NOT_A_KEY_COLUMN", `table ${this.name} (${this.file}): column "${column}" holds text, not numeric keys`);
    }
    return key;
  }
}

class Bundle implements DataBundle {
  private readonly byName: ReadonlyMap<string, Table>;
  constructor(
    readonly dir: string,
    tables: Table[],
  ) {
    this.byName = new Map(tables.map((t) => [t.name, t]));
    Object.freeze(this);
  }

  tableNames(): string[] {
    return [...this.byName.keys()];
  }

  table(name: string): Table {
    const t = this.byName.get(name);
    if (t) return t;
    const lower = name.toLowerCase();
    const near = [...this.byName.keys()].find((n) => n.toLowerCase() === lower);
    throw new DataError(
      "UNKNOWN_TABLE",
      `unknown table "${name}" in the bundle from ${this.dir}${near ? ` (did you mean "${near}"?)` : ""}`,
    );
  }
}
