// Batch I/O scratch memory for host <-> wasm array transfers.
// The runtime is `stub` (bump allocator, never frees), so the host allocates each scratch buffer ONCE
// (src/engine/wasm.ts caches them) and reuses it for every batch call; nothing here runs per event.

/** Allocates room for `n` f64 values (16-byte aligned) and returns its byte offset in memory. */
export function allocF64(n: i32): usize {
  if (n < 0) unreachable(); // the host checks first; a negative length is a caller bug, trap rather than corrupt
  return heap.alloc(<usize>max(n, 1) << 3);
}

/** Allocates room for `n` i32 values (16-byte aligned) and returns its byte offset in memory. */
export function allocI32(n: i32): usize {
  if (n < 0) unreachable();
  return heap.alloc(<usize>max(n, 1) << 2);
}
