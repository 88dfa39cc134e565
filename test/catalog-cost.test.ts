// docs/specs/README.md's engine-cost section lays out bench/results/specs.json (npm run bench:specs).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { specCostSection, SPEC_COST_FILE } from "../src/catalog/cost-section.js";

function rootWith(content: string | undefined): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "combatsim-cost-"));
  if (content !== undefined) {
    mkdirSync(path.join(root, "bench/results"), { recursive: true });
    writeFileSync(path.join(root, SPEC_COST_FILE), content);
  }
  return root;
}

const file = (specs: unknown[]) =>
  JSON.stringify({ date: "2026-12-01T22:00:00.000Z", node: "v20.20.2", cpu: "x", loadavgBefore: [1, 2, 3], scenario: { durationS: 300, varyLength: 0.2, targets: 1, instructionIterations: 200 }, specs });

describe("engine cost section", () => {
  it("one row per implemented spec, instructions relative to Beast Mastery's, unmeasured specs named", () => {
    const root = rootWith(file([
      { slug: "beast-mastery", wasmInstructionsPerIteration: 600000, eventsPerIteration: 1383.6, cpuIterationsPerSecond: 9000 },
      { slug: "fury", wasmInstructionsPerIteration: 2172202, eventsPerIteration: 1510, cpuIterationsPerSecond: 2500 },
    ]));
    const lines = specCostSection(root, ["beast-mastery", "fury", "arcane"]);
    expect(lines).toContain("| beast-mastery | 600,000 | 1.00 | 1383.6 | 9,000 |");
    // 2,172,202 / 600,000 = 3.620…
    expect(lines).toContain("| fury | 2,172,202 | 3.62 | 1510.0 | 2,500 |");
    expect(lines).toContain("| arcane | not measured | | | |");
  });
  it("no results file: says how to measure", () => {
    expect(specCostSection(rootWith(undefined), ["fury"]).join("\n")).toMatch(/Not measured yet: run `npm run bench:specs`/);
  });
  it("a malformed results file is a typed error naming the file and field", () => {
    expect(() => specCostSection(rootWith("{"), ["fury"])).toThrow(/bench\/results\/specs.json: not JSON/);
    expect(() => specCostSection(rootWith(file([{ slug: "fury", wasmInstructionsPerIteration: "x", eventsPerIteration: 1, cpuIterationsPerSecond: 1 }])), ["fury"])).toThrow(
      /specs\[0\]\.wasmInstructionsPerIteration must be a finite number/,
    );
  });
});
