// The package root must bundle for browsers (DESIGN.md "Library surface"): no `node:` import may
// be reachable from src/index.ts, static or dynamic — Node built-ins are reached through
// process.getBuiltinModule inside functions (src/data/source.ts), because bundlers follow a literal
// dynamic import too (esbuild fails on it, Vite warns). esbuild, bundling for platform "browser",
// cannot resolve `node:` specifiers; the plugin below marks dynamic ones external so the test can
// list them (and a static one fails the build). test/browser-entry.test.ts bundles the browser
// entry with no plugin at all, with esbuild and with Vite.
import { build, type BuildResult, type Plugin } from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { readFileSync, statSync } from "node:fs";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const REPO = path.resolve(import.meta.dirname, "..");

const browserExternals: Plugin = {
  name: "browser-externals",
  setup(b) {
    // the wasm ESM bindings stay external in the real package build too (tsup.config.ts)
    b.onResolve({ filter: /build\/combatsim\.js$/ }, (a) => ({ path: a.path, external: true }));
    // dynamic import("node:…") -> external; a static import falls through and cannot resolve
    b.onResolve({ filter: /^node:/ }, (a) => (a.kind === "dynamic-import" ? { path: a.path, external: true } : undefined));
  },
};

function bundleForBrowser(entry: string, format: "esm" | "iife" = "esm"): Promise<BuildResult & { metafile: object }> {
  return build({
    entryPoints: [entry],
    bundle: true,
    platform: "browser",
    format,
    globalName: format === "iife" ? "combatsim" : undefined,
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins: [browserExternals],
  }) as Promise<BuildResult & { metafile: object }>;
}

interface MetaImport {
  path: string;
  kind: string;
  external?: boolean;
}

describe("browser bundle of the package root", () => {
  it("builds for platform browser with no node: import left, static or dynamic", async () => {
    const res = await bundleForBrowser(path.join(REPO, "src/index.ts"));
    expect(res.errors).toEqual([]);
    const meta = res.metafile as { inputs: Record<string, { imports: MetaImport[] }> };
    const nodeImports = Object.entries(meta.inputs).flatMap(([file, i]) =>
      i.imports.filter((x) => x.path.startsWith("node:")).map((x) => ({ file, ...x })),
    );
    expect(nodeImports.map((i) => `${i.file} -> ${i.path} (${i.kind})`)).toEqual([]);
    const out = res.outputFiles![0]!.text;
    expect(out).not.toMatch(/^\s*import\s[^;]*?["']node:/m);
    expect(out).toContain("loadDataBundle");
  });

  it("the check catches a static node: import (negative control)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "combatsim-browser-"));
    try {
      const entry = path.join(dir, "entry.ts");
      // re-export the real root plus one static node: import, as the old bundle.ts had
      writeFileSync(
        entry,
        `export * from ${JSON.stringify(path.join(REPO, "src/index.ts"))};\n` +
          `import { readFile } from "node:fs/promises";\nexport const rf = readFile;\n`,
      );
      const err = await bundleForBrowser(entry).then(
        () => undefined,
        (e: unknown) => e as { errors?: { text: string }[] },
      );
      expect(err?.errors?.map((e) => e.text).join("\n")).toMatch(/node:fs\/promises/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Run the browser build of the data layer in a fresh V8 context that has no `process` (like a
// browser page): only fetch / URL / Response and timers are provided.
describe("data layer without Node globals", () => {
  let server: Server;
  let base: string;
  let api: {
    loadDataBundle(dir?: string | URL): Promise<{ tableNames(): string[]; table(n: string): { rows: readonly object[]; file: string } }>;
    resolveDataDir(): string;
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const rel = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname).slice(1);
      const file = path.join(REPO, "data", rel);
      try {
        if (rel.split("/").includes("..") || !statSync(file).isFile()) throw new Error("not a file");
        res.writeHead(200).end(readFileSync(file));
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const res = await bundleForBrowser(path.join(REPO, "src/data/bundle.ts"), "iife");
    const sandbox = vm.createContext({ fetch, URL, Response, setTimeout, clearTimeout, console });
    vm.runInContext(res.outputFiles![0]!.text, sandbox);
    api = (sandbox as { combatsim: typeof api }).combatsim;
    expect(vm.runInContext("typeof process", sandbox)).toBe("undefined");
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("loadDataBundle() without a dir is NO_DATA_DIR asking for a data URL", async () => {
    const err = (await api.loadDataBundle().then(
      () => undefined,
      (e: unknown) => e,
    )) as { code?: string; message?: string };
    expect(err?.code).toBe("NO_DATA_DIR");
    expect(err?.message).toMatch(/browser.*URL/);
  });

  it("a local folder path and resolveDataDir are NO_DATA_DIR", async () => {
    const err = (await api.loadDataBundle("/srv/data").then(
      () => undefined,
      (e: unknown) => e,
    )) as { code?: string };
    expect(err?.code).toBe("NO_DATA_DIR");
    expect(() => api.resolveDataDir()).toThrow(/needs Node/);
  });

  it("loads the data dir from an http URL", async () => {
    const b = await api.loadDataBundle(base);
    const spec = b.table("ChrSpecialization").rows.find((r) => (r as { ID: number }).ID === 253) as { Name_lang: string };
    expect(spec.Name_lang).toBe("Beast Mastery");
    expect(b.table("SpellName").file).toBe(`${base}data/tables/SpellName.csv`);
  });
});
