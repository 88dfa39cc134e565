// Where a data dir's files come from: a local folder (Node) or an http(s) base URL (Node and
// browsers). This module is part of the package root, so it must never import a `node:` module at
// top level — a browser bundle of the root would break. Node built-ins are reached either
// through `process.getBuiltinModule` (Node >= 20.16, package.json "engines") only, inside functions:
// no `import("node:…")` anywhere a browser bundle reaches (test/browser-bundle.test.ts checks).
import { indexedSource } from "./data-index.js";
import { DataError } from "./errors.js";

/** Read access to one data dir. Paths are relative, `/`-separated (`data/tables/Spell.csv`). */
export interface DataSource {
  /** The data dir itself, as shown in messages (absolute path or base URL). */
  readonly root: string;
  /** File text; `undefined` when the file does not exist (a missing table is an empty table). */
  readText(relPath: string): Promise<string | undefined>;
  /** File names in a folder; `[]` when it is missing or when the source cannot list (http). */
  list(relDir: string): Promise<string[]>;
  /** Full path or URL of `relPath`, for error messages and `Table.file`. */
  describe(relPath: string): string;
}

type NodeFs = typeof import("node:fs");
type NodeFsPromises = typeof import("node:fs/promises");
type NodeOs = typeof import("node:os");
type NodePath = typeof import("node:path");
type NodeUrl = typeof import("node:url");

/** The Node built-ins the data layer uses. */
export interface NodeModules {
  fs: NodeFs;
  fsp: NodeFsPromises;
  os: NodeOs;
  path: NodePath;
  url: NodeUrl;
}

interface ProcessLike {
  versions?: { node?: string };
  env?: Record<string, string | undefined>;
  getBuiltinModule?: (id: string) => unknown;
}

function processLike(): ProcessLike | undefined {
  // `globalThis.process`, not `process`: a bare `process` is a ReferenceError in browsers.
  return (globalThis as { process?: ProcessLike }).process;
}

/** True when running under Node (not a browser, even one with a `process` polyfill lacking versions.node). */
export function isNode(): boolean {
  return typeof processLike()?.versions?.node === "string";
}

/** `process.env` in Node, `{}` elsewhere. */
export function processEnv(): Readonly<Record<string, string | undefined>> {
  return processLike()?.env ?? {};
}

/**
 * Node built-ins (async signature kept for callers). Rejects outside Node. Reached through
 * process.getBuiltinModule, never `import("node:…")`: a bundler for browsers follows a literal
 * dynamic import and fails on it (esbuild) or warns (Vite), even when the code never runs there.
 */
export function nodeModules(): Promise<NodeModules> {
  if (!isNode()) {
    return Promise.reject(new DataError("NO_DATA_DIR", "local data folders need Node; in a browser pass an http(s) data URL"));
  }
  try {
    return Promise.resolve(nodeModulesSync("reading a local folder"));
  } catch (e) {
    return Promise.reject(e);
  }
}

/** One Node built-in by id ("node:worker_threads"), synchronously; DataError NO_DATA_DIR outside Node. */
export function nodeBuiltin<T>(id: string, what: string): T {
  const proc = processLike();
  const get = isNode() ? proc?.getBuiltinModule : undefined;
  if (typeof get !== "function") throw new DataError("NO_DATA_DIR", `${what} needs Node >= 20.16 (process.getBuiltinModule ${id})`);
  return get.call(proc, id) as T;
}

/**
 * Node built-ins synchronously (for the sync resolveDataDir / bundledDataDir). `what` names the
 * caller in the error: outside Node, or on Node < 20.16 without process.getBuiltinModule.
 */
export function nodeModulesSync(what: string): NodeModules {
  const proc = processLike();
  if (!isNode()) {
    throw new DataError("NO_DATA_DIR", `${what} needs Node (it reads local folders); in a browser pass a data URL to loadDataBundle`);
  }
  const get = proc?.getBuiltinModule;
  if (typeof get !== "function") {
    throw new DataError(
      "NO_DATA_DIR",
      `${what} needs process.getBuiltinModule (Node >= 20.16, this is ${proc?.versions?.node}); pass an explicit dir to loadDataBundle`,
    );
  }
  const load = <T>(id: string): T => get.call(proc, id) as T;
  return {
    fs: load<NodeFs>("node:fs"),
    fsp: load<NodeFsPromises>("node:fs/promises"),
    os: load<NodeOs>("node:os"),
    path: load<NodePath>("node:path"),
    url: load<NodeUrl>("node:url"),
  };
}

function isMissing(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/** A local folder. `dir` is resolved against the working directory (like path.resolve). */
export async function fsDataSource(dir: string): Promise<DataSource> {
  const { fsp, path } = await nodeModules();
  const root = path.resolve(dir);
  const full = (rel: string): string => path.join(root, ...rel.split("/"));
  return {
    root,
    describe: full,
    async readText(rel) {
      const file = full(rel);
      try {
        return await fsp.readFile(file, "utf8");
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw new DataError("READ_FAILED", `cannot read ${file}: ${(err as Error).message}`, { cause: err });
      }
    },
    async list(rel) {
      const d = full(rel);
      try {
        return await fsp.readdir(d);
      } catch (err) {
        if (isMissing(err)) return [];
        throw new DataError("READ_FAILED", `cannot list ${d}: ${(err as Error).message}`, { cause: err });
      }
    },
  };
}

/** Default number of requests a fetch source keeps in flight (browsers queue beyond ~6 per host anyway). */
export const FETCH_CONCURRENCY = 8;

export interface FetchSourceOptions {
  /** Max requests in flight. Default FETCH_CONCURRENCY. */
  concurrency?: number;
  /** The fetch to use (default globalThis.fetch); injectable for tests and custom auth. */
  fetch?: typeof globalThis.fetch;
}

/** A counting semaphore: `run(task)` starts `task` once fewer than `limit` tasks are running. */
function limiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/**
 * An http(s) base URL (the data dir: tables at `<base>/data/tables/<Table>.csv`). 404 = missing
 * file; any other non-2xx status or a network failure is DataError READ_FAILED naming the URL.
 * HTTP has no directory listing, so `list` returns [] and only the known tables are fetched.
 */
export function fetchDataSource(base: string | URL, options: FetchSourceOptions = {}): DataSource {
  const baseUrl = new URL(String(base));
  if (baseUrl.protocol !== "http:" && baseUrl.protocol !== "https:") {
    throw new DataError("NO_DATA_DIR", `fetch data source needs an http: or https: URL, got ${baseUrl.href}`);
  }
  // Treat the base as a folder: without the trailing slash, `new URL("data/…", ".../x")` would drop `x`.
  if (!baseUrl.pathname.endsWith("/")) baseUrl.pathname += "/";
  baseUrl.search = "";
  baseUrl.hash = "";
  const concurrency = options.concurrency ?? FETCH_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new DataError("READ_FAILED", `fetch concurrency must be a positive integer, got ${concurrency}`);
  }
  const doFetch = options.fetch ?? globalThis.fetch;
  if (typeof doFetch !== "function") {
    throw new DataError("READ_FAILED", `no fetch() in this environment to read ${baseUrl.href}`);
  }
  const limit = limiter(concurrency);
  const describe = (rel: string): string => new URL(rel, baseUrl).href;
  return {
    root: baseUrl.href,
    describe,
    list: async () => [],
    readText(rel) {
      const url = describe(rel);
      return limit(async () => {
        let res: Response;
        try {
          res = await doFetch(url);
        } catch (err) {
          throw new DataError("READ_FAILED", `cannot fetch ${url}: ${(err as Error).message}`, { cause: err });
        }
        if (res.status === 404) {
          await res.body?.cancel().catch(() => {});
          return undefined;
        }
        if (!res.ok) {
          await res.body?.cancel().catch(() => {});
          throw new DataError("READ_FAILED", `cannot fetch ${url}: HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`);
        }
        try {
          return await res.text();
        } catch (err) {
          throw new DataError("READ_FAILED", `cannot fetch ${url}: body read failed: ${(err as Error).message}`, { cause: err });
        }
      });
    },
  };
}

/** An http(s) URL given as a string or URL (the fetch-source forms of a data dir). */
export function isHttpUrl(dir: string | URL): boolean {
  if (dir instanceof URL) return dir.protocol === "http:" || dir.protocol === "https:";
  return /^https?:\/\//i.test(dir);
}

/**
 * The source for a data dir: http(s) URL -> fetch; `file:` URL -> the folder (Node only);
 * any other string -> a local folder (Node only).
 */
export async function dataSourceFor(dir: string | URL, options: FetchSourceOptions = {}): Promise<DataSource> {
  // over HTTP the dir's index.json (when it has one) says which files exist: no 404s, no guessing
  if (isHttpUrl(dir)) return indexedSource(fetchDataSource(dir, options));
  if (dir instanceof URL) {
    if (dir.protocol !== "file:") {
      throw new DataError("NO_DATA_DIR", `unsupported data URL ${dir.href}: use http:, https: or (in Node) file:`);
    }
    if (!isNode()) throw new DataError("NO_DATA_DIR", `file: data URL ${dir.href} needs Node; in a browser use an http(s) URL`);
    const { url } = await nodeModules();
    return fsDataSource(url.fileURLToPath(dir));
  }
  if (!isNode()) {
    throw new DataError("NO_DATA_DIR", `data dir "${dir}" is a local folder, which needs Node; in a browser pass an http(s) data URL`);
  }
  return fsDataSource(dir);
}
