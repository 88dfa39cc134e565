// Fuzz target: the rotation expression parser and compiler (src/rotation/).
import fc from "fast-check";
import { compileRotation, parseExpression, RotationError, type RotationJson } from "../../../src/rotation/index.js";
import { testSymbols } from "../rotation-symbols.js";
import { documentFrom, type FuzzTarget, jsonish, noSetup, readJson, typedOrValid, violated } from "./common.js";

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
  { arbitrary: documentFrom(readJson("specs/beast-mastery/rotation.json")), weight: 2 },
  { arbitrary: jsonish, weight: 1 },
);

export const rotationParser: FuzzTarget<{ expr: string; rotation: unknown }, undefined> = {
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
