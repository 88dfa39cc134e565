// What travels through Redis for a distributed run, and under which names.
//
// - The run payload, once per run: a Redis hash `combatsim:run:<runId>` with `identity` (JSON,
//   RunIdentity) and `workload` (the WorkloadSpec — compiled image, seed base — as v8-serialized
//   bytes: the image holds typed arrays and the seed is a bigint, which JSON cannot carry). Workers
//   read it once per run and keep it; it expires RUN_TTL_S after the run's last refresh and is
//   deleted when the run ends.
// - One BullMQ job per chunk on the queue QUEUE_NAME: data { runId, chunkId, firstIteration, count }
//   (a few dozen bytes), job id `<runId>-<chunkId>` (BullMQ ignores an add whose id exists: a chunk
//   is never queued twice).
// - A job's return value: the chunk's ChunkReport bytes (src/telemetry/report.ts), base64 — the same
//   bytes a local worker thread posts to the pool.
import { deserialize, serialize } from "node:v8";
import type { Redis } from "ioredis";
import type { WorkloadSpec } from "../runner/types.js";
import { QueueError } from "./errors.js";
import type { RunIdentity } from "./identity.js";

/** The BullMQ queue every coordinator and worker of one Redis shares (override: queue.name / --queue). */
export const QUEUE_NAME = "combatsim-chunks";
/** A run payload outlives a coordinator that died without cleaning up by this long at most. */
export const RUN_TTL_S = 24 * 3600;

export interface ChunkJobData {
  runId: string;
  chunkId: number;
  firstIteration: number;
  count: number;
}

export function runKey(queueName: string, runId: string): string {
  return `combatsim:${queueName}:run:${runId}`;
}

export function jobId(runId: string, chunkId: number): string {
  return `${runId}-${chunkId}`;
}

export interface RunPayload {
  identity: RunIdentity;
  workload: WorkloadSpec;
}

/** Stores the payload (one HSET + EXPIRE); returns its size in bytes. */
export async function putRunPayload(redis: Redis, queueName: string, runId: string, payload: RunPayload): Promise<number> {
  const workload = serialize(payload.workload);
  const key = runKey(queueName, runId);
  await redis.multi().hset(key, "identity", JSON.stringify(payload.identity), "workload", workload).expire(key, RUN_TTL_S).exec();
  return workload.length;
}

/** The run's identity, or null when the run is gone (ended, cancelled, expired). */
export async function getRunIdentity(redis: Redis, queueName: string, runId: string): Promise<RunIdentity | null> {
  const text = await redis.hget(runKey(queueName, runId), "identity");
  return text === null ? null : (JSON.parse(text) as RunIdentity);
}

/** The run's workload (read only after its identity was accepted), or null when the run is gone. */
export async function getRunWorkload(redis: Redis, queueName: string, runId: string): Promise<WorkloadSpec | null> {
  const bytes = await redis.hgetBuffer(runKey(queueName, runId), "workload");
  if (bytes === null) return null;
  try {
    return deserialize(bytes) as WorkloadSpec;
  } catch (e) {
    throw new QueueError("QUEUE_VERSION_MISMATCH", `run ${runId}: the workload bytes cannot be read by this Node ${process.version} (${(e as Error).message})`);
  }
}

export async function deleteRunPayload(redis: Redis, queueName: string, runId: string): Promise<void> {
  await redis.del(runKey(queueName, runId));
}

/** Chunk reports travel as base64 text (a BullMQ return value is JSON). */
export function encodeReturn(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

export function decodeReturn(value: unknown): Uint8Array | null {
  if (typeof value !== "string") return null;
  return new Uint8Array(Buffer.from(value, "base64"));
}
