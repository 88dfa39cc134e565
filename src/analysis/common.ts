// Shared option checks and the stage schedule of the analyses.
import { SIM_CHUNK_SIZE } from "../engine/simulate.js";
import { AnalysisError } from "./errors.js";

export function badConfig(field: string, v: unknown, want: string): never {
  throw new AnalysisError("INVALID_ANALYSIS_CONFIG", field, `must be ${want}, got ${typeof v === "bigint" ? `${v}n` : JSON.stringify(v)}`);
}

export function intOption(field: string, v: unknown, dflt: number, min: number, max: number): number {
  if (v === undefined) return dflt;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) badConfig(field, v, `an integer in [${min}, ${max}]`);
  return v;
}

/** A positive percentage (precision targets). */
export function pctOption(field: string, v: unknown): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isFinite(v) || v <= 0 || v > 100) badConfig(field, v, "a percentage in (0, 100]");
  return v;
}

/** Options every analysis shares (the chunk plan and where it runs). */
export interface RunOptions {
  /** Iterations per entry: exact without a precision target, the maximum with one. */
  iterations: number;
  threads: number;
  chunkSize: number;
}

export function runOptions(c: { iterations?: unknown; threads?: unknown; chunkSize?: unknown }, defaults: { iterations: number; chunkSize?: number }): RunOptions {
  return {
    iterations: intOption("config.iterations", c.iterations, defaults.iterations, 1, 100_000_000),
    threads: intOption("config.threads", c.threads, 1, 1, 256),
    chunkSize: intOption("config.chunkSize", c.chunkSize, defaults.chunkSize ?? SIM_CHUNK_SIZE, 1, 2 ** 31 - 1),
  };
}

/**
 * Iterations for the next stage of a sequential run: enough for the worst error still above the
 * target (the error shrinks as 1/√n: n · (error/target)², +5 % so estimate noise rarely costs one
 * more stage), at least one more chunk, at most `growth` × the current count (so culling and the
 * error estimates get a look in between), at most the plan. Errors that are not finite (below two
 * iterations) ask for `growth` × the current count.
 */
export function nextStageIterations(current: number, errors: readonly number[], target: number, growth: number, chunkSize: number, max: number): number {
  let worst = 0;
  for (const e of errors) {
    if (!Number.isFinite(e)) worst = Number.POSITIVE_INFINITY;
    else if (e > target) worst = Math.max(worst, e / target);
  }
  const need = Number.isFinite(worst) ? Math.ceil(current * worst * worst * 1.05) : current * growth;
  const lo = current + chunkSize;
  const hi = Math.max(lo, Math.floor(current * growth));
  const n = Math.min(hi, Math.max(lo, need));
  // whole chunks: stages end on chunk boundaries (the pairing unit)
  return Math.min(max, Math.ceil(n / chunkSize) * chunkSize);
}

/** Progress of a staged analysis (CLI progress line, benches). */
export interface StageProgress {
  analysis: "comparison" | "scale-factors" | "profile-set";
  stage: number;
  /** Iterations per active entry after this stage. */
  iterations: number;
  activeEntries: number;
  iterationsSpent: number;
  elapsedMs: number;
}

/** What every staged analysis reports about its own run (the cost and precision lines of the reports). */
export interface AnalysisRunInfo {
  seed: string;
  chunkSize: number;
  threads: number;
  /** Iterations per entry. */
  iterations: number;
  maxIterations: number;
  /** Iterations run over all entries (baseline included). */
  iterationsSpent: number;
  stages: number;
  target: number | null;
  reached: boolean;
  /** Wall time of the whole analysis: loading and compiling (prepareMs), starting the worker pool (poolStartMs), then the stages. */
  elapsedMs: number;
  prepareMs: number;
  poolStartMs: number;
}

/** The AnalysisRunInfo of a finished staged analysis (`t0`: when it started; `iterations`: per entry). */
export function runInfo(a: {
  seed: bigint;
  run: RunOptions;
  iterations: number;
  runner: { iterationsSpent: number; poolStartMs: number };
  stages: number;
  target: number | undefined;
  reached: boolean;
  t0: number;
  prepareMs: number;
}): AnalysisRunInfo {
  return {
    seed: a.seed.toString(),
    chunkSize: a.run.chunkSize,
    threads: a.run.threads,
    iterations: a.iterations,
    maxIterations: a.run.iterations,
    iterationsSpent: a.runner.iterationsSpent,
    stages: a.stages,
    target: a.target ?? null,
    reached: a.reached,
    elapsedMs: performance.now() - a.t0,
    prepareMs: a.prepareMs,
    poolStartMs: a.runner.poolStartMs,
  };
}
