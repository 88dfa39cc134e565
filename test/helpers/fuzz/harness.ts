// Harness self-tests (test/fuzz.test.ts checks the runner reports these): a parser stuck in a
// loop, and one that throws an untyped error.
import fc from "fast-check";
import { RotationError } from "../../../src/rotation/index.js";
import { type FuzzTarget, noSetup, typedOrValid } from "./common.js";

export const harnessHang: FuzzTarget<number, undefined> = {
  setup: noSetup,
  arbitrary: fc.integer({ min: 0, max: 20 }),
  check: (n) => {
    if (n === 7) for (;;); // a synchronous hang: only terminating the worker ends it
  },
};

export const harnessUntyped: FuzzTarget<string, undefined> = {
  setup: noSetup,
  arbitrary: fc.string({ maxLength: 5 }),
  check: (text) => typedOrValid(() => (text.length > 2 ? (null as unknown as string[]).length : 0), RotationError, () => {}),
};
