// Arms Warrior (spec 71): resolved values against the real 12.0.5 rows and the 12.0.0.64228 spell dump
// (data/sources/12.0.0.64228/warrior.txt), rage from damage dealt / taken (resource flows by source), the
// Colossus Smash window, Deep Wounds from Execute and Mortal Strike crits (rolling refresh), the execute
// phase on scripted runs (crit, haste and versatility forced in the compiled image, so every number is
// exact), a fixed-seed smoke run of the default rotation, determinism.
// Expected numbers are written from the dump lines quoted next to them, not copied from a run.
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
const FILE = path.join(DATA, "manifests/arms.json");
let bundle: DataBundle;
let spec: ResolvedSpec;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
  spec = resolveManifest((await loadManifest(DATA, "arms")).manifest, new SpellResolver(bundle), FILE);
});

const spellOf = (name: string) => spec.spells.find((s) => s.name === name)!;
const auraOf = (name: string) => spec.auras.find((a) => a.name === name)!;
const procOf = (name: string) => spec.procs.find((p) => p.name === name)!;
const prov = (p: string) => spec.provenance.find((x) => x.path === p);

// Dump lines (warrior.txt), AP Coefficient of effect #1:
const MS_AP = 5.80492; // Mortal Strike 12294
const OP_AP = 2.92132; // Overpower 7384
const SLAM_AP = 3.03485; // Slam 1464
const CS_AP = 3.06263; // Colossus Smash 167105 (Warbreaker 262161: the same)
const EXECUTE_AP = 2.52214; // Execute 260798 (triggered by 163201 effect #1)
const DW_AP = 0.34638; // Deep Wounds 262115, per tick ("every 1 seconds", "Duration : 6 seconds")
// Rage per auto-attack hit: 3.6 s weapon x 1.75 rage per weapon-second x (1 + 250 % from 137049 #7), in tenths.
const RAGE_PER_SWING = 3.6 * 1.75 * (1 + 250 / 100) * 10;

describe("Arms manifest resolution against the real tables and the 12.0.0.64228 dump", () => {
  it("costs from real SpellPower rows (rage in tenths), Overpower / Colossus Smash free", () => {
    // SpellPower 9599 (12294) ManaCost 300, 9491 (163201) 200, 127 (1464) 200; no row for 7384 / 167105
    // (the dump: "Resource : 30 Rage (1) (id=9599)", "20 - 40 Rage (1) (id=9491)", "20 Rage (1) (id=127)")
    expect(spellOf("mortal_strike").cost).toBe(300);
    expect(spellOf("execute").cost).toBe(200);
    expect(spellOf("slam").cost).toBe(200);
    expect([spellOf("overpower").cost, spellOf("colossus_smash").cost]).toEqual([0, 0]);
    expect(prov("spells.mortal_strike.cost")).toMatchObject({ source: "SpellPower.ManaCost", spell: 12294, fixture: false });
    // PowerType RAGE (PowerTypeEnum 1): MaxBasePower 1000, RegenCombat 0 (the manifest's 10/s is damage taken)
    expect(spec.resources[0]).toMatchObject({ name: "rage", powerType: 1, max: 1000, initial: 0, regenPerSec: 10 });
    expect(prov("resources.rage.max")!.fixture).toBe(false);
  });

  it("cooldowns, GCD and charges from real SpellCooldowns / SpellCategories / SpellCategory rows", () => {
    // SpellCooldowns 817 (12294): RecoveryTime 6000, StartRecoveryTime 1500; SpellCategories StartRecoveryCategory 133
    expect(spellOf("mortal_strike")).toMatchObject({ recoveryMs: 6000, startRecoveryMs: 1500, startRecoveryCategory: 133 });
    // Overpower: SpellCategory 1680 MaxCharges 1, 12000 (dump "Charges : 1 (12 seconds cooldown)")
    expect(spellOf("overpower")).toMatchObject({ recoveryMs: 0, chargeCategoryId: 1680, maxCharges: 1, chargeRecoveryMs: 12000 });
    // Colossus Smash / Warbreaker 45 s, Execute 6 s (dump "Cooldown : 45 seconds" / "6 seconds")
    expect(spellOf("colossus_smash").recoveryMs).toBe(45000);
    expect(spellOf("warbreaker").recoveryMs).toBe(45000);
    expect(spellOf("execute").recoveryMs).toBe(6000);
    // Avatar 9351: RecoveryTime 90000, StartRecoveryTime 0 -> off the GCD
    expect(spellOf("avatar")).toMatchObject({ recoveryMs: 90000, startRecoveryMs: 0 });
    for (const p of ["spells.overpower.charge_cooldown_ms", "spells.avatar.cooldown_ms", "spells.mortal_strike.gcd_ms"]) expect(prov(p)!.fixture).toBe(false);
  });

  it("AP coefficients from the dump (Execute through its trigger 260798), physical; AoE Colossus Smash / Warbreaker", () => {
    expect(spellOf("mortal_strike").damage).toMatchObject({ apCoef: MS_AP, school: 1, aoe: "single" });
    expect(spellOf("overpower").damage).toMatchObject({ apCoef: OP_AP, school: 1 });
    expect(spellOf("slam").damage).toMatchObject({ apCoef: SLAM_AP, school: 1 });
    expect(spellOf("execute").damage).toMatchObject({ payloadSpell: 260798, apCoef: EXECUTE_AP, school: 1 });
    // "Radius: 1.5 - 10 yards | Target: Front of Self (47) -> at Enemy in Area (16)"
    expect(spellOf("colossus_smash").damage).toMatchObject({ apCoef: CS_AP, school: 1, aoe: "all" });
    expect(spellOf("warbreaker").damage).toMatchObject({ apCoef: CS_AP, school: 1, aoe: "all" });
    expect(prov("spells.mortal_strike.damage.ap_coef")).toMatchObject({ source: "SpellEffect.BonusCoefficientFromAP", spell: 12294, origin: "dump", fixture: false });
    expect(prov("spells.execute.damage.ap_coef")).toMatchObject({ spell: 260798, origin: "dump" });
    // Skullsplitter (260643) is not in the 12.0 client data: it left the build
    expect(spec.spells.map((s) => s.name)).not.toContain("skullsplitter");
    expect(spec.allTalents).not.toContain("skullsplitter");
  });

  it("Deep Wounds: 6 s, a 1 s unhasted tick of 0.34638 AP that may crit, bleed school, rolling (extend) refresh", () => {
    // "Periodic Damage (3): physical every 1 seconds", "Duration : 6 seconds", attributes "Periodic Can Crit",
    // "Rolling Periodic"; no "Spell Haste Affects Periodic"
    expect(auraOf("deep_wounds")).toMatchObject({ durationMs: 6000, tickPeriodMs: 1000, tickHasted: false, tickMayCrit: true, target: "target", refresh: "extend" });
    expect(auraOf("deep_wounds").tickDamage).toMatchObject({ apCoef: DW_AP, school: 129 });
    expect(prov("auras.deep_wounds.tick_period_ms")).toMatchObject({ source: "SpellEffect.EffectAuraPeriod", origin: "dump" });
    // applied by Execute (talent Deep Wounds 1261060) and Mortal Strike crits (talent Mortal Wounds 1261062)
    expect(spellOf("execute").onCast).toEqual([{ op: "apply_aura", aura: "deep_wounds", stacks: 1 }]);
    expect(spellOf("mortal_strike").onCast).toEqual([]);
    expect(procOf("mortal_wounds")).toMatchObject({ trigger: "impact", critOnly: true, chance: 1, spells: ["mortal_strike"] });
    // 12.0: Colossus Smash no longer applies Deep Wounds
    expect(spellOf("colossus_smash").onCast).toEqual([{ op: "apply_aura", aura: "colossus_smash", stacks: 1 }]);
  });

  it("Colossus Smash x1.3 (208086 #1 Base Value 30), Avatar x1.2 for 20 s (107574 #1 Base Value 20), mastery 1.1", () => {
    expect(auraOf("colossus_smash")).toMatchObject({ durationMs: 10000, target: "target" });
    expect(auraOf("colossus_smash").effects[0]).toMatchObject({ type: "damage_mult", value: 1.3 });
    expect(auraOf("avatar").effects[0]).toMatchObject({ type: "damage_mult", value: 1.2 });
    expect(auraOf("avatar").durationMs).toBe(20000);
    // Overpower has a single effect in 12.0: no aura buffing Mortal Strike any more
    expect(spec.auras.map((a) => a.name)).not.toContain("overpower");
    // Mastery: Master of Arms 1258398 #1 "SP Coefficient: 1.1" (ChrSpecialization 71 MasterySpellID_0)
    expect(spec.mastery).toMatchObject({ spell: 1258398, kind: "uniform", coefficient: 1.1 });
    expect(prov("mastery.coefficient")).toMatchObject({ source: "SpellEffect.EffectBonusCoefficient", spell: 1258398, origin: "dump" });
  });

  it("passive Arms Warrior 137049: effects 1 / 2 / 13 all Base Value 0 in 12.0.0.64228 -> x1", () => {
    for (const p of ["passives.arms_warrior.effects[0]", "passives.arms_warrior.effects[1]", "passives.arms_warrior.effects[2]"]) {
      expect(prov(p)).toMatchObject({ value: 0, source: "SpellEffect.EffectBasePointsF", spell: 137049, origin: "dump" });
    }
    for (const n of ["mortal_strike", "overpower", "slam", "execute", "colossus_smash", "warbreaker"]) expect(spellOf(n).damage!.mult).toBe(1);
    expect(auraOf("deep_wounds").tickDamage!.mult).toBe(1);
  });

  it("procs: rage per swing, Tactician 30 % per rage-costing attack (184783 #1 Base Value 30)", () => {
    // 137049 SpellAuraOptions.ProcChance 100 (Proc Flags: White Melee)
    expect(procOf("rage_from_auto_attack")).toMatchObject({ trigger: "impact", chance: 1, spells: ["auto_attack"] });
    expect(procOf("rage_from_auto_attack").ops[0]).toMatchObject({ op: "gain", resource: "rage" });
    expect((procOf("rage_from_auto_attack").ops[0] as { amount: number }).amount).toBeCloseTo(RAGE_PER_SWING, 9);
    expect(prov("procs.rage_from_auto_attack.chance")).toMatchObject({ source: "SpellAuraOptions.ProcChance", spell: 137049, fixture: false });
    expect(procOf("tactician")).toMatchObject({ trigger: "cast", spells: ["mortal_strike", "slam", "execute"], ops: [{ op: "add_charge", spell: "overpower" }] });
    expect(procOf("tactician").chance).toBeCloseTo(0.3, 12);
    expect(prov("procs.tactician.chance")).toMatchObject({ source: "SpellEffect.EffectBasePointsF", spell: 184783, origin: "dump" });
  });

  it("every value the manifest states is marked estimated (with its source comment)", async () => {
    const m = (await loadManifest(DATA, "arms")).manifest;
    expect(unmarkedManifestValues(m, spec.provenance)).toEqual([]);
    expect(listEstimates(m).map((e) => `${e.path}=${e.value}`).sort()).toEqual([
      "auras.deep_wounds.tick_damage.school=129",
      "procs.mortal_wounds.chance=1",
      "procs.rage_from_auto_attack.ops[0].amount=220.5",
      "resources.rage.initial=0", "resources.rage.regen_per_sec=10",
    ]);
  });
});

// ---- scripted runs of the compiled image ----

const rot = (...entries: unknown[]) => ({ main: "m", lists: { m: entries } });
/** Arms image with `rotation`, haste / versatility 0 and crit `crit` (default 0); rage optionally made unlimited. */
async function scripted(rotation: unknown, durationS: number, opts: { richRage?: boolean; talents?: string[]; crit?: number } = {}): Promise<SpecImage> {
  const prep = await prepareSimulation({ spec: "arms", bundle, dataDir: DATA, duration: durationS, rotation, bloodlust: false, ...(opts.talents ? { talents: opts.talents } : {}) });
  const img = prep.image;
  img.stats = { ...img.stats, crit: opts.crit ?? 0, haste: 0, versatility: 0 };
  if (opts.richRage) img.resources = img.resources.map((r) => ({ ...r, initial: r.max, regenPerSec: 1000 }));
  return img;
}
const sp = (r: RunResult, name: string) => r.spells.find((s) => s.name === name)!;

describe("rage from damage dealt and damage taken", () => {
  it("220.5 tenths per auto-attack hit + 1 rage/s from the boss's hits, nothing else (idle rotation, 36 s)", async () => {
    // Ratings 0 -> haste 0: swings at 0, 3.6, ..., 32.4 s = 10 hits x 220.5 = 2205 tenths (gained + wasted over
    // the 1000 cap); damage taken 10 tenths/s x 36 s = 360. Nothing is spent.
    const profile = {
      spec: "arms", level: 90, primary_stat: 1243, ratings: { crit: 0, haste: 0, mastery: 0, versatility: 0 }, crit_damage_bonus: 0,
      target_level_offset: 3, weapon: { name: "test", item: 0, speed_ms: 3600, min_damage: 269, max_damage: 403 },
    };
    // bloodlust: false — the hand-computed swing times assume haste 0 throughout
    const r = await simulate({ spec: "arms", bundle, dataDir: DATA, duration: 36, iterations: 1, rotation: rot({ wait: "1" }), profile, timeline: false, bloodlust: false });
    const rage = r.resources.find((x) => x.name === "rage")!;
    const src = (n: string) => rage.sources.find((s) => s.name === n)!;
    expect(r.spells.find((s) => s.name === "auto_attack")!.hits).toBe(10);
    expect(src("rage_from_auto_attack").gained + src("rage_from_auto_attack").wasted).toBeCloseTo(10 * RAGE_PER_SWING, 6);
    expect(src("regen").gained + src("regen").wasted).toBeCloseTo(360, 6);
    expect(rage.spent).toBe(0);
    // landed rage never exceeds the cap: 1000 at most ends up in the bar
    expect(rage.gained).toBeCloseTo(1000, 6);
  });

  it("rage gates the spenders: Slam only as often as the generated rage allows", async () => {
    // Slam (200) whenever affordable for 36 s, no other spender. Rage in: 2205 (autos) + 360 (taken) = 2565
    // -> at most floor(2565 / 200) = 12 Slams; the GCD alone would allow 24.
    const img = await scripted(rot({ cast: "slam" }, { wait: "0.1" }), 36);
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(sp(r, "slam").casts).toBeLessThanOrEqual(12);
    expect(sp(r, "slam").casts).toBeGreaterThanOrEqual(10);
  });
});

describe("Colossus Smash window, Overpower, Deep Wounds, execute phase (scripted, exact)", () => {
  it("Colossus Smash multiplies the warrior's damage on the target by 1.3 for 10 s", async () => {
    // CS at 0 (GCD 1.5), Slams at 1.5, 3.0, ..., 19.5 = 13; the first 6 (<= 9.0 s) land inside the 10 s window.
    // Slam damage = base x (6 x 1.3 + 7) = base x 14.8, with base = one Slam without the window.
    const withCs = runImage(await scripted(rot({ cast: "colossus_smash", if: "time < 1" }, { cast: "slam" }), 20, { richRage: true }), { iterations: 1, seed: 1n });
    const plain = runImage(await scripted(rot({ cast: "slam" }), 20, { richRage: true }), { iterations: 1, seed: 1n });
    expect(sp(withCs, "slam").casts).toBe(13);
    expect(sp(plain, "slam").casts).toBe(14); // 0, 1.5, ..., 19.5
    const base = sp(plain, "slam").damage / 14;
    expect(sp(withCs, "slam").damage).toBeCloseTo(base * 14.8, 6);
    // CS itself hits before its debuff: its damage is 3.06263 / 3.03485 of one Slam (both physical, same armor)
    expect(sp(withCs, "colossus_smash").damage).toBeCloseTo((base * CS_AP) / SLAM_AP, 6);
  });

  it("Overpower no longer buffs Mortal Strike (12.0: 7384 has only its damage effect)", async () => {
    // OP at 0, MS at 1.5, 7.5, 13.5; without OP: MS at 0, 6, 12 -- each MS hit is the same 5.80492 AP.
    const withOp = runImage(await scripted(rot({ cast: "overpower", if: "time < 1" }, { cast: "mortal_strike" }, { wait: "0.1" }), 15, { richRage: true }), { iterations: 1, seed: 1n });
    const plain = runImage(await scripted(rot({ cast: "mortal_strike" }, { wait: "0.1" }), 15, { richRage: true }), { iterations: 1, seed: 1n });
    expect([sp(withOp, "mortal_strike").casts, sp(plain, "mortal_strike").casts]).toEqual([3, 3]);
    expect(sp(withOp, "mortal_strike").damage / sp(plain, "mortal_strike").damage).toBeCloseTo(1, 12);
    // one Overpower hit / one Mortal Strike hit = 2.92132 / 5.80492 (both physical)
    expect(sp(withOp, "overpower").damage / (sp(plain, "mortal_strike").damage / 3)).toBeCloseTo(OP_AP / MS_AP, 9);
  });

  it("Execute applies Deep Wounds: 6 bleed ticks of 0.34638 AP each over 6 s, no armor", async () => {
    // One Execute at 0 in a 20 s fight: 6 s / 1 s = 6 ticks (1, ..., 6 s); tick = 0.34638 x AP, Execute = 2.52214 x AP.
    const img = await scripted(rot({ cast: "execute", if: "time < 1" }, { wait: "0.5" }), 20, { richRage: true });
    const r = runImage(img, { iterations: 1, seed: 1n });
    const dw = sp(r, "deep_wounds_tick");
    expect(dw.hits).toBe(6);
    expect(dw.crits).toBe(0);
    // crit 0, vers 0, same stats for both: the Execute hit is physical (x armor mitigation 1 - A / (A + K)), the
    // bleed tick (school 129) ignores armor -> one tick / the Execute hit = (0.34638 / 2.52214) / (1 - A / (A + K)).
    const { targetArmor: A, armorK: K } = img.run;
    expect(A).toBeGreaterThan(0);
    expect(dw.damage / 6 / sp(r, "execute").damage).toBeCloseTo(DW_AP / EXECUTE_AP / (1 - A / (A + K)), 9);
  });

  it("Mortal Strike applies Deep Wounds only when it crits (Mortal Wounds), and a re-application keeps every remaining tick", async () => {
    // crit 0: Mortal Strike alone never applies Deep Wounds
    const noCrit = runImage(await scripted(rot({ cast: "mortal_strike", if: "time < 1" }, { wait: "0.5" }), 20, { richRage: true }), { iterations: 1, seed: 1n });
    expect(sp(noCrit, "deep_wounds_tick").hits).toBe(0);
    // crit 100 %: Execute at 0 (Deep Wounds to 6 s), Mortal Strike at 1.5 crits and re-applies it. Rolling periodic
    // (refresh extend): 6 + 6 = 12 s -> ticks at 1, ..., 12 = 12; a plain refresh (1.5 + 6 = 7.5 s) would give 7.
    const rolled = runImage(await scripted(rot({ cast: "execute", if: "time < 1" }, { cast: "mortal_strike", if: "time < 2" }, { wait: "0.5" }), 20, { richRage: true, crit: 100 }), { iterations: 1, seed: 1n });
    expect(sp(rolled, "mortal_strike").casts).toBe(1);
    expect(sp(rolled, "deep_wounds_tick").hits).toBe(12);
  });

  it("Execute is cast only below 20 % target health (linear health: t > 32 s of 40 s), 6 s cooldown", async () => {
    // Ready checks every 0.7 s: 31.5 s (21.25 %) no; 32.2 s (19.5 %) Execute; cooldown 6 s (SpellCooldowns 18562)
    // -> 38.2 s; 44.2 > 40: 2 casts. Ungated, the same rotation casts at 0, 6, ..., 36 = 7.
    const gated = runImage(await scripted(rot({ cast: "execute", if: "target.health.pct < 20" }, { wait: "0.7" }), 40, { richRage: true }), { iterations: 1, seed: 1n });
    expect(sp(gated, "execute").casts).toBe(2);
    const open = runImage(await scripted(rot({ cast: "execute" }, { wait: "0.7" }), 40, { richRage: true }), { iterations: 1, seed: 1n });
    expect(sp(open, "execute").casts).toBe(7);
  });
});

describe("default rotation smoke run", () => {
  let a: RunResult;
  let img: SpecImage;
  beforeAll(async () => {
    img = (await prepareSimulation({ spec: "arms", bundle, dataDir: DATA, duration: 300 })).image;
    a = runImage(img, { iterations: 200, seed: 7n });
  }, 60_000);
  const per = (name: string) => sp(a, name).casts / 200;

  it("sanity bounds (300 s, default profile: strength 1243, 3.6 s two-hander, boss armor 1470 / K 3430)", () => {
    // Mortal Strike alone every 6 s: 5.80492 x 1243 x (1 - 1470 / 4900) / 6 = 842 DPS; everything else (Slam,
    // Overpower, autos, Deep Wounds, crits, mastery, Colossus Smash, Avatar) at most ~5x that. Bounds 1.5k .. 6k.
    expect(a.dps.mean).toBeGreaterThan(1_500);
    expect(a.dps.mean).toBeLessThan(6_000);
    // Colossus Smash 45 s: at most 1 + 300 / 45 = 7.67 -> 7; Avatar 90 s: at most 4
    expect(per("colossus_smash")).toBeLessThanOrEqual(7);
    expect(per("avatar")).toBeLessThanOrEqual(4);
    // Mortal Strike: 6 s cooldown -> at most 51
    expect(per("mortal_strike")).toBeLessThanOrEqual(51);
    expect(per("mortal_strike")).toBeGreaterThan(35);
    // Overpower: 1 charge / 12 s gives at most 26; more means Tactician charges happened
    expect(per("overpower")).toBeGreaterThan(26);
    // Execute only in the last 20 % (60 s) with a 6 s cooldown: at most 1 + 60 / 6 = 11, and some
    expect(per("execute")).toBeGreaterThan(5);
    expect(per("execute")).toBeLessThanOrEqual(11);
    expect(sp(a, "deep_wounds_tick").damage).toBeGreaterThan(0);
    expect(a.spells.find((s) => s.name === "skullsplitter")).toBeUndefined();
    expect(a.warnings.unknownSpellCasts).toBe(0);
  });

  it("is deterministic: same seed -> identical result; another seed differs", () => expectSeedDeterminism(img, a, 200));

  it("Warbreaker build: Colossus Smash replaced, the rotation still runs", async () => {
    const wb = (await prepareSimulation({ spec: "arms", bundle, dataDir: DATA, duration: 120, talents: ["warbreaker", "avatar", "tactician", "deep_wounds", "mortal_wounds"] })).image;
    const r = runImage(wb, { iterations: 5, seed: 1n });
    expect(sp(r, "warbreaker").casts / 5).toBe(3); // 0, 45, 90
    expect(sp(r, "colossus_smash").casts).toBe(0);
    expect(r.warnings.unknownSpellCasts).toBe(0);
  });
});
