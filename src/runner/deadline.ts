// Per-chunk deadline of a worker pool run, derived from the chunk times measured in that run.
//
// A chunk's time is proportional to its iterations (chunks differ only in their seeds and the last
// chunk's size), so the run keeps the slowest time per iteration measured so far and allows each
// chunk `factor` times that, never less than `minMs`. Before any chunk of the run has finished
// there is nothing to measure: the deadline is then `initialMs`. The slowest rate (not the mean) is
// kept so that a chunk slowed by a busy machine or a GC pause raises the bound instead of
// tripping it; a false timeout costs a retry, a missed hang would cost the whole run.
import { RunnerError } from "./errors.js";

export interface ChunkDeadlineOptions {
  /** Deadline of a chunk while no chunk of the run has finished yet (ms). Default 60000. */
  initialMs?: number;
  /** Once chunks have finished: this many times the slowest measured time per iteration × the chunk's iterations. Default 10 (>= 1). */
  factor?: number;
  /** Floor of the measured deadline (ms), so that tiny chunks are not held to a few ms. Default 5000. */
  minMs?: number;
}

export type ChunkDeadline = Required<ChunkDeadlineOptions>;

export const DEFAULT_CHUNK_DEADLINE: Readonly<ChunkDeadline> = Object.freeze({ initialMs: 60_000, factor: 10, minMs: 5_000 });

/** setTimeout's largest delay: a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Fills in the defaults and checks the ranges; RUNNER_BAD_OPTIONS names the field. */
export function resolveChunkDeadline(options: ChunkDeadlineOptions | undefined): ChunkDeadline {
  if (options === undefined) return { ...DEFAULT_CHUNK_DEADLINE };
  if (options === null || typeof options !== "object") {
    throw new RunnerError("RUNNER_BAD_OPTIONS", `chunkDeadline = ${JSON.stringify(options)} is not an object { initialMs?, factor?, minMs? }`);
  }
  const d = { ...DEFAULT_CHUNK_DEADLINE, ...options };
  const ms = (name: keyof ChunkDeadline, v: number) => {
    if (!(typeof v === "number" && Number.isFinite(v) && v >= 1 && v <= MAX_TIMER_MS)) {
      throw new RunnerError("RUNNER_BAD_OPTIONS", `chunkDeadline.${name} = ${String(v)} is not a number of milliseconds in [1, ${MAX_TIMER_MS}]`);
    }
  };
  ms("initialMs", d.initialMs);
  ms("minMs", d.minMs);
  if (!(typeof d.factor === "number" && Number.isFinite(d.factor) && d.factor >= 1)) {
    throw new RunnerError("RUNNER_BAD_OPTIONS", `chunkDeadline.factor = ${String(d.factor)} is not a finite number >= 1 (a deadline below the measured chunk time)`);
  }
  return { initialMs: d.initialMs, factor: d.factor, minMs: d.minMs };
}

/** The measured chunk times of one run and the deadlines they give. */
export class ChunkClock {
  private msPerIteration = 0;

  constructor(private readonly options: ChunkDeadline) {}

  /** True once a chunk of this run has finished. */
  get measured(): boolean {
    return this.msPerIteration > 0;
  }

  /** Records a finished chunk; true when it raised the deadlines (the slowest rate so far). */
  record(elapsedMs: number, iterations: number): boolean {
    // a chunk faster than the clock's resolution still counts as measured
    const rate = Math.max(elapsedMs, Number.MIN_VALUE) / Math.max(iterations, 1);
    if (rate <= this.msPerIteration) return false;
    this.msPerIteration = rate;
    return true;
  }

  /** Milliseconds a chunk of `iterations` may run before its worker is declared stuck. */
  deadlineMs(iterations: number): number {
    const { initialMs, factor, minMs } = this.options;
    if (!this.measured) return initialMs;
    return Math.min(MAX_TIMER_MS, Math.max(minMs, Math.ceil(factor * this.msPerIteration * iterations)));
  }
}
