// Building answers: CORS and caching headers, JSON error bodies, conditional GET, and the POST
// rule of the read routes. Decisions: docs/api.md "HTTP behaviour".
import type { Context } from "hono";
import { ApiError } from "./errors.js";
import { ifNoneMatchHits, rawPath, requestBodyBytes } from "./http.js";

export const CACHE_CONTROL = Object.freeze({
  classes: "public, max-age=86400", // spec: 24 hours
  items: "public, max-age=3600", // spec: 1 hour
  icons: "public, max-age=86400", // not in the spec: icons change no more often than classes
  error: "no-store",
});
/**
 * GET and HEAD, plus POST with an empty body: Supabase-style clients (`functions.invoke`) POST by
 * default, and a POST without a body asks for nothing a GET does not (docs/api.md "methods").
 */
export const ALLOWED_METHOD_LIST = ["GET", "HEAD", "POST", "OPTIONS"];
/** The `Allow` header of a 405 answer. */
export const ALLOWED_METHODS = ALLOWED_METHOD_LIST.join(", ");
/** Methods the read routes answer (Hono answers HEAD through the GET route). */
export const READ_METHODS = ["GET", "POST"];

/** The CORS headers every answer carries (public data: any origin, no credentials). */
export function corsHeaders(h: Record<string, string>): Record<string, string> {
  h["Access-Control-Allow-Origin"] = "*";
  h["Access-Control-Expose-Headers"] = "ETag";
  return h;
}

/** The JSON error answer of an ApiError: `{ "error": { code, message } }`, never cached. */
export function errorResponse(c: Context, err: ApiError, extra: Record<string, string> = {}): Response {
  const body = JSON.stringify({ error: { code: err.code, message: err.message } });
  return c.body(
    body,
    err.status as 400,
    corsHeaders({
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": CACHE_CONTROL.error,
      "X-Content-Type-Options": "nosniff",
      ...extra,
    }),
  );
}

/** 200 with the representation, or 304 when If-None-Match names its ETag. `vary`: the request headers the body depends on. */
export function sendCached(c: Context, body: string | Uint8Array, etag: string, contentType: string, cacheControl: string, vary?: string): Response {
  const headers = corsHeaders({ ETag: etag, "Cache-Control": cacheControl, "X-Content-Type-Options": "nosniff" });
  if (vary !== undefined) headers.Vary = vary;
  // If-None-Match validates cached GET/HEAD answers; a POST always gets the full answer
  if (c.req.method !== "POST" && ifNoneMatchHits(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
  headers["Content-Type"] = contentType;
  return c.body(body as string, 200, headers);
}

export type Handler = (c: Context) => Promise<Response>;

/** A read route's handler; a POST is first checked for a body (GET and HEAD go straight through). */
export function readRoute(handler: Handler): Handler {
  return (c) => (c.req.method === "POST" ? postWithoutBody(c, handler) : handler(c));
}

async function postWithoutBody(c: Context, handler: Handler): Promise<Response> {
  const refused = await bodyNotAllowed(c);
  return refused ? errorResponse(c, refused) : handler(c);
}

/** A POST to a read route with a body: 400 BODY_NOT_ALLOWED (the parameters are in the URL). */
async function bodyNotAllowed(c: Context): Promise<ApiError | undefined> {
  const bytes = await requestBodyBytes(c.req.raw);
  if (bytes === 0) return undefined;
  return new ApiError(
    400,
    "BODY_NOT_ALLOWED",
    `POST ${rawPath(c.req.url).slice(0, 200)} takes no request body (got ${bytes}${c.req.header("content-length") ? "" : " or more"} bytes): ` +
      "send the parameters in the URL, as for GET",
  );
}
