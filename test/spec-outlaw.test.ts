// Outlaw Rogue (spec 260): resolved values against the real 12.0.5 rows and the spell tables generated from
// SimulationCraft's 12.0.0.64228 spell-data dump (data/sources/12.0.0.64228/rogue-outlaw.txt: every expected
// coefficient below is quoted from its block); the signature mechanics on scripted runs with crit / haste /
// versatility forced to 0 and energy unlimited (exact arithmetic): Restless Blades (a per-combo-point
// cooldown reduction), Roll the Bones (a random tier set drawn with the engine's RNG: nested tiers, the
// Loaded Dice bump, the odds), Main Gauche (a mastery-grown coefficient), Opportunity (Pistol Shot x2, half
// cost); the default APL's ignored lines against the spec page; determinism.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { documentedIgnoredLines } from "./helpers/spec-doc.js";
import { loadDataBundle } from "../src/data/bundle.js";
import { SpellResolver } from "../src/data/resolver.js";
import type { DataBundle } from "../src/data/types.js";
import { listEstimates, loadManifest, ManifestError, resolveManifest, unmarkedManifestValues, validateManifest, type ResolvedSpec } from "../src/manifest/index.js";
import { prepareSimulation } from "../src/engine/simulate.js";
import { runImage, type RunResult } from "../src/engine/run.js";
import { readEngineTelemetry } from "../src/engine/simulate-telemetry.js";
import { encodeImage, ImageError, type SpecImage } from "../src/engine/image.js";
import { expectSeedDeterminism } from "./helpers/spec-run.js";

const DATA = path.resolve(__dirname, "../data");
const FILE = path.join(DATA, "specs/outlaw/manifest.json");
let bundle: DataBundle;
/** The default build (the MID1 profile's talents, docs/specs/outlaw.md). */
let spec: ResolvedSpec;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
  const m = (await loadManifest(DATA, "outlaw")).manifest;
  spec = resolveManifest(m, new SpellResolver(bundle), FILE);
});

const spellOf = (name: string) => spec.spells.find((s) => s.name === name)!;
const auraOf = (name: string) => spec.auras.find((a) => a.name === name)!;
const prov = (p: string) => spec.provenance.find((x) => x.path === p);

// Dump values (data/sources/12.0.0.64228/rogue-outlaw.txt), quoted where they are used:
const SS_AP = 0.88; // 193315 #1 and 197834 #1: `AP Coefficient: 0.88`
const PS_AP = 0.6; // 185763 #1: `AP Coefficient: 0.6`
const DISPATCH_AP = 0.44; // 2098 #1: `AP Coefficient: 0.44` (per combo point)
const BTE_AP = 0.54; // 315341 #1: `AP Coefficient: 0.54` (per combo point)
const MG_AP = 0.001; // 86392 #1: `AP Coefficient: 0.001`
const MG_PER_MASTERY = 0.0523; // 76806 #2 Add Flat Modifier: Spell Coefficient, `SP Coefficient: 0.0523`
const SPEC_DIRECT = 1 + 20 / 100; // 137036 #1: Spell Direct Amount `Base Value: 20`
const DEEPER = 1 + 5 / 100; // 193531 #4: Spell Direct Amount `Base Value: 5` (Dispatch, Between the Eyes)
const RESTLESS_MS = 10 * 100; // 79096 #1 `Base Value: 10`, $cdr = s1/10 sec per combo point
const CRESCENDO = 1 + 10 / 100; // Crescendo of Violence 1259499 #1: Spell Direct Amount `Base Value: 10` (finishers)

describe("Outlaw manifest resolution against the real tables and the 12.0.0.64228 dump", () => {
  it("costs and cooldowns from the real SpellPower / SpellCooldowns rows", () => {
    const costs = ["sinister_strike", "pistol_shot", "dispatch", "between_the_eyes", "roll_the_bones", "blade_flurry"].map((n) => spellOf(n).cost);
    // the dump: 193315 `45 Energy`, 185763 `40 Energy`, 2098 `35 Energy`, 315341 `25 Energy`, 1214909 `25 Energy`, 13877 `15 Energy`
    expect(costs).toEqual([45, 40, 35, 25, 25, 15]);
    // `Cooldown : 45 seconds` (315341, 1214909), 180 (13750), 30 (13877), 60 (271877)
    expect(["between_the_eyes", "roll_the_bones", "adrenaline_rush", "blade_flurry", "blade_rush"].map((n) => spellOf(n).recoveryMs)).toEqual([45000, 45000, 180000, 30000, 60000]);
    for (const n of ["sinister_strike", "pistol_shot", "dispatch"]) expect(spellOf(n).startRecoveryMs).toBe(1000);
    expect(prov("spells.between_the_eyes.cooldown_ms")!.fixture).toBe(false);
  });

  it("coefficients from the dump with the spec passive 137036 (+20 %) and Deeper Stratagem (+5 % finishers) folded in", () => {
    expect(spellOf("sinister_strike").damage).toMatchObject({ payloadSpell: 193315, apCoef: SS_AP, school: 1 });
    expect(spellOf("sinister_strike").damage!.mult).toBeCloseTo(SPEC_DIRECT, 12);
    expect(spellOf("pistol_shot").damage).toMatchObject({ payloadSpell: 185763, apCoef: PS_AP, school: 1 });
    expect(spellOf("dispatch").damage).toMatchObject({ payloadSpell: 2098, apCoef: DISPATCH_AP });
    // + Crescendo of Violence (1259499 #1 `Base Value: 10`) and Summarily Dispatched rank 2 (381990 #2 `Base Value: 3`
    // x `Effect#2 [op=mul, values=(1, 2)]` = 6): 1.2 x 1.05 x 1.10 x 1.06 = 1.46916
    expect(spellOf("dispatch").damage!.mult).toBeCloseTo(SPEC_DIRECT * DEEPER * CRESCENDO * 1.06, 12);
    expect(spellOf("between_the_eyes").damage!.mult).toBeCloseTo(SPEC_DIRECT * DEEPER * CRESCENDO, 12);
    expect(spellOf("between_the_eyes").damage).toMatchObject({ payloadSpell: 315341, apCoef: BTE_AP });
    // finishers: 1-5 points (SpellPower ManaCost 1 + OptionalCost 4) + 1 with Deeper Stratagem (193531 #1)
    expect(spellOf("dispatch").finisher).toMatchObject({ resource: "combo_points", minPoints: 1, maxPoints: 6 });
    expect(spellOf("between_the_eyes").finisher).toMatchObject({ maxPoints: 6, aura: "between_the_eyes", auraMsPerPoint: 2000 });
    // 137036 #5 Modify Auto Attack Damage Done% `Base Value: 30`
    expect(spec.autoAttack!.mult).toBeCloseTo(1.3, 12);
    // Main Gauche: 76806 `Proc Chance : 30%`; 86392 #1 0.001 AP + 76806 #2 0.0523 per mastery point; 137036 #1 lists 86392
    const mg = spec.procs.find((p) => p.name === "main_gauche")!;
    expect(mg.chance).toBeCloseTo(0.3, 12);
    expect(mg.ops).toEqual([{ op: "damage", spell: 86392, apCoef: MG_AP, masteryApCoef: MG_PER_MASTERY, school: 1, mult: SPEC_DIRECT }]);
    expect(spec.mastery).toMatchObject({ spell: 76806, kind: "none", coefficient: 1.8 }); // 76806 #1 `SP Coefficient: 1.8`
    // Opportunity 279876 #1 `Base Value: 30`; its second strike 197834 (0.88 AP, 1 combo point)
    const opp = spec.procs.find((p) => p.name === "opportunity_strike")!;
    expect(opp.chance).toBeCloseTo(0.3, 12);
    expect((opp.ops[0] as { ops: unknown[] }).ops[0]).toEqual({ op: "damage", spell: 197834, apCoef: SS_AP, school: 1, mult: SPEC_DIRECT });
    // 195627 #2 `Base Value: 100` + Quick Draw 196938 #1 `Base Value: 20` -> Pistol Shot x2.2 (once, not per charge: #2
    // `Suppress Points Stacking`), the Fan the Hammer bullets (op 185763) too; #1 `-50` x 40 energy -> 20 refunded.
    // Charges: 1 (SpellAuraOptions CumulativeAura 1) + Fan the Hammer 381846 #2 `Base Value: 5` = 6
    expect(auraOf("opportunity").effects).toEqual([{ type: "damage_mult_spells", value: 2.2, spells: ["pistol_shot"], ops: [185763], perStack: false }]);
    expect(auraOf("opportunity").maxStacks).toBe(6);
    const bullet = { op: "if_aura", aura: "opportunity", ops: [{ op: "damage", spell: 185763, apCoef: PS_AP * 0.8, school: 1, mult: SPEC_DIRECT }, { op: "gain", resource: "combo_points", amount: 1 }] };
    expect(spellOf("pistol_shot").onCast[1]).toEqual({ op: "if_aura", aura: "opportunity", minStacks: 1, ops: [
      { op: "gain", resource: "energy", amount: 20 },
      { op: "gain", resource: "combo_points", amount: 1 },
      { ...bullet, minStacks: 2 },
      { ...bullet, minStacks: 3 },
      { op: "remove_aura", aura: "opportunity", stacks: 3 },
    ] });
    // Jackpot 1214937: #3 +15 % Sinister Strike (tier 2), #5 +10 % crit (tier 4); `Duration : 30 seconds`; Dragon-Bone
    // Dice (1259481) adds #2 `Base Value: 5` to the first and #4 `Base Value: 5` to the second: +20 %, +15 %
    expect(auraOf("rtb_combo").effects).toEqual([{ type: "damage_mult_spells", value: 1.2, spells: ["sinister_strike"], ops: [197834] }]);
    expect(auraOf("rtb_jackpot").effects).toEqual([{ type: "crit", value: 15 }]);
    // Between the Eyes' buff: #2 `Base Value: 4` + Expert Duelist 1259498 #1 `Base Value: 2` = +6 % damage dealt
    expect(auraOf("between_the_eyes").effects).toEqual([{ type: "damage_mult", value: 1.06 }]);
    // Adrenaline Rush 13750 #2 Modify Ranged and Melee Auto Attack Speed% `Base Value: 20`
    expect(auraOf("adrenaline_rush").effects).toEqual([{ type: "attack_speed", value: 20 }]);
    for (const n of ["rtb_opportunity", "rtb_combo", "rtb_restless", "rtb_jackpot", "roll_the_bones"]) expect(auraOf(n).durationMs).toBe(30000);
    // Blade Flurry 13877: #2 `Base Value: 45` % to #3 `Base Value: 4` more targets
    expect(auraOf("blade_flurry").effects).toEqual([{ type: "cleave", value: 0.45, count: 4 }]);
    // Combat Potency 61329 #1 +16 %: 10 x 1.16 energy per second (PowerType ENERGY RegenCombat 10); 6 combo points (193531 #2)
    expect(spec.resources[0]).toMatchObject({ name: "energy", max: 100, hasteScaled: true });
    expect(spec.resources[0]!.regenPerSec).toBeCloseTo(11.6, 12);
    expect(spec.resources[1]).toMatchObject({ name: "combo_points", max: 6, initial: 0 });
  });

  it("Restless Blades: every finisher's on_cast shortens the listed cooldowns by 79096 #1 (1 s) per point, 30 % more with Jackpot tier 3", () => {
    const listed = ["adrenaline_rush", "between_the_eyes", "blade_flurry", "blade_rush", "roll_the_bones"];
    const ops = spellOf("dispatch").onCast;
    expect(ops.slice(0, 5)).toEqual(listed.map((s) => ({ op: "reduce_cooldown_per_point", spell: s, ms: RESTLESS_MS })));
    expect(ops[5]).toEqual({ op: "if_aura", aura: "rtb_restless", minStacks: 1, ops: listed.map((s) => ({ op: "reduce_cooldown_per_point", spell: s, ms: RESTLESS_MS * 0.3 })) });
    // Between the Eyes does not shorten its own cooldown (it starts in the same cast)
    expect(spellOf("between_the_eyes").onCast.some((o) => o.op === "reduce_cooldown_per_point" && o.spell === "between_the_eyes")).toBe(false);
  });

  it("Roll the Bones: one random_auras op over the four Jackpot tiers, tiers mode, bumped by Loaded Dice", () => {
    expect(spellOf("roll_the_bones").onCast).toEqual([
      { op: "apply_aura", aura: "roll_the_bones", stacks: 1 },
      { op: "random_auras", auras: ["rtb_opportunity", "rtb_combo", "rtb_restless", "rtb_jackpot"], weights: [0.5, 0.3, 0.15, 0.05], mode: "tiers", bumpAura: "loaded_dice" },
    ]);
  });

  it("every value the manifest states is marked estimated (with its source comment)", async () => {
    const m = (await loadManifest(DATA, "outlaw")).manifest;
    expect(unmarkedManifestValues(m, spec.provenance)).toEqual([]);
    expect(listEstimates(m).map((e) => e.path).filter((p) => !/blood_fury|lights_potential|potion/.test(p)).sort()).toEqual([
      "auras.adrenaline_rush.tick_gain.amount",
      "auto_attack.off_hand.damage_factor",
      "procs.opportunity_strike_rtb.chance",
      "procs.zero_in.chance",
      "resources.combo_points.initial",
      "spells.between_the_eyes.finisher.aura_ms_per_point",
      "spells.pistol_shot.on_cast[1].ops[1].amount",
      "spells.pistol_shot.on_cast[1].ops[2].ops[1].amount",
      "spells.pistol_shot.on_cast[1].ops[3].ops[1].amount",
      "spells.roll_the_bones.on_cast[1].weights[0]",
      "spells.roll_the_bones.on_cast[1].weights[1]",
      "spells.roll_the_bones.on_cast[1].weights[2]",
      "spells.roll_the_bones.on_cast[1].weights[3]",
      "spells.slice_and_dice.finisher.aura_ms_per_point",
      "spells.stealth.cooldown_ms",
    ]);
  });
});

describe("random_auras / reduce_cooldown_per_point / mastery_ap_coef errors", () => {
  // the composed manifest, re-validated: its unavailable placeholders go back to name / id / unavailable (the
  // parsed form adds behaviour defaults that a placeholder may not state)
  const merged = async () => {
    const m = structuredClone((await loadManifest(DATA, "outlaw")).manifest) as unknown as Record<string, any>;
    for (const k of ["spells", "auras"]) m[k] = (m[k] as Record<string, any>[]).map((e) => (e.unavailable !== undefined ? { name: e.name, id: e.id, unavailable: e.unavailable } : e));
    return m;
  };
  const rtb = (m: Record<string, any>) => (m.spells as { name: string; on_cast: Record<string, any>[] }[]).find((s) => s.name === "roll_the_bones")!.on_cast[1]!;

  it("weights that do not sum to 1, one weight too few, an unknown mode: INVALID_MANIFEST naming the field", async () => {
    const a = await merged();
    rtb(a).weights = [0.5, 0.3, 0.15, 0.1];
    expect(() => validateManifest(a, FILE)).toThrow(/weights must sum to 1/);
    const b = await merged();
    rtb(b).weights = [0.5, 0.5, 0];
    expect(() => validateManifest(b, FILE)).toThrow(expect.objectContaining({ code: "INVALID_MANIFEST" }));
    const c = await merged();
    rtb(c).mode = "shuffle";
    expect(() => validateManifest(c, FILE)).toThrow(ManifestError);
  });

  it("an undeclared pool aura or bump aura is MANIFEST_UNKNOWN_NAME with its path", async () => {
    const a = await merged();
    rtb(a).auras = ["rtb_opportunity", "rtb_combo", "rtb_restless", "broadside"];
    expect(() => validateManifest(a, FILE)).toThrow(/auras\[3\]/);
    const b = await merged();
    rtb(b).bump_aura = "no_such_aura";
    expect(() => validateManifest(b, FILE)).toThrow(expect.objectContaining({ code: "MANIFEST_UNKNOWN_NAME" }));
  });

  it("reduce_cooldown_per_point outside a finisher's own on_cast is INVALID_MANIFEST naming its path", async () => {
    const a = await merged();
    const ss = (a.spells as { name: string; on_cast: Record<string, any>[] }[]).find((s) => s.name === "sinister_strike")!;
    ss.on_cast.push({ op: "if_aura", aura: "rtb_combo", ops: [{ op: "reduce_cooldown_per_point", spell: "adrenaline_rush", ms: 1000 }] });
    expect(() => validateManifest(a, FILE)).toThrow(/on_cast\[2\]\.ops\[0\].*finisher/);
    const b = await merged();
    const mg = (b.procs as { name: string; ops: Record<string, any>[] }[]).find((p) => p.name === "main_gauche")!;
    mg.ops.push({ op: "reduce_cooldown_per_point", spell: "adrenaline_rush", ms: 1000 });
    expect(() => validateManifest(b, FILE)).toThrow(expect.objectContaining({ code: "INVALID_MANIFEST" }));
  });

  it("mastery_ap_coef with sp_coef is refused; the image encoder refuses weights that do not sum to 1", async () => {
    const a = await merged();
    const mg = (a.procs as { name: string; ops: Record<string, any>[] }[]).find((p) => p.name === "main_gauche")!;
    mg.ops[0] = { ...mg.ops[0], sp_coef: 1 };
    delete mg.ops[0]!.ap_coef;
    expect(() => validateManifest(a, FILE)).toThrow(/mastery_ap_coef/);
    const prep = await prepareSimulation({ spec: "outlaw", bundle, dataDir: DATA, varyLength: 0, duration: 10 });
    const img = structuredClone(prep.image);
    const ra = img.opLists.flat().find((o) => o.op === "randomAuras") as { weights: number[] };
    ra.weights = [0.5, 0.5, 0.5, 0];
    expect(() => encodeImage(img)).toThrow(ImageError);
  });
});

// ---- scripted runs of the compiled image ----

const rot = (...entries: unknown[]) => ({ main: "m", lists: { m: entries } });
const rec = (r: RunResult, name: string) => r.spells.find((s) => s.name === name)!;

/** Compile with `rotation`; crit, haste, versatility 0 (mastery as given); energy 1e6 and no regeneration. */
async function scripted(rotation: unknown, opts: { durationS: number; talents?: string[]; mastery?: number; opportunityChance?: number }): Promise<SpecImage> {
  // Opportunity is always taken (Jackpot tier 2 multiplies its damage op, which must exist); its procs roll at
  // `opportunityChance` (default 0: no random combo points)
  const talents = ["opportunity", ...(opts.talents ?? [])];
  // hand-timed scripts: no reaction time or latency (docs/fights.md "Reaction time and latency")
  const prep = await prepareSimulation({ spec: "outlaw", bundle, dataDir: DATA, varyLength: 0, duration: opts.durationS, rotation, bloodlust: false, talents, reaction: false });
  const img = prep.image;
  const oc = opts.opportunityChance ?? 0;
  // cast procs compile to procChance ops on the spell's hook: Sinister Strike's two (opportunity_strike, _rtb)
  const ss = img.spells.find((s) => s.name === "sinister_strike")!;
  img.opLists[ss.hook!] = img.opLists[ss.hook!]!.map((o) => (o.op === "procChance" ? { ...o, chance: oc } : o));
  img.stats = { ...img.stats, crit: 0, haste: 0, versatility: 0, mastery: opts.mastery ?? 0 };
  img.resources = img.resources.map((r) => (r.name === "energy" ? { ...r, max: 1e6, initial: 1e6, regenPerSec: 0 } : r));
  return img;
}
const auraIndex = (img: SpecImage, name: string) => img.auras.findIndex((a) => a.name === name);

describe("Restless Blades (scripted, GCD 1 s, haste 0, no Opportunity)", () => {
  // Adrenaline Rush at 0 (off the GCD, 180 s cooldown); Sinister Strike at 0..4 (1 point each), Dispatch at 5 with
  // 5 points, and so on: Dispatch k (k = 1, 2, ..) at 6k - 1 s cuts the cooldown by 5 x 1 s. After Dispatch 16
  // (95 s) the cooldown has 180 - 95 - 16 x 5 = 5 s left: Adrenaline Rush is ready again at 100 s. Without the
  // reduction it would be ready at 180 s.
  const rotation = rot({ cast: "adrenaline_rush" }, { cast: "dispatch", if: "combo_points >= 5" }, { cast: "sinister_strike" });

  it("the second Adrenaline Rush comes at 100 s (not at 99.5 s), 80 s early", async () => {
    const late = runImage(await scripted(rotation, { durationS: 100.5, talents: ["adrenaline_rush"] }), { iterations: 1, seed: 1n });
    expect(rec(late, "adrenaline_rush").casts).toBe(2);
    expect(rec(late, "dispatch").casts).toBe(16);
    const early = runImage(await scripted(rotation, { durationS: 99.5, talents: ["adrenaline_rush"] }), { iterations: 1, seed: 1n });
    expect(rec(early, "adrenaline_rush").casts).toBe(1);
  });

  it("the reduction scales with the points spent: Dispatch at 2 points gives 2 s per cast", async () => {
    // SS 0, 1 (2 points), Dispatch 2 (2 points): k-th Dispatch at 3k - 1 s, -2 s each. 180 = t + 2k at t = 3k - 1 -> k >= 36.2:
    // after Dispatch 36 (107 s) 180 - 107 - 72 = 1 s left -> ready at 108 s.
    const two = rot({ cast: "adrenaline_rush" }, { cast: "dispatch", if: "combo_points >= 2" }, { cast: "sinister_strike" });
    const r = runImage(await scripted(two, { durationS: 108.5, talents: ["adrenaline_rush"] }), { iterations: 1, seed: 1n });
    expect(rec(r, "adrenaline_rush").casts).toBe(2);
    const s = runImage(await scripted(two, { durationS: 107.5, talents: ["adrenaline_rush"] }), { iterations: 1, seed: 1n });
    expect(rec(s, "adrenaline_rush").casts).toBe(1);
  });
});

describe("idle_wake: an energy-starved player re-evaluates when regeneration covers the cost", () => {
  it("Sinister Strike only, 20 s, regen 11.6 / s: casts at 0, 1, 3.018, 6.898, 10.778, 14.658, 18.538 s; without the wake only 2", async () => {
    // energy 100 -> 55 at 0 -> 66.6 at 1 s -> 21.6; then each cast waits ceil((45 - e) / 11.6 s): 2.018 s, then 3.880 s
    // (45 / 11.6 = 3.8793 s) from 0: 3.018, 6.898, 10.778, 14.658, 18.538 -> 7 casts. Without the wake the idle player
    // waits for a cooldown end that never comes (Sinister Strike has none): 2 casts.
    const img = await scripted(rot({ cast: "sinister_strike" }), { durationS: 20 });
    img.resources = img.resources.map((r) => (r.name === "energy" ? { ...r, max: 100, initial: 100, regenPerSec: 11.6 } : r));
    expect(img.regenWake).toBe(true);
    expect(rec(runImage(img, { iterations: 1, seed: 1n }), "sinister_strike").casts).toBe(7);
    img.regenWake = false;
    expect(rec(runImage(img, { iterations: 1, seed: 1n }), "sinister_strike").casts).toBe(2);
  });
});

describe("Roll the Bones: the random tier set (engine RNG)", () => {
  // Roll the Bones on cooldown (45 s, no Restless Blades here) and nothing else.
  const rotation = rot({ cast: "roll_the_bones" });

  it("tiers are nested (tier k brings 1..k), every roll replaces the last, and the odds match the weights", async () => {
    const img = await scripted(rotation, { durationS: 300 });
    const n = 2000;
    const r = runImage(img, { iterations: n, seed: 11n });
    const t = readEngineTelemetry(img);
    const rolls = rec(r, "roll_the_bones").casts;
    expect(rolls).toBe(7 * n); // at 0, 45, .., 270 s
    const app = (a: string) => t.auras[auraIndex(img, a)]!.applications;
    // every roll brings tier 1; a tier never comes without the tiers below it
    expect(app("rtb_opportunity")).toBe(rolls);
    expect(app("rtb_combo")).toBeLessThanOrEqual(app("rtb_opportunity"));
    expect(app("rtb_restless")).toBeLessThanOrEqual(app("rtb_combo"));
    expect(app("rtb_jackpot")).toBeLessThanOrEqual(app("rtb_restless"));
    // P(k >= 2) = 0.5, P(k >= 3) = 0.2, P(k = 4) = 0.05: each within 5 binomial standard deviations of 14,000 rolls
    for (const [a, p] of [["rtb_combo", 0.5], ["rtb_restless", 0.2], ["rtb_jackpot", 0.05]] as const) {
      const sd = Math.sqrt(rolls * p * (1 - p));
      expect(Math.abs(app(a) - rolls * p)).toBeLessThan(5 * sd);
    }
    // the buffs last 30 s of every 45 s roll: uptime 7 x 30 / 300 = 70 % for tier 1 (refreshes: none, a reroll
    // removes the set first and applies it anew)
    expect(t.auras[auraIndex(img, "rtb_opportunity")]!.uptimeMs / (n * 300_000)).toBeCloseTo(0.7, 9);
    expect(t.auras[auraIndex(img, "rtb_opportunity")]!.refreshes).toBe(0);
  });

  it("Loaded Dice (granted by Adrenaline Rush) bumps the next roll one tier and is consumed", async () => {
    // Adrenaline Rush at 0 grants Loaded Dice (45 s); Roll the Bones at 0 consumes it: tier >= 2. Later rolls
    // (45 s ..) have no Loaded Dice (Adrenaline Rush: 180 s cooldown, ready again at 180 s -> the roll at 180 s is bumped too).
    const img = await scripted(rot({ cast: "adrenaline_rush" }, { cast: "roll_the_bones" }), { durationS: 200, talents: ["adrenaline_rush", "loaded_dice"] });
    const n = 500;
    runImage(img, { iterations: n, seed: 3n });
    const t = readEngineTelemetry(img);
    const app = (a: string) => t.auras[auraIndex(img, a)]!.applications;
    expect(app("loaded_dice")).toBe(2 * n);
    // rolls at 0, 45, 90, 135, 180: 5 per fight; the bumped two always reach tier 2
    expect(app("rtb_opportunity")).toBe(5 * n);
    // tier >= 2: the 2 bumped rolls always + the 3 others with P 0.5 -> mean 3.5 per fight
    const p2 = app("rtb_combo") / n;
    expect(p2).toBeGreaterThanOrEqual(2);
    expect(Math.abs(p2 - 3.5)).toBeLessThan(5 * Math.sqrt(3 * 0.25 / n));
    // jackpot: bumped rolls reach 4 with P(k >= 3) = 0.2, others with 0.05 -> 2 x 0.2 + 3 x 0.05 = 0.55 per fight
    const p4 = app("rtb_jackpot") / n;
    expect(Math.abs(p4 - 0.55)).toBeLessThan(5 * Math.sqrt((2 * 0.16 + 3 * 0.0475) / n));
  });

  it("is deterministic per seed", async () => {
    const img = await scripted(rotation, { durationS: 300 });
    runImage(img, { iterations: 50, seed: 5n });
    const a = readEngineTelemetry(img).auras.map((x) => x.applications);
    runImage(img, { iterations: 50, seed: 5n });
    expect(readEngineTelemetry(img).auras.map((x) => x.applications)).toEqual(a);
    runImage(img, { iterations: 50, seed: 6n });
    expect(readEngineTelemetry(img).auras.map((x) => x.applications)).not.toEqual(a);
  });
});

describe("Main Gauche: 0.001 AP + 0.0523 AP per mastery point (76806 #2)", () => {
  it("the hit grows with mastery exactly as the coefficient: (0.001 + 0.0523 M) / 0.001", async () => {
    // Sinister Strike every second for 60 s; Main Gauche's physical hit meets the same armor at any mastery,
    // so the ratio of its mean hit at mastery M to the one at 0 is the coefficients' ratio (crit 0: no variance).
    const rotation = rot({ cast: "sinister_strike" });
    const M = 12.5;
    const hit = async (mastery: number) => {
      const r = runImage(await scripted(rotation, { durationS: 60, mastery }), { iterations: 20, seed: 2n });
      const mg = rec(r, "damage_86392");
      expect(mg.hits).toBeGreaterThan(0);
      return mg.damage / mg.hits;
    };
    const h0 = await hit(0);
    const hm = await hit(M);
    expect(hm / h0).toBeCloseTo((MG_AP + MG_PER_MASTERY * M) / MG_AP, 9);
  });
});

describe("Opportunity: Pistol Shot x2 and half the energy", () => {
  it("with Opportunity forced on every Sinister Strike, each Pistol Shot deals twice its hit and nets 20 energy", async () => {
    const rotation = rot({ cast: "pistol_shot", if: "buff.opportunity.up" }, { cast: "sinister_strike" });
    const plain = rot({ cast: "pistol_shot", if: "time >= 1 & time < 2" }, { cast: "sinister_strike" });
    const forced = await scripted(rotation, { durationS: 10, opportunityChance: 1 });
    const a = runImage(forced, { iterations: 1, seed: 1n });
    // SS 0, PS 1, SS 2, PS 3, .. : 5 Pistol Shots
    expect(rec(a, "pistol_shot").casts).toBe(5);
    const base = runImage(await scripted(plain, { durationS: 10 }), { iterations: 1, seed: 1n });
    expect(rec(base, "pistol_shot").casts).toBe(1);
    expect(rec(a, "pistol_shot").damage / 5).toBeCloseTo(2 * rec(base, "pistol_shot").damage, 6);
    // the extra strike (197834) came with every Sinister Strike
    expect(rec(a, "damage_197834").hits).toBe(5);
  });
});

describe("default rotation (SimulationCraft's APL, data/specs/outlaw/rotation.simc) smoke run", () => {
  let a: RunResult;
  let img: SpecImage;
  let report: NonNullable<Awaited<ReturnType<typeof prepareSimulation>>["rotation"]>;
  beforeAll(async () => {
    const prep = await prepareSimulation({ spec: "outlaw", bundle, dataDir: DATA, varyLength: 0, duration: 300 });
    img = prep.image;
    report = prep.rotation!;
    a = runImage(img, { iterations: 200, seed: 7n });
  }, 60_000);
  const perFight = (n: string) => rec(a, n).casts / 200;

  it("runs the SimC APL unchanged; the lines it does not honour are exactly the ones the spec page lists", () => {
    expect(report.file).toMatch(/specs\/outlaw\/rotation\.simc$/);
    expect(report.lines).toBe(48);
    const documented = documentedIgnoredLines("outlaw");
    expect(documented.length).toBe(4);
    expect(report.ignoredLines.map((l) => ({ line: l.line, reason: l.reason }))).toEqual(documented);
    expect(report.honoured).toBe(44);
  });

  it("sanity bounds (300 s, default profile)", () => {
    expect(a.dps.mean).toBeGreaterThan(1_000);
    expect(a.dps.mean).toBeLessThan(10_000);
    // Roll the Bones: 45 s cooldown shortened by Restless Blades, kept up: more than 300 / 45, at most one per 30 s buff + rerolls
    expect(perFight("roll_the_bones")).toBeGreaterThan(300 / 45);
    // Between the Eyes: 45 s cooldown minus up to 6 s per finisher
    expect(perFight("between_the_eyes")).toBeGreaterThan(300 / 45);
    // Adrenaline Rush: 180 s, Restless Blades: more than 1, at most one per 15 s... bounded by 300 / 15
    expect(perFight("adrenaline_rush")).toBeGreaterThan(1.5);
    expect(perFight("stealth")).toBe(1);
    for (const n of ["keep_it_rolling", "killing_spree", "coup_de_grace", "preparation", "vanish", "shadowmeld", "ambush"]) expect(rec(a, n)?.casts ?? 0).toBe(0);
    expect(rec(a, "damage_86392").damage).toBeGreaterThan(0);
    expect(rec(a, "damage_197834").damage).toBeGreaterThan(0);
    expect(a.warnings.unknownSpellCasts).toBe(0);
  });

  it("is deterministic: same seed -> identical result; another seed differs", () => expectSeedDeterminism(img, a, 200));
});
