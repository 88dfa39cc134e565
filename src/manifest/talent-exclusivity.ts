// Talents that cannot be taken together, from the game's own talent tables (never a hand list):
//
//  1. Choice nodes. A talent tree node whose TraitNode.Type is a choice (2: pick one of its entries;
//     3: pick one hero-talent sub-tree) offers several TraitNodeEntry rows (TraitNodeXTraitNodeEntry)
//     of which one can be taken. Two talents whose definitions (TraitDefinition.SpellID = the
//     talent's spell, TraitNodeEntry.TraitDefinitionID) are entries of the same choice node exclude
//     each other.
//  2. Replacements. A talent whose TraitDefinition row has OverridesSpellID = another talent's spell
//     replaces that spell on the action bar: Warbreaker (262161, TraitDefinition 117144) replaces
//     Colossus Smash (167105). In the game the replaced ability cannot be cast any more, so a build
//     naming both would cast two abilities where the game has one.
//
// Colossus Smash and Warbreaker, the case that prompted this, are rule 2 in the 12.0.5 tables: no
// choice node holds both (Warbreaker's live definition sits on no node of the Warrior tree 850; in
// tree 880 it shares a choice node with Blunt Instruments 383442, not with Colossus Smash).
// A data dir without the TraitNode tables only loses rule 1 (TraitDefinition carries rule 2).
import type { DataBundle, Row } from "../data/types.js";
import { ManifestError } from "./errors.js";
import type { TalentDecl } from "./schema.js";

/** TraitNode.Type values that let a player take one entry of the node (selection, sub-tree selection). */
export const CHOICE_NODE_TYPES: ReadonlySet<number> = new Set([2, 3]);

export interface TalentConflict {
  talents: [string, string];
  /** Why, naming the table rows. */
  reason: string;
}

const num = (r: Row, c: string): number => Number(r[c] ?? 0);

/** The nodes `spell`'s trait definitions sit on (`all`) and the choice nodes among them (`choice`). */
function nodesOf(bundle: DataBundle, spell: number): { all: Set<number>; choice: Set<number> } {
  const defs = new Set(bundle.table("TraitDefinition").rows.filter((r) => num(r, "SpellID") === spell).map((r) => num(r, "ID")));
  const entries = new Set(bundle.table("TraitNodeEntry").rows.filter((r) => defs.has(num(r, "TraitDefinitionID"))).map((r) => num(r, "ID")));
  const all = new Set(bundle.table("TraitNodeXTraitNodeEntry").rows.filter((r) => entries.has(num(r, "TraitNodeEntryID"))).map((r) => num(r, "TraitNodeID")));
  const choice = new Set<number>();
  for (const r of bundle.table("TraitNode").rows) if (all.has(num(r, "ID")) && CHOICE_NODE_TYPES.has(num(r, "Type"))) choice.add(num(r, "ID"));
  return { all, choice };
}

/** A TraitDefinition row by which talent `a` replaces talent `b`'s spell, if any. */
function replacement(bundle: DataBundle, a: TalentDecl, b: TalentDecl): Row | undefined {
  return bundle.table("TraitDefinition").rows.find((r) => num(r, "SpellID") === a.spell && num(r, "OverridesSpellID") === b.spell);
}

/** Every pair of `talents` (declarations with a spell) that exclude each other, in declaration order. */
export function talentConflicts(bundle: DataBundle, talents: readonly TalentDecl[]): TalentConflict[] {
  const withSpell = talents.filter((t): t is TalentDecl & { spell: number } => t.spell !== undefined);
  const nodes = new Map(withSpell.map((t) => [t.name, nodesOf(bundle, t.spell)]));
  const out: TalentConflict[] = [];
  withSpell.forEach((a, i) => {
    for (const b of withSpell.slice(i + 1)) {
      const na = nodes.get(a.name)!;
      const nb = nodes.get(b.name)!;
      const shared = [...na.choice].filter((n) => nb.choice.has(n));
      // One class tree holds every spec's nodes: a talent that also sits on a node without the other
      // (Avatar: Arms node 110176 alone, Fury node 90415 a choice with Bladestorm) can be taken beside it.
      const onlyShared = (x: { all: Set<number> }) => [...x.all].every((n) => shared.includes(n));
      if (shared.length > 0 && (onlyShared(na) || onlyShared(nb))) {
        out.push({ talents: [a.name, b.name], reason: `both are entries of the choice node TraitNode ${shared[0]} (${a.spell} and ${b.spell}): one of them can be taken` });
        continue;
      }
      const [by, over] = replacement(bundle, a, b) ? [a, b] : replacement(bundle, b, a) ? [b, a] : [undefined, undefined];
      if (by && over) {
        const row = replacement(bundle, by, over)!;
        out.push({ talents: [a.name, b.name], reason: `"${by.name}" (${by.spell}) replaces "${over.name}" (${over.spell}): TraitDefinition ${num(row, "ID")} OverridesSpellID ${over.spell}` });
      }
    }
  });
  return out;
}

/** MANIFEST_TALENT_CONFLICT naming both talents and the table rows when `chosen` holds an exclusive pair. */
export function checkTalentChoice(bundle: DataBundle, declared: readonly TalentDecl[], chosen: readonly string[], file: string): void {
  const taken = declared.filter((t) => chosen.includes(t.name));
  const conflict = talentConflicts(bundle, taken)[0];
  if (conflict) {
    const [a, b] = conflict.talents;
    throw new ManifestError("MANIFEST_TALENT_CONFLICT", file, "talents", `talents "${a}" and "${b}" cannot be taken together: ${conflict.reason}`);
  }
}
