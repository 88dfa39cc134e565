// Where iconUrl values point. JSON answers are cached publicly (24 h / 1 h), so the origin put in
// front of `/functions/v1/icons/...` must never come from what a client sent (a forged `Host` would
// poison every shared cache in front of the app) unless the operator says a trusted proxy sets it.
// Decisions: docs/api.md "Public origin of iconUrl".
import { ApiConfigError, ApiError } from "./errors.js";

export interface OriginOptions {
  /**
   * What goes in front of `/functions/v1/icons/...` in every iconUrl: an absolute
   * `http(s)://host[:port][/prefix]`, a root-relative path prefix (`/api`), or `""` for root-relative
   * URLs. Default (neither this nor trustProxy): `""`. `combatsim serve` defaults it to its
   * listening address.
   */
  publicOrigin?: string;
  /**
   * Take the origin from each request: `X-Forwarded-Proto` and `X-Forwarded-Host` (first value of
   * each), else the request URL's scheme and host. Only behind a proxy that sets those headers
   * itself; the JSON answers then carry `Vary: Host, X-Forwarded-Host, X-Forwarded-Proto`.
   */
  trustProxy?: boolean;
}

/** The request fields an origin may be read from (a subset of Hono's HonoRequest). */
export interface OriginRequest {
  readonly url: string;
  header(name: string): string | undefined;
}

/** Headers a per-request origin depends on (the Vary value of answers that embed it). */
export const PROXY_VARY = "Host, X-Forwarded-Host, X-Forwarded-Proto";

/** host, host:port, IPv4 or a bracketed IPv6 literal, with an optional port. */
const HOST_RE = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;
/** Characters allowed in a root-relative prefix: unreserved URL path characters and `/`. */
const PREFIX_RE = /^(?:\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/;

/** How one app decides the origin of its iconUrls. */
export interface OriginPolicy {
  /** The origin every answer uses, or undefined when it is taken from each request (trustProxy). */
  readonly fixed: string | undefined;
  /** The origin for one request; an ApiError (400 BAD_HOST) when a trusted forwarded header is malformed. */
  originOf(req: OriginRequest): string | ApiError;
  /** `Vary` for answers that embed the origin, or undefined when it never varies. */
  readonly vary: string | undefined;
}

/** Validates the options (ApiConfigError) and returns the policy. */
export function originPolicy(options: OriginOptions): OriginPolicy {
  if (options.trustProxy !== undefined && typeof options.trustProxy !== "boolean") {
    throw new ApiConfigError("trustProxy", `must be true or false, got ${JSON.stringify(options.trustProxy)}`);
  }
  if (options.trustProxy && options.publicOrigin !== undefined) {
    throw new ApiConfigError(
      "publicOrigin",
      "give publicOrigin (a fixed origin) or trustProxy (the origin from forwarded headers), not both",
    );
  }
  if (options.trustProxy) return { fixed: undefined, originOf: forwardedOrigin, vary: PROXY_VARY };
  const fixed = normalizePublicOrigin(options.publicOrigin ?? "");
  return { fixed, originOf: () => fixed, vary: undefined };
}

/** `https://x.org/game/` -> `https://x.org/game`; `/api/` -> `/api`; `""` and `/` -> `""`. */
export function normalizePublicOrigin(value: string): string {
  if (typeof value !== "string") throw new ApiConfigError("publicOrigin", `must be a string, got ${typeof value}`);
  const trimmed = value.replace(/\/+$/, "");
  if (trimmed === "") return "";
  if (trimmed.startsWith("/")) {
    if (!PREFIX_RE.test(trimmed) || trimmed.startsWith("//")) {
      throw new ApiConfigError("publicOrigin", `a root-relative prefix must be /segment[/segment...] of URL path characters, got ${JSON.stringify(value)}`);
    }
    return trimmed;
  }
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new ApiConfigError("publicOrigin", `not a URL or a /path prefix: ${JSON.stringify(value)}`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    throw new ApiConfigError("publicOrigin", `must be http(s), got ${JSON.stringify(value)}`);
  }
  if (u.search || u.hash || u.username || u.password) {
    throw new ApiConfigError("publicOrigin", `must hold no query, fragment or credentials: ${JSON.stringify(value)}`);
  }
  return `${u.origin}${u.pathname}`.replace(/\/+$/, "");
}

/** `scheme://host[:port]` of a request URL without allocating a URL object. */
export function requestOrigin(url: string): string {
  const start = url.indexOf("//") + 2;
  const slash = url.indexOf("/", start);
  return slash < 0 ? url : url.slice(0, slash);
}

/** First value of a comma-separated header (a proxy chain appends; the first hop is the client's). */
function firstValue(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const comma = header.indexOf(",");
  const v = (comma < 0 ? header : header.slice(0, comma)).trim();
  return v === "" ? undefined : v;
}

/** trustProxy: X-Forwarded-Proto / X-Forwarded-Host, each falling back to the request URL. */
function forwardedOrigin(req: OriginRequest): string | ApiError {
  const own = requestOrigin(req.url);
  const sep = own.indexOf("://");
  const proto = firstValue(req.header("x-forwarded-proto"))?.toLowerCase() ?? own.slice(0, sep);
  const host = firstValue(req.header("x-forwarded-host")) ?? own.slice(sep + 3);
  if (proto !== "http" && proto !== "https") {
    return new ApiError(400, "BAD_HOST", `X-Forwarded-Proto ${JSON.stringify(proto.slice(0, 24))} is not http or https`);
  }
  if (host.length > 260 || !HOST_RE.test(host)) {
    return new ApiError(400, "BAD_HOST", `forwarded host ${JSON.stringify(host.slice(0, 64))} is not a host[:port]`);
  }
  // host names are case-insensitive: one cached answer per host, whatever the spelling
  return `${proto}://${host.toLowerCase()}`;
}
