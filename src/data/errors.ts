// Typed errors of the data layer. Each carries a stable `code` so callers can branch on it;
// the message names the file / line / column / table involved (never a bare "parse error").

export type DataErrorCode =
  | "UNKNOWN_TABLE"
  | "UNKNOWN_COLUMN"
  | "NOT_A_KEY_COLUMN"
  | "NO_KEY_COLUMN"
  | "DUPLICATE_KEY"
  | "READ_FAILED"
  | "BAD_FIXTURES_JSON"
  | "NO_DATA_DIR"
  | "BAD_DATA_INDEX"
  /** A spec folder (data/specs/<slug>/) whose manifest cannot give its spec id. */
  | "BAD_SPEC_FOLDER"
  | CsvErrorCode;

export type CsvErrorCode =
  | "CSV_UNTERMINATED_QUOTE"
  | "CSV_RAGGED_ROW"
  | "CSV_NOT_NUMERIC"
  | "CSV_NOT_INTEGER"
  | "CSV_INT_OUT_OF_RANGE"
  | "CSV_FLOAT_OUT_OF_RANGE"
  | "CSV_BAD_QUOTE"
  | "CSV_BAD_HEADER"
  | "CSV_NOT_TEXT";

// C0 and C1 control characters (ESC, CSI and friends drive the terminal) and U+FFFD (what invalid
// UTF-8 decodes to). Data files put their names and values into messages; these never reach a terminal raw.
const UNPRINTABLE_RE = /[\u0000-\u001f\u007f-\u009f\ufffd]/g;

/** `s` with every control character (and U+FFFD) written as `\xNN` / `\uFFFD`: safe to print. */
export function printable(s: string): string {
  return s.replace(UNPRINTABLE_RE, (c) => {
    const n = c.charCodeAt(0);
    return n <= 0xff ? `\\x${n.toString(16).padStart(2, "0")}` : `\\u${n.toString(16).toUpperCase()}`;
  });
}

/** Any failure of the game-data layer (bundle loading, table lookups). The message is always printable. */
export class DataError extends Error {
  override readonly name: string = "DataError";
  constructor(
    readonly code: DataErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(printable(message), options);
  }
}

/** Where in a CSV file a problem sits. `line` is the 1-based *physical* line (embedded newlines count). */
export interface CsvLocation {
  readonly file: string;
  readonly line: number;
  /** Column name from the header (undefined when the problem is not tied to one column). */
  readonly column?: string;
  /** 0-based column index. */
  readonly columnIndex?: number;
}

/** A malformed CSV file. The message reads `<file>:<line>: column "<name>" (#<index>): <detail>`. */
export class CsvError extends DataError {
  override readonly name: string = "CsvError";
  readonly file: string;
  readonly line: number;
  readonly column: string | undefined;
  readonly columnIndex: number | undefined;
  constructor(code: CsvErrorCode, where: CsvLocation, detail: string) {
    const col =
      where.columnIndex === undefined
        ? ""
        : ` column "${where.column ?? "?"}" (#${where.columnIndex}):`;
    super(code, `${where.file}:${where.line}:${col} ${detail} [${code}]`);
    this.file = where.file;
    this.line = where.line;
    this.column = where.column;
    this.columnIndex = where.columnIndex;
  }
}
