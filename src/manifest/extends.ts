// `extends`: a spec manifest may build on shared class-level pieces (e.g. `hunter.json` holding the
// focus resource, Auto Shot, the hunter pet and Kill Shot), so several specs of one class declare
// those once. Pieces live next to the manifests (`{dir}/<name>.json`) and have the manifest's shape
// minus `spec` / `spec_id` (a piece describes no spec); a piece may itself extend other pieces.
//
// Merge rules (docs/manifests.md, "extends"; tested in test/manifest-extends.test.ts):
// 1. Every file of the chain carries `schema_version` = SCHEMA_VERSION (checked per file, first).
// 2. Layers apply in order: the bases listed in `extends` left to right (each already merged with its
//    own bases), then the file itself. "Later" below means later in that order.
// 3. Named lists (resources, pets, spells, auras, procs, talents, passives) merge by `name`: entries keep the
//    position of their first declaration; a later entry with the same name replaces the earlier one
//    WHOLE (no field-by-field merge: an override states the entry completely, so reading one file
//    tells you what it does); new names are appended in file order. `{ "name": "x", "remove": true }`
//    deletes an inherited entry (MANIFEST_EXTENDS when nothing earlier declares "x").
// 4. `notes`, `expressions` and `absent` merge per key (later wins). Every other field (spec, spec_id, primary_stat, mastery,
//    auto_attack) is replaced whole by a later layer that sets it.
// 5. The merged document is validated as one manifest (validateManifest); an error in it is reported
//    against the file and path the offending value came from (e.g. `hunter.json: spells[0].id`).
import { ManifestError, type ManifestErrorCode } from "./errors.js";
import { describeJson, parseJsonText } from "./json.js";
import { SCHEMA_VERSION, validateManifest, type Manifest } from "./schema.js";

/** Lists merged by `name` (rule 3). */
export const NAMED_LISTS = ["resources", "pets", "spells", "auras", "procs", "talents", "passives"] as const;
/** Fields a piece may not set: they identify a spec. */
const SPEC_ONLY_FIELDS = ["spec", "spec_id"] as const;

/** Reads piece `name` referenced from `fromFile`; returns its text and the file it was read from. */
export type ReadPiece = (name: string, fromFile: string) => Promise<{ text: string; file: string }>;

type Obj = Record<string, unknown>;
interface Origin {
  file: string;
  /** Path of the value in its own file (`spells[0]`, `mastery`). */
  path: string;
}
/** A merged document plus where each of its parts came from. */
interface Layered {
  doc: Obj;
  /** Top-level key → origin (non-list keys). */
  keys: Map<string, Origin>;
  /** List name → origin of each merged entry, by merged index. */
  lists: Map<string, Origin[]>;
  /** notes key → origin. */
  notes: Map<string, Origin>;
}

const fail = (code: ManifestErrorCode, file: string, path: string, detail: string): never => {
  throw new ManifestError(code, file, path, detail);
};

function asObject(v: unknown, file: string, path: string): Obj {
  if (typeof v !== "object" || v === null || Array.isArray(v)) fail("INVALID_MANIFEST", file, path, `expected an object, got ${describeJson(v)}`);
  return v as Obj;
}

function checkVersion(doc: Obj, file: string): void {
  const sv = doc["schema_version"];
  if (sv === undefined) fail("INVALID_MANIFEST", file, "schema_version", "missing field");
  if (sv !== SCHEMA_VERSION) {
    fail("MANIFEST_SCHEMA_VERSION", file, "schema_version", `schema_version ${typeof sv === "number" ? sv : JSON.stringify(sv)} does not match the current manifest schema version ${SCHEMA_VERSION}`);
  }
}

/** The `extends` value as a list of piece names (string or array of strings, kebab-case). */
export function extendsList(doc: Obj, file: string): string[] {
  const v = doc["extends"];
  if (v === undefined) return [];
  const list = typeof v === "string" ? [v] : v;
  if (!Array.isArray(list)) return fail("INVALID_MANIFEST", file, "extends", `expected a piece name or an array of names, got ${describeJson(v)}`);
  return list.map((n, i) => {
    const path = typeof v === "string" ? "extends" : `extends[${i}]`;
    if (typeof n !== "string" || !/^[a-z][a-z0-9-]*$/.test(n)) fail("INVALID_MANIFEST", file, path, `expected a kebab-case piece name (file name without .json), got ${JSON.stringify(n)}`);
    return n as string;
  });
}

function emptyLayered(): Layered {
  return { doc: {}, keys: new Map(), lists: new Map(), notes: new Map() };
}

/** Where a value of the layer being applied came from: its file's own path, or (for a merged base) the recorded origin. */
type OriginOf = (kind: "key" | "list" | "note", key: string, path: string, index: number) => Origin;

/** Applies one layer's fields on top of `acc` (rules 3–4). `file` is the layer's file (for its errors). */
function applyLayer(acc: Layered, doc: Obj, file: string, originOf: OriginOf): void {
  for (const [key, value] of Object.entries(doc)) {
    if (key === "extends") continue;
    if ((NAMED_LISTS as readonly string[]).includes(key)) {
      if (!Array.isArray(value)) fail("INVALID_MANIFEST", file, key, `expected an array, got ${describeJson(value)}`);
      const list = (acc.doc[key] as unknown[] | undefined) ?? [];
      const origins = acc.lists.get(key) ?? [];
      (value as unknown[]).forEach((entry, j) => {
        const path = `${key}[${j}]`;
        const isObj = typeof entry === "object" && entry !== null && !Array.isArray(entry);
        const name = isObj ? (entry as Obj)["name"] : undefined;
        const at = typeof name === "string" ? list.findIndex((e) => typeof e === "object" && e !== null && (e as Obj)["name"] === name) : -1;
        if (isObj && (entry as Obj)["remove"] !== undefined) {
          const e = entry as Obj;
          if (e["remove"] !== true) fail("INVALID_MANIFEST", file, `${path}.remove`, `expected true, got ${JSON.stringify(e["remove"])}`);
          const extra = Object.keys(e).filter((k) => k !== "name" && k !== "remove");
          if (extra.length > 0) fail("INVALID_MANIFEST", file, `${path}.${extra[0]}`, 'a removal holds only "name" and "remove"');
          if (at < 0) fail("MANIFEST_EXTENDS", file, `${path}.name`, `cannot remove ${key} entry ${JSON.stringify(name)}: no base declares it`);
          list.splice(at, 1);
          origins.splice(at, 1);
          return;
        }
        const origin = originOf("list", key, path, j);
        if (at >= 0) {
          list[at] = entry;
          origins[at] = origin;
        } else {
          list.push(entry);
          origins.push(origin);
        }
      });
      acc.doc[key] = list;
      acc.lists.set(key, origins);
    } else if ((key === "expressions" || key === "absent") && isPlain(value) && isPlain(acc.doc[key])) {
      acc.doc[key] = { ...(acc.doc[key] as Obj), ...value };
    } else if (key === "notes" && isPlain(value) && isPlain(acc.doc["notes"])) {
      const notes = { ...(acc.doc["notes"] as Obj) };
      for (const [k, v] of Object.entries(value)) {
        notes[k] = v;
        acc.notes.set(k, originOf("note", k, `notes.${k}`, 0));
      }
      acc.doc["notes"] = notes;
    } else {
      acc.doc[key] = value;
      acc.keys.set(key, originOf("key", key, key, 0));
      if (key === "notes" && isPlain(value)) {
        for (const k of Object.keys(value)) acc.notes.set(k, originOf("note", k, `notes.${k}`, 0));
      }
    }
  }
}

function isPlain(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** One file of the `extends` chain being merged: the piece name it was read as (none for the root) and its file. */
interface ChainLink {
  name?: string;
  file: string;
}

/**
 * A file path with `.`, `..`, doubled and back slashes folded, so two spellings of one file compare
 * equal (pure string work: this module runs in browsers too).
 */
function samePathKey(file: string): string {
  const out: string[] = [];
  const absolute = /^[\\/]/.test(file);
  for (const seg of file.split(/[\\/]+/)) {
    if (seg === "" || seg === ".") continue;
    if (seg === ".." && out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else out.push(seg);
  }
  return (absolute ? "/" : "") + out.join("/");
}

/** MANIFEST_EXTENDS naming every file of the cycle: from the first visit of the repeated file to its return. */
function cycleError(chain: readonly ChainLink[], repeated: number, again: string, file: string, path: string): never {
  const files = [...chain.slice(repeated).map((l) => l.file), again];
  return fail("MANIFEST_EXTENDS", file, path, `extends cycle: ${files.join(" -> ")}`);
}

async function layer(doc: Obj, file: string, readPiece: ReadPiece, chain: readonly ChainLink[]): Promise<Layered> {
  checkVersion(doc, file);
  const acc = emptyLayered();
  for (const [i, name] of extendsList(doc, file).entries()) {
    const path = Array.isArray(doc["extends"]) ? `extends[${i}]` : "extends";
    const byName = chain.findIndex((l) => l.name === name);
    if (byName >= 0) cycleError(chain, byName, chain[byName]!.file, file, path);
    const piece = await readPiece(name, file);
    // A piece that is a file already on the chain (e.g. the spec manifest itself): a cycle, reported
    // before its content is judged (it would otherwise fail as "a piece may not set spec").
    const byFile = chain.findIndex((l) => samePathKey(l.file) === samePathKey(piece.file));
    if (byFile >= 0) cycleError(chain, byFile, piece.file, file, path);
    const pdoc = asObject(parseJsonText(piece.text, (p, d) => fail("INVALID_MANIFEST", piece.file, p, d)), piece.file, "");
    for (const f of SPEC_ONLY_FIELDS) {
      if (pdoc[f] !== undefined) fail("MANIFEST_EXTENDS", piece.file, f, `a shared piece (extended by ${file}) may not set "${f}": only a spec manifest names its spec`);
    }
    const base = await layer(pdoc, piece.file, readPiece, [...chain, { name, file: piece.file }]);
    // The base is already merged: its values keep the origins recorded while merging it.
    applyLayer(acc, base.doc, piece.file, (kind, key, path, index) =>
      (kind === "list" ? base.lists.get(key)?.[index] : kind === "note" ? base.notes.get(key) : base.keys.get(key)) ?? { file: piece.file, path });
  }
  applyLayer(acc, doc, file, (_kind, _key, path) => ({ file, path }));
  return acc;
}

/** Rewrites a merged-document error path (`spells[4].damage`) to the file/path it came from. */
function attribute(l: Layered, path: string, file: string): Origin {
  const m = /^([a-z_]+)(?:\[(\d+)\])?(.*)$/.exec(path);
  if (!m) return { file, path };
  const [, key, index, rest] = m as unknown as [string, string, string | undefined, string];
  if (index !== undefined) {
    const o = l.lists.get(key)?.[Number(index)];
    if (o) return { file: o.file, path: `${o.path}${rest}` };
  }
  if (key === "notes") {
    const n = /^\.([^.[]+)(.*)$/.exec(rest);
    const o = n ? l.notes.get(n[1]!) : undefined;
    if (o) return { file: o.file, path: `${o.path}${n![2]}` };
  }
  const o = l.keys.get(key);
  if (o) return { file: o.file, path: `${o.path}${index !== undefined ? `[${index}]` : ""}${rest}` };
  return { file, path };
}

/**
 * The merged manifest document of `json` (text or parsed value, from `file`) and its `extends` chain,
 * not yet validated as a whole (`composeManifest` validates). Exposed for `npm run gen`, which
 * documents the merged form.
 */
export async function mergeManifestLayers(json: unknown, file: string, readPiece: ReadPiece): Promise<{ doc: Obj; attribute: (path: string) => Origin }> {
  const value = typeof json === "string" ? parseJsonText(json, (p, d) => fail("INVALID_MANIFEST", file, p, d)) : json;
  const l = await layer(asObject(value, file, ""), file, readPiece, [{ file }]);
  return { doc: l.doc, attribute: (path) => attribute(l, path, file) };
}

/**
 * Validate a manifest that may use `extends`: merge its chain (rules above), then validate the
 * result as one manifest. Errors name the file and JSON path the bad value came from; when that is a
 * piece, the message adds which manifest merged it.
 */
export async function composeManifest(json: unknown, file: string, readPiece: ReadPiece): Promise<Manifest> {
  const { doc, attribute: attr } = await mergeManifestLayers(json, file, readPiece);
  try {
    return validateManifest(doc, file);
  } catch (e) {
    if (!(e instanceof ManifestError) || e.file !== file) throw e;
    if (e.path === "<root>") throw e;
    const o = attr(e.path);
    if (o.file === file && o.path === e.path) throw e;
    throw new ManifestError(e.code, o.file, o.path, o.file === file ? e.detail : `${e.detail} (in the manifest merged for ${file})`);
  }
}

/** A ReadPiece for Node: `{directory of the referencing file}/<name>.json`. */
export function siblingPieceReader(read: (file: string) => Promise<string>): ReadPiece {
  return async (name, fromFile) => {
    const slash = Math.max(fromFile.lastIndexOf("/"), fromFile.lastIndexOf("\\"));
    const file = `${slash >= 0 ? fromFile.slice(0, slash) : "."}/${name}.json`;
    return { text: await read(file), file };
  };
}
