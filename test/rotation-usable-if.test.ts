// `usable_if.<spell>` manifest expressions (docs/manifests.md): a spell's own usability rule, ANDed by the
// rotation compiler into every cast entry of that spell (SimC's action ready(): Black Arrow's 80 %/20 %
// health rule). Engine runs on a tiny image: a probe spell cast at most once (1000 s cooldown).
import { describe, expect, it } from "vitest";
import { runImage } from "../src/engine/run.js";
import type { SpecImage } from "../src/engine/image.js";
import { compileRotation, type RotationJson } from "../src/rotation/index.js";
import { imageSymbols } from "./helpers/rotation-symbols.js";
import { gcdSpell, testImage } from "./helpers/spec-image.js";

function casts(rotation: RotationJson, usable: Record<string, string>, durationMs = 10_000): number {
  const base = testImage("usable", { spells: [gcdSpell("filler")] });
  const spells = [...base.spells, { id: 9, name: "probe", castMs: 0, startRecoveryCategory: 0, startRecoveryMs: 0, recoveryMs: 1_000_000 }];
  const img: SpecImage = { ...base, spells, run: { ...base.run, durationMs } };
  const expression = (n: string) => (n.startsWith("usable_if.") && Object.hasOwn(usable, n.slice(10)) ? { text: usable[n.slice(10)]!, file: "manifests/t.json", key: n } : undefined);
  const compiled = compileRotation(rotation, imageSymbols(img, { expression }), "t.json", { fast: true, scan: true });
  const r = runImage({ ...img, rotation: { kind: "bytecode", code: compiled.code, constants: compiled.constants, spells: compiled.spells } }, { iterations: 1, seed: 7n });
  return r.spells[spells.length - 1]!.casts;
}

const rot = (entry: Record<string, unknown>): RotationJson => ({ lists: { default: [entry, { cast: "filler" }] } });

describe("usable_if.<spell>", () => {
  it("without a rule the probe is cast at the pull; a rule that never holds keeps it from every entry", () => {
    expect(casts(rot({ cast: "probe" }), {})).toBe(1);
    expect(casts(rot({ cast: "probe" }), { probe: "time > 1000" })).toBe(0);
    expect(casts(rot({ cast: "probe", if: "time >= 0" }), { probe: "time > 1000" })).toBe(0);
  });
  it("is ANDed with the entry's condition: both must hold (time 4 s into a 10 s fight: health 60 %)", () => {
    expect(casts(rot({ cast: "probe", if: "time >= 4" }), { probe: "target.health.pct < 70" })).toBe(1);
    expect(casts(rot({ cast: "probe", if: "time >= 4" }), { probe: "target.health.pct < 10" }, 10_000)).toBe(1); // late in the fight
    expect(casts(rot({ cast: "probe", if: "time > 1000" }), { probe: "target.health.pct < 70" })).toBe(0);
  });
  it("a rule for another spell changes nothing", () => {
    expect(casts(rot({ cast: "probe" }), { filler: "time > 1000" })).toBe(1);
  });
});
