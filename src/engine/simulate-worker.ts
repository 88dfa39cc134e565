// Worker-thread entry for simulate({ threads > 1 }): loads the wasm engine (import of run.ts),
// takes the compiled image once, then runs each chunk it is sent and posts its statistics back.
import { parentPort } from "node:worker_threads";
import { runImage } from "./run.js";
import { chunkStatsOf } from "./simulate.js";
import type { FromSimWorker, ToSimWorker } from "./simulate-pool.js";
import type { SpecImage } from "./image.js";

const port = parentPort;
if (!port) throw new Error("src/engine/simulate-worker.ts must run in a worker thread");

let image: SpecImage | null = null;
let seed = 0n;

port.on("message", (msg: ToSimWorker) => {
  if (msg.type === "init") {
    image = msg.image;
    seed = msg.seed;
    return;
  }
  let reply: FromSimWorker;
  try {
    if (!image) throw new Error("chunk before init");
    // iterations [0, count) of chunk `chunk`: seeds seedFor(seed, chunk, i), same as the inline path
    reply = { type: "done", stats: chunkStatsOf(msg.chunk, runImage(image, { iterations: msg.count, seed, chunkId: msg.chunk, iterationStart: 0 })) };
  } catch (e) {
    const err = e as { code?: unknown; message?: unknown };
    reply = { type: "error", code: typeof err.code === "string" ? err.code : "INTERNAL", message: typeof err.message === "string" ? err.message : String(e) };
  }
  port.postMessage(reply);
});
