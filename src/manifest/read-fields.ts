// Field readers shared by the manifest validator: bounded numbers, spell ids, data references,
// optional talents, `estimated` maps and the relative paths they name.
import { BOUNDS, boundViolation, type Bound } from "./bounds.js";
import { describeJson, type JsonReader } from "./json.js";
import type { DataRef, Estimates, NumOrRef } from "./schema.js";

const SPELL_ID = { int: true, min: 1 } as const;

/** A literal number checked against its plausible range (bounds.ts). */
export function within(r: JsonReader, v: number, b: Bound): number {
  const problem = boundViolation(v, b);
  if (problem !== undefined) r.error(problem);
  return v;
}

/** A finite number, optionally an integer / at least `min`, within bound `b`. */
export function bounded(r: JsonReader, b: Bound, opts: { int?: boolean; min?: number } = {}): number {
  return within(r, r.num(opts), b);
}

/** A spell id: a positive integer that fits the tables' 32-bit ID columns. */
export function spellId(r: JsonReader): number {
  return bounded(r, BOUNDS.spellId, SPELL_ID);
}

/** A literal number (within `b`) or a data reference. */
export function numOrRef(r: JsonReader, b: Bound): NumOrRef {
  if (typeof r.value === "number") return bounded(r, b);
  if (typeof r.value !== "object" || r.value === null || Array.isArray(r.value)) {
    r.error(`expected a finite number or a data reference { "spell", "effect", "scale" }, got ${describeJson(r.value)}`);
  }
  r.keys(["spell", "effect", "field", "scale", "offset"]);
  const scale = r.opt("scale");
  const offset = r.opt("offset");
  const ref: DataRef = {
    spell: spellId(r.field("spell")),
    effect: r.field("effect").num({ int: true, min: 1 }),
    field: r.opt("field")?.oneOf(["base_points", "bonus_coefficient_from_ap", "bonus_coefficient", "aura_period_ms"] as const) ?? "base_points",
    scale: scale ? bounded(scale, BOUNDS.dataRefScale) : 1,
  };
  setOpt(ref, "offset", offset ? bounded(offset, BOUNDS.dataRefScale) : undefined);
  return ref;
}

/** A number >= 0 within `b`, or a data reference. */
export function nonNeg(r: JsonReader, b: Bound): NumOrRef {
  if (typeof r.value === "number" && r.value < 0) r.error(`must be >= 0, got ${r.value}`);
  return numOrRef(r, b);
}

export function optNonNeg(r: JsonReader, key: string, b: Bound): NumOrRef | undefined {
  const f = r.opt(key);
  return f ? nonNeg(f, b) : undefined;
}

export function optTalent(r: JsonReader, key = "talent"): string | undefined {
  return r.opt(key)?.ident();
}

/** `estimated`: each key a path to a literal number inside the same object, each value a source comment. */
export function readEstimates(r: JsonReader): Estimates | undefined {
  const e = r.opt("estimated");
  if (!e) return undefined;
  const out: Estimates = {};
  for (const [key, v] of e.entries()) {
    const comment = v.str();
    if (comment.trim().length < 3) v.error("needs a comment saying where the value came from");
    const target = walkPath(r.value, key);
    if (typeof target !== "number") {
      v.error(target === undefined ? `no value at "${key}" in this object` : `"${key}" is not a literal number (a data reference is not an estimate)`);
    }
    out[key] = comment;
  }
  return out;
}

/**
 * The value at a relative path (`a.b`, `a[2].b`, or `attacks.<name>` selecting a list item by name);
 * undefined when absent. Also used to find the estimate behind a provenance path (resolve.ts).
 */
export function walkPath(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const seg of path.split(".")) {
    const m = /^([a-z_][a-z0-9_]*)((?:\[\d+\])*)$/.exec(seg);
    if (!m) return undefined;
    if (Array.isArray(cur)) cur = cur.find((x) => typeof x === "object" && x !== null && (x as Record<string, unknown>)["name"] === m[1]);
    else if (typeof cur === "object" && cur !== null) cur = (cur as Record<string, unknown>)[m[1]!];
    else return undefined;
    for (const idx of m[2]!.matchAll(/\[(\d+)\]/g)) {
      if (!Array.isArray(cur)) return undefined;
      cur = cur[Number(idx[1])];
    }
  }
  return cur;
}

/** Assigns defined optional values only (exactOptionalPropertyTypes-friendly, keeps JSON clean). */
export function setOpt<T extends object, K extends keyof T>(o: T, key: K, v: T[K] | undefined): void {
  if (v !== undefined) o[key] = v;
}
