// Typed errors for rotation files (docs/rotation.md §3). Every error names the file, and where they
// apply the action list, the entry index (0-based, as in the JSON array), the entry field and the
// 1-based column inside that field's expression string.
import { CombatsimError } from "../errors.js";

export type RotationErrorCode =
  | "ROTATION_BAD_JSON"
  | "ROTATION_BAD_SHAPE"
  | "ROTATION_UNEXPECTED_TOKEN"
  | "ROTATION_UNBALANCED_PAREN"
  | "ROTATION_EXPR_TOO_DEEP"
  | "ROTATION_UNKNOWN_NAME"
  | "ROTATION_UNKNOWN_LIST"
  | "ROTATION_CALL_CYCLE";

/** Where in a rotation file something is. `entry` is the 0-based index inside `list`. */
export interface RotationLocation {
  file: string;
  /** 1-based line in a SimC APL file (then `column` counts in that line). */
  line?: number | undefined;
  list?: string | undefined;
  entry?: number | undefined;
  field?: string | undefined;
  column?: number | undefined;
}

export function formatLocation(loc: RotationLocation): string {
  let s = loc.file;
  if (loc.line !== undefined) s += ` line ${loc.line}`;
  if (loc.list !== undefined) s += `: list "${loc.list}"`;
  if (loc.entry !== undefined) s += ` entry ${loc.entry}`;
  if (loc.field !== undefined) s += ` field "${loc.field}"`;
  if (loc.column !== undefined) s += ` column ${loc.column}`;
  return s;
}

export class RotationError extends CombatsimError {
  declare readonly code: RotationErrorCode;
  readonly file: string;
  readonly line: number | undefined;
  readonly list: string | undefined;
  readonly entry: number | undefined;
  readonly field: string | undefined;
  readonly column: number | undefined;
  /** The message without the location prefix. */
  readonly detail: string;
  constructor(code: RotationErrorCode, loc: RotationLocation, detail: string) {
    super(code, `${formatLocation(loc)}: ${detail}`);
    this.file = loc.file;
    this.line = loc.line;
    this.list = loc.list;
    this.entry = loc.entry;
    this.field = loc.field;
    this.column = loc.column;
    this.detail = detail;
  }
}
