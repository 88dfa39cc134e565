// Fury Warrior (spec 72): resolved values against the real 12.0.5 rows and the 12.0.0.64228 spell dump
// (data/sources/12.0.0.64228/warrior-fury.txt), the Enrage-gated mastery (mastery.while_aura, engine kind 3),
// dual-wield auto attacks and their rage, Execute's health gate (Massacre 35 %), Reckless Abandon's swap,
// Bladestorm's Fury length, on scripted runs with crit, haste and versatility forced to 0 (every number exact),
// a fixed-seed smoke run of the default rotation, determinism, and the SimC APL's ignored lines.
// Expected numbers are written from the dump lines quoted next to them, not copied from a run.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { SpellResolver } from "../src/data/resolver.js";
import type { DataBundle } from "../src/data/types.js";
import { listEstimates, loadManifest, resolveManifest, unmarkedManifestValues, type ResolvedSpec } from "../src/manifest/index.js";
import { prepareSimulation, simulate } from "../src/engine/simulate.js";
import { runImage, type RunResult } from "../src/engine/run.js";
import { expectSeedDeterminism } from "./helpers/spec-run.js";
import type { SpecImage } from "../src/engine/image.js";

const DATA = path.resolve(__dirname, "../data");
const FILE = path.join(DATA, "specs/fury/manifest.json");
let bundle: DataBundle;
let spec: ResolvedSpec;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
  spec = resolveManifest((await loadManifest(DATA, "fury")).manifest, new SpellResolver(bundle), FILE);
});

const spellOf = (name: string) => spec.spells.find((s) => s.name === name)!;
const auraOf = (name: string) => spec.auras.find((a) => a.name === name)!;
const procOf = (name: string) => spec.procs.find((p) => p.name === name)!;
const prov = (p: string) => spec.provenance.find((x) => x.path === p);

// Dump lines, AP Coefficient of effect #1:
const BT_AP = 3.21366; // Bloodthirst 23881
const RB_AP = 2.15623; // Raging Blow 96103 (main hand) and 85384 (off hand)
const RAMPAGE_AP = [1.19652, 2.05116, 2.73491, 1.53838]; // 184709 (MH), 184707 (OH), 201364 (OH), 201363 (MH)
const EXECUTE_AP = 3.21057; // 280849 (MH) and 163558 (OH)
const WW_AP = 0.419991; // 199667, 44949, 199852, 199851
const OF_AP = 1.82598; // 385060, 385062, 385061
const BS_AP = 2.0895; // Bladestorm 50622 (MH), 95738 (OH)
const OH = 0.5; // the off-hand penalty (estimated: notes.off_hand_penalty)
const MALICE = 1.2; // Slayer's Malice 444779 #2 Base Value 20
// Mastery: Unshackled Fury 76856 #1 "SP Coefficient: 1.4"; the profile's 1034 mastery rating / 46 per point (CombatRatings row 90)
const MASTERY = 1 + ((1034 / 46) * 1.4) / 100;

describe("Fury manifest resolution against the real tables and the 12.0.0.64228 dump", () => {
  it("mastery: 76856, uniform, 1.4 % per point, only while Enraged (mastery.while_aura)", () => {
    expect(spec.mastery).toMatchObject({ spell: 76856, kind: "uniform", coefficient: 1.4, whileAura: "enrage" });
    expect(prov("mastery.coefficient")).toMatchObject({ source: "SpellEffect.EffectBonusCoefficient", spell: 76856, origin: "dump" });
    // Enrage 184362: "Duration : 4 seconds", effect 1 "Modify All Haste%" Base Value 15 (Frenzied Enrage)
    expect(auraOf("enrage")).toMatchObject({ durationMs: 4000, target: "player" });
    expect(auraOf("enrage").effects[0]).toMatchObject({ type: "haste", value: 15 });
  });

  it("costs, cooldowns and charges from the real rows: Rampage 80 Rage, Execute 20, Bloodthirst 4.5 s, Raging Blow 1 charge / 8 s", () => {
    // dump: "Resource : 80 Rage (1) (id=10117)", "20 - 40 Rage (1) (id=192805)"
    expect(spellOf("rampage").cost).toBe(800);
    expect(spellOf("execute").cost).toBe(200);
    // Bloodthirst and Bloodbath share category 1837 ("Category Cooldown: 4.5 seconds"); Bloodthirst is free
    expect(spellOf("bloodthirst")).toMatchObject({ cost: 0, categoryId: 1837, categoryRecoveryMs: 4500 });
    expect(spellOf("bloodbath")).toMatchObject({ categoryId: 1837, categoryRecoveryMs: 4500 });
    expect(spellOf("raging_blow")).toMatchObject({ maxCharges: 1, chargeRecoveryMs: 8000, chargeCategoryId: 1672 });
    expect(spellOf("crushing_blow")).toMatchObject({ chargeCategoryId: 1672 });
    expect(spellOf("odyns_fury").recoveryMs).toBe(45000);
    expect(spellOf("recklessness").recoveryMs).toBe(90000);
    expect(auraOf("recklessness").durationMs).toBe(12000);
    expect(prov("spells.rampage.cost")).toMatchObject({ source: "SpellPower.ManaCost", fixture: false });
  });

  it("AP coefficients from the dump, off-hand strikes halved, area strikes summed", () => {
    expect(spellOf("bloodthirst").damage).toMatchObject({ apCoef: BT_AP, school: 1, aoe: "single" });
    expect(spellOf("raging_blow").damage!.apCoef).toBe(RB_AP);
    expect(spellOf("raging_blow").onCast[0]).toMatchObject({ op: "damage", spell: 85384, apCoef: RB_AP * OH });
    expect(spellOf("rampage").damage!.apCoef).toBe(RAMPAGE_AP[0]);
    expect(spellOf("rampage").onCast.slice(0, 3).map((o) => (o as { apCoef: number }).apCoef)).toEqual([RAMPAGE_AP[1]! * OH, RAMPAGE_AP[2]! * OH, RAMPAGE_AP[3]]);
    expect(spellOf("execute").damage).toMatchObject({ apCoef: EXECUTE_AP });
    expect(spellOf("execute").onCast[0]).toMatchObject({ spell: 163558, apCoef: EXECUTE_AP * OH });
    expect(spellOf("whirlwind").damage).toMatchObject({ aoe: "all" });
    expect(spellOf("whirlwind").damage!.apCoef).toBeCloseTo(WW_AP * 4.5, 12);
    expect(spellOf("odyns_fury").damage!.apCoef).toBeCloseTo(OF_AP * 3, 12);
    // 385060 #2 "Periodic Damage (3): physical every 1 seconds", AP Coefficient 1.3, "Duration : 4 seconds"
    expect(auraOf("odyns_fury_dot")).toMatchObject({ durationMs: 4000, tickPeriodMs: 1000, target: "target" });
    expect(auraOf("odyns_fury_dot").tickDamage).toMatchObject({ apCoef: 1.3, school: 129 });
    // Slayer's Malice 444779 #2 (Fury) on Raging Blow / Crushing Blow / Execute
    for (const n of ["raging_blow", "crushing_blow", "execute"]) expect(spellOf(n).damage!.mult).toBeCloseTo(MALICE, 12);
    for (const n of ["bloodthirst", "rampage", "whirlwind", "odyns_fury"]) expect(spellOf(n).damage!.mult).toBe(1);
  });

  it("Bloodthirst's 30 % Enrage (23881 #3), Improved Raging Blow's 25 % reset (85288 #1), Recklessness +20 % crit (1719 #4)", () => {
    expect(procOf("bloodthirst_enrage")).toMatchObject({ trigger: "cast", spells: ["bloodthirst", "bloodbath"] });
    expect(procOf("bloodthirst_enrage").chance).toBeCloseTo(0.3, 12);
    expect(procOf("improved_raging_blow").chance).toBeCloseTo(0.25, 12);
    expect(auraOf("recklessness").effects[0]).toMatchObject({ type: "crit", value: 20 });
    expect(auraOf("sudden_death")).toMatchObject({ durationMs: 12000, maxStacks: 2 });
    expect(procOf("sudden_death").rppm).toBeCloseTo(1.7, 6);
    // Bladestorm for Fury: 6 s - 2 s (137050 #8 "Spell Duration" -2000)
    expect(auraOf("bladestorm_strikes")).toMatchObject({ durationMs: 4000, tickPeriodMs: 1000, tickHasted: false });
    expect(auraOf("berserker_stance").effects[0]).toMatchObject({ type: "damage_mult_spells", value: 1.15 });
  });

  it("every value the manifest states is marked estimated", async () => {
    const m = (await loadManifest(DATA, "fury")).manifest;
    expect(unmarkedManifestValues(m, spec.provenance)).toEqual([]);
    expect(listEstimates(m).map((e) => e.path).filter((p) => !p.startsWith("auras.blood_fury") && !p.startsWith("auras.lights_potential") && !p.startsWith("spells.potion")).sort()).toEqual([
      "auras.berserker_stance.duration_ms",
      "auras.odyns_fury_dot.tick_damage.school",
      "auto_attack.off_hand.damage_factor",
      "procs.rage_from_auto_attack.chance", "procs.rage_from_auto_attack.ops[0].amount", "procs.rage_from_auto_attack.ops[1].ops[0].amount",
      "procs.rage_from_off_hand.chance", "procs.rage_from_off_hand.ops[0].amount", "procs.rage_from_off_hand.ops[1].ops[0].amount",
      "resources.rage.initial", "resources.rage.regen_per_sec",
      "spells.bladestorm.gcd_ms",
    ]);
  });
});

const rot = (...entries: unknown[]) => ({ main: "m", lists: { m: entries } });
/** Fury image with `rotation`, crit / haste / versatility 0; rage optionally unlimited; procs optionally removed. */
async function scripted(rotation: unknown, durationS: number, opts: { richRage?: boolean; noProcs?: boolean } = {}): Promise<SpecImage> {
  // the bare profile (no flask or rune: docs/consumables.md): its mastery is the 22.48 % the expectations use
  const prep = await prepareSimulation({ spec: "fury", bundle, dataDir: DATA, varyLength: 0, duration: durationS, rotation, bloodlust: false, flask: "none", food: "none", augmentRune: "none" });
  const img = prep.image;
  img.stats = { ...img.stats, crit: 0, haste: 0, versatility: 0 };
  if (opts.richRage) img.resources = img.resources.map((r) => ({ ...r, initial: r.max, regenPerSec: 1000 }));
  if (opts.noProcs) delete img.procs;
  return img;
}
const sp = (r: RunResult, name: string) => r.spells.find((s) => s.name === name);

describe("Unshackled Fury: the mastery multiplies damage only while Enraged (scripted, exact)", () => {
  it("a Bloodthirst outside Enrage has no mastery; inside Rampage's Enrage it has 1 + 22.48 x 1.4 %", async () => {
    const plain = runImage(await scripted(rot({ cast: "bloodthirst", if: "time < 1" }, { wait: "0.1" }), 10, { richRage: true, noProcs: true }), { iterations: 1, seed: 1n });
    const enraged = runImage(await scripted(rot({ cast: "rampage", if: "time < 1" }, { cast: "bloodthirst", if: "time < 3" }, { wait: "0.1" }), 10, { richRage: true, noProcs: true }), { iterations: 1, seed: 1n });
    expect([sp(plain, "bloodthirst")!.casts, sp(enraged, "bloodthirst")!.casts]).toEqual([1, 1]);
    const bt0 = sp(plain, "bloodthirst")!.damage;
    expect(sp(enraged, "bloodthirst")!.damage / bt0).toBeCloseTo(MASTERY, 12);
    // Rampage's strikes land before its own Enrage: no mastery (1.19652 + 2.73491 x 0.5 + ... relative to Bloodthirst's 3.21366)
    expect(sp(enraged, "rampage")!.damage / bt0).toBeCloseTo(RAMPAGE_AP[0]! / BT_AP, 12);
    expect(sp(enraged, "damage_201363")!.damage / bt0).toBeCloseTo(RAMPAGE_AP[3]! / BT_AP, 12);
    // the Enrage lasts 4 s: a Bloodthirst after it is plain again (its 4.5 s cooldown: casts at 1.5 and 6)
    const after = runImage(await scripted(rot({ cast: "rampage", if: "time < 1" }, { cast: "bloodthirst", if: "time > 5" }, { wait: "0.1" }), 7, { richRage: true, noProcs: true }), { iterations: 1, seed: 1n });
    expect(sp(after, "bloodthirst")!.casts).toBe(1);
    expect(sp(after, "bloodthirst")!.damage / bt0).toBeCloseTo(1, 12);
  });

  it("Raging Blow: main hand + off hand at half, x Slayer's Malice 1.2", async () => {
    const r = runImage(await scripted(rot({ cast: "bloodthirst", if: "time < 1" }, { cast: "raging_blow", if: "time < 3" }, { wait: "0.1" }), 4, { richRage: true, noProcs: true }), { iterations: 1, seed: 1n });
    const bt = sp(r, "bloodthirst")!.damage;
    expect(sp(r, "raging_blow")!.damage / bt).toBeCloseTo((RB_AP * MALICE) / BT_AP, 12);
    expect(sp(r, "damage_85384")!.damage / bt).toBeCloseTo((RB_AP * OH * MALICE) / BT_AP, 12);
  });
});

describe("rage, Execute's health gate, Reckless Abandon, Bladestorm (scripted)", () => {
  it("auto attacks: 63 tenths a main-hand hit, 31.5 an off-hand hit (1.75 x 3.6 s, the off hand half), two timers", async () => {
    const profile = {
      spec: "fury", level: 90, primary_stat: 1365, ratings: { crit: 0, haste: 0, mastery: 0, versatility: 0 }, crit_damage_bonus: 0,
      target_level_offset: 3, weapon: { name: "test", item: 0, speed_ms: 3600, min_damage: 269, max_damage: 403 },
    };
    const r = await simulate({ spec: "fury", bundle, dataDir: DATA, varyLength: 0, duration: 36, iterations: 1, rotation: rot({ wait: "1" }), profile, timeline: false, bloodlust: false });
    const rage = r.resources.find((x) => x.name === "rage")!;
    const src = (n: string) => rage.sources.find((s) => s.name === n)!;
    expect(r.spells.find((s) => s.name === "auto_attack")!.hits).toBe(10);
    expect(r.spells.find((s) => s.name === "auto_attack_off_hand")!.hits).toBe(10);
    expect(src("rage_from_auto_attack").gained + src("rage_from_auto_attack").wasted).toBeCloseTo(10 * 63, 6);
    expect(src("rage_from_off_hand").gained + src("rage_from_off_hand").wasted).toBeCloseTo(10 * 31.5, 6);
    // the off hand swings a copy of the main hand at half damage (Berserker Stance is not cast here)
    const mh = r.spells.find((s) => s.name === "auto_attack")!;
    const oh = r.spells.find((s) => s.name === "auto_attack_off_hand")!;
    expect(oh.damage / mh.damage).toBeGreaterThan(0.4);
    expect(oh.damage / mh.damage).toBeLessThan(0.6);
  });

  it("Execute (Massacre): usable below 35 % health (linear health over 40 s: after 26 s), 4.5 s apart", async () => {
    const img = await scripted(rot({ cast: "execute" }, { wait: "0.1" }), 40, { richRage: true, noProcs: true });
    expect(spellOf("execute").recoveryMs).toBe(4500); // SpellCooldowns of 280735 ("Cooldown : 4.5 seconds")
    const r = runImage(img, { iterations: 1, seed: 1n, timeline: true } as never);
    // 40 s x (1 - 0.35) = 26 s; casts at 26 (+ the poll step), then every 4.5 s: 26, 30.5, 35, 39.5
    expect(sp(r, "execute")!.casts).toBe(4);
  });

  it("Reckless Abandon: during Recklessness Bloodbath replaces Bloodthirst; 50 Rage on cast (396749 #1 Base Value 500)", async () => {
    const r = runImage(await scripted(rot({ cast: "recklessness", if: "time < 1" }, { cast: "bloodbath" }, { cast: "bloodthirst" }, { wait: "0.1" }), 20, { richRage: true, noProcs: true }), { iterations: 1, seed: 1n });
    // Recklessness at t = 0 (off the GCD: no "GCD" line in the dump), 12 s: Bloodbath at 0, 4.5, 9 (category 1837, 4.5 s);
    // Bloodthirst, sharing the category, at 13.5 and 18 once Recklessness is gone
    expect(spellOf("recklessness").startRecoveryMs).toBe(0);
    const bb = sp(r, "bloodbath")!.casts;
    const bt = sp(r, "bloodthirst")!.casts;
    expect([bb, bt]).toEqual([3, 2]);
    // per non-critical hit (Recklessness' +20 % crit applies to Bloodbath; a crit deals 2 x): damage / (hits + crits)
    const perHit = (n: string) => sp(r, n)!.damage / (sp(r, n)!.hits + sp(r, n)!.crits);
    expect(perHit("bloodbath") / perHit("bloodthirst")).toBeCloseTo(3.85641 / BT_AP, 12);
  });

  it("Recklessness generates 50 Rage with Reckless Abandon (1719 #3 Base Value 0 + 396749 #1 Base Value 500 tenths)", async () => {
    const r = await simulate({ spec: "fury", bundle, dataDir: DATA, varyLength: 0, duration: 5, iterations: 1, rotation: rot({ cast: "recklessness", if: "time < 1" }, { wait: "1" }), timeline: false, bloodlust: false });
    const src = r.resources.find((x) => x.name === "rage")!.sources.find((x) => x.name === "recklessness")!;
    expect(src.gained + src.wasted).toBeCloseTo(500, 9);
  });

  it("Bladestorm (Fury): 5 strikes of 2.0895 x 1.5 AP (one on cast, four 1 s apart), 5 Rage each, a 4 s lockout", async () => {
    const r = runImage(await scripted(rot({ cast: "bladestorm", if: "time < 1" }, { cast: "bloodthirst" }, { wait: "0.1" }), 10, { richRage: true, noProcs: true }), { iterations: 1, seed: 1n });
    const strikes = (sp(r, "damage_50622")?.hits ?? 0) + (sp(r, "bladestorm_strikes_tick")?.hits ?? 0);
    expect(strikes).toBe(5);
    // Bloodthirst waits for the 4 s lockout: casts at 4 and 8.5
    expect(sp(r, "bloodthirst")!.casts).toBe(2);
    expect(sp(r, "damage_50622")!.damage / (sp(r, "bloodthirst")!.damage / 2)).toBeCloseTo((BS_AP * 1.5) / BT_AP, 9);
  });
});

describe("default rotation smoke run", () => {
  let a: RunResult;
  let img: SpecImage;
  beforeAll(async () => {
    img = (await prepareSimulation({ spec: "fury", bundle, dataDir: DATA, varyLength: 0, duration: 300 })).image;
    a = runImage(img, { iterations: 200, seed: 7n });
  }, 60_000);
  it("casts the Slayer list's spells and keeps Enrage up part of the fight", () => {
    for (const n of ["rampage", "bloodthirst", "raging_blow", "execute", "odyns_fury", "recklessness", "bladestorm", "whirlwind", "bloodbath", "crushing_blow"]) {
      expect(sp(a, n)!.casts, n).toBeGreaterThan(0);
    }
  });
  it("Enrage is up part of the fight (Rampage, Bloodthirst's 30 %, Odyn's Fury)", async () => {
    const r = await simulate({ spec: "fury", bundle, dataDir: DATA, varyLength: 0, duration: 300, iterations: 50, timeline: false });
    const enrage = r.auras.find((x) => x.name === "enrage")!;
    expect(enrage.uptime).toBeGreaterThan(0.3);
    expect(enrage.uptime).toBeLessThan(0.9);
  });
  it("is deterministic: same seed -> identical result; another seed differs", () => expectSeedDeterminism(img, a, 200));
});

// SimulationCraft's default APL run unchanged (data/specs/fury/rotation.simc): the lines it cannot honour must be exactly
// the table of docs/specs/fury.md ("## Ignored APL lines") — none.
describe("SimC default APL (data/specs/fury/rotation.simc)", () => {
  it("ignoredLines is exactly the documented list (docs/specs/fury.md): none, 121 / 121 honoured", async () => {
    const doc = readFileSync(path.resolve(__dirname, "../docs/specs/fury.md"), "utf8");
    const section = doc.slice(doc.indexOf("## Ignored APL lines"), doc.indexOf("## Semantics to know"));
    const documented = [...section.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    const r = await simulate({ spec: "fury", bundle, dataDir: DATA, varyLength: 0, duration: 30, iterations: 1, timeline: false });
    const rot = (r as unknown as { rotation: { lines: number; honoured: number; ignoredLines: { line: number }[] } }).rotation;
    expect(rot.ignoredLines.map((l) => l.line)).toEqual(documented);
    expect(documented).toEqual([]);
    expect(rot.lines).toBe(121);
    expect(rot.honoured).toBe(121);
  });
});
