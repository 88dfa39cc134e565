// Redis connections of a distributed run: the URL, a fail-fast probe, and the options BullMQ needs.
//
// ioredis retries a lost connection forever by default; that is right for a long-lived worker and
// wrong for a first contact: `combatsim sim --redis` against a Redis that is not there must say so
// within seconds. So every entry point first probes the URL with a connection that does not retry
// (QUEUE_UNREACHABLE after `timeoutMs`), and only then hands BullMQ its connection options.
import type { ConnectionOptions } from "bullmq";
import { Redis, type RedisOptions } from "ioredis";
import { QueueError } from "./errors.js";

/** Delay between reconnect attempts of BullMQ's connections. */
export const RECONNECT_MS = 250;

/** Default wait for Redis to answer a first contact. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 3000;

export interface RedisTarget {
  /** The URL as given (errors name it). */
  url: string;
  options: RedisOptions;
}

/** redis://[user:password@]host:port[/db] (or rediss:// for TLS) → ioredis options. */
export function parseRedisUrl(url: string, field = "--redis"): RedisTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new QueueError("QUEUE_BAD_URL", `${field} = ${JSON.stringify(url)} is not a URL such as redis://127.0.0.1:6379`);
  }
  if (u.protocol !== "redis:" && u.protocol !== "rediss:") throw new QueueError("QUEUE_BAD_URL", `${field} = ${JSON.stringify(url)}: the scheme must be redis:// or rediss://, not ${u.protocol}//`);
  if (u.hostname === "") throw new QueueError("QUEUE_BAD_URL", `${field} = ${JSON.stringify(url)} names no host`);
  const port = u.port === "" ? 6379 : Number(u.port);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0) throw new QueueError("QUEUE_BAD_URL", `${field} = ${JSON.stringify(url)}: the database ${JSON.stringify(u.pathname.slice(1))} is not an integer >= 0`);
  const options: RedisOptions = { host: u.hostname.replace(/^\[|\]$/g, ""), port, db };
  if (u.username) options.username = decodeURIComponent(u.username);
  if (u.password) options.password = decodeURIComponent(u.password);
  if (u.protocol === "rediss:") options.tls = {};
  return { url, options };
}

/** A connection that gives up at once (no reconnect, no offline queue): for probes and one-shot commands. */
export function oneShotConnection(target: RedisTarget, timeoutMs: number): Redis {
  return new Redis({ ...target.options, lazyConnect: true, connectTimeout: timeoutMs, commandTimeout: timeoutMs, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
}

/** Connects and PINGs within `timeoutMs`; QUEUE_UNREACHABLE names the URL and the cause. Returns the live connection. */
export async function connectOrFail(target: RedisTarget, timeoutMs = DEFAULT_CONNECT_TIMEOUT_MS): Promise<Redis> {
  const redis = oneShotConnection(target, timeoutMs);
  redis.on("error", () => undefined); // reported through the rejected promise below
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      redis.connect().then(() => redis.ping()),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return redis;
  } catch (e) {
    redis.disconnect();
    throw new QueueError("QUEUE_UNREACHABLE", `cannot reach Redis at ${target.url}: ${(e as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Options for BullMQ's own connections once the probe has succeeded. Commands wait for a reconnect
 * (BullMQ requires maxRetriesPerRequest null for blocking commands); `retry` says when to stop
 * reconnecting (null): a coordinator after its grace period, a worker once it is closing — else a
 * reconnect timer would keep the process alive after Redis has gone for good.
 */
export function bullConnection(target: RedisTarget, retry: (times: number) => number | null): ConnectionOptions {
  return { ...target.options, maxRetriesPerRequest: null, connectTimeout: DEFAULT_CONNECT_TIMEOUT_MS, retryStrategy: retry } as ConnectionOptions;
}
