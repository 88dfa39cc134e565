// The fuzz targets (test/fuzz.test.ts): for each parser, an input generator and a check that the
// parser either returns a valid result or throws its typed error (class + stable code) — never a
// throw of another kind. Hangs are caught by the runner's deadline (fuzz-runner.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { createApp, parseIds, MAX_IDS } from "../../src/api/app.js";
import { ApiError } from "../../src/api/errors.js";
import { loadDataBundle } from "../../src/data/bundle.js";
import { parseCsv, type ColumnType, type TableSchema } from "../../src/data/csv.js";
import { CsvError } from "../../src/data/errors.js";
import { parseProfile, PROFILE_BOUNDS } from "../../src/engine/profile.js";
import { composeManifest, ManifestError, ProfileError, validateManifest, type ReadPiece } from "../../src/manifest/index.js";
import { compileRotation, parseExpression, RotationError, type RotationJson } from "../../src/rotation/index.js";
import { testSymbols } from "./rotation-symbols.js";

export interface FuzzTarget<I, S> {
  /** Once per worker, before the cases (e.g. load the data bundle). */
  setup(): Promise<S>;
  arbitrary: fc.Arbitrary<I>;
  /** Throws when the outcome for `input` is neither a valid result nor the typed error. */
  check(input: I, setup: S): Promise<void> | void;
}

const DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../data");
const readJson = (rel: string): unknown => JSON.parse(readFileSync(path.join(DATA, rel), "utf8"));
const noSetup = async (): Promise<undefined> => undefined;

/** Fails the case with a readable reason. */
function violated(why: string): never {
  throw new Error(why);
}

/**
 * Runs `f`: a throw must be an instance of `typed` with a string `code` in `codes` (when given) and a
 * one-line message; a return must satisfy `valid`.
 */
async function typedOrValid<T>(f: () => T | Promise<T>, typed: abstract new (...a: never[]) => Error, valid: (r: T) => void, codes?: readonly string[]): Promise<void> {
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
const nastyNumber = fc.constantFrom(0, -0, -1, 0.5, 1e300, -1e300, 1e308, 2 ** 53, 2 ** 31, 5e-324, Number.MAX_SAFE_INTEGER + 2, 1.5);
const jsonish = fc.oneof(
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
const documentFrom = (base: unknown): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: fc.array(edit, { minLength: 1, maxLength: 3 }).map((es) => es.reduce(applyEdit, base)), weight: 4 }, { arbitrary: jsonish, weight: 1 });

// ------------------------------------------------------------------------------------------------
// CSV reader

const COLUMN_TYPES: readonly ColumnType[] = ["text", "int", "float", "i64"];
const CSV_NAMES = ["ID", "A", "B", "Name_lang"];
/** Fragments that matter to the CSV grammar and to typing. */
const CSV_PIECES = [
  ",", '"', '""', "\n", "\r", "\r\n", "0", "7", "-", ".", "1.5", "-0", "12345678901234567890", "9".repeat(400), "1e5", "+1", " ",
  "\t", "a", "ID", "__proto__", "\u0000", "\u001b[31m", "\u0085", "\ufffd", "\ufeff", "é", "𝄞",
];
/** A cell: mostly number-like (so typed and inferred numeric columns are reached), sometimes anything. */
const csvCell = fc.oneof(
  { arbitrary: fc.integer().map(String), weight: 3 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => d.toFixed(3)), weight: 2 },
  { arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String), weight: 1 },
  { arbitrary: fc.tuple(fc.boolean(), fc.integer({ min: 14, max: 400 }), fc.boolean()).map(([neg, n, frac]) => `${neg ? "-" : ""}${"9".repeat(n)}${frac ? ".5" : ""}`), weight: 2 },
  { arbitrary: fc.constantFrom(...CSV_PIECES), weight: 2 },
  { arbitrary: fc.string({ maxLength: 6 }).map((t) => `"${t.replaceAll('"', '""')}"`), weight: 1 },
);
/** Well-formed records (header width, one per line) whose cells exercise typing; a stray cell count sometimes. */
const csvRecords = fc.integer({ min: 1, max: 4 }).chain((n) =>
  fc
    .tuple(
      fc.shuffledSubarray(CSV_NAMES, { minLength: n, maxLength: n }),
      fc.array(fc.oneof({ arbitrary: fc.constant(n), weight: 9 }, { arbitrary: fc.constant(n + 1), weight: 1 }).chain((w) => fc.array(csvCell, { minLength: w, maxLength: w })), { maxLength: 8 }),
      fc.constantFrom("\n", "\r\n"),
    )
    .map(([head, rows, eol]) => [head.join(","), ...rows.map((r) => r.join(","))].join(eol)),
);
const csvText = fc.oneof(
  { arbitrary: csvRecords, weight: 3 },
  { arbitrary: fc.array(fc.constantFrom(...CSV_PIECES), { maxLength: 120 }).map((a) => a.join("")), weight: 1 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 200 }), weight: 1 },
);
interface CsvInput {
  text: string;
  schema: TableSchema;
  allText: boolean;
}

/** Every row has exactly the header's columns, each value of the column's type (finite numbers, safe ints). */
function validCsv(input: CsvInput, r: { columns: string[]; rows: Record<string, unknown>[] }): void {
  if (new Set(r.columns).size !== r.columns.length) violated(`duplicate columns ${JSON.stringify(r.columns)}`);
  for (const [i, row] of r.rows.entries()) {
    if (Object.keys(row).join(",") !== r.columns.join(",")) violated(`row ${i} keys ${JSON.stringify(Object.keys(row))} differ from the header`);
    for (const c of r.columns) {
      const v = row[c];
      const t = input.allText ? "text" : Object.hasOwn(input.schema, c) ? input.schema[c] : undefined;
      const i64 = typeof v === "bigint" && v >= -(2n ** 63n) && v <= 2n ** 64n - 1n;
      const ok =
        t === "text" ? typeof v === "string"
        : t === "int" ? Number.isSafeInteger(v)
        : t === "float" ? typeof v === "number" && Number.isFinite(v)
        : t === "i64" ? i64
        : typeof v === "string" || i64 || (typeof v === "number" && Number.isFinite(v));
      if (!ok) violated(`row ${i} column ${c} (${t ?? "inferred"}) holds ${typeof v} ${String(v)}`);
    }
  }
}

const csvReader: FuzzTarget<CsvInput, undefined> = {
  setup: noSetup,
  arbitrary: fc.record({
    text: csvText,
    schema: fc.dictionary(fc.constantFrom(...CSV_NAMES), fc.constantFrom(...COLUMN_TYPES)) as fc.Arbitrary<TableSchema>,
    allText: fc.boolean(),
  }),
  check: (input) =>
    typedOrValid(
      () => parseCsv(input.text, { file: "fuzz.csv", schema: input.schema, allText: input.allText }),
      CsvError,
      (r) => validCsv(input, r),
    ),
};

// ------------------------------------------------------------------------------------------------
// Manifest validator (and `extends` merging)

const MINIMAL_MANIFEST = {
  schema_version: 1,
  spec: "test-spec",
  spec_id: 253,
  primary_stat: "agility",
  mastery: { spell: 76657, kind: "pet", coefficient: 1 },
  resources: [{ name: "focus", power_type: 2 }],
  spells: [{ name: "kill_command", id: 34026, damage: { ap_coef: 1 }, on_cast: [{ op: "gain", resource: "focus", amount: 5 }] }],
  auras: [{ name: "frenzy", id: 272790, stacking: true, max_stacks: 3, duration_ms: 8000, effects: [{ type: "damage_mult", value: 1.1 }] }],
};

const manifestValidator: FuzzTarget<unknown, undefined> = {
  setup: noSetup,
  arbitrary: fc.oneof(documentFrom(MINIMAL_MANIFEST), documentFrom(readJson("manifests/fire.json"))),
  check: (doc) =>
    typedOrValid(
      () => validateManifest(doc, "fuzz.json"),
      ManifestError,
      (m) => {
        if (typeof m.spec !== "string" || !Array.isArray(m.spells) || !Array.isArray(m.auras)) violated("a valid manifest without spec / spells / auras");
      },
    ),
};

/** A small world of pieces that extend each other at random (cycles included), plus edits to one of them. */
interface ExtendsInput {
  links: Record<string, string[]>;
  specPieces: string[];
  rootExtends: string[];
}
const PIECES = ["a", "b", "c", "bm"];
const pieceNames = fc.uniqueArray(fc.constantFrom(...PIECES, "missing"), { maxLength: 3 });

const manifestExtends: FuzzTarget<ExtendsInput, undefined> = {
  setup: noSetup,
  arbitrary: fc.record({
    links: fc.record(Object.fromEntries(PIECES.map((p) => [p, pieceNames])) as Record<string, fc.Arbitrary<string[]>>),
    specPieces: fc.subarray(PIECES),
    rootExtends: pieceNames,
  }),
  check: (input) => {
    const doc = (name: string): Record<string, unknown> => {
      const d: Record<string, unknown> = { schema_version: 1, extends: input.links[name] };
      return input.specPieces.includes(name) ? { ...MINIMAL_MANIFEST, ...d } : d;
    };
    const read: ReadPiece = async (name) => {
      if (!PIECES.includes(name)) throw new ManifestError("MANIFEST_READ_FAILED", `${name}.json`, "", "cannot read: no such piece");
      return { text: JSON.stringify(doc(name)), file: `${name}.json` };
    };
    const { extends: _e, ...rest } = MINIMAL_MANIFEST as Record<string, unknown>;
    return typedOrValid(() => composeManifest({ ...rest, extends: input.rootExtends }, "bm.json", read), ManifestError, () => {});
  },
};

// ------------------------------------------------------------------------------------------------
// Rotation parser and compiler

/** Names the test symbols know (test/helpers/rotation-symbols.ts) and numbers. */
const EXPR_LEAVES = [
  "buff.bestial_wrath.up", "buff.barbed_shot.remains", "debuff.hunters_mark.stack", "focus", "focus.deficit", "combo_points",
  "cooldown.kill_command.remains", "cooldown.barbed_shot.charges_fractional", "action.cobra_shot.ready", "talent.killer_instinct",
  "talent.alpha_predator.enabled", "variable.x", "pet.main.buff.frenzy.stack", "pet.cat.active", "prev_gcd.1.cobra_shot",
  "active_enemies", "spell_targets.multishot", "time", "fight_remains", "target.health.pct", "gcd.remains", "1", ".5", "3.", "0",
];
const BINARY_OPS = ["&", "|", "&&", "||", "<", "<=", "=", "==", "!=", ">", ">=", "+", "-", "*", "/", "%", "%%"];
/** Grammatical expressions (mostly valid names), so the resolver and the constant folder are reached. */
const grammatical: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...EXPR_LEAVES),
    fc.tuple(tie("e"), fc.constantFrom(...BINARY_OPS), tie("e")).map(([a, o, b]) => `${a} ${o} ${b}`),
    fc.tuple(fc.constantFrom("!", "-", "+"), tie("e")).map(([u, a]) => `${u}${a}`),
    tie("e").map((a) => `(${a})`),
  ),
})).e;
/** Token soup: everything the lexer knows and some it does not. */
const EXPR_PIECES = [...EXPR_LEAVES, ...BINARY_OPS, "(", ")", "!", " ", "..", "$", "@", "<?", "\u0000", "é", "floor(", "prev_gcd.2.cobra_shot", "gcd", "1e5", "cooldown.x.ready", "buff.ghost.up"];
const expression = fc.oneof(
  { arbitrary: grammatical, weight: 4 },
  { arbitrary: fc.array(fc.constantFrom(...EXPR_PIECES), { maxLength: 40 }).map((a) => a.join("")), weight: 2 },
  { arbitrary: fc.integer({ min: 0, max: 600 }).map((n) => `${"(".repeat(n)}1${")".repeat(n)}`), weight: 1 },
  { arbitrary: fc.integer({ min: 0, max: 600 }).map((n) => `${"-".repeat(n)}1`), weight: 1 },
  { arbitrary: fc.integer({ min: 0, max: 600 }).map((n) => Array.from({ length: n + 1 }, () => "1").join("+")), weight: 1 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
);
const exprOrJunk = fc.oneof({ arbitrary: grammatical, weight: 6 }, { arbitrary: expression, weight: 2 }, { arbitrary: jsonish, weight: 1 });
const listName = fc.constantFrom("default", "st", "cds", "nope");
const entry = fc.oneof(
  { arbitrary: fc.record({ cast: fc.oneof({ arbitrary: fc.constantFrom("kill_command", "cobra_shot", "barbed_shot", "ghost"), weight: 8 }, { arbitrary: jsonish, weight: 1 }), if: exprOrJunk }, { requiredKeys: ["cast"] }), weight: 4 },
  { arbitrary: fc.record({ call: listName, if: exprOrJunk }, { requiredKeys: ["call"] }), weight: 1 },
  { arbitrary: fc.record({ run: listName, if: exprOrJunk }, { requiredKeys: ["run"] }), weight: 1 },
  { arbitrary: fc.record({ wait: exprOrJunk, if: exprOrJunk }, { requiredKeys: ["wait"] }), weight: 1 },
  {
    arbitrary: fc.oneof(
      fc.record({ variable: fc.constantFrom("x", "y"), value: exprOrJunk, op: fc.constantFrom("set", "add", "min", "pow", "mod") }, { requiredKeys: ["variable", "value"] }),
      fc.record({ variable: fc.constantFrom("x", "y"), op: fc.constant("setif"), condition: exprOrJunk, value: exprOrJunk, value_else: exprOrJunk }),
      fc.record(
        { variable: fc.constantFrom("x", "y", "bad-name"), value: exprOrJunk, op: fc.constantFrom("floor", "reset", "print"), condition: exprOrJunk, value_else: exprOrJunk, default: fc.oneof(fc.integer(), jsonish) },
        { requiredKeys: ["variable"] },
      ),
    ),
    weight: 2,
  },
  { arbitrary: jsonish, weight: 1 },
);
/** Entries that are well formed (their expressions may still name unknown things): the compiler's folding and emission are reached. */
const wellFormedEntry = fc.oneof(
  { arbitrary: fc.record({ cast: fc.constantFrom("kill_command", "cobra_shot", "barbed_shot", "bestial_wrath"), if: grammatical }, { requiredKeys: ["cast"] }), weight: 4 },
  { arbitrary: fc.record({ call: fc.constantFrom("st", "cds"), if: grammatical }, { requiredKeys: ["call"] }), weight: 1 },
  { arbitrary: fc.record({ wait: grammatical, if: grammatical }, { requiredKeys: ["wait"] }), weight: 1 },
  { arbitrary: fc.record({ variable: fc.constantFrom("x", "y"), value: grammatical, op: fc.constantFrom("set", "add", "sub", "mul", "div", "min", "max", "mod", "pow") }, { requiredKeys: ["variable", "value"] }), weight: 2 },
  { arbitrary: fc.record({ variable: fc.constantFrom("x", "y"), op: fc.constant("setif"), condition: grammatical, value: grammatical, value_else: grammatical }), weight: 1 },
);
const rotation = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.array(wellFormedEntry, { maxLength: 8 }), fc.array(wellFormedEntry, { maxLength: 4 }), fc.array(wellFormedEntry, { maxLength: 4 }))
      .map(([d, st, cds]) => ({ lists: { default: [...d, { variable: "x", value: "1" }, { variable: "y", value: "0" }], st, cds } })),
    weight: 4,
  },
  {
    arbitrary: fc.record(
      { main: fc.oneof({ arbitrary: listName, weight: 6 }, { arbitrary: jsonish, weight: 1 }), lists: fc.tuple(fc.array(entry, { maxLength: 6 }), fc.dictionary(listName, fc.array(entry, { maxLength: 4 }))).map(([d, rest]) => ({ ...rest, default: d })) },
      { requiredKeys: ["lists"] },
    ),
    weight: 4,
  },
  { arbitrary: documentFrom(readJson("rotations/beast-mastery.json")), weight: 2 },
  { arbitrary: jsonish, weight: 1 },
);

const rotationParser: FuzzTarget<{ expr: string; rotation: unknown }, undefined> = {
  setup: noSetup,
  arbitrary: fc.record({ expr: expression, rotation }),
  check: async (input) => {
    await typedOrValid(() => parseExpression(input.expr, { file: "fuzz.json" }), RotationError, (e) => {
      if (typeof e !== "object" || e === null || typeof e.kind !== "string") violated("parseExpression returned no expression");
    });
    await typedOrValid(() => compileRotation(input.rotation as RotationJson, testSymbols(), "fuzz.json"), RotationError, (c) => {
      if (!(c.code instanceof Int32Array) || !(c.constants instanceof Float64Array)) violated("compileRotation returned no bytecode");
    });
  },
};

// ------------------------------------------------------------------------------------------------
// Profile parser

const profileParser: FuzzTarget<unknown, undefined> = {
  setup: noSetup,
  arbitrary: documentFrom(readJson("profiles/beast-mastery.json")),
  check: (doc) =>
    typedOrValid(
      () => parseProfile(doc, "fuzz.json"),
      ProfileError,
      (p) => {
        const nums = [p.primaryStat, p.ratings.crit, p.ratings.haste, p.ratings.mastery, p.ratings.versatility, p.critDamageBonus, p.weapon.minDamage, p.weapon.maxDamage, p.weapon.speedMs];
        if (!nums.every(Number.isFinite)) violated(`a valid profile with a non-finite number: ${JSON.stringify(nums)}`);
        if (p.primaryStat > PROFILE_BOUNDS.primaryStat.max || p.weapon.speedMs < PROFILE_BOUNDS.weaponSpeedMs.min) violated("a valid profile outside its plausible ranges");
        if (p.weapon.maxDamage < p.weapon.minDamage) violated("a valid profile with max_damage < min_damage");
      },
      ["INVALID_PROFILE"],
    ),
};

// ------------------------------------------------------------------------------------------------
// API query parser: parseIds directly, and the items route over the whole app

const ID_PIECES = ["1", "34334", "212454", "0", "00", "01", "2147483647", "2147483648", "9".repeat(30), ",", ",,", "-", "+", " ", "%20", "%2C", "x", "é", "\u0000", "1.5", "1e3"];
const idsValue = fc.oneof(fc.array(fc.constantFrom(...ID_PIECES), { maxLength: 60 }).map((a) => a.join("")), fc.string({ maxLength: 30 }));
const MAX_ITEM_ID = 2147483647;

const apiQueryParser: FuzzTarget<{ values: string[] | undefined; query: string }, { app: ReturnType<typeof createApp> }> = {
  setup: async () => ({ app: createApp({ bundle: await loadDataBundle(DATA) }) }),
  arbitrary: fc.record({
    values: fc.option(fc.array(idsValue, { maxLength: 3 }), { nil: undefined }),
    query: fc.array(fc.oneof(fc.constantFrom("ids=", "ids", "&", "=", "%", "%2C", "%00", "%zz", "#", "?", ...ID_PIECES), fc.string({ maxLength: 5 })), { maxLength: 30 }).map((a) => a.join("")),
  }),
  check: async (input, { app }) => {
    await typedOrValid(
      () => parseIds(input.values),
      ApiError,
      (ids) => {
        if (ids.length === 0 || ids.length > MAX_IDS) violated(`${ids.length} ids accepted (1..${MAX_IDS})`);
        if (!ids.every((n) => Number.isInteger(n) && n >= 1 && n <= MAX_ITEM_ID)) violated(`not item ids: ${JSON.stringify(ids)}`);
      },
      ["BAD_IDS", "TOO_MANY_IDS"],
    );
    let url: URL;
    try {
      url = new URL(`http://localhost/functions/v1/game-data/items?${input.query}`);
    } catch {
      return; // not a URL a client could send
    }
    const res = await app.request(url.href);
    const body = await res.text();
    if (res.status !== 200 && res.status !== 400) violated(`status ${res.status} for ?${url.search}: ${body}`);
    const json = JSON.parse(body) as unknown;
    if (res.status === 200 && !Array.isArray(json)) violated(`200 without an item array: ${body}`);
    const code = (json as { error?: { code?: unknown } }).error?.code;
    if (res.status === 400 && code !== "BAD_IDS" && code !== "TOO_MANY_IDS") violated(`400 with code ${String(code)}: ${body}`);
  },
};

// ------------------------------------------------------------------------------------------------
// Harness self-tests (test/fuzz.test.ts checks the runner reports these): a parser stuck in a loop,
// and one that throws an untyped error.

const harnessHang: FuzzTarget<number, undefined> = {
  setup: noSetup,
  arbitrary: fc.integer({ min: 0, max: 20 }),
  check: (n) => {
    if (n === 7) for (;;); // a synchronous hang: only terminating the worker ends it
  },
};

const harnessUntyped: FuzzTarget<string, undefined> = {
  setup: noSetup,
  arbitrary: fc.string({ maxLength: 5 }),
  check: (text) => typedOrValid(() => (text.length > 2 ? (null as unknown as string[]).length : 0), RotationError, () => {}),
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each target has its own input type
export const FUZZ_TARGETS: Record<string, FuzzTarget<any, any>> = {
  "csv-reader": csvReader,
  "manifest-validator": manifestValidator,
  "manifest-extends": manifestExtends,
  "rotation-parser": rotationParser,
  "profile-parser": profileParser,
  "api-query-parser": apiQueryParser,
  "harness-hang": harnessHang,
  "harness-untyped": harnessUntyped,
};
