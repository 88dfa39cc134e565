import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../src/data/csv.js";
import { extractBundle, formatCsv, formatCsvField } from "../src/data/extract.js";
import { loadDataBundle } from "../src/data/bundle.js";
import { buildSpellRecord, knownSpellIds } from "../src/data/transform.js";
import { importSpellDump } from "../src/data/spell-dump/import.js";
import { EXPORT_DIR, EXPORT_MARKER, HAVE_EXPORT } from "./helpers/export-dir.js";

const repoRoot = path.resolve(__dirname, "..");
const realTables = EXPORT_DIR;
const haveReal = HAVE_EXPORT;

function write(dir: string, name: string, text: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.csv`), text);
}

describe("CSV writer (export dialect)", () => {
  it("quotes exactly the fields holding a space, comma, quote, CR or LF", () => {
    expect(formatCsvField("Multi-Shot")).toBe("Multi-Shot");
    expect(formatCsvField("Kill Command")).toBe('"Kill Command"');
    expect(formatCsvField("a,b")).toBe('"a,b"');
    expect(formatCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(formatCsvField("x\r\ny")).toBe('"x\r\ny"');
    expect(formatCsvField("Interface\\ICONS\\")).toBe("Interface\\ICONS\\");
    expect(formatCsvField("")).toBe("");
    expect(formatCsvField("0.11999999732")).toBe("0.11999999732");
  });

  it.skipIf(!haveReal)(`round-trips every real table byte for byte (so extracted rows equal their source lines) ${EXPORT_MARKER}`, () => {
    const files = readdirSync(realTables).filter((f) => f.endsWith(".csv"));
    expect(files.length).toBe(114);
    for (const f of files) {
      const text = readFileSync(path.join(realTables, f), "utf8");
      const parsed = parseCsv(text, { file: f, allText: true });
      expect(formatCsv(parsed.columns, parsed.rows as Record<string, string>[]), f).toBe(text);
    }
  });
});

describe("extractBundle", () => {
  function exportDir() {
    const dir = mkdtempSync(path.join(os.tmpdir(), "combatsim-export-"));
    write(dir, "ChrClasses", "Name_lang,ID\nHunter,3\n");
    write(dir, "ChrSpecialization", "Name_lang,ID,ClassID,OrderIndex,MasterySpellID_0,MasterySpellID_1\n\"Beast Mastery\",253,3,0,76657,0\nMarksmanship,254,3,1,193468,0\n");
    write(dir, "SpecializationSpells", "Description_lang,ID,SpecID,SpellID,OverridesSpellID,DisplayOrder\n,1,253,100,0,0\n,2,254,500,0,0\n");
    // 100 triggers 200, 200 triggers 300: the closure follows both; 999 belongs to nobody.
    write(dir, "SpellEffect", "ID,EffectIndex,EffectTriggerSpell,SpellID\n1,0,200,100\n2,0,300,200\n3,0,0,300\n4,0,0,999\n");
    write(dir, "SpellCooldowns", "ID,DifficultyID,CategoryRecoveryTime,RecoveryTime,StartRecoveryTime,AuraSpellID,SpellID\n1,0,0,7500,1500,0,100\n2,0,0,0,1500,0,300\n3,0,0,1000,0,0,999\n4,0,0,0,1500,0,500\n");
    write(dir, "SpellCategories", "ID,DifficultyID,Category,DefenseType,DiminishType,DispelType,Mechanic,PreventionType,StartRecoveryCategory,ChargeCategory,SpellID\n1,0,77,1,0,0,0,1,133,0,100\n2,0,88,1,0,0,0,1,133,0,999\n");
    write(dir, "SpellCategory", "ID,Name_lang,Flags\n77,\"Kill Command\",0\n88,Other,0\n");
    write(dir, "Curve", "ID,Type,Flags\n21024,0,0\n21025,0,0\n5,0,0\n");
    return dir;
  }

  it("keeps the spec's spells, their masteries and everything they trigger; nothing else", async () => {
    const from = exportDir();
    const to = mkdtempSync(path.join(os.tmpdir(), "combatsim-slim-"));
    const result = await extractBundle({ from, to, specs: [253] });
    // 100 (spec spell), 76657 (mastery), 200 and 300 (trigger chain) = 4 spells.
    expect(result.spellIds).toBe(4);
    const read = (t: string) => readFileSync(path.join(to, "data", "tables", `${t}.csv`), "utf8");
    expect(read("SpellCooldowns")).toBe(
      "ID,DifficultyID,CategoryRecoveryTime,RecoveryTime,StartRecoveryTime,AuraSpellID,SpellID\n1,0,0,7500,1500,0,100\n2,0,0,0,1500,0,300\n",
    );
    expect(read("SpellEffect")).toBe("ID,EffectIndex,EffectTriggerSpell,SpellID\n1,0,200,100\n2,0,300,200\n3,0,0,300\n");
    expect(read("SpellCategory")).toBe('ID,Name_lang,Flags\n77,"Kill Command",0\n');
    expect(read("Curve")).toBe("ID,Type,Flags\n21024,0,0\n21025,0,0\n");
    expect(read("SpecializationSpells")).toBe("Description_lang,ID,SpecID,SpellID,OverridesSpellID,DisplayOrder\n,1,253,100,0,0\n");
    expect(read("ChrSpecialization")).toContain("Marksmanship"); // catalog tables are whole

    // check mode: clean right after writing, drift after a hand edit
    expect((await extractBundle({ from, to, specs: [253], check: true })).drift).toEqual([]);
    writeFileSync(path.join(to, "data", "tables", "SpellCooldowns.csv"), "ID\n");
    expect((await extractBundle({ from, to, specs: [253], check: true })).drift).toEqual([path.join("data", "tables", "SpellCooldowns.csv")]);
  });

  it("never overwrites a table the export lacks (fixtures stay) and seeds the spell set from it", async () => {
    const from = exportDir();
    const to = mkdtempSync(path.join(os.tmpdir(), "combatsim-slim-"));
    const fixture = "ID,Name_lang\n999,\"Fixture Spell\"\n";
    write(path.join(to, "data", "tables"), "SpellName", fixture);
    const result = await extractBundle({ from, to, specs: [253] });
    expect(result.keptFromTarget).toEqual(["SpellName"]);
    expect(readFileSync(path.join(to, "data", "tables", "SpellName.csv"), "utf8")).toBe(fixture);
    expect(readFileSync(path.join(to, "data", "tables", "SpellCooldowns.csv"), "utf8")).toContain("\n3,0,0,1000,0,0,999\n");
  });

  it("rejects a folder that is not an export, naming it", async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), "combatsim-empty-"));
    await expect(extractBundle({ from: empty, to: empty })).rejects.toThrow(/no ChrClasses\.csv/);
  });

  it.skipIf(!haveReal)(`the committed data/ is exactly what the extract produces from the export ${EXPORT_MARKER}`, async () => {
    const result = await extractBundle({ from: realTables, to: path.join(repoRoot, "data"), check: true });
    expect(result.drift).toEqual([]);
  });
});

describe("the embedded bundle is complete for its spells", () => {
  it.skipIf(!haveReal)(`every bundled spell builds the same record from data/ alone as from the full tables ${EXPORT_MARKER}`, async () => {
    // Full = every real table of the export plus the tables the export lacks (fixtures / partial rows).
    const full = mkdtempSync(path.join(os.tmpdir(), "combatsim-full-"));
    const tables = path.join(full, "data", "tables");
    mkdirSync(tables, { recursive: true });
    const own = path.join(repoRoot, "data", "data");
    for (const f of readdirSync(realTables)) writeFileSync(path.join(tables, f), readFileSync(path.join(realTables, f)));
    for (const f of readdirSync(path.join(own, "tables"))) {
      if (!existsSync(path.join(tables, f))) writeFileSync(path.join(tables, f), readFileSync(path.join(own, "tables", f)));
    }
    writeFileSync(path.join(full, "data", "fixtures.json"), readFileSync(path.join(own, "fixtures.json")));
    writeFileSync(path.join(full, "data", "spell-dump.json"), readFileSync(path.join(own, "spell-dump.json")));
    const slim = await loadDataBundle(path.join(repoRoot, "data"));
    const whole = await loadDataBundle(full);
    const ids = knownSpellIds(slim);
    expect(ids.length).toBeGreaterThanOrEqual(25);
    for (const id of ids) expect(buildSpellRecord(slim, id), `spell ${id}`).toEqual(buildSpellRecord(whole, id));
  });

  it("the spell tables are what `data import-spell-dump` generates from data/sources (check mode, offline)", async () => {
    const r = await importSpellDump(path.join(repoRoot, "data"), { check: true });
    expect(r.drift).toEqual([]);
    expect(r.spells).toBeGreaterThanOrEqual(60);
  });
});
