// Where a run's spec files come from, looked up in the data dir, then (Node) in the package's bundled
// data, at the places of spec-layout.ts (one folder per spec; pieces in specs/_class/, specs/_shared/).
// The flat layout before it (`manifests/<name>.json`, `rotations/<slug>.*`, `profiles/<slug>.json`) is
// still read from a data dir that has no file at the new place, so an override dir made for it keeps
// working (docs/manifests.md "Files").
// One resolver, two readers: a local folder (Node) or an http(s) data URL (Node and browsers, which
// consults the dir's index.json so only existing files are requested). simulate() and the spec
// lookup use nothing else, so a data URL resolves `extends` pieces, rotations and profiles exactly
// like a folder does.
import { ManifestError } from "../manifest/errors.js";
import { indexedSource } from "./data-index.js";
import { fetchDataSource, isHttpUrl, isNode, nodeModules, type FetchSourceOptions } from "./source.js";
import { CLASS_PIECES_DIR, SHARED_PIECES_DIR, specFilePlaces, specFileRel, type SpecFileKind } from "./spec-layout.js";

export { CLASS_PIECES_DIR, LEGACY_DIRS, NON_SPEC_PREFIX, SHARED_PIECES_DIR, SPECS_DIR, specDir, specFilePlaces, specFileRel, type SpecFileKind } from "./spec-layout.js";

/** Reads files of one data dir; `undefined` = the file does not exist. */
export interface SpecFileReader {
  /** How a file is named in results and errors: `{dir}/{rel}` for a folder (as given), the URL for http. */
  name(rel: string): string;
  read(rel: string): Promise<string | undefined>;
}

/** A local folder (Node). Read failures other than "missing" are MANIFEST_READ_FAILED naming the file. */
export function folderReader(dir: string): SpecFileReader {
  const name = (rel: string): string => `${dir.replace(/[\\/]+$/, "")}/${rel}`;
  return {
    name,
    async read(rel) {
      const file = name(rel);
      try {
        const { fsp } = await nodeModules();
        return await fsp.readFile(file, "utf8");
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        if (code === "ENOENT" || code === "ENOTDIR") return undefined;
        throw new ManifestError("MANIFEST_READ_FAILED", file, "", `cannot read: ${(e as Error).message}`);
      }
    },
  };
}

/** An http(s) data URL (index-aware). Network / HTTP failures are MANIFEST_READ_FAILED naming the URL. */
export function urlReader(base: string | URL, options: FetchSourceOptions = {}): SpecFileReader {
  const source = indexedSource(fetchDataSource(base, options));
  return {
    name: (rel) => source.describe(rel),
    async read(rel) {
      try {
        return await source.readText(rel);
      } catch (e) {
        throw new ManifestError("MANIFEST_READ_FAILED", source.describe(rel), "", `cannot read: ${(e as Error).message}`);
      }
    },
  };
}

/** The reader for a data dir given as a folder path or an http(s) URL. */
export function readerFor(dir: string | URL, options: FetchSourceOptions = {}): SpecFileReader {
  if (isHttpUrl(dir)) return urlReader(dir, options);
  if (dir instanceof URL) throw new ManifestError("MANIFEST_READ_FAILED", dir.href, "", "unsupported data URL: use http:, https: or a folder path");
  if (!isNode()) throw new ManifestError("MANIFEST_READ_FAILED", dir, "", "a local data folder needs Node; in a browser pass an http(s) data URL as dataDir");
  return folderReader(dir);
}

export interface FoundFile {
  file: string;
  text: string;
}

/**
 * Looks spec files up in an ordered list of data dirs (the first that has the file wins). Inside one
 * dir the file must be in one place only: the same name in both pieces folders, or at its place and
 * at its flat-layout place, is MANIFEST_AMBIGUOUS_FILE naming both (which one is meant is not ours to
 * guess). The extensions of one place are a preference, not an ambiguity: a spec may keep
 * `rotation.json` beside `rotation.simc`.
 */
export class SpecFiles {
  constructor(private readonly readers: readonly SpecFileReader[]) {
    if (readers.length === 0) throw new Error("SpecFiles needs at least one reader");
  }

  /** The file of `kind` / `name` with the first ext (in order) found, in the first dir that has one; undefined when none. */
  async find(kind: SpecFileKind, name: string, exts: readonly string[] = [".json"]): Promise<FoundFile | undefined> {
    const { places, legacy } = specFilePlaces(kind, name);
    for (const r of this.readers) {
      const found: FoundFile[] = [];
      for (const place of [...places, ...legacy]) {
        const hit = await firstExt(r, place, exts);
        if (hit) found.push(hit);
      }
      if (found.length > 1) {
        const others = found.slice(1).map((f) => f.file).join(", ");
        throw new ManifestError("MANIFEST_AMBIGUOUS_FILE", found[0]!.file, "", `the same file is also at ${others}: a data dir holds each spec file once, keep one (docs/manifests.md "Files")`);
      }
      if (found.length === 1) return found[0];
    }
    return undefined;
  }

  /** Like find, but a file missing everywhere is MANIFEST_READ_FAILED naming where it belongs in the first dir. */
  async read(kind: SpecFileKind, name: string, exts: readonly string[] = [".json"]): Promise<FoundFile> {
    const found = await this.find(kind, name, exts);
    if (found) return found;
    const file = this.expected(kind, name, exts[0]);
    const where = kind === "pieces" ? ` (a piece is looked for in ${CLASS_PIECES_DIR}/ and ${SHARED_PIECES_DIR}/)` : "";
    throw new ManifestError("MANIFEST_READ_FAILED", file, "", `cannot read: no such file${where}${this.readers.length > 1 ? " (nor in the bundled data)" : ""}`);
  }

  /** Whether the file exists in any dir. */
  async exists(kind: SpecFileKind, name: string, exts: readonly string[] = [".json"]): Promise<boolean> {
    return (await this.find(kind, name, exts)) !== undefined;
  }

  /** Where a missing file would have been looked for first (for messages). */
  expected(kind: SpecFileKind, name: string, ext = ".json"): string {
    return this.readers[0]!.name(specFileRel(kind, name, ext));
  }
}

async function firstExt(r: SpecFileReader, place: string, exts: readonly string[]): Promise<FoundFile | undefined> {
  for (const ext of exts) {
    const text = await r.read(`${place}${ext}`);
    if (text !== undefined) return { file: r.name(`${place}${ext}`), text };
  }
  return undefined;
}

/** A ReadPiece (src/manifest/extends.ts) resolving `extends` names through `files` (their pieces folders). */
export function pieceReader(files: SpecFiles): (name: string) => Promise<FoundFile> {
  return (name) => files.read("pieces", name);
}
