// Typed errors of the analysis layer (comparisons, scale factors, profile sets). Every message names
// the option or field involved (`--variant "crit+:crit=x"`, `variants[3].haste`, `config.scaleFactorError`).
import { CombatsimError } from "../errors.js";

export type AnalysisErrorCode =
  /** A variant (CLI `--variant`, a variants file entry, `compare({ variants })`) is malformed. */
  | "INVALID_VARIANT"
  /** An analysis option (iterations, precision targets, deltas, generators…) is out of range. */
  | "INVALID_ANALYSIS_CONFIG"
  /** A variants / profile-set file cannot be read or is not valid JSON. */
  | "VARIANTS_FILE"
  /** Normalisation is impossible: the primary stat's weight is zero or not measured. */
  | "SCALE_FACTORS_UNNORMALIZABLE";

export class AnalysisError extends CombatsimError {
  declare readonly code: AnalysisErrorCode;
  /** The option or field the problem is in, e.g. `--variant`, `variants[2].crit`, `config.iterations`. */
  readonly field: string;
  constructor(code: AnalysisErrorCode, field: string, detail: string) {
    super(code, `${field}: ${detail}`);
    this.field = field;
  }
}
