// `extends`: shared class-level manifest pieces (src/manifest/extends.ts, docs/manifests.md).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { composeManifest, loadManifest, ManifestError, SCHEMA_VERSION, siblingPieceReader, type ReadPiece } from "../src/manifest/index.js";
import { readTextFile } from "../src/manifest/load.js";
import { simulate } from "../src/engine/simulate.js";
import { manifestFile } from "./helpers/spec-data.js";

const DATA = path.resolve(__dirname, "../data");
const V = SCHEMA_VERSION;

/** In-memory pieces: name → JSON value (file = `<name>.json`). */
function pieces(map: Record<string, unknown>): ReadPiece {
  return async (name) => {
    if (!(name in map)) throw new ManifestError("MANIFEST_READ_FAILED", `${name}.json`, "", "cannot read: no such piece");
    return { text: JSON.stringify(map[name]), file: `${name}.json` };
  };
}

const base = {
  schema_version: V,
  primary_stat: "agility",
  notes: { about: "base", pets: "base pets" },
  resources: [{ name: "focus", power_type: 2, haste_scaled: true }],
  auto_attack: { name: "auto_shot", spell: 75, school: 1, weapon_multiplier: 1 },
  spells: [
    { name: "kill_shot", id: 53351, damage: { effect: 1 } },
    { name: "multi_shot", id: 2643, damage: { effect: 1, aoe: "all" } },
  ],
};
const child = (extra: Record<string, unknown> = {}) => ({
  schema_version: V,
  spec: "beast-mastery",
  spec_id: 253,
  extends: "base",
  mastery: { spell: 76657, kind: "pet", coefficient: 1.8 },
  spells: [{ name: "kill_command", id: 34026, damage: { effect: 1 } }],
  ...extra,
});

async function errorOf(p: Promise<unknown>): Promise<ManifestError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ManifestError) return e;
    throw e;
  }
  throw new Error("expected a ManifestError");
}

describe("extends: merge rules", () => {
  it("inherits every field the spec leaves out; base list entries come first, new names are appended", async () => {
    const m = await composeManifest(child(), "bm.json", pieces({ base }));
    expect(m.primary_stat).toBe("agility");
    expect(m.resources.map((r) => r.name)).toEqual(["focus"]);
    expect(m.auto_attack?.name).toBe("auto_shot");
    expect(m.spells.map((s) => s.name)).toEqual(["kill_shot", "multi_shot", "kill_command"]);
  });

  it("a same-name entry replaces the inherited one whole, at the inherited position", async () => {
    const m = await composeManifest(
      child({ spells: [{ name: "multi_shot", id: 2643, cooldown_ms: 5000, damage: { effect: 1 } }] }),
      "bm.json",
      pieces({ base }),
    );
    expect(m.spells.map((s) => s.name)).toEqual(["kill_shot", "multi_shot"]);
    // whole replacement: the base's aoe "all" is gone (default "single"), the override's cooldown is in
    expect(m.spells[1]!.damage!.aoe).toBe("single");
    expect(m.spells[1]!.cooldown_ms).toBe(5000);
  });

  it('{ "name", "remove": true } drops an inherited entry; removing an undeclared name is MANIFEST_EXTENDS', async () => {
    const m = await composeManifest(child({ spells: [{ name: "kill_shot", remove: true }, { name: "kill_command", id: 34026, damage: { effect: 1 } }] }), "bm.json", pieces({ base }));
    expect(m.spells.map((s) => s.name)).toEqual(["multi_shot", "kill_command"]);

    const e = await errorOf(composeManifest(child({ spells: [{ name: "ghost", remove: true }] }), "bm.json", pieces({ base })));
    expect(e.code).toBe("MANIFEST_EXTENDS");
    expect(e.message).toBe('bm.json: spells[0].name: cannot remove spells entry "ghost": no base declares it');
    const e2 = await errorOf(composeManifest(child({ spells: [{ name: "kill_shot", remove: true, id: 1 }] }), "bm.json", pieces({ base })));
    expect(e2.message).toBe('bm.json: spells[0].id: a removal holds only "name" and "remove"');
  });

  it("notes merge per key; whole-value fields (auto_attack, primary_stat) are replaced by the later layer", async () => {
    const m = await composeManifest(
      child({ notes: { pets: "spec pets" }, auto_attack: { name: "auto_shot", spell: 75, weapon_multiplier: 2 }, primary_stat: "strength" }),
      "bm.json",
      pieces({ base }),
    );
    expect(m.notes).toEqual({ about: "base", pets: "spec pets" });
    expect(m.auto_attack).toEqual({ name: "auto_shot", spell: 75, school: 1, weapon_multiplier: 2 });
    expect(m.primary_stat).toBe("strength");
  });

  it("several bases apply left to right, nested bases first; the spec applies last", async () => {
    const a = { schema_version: V, extends: "root", spells: [{ name: "kill_shot", id: 53351, cooldown_ms: 1000, damage: { effect: 1 } }] };
    const b = { schema_version: V, spells: [{ name: "kill_shot", id: 53351, cooldown_ms: 2000, damage: { effect: 1 } }] };
    const root = { ...base, spells: [{ name: "multi_shot", id: 2643, damage: { effect: 1 } }] };
    const m = await composeManifest(child({ extends: ["a", "b"] }), "bm.json", pieces({ a, b, root }));
    expect(m.spells.map((s) => [s.name, s.cooldown_ms])).toEqual([["multi_shot", undefined], ["kill_shot", 2000], ["kill_command", undefined]]);
  });
});

describe("extends: errors", () => {
  it("a cycle is MANIFEST_EXTENDS naming the chain", async () => {
    const a = { schema_version: V, extends: "b" };
    const b = { schema_version: V, extends: "a" };
    const e = await errorOf(composeManifest(child({ extends: "a" }), "bm.json", pieces({ a, b })));
    expect(e.code).toBe("MANIFEST_EXTENDS");
    expect(e.message).toBe("b.json: extends: extends cycle: a.json -> b.json -> a.json");
  });

  it("a two-file cycle through the spec manifest itself is MANIFEST_EXTENDS naming both files (not 'a piece may not set spec')", async () => {
    const bm = child({ extends: "a" });
    const a = { schema_version: V, extends: "bm" };
    const e = await errorOf(composeManifest(bm, "bm.json", pieces({ a, bm })));
    expect([e.code, e.file, e.path]).toEqual(["MANIFEST_EXTENDS", "a.json", "extends"]);
    expect(e.message).toBe("a.json: extends: extends cycle: bm.json -> a.json -> bm.json");
  });

  it("the cycle check compares files by path, not by spelling (./, .., doubled or back slashes)", async () => {
    const docs: Record<string, unknown> = { bm: child({ extends: "a" }), a: { schema_version: V, extends: "bm" } };
    // a reader that spells its paths differently from the caller's root path
    const read: ReadPiece = async (name) => ({ text: JSON.stringify(docs[name]), file: `data/x/..//manifests/./${name}.json` });
    const e = await errorOf(composeManifest(docs["bm"], "data\\manifests\\bm.json", read));
    expect(e.code).toBe("MANIFEST_EXTENDS");
    expect(e.message).toBe("data/x/..//manifests/./a.json: extends: extends cycle: data\\manifests\\bm.json -> data/x/..//manifests/./a.json -> data/x/..//manifests/./bm.json");
  });

  it("a piece may not name a spec", async () => {
    const e = await errorOf(composeManifest(child(), "bm.json", pieces({ base: { ...base, spec_id: 254 } })));
    expect([e.code, e.file, e.path]).toEqual(["MANIFEST_EXTENDS", "base.json", "spec_id"]);
  });

  it("a piece with another schema_version fails with MANIFEST_SCHEMA_VERSION naming the piece", async () => {
    const e = await errorOf(composeManifest(child(), "bm.json", pieces({ base: { ...base, schema_version: V + 1 } })));
    expect(e.code).toBe("MANIFEST_SCHEMA_VERSION");
    expect(e.message).toBe(`base.json: schema_version: schema_version ${V + 1} does not match the current manifest schema version ${V}`);
  });

  it("a bad value inherited from a piece is reported at the piece's file and path", async () => {
    const bad = { ...base, spells: [base.spells[0], { name: "multi_shot", id: -4, damage: { effect: 1 } }] };
    const e = await errorOf(composeManifest(child(), "bm.json", pieces({ base: bad })));
    expect(e.code).toBe("INVALID_MANIFEST");
    expect(e.message).toBe("base.json: spells[1].id: must be >= 1, got -4 (in the manifest merged for bm.json)");
    // a bad top-level field of the piece too
    const e2 = await errorOf(composeManifest(child(), "bm.json", pieces({ base: { ...base, primary_stat: "luck" } })));
    expect([e2.file, e2.path]).toEqual(["base.json", "primary_stat"]);
    // an unknown name used in the spec (merged index 2) is reported in the spec's own file at its own index
    const e3 = await errorOf(composeManifest(child({ spells: [{ name: "x", id: 1, talent: "ghost" }] }), "bm.json", pieces({ base })));
    expect(e3.message).toBe('bm.json: spells[0].talent: unknown talent "ghost"');
  });

  it("a missing piece, or a malformed extends value, is an error naming the file", async () => {
    const e = await errorOf(composeManifest(child({ extends: "nope" }), "bm.json", pieces({})));
    expect([e.code, e.file]).toEqual(["MANIFEST_READ_FAILED", "nope.json"]);
    const e2 = await errorOf(composeManifest(child({ extends: ["base", "Bad Name"] }), "bm.json", pieces({ base })));
    expect([e2.code, e2.path]).toEqual(["INVALID_MANIFEST", "extends[1]"]);
  });

  it("loadManifest reads specs/<spec>/manifest.json and its pieces from specs/_class/ or specs/_shared/", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "combatsim-extends-"));
    for (const d of ["specs/bm", "specs/_class", "specs/_shared"]) mkdirSync(path.join(root, d), { recursive: true });
    writeFileSync(path.join(root, "specs/_class/base.json"), JSON.stringify({ ...base, extends: "common" }));
    writeFileSync(path.join(root, "specs/_shared/common.json"), JSON.stringify({ schema_version: SCHEMA_VERSION }));
    writeFileSync(path.join(root, "specs/bm/manifest.json"), JSON.stringify(child()));
    const { manifest, file } = await loadManifest(root, "bm");
    expect(file).toBe(`${root}/specs/bm/manifest.json`);
    expect(manifest.spells.map((s) => s.name)).toEqual(["kill_shot", "multi_shot", "kill_command"]);
    // a missing piece names where a piece belongs and both folders looked in
    writeFileSync(path.join(root, "specs/bm/manifest.json"), JSON.stringify(child({ extends: "gone" })));
    const e = await errorOf(loadManifest(root, "bm"));
    expect([e.code, e.file]).toEqual(["MANIFEST_READ_FAILED", `${root}/specs/_class/gone.json`]);
    expect(e.message).toContain("a piece is looked for in specs/_class/ and specs/_shared/");
  });

  it("siblingPieceReader reads <dir>/<name>.json next to the referencing file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "combatsim-extends-"));
    writeFileSync(path.join(dir, "base.json"), JSON.stringify(base));
    const m = await composeManifest(child(), path.join(dir, "bm.json"), siblingPieceReader(readTextFile));
    expect(m.spells.map((s) => s.name)).toEqual(["kill_shot", "multi_shot", "kill_command"]);
    const e = await errorOf(composeManifest(child({ extends: "gone" }), path.join(dir, "bm.json"), siblingPieceReader(readTextFile)));
    expect([e.code, e.file]).toEqual(["MANIFEST_READ_FAILED", path.join(dir, "gone.json")]);
  });
});

describe("Beast Mastery on the shared hunter.json", () => {
  const readJson = (f: string) => JSON.parse(readFileSync(manifestFile(f.replace(/\.json$/, "")), "utf8"));

  it("takes focus, Auto Shot and the permanent pet from hunter.json; Kill Shot is Marksmanship's in 12.0", async () => {
    const { manifest } = await loadManifest(DATA, "beast-mastery");
    const hunter = readJson("hunter.json");
    const own = readJson("beast-mastery.json");
    expect(own.extends).toBe("hunter");
    expect(own.resources).toBeUndefined();
    expect(own.auto_attack).toBeUndefined();
    expect(manifest.resources).toEqual([{ name: "focus", power_type: 2, haste_scaled: true }]);
    expect(manifest.auto_attack).toEqual({ ...hunter.auto_attack });
    expect(manifest.primary_stat).toBe("agility");
    // the permanent pet is the class piece's (Call of the Wild's and Dire Beast's pets left with 12.0.0.64228)
    expect(manifest.pets.map((p) => p.name)).toEqual(["main"]);
    expect(manifest.pets[0]).toMatchObject({ permanent: true, ap_ratio: hunter.pets[0].ap_ratio });
    expect(manifest.pets[0]!.attacks.map((a) => a.name)).toEqual(hunter.pets[0].attacks.map((a: { name: string }) => a.name));
    // Kill Shot (53351) left the class piece: its only Talent Entry in the 12.0.0.64228 dump is
    // "Marksmanship [tree=spec, row=6, col=3 ...]" (data/sources/12.0.0.64228/hunter.txt:226)
    expect(hunter.spells.map((s: { name: string }) => s.name)).not.toContain("kill_shot");
    expect(manifest.spells.map((s) => s.name)).not.toContain("kill_shot");
    // the shared pieces of raid.json first (the potion and the racials, docs/consumables.md), then the class
    // piece's shared Dark Ranger spells (hunter.json notes.dark_ranger), then the spec's own, in its order
    const shared = [...readJson("consumables.json").spells, ...readJson("racials.json").spells];
    expect(hunter.spells.map((s: { name: string }) => s.name)).toEqual(["black_arrow", "wailing_arrow"]);
    expect(manifest.spells.map((s) => s.name)).toEqual([...shared, ...hunter.spells, ...own.spells].map((s: { name: string }) => s.name));
    expect(manifest.spells[shared.length + 2]!.name).toBe("kill_command");
    const { manifest: mm } = await loadManifest(DATA, "marksmanship");
    expect(readJson("marksmanship.json").extends).toBe("hunter");
    expect(mm.spells.find((s) => s.name === "kill_shot")).toMatchObject({ id: 53351 });
    expect(mm.resources).toEqual(manifest.resources);
  });

  it("simulates exactly like the same manifest written out in one file (no extends)", async () => {
    const raid = readJson("raid.json");
    const consumables = readJson("consumables.json");
    const racials = readJson("racials.json");
    const hunter = readJson("hunter.json");
    const own = readJson("beast-mastery.json");
    // Hand-inlined: the hunter entries first (where the merge puts them), then the spec's.
    const inlined = {
      ...own,
      extends: undefined,
      primary_stat: hunter.primary_stat,
      resources: hunter.resources,
      auto_attack: hunter.auto_attack,
      notes: { ...hunter.notes, ...own.notes },
      pets: [...hunter.pets, ...own.pets],
      // hunter.json extends raid.json, which extends consumables.json and racials.json: their entries come first
      spells: [...consumables.spells, ...racials.spells, ...hunter.spells, ...own.spells],
      auras: [...consumables.auras, ...racials.auras, ...raid.auras, ...(hunter.auras ?? []), ...own.auras],
      talents: [...hunter.talents, ...own.talents],
      absent: own.absent,
    };
    delete inlined.extends;
    const cfg = { dataDir: DATA, iterations: 40, seed: 11, duration: 90, chunkSize: 20 };
    const [a, b] = await Promise.all([simulate(cfg), simulate({ ...cfg, manifest: inlined })]);
    expect(a.dps).toEqual(b.dps);
    expect(a.spells).toEqual(b.spells);
  });
});

describe("expressions: named rotation expressions (docs/manifests.md)", () => {
  it("merge per key through extends, later layers winning", async () => {
    const b = { ...base, expressions: { "stealthed.rogue": "buff.stealth.up", "a.b": "1" } };
    const m = await composeManifest(child({ expressions: { "a.b": "2", c: "time > 3" } }), "bm.json", pieces({ base: b }));
    expect(m.expressions).toEqual({ "stealthed.rogue": "buff.stealth.up", "a.b": "2", c: "time > 3" });
  });
  it("a bad name or an empty text is INVALID_MANIFEST at expressions.<name>", async () => {
    const bad = await errorOf(composeManifest(child({ expressions: { "Stealthed.rogue": "1" } }), "bm.json", pieces({ base })));
    expect([bad.code, bad.path]).toEqual(["INVALID_MANIFEST", "expressions.Stealthed.rogue"]);
    const empty = await errorOf(composeManifest(child({ expressions: { x: " " } }), "bm.json", pieces({ base })));
    expect([empty.code, empty.path]).toEqual(["INVALID_MANIFEST", "expressions.x"]);
  });
});
