// Runner faults: a worker that exits, throws outside any handler, hangs in a busy loop or runs out
// of memory while running a chunk. The fake workload injects each fault (src/runner/fault-injection.ts)
// on real worker_threads; every run must either complete with the bytes of a fault-free inline run
// or fail with a typed RunnerError naming the chunk, within a bound, and the pool must stay usable.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { simulate, SimulateError } from "../src/engine/simulate.js";
import { ChunkClock, resolveChunkDeadline } from "../src/runner/deadline.js";
import { RunnerError } from "../src/runner/errors.js";
import { FAKE_FAULT_EXIT_CODE, type FakeFault, type FakeFaultMode } from "../src/runner/fault-injection.js";
import { WorkerPool } from "../src/runner/pool.js";
import { runChunked, type RunChunkedOptions } from "../src/runner/run.js";
import type { FakeWorkloadSpec } from "../src/runner/types.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const workload: FakeWorkloadSpec = { kind: "fake", seedBase: 0x0bad_f00d_1234_5678n, durationS: 30 };
const PLAN = { iterations: 1000, chunkSize: 100 }; // 10 chunks

/** Settles like `p`, or rejects once `seconds` have passed: a hang fails the test instead of stalling it. */
function within<T>(seconds: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no result within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([p, bound]).finally(() => clearTimeout(timer));
}

async function rejection(p: Promise<unknown>): Promise<RunnerError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, "expected a RunnerError").toBeInstanceOf(RunnerError);
  return err as RunnerError;
}

function fault(chunkId: number, mode: FakeFaultMode, faultyAttempts?: number): FakeFault {
  return { chunkId, mode, attempts: new Int32Array(new SharedArrayBuffer(4)), ...(faultyAttempts !== undefined ? { faultyAttempts } : {}) };
}

function faulty(f: FakeFault): FakeWorkloadSpec {
  return { ...workload, fault: f };
}

let reference = ""; // bytes of the fault-free run, inline
beforeAll(async () => {
  reference = hex((await runChunked({ workload, ...PLAN })).bytes);
});

describe("chunk deadline (derived from the measured chunk time)", () => {
  const o = { initialMs: 30_000, factor: 10, minMs: 500 };

  it("nothing measured yet: the initial deadline, whatever the chunk's size", () => {
    const clock = new ChunkClock(o);
    expect(clock.deadlineMs(100)).toBe(30_000);
    expect(clock.deadlineMs(1)).toBe(30_000);
    expect(clock.measured).toBe(false);
  });

  it("then factor x the slowest measured time per iteration x the chunk's iterations, at least minMs", () => {
    const clock = new ChunkClock(o);
    expect(clock.record(200, 100)).toBe(true); // 2 ms per iteration
    expect(clock.deadlineMs(100)).toBe(2000); // 10 * 2 * 100
    expect(clock.deadlineMs(40)).toBe(800); // 10 * 2 * 40
    expect(clock.deadlineMs(10)).toBe(500); // 10 * 2 * 10 = 200 -> floor 500
    expect(clock.record(100, 100)).toBe(false); // faster chunks do not shrink it
    expect(clock.deadlineMs(100)).toBe(2000);
    expect(clock.record(300, 50)).toBe(true); // 6 ms per iteration: the slowest so far
    expect(clock.deadlineMs(100)).toBe(6000);
  });

  it("defaults: 60 s before a measurement, then 10x the measured time, at least 5 s", () => {
    expect(resolveChunkDeadline(undefined)).toEqual({ initialMs: 60_000, factor: 10, minMs: 5_000 });
    expect(resolveChunkDeadline({ factor: 4 })).toEqual({ initialMs: 60_000, factor: 4, minMs: 5_000 });
  });

  it("bad deadline options -> RUNNER_BAD_OPTIONS naming the field", () => {
    const bad = (x: unknown, field: string) => {
      let err: unknown;
      try {
        resolveChunkDeadline(x as never);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(RunnerError);
      expect((err as RunnerError).code).toBe("RUNNER_BAD_OPTIONS");
      expect((err as RunnerError).message).toContain(field);
    };
    bad({ factor: 0.5 }, "chunkDeadline.factor"); // a deadline below the measured time
    bad({ factor: Number.NaN }, "chunkDeadline.factor");
    bad({ minMs: 0 }, "chunkDeadline.minMs");
    bad({ initialMs: Number.POSITIVE_INFINITY }, "chunkDeadline.initialMs"); // setTimeout would fire at once
    bad({ initialMs: 2 ** 31 }, "chunkDeadline.initialMs");
    bad("fast", "chunkDeadline");
  });

  it("a pool with bad limits or deadline options is not created", async () => {
    const e1 = await rejection(WorkerPool.create({ size: 1, chunkDeadline: { minMs: -1 } }));
    expect([e1.code, e1.message.includes("chunkDeadline.minMs")]).toEqual(["RUNNER_BAD_OPTIONS", true]);
    const e2 = await rejection(WorkerPool.create({ size: 1, resourceLimits: { maxOldGenerationSizeMb: -5 } }));
    expect([e2.code, e2.message.includes("resourceLimits.maxOldGenerationSizeMb")]).toEqual(["RUNNER_BAD_OPTIONS", true]);
  });
});

// One fault per mode: the error the pool reports when the chunk faults on both attempts.
const EXPECTED: Record<FakeFaultMode, { code: string; says: RegExp; causeCode?: string }> = {
  exit: { code: "RUNNER_WORKER_FAILED", says: new RegExp(`its worker exited with code ${FAKE_FAULT_EXIT_CODE}`) },
  throw: { code: "RUNNER_WORKER_FAILED", says: /its worker threw an uncaught exception: fake workload: injected uncaught exception in chunk 3/ },
  hang: { code: "RUNNER_CHUNK_TIMEOUT", says: /it exceeded its deadline of \d+ ms .* and its worker was terminated/ },
  oom: { code: "RUNNER_WORKER_FAILED", says: /its worker ran out of memory \(.*memory limit.*resourceLimits.maxOldGenerationSizeMb = 128\)/, causeCode: "ERR_WORKER_OUT_OF_MEMORY" },
};

/** Milliseconds of the deadline a timeout message reports. */
function deadlineIn(message: string): number {
  const m = /exceeded its deadline of (\d+) ms/.exec(message);
  expect(m, message).not.toBeNull();
  return Number(m![1]);
}

describe("worker faults: terminate, replace, retry once on a fresh worker", () => {
  // Hangs meet a 1 s floor (a chunk runs in a few ms; 3x the slowest measured, on a loaded machine,
  // may be more). The other faults get a 20 s floor, so that a worker slowly filling its 128 MB
  // heap on a busy machine ends with its out-of-memory error, not a timeout.
  const pools: Partial<Record<"hang" | "other", WorkerPool>> = {};
  beforeAll(async () => {
    pools.hang = await WorkerPool.create({ size: 2, chunkDeadline: { initialMs: 20_000, factor: 3, minMs: 1000 } });
    pools.other = await WorkerPool.create({ size: 2, chunkDeadline: { initialMs: 60_000, minMs: 20_000 }, resourceLimits: { maxOldGenerationSizeMb: 128 } });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([pools.hang?.close(), pools.other?.close()]);
  });

  const poolFor = (mode: FakeFaultMode) => (mode === "hang" ? pools.hang! : pools.other!);
  const run = (pool: WorkerPool, w: FakeWorkloadSpec, extra: Partial<RunChunkedOptions> = {}) => runChunked({ workload: w, ...PLAN, executor: pool, ...extra });

  async function expectUsable(pool: WorkerPool): Promise<void> {
    expect(pool.size).toBe(2);
    expect(hex((await within(60, run(pool, workload))).bytes)).toBe(reference);
  }

  for (const mode of ["exit", "throw", "hang", "oom"] as const) {
    it(`${mode} on the first attempt at chunk 3: retried on a fresh worker, byte-identical result, pool usable`, async () => {
      const pool = poolFor(mode);
      const f = fault(3, mode, 1);
      const res = await within(60, run(pool, faulty(f)));
      expect(hex(res.bytes)).toBe(reference);
      expect(Atomics.load(f.attempts, 0)).toBe(2); // the faulted attempt and the retry
      await expectUsable(pool);
    }, 180_000);

    it(`${mode} on every attempt at chunk 3: ${EXPECTED[mode].code} naming chunk 3 after exactly one retry, pool usable`, async () => {
      const pool = poolFor(mode);
      const f = fault(3, mode);
      const e = await rejection(within(60, run(pool, faulty(f))));
      expect(e.code).toBe(EXPECTED[mode].code);
      expect(e.chunkId).toBe(3);
      expect(e.message).toContain("chunk 3 failed on its worker and again on a fresh worker");
      expect(e.message).toMatch(EXPECTED[mode].says);
      if (mode === "hang") expect(deadlineIn(e.message)).toBeGreaterThanOrEqual(1000); // the floor
      if (EXPECTED[mode].causeCode) expect(e.causeCode).toBe(EXPECTED[mode].causeCode);
      expect(Atomics.load(f.attempts, 0)).toBe(2); // one retry, no more
      await expectUsable(pool);
    }, 180_000);
  }

  it("a fault past the early-exit point does not fail the run", async () => {
    // both workers start chunks 0 and 1; the target is met after chunk 0, so chunk 1's failure
    // (its fault and its retry's, whichever comes first) is never merged, as inline never runs it
    const opts = { targetError: 50, minIterations: 100 };
    const inline = await runChunked({ workload, ...PLAN, ...opts });
    expect(inline.iterations).toBe(100);
    const f = fault(1, "exit");
    const res = await within(60, run(pools.other!, faulty(f), opts));
    expect(hex(res.bytes)).toBe(hex(inline.bytes));
    await expectUsable(pools.other!);
  }, 180_000);
});

describe("deadline timing on a real pool", () => {
  it("a hang in the first wave is caught from the time measured on the other worker's chunks, not the initial deadline", async () => {
    // initialMs is 10 minutes: only the measured time (a few ms -> the 1 s floor) can end this within the bound
    const pool = await WorkerPool.create({ size: 2, chunkDeadline: { initialMs: 600_000, factor: 3, minMs: 1000 } });
    try {
      const f = fault(0, "hang");
      const e = await rejection(within(60, runChunked({ workload: faulty(f), ...PLAN, executor: pool })));
      expect([e.code, e.chunkId]).toEqual(["RUNNER_CHUNK_TIMEOUT", 0]);
      expect(e.message).toContain("measured in this run");
      const ms = deadlineIn(e.message);
      expect(ms).toBeGreaterThanOrEqual(1000); // minMs
      expect(ms).toBeLessThan(600_000); // not initialMs
      expect(hex((await within(60, runChunked({ workload, ...PLAN, executor: pool }))).bytes)).toBe(reference);
    } finally {
      await pool.close();
    }
  }, 180_000);

  it("with nothing measured (one worker, chunk 0 hangs), the initial deadline applies and the error says how to raise it", async () => {
    const pool = await WorkerPool.create({ size: 1, chunkDeadline: { initialMs: 1500 } });
    try {
      const f = fault(0, "hang");
      const e = await rejection(within(60, runChunked({ workload: faulty(f), ...PLAN, executor: pool })));
      expect([e.code, e.chunkId]).toEqual(["RUNNER_CHUNK_TIMEOUT", 0]);
      expect(e.message).toContain("exceeded its deadline of 1500 ms"); // both attempts: nothing was ever measured
      expect(e.message).toContain("chunkDeadline.initialMs");
      expect(Atomics.load(f.attempts, 0)).toBe(2);
    } finally {
      await pool.close();
    }
  }, 180_000);

  it("a chunk still hung when its run ended early is terminated before the next run uses its worker", async () => {
    // three workers start chunks 0, 1, 2 together; the run stops after chunk 0 while chunk 2 hangs
    const pool = await WorkerPool.create({ size: 3, chunkDeadline: { initialMs: 20_000, factor: 3, minMs: 1000 } });
    try {
      const opts = { targetError: 50, minIterations: 100 };
      const inline = await runChunked({ workload, ...PLAN, ...opts });
      const f = fault(2, "hang");
      const res = await within(60, runChunked({ workload: faulty(f), ...PLAN, ...opts, executor: pool }));
      expect(hex(res.bytes)).toBe(hex(inline.bytes));
      expect(hex((await within(60, runChunked({ workload, ...PLAN, executor: pool }))).bytes)).toBe(reference);
      expect(Atomics.load(f.attempts, 0)).toBe(1); // started once, never retried (past the stop)
    } finally {
      await pool.close();
    }
  }, 180_000);
  it("close() during a hung chunk ends the run with RUNNER_POOL_CLOSED without waiting for the deadline", async () => {
    const pool = await WorkerPool.create({ size: 1, chunkDeadline: { initialMs: 600_000 } });
    const f = fault(0, "hang");
    const running = runChunked({ workload: faulty(f), ...PLAN, executor: pool });
    // the rejection is observed from the start: close() rejects the run while this test still awaits close()
    const outcome = rejection(within(20, running));
    const started = async () => {
      while (Atomics.load(f.attempts, 0) === 0) await new Promise((r) => setTimeout(r, 10));
    };
    await within(30, started()); // the worker is in the busy loop
    await within(10, pool.close());
    const e = await outcome;
    expect(e.code).toBe("RUNNER_POOL_CLOSED");
  }, 180_000);
});

describe("worker resource limits", () => {
  it("default heap limit (256 MB): running out of memory ends the worker with ERR_WORKER_OUT_OF_MEMORY, twice within a bound", async () => {
    // without a limit a worker grows to the process's heap limit first (issue 19: 16.5 s per attempt)
    const pool = await WorkerPool.create({ size: 1 });
    try {
      expect(pool.resourceLimits.maxOldGenerationSizeMb).toBe(256);
      const f = fault(0, "oom");
      const e = await rejection(within(30, runChunked({ workload: faulty(f), ...PLAN, executor: pool })));
      expect([e.code, e.chunkId, e.causeCode]).toEqual(["RUNNER_WORKER_FAILED", 0, "ERR_WORKER_OUT_OF_MEMORY"]);
      expect(e.message).toContain("resourceLimits.maxOldGenerationSizeMb = 256");
      expect(hex((await within(60, runChunked({ workload, ...PLAN, executor: pool }))).bytes)).toBe(reference);
    } finally {
      await pool.close();
    }
  }, 180_000);

  it("fault injection refuses to run inline (it would bring down the caller's thread)", async () => {
    const e = await rejection(runChunked({ workload: faulty(fault(0, "exit")), ...PLAN }));
    expect(e.code).toBe("RUNNER_BAD_OPTIONS");
    expect(e.message).toContain("only in a worker thread");
  });
});

describe("simulate() hands the deadline and the limits to its pool", () => {
  const DATA = path.resolve(import.meta.dirname, "../data");
  const base = { dataDir: DATA, iterations: 1000, seed: 1, timeline: false } as const;

  async function simError(p: Promise<unknown>): Promise<SimulateError> {
    const err = await p.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err, "expected a SimulateError").toBeInstanceOf(SimulateError);
    return err as SimulateError;
  }

  it("bad chunkDeadline / resourceLimits -> INVALID_SIM_CONFIG naming the field, also with one thread (never silently unused)", async () => {
    const bundle = await loadDataBundle(DATA);
    for (const threads of [1, 2]) {
      const e1 = await simError(simulate({ ...base, bundle, threads, chunkDeadline: { factor: 0 } }));
      expect([e1.code, e1.message.includes("config.chunkDeadline.factor")]).toEqual(["INVALID_SIM_CONFIG", true]);
      const e2 = await simError(simulate({ ...base, bundle, threads, resourceLimits: { stackSizeMb: Number.NaN } }));
      expect([e2.code, e2.message.includes("config.resourceLimits.stackSizeMb")]).toEqual(["INVALID_SIM_CONFIG", true]);
    }
  }, 60_000);

  it("a deadline no engine chunk can meet (1 ms) -> SIM_WORKER_FAILED naming chunk 0, within a bound", async () => {
    // 500 Beast Mastery iterations take tens of ms: every attempt overruns, the retry too
    const e = await simError(within(60, simulate({ ...base, threads: 2, chunkDeadline: { initialMs: 1, minMs: 1, factor: 1 } })));
    expect(e.code).toBe("SIM_WORKER_FAILED");
    expect(e.message).toContain("chunk 0");
    expect(e.message).toContain("exceeded its deadline of 1 ms");
  }, 60_000);

  it("the worker heap limit reaches the workers: 4 MB is too small for one to start", async () => {
    const e = await simError(within(60, simulate({ ...base, threads: 2, resourceLimits: { maxOldGenerationSizeMb: 4 } })));
    expect(e.code).toBe("SIM_WORKER_FAILED");
    expect(e.message).toContain("memory limit");
  }, 60_000);
});
