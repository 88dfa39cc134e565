// V8 setting for the engine's wasm, applied before build/combatsim.js compiles the module (src/engine/wasm.ts
// imports this module first; ES modules evaluate in import order).
//
// Why: with V8's default dynamic tiering every wasm function starts in the baseline compiler (Liftoff,
// ~1.5x slower here) and is recompiled by TurboFan only once it is hot. The engine's event loop is one
// large function (binaryen inlines the handlers into it) that is entered once per chunk, and in Node 20
// its tier-up was observed to arrive anywhere from within the first second to never within a 2-second
// benchmark: BM ran at ~14,000 or ~22,000 iterations/s depending on that timing. `--no-liftoff` compiles
// each function with TurboFan on its first call (the whole module: ~150 ms, paid once per thread), so
// every run gets the optimized code. Node only; a browser keeps its own tiering.
if (typeof process !== "undefined" && typeof process.versions?.node === "string" && process.env.COMBATSIM_WASM_LIFTOFF !== "1") {
  const v8 = await import("node:v8");
  v8.setFlagsFromString("--no-liftoff");
}
export {};
