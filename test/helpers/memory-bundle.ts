// In-memory DataBundle for unit tests: tables built from literal row arrays, same contract as src/data/types.ts.
import type { CellValue, DataBundle, Row, Table } from "../../src/data/types.js";

export function memoryTable(name: string, rows: Record<string, CellValue>[], isFixture = false): Table {
  const frozen = Object.freeze(rows.map((r) => Object.freeze({ ...r }) as Row));
  const columns = Object.freeze(rows.length ? Object.keys(rows[0]!) : []);
  const byFk = (column: string, key: number) => frozen.filter((r) => r[column] === key);
  return {
    name,
    columns,
    rows: frozen,
    size: frozen.length,
    isFixture,
    origin: isFixture ? "fixture" : "export",
    byId: (id) => frozen.find((r) => r["ID"] === id),
    allByFk: (column, key) => Object.freeze(byFk(column, key)),
    oneByFk: (column, key) => byFk(column, key)[0],
  };
}

/** Unknown table names yield empty tables, like missing CSV files do in a real bundle. */
export function memoryBundle(tables: Record<string, Record<string, CellValue>[]>, dir = "<memory>"): DataBundle {
  const built = new Map(Object.entries(tables).map(([n, rows]) => [n, memoryTable(n, rows)]));
  return {
    dir,
    tableNames: () => [...built.keys()].sort(),
    table: (name) => built.get(name) ?? memoryTable(name, []),
  };
}
