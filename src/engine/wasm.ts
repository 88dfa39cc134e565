// Loader for the compiled AssemblyScript engine (build/combatsim.wasm) and helpers for batch I/O.
//
// We import the ESM bindings that `npm run build:wasm` generates next to the .wasm file. They locate
// `combatsim.wasm` through `import.meta.url` (Node reads the file, browsers use compileStreaming), so
// the same import works from src/ (vitest/tsx) and from dist/ (tsup keeps it external and rewrites
// the path to ../build/combatsim.js, see tsup.config.ts).
//
// Batch calls pass arrays through wasm linear memory: the AS side hands out scratch regions with
// allocF64/allocI32 (stub runtime: bump allocator, never freed), so buffers are allocated once and
// reused. Typed-array views over `memory.buffer` go stale (detached) whenever memory grows, so views
// are re-created from (ptr, len) rather than kept across calls that may allocate.
import * as bindings from "../../build/combatsim.js";
import { CombatsimError } from "../errors.js";

/** The wasm module's exports (typed by the generated build/combatsim.d.ts). */
export type WasmExports = typeof bindings;

/** The instantiated engine module. Loaded once at import time (top-level await in the bindings). */
export const wasm: WasmExports = bindings;

/** A batch buffer length that is not a non-negative integer (or too large for wasm memory). */
export class WasmBufferError extends CombatsimError {
  constructor(what: string, len: number) {
    super("WASM_BAD_LENGTH", `src/engine/wasm.ts: ${what} length ${len} is not an integer in [0, 2^28]`);
  }
}

const MAX_LEN = 1 << 28; // 2 GiB of f64: beyond what a 32-bit wasm memory can hold next to the engine

function checkLen(what: string, len: number): void {
  if (!Number.isInteger(len) || len < 0 || len > MAX_LEN) throw new WasmBufferError(what, len);
}

/** A fresh Float64Array view of `len` f64 values at byte offset `ptr` of wasm memory. */
export function wasmF64(ptr: number, len: number): Float64Array {
  return new Float64Array(wasm.memory.buffer, ptr, len);
}

/** A fresh Int32Array view of `len` i32 values at byte offset `ptr` of wasm memory. */
export function wasmI32(ptr: number, len: number): Int32Array {
  return new Int32Array(wasm.memory.buffer, ptr, len);
}

/** Allocates a wasm-side f64 region (never freed: allocate once per purpose and reuse). Returns its byte offset. */
export function allocF64(len: number): number {
  checkLen("allocF64", len);
  return wasm.allocF64(len);
}

/** Allocates a wasm-side i32 region (never freed: allocate once per purpose and reuse). Returns its byte offset. */
export function allocI32(len: number): number {
  checkLen("allocI32", len);
  return wasm.allocI32(len);
}

/** A reusable wasm-memory region; `view` is re-created only when memory has grown. */
export class WasmArray<A extends Float64Array | Int32Array> {
  private cached: A | null = null;
  constructor(
    readonly ptr: number,
    readonly capacity: number,
    private readonly make: (buf: ArrayBuffer, ptr: number, len: number) => A,
  ) {}
  /** A view over the whole region (valid until the next call that grows wasm memory). */
  get view(): A {
    const buf = wasm.memory.buffer;
    if (this.cached === null || this.cached.buffer !== buf) this.cached = this.make(buf, this.ptr, this.capacity);
    return this.cached;
  }
  /** Copies `src` into the start of the region. */
  write(src: ArrayLike<number>): void {
    if (src.length > this.capacity) throw new WasmBufferError("WasmArray.write", src.length);
    this.view.set(src);
  }
  /** Copies the first `len` values out into a new JS-owned typed array. */
  read(len: number): A {
    checkLen("WasmArray.read", len);
    if (len > this.capacity) throw new WasmBufferError("WasmArray.read", len);
    return this.view.slice(0, len) as A;
  }
}

const f64Pool = new Map<string, WasmArray<Float64Array>>();
const i32Pool = new Map<string, WasmArray<Int32Array>>();

/**
 * A named, reusable f64 scratch region with room for at least `len` values. The first call per name
 * allocates; later calls reuse it, re-allocating (doubling) only when `len` exceeds its capacity.
 * Use distinct names for buffers that are live at the same time (e.g. "wheel.t", "wheel.outT").
 */
export function scratchF64(name: string, len: number): WasmArray<Float64Array> {
  checkLen(`scratchF64("${name}")`, len);
  let a = f64Pool.get(name);
  if (a === undefined || a.capacity < len) {
    const cap = Math.max(len, a === undefined ? 0 : a.capacity * 2, 16);
    a = new WasmArray(allocF64(cap), cap, (b, p, l) => new Float64Array(b, p, l));
    f64Pool.set(name, a);
  }
  return a;
}

/** Same as {@link scratchF64} for i32 values. */
export function scratchI32(name: string, len: number): WasmArray<Int32Array> {
  checkLen(`scratchI32("${name}")`, len);
  let a = i32Pool.get(name);
  if (a === undefined || a.capacity < len) {
    const cap = Math.max(len, a === undefined ? 0 : a.capacity * 2, 16);
    a = new WasmArray(allocI32(cap), cap, (b, p, l) => new Int32Array(b, p, l));
    i32Pool.set(name, a);
  }
  return a;
}
