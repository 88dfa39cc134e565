// Names the modelled game version does not have (manifest `absent`, src/rotation/absent.ts,
// docs/manifests.md "absent", docs/rotation.md §2): resolver answers, cast entries that never fire, the
// report's absentNames with their lines, the manifest field's validation and extends merge, and Beast
// Mastery's buff.cobra_fang end to end.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileHonoured, compileRotation, parseExpression, QUERY as Q, RotationError, rotationInput, type RotationSymbols } from "../src/rotation/index.js";
import { Resolver } from "../src/rotation/resolve.js";
import type { RExpr } from "../src/rotation/ast.js";
import type { AbsentKind } from "../src/rotation/absent.js";
import { composeManifest, ManifestError, SCHEMA_VERSION, validateManifest, type ReadPiece } from "../src/manifest/index.js";
import { rotationCheck } from "../src/cli/rotation.js";
import { testSymbols, SPELLS } from "./helpers/rotation-symbols.js";

const ABSENT: Record<string, { kind: AbsentKind; reason: string; source: string }> = {
  cobra_fang: { kind: "aura", reason: "a 12.1 tier-set buff", source: "SimC APL" },
  future_shot: { kind: "spell", reason: "a 12.1 spell", source: "SimC APL" },
  future_talent: { kind: "talent", reason: "a 12.1 talent", source: "SimC APL" },
};
function symbols(withAbsent = true): RotationSymbols {
  const s: RotationSymbols = { ...testSymbols(), gcdSpell: SPELLS.cobra_shot };
  if (withAbsent) s.absent = (n, kind) => (Object.hasOwn(ABSENT, n) && ABSENT[n]!.kind === kind ? ABSENT[n] : undefined);
  return s;
}
const c = (value: number): RExpr => ({ kind: "const", value });
const r = (src: string, syms = symbols(), action?: string): RExpr => new Resolver(syms, new Map()).resolve(parseExpression(src), { file: "t" }, action === undefined ? {} : { action });
function err(src: string, syms = symbols(), action?: string): RotationError {
  try {
    r(src, syms, action);
  } catch (e) {
    if (e instanceof RotationError) return e;
    throw e;
  }
  throw new Error(`no error for ${src}`);
}

describe("absent aura: never active (SimC's answer for a buff nobody applies)", () => {
  it("up / stack / remains / at_max_stacks are 0, down and refreshable 1, for buff, debuff and dot", () => {
    for (const fam of ["buff", "debuff", "dot"]) {
      expect(r(`${fam}.cobra_fang.up`)).toEqual(c(0));
      expect(r(`${fam}.cobra_fang.remains`)).toEqual(c(0));
      expect(r(`${fam}.cobra_fang.stack`)).toEqual(c(0));
      expect(r(`${fam}.cobra_fang.at_max_stacks`)).toEqual(c(0));
      expect(r(`${fam}.cobra_fang.down`)).toEqual(c(1));
      expect(r(`${fam}.cobra_fang.refreshable`)).toEqual(c(1));
    }
    expect(r("buff.cobra_fang.react")).toEqual(c(0));
    expect(r("dot.cobra_fang.ticking")).toEqual(c(0));
    expect(r("active_dot.cobra_fang")).toEqual(c(0));
  });
  it("folds through the rest of an expression (the APL's cobra_shot line can never be true)", () => {
    expect(r("buff.cobra_fang.up&buff.beast_cleave.remains>1")).toEqual({ kind: "bin", op: "and", left: c(0), right: { kind: "bin", op: "gt", left: { kind: "query", q: Q.BUFF_REMAINS, arg: 13 }, right: c(1) } });
  });
  it("an unknown property is still an error; without the declaration the name is unknown", () => {
    expect(err("buff.cobra_fang.bogus").detail).toMatch(/unknown property "bogus" in "buff.cobra_fang.bogus"/);
    expect(err("buff.cobra_fang.up.x").detail).toMatch(/unexpected "x"/);
    expect(err("buff.cobra_fang.up", symbols(false)).detail).toBe('unknown aura "cobra_fang" in "buff.cobra_fang.up"');
  });
  it("a name declared absent as another kind does not stand in for an aura", () => {
    expect(err("buff.future_talent.up").detail).toBe('unknown aura "future_talent" in "buff.future_talent.up"');
  });
});

describe("absent spell: never castable", () => {
  it("cooldown / action / prev properties: never ready, no charges, never cast", () => {
    expect(r("cooldown.future_shot.ready")).toEqual(c(0));
    expect(r("cooldown.future_shot.remains")).toEqual(c(0));
    expect(r("cooldown.future_shot.charges_fractional")).toEqual(c(0));
    expect(r("action.future_shot.execute_time")).toEqual(c(0));
    expect(r("action.future_shot.in_flight")).toEqual(c(0));
    expect(r("prev_gcd.1.future_shot")).toEqual(c(0));
    expect(r("prev.future_shot")).toEqual(c(0));
    expect(err("cooldown.future_shot.bogus").detail).toMatch(/unknown property "bogus"/);
  });
  it("bare properties in its own entry resolve; bare gcd is the player's GCD", () => {
    expect(r("execute_time", symbols(), "future_shot")).toEqual(c(0));
    expect(r("remains", symbols(), "future_shot")).toEqual(c(0));
    expect(r("gcd", symbols(), "future_shot")).toEqual({ kind: "query", q: Q.GCD_MAX, arg: SPELLS.cobra_shot });
    expect(err("execute_time", symbols(false), "future_shot").detail).toBe('unknown spell "future_shot"');
  });
  it("a cast entry of it compiles to no code: the same bytecode as the rotation without it", () => {
    const withIt = compileRotation({ lists: { default: [{ cast: "future_shot", if: "buff.bestial_wrath.up&execute_time<gcd" }, { cast: "kill_command" }] } }, symbols(), "r.json");
    const without = compileRotation({ lists: { default: [{ cast: "kill_command" }] } }, symbols(), "r.json");
    expect(withIt.code).toEqual(without.code);
    // its condition is still checked
    expect(() => compileRotation({ lists: { default: [{ cast: "future_shot", if: "buff.nope.up" }] } }, symbols(), "r.json")).toThrow(/unknown aura "nope"/);
    expect(() => compileRotation({ lists: { default: [{ cast: "future_shot" }] } }, symbols(false), "r.json")).toThrow(/unknown spell "future_shot"/);
  });
});

describe("absent talent: never taken", () => {
  it("talent.X, .enabled and .rank are 0", () => {
    expect(r("talent.future_talent")).toEqual(c(0));
    expect(r("talent.future_talent.enabled")).toEqual(c(0));
    expect(r("talent.future_talent.rank")).toEqual(c(0));
    expect(err("talent.future_talent", symbols(false)).detail).toMatch(/unknown talent "future_talent"/);
  });
});

describe("the report lists every absent name the honoured lines use, with their lines", () => {
  const text = [
    "actions=cobra_shot,if=buff.cobra_fang.at_max_stacks",
    "actions+=/future_shot,if=talent.future_talent",
    "actions+=/kill_command,if=!buff.cobra_fang.up",
    "actions+=/barbed_shot",
  ].join("\n");
  it("honours every line, names each absent name once, sorted, with the lines that use it", () => {
    const { report } = compileHonoured(rotationInput(text, "r.simc"), symbols(), "r.simc");
    expect(report.honoured).toBe(4);
    expect(report.ignoredLines).toEqual([]);
    expect(report.absentNames).toEqual([
      { name: "cobra_fang", kind: "aura", reason: "a 12.1 tier-set buff", source: "SimC APL", lines: [1, 3] },
      { name: "future_shot", kind: "spell", reason: "a 12.1 spell", source: "SimC APL", lines: [2] },
      { name: "future_talent", kind: "talent", reason: "a 12.1 talent", source: "SimC APL", lines: [2] },
    ]);
  });
  it("without declarations those lines are ignored instead, and nothing is absent", () => {
    const { report } = compileHonoured(rotationInput(text, "r.simc"), symbols(false), "r.simc");
    expect(report.ignoredLines.map((l) => l.line)).toEqual([1, 2, 3]);
    expect(report.absentNames).toEqual([]);
  });
  it("is deterministic: the same input gives the same report", () => {
    const a = JSON.stringify(compileHonoured(rotationInput(text, "r.simc"), symbols(), "r.simc").report);
    const b = JSON.stringify(compileHonoured(rotationInput(text, "r.simc"), symbols(), "r.simc").report);
    expect(a).toBe(b);
  });
});

describe("manifest field `absent`", () => {
  const minimal = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    schema_version: SCHEMA_VERSION,
    spec: "test-spec",
    spec_id: 253,
    primary_stat: "agility",
    mastery: { spell: 76657, kind: "pet", coefficient: 1 },
    resources: [{ name: "focus", power_type: 2 }],
    spells: [{ name: "kill_command", id: 34026 }],
    ...extra,
  });
  const fails = (absent: unknown): ManifestError => {
    try {
      validateManifest(minimal({ absent }), "m.json");
    } catch (e) {
      if (e instanceof ManifestError) return e;
      throw e;
    }
    throw new Error("expected a ManifestError");
  };
  it("reads name → { kind, reason, source }", () => {
    const m = validateManifest(minimal({ absent: { cobra_fang: ABSENT.cobra_fang } }), "m.json");
    expect(m.absent).toEqual({ cobra_fang: ABSENT.cobra_fang });
  });
  it("rejects a bad kind, a missing or empty reason or source, an unknown field, a bad name, a name also declared", () => {
    expect(fails({ x: { kind: "item", reason: "r", source: "s" } }).path).toBe("absent.x.kind");
    expect(fails({ x: { kind: "aura", source: "s" } }).path).toBe("absent.x.reason");
    expect(fails({ x: { kind: "aura", reason: " ", source: "s" } }).path).toBe("absent.x.reason");
    expect(fails({ x: { kind: "aura", reason: "r", source: "" } }).path).toBe("absent.x.source");
    expect(fails({ x: { kind: "aura", reason: "r", source: "s", id: 1 } }).path).toBe("absent.x.id");
    expect(fails({ "Bad-Name": { kind: "aura", reason: "r", source: "s" } }).path).toBe("absent.Bad-Name");
    const dup = fails({ kill_command: { kind: "spell", reason: "r", source: "s" } });
    expect([dup.path, dup.message]).toEqual(["absent.kill_command", expect.stringMatching(/declared absent \(spell\) and also in spells/)]);
  });
  it("merges per key through extends (the spec's entry wins)", async () => {
    const piece = { schema_version: SCHEMA_VERSION, absent: { a: { kind: "aura", reason: "base", source: "s" }, b: { kind: "spell", reason: "base", source: "s" } } };
    const read: ReadPiece = async (name) => ({ text: JSON.stringify(piece), file: `${name}.json` });
    const m = await composeManifest(JSON.stringify(minimal({ extends: "base", absent: { b: { kind: "spell", reason: "spec", source: "s" } } })), "m.json", read);
    expect(m.absent).toEqual({ a: { kind: "aura", reason: "base", source: "s" }, b: { kind: "spell", reason: "spec", source: "s" } });
  });
});

describe("Beast Mastery: buff.cobra_fang (a 12.1 tier-set buff) is absent", () => {
  it("its three cobra_shot lines are honoured and reported as using an absent name", async () => {
    const [row] = await rotationCheck({ spec: "beast-mastery", dataDir: path.resolve(__dirname, "../data") });
    const rot = row!.rotation;
    expect(rot.ignoredLines.filter((l) => /cobra_fang/.test(l.text))).toEqual([]);
    expect(rot.absentNames.map((a) => [a.name, a.kind, a.lines])).toEqual([["cobra_fang", "aura", [40, 61, 71]]]);
  });
});
