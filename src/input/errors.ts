// Typed errors of the character import (`--input my.simc`, `simulate({ input })`, docs/input.md).
// Every message names the file and, where one exists, the line and column of the problem.
import { CombatsimError } from "../errors.js";

export type InputErrorCode =
  /** The text is not a SimC addon export / SimC character profile (no class line, a bad value, a broken gear line). */
  | "INVALID_INPUT"
  /** Gear lines name items the data bundle has no ItemSparse/Item rows for (every missing id is listed). */
  | "UNKNOWN_ITEMS";

export class InputError extends CombatsimError {
  declare readonly code: InputErrorCode;
  readonly file: string;
  /** 1-based line of the problem (0: the whole text). */
  readonly line: number;
  /** 1-based column (0: the whole line). */
  readonly column: number;
  constructor(code: InputErrorCode, file: string, line: number, column: number, detail: string) {
    super(code, `${file}${line > 0 ? `:${line}${column > 0 ? `:${column}` : ""}` : ""}: ${detail}`);
    this.file = file;
    this.line = line;
    this.column = column;
  }
}

/** Something in the text the import keeps but does not act on: listed in the result, never dropped silently. */
export interface InputWarning {
  line: number;
  message: string;
}
