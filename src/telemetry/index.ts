// Telemetry surface: streaming DPS statistics, HDR histogram V2 bytes, ChunkReport protobuf.
export { DpsStats, relativeError95 } from "./dps-stats.js";
export type { DpsStatsState } from "./dps-stats.js";
export {
  newDpsHistogram,
  encodeHistogramV2,
  encodeHistogramV2Uncompressed,
  decodeHistogramV2,
  HISTOGRAM_SIGNIFICANT_DIGITS,
  V2_ENCODING_COOKIE,
  V2_COMPRESSED_COOKIE,
} from "./histogram.js";
export type { Histogram } from "./histogram.js";
export {
  encodeChunkReport,
  decodeChunkReport,
  chunkReportFromResult,
  mergeChunkReports,
  mergeChunkReportInto,
  emptyChunkReport,
  scaleRound,
  TELEMETRY_FORMAT_VERSION,
  DPS_SCALE,
  DAMAGE_SCALE,
  RESOURCE_SCALE,
} from "./report.js";
export type { ChunkReport, ChunkResult, ChunkIdentity, SpellAggregate, AuraAggregate, ResourceAggregate, ResourceSourceAggregate, ProcAggregate, SpellAggregateInput, AuraAggregateInput, ResourceAggregateInput } from "./report.js";
export { TelemetryError } from "./errors.js";
export type { TelemetryErrorCode } from "./errors.js";
