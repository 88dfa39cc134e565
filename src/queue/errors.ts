// Typed errors of distributed runs (src/queue). Every one names the Redis URL, run or chunk it is about.
import { CombatsimError } from "../errors.js";

export type QueueErrorCode =
  | "QUEUE_BAD_URL" // --redis / queue.url is not a redis:// URL
  | "QUEUE_UNREACHABLE" // Redis did not answer (at the start, or for longer than the grace period during a run)
  | "QUEUE_VERSION_MISMATCH" // a worker runs another combatsim version or engine build than the run's
  | "QUEUE_DATA_MISMATCH" // a worker's data bundle differs from the one the run was compiled from
  | "QUEUE_NO_WORKERS" // no worker was connected to the queue within the wait
  | "QUEUE_RUN_GONE" // a chunk job whose run payload is no longer in Redis (the run ended or was cancelled)
  | "QUEUE_BAD_OPTIONS"; // an option of the queue executor or worker is out of range

export class QueueError extends CombatsimError {
  declare readonly code: QueueErrorCode;
  constructor(code: QueueErrorCode, message: string) {
    super(code, `queue: ${message}`);
  }
}

/**
 * A job's failure travels through BullMQ as its failedReason text; the code leads it in brackets so
 * the coordinator can give back a typed error: "[QUEUE_VERSION_MISMATCH] worker … runs 0.1.0 …".
 */
export function failureText(code: string, message: string): string {
  return `[${code}] ${message}`;
}

/** The code and message of a failedReason written by failureText; other texts (BullMQ's own) get `fallback`. */
export function parseFailure(text: string, fallback: string): { code: string; message: string } {
  const m = /^\[([A-Z][A-Z0-9_]*)\] ([\s\S]*)$/.exec(text);
  return m ? { code: m[1]!, message: m[2]! } : { code: fallback, message: text };
}
