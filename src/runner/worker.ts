// Worker-thread entry (Node): the shared chunk loop (worker-loop.ts) on parentPort. Not imported by
// the package root: the pool starts it by URL (src: worker.ts under tsx; dist: runner/worker.js).
import { parentPort } from "node:worker_threads";
import { serveChunks } from "./worker-loop.js";

const port = parentPort;
if (!port) throw new Error("src/runner/worker.ts must run in a worker thread");

// Static imports above have loaded every workload (and instantiated the wasm): serveChunks says so.
serveChunks({ post: (m, transfer = []) => port.postMessage(m, transfer), listen: (f) => port.on("message", f) });
