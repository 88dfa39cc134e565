// Typed errors of the manifest layer. Every message names the file and the JSON path involved.
import { CombatsimError } from "../errors.js";

export type ManifestErrorCode =
  /** The file is not valid JSON, or a value has the wrong type / is missing / is unknown. */
  | "INVALID_MANIFEST"
  /** `schema_version` differs from SCHEMA_VERSION (spec Versioning: generation fails). */
  | "MANIFEST_SCHEMA_VERSION"
  /** A name used in the manifest (spell, aura, pet, resource, talent) is not declared. */
  | "MANIFEST_UNKNOWN_NAME"
  /** The manifest / rotation / profile file could not be read. */
  | "MANIFEST_READ_FAILED"
  /** A spec file is in two places of one data dir (both pieces folders, or the spec folder and the flat layout). */
  | "MANIFEST_AMBIGUOUS_FILE"
  /** An `extends` chain is broken: a cycle, a piece naming a spec, or a removal of an entry no base declares. */
  | "MANIFEST_EXTENDS"
  /** The chosen talents hold two the game's talent tables say exclude each other (talent-exclusivity.ts). */
  | "MANIFEST_TALENT_CONFLICT";

export class ManifestError extends CombatsimError {
  declare readonly code: ManifestErrorCode;
  /** File the problem is in (as given by the caller). */
  readonly file: string;
  /** JSON path inside the file, e.g. `spells[2].cooldown_ms` (`<root>` for the whole document). */
  readonly path: string;
  /** The message without the `file: path: ` prefix (lets `extends` re-attribute an error to the piece it came from). */
  readonly detail: string;
  constructor(code: ManifestErrorCode, file: string, path: string, detail: string) {
    super(code, `${file}: ${path || "<root>"}: ${detail}`);
    this.file = file;
    this.path = path || "<root>";
    this.detail = detail;
  }
}

/** A character profile (data/specs/<slug>/profile.json, or a given file) is malformed. Same shape as ManifestError. */
export class ProfileError extends CombatsimError {
  readonly file: string;
  readonly path: string;
  constructor(file: string, path: string, detail: string) {
    super("INVALID_PROFILE", `${file}: ${path || "<root>"}: ${detail}`);
    this.file = file;
    this.path = path || "<root>";
  }
}
