// Runs chunks of several compiled images with common random numbers: chunk c of every image uses the
// seeds seedFor(seed, c, i), the same as chunk c of simulate() on that image. A stage asks for chunks
// [from, to) of some images; they go to the pool as one "engine-batch" run (src/analysis/batch-workload.ts),
// so the workers stay busy however few chunks each image needs.
//
// Determinism: a job's iterations depend only on (image, chunk); results are stored by job id and
// handed back per image in chunk order, and every caller folds them in a fixed (chunk, image,
// iteration) order. The pool size (threads) changes who runs a job, never its bytes or the order of
// the arithmetic, so results are identical for any thread count (tested with 1 and 2 threads).
import type { SpecImage } from "../engine/image.js";
import { RunnerError } from "../runner/errors.js";
import { InlineExecutor } from "../runner/inline.js";
import { chunkBounds, chunkCount, type ChunkExecutor, type WorkerPool } from "../runner/pool.js";
import { decodeChunkReport } from "../telemetry/report.js";
import type { EngineBatchWorkloadSpec } from "./batch-workload.js";
import { AnalysisError } from "./errors.js";

export interface PairedRunnerOptions {
  /** Compiled images; index 0 is the baseline by convention of the callers. */
  images: SpecImage[];
  /** Display names, same order (error messages). */
  names: string[];
  seed: bigint;
  chunkSize: number;
  /** Upper bound on iterations per image (the chunk plan; the last chunk may be partial). */
  maxIterations: number;
  /** Worker threads (1 = inline on this thread). */
  threads: number;
}

export class PairedRunner {
  readonly chunkSize: number;
  readonly maxIterations: number;
  readonly totalChunks: number;
  /** Iterations run so far over every image (the "iterations spent" of a result). */
  iterationsSpent = 0;
  /** Time to start the worker pool (0 inline). */
  poolStartMs = 0;
  private constructor(
    private readonly opts: PairedRunnerOptions,
    private readonly executor: ChunkExecutor,
    private readonly pool: WorkerPool | null,
  ) {
    this.chunkSize = opts.chunkSize;
    this.maxIterations = opts.maxIterations;
    this.totalChunks = chunkCount({ chunkSize: opts.chunkSize, iterations: opts.maxIterations });
  }

  static async open(opts: PairedRunnerOptions): Promise<PairedRunner> {
    if (opts.images.length !== opts.names.length) throw new RangeError("PairedRunner: one name per image");
    if (opts.threads === 1) return new PairedRunner(opts, new InlineExecutor(), null);
    const t0 = performance.now();
    const { WorkerPool } = await import("../runner/pool.js");
    const pool = await WorkerPool.create({ size: opts.threads });
    const r = new PairedRunner(opts, pool, pool);
    r.poolStartMs = performance.now() - t0;
    return r;
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }

  /** Iterations covered by chunks [0, c). */
  iterationsBefore(c: number): number {
    return Math.min(c * this.chunkSize, this.maxIterations);
  }

  /** Smallest chunk count covering at least `n` iterations (capped at the plan). */
  chunksFor(n: number): number {
    return Math.min(this.totalChunks, Math.max(1, Math.ceil(n / this.chunkSize)));
  }

  /**
   * Runs chunks [from, to) of each listed image; returns, per listed image (same order), the
   * per-iteration DPS of those chunks concatenated in chunk order (as carried on the wire: 0.1 DPS).
   */
  async run(images: readonly number[], from: number, to: number): Promise<Float64Array[]> {
    if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 0 && to <= this.totalChunks && from < to)) {
      throw new AnalysisError("INVALID_ANALYSIS_CONFIG", "stage", `chunk range [${from}, ${to}) is outside the plan of ${this.totalChunks} chunks`);
    }
    const plan = { chunkSize: this.chunkSize, iterations: this.maxIterations };
    // only the images this stage uses travel to the workers
    const used = [...new Set(images)];
    const local = new Map(used.map((k, i) => [k, i]));
    const jobs: number[] = [];
    const jobOwner: number[] = [];
    for (let c = from; c < to; c++) {
      const { count } = chunkBounds(plan, c);
      for (const k of images) {
        jobs.push(local.get(k)!, c, count);
        jobOwner.push(k);
      }
    }
    const workload: EngineBatchWorkloadSpec = { kind: "engine-batch", seedBase: this.opts.seed, images: used.map((k) => this.opts.images[k]!), jobs };
    const nJobs = jobs.length / 3;
    const results: (Float64Array | RunnerError | undefined)[] = new Array(nJobs);
    await this.executor.execute(workload, { chunkSize: 1, iterations: nJobs }, (jobId, r) => {
      // keep going after a failure: the error reported is then the lowest failing job's, whatever
      // the pool's timing (a worker-count-independent message)
      results[jobId] = r instanceof RunnerError ? r : decodeChunkReport(r).iterationDps;
      return true;
    });
    const per = images.map(() => [] as Float64Array[]);
    for (let j = 0; j < nJobs; j++) {
      const r = results[j];
      const k = jobOwner[j]!;
      const c = jobs[3 * j + 1]!;
      if (r === undefined) throw new RunnerError("RUNNER_CHUNK_FAILED", `variant "${this.opts.names[k]}" chunk ${c}: no result came back`);
      if (r instanceof RunnerError) throw new RunnerError("RUNNER_CHUNK_FAILED", `variant "${this.opts.names[k]}" chunk ${c}: ${r.message}`, r.causeCode);
      if (r.length !== jobs[3 * j + 2]) throw new RunnerError("RUNNER_CHUNK_FAILED", `variant "${this.opts.names[k]}" chunk ${c}: ${r.length} iterations came back, ${jobs[3 * j + 2]} expected`);
      per[j % images.length]!.push(r);
      this.iterationsSpent += r.length;
    }
    return per.map((parts) => {
      const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
      let o = 0;
      for (const p of parts) {
        out.set(p, o);
        o += p.length;
      }
      return out;
    });
  }
}
