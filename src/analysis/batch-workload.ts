// The "engine-batch" workload: many (image, chunk) jobs in one pool run, so a stage of a comparison,
// a scale-factor run or a profile set keeps every worker busy even when each variant needs only one
// or two chunks. Registered in src/runner/workloads.ts next to "engine" and "fake".
//
// Job j of the workload = (image k, chunk c, count): it runs `count` iterations of image k with the
// seeds of chunk c, seedFor(seedBase, c, i), exactly like chunk c of a plain simulate() of that image
// (runImage with chunkId c, iterationStart 0). That is what pairs the variants: chunk c of every image
// sees the same random states. The pool hands out job ids as its "chunk ids" (plan: chunkSize 1,
// iterations = jobs); the runner ignores the pool's count and runs the job's own. The ChunkReport a
// job travels in is labelled with the job id; only its per-iteration DPS (×10 rounded on the wire)
// and its DPS statistics are used.
import type { SpecImage } from "../engine/image.js";
import { runImage } from "../engine/run.js";
import { EventBudgetExceeded } from "../runner/engine-workload.js";
import { RunnerError } from "../runner/errors.js";
import type { ChunkRunner, WorkloadBase } from "../runner/types.js";

export interface EngineBatchWorkloadSpec extends WorkloadBase {
  kind: "engine-batch";
  /** Compiled images (plain data: structured-cloneable to workers). */
  images: SpecImage[];
  /** Flat triples (image index, chunk id, iterations) per job, in job-id order. */
  jobs: number[];
}

export function createEngineBatchRunner(spec: EngineBatchWorkloadSpec): ChunkRunner {
  const jobs = spec.jobs;
  if (!Array.isArray(jobs) || jobs.length % 3 !== 0) throw new RunnerError("RUNNER_BAD_OPTIONS", `engine-batch workload: jobs must be (image, chunk, count) triples, got ${Array.isArray(jobs) ? jobs.length : typeof jobs} numbers`);
  return (jobId) => {
    const k = jobs[3 * jobId];
    const chunkId = jobs[3 * jobId + 1];
    const count = jobs[3 * jobId + 2];
    const image = k === undefined ? undefined : spec.images[k];
    if (image === undefined || chunkId === undefined || count === undefined) throw new RunnerError("RUNNER_BAD_OPTIONS", `engine-batch workload: job ${jobId} does not exist (${jobs.length / 3} jobs, ${spec.images.length} images)`);
    const r = runImage(image, { iterations: count, seed: spec.seedBase, chunkId, iterationStart: 0, perIteration: true });
    if (r.error) throw new EventBudgetExceeded(chunkId, image.name);
    // Only the per-iteration DPS is read back on the host: the per-spell/aura/resource telemetry of a
    // variant is not part of an analysis result (the baseline's full report comes from simulate()).
    return {
      iterations: r.iterations,
      events: r.events,
      iterationDps: r.perIteration ?? new Float64Array(0),
      damage: r.damage.total,
      petDamage: r.damage.pet,
      perSecondDamage: [],
    };
  };
}
