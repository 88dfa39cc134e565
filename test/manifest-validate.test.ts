// Manifest validation: schema_version check, type errors with file + JSON path, unknown fields,
// unknown names, and the bundled BM manifest validating cleanly.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { composeManifest, ManifestError, SCHEMA_VERSION, siblingPieceReader, validateManifest } from "../src/manifest/index.js";

const BM_FILE = path.resolve(__dirname, "../data/manifests/beast-mastery.json");
const FILE = "test/virtual/manifest.json";

/** Smallest valid manifest: one resource, one spell. */
function minimal(): Record<string, any> {
  return {
    schema_version: SCHEMA_VERSION,
    spec: "test-spec",
    spec_id: 253,
    primary_stat: "agility",
    mastery: { spell: 76657, kind: "pet", coefficient: 1 },
    resources: [{ name: "focus", power_type: 2 }],
    spells: [{ name: "kill_command", id: 34026 }],
  };
}

function errorOf(fn: () => unknown): ManifestError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ManifestError) return e;
    throw e;
  }
  throw new Error("expected a ManifestError");
}

describe("manifest validation", () => {
  it("accepts the bundled Beast Mastery manifest (merged with hunter.json, which it extends)", async () => {
    const m = await composeManifest(readFileSync(BM_FILE, "utf8"), BM_FILE, siblingPieceReader(async (f) => readFileSync(f, "utf8")));
    expect(m.spec).toBe("beast-mastery");
    expect(m.spec_id).toBe(253);
    expect(m.spells.map((s) => s.name)).toContain("kill_command");
    expect(m.talents.filter((t) => t.default).length).toBeGreaterThan(0);
  });

  it("accepts a minimal manifest and fills defaults", () => {
    const m = validateManifest(minimal(), FILE);
    expect(m.spells[0]).toMatchObject({ name: "kill_command", id: 34026, off_gcd: false, on_cast: [] });
    expect(m.pets).toEqual([]);
  });

  it("rejects a schema_version mismatch naming the file", () => {
    const e = errorOf(() => validateManifest({ ...minimal(), schema_version: SCHEMA_VERSION + 1 }, FILE));
    expect(e.code).toBe("MANIFEST_SCHEMA_VERSION");
    expect(e.file).toBe(FILE);
    expect(e.path).toBe("schema_version");
    expect(e.message).toContain(FILE);
    expect(e.message).toContain(`does not match the current manifest schema version ${SCHEMA_VERSION}`);
  });

  it("checks schema_version before anything else (an old file fails with the version message)", () => {
    const e = errorOf(() => validateManifest({ schema_version: 0, bogus: true }, FILE));
    expect(e.code).toBe("MANIFEST_SCHEMA_VERSION");
  });

  it("reports a missing schema_version", () => {
    const m = minimal();
    delete m.schema_version;
    const e = errorOf(() => validateManifest(m, FILE));
    expect([e.code, e.path]).toEqual(["INVALID_MANIFEST", "schema_version"]);
  });

  it("reports invalid JSON text at the root", () => {
    const e = errorOf(() => validateManifest("{ not json", FILE));
    expect(e.code).toBe("INVALID_MANIFEST");
    expect(e.path).toBe("<root>");
    expect(e.message).toMatch(/not valid JSON/);
  });

  it.each([
    ["a wrong type deep inside", (m: any) => (m.spells[0].cooldown_ms = "90s"), "spells[0].cooldown_ms", /finite number/],
    ["a negative number", (m: any) => (m.spells[0].cost = -5), "spells[0].cost", />= 0/],
    ["an unknown field (typo)", (m: any) => (m.spells[0].cooldwon_ms = 5), "spells[0].cooldwon_ms", /unknown field/],
    ["a bad enum", (m: any) => (m.primary_stat = "stamina"), "primary_stat", /agility\|strength\|intellect/],
    ["a missing field", (m: any) => delete m.spells[0].id, "spells[0].id", /missing field/],
    ["a non-integer spell id", (m: any) => (m.spells[0].id = 1.5), "spells[0].id", /integer/],
    ["a bad name", (m: any) => (m.spells[0].name = "Kill Command"), "spells[0].name", /snake_case/],
    ["a duplicate name", (m: any) => m.spells.push({ name: "kill_command", id: 1 }), "spells[1].name", /duplicate/],
    ["a bad DataRef", (m: any) => (m.spells[0].cost = { spell: 1, effect: 0 }), "spells[0].cost.effect", />= 1/],
    ["an out-of-range chance", (m: any) => (m.procs = [{ name: "p", id: 1, trigger: "impact", chance: 1.5, ops: [{ op: "reset_cooldown", spell: "kill_command" }] }]), "procs[0].chance", /\[0, 1\]/],
    ["an unknown op", (m: any) => (m.spells[0].on_cast = [{ op: "explode" }]), "spells[0].on_cast[0].op", /apply_aura/],
    ["stacks without stacking", (m: any) => (m.auras = [{ name: "a", id: 1, max_stacks: 3 }]), "auras[0].stacking", /stacking: true/],
  ])("reports %s with the JSON path", (_what, mutate, wantPath, wantMsg) => {
    const m = minimal();
    mutate(m);
    const e = errorOf(() => validateManifest(m, FILE));
    expect(e.code).toBe("INVALID_MANIFEST");
    expect(e.path).toBe(wantPath);
    expect(e.message).toContain(`${FILE}: ${wantPath}: `);
    expect(e.message).toMatch(wantMsg);
  });

  it.each([
    ["an op naming an undeclared aura", (m: any) => (m.spells[0].on_cast = [{ op: "apply_aura", aura: "nope" }]), "spells[0].on_cast[0].aura", 'unknown aura "nope"'],
    ["an undeclared resource", (m: any) => (m.spells[0].resource = "mana"), "spells[0].resource", 'unknown resource "mana"'],
    ["an undeclared talent", (m: any) => (m.spells[0].talent = "ghost"), "spells[0].talent", 'unknown talent "ghost"'],
    ["an undeclared pet", (m: any) => (m.spells[0].damage = { effect: 1, pet: "cat" }), "spells[0].damage.pet", 'unknown pet "cat"'],
  ])("reports %s as MANIFEST_UNKNOWN_NAME", (_what, mutate, wantPath, wantMsg) => {
    const m = minimal();
    mutate(m);
    const e = errorOf(() => validateManifest(m, FILE));
    expect(e.code).toBe("MANIFEST_UNKNOWN_NAME");
    expect(e.path).toBe(wantPath);
    expect(e.message).toContain(wantMsg);
  });
});
