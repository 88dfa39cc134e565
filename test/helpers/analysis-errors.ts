// The typed-error assertion the analysis tests share: an AnalysisError with this code naming this field.
import { expect } from "vitest";
import { AnalysisError } from "../../src/analysis/errors.js";

export async function rejects(p: Promise<unknown> | (() => unknown), code: string, field: RegExp): Promise<void> {
  let err: unknown;
  try {
    await (typeof p === "function" ? p() : p);
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(AnalysisError);
  expect((err as AnalysisError).code).toBe(code);
  expect((err as AnalysisError).field).toMatch(field);
}
