// Chunk loop: plan, merge order, early exit, representative, determinism across real
// worker_threads pools (0 = inline, 1, 2, 3 workers), error propagation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedFor, seedFromPrefix, seedPrefix } from "../src/kernels/rng.js";
import { createFakeRunner } from "../src/runner/fake-workload.js";
import { chunkBounds, chunkCount, WorkerPool } from "../src/runner/pool.js";
import { pickRepresentative } from "../src/runner/representative.js";
import { runChunked, type RunChunkedResult } from "../src/runner/run.js";
import { RunnerError } from "../src/runner/errors.js";
import { decodeChunkReport } from "../src/telemetry/report.js";
import type { ChunkResult, FakeWorkloadSpec } from "../src/runner/types.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const workload: FakeWorkloadSpec = { kind: "fake", seedBase: 0x1234_5678_9abc_def0n, durationS: 30 };

async function expectRunnerError(p: Promise<unknown>, code: string, part: string): Promise<RunnerError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, "expected a RunnerError").toBeInstanceOf(RunnerError);
  expect((err as RunnerError).code).toBe(code);
  expect((err as RunnerError).message).toContain(part);
  return err as RunnerError;
}

describe("chunk plan", () => {
  it("fixed chunk size, last chunk holds the remainder", () => {
    // 1001 iterations in chunks of 250: 4 full chunks + 1 iteration
    const plan = { chunkSize: 250, iterations: 1001 };
    expect(chunkCount(plan)).toBe(5);
    expect(chunkBounds(plan, 0)).toEqual({ firstIteration: 0, count: 250 });
    expect(chunkBounds(plan, 3)).toEqual({ firstIteration: 750, count: 250 });
    expect(chunkBounds(plan, 4)).toEqual({ firstIteration: 1000, count: 1 });
  });
});

describe("fake workload", () => {
  it("iteration i of chunk c depends only on seedFor(seedBase, c, i)", () => {
    const run = createFakeRunner(workload);
    const a = run(3, 300, 8) as ChunkResult;
    const b = run(3, 999, 12) as ChunkResult; // firstIteration is bookkeeping only
    expect(Array.from(b.iterationDps.subarray(0, 8))).toEqual(Array.from(a.iterationDps));
    const c = run(4, 400, 8) as ChunkResult;
    expect(c.iterationDps[0]).not.toBe(a.iterationDps[0]);
    // same seed via another seed base / chunk id pair would give the same iteration; distinct here
    expect(seedFor(workload.seedBase, 3, 0)).not.toBe(seedFor(workload.seedBase, 4, 0));
  });

  it("real aggregates: damage = sum of spells = sum of buckets; DPS = damage / duration", () => {
    const r = createFakeRunner(workload)(0, 0, 10) as ChunkResult;
    const spellSum = r.spells!.reduce((s, x) => s + x.damage, 0);
    const bucketSum = Array.from(r.perSecondDamage).reduce((s, x) => s + x, 0);
    expect(spellSum).toBeCloseTo(r.damage, 4);
    expect(bucketSum).toBeCloseTo(r.damage, 4);
    const dpsSum = r.iterationDps.reduce((s, x) => s + x, 0);
    expect(dpsSum * 30).toBeCloseTo(r.damage, 4);
    const res = r.resources![0]!;
    expect(res.gained + res.wasted).toBe(10 * 30 * 10); // +10 focus offered per second
  });
});

describe("runChunked (inline)", () => {
  it("merges every chunk; stats equal one pass over all chunks' decoded reports", async () => {
    const res = await runChunked({ workload, iterations: 1001, chunkSize: 250 });
    expect(res.chunks).toBe(5);
    expect(res.iterations).toBe(1001);
    expect(res.stoppedEarly).toBe(false);
    expect(res.report.chunkCount).toBe(5);
    expect(res.report.histogram.totalCount).toBe(1001);
    // the encoded merged report decodes back to the same figures
    const back = decodeChunkReport(res.bytes);
    expect(back.iterations).toBe(1001);
    expect(back.dps.count).toBe(1001);
    expect(back.dps.sum).toBeCloseTo(res.report.dps.sum, 1);
    // cross-check the mean against a direct computation from the fake runner
    const run = createFakeRunner(workload);
    let sum = 0;
    for (let c = 0; c < 5; c++) {
      const { firstIteration, count } = chunkBounds({ chunkSize: 250, iterations: 1001 }, c);
      sum += (run(c, firstIteration, count) as ChunkResult).iterationDps.reduce((s, x) => s + x, 0);
    }
    expect(Math.abs(res.report.dps.mean - sum / 1001)).toBeLessThan(0.05);
    const err = ((1.96 * res.report.dps.stddev) / Math.sqrt(1001) / res.report.dps.mean) * 100;
    expect(res.relativeError).toBeCloseTo(err, 12);
  });

  it("early exit: stops at the first chunk whose merged error <= target; = a shorter full run", async () => {
    const seen: { chunkId: number; iterations: number; relativeError: number }[] = [];
    const target = 0.5;
    const res = await runChunked({ workload, iterations: 100_000, chunkSize: 100, targetError: target, onChunk: (p) => seen.push(p) });
    expect(res.stoppedEarly).toBe(true);
    expect(res.iterations % 100).toBe(0);
    expect(res.iterations).toBeLessThan(100_000);
    expect(res.relativeError).toBeLessThanOrEqual(target);
    expect(seen.length).toBe(res.chunks);
    for (const p of seen.slice(0, -1)) expect(p.relativeError).toBeGreaterThan(target); // not earlier
    // the stopped result is exactly the run of that many iterations without a target
    const full = await runChunked({ workload, iterations: res.iterations, chunkSize: 100 });
    expect(hex(full.bytes)).toBe(hex(res.bytes));
    expect(full.representative).toEqual(res.representative);
  });

  it("minIterations delays the early exit", async () => {
    const res = await runChunked({ workload, iterations: 3000, chunkSize: 100, targetError: 50, minIterations: 1000 });
    expect(res.iterations).toBe(1000); // error is far below 50 % from the 2nd chunk on
  });

  it("representative: closest DPS to the final mean among all per-iteration values", async () => {
    const res = await runChunked({ workload, iterations: 700, chunkSize: 200 });
    const rep = res.representative!;
    const mean = res.report.dps.mean;
    // brute force over the per-iteration DPS the chunks carried on the wire (x10 rounded)
    const run = createFakeRunner(workload);
    let bestD = Infinity;
    for (let c = 0; c < 4; c++) {
      const { firstIteration, count } = chunkBounds({ chunkSize: 200, iterations: 700 }, c);
      for (const x of (run(c, firstIteration, count) as ChunkResult).iterationDps) bestD = Math.min(bestD, Math.abs(Math.round(x * 10) / 10 - mean));
    }
    expect(rep.distance).toBe(bestD);
    expect(rep.seed).toBe(seedFor(workload.seedBase, rep.chunkId, rep.iteration));
    expect(rep.globalIteration).toBe(rep.chunkId * 200 + rep.iteration);
    const again = run(rep.chunkId, rep.chunkId * 200, rep.iteration + 1) as ChunkResult;
    expect(Math.round(again.iterationDps[rep.iteration]! * 10) / 10).toBe(rep.dps);
  });

  it("representative ties: smaller seed prefix, then smaller iteration index", () => {
    const mean = 100;
    const chunks = [
      { chunkId: 0, seedPrefix: 50n, firstIteration: 0, iterationDps: [90, 101, 99] }, // 101 and 99 tie at distance 1
      { chunkId: 1, seedPrefix: 20n, firstIteration: 3, iterationDps: [120, 99, 101] },
    ];
    const r = pickRepresentative(chunks, mean)!;
    expect([r.chunkId, r.iteration, r.dps, r.distance]).toEqual([1, 1, 99, 1]); // prefix 20 < 50; index 1 < 2
    expect(r.seed).toBe(seedFromPrefix(20n, 1)); // the rerun seed: prefix completed with the index in the chunk
    expect(pickRepresentative([{ ...chunks[0]!, iterationDps: [99, 101] }], mean)!.iteration).toBe(0);
    expect(pickRepresentative([], mean)).toBeNull();
  });

  it("bad options -> RUNNER_BAD_OPTIONS naming the option", async () => {
    await expectRunnerError(runChunked({ workload, iterations: 0 }), "RUNNER_BAD_OPTIONS", "iterations");
    await expectRunnerError(runChunked({ workload, iterations: 10, chunkSize: 2.5 }), "RUNNER_BAD_OPTIONS", "chunkSize");
    await expectRunnerError(runChunked({ workload, iterations: 10, targetError: -1 }), "RUNNER_BAD_OPTIONS", "targetError");
    await expectRunnerError(runChunked({ workload: { ...workload, durationS: 0 }, iterations: 10 }), "RUNNER_BAD_OPTIONS", "durationS");
    await expectRunnerError(runChunked({ workload: { kind: "nope" } as unknown as FakeWorkloadSpec, iterations: 10 }), "RUNNER_BAD_OPTIONS", "seedBase");
    await expectRunnerError(
      runChunked({ workload: { kind: "nope", seedBase: 1n } as unknown as FakeWorkloadSpec, iterations: 10 }),
      "RUNNER_UNKNOWN_WORKLOAD",
      "nope",
    );
  });

  it("a failing chunk -> RUNNER_CHUNK_FAILED naming the chunk", async () => {
    const e = await expectRunnerError(runChunked({ workload: { ...workload, failChunk: 2 }, iterations: 500, chunkSize: 100 }), "RUNNER_CHUNK_FAILED", "chunk 2");
    expect(e.causeCode).toBe("RUNNER_BAD_OPTIONS");
  });
});

describe("worker pool (worker_threads) determinism", () => {
  const pools: WorkerPool[] = [];
  beforeAll(async () => {
    for (const size of [1, 2, 3]) pools.push(await WorkerPool.create({ size }));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  function same(a: RunChunkedResult, b: RunChunkedResult): void {
    expect(hex(b.bytes)).toBe(hex(a.bytes));
    expect(b.representative).toEqual(a.representative);
    expect([b.iterations, b.chunks, b.stoppedEarly, b.relativeError]).toEqual([a.iterations, a.chunks, a.stoppedEarly, a.relativeError]);
    expect(b.report.dps.m2).toBe(a.report.dps.m2);
  }

  it("inline, 1, 2 and 3 workers give byte-identical merged results", async () => {
    const opts = { workload, iterations: 2345, chunkSize: 128 };
    const inline = await runChunked(opts);
    for (const pool of pools) same(inline, await runChunked({ ...opts, executor: pool }));
  }, 60_000);

  it("... also with early exit (chunks in flight past the stop are discarded)", async () => {
    const opts = { workload, iterations: 50_000, chunkSize: 50, targetError: 0.6 };
    const inline = await runChunked(opts);
    expect(inline.stoppedEarly).toBe(true);
    for (const pool of pools) same(inline, await runChunked({ ...opts, executor: pool }));
  }, 60_000);

  it("the equality is not vacuous: another seed base changes the bytes; seed prefix comes from the chunk id", async () => {
    // a different seed base changes the bytes (the comparison above is not vacuous)
    const a = await runChunked({ workload, iterations: 300, chunkSize: 100, executor: pools[2] });
    const b = await runChunked({ workload: { ...workload, seedBase: workload.seedBase + 1n }, iterations: 300, chunkSize: 100, executor: pools[2] });
    expect(hex(a.bytes)).not.toBe(hex(b.bytes));
    expect(decodeChunkReport(a.bytes).seedPrefix).toBe(seedPrefix(workload.seedBase, 0));
  }, 60_000);

  it("a chunk failing in a worker -> RUNNER_CHUNK_FAILED; the pool stays usable", async () => {
    const e = await expectRunnerError(
      runChunked({ workload: { ...workload, failChunk: 3 }, iterations: 1000, chunkSize: 100, executor: pools[1] }),
      "RUNNER_CHUNK_FAILED",
      "chunk 3",
    );
    expect(e.causeCode).toBe("RUNNER_BAD_OPTIONS");
    const ok = await runChunked({ workload, iterations: 300, chunkSize: 100, executor: pools[1] });
    expect(ok.iterations).toBe(300);
  }, 60_000);

  it("a failing chunk past the early-exit point is ignored, as inline never runs it", async () => {
    // the error target is met after chunk 1 (two chunks merged); chunk 3 would fail
    const opts = { workload: { ...workload, failChunk: 3 }, iterations: 2000, chunkSize: 200, targetError: 50, minIterations: 400 };
    const inline = await runChunked(opts);
    expect(inline.iterations).toBe(400);
    for (const pool of pools) same(inline, await runChunked({ ...opts, executor: pool }));
  }, 60_000);

  it("a workload that cannot be structured-cloned -> RUNNER_BAD_OPTIONS; the pool stays usable", async () => {
    const bad = { ...workload, durationS: 30, extra: () => 1 } as unknown as FakeWorkloadSpec;
    await expectRunnerError(runChunked({ workload: bad, iterations: 100, chunkSize: 50, executor: pools[0] }), "RUNNER_BAD_OPTIONS", "cannot be posted");
    expect((await runChunked({ workload, iterations: 100, chunkSize: 50, executor: pools[0] })).iterations).toBe(100);
  }, 60_000);

  it("closed pool -> RUNNER_POOL_CLOSED; bad size -> RUNNER_BAD_OPTIONS", async () => {
    const p = await WorkerPool.create({ size: 1 });
    await p.close();
    await expectRunnerError(runChunked({ workload, iterations: 10, executor: p }), "RUNNER_POOL_CLOSED", "closed");
    await expectRunnerError(WorkerPool.create({ size: 0 }), "RUNNER_BAD_OPTIONS", "workers");
  }, 60_000);

  it("a missing worker entry fails with RUNNER_WORKER_FAILED instead of hanging (create waits for every worker to be ready)", async () => {
    await expectRunnerError(WorkerPool.create({ size: 1, workerUrl: new URL("./no-such-worker.js", import.meta.url) }), "RUNNER_WORKER_FAILED", "worker 0");
  }, 60_000);
});
