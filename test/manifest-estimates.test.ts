// `estimated`: manifest-stated values carry a source comment; validation, lookup by provenance path,
// and the rule that every manifest-given number of an implemented spec is marked.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { SpellResolver } from "../src/data/resolver.js";
import { estimateFor, listEstimates, loadManifest, ManifestError, resolveManifest, SCHEMA_VERSION, unmarkedManifestValues, validateManifest } from "../src/manifest/index.js";

const DATA = path.resolve(__dirname, "../data");
const FILE = "virtual.json";
const minimal = (spell: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  schema_version: SCHEMA_VERSION,
  spec: "test-spec",
  spec_id: 253,
  primary_stat: "agility",
  mastery: { spell: 76657, kind: "pet", coefficient: 1.8, estimated: { coefficient: "tooltip" } },
  resources: [{ name: "focus", power_type: 2 }],
  pets: [{ name: "p", duration_ms: 6000, estimated: { duration_ms: "pet tooltip", "attacks.bite.ap_coef": "guess" }, attacks: [{ name: "bite", interval_ms: 2000, ap_coef: 0.5 }] }],
  spells: [{ name: "kill_command", id: 34026, ...spell }],
  ...extra,
});
function errorOf(fn: () => unknown): ManifestError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ManifestError) return e;
    throw e;
  }
  throw new Error("expected a ManifestError");
}

describe("estimated: validation", () => {
  it("accepts paths to literal numbers of the same object (nested, indexed, pet attacks by name)", () => {
    const m = validateManifest(
      minimal({ cooldown_ms: 20000, on_cast: [{ op: "summon_pet", pet: "p" }, { op: "gain", resource: "focus", amount: 5 }], estimated: { cooldown_ms: "tooltip: 20 s", "on_cast[1].amount": "tooltip: 5 focus" } }),
      FILE,
    );
    expect(m.spells[0]!.estimated).toEqual({ cooldown_ms: "tooltip: 20 s", "on_cast[1].amount": "tooltip: 5 focus" });
    expect(m.pets[0]!.estimated!["attacks.bite.ap_coef"]).toBe("guess");
  });

  it("a path to nothing, to a data reference, or an empty comment is INVALID_MANIFEST at that key", () => {
    const none = errorOf(() => validateManifest(minimal({ estimated: { cooldown_ms: "x y z" } }), FILE));
    expect(none.message).toBe('virtual.json: spells[0].estimated.cooldown_ms: no value at "cooldown_ms" in this object');
    const ref = errorOf(() => validateManifest(minimal({ cooldown_ms: { spell: 34026, effect: 1 }, estimated: { cooldown_ms: "tooltip" } }), FILE));
    expect(ref.message).toBe('virtual.json: spells[0].estimated.cooldown_ms: "cooldown_ms" is not a literal number (a data reference is not an estimate)');
    const empty = errorOf(() => validateManifest(minimal({ cooldown_ms: 1000, estimated: { cooldown_ms: " " } }), FILE));
    expect(empty.path).toBe("spells[0].estimated.cooldown_ms");
    const type = errorOf(() => validateManifest(minimal({ cooldown_ms: 1000, estimated: { cooldown_ms: 3 } }), FILE));
    expect(type.message).toMatch(/estimated\.cooldown_ms: expected a string, got number/);
  });
});

describe("estimated: lookup and listing", () => {
  it("estimateFor finds the comment by provenance path; a summon op without duration uses the pet's", () => {
    const m = validateManifest(minimal({ on_cast: [{ op: "summon_pet", pet: "p" }] }), FILE);
    expect(estimateFor(m, "mastery.coefficient")).toBe("tooltip");
    expect(estimateFor(m, "pets.p.attacks.bite.ap_coef")).toBe("guess");
    expect(estimateFor(m, "pets.p.attacks.bite.interval_ms")).toBeUndefined();
    expect(estimateFor(m, "spells.kill_command.on_cast[0].duration_ms")).toBe("pet tooltip");
    expect(listEstimates(m)).toEqual([
      { path: "mastery.coefficient", value: 1.8, source: "tooltip" },
      { path: "pets.p.duration_ms", value: 6000, source: "pet tooltip" },
      { path: "pets.p.attacks.bite.ap_coef", value: 0.5, source: "guess" },
    ]);
  });

  it("Beast Mastery: every value resolved from the manifest is marked estimated (with hunter.json)", async () => {
    const bundle = await loadDataBundle(DATA);
    const { manifest, file } = await loadManifest(DATA, "beast-mastery");
    const spec = resolveManifest(manifest, new SpellResolver(bundle), file);
    const manifestValues = spec.provenance.filter((p) => p.source === "manifest");
    // The hunter pet's white swing is no spell in the client data (the 12.0.0.64228 dump has no pet
    // white-swing block; hunter.json notes.pets), so its interval and coefficient are manifest values.
    expect(manifestValues.map((p) => p.path)).toEqual(
      expect.arrayContaining(["pets.main.attacks.pet_melee.interval_ms", "pets.main.attacks.pet_melee.ap_coef"]),
    );
    expect(unmarkedManifestValues(manifest, spec.provenance)).toEqual([]);
    // and an unmarked one is reported: drop the hunter pet's marks (inherited from hunter.json) → exactly its
    // manifest values come back, the white swing's among them
    const stripped = { ...manifest, pets: manifest.pets.map((p) => (p.name === "main" ? { ...p, estimated: {} } : p)) };
    const petPaths = manifestValues.map((p) => p.path).filter((x) => x.startsWith("pets.main."));
    expect(petPaths).toContain("pets.main.attacks.pet_melee.ap_coef");
    expect(unmarkedManifestValues(stripped, spec.provenance).map((p) => p.path)).toEqual(petPaths);
    // the same for every aura or spell of the BM file that states a number (e.g. Beast Cleave's target count)
    for (const list of ["spells", "auras"] as const) {
      for (const entry of manifest[list]) {
        const own = manifestValues.map((p) => p.path).filter((x) => x.startsWith(`${list}.${entry.name}.`));
        if (own.length === 0) continue;
        const without = { ...manifest, [list]: manifest[list].map((e) => (e.name === entry.name ? { ...e, estimated: {} } : e)) };
        expect(unmarkedManifestValues(without, spec.provenance).map((p) => p.path), entry.name).toEqual(own);
      }
    }
  });
});
