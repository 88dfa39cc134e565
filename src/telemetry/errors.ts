// Typed errors of the telemetry layer (stable `code`, message naming the field involved).
import { CombatsimError } from "../errors.js";

export type TelemetryErrorCode =
  | "TELEMETRY_BAD_VALUE" // a value cannot be represented (NaN, infinite, negative count, beyond 2^53 after scaling)
  | "TELEMETRY_BAD_REPORT" // ChunkReport bytes do not decode, or decode to an inconsistent report
  | "TELEMETRY_BAD_HISTOGRAM" // histogram bytes are not HdrHistogram V2 (compressed) bytes
  | "TELEMETRY_MERGE_MISMATCH"; // two accumulators cannot be merged (e.g. different histogram precision)

export class TelemetryError extends CombatsimError {
  /** Dotted path of the offending field, e.g. `report.dps.sum_x10` or `chunk 3.iterationDps[7]`. */
  readonly field: string;
  constructor(code: TelemetryErrorCode, field: string, detail: string) {
    super(code, `telemetry: ${field}: ${detail}`);
    this.field = field;
  }
}
