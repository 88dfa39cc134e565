// What a build's talent choice means against the real talent trees (src/talents/tree.ts):
// - the hero tree: the run's override (a loadout's hero tree), else — for the manifest's own default
//   talents — its `hero_tree`; for a talent list the run gives (--talents, a profile set's variant) the hero
//   tree of its taken hero talents, else the manifest's `hero_tree` (`fallback`). It must be one of the
//   spec's hero trees;
// - a taken talent that is a hero talent of another hero tree is MANIFEST_TALENT_CONFLICT;
// - the talents a rotation may name: every named talent of the spec's class, spec and chosen-or-not hero
//   trees. A modelled talent (declared in the manifest) is 1 when taken; any other tree talent is 0: the
//   build cannot take what the manifest does not model, and SimC's own APLs test many such talents.
import { ManifestError } from "../manifest/errors.js";
import type { TalentDecl } from "../manifest/schema.js";
import type { SpecTalentTree, TreeTalent } from "./tree.js";

export interface BuildTalents {
  /** The build's hero tree token (undefined: the spec has none, or the build names none). */
  heroTree: string | undefined;
  /** Hero tree tokens the spec may pick. */
  heroTrees: string[];
  /** Named talents of the spec's trees (tokens), modelled or not. */
  treeTalents: string[];
  /** Declared talents that are hero talents: name → their hero tree's token. */
  talentHeroTrees: Record<string, string>;
}

/** The tree talent a declared talent is (by spell id), if any. */
export function treeTalentOf(tree: SpecTalentTree, t: TalentDecl): TreeTalent | undefined {
  return t.spell === undefined ? undefined : tree.talents.find((x) => x.spell === t.spell);
}

export function buildTalents(
  tree: SpecTalentTree,
  declared: readonly TalentDecl[],
  chosen: readonly string[],
  heroTree: string | undefined,
  file: string,
  fallback?: string,
): BuildTalents {
  const heroTrees = tree.heroTrees.map((h) => h.token);
  if (heroTree !== undefined && !heroTrees.includes(heroTree)) {
    const known = heroTrees.length ? heroTrees.join(", ") : "none in the bundled talent tables";
    throw new ManifestError("MANIFEST_UNKNOWN_NAME", file, "hero_tree", `unknown hero tree "${heroTree}" (this spec's: ${known})`);
  }
  const takenHero = declared
    .filter((t) => chosen.includes(t.name))
    .map((t) => ({ t, x: treeTalentOf(tree, t) }))
    .filter((p): p is { t: TalentDecl; x: TreeTalent & { heroTree: string } } => p.x?.heroTree !== undefined);
  const build = heroTree ?? takenHero[0]?.x.heroTree ?? fallback;
  const stray = takenHero.find((p) => p.x.heroTree !== build);
  if (stray) {
    throw new ManifestError(
      "MANIFEST_TALENT_CONFLICT",
      file,
      "talents",
      `talent "${stray.t.name}" (${stray.t.spell}) is a ${stray.x.heroTree} hero talent; the build's hero tree is ${build}: a character has one hero tree`,
    );
  }
  const treeTalents = [...new Set(tree.talents.map((x) => x.token).filter((x): x is string => x !== undefined))];
  const talentHeroTrees: Record<string, string> = {};
  for (const t of declared) {
    const h = treeTalentOf(tree, t)?.heroTree;
    if (h !== undefined) talentHeroTrees[t.name] = h;
  }
  return { heroTree: build, heroTrees, treeTalents, talentHeroTrees };
}
