// Mutually exclusive talents, from the game's talent tables (src/manifest/talent-exclusivity.ts):
// entries of one choice node, and a talent that replaces another's spell (TraitDefinition.OverridesSpellID).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { simulate } from "../src/engine/simulate.js";
import { ManifestError } from "../src/manifest/errors.js";
import { talentConflicts } from "../src/manifest/talent-exclusivity.js";
import { memoryBundle } from "./helpers/memory-bundle.js";

const DATA = path.resolve(__dirname, "../data");
let bundle: DataBundle;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
});

/** Two talents A (spell 100) and B (spell 200), each on a node of the given type; `sameNode`: one node for both. */
function treeBundle(nodeType: number, sameNode: boolean) {
  return memoryBundle({
    TraitDefinition: [
      { ID: 1, SpellID: 100, OverridesSpellID: 0 },
      { ID: 2, SpellID: 200, OverridesSpellID: 0 },
    ],
    TraitNodeEntry: [
      { ID: 11, TraitDefinitionID: 1 },
      { ID: 12, TraitDefinitionID: 2 },
    ],
    TraitNodeXTraitNodeEntry: [
      { ID: 21, TraitNodeID: 31, TraitNodeEntryID: 11 },
      { ID: 22, TraitNodeID: sameNode ? 31 : 32, TraitNodeEntryID: 12 },
    ],
    TraitNode: [
      { ID: 31, Type: nodeType },
      { ID: 32, Type: nodeType },
    ],
  });
}
const AB = [
  { name: "a", spell: 100, default: true },
  { name: "b", spell: 200, default: false },
];

describe("talentConflicts: choice nodes", () => {
  it("two entries of one choice node (TraitNode.Type 2) exclude each other", () => {
    expect(talentConflicts(treeBundle(2, true), AB)).toEqual([{ talents: ["a", "b"], reason: "both are entries of the choice node TraitNode 31 (100 and 200): one of them can be taken" }]);
  });

  it("a hero-talent sub-tree choice (Type 3) too", () => {
    expect(talentConflicts(treeBundle(3, true), AB)).toHaveLength(1);
  });

  it("entries of an ordinary node (Type 0), or of two different choice nodes, do not", () => {
    expect(talentConflicts(treeBundle(0, true), AB)).toEqual([]);
    expect(talentConflicts(treeBundle(2, false), AB)).toEqual([]);
  });

  it("without the trait tables nothing conflicts (no guess)", () => {
    expect(talentConflicts(memoryBundle({}), AB)).toEqual([]);
  });
});

describe("talentConflicts: the bundled 12.0.5 tables", () => {
  it("Warbreaker replaces Colossus Smash (TraitDefinition 117144 OverridesSpellID 167105); no other pair of a spec's talents conflicts", () => {
    const arms = [
      { name: "colossus_smash", spell: 167105, default: true },
      { name: "warbreaker", spell: 262161, default: false },
      { name: "avatar", spell: 107574, default: true },
      { name: "tactician", spell: 184783, default: true },
      { name: "deep_wounds", spell: 1261060, default: true },
      { name: "mortal_wounds", spell: 1261062, default: true },
    ];
    expect(talentConflicts(bundle, arms)).toEqual([
      { talents: ["colossus_smash", "warbreaker"], reason: '"warbreaker" (262161) replaces "colossus_smash" (167105): TraitDefinition 117144 OverridesSpellID 167105' },
    ]);
  });

  it("the bundle carries the node rows of the talents' definitions (Warbreaker's choice node 94313 in tree 880, type 2)", () => {
    expect(bundle.table("TraitNode").rows.find((r) => r["ID"] === 94313)).toMatchObject({ TraitTreeID: 880, Type: 2 });
  });
});

describe("simulate / CLI: a build with exclusive talents", () => {
  it("simulate rejects colossus_smash + warbreaker with MANIFEST_TALENT_CONFLICT naming both and the table row", async () => {
    const err = await simulate({ spec: "arms", talents: ["colossus_smash", "warbreaker"], iterations: 1, bundle, dataDir: DATA }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ManifestError);
    expect((err as ManifestError).code).toBe("MANIFEST_TALENT_CONFLICT");
    expect((err as ManifestError).path).toBe("talents");
    expect((err as Error).message).toMatch(/specs\/arms\/manifest\.json: talents: talents "colossus_smash" and "warbreaker" cannot be taken together: "warbreaker" \(262161\) replaces "colossus_smash" \(167105\): TraitDefinition 117144 OverridesSpellID 167105$/);
  });

  it("either one alone runs", async () => {
    for (const pick of ["colossus_smash", "warbreaker"]) {
      const r = await simulate({ spec: "arms", talents: [pick, "avatar"], iterations: 2, duration: 30, bundle, dataDir: DATA });
      expect(r.talents).toEqual([pick, "avatar"]);
    }
  });

  it("combatsim sim --talents colossus_smash,warbreaker exits 1 with the typed error", () => {
    const repoRoot = path.resolve(__dirname, "..");
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "sim", "--spec", "arms", "--talents", "colossus_smash,warbreaker", "--iterations", "1"], {
      cwd: repoRoot,
      encoding: "utf8",
      timeout: 50_000,
      env: { ...process.env, COMBATSIM_DATA_DIR: path.join(repoRoot, "data") },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^combatsim: \[MANIFEST_TALENT_CONFLICT\] .*talents "colossus_smash" and "warbreaker" cannot be taken together/);
  }, 60_000);
});
