// Builds the web page (web/) into plain static files any web server can host:
//   index.html, page.css    the page (web/)
//   main.js                 web/main.ts bundled for browsers (esbuild, the combatsim/browser surface)
//   worker.js               the Web Worker bundle (src/runner/web-worker.ts)
//   combatsim.wasm          the engine, loaded by both bundles from beside them
//   data/                   the bundled data dir: index.json and exactly the files it lists
import { build } from "esbuild";
import { copyFile, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DATA_INDEX_FILE, parseDataIndex } from "../src/data/data-index.js";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const WEB_DIST = path.join(REPO, "web", "dist");

export interface WebBuild {
  dir: string;
  files: number;
  bytes: number;
}

async function need(file: string, hint: string): Promise<void> {
  try {
    await stat(file);
  } catch {
    throw new Error(`web build: ${path.relative(REPO, file)} is missing (${hint})`);
  }
}

/** Builds the page into `outDir` (emptied first). `minify` for a smaller page; the test builds unminified. */
export async function buildWeb(outDir: string = WEB_DIST, { minify = true } = {}): Promise<WebBuild> {
  const wasm = path.join(REPO, "build", "combatsim.wasm");
  await need(wasm, "run `npm run build:wasm`");
  const indexFile = path.join(REPO, "data", DATA_INDEX_FILE);
  await need(indexFile, "run `npm run gen`");
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const res = await build({
    entryPoints: { main: path.join(REPO, "web", "main.ts"), worker: path.join(REPO, "src", "runner", "web-worker.ts") },
    outdir: outDir,
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    minify,
    logLevel: "silent",
  });
  if (res.errors.length + res.warnings.length > 0) throw new Error(`web build: esbuild reported ${res.errors.length} error(s), ${res.warnings.length} warning(s)`);
  for (const f of ["index.html", "page.css"]) await copyFile(path.join(REPO, "web", f), path.join(outDir, f));
  await copyFile(wasm, path.join(outDir, "combatsim.wasm"));
  const indexText = await readFile(indexFile, "utf8");
  const index = parseDataIndex(indexText, indexFile);
  await mkdir(path.join(outDir, "data"), { recursive: true });
  await writeFile(path.join(outDir, "data", DATA_INDEX_FILE), indexText);
  for (const rel of index.files) {
    const to = path.join(outDir, "data", ...rel.split("/"));
    await mkdir(path.dirname(to), { recursive: true });
    await copyFile(path.join(REPO, "data", ...rel.split("/")), to);
  }
  let bytes = 0;
  const all = ["index.html", "page.css", "main.js", "worker.js", "combatsim.wasm", `data/${DATA_INDEX_FILE}`, ...index.files.map((f) => `data/${f}`)];
  for (const f of all) bytes += (await stat(path.join(outDir, f))).size;
  return { dir: outDir, files: all.length, bytes };
}
