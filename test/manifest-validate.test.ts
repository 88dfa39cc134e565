// Manifest validation: schema_version check, type errors with file + JSON path, unknown fields,
// unknown names, and the bundled BM manifest validating cleanly.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { composeManifest, dataDirPieces, ManifestError, SCHEMA_VERSION, validateManifest } from "../src/manifest/index.js";

const BM_FILE = path.resolve(__dirname, "../data/specs/beast-mastery/manifest.json");
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
    const m = await composeManifest(readFileSync(BM_FILE, "utf8"), BM_FILE, dataDirPieces(path.resolve(__dirname, "../data")));
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

// Plausible ranges (src/manifest/bounds.ts, docs/manifests.md "Plausible ranges"): a finite but absurd
// number is rejected where it is written, not deep inside a run.
describe("manifest validation: plausible ranges", () => {
  const aura = (extra: Record<string, unknown>) => (m: any) => (m.auras = [{ name: "a", id: 1, ...extra }]);
  it.each([
    ["an aura duration_ms of 1e300", aura({ duration_ms: 1e300 }), "auras[0].duration_ms", "must be <= 86400000 (milliseconds: 24 h), got 1e+300"],
    ["a cooldown_ms of 1e10", (m: any) => (m.spells[0].cooldown_ms = 1e10), "spells[0].cooldown_ms", "must be <= 86400000 (milliseconds: 24 h), got 10000000000"],
    ["a reduce_cooldown ms of 1e9", (m: any) => (m.spells[0].on_cast = [{ op: "reduce_cooldown", spell: "kill_command", ms: 1e9 }]), "spells[0].on_cast[0].ms", "(milliseconds: 24 h)"],
    ["a mastery coefficient of 1e308", (m: any) => (m.mastery.coefficient = 1e308), "mastery.coefficient", "must be <= 100 (percent per mastery point), got 1e+308"],
    ["an ap_coef of 1e6", (m: any) => (m.spells[0].damage = { ap_coef: 1e6 }), "spells[0].damage.ap_coef", "must be <= 1000 (coefficient or multiplier), got 1000000"],
    ["a max_stacks of 1e7", aura({ stacking: true, max_stacks: 1e7 }), "auras[0].max_stacks", "must be <= 10000 (count), got 10000000"],
    ["a resource max of 1e12", (m: any) => (m.resources[0].max = 1e12), "resources[0].max", "must be <= 10000000 (resource or stat amount), got 1000000000000"],
    ["a regen_per_sec of -1e12", (m: any) => (m.resources[0].regen_per_sec = -1e12), "resources[0].regen_per_sec", "must be >= -10000000 (resource or stat amount), got -1000000000000"],
    ["a crit_bonus of 150", (m: any) => (m.spells[0].damage = { effect: 1, crit_bonus: 150 }), "spells[0].damage.crit_bonus", "must be <= 100 (percent points: 100 = always crits), got 150"],
    ["an rppm of 1e5", (m: any) => (m.procs = [{ name: "p", id: 1, trigger: "rppm", rppm: 1e5, ops: [{ op: "reset_cooldown", spell: "kill_command" }] }]), "procs[0].rppm", "must be <= 1000 (procs per minute), got 100000"],
    ["a DataRef scale of 1e20", (m: any) => (m.spells[0].cost = { spell: 1, effect: 1, scale: 1e20 }), "spells[0].cost.scale", "must be <= 1000000 (data reference scale or offset), got 100000000000000000000"],
    ["a spell id beyond int32", (m: any) => (m.spells[0].id = 2 ** 31), "spells[0].id", "must be <= 2147483647 (spell id: a 32-bit table id), got 2147483648"],
  ])("rejects %s with the bound and the JSON path", (_what, mutate, wantPath, wantMsg) => {
    const m = minimal();
    mutate(m);
    const e = errorOf(() => validateManifest(m, FILE));
    expect([e.code, e.path]).toEqual(["INVALID_MANIFEST", wantPath]);
    expect(e.message).toContain(`${FILE}: ${wantPath}: `);
    expect(e.message).toContain(wantMsg);
  });

  it("accepts values at the bounds (24 h, 100 %/mastery point, 10000 stacks)", () => {
    const m = minimal();
    m.mastery.coefficient = 100;
    m.auras = [{ name: "a", id: 1, duration_ms: 86_400_000, stacking: true, max_stacks: 10_000 }];
    expect(() => validateManifest(m, FILE)).not.toThrow();
  });
});
