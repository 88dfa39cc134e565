// The browser entry (`combatsim/browser`, src/browser.ts) and its Web Worker bundle
// (`combatsim/web-worker`, src/runner/web-worker.ts) bundle for browsers as a web developer would:
// esbuild --platform=browser and Vite, no plugins, no externals — zero errors and zero warnings
// about Node built-ins (the issue's "Could not resolve fs" / "externalized for browser
// compatibility"). The only Vite warning left is hdr-histogram-js's own direct `eval` (its UMD build).
import { build as esbuild } from "esbuild";
import path from "node:path";
import { build as viteBuild, createLogger } from "vite";
import { describe, expect, it } from "vitest";

const REPO = path.resolve(import.meta.dirname, "..");
const ENTRIES = { browser: path.join(REPO, "src/browser.ts"), "web-worker": path.join(REPO, "src/runner/web-worker.ts") };
const NODE_WARNING = /node:|externaliz|built-?in|Could not resolve|worker_threads|\bfs\b/i;

describe("browser entry bundles", () => {
  it("esbuild --platform=browser: 0 errors, 0 warnings, no node: import in the output", async () => {
    const res = await esbuild({ entryPoints: ENTRIES, bundle: true, platform: "browser", format: "esm", target: "es2022", write: false, outdir: "/out", logLevel: "silent", metafile: true });
    expect(res.errors).toEqual([]);
    expect(res.warnings).toEqual([]);
    const inputs = Object.values(res.metafile.inputs).flatMap((i) => i.imports.map((x) => x.path));
    expect(inputs.filter((p) => p.startsWith("node:"))).toEqual([]);
    for (const f of res.outputFiles) expect(f.text, f.path).not.toMatch(/\bimport\s*\(\s*["']node:/);
    const main = res.outputFiles.find((f) => f.path.endsWith("browser.js"))!.text;
    // the wasm is loaded from beside the bundle
    expect(main).toContain('new URL("combatsim.wasm", import.meta.url)');
  });

  it("the check fails on a Node built-in (negative control)", async () => {
    const err = await esbuild({ stdin: { contents: 'import { readFileSync } from "fs"; export const r = readFileSync;', resolveDir: REPO }, bundle: true, platform: "browser", format: "esm", write: false, logLevel: "silent" }).then(
      () => undefined,
      (e: { errors?: { text: string }[] }) => e,
    );
    expect(err?.errors?.map((e) => e.text).join("\n")).toMatch(/Could not resolve "fs"/);
  });

  it("Vite (library build): 0 errors, no Node-built-in warnings", async () => {
    const warnings: string[] = [];
    const logger = createLogger("warn", { allowClearScreen: false });
    logger.warn = (m) => void warnings.push(m);
    logger.warnOnce = (m) => void warnings.push(m);
    logger.error = (m) => void warnings.push(`error: ${m}`);
    const out = await viteBuild({
      configFile: false,
      root: REPO,
      logLevel: "warn",
      customLogger: logger,
      build: { write: false, target: "es2022", minify: false, lib: { entry: ENTRIES, formats: ["es"] } },
    });
    const chunks = (Array.isArray(out) ? out : [out as { output: { fileName: string }[] }]).flatMap((o) => o.output.map((f) => f.fileName));
    expect(chunks).toEqual(expect.arrayContaining(["browser.js", "web-worker.js"]));
    expect(warnings.filter((w) => w.startsWith("error:"))).toEqual([]);
    expect(warnings.filter((w) => NODE_WARNING.test(w))).toEqual([]);
  }, 120_000);
});
