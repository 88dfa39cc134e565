import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(__dirname, "..");

function cli(...args: string[]) {
  return cliWithEnv({}, ...args);
}

function cliWithEnv(env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    env: { ...process.env, COMBATSIM_DATA_DIR: "", ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.replace(/^npm warn.*\n/gm, "") };
}

describe("combatsim CLI", () => {
  it("summarizes the embedded bundle as JSON: 13 classes, Initial placeholder specs excluded", () => {
    const r = cli("info", "--json", "--data-dir", path.join(repoRoot, "data"));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.classes.map((c: { id: number }) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const hunter = out.classes.find((c: { id: number }) => c.id === 3);
    expect(hunter.specs).toEqual([
      { id: 253, name: "Beast Mastery", role: 2 },
      { id: 254, name: "Marksmanship", role: 2 },
      { id: 255, name: "Survival", role: 2 },
    ]);
    expect(out.tables.fixtures.sort()).toEqual(["CurvePoint", "Item", "ItemSparse"]);
    expect(out.tables.dump.sort()).toEqual(["Spell", "SpellEffect", "SpellMisc", "SpellName"]);
    expect(out.tables.dumpBuild).toBe("12.0.0.64228");
  });

  it("warns on a data dir without data/tables and still runs (empty tables, per the spec)", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "combatsim-nodata-"));
    const r = cli("info", "--data-dir", dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`${dir} has no data/tables folder`);
    expect(r.stdout).toContain("classes:  0, specs: 0");
  });

  it("a --data-dir that does not exist is NO_DATA_DIR and exit 1 for info and sim (not an empty bundle, not a bad spec_id)", () => {
    const missing = path.join(mkdtempSync(path.join(os.tmpdir(), "combatsim-missing-")), "nope");
    const info = cli("info", "--data-dir", missing);
    expect(info.code).toBe(1);
    expect(info.stdout).toBe("");
    expect(info.stderr).toBe(`combatsim: [NO_DATA_DIR] data dir ${missing} (--data-dir) does not exist\n`);
    const sim = cli("sim", "--iterations", "1", "--quiet", "--data-dir", missing);
    expect(sim.code).toBe(1);
    expect(sim.stderr).toBe(`combatsim: [NO_DATA_DIR] data dir ${missing} (--data-dir) does not exist\n`);
    const env = cliWithEnv({ COMBATSIM_DATA_DIR: missing }, "info");
    expect(env.code).toBe(1);
    expect(env.stderr).toBe(`combatsim: [NO_DATA_DIR] data dir ${missing} ($COMBATSIM_DATA_DIR) does not exist\n`);
  });

  it("a binary table file is a one-line CSV_NOT_TEXT error naming the file, with no raw bytes on the terminal, exit 1", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "combatsim-binary-"));
    mkdirSync(path.join(dir, "data", "tables"), { recursive: true });
    const file = path.join(dir, "data", "tables", "SpellName.csv");
    writeFileSync(file, readFileSync(path.join(repoRoot, "build", "combatsim.wasm")).subarray(0, 4096));
    const r = cli("info", "--data-dir", dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`combatsim: [CSV_NOT_TEXT] ${file}:1: character U+0000 at line 1, character 1: not a UTF-8 text CSV (a binary file?) [CSV_NOT_TEXT]\n`);
  });

  it("data extract: a folder that is no export fails with a message naming it and exit code 1", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "combatsim-noexport-"));
    const r = cli("data", "extract", "--from", dir, "--to", dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\[NO_DATA_DIR\].*no ChrClasses\.csv/);
  });

  it("rejects a non-numeric --spec", () => {
    const r = cli("data", "extract", "--from", ".", "--to", ".", "--spec", "abc");
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("not a positive integer id: abc");
  });
});
