// Shapes of the immutable game-data bundle. Implementation: src/data/bundle.ts.

/** A cell: text columns are strings, numeric columns numbers, 64-bit integer columns bigints. */
export type CellValue = string | number | bigint;

/** One CSV record keyed by column name (header names as in the wago.tools export). */
export type Row = Readonly<Record<string, CellValue>>;

/** One table, loaded once and never mutated. Indexes are built lazily and cached. */
export interface Table {
  readonly name: string;
  /** Column names in file order. */
  readonly columns: readonly string[];
  readonly rows: readonly Row[];
  readonly size: number;
  /** true when the rows come from the project's labelled fixture (see data/FIXTURES.md). */
  readonly isFixture: boolean;
  /**
   * Where the rows come from: "export" (a client table export, the default), "dump" (generated from
   * SimulationCraft's spell-data dump of an earlier build, listed in data/spell-dump.json) or "fixture".
   */
  readonly origin: TableOrigin;
  /** For origin "dump": the game build of the dump the rows were generated from. */
  readonly dumpBuild?: string;
  /** Loader shape 1: by primary `ID` (one row per id). Game tables such as CombatRatings key on `Level` instead (KEY_COLUMNS in schema.ts). */
  byId(id: number): Row | undefined;
  /** Loader shape 2: by foreign key, all rows with `row[column] === key`, in file order. */
  allByFk(column: string, key: number): readonly Row[];
  /** Loader shape 3: by foreign key, the first row in file order wins. */
  oneByFk(column: string, key: number): Row | undefined;
}

export type TableOrigin = "export" | "dump" | "fixture";

export interface DataBundle {
  /** The data directory the bundle was loaded from. */
  readonly dir: string;
  /** Names of every table the bundle knows (missing CSVs are present as empty tables). */
  tableNames(): string[];
  /** A table by name; an unknown name throws DataError (UNKNOWN_TABLE). */
  table(name: string): Table;
}
