// combatsim/queue: distributed runs on BullMQ/Redis (Node only; the package root stays browser-safe).
// docs/distributed.md.
export { QueueExecutor } from "./executor.js";
export type { QueueOptions, QueueRunStats } from "./executor.js";
export { QueueWorker, DEFAULT_LOCK_MS, DEFAULT_STALLED_INTERVAL_MS } from "./worker.js";
export type { QueueWorkerOptions } from "./worker.js";
export { QueueError } from "./errors.js";
export type { QueueErrorCode } from "./errors.js";
export { localIdentity, dataBundleIdentity, identityMismatch } from "./identity.js";
export type { RunIdentity } from "./identity.js";
export { QUEUE_NAME } from "./protocol.js";
