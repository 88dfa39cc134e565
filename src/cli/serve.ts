// `combatsim serve`: the game-data API on @hono/node-server.
import { serve as honoServe, type ServerType } from "@hono/node-server";
import type { Command } from "commander";
import { CommanderError } from "commander";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Hono } from "hono";
import { createApp, GAME_DATA_PATH, ICONS_PATH, type ApiOptions } from "../api/app.js";
import { ApiConfigError } from "../api/errors.js";
import { checkDataDir, loadDataBundle } from "../data/bundle.js";

export interface ServeOptions extends Omit<ApiOptions, "bundle"> {
  port?: number;
  host?: string;
  dataDir?: string;
}

export interface RunningServer {
  /** `http://host:port` actually bound (port 0 -> the ephemeral port). */
  url: string;
  port: number;
  server: ServerType;
  close(): Promise<void>;
}

/** Addresses that bind every interface: they name no address a client could use in an iconUrl. */
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]", "::0", "0:0:0:0:0:0:0:0"]);

/**
 * Load the bundle, build the app and listen. Resolves once the socket is bound. Without
 * publicOrigin / trustProxy the iconUrls use the listening address (`http://host:port`, known once
 * bound); a wildcard host has no such address, so it needs one of them (ApiConfigError otherwise).
 */
export async function startServer(opts: ServeOptions = {}): Promise<RunningServer> {
  const { port = 8787, host = "127.0.0.1", dataDir, ...api } = opts;
  const explicitOrigin = api.publicOrigin !== undefined || api.trustProxy === true;
  if (!explicitOrigin && WILDCARD_HOSTS.has(host)) {
    throw new ApiConfigError(
      "publicOrigin",
      `--host ${host} listens on every interface, so the address clients use for iconUrl is unknown: ` +
        `give it with --public-origin <url> (e.g. http://my-host:${port || 8787}), --public-origin / for root-relative iconUrls, ` +
        `or --trust-proxy behind a proxy that sets X-Forwarded-Host`,
    );
  }
  const bundle = await loadDataBundle(await checkDataDir(dataDir, dataDir !== undefined ? "--data-dir" : undefined));
  // with an explicit origin every option is checked before binding; otherwise the app is built
  // from the bound address in the listening callback, before any connection is accepted
  let app: Hono | undefined = explicitOrigin ? createApp({ ...api, bundle }) : undefined;
  return new Promise((resolve, reject) => {
    const server = honoServe({ fetch: (req, env) => app!.fetch(req, env), port, hostname: host }, (info: AddressInfo) => {
      const shownHost = info.family === "IPv6" ? `[${info.address}]` : info.address;
      const url = `http://${shownHost}:${info.port}`;
      const close = () => new Promise<void>((res, rej) => server.close((err) => (err ? rej(err) : res())));
      try {
        app ??= createApp({ ...api, bundle, publicOrigin: url });
      } catch (err) {
        void close().finally(() => reject(err));
        return;
      }
      resolve({ url, port: info.port, server, close });
    });
    server.once("error", reject);
  });
}

function parsePort(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new CommanderError(2, "combatsim.badPort", `not a port number (0-65535): ${value}`);
  return n;
}

function parseBytes(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value)) throw new CommanderError(2, "combatsim.badBytes", `not a byte count: ${value}`);
  return n;
}

/** Adds `serve` to the CLI. */
export function addServeCommand(program: Command): void {
  program
    .command("serve")
    .description(`serve the game-data API (${GAME_DATA_PATH}/classes, ${GAME_DATA_PATH}/items?ids=, ${ICONS_PATH}/<size>/<name>.jpg)`)
    .option("--port <port>", "TCP port (0 = any free port)", parsePort, 8787)
    .option("--host <host>", "interface to bind", "127.0.0.1")
    .option("--data-dir <dir>", "data directory (default: $COMBATSIM_DATA_DIR, ~/.combatsim, or the bundled data)")
    .option("--public-origin <url>", "origin put in iconUrl values: http(s)://host[:port][/prefix], or /prefix for root-relative (default: the listening address)")
    .option("--trust-proxy", "take the iconUrl origin from X-Forwarded-Proto/-Host (only behind a proxy that sets them)")
    .option("--icon-dir <dir>", "source icon folder (default: <data-dir>/icons)")
    .option("--icon-upstream <url>", "upstream icon server base URL (<url>/<name>.jpg), fetched once per icon")
    .option("--icon-cache-dir <dir>", "disk cache for resized and upstream icons")
    .option("--icon-cache-bytes <n>", "memory cache cap for resized icons", parseBytes)
    .action(
      async (o: {
        port: number;
        host: string;
        dataDir?: string;
        publicOrigin?: string;
        trustProxy?: boolean;
        iconDir?: string;
        iconUpstream?: string;
        iconCacheDir?: string;
        iconCacheBytes?: number;
      }) => {
        const running = await startServer({
          port: o.port,
          host: o.host,
          ...(o.dataDir !== undefined ? { dataDir: o.dataDir } : {}),
          ...(o.publicOrigin !== undefined ? { publicOrigin: o.publicOrigin } : {}),
          ...(o.trustProxy ? { trustProxy: true } : {}),
          ...(o.iconDir !== undefined ? { iconDir: path.resolve(o.iconDir) } : {}),
          ...(o.iconUpstream !== undefined ? { upstreamUrl: o.iconUpstream } : {}),
          ...(o.iconCacheDir !== undefined ? { diskCacheDir: path.resolve(o.iconCacheDir) } : {}),
          ...(o.iconCacheBytes !== undefined ? { memoryCacheBytes: o.iconCacheBytes } : {}),
        });
        // the bench and scripts parse this line for the bound port
        console.log(`combatsim serve: listening on ${running.url}${GAME_DATA_PATH}/classes`);
        const stop = () => {
          void running.close().finally(() => process.exit(0));
        };
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      },
    );
}
