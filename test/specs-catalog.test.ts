// The spec catalog: exactly the 27 damage specs of the bundled ChrSpecialization, descriptors
// consistent with the data and the implemented manifests, and `combatsim specs [--json]`.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { buildCatalog, CatalogError, damageSpecRows, EXPECTED_SPEC_COUNT, SPEC_CATALOG, SPEC_TRAITS } from "../src/catalog/index.js";
import { implementedSpecs } from "../src/catalog/gen.js";
import { formatSpecs } from "../src/cli/specs.js";
import type { DataBundle, Row, Table } from "../src/data/types.js";

const ROOT = path.resolve(__dirname, "..");
const DATA = path.join(ROOT, "data");

/** The bundle with one table's rows replaced (other tables untouched). */
function withRows(bundle: DataBundle, name: string, rows: Row[]): DataBundle {
  const orig = bundle.table(name);
  const t: Table = { ...orig, rows, size: rows.length, byId: (id) => rows.find((r) => r["ID"] === id), allByFk: (c, k) => rows.filter((r) => r[c] === k), oneByFk: (c, k) => rows.find((r) => r[c] === k) };
  return { dir: bundle.dir, tableNames: () => bundle.tableNames(), table: (n) => (n === name ? t : bundle.table(n)) };
}

describe("catalog from ChrSpecialization", () => {
  it("27 descriptors: role 2, classes 1-13, no Initial placeholders; Devourer (1480) is one of them", async () => {
    const bundle = await loadDataBundle(DATA);
    const all = bundle.table("ChrSpecialization").rows;
    // The API's class list: every non-Initial spec of classes 1-13 = 40 (27 damage + 6 tanks + 7 healers)
    const playable = all.filter((r) => (r["ClassID"] as number) >= 1 && (r["ClassID"] as number) <= 13 && r["OrderIndex"] !== 4);
    expect(playable).toHaveLength(40);
    expect(playable.filter((r) => r["Role"] === 0)).toHaveLength(6);
    expect(playable.filter((r) => r["Role"] === 1)).toHaveLength(7);
    const rows = damageSpecRows(bundle);
    expect(rows).toHaveLength(EXPECTED_SPEC_COUNT);
    expect(EXPECTED_SPEC_COUNT).toBe(27);
    expect(rows.map((r) => r["ID"])).toContain(1480);
    expect(SPEC_CATALOG.map((s) => s.specId).sort((a, b) => a - b)).toEqual(rows.map((r) => r["ID"] as number).sort((a, b) => a - b));
    const devourer = SPEC_CATALOG.find((s) => s.specId === 1480)!;
    expect(devourer).toMatchObject({ classId: 12, className: "Demon Hunter", name: "Devourer", role: "damage", mastery: { spellId: 1238855 } });
  });

  it("descriptors carry class, id, slug, name, role, primary resource, pet flag, mastery category, implemented", () => {
    const bm = SPEC_CATALOG.find((s) => s.slug === "beast-mastery")!;
    expect(bm).toEqual({
      classId: 3, className: "Hunter", specId: 253, slug: "beast-mastery", name: "Beast Mastery", role: "damage",
      primaryResource: { powerType: 2, name: "focus" }, pet: true,
      mastery: { spellId: 76657, category: "pet", note: SPEC_TRAITS[253]!.masteryNote }, implemented: true,
    });
    expect(new Set(SPEC_CATALOG.map((s) => s.slug)).size).toBe(27);
    for (const s of SPEC_CATALOG) expect(s.slug).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it("implemented = a manifest, rotation and profile exist; manifests agree with the traits", async () => {
    const impl = await implementedSpecs(ROOT);
    expect(SPEC_CATALOG.filter((s) => s.implemented).map((s) => s.slug).sort()).toEqual(impl.map((s) => s.slug).sort());
    expect(impl.map((s) => s.slug)).toContain("beast-mastery");
    expect(impl.map((s) => s.slug)).not.toContain("hunter"); // a shared piece, not a spec
  });

  it("errors: a data set without 27 damage specs, traits contradicting data or a manifest", async () => {
    const bundle = await loadDataBundle(DATA);
    const spec = bundle.table("ChrSpecialization");
    const fewer = withRows(bundle, "ChrSpecialization", spec.rows.filter((r) => r["ID"] !== 1480));
    expect(() => buildCatalog(fewer, new Map())).toThrow(/holds 26 damage specs of classes 1-13 .* expected 27/);
    // Beast Mastery's primary power 2 (focus) must be a hunter power type
    const noFocus = withRows(bundle, "ChrClassesXPowerTypes", bundle.table("ChrClassesXPowerTypes").rows.filter((r) => !(r["ClassID"] === 3 && r["PowerType"] === 2)));
    expect(() => buildCatalog(noFocus, new Map())).toThrow(CatalogError);
    const impl = await implementedSpecs(ROOT);
    const bm = impl.find((s) => s.slug === "beast-mastery")!.manifest;
    const all = (slug: string, m: typeof bm) => new Map([...impl.map((s) => [s.slug, s.manifest] as const), [slug, m]]);
    expect(() => buildCatalog(bundle, all("beast-mastery", { ...bm, pets: [] }))).toThrow(/data\/specs\/beast-mastery\/manifest.json says pet = false, src\/catalog\/traits.ts says true/);
    expect(() => buildCatalog(bundle, all("survival", bm))).toThrow(/spec_id 253, but the catalog's "survival" is spec 255/);
    // a spec without a folder must say what implementing it takes (Fury, implemented, has no `needs`)
    expect(() => buildCatalog(bundle, new Map())).toThrow("src/catalog/traits.ts: spec 72 (fury) has no folder data/specs/fury/ and no `needs` saying what implementing it takes");
  });
});

describe("combatsim specs", () => {
  const cli = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], { cwd: ROOT, encoding: "utf8" });

  it("--json prints the 27 descriptors", () => {
    const r = cli("specs", "--json");
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(SPEC_CATALOG);
  });

  it("text: one line per spec and a count", () => {
    const r = cli("specs");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${formatSpecs(SPEC_CATALOG)}\n`);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(1 + 27 + 2);
    expect(lines.find((l) => l.includes("beast-mastery"))).toMatch(/^Hunter\s+Beast Mastery\s+253\s+beast-mastery\s+focus\s+pet\s+pet\s+implemented$/);
    expect(lines.at(-1)).toMatch(/^27 damage specs, \d+ implemented/);
  });
});
