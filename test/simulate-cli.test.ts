// `combatsim sim` end to end through the CLI entry (tsx, bundled data).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { mkdtempSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { REACTION_DEFAULTS } from "../src/engine/reaction.js";

const repoRoot = path.resolve(__dirname, "..");
function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    env: { ...process.env, COMBATSIM_DATA_DIR: path.join(repoRoot, "data") },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("combatsim sim", () => {
  it("--json prints the simulate() result with iterations, elapsedMs and dps {mean,min,max,stddev}", () => {
    const r = cli("sim", "--spec", "beast-mastery", "--duration", "120", "--targets", "1", "--iterations", "60", "--seed", "5", "--threads", "1", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ spec: "beast-mastery", durationS: 120, targets: 1, iterations: 60, seed: "5", threads: 1 });
    expect(out.elapsedMs).toBeGreaterThan(0);
    expect(Object.keys(out.dps).sort()).toEqual(["max", "mean", "min", "stddev"]);
    expect(out.dps.mean).toBeGreaterThan(0);
    // Kill Command in 120 s: 120 / 7.5 = 16 charges' worth, give or take Cobra Shot CDR and focus
    const kc = out.spells.find((s: { name: string }) => s.name === "kill_command");
    expect(kc.casts).toBeGreaterThan(13);
    expect(kc.casts).toBeLessThan(19);
    for (const k of ["dps", "histogram", "spells", "auras", "resources", "perSecond", "timeline", "iterations", "elapsedMs", "error"]) expect(out, k).toHaveProperty(k);
    // fights vary ±20 % by default (SimC's vary_combat_length): buckets up to 144 s
    expect(out.perSecond.dps).toHaveLength(144);
    expect(out.fight.varyLength).toBe(0.2);
    expect(out.fight.meanLengthS).toBeGreaterThan(96);
    expect(out.fight.meanLengthS).toBeLessThan(144);
  }, 60_000);

  it("--vary-length 0 fixes the length; a fraction outside [0, 1) is refused", () => {
    const r = cli("sim", "--duration", "20", "--iterations", "4", "--threads", "1", "--vary-length", "0", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.fight).toEqual({ varyLength: 0, meanLengthS: 20, mode: "time", reaction: REACTION_DEFAULTS });
    expect(out.perSecond.iterations).toEqual(new Array(20).fill(4));
    const bad = cli("sim", "--iterations", "4", "--vary-length", "1");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("--vary-length must be a fraction in [0, 1)");
  }, 60_000);

  it("--no-reaction and --reaction-time 0 switch the reaction model off; --queue-lag etc. set it; bad values are refused", () => {
    const run = (...a: string[]) => {
      const r = cli("sim", "--spec", "arcane", "--duration", "20", "--iterations", "4", "--threads", "1", "--json", ...a);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout);
    };
    const off = run("--no-reaction");
    expect(off.fight.reaction).toBeUndefined();
    expect(run("--reaction-time", "0").dps).toEqual(off.dps);
    const set = run("--queue-lag", "40", "--reaction-time", "300", "--idle-poll", "0");
    expect(set.fight.reaction).toEqual({ ...REACTION_DEFAULTS, queueLagMs: 40, timeMs: 300, stddevMs: 60, pollMs: 0 });
    for (const [opt, v] of [["--reaction-stddev", "-1"], ["--channel-lag", "NaN"], ["--reaction-time", ""]]) {
      const bad = cli("sim", "--iterations", "4", opt!, v!);
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toContain(`${opt} must be milliseconds in [0, 60000]`);
    }
  }, 120_000);

  it("--html writes a self-contained report; --target-error stops early", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "combatsim-")), "report.html");
    // chunks of 500: the error of the first 500 iterations of a 60 s fight is well below 3 %
    const r = cli("sim", "--iterations", "2000", "--duration", "60", "--seed", "3", "--target-error", "3", "--html", file, "--quiet");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("target error 3 % reached after 500 of 2,000 iterations");
    const html = readFileSync(file, "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<section id="timeline">');
    expect(html).not.toMatch(/https?:\/\//);
  }, 60_000);

  it("is the default command and prints a text summary", () => {
    const r = cli("--iterations", "20");
    expect(r.code, r.stderr).toBe(0);
    // threads default to the cores available (os.availableParallelism)
    expect(r.stdout).toMatch(new RegExp(`^beast-mastery: 300 s ± 20 % \\(mean [\\d.]+ s\\), 1 target\\(s\\), 20 iterations, seed 1, ${availableParallelism()} thread\\(s\\)`));
    expect(r.stdout).toMatch(/DPS mean [\d,.]+ ± [\d,.]+ \([\d.]+ %\) +stddev/);
    expect(r.stdout).toMatch(/^focus: spent [\d,.]+, gained [\d,.]+, wasted [\d,.]+/m);
    expect(r.stderr).toBe(""); // no progress bar when stderr is not a TTY
    expect(r.stdout).toContain("kill_command");
  }, 60_000);

  it.each([
    [["sim", "--iterations", "0"], /--iterations must be an integer/],
    [["sim", "--seed", "-3"], /--seed must be an integer/],
    [["sim", "--target-error", "0"], /--target-error must be a percentage/],
    [["sim", "--spec", "no-such-spec", "--iterations", "1"], /UNKNOWN_SPEC.*specs\/no-such-spec\/manifest\.json/],
    [["sim", "--talents", "ghost", "--iterations", "1"], /unknown talent "ghost"/],
  ])("rejects %j with exit code 1 and a message", (args, msg) => {
    const r = cli(...args);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(msg);
  }, 60_000);
});
