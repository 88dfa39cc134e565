// Browser entry (`import … from "combatsim/browser"`): the library surface a web page uses, with no
// Node-only piece (no file-system data dirs, worker_threads, icons on disk, CLI). Data comes from an
// http(s) data URL (its data/index.json says which files exist); runs go to Web Workers started on
// the `combatsim/web-worker` bundle (src/runner/web-worker.ts); results render with the same HTML
// report renderer as `combatsim sim --html`. Recipe: README "In a browser".
//
// The wasm: the engine's bindings load `combatsim.wasm` from next to themselves
// (`new URL("combatsim.wasm", import.meta.url)` + WebAssembly.compileStreaming), so it ships as a
// file beside the bundle (served as application/wasm): inlining would add a third to the 300 kB as
// base64 to every bundle — the page's and each worker's — and lose streaming compilation.
export const VERSION = "0.1.0";
export { simulate, prepareSimulation, SimulateError, SIM_CHUNK_SIZE, DEFAULT_SPEC } from "./engine/simulate.js";
export type { SimulateConfig, SimulateResult, SimulateProgress, SpellSummary, AuraSummary, ResourceSummary, HistogramSummary, SimulateErrorCode } from "./engine/simulate.js";
export { renderHtmlReport, renderReportBody, reportCss } from "./report/html.js";
export { formatTextReport } from "./report/text.js";
export { loadDataBundle, loadFromSource } from "./data/bundle.js";
export { fetchDataSource } from "./data/source.js";
export type { DataSource, FetchSourceOptions } from "./data/source.js";
export { indexedSource, parseDataIndex, DATA_INDEX_FILE } from "./data/data-index.js";
export type { DataIndex } from "./data/data-index.js";
export { DataError } from "./data/errors.js";
export type { DataBundle } from "./data/types.js";
export { CombatsimError } from "./errors.js";
export { ManifestError, ProfileError } from "./manifest/errors.js";
export { parseProfile } from "./engine/profile.js";
export type { Profile } from "./engine/profile.js";
export { rotationInput, parseSimcApl, RotationError, formatLocation } from "./rotation/index.js";
export type { RotationErrorCode, RotationLocation, RotationReport } from "./rotation/index.js";
export { SPEC_CATALOG, lookupSpecs } from "./catalog/index.js";
export type { SpecDescriptor } from "./catalog/index.js";
export { WorkerPool } from "./runner/pool.js";
export { webWorkerStarter } from "./runner/web-worker-handle.js";
export type { PoolWorker, StartWorker } from "./runner/pool-worker.js";
export { runChunked } from "./runner/run.js";
export { RunnerError } from "./runner/errors.js";
