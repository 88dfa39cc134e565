// Fuzz suite (issue 19): each parser a user or a client can feed — the CSV reader, the manifest
// validator (and `extends` merging), the rotation parser/compiler, the profile parser, the API query
// parser and the SimC addon export reader — gets random and randomly edited input under a fixed seed and
// a bounded number of cases, and must give a valid result or its typed error (class + stable code,
// one-line message): never a throw of another kind, never a hang. Targets: test/helpers/fuzz/; each runs
// in a worker under a generous deadline (test/helpers/fuzz/runner.ts), so a stuck parser fails the test
// naming the input instead of stalling CI.
import { describe, expect, it } from "vitest";
import { describeFailure, FUZZ_SEED, runFuzz } from "./helpers/fuzz/runner.js";

/** Cases per target: enough to reach the grammar's corners in a few seconds each. */
const CASES: Record<string, number> = {
  "csv-reader": 2000,
  "manifest-validator": 1000,
  "manifest-extends": 500,
  "rotation-parser": 1500,
  "profile-parser": 1000,
  "api-query-parser": 1000,
  "addon-export-parser": 1000,
};
/** Far above the few seconds a target takes: only a hang reaches it. */
const DEADLINE_MS = 45_000;

describe(`fuzz (fast-check, seed ${FUZZ_SEED}): typed error or valid result, never another throw, never a hang`, () => {
  for (const [target, cases] of Object.entries(CASES)) {
    it(`${target}: ${cases} cases`, async () => {
      const r = await runFuzz(target, cases, DEADLINE_MS);
      expect(r.hung || r.failed ? describeFailure(target, r) : "ok").toBe("ok");
      expect(r.numRuns).toBe(cases);
    }, DEADLINE_MS + 15_000);
  }
});

describe("fuzz harness", () => {
  it("a synchronous hang fails within the deadline, naming the input being tried", async () => {
    // The target hangs for good at input 7; the deadline leaves a loaded machine time to start the worker
    // and reach it (at 5 s a machine under load 28 had not yet).
    const r = await runFuzz("harness-hang", 200, 15_000);
    expect(r.hung).toBe(true);
    expect(r.lastInput).toBe("7");
    expect(describeFailure("harness-hang", r)).toBe("harness-hang: no result before the deadline (a hang?); input being tried: 7");
  }, 45_000);

  it("an untyped throw fails, naming the (shrunk) input and the error", async () => {
    const r = await runFuzz("harness-untyped", 200, 30_000);
    expect([r.hung, r.failed]).toEqual([false, true]);
    expect(r.counterexample).toMatch(/^"...?"$/); // shrunk to three characters
    expect(r.error).toMatch(/^Error: untyped throw \(expected RotationError\): TypeError: Cannot read properties of null/);
  }, 60_000);
});
