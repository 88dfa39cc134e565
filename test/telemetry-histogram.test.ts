import { decodeFromCompressedBase64, encodeIntoCompressedBase64 } from "hdr-histogram-js";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { TelemetryError } from "../src/telemetry/errors.js";
import {
  decodeHistogramV2,
  encodeHistogramV2,
  encodeHistogramV2Uncompressed,
  newDpsHistogram,
  toBase64,
  zlibStored,
} from "../src/telemetry/histogram.js";

const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64");

function sample(): number[] {
  // DPS x10 values over a few orders of magnitude, with repeats and a gap (zero runs in the payload)
  return [1, 2, 2, 3, 150, 999, 1000, 1001, 77_777, 77_777, 77_778, 123_456, 5_000_000, 98_765_432];
}

describe("HdrHistogram V2 bytes", () => {
  it("hdr-histogram-js decodes our bytes to the same counts", () => {
    const h = newDpsHistogram();
    for (const v of sample()) h.recordValue(v);
    const bytes = encodeHistogramV2(h);
    // compressed cookie 0x1c849314, big-endian
    expect([...bytes.subarray(0, 4)]).toEqual([0x1c, 0x84, 0x93, 0x14]);
    const d = decodeFromCompressedBase64(b64(bytes)); // the library's own decoder, not ours
    expect(d.totalCount).toBe(14);
    expect(d.numberOfSignificantValueDigits).toBe(3);
    for (const p of [0, 10, 25, 50, 75, 90, 99, 100]) expect(d.getValueAtPercentile(p)).toBe(h.getValueAtPercentile(p));
    expect(d.minNonZeroValue).toBe(h.minNonZeroValue);
    expect(d.mean).toBeCloseTo(h.mean, 9);
  });

  it("payload is byte-identical to hdr-histogram-js's V2 encoder (header per the Java reference)", () => {
    const h = newDpsHistogram();
    for (const v of sample()) h.recordValue(v);
    const ours = encodeHistogramV2Uncompressed(h);
    const libCompressed = Buffer.from(encodeIntoCompressedBase64(h), "base64");
    const len = libCompressed.readInt32BE(4);
    const lib = inflateSync(libCompressed.subarray(8, 8 + len));
    // cookie + payload length; digits, lowest: equal
    expect(b64(ours.subarray(0, 8))).toBe(b64(lib.subarray(0, 8)));
    expect(b64(ours.subarray(12, 24))).toBe(b64(lib.subarray(12, 24)));
    // differences by design: normalizingIndexOffset 0 (lib writes 1), conversion ratio as double 1.0 (lib: int64 1),
    // highestTrackableValue canonical = top of the max value's bucket (lib: the resize history's figure)
    expect(new DataView(ours.buffer).getInt32(8)).toBe(0);
    const maxBucketTop = (h as unknown as { highestEquivalentValue(v: number): number }).highestEquivalentValue(98_765_432);
    expect(Number(new DataView(ours.buffer).getBigInt64(24))).toBe(maxBucketTop);
    expect(maxBucketTop).toBeGreaterThanOrEqual(98_765_432);
    expect(new DataView(ours.buffer).getFloat64(32)).toBe(1.0);
    // the counts payload (ZigZag LEB128, negative = zero run) matches exactly
    expect(b64(ours.subarray(40))).toBe(b64(lib.subarray(40)));
    expect(ours.length).toBe(lib.length);
  });

  it("our decoder reads the library's (deflate-compressed) bytes too", () => {
    const h = newDpsHistogram();
    for (const v of sample()) h.recordValue(v);
    const d = decodeHistogramV2(new Uint8Array(Buffer.from(encodeIntoCompressedBase64(h), "base64")));
    expect(d.totalCount).toBe(h.totalCount);
    expect(d.getValueAtPercentile(50)).toBe(h.getValueAtPercentile(50));
  });

  it("auto-resizes from highest 2 up to large values; decoded histograms keep auto-resize", () => {
    const h = newDpsHistogram();
    h.recordValue(1);
    h.recordValue(1e12);
    expect(h.highestTrackableValue).toBeGreaterThanOrEqual(1e12);
    const d = decodeHistogramV2(encodeHistogramV2(h));
    expect(d.maxValue).toBeGreaterThanOrEqual(1e12 * 0.999);
    d.recordValue(1e14); // would throw without auto-resize
    expect(d.totalCount).toBe(3);
  });

  it("bytes depend only on the recorded multiset (order-independent, repeatable)", () => {
    const a = newDpsHistogram();
    const b = newDpsHistogram();
    const xs = sample();
    for (const v of xs) a.recordValue(v);
    for (const v of [...xs].reverse()) b.recordValue(v);
    expect(b64(encodeHistogramV2(a))).toBe(b64(encodeHistogramV2(b)));
  });

  it("bytes do not depend on the resize history: add() of parts = recording all values", () => {
    const a = newDpsHistogram();
    const b = newDpsHistogram();
    const all = newDpsHistogram();
    for (const v of [77_000, 80_000]) a.recordValue(v);
    b.recordValue(78_000);
    for (const v of [77_000, 80_000, 78_000]) all.recordValue(v);
    const m = newDpsHistogram();
    m.add(a);
    m.add(b);
    expect(m.highestTrackableValue).not.toBe(all.highestTrackableValue); // different histories...
    expect(b64(encodeHistogramV2(m))).toBe(b64(encodeHistogramV2(all))); // ...same bytes
  });

  it("empty histogram encodes and decodes to zero counts", () => {
    const d = decodeHistogramV2(encodeHistogramV2(newDpsHistogram()));
    expect(d.totalCount).toBe(0);
  });

  it("zlibStored: a valid zlib stream (checked by node's inflater incl. adler32) for 0 B, 1 B and multi-block sizes", () => {
    for (const n of [0, 1, 65535, 65536, 140_000]) {
      const data = new Uint8Array(n);
      for (let i = 0; i < n; i++) data[i] = (i * 2654435761) >>> 24;
      const z = zlibStored(data);
      expect(b64(inflateSync(z))).toBe(b64(data));
      // 2 B header + 5 B per block + data + 4 B adler32
      expect(z.length).toBe(2 + 5 * Math.max(1, Math.ceil(n / 65535)) + n + 4);
    }
  });

  it("toBase64 matches Buffer's base64 for every padding case", () => {
    for (const n of [0, 1, 2, 3, 4, 5, 31]) {
      const b = new Uint8Array(n).map((_, i) => (i * 97 + 13) & 0xff);
      expect(toBase64(b)).toBe(Buffer.from(b).toString("base64"));
    }
  });

  it("bad bytes -> TELEMETRY_BAD_HISTOGRAM naming the field", () => {
    const good = encodeHistogramV2(newDpsHistogram());
    const cases: Uint8Array[] = [new Uint8Array(3), new Uint8Array([0x1c, 0x84, 0x93, 0x13, 0, 0, 0, 0]), good.subarray(0, good.length - 6)];
    for (const c of cases) {
      let err: unknown;
      try {
        decodeHistogramV2(c, "report.telemetry_bytes");
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(TelemetryError);
      expect((err as TelemetryError).code).toBe("TELEMETRY_BAD_HISTOGRAM");
      expect((err as TelemetryError).message).toContain("report.telemetry_bytes");
    }
  });
});
