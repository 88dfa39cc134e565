// One chunk, start to wire bytes: the same function runs in a worker and on the inline path.
import { seedPrefix } from "../kernels/rng.js";
import { chunkReportFromResult, encodeChunkReport } from "../telemetry/report.js";
import type { ChunkRunner } from "./types.js";

export async function runChunkToBytes(runner: ChunkRunner, seedBase: bigint, chunkId: number, firstIteration: number, count: number): Promise<Uint8Array> {
  const result = await runner(chunkId, firstIteration, count);
  const report = chunkReportFromResult(result, { chunkId, firstIteration, seedPrefix: seedPrefix(seedBase, chunkId) });
  return encodeChunkReport(report);
}

/** Wire messages between the pool and its workers. */
export type ToWorker =
  | { type: "init"; runId: number; workload: import("./types.js").WorkloadSpec }
  | { type: "chunk"; runId: number; chunkId: number; firstIteration: number; count: number };

export type FromWorker =
  | { type: "ready" } // posted once the entry's modules (and the wasm) are loaded
  | { type: "done"; runId: number; chunkId: number; bytes: Uint8Array }
  | { type: "error"; runId: number; chunkId: number; code: string; message: string };
