// Typed errors of the game-data API. Every HTTP error body is `{ "error": { "code", "message" } }`
// with one of the stable codes below (docs/api.md "Errors").
import { CombatsimError } from "../errors.js";

export type ApiErrorCode =
  | "BAD_IDS" // ids missing, empty, malformed or repeated as a parameter
  | "TOO_MANY_IDS" // more than MAX_IDS entries
  | "NOT_FOUND" // no such route
  | "METHOD_NOT_ALLOWED" // known route, method other than GET/HEAD/POST/OPTIONS
  | "BODY_NOT_ALLOWED" // a POST to a read route with a request body (parameters go in the URL)
  | "BAD_ICON_SIZE" // size segment not large/medium/small
  | "BAD_HOST" // trustProxy: X-Forwarded-Host / -Proto (or the Host) is not a host[:port] / http(s)
  | "BAD_ICON_NAME" // file name outside [A-Za-z0-9_-], not .jpg, encoded or extra path segments
  | "ICON_NOT_FOUND" // valid name, no source icon
  | "ICON_SOURCE_INVALID" // the icon dir's source file is not a complete PNG/JPEG (truncated, corrupt, not an image)
  | "UPSTREAM_ERROR" // the configured upstream icon server failed (not a 404)
  | "INTERNAL"; // a bug or a broken data bundle

/** Sets Error.stackTraceLimit where the engine has it (V8, JavaScriptCore) and lets it be written. */
function setStackTraceLimit(n: number): void {
  try {
    Error.stackTraceLimit = n;
  } catch {
    // frozen intrinsics: the stack is captured as usual
  }
}

/**
 * An error that maps to one HTTP response. It is an answer to the client (bad input, unknown
 * route, missing icon), not a bug: its stack is never shown or logged, so none is captured —
 * capturing one was most of the cost of an error answer (bench:api).
 */
export class ApiError extends CombatsimError {
  declare readonly code: ApiErrorCode;
  readonly status: number;
  constructor(status: number, code: ApiErrorCode, message: string) {
    const limit = Error.stackTraceLimit;
    if (typeof limit === "number") setStackTraceLimit(0);
    try {
      super(code, message);
    } finally {
      if (typeof limit === "number") setStackTraceLimit(limit);
    }
    this.status = status;
  }
}

/** The data bundle cannot be turned into API records (names table, row id and column). */
export class ApiDataError extends CombatsimError {
  constructor(table: string, rowId: unknown, column: string, detail: string) {
    super("INVALID_API_DATA", `game-data API: ${table} row ID=${String(rowId)} column "${column}": ${detail}`);
  }
}

/** createApp() / icon options are invalid. */
export class ApiConfigError extends CombatsimError {
  constructor(option: string, detail: string) {
    super("INVALID_API_OPTIONS", `game-data API option "${option}": ${detail}`);
  }
}
