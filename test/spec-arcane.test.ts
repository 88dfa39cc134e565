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
import { prepareSimulation, simulate } from "../src/engine/simulate.js";
import { runImage, type RunResult } from "../src/engine/run.js";
import type { SpecImage } from "../src/engine/image.js";
import { readEngineTelemetry } from "../src/engine/simulate-telemetry.js";
import { foldMasteryResource } from "../src/engine/mastery-resources.js";

const DATA = path.resolve(__dirname, "../data");
const MANIFEST_FILE = path.join(DATA, "specs/arcane/manifest.json");
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

  it("Arcane Charge: 4 stacks; per stack +60 % Arcane Blast / +90 % Arcane Barrage (additive), Prodigious Savant and Savant on top", () => {
    // 36032 "Stacks : 1 initial, 4 maximum"; #1 Base Value 60 (Arcane Blast 30451, Arcane Pulse 1241462); #2 Base Value 90
    // (Arcane Barrage 44425). Prodigious Savant 384612 #1/#2 "Add Percent Modifier ... Base Value: 10", rank 2 of 2: +10 %
    // of 60 / 90 per rank = 12 / 18 points. Mastery: Savant 190740 #2 / #3 "SP Coefficient: 1.2" / "0.84" per mastery point.
    const ac = auraOf("arcane_charge");
    expect(ac.maxStacks).toBe(4);
    const [blast, barrage] = ac.effects;
    expect(blast).toMatchObject({ type: "damage_mult_spells", additive: true, spells: ["arcane_blast", "arcane_pulse"] });
    expect(blast!.value).toBeCloseTo(1 + (60 + 2 * 6) / 100, 12);
    expect(blast!.masteryCoef).toBeCloseTo(1.2, 12);
    expect(barrage).toMatchObject({ type: "damage_mult_spells", additive: true, spells: ["arcane_barrage"] });
    expect(barrage!.value).toBeCloseTo(1 + (90 + 2 * 9) / 100, 12);
    expect(barrage!.masteryCoef).toBeCloseTo(0.84, 12);
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
    expect(r.rotation).toMatchObject({ format: "simc", lines: 47, honoured: 44 });
    expect(r.rotation!.ignoredLines.map((l) => l.line)).toEqual([29, 44, 51]);
  });

  it("a fixed seed gives the same result twice", async () => {
    const a = await simulate({ spec: "arcane", bundle, dataDir: DATA, duration: 60, iterations: 20, seed: 7 });
    const b = await simulate({ spec: "arcane", bundle, dataDir: DATA, duration: 60, iterations: 20, seed: 7 });
    expect(a.dps.mean).toBe(b.dps.mean);
    expect(a.dps.mean).toBeGreaterThan(0);
  });
});

// ---- scripted runs of the compiled image (crit 0, haste 0, versatility 0: exact arithmetic) ----

async function scripted(rotation: unknown, opts: { durationS: number; mastery?: number; mana?: { max: number; regen: number } }): Promise<SpecImage> {
  const prep = await prepareSimulation({ spec: "arcane", bundle, dataDir: DATA, varyLength: 0, duration: opts.durationS, rotation, bloodlust: false });
  const img = prep.image;
  img.stats = { ...img.stats, crit: 0, haste: 0, versatility: 0, mastery: opts.mastery ?? 0 };
  if (opts.mana) img.resources = img.resources.map((r) => ({ ...r, max: opts.mana!.max, initial: opts.mana!.max, regenPerSec: opts.mana!.regen }));
  return img;
}
const rot = (...entries: unknown[]) => ({ main: "m", lists: { m: entries } });
const spellRow = (r: RunResult, name: string) => r.spells.find((s) => s.name === name)!;
// Arcane Mage 137021 #1 "Add Percent Modifier (108): Spell Direct Amount (0)" Base Value 15 on every Mage spell
const ARCANE_MAGE = 1.15;

describe("Mana: base 250000, 2 % per second, Savant's +1.32 % maximum and regeneration per mastery point", () => {
  it("resolves the class piece's mana and Savant effects 1 / 4", () => {
    // mage.json: 250000 base mana (SimC __base_mp, Mage, level 90), 1 % of it per second (SimC's rule) x (1 + 100 %)
    // Mana Attunement 121039 #1. Savant 190740 #1 "Modify Max Mana% (178) ... SP Coefficient: 1.32", #4 "Modify Mana
    // Regen% (379) ... SP Coefficient: 1.32".
    const mana = spec.resources.find((r) => r.name === "mana")!;
    expect(mana).toMatchObject({ max: 250000, regenPerSec: 5000 });
    expect(mana.masteryMaxPct).toBeCloseTo(1.32, 12);
    expect(mana.masteryRegenPct).toBeCloseTo(1.32, 12);
  });

  it("the compiled image folds the profile's mastery into the maximum, the start and the regeneration", async () => {
    const prep = await prepareSimulation({ spec: "arcane", bundle, dataDir: DATA, duration: 30 });
    const m = prep.image.stats.mastery; // mastery points before the coefficient
    expect(m).toBeGreaterThan(8);
    const f = 1 + (m * 1.32) / 100;
    expect(prep.image.resources[0]).toMatchObject({ name: "mana" });
    expect(prep.image.resources[0]!.max).toBeCloseTo(250000 * f, 6);
    expect(prep.image.resources[0]!.initial).toBeCloseTo(250000 * f, 6);
    expect(prep.image.resources[0]!.regenPerSec).toBeCloseTo(5000 * f, 6);
  });

  it("refuses the fold when an aura changes mastery during the fight", () => {
    const mana = spec.resources.find((r) => r.name === "mana")!;
    const withBuff = { ...spec, auras: [...spec.auras, { ...spec.auras[0]!, name: "mastery_buff", active: true, effects: [{ type: "mastery", value: 5 }] }] } as unknown as ResolvedSpec;
    expect(() => foldMasteryResource(withBuff, mana, 20)).toThrow(/aura "mastery_buff" changes mastery/);
    // 20 points: x (1 + 20 x 1.32 %) = 1.264
    expect(foldMasteryResource(spec, mana, 20)).toEqual({ max: 250000 * 1.264, initial: 250000 * 1.264, regenPerSec: 5000 * 1.264 });
  });

  it("an idle player starting empty regains 20 s x 5000 x (1 + 1.32 % x mastery) mana", async () => {
    const img = await scripted(rot({ cast: "arcane_blast", if: "time > 100" }), { durationS: 20 });
    const regen = img.resources[0]!.regenPerSec!;
    img.resources = img.resources.map((r, i) => (i === 0 ? { ...r, initial: 0 } : r));
    runImage(img, { iterations: 1, seed: 1n });
    const gained = readEngineTelemetry(img).resources[0]!.reduce((a, x) => a + x.gained, 0);
    expect(regen).toBeGreaterThan(5000);
    expect(gained).toBeCloseTo(20 * regen, 3);
  });
});

describe("Arcane Charges (scripted)", () => {
  it("Arcane Blast's mana cost grows +100 % per charge (36032 #5): 100000 mana, no regen -> 4 casts", async () => {
    // 2.75 % x 250000 = 6875 per charge step: 6875 + 13750 + 20625 + 27500 = 68750; the 5th needs 34375 > 31250 left.
    // Without the stack cost 14 would fit (14 x 6875 = 96250).
    const r = runImage(await scripted(rot({ cast: "arcane_blast" }), { durationS: 60, mana: { max: 100000, regen: 0 } }), { iterations: 1, seed: 1n });
    expect(spellRow(r, "arcane_blast").casts).toBe(4);
  });

  it("Arcane Blast: +(60 + 2 x 6 Prodigious Savant + 1.2 x mastery) % per charge held, charges 0..3 over 4 casts", async () => {
    // mastery 20 points: per charge (60 + 12 + 24) % = 0.96 (36032 #1 Base Value 60; 384612 #1 10 % of it per rank,
    // rank 2; 190740 #2 SP Coefficient 1.2). Casts end at 2.25, 4.5, 6.75, 9.0 s holding 0, 1, 2, 3 charges:
    // total = 0.66519 x SP x 1.15 x (4 + 0.96 x (0 + 1 + 2 + 3)).
    const img = await scripted(rot({ cast: "arcane_blast", if: "time < 8" }), { durationS: 12, mastery: 20 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    const ab = spellRow(r, "arcane_blast");
    expect(ab.casts).toBe(4);
    expect(ab.damage).toBeCloseTo(0.66519 * img.stats.spellPower * ARCANE_MAGE * (4 + 0.96 * 6), 6);
  });

  it("Arcane Barrage: 4 charges x (90 + 18 + 0.84 x mastery) % and 8 Arcane Salvo x 7 %, then both are consumed", async () => {
    // 4 Arcane Blasts (9.0 s) leave 4 charges and 8 Salvo stacks (Expanded Mind 1243557 #1: 2 per cast). Barrage
    // 44425 #1 SP 0.625 x 1.15 x (1 + 4 x (0.90 + 0.18 + 0.168)) x (1 + 8 x (3 + 2 x 2) %): 36032 #2 Base Value 90,
    // Prodigious Savant 2 x 9 points, Savant 190740 #3 0.84 x 20; Salvo 1242974 #1 3 + Arcane Singularity 1244001 #1 2 x rank 2.
    const img = await scripted(rot({ cast: "arcane_barrage", if: "buff.arcane_charge.stack=4" }, { cast: "arcane_blast", if: "time < 8" }), { durationS: 12, mastery: 20 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    const bar = spellRow(r, "arcane_barrage");
    expect(bar.casts).toBe(1);
    expect(bar.damage).toBeCloseTo(0.625 * img.stats.spellPower * ARCANE_MAGE * (1 + 4 * 1.248) * (1 + 8 * 0.07), 6);
  });
});

describe("Presence of Mind", () => {
  it("makes the next 2 Arcane Blasts instant (205025 #1 Spell Cast Time -100 %, 2 charges)", async () => {
    // PoM at 0 (off the GCD); Arcane Blasts while time < 4: instant at 0 and 1.5 (GCD 1.5 s, haste 0), then a
    // 2.25 s cast 3.0 -> 5.25: 3 casts. Without it: 0 -> 2.25, 2.25 -> 4.5: 2 casts.
    const withPom = runImage(await scripted(rot({ cast: "presence_of_mind" }, { cast: "arcane_blast", if: "time < 4" }), { durationS: 6 }), { iterations: 1, seed: 1n });
    expect(spellRow(withPom, "presence_of_mind").casts).toBe(1);
    expect(spellRow(withPom, "arcane_blast").casts).toBe(3);
    const without = runImage(await scripted(rot({ cast: "arcane_blast", if: "time < 4" }), { durationS: 6 }), { iterations: 1, seed: 1n });
    expect(spellRow(without, "arcane_blast").casts).toBe(2);
  });
});

describe("Touch of the Magi (bank without refresh)", () => {
  it("explodes 12 s after the cast for 20 % of the damage dealt while it was up", async () => {
    // Touch at 0 (off the GCD, +4 charges), then Arcane Blasts at 4 charges ending 2.25 .. 11.25 s (5 casts): all inside
    // the 12 s debuff (210824 Duration 12 s). Banking never refreshes it (apply false), so it expires at 12 s and its
    // one residual tick deals 321507 #1's 20 % of those 5 hits, with no crit or modifier again.
    const img = await scripted(rot({ cast: "touch_of_the_magi" }, { cast: "arcane_blast", if: "time < 11" }), { durationS: 20 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    const ab = spellRow(r, "arcane_blast");
    expect(ab.casts).toBe(5);
    const tom = r.spells.filter((s) => s.name.startsWith("touch_of_the_magi")).reduce((a, s) => a + s.damage, 0);
    expect(tom).toBeCloseTo(0.2 * ab.damage, 6);
  });
});

// ---- session 27: the idle wake on mana, Mana Adept at the raised maximum ----

async function timed(rotation: unknown, durationS: number, mastery = 0): Promise<SpecImage> {
  // hand-timed: the reaction model (drawn delays) off
  const prep = await prepareSimulation({ spec: "arcane", bundle, dataDir: DATA, varyLength: 0, duration: durationS, rotation, bloodlust: false, reaction: false });
  prep.image.stats = { ...prep.image.stats, crit: 0, haste: 0, versatility: 0, mastery };
  return prep.image;
}

describe("idle_wake on mana (mage.json): a mana-starved mage casts again as soon as regeneration covers the cost", () => {
  it("Arcane Blast only, empty at the pull, 5000 mana per second: casts end at 3.625, 6.375, 10.5 s; without the wake none", async () => {
    // cost 2.75 % x 250000 = 6875 x (1 + charges) (36032 #5). 0 mana: 6875 / 5000 -> starts at 1.375 s, ends 3.625 s
    // (2.25 s cast, haste 0) holding 3625 x 5 - 6875 = 11250 and 1 charge; 13750 is there 0.5 s later: 4.125 -> 6.375 s,
    // 11250 + 2250 x 5 - 13750 = 11250 left; 20625 needs 1.875 s: 8.25 -> 10.5 s. Linear regen below the cap: the
    // order of paying and regaining does not move these times.
    const img = await timed(rot({ cast: "arcane_blast" }), 10.6);
    img.resources = img.resources.map((r) => (r.name === "mana" ? { ...r, max: 100000, initial: 0, regenPerSec: 5000 } : r));
    expect(img.regenWake).toBe(true);
    expect(spellRow(runImage(img, { iterations: 1, seed: 1n }), "arcane_blast").casts).toBe(3);
    const shorter = { ...img, run: { ...img.run, durationMs: 10400 } };
    expect(spellRow(runImage(shorter, { iterations: 1, seed: 1n }), "arcane_blast").casts).toBe(2);
    // without the wake the idle player waits for a cooldown end that never comes (Arcane Blast has none)
    expect(spellRow(runImage({ ...img, regenWake: false }, { iterations: 1, seed: 1n }), "arcane_blast").casts).toBe(0);
  });
});

describe("Mana Adept: 1.5 % of the maximum mana the fight runs with, per charge Barrage spends", () => {
  it("the refund ops are 150 x 0.01 = 1.5 % of the compiled (Savant-raised) maximum", async () => {
    // 321526 #1 Base Value 150 ("${$s1/100}.1% of your maximum mana"); SimC: resources.max x charges x 1.5 %
    const img = await timed(rot({ cast: "arcane_blast" }), 10);
    const max = img.resources[0]!.max;
    expect(max).toBeGreaterThan(250000); // the profile's mastery raises it (Savant 190740 #1)
    const amounts = img.opLists.flat().flatMap((o) => (o.op === "gainResource" && o.resource === 0 ? [o.amount] : []));
    // the four per-charge refunds (the other mana gain is Arcane Surge's 21250 per second tick)
    expect(amounts.filter((a) => Math.abs(a - 0.015 * max) < 1e-9).length).toBe(4);
    expect(amounts).not.toContain(3750); // 1.5 % of the unraised 250000: the refund before this session
  });

  it("a 4-charge Barrage returns 4 x 1.5 % of the maximum (regen 0)", async () => {
    // 4 Arcane Blasts spend 6875 x (1 + 2 + 3 + 4) = 68750 from a full bar; Barrage then gains 4 x 0.015 x max, below the cap
    const img = await timed(rot({ cast: "arcane_barrage", if: "buff.arcane_charge.stack=4" }, { cast: "arcane_blast", if: "time < 8" }), 12);
    img.resources = img.resources.map((r) => (r.name === "mana" ? { ...r, regenPerSec: 0 } : r));
    const max = img.resources[0]!.max;
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(spellRow(r, "arcane_barrage").casts).toBe(1);
    const t = readEngineTelemetry(img).resources[0]!;
    expect(t.reduce((a, x) => a + x.gained, 0)).toBeCloseTo(4 * 0.015 * max, 6);
    expect(t.reduce((a, x) => a + x.spent, 0)).toBeCloseTo(68750, 6);
  });

  it("refuses a percent_of_max gain above 100 with the file and path", async () => {
    const { manifest } = await loadManifest(DATA, "arcane");
    const m = JSON.parse(JSON.stringify(manifest)) as { spells: { name: string; on_cast: unknown[] }[] };
    const blast = m.spells.find((s) => s.name === "arcane_blast")!;
    // Mana Adept's 150 without its 0.01 scale: 150 % of the maximum
    blast.on_cast.push({ op: "gain", resource: "mana", amount: { spell: 321526, effect: 1, field: "base_points", scale: 1 }, percent_of_max: true });
    const at = blast.on_cast.length - 1;
    expect(() => resolveManifest(m as never, new SpellResolver(bundle), MANIFEST_FILE)).toThrow(new RegExp(`on_cast\\[${at}\\]\\.amount: percent_of_max: a percent of the maximum must be at most 100, got 150`));
  });
});
