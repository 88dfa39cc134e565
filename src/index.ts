// Package root: the stable library surface (see DESIGN.md "Library surface").
export const VERSION = "0.1.0";
export { wasm } from "./engine/wasm.js";
