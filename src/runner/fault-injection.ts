// Test hook of the fake workload: a chunk that brings down the worker thread running it, the way
// real faults do (process.exit, an exception no handler catches, a busy loop, heap exhaustion).
// The pool's recovery (chunk deadline, terminate + replace, one retry) is tested with these.
//
// Attempts are counted in shared memory (an Int32Array over a SharedArrayBuffer, which stays
// shared when the workload is posted to workers), so "fault on the first attempt only" holds
// across the worker that failed and the fresh worker that retries the chunk.
import { RunnerError } from "./errors.js";

export const FAKE_FAULT_MODES = ["exit", "throw", "hang", "oom"] as const;
export type FakeFaultMode = (typeof FAKE_FAULT_MODES)[number];

/** Exit code of a worker brought down with fault mode "exit". */
export const FAKE_FAULT_EXIT_CODE = 70;

export interface FakeFault {
  /** The chunk whose run injects the fault. */
  chunkId: number;
  /**
   * exit: process.exit(FAKE_FAULT_EXIT_CODE) (ends the worker thread); throw: an exception thrown
   * from a timer, outside any handler; hang: a busy loop that never returns; oom: allocates until
   * the worker's heap limit is reached.
   */
  mode: FakeFaultMode;
  /** Shared attempt counter (Int32Array over a SharedArrayBuffer; [0] += 1 per attempt at the chunk). */
  attempts: Int32Array;
  /** How many attempts (the first ones) fault; later attempts run normally. Default: every attempt. */
  faultyAttempts?: number;
}

/** Checks a fault spec; a fault outside a worker thread would take down the caller's own thread. */
export function checkFault(fault: FakeFault, inWorker: boolean): void {
  const bad = (what: string) => {
    throw new RunnerError("RUNNER_BAD_OPTIONS", `fake workload fault: ${what}`);
  };
  if (!FAKE_FAULT_MODES.includes(fault.mode)) bad(`mode ${JSON.stringify(fault.mode)} is not one of ${FAKE_FAULT_MODES.join(", ")}`);
  if (!Number.isInteger(fault.chunkId) || fault.chunkId < 0) bad(`chunkId = ${fault.chunkId} is not an integer >= 0`);
  if (!(fault.attempts instanceof Int32Array) || fault.attempts.length < 1) bad("attempts is not an Int32Array of length >= 1");
  const n = fault.faultyAttempts;
  if (n !== undefined && !(Number.isInteger(n) && n >= 0)) bad(`faultyAttempts = ${n} is not an integer >= 0`);
  if (!inWorker) bad(`mode "${fault.mode}" runs only in a worker thread (inline it would bring down the calling thread)`);
}

/** Counts an attempt at `chunkId`; when this attempt is to fault, brings the worker down (never returns). */
export function maybeInjectFault(fault: FakeFault, chunkId: number): void | Promise<never> {
  if (chunkId !== fault.chunkId) return;
  const attempt = Atomics.add(fault.attempts, 0, 1); // 0-based index of this attempt
  if (attempt >= (fault.faultyAttempts ?? Number.POSITIVE_INFINITY)) return;
  switch (fault.mode) {
    case "exit":
      process.exit(FAKE_FAULT_EXIT_CODE);
      break;
    case "throw":
      // thrown from a timer: no caller to catch it, so it is the worker's uncaught exception
      setTimeout(() => {
        throw new Error(`fake workload: injected uncaught exception in chunk ${chunkId}`);
      }, 0);
      return new Promise<never>(() => undefined);
    case "hang":
      busyLoop();
      break;
    case "oom":
      exhaustHeap();
      break;
  }
  return new Promise<never>(() => undefined);
}

function busyLoop(): void {
  let x = 0;
  // eslint-disable-next-line no-constant-condition
  for (;;) x = (x + 1) | 0;
}

function exhaustHeap(): void {
  const hog: number[][] = [];
  for (let i = 0; ; i++) hog.push(new Array<number>(1 << 20).fill(i));
}
