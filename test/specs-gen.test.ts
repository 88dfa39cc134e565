// `npm run gen -- --check`: the committed generated artifacts are up to date with manifests + data,
// and a stale one makes the check exit 1 with a readable diff.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_HEADER, lineDiff, runGen } from "../src/catalog/gen.js";

const ROOT = path.resolve(__dirname, "..");

function gen(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/gen.ts", ...args], { cwd: ROOT, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.replace(/^npm warn.*\n/gm, "") };
}

/** A scratch copy of what gen reads and writes. */
function scratch(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "combatsim-gen-"));
  for (const p of ["data", "docs", "src/generated"]) cpSync(path.join(ROOT, p), path.join(dir, p), { recursive: true });
  return dir;
}

describe("npm run gen -- --check", () => {
  it("the committed generated files match a regeneration in memory", async () => {
    const r = await runGen(ROOT, true);
    expect(r.diffs.join("\n\n"), "generated files are stale: run `npm run gen`").toBe("");
    expect(r.files).toEqual(expect.arrayContaining(["src/generated/catalog.ts", "docs/specs/README.md", "docs/specs/beast-mastery.values.md", "data/specs/_shared/manifest.schema.json", "docs/manifests.md"]));
  });

  it("every generated file says it is generated", () => {
    for (const f of ["src/generated/catalog.ts", "docs/specs/README.md", "docs/specs/beast-mastery.values.md"]) {
      expect(readFileSync(path.join(ROOT, f), "utf8").split("\n")[0], f).toContain(GENERATED_HEADER);
    }
  });

  it("a stale file: exit 1 and a diff naming the file, the line, the committed and the generated text", () => {
    const dir = scratch();
    // start from freshly generated files, so the diff below shows only the two edits (whether the committed
    // files are up to date is the first test's question, and a long unrelated diff would be truncated)
    expect(gen("--root", dir).code).toBe(0);
    const cat = path.join(dir, "src/generated/catalog.ts");
    writeFileSync(cat, readFileSync(cat, "utf8").replace('"slug": "beast-mastery"', '"slug": "beast-mastery-old"'));
    // a manifest edit makes the values doc stale: Beast Cleave's estimated extra-target count 7 -> 9
    // (beast-mastery.json auras[beast_cleave].effects[0].count, listed under "Estimated values" in
    // docs/specs/beast-mastery.values.md; Dire Beast's estimated cooldown, used before, left the 12.0 build)
    const bm = path.join(dir, "data/specs/beast-mastery/manifest.json");
    const bmText = readFileSync(bm, "utf8");
    expect(bmText.split('"count": 7').length, "exactly one Beast Cleave count to edit").toBe(2);
    writeFileSync(bm, bmText.replace('"count": 7', '"count": 9'));
    const r = gen("--check", "--root", dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("generated file(s) out of date (run `npm run gen`)");
    expect(r.stderr).toContain("--- src/generated/catalog.ts (committed)");
    expect(r.stderr).toContain('-    "slug": "beast-mastery-old",');
    expect(r.stderr).toContain('+    "slug": "beast-mastery",');
    expect(r.stderr).toContain("--- docs/specs/beast-mastery.values.md (committed)");
    expect(r.stderr).toContain("-| `auras.beast_cleave.effects[0].count` | 7 |");
    expect(r.stderr).toContain("+| `auras.beast_cleave.effects[0].count` | 9 |");
    // regenerating fixes it
    const w = gen("--root", dir);
    expect(w.code).toBe(0);
    expect(gen("--check", "--root", dir).code).toBe(0);
  }, 60_000);

  it("a manifest with a wrong schema_version fails generation (MANIFEST_SCHEMA_VERSION)", () => {
    const dir = scratch();
    const h = path.join(dir, "data/specs/_class/hunter.json");
    writeFileSync(h, readFileSync(h, "utf8").replace('"schema_version": 1', '"schema_version": 2'));
    const r = gen("--check", "--root", dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\[MANIFEST_SCHEMA_VERSION\] .*hunter\.json: schema_version: schema_version 2 does not match the current manifest schema version 1/);
  }, 60_000);

  it("unknown arguments exit 2", () => {
    expect(gen("--chek").code).toBe(2);
  });

  it("lineDiff: created, stale and changed files", () => {
    expect(lineDiff("a.md", undefined, "x")).toBe("a.md: missing (would be created)");
    expect(lineDiff("a.md", "x", undefined)).toBe("a.md: stale (no longer generated; would be deleted)");
    expect(lineDiff("a.md", "same\nold\n", "same\nnew\n")).toBe("--- a.md (committed)\n+++ a.md (generated)\n@@ line 2\n-old\n+new");
  });
});
