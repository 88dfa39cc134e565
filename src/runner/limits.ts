// Resource limits of a pool's worker threads (node:worker_threads resourceLimits): a runaway
// worker (a leak, an allocation loop) ends with ERR_WORKER_OUT_OF_MEMORY at its own cap, quickly,
// instead of growing towards the process's heap limit. The engine's memory is wasm linear memory,
// outside these heaps; a worker's JS heap holds its modules, the workload and a chunk's report.
import { RunnerError } from "./errors.js";

/** Per-worker V8 limits (node:worker_threads resourceLimits), in MB. */
export interface WorkerResourceLimits {
  /** Main heap. Default 256 (16× what an engine worker needs): a runaway worker fails in well under a second instead of growing to the process's limit. */
  maxOldGenerationSizeMb?: number;
  /** Heap for new objects. Default: V8's. */
  maxYoungGenerationSizeMb?: number;
  /** Pre-allocated code range. Default: V8's. */
  codeRangeSizeMb?: number;
  /** Stack. Default: Node's (4). */
  stackSizeMb?: number;
}

export const DEFAULT_WORKER_RESOURCE_LIMITS: Readonly<WorkerResourceLimits> = Object.freeze({ maxOldGenerationSizeMb: 256 });

const LIMIT_NAMES = ["maxOldGenerationSizeMb", "maxYoungGenerationSizeMb", "codeRangeSizeMb", "stackSizeMb"] as const;

/** Fills in the defaults and checks the values; RUNNER_BAD_OPTIONS names the field. */
export function resolveResourceLimits(options: WorkerResourceLimits | undefined): WorkerResourceLimits {
  if (options !== undefined && (options === null || typeof options !== "object")) {
    throw new RunnerError("RUNNER_BAD_OPTIONS", `resourceLimits = ${JSON.stringify(options)} is not an object`);
  }
  const limits: WorkerResourceLimits = { ...DEFAULT_WORKER_RESOURCE_LIMITS, ...options };
  for (const [name, v] of Object.entries(limits)) {
    if (!(LIMIT_NAMES as readonly string[]).includes(name)) {
      throw new RunnerError("RUNNER_BAD_OPTIONS", `resourceLimits.${name} is not a worker limit (${LIMIT_NAMES.join(", ")})`);
    }
    if (v === undefined) continue;
    if (!(typeof v === "number" && Number.isFinite(v) && v > 0)) {
      throw new RunnerError("RUNNER_BAD_OPTIONS", `resourceLimits.${name} = ${String(v)} is not a number of MB > 0`);
    }
  }
  return limits;
}
