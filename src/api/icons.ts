// Icon images: <size>/<fileName>.jpg, resized from a source icon and cached. Sources, in order:
// the local icon dir ({data_dir}/icons/<name>.png|.jpg), then (optional) an upstream icon server,
// fetched once per name and kept in memory and (optional) on disk. Node built-ins and sharp are
// reached lazily so this module stays importable from the browser-safe package root.
import { ApiConfigError, ApiError } from "./errors.js";
import { Lru, strongEtag } from "./http.js";
import { imageProblem, jpegOutputProblem } from "./image-check.js";
import { nodeModules } from "../data/source.js";

export type IconSize = "large" | "medium" | "small";
/** Pixel edge per size segment (spec: 56 / 36 / 18). */
export const ICON_PIXELS: Readonly<Record<IconSize, number>> = Object.freeze({ large: 56, medium: 36, small: 18 });
/** A valid icon base name (the file name is `<name>.jpg`). */
export const ICON_NAME_RE = /^[A-Za-z0-9_-]{1,128}$/;
/** Source file extensions tried in the icon dir, in order. */
export const ICON_SOURCE_EXTS: readonly string[] = [".png", ".jpg"];

/** Resize a source image (any format sharp reads) to a px x px JPEG. */
export type IconResizer = (source: Uint8Array, px: number) => Promise<Uint8Array>;

export interface IconOptions {
  /** Folder (or http(s) base URL) of source icons; default `<bundle.dir>/icons`. */
  iconDir?: string;
  /** Base URL of an upstream icon server: `<upstreamUrl>/<name>.jpg` is fetched for names the data references. */
  upstreamUrl?: string;
  /** Abort an upstream fetch after this many ms (default 5000). */
  upstreamTimeoutMs?: number;
  /** Byte cap of the in-memory cache of resized icons (default 16 MiB). */
  memoryCacheBytes?: number;
  /** Optional folder for resized icons and upstream sources (survives restarts). */
  diskCacheDir?: string;
  /** Image resizer; default sharp (Node). */
  resize?: IconResizer;
  /** fetch implementation for upstream/URL sources (default globalThis.fetch). */
  fetch?: typeof fetch;
}

export interface IconImage {
  bytes: Uint8Array;
  etag: string;
}

const DEFAULT_MEMORY_BYTES = 16 * 1024 * 1024;
const MAX_SOURCE_BYTES = 2 * 1024 * 1024;
const NEGATIVE_TTL_MS = 5 * 60 * 1000;
/** Bump when the resize parameters change: it is part of the disk cache key. */
const RESIZE_VERSION = 1;

type Fsp = typeof import("node:fs/promises");
type NodePath = typeof import("node:path");

async function nodeFs(): Promise<{ fsp: Fsp; path: NodePath }> {
  const { fsp, path } = await nodeModules();
  return { fsp, path };
}

type Sharp = (typeof import("sharp"))["default"];
let sharpModule: Promise<Sharp> | undefined;
/** sharp, loaded on first use. The specifier is a variable so browser bundlers do not follow it. */
async function loadSharp(): Promise<Sharp> {
  const id = "sharp";
  sharpModule ??= import(/* @vite-ignore */ /* webpackIgnore: true */ id).then(
    (m: { default?: Sharp }) => (m.default ?? m) as Sharp,
  );
  return sharpModule;
}

/** The default resizer: cover-fit to a square, flattened on black, baseline JPEG quality 90, 4:4:4. */
export const sharpResize: IconResizer = async (source, px) => {
  const sharp = await loadSharp();
  const out = await sharp(source, { failOn: "error" })
    .resize(px, px, { fit: "cover", kernel: "lanczos3" })
    .flatten({ background: "#000000" })
    .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
};

function isHttpUrl(s: string): boolean {
  return /^https?:\/\//i.test(s);
}

function trimSlash(s: string): string {
  return s.replace(/\/+$/, "");
}

/** Throws ApiConfigError for option values that can never work (called by createApp, before any request). */
export function validateIconOptions(options: IconOptions): void {
  const bytes = options.memoryCacheBytes;
  if (bytes !== undefined && !(Number.isFinite(bytes) && bytes >= 0)) {
    throw new ApiConfigError("memoryCacheBytes", `must be a byte count >= 0, got ${bytes}`);
  }
  if (options.upstreamUrl !== undefined && !isHttpUrl(options.upstreamUrl)) {
    throw new ApiConfigError("upstreamUrl", `must be an http(s) URL, got ${JSON.stringify(options.upstreamUrl)}`);
  }
  const t = options.upstreamTimeoutMs;
  if (t !== undefined && !(Number.isFinite(t) && t > 0)) {
    throw new ApiConfigError("upstreamTimeoutMs", `must be a positive number of ms, got ${t}`);
  }
}

export class IconService {
  private readonly memory: Lru<string, IconImage>;
  private readonly inflight = new Map<string, Promise<IconImage>>();
  private readonly sources = new Map<string, Promise<Uint8Array | undefined>>();
  private readonly upstreamMisses: Lru<string, number>;
  private readonly resize: IconResizer;
  private readonly fetchImpl: typeof fetch;
  private readonly upstreamTimeoutMs: number;

  constructor(
    /** Source folder or URL; undefined = no local icons. */
    private readonly iconDir: string | undefined,
    /** Names the data references: only these may be fetched upstream (no open proxy). */
    private readonly knownNames: ReadonlySet<string>,
    private readonly options: IconOptions = {},
  ) {
    validateIconOptions(options);
    const bytes = options.memoryCacheBytes ?? DEFAULT_MEMORY_BYTES;
    this.memory = new Lru(100_000, bytes);
    this.upstreamMisses = new Lru(10_000);
    this.resize = options.resize ?? sharpResize;
    this.fetchImpl = options.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));
    this.upstreamTimeoutMs = options.upstreamTimeoutMs ?? 5000;
  }

  /** Bytes held by the memory cache (for tests and monitoring). */
  get cachedBytes(): number {
    return this.memory.weight;
  }

  /** A resized icon. `name` must already match ICON_NAME_RE (the route checks); it is looked up lower-cased. */
  async get(size: IconSize, rawName: string): Promise<IconImage> {
    if (!ICON_NAME_RE.test(rawName)) throw new ApiError(400, "BAD_ICON_NAME", `bad icon name ${JSON.stringify(rawName)}`);
    const name = rawName.toLowerCase();
    const key = `${size}/${name}`;
    const hit = this.memory.get(key);
    if (hit) return hit;
    let p = this.inflight.get(key);
    if (!p) {
      p = this.produce(size, name).finally(() => this.inflight.delete(key));
      this.inflight.set(key, p);
    }
    return p;
  }

  private async produce(size: IconSize, name: string): Promise<IconImage> {
    const source = await this.source(name);
    if (!source) throw new ApiError(404, "ICON_NOT_FOUND", `no icon named ${JSON.stringify(name)}`);
    const px = ICON_PIXELS[size];
    const srcTag = strongEtag(source).slice(1, 17);
    const diskRel = [String(size), `${name}-${srcTag}-v${RESIZE_VERSION}.jpg`];
    // a cached icon that is not a complete JPEG (a damaged or hand-edited cache) is made again
    let bytes = await this.diskRead(diskRel, jpegOutputProblem);
    if (!bytes) {
      try {
        bytes = await this.resize(source, px);
      } catch (err) {
        throw new ApiError(500, "INTERNAL", `icon ${JSON.stringify(name)}: source image cannot be resized: ${(err as Error).message}`);
      }
      const problem = jpegOutputProblem(bytes);
      if (problem) throw new ApiError(500, "INTERNAL", `icon ${JSON.stringify(name)}: the resizer returned an incomplete JPEG: ${problem}`);
      await this.diskWrite(diskRel, bytes);
    }
    const image: IconImage = { bytes, etag: strongEtag(bytes) };
    this.memory.set(`${size}/${name}`, image, bytes.byteLength);
    return image;
  }

  /** Source bytes of one icon, read once per name (local files are not re-read; data is immutable). */
  private source(name: string): Promise<Uint8Array | undefined> {
    let p = this.sources.get(name);
    if (!p) {
      p = this.readSource(name);
      // keep found sources only: a missing name is re-checked on the next request
      p.then(
        (v) => {
          if (!v) this.sources.delete(name);
        },
        () => this.sources.delete(name),
      );
      this.sources.set(name, p);
      // bound the number of remembered sources (one entry per distinct name that exists)
      if (this.sources.size > 10_000) this.sources.delete(this.sources.keys().next().value as string);
    }
    return p;
  }

  /** The first source found, checked to be a complete PNG or JPEG (ApiError otherwise). */
  private async readSource(name: string): Promise<Uint8Array | undefined> {
    if (this.iconDir !== undefined) {
      for (const ext of ICON_SOURCE_EXTS) {
        const file = `${name}${ext}`;
        const local = await this.readLocal(file);
        if (!local) continue;
        const problem = imageProblem(local);
        if (problem) {
          // the server's own data is broken (500); an icon dir on a server is like an upstream (502)
          throw isHttpUrl(this.iconDir)
            ? new ApiError(502, "UPSTREAM_ERROR", `icon ${JSON.stringify(name)}: ${file} from icon dir ${this.iconDir} is not a complete image: ${problem}`)
            : new ApiError(500, "ICON_SOURCE_INVALID", `icon ${JSON.stringify(name)}: source ${file} in the icon dir is not a complete image: ${problem}`);
        }
        return local;
      }
    }
    return this.upstream(name);
  }

  private async readLocal(file: string): Promise<Uint8Array | undefined> {
    const dir = this.iconDir!;
    if (isHttpUrl(dir)) return this.fetchBytes(`${trimSlash(dir)}/${file}`, `icon dir ${dir}`);
    const { fsp, path } = await nodeFs();
    const root = path.resolve(dir);
    const full = path.resolve(root, file);
    // names are [A-Za-z0-9_-] plus an extension, so this cannot leave the dir; checked anyway
    if (path.dirname(full) !== root) throw new ApiError(400, "BAD_ICON_NAME", `icon path escapes the icon dir: ${file}`);
    try {
      return new Uint8Array(await fsp.readFile(full));
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return undefined;
      throw err;
    }
  }

  private async upstream(name: string): Promise<Uint8Array | undefined> {
    const base = this.options.upstreamUrl;
    if (base === undefined || !this.knownNames.has(name)) return undefined;
    const missUntil = this.upstreamMisses.get(name);
    if (missUntil !== undefined && missUntil > Date.now()) return undefined;
    const rel = ["source", `${name}.jpg`];
    const cached = await this.diskRead(rel, imageProblem);
    if (cached) return cached;
    const url = `${trimSlash(base)}/${name}.jpg`;
    const bytes = await this.fetchBytes(url, `upstream ${base}`);
    if (!bytes) {
      this.upstreamMisses.set(name, Date.now() + NEGATIVE_TTL_MS);
      return undefined;
    }
    // an incomplete body is the upstream's failure: not remembered, not written to disk
    const problem = imageProblem(bytes);
    if (problem) throw new ApiError(502, "UPSTREAM_ERROR", `upstream ${base}: GET ${url}: not a complete image: ${problem}`);
    await this.diskWrite(rel, bytes);
    return bytes;
  }

  /** GET a URL: bytes on 200, undefined on 404/410, ApiError UPSTREAM_ERROR otherwise. */
  private async fetchBytes(url: string, what: string): Promise<Uint8Array | undefined> {
    let res: Response;
    try {
      res = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.upstreamTimeoutMs), redirect: "follow" });
    } catch (err) {
      throw new ApiError(502, "UPSTREAM_ERROR", `${what}: GET ${url} failed: ${(err as Error).message}`);
    }
    if (res.status === 404 || res.status === 410) {
      await res.body?.cancel();
      return undefined;
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new ApiError(502, "UPSTREAM_ERROR", `${what}: GET ${url} answered ${res.status}`);
    }
    const len = Number(res.headers.get("content-length") ?? "0");
    if (len > MAX_SOURCE_BYTES) {
      await res.body?.cancel();
      throw new ApiError(502, "UPSTREAM_ERROR", `${what}: GET ${url}: ${len} bytes is over the ${MAX_SOURCE_BYTES}-byte cap`);
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await res.arrayBuffer());
    } catch (err) {
      // the connection dropped or timed out mid-body
      throw new ApiError(502, "UPSTREAM_ERROR", `${what}: GET ${url}: body cut short: ${(err as Error).message}`);
    }
    if (bytes.byteLength > MAX_SOURCE_BYTES) {
      throw new ApiError(502, "UPSTREAM_ERROR", `${what}: GET ${url}: body over the ${MAX_SOURCE_BYTES}-byte cap`);
    }
    return bytes;
  }

  /** A disk cache file, or undefined when missing, unreadable or failing `check` (a cache miss: the caller makes it again). */
  private async diskRead(rel: string[], check: (bytes: Uint8Array) => string | undefined): Promise<Uint8Array | undefined> {
    const dir = this.options.diskCacheDir;
    if (dir === undefined) return undefined;
    const { fsp, path } = await nodeFs();
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await fsp.readFile(path.join(dir, ...rel)));
    } catch {
      return undefined;
    }
    return check(bytes) === undefined ? bytes : undefined;
  }

  private async diskWrite(rel: string[], bytes: Uint8Array): Promise<void> {
    const dir = this.options.diskCacheDir;
    if (dir === undefined) return;
    const { fsp, path } = await nodeFs();
    const file = path.join(dir, ...rel);
    // write-then-rename: a concurrent reader never sees a half-written file
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.writeFile(tmp, bytes);
      await fsp.rename(tmp, file);
    } catch (err) {
      await fsp.rm(tmp, { force: true }).catch(() => undefined);
      // the disk cache is an optimisation: a full disk must not fail the request
      console.warn(`combatsim api: icon disk cache write ${file} failed: ${(err as Error).message}`);
    }
  }
}
