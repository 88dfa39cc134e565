// SimC APL files through simulate(): the loader rule (`<slug>.simc` when it is the only one; with both,
// `.json` unless preferRotation is "simc"),
// config.rotation as a path or text, result.rotation, the precombat list at the pull, strict mode, and
// the CLI (`sim --rotation`, `rotation check`).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { simulate } from "../src/engine/simulate.js";
import { RotationError } from "../src/rotation/index.js";

const repoRoot = path.resolve(__dirname, "..");
const DATA = path.join(repoRoot, "data");
let bundle: DataBundle;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
});

/** A data dir holding only the given rotation files (paths relative to it); manifests and profiles fall back to the bundled data. */
function rotationDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "combatsim-simc-"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}
const BM = "specs/beast-mastery";

const run = (extra: Record<string, unknown>) => simulate({ spec: "beast-mastery", bundle, duration: 60, iterations: 20, seed: 3, ...extra });
const casts = (r: Awaited<ReturnType<typeof simulate>>, name: string) => r.spells.find((s) => s.name === name)?.casts ?? 0;

describe("loader", () => {
  it("a spec with only rotation.simc runs it", async () => {
    const dir = rotationDir({ [`${BM}/rotation.simc`]: "actions=kill_command\n" });
    const r = await run({ dataDir: dir });
    expect(r.rotation).toEqual({ file: path.join(dir, BM, "rotation.simc"), format: "simc", lines: 1, honoured: 1, ignoredLines: [], absentNames: [] });
    expect(casts(r, "kill_command")).toBeGreaterThan(0);
    expect(casts(r, "cobra_shot")).toBe(0);
  }, 60_000);

  it("with both files a run uses the .json (not switched yet); preferRotation \"simc\" (rotation check) the .simc", async () => {
    const dir = rotationDir({
      [`${BM}/rotation.json`]: JSON.stringify({ lists: { default: [{ cast: "cobra_shot" }] } }),
      [`${BM}/rotation.simc`]: "actions=kill_command\n",
    });
    const j = await run({ dataDir: dir });
    expect(j.rotation.file).toBe(path.join(dir, BM, "rotation.json"));
    expect(casts(j, "kill_command")).toBe(0);
    const s = await run({ dataDir: dir, preferRotation: "simc" });
    expect(s.rotation.file).toBe(path.join(dir, BM, "rotation.simc"));
    expect(casts(s, "kill_command")).toBeGreaterThan(0);
    expect(casts(s, "cobra_shot")).toBe(0);
    await expect(run({ dataDir: dir, preferRotation: "xml" })).rejects.toThrow(/config\.preferRotation must be "simc" or "json"/);
  }, 60_000);

  it("without a .simc the .json is used (and reported as entries)", async () => {
    const dir = rotationDir({ [`${BM}/rotation.json`]: JSON.stringify({ lists: { default: [{ cast: "cobra_shot" }] } }) });
    const r = await run({ dataDir: dir });
    expect(r.rotation).toMatchObject({ format: "json", lines: 1, honoured: 1 });
    expect(casts(r, "kill_command")).toBe(0);
    expect(casts(r, "cobra_shot")).toBeGreaterThan(0);
  }, 60_000);

  it("config.rotation: a .simc path, SimC text and JSON text", async () => {
    const dir = rotationDir({ "mine.simc": "actions=cobra_shot\nactions+=/frobnicate\n" });
    const file = path.join(dir, "mine.simc");
    const r = await run({ rotation: file });
    expect(r.rotation).toMatchObject({ file, format: "simc", lines: 2, honoured: 1, ignoredLines: [{ line: 2, text: "frobnicate", code: "ROTATION_UNKNOWN_NAME" }] });
    const t = await run({ rotation: "actions=cobra_shot" });
    expect(t.rotation).toMatchObject({ file: "<config.rotation>", format: "simc", lines: 1, honoured: 1 });
    const j = await run({ rotation: '{"lists":{"default":[{"cast":"cobra_shot"}]}}' });
    expect(j.rotation).toMatchObject({ format: "json", lines: 1 });
    await expect(run({ rotation: file, strictRotation: true })).rejects.toThrow(RotationError);
    await expect(run({ rotation: file, strictRotation: true })).rejects.toThrow(/mine\.simc line 2: .*unknown spell "frobnicate"/);
  }, 60_000);
});

describe("profile race", () => {
  it("decides the racial lines: the profile's own racial is cast (modelled) or listed (not modelled), another race's is honoured", async () => {
    const { race: _orc, ...profile } = JSON.parse(readFileSync(path.join(DATA, BM, "profile.json"), "utf8"));
    const rotation = "actions=blood_fury\nactions+=/berserking\nactions+=/cobra_shot";
    // orc: Blood Fury is modelled (data/specs/_shared/racials.json) and cast; berserking is a troll's
    const orc = await run({ rotation, profile: { ...profile, race: "orc" } });
    expect(orc.rotation).toMatchObject({ lines: 3, honoured: 3 });
    expect(orc.spells.find((s) => s.name === "blood_fury")!.casts).toBeGreaterThan(0);
    // troll: Berserking is the profile race's own racial and not modelled: listed
    const troll = await run({ rotation, profile: { ...profile, race: "troll" } });
    expect(troll.rotation).toMatchObject({ lines: 3, honoured: 2, ignoredLines: [{ line: 2, text: "berserking", code: "ROTATION_UNKNOWN_NAME" }] });
    const none = await run({ rotation, profile });
    expect(none.rotation).toMatchObject({ lines: 3, honoured: 3 });
    await expect(run({ rotation, profile: { ...profile, race: "ogre" } })).rejects.toThrow(/race.*expected one of human\|orc/);
  }, 60_000);
});

describe("precombat", () => {
  it("runs at the pull: its spell is cast at t = 0, once, and the default list takes over", async () => {
    // bestial_wrath appears only in precombat: one cast, at 0 ms; cobra_shot fills the rest
    const r = await run({ rotation: "actions.precombat=bestial_wrath\nactions=cobra_shot", iterations: 10 });
    expect(r.rotation).toMatchObject({ lines: 2, honoured: 2 });
    expect(casts(r, "bestial_wrath")).toBe(1);
    const first = r.timeline!.casts[0]!;
    expect([first.name, first.t]).toEqual(["bestial_wrath", 0]);
    expect(r.timeline!.casts.filter((c) => c.name === "bestial_wrath")).toHaveLength(1);
  }, 60_000);
});

describe("CLI", () => {
  function cli(...args: string[]) {
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], { cwd: repoRoot, encoding: "utf8", env: { ...process.env, COMBATSIM_DATA_DIR: DATA } });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }
  const dir = rotationDir({ "x.simc": "# source: test\nactions=kill_command\nactions+=/frobnicate\nactions+=/cobra_shot,bogus=kill_command\n" });
  const file = path.join(dir, "x.simc");

  it("sim --rotation <file> reports the honoured lines; --strict-rotation fails on the first ignored one", () => {
    const r = cli("sim", "--rotation", file, "--iterations", "10", "--duration", "30", "--threads", "1", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.rotation).toMatchObject({ file, source: "test", format: "simc", lines: 3, honoured: 1 });
    expect(out.rotation.ignoredLines.map((l: { line: number }) => l.line)).toEqual([3, 4]);
    const text = cli("sim", "--rotation", file, "--iterations", "10", "--duration", "30", "--threads", "1");
    expect(text.stdout).toContain(`rotation: 1/3 lines honoured (33.3 %); 2 ignored — ${file}`);
    expect(text.stdout).toContain("line 3:11  frobnicate");
    const strict = cli("sim", "--rotation", file, "--iterations", "10", "--strict-rotation");
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(`[ROTATION_UNKNOWN_NAME] ${file} line 3`);
  }, 60_000);

  it("rotation check prints honoured/total and the ignored lines grouped by category (text and --json)", () => {
    const r = cli("rotation", "check", "--spec", "beast-mastery", "--rotation", file);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/beast-mastery +1\/3 +2 +/);
    expect(r.stdout).toContain("action not in the spec (1):");
    expect(r.stdout).toContain("unsupported option bogus (1):");
    const j = cli("rotation", "check", "--spec", "beast-mastery", "--rotation", file, "--json");
    const rows = JSON.parse(j.stdout);
    expect(rows).toHaveLength(1);
    expect(rows[0].rotation).toMatchObject({ lines: 3, honoured: 1 });
    expect(rows[0].groups).toEqual([
      { category: "action not in the spec", lines: [3] },
      { category: "unsupported option bogus", lines: [4] },
    ]);
  }, 60_000);
});
