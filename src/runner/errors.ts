import { CombatsimError } from "../errors.js";

export type RunnerErrorCode =
  | "RUNNER_BAD_OPTIONS" // an option is out of range (names the option)
  | "RUNNER_CHUNK_FAILED" // a chunk's runner threw (names the chunk id and the original code)
  | "RUNNER_CHUNK_TIMEOUT" // a chunk overran its deadline on its worker and again on a fresh one (names the chunk)
  | "RUNNER_WORKER_FAILED" // a worker died running a chunk and again on the retry (names the chunk), or could not start
  | "RUNNER_POOL_CLOSED" // the pool was closed before or during the run
  | "RUNNER_CANCELLED" // the run's AbortSignal fired
  | "RUNNER_UNKNOWN_WORKLOAD"; // a workload kind no runner is registered for

export class RunnerError extends CombatsimError {
  /** Code of the error that caused this one (e.g. the workload's own code), when known. */
  readonly causeCode?: string;
  /** The chunk the error is about, when it is about one. */
  readonly chunkId?: number;
  constructor(code: RunnerErrorCode, message: string, causeCode?: string, chunkId?: number) {
    super(code, `runner: ${message}`);
    if (causeCode !== undefined) this.causeCode = causeCode;
    if (chunkId !== undefined) this.chunkId = chunkId;
  }
}
