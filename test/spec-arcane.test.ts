// Arcane Mage (spec 62): resolved values against the 12.0.0.64228 spell dump
// (data/sources/12.0.0.64228/mage-arcane.txt: every expected number below is quoted from its block) and the
// real 12.0.5 rows, the Arcane Charge / Arcane Salvo per-stack multipliers, a fixed-seed run of SimulationCraft's
// APL with its exact ignored lines, determinism.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { SpellResolver } from "../src/data/resolver.js";
import type { DataBundle } from "../src/data/types.js";
import { resolveManifest, type ResolvedSpec } from "../src/manifest/index.js";
import { loadManifest } from "../src/manifest/load.js";
import { simulate } from "../src/engine/simulate.js";

const DATA = path.resolve(__dirname, "../data");
const MANIFEST_FILE = path.join(DATA, "manifests/arcane.json");
let bundle: DataBundle;
let spec: ResolvedSpec;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
  // composed with its class piece (mage.json: intellect, mana) and raid.json (Bloodlust)
  const { manifest } = await loadManifest(DATA, "arcane");
  spec = resolveManifest(manifest, new SpellResolver(bundle), MANIFEST_FILE);
});

const spellOf = (name: string) => spec.spells.find((s) => s.name === name)!;
const auraOf = (name: string) => spec.auras.find((a) => a.name === name)!;

describe("Arcane manifest resolution against the 12.0.0.64228 dump", () => {
  it("Arcane Blast: 2.25 s cast, 2.75 % base mana, 0.66519 x SP", () => {
    // "Cast Time : 2.25 seconds", "Resource : 2.75% Base Mana (0) (id=1204)", "#1 ... SP Coefficient: 0.66519"
    const ab = spellOf("arcane_blast");
    expect(ab.castMs).toBe(2250);
    expect(ab.cost).toBeCloseTo(0.0275 * 250000, 9);
    expect(ab.damage!.spCoef).toBeCloseTo(0.66519, 9);
  });

  it("Arcane Charge: 4 stacks; +60 % Arcane Blast and +90 % Arcane Barrage per stack (additive)", () => {
    // 36032 "Stacks : 1 initial, 4 maximum"; #1 Base Value 60 (Arcane Blast 30451, Arcane Pulse 1241462); #2 Base Value 90 (Arcane Barrage 44425)
    const ac = auraOf("arcane_charge");
    expect(ac.maxStacks).toBe(4);
    const [blast, barrage] = ac.effects;
    expect(blast).toMatchObject({ type: "damage_mult_spells", additive: true, spells: ["arcane_blast", "arcane_pulse"] });
    expect(blast!.value).toBeCloseTo(1.6, 12);
    expect(barrage).toMatchObject({ type: "damage_mult_spells", additive: true, spells: ["arcane_barrage"] });
    expect(barrage!.value).toBeCloseTo(1.9, 12);
  });

  it("Arcane Salvo: 20 stacks of +3 % Barrage, +2 per Arcane Singularity rank (rank 2 taken): +7 % per stack", () => {
    // 1242974 "Stacks : 20 maximum", #1 Base Value 3; 1244001 #1 Base Value 2, "Effect#1 [op=mul, values=(1, 2)]"
    const s = auraOf("arcane_salvo");
    expect(s.maxStacks).toBe(20);
    expect(s.effects[0]!.value).toBeCloseTo(1 + (3 + 2 * 2) / 100, 12);
  });

  it("Touch of the Magi: off the GCD, 1 charge / 45 s, 5 % base mana; its debuff banks 20 % and lasts 12 s", () => {
    // 321507: no GCD line, "Charges : 1 (45 seconds cooldown)", "Resource : 5% Base Mana", #1 Base Value 20
    const t = spellOf("touch_of_the_magi");
    expect(t).toMatchObject({ startRecoveryMs: 0, maxCharges: 1, chargeRecoveryMs: 45000 });
    expect(t.cost).toBeCloseTo(0.05 * 250000, 9);
    // 210824 "Duration : 12 seconds"
    expect(auraOf("touch_of_the_magi").durationMs).toBe(12000);
  });
});

describe("Arcane runs SimulationCraft's default APL", () => {
  it("the ignored lines are exactly the documented ones (docs/specs/arcane.md)", async () => {
    const r = await simulate({ spec: "arcane", bundle, dataDir: DATA, duration: 30, iterations: 2, seed: 1 });
    expect(r.rotation).toMatchObject({ format: "simc", lines: 47, honoured: 43 });
    expect(r.rotation!.ignoredLines.map((l) => l.line)).toEqual([29, 44, 46, 51]);
  });

  it("a fixed seed gives the same result twice", async () => {
    const a = await simulate({ spec: "arcane", bundle, dataDir: DATA, duration: 60, iterations: 20, seed: 7 });
    const b = await simulate({ spec: "arcane", bundle, dataDir: DATA, duration: 60, iterations: 20, seed: 7 });
    expect(a.dps.mean).toBe(b.dps.mean);
    expect(a.dps.mean).toBeGreaterThan(0);
  });
});
