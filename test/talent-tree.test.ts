// The spec talent trees read from the real trait tables (src/talents/tree.ts), the SimC tokens of their
// names, what a build's hero tree means (src/talents/spec-talents.ts) and how rotations see both.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { parseSpellIdList } from "../src/data/spell-dump/id-list.js";
import { SpellDumpError } from "../src/data/spell-dump/parse.js";
import { ManifestError } from "../src/manifest/errors.js";
import { simulate } from "../src/engine/simulate.js";
import { RotationError } from "../src/rotation/errors.js";
import { buildTalents } from "../src/talents/spec-talents.js";
import { talentToken } from "../src/talents/token.js";
import { talentTreeSection } from "../src/catalog/talent-section.js";
import { composeManifest, dataDirPieces } from "../src/manifest/index.js";
import { resolveManifest } from "../src/manifest/resolve.js";
import { SpellResolver } from "../src/data/resolver.js";
import { specTalentTree, type SpecTalentTree } from "../src/talents/tree.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("talentToken: SimC's naming", () => {
  it.each([
    ["Killer Cobra", "killer_cobra"],
    ["Nature's Ally", "natures_ally"],
    ["Can't Miss, Won't Miss", "cant_miss_wont_miss"],
    ["Stampede!", "stampede"],
    ["Invocation: Arcane Phoenix", "invocation_arcane_phoenix"],
    ["Dark Ranger", "dark_ranger"],
    ["Slayer's Dominance", "slayers_dominance"],
  ])("%s -> %s", (name, token) => expect(talentToken(name)).toBe(token));
});

describe("parseSpellIdList", () => {
  it("reads class sections of '<id> <name>' lines, dropping the '*' column", () => {
    const list = parseSpellIdList("# Source: a @ b, c\n\nHunter\n199532   Killer Cobra\n201422  *Killer Cobra\n\nMage\n2120     Flamestrike\n", "x.txt");
    expect(list.provenance["Source"]).toBe("a @ b, c");
    expect(list.names.get(199532)).toEqual({ name: "Killer Cobra", section: "Hunter", line: 4 });
    expect(list.names.get(201422)!.name).toBe("Killer Cobra");
    expect(list.names.get(2120)).toEqual({ name: "Flamestrike", section: "Mage", line: 8 });
  });
  it("names the file and line of a bad line, a duplicate and a line before any class", () => {
    const err = (text: string) => {
      try {
        parseSpellIdList(text, "x.txt");
      } catch (e) {
        return e as SpellDumpError;
      }
      throw new Error("no error");
    };
    expect(err("Hunter\n12x Name\n").message).toMatch(/^x\.txt:2: /);
    expect(err("Hunter\n1 A\n1 B\n").message).toMatch(/x\.txt:3: spell 1 is listed twice/);
    expect(err("1 A\n").message).toMatch(/x\.txt:1: a spell line before any class header/);
  });
});

describe("specTalentTree on the bundled 12.0.5 tables", () => {
  let bundle: DataBundle;
  let bm: SpecTalentTree;
  beforeAll(async () => {
    bundle = await loadDataBundle(path.join(ROOT, "data"));
    bm = specTalentTree(bundle, 253);
  });

  const find = (t: SpecTalentTree, token: string) => t.talents.filter((x) => x.token === token);

  it("Beast Mastery: the Hunter tree 774 with its class, spec and two hero trees", () => {
    expect(bm.traitTree).toBe(774);
    expect(bm.heroTrees.map((h) => h.token).sort()).toEqual(["dark_ranger", "pack_leader"]);
    const count = (k: string) => bm.talents.filter((x) => x.tree === k).length;
    expect(count("class")).toBe(50);
    expect(count("spec")).toBe(46);
    expect(count("hero")).toBe(34);
    // Killer Cobra: spell 199532, a spec talent; Black Arrow: a Dark Ranger hero talent; Counter Shot: class.
    expect(find(bm, "killer_cobra")).toEqual([expect.objectContaining({ spell: 199532, tree: "spec" })]);
    expect(find(bm, "black_arrow")[0]).toEqual(expect.objectContaining({ tree: "hero", heroTree: "dark_ranger" }));
    expect(find(bm, "counter_shot")[0]!.tree).toBe("class");
    // A Marksmanship-only talent is not on the BM tree.
    expect(find(bm, "trick_shots")).toEqual([]);
  });

  it("each implemented spec sees its own two hero trees", () => {
    const heroes = (spec: number) => specTalentTree(bundle, spec).heroTrees.map((h) => h.token).sort();
    expect(heroes(254)).toEqual(["dark_ranger", "sentinel"]);
    expect(heroes(63)).toEqual(["frostfire", "sunfury"]);
    expect(heroes(71)).toEqual(["colossus", "slayer"]);
    expect(heroes(259)).toEqual(["deathstalker", "fatebound"]);
    expect(heroes(265)).toEqual(["hellcaller", "soul_harvester"]);
    expect(find(specTalentTree(bundle, 63), "frostfire_bolt")[0]).toEqual(expect.objectContaining({ tree: "hero", heroTree: "frostfire", spell: 431044 }));
    expect(find(specTalentTree(bundle, 254), "trick_shots")[0]!.tree).toBe("spec");
  });

  it("the values page section lists each tree with what is modelled, taken and left out", async () => {
    const file = "data/specs/beast-mastery/manifest.json";
    const m = await composeManifest(readFileSync(path.join(ROOT, file), "utf8"), file, dataDirPieces(path.join(ROOT, "data")));
    const lines = talentTreeSection(bundle, m, resolveManifest(m, new SpellResolver(bundle), file));
    expect(lines[0]).toBe("## Talent trees (TraitTree 774)");
    const row = (tree: string) => lines.find((l) => l.startsWith(`| ${tree} |`))!;
    expect(row("class")).toBe("| class | 50 | none | none |");
    // Kill Command's node grants the ability the manifest models as a spell: modelled and taken
    expect(row("spec")).toMatch(/^\| spec \| 46 \| .*Kill Command \(34026\).* \| .*Kill Command \(34026\)/);
    expect(lines.some((l) => l.startsWith("Not modelled (spec, ") && l.includes("Killer Cobra (199532)"))).toBe(true);
    // the Dark Ranger tree: Withering Fire, Wailing Dead and Black Arrow modelled (hunter.json), none taken by the Pack Leader build
    expect(row("hero: Dark Ranger")).toBe("| hero: Dark Ranger | 17 | Withering Fire (466990), Wailing Dead (1264290), Black Arrow (466930) | none |");
    expect(lines.some((l) => l.startsWith("Not modelled (hero: Dark Ranger, 14): "))).toBe(true);
  });

  it("buildTalents: the hero tree must be the spec's, a taken hero talent must belong to it", () => {
    const decl = [{ name: "black_arrow", spell: find(bm, "black_arrow")[0]!.spell, default: true }];
    expect(buildTalents(bm, decl, [], "pack_leader", "m.json").heroTree).toBe("pack_leader");
    // no hero_tree given: the taken hero talents say which
    expect(buildTalents(bm, decl, ["black_arrow"], undefined, "m.json").heroTree).toBe("dark_ranger");
    expect(() => buildTalents(bm, decl, [], "sunfury", "m.json")).toThrow(ManifestError);
    expect(() => buildTalents(bm, decl, [], "sunfury", "m.json")).toThrow(/unknown hero tree "sunfury" \(this spec's: pack_leader, dark_ranger\)/);
    const conflict = (() => {
      try {
        buildTalents(bm, decl, ["black_arrow"], "pack_leader", "m.json");
      } catch (e) {
        return e as ManifestError;
      }
    })();
    expect(conflict?.code).toBe("MANIFEST_TALENT_CONFLICT");
    expect(conflict?.message).toMatch(/"black_arrow" .* is a dark_ranger hero talent; the build's hero tree is pack_leader/);
  });
});

describe("rotations read tree talents and the hero tree", () => {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, "data/specs/beast-mastery/manifest.json"), "utf8")) as Record<string, unknown>;
  const rotation = {
    lists: {
      default: [
        { cast: "cobra_shot", if: "talent.killer_cobra" }, // a tree talent the manifest does not model: never taken
        { cast: "kill_command", if: "hero_tree.pack_leader" },
        { cast: "barbed_shot", if: "!hero_tree.dark_ranger" },
        { wait: "1" },
      ],
    },
  };
  const casts = (r: Awaited<ReturnType<typeof simulate>>, name: string) => r.spells.find((s) => s.name === name)?.casts ?? 0;

  it("an unmodelled tree talent is 0; hero_tree.X follows the manifest's hero_tree", async () => {
    // no talents taken (a hero talent would fix the hero tree) and no hero_tree in the manifest: no hero tree
    const base = { spec: "beast-mastery", rotation, iterations: 4, duration: 30, threads: 1, talents: [] as string[] };
    const { hero_tree: _heroTree, ...noHero } = manifest;
    const none = await simulate({ ...base, manifest: noHero });
    expect(casts(none, "cobra_shot")).toBe(0);
    expect(casts(none, "kill_command")).toBe(0);
    expect(casts(none, "barbed_shot")).toBeGreaterThan(0);
    const pack = await simulate({ ...base, manifest: { ...manifest, hero_tree: "pack_leader" } });
    expect(casts(pack, "kill_command")).toBeGreaterThan(0);
    const dark = await simulate({ ...base, manifest: { ...manifest, hero_tree: "dark_ranger" } });
    expect(casts(dark, "kill_command")).toBe(0);
    expect(casts(dark, "barbed_shot")).toBe(0);
  });

  it("a name on no tree is still an unknown-name error naming it", async () => {
    const bad = (cond: string) => simulate({ spec: "beast-mastery", manifest, rotation: { lists: { default: [{ cast: "cobra_shot", if: cond }] } }, iterations: 1, duration: 10, threads: 1 });
    await expect(bad("talent.not_a_talent")).rejects.toThrow(RotationError);
    await expect(bad("talent.not_a_talent")).rejects.toThrow(/unknown talent "not_a_talent"/);
    await expect(bad("hero_tree.sunfury")).rejects.toThrow(/unknown hero tree "sunfury"/);
  });
});
