// The "Talent trees" section of a spec's generated values page: the spec's class, spec and hero talents
// from the real trait tables (src/talents/tree.ts) and which of them the manifest models and the default
// build takes, so a reader sees at a glance what the simulation covers and what it leaves out.
import type { DataBundle } from "../data/types.js";
import type { Manifest } from "../manifest/schema.js";
import type { ResolvedSpec } from "../manifest/resolve.js";
import { specTalentTree, type TreeTalent } from "../talents/tree.js";

const label = (t: TreeTalent): string => `${t.name ?? "(no name in the data)"} (${t.spell})`;

export function talentTreeSection(bundle: DataBundle, manifest: Manifest, resolved: ResolvedSpec): string[] {
  const tree = specTalentTree(bundle, manifest.spec_id);
  if (tree.traitTree === 0) return ["## Talent trees", "", "The bundled data holds no talent tree for this spec.", ""];
  const bySpell = new Map(manifest.talents.filter((t) => t.spell !== undefined).map((t) => [t.spell!, t.name]));
  // A node that grants an ability the manifest models as a spell, aura or passive (Kill Command, Bestial
  // Wrath) is covered by that record, talent declaration or not.
  const records = new Set<number>([...manifest.spells.map((x) => x.id), ...manifest.auras.map((x) => x.id), ...manifest.passives.map((x) => x.id)]);
  const status = (t: TreeTalent): "taken" | "modelled" | "not modelled" => {
    const name = bySpell.get(t.spell);
    if (name === undefined) return records.has(t.spell) ? "taken" : "not modelled";
    return resolved.talents.includes(name) ? "taken" : "modelled";
  };
  const heroes = tree.heroTrees.map((h) => `${h.name} (\`${h.token}\`)`).join(", ");
  const lines = [
    `## Talent trees (TraitTree ${tree.traitTree})`,
    "",
    `The spec's talents in the 12.0.5 trait tables (docs/manifests.md#hero_tree-and-the-specs-talent-trees). Hero trees: ${heroes}; this build's: ${resolved.heroTree ? `\`${resolved.heroTree}\`` : "none"}.`,
    "Modelled: a manifest talent with the node's spell, or the manifest's spell, aura or passive of that id (a node granting a",
    "modelled ability); taken: in the default build (a modelled ability always is). A rotation's `talent.X` is 1 only for a taken",
    "manifest talent; every talent listed as not modelled is 0 in the simulation.",
    "",
    "| tree | talents | modelled | taken by the default build |",
    "|---|---|---|---|",
  ];
  const groups: [string, TreeTalent[]][] = [
    ["class", tree.talents.filter((t) => t.tree === "class")],
    ["spec", tree.talents.filter((t) => t.tree === "spec")],
    ...tree.heroTrees.map((h): [string, TreeTalent[]] => [`hero: ${h.name}`, tree.talents.filter((t) => t.heroTree === h.token)]),
  ];
  for (const [name, talents] of groups) {
    const modelled = talents.filter((t) => status(t) !== "not modelled");
    const taken = talents.filter((t) => status(t) === "taken");
    lines.push(`| ${name} | ${talents.length} | ${modelled.length ? modelled.map(label).join(", ") : "none"} | ${taken.length ? taken.map(label).join(", ") : "none"} |`);
  }
  for (const [name, talents] of groups) {
    const missing = talents.filter((t) => status(t) === "not modelled");
    if (missing.length) lines.push("", `Not modelled (${name}, ${missing.length}): ${missing.map(label).join(", ")}.`);
  }
  const offTree = manifest.talents.filter((t) => t.spell !== undefined && !tree.talents.some((x) => x.spell === t.spell));
  if (offTree.length) lines.push("", `Manifest talents whose spell is on none of these trees: ${offTree.map((t) => `\`${t.name}\` (${t.spell})`).join(", ")}.`);
  lines.push("");
  return lines;
}
