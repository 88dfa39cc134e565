// npm run web [-- --port N] [--build-only]: builds the page (scripts/web-build.ts) into web/dist and
// serves it on http://127.0.0.1:N/ (default 8080; 0 = any free port) until interrupted.
import { buildWeb, WEB_DIST } from "./web-build.js";
import { serveStatic } from "./web-serve.js";

const args = process.argv.slice(2);
const portAt = args.indexOf("--port");
const port = portAt >= 0 ? Number(args[portAt + 1]) : 8080;
const unknown = args.filter((a, i) => a !== "--port" && a !== "--build-only" && args[i - 1] !== "--port");
if (unknown.length > 0 || !Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`web: usage: npm run web [-- --port <0-65535>] [--build-only]${unknown.length ? ` (unknown: ${unknown.join(" ")})` : ""}`);
  process.exit(2);
}
try {
  const b = await buildWeb(WEB_DIST);
  console.log(`web: built ${b.files} files (${(b.bytes / 1e6).toFixed(1)} MB) into ${b.dir}`);
  if (!args.includes("--build-only")) {
    const s = await serveStatic(WEB_DIST, port);
    console.log(`web: serving ${s.url} (Ctrl-C to stop)`);
  }
} catch (e) {
  console.error(`web: ${(e as Error).message}`);
  process.exitCode = 1;
}
