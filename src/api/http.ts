// Small HTTP helpers shared by the JSON and icon routes: strong ETags, If-None-Match matching and
// a byte-capped LRU. No Node imports (the app must run on any Hono runtime).

/** FNV-1a 64 over UTF-16 code units (strings) or bytes, as 16 hex digits. Two 32-bit halves: no BigInt in the loop. */
export function fnv1a64(data: string | Uint8Array): string {
  // offset basis 0xcbf29ce484222325, prime 0x100000001b3 = 2^40 + 0x1b3
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  const n = data.length;
  const str = typeof data === "string";
  for (let i = 0; i < n; i++) {
    lo = (lo ^ (str ? (data as string).charCodeAt(i) : (data as Uint8Array)[i]!)) >>> 0;
    // (hi,lo) * 0x1b3 + ((lo << 40) as the high word: lo << 8)
    const loMul = lo * 0x1b3;
    const newLo = loMul >>> 0;
    const carry = Math.floor(loMul / 0x100000000);
    hi = (Math.imul(hi, 0x1b3) + carry + (lo << 8)) >>> 0;
    lo = newLo;
  }
  return hi.toString(16).padStart(8, "0") + lo.toString(16).padStart(8, "0");
}

/** Raw (still percent-encoded) path of a request URL. */
export function rawPath(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const q = url.indexOf("?", start);
  const h = url.indexOf("#", start);
  const end = Math.min(q < 0 ? url.length : q, h < 0 ? url.length : h);
  return url.slice(start, end);
}

/** A strong entity tag for a representation. */
export function strongEtag(data: string | Uint8Array): string {
  return `"${fnv1a64(data)}"`;
}

/**
 * RFC 9110 §13.1.2: If-None-Match uses the weak comparison, so `W/"x"` matches `"x"`; `*` matches
 * any current representation. `etag` is a strong tag as produced by strongEtag().
 */
export function ifNoneMatchHits(header: string | undefined | null, etag: string): boolean {
  if (!header) return false;
  const h = header.trim();
  if (h === "*") return true;
  for (const raw of h.split(",")) {
    let t = raw.trim();
    if (t.startsWith("W/")) t = t.slice(2);
    if (t === etag) return true;
  }
  return false;
}

/** Least-recently-used map with an entry cap and a total-weight cap (e.g. bytes). */
export class Lru<K, V> {
  private readonly map = new Map<K, { value: V; weight: number }>();
  private total = 0;
  constructor(
    readonly maxEntries: number,
    readonly maxWeight: number = Number.POSITIVE_INFINITY,
  ) {}

  get size(): number {
    return this.map.size;
  }
  get weight(): number {
    return this.total;
  }

  get(key: K): V | undefined {
    const e = this.map.get(key);
    if (e === undefined) return undefined;
    // re-insert: Map iteration order is insertion order, so the first key is the least recent
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  set(key: K, value: V, weight = 1): void {
    const old = this.map.get(key);
    if (old) {
      this.total -= old.weight;
      this.map.delete(key);
    }
    // an entry heavier than the whole cap is never kept (it would evict everything and itself)
    if (weight > this.maxWeight) return;
    this.map.set(key, { value, weight });
    this.total += weight;
    while (this.map.size > this.maxEntries || this.total > this.maxWeight) {
      const first = this.map.keys().next().value as K;
      this.total -= this.map.get(first)!.weight;
      this.map.delete(first);
    }
  }
}

/**
 * How many body bytes a request carries, 0 for none: the declared Content-Length when there is
 * one (the body is then not read), else the first non-empty chunk of the stream (the rest is not
 * waited for). For read endpoints that accept POST only with an empty body.
 */
export async function requestBodyBytes(req: Request): Promise<number> {
  const declared = req.headers.get("content-length");
  if (declared !== null && declared.trim() !== "") {
    const n = Number(declared);
    // a malformed length counts as a body: refuse rather than guess
    return Number.isInteger(n) && n >= 0 ? n : 1;
  }
  if (req.body === null) return 0;
  const reader = req.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 0;
      if (value !== undefined && value.byteLength > 0) return value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
