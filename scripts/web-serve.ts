// A minimal static file server for the built page (`npm run web`, the Chromium test and the browser
// bench): GET/HEAD of files under one folder on 127.0.0.1, with the content types a browser needs
// (application/wasm for WebAssembly.compileStreaming, text/javascript for module workers).
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".csv": "text/csv; charset=utf-8",
  ".simc": "text/plain; charset=utf-8",
  ".png": "image/png",
};

export interface StaticServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Serves `root` on 127.0.0.1:`port` (0 = any free port). Paths outside `root` and unknown files are 404. */
export async function serveStatic(root: string, port = 0): Promise<StaticServer> {
  const base = path.resolve(root);
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== "GET" && req.method !== "HEAD") return void res.writeHead(405, { allow: "GET, HEAD" }).end();
      let rel: string;
      try {
        rel = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
      } catch {
        return void res.writeHead(400).end();
      }
      if (rel.endsWith("/")) rel += "index.html";
      const file = path.resolve(base, `.${rel}`);
      if (file !== base && !file.startsWith(base + path.sep)) return void res.writeHead(404).end();
      const st = await stat(file).catch(() => null);
      if (!st?.isFile()) return void res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream", "content-length": st.size, "cache-control": "no-cache" });
      if (req.method === "HEAD") return void res.end();
      createReadStream(file).pipe(res);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
