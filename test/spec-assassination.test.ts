// Assassination Rogue (spec 259): resolved values against the real 12.0.5 rows and the spell tables generated
// from SimulationCraft's 12.0.0.64228 spell-data dump (data/sources/12.0.0.64228/rogue.txt: every expected
// coefficient below is quoted from its block); the spec passive Assassination Rogue (137037) folded into the
// coefficients; the combo-point finisher (spend all points up to SpellPower ManaCost + OptionalCost, damage x
// points, Rupture/Envenom duration + points x per-point ms) on scripted runs with haste / crit / versatility
// forced to 0 and energy made unlimited (exact arithmetic); bleeds ignoring armor and Potent Assassin on
// bleeds + poisons only; Venomous Wounds with Deadly Poison forced to proc; a fixed-seed smoke run; determinism.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { documentedIgnoredLines } from "./helpers/spec-doc.js";
import { loadDataBundle } from "../src/data/bundle.js";
import { SpellResolver } from "../src/data/resolver.js";
import type { DataBundle } from "../src/data/types.js";
import { listEstimates, loadManifest, ManifestError, resolveManifest, unmarkedManifestValues, validateManifest, type ResolvedSpec } from "../src/manifest/index.js";
import { MissingSpellData } from "../src/errors.js";
import { prepareSimulation } from "../src/engine/simulate.js";
import { runImage, type RunResult } from "../src/engine/run.js";
import { expectSeedDeterminism } from "./helpers/spec-run.js";
import { encodeImage, ImageError, type SpecImage } from "../src/engine/image.js";

const DATA = path.resolve(__dirname, "../data");
const FILE = path.join(DATA, "specs/assassination/manifest.json");
let bundle: DataBundle;
/** The build without the talents that change these values (Venomous Wounds only): the baseline the hand-derived expectations below use. */
let spec: ResolvedSpec;
/** The default build (the MID1 profile's talents, docs/specs/assassination.md). */
let full: ResolvedSpec;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
  const m = (await loadManifest(DATA, "assassination")).manifest;
  spec = resolveManifest(m, new SpellResolver(bundle), FILE, { talents: ["venomous_wounds"] });
  full = resolveManifest(m, new SpellResolver(bundle), FILE);
});

const spellOf = (name: string) => spec.spells.find((s) => s.name === name)!;
const auraOf = (name: string) => spec.auras.find((a) => a.name === name)!;
const prov = (p: string) => spec.provenance.find((x) => x.path === p);

// Dump values (data/sources/12.0.0.64228/rogue.txt), quoted where they are used:
const MUTILATE_AP = 1.15; // 5374 #2 and 27576 #2: `AP Coefficient: 1.15`
const ENVENOM_AP = 0.416; // 32645 #1: `AP Coefficient: 0.416` (per combo point)
const RUPTURE_AP = 0.336574; // 1943 #1: `AP Coefficient: 0.336574`
const GARROTE_AP = 0.391; // 703 #1: `AP Coefficient: 0.391`
const DP_TICK_AP = 0.11374; // 2818 #1: `AP Coefficient: 0.11374`
const DP_HIT_AP = 0.0814; // 113780 #1: `AP Coefficient: 0.0814`
const SPEC_DIRECT = 1 + 20 / 100; // 137037 #1: Spell Direct Amount `Base Value: 20`
const SPEC_PERIODIC = 1 + 20 / 100; // 137037 #2: Spell Periodic Amount `Base Value: 20`
const SPEC_RUPTURE = 1 + 40 / 100; // 137037 #7: Spell Periodic Amount `Base Value: 40` (Rupture)

describe("Assassination manifest resolution against the real tables and the 12.0.0.64228 dump", () => {
  it("energy costs, GCD and Garrote's cooldown come from real SpellPower / SpellCooldowns rows", () => {
    // SpellPower 122 (1329) 50, 86 (703) 45, 145 (1943) 25, 1350 (32645) 35 energy (PowerType 3)
    expect([spellOf("mutilate").cost, spellOf("garrote").cost, spellOf("rupture").cost, spellOf("envenom").cost]).toEqual([50, 45, 25, 35]);
    for (const n of ["mutilate", "garrote", "rupture", "envenom"]) expect(spellOf(n).resource).toBe("energy");
    // SpellCooldowns 155 / 99 / 195 / 2138: StartRecoveryTime 1000 (the rogue's 1 s GCD), category 133
    for (const n of ["mutilate", "garrote", "rupture", "envenom"]) expect(spellOf(n)).toMatchObject({ startRecoveryCategory: 133, startRecoveryMs: 1000 });
    // SpellCooldowns 99: Garrote RecoveryTime 6000
    expect(spellOf("garrote").recoveryMs).toBe(6000);
    expect(spellOf("mutilate").recoveryMs).toBe(0);
    for (const p of ["spells.mutilate.cost", "spells.garrote.cooldown_ms", "spells.envenom.gcd_ms"]) expect(prov(p)!.fixture).toBe(false);
  });

  it("finishers: min / max points from the combo-point SpellPower rows (ManaCost 1 + OptionalCost 4)", () => {
    // SpellPower 10589 (Rupture) and 10585 (Envenom): PowerType 4, ManaCost 1, OptionalCost 4
    expect(spellOf("rupture").finisher).toEqual({ resource: "combo_points", minPoints: 1, maxPoints: 5, aura: "rupture", auraMsPerPoint: 4000 });
    expect(spellOf("envenom").finisher).toEqual({ resource: "combo_points", minPoints: 1, maxPoints: 5, aura: "envenom", auraMsPerPoint: 1000 });
    expect(prov("spells.rupture.finisher.max_points")).toMatchObject({ source: "SpellPower.ManaCost + SpellPower.OptionalCost", spell: 1943, fixture: false });
    expect(spellOf("mutilate").finisher).toBeUndefined();
  });

  it("resources from the PowerType rows: energy 100 / 10 per s hasted, combo points 5 / no regen, start at 0", () => {
    // PowerType ENERGY: MaxBasePower 100, RegenCombat 10; COMBO_POINTS: MaxBasePower 5, RegenCombat 0
    expect(spec.resources[0]).toMatchObject({ name: "energy", powerType: 3, max: 100, regenPerSec: 10, hasteScaled: true });
    expect(spec.resources[1]).toMatchObject({ name: "combo_points", powerType: 4, max: 5, regenPerSec: 0, initial: 0 });
  });

  it("Deadly Poison's 30 % chance is the real SpellAuraOptions row; Envenom's +30 % is 32645 effect 2", () => {
    // SpellAuraOptions (2823): ProcChance 30 (the dump: `Proc Chance : 30%`)
    expect(spec.procs.find((p) => p.name === "deadly_poison")!.chance).toBeCloseTo(0.3, 12);
    expect(prov("procs.deadly_poison.chance")).toMatchObject({ spell: 2823, fixture: false });
    // 32645 #2: Add Flat Modifier (107): Spell Proc Chance, `Base Value: 30` -> a second 0.30 roll
    expect(spec.procs.find((p) => p.name === "deadly_poison_envenom")!.chance).toBeCloseTo(0.3, 12);
    expect(prov("procs.deadly_poison_envenom.chance")).toMatchObject({ spell: 32645, source: "SpellEffect.EffectBasePointsF", origin: "dump" });
  });

  it("durations and periods from the dump: Garrote 18 s, Deadly Poison 12 s, Rupture 4 s base, Envenom 0 base; 2 s ticks", () => {
    // 703 `Duration : 18 seconds`, 2818 `Duration : 12 seconds`, 1943 `Duration : 4 seconds`, 32645 no Duration line
    expect([auraOf("garrote").durationMs, auraOf("deadly_poison").durationMs, auraOf("rupture").durationMs, auraOf("envenom").durationMs]).toEqual([18000, 12000, 4000, 0]);
    // `Periodic Damage (3): ... every 2 seconds` on 703 #1, 1943 #1, 2818 #1; attribute 173 (haste affects periodic)
    for (const n of ["garrote", "rupture", "deadly_poison"]) expect(auraOf(n)).toMatchObject({ tickPeriodMs: 2000, tickHasted: true, tickMayCrit: true, target: "target", refresh: "pandemic" });
  });

  it("coefficients from the dump, with the spec passive 137037 folded in", () => {
    // Mutilate 1329 #3 triggers 5374: the main-hand strike, 137037 #1 (+20 %) applies
    expect(spellOf("mutilate").damage).toMatchObject({ payloadSpell: 5374, apCoef: MUTILATE_AP, school: 1 });
    expect(spellOf("mutilate").damage!.mult).toBeCloseTo(SPEC_DIRECT, 12);
    // off hand 27576 #2 x 0.5 (tooltip `$dmg=${$5374s2+$27576s2*0.5}`); 1329 #2 awards 2 combo points
    // 137037 #1 lists 27576 too: the passive reaches the damage op (`ops`)
    // (first the Stealth break: any cast removes Stealth; Improved Garrote's buff is folded away without the talent)
    expect(spellOf("mutilate").onCast).toEqual([
      { op: "if_aura", aura: "stealth", minStacks: 1, ops: [] },
      { op: "remove_aura", aura: "stealth" },
      { op: "damage", spell: 27576, apCoef: MUTILATE_AP * 0.5, school: 1, mult: SPEC_DIRECT },
      { op: "gain", resource: "combo_points", amount: 2 },
    ]);
    // Envenom 32645 #1, nature, per point; 137037 #1
    expect(spellOf("envenom").damage).toMatchObject({ payloadSpell: 32645, apCoef: ENVENOM_AP, school: 8 });
    expect(spellOf("envenom").damage!.mult).toBeCloseTo(SPEC_DIRECT, 12);
    // ticks: Garrote and Deadly Poison x 1.2 (137037 #2), Rupture x 1.2 x 1.4 (#2 and #7)
    expect(auraOf("garrote").tickDamage).toMatchObject({ payloadSpell: 703, apCoef: GARROTE_AP, school: 129 });
    expect(auraOf("garrote").tickDamage!.mult).toBeCloseTo(SPEC_PERIODIC, 12);
    expect(auraOf("rupture").tickDamage).toMatchObject({ payloadSpell: 1943, apCoef: RUPTURE_AP, school: 129 });
    expect(auraOf("rupture").tickDamage!.mult).toBeCloseTo(SPEC_PERIODIC * SPEC_RUPTURE, 12);
    expect(auraOf("deadly_poison").tickDamage).toMatchObject({ payloadSpell: 2818, apCoef: DP_TICK_AP, school: 8 });
    expect(auraOf("deadly_poison").tickDamage!.mult).toBeCloseTo(SPEC_PERIODIC, 12);
    // the instant Deadly Poison hit (113780 #1) is a proc damage op; 137037 #1 lists 113780
    const dp = spec.procs.find((p) => p.name === "deadly_poison")!;
    expect(dp.ops[0]).toEqual({ op: "if_aura", aura: "deadly_poison", minStacks: 1, ops: [{ op: "damage", spell: 113780, apCoef: DP_HIT_AP, school: 8, mult: SPEC_DIRECT }] });
    // 137037 #5 Modify Auto Attack Damage Done% +38 on both hands
    expect(spec.autoAttack!.mult).toBeCloseTo(1.38, 12);
    // Garrote 703 #3 awards 1 combo point; Venomous Wounds 79134 #1 `Base Value: 4` energy per tick
    expect(spellOf("garrote").onCast.at(-1)).toEqual({ op: "gain", resource: "combo_points", amount: 1 });
    expect(auraOf("rupture").onTick).toEqual([{ op: "if_aura", aura: "deadly_poison", minStacks: 1, ops: [{ op: "gain", resource: "energy", amount: 4 }] }]);
    // Potent Assassin 76803 #1 `SP Coefficient: 1.7`
    expect(spec.mastery).toMatchObject({ spell: 76803, kind: "school", school: 136, coefficient: 1.7 });
    expect(prov("mastery.coefficient")).toMatchObject({ source: "SpellEffect.EffectBonusCoefficient", spell: 76803, origin: "dump" });
    for (const [i, v] of [[0, 20], [1, 20], [2, 38], [3, 40]] as const) expect(prov(`passives.assassination_rogue.effects[${i}]`)).toMatchObject({ value: v, spell: 137037, origin: "dump" });
  });

  it("every value the manifest states is marked estimated (with its source comment)", async () => {
    const m = (await loadManifest(DATA, "assassination")).manifest;
    expect(unmarkedManifestValues(m, spec.provenance)).toEqual([]);
    expect(listEstimates(m).map((e) => e.path).sort()).toEqual([
      // the shared consumables / racials pieces (docs/consumables.md)
      "auras.blood_fury.effects[0].value",
      "auras.blood_fury_intellect.effects[0].value",
      "auras.deathmark.tick_damage.school",
      "auras.garrote.tick_damage.school",
      "auras.garrote_improved.duration_ms",
      "auras.lights_potential.effects[0].value",
      "auras.rupture.tick_damage.school",
      "auto_attack.off_hand.damage_factor",
      "resources.combo_points.initial",
      "spells.envenom.finisher.aura_ms_per_point",
      "spells.potion.cooldown_ms",
      "spells.rupture.finisher.aura_ms_per_point",
      "spells.stealth.cooldown_ms",
    ]);
  });
});

describe("finisher / off-hand manifest errors", () => {
  const merged = async () => structuredClone((await loadManifest(DATA, "assassination")).manifest) as unknown as Record<string, any>;
  const spellAt = (m: Record<string, any>, name: string) => (m.spells as { name: string }[]).findIndex((s) => s.name === name);

  it("an undeclared finisher resource or aura is MANIFEST_UNKNOWN_NAME naming the path", async () => {
    const m = await merged();
    const i = spellAt(m, "rupture");
    m.spells[i].finisher = { ...m.spells[i].finisher, resource: "chi" };
    expect(() => validateManifest(m, FILE)).toThrow(ManifestError);
    try { validateManifest(m, FILE); } catch (e) {
      expect((e as ManifestError).code).toBe("MANIFEST_UNKNOWN_NAME");
      expect((e as Error).message).toContain(`spells[${i}].finisher.resource`);
    }
    const n = await merged();
    n.spells[i].finisher = { ...n.spells[i].finisher, aura: "no_such_aura" };
    expect(() => validateManifest(n, FILE)).toThrow(/finisher\.aura/);
  });

  it("unknown finisher / off_hand keys and a missing damage_factor are INVALID_MANIFEST", async () => {
    const m = await merged();
    m.spells[spellAt(m, "envenom")].finisher.points = 5;
    expect(() => validateManifest(m, FILE)).toThrow(expect.objectContaining({ code: "INVALID_MANIFEST" }));
    const n = await merged();
    n.auto_attack = { ...n.auto_attack, off_hand: { name: "oh" } };
    expect(() => validateManifest(n, FILE)).toThrow(expect.objectContaining({ code: "INVALID_MANIFEST" }));
  });

  it("a finisher on a spell without a points SpellPower row is MissingSpellData; a max below the minimum is INVALID_MANIFEST", async () => {
    const m = await merged();
    // Mutilate (1329) has an energy row only
    m.spells[spellAt(m, "mutilate")].finisher = { resource: "combo_points" };
    expect(() => resolveManifest(validateManifest(m, FILE), new SpellResolver(bundle), FILE)).toThrow(MissingSpellData);
    const n = await merged();
    n.spells[spellAt(n, "rupture")].finisher.max_points = 0;
    delete n.spells[spellAt(n, "rupture")].finisher.max_points_mods; // the Stratagem talents would add 2
    n.spells[spellAt(n, "rupture")].estimated = { ...n.spells[spellAt(n, "rupture")].estimated, "finisher.max_points": "test" };
    expect(() => resolveManifest(validateManifest(n, FILE), new SpellResolver(bundle), FILE)).toThrow(expect.objectContaining({ code: "INVALID_MANIFEST" }));
  });
});

// ---- scripted runs of the compiled image ----

const rot = (...entries: unknown[]) => ({ main: "m", lists: { m: entries } });
const rec = (r: RunResult, name: string) => r.spells.find((s) => s.name === name)!;

/** Compile with `rotation`; crit, haste, versatility, mastery 0; energy 1e6 (no energy limit) unless given. */
async function scripted(rotation: unknown, opts: { durationS: number; talents?: string[]; energy?: { max: number; regen: number }; comboMax?: number; mastery?: number }): Promise<SpecImage> {
  // the baseline build (Venomous Wounds only) unless talents are given: the expectations are derived for it
  const prep = await prepareSimulation({ spec: "assassination", bundle, dataDir: DATA, varyLength: 0, duration: opts.durationS, rotation, bloodlust: false, talents: opts.talents ?? ["venomous_wounds"] });
  const img = prep.image;
  img.stats = { ...img.stats, crit: 0, haste: 0, versatility: 0, mastery: opts.mastery ?? 0 };
  const e = opts.energy ?? { max: 1e6, regen: 0 };
  img.resources = img.resources.map((r) =>
    r.name === "energy" ? { ...r, max: e.max, initial: e.max, regenPerSec: e.regen }
      : r.name === "combo_points" && opts.comboMax !== undefined ? { ...r, max: opts.comboMax } : r);
  return img;
}

describe("combo-point finishers (scripted, GCD 1 s, haste 0)", () => {
  it("Envenom spends 4 points: damage = 4 x 0.416 x 1.2 x AP per cast", async () => {
    // M at 0 (2 cp), 1 (4 cp), Envenom at 2 (spends 4), M 3, M 4, E 5, M 6, M 7, E 8: 3 Envenoms in 9 s.
    const img = await scripted(rot({ cast: "envenom", if: "combo_points >= 4" }, { cast: "mutilate" }), { durationS: 9 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    const e = rec(r, "envenom");
    expect(e.casts).toBe(3);
    expect(rec(r, "mutilate").casts).toBe(6);
    // nature: no armor; crit / vers / mastery 0 -> exact
    expect(e.damage).toBeCloseTo(3 * 4 * ENVENOM_AP * SPEC_DIRECT * img.stats.attackPower, 6);
  });

  it("points cap at the resource max (5): the third Mutilate's point is wasted, Envenom spends 5", async () => {
    // M 0 (2), M 1 (4), M 2 (6 -> capped 5), E 3 (5 points), M 4, M 5, M 6, E 7: 2 Envenoms x 5 points in 9 s.
    const img = await scripted(rot({ cast: "envenom", if: "combo_points >= 5" }, { cast: "mutilate" }), { durationS: 9 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(rec(r, "envenom").casts).toBe(2);
    expect(rec(r, "envenom").damage).toBeCloseTo(2 * 5 * ENVENOM_AP * SPEC_DIRECT * img.stats.attackPower, 6);
  });

  it("a finisher spends at most max points (5) and keeps the rest", async () => {
    // combo max raised to 10. Envenom at >= 8: M 0 (2), 1 (4), 2 (6), 3 (8), E 4 spends 5 -> 3 left;
    // M 5 (5), M 6 (7), M 7 (9), E 8 spends 5 -> 4 left. 2 Envenoms x 5 points in 9 s.
    // (Spending everything would be 8 + 6 = 14 points over two casts: 14 x 0.416 x 1.2 AP.)
    const img = await scripted(rot({ cast: "envenom", if: "combo_points >= 8" }, { cast: "mutilate" }), { durationS: 9, comboMax: 10 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(rec(r, "envenom").casts).toBe(2);
    expect(rec(r, "envenom").damage).toBeCloseTo(10 * ENVENOM_AP * SPEC_DIRECT * img.stats.attackPower, 6);
  });

  it("Rupture's duration grows 4 s per point: 4 points -> 20 s = 10 ticks, 2 points -> 12 s = 6 ticks", async () => {
    // M 0 (2), M 1 (4), Rupture at 2 with 4 points: 4000 + 4 x 4000 = 20000 ms, ticks every 2000 ms until 22000: 10.
    const four = await scripted(rot({ cast: "rupture", if: "combo_points >= 4 & time < 3" }, { cast: "mutilate", if: "time < 1.5" }), { durationS: 30 });
    const a = runImage(four, { iterations: 1, seed: 1n });
    expect(rec(a, "rupture").casts).toBe(1);
    expect(rec(a, "rupture_tick").hits).toBe(10);
    // the bleed ignores armor (school 129): each tick is exactly 0.336574 x 1.2 x 1.4 x AP
    expect(rec(a, "rupture_tick").damage).toBeCloseTo(10 * RUPTURE_AP * SPEC_PERIODIC * SPEC_RUPTURE * four.stats.attackPower, 6);
    // M 0 (2), Rupture at 1 with 2 points: 4000 + 2 x 4000 = 12000 ms, ticks at 3000 .. 13000: 6.
    const two = await scripted(rot({ cast: "rupture", if: "combo_points >= 2 & time < 3" }, { cast: "mutilate", if: "time < 0.5" }), { durationS: 30 });
    const b = runImage(two, { iterations: 1, seed: 1n });
    expect(rec(b, "rupture_tick").hits).toBe(6);
  });

  it("Envenom's buff lasts 1 s per point from a base of 0 (4 points: 4 s)", async () => {
    // M 0 (2 cp), M 1 (4 cp), Envenom at 2 with 4 points: buff 0 + 4 x 1000 ms -> up until 6 s. Then Mutilate
    // while more than 0.5 s of the buff is left: at 3 (3 s left), 4 (2 s), 5 (1 s), not at 6 -> 2 + 3 Mutilates.
    // (A 1 s base, 5 s in all, would allow a fourth at 6.)
    const img = await scripted(rot(
      { cast: "envenom", if: "combo_points >= 4 & time < 3" },
      { cast: "mutilate", if: "time < 1.5 | buff.envenom.remains > 0.5" },
      { wait: "0.1" },
    ), { durationS: 10 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(rec(r, "envenom").casts).toBe(1);
    expect(rec(r, "mutilate").casts).toBe(5);
  });

  it("the finisher's duration bonus applies to its own aura only, and a finisher needs at least 1 point", async () => {
    // Envenom with 0 combo points is not castable (cost2 = minimum 1): the rotation only ever casts Garrote
    // (6 s cooldown: 0, 6) within 9 s; Garrote's 18 s is not stretched by anything.
    const img = await scripted(rot({ cast: "envenom" }, { cast: "garrote", if: "combo_points = 0" }), { durationS: 9 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    // Garrote at 0 gives 1 point -> Envenom at 1 spends 1 (0.416 x 1.2 AP) -> Garrote at 6 -> Envenom at 7: 2 x 1 point
    expect(rec(r, "garrote").casts).toBe(2);
    expect(rec(r, "envenom").casts).toBe(2);
    expect(rec(r, "envenom").damage).toBeCloseTo(2 * ENVENOM_AP * SPEC_DIRECT * img.stats.attackPower, 6);
  });

  it("Potent Assassin multiplies bleeds and poisons, not Mutilate (mastery school mask 8 | 128)", async () => {
    const rotation = rot({ cast: "rupture", if: "combo_points >= 4 & time < 3" }, { cast: "mutilate", if: "time < 1.5" });
    const base = runImage(await scripted(rotation, { durationS: 30 }), { iterations: 1, seed: 1n });
    const mImg = await scripted(rotation, { durationS: 30, mastery: 10 });
    const m = runImage(mImg, { iterations: 1, seed: 1n });
    // 10 points x 1.7 % (76803 #1 `SP Coefficient: 1.7`) = +17 % on the bleed; Mutilate (physical, same rolls: same seed) unchanged
    expect(rec(m, "rupture_tick").damage / rec(base, "rupture_tick").damage).toBeCloseTo(1 + (10 * 1.7) / 100, 9);
    expect(rec(m, "mutilate").damage).toBe(rec(base, "mutilate").damage);
    expect(rec(m, "mutilate").damage).toBeGreaterThan(0);
  });

  it("Venomous Wounds: each bleed tick on a poisoned target returns 4 energy (79134 #1 `Base Value: 4`)", async () => {
    // Energy 105, no regen; Deadly Poison forced to proc on every hit (auto attacks every 1.8 s keep it up).
    // M at 0: 105 -> 55 (2 cp); Rupture at 1: 55 -> 30, 2 points -> 12 s, ticks at 3, 5, .., 13 = 6 x 4 = 24 energy.
    // Mutilate again once time > 14: 30 + 24 = 54 >= 50 -> one cast (4 left). Without the talent: 30 < 50, none.
    const rotation = rot({ cast: "mutilate", if: "time < 0.5 | time > 14" }, { cast: "rupture", if: "combo_points >= 2 & time < 3" }, { wait: "14.5 - time", if: "time < 14" });
    const run = async (talents: string[]) => {
      const img = await scripted(rotation, { durationS: 20, talents, energy: { max: 105, regen: 0 } });
      img.procs = (img.procs ?? []).map((p) => (p.name === "deadly_poison" ? { ...p, chance: 1 } : p));
      return runImage(img, { iterations: 1, seed: 1n });
    };
    const on = await run(["venomous_wounds"]);
    expect(rec(on, "rupture_tick").hits).toBe(6);
    expect(rec(on, "mutilate").casts).toBe(2);
    const off = await run([]);
    expect(rec(off, "mutilate").casts).toBe(1);
  });

  it("Mutilate: the off-hand strike is half the main hand's coefficient, both with the spec passive", async () => {
    // one Mutilate, crit / vers / mastery 0, both strikes physical against the same armor: per cast
    // main hand 1.15 x 1.2 (137037 #1) x AP x armor, off hand 1.15 x 0.5 x 1.2 x AP x armor
    const img = await scripted(rot({ cast: "mutilate", if: "time < 0.5" }, { wait: "100" }), { durationS: 3 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(rec(r, "mutilate").casts).toBe(1);
    expect(rec(r, "damage_27576").damage / rec(r, "mutilate").damage).toBeCloseTo((MUTILATE_AP * 0.5 * SPEC_DIRECT) / (MUTILATE_AP * SPEC_DIRECT), 9);
  });

  it("dual wield: the off hand swings on its own timer at the main-hand speed for half damage", async () => {
    // haste 0, weapon 1800 ms, 9 s: swings at 0, 1.8, 3.6, 5.4, 7.2 on each hand = 5 + 5. Fixed weapon roll
    // (min = max), crit / vers 0: off-hand hit = 0.5 x (weapon + AP x 1.8 / 6) x armor = 0.5 x main-hand hit.
    const img = await scripted(rot({ wait: "100" }), { durationS: 9 });
    img.autoAttack = { ...img.autoAttack!, weaponMin: 3000, weaponMax: 3000 };
    const r = runImage(img, { iterations: 1, seed: 1n });
    const mh = rec(r, "auto_attack");
    const oh = rec(r, "auto_attack_off_hand");
    expect(mh.hits).toBe(5);
    expect(oh.hits).toBe(5);
    expect(oh.damage / mh.damage).toBeCloseTo(0.5, 12);
    // without the off-hand entry only the main hand swings (the image field is what turns it on)
    const single = { ...img, autoAttack: { ...img.autoAttack!, offHandDamage: undefined } };
    const s = runImage(single, { iterations: 1, seed: 1n });
    expect(rec(s, "auto_attack").hits).toBe(5);
    expect(rec(s, "auto_attack_off_hand").hits).toBe(0);
  });

  it("the image encoder refuses a finisher without a points cost (cost2)", async () => {
    const img = await scripted(rot({ cast: "mutilate" }), { durationS: 5 });
    const i = img.spells.findIndex((s) => s.name === "envenom");
    const bad: SpecImage = { ...img, spells: img.spells.map((s, j) => (j === i ? { ...s, cost2: undefined } : s)) };
    expect(() => encodeImage(bad)).toThrow(ImageError);
  });
});

// ---- the default build's talents and cooldowns (12.0.0.64228 dump values quoted where used) ----

const DEATHMARK_AP = 0.4; // 360194 #1: `AP Coefficient: 0.4`
const KINGSBANE_TICK_AP = 0.29; // 385627 #4: `AP Coefficient: 0.29`
const AMBUSH_AP = 2; // 8676 #1: `AP Coefficient: 2`
const AMBUSH_SPEC = 1 + 50 / 100; // 137037 #8: Spell Direct Amount `Base Value: 50` (Ambush)

describe("default build resolution (the MID1 profile's talents)", () => {
  it("Razor Wire, Motivated Murderer and the two Stratagems change the data values they name", () => {
    const a = (n: string) => full.auras.find((x) => x.name === n)!;
    const s = (n: string) => full.spells.find((x) => x.name === n)!;
    // 703 `Duration : 18 seconds` + Razor Wire 1249802 #1 `Base Value: 6000`
    expect(a("garrote").durationMs).toBe(18000 + 6000);
    // PowerType RegenCombat 10 x (1 + 1247993 #1 `Base Value: 30` %)
    expect(full.resources[0]).toMatchObject({ name: "energy", regenPerSec: 10 * 1.3 });
    // PowerType COMBO_POINTS MaxBasePower 5 + Deeper Stratagem 193531 #2 + Sanguine Stratagem 457512 #2 (`Base Value: 1` each)
    expect(full.resources[1]).toMatchObject({ name: "combo_points", max: 7 });
    // SpellPower ManaCost 1 + OptionalCost 4, + 193531 #1 and 457512 #1 (Modify Max Cost `Base Value: 1` each)
    for (const n of ["rupture", "envenom"]) expect(s(n).finisher).toMatchObject({ minPoints: 1, maxPoints: 7 });
    // Blindside 328085 #1 `Base Value: 15`; Kingsbane stacks 394095 `Stacks : 50 maximum`, #1 `Base Value: 20` (additive)
    expect(full.procs.find((p) => p.name === "blindside")!.chance).toBeCloseTo(0.15, 12);
    expect(a("kingsbane_buff")).toMatchObject({ maxStacks: 50, effects: [{ type: "damage_mult_spells", value: 1.2, auras: ["kingsbane"], additive: true }] });
    // Deathmark 360194 `Duration : 16 seconds`, #2 `Base Value: 100` on Garrote, Rupture, Deadly Poison
    expect(a("deathmark")).toMatchObject({ durationMs: 16000, target: "target", effects: [{ type: "damage_mult_spells", value: 2, auras: ["garrote", "rupture", "deadly_poison"], ops: [113780] }] });
    // Stealth 1784 `Duration : Aura (infinite)`: until removed (0)
    expect(a("stealth").durationMs).toBe(0);
    // real rows: Deathmark 120 s, Kingsbane 60 s, Vanish 1 charge / 120 s, Thistle Tea 3 / 60 s, Shiv 1 / 30 s
    expect([s("deathmark").recoveryMs, s("kingsbane").recoveryMs]).toEqual([120000, 60000]);
    expect([s("vanish").maxCharges, s("vanish").chargeRecoveryMs, s("vanish").startRecoveryMs]).toEqual([1, 120000, 0]);
    expect([s("thistle_tea").maxCharges, s("thistle_tea").chargeRecoveryMs, s("thistle_tea").startRecoveryMs]).toEqual([3, 60000, 0]);
    expect([s("shiv").maxCharges, s("shiv").chargeRecoveryMs]).toEqual([1, 30000]);
  });
});

describe("the default build's mechanics (scripted, haste / crit / mastery 0)", () => {
  it("Deathmark doubles Garrote ticks on its target and bleeds 0.4 x 1.2 AP every 2 s", async () => {
    // Garrote at 0 (18 s: ticks at 2 .. 18 = 9), Deathmark at 1 (16 s: ticks at 3 .. 17 = 8): the Garrote ticks at
    // 2 .. 16 (8) are doubled (360194 #2 +100 %), the one at 18 is not -> 17 Garrote tick units instead of 9
    const rotation = (dm: boolean) => rot({ cast: "garrote", if: "time < 0.5" }, ...(dm ? [{ cast: "deathmark", if: "time < 1.5" }] : []), { wait: "100" });
    const without = runImage(await scripted(rotation(false), { durationS: 25, talents: ["deathmark"] }), { iterations: 1, seed: 1n });
    const img = await scripted(rotation(true), { durationS: 25, talents: ["deathmark"] });
    img.autoAttack = undefined; // no Deadly Poison from swings
    const withDm = runImage(img, { iterations: 1, seed: 1n });
    expect(rec(withDm, "garrote_tick").hits).toBe(9);
    expect(rec(withDm, "garrote_tick").damage / rec(without, "garrote_tick").damage).toBeCloseTo(17 / 9, 9);
    expect(rec(withDm, "deathmark_tick").hits).toBe(8);
    expect(rec(withDm, "deathmark_tick").damage).toBeCloseTo(8 * DEATHMARK_AP * SPEC_PERIODIC * img.stats.attackPower, 6);
  });

  it("Kingsbane: each Lethal Poison application adds +20 % to its ticks, additively (394095)", async () => {
    // Kingsbane at 0 (14 s: ticks at 2 .. 14 = 7); Mutilate at 1 and at 2.6 each apply Deadly Poison (forced): 1 stack
    // at the tick at 2, 2 stacks from 4 on -> (1 + 0.2) + 6 x (1 + 0.4) = 9.6 units of 0.29 x 1.2 x AP
    // (multiplicative stacks would give 1.2 + 6 x 1.44 = 9.84)
    const img = await scripted(rot(
      { cast: "kingsbane", if: "time < 0.5" },
      { cast: "mutilate", if: "time > 0.5 & time < 1.5 | time > 2.5 & time < 3.5" },
      { wait: "0.1" },
    ), { durationS: 20, talents: ["kingsbane"] });
    img.autoAttack = undefined;
    img.procs = (img.procs ?? []).map((p) => (p.name === "deadly_poison" ? { ...p, chance: 1 } : p));
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(rec(r, "mutilate").casts).toBe(2);
    expect(rec(r, "kingsbane_tick").hits).toBe(7);
    expect(rec(r, "kingsbane_tick").damage).toBeCloseTo(9.6 * KINGSBANE_TICK_AP * SPEC_PERIODIC * img.stats.attackPower, 6);
  });

  it("Improved Garrote: a Garrote from Stealth (Vanish) ticks +50 % until recast without the buff, and has no cooldown", async () => {
    const t = { durationS: 20, talents: ["improved_garrote"] };
    // plain Garrote at 0: 9 ticks (18 s)
    const plain = runImage(await scripted(rot({ cast: "garrote", if: "time < 0.5" }, { wait: "100" }), t), { iterations: 1, seed: 1n });
    // Vanish (no GCD) then Garrote at 0 from Stealth: the same 9 ticks x 1.5 (392401 #2 `Base Value: 50`)
    const vanished = runImage(await scripted(rot({ cast: "vanish", if: "time < 0.5" }, { cast: "garrote", if: "time < 0.5" }, { wait: "100" }), t), { iterations: 1, seed: 1n });
    expect(rec(vanished, "garrote_tick").hits).toBe(9);
    expect(rec(vanished, "garrote_tick").damage / rec(plain, "garrote_tick").damage).toBeCloseTo(1.5, 9);
    // no cooldown while Improved Garrote lasts (392401 #3 -100 % cooldown, 6 s): a second Garrote at 1 s
    const twice = await scripted(rot({ cast: "vanish", if: "time < 0.5" }, { cast: "garrote", if: "time < 1.5" }, { wait: "100" }), t);
    expect(rec(runImage(twice, { iterations: 1, seed: 1n }), "garrote").casts).toBe(2);
    const noVanish = await scripted(rot({ cast: "garrote", if: "time < 1.5" }, { wait: "100" }), t);
    expect(rec(runImage(noVanish, { iterations: 1, seed: 1n }), "garrote").casts).toBe(1);
    // recast at 8.5 after the 6 s buff: the ticks at 2, 4, 6, 8 were improved, every later one is not
    const recast = runImage(await scripted(rot(
      { cast: "vanish", if: "time < 0.5" }, { cast: "garrote", if: "time < 0.5 | time > 8.2 & time < 9.2" }, { wait: "0.5" },
    ), { durationS: 30, talents: ["improved_garrote"] }), { iterations: 1, seed: 1n });
    const perTick = rec(plain, "garrote_tick").damage / 9;
    const hits = rec(recast, "garrote_tick").hits;
    expect(rec(recast, "garrote").casts).toBe(2);
    expect(rec(recast, "garrote_tick").damage).toBeCloseTo(perTick * (4 * 1.5 + (hits - 4)), 6);
  });

  it("Blindside: Ambush only with the proc, free, 2.0 x 1.2 x 1.5 AP; Mutilate and Ambush proc it", async () => {
    // energy 105, no regen. Mutilate at 0 (50 energy, proc forced): Ambush at 1 .. 8 free (each Ambush procs it again)
    const run = async (chance: number) => {
      const img = await scripted(rot({ cast: "ambush" }, { cast: "mutilate" }, { wait: "0.1" }), { durationS: 9, talents: ["blindside"], energy: { max: 105, regen: 0 } });
      img.autoAttack = undefined;
      img.procs = (img.procs ?? []).map((p) => (p.name.startsWith("deadly_poison") ? { ...p, chance: 0 } : p));
      // Blindside is a cast proc: a procChance op in Mutilate's and Ambush's hooks whose list applies the aura
      const blindside = img.auras.findIndex((a) => a.name === "blindside");
      img.opLists = img.opLists.map((list) => list.map((op) =>
        op.op === "procChance" && img.opLists[op.list]!.some((o) => o.op === "applyAura" && o.aura === blindside) ? { ...op, chance } : op));
      return runImage(img, { iterations: 1, seed: 1n });
    };
    const on = await run(1);
    expect(rec(on, "mutilate").casts).toBe(1);
    expect(rec(on, "ambush").casts).toBe(8);
    // both physical against the same armor, crit 0: per cast Ambush / Mutilate main hand = (2 x 1.2 x 1.5) / (1.15 x 1.2)
    expect(rec(on, "ambush").damage / 8 / rec(on, "mutilate").damage).toBeCloseTo((AMBUSH_AP * SPEC_DIRECT * AMBUSH_SPEC) / (MUTILATE_AP * SPEC_DIRECT), 9);
    const off = await run(0);
    expect(rec(off, "ambush").casts).toBe(0);
    expect(rec(off, "mutilate").casts).toBe(2); // 105 energy: two Mutilates, no Ambush
  });

  it("Deeper + Sanguine Stratagem: 7 combo points, Envenom spends 7 for x 1.05 x 1.05", async () => {
    // M 0 (2), M 1 (4), M 2 (6), M 3 (7: capped), Envenom at 4 with 7 points: 7 x 0.416 x 1.2 x 1.05 x 1.05 AP
    // (193531 #4 and 457512 #4: Spell Direct Amount `Base Value: 5`)
    const img = await scripted(rot({ cast: "envenom", if: "combo_points >= 7" }, { cast: "mutilate" }), { durationS: 5, talents: ["deeper_stratagem", "sanguine_stratagem"] });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(rec(r, "mutilate").casts).toBe(4);
    expect(rec(r, "envenom").casts).toBe(1);
    expect(rec(r, "envenom").damage).toBeCloseTo(7 * ENVENOM_AP * SPEC_DIRECT * 1.05 * 1.05 * img.stats.attackPower, 6);
  });

  it("Stealth can be entered once per fight (out of combat only)", async () => {
    const r = runImage(await scripted(rot({ cast: "stealth" }, { wait: "1" }), { durationS: 20 }), { iterations: 1, seed: 1n });
    expect(rec(r, "stealth").casts).toBe(1);
  });
});

describe("default rotation (SimulationCraft's APL, data/specs/assassination/rotation.simc) smoke run", () => {
  let a: RunResult;
  let img: SpecImage;
  let report: NonNullable<Awaited<ReturnType<typeof prepareSimulation>>["rotation"]>;
  beforeAll(async () => {
    const prep = await prepareSimulation({ spec: "assassination", bundle, dataDir: DATA, varyLength: 0, duration: 300 });
    img = prep.image;
    report = prep.rotation!;
    a = runImage(img, { iterations: 200, seed: 7n });
  }, 60_000);
  const perFight = (n: string) => rec(a, n).casts / 200;

  it("runs the SimC APL unchanged; the lines it does not honour are exactly the ones the spec page lists", () => {
    expect(report.file).toMatch(/specs\/assassination\/rotation\.simc$/);
    expect(report.lines).toBe(46);
    const documented = documentedIgnoredLines("assassination");
    expect(documented.length).toBeGreaterThan(0);
    expect(report.ignoredLines.map((l) => ({ line: l.line, reason: l.reason }))).toEqual(documented);
    expect(report.honoured).toBe(report.lines - documented.length);
  });

  it("sanity bounds (300 s, default profile)", () => {
    // DPS: AP = 1228 (agility); Garrote alone ticks 0.391 x 1.2 x AP ≈ 576 every ≈ 1.7 s, Rupture about as much,
    // plus Envenom, Mutilate, poisons and the two cooldowns: between 1,000 and 10,000.
    expect(a.dps.mean).toBeGreaterThan(1_000);
    expect(a.dps.mean).toBeLessThan(10_000);
    // Garrote: 6 s cooldown (reset by Improved Garrote) -> at most ~60; kept up (24 s, pandemic 7.2 s) -> at least 300 / 31.2
    expect(perFight("garrote")).toBeLessThanOrEqual(60);
    expect(perFight("garrote")).toBeGreaterThan(9);
    // Rupture at 5-7 points lasts 24-32 s: about 300 / 41.6 (pandemic cap) .. 300 / 16
    expect(perFight("rupture")).toBeGreaterThan(6);
    expect(perFight("rupture")).toBeLessThan(22);
    expect(perFight("envenom")).toBeGreaterThan(8);
    // the cooldowns: Deathmark 120 s (<= 3 in 300 s), Kingsbane 60 s (<= 5), Vanish 1 charge / 120 s (<= 3), Stealth once
    for (const [n, most] of [["deathmark", 3], ["kingsbane", 5], ["vanish", 3]] as const) {
      expect(perFight(n)).toBeGreaterThan(1);
      expect(perFight(n)).toBeLessThanOrEqual(most);
    }
    expect(perFight("stealth")).toBe(1);
    expect(perFight("ambush")).toBeGreaterThan(0); // Blindside procs
    // combo points balance: points spent (<= 7 per finisher) <= points gained (+ the 7 a fight can end with)
    const gained = 2 * perFight("mutilate") + 2 * perFight("ambush") + perFight("garrote") + perFight("kingsbane");
    expect(7 * (perFight("rupture") + perFight("envenom"))).toBeGreaterThanOrEqual(gained - 7);
    for (const t of ["garrote_tick", "rupture_tick", "deadly_poison_tick", "kingsbane_tick", "deathmark_tick"]) {
      expect(rec(a, t).damage).toBeGreaterThan(0);
      expect(rec(a, t).crits).toBeGreaterThan(0); // `Periodic Can Crit (265)` on 703, 1943, 2818, 385627, 360194
    }
    expect(a.warnings.unknownSpellCasts).toBe(0);
  });

  it("is deterministic: same seed -> identical result; another seed differs", () => expectSeedDeterminism(img, a, 200));
});
