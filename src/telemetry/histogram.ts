// DPS distribution: an auto-resizing HdrHistogram (hdr-histogram-js, JS implementation) of
// per-iteration DPS x10 rounded (the telemetry DPS scale), and its HdrHistogram V2 bytes.
//
// Encoding is done here, not by hdr-histogram-js's encodeIntoCompressedBase64: that one deflates
// with whatever zlib the host has (Node's zlib or pako in a browser), and different deflaters
// emit different bytes for the same input. Determinism (DESIGN.md: same bytes whatever the host)
// needs fixed bytes, so the V2 payload is wrapped in a zlib stream of *stored* deflate blocks
// (valid zlib; any inflater, including hdr-histogram-js's decoder, reads it). The V2 payload is
// already run-length/LEB128 packed, so stored blocks cost little. Header fields follow the Java
// reference: normalizingIndexOffset 0, integerToDoubleValueConversionRatio as the double 1.0;
// highestTrackableValue is canonicalised (see encodeHistogramV2Uncompressed).
import { build, decodeFromCompressedBase64, type Histogram } from "hdr-histogram-js";
import { TelemetryError } from "./errors.js";

export type { Histogram };

/** 3 significant digits: bucket width <= 0.1 % of the value (1 DPS at 1 000 DPS x10 = 100 DPS). */
export const HISTOGRAM_SIGNIFICANT_DIGITS = 3;
/** V2 cookies: uncompressed (word size 9, TLZE bit) and the compressed wrapper. */
export const V2_ENCODING_COOKIE = 0x1c849313;
export const V2_COMPRESSED_COOKIE = 0x1c849314;

/** A fresh auto-resizing histogram (lowest 1, highest grows on demand). */
export function newDpsHistogram(): Histogram {
  return build({
    bitBucketSize: 32,
    autoResize: true,
    lowestDiscernibleValue: 1,
    highestTrackableValue: 2,
    numberOfSignificantValueDigits: HISTOGRAM_SIGNIFICANT_DIGITS,
    useWebAssembly: false,
  });
}

// Members of JsHistogram that the V2 encoder needs (public in JS; not all in the .d.ts).
interface CountsView {
  maxValue: number;
  lowestDiscernibleValue: number;
  highestTrackableValue: number;
  numberOfSignificantValueDigits: number;
  countsArrayIndex(value: number): number;
  highestEquivalentValue(value: number): number;
  getCountAtIndex(index: number): number;
}

class Bytes {
  buf = new Uint8Array(256);
  len = 0;
  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.len + n) cap *= 2;
    const b = new Uint8Array(cap);
    b.set(this.buf.subarray(0, this.len));
    this.buf = b;
  }
  u8(v: number): void {
    this.ensure(1);
    this.buf[this.len++] = v & 0xff;
  }
  i32(v: number): void {
    this.ensure(4);
    new DataView(this.buf.buffer).setInt32(this.len, v | 0, false);
    this.len += 4;
  }
  i64(v: number): void {
    this.ensure(8);
    new DataView(this.buf.buffer).setBigInt64(this.len, BigInt(v), false);
    this.len += 8;
  }
  f64(v: number): void {
    this.ensure(8);
    new DataView(this.buf.buffer).setFloat64(this.len, v, false);
    this.len += 8;
  }
  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }
  result(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

/** ZigZag + LEB128-64b9B (HdrHistogram's ZigZagEncoding.putLong) for |v| < 2^52. */
function putZigZag(out: Bytes, v: number): void {
  let u = v >= 0 ? v * 2 : -v * 2 - 1;
  for (let i = 0; i < 8; i++) {
    if (u < 128) {
      out.u8(u);
      return;
    }
    out.u8((u % 128) | 0x80);
    u = Math.floor(u / 128);
  }
  out.u8(u); // 9th byte carries the last 8 bits
}

/** Uncompressed HdrHistogram V2 encoding (cookie 0x1c849313). */
export function encodeHistogramV2Uncompressed(h: Histogram): Uint8Array {
  const v = h as unknown as CountsView;
  const out = new Bytes();
  out.i32(V2_ENCODING_COOKIE);
  out.i32(0); // payload length, patched below
  out.i32(0); // normalizingIndexOffset
  out.i32(v.numberOfSignificantValueDigits);
  out.i64(v.lowestDiscernibleValue);
  // Canonical highestTrackableValue: the top of the max value's bucket (>= 2 * lowest), not the
  // auto-resize history's figure (recording and add() resize to different highs), so the bytes
  // are a function of the counts alone.
  out.i64(Math.max(2 * v.lowestDiscernibleValue, v.highestEquivalentValue(v.maxValue)));
  out.f64(1.0); // integerToDoubleValueConversionRatio
  const start = out.len;
  const limit = v.countsArrayIndex(v.maxValue) + 1;
  let i = 0;
  while (i < limit) {
    const c = v.getCountAtIndex(i++);
    if (c < 0) throw new TelemetryError("TELEMETRY_BAD_HISTOGRAM", `histogram count[${i - 1}]`, `negative count ${c}`);
    if (c === 0) {
      // a run of zero counts is written as one negative number
      let zeros = 1;
      while (i < limit && v.getCountAtIndex(i) === 0) {
        zeros++;
        i++;
      }
      putZigZag(out, zeros > 1 ? -zeros : 0);
    } else {
      putZigZag(out, c);
    }
  }
  const bytes = out.result();
  new DataView(bytes.buffer).setInt32(4, bytes.length - start, false);
  return bytes;
}

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; ) {
    const end = Math.min(i + 3800, data.length); // keep b below 2^31 between reductions
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** zlib stream (RFC 1950) made of stored deflate blocks (RFC 1951 BTYPE 00): fixed bytes on every host. */
export function zlibStored(data: Uint8Array): Uint8Array {
  const out = new Bytes();
  out.u8(0x78);
  out.u8(0x01); // CMF/FLG: deflate, 32 KiB window, (0x7801 % 31) = 0
  let pos = 0;
  do {
    const n = Math.min(65535, data.length - pos);
    const last = pos + n >= data.length;
    out.u8(last ? 1 : 0);
    out.u8(n & 0xff);
    out.u8(n >>> 8);
    out.u8(~n & 0xff);
    out.u8((~n >>> 8) & 0xff);
    out.bytes(data.subarray(pos, pos + n));
    pos += n;
  } while (pos < data.length);
  out.i32(adler32(data));
  return out.result();
}

/** HdrHistogram V2 compressed bytes (cookie 0x1c849314): what travels as ChunkReport.telemetry_bytes. */
export function encodeHistogramV2(h: Histogram): Uint8Array {
  const z = zlibStored(encodeHistogramV2Uncompressed(h));
  const out = new Bytes();
  out.i32(V2_COMPRESSED_COOKIE);
  out.i32(z.length);
  out.bytes(z);
  return out.result();
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Standard base64 with padding (no Buffer/btoa: works in Node and browsers alike). */
export function toBase64(b: Uint8Array): string {
  let s = "";
  let i = 0;
  for (; i + 2 < b.length; i += 3) {
    const n = (b[i]! << 16) | (b[i + 1]! << 8) | b[i + 2]!;
    s += B64[n >>> 18]! + B64[(n >>> 12) & 63]! + B64[(n >>> 6) & 63]! + B64[n & 63]!;
  }
  if (i < b.length) {
    const n = (b[i]! << 16) | ((b[i + 1] ?? 0) << 8);
    s += B64[n >>> 18]! + B64[(n >>> 12) & 63]! + (i + 1 < b.length ? B64[(n >>> 6) & 63]! : "=") + "=";
  }
  return s;
}

/**
 * Decodes V2 compressed bytes (any deflate level: hdr-histogram-js inflates) into an
 * auto-resizing histogram. Throws TELEMETRY_BAD_HISTOGRAM naming `field` on bad bytes.
 */
export function decodeHistogramV2(bytes: Uint8Array, field = "telemetry_bytes"): Histogram {
  if (bytes.length < 8) throw new TelemetryError("TELEMETRY_BAD_HISTOGRAM", field, `${bytes.length} bytes is too short for a V2 header`);
  const cookie = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getInt32(0, false);
  if (cookie !== V2_COMPRESSED_COOKIE) {
    throw new TelemetryError("TELEMETRY_BAD_HISTOGRAM", field, `cookie 0x${(cookie >>> 0).toString(16)} is not the V2 compressed cookie 0x1c849314`);
  }
  let h: Histogram;
  try {
    h = decodeFromCompressedBase64(toBase64(bytes), 32, false);
  } catch (e) {
    throw new TelemetryError("TELEMETRY_BAD_HISTOGRAM", field, `does not decode: ${(e as Error).message}`);
  }
  h.autoResize = true;
  return h;
}
