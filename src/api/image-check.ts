// Is a byte string a complete PNG or JPEG? Decoders forgive a lot: libvips turned a PNG cut after
// its pixel data (no IEND) into a normal-looking 200 JPEG. The icon service checks every source
// (icon dir, upstream, disk cache) and every resized icon here, by container structure alone
// (cheap, no decoding, no Node built-ins), before serving or caching it.

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Why `bytes` is not a complete PNG or JPEG, or undefined when it is one. Bytes after the end marker are tolerated. */
export function imageProblem(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return pngProblem(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegProblem(bytes);
  return `not a PNG or JPEG image (${bytes.length} bytes starting ${hex(bytes.subarray(0, 4))})`;
}

/** Why `bytes` is not a complete JPEG (the resized icons must be exactly that), or undefined. */
export function jpegOutputProblem(bytes: Uint8Array): string | undefined {
  if (!(bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)) {
    return `not a JPEG (${bytes.length} bytes starting ${hex(bytes.subarray(0, 4))})`;
  }
  return jpegProblem(bytes);
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(" ") || "(empty)";
}

function u32(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}

let crcTable: Uint32Array | undefined;
/** CRC-32 (ISO 3309, as in PNG) of bytes[from, to). */
function crc32(b: Uint8Array, from: number, to: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = crcTable[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** PNG: IHDR first, every chunk whole with a matching CRC, at least one IDAT, and an IEND. */
function pngProblem(b: Uint8Array): string | undefined {
  let at = PNG_SIGNATURE.length;
  let previous = "the signature";
  let sawData = false;
  while (at < b.length) {
    if (at + 8 > b.length) return `PNG cut short inside a chunk header at byte ${at} (after ${previous}; no IEND)`;
    const length = u32(b, at);
    const type = String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!);
    if (!/^[A-Za-z]{4}$/.test(type)) return `PNG chunk at byte ${at} has no valid type (after ${previous})`;
    if (at === PNG_SIGNATURE.length && type !== "IHDR") return `PNG starts with chunk ${type}, not IHDR`;
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > b.length) {
      return `PNG cut short inside chunk ${type} at byte ${at} (needs ${end} bytes, has ${b.length}; no IEND)`;
    }
    if (crc32(b, at + 4, end - 4) !== u32(b, end - 4)) return `PNG chunk ${type} at byte ${at} is corrupt (CRC mismatch)`;
    if (type === "IDAT") sawData = true;
    if (type === "IEND") return sawData ? undefined : "PNG has no IDAT (image data) chunk";
    previous = `chunk ${type}`;
    at = end;
  }
  return `PNG ends after ${previous} without an IEND chunk (truncated)`;
}

/** JPEG: well-formed segments, a frame header, at least one scan, and an EOI after the scan data. */
function jpegProblem(b: Uint8Array): string | undefined {
  let at = 2; // after SOI
  let sawFrame = false;
  for (;;) {
    // a marker: 0xFF, optional 0xFF fill bytes, then the marker code
    if (at >= b.length) return `JPEG cut short at byte ${at}: no EOI marker`;
    if (b[at] !== 0xff) return `JPEG has no marker at byte ${at} (found ${hex(b.subarray(at, at + 1))})`;
    while (at < b.length && b[at] === 0xff) at++;
    if (at >= b.length) return `JPEG cut short at byte ${at}: no EOI marker`;
    const marker = b[at]!;
    at++;
    if (marker === 0xd9) return sawFrame ? undefined : "JPEG ends (EOI) before any frame header";
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // TEM, RSTn: no length
    if (at + 2 > b.length) return `JPEG cut short in the length of marker ff${marker.toString(16)} at byte ${at - 2}: no EOI marker`;
    const length = (b[at]! << 8) | b[at + 1]!;
    if (length < 2) return `JPEG marker ff${marker.toString(16)} at byte ${at - 2} has a bad length ${length}`;
    const end = at + length;
    if (end > b.length) return `JPEG cut short inside marker ff${marker.toString(16)} at byte ${at - 2} (needs ${end} bytes, has ${b.length}): no EOI marker`;
    // SOF0..SOF15 except DHT (c4), JPG (c8) and DAC (cc)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) sawFrame = true;
    at = end;
    if (marker === 0xda) {
      if (!sawFrame) return `JPEG scan (SOS) at byte ${at - length - 2} before any frame header`;
      at = afterScanData(b, at);
    }
  }
}

/** Index of the first marker after entropy-coded data: 0xFF followed by neither 0x00 (stuffing) nor RSTn. */
function afterScanData(b: Uint8Array, at: number): number {
  for (let i = at; i + 1 < b.length; i++) {
    if (b[i] !== 0xff) continue;
    const next = b[i + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) continue;
    return i;
  }
  return b.length; // the data runs to the end: cut short, reported by the caller
}
