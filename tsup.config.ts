import path from "node:path";
import { defineConfig } from "tsup";

const WASM_BINDINGS = "combatsim-wasm-bindings:placeholder";

// ESM only: the AssemblyScript ESM bindings use top-level await, which a CJS bundle cannot hold.
export default defineConfig({
  // browser + runner/web-worker: the browser entry (`combatsim/browser`) and its Web Worker bundle
  // (`combatsim/web-worker`); neither reaches a Node built-in (test/browser-entry.test.ts).
  entry: { index: "src/index.ts", browser: "src/browser.ts", "cli/main": "src/cli/main.ts", "runner/worker": "src/runner/worker.ts", "runner/web-worker": "src/runner/web-worker.ts" },
  format: ["esm"],
  target: "node20",
  dts: { entry: { index: "src/index.ts", browser: "src/browser.ts" } },
  sourcemap: true,
  clean: true,
  splitting: true,
  shims: false,
  // The wasm ESM bindings are NOT bundled: they load build/combatsim.wasm relative to their own URL.
  // Keep the import external under a placeholder, then write it relative to each output file
  // (dist/x.js -> "../build/combatsim.js", dist/cli/x.js -> "../../build/combatsim.js").
  esbuildPlugins: [
    {
      name: "external-wasm-bindings",
      setup(build) {
        build.onResolve({ filter: /build\/combatsim\.js$/ }, () => ({ path: WASM_BINDINGS, external: true }));
      },
    },
  ],
  plugins: [
    {
      name: "relative-wasm-bindings",
      renderChunk(code, info) {
        if (!code.includes(WASM_BINDINGS)) return;
        let rel = path.relative(path.dirname(path.resolve(info.path)), path.resolve("build/combatsim.js"));
        if (!rel.startsWith(".")) rel = `./${rel}`;
        return { code: code.split(WASM_BINDINGS).join(rel.split(path.sep).join("/")) };
      },
    },
  ],
});
