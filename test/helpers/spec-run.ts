// Shared check of the per-spec smoke runs: a run is a pure function of (image, seed).
import { expect } from "vitest";
import { runImage, type RunResult } from "../../src/engine/run.js";
import type { SpecImage } from "../../src/engine/image.js";

/** `a` was run on `img` with seed 7: the same seed gives an identical result, seed 8 a different DPS. */
export function expectSeedDeterminism(img: SpecImage, a: RunResult, iterations: number): void {
  const b = runImage(img, { iterations, seed: 7n });
  expect(b).toEqual(a);
  const c = runImage(img, { iterations, seed: 8n });
  expect(c.dps.mean).not.toBe(a.dps.mean);
}
