// Package root: the stable library surface (see DESIGN.md "Library surface").
export const VERSION = "0.1.0";
export { wasm } from "./engine/wasm.js";
export * from "./stats/index.js";
export { Xorshift64, seedFor, seedPrefix, seedFromPrefix, XORSHIFT_ZERO_SEED, RngError } from "./kernels/rng.js";
