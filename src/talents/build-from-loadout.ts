// A talent loadout string (the game's export, the SimC addon's `talents=`) as a build of a spec manifest:
// the manifest talents whose spell the loadout selects are taken, the loadout's hero tree is the build's,
// and every selected talent the manifest does not model is listed ("selected but not modelled") so the
// result says what the simulation leaves out instead of dropping it silently.
import type { DataBundle } from "../data/types.js";
import type { Manifest } from "../manifest/schema.js";
import { decodeLoadout, LoadoutError, loadoutHeroSubTree, loadoutTalents, treeLayout } from "./loadout.js";
import { specTalentTree, type TalentTreeKind } from "./tree.js";

export interface UnmodelledTalent {
  name: string;
  spell: number;
  tree: TalentTreeKind;
  ranks: number;
}

export interface LoadoutBuild {
  /** Manifest talent names the loadout takes. */
  talents: string[];
  heroTree: string | undefined;
  /** Selected talents neither a manifest talent nor a modelled spell/aura/passive covers. */
  notModelled: UnmodelledTalent[];
  /** Nodes the loadout selects (granted ones included). */
  selected: number;
}

export function buildFromLoadout(bundle: DataBundle, manifest: Manifest, text: string): LoadoutBuild {
  const tree = specTalentTree(bundle, manifest.spec_id);
  if (tree.traitTree === 0) throw new LoadoutError("LOADOUT_NO_TREE", `the data holds no talent tree for spec ${manifest.spec_id}: a loadout string cannot be read`);
  const layout = treeLayout(bundle, tree.traitTree);
  const loadout = decodeLoadout(text, layout, manifest.spec_id);
  const heroId = loadoutHeroSubTree(loadout, layout);
  const heroTree = tree.heroTrees.find((h) => h.id === heroId)?.token;

  const bySpell = new Map(manifest.talents.filter((t) => t.spell !== undefined).map((t) => [t.spell!, t.name]));
  const records = new Set<number>([...manifest.spells.map((x) => x.id), ...manifest.auras.map((x) => x.id), ...manifest.passives.map((x) => x.id)]);
  const talents: string[] = [];
  const notModelled: UnmodelledTalent[] = [];
  for (const { node, talent } of loadoutTalents(loadout, tree.talents)) {
    if (!talent) continue; // the hero selection node, or a node of another spec's tree
    // The export carries purchased nodes of both hero trees; only the chosen one's are active in the game.
    if (talent.tree === "hero" && heroTree !== undefined && talent.heroTree !== undefined && talent.heroTree !== heroTree) continue;
    const name = bySpell.get(talent.spell);
    if (name !== undefined) talents.push(name);
    else if (!records.has(talent.spell)) notModelled.push({ name: talent.name ?? `spell ${talent.spell}`, spell: talent.spell, tree: talent.tree, ranks: node.ranks });
  }
  return { talents: [...new Set(talents)], heroTree, notModelled, selected: loadout.nodes.length };
}

/** Whether a `--talents` value is a loadout string rather than a list of names. */
export function looksLikeLoadout(value: string): boolean {
  return /^[A-Za-z0-9+/]{30,}$/.test(value.trim());
}
