// Types of scripts/build-wasm.mjs (plain JS so `npm run build:wasm` needs no TypeScript loader).
export declare const WASM_OPT_FLAGS: readonly string[];
export declare function buildWasm(options?: { names?: boolean }): void;
