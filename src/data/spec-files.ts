// Where a run's spec files come from: `manifests/<name>.json`, `rotations/<spec>.json|.simc`,
// `profiles/<spec>.json`, looked up in the data dir, then (Node) in the package's bundled data.
// One resolver, two readers: a local folder (Node) or an http(s) data URL (Node and browsers, which
// consults the dir's index.json so only existing files are requested). simulate() and the spec
// lookup use nothing else, so a data URL resolves `extends` pieces, rotations and profiles exactly
// like a folder does.
import { ManifestError } from "../manifest/errors.js";
import { indexedSource } from "./data-index.js";
import { fetchDataSource, isHttpUrl, isNode, nodeModules, type FetchSourceOptions } from "./source.js";

export type SpecFileKind = "manifests" | "rotations" | "profiles";

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

/** Looks spec files up in an ordered list of data dirs (the first that has the file wins). */
export class SpecFiles {
  constructor(private readonly readers: readonly SpecFileReader[]) {
    if (readers.length === 0) throw new Error("SpecFiles needs at least one reader");
  }

  /** `{kind}/{name}{ext}` for the first ext (in order) found in the first dir that has any; undefined when none. */
  async find(kind: SpecFileKind, name: string, exts: readonly string[] = [".json"]): Promise<FoundFile | undefined> {
    for (const r of this.readers) {
      for (const ext of exts) {
        const rel = `${kind}/${name}${ext}`;
        const text = await r.read(rel);
        if (text !== undefined) return { file: r.name(rel), text };
      }
    }
    return undefined;
  }

  /** Like find, but a file missing everywhere is MANIFEST_READ_FAILED naming it in the first dir. */
  async read(kind: SpecFileKind, name: string, exts: readonly string[] = [".json"]): Promise<FoundFile> {
    const found = await this.find(kind, name, exts);
    if (found) return found;
    const file = this.readers[0]!.name(`${kind}/${name}${exts[0] ?? ".json"}`);
    throw new ManifestError("MANIFEST_READ_FAILED", file, "", `cannot read: no such file${this.readers.length > 1 ? " (nor in the bundled data)" : ""}`);
  }

  /** Whether the file exists in any dir. */
  async exists(kind: SpecFileKind, name: string, exts: readonly string[] = [".json"]): Promise<boolean> {
    return (await this.find(kind, name, exts)) !== undefined;
  }

  /** Where a missing file would have been looked for first (for messages). */
  expected(kind: SpecFileKind, name: string, ext = ".json"): string {
    return this.readers[0]!.name(`${kind}/${name}${ext}`);
  }
}
