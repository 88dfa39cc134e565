// The game's talent loadout export string (the text "Export" in the talent UI copies and the SimC addon
// writes as `talents=`), decoded against the real trait tables and encoded back.
//
// Format (serialization version 2): the text is base64 (A–Z a–z 0–9 + /), each character 6 bits, read
// least significant bit first into one bit stream. Fields, in order, each read least significant bit first:
//   version 8 bits · spec id (ChrSpecialization.ID) 16 bits · tree hash 16 × 8 bits (all zero = not checked)
//   then for every node of the class's TraitTree, in ascending TraitNode.ID order:
//     selected 1 bit; if selected: purchased 1 bit (0 = granted for free);
//       if purchased: partially ranked 1 bit (then ranks 6 bits); choice node 1 bit (then entry index 2 bits)
// The trailing bits of the last character are zero padding.
import { CombatsimError } from "../errors.js";
import type { DataBundle, Row } from "../data/types.js";

export const LOADOUT_VERSION = 2;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const HASH_BYTES = 16;
/** TraitNode.Type of nodes whose export carries an entry index: selection (2), hero sub-tree selection (3). */
const CHOICE_TYPES: ReadonlySet<number> = new Set([2, 3]);

export type LoadoutErrorCode = "LOADOUT_BAD_BASE64" | "LOADOUT_VERSION" | "LOADOUT_WRONG_SPEC" | "LOADOUT_TRUNCATED" | "LOADOUT_BAD_NODE" | "LOADOUT_NO_TREE";

export class LoadoutError extends CombatsimError {
  constructor(
    code: LoadoutErrorCode,
    message: string,
    readonly position?: number,
  ) {
    super(code, message);
  }
}

export interface LoadoutNode {
  node: number;
  /** TraitNodeEntry.ID taken (the choice made on a choice node; the node's entry otherwise). */
  entry: number;
  /** false: granted by the game for free (not bought with points). */
  purchased: boolean;
  ranks: number;
}

export interface Loadout {
  version: number;
  specId: number;
  treeHash: number[];
  /** Selected nodes in tree order. */
  nodes: LoadoutNode[];
}

const num = (r: Row, c: string): number => Number(r[c] ?? 0);

/** The class tree's nodes in stream order, each with its entries in choice-index order. */
export interface TreeLayout {
  tree: number;
  nodes: { id: number; type: number; entries: { id: number; maxRanks: number; subTree: number }[] }[];
}

export function treeLayout(bundle: DataBundle, tree: number): TreeLayout {
  const entryRows = new Map(bundle.table("TraitNodeEntry").rows.map((r) => [num(r, "ID"), r]));
  const links = new Map<number, Row[]>();
  for (const l of bundle.table("TraitNodeXTraitNodeEntry").rows) {
    const list = links.get(num(l, "TraitNodeID")) ?? [];
    list.push(l);
    links.set(num(l, "TraitNodeID"), list);
  }
  const nodes = bundle
    .table("TraitNode")
    .rows.filter((r) => num(r, "TraitTreeID") === tree)
    .sort((a, b) => num(a, "ID") - num(b, "ID"))
    .map((row) => {
      const id = num(row, "ID");
      const entries = (links.get(id) ?? [])
        .slice()
        .sort((a, b) => num(a, "_Index") - num(b, "_Index") || num(a, "TraitNodeEntryID") - num(b, "TraitNodeEntryID"))
        .map((l) => {
          const e = entryRows.get(num(l, "TraitNodeEntryID")) ?? {};
          return { id: num(l, "TraitNodeEntryID"), maxRanks: num(e, "MaxRanks"), subTree: num(e, "TraitSubTreeID") };
        });
      return { id, type: num(row, "Type"), entries };
    });
  return { tree, nodes };
}

class BitReader {
  private pos = 0;
  constructor(private readonly bits: number[]) {}
  read(width: number, what: string): number {
    if (this.pos + width > this.bits.length) throw new LoadoutError("LOADOUT_TRUNCATED", `loadout string ends inside ${what} (bit ${this.pos} of ${this.bits.length})`, this.pos);
    let v = 0;
    for (let i = 0; i < width; i++) v += this.bits[this.pos++]! * 2 ** i;
    return v;
  }
  get position(): number {
    return this.pos;
  }
}

function toBits(text: string): number[] {
  const bits: number[] = [];
  [...text].forEach((ch, i) => {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) throw new LoadoutError("LOADOUT_BAD_BASE64", `loadout string: character ${i + 1} ("${ch}") is not base64`, i);
    for (let b = 0; b < 6; b++) bits.push((v >> b) & 1);
  });
  return bits;
}

/** The header only: version, spec and tree hash (no tree needed). */
export function loadoutHeader(text: string): Pick<Loadout, "version" | "specId" | "treeHash"> {
  const r = new BitReader(toBits(text.trim()));
  const version = r.read(8, "the version");
  if (version !== LOADOUT_VERSION) throw new LoadoutError("LOADOUT_VERSION", `loadout string version ${version}; this build reads version ${LOADOUT_VERSION} (the game's current export format)`);
  const specId = r.read(16, "the spec id");
  const treeHash = Array.from({ length: HASH_BYTES }, () => r.read(8, "the tree hash"));
  return { version, specId, treeHash };
}

/** Decode against the class tree; `expectSpec` guards against a string of another spec. */
export function decodeLoadout(text: string, layout: TreeLayout, expectSpec?: number): Loadout {
  const bits = toBits(text.trim());
  const header = loadoutHeader(text);
  if (expectSpec !== undefined && header.specId !== expectSpec) {
    throw new LoadoutError("LOADOUT_WRONG_SPEC", `loadout string is for spec ${header.specId}, not ${expectSpec}`);
  }
  const r = new BitReader(bits);
  r.read(8 + 16 + 8 * HASH_BYTES, "the header");
  const nodes: LoadoutNode[] = [];
  for (const n of layout.nodes) {
    if (r.read(1, `node ${n.id}`) === 0) continue;
    const purchased = r.read(1, `node ${n.id}`) === 1;
    let partialRanks: number | undefined;
    let choice = 0;
    if (purchased) {
      if (r.read(1, `node ${n.id}`) === 1) partialRanks = r.read(6, `node ${n.id}'s ranks`);
      if (r.read(1, `node ${n.id}`) === 1) choice = r.read(2, `node ${n.id}'s choice`);
    }
    const entry = n.entries[choice];
    if (!entry) throw new LoadoutError("LOADOUT_BAD_NODE", `loadout string selects entry ${choice} of node ${n.id}, which has ${n.entries.length}`, r.position);
    nodes.push({ node: n.id, entry: entry.id, purchased, ranks: partialRanks ?? Math.max(1, entry.maxRanks) });
  }
  return { ...header, nodes };
}

/** Encode a loadout (inverse of decodeLoadout for the same layout). */
export function encodeLoadout(l: Loadout, layout: TreeLayout): string {
  const bits: number[] = [];
  const put = (v: number, width: number) => {
    for (let i = 0; i < width; i++) bits.push(Math.floor(v / 2 ** i) % 2);
  };
  put(l.version, 8);
  put(l.specId, 16);
  for (let i = 0; i < HASH_BYTES; i++) put(l.treeHash[i] ?? 0, 8);
  const taken = new Map(l.nodes.map((n) => [n.node, n]));
  for (const n of layout.nodes) {
    const t = taken.get(n.id);
    put(t ? 1 : 0, 1);
    if (!t) continue;
    put(t.purchased ? 1 : 0, 1);
    if (!t.purchased) continue;
    const index = n.entries.findIndex((e) => e.id === t.entry);
    if (index < 0) throw new LoadoutError("LOADOUT_BAD_NODE", `node ${n.id} has no entry ${t.entry}`);
    const max = n.entries[index]!.maxRanks;
    const partial = max > 0 && t.ranks < max;
    put(partial ? 1 : 0, 1);
    if (partial) put(t.ranks, 6);
    const choice = CHOICE_TYPES.has(n.type);
    put(choice ? 1 : 0, 1);
    if (choice) put(index, 2);
  }
  while (bits.length % 6 !== 0) bits.push(0);
  let out = "";
  for (let i = 0; i < bits.length; i += 6) {
    let v = 0;
    for (let b = 0; b < 6; b++) v += bits[i + b]! << b;
    out += ALPHABET[v];
  }
  return out;
}

/** A loadout's talents on the spec's tree: each selected entry's tree talent (undefined: a node the spec tree does not list, e.g. the hero selection node). */
export function loadoutTalents<T extends { entry: number }>(l: Loadout, talents: readonly T[]): { node: LoadoutNode; talent: T | undefined }[] {
  const byEntry = new Map(talents.map((t) => [t.entry, t]));
  return l.nodes.map((node) => ({ node, talent: byEntry.get(node.entry) }));
}

/** The hero tree (TraitSubTree.ID) the loadout picks on its sub-tree selection node, if any. */
export function loadoutHeroSubTree(l: Loadout, layout: TreeLayout): number | undefined {
  const taken = new Map(l.nodes.map((n) => [n.node, n.entry]));
  for (const n of layout.nodes) {
    if (n.type !== 3 || !taken.has(n.id)) continue;
    const sub = n.entries.find((e) => e.id === taken.get(n.id))?.subTree;
    if (sub) return sub;
  }
  return undefined;
}
