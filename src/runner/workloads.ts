// Workload kind -> ChunkRunner. Static imports (no dynamic module URLs) so tsup bundles every
// runner into the worker entry and the inline path alike.
import { RunnerError } from "./errors.js";
import { createEngineRunner } from "./engine-workload.js";
import { createFakeRunner } from "./fake-workload.js";
import { createEngineBatchRunner } from "../analysis/batch-workload.js";
import type { ChunkRunner, RunnerEnv, WorkloadSpec } from "./types.js";

/** `env.inWorker`: created on a worker thread (the pool's workers say so; the inline path does not). */
export function createRunner(spec: WorkloadSpec, env: RunnerEnv = { inWorker: false }): ChunkRunner {
  switch (spec.kind) {
    case "fake":
      return createFakeRunner(spec, env);
    case "engine":
      return createEngineRunner(spec);
    case "engine-batch": // many (image, chunk) jobs per pool run: src/analysis
      return createEngineBatchRunner(spec);
    default:
      throw new RunnerError("RUNNER_UNKNOWN_WORKLOAD", `workload kind ${JSON.stringify((spec as { kind?: unknown }).kind)} has no runner`);
  }
}
