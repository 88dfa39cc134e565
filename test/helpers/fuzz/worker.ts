// Worker side of the fuzz suite (test/helpers/fuzz/runner.ts): runs one target's property with
// fast-check under a fixed seed and posts each input before trying it, then the outcome.
import { parentPort } from "node:worker_threads";
import fc from "fast-check";
import { FUZZ_TARGETS } from "./targets.js";

export interface FuzzRequest {
  target: string;
  numRuns: number;
  seed: number;
}

export interface FuzzOutcome {
  failed: boolean;
  numRuns: number;
  /** JSON preview of the (shrunk) failing input. */
  counterexample: string | undefined;
  /** Why it failed: the unexpected error or the broken invariant. */
  error: string | undefined;
}

export type FuzzMessage = { type: "input"; input: string } | { type: "done"; outcome: FuzzOutcome };

const PREVIEW_CHARS = 2000;

/** JSON of an input, shortened for messages (strings keep their escapes, so control characters stay visible). */
export function preview(v: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? `${x}n` : x)) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > PREVIEW_CHARS ? `${s.slice(0, PREVIEW_CHARS)}...` : s;
}

const port = parentPort!;
port.once("message", async (req: FuzzRequest) => {
  const target = FUZZ_TARGETS[req.target];
  if (!target) throw new Error(`unknown fuzz target ${req.target}`);
  const setup = await target.setup();
  const property = fc.asyncProperty(target.arbitrary, async (input) => {
    port.postMessage({ type: "input", input: preview(input) } satisfies FuzzMessage);
    await target.check(input, setup);
  });
  const details = await fc.check(property, { seed: req.seed, numRuns: req.numRuns });
  const outcome: FuzzOutcome = {
    failed: details.failed,
    numRuns: details.numRuns,
    counterexample: details.counterexample ? preview(details.counterexample[0]) : undefined,
    error: details.errorInstance instanceof Error ? `${details.errorInstance.name}: ${details.errorInstance.message}` : details.errorInstance === undefined ? undefined : String(details.errorInstance),
  };
  port.postMessage({ type: "done", outcome } satisfies FuzzMessage);
});
