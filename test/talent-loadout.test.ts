// The game's talent loadout export string against the real Hunter tree (src/talents/loadout.ts), on the
// string of SimulationCraft's MID1 Beast Mastery profile (profiles/MID1/MID1_Hunter_Beast_Mastery.simc,
// simulationcraft/simc @ 295c234085636ca34faf2a7d4bf000c0d02eb528).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { decodeLoadout, encodeLoadout, loadoutHeader, loadoutHeroSubTree, loadoutTalents, LoadoutError, treeLayout, type TreeLayout } from "../src/talents/loadout.js";
import { specTalentTree } from "../src/talents/tree.js";
import { buildFromLoadout, looksLikeLoadout } from "../src/talents/build-from-loadout.js";
import { simulate, SimulateError } from "../src/engine/simulate.js";
import { parseProfile } from "../src/engine/profile.js";
import { formatTextReport } from "../src/report/text.js";
import { readFileSync } from "node:fs";
import type { Manifest } from "../src/manifest/schema.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BM_MID1 = "C0PAAAAAAAAAAAAAAAAAAAAAAAMmxwCsBzwQDbAAYG2GzsNzwMmZYYmxYmxMzYGzwMzYGzgx0MAAAAAmBAAgxMzMgZ2AbwsA2GA";

const codeOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    return e instanceof LoadoutError ? e.code : `not a LoadoutError: ${String(e)}`;
  }
  return undefined;
};

describe("loadout header, by hand", () => {
  it("C0P…: version 2, spec 253, zero tree hash", () => {
    // 'C' = 2 → bits 0,1,0,0,0,0; '0' = 52 → 0,0,1,0,1,1; 'P' = 15 → 1,1,1,1,0,0; 'A' = 0.
    // version = the first 8 bits, least significant first: 0,1,0,0,0,0 | 0,0 → 2.
    // spec = the next 16: 1,0,1,1 | 1,1,1,1,0,0 | 0,0,0,0,0,0 → 1 + 4 + 8 + 16 + 32 + 64 + 128 = 253.
    expect(loadoutHeader(BM_MID1)).toEqual({ version: 2, specId: 253, treeHash: new Array(16).fill(0) });
  });
});

describe("decode / encode on the Hunter tree", () => {
  let bundle: DataBundle;
  let layout: TreeLayout;
  beforeAll(async () => {
    bundle = await loadDataBundle(path.join(ROOT, "data"));
    layout = treeLayout(bundle, 774);
  });

  it("the MID1 Beast Mastery build: a Pack Leader build of 72 nodes, round-tripping exactly", () => {
    expect(layout.nodes).toHaveLength(211);
    const l = decodeLoadout(BM_MID1, layout, 253);
    expect(l.nodes).toHaveLength(72);
    const tree = specTalentTree(bundle, 253);
    const hero = loadoutHeroSubTree(l, layout);
    expect(tree.heroTrees.find((h) => h.id === hero)?.token).toBe("pack_leader");
    const tokens = loadoutTalents(l, tree.talents).map((x) => x.talent?.token);
    for (const t of ["bloody_frenzy", "jagged_wounds", "serpentine_strikes", "howl_of_the_pack_leader", "natures_ally"]) expect(tokens).toContain(t);
    for (const t of ["killer_cobra", "black_arrow", "snakeskin_quiver"]) expect(tokens).not.toContain(t);
    // Howl of the Pack Leader is granted by the hero tree (selected, not purchased); Frenzy has 2 ranks.
    const of = (token: string) => loadoutTalents(l, tree.talents).find((x) => x.talent?.token === token)!.node;
    expect(of("howl_of_the_pack_leader").purchased).toBe(false);
    expect(of("frenzy").ranks).toBe(2);
    expect(encodeLoadout(l, layout)).toBe(BM_MID1);
  });

  it("an edited build encodes and decodes to the same nodes", () => {
    const l = decodeLoadout(BM_MID1, layout, 253);
    const fewer = { ...l, nodes: l.nodes.filter((n) => n.node !== l.nodes[20]!.node) };
    const text = encodeLoadout(fewer, layout);
    expect(text).not.toBe(BM_MID1);
    expect(decodeLoadout(text, layout, 253).nodes).toEqual(fewer.nodes);
  });

  it("bad strings are typed errors", () => {
    expect(codeOf(() => decodeLoadout(BM_MID1, layout, 254))).toBe("LOADOUT_WRONG_SPEC");
    expect(codeOf(() => decodeLoadout("D" + BM_MID1.slice(1), layout))).toBe("LOADOUT_VERSION"); // 'D' = 3 → version 3
    expect(codeOf(() => decodeLoadout(BM_MID1.slice(0, 40), layout, 253))).toBe("LOADOUT_TRUNCATED");
    expect(codeOf(() => decodeLoadout(BM_MID1.replace("Mmx", "M-x"), layout, 253))).toBe("LOADOUT_BAD_BASE64");
    expect(() => decodeLoadout(BM_MID1.slice(0, 40), layout, 253)).toThrow(/ends inside node \d+/);
  });
});

describe("a loadout string as the build", () => {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, "data/specs/beast-mastery/manifest.json"), "utf8")) as Record<string, unknown>;

  it("looksLikeLoadout tells a loadout from a list of names", () => {
    expect(looksLikeLoadout(BM_MID1)).toBe(true);
    expect(looksLikeLoadout("beast_cleave,thrill_of_the_hunt")).toBe(false);
    expect(looksLikeLoadout("")).toBe(false);
  });

  it("simulate({ loadout }): the loadout's hero tree, its talents the manifest models, and the rest listed", async () => {
    const r = await simulate({ spec: "beast-mastery", loadout: BM_MID1, iterations: 20, duration: 60, threads: 1 });
    expect(r.heroTree).toBe("pack_leader");
    expect(r.loadout!.selected).toBe(72);
    // The MID1 build's talents the manifest models (Beast Cleave and Wild Thrash are not selected). Nature's Ally
    // (1273126, the third entry of the tiered apex node 110428, taken at 4/4 ranks) is not mapped from the loadout yet.
    expect(r.talents).toEqual(["howl_of_the_pack_leader", "barbed_scales", "serpentine_strikes", "lethal_barbs"]);
    // ... and every selected talent nothing models is listed by name and tree
    expect(r.loadout!.notModelled).toContainEqual({ name: "Bloody Frenzy", spell: 407412, tree: "spec", ranks: 1 });
    expect(r.loadout!.notModelled.find((t) => t.name === "Frenzy")!.ranks).toBe(2);
    // Kill Command's node grants the modelled ability: covered, not listed
    expect(r.loadout!.notModelled.some((t) => t.name === "Kill Command")).toBe(false);
    const text = formatTextReport(r);
    expect(text).toContain("talents: howl_of_the_pack_leader, barbed_scales, serpentine_strikes, lethal_barbs (hero tree pack_leader; loadout: 72 nodes, ");
    expect(text).toMatch(/note: the loadout selects \d+ talents the simulation does not model .*Bloody Frenzy \(spec\)/);
  });

  it("the profile's talents field is the build unless the config names talents or a loadout", async () => {
    const profile = { ...JSON.parse(readFileSync(path.join(ROOT, "data/specs/beast-mastery/profile.json"), "utf8")), talents: BM_MID1 };
    const r = await simulate({ spec: "beast-mastery", profile, iterations: 4, duration: 30, threads: 1 });
    expect(r.heroTree).toBe("pack_leader");
    const named = await simulate({ spec: "beast-mastery", profile, talents: ["beast_cleave"], iterations: 4, duration: 30, threads: 1 });
    expect(named.talents).toEqual(["beast_cleave"]);
    expect(named.loadout).toBeNull();
    expect(() => parseProfile({ ...profile, talents: "not a loadout!" }, "p.json")).toThrow(/p\.json.*talents.*loadout string/);
  });

  it("bad loadout configuration is a typed error", async () => {
    await expect(simulate({ spec: "beast-mastery", loadout: "xyz", iterations: 1, threads: 1 })).rejects.toThrow(SimulateError);
    await expect(simulate({ spec: "beast-mastery", loadout: BM_MID1, talents: ["beast_cleave"], iterations: 1, threads: 1 })).rejects.toThrow(/one build, one source/);
    await expect(simulate({ spec: "marksmanship", loadout: BM_MID1, iterations: 1, threads: 1 })).rejects.toThrow(/loadout string is for spec 253, not 254/);
  });

  it("buildFromLoadout on the manifest alone", async () => {
    const bundle = await loadDataBundle(path.join(ROOT, "data"));
    const m = { ...manifest, passives: [], auras: [], talents: [{ name: "bloody_frenzy", spell: 407412, default: false }] } as unknown as Manifest;
    const b = buildFromLoadout(bundle, m, BM_MID1);
    expect(b.talents).toEqual(["bloody_frenzy"]);
    expect(b.notModelled.some((t) => t.spell === 407412)).toBe(false);
  });
});
