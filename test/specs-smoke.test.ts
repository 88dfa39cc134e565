// Smoke: every implemented spec runs at 1, 3 and 8 targets without errors or event-budget overruns
// (simulate throws EVENT_BUDGET_EXCEEDED when an iteration passes 500000 events).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SPEC_CATALOG } from "../src/generated/catalog.js";
import { simulate } from "../src/engine/simulate.js";

const DATA = path.resolve(__dirname, "../data");
const implemented = SPEC_CATALOG.filter((s) => s.implemented);

describe("implemented specs at 1, 3 and 8 targets", () => {
  it("at least Beast Mastery is implemented", () => {
    expect(implemented.map((s) => s.slug)).toContain("beast-mastery");
  });
  for (const spec of implemented) {
    for (const targets of [1, 3, 8]) {
      it(`${spec.slug}, ${targets} target(s): runs, deals damage, casts its rotation, stays in budget`, async () => {
        const r = await simulate({ spec: spec.slug, dataDir: DATA, targets, duration: 180, iterations: 12, seed: 99, chunkSize: 6 });
        expect(r.targets).toBe(targets);
        expect(r.iterations).toBe(12);
        expect(Number.isFinite(r.dps.mean) && r.dps.mean > 0).toBe(true);
        expect(r.dps.min).toBeLessThanOrEqual(r.dps.mean);
        expect(r.events.perIteration).toBeLessThan(500_000);
        expect(r.spells.reduce((n, s) => n + s.casts, 0)).toBeGreaterThan(10);
        // a rotation naming a spell the image does not know would show up here
        expect(r.warnings.unknownSpellCasts).toBe(0);
      }, 60_000);
    }
  }
});
