// A spec's talents as the game's talent tables lay them out: the class tree, the spec tree and the hero
// trees the spec may pick, read from the real TraitTree/TraitNode/TraitNodeEntry/TraitDefinition rows
// (bundled by `combatsim data extract`, src/data/extract-traits.ts).
//
// - The class's tree: its class skill line's SkillLineXTraitTree row (see extract-traits.ts).
// - Which tree a node belongs to: the currency its cost is paid in (TraitNodeXTraitCost or its groups'
//   TraitNodeGroupXTraitCost → TraitCost.TraitCurrencyID), ordered by TraitTreeXTraitCurrency._Index:
//   index 1 is the class's points, index 2 the spec's points; a node on a TraitSubTree is a hero talent.
// - Which spec sees a node: a spec-set condition (TraitCond.CondType 1 with a SpecSetID) on the node or one
//   of its groups limits it to that set's specs (SpecSetMember); a node without one is seen by every spec.
// - The hero trees a spec may pick: the entries (TraitNodeEntry.TraitSubTreeID) of the sub-tree selection
//   node (TraitNode.Type 3) the spec sees.
// - Names: TraitDefinition.OverrideName_lang, else the definition spell's SpellName row (the talent spells'
//   names come from SimulationCraft's spell id list, data/sources/12.0.0.64228/spell_id_list.txt).
//   A talent whose spell has no name row has no token: it cannot be named in a rotation.
import type { DataBundle, Row } from "../data/types.js";
import { talentToken } from "./token.js";

export type TalentTreeKind = "class" | "spec" | "hero";

export interface TreeTalent {
  /** SimC-style token of the name (`killer_cobra`), undefined when the data has no name. */
  token: string | undefined;
  name: string | undefined;
  spell: number;
  definition: number;
  entry: number;
  node: number;
  maxRanks: number;
  tree: TalentTreeKind;
  /** For hero talents: the hero tree's token. */
  heroTree?: string;
  /** The node offers a choice between entries (TraitNode.Type 2). */
  choice: boolean;
}

export interface HeroTree {
  id: number;
  name: string;
  token: string;
}

export interface SpecTalentTree {
  spec: number;
  /** TraitTree.ID of the class tree (0 when the data has none). */
  traitTree: number;
  talents: TreeTalent[];
  heroTrees: HeroTree[];
}

const num = (r: Row, c: string): number => Number(r[c] ?? 0);
/** A text cell; empty and missing are undefined. */
const text = (r: Row | undefined, c: string): string | undefined => {
  const v = r?.[c];
  return v === undefined || v === "" ? undefined : String(v);
};
const SPEC_SET_COND = 1;
const SUBTREE_SELECTION = 3;
const CHOICE = 2;

function groupBy<K>(rows: readonly Row[], key: (r: Row) => K): Map<K, Row[]> {
  const out = new Map<K, Row[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/** The bundle holds rows of the table (a missing CSV is an empty table). */
function has(bundle: DataBundle, name: string): boolean {
  return bundle.tableNames().includes(name) && bundle.table(name).rows.length > 0;
}

/** The spec's class tree id: the class skill line's tree (0 when the bundle lacks the rows). */
function classTree(bundle: DataBundle, spec: number): number {
  const classId = num(bundle.table("ChrSpecialization").rows.find((r) => num(r, "ID") === spec) ?? {}, "ClassID");
  const className = text(bundle.table("ChrClasses").rows.find((r) => num(r, "ID") === classId), "Name_lang");
  if (!has(bundle, "SkillLineXTraitTree") || className === undefined) return 0;
  const trees = new Set(bundle.table("TraitTree").rows.map((r) => num(r, "ID")));
  const candidates = bundle.table("SkillLineXTraitTree").rows.filter((r) => num(r, "Variant") === 0 && trees.has(num(r, "TraitTreeID")));
  const lines = has(bundle, "SkillLine") ? new Map(bundle.table("SkillLine").rows.map((r) => [num(r, "ID"), r])) : new Map<number, Row>();
  const named = candidates.find((r) => text(lines.get(num(r, "SkillLineID")), "DisplayName_lang") === className);
  return num(named ?? {}, "TraitTreeID");
}

/** Specs that see a node (spec-set conditions on the node or its groups); undefined = every spec. */
function nodeSpecs(links: readonly Row[], condById: Map<number, Row>, members: Map<number, Row[]>): Set<number> | undefined {
  let specs: Set<number> | undefined;
  for (const l of links) {
    const c = condById.get(num(l, "TraitCondID"));
    if (!c || num(c, "CondType") !== SPEC_SET_COND || num(c, "SpecSetID") === 0) continue;
    specs ??= new Set();
    for (const m of members.get(num(c, "SpecSetID")) ?? []) specs.add(num(m, "ChrSpecializationID"));
  }
  return specs;
}

/** The spec's class, spec and hero talents; an empty tree when the bundle carries no talent-tree rows. */
export function specTalentTree(bundle: DataBundle, spec: number): SpecTalentTree {
  // The condition/cost/sub-tree tables may be empty (a tree without such rows); these may not.
  const needed = ["TraitTree", "TraitNode", "TraitNodeEntry", "TraitNodeXTraitNodeEntry", "TraitDefinition", "TraitTreeXTraitCurrency"];
  const empty: SpecTalentTree = { spec, traitTree: 0, talents: [], heroTrees: [] };
  if (!needed.every((n) => has(bundle, n))) return empty;
  const tree = classTree(bundle, spec);
  if (tree === 0) return empty;

  const currencyIndex = new Map(bundle.table("TraitTreeXTraitCurrency").rows.filter((r) => num(r, "TraitTreeID") === tree).map((r) => [num(r, "TraitCurrencyID"), num(r, "_Index")]));
  const costCurrency = new Map(bundle.table("TraitCost").rows.map((r) => [num(r, "ID"), num(r, "TraitCurrencyID")]));
  const groupsOf = groupBy(bundle.table("TraitNodeGroupXTraitNode").rows, (r) => num(r, "TraitNodeID"));
  const condsOfNode = groupBy(bundle.table("TraitNodeXTraitCond").rows, (r) => num(r, "TraitNodeID"));
  const condsOfGroup = groupBy(bundle.table("TraitNodeGroupXTraitCond").rows, (r) => num(r, "TraitNodeGroupID"));
  const costsOfNode = groupBy(bundle.table("TraitNodeXTraitCost").rows, (r) => num(r, "TraitNodeID"));
  const costsOfGroup = groupBy(bundle.table("TraitNodeGroupXTraitCost").rows, (r) => num(r, "TraitNodeGroupID"));
  const entriesOf = groupBy(bundle.table("TraitNodeXTraitNodeEntry").rows, (r) => num(r, "TraitNodeID"));
  const entryById = new Map(bundle.table("TraitNodeEntry").rows.map((r) => [num(r, "ID"), r]));
  const defById = new Map(bundle.table("TraitDefinition").rows.map((r) => [num(r, "ID"), r]));
  const subTrees = new Map(bundle.table("TraitSubTree").rows.filter((r) => num(r, "TraitTreeID") === tree).map((r) => [num(r, "ID"), r]));
  const spellName = (id: number): string | undefined => (has(bundle, "SpellName") ? text(bundle.table("SpellName").byId(id), "Name_lang") : undefined);
  const condById = new Map(bundle.table("TraitCond").rows.map((r) => [num(r, "ID"), r]));
  const members = groupBy(bundle.table("SpecSetMember").rows, (r) => num(r, "SpecSet"));

  const nodes = bundle.table("TraitNode").rows.filter((r) => num(r, "TraitTreeID") === tree);
  const visible = (node: number) => {
    const links = [...(condsOfNode.get(node) ?? []), ...(groupsOf.get(node) ?? []).flatMap((g) => condsOfGroup.get(num(g, "TraitNodeGroupID")) ?? [])];
    return nodeSpecs(links, condById, members)?.has(spec) ?? true;
  };

  // Hero trees: the entries of the selection node this spec sees.
  const heroIds = new Set<number>();
  for (const n of nodes) {
    if (num(n, "Type") !== SUBTREE_SELECTION || !visible(num(n, "ID"))) continue;
    for (const link of entriesOf.get(num(n, "ID")) ?? []) {
      const sub = num(entryById.get(num(link, "TraitNodeEntryID")) ?? {}, "TraitSubTreeID");
      if (subTrees.has(sub)) heroIds.add(sub);
    }
  }
  const heroTrees = [...heroIds].sort((a, b) => a - b).map((id) => {
    const name = text(subTrees.get(id), "Name_lang") ?? String(id);
    return { id, name, token: talentToken(name) };
  });
  const heroToken = new Map(heroTrees.map((h) => [h.id, h.token]));

  const kindOf = (n: Row): TalentTreeKind | undefined => {
    const sub = num(n, "TraitSubTreeID");
    if (sub !== 0) return heroToken.has(sub) ? "hero" : undefined;
    const id = num(n, "ID");
    const costs = [...(costsOfNode.get(id) ?? []), ...(groupsOf.get(id) ?? []).flatMap((g) => costsOfGroup.get(num(g, "TraitNodeGroupID")) ?? [])];
    const index = costs.map((c) => currencyIndex.get(costCurrency.get(num(c, "TraitCostID")) ?? -1)).find((i) => i !== undefined);
    return index === 1 ? "class" : index === 2 ? "spec" : undefined;
  };

  const talents: TreeTalent[] = [];
  for (const n of nodes) {
    const node = num(n, "ID");
    const kind = kindOf(n);
    if (kind === undefined || num(n, "Type") === SUBTREE_SELECTION || !visible(node)) continue;
    for (const link of entriesOf.get(node) ?? []) {
      const entry = entryById.get(num(link, "TraitNodeEntryID"));
      const def = entry && defById.get(num(entry, "TraitDefinitionID"));
      if (!entry || !def || num(def, "SpellID") === 0) continue;
      const name = text(def, "OverrideName_lang") ?? spellName(num(def, "SpellID"));
      talents.push({
        token: name === undefined ? undefined : talentToken(name),
        name,
        spell: num(def, "SpellID"),
        definition: num(def, "ID"),
        entry: num(entry, "ID"),
        node,
        maxRanks: num(entry, "MaxRanks"),
        tree: kind,
        ...(kind === "hero" ? { heroTree: heroToken.get(num(n, "TraitSubTreeID")) } : {}),
        choice: num(n, "Type") === CHOICE,
      });
    }
  }
  talents.sort((a, b) => (a.tree === b.tree ? a.node - b.node || a.entry - b.entry : ["class", "spec", "hero"].indexOf(a.tree) - ["class", "spec", "hero"].indexOf(b.tree)));
  return { spec, traitTree: tree, talents, heroTrees };
}
