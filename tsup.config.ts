import { defineConfig } from "tsup";

// ESM only: the AssemblyScript ESM bindings use top-level await, which a CJS bundle cannot hold.
export default defineConfig({
  entry: { index: "src/index.ts", "cli/main": "src/cli/main.ts" },
  format: ["esm"],
  target: "node20",
  dts: { entry: { index: "src/index.ts" } },
  sourcemap: true,
  clean: true,
  splitting: true,
  shims: false,
});
