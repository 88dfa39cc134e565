// Analysis outputs: text sections, the HTML sections (ranked bars with error whiskers, stat-weight
// chart, tables; the numbers shown are the JSON's), and `combatsim sim` end to end with the analysis
// options (JSON `analysis` section, typed option errors).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { compare, type ComparisonResult } from "../src/analysis/compare.js";
import { errorBarChart, renderAnalysisSections } from "../src/analysis/html.js";
import { profileSet, type ProfileSetResult } from "../src/analysis/profile-set.js";
import { scaleFactors, type ScaleFactorsResult } from "../src/analysis/scale-factors.js";
import { formatAnalysisText } from "../src/analysis/text.js";
import { simulate, type SimulateResult } from "../src/engine/simulate.js";
import { num, renderHtmlReport } from "../src/report/html.js";

const cfg = { spec: "beast-mastery", duration: 60, seed: 2, chunkSize: 100 } as const;

describe("analysis reports", () => {
  let sim: SimulateResult;
  let comparison: ComparisonResult;
  let sf: ScaleFactorsResult;
  let ps: ProfileSetResult;
  beforeAll(async () => {
    sim = await simulate({ ...cfg, iterations: 200 });
    comparison = await compare({ ...cfg, iterations: 200, variants: [{ name: "agi+1%", agility: "+1%" }, { name: "single target build", talents: "" }] });
    sf = await scaleFactors({ ...cfg, iterations: 200 });
    ps = await profileSet({ ...cfg, generate: "stat-splits:2", precision: 0.5, iterations: 2000 });
  }, 60_000);

  it("text: one section per analysis with the numbers of the result", () => {
    const t = formatAnalysisText({ comparison, scaleFactors: sf, profileSet: ps });
    expect(t).toContain("comparison: 2 variant(s) vs the baseline, 200 paired iterations each");
    expect(t).toContain(sf.pawn!);
    expect(t).toMatch(/^Agility +154 +[\d.]+ +[\d.]+ +[\d.]+ +1\.000 +0\.000$/m);
    expect(t).toContain(`winner: ${ps.winner}`);
    expect(t).toMatch(/iterations spent vs [\d,]+ to run every entry/);
    expect(formatAnalysisText({ comparison })).not.toContain("scale factors");
  });

  it("HTML: sections, whiskers and the JSON's numbers; no analysis, no sections", () => {
    const html = renderHtmlReport({ ...sim, analysis: { comparison, scaleFactors: sf, profileSet: ps } });
    for (const id of ["comparison", "scale-factors", "profile-set"]) expect(html).toContain(`<section id="${id}">`);
    expect(html.match(/class="whisker"/g)!.length).toBeGreaterThanOrEqual(comparison.variants.length);
    expect(html).toContain(num(comparison.variants[0]!.delta, 2));
    expect(html).toContain(`<code>${sf.pawn!.replace(/"/g, "&quot;")}</code>`);
    expect(html).toContain(`winner <b>${ps.winner}</b>`);
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    // the embedded result carries the analysis
    const json = JSON.parse(html.slice(html.indexOf('id="combatsim-result">') + 22, html.lastIndexOf("</script>")));
    expect(json.analysis.scaleFactors.pawn).toBe(sf.pawn);
    // same input, same bytes; without an analysis the page has none of its sections
    expect(renderHtmlReport({ ...sim, analysis: { comparison, scaleFactors: sf, profileSet: ps } })).toBe(html);
    const plain = renderHtmlReport(sim);
    expect(plain).not.toContain('<section id="comparison">');
    expect(plain).toBe(renderHtmlReport({ ...sim }));
    expect(renderAnalysisSections({})).toBe("");
  });

  it("error-bar chart: negative values draw left of 0, infinite errors draw no whisker, long labels are shortened", () => {
    const svg = errorBarChart([{ label: "x".repeat(200), value: -5, error: 1, text: "a" }, { label: "b", value: 3, error: Number.POSITIVE_INFINITY, text: "b" }], "t", "axis");
    expect(svg.match(/class="whisker"/g)).toHaveLength(1);
    // the visible label is shortened; the bar's tooltip keeps the full name
    expect(svg).toMatch(/text-anchor="end">x+…<\/text>/);
    expect(svg).not.toMatch(/text-anchor="end">x{100}/);
    expect(svg).toContain(`<title>${"x".repeat(200)}: a</title>`);
  });
});

describe("combatsim sim with analysis options", () => {
  const repoRoot = path.resolve(__dirname, "..");
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], { cwd: repoRoot, encoding: "utf8", env: { ...process.env, COMBATSIM_DATA_DIR: path.join(repoRoot, "data") } });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it("--variant, --variants, --scale-factors and --profile-set add an `analysis` section to --json", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "combatsim-analysis-"));
    const file = path.join(dir, "v.json");
    writeFileSync(file, JSON.stringify({ variants: [{ name: "vers+100", versatility: "+100" }] }));
    const r = cli("sim", "--duration", "60", "--iterations", "200", "--seed", "4", "--json", "--variant", "agi:agility=+1%", "--variants", file, "--scale-factors", "--scale-stats", "crit,mastery", "--profile-set", "talents", "--profile-set-precision", "1");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.analysis.comparison.variants.map((v: { name: string }) => v.name)).toEqual(["agi", "vers+100"]);
    expect(out.analysis.comparison.iterations).toBe(200);
    expect(out.analysis.scaleFactors.factors.map((f: { stat: string }) => f.stat)).toEqual(["primary", "crit", "mastery"]);
    expect(out.analysis.profileSet.variants).toBe(2 ** 7); // every subset of Beast Mastery's 7 modelled talents
    // the comparison's baseline is the sim's own run (same plan and seeds): equal to the wire's 0.05 DPS
    expect(Math.abs(out.analysis.comparison.baseline.dps - out.dps.mean)).toBeLessThan(0.05);
  }, 120_000);

  it.each([
    [["--variant", "x:crit=lots"], /--variant "x"\.crit: expected N/],
    [["--variant", "x:critt=1"], /--variant "x"\.critt: unknown key/],
    [["--variant", "x:intellect=+5"], /--variant "x"\.intellect: this spec's primary stat is agility/],
    [["--variant", "x:crit=1", "--variant", "x:haste=1"], /--variant "x"\.name: duplicate variant name/],
    [["--delta-error", "0.1"], /--delta-error needs --variant/],
    [["--scale-factor-error", "2"], /need --scale-factors/],
    [["--scale-factors", "--scale-stats", "luck"], /--scale-stats: unknown stat "luck"/],
    [["--scale-factors", "--scale-delta", "haste=-3"], /--scale-delta: expected stat=points/],
    [["--profile-set", "everything"], /config\.generate: unknown generator "everything"/],
    [["--profile-set-precision", "0"], /--profile-set-precision must be a percentage/],
  ])("%j is a typed error naming the option", (args, message) => {
    const r = cli("sim", "--iterations", "20", "--duration", "30", ...args);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(message);
  }, 60_000);
});
