// Fuzz target: the CSV reader (src/data/csv.ts).
import fc from "fast-check";
import { parseCsv, type ColumnType, type TableSchema } from "../../../src/data/csv.js";
import { CsvError } from "../../../src/data/errors.js";
import { type FuzzTarget, noSetup, typedOrValid, violated } from "./common.js";

const COLUMN_TYPES: readonly ColumnType[] = ["text", "int", "float", "i64"];
const CSV_NAMES = ["ID", "A", "B", "Name_lang"];
/** Fragments that matter to the CSV grammar and to typing. */
const CSV_PIECES = [
  ",", '"', '""', "\n", "\r", "\r\n", "0", "7", "-", ".", "1.5", "-0", "12345678901234567890", "9".repeat(400), "1e5", "+1", " ",
  "\t", "a", "ID", "__proto__", "\u0000", "\u001b[31m", "\u0085", "\ufffd", "\ufeff", "é", "𝄞",
];
/** A cell: mostly number-like (so typed and inferred numeric columns are reached), sometimes anything. */
const csvCell = fc.oneof(
  { arbitrary: fc.integer().map(String), weight: 3 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => d.toFixed(3)), weight: 2 },
  { arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String), weight: 1 },
  { arbitrary: fc.tuple(fc.boolean(), fc.integer({ min: 14, max: 400 }), fc.boolean()).map(([neg, n, frac]) => `${neg ? "-" : ""}${"9".repeat(n)}${frac ? ".5" : ""}`), weight: 2 },
  { arbitrary: fc.constantFrom(...CSV_PIECES), weight: 2 },
  { arbitrary: fc.string({ maxLength: 6 }).map((t) => `"${t.replaceAll('"', '""')}"`), weight: 1 },
);
/** Well-formed records (header width, one per line) whose cells exercise typing; a stray cell count sometimes. */
const csvRecords = fc.integer({ min: 1, max: 4 }).chain((n) =>
  fc
    .tuple(
      fc.shuffledSubarray(CSV_NAMES, { minLength: n, maxLength: n }),
      fc.array(fc.oneof({ arbitrary: fc.constant(n), weight: 9 }, { arbitrary: fc.constant(n + 1), weight: 1 }).chain((w) => fc.array(csvCell, { minLength: w, maxLength: w })), { maxLength: 8 }),
      fc.constantFrom("\n", "\r\n"),
    )
    .map(([head, rows, eol]) => [head.join(","), ...rows.map((r) => r.join(","))].join(eol)),
);
const csvText = fc.oneof(
  { arbitrary: csvRecords, weight: 3 },
  { arbitrary: fc.array(fc.constantFrom(...CSV_PIECES), { maxLength: 120 }).map((a) => a.join("")), weight: 1 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 200 }), weight: 1 },
);
interface CsvInput {
  text: string;
  schema: TableSchema;
  allText: boolean;
}

/** Every row has exactly the header's columns, each value of the column's type (finite numbers, safe ints). */
function validCsv(input: CsvInput, r: { columns: string[]; rows: Record<string, unknown>[] }): void {
  if (new Set(r.columns).size !== r.columns.length) violated(`duplicate columns ${JSON.stringify(r.columns)}`);
  for (const [i, row] of r.rows.entries()) {
    if (Object.keys(row).join(",") !== r.columns.join(",")) violated(`row ${i} keys ${JSON.stringify(Object.keys(row))} differ from the header`);
    for (const c of r.columns) {
      const v = row[c];
      const t = input.allText ? "text" : Object.hasOwn(input.schema, c) ? input.schema[c] : undefined;
      const i64 = typeof v === "bigint" && v >= -(2n ** 63n) && v <= 2n ** 64n - 1n;
      const ok =
        t === "text" ? typeof v === "string"
        : t === "int" ? Number.isSafeInteger(v)
        : t === "float" ? typeof v === "number" && Number.isFinite(v)
        : t === "i64" ? i64
        : typeof v === "string" || i64 || (typeof v === "number" && Number.isFinite(v));
      if (!ok) violated(`row ${i} column ${c} (${t ?? "inferred"}) holds ${typeof v} ${String(v)}`);
    }
  }
}

export const csvReader: FuzzTarget<CsvInput, undefined> = {
  setup: noSetup,
  arbitrary: fc.record({
    text: csvText,
    schema: fc.dictionary(fc.constantFrom(...CSV_NAMES), fc.constantFrom(...COLUMN_TYPES)) as fc.Arbitrary<TableSchema>,
    allText: fc.boolean(),
  }),
  check: (input) =>
    typedOrValid(
      () => parseCsv(input.text, { file: "fuzz.csv", schema: input.schema, allText: input.allText }),
      CsvError,
      (r) => validCsv(input, r),
    ),
};
