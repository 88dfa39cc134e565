// `combatsim sim` hardening (issue 19, "Silent defaults and misleading errors"): help, defaults, spec
// names, profiles, output paths, warnings. End to end through the CLI entry (tsx, bundled data).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(__dirname, "..");
/** Runs the CLI; a run still going after `timeoutMs` is killed (status null), so a test cannot hang. */
function cli(args: string[], env: Record<string, string> = {}, timeoutMs = 50_000) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    timeout: timeoutMs,
    killSignal: "SIGKILL",
    env: { ...process.env, COMBATSIM_DATA_DIR: path.join(repoRoot, "data"), ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("combatsim sim --help", () => {
  it("prints the options with their defaults and exits 0 (the u64 --seed default is no crash)", () => {
    const r = cli(["sim", "--help"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--seed <n> +seed base \(u64\) \(default: 1\)/);
    expect(r.stdout).toMatch(/--duration <s> .*\(default: 300\)/);
  }, 60_000);
});

describe("combatsim sim defaults", () => {
  it("runs on as many worker threads as the machine offers (os.availableParallelism)", () => {
    const r = cli(["sim", "--iterations", "20", "--duration", "30", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).threads).toBe(os.availableParallelism());
  }, 60_000);
});

describe("combatsim sim --spec", () => {
  const implemented =
    "implemented: Arms Warrior (arms, 71), Fury Warrior (fury, 72), Beast Mastery Hunter (beast-mastery, 253), Marksmanship Hunter (marksmanship, 254), " +
    "Survival Hunter (survival, 255), Assassination Rogue (assassination, 259), Outlaw Rogue (outlaw, 260), Subtlety Rogue (subtlety, 261), " +
    "Arcane Mage (arcane, 62), Fire Mage (fire, 63), Frost Mage (frost-mage, 64), Affliction Warlock (affliction, 265), " +
    "Demonology Warlock (demonology, 266), Destruction Warlock (destruction, 267)";

  it("a real spec without a manifest: 'Retribution Paladin is not implemented yet', naming the implemented ones", () => {
    const r = cli(["sim", "--spec", "retribution", "--iterations", "1"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`combatsim: [SPEC_NOT_IMPLEMENTED] Retribution Paladin is not implemented yet; ${implemented} (combatsim specs lists all)\n`);
    expect(r.stderr).not.toMatch(/ENOENT/);
  }, 60_000);

  it.each([["70"], ["Retribution"], ["retribution paladin"], ["Paladin_Retribution"]])("%s names Retribution Paladin too", (name) => {
    const r = cli(["sim", "--spec", name, "--iterations", "1"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^combatsim: \[SPEC_NOT_IMPLEMENTED\] Retribution Paladin is not implemented yet;/);
  }, 60_000);

  it.each([["253"], ["Beast Mastery"], ["beast mastery hunter"], ["beast-mastery"]])("%s runs Beast Mastery", (name) => {
    const r = cli(["sim", "--spec", name, "--iterations", "5", "--duration", "20", "--threads", "1", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).spec).toBe("beast-mastery");
  }, 60_000);

  it("an ambiguous name lists the specs it could be; an unknown one says so", () => {
    const frost = cli(["sim", "--spec", "frost", "--iterations", "1"]);
    expect(frost.code).toBe(1);
    expect(frost.stderr).toContain('[AMBIGUOUS_SPEC] config.spec: spec "frost" is ambiguous: Frost Death Knight (frost-death-knight, 251), Frost Mage (frost-mage, 64)');
    const ghost = cli(["sim", "--spec", "ghost", "--iterations", "1"]);
    expect(ghost.code).toBe(1);
    expect(ghost.stderr).toMatch(/^combatsim: \[UNKNOWN_SPEC\] config.spec: unknown spec "ghost": no damage spec has that slug, id or name, and there is no .*specs\/ghost\/manifest\.json; implemented: /);
  }, 60_000);
});

describe("combatsim sim --profile", () => {
  it("runs the profile's spec (a Fire profile runs Fire, not Beast Mastery)", () => {
    const r = cli(["sim", "--profile", "data/specs/fire/profile.json", "--iterations", "5", "--duration", "20", "--threads", "1", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.spec).toBe("fire");
    expect(out.spells.map((s: { name: string }) => s.name)).toContain("fireball");
  }, 60_000);

  it("--spec must agree with the profile: the same spec by another name runs, a different one is SPEC_MISMATCH", () => {
    const same = cli(["sim", "--profile", "data/specs/fire/profile.json", "--spec", "Fire Mage", "--iterations", "5", "--duration", "20", "--threads", "1", "--json"]);
    expect(same.code, same.stderr).toBe(0);
    expect(JSON.parse(same.stdout).spec).toBe("fire");
    const other = cli(["sim", "--profile", "data/specs/fire/profile.json", "--spec", "beast-mastery", "--iterations", "1"]);
    expect(other.code).toBe(1);
    expect(other.stderr).toBe(
      'combatsim: [SPEC_MISMATCH] profile data/specs/fire/profile.json is for spec "fire" but the requested spec is "beast-mastery": a profile runs as its own spec (leave out the spec, or use a beast-mastery profile)\n',
    );
  }, 60_000);
});

describe("combatsim sim --html", () => {
  it("a path in a missing folder fails before the run (a 10^8-iteration run returns at once) and names the folder", () => {
    const r = cli(["sim", "--iterations", "100000000", "--html", "/nonexistent/dir/x.html"], {}, 15_000);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("combatsim: [OUTPUT_PATH] --html /nonexistent/dir/x.html: the folder /nonexistent/dir does not exist (checked before the run; nothing was simulated)\n");
  }, 20_000);

  it("a folder given as the file fails before the run", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "combatsim-html-"));
    const r = cli(["sim", "--iterations", "100000000", "--html", dir], {}, 15_000);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`combatsim: [OUTPUT_PATH] --html ${dir}: is a folder, not a file (checked before the run; nothing was simulated)\n`);
  }, 20_000);

  it("prints 'wrote <path>' on stderr once the report is written, with --json and --quiet too", () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "combatsim-html-")), "r.html");
    const r = cli(["sim", "--iterations", "5", "--duration", "20", "--threads", "1", "--json", "--quiet", "--html", file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(`wrote ${file}\n`);
    expect(JSON.parse(r.stdout).iterations).toBe(5);
    expect(readFileSync(file, "utf8")).toMatch(/^<!doctype html>/);
  }, 60_000);
});
