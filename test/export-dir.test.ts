// The full client-table export as a documented option: `combatsim data extract` reads --from or
// $COMBATSIM_EXPORT_DIR (no path beside the repository assumed), and the tests that need the export say
// so at the end of the run when it is absent (test/setup/export-reporter.ts).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultExtractSpecs } from "../src/data/extract.js";
import { specFolders } from "./helpers/spec-data.js";
import { resolveExportDir } from "../src/data/extract.js";
import { EXPORT_DIR, EXPORT_MARKER, HAVE_EXPORT } from "./helpers/export-dir.js";

const repoRoot = path.resolve(__dirname, "..");
function run(cmd: string[], env: Record<string, string | undefined>) {
  const r = spawnSync(process.execPath, cmd, { cwd: repoRoot, encoding: "utf8", timeout: 120_000, env: { ...process.env, COMBATSIM_SHARED_TABLES: undefined, ...env } as NodeJS.ProcessEnv });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const cli = (args: string[], env: Record<string, string | undefined>) => run(["--import", "tsx", "src/cli/main.ts", ...args], env);

describe("combatsim data extract: where the export is", () => {
  it("resolveExportDir: --from wins, else $COMBATSIM_EXPORT_DIR, else a typed error saying how to give one", () => {
    expect(resolveExportDir("/a", { COMBATSIM_EXPORT_DIR: "/b" })).toBe("/a");
    expect(resolveExportDir(undefined, { COMBATSIM_EXPORT_DIR: "/b" })).toBe("/b");
    expect(() => resolveExportDir(undefined, {})).toThrow(expect.objectContaining({ code: "NO_DATA_DIR" }));
    expect(() => resolveExportDir(undefined, { COMBATSIM_EXPORT_DIR: "" })).toThrow(/pass --from <folder of the wago\.tools table CSVs> or set COMBATSIM_EXPORT_DIR/);
  });

  it("neither --from nor COMBATSIM_EXPORT_DIR: exit 1 with the typed error", () => {
    const r = cli(["data", "extract", "--check"], { COMBATSIM_EXPORT_DIR: undefined });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("combatsim: [NO_DATA_DIR] data extract: no export given: pass --from <folder of the wago.tools table CSVs> or set COMBATSIM_EXPORT_DIR\n");
  }, 60_000);

  it.skipIf(!HAVE_EXPORT)(`COMBATSIM_EXPORT_DIR=<export> combatsim data extract --check verifies the package's data/ (no --from, no --to) ${EXPORT_MARKER}`, async () => {
    const r = cli(["data", "extract", "--check"], { COMBATSIM_EXPORT_DIR: EXPORT_DIR });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    // the default specs are the spec folders' (data/specs/<slug>/manifest.json spec_id), ascending
    const specs = await defaultExtractSpecs(path.resolve(__dirname, "../data"));
    expect(specs).toHaveLength(specFolders().length);
    expect(r.stdout).toMatch(new RegExp(`^checked \\d+ tables, \\d+ rows, \\d+ spells \\(specs ${specs.join(",")}\\)`));
  }, 60_000);
});

describe("tests that need the export", () => {
  it("are reported at the end of the run when it is absent: how many, where it was looked for, how to set it", () => {
    const r = run(["node_modules/vitest/vitest.mjs", "run", "test/data-extract.test.ts"], { COMBATSIM_EXPORT_DIR: "/nonexistent-export" });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      'note: 3 tests [needs export] skipped: they compare the embedded bundle with the full client-table export (the 114 wago.tools CSVs of build 12.0.5.66529), not found at /nonexistent-export. Set COMBATSIM_EXPORT_DIR=<folder of the CSVs> to run them (README "Tests").',
    );
  }, 120_000);
});
