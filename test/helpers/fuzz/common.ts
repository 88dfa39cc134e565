// Shared pieces of the fuzz targets (test/fuzz.test.ts): the target shape, the "typed error or
// valid result" check, and JSON document generators (random values, valid documents with random edits).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";

export interface FuzzTarget<I, S> {
  /** Once per worker, before the cases (e.g. load the data bundle). */
  setup(): Promise<S>;
  arbitrary: fc.Arbitrary<I>;
  /** Throws when the outcome for `input` is neither a valid result nor the typed error. */
  check(input: I, setup: S): Promise<void> | void;
}

export const DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../data");
export const readJson = (rel: string): unknown => JSON.parse(readFileSync(path.join(DATA, rel), "utf8"));
export const noSetup = async (): Promise<undefined> => undefined;

/** Fails the case with a readable reason. */
export function violated(why: string): never {
  throw new Error(why);
}

/**
 * Runs `f`: a throw must be an instance of `typed` with a string `code` in `codes` (when given) and a
 * one-line message; a return must satisfy `valid`.
 */
export async function typedOrValid<T>(f: () => T | Promise<T>, typed: abstract new (...a: never[]) => Error, valid: (r: T) => void, codes?: readonly string[]): Promise<void> {
  let result: T;
  try {
    result = await f();
  } catch (e) {
    if (!(e instanceof typed)) violated(`untyped throw (expected ${typed.name}): ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "string" || (codes && !codes.includes(code))) violated(`${typed.name} with unexpected code ${String(code)}: ${e.message}`);
    if (e.message.includes("\n") || e.message.length === 0) violated(`${typed.name} message is not one line: ${JSON.stringify(e.message)}`);
    return;
  }
  valid(result);
}

// ------------------------------------------------------------------------------------------------
// JSON documents: random values, and valid documents with a few random edits (the edits reach the
// deep fields a random value never would).

/** Numbers that break naive code: huge, tiny, negative zero, non-integers, beyond 2^53. */
export const nastyNumber = fc.constantFrom(0, -0, -1, 0.5, 1e300, -1e300, 1e308, 2 ** 53, 2 ** 31, 5e-324, Number.MAX_SAFE_INTEGER + 2, 1.5);
export const jsonish = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
  { arbitrary: nastyNumber, weight: 2 },
  { arbitrary: fc.constantFrom(Infinity, -Infinity, NaN, undefined, "", "__proto__", "constructor", [], {}), weight: 1 },
);

interface Edit {
  /** Child choices from the root: index modulo the number of children. */
  at: number[];
  value: unknown;
  remove: boolean;
}
const edit: fc.Arbitrary<Edit> = fc.record({ at: fc.array(fc.nat(), { maxLength: 6 }), value: jsonish, remove: fc.boolean() });

/** A deep copy of `doc` with `e` applied: the value at the chosen path replaced (or the key deleted). */
function applyEdit(doc: unknown, e: Edit): unknown {
  const root = structuredClone(doc) as unknown;
  let cur = root as Record<string, unknown> | unknown[];
  for (let i = 0; i < e.at.length; i++) {
    const keys = Object.keys(cur);
    if (keys.length === 0) break;
    const key = keys[e.at[i]! % keys.length]!;
    const child = (cur as Record<string, unknown>)[key];
    const last = i === e.at.length - 1 || typeof child !== "object" || child === null;
    if (last) {
      if (e.remove && !Array.isArray(cur)) delete (cur as Record<string, unknown>)[key];
      else (cur as Record<string, unknown>)[key] = e.value;
      return root;
    }
    cur = child as Record<string, unknown>;
  }
  return root;
}

/** Random JSON, or `base` with 1-3 random edits. */
export const documentFrom = (base: unknown): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: fc.array(edit, { minLength: 1, maxLength: 3 }).map((es) => es.reduce(applyEdit, base)), weight: 4 }, { arbitrary: jsonish, weight: 1 });
