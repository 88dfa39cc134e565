// Provenance in every output: how many of a run's values come from client tables, the spell dump,
// fixtures and manifest estimates (src/engine/data-sources.ts; text, JSON and HTML reports).
import { describe, expect, it } from "vitest";
import { formatDataSources, summarizeDataSources } from "../src/engine/data-sources.js";
import { simulate } from "../src/engine/simulate.js";
import type { Provenance } from "../src/manifest/resolve.js";
import { renderHtmlReport } from "../src/report/html.js";
import { formatTextReport } from "../src/report/text.js";

const p = (origin: Provenance["origin"]): Provenance => ({ path: "x", value: 1, source: origin === "manifest" ? "manifest" : "T.C", fixture: origin === "fixture", origin });

describe("summarizeDataSources", () => {
  it("counts resolved values by origin and formats shares", () => {
    const d = summarizeDataSources([p("export"), p("export"), p("dump"), p("dump"), p("dump"), p("manifest"), p("fixture"), p("export")], "12.0.0.64228");
    expect(d).toEqual({ values: 8, export: 3, dump: 3, fixture: 1, estimated: 1, dumpBuild: "12.0.0.64228" });
    expect(formatDataSources(d)).toBe(
      "8 values: 3 client tables (37.5 %), 3 spell dump 12.0.0.64228 (37.5 %), 1 fixtures (12.5 %), 1 estimated (12.5 %)",
    );
  });
});

describe("every output says what the result rests on", () => {
  it("simulate() JSON, the text summary and the HTML report carry the same counts", async () => {
    const r = await simulate({ spec: "fire", duration: 60, iterations: 20, seed: 7, threads: 1, timeline: false });
    const d = r.dataSources;
    expect(d.values).toBeGreaterThan(10);
    expect(d.export + d.dump + d.fixture + d.estimated).toBe(d.values);
    expect(d.dump).toBeGreaterThan(0); // Fire's coefficients come from the spell dump
    expect(d.dumpBuild).toBe("12.0.0.64228");
    expect(JSON.parse(JSON.stringify(r)).dataSources).toEqual(d);
    expect(formatTextReport(r)).toContain(`data: ${formatDataSources(d)}`);
    expect(renderHtmlReport(r)).toContain(`id="data-sources">data: ${formatDataSources(d)}`);
  });
});
