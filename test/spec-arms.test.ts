// Arms Warrior (spec 71): resolved values against the real 12.0.5 rows, rage from damage dealt / taken
// (resource flows by source), the Colossus Smash window, Overpower -> Mortal Strike, the execute phase on
// scripted runs (crit, haste and versatility forced to 0 in the compiled image, so every number is exact),
// a fixed-seed smoke run of the default rotation, determinism.
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
import { allFixtureSpells } from "../scripts/fixtures/spells/index.js";

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
const prov = (p: string) => spec.provenance.find((x) => x.path === p);

describe("Arms manifest resolution against the real tables", () => {
  it("costs from real SpellPower rows (rage in tenths), Overpower free", () => {
    // SpellPower 9599 (12294) ManaCost 300, 9491 (163201) 200, 127 (1464) 200; no row for 7384 / 167105 / 260643
    expect(spellOf("mortal_strike").cost).toBe(300);
    expect(spellOf("execute").cost).toBe(200);
    expect(spellOf("slam").cost).toBe(200);
    expect([spellOf("overpower").cost, spellOf("colossus_smash").cost, spellOf("skullsplitter").cost]).toEqual([0, 0, 0]);
    expect(prov("spells.mortal_strike.cost")).toMatchObject({ source: "SpellPower.ManaCost", spell: 12294, fixture: false });
    // PowerType RAGE (PowerTypeEnum 1): MaxBasePower 1000, RegenCombat 0 (the manifest's 10/s is damage taken)
    expect(spec.resources[0]).toMatchObject({ name: "rage", powerType: 1, max: 1000, initial: 0, regenPerSec: 10 });
    expect(prov("resources.rage.max")!.fixture).toBe(false);
  });

  it("cooldowns, GCD and charges from real SpellCooldowns / SpellCategories / SpellCategory rows", () => {
    // SpellCooldowns 817 (12294): RecoveryTime 6000, StartRecoveryTime 1500; SpellCategories 1777 StartRecoveryCategory 133
    expect(spellOf("mortal_strike")).toMatchObject({ recoveryMs: 6000, startRecoveryMs: 1500, startRecoveryCategory: 133 });
    // Overpower: SpellCooldowns 562 RecoveryTime 0; SpellCategories 1072 ChargeCategory 1680 -> SpellCategory 1680 MaxCharges 1, 12000
    expect(spellOf("overpower")).toMatchObject({ recoveryMs: 0, chargeCategoryId: 1680, maxCharges: 1, chargeRecoveryMs: 12000 });
    // Colossus Smash 18971: 45000; Warbreaker 46261: 45000; Skullsplitter 29818: 21000; Execute 18562: 6000 (Arms execute cooldown row)
    expect(spellOf("colossus_smash").recoveryMs).toBe(45000);
    expect(spellOf("skullsplitter").recoveryMs).toBe(21000);
    // Avatar 9351: RecoveryTime 90000, StartRecoveryTime 0 -> off the GCD
    expect(spellOf("avatar")).toMatchObject({ recoveryMs: 90000, startRecoveryMs: 0 });
    for (const p of ["spells.overpower.charge_cooldown_ms", "spells.avatar.cooldown_ms", "spells.mortal_strike.gcd_ms"]) expect(prov(p)!.fixture).toBe(false);
    // SpellAuraOptions 48507 (7384): CumulativeAura 1 -> the Overpower buff does not stack
    expect(auraOf("overpower").maxStacks).toBe(1);
  });

  it("fixture-derived values: AP coefficients, Deep Wounds bleed, Colossus Smash / Avatar / Overpower multipliers", () => {
    expect(spellOf("mortal_strike").damage).toMatchObject({ apCoef: 1.95, school: 1 });
    expect(prov("spells.mortal_strike.damage.ap_coef")!.fixture).toBe(true);
    // Deep Wounds 262115: SpellDuration 8 = 15 s (real row), period 3000 (fixture), hasted
    expect(auraOf("deep_wounds")).toMatchObject({ durationMs: 15000, tickPeriodMs: 3000, target: "target", refresh: "pandemic" });
    expect(auraOf("deep_wounds").tickDamage).toMatchObject({ apCoef: 0.2, school: 129 });
    // 208086 effect 1 base 30 -> x1.3; SpellDuration 1 = 10 s
    expect(auraOf("colossus_smash")).toMatchObject({ durationMs: 10000, target: "target" });
    expect(auraOf("colossus_smash").effects[0]).toMatchObject({ type: "damage_mult", value: 1.3 });
    expect(auraOf("avatar").effects[0]).toMatchObject({ type: "damage_mult", value: 1.2 });
    expect(auraOf("avatar").durationMs).toBe(20000); // SpellDuration 1119
    expect(auraOf("overpower").effects[0]).toMatchObject({ type: "damage_mult_spells", value: 1.15 });
    // mastery: ChrSpecialization 71 MasterySpellID_0 1258398, fixture EffectBonusCoefficient 1.1
    expect(spec.mastery).toMatchObject({ spell: 1258398, kind: "uniform", coefficient: 1.1 });
  });

  it("every value the manifest states is marked estimated (with its source comment)", async () => {
    const m = (await loadManifest(DATA, "arms")).manifest;
    expect(unmarkedManifestValues(m, spec.provenance)).toEqual([]);
    expect(listEstimates(m).map((e) => `${e.path}=${e.value}`).sort()).toEqual([
      "auras.deep_wounds.tick_damage.school=129",
      "procs.rage_from_auto_attack.chance=1", "procs.rage_from_auto_attack.ops[0].amount=250",
      "procs.tactician_20_rage.chance=0.28", "procs.tactician_mortal_strike.chance=0.42",
      "resources.rage.initial=0", "resources.rage.regen_per_sec=10", "spells.skullsplitter.gain=150",
    ]);
  });

  it("fixture rows repeat no spell id of another set", () => {
    const ids = allFixtureSpells().map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

// ---- scripted runs of the compiled image ----

const rot = (...entries: unknown[]) => ({ main: "m", lists: { m: entries } });
/** Arms image with `rotation`, crit / haste / versatility 0; rage optionally made unlimited. */
async function scripted(rotation: unknown, durationS: number, opts: { richRage?: boolean; talents?: string[] } = {}): Promise<SpecImage> {
  const prep = await prepareSimulation({ spec: "arms", bundle, dataDir: DATA, duration: durationS, rotation, ...(opts.talents ? { talents: opts.talents } : {}) });
  const img = prep.image;
  img.stats = { ...img.stats, crit: 0, haste: 0, versatility: 0 };
  if (opts.richRage) img.resources = img.resources.map((r) => ({ ...r, initial: r.max, regenPerSec: 1000 }));
  return img;
}
const sp = (r: RunResult, name: string) => r.spells.find((s) => s.name === name)!;

describe("rage from damage dealt and damage taken", () => {
  it("25 rage per auto-attack hit + 1 rage/s from the boss's hits, nothing else (idle rotation, 36 s)", async () => {
    // Ratings 0 -> haste 0: swings at 0, 3.6, ..., 32.4 s = 10 hits x 250 = 2500 tenths (gained + wasted over
    // the 1000 cap); damage taken 10 tenths/s x 36 s = 360. Nothing is spent.
    const profile = {
      spec: "arms", level: 80, primary_stat: 42000, ratings: { crit: 0, haste: 0, mastery: 0, versatility: 0 }, crit_damage_bonus: 0,
      target_level_offset: 3, weapon: { name: "test", item: 0, speed_ms: 3600, min_damage: 6900, max_damage: 10400 },
    };
    const r = await simulate({ spec: "arms", bundle, dataDir: DATA, duration: 36, iterations: 1, rotation: rot({ wait: "1" }), profile, timeline: false });
    const rage = r.resources.find((x) => x.name === "rage")!;
    const src = (n: string) => rage.sources.find((s) => s.name === n)!;
    expect(r.spells.find((s) => s.name === "auto_attack")!.hits).toBe(10);
    expect(src("rage_from_auto_attack").gained + src("rage_from_auto_attack").wasted).toBeCloseTo(2500, 9);
    expect(src("regen").gained + src("regen").wasted).toBeCloseTo(360, 6);
    expect(rage.spent).toBe(0);
    // landed rage never exceeds the cap: 1000 at most ends up in the bar
    expect(rage.gained).toBeCloseTo(1000, 6);
  });

  it("rage gates the spenders: Slam only as often as the generated rage allows", async () => {
    // Slam (200) whenever affordable for 36 s, no other spender. Rage in: 2500 (autos) + 360 (taken) = 2860
    // -> at most floor(2860 / 200) = 14 Slams; the GCD alone would allow 24.
    const img = await scripted(rot({ cast: "slam" }, { wait: "0.1" }), 36);
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(sp(r, "slam").casts).toBeLessThanOrEqual(14);
    expect(sp(r, "slam").casts).toBeGreaterThanOrEqual(12);
  });
});

describe("Colossus Smash window, Overpower -> Mortal Strike, execute phase (scripted, exact)", () => {
  it("Colossus Smash multiplies the warrior's damage on the target by 1.3 for 10 s", async () => {
    // CS at 0 (GCD 1.5), Slams at 1.5, 3.0, ..., 19.5 = 13; the first 6 (<= 9.0 s) land inside the 10 s window.
    // Slam damage = base x (6 x 1.3 + 7) = base x 14.8, with base = one Slam without the window.
    const withCs = runImage(await scripted(rot({ cast: "colossus_smash", if: "time < 1" }, { cast: "slam" }), 20, { richRage: true }), { iterations: 1, seed: 1n });
    const plain = runImage(await scripted(rot({ cast: "slam" }), 20, { richRage: true }), { iterations: 1, seed: 1n });
    expect(sp(withCs, "slam").casts).toBe(13);
    expect(sp(plain, "slam").casts).toBe(14); // 0, 1.5, ..., 19.5
    const base = sp(plain, "slam").damage / 14;
    expect(sp(withCs, "slam").damage).toBeCloseTo(base * 14.8, 6);
    // CS itself hits before its debuff: its damage is 0.9 / 0.9 of one Slam (same AP coefficient)
    expect(sp(withCs, "colossus_smash").damage).toBeCloseTo(base, 6);
  });

  it("Overpower buffs the next Mortal Strike by 15 % and is consumed by it (after its own damage)", async () => {
    // OP at 0, MS at 1.5 (x1.15), 7.5, 13.5 (cooldown 6 s): 3.15 x base. Without OP: MS at 0, 6, 12: 3 x base.
    const withOp = runImage(await scripted(rot({ cast: "overpower", if: "time < 1" }, { cast: "mortal_strike" }, { wait: "0.1" }), 15, { richRage: true }), { iterations: 1, seed: 1n });
    const plain = runImage(await scripted(rot({ cast: "mortal_strike" }, { wait: "0.1" }), 15, { richRage: true }), { iterations: 1, seed: 1n });
    expect([sp(withOp, "mortal_strike").casts, sp(plain, "mortal_strike").casts]).toEqual([3, 3]);
    expect(sp(withOp, "mortal_strike").damage / sp(plain, "mortal_strike").damage).toBeCloseTo(3.15 / 3, 9);
  });

  it("Mortal Strike applies Deep Wounds: 5 bleed ticks of 0.2 AP each over 15 s", async () => {
    // One MS at 0 in a 20 s fight: Deep Wounds 15 s / 3 s = 5 ticks (3, 6, 9, 12, 15 s); tick = 0.2 x AP, MS = 1.95 x AP.
    const img = await scripted(rot({ cast: "mortal_strike", if: "time < 1" }, { wait: "0.5" }), 20, { richRage: true });
    const r = runImage(img, { iterations: 1, seed: 1n });
    const dw = sp(r, "deep_wounds_tick");
    expect(dw.hits).toBe(5);
    expect(dw.crits).toBe(0);
    // crit 0, vers 0, same stats for both: the MS hit is physical (x armor mitigation 1 - A / (A + K)), the bleed
    // tick (school 129) ignores armor -> one tick / the MS hit = (0.2 / 1.95) / (1 - A / (A + K)).
    const { targetArmor: A, armorK: K } = img.run;
    expect(A).toBeGreaterThan(0);
    expect(dw.damage / 5 / sp(r, "mortal_strike").damage).toBeCloseTo(0.2 / 1.95 / (1 - A / (A + K)), 9);
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

  it("sanity bounds (300 s, default profile: strength 42000, 3.6 s two-hander)", () => {
    // Mortal Strike alone: 1.95 x AP every 6 s; auto attacks ~(weapon 8650 + AP x 0.6) per 3.6 s; bounds 30k .. 80k.
    expect(a.dps.mean).toBeGreaterThan(30_000);
    expect(a.dps.mean).toBeLessThan(80_000);
    // Colossus Smash 45 s: at most 1 + 300 / 45 = 7.67 -> 7; Avatar 90 s: at most 4
    expect(per("colossus_smash")).toBeLessThanOrEqual(7);
    expect(per("avatar")).toBeLessThanOrEqual(4);
    // Mortal Strike: 6 s cooldown -> at most 51
    expect(per("mortal_strike")).toBeLessThanOrEqual(51);
    expect(per("mortal_strike")).toBeGreaterThan(35);
    // Overpower: 1 charge / 12 s gives at most 26; more means Tactician resets happened
    expect(per("overpower")).toBeGreaterThan(26);
    // Execute only in the last 20 % (60 s) with a 6 s cooldown: at most 1 + 60 / 6 = 11, and some
    expect(per("execute")).toBeGreaterThan(5);
    expect(per("execute")).toBeLessThanOrEqual(11);
    expect(sp(a, "deep_wounds_tick").damage).toBeGreaterThan(0);
    expect(a.warnings.unknownSpellCasts).toBe(0);
  });

  it("is deterministic: same seed -> identical result; another seed differs", () => expectSeedDeterminism(img, a, 200));

  it("Warbreaker build: Colossus Smash replaced, the rotation still runs", async () => {
    const wb = (await prepareSimulation({ spec: "arms", bundle, dataDir: DATA, duration: 120, talents: ["warbreaker", "skullsplitter", "avatar", "tactician"] })).image;
    const r = runImage(wb, { iterations: 5, seed: 1n });
    expect(sp(r, "warbreaker").casts / 5).toBe(3); // 0, 45, 90
    expect(sp(r, "colossus_smash").casts).toBe(0);
    expect(r.warnings.unknownSpellCasts).toBe(0);
  });
});
