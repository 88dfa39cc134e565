import { decodeFromCompressedBase64 } from "hdr-histogram-js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seedPrefix } from "../src/kernels/rng.js";
import { createFakeRunner } from "../src/runner/fake-workload.js";
import { combatsim } from "../src/telemetry/generated/chunk_report.js";
import { DpsStats } from "../src/telemetry/dps-stats.js";
import { TelemetryError } from "../src/telemetry/errors.js";
import { encodeHistogramV2, newDpsHistogram } from "../src/telemetry/histogram.js";
import {
  chunkReportFromResult,
  decodeChunkReport,
  encodeChunkReport,
  mergeChunkReports,
  scaleRound,
  type ChunkResult,
} from "../src/telemetry/report.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

function handResult(): ChunkResult {
  return {
    iterations: 3,
    events: 12345,
    iterationDps: Float64Array.from([1000.25, 1234.56, 999.94]),
    damage: 1_234_567.25,
    petDamage: 0.25,
    perSecondDamage: [10.25, 0, 3.5],
    spells: [
      { spellId: 9, casts: 3, hits: 4, crits: 1, damage: 30.75 },
      { spellId: 2, casts: 1, hits: 1, crits: 0, damage: 5 },
    ],
    auras: [{ auraId: 7, applications: 2, uptimeMs: 4500 }],
    resources: [{ resourceId: 2, gained: 1.125, wasted: 0.005, spent: 30 }],
    warnings: ["UNKNOWN_SPELL_CAST 123", "UNKNOWN_SPELL_CAST 123", "other"],
  };
}

function expectTelemetryError(f: () => unknown, code: string, fieldPart: string): void {
  let err: unknown;
  try {
    f();
  } catch (e) {
    err = e;
  }
  expect(err, "expected a TelemetryError").toBeInstanceOf(TelemetryError);
  expect((err as TelemetryError).code).toBe(code);
  expect((err as TelemetryError).message).toContain(fieldPart);
}

describe("scaleRound", () => {
  it("x scale, half away from zero, no -0", () => {
    expect(scaleRound("f", 0.25, 10)).toBe(3); // 2.5 -> 3
    expect(scaleRound("f", -0.25, 10)).toBe(-3); // -2.5 -> -3
    expect(scaleRound("f", 1.125, 100)).toBe(113); // 112.5 -> 113
    expect(scaleRound("f", 0.24, 10)).toBe(2);
    expect(Object.is(scaleRound("f", -0.04, 10), 0)).toBe(true);
    expectTelemetryError(() => scaleRound("report.x", Number.NaN, 10), "TELEMETRY_BAD_VALUE", "report.x");
    expectTelemetryError(() => scaleRound("report.y", 1e16, 10), "TELEMETRY_BAD_VALUE", "report.y");
  });
});

describe("ChunkReport encode/decode", () => {
  const prefix = 0xfedcba9876543210n; // > 2^63: exercises the fixed64 high bit
  const report = chunkReportFromResult(handResult(), { chunkId: 4, firstIteration: 2000, seedPrefix: prefix });

  it("round trip: identity, scaled values (DPS/damage x10, resources x100, rounded), sorted aggregates", () => {
    const d = decodeChunkReport(encodeChunkReport(report));
    expect(d.chunkId).toBe(4);
    expect(d.chunkCount).toBe(1);
    expect(d.firstIteration).toBe(2000);
    expect(d.iterations).toBe(3);
    expect(d.seedPrefix).toBe(prefix);
    expect(d.events).toBe(12345);
    // sum = 1000.25 + 1234.56 + 999.94 = 3234.75 -> x10 32347.5 -> 32348 -> 3234.8
    expect(d.dps.count).toBe(3);
    expect(d.dps.sum).toBe(3234.8);
    expect(d.dps.mean).toBeCloseTo(3234.8 / 3, 12);
    expect(d.dps.min).toBe(999.9); // 9999.4 -> 9999
    expect(d.dps.max).toBe(1234.6); // 12345.6 -> 12346
    expect(d.dps.m2).toBe(report.dps.m2); // carried unscaled as a double: exact
    expect(Array.from(d.iterationDps)).toEqual([1000.3, 1234.6, 999.9]); // 10002.5 -> 10003
    expect(d.damage).toBe(1234567.3); // 12345672.5 -> 12345673
    expect(d.petDamage).toBe(0.3);
    expect(d.perSecondDamage).toEqual([10.3, 0, 3.5]);
    expect(d.spells.map((s) => s.spellId)).toEqual([2, 9]);
    // absent breakdowns are 0 / empty
    expect(d.spells[1]).toEqual({ spellId: 9, casts: 3, hits: 4, crits: 1, damage: 30.8, ticks: 0, petDamage: 0, petHits: 0 }); // 307.5 -> 308
    expect(d.auras).toEqual([{ auraId: 7, applications: 2, uptimeMs: 4500, refreshes: 0, stackMs: 0 }]);
    expect(d.resources).toEqual([{ resourceId: 2, gained: 1.13, wasted: 0.01, spent: 30, sources: [] }]); // 112.5 -> 113, 0.5 -> 1
    expect(d.procs).toEqual([]);
    expect(d.unknownSpellCasts).toBe(0);
    expect(d.warnings).toEqual(["UNKNOWN_SPELL_CAST 123", "other"]);
    // histogram of DPS x10 rounded: 10003, 12346, 9999
    expect(d.histogram.totalCount).toBe(3);
    expect(Math.abs(d.histogram.minNonZeroValue - 9999)).toBeLessThanOrEqual(10); // 3 significant digits
    // re-encoding a decoded report is stable
    expect(hex(encodeChunkReport(d))).toBe(hex(encodeChunkReport(decodeChunkReport(encodeChunkReport(d)))));
  });

  it("round trip and merge of the engine breakdowns: ticks, pet share, refreshes, stack time, resource sources, procs", () => {
    const withBreakdowns = (chunkId: number, k: number): ChunkResult => ({
      ...handResult(),
      spells: [{ spellId: 1, casts: 2 * k, hits: 5 * k, crits: k, damage: 10.25 * k, ticks: 3 * k, petDamage: 4.25 * k, petHits: 2 * k }],
      auras: [{ auraId: 0, applications: k, uptimeMs: 1500 * k, refreshes: 2 * k, stackMs: 2500 * k }],
      resources: [{ resourceId: 0, spent: 30 * k, gained: 20.125 * k, wasted: 5 * k, sources: [{ source: 7, spent: 0, gained: 20.125 * k, wasted: 5 * k }, { source: 1, spent: 30 * k, gained: 0, wasted: 0 }] }],
      procs: [{ kind: 1, index: 0, count: k }, { kind: 0, index: 2, count: 3 * k }],
      unknownSpellCasts: k,
    });
    const a = decodeChunkReport(encodeChunkReport(chunkReportFromResult(withBreakdowns(0, 1), { chunkId: 0, firstIteration: 0, seedPrefix: 1n })));
    // x10: 4.25 -> 42.5 -> 43 -> 4.3; x100: 20.125 -> 2012.5 -> 2013 -> 20.13
    expect(a.spells).toEqual([{ spellId: 1, casts: 2, hits: 5, crits: 1, damage: 10.3, ticks: 3, petDamage: 4.3, petHits: 2 }]);
    expect(a.auras).toEqual([{ auraId: 0, applications: 1, uptimeMs: 1500, refreshes: 2, stackMs: 2500 }]);
    expect(a.resources[0]!.sources).toEqual([{ source: 1, spent: 30, gained: 0, wasted: 0 }, { source: 7, spent: 0, gained: 20.13, wasted: 5 }]); // sorted by source
    expect(a.procs).toEqual([{ kind: 0, index: 2, count: 3 }, { kind: 1, index: 0, count: 1 }]); // sorted by (kind, index)
    expect(a.unknownSpellCasts).toBe(1);
    const b = decodeChunkReport(encodeChunkReport(chunkReportFromResult(withBreakdowns(1, 2), { chunkId: 1, firstIteration: 3, seedPrefix: 2n })));
    const m = decodeChunkReport(encodeChunkReport(mergeChunkReports(a, b)));
    // summed: k = 1 + 2 = 3 (b's x10 / x100 values rounded on their own: 8.5 -> 8.5, 40.25 -> 40.25)
    expect(m.spells).toEqual([{ spellId: 1, casts: 6, hits: 15, crits: 3, damage: 30.8, ticks: 9, petDamage: 12.8, petHits: 6 }]);
    expect(m.auras).toEqual([{ auraId: 0, applications: 3, uptimeMs: 4500, refreshes: 6, stackMs: 7500 }]);
    expect(m.resources[0]!.sources).toEqual([{ source: 1, spent: 90, gained: 0, wasted: 0 }, { source: 7, spent: 0, gained: 60.38, wasted: 15 }]); // 20.13 + 40.25, re-encoded x100
    expect(m.procs).toEqual([{ kind: 0, index: 2, count: 9 }, { kind: 1, index: 0, count: 3 }]);
    expect(m.unknownSpellCasts).toBe(3);
    // merging never mutates its inputs' nested arrays
    expect(a.resources[0]!.sources[1]!.gained).toBe(20.13);
  });

  it("telemetry_bytes is HdrHistogram V2 and decodes with hdr-histogram-js", () => {
    const msg = combatsim.telemetry.ChunkReport.decode(encodeChunkReport(report));
    const h = decodeFromCompressedBase64(Buffer.from(msg.telemetryBytes).toString("base64"));
    expect(h.totalCount).toBe(3);
    // 3 significant digits: values within 0.1 %; the median of {9999, 10003, 12346} is 10003
    expect(Math.abs(h.getValueAtPercentile(50) - 10003)).toBeLessThanOrEqual(10);
    expect(Math.abs(h.maxValue - 12346)).toBeLessThanOrEqual(13);
    expect(msg.formatVersion).toBe(1);
  });

  it("merge of decoded reports = stats merge formula, histograms added, aggregates and buckets summed", () => {
    const runner = createFakeRunner({ kind: "fake", seedBase: 7n, durationS: 20 });
    const r0 = runner(0, 0, 40) as ChunkResult;
    const r1 = runner(1, 40, 25) as ChunkResult;
    const a = decodeChunkReport(encodeChunkReport(chunkReportFromResult(r0, { chunkId: 0, firstIteration: 0, seedPrefix: seedPrefix(7n, 0) })));
    const b = decodeChunkReport(encodeChunkReport(chunkReportFromResult(r1, { chunkId: 1, firstIteration: 40, seedPrefix: seedPrefix(7n, 1) })));
    const m = mergeChunkReports(a, b);
    expect(m.chunkId).toBe(0);
    expect(m.chunkCount).toBe(2);
    expect(m.iterations).toBe(65);
    expect(m.seedPrefix).toBe(seedPrefix(7n, 0));
    expect(m.events).toBe(r0.events + r1.events);
    // DPS: merge formula on the decoded sides
    const n = 65;
    const delta = b.dps.mean - a.dps.mean;
    expect(m.dps.m2).toBeCloseTo(a.dps.m2 + b.dps.m2 + (delta * delta * 40 * 25) / n, 6);
    expect(m.dps.mean).toBeCloseTo((a.dps.sum + b.dps.sum) / n, 9);
    // ... and it agrees with one Welford pass over all 65 raw samples, up to the wire rounding:
    // each side's sum is rounded to 0.1 DPS, so each mean moves by <= 0.05 / n_side
    const all = new DpsStats();
    for (const x of [...r0.iterationDps, ...r1.iterationDps]) all.add(x);
    expect(Math.abs(m.dps.mean - all.mean)).toBeLessThan(0.05 / 25);
    expect(m.dps.m2 / all.m2).toBeCloseTo(1, 5);
    expect(m.dps.min).toBe(Math.min(a.dps.min, b.dps.min));
    expect(m.dps.max).toBe(Math.max(a.dps.max, b.dps.max));
    // histogram: sum of both = the histogram of all 65 values x10
    const h = newDpsHistogram();
    for (const x of [...r0.iterationDps, ...r1.iterationDps]) h.recordValue(scaleRound("x", x, 10));
    expect(hex(encodeHistogramV2(m.histogram))).toBe(hex(encodeHistogramV2(h)));
    // aggregates and per-second buckets summed
    expect(m.perSecondDamage.length).toBe(20);
    for (let s = 0; s < 20; s++) expect(m.perSecondDamage[s]).toBeCloseTo(a.perSecondDamage[s]! + b.perSecondDamage[s]!, 6);
    for (const sp of m.spells) {
      const x = a.spells.find((s) => s.spellId === sp.spellId)!;
      const y = b.spells.find((s) => s.spellId === sp.spellId)!;
      expect(sp.casts).toBe(x.casts + y.casts);
      expect(sp.crits).toBe(x.crits + y.crits);
      expect(sp.damage).toBeCloseTo(x.damage + y.damage, 6);
    }
    expect(m.auras[0]!.uptimeMs).toBe(a.auras[0]!.uptimeMs + b.auras[0]!.uptimeMs);
    expect(m.resources[0]!.wasted).toBeCloseTo(a.resources[0]!.wasted + b.resources[0]!.wasted, 6);
    expect(m.iterationDps.length).toBe(0); // merged reports carry aggregates only
    // inputs are untouched by the pure merge
    expect(a.iterations).toBe(40);
    // the merged report round-trips
    const back = decodeChunkReport(encodeChunkReport(m));
    expect(back.iterations).toBe(65);
    expect(back.histogram.totalCount).toBe(65);
  });

  it("merges aggregates by id: disjoint ids are kept, sorted", () => {
    const x = chunkReportFromResult({ ...handResult(), spells: [{ spellId: 5, casts: 1, hits: 1, crits: 0, damage: 1 }] }, { chunkId: 1, firstIteration: 3, seedPrefix: 1n });
    const y = chunkReportFromResult({ ...handResult(), spells: [{ spellId: 3, casts: 2, hits: 2, crits: 1, damage: 2 }] }, { chunkId: 0, firstIteration: 0, seedPrefix: 2n });
    const m = mergeChunkReports(x, y);
    expect(m.spells.map((s) => s.spellId)).toEqual([3, 5]);
    expect(m.chunkId).toBe(0); // identity from the lower chunk id
    expect(m.seedPrefix).toBe(2n);
    expect(m.warnings).toEqual(["UNKNOWN_SPELL_CAST 123", "other"]);
  });

  it("bad input -> typed errors naming the field", () => {
    expectTelemetryError(() => chunkReportFromResult({ ...handResult(), iterationDps: Float64Array.from([1, 2]) }, { chunkId: 3, firstIteration: 0, seedPrefix: 0n }), "TELEMETRY_BAD_VALUE", "chunk 3.iterationDps");
    expectTelemetryError(() => chunkReportFromResult({ ...handResult(), iterationDps: Float64Array.from([1, -2, 3]) }, { chunkId: 3, firstIteration: 0, seedPrefix: 0n }), "TELEMETRY_BAD_VALUE", "iterationDps[1]");
    expectTelemetryError(() => encodeChunkReport({ ...report, damage: Number.NaN }), "TELEMETRY_BAD_VALUE", "report.damage_x10");
    expectTelemetryError(() => encodeChunkReport({ ...report, iterationDps: Float64Array.from([5e8, 1, 1]) }), "TELEMETRY_BAD_VALUE", "iteration_dps_x10[0]");
    expectTelemetryError(() => decodeChunkReport(new Uint8Array([0xff, 0xff, 0xff])), "TELEMETRY_BAD_REPORT", "report");
    const wrongVersion = combatsim.telemetry.ChunkReport.encode({ formatVersion: 2 }).finish();
    expectTelemetryError(() => decodeChunkReport(wrongVersion), "TELEMETRY_BAD_REPORT", "report.format_version");
    const noDps = combatsim.telemetry.ChunkReport.encode({ formatVersion: 1, iterations: 1 }).finish();
    expectTelemetryError(() => decodeChunkReport(noDps), "TELEMETRY_BAD_REPORT", "report.dps");
    // histogram count disagreeing with dps.count
    const msg = combatsim.telemetry.ChunkReport.decode(encodeChunkReport(report));
    msg.telemetryBytes = encodeHistogramV2(newDpsHistogram());
    expectTelemetryError(() => decodeChunkReport(combatsim.telemetry.ChunkReport.encode(msg).finish()), "TELEMETRY_BAD_REPORT", "report.telemetry_bytes");
  });

  it("round trip of arbitrary chunk results: every field = round(value x scale) / scale (property)", () => {
    const money = fc.double({ min: 0, max: 1e9, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 4e7, noNaN: true }), { minLength: 1, maxLength: 40 }),
        money,
        fc.array(money, { maxLength: 10 }),
        fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
        fc.nat({ max: 0xffffffff }),
        (dps, damage, buckets, prefix, chunkId) => {
          const r = chunkReportFromResult(
            { iterations: dps.length, events: dps.length * 3, iterationDps: Float64Array.from(dps), damage, petDamage: damage / 2, perSecondDamage: buckets, resources: [{ resourceId: 1, gained: damage / 7, wasted: 0, spent: 1 }] },
            { chunkId, firstIteration: 0, seedPrefix: prefix },
          );
          const d = decodeChunkReport(encodeChunkReport(r));
          const back = (v: number, s: number) => scaleRound("x", v, s) / s;
          expect(d.chunkId).toBe(chunkId);
          expect(d.seedPrefix).toBe(prefix);
          expect(Array.from(d.iterationDps)).toEqual(dps.map((x) => back(x, 10)));
          expect(d.dps.sum).toBe(back(r.dps.sum, 10));
          expect(d.dps.min).toBe(back(Math.min(...dps), 10));
          expect(d.dps.max).toBe(back(Math.max(...dps), 10));
          expect(d.dps.m2).toBe(r.dps.m2);
          expect(d.damage).toBe(back(damage, 10));
          expect(d.petDamage).toBe(back(damage / 2, 10));
          expect(d.perSecondDamage).toEqual(buckets.map((x) => back(x, 10)));
          expect(d.resources[0]!.gained).toBe(back(damage / 7, 100));
          expect(d.histogram.totalCount).toBe(dps.length);
        },
      ),
      { numRuns: 150 },
    );
  });
});
