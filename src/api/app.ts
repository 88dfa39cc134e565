// The game-data HTTP API as a Hono app (runs on @hono/node-server via `combatsim serve`, or on any
// Hono runtime). Contract: /work/shared/spec/game-data-api.md; decisions for its gaps: docs/api.md.
//
// Every JSON representation is computed once per (data bundle, public origin[, id list]) and kept:
// the bundle is immutable, so a request only looks the bytes and ETag up. The public origin is
// configuration (origin.ts), never the request's Host.
import { Hono } from "hono";
import { cors } from "hono/cors";
import { loadDataBundle } from "../data/bundle.js";
import type { DataBundle } from "../data/types.js";
import { AnswerCache } from "./answers.js";
import { buildCatalog, type Catalog } from "./catalog.js";
import { ApiError } from "./errors.js";
import { Lru, rawPath, strongEtag } from "./http.js";
import { idsOrError } from "./ids.js";
import { ICON_NAME_RE, ICON_PIXELS, IconService, validateIconOptions, type IconOptions, type IconSize } from "./icons.js";
import { originPolicy, type OriginOptions } from "./origin.js";
import { ALLOWED_METHOD_LIST, ALLOWED_METHODS, CACHE_CONTROL, errorResponse, READ_METHODS, readRoute, sendCached } from "./responses.js";

export { MAX_IDS, parseIds } from "./ids.js";
export { CACHE_CONTROL } from "./responses.js";

export const GAME_DATA_PATH = "/functions/v1/game-data";
export const ICONS_PATH = "/functions/v1/icons";

/** Options of createApp: the bundle, where iconUrls point (OriginOptions) and the icon sources (IconOptions). */
export interface ApiOptions extends IconOptions, OriginOptions {
  /** The data bundle (or a promise of it); default loadDataBundle() (Node: the resolved data dir). */
  bundle?: DataBundle | Promise<DataBundle>;
}

interface Representation {
  /** UTF-8 bytes, encoded once (the server then writes them without re-encoding per request). */
  body: Uint8Array;
  etag: string;
}

const utf8 = new TextEncoder();
function representation(json: string): Representation {
  return { body: utf8.encode(json), etag: strongEtag(json) };
}

/** Origin-independent JSON text split around the places each iconUrl's origin goes. */
type Template = readonly string[];

/** A marker put where the origin goes; JSON.stringify writes it as the 6 characters `\u0001`. */
const ORIGIN_MARK = "\u0001";
const ORIGIN_MARK_JSON = "\\u0001";

function template(value: unknown, iconUrls: number): Template {
  const parts = JSON.stringify(value).split(ORIGIN_MARK_JSON);
  // a data string containing U+0001 would be split too: refuse rather than serve broken URLs
  if (parts.length !== iconUrls + 1) {
    throw new ApiError(500, "INTERNAL", `game data holds a U+0001 character; cannot build ${JSON.stringify(value).slice(0, 80)}`);
  }
  return parts;
}

function iconUrlOf(fileName: string): string {
  return `${ORIGIN_MARK}${ICONS_PATH}/large/${fileName}.jpg`;
}

/** Everything derived from one bundle. */
class ApiState {
  readonly classes: Template;
  readonly items: ReadonlyMap<number, Template>;
  private readonly classesByOrigin = new Lru<string, Representation>(32);
  private readonly itemsCache = new Lru<string, Representation>(2048, 64 * 1024 * 1024);

  constructor(
    readonly catalog: Catalog,
    readonly icons: IconService,
  ) {
    let urls = 0;
    const classes = catalog.classes.map((k) => {
      urls += 1 + k.specs.length;
      return {
        id: k.id,
        name: k.name,
        color: k.color,
        fileName: k.fileName,
        iconUrl: iconUrlOf(k.fileName),
        specs: k.specs.map((s) => ({ ...s, iconUrl: iconUrlOf(s.fileName) })),
      };
    });
    this.classes = template({ classes }, urls);
    const items = new Map<number, Template>();
    for (const [id, it] of catalog.items) {
      // field order as in the spec's Item table
      const { id: _id, name, description, fileName, ...rest } = it;
      items.set(id, template({ id, name, description, fileName, iconUrl: iconUrlOf(fileName), ...rest }, 1));
    }
    this.items = items;
  }

  classesFor(origin: string): Representation {
    let rep = this.classesByOrigin.get(origin);
    if (!rep) {
      rep = representation(this.classes.join(jsonEscape(origin)));
      this.classesByOrigin.set(origin, rep);
    }
    return rep;
  }

  itemsFor(origin: string, ids: readonly number[]): Representation {
    const key = `${origin}\n${ids.join(",")}`;
    let rep = this.itemsCache.get(key);
    if (!rep) {
      const o = jsonEscape(origin);
      const parts: string[] = [];
      for (const id of ids) {
        const t = this.items.get(id);
        if (t) parts.push(t.join(o)); // unknown ids are omitted
      }
      rep = representation(`{"items":[${parts.join(",")}]}`);
      this.itemsCache.set(key, rep, rep.body.byteLength + key.length * 2);
    }
    return rep;
  }
}

function jsonEscape(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

/**
 * The game-data API app. Routes (GET/HEAD, or POST with an empty body): `{GAME_DATA_PATH}/classes`,
 * `{GAME_DATA_PATH}/items?ids=`, `{ICONS_PATH}/<large|medium|small>/<fileName>.jpg`; OPTIONS
 * anywhere (CORS preflight).
 */
export function createApp(options: ApiOptions = {}): Hono {
  const origins = originPolicy(options);
  validateIconOptions(options);
  let ready: ApiState | undefined;
  let pending: Promise<ApiState> | undefined;
  const state = (): ApiState | Promise<ApiState> => {
    if (ready) return ready;
    pending ??= Promise.resolve(options.bundle ?? loadDataBundle()).then((bundle) => {
      const catalog = buildCatalog(bundle);
      const iconDir = options.iconDir ?? (bundle.dir ? `${bundle.dir.replace(/\/+$/, "")}/icons` : undefined);
      ready = new ApiState(catalog, new IconService(iconDir, catalog.iconNames, options));
      return ready;
    });
    // a failed load is retried on the next request instead of caching the rejection
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };

  const app = new Hono();

  // Preflight from any origin (public data, no credentials): Hono's cors() answers OPTIONS with 204,
  // the methods the read routes take, the request's own headers echoed (with Vary on them) and a
  // day's max-age; the routes' own answers carry Allow-Origin/Expose-Headers via corsHeaders().
  app.use(
    "*",
    cors({ origin: "*", allowMethods: ALLOWED_METHOD_LIST, exposeHeaders: ["ETag"], maxAge: 86400 }),
  );

  app.on(READ_METHODS, `${GAME_DATA_PATH}/classes`, readRoute(async (c) => {
    const origin = origins.originOf(c.req);
    if (origin instanceof ApiError) return errorResponse(c, origin);
    const st = ready ?? (await state());
    const rep = st.classesFor(origin);
    return sendCached(c, rep.body, rep.etag, "application/json; charset=utf-8", CACHE_CONTROL.classes, origins.vary);
  }));

  // Answers keyed by the exact (origin, raw query string): a repeated query, valid or not, is a
  // lookup (the data is immutable, so neither the items nor the error can change).
  const itemsAnswers = new AnswerCache<Representation | ApiError>(2048, 4096);
  app.on(READ_METHODS, `${GAME_DATA_PATH}/items`, readRoute(async (c) => {
    const origin = origins.originOf(c.req);
    if (origin instanceof ApiError) return errorResponse(c, origin);
    const url = c.req.url;
    const q = url.indexOf("?");
    let answer = itemsAnswers.answer(`${origin}\n${q < 0 ? "" : url.slice(q)}`, () => {
      const ids = idsOrError(c.req.queries("ids"));
      if (ids instanceof ApiError) return ids;
      return ready ? ready.itemsFor(origin, ids) : Promise.resolve(state()).then((st) => st.itemsFor(origin, ids));
    });
    if (answer instanceof Promise) answer = await answer;
    if (answer instanceof ApiError) return errorResponse(c, answer);
    return sendCached(c, answer.body, answer.etag, "application/json; charset=utf-8", CACHE_CONTROL.items, origins.vary);
  }));

  app.on(READ_METHODS, `${ICONS_PATH}/*`, readRoute(async (c) => {
    // Work on the raw path: anything percent-encoded (%2F, %00, %2e, ...) is refused outright.
    const rest = rawPath(c.req.url).slice(ICONS_PATH.length + 1);
    const parts = rest.split("/");
    const size = parts[0]!;
    if (!Object.hasOwn(ICON_PIXELS, size)) {
      throw new ApiError(400, "BAD_ICON_SIZE", `icon size ${JSON.stringify(size.slice(0, 24))} is not one of large, medium, small`);
    }
    const file = parts.length === 2 ? parts[1]! : "";
    const name = file.endsWith(".jpg") ? file.slice(0, -4) : "";
    if (parts.length !== 2 || !ICON_NAME_RE.test(name)) {
      throw new ApiError(
        400,
        "BAD_ICON_NAME",
        `icon path must be <size>/<name>.jpg with name of 1-128 characters [A-Za-z0-9_-]; got ${JSON.stringify(rest.slice(0, 160))}`,
      );
    }
    const st = ready ?? (await state());
    const img = await st.icons.get(size as IconSize, name);
    return sendCached(c, img.bytes, img.etag, "image/jpeg", CACHE_CONTROL.icons);
  }));

  for (const path of [`${GAME_DATA_PATH}/classes`, `${GAME_DATA_PATH}/items`, `${ICONS_PATH}/*`]) {
    app.all(path, (c) => {
      throw new ApiError(405, "METHOD_NOT_ALLOWED", `${c.req.method} is not allowed on ${c.req.path}; use GET (or POST with an empty body)`);
    });
  }

  app.notFound((c) => errorResponse(c, new ApiError(404, "NOT_FOUND", `no route ${c.req.method} ${rawPath(c.req.url).slice(0, 200)}`)));

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return errorResponse(c, err, err.status === 405 ? { Allow: ALLOWED_METHODS } : {});
    }
    // a bug or a broken bundle: log the detail, answer with a stable code
    console.error(`combatsim api: ${c.req.method} ${c.req.path}:`, err);
    const code = (err as { code?: unknown }).code;
    return errorResponse(
      c,
      new ApiError(500, "INTERNAL", `internal error${typeof code === "string" ? ` [${code}]` : ""}: ${(err as Error).message}`),
    );
  });

  return app;
}
