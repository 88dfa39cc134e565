// The talent-tree rows the embedded bundle carries: each extracted spec's class tree, whole (nodes, their
// entries and definitions, the hero sub-trees, and the group/condition/cost rows that say which spec sees
// a node and which points it costs), so a spec's class, spec and hero talents can be listed and a
// rotation's `talent.X` checked against the real tree (src/talents/tree.ts).
//
// The class tree is found the way the client's talent UI does: the class's skill line (SkillLine with
// CategoryID 7, "Class", whose name is the class's name) maps to its TraitTree through
// SkillLineXTraitTree (Variant 0).

type Row = Record<string, string>;
const int = (row: Row, col: string): number => Number(row[col] ?? 0);

export interface TraitPick {
  rows(name: string): readonly Row[];
  pick(name: string, keep: (r: Row) => boolean): void;
  picked(name: string): readonly Row[];
}

/** SkillLine category of class skill lines. */
const CLASS_SKILL_CATEGORY = 7;

/** TraitTree ids of the classes the specs belong to. */
export function classTraitTrees(t: TraitPick, specs: ReadonlySet<number>): Set<number> {
  const classIds = new Set(t.rows("ChrSpecialization").filter((r) => specs.has(int(r, "ID"))).map((r) => int(r, "ClassID")));
  const classNames = new Set(t.rows("ChrClasses").filter((r) => classIds.has(int(r, "ID"))).map((r) => r["Name_lang"]));
  const skillLines = new Set(
    t.rows("SkillLine").filter((r) => int(r, "CategoryID") === CLASS_SKILL_CATEGORY && classNames.has(r["DisplayName_lang"])).map((r) => int(r, "ID")),
  );
  return new Set(t.rows("SkillLineXTraitTree").filter((r) => skillLines.has(int(r, "SkillLineID")) && int(r, "Variant") === 0).map((r) => int(r, "TraitTreeID")));
}

/**
 * Pick the class trees' rows, in addition to the rows of definitions already picked for the spell set
 * (`extraDefinitions`: TraitDefinition ids whose tree rows must be kept too).
 */
export function pickTraitTrees(t: TraitPick, trees: ReadonlySet<number>, spellDefinitions: ReadonlySet<number>): void {
  const idsOf = (rows: readonly Row[], col: string) => new Set(rows.map((r) => int(r, col)).filter((v) => v > 0));
  const treeNodes = idsOf(t.rows("TraitNode").filter((r) => trees.has(int(r, "TraitTreeID"))), "ID");
  const links = t.rows("TraitNodeXTraitNodeEntry");
  const treeEntries = idsOf(links.filter((r) => treeNodes.has(int(r, "TraitNodeID"))), "TraitNodeEntryID");
  const treeDefinitions = idsOf(t.rows("TraitNodeEntry").filter((r) => treeEntries.has(int(r, "ID"))), "TraitDefinitionID");

  t.pick("TraitTree", (r) => trees.has(int(r, "ID")));
  t.pick("TraitSubTree", (r) => trees.has(int(r, "TraitTreeID")));
  t.pick("TraitDefinition", (r) => treeDefinitions.has(int(r, "ID")) || spellDefinitions.has(int(r, "ID")));
  const definitions = idsOf(t.picked("TraitDefinition"), "ID");
  t.pick("TraitNodeEntry", (r) => treeEntries.has(int(r, "ID")) || definitions.has(int(r, "TraitDefinitionID")));
  const entries = idsOf(t.picked("TraitNodeEntry"), "ID");
  t.pick("TraitNodeXTraitNodeEntry", (r) => entries.has(int(r, "TraitNodeEntryID")));
  const nodes = idsOf(t.picked("TraitNodeXTraitNodeEntry"), "TraitNodeID");
  t.pick("TraitNode", (r) => nodes.has(int(r, "ID")) || treeNodes.has(int(r, "ID")));

  // Which spec sees a node (conditions on the node, its groups or its entries) and what it costs.
  t.pick("TraitNodeXTraitCond", (r) => treeNodes.has(int(r, "TraitNodeID")));
  t.pick("TraitNodeXTraitCost", (r) => treeNodes.has(int(r, "TraitNodeID")));
  t.pick("TraitNodeEntryXTraitCond", (r) => treeEntries.has(int(r, "TraitNodeEntryID")));
  t.pick("TraitNodeGroupXTraitNode", (r) => treeNodes.has(int(r, "TraitNodeID")));
  const groups = idsOf(t.picked("TraitNodeGroupXTraitNode"), "TraitNodeGroupID");
  t.pick("TraitNodeGroupXTraitCond", (r) => groups.has(int(r, "TraitNodeGroupID")));
  t.pick("TraitNodeGroupXTraitCost", (r) => groups.has(int(r, "TraitNodeGroupID")));
  const conds = new Set([
    ...idsOf(t.picked("TraitNodeXTraitCond"), "TraitCondID"),
    ...idsOf(t.picked("TraitNodeEntryXTraitCond"), "TraitCondID"),
    ...idsOf(t.picked("TraitNodeGroupXTraitCond"), "TraitCondID"),
  ]);
  t.pick("TraitCond", (r) => conds.has(int(r, "ID")));
  const specSets = idsOf(t.picked("TraitCond"), "SpecSetID");
  t.pick("SpecSetMember", (r) => specSets.has(int(r, "SpecSet")));
  const costs = new Set([...idsOf(t.picked("TraitNodeXTraitCost"), "TraitCostID"), ...idsOf(t.picked("TraitNodeGroupXTraitCost"), "TraitCostID")]);
  t.pick("TraitCost", (r) => costs.has(int(r, "ID")));
  t.pick("TraitTreeXTraitCurrency", (r) => trees.has(int(r, "TraitTreeID")));
  t.pick("SkillLineXTraitTree", (r) => trees.has(int(r, "TraitTreeID")));
}
