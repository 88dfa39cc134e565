// Web Worker entry (browsers): the same chunk loop as a Node worker thread (worker-loop.ts) on the
// worker's global scope. Bundle it as its own module (`combatsim/web-worker`; the page builds it to
// web/dist/worker.js) and start the pool with its URL: webWorkerStarter(url).
import { serveChunks } from "./worker-loop.js";

interface WorkerScope {
  postMessage(m: unknown, transfer?: Transferable[]): void;
  addEventListener(type: "message", f: (e: MessageEvent) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
// Static imports above have loaded every workload (and instantiated the wasm): serveChunks says so.
serveChunks({ post: (m, transfer = []) => scope.postMessage(m, transfer), listen: (f) => scope.addEventListener("message", (e) => f(e.data)) });
