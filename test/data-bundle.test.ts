import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isMainThread } from "node:worker_threads";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { bundledDataDir, checkDataDir, DATA_DIR_ENV, loadDataBundle, resolveDataDir } from "../src/data/bundle.js";
import { CsvError, DataError } from "../src/data/errors.js";
import { TABLE_NAMES } from "../src/data/tables.js";
import { checkSchema, generateSchemaSource } from "../scripts/gen-schema.js";
import * as root from "../src/index.js";
import { EXPORT_DIR, EXPORT_MARKER, HAVE_EXPORT } from "./helpers/export-dir.js";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIRS = path.join(REPO, "test/fixtures/datadirs");
const BASIC = path.join(DIRS, "basic");
const REAL_TABLES = EXPORT_DIR;
const hasReal = HAVE_EXPORT;

const temps: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), "combatsim-data-test-"));
  temps.push(d);
  return d;
}
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function rejectsWith(p: Promise<unknown>, code: string): Promise<DataError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DataError);
  expect((err as DataError).code).toBe(code);
  return err as DataError;
}

function throwsWith(fn: () => unknown, code: string): DataError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DataError);
    expect((err as DataError).code).toBe(code);
    return err as DataError;
  }
  throw new Error(`expected DataError ${code}`);
}

describe("loadDataBundle on a small data dir", async () => {
  const bundle = await loadDataBundle(BASIC);

  it("knows every listed table plus extra CSVs found in the dir", () => {
    expect(TABLE_NAMES.length).toBe(114 + 12);
    const names = bundle.tableNames();
    for (const n of TABLE_NAMES) expect(names).toContain(n);
    expect(names).toContain("Gadget"); // not in TABLE_NAMES, present as a file
    expect(names.length).toBe(TABLE_NAMES.length + 1);
    expect(bundle.dir).toBe(BASIC);
  });

  it("byId: by primary ID, ID not the first column, unknown id -> undefined", () => {
    const sla = bundle.table("SkillLineAbility");
    expect(sla.columns[0]).toBe("RaceMask");
    expect(sla.byId(591)).toEqual({ RaceMask: 0n, AbilityVerb_lang: "Tames", ID: 591, SkillLine: 98, Spell: 669, ClassMask: 4 });
    expect(sla.byId(999)).toBeUndefined();
    expect(bundle.table("ChrSpecialization").byId(253)!.Name_lang).toBe("Beast Mastery");
  });

  it("allByFk: every row with the key, in file order; frozen; cached; unknown key -> empty", () => {
    const sla = bundle.table("SkillLineAbility");
    const by98 = sla.allByFk("SkillLine", 98);
    expect(by98.map((r) => r.ID)).toEqual([590, 591]);
    expect(sla.allByFk("ClassMask", 4).map((r) => r.ID)).toEqual([591, 592]); // duplicate FK rows
    expect(Object.isFrozen(by98)).toBe(true);
    expect(sla.allByFk("SkillLine", 98)).toBe(by98); // index built once, same array back
    const none = sla.allByFk("SkillLine", 7);
    expect(none).toEqual([]);
    expect(Object.isFrozen(none)).toBe(true);
  });

  it("oneByFk: first row in file order wins; unknown key -> undefined", () => {
    const sla = bundle.table("SkillLineAbility");
    expect(sla.oneByFk("SkillLine", 45)!.ID).toBe(592); // 592 precedes 593 in the file
    expect(sla.oneByFk("ClassMask", 4)!.ID).toBe(591);
    expect(sla.oneByFk("SkillLine", 7)).toBeUndefined();
  });

  it("looks up i64 columns with a number key (converted to bigint)", () => {
    const sla = bundle.table("SkillLineAbility");
    expect(sla.byId(590)!.RaceMask).toBe(6184943489809468494n);
    expect(sla.allByFk("RaceMask", 0).map((r) => r.ID)).toEqual([591, 593]);
    expect(sla.oneByFk("RaceMask", -1)!.ID).toBe(592);
  });

  it("types cells from the generated and hand-written schemas and infers the rest", () => {
    const cp = bundle.table("CurvePoint");
    expect(cp.byId(10)).toEqual({ Pos_0: 0, Pos_1: 0.11999999732, PosPreSquish_0: 0, PosPreSquish_1: 0.11999999732, ID: 10, CurveID: 5, OrderIndex: 0 });
    expect(cp.byId(12)).toMatchObject({ Pos_0: -2147483648, Pos_1: 2147483647 });
    expect(cp.allByFk("CurveID", 5).map((r) => r.Pos_0)).toEqual([0, 292.24713134766]);
    const names = bundle.table("SpellName");
    expect(names.byId(34026)!.Name_lang).toBe("Kill Command");
    expect(names.byId(9)!.Name_lang).toBe('Abandon \\"%s\\"?');
    expect(names.byId(10)!.Name_lang).toBe("Interface\\ICONS\\");
    expect(names.byId(11)!.Name_lang).toBe("");
    const spec = bundle.table("ChrSpecialization");
    expect(spec.byId(253)!.Description_lang).toBe("A master of the wild.\r\n\r\nPreferred Weapon: Bow");
    expect(spec.byId(254)!.Description_lang).toBe('A master "archer"');
    expect(bundle.table("Gadget").byId(1)).toEqual({ Code: "A1", ID: 1, Note: "x", Big: 9007199254740993n, Ratio: 1 });
  });

  it("keys the CombatRatings game table by Level", () => {
    const cr = bundle.table("CombatRatings");
    expect(cr.columns).toEqual(["Level", "HitMelee", "CritMelee", "Haste", "Mastery"]);
    expect(cr.byId(80)).toEqual({ Level: 80, HitMelee: 1150.5, CritMelee: 1380, Haste: 1320, Mastery: 1400 });
    expect(cr.byId(2)).toBeUndefined();
  });

  it("is frozen: rows arrays, row objects, columns", () => {
    const t = bundle.table("SpellName");
    expect(Object.isFrozen(t.rows)).toBe(true);
    expect(Object.isFrozen(t.columns)).toBe(true);
    expect(t.rows.every((r) => Object.isFrozen(r))).toBe(true);
    expect(() => (t.rows as unknown[]).push({})).toThrow(TypeError);
    expect(t.size).toBe(5);
  });

  it("a missing CSV is an empty table whose lookups miss", () => {
    const t = bundle.table("SpellEffect");
    expect([t.name, t.columns, t.rows, t.size]).toEqual(["SpellEffect", [], [], 0]);
    expect(t.byId(1)).toBeUndefined();
    expect(t.allByFk("SpellID", 1)).toEqual([]);
    expect(t.oneByFk("SpellID", 1)).toBeUndefined();
  });

  it("sets isFixture from data/fixtures.json, also for a listed table without a CSV", () => {
    expect(bundle.table("SpellName").isFixture).toBe(true);
    expect(bundle.table("Item").isFixture).toBe(true);
    expect(bundle.table("CurvePoint").isFixture).toBe(false);
  });

  it("unknown table -> DataError UNKNOWN_TABLE (with a case hint)", () => {
    const err = throwsWith(() => bundle.table("Nope"), "UNKNOWN_TABLE");
    expect(err.message).toContain('"Nope"');
    expect(throwsWith(() => bundle.table("spellname"), "UNKNOWN_TABLE").message).toContain('did you mean "SpellName"');
  });

  it("unknown column -> UNKNOWN_COLUMN, numeric lookup in a text column -> NOT_A_KEY_COLUMN", () => {
    const t = bundle.table("SpellName");
    const err = throwsWith(() => t.allByFk("SpellID", 1), "UNKNOWN_COLUMN");
    expect(err.message).toContain("SpellName");
    expect(err.message).toContain("SpellName.csv");
    throwsWith(() => t.oneByFk("Name_lang", 1), "NOT_A_KEY_COLUMN");
  });
});

describe("loadDataBundle: bad and missing data", () => {
  it("a non-existent dir gives a bundle of empty tables and logs nothing", async () => {
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((m) => vi.spyOn(console, m));
    const stderr = vi.spyOn(process.stderr, "write");
    const dir = path.join(os.tmpdir(), "combatsim-no-such-dir-" + process.pid);
    const b = await loadDataBundle(dir);
    expect(b.tableNames()).toEqual([...TABLE_NAMES]);
    expect(b.tableNames().every((n) => b.table(n).size === 0)).toBe(true);
    expect(b.table("SpellName").byId(1)).toBeUndefined();
    for (const s of [...spies, stderr]) expect(s).not.toHaveBeenCalled();
  });

  it("a CSV error names the table file, line and column", async () => {
    const file = path.join(DIRS, "bad-csv/data/tables/SpellName.csv");
    const err = await rejectsWith(loadDataBundle(path.join(DIRS, "bad-csv")), "CSV_NOT_NUMERIC");
    expect(err).toBeInstanceOf(CsvError);
    // header line 1, record 1 spans lines 2-3, the bad ID sits on line 4
    expect(err.message).toContain(`${file}:4: column "ID" (#0)`);
  });

  it("a fraction in an integer column (SpellCooldowns.StartRecoveryTime = 1500.5) is CSV_NOT_INTEGER naming file, line and column", async () => {
    const d = tempDir();
    mkdirSync(path.join(d, "data/tables"), { recursive: true });
    const file = path.join(d, "data/tables/SpellCooldowns.csv");
    writeFileSync(file, "ID,DifficultyID,CategoryRecoveryTime,RecoveryTime,StartRecoveryTime,AuraSpellID,SpellID\n1,0,0,0,1500,0,75\n2,0,0,0,1500.5,0,34026\n");
    const err = await rejectsWith(loadDataBundle(d), "CSV_NOT_INTEGER");
    expect(err).toBeInstanceOf(CsvError);
    expect(err.message).toBe(`${file}:3: column "StartRecoveryTime" (#4): "1500.5" is not an integer (column type int) [CSV_NOT_INTEGER]`);
  });

  it("a duplicate primary key fails on first byId with DUPLICATE_KEY", async () => {
    const b = await loadDataBundle(path.join(DIRS, "dup-id"));
    const err = throwsWith(() => b.table("SpellName").byId(2), "DUPLICATE_KEY");
    expect(err.message).toContain("ID 1 appears in records #1 and #3");
    // FK shapes keep working on the same column: duplicates are what they are for
    expect(b.table("SpellName").allByFk("ID", 1).map((r) => r.Name_lang)).toEqual(["One", "One again"]);
  });

  it("bad fixtures.json -> BAD_FIXTURES_JSON (invalid JSON, unknown table, wrong shape)", async () => {
    const bad = await rejectsWith(loadDataBundle(path.join(DIRS, "bad-fixtures")), "BAD_FIXTURES_JSON");
    expect(bad.message).toContain(path.join(DIRS, "bad-fixtures/data/fixtures.json"));
    const unknown = await rejectsWith(loadDataBundle(path.join(DIRS, "unknown-fixture")), "BAD_FIXTURES_JSON");
    expect(unknown.message).toContain("Nope");
    const d = tempDir();
    mkdirSync(path.join(d, "data"));
    writeFileSync(path.join(d, "data/fixtures.json"), '{"tables": ["SpellName"]}');
    await rejectsWith(loadDataBundle(d), "BAD_FIXTURES_JSON");
  });

  it("an unreadable table path (a folder named X.csv) is READ_FAILED, not an empty table", async () => {
    const d = tempDir();
    mkdirSync(path.join(d, "data/tables/SpellName.csv"), { recursive: true });
    const err = await rejectsWith(loadDataBundle(d), "READ_FAILED");
    expect(err.message).toContain("SpellName.csv");
  });
});

describe("resolveDataDir", () => {
  const home = path.join(DIRS, "home"); // holds .combatsim/
  const noHome = path.join(DIRS, "basic"); // no .combatsim/ inside

  it("prefers a non-empty COMBATSIM_DATA_DIR, resolved to an absolute path", () => {
    expect(DATA_DIR_ENV).toBe("COMBATSIM_DATA_DIR");
    expect(resolveDataDir({ COMBATSIM_DATA_DIR: "/srv/data" }, home)).toBe(path.resolve("/srv/data"));
    expect(resolveDataDir({ COMBATSIM_DATA_DIR: "rel/dir" }, home)).toBe(path.resolve("rel/dir"));
  });

  it("falls back to <home>/.combatsim when it is a directory (empty env var counts as unset)", async () => {
    expect(resolveDataDir({}, home)).toBe(path.join(home, ".combatsim"));
    expect(resolveDataDir({ COMBATSIM_DATA_DIR: "" }, home)).toBe(path.join(home, ".combatsim"));
    const b = await loadDataBundle(resolveDataDir({}, home));
    expect(b.table("SpellName").byId(1)!.Name_lang).toBe("From home");
  });

  it("falls back to the package's bundled data dir, not the working directory", () => {
    expect(resolveDataDir({}, noHome)).toBe(path.join(REPO, "data"));
    const d = tempDir();
    writeFileSync(path.join(d, ".combatsim"), "a file, not a dir");
    expect(resolveDataDir({}, d)).toBe(path.join(REPO, "data"));
    if (!isMainThread) return; // process.chdir is unavailable in worker threads (vitest pool "threads")
    const cwd = process.cwd();
    try {
      process.chdir(os.tmpdir());
      expect(resolveDataDir({}, noHome)).toBe(path.join(REPO, "data"));
    } finally {
      process.chdir(cwd);
    }
  });

  it("finds <pkg>/data from a bundled dist/ module URL and fails outside the package", () => {
    expect(bundledDataDir(pathToFileURL(path.join(REPO, "dist/index.js")).href)).toBe(path.join(REPO, "data"));
    expect(bundledDataDir(pathToFileURL(path.join(REPO, "dist/chunks/x.js")).href)).toBe(path.join(REPO, "data"));
    const outside = tempDir();
    const err = throwsWith(() => bundledDataDir(pathToFileURL(path.join(outside, "m.js")).href), "NO_DATA_DIR");
    expect(err.message).toContain(outside);
  });
});

describe("checkDataDir: a data dir someone named must exist", () => {
  it("a local folder that does not exist is NO_DATA_DIR naming the absolute path and where it was given", async () => {
    const missing = path.join(tempDir(), "nope");
    const err = await rejectsWith(checkDataDir(missing, "--data-dir"), "NO_DATA_DIR");
    expect(err.message).toBe(`data dir ${missing} (--data-dir) does not exist`);
    const rel = await rejectsWith(checkDataDir("no/such/dir"), "NO_DATA_DIR");
    expect(rel.message).toBe(`data dir ${path.resolve("no/such/dir")} does not exist`);
    await rejectsWith(checkDataDir(pathToFileURL(missing)), "NO_DATA_DIR");
  });

  it("a file is NO_DATA_DIR 'is not a folder'", async () => {
    const file = path.join(tempDir(), "x.txt");
    writeFileSync(file, "x");
    expect((await rejectsWith(checkDataDir(file), "NO_DATA_DIR")).message).toBe(`data dir ${file} is not a folder`);
  });

  it("without a dir it checks the resolved one: $COMBATSIM_DATA_DIR naming nothing is NO_DATA_DIR naming the variable", async () => {
    const missing = path.join(tempDir(), "gone");
    const err = await rejectsWith(checkDataDir(undefined, undefined, { [DATA_DIR_ENV]: missing }), "NO_DATA_DIR");
    expect(err.message).toBe(`data dir ${missing} ($COMBATSIM_DATA_DIR) does not exist`);
    await expect(checkDataDir(undefined, undefined, {})).resolves.toBe(resolveDataDir({}));
  });

  it("an existing folder (even an empty one) and http URLs pass unchanged; loadDataBundle itself still treats a missing dir as empty tables (spec)", async () => {
    const d = tempDir();
    await expect(checkDataDir(d)).resolves.toBe(d);
    await expect(checkDataDir("https://example.invalid/data/")).resolves.toBe("https://example.invalid/data/");
    const b = await loadDataBundle(path.join(d, "nope"));
    expect(b.table("SpellName").size).toBe(0);
  });
});

describe("package root exports", () => {
  it("exports the loader, resolveDataDir and the error classes", () => {
    expect(root.loadDataBundle).toBe(loadDataBundle);
    expect(root.resolveDataDir).toBe(resolveDataDir);
    expect(root.checkDataDir).toBe(checkDataDir);
    expect(root.DataError).toBe(DataError);
    expect(root.CsvError).toBe(CsvError);
  });
});

describe("schema generator", () => {
  it("generates column types from a tables dir (deterministic text)", async () => {
    const src = await generateSchemaSource(path.join(BASIC, "data/tables"));
    const lines = src.split("\n");
    expect(lines[0]).toBe("// GENERATED by scripts/gen-schema.ts — do not edit");
    // Gadget: Code text (letters), ID int, Note text (has an empty value), Big i64 (> 2^53), Ratio float (0.25)
    expect(lines).toContain('  "Gadget": { "Code": "text", "ID": "int", "Note": "text", "Big": "i64", "Ratio": "float" },');
    // CombatRatings: Level int; 2.5 / 1150.5 make the stat columns float; Haste holds 2.5 too
    expect(lines).toContain(
      '  "CombatRatings": { "Level": "int", "HitMelee": "float", "CritMelee": "float", "Haste": "float", "Mastery": "float" },',
    );
    expect(await generateSchemaSource(path.join(BASIC, "data/tables"))).toBe(src);
  });

  it("--check logic reports drift against a stale file", async () => {
    const d = tempDir();
    const tables = path.join(BASIC, "data/tables");
    const file = path.join(d, "schema.generated.ts");
    writeFileSync(file, (await generateSchemaSource(tables)).replace('"Ratio": "float"', '"Ratio": "int"'));
    const r = await checkSchema(tables, file);
    expect(r.ok).toBe(false);
    expect(r.detail).toContain('"Ratio": "int"');
    writeFileSync(file, await generateSchemaSource(tables));
    expect((await checkSchema(tables, file)).ok).toBe(true);
  });

  it.skipIf(!hasReal)(`the committed schema.generated.ts matches the export ${EXPORT_MARKER}`, async () => {
    const r = await checkSchema(REAL_TABLES, path.join(REPO, "src/data/schema.generated.ts"));
    expect(r.detail).toBeUndefined();
    expect(r.ok).toBe(true);
  });
});

describe.skipIf(!hasReal)(`real data smoke test (the full export) ${EXPORT_MARKER}`, () => {
  it("loads the 114 real tables with the expected values", async () => {
    const d = tempDir();
    mkdirSync(path.join(d, "data"));
    // a data dir whose data/tables is the shared folder (symlink: no 36 MB copy)
    const { symlinkSync } = await import("node:fs");
    symlinkSync(REAL_TABLES, path.join(d, "data/tables"));
    const b = await loadDataBundle(d);
    expect(b.tableNames().filter((n) => b.table(n).size > 0).length).toBe(114);
    expect(b.table("ChrClasses").size).toBeGreaterThanOrEqual(13);
    expect(b.table("ChrSpecialization").byId(253)!.Name_lang).toBe("Beast Mastery");
    const sla = b.table("SkillLineAbility");
    expect(sla.rows.every((r) => typeof r.RaceMask === "bigint")).toBe(true);
    // the README's largest RaceMask magnitude (6,184,943,489,809,468,494; negative in the file) survives exactly
    expect(sla.byId(592)!.RaceMask).toBe(-6184943489809468494n);
    // SpellDescriptionVariables: 1,003 physical lines, header + 560 records (README)
    expect(b.table("SpellDescriptionVariables").size).toBe(560);
    const lines = readFileSync(path.join(REAL_TABLES, "SpellDescriptionVariables.csv"), "utf8").split("\n").length - 1;
    expect(lines).toBe(1003);
  });
});
