// Fire Mage (spec 63): resolved values against the real 12.0.5 rows and the 12.0.0.64228 spell dump
// (data/sources/12.0.0.64228/mage.txt: every expected coefficient below is quoted from its block), the
// Heating Up / Hot Streak! state machine on scripted crit sequences (crit chance forced to 0 or 100 % in the
// compiled image, haste 0, so every cast time is exact), mana per cast, Ignite's residual bank (and Hot
// Streak!'s double Ignite), a fixed-seed smoke run, determinism.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { SpellResolver } from "../src/data/resolver.js";
import type { DataBundle } from "../src/data/types.js";
import { resolveManifest, validateManifest, ManifestError, unmarkedManifestValues, listEstimates, type ResolvedSpec } from "../src/manifest/index.js";
import { prepareSimulation, simulate } from "../src/engine/simulate.js";
import { runImage, type RunResult } from "../src/engine/run.js";
import { expectSeedDeterminism } from "./helpers/spec-run.js";
import { encodeImage, ImageError, type SpecImage } from "../src/engine/image.js";

const DATA = path.resolve(__dirname, "../data");
const MANIFEST_FILE = path.join(DATA, "specs/fire/manifest.json");
// The spec's own file with its class piece's declarations (mage.json: intellect and its resources),
// without raid.json's Bloodlust raid buff (test/raid-buffs.test.ts): these tests resolve and hand-compute
// the spec's own declarations.
const CLASS_FILE = path.join(DATA, "specs/_class/mage.json");
const manifestJson = () => {
  const { extends: _class, ...own } = JSON.parse(readFileSync(MANIFEST_FILE, "utf8"));
  const { extends: _raid, notes: _notes, schema_version: _v, ...piece } = JSON.parse(readFileSync(CLASS_FILE, "utf8"));
  return { ...piece, ...own };
};
let bundle: DataBundle;
let spec: ResolvedSpec;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
  spec = resolveManifest(validateManifest(manifestJson(), MANIFEST_FILE), new SpellResolver(bundle), MANIFEST_FILE);
});

const spellOf = (name: string) => spec.spells.find((s) => s.name === name)!;
const prov = (p: string) => spec.provenance.find((x) => x.path === p);

describe("Fire manifest resolution against the real tables and the 12.0.0.64228 dump", () => {
  it("GCD, cooldowns and charges come from real SpellCooldowns / SpellCategories / SpellCategory rows", () => {
    // SpellCooldowns 29 (Fireball 133): StartRecoveryTime 1500; SpellCategories 60: StartRecoveryCategory 133
    expect(spellOf("fireball")).toMatchObject({ startRecoveryCategory: 133, startRecoveryMs: 1500, recoveryMs: 0, maxCharges: 0 });
    // Without Kindling / Flame On the rows alone:
    // Fire Blast 108853: SpellCooldowns 9469 RecoveryTime 500, no start recovery (off the GCD);
    // SpellCategories 25413 ChargeCategory 1500 -> SpellCategory 1500 MaxCharges 1, ChargeRecoveryTime 14000
    const rows = resolveManifest(validateManifest(manifestJson(), MANIFEST_FILE), new SpellResolver(bundle), MANIFEST_FILE, { talents: ["combustion"] });
    const rowSpell = (n: string) => rows.spells.find((s) => s.name === n)!;
    expect(rowSpell("fire_blast")).toMatchObject({ startRecoveryCategory: 0, startRecoveryMs: 0, recoveryMs: 500, chargeCategoryId: 1500, maxCharges: 1, chargeRecoveryMs: 14000 });
    // Combustion 190319: SpellCooldowns 21892 RecoveryTime 120000, no start recovery
    expect(rowSpell("combustion")).toMatchObject({ recoveryMs: 120000, startRecoveryCategory: 0, startRecoveryMs: 0 });
    // Default build: Kindling 1254194 #1 "Add Flat Modifier (107): Spell Cooldown (11) / Base Value: -30000" x rank 2
    // -> 120000 - 60000; Flame On 205029 #1 "Modify Cooldown Charge (Category) ... Base Value: 1" and #2 "Modify
    // Cooldown Time (Category) ... Base Value: -2000" -> 2 charges, 12000 ms recharge
    expect(spellOf("combustion").recoveryMs).toBe(120000 - 2 * 30000);
    expect(spellOf("fire_blast")).toMatchObject({ maxCharges: 1 + 1, chargeRecoveryMs: 14000 - 2000, chargeCategoryId: 1500 });
    expect(prov("talents.kindling.modifies[0].cooldown_ms")).toMatchObject({ value: -30000, source: "SpellEffect.EffectBasePointsF", spell: 1254194, origin: "dump" });
    expect(prov("talents.flame_on.modifies[0].charge_cooldown_ms")).toMatchObject({ value: -2000, spell: 205029 });
    for (const p of ["spells.fire_blast.charge_cooldown_ms", "spells.combustion.cooldown_ms", "spells.fireball.gcd_ms"]) expect(prov(p)!.fixture).toBe(false);
  });

  it("mana costs = SpellPower.PowerCostPct x base mana (250000)", () => {
    // SpellPower 232462 (133) 1 %, 405 (11366) 1.5 %, 5196 (108853) 1 %, 10319 (190319) 10 % — the same rows
    // the dump names ("Resource : 1% Base Mana (0) (id=232462)", "1.5% ... (id=405)", "10% ... (id=10319)")
    expect(spellOf("fireball").cost).toBe(0.01 * 250000);
    expect(spellOf("pyroblast").cost).toBe(0.015 * 250000);
    expect(spellOf("flamestrike").cost).toBe(0.015 * 250000); // SpellPower 311595 (1254851) 1.5 %
    expect(spellOf("mirror_image").cost).toBe(0.02 * 250000); // "Resource : 2% Base Mana (0) (id=2510)"
    expect(spellOf("fire_blast").cost).toBe(0.01 * 250000);
    expect(spellOf("combustion").cost).toBe(0.1 * 250000);
    expect(prov("spells.combustion.cost")).toMatchObject({ source: "SpellPower.PowerCostPct", spell: 190319, fixture: false });
    expect(spec.resources[0]).toMatchObject({ name: "mana", powerType: 0, max: 250000, regenPerSec: 5000, hasteScaled: false });
  });

  it("Heating Up stacks to 2 (real SpellAuraOptions.CumulativeAura), Hot Streak! does not stack", () => {
    const hu = spec.auras.find((a) => a.name === "heating_up")!;
    expect(hu.maxStacks).toBe(2);
    expect(prov("auras.heating_up.max_stacks")).toMatchObject({ source: "SpellAuraOptions.CumulativeAura", fixture: false });
    expect(spec.auras.find((a) => a.name === "hot_streak")!.maxStacks).toBe(1);
  });

  it("dump-derived values: cast times, SP coefficients, schools, durations, Ignite, mastery", () => {
    // "Cast Time : 2.25 seconds" (133), "Cast Time : 4 seconds" (11366); Fire Blast / Combustion have no Cast Time line
    expect([spellOf("fireball").castMs, spellOf("pyroblast").castMs, spellOf("fire_blast").castMs, spellOf("combustion").castMs]).toEqual([2250, 4000, 0, 0]);
    expect(prov("spells.fireball.cast_time_ms")).toMatchObject({ origin: "dump", fixture: false });
    // "#1 (id=91) : School Damage (2): fire ... SP Coefficient: 4.5"; "#1 (id=4785) ... SP Coefficient: 4.5975";
    // "#1 (id=120062) ... SP Coefficient: 1.31538"; school Fire = mask 4. Spell-power payloads: no AP part.
    expect(spellOf("fireball").damage).toMatchObject({ payloadSpell: 133, spCoef: 4.5, apCoef: 0, school: 4 });
    expect(spellOf("pyroblast").damage).toMatchObject({ payloadSpell: 11366, spCoef: 4.5975, apCoef: 0, school: 4 });
    // Flamestrike 1254851 "#1 (id=1261446) ... SP Coefficient: 2.29", "Cast Time : 3.5 seconds"; Meteor's impact
    // 351140 "#1 (id=881233) ... SP Coefficient: 5.772"; Meteor 153561 "Cooldown : 45 seconds" (real row)
    expect(spellOf("flamestrike")).toMatchObject({ castMs: 3500, damage: { payloadSpell: 1254851, spCoef: 2.29, school: 4, aoe: "all" } });
    expect(spellOf("meteor")).toMatchObject({ active: false, recoveryMs: 45000, damage: { spCoef: 5.772, school: 4, aoe: "all" } });
    expect(spellOf("fire_blast").damage).toMatchObject({ payloadSpell: 108853, spCoef: 1.31538, apCoef: 0, school: 4 });
    expect(prov("spells.fireball.damage.sp_coef")).toMatchObject({ source: "SpellEffect.EffectBonusCoefficient", spell: 133, origin: "dump" });
    // Fire Blast (Rank 2) 231568 "#1 (id=349286) : ... Add Flat Modifier (107): Spell Critical Chance (7) / Base Value: 100"
    expect(spellOf("fire_blast").damage!.critBonus).toBe(100);
    expect(prov("spells.fire_blast.damage.crit_bonus")).toMatchObject({ source: "SpellEffect.EffectBasePointsF", spell: 231568 });
    // Ignite 12654: "Duration : 9 seconds", "#1 (id=5511) : ... Periodic Damage (3): fire every 1 seconds"
    const ignite = spec.auras.find((a) => a.name === "ignite")!;
    expect(ignite).toMatchObject({ durationMs: 9000, tickPeriodMs: 1000, residual: { school: 4 }, target: "target" });
    // Combustion 190319 "Duration : 10 seconds", "#1 (id=278782) ... Spell Critical Chance (7) / Base Value: 100"
    expect(spec.auras.find((a) => a.name === "combustion")).toMatchObject({ durationMs: 10000, effects: [{ type: "crit", value: 100 }] });
    // Heating Up 48107 "Duration : 10 seconds"; Hot Streak! 48108 "Duration : 15 seconds"
    expect(spec.auras.find((a) => a.name === "heating_up")!.durationMs).toBe(10000);
    expect(spec.auras.find((a) => a.name === "hot_streak")!.durationMs).toBe(15000);
    // Mastery: Ignite 12846 "#1 (id=5692) : Apply Aura (6) | Dummy (4) / Base Value: 0 | ... | SP Coefficient: 0.42"
    expect(spec.mastery).toMatchObject({ spell: 12846, kind: "none", coefficient: 0.42 });
    expect(prov("mastery.coefficient")).toMatchObject({ source: "SpellEffect.EffectBonusCoefficient", spell: 12846, origin: "dump" });
    const ig = spec.procs.find((p) => p.name === "ignite")!;
    expect(ig.chance).toBe(1); // ProcChance 100 (real row) / 100; dump "Proc Chance : 100%"
    // the flat part of the share is effect 1's base points (0) / 100
    expect(ig.ops).toEqual([{ op: "bank_damage", aura: "ignite", fraction: 0, masteryScaled: true, apply: true }]);
    expect(prov("procs.ignite.ops[0].fraction")).toMatchObject({ source: "SpellEffect.EffectBasePointsF", spell: 12846 });
    // Hot Streak! Pyroblast / Flamestrike: the first impact proc consumes Hot Streak! and banks the same share a
    // second time (195283 effect 1: 100 % additional Ignite)
    expect(spec.procs[0]).toMatchObject({
      name: "hot_streak_spend", spells: ["pyroblast", "flamestrike"], chance: 1,
      ops: [{ op: "if_aura", aura: "hot_streak", ops: [{ op: "remove_aura", aura: "hot_streak" }, ...ig.ops] }],
    });
    // Firestarter 205026 "#1 (id=302653) ... Base Value: 90"; Scorch 1254311 "#2 (id=1260765) ... Base Value: 30"
    expect(spellOf("fireball").damage).toMatchObject({ critAboveHealth: 90, critBelowHealth: 30 });
    expect(spellOf("pyroblast").damage).toMatchObject({ critAboveHealth: 90 });
    expect(spellOf("pyroblast").damage!.critBelowHealth).toBeUndefined();
    expect(prov("spells.fireball.damage.crit_health[0].above")).toMatchObject({ source: "SpellEffect.EffectBasePointsF", spell: 205026, origin: "dump" });
    expect(prov("spells.fireball.damage.crit_health[1].below")).toMatchObject({ source: "SpellEffect.EffectBasePointsF", spell: 1254311, origin: "dump" });
    // Pyroblast and Flamestrike are instant under Hot Streak! (48108 #1) and Hyperthermia (383874 #1): -100 % -> x0
    for (const n of ["pyroblast", "flamestrike"]) expect(spellOf(n).castTimeMods).toEqual([{ aura: "hot_streak", factor: 0 }, { aura: "hyperthermia", factor: 0 }]);
  });

  it("passives: Fire Mage 137019 effect 1 (0 in 12.0.0.64228) x Mote of Flame 343230 effect 1 (+3 % Fire damage)", () => {
    // "#1 (id=179702) : Apply Aura (6) | Add Percent Modifier (108): Spell Direct Amount (0) / Base Value: 0"
    expect(prov("passives.fire_mage.effects[0]")).toMatchObject({ value: 0, source: "SpellEffect.EffectBasePointsF", spell: 137019 });
    // "#1 (id=844865) : Apply Aura (6) | Modify Damage Done% (79) / Base Value: 3 | ... | Misc Value: 0x4" (Fire)
    expect(prov("passives.mote_of_flame.effects[0]")).toMatchObject({ value: 3, spell: 343230 });
    for (const n of ["fireball", "pyroblast", "flamestrike", "meteor"]) expect(spellOf(n).damage!.mult).toBeCloseTo((1 + 0 / 100) * (1 + 3 / 100), 12);
    // Wildfire 1254828 rank 2: "#2 (id=1264624) : ... Spell Direct Amount (0) / Base Value: 10", 'op=mul, values=(1, 2)' -> +20 % on Fire Blast
    expect(prov("passives.wildfire.effects[0]")).toMatchObject({ value: 10, spell: 1254828 });
    expect(spellOf("fire_blast").damage!.mult).toBeCloseTo((1 + 0 / 100) * (1 + 3 / 100) * (1 + (10 * 2) / 100), 12);
    // without the talent only the spec aura's x1 remains
    const bare = resolveManifest(validateManifest(manifestJson(), MANIFEST_FILE), new SpellResolver(bundle), MANIFEST_FILE, { talents: ["pyroblast"] });
    expect(bare.spells.find((s) => s.name === "fireball")!.damage!.mult ?? 1).toBe(1);
  });

  it("spells the 12.0.0.64228 data does not have: Phoenix Flames left the build, Scorch 2948 / Heat Shimmer are unavailable placeholders", () => {
    const names = spec.spells.map((s) => s.name);
    expect(names).not.toContain("phoenix_flames");
    // Scorch stays nameable by SimulationCraft's APL but is never castable and resolves no data
    expect(spellOf("scorch")).toMatchObject({ id: 2948, active: false, castMs: 0, cost: 0, maxCharges: 0 });
    expect(spec.provenance.filter((p) => p.path.startsWith("spells.scorch"))).toEqual([]);
    expect(spec.auras.find((a) => a.name === "heat_shimmer")).toMatchObject({ active: false, effects: [] });
    expect(spec.allTalents).toEqual(["pyroblast", "combustion", "firestarter", "scorch", "flamestrike", "mote_of_flame", "mirror_image", "spellfire_spheres", "meteor", "kindling", "flame_on", "ignition", "master_of_flame", "wildfire"]);
    expect(spec.talents).toEqual(["pyroblast", "combustion", "firestarter", "scorch", "flamestrike", "mote_of_flame", "mirror_image", "spellfire_spheres", "kindling", "flame_on", "ignition", "master_of_flame", "wildfire"]);
    // Power Infusion: an external buff SimC grants only when the user lists it (external_buffs): never up
    expect(spec.auras.find((a) => a.name === "power_infusion")).toMatchObject({ active: false, effects: [] });
    // a manifest naming Phoenix Flames again fails: its spell data is gone
    const m = manifestJson();
    m.spells.push({ name: "phoenix_flames", id: 257541, damage: { effect: 1 } });
    expect(() => resolveManifest(validateManifest(m, MANIFEST_FILE), new SpellResolver(bundle), MANIFEST_FILE)).toThrow(/257541/);
  });

  it("every value the manifest states is marked estimated (with its source comment)", () => {
    const m = validateManifest(manifestJson(), MANIFEST_FILE);
    expect(unmarkedManifestValues(m, spec.provenance)).toEqual([]);
    expect(listEstimates(m).map((e) => `${e.path}=${e.value}`).sort()).toEqual([
      "procs.heating_up_crit.chance=1", "procs.heating_up_lost.chance=1", "procs.hot_streak_spend.chance=1",
      "resources.mana.max=250000", "resources.mana.regen_per_sec=5000",
    ]);
  });

  it("rejects bank_damage into a non-residual aura and crit_only together with non_crit_only", () => {
    const m = manifestJson();
    m.procs[3].ops[0].aura = "hot_streak";
    expect(() => validateManifest(m, "fire.json")).toThrow(ManifestError);
    const m2 = manifestJson();
    m2.procs[2].crit_only = true;
    expect(() => validateManifest(m2, "fire.json")).toThrow(/crit_only and non_crit_only/);
  });
});

// ---- scripted runs of the compiled image ----

/** Compile the Fire spec with `rotation`, then force crit and haste (exact arithmetic). */
async function scripted(rotation: unknown, opts: { crit: number; durationS?: number; talents?: string[]; mana?: { max: number; regen: number } }): Promise<SpecImage> {
  // Default: Pyroblast and Combustion only, so Firestarter / Scorch (health-gated crits) keep crit at exactly 0 or 100 %.
  const talents = opts.talents ?? ["pyroblast", "combustion"];
  const prep = await prepareSimulation({ spec: "fire", bundle, dataDir: DATA, varyLength: 0, duration: opts.durationS ?? 30, rotation, bloodlust: false, talents });
  const img = prep.image;
  img.stats = { ...img.stats, crit: opts.crit, haste: 0, versatility: 0 };
  if (opts.mana) img.resources = img.resources.map((r) => ({ ...r, max: opts.mana!.max, initial: opts.mana!.max, regenPerSec: opts.mana!.regen }));
  return img;
}
const casts = (r: RunResult, name: string) => r.spells.find((s) => s.name === name)!.casts;
const rot = (...entries: unknown[]) => ({ main: "m", lists: { m: entries } });

describe("Heating Up -> Hot Streak! state machine (scripted crits)", () => {
  it("all crits: Fireball, Fireball (Hot Streak!), then instant Pyroblast / Fireball alternate", async () => {
    // crit 100 %, haste 0: FB completes 2250 (HU), 4500 (HS); P at 4500 (HS paid, its crit -> HU), GCD to 6000;
    // FB 6000 -> 8250 (HS); P 8250 ... period 3750: P at 4500, 8250, 12000, 15750, 19500, 23250, 27000 = 7;
    // FB at 2250, 4500, 8250, 12000, 15750, 19500, 23250, 27000 = 8 (the next ends at 30750 > 30000).
    const img = await scripted(rot({ cast: "pyroblast", if: "buff.hot_streak.up" }, { cast: "fireball" }), { crit: 100 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(casts(r, "fireball")).toBe(8);
    expect(casts(r, "pyroblast")).toBe(7);
    expect(r.spells.find((s) => s.name === "pyroblast")!.crits).toBe(7);
  });

  it("no crits: Hot Streak! never comes, so the Hot Streak! Pyroblast entry never fires", async () => {
    // Fireball only: 30000 / 2250 -> 13 completions (29250).
    const img = await scripted(rot({ cast: "pyroblast", if: "buff.hot_streak.up" }, { cast: "fireball" }), { crit: 0 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(casts(r, "pyroblast")).toBe(0);
    expect(casts(r, "fireball")).toBe(13);
  });

  it("Hot Streak! is paid before the Pyroblast's own crit: holding HS + HU gives back-to-back instant Pyroblasts", async () => {
    // crit 100 %; Pyroblast only when both Hot Streak! and Heating Up are up.
    // FB 2250 HU, 4500 HS, 6750 HU (HS still up) -> P at 6750: HS paid first, its crit turns HU into a fresh HS;
    // FB 8250 -> 10500 HU -> P 10500 ... period 3750: P at 6750, 10500, 14250, 18000, 21750, 25500, 29250 = 7,
    // FB at 2250, 4500, 6750, 10500, 14250, 18000, 21750, 25500, 29250 = 9.
    // (Consuming HS after the damage instead would lose the fresh HS: P would need three more Fireballs each time.)
    const img = await scripted(rot({ cast: "pyroblast", if: "buff.hot_streak.up & buff.heating_up.up" }, { cast: "fireball" }), { crit: 100 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(casts(r, "pyroblast")).toBe(7);
    expect(casts(r, "fireball")).toBe(9);
  });

  it("a non-crit clears Heating Up: Combustion's crits end at 10 s and no Hot Streak! follows", async () => {
    // crit 0 % + Combustion (+100 %, 10 s, off the GCD at t = 0): FB 2250 HU, 4500 HS; P 4500 (crit: HU);
    // FB 6000 -> 8250 HS (HU 2 -> HS); P 8250 (crit: HU); FB 9750 -> 12000 after Combustion ended at 10000:
    // a non-crit -> HU removed; from then on only non-crits -> no more Hot Streak!. P = 2.
    const img = await scripted(rot({ cast: "combustion" }, { cast: "pyroblast", if: "buff.hot_streak.up" }, { cast: "fireball" }), { crit: 0 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(casts(r, "combustion")).toBe(1);
    expect(casts(r, "pyroblast")).toBe(2);
  });

  it("crit, non-crit, crit within Heating Up's 10 s gives no Hot Streak! (the non-crit cleared it)", async () => {
    // crit 0 %, 5 s fight: Fire Blast at 0 (always crits) -> HU; Fireball 0 -> 2250 non-crit -> HU cleared;
    // Combustion at 2250 (time > 2, off the GCD) -> Fireball 2250 -> 4500 crits -> HU (1 stack), not Hot Streak!.
    // Had the non-crit not cleared HU, that crit would make Hot Streak! and the instant Pyroblast would go at 4500.
    const rotation = rot({ cast: "fire_blast" }, { cast: "combustion", if: "time > 2" }, { cast: "pyroblast", if: "buff.hot_streak.up" }, { cast: "fireball" });
    const r = runImage(await scripted(rotation, { crit: 0, durationS: 5 }), { iterations: 1, seed: 1n });
    expect(casts(r, "fire_blast")).toBe(1);
    expect(casts(r, "combustion")).toBe(1);
    expect(r.spells.find((s) => s.name === "fireball")).toMatchObject({ casts: 2, crits: 1 });
    expect(casts(r, "pyroblast")).toBe(0);
    // control: without the Fireball in between (Fire Blast, then a crit 2 s later) Hot Streak! comes and is used
    const control = rot({ cast: "fire_blast" }, { cast: "combustion", if: "time > 2" }, { cast: "pyroblast", if: "buff.hot_streak.up" }, { cast: "fireball", if: "time > 2" }, { wait: "2.1 - time" });
    const c = runImage(await scripted(control, { crit: 0, durationS: 5 }), { iterations: 1, seed: 1n });
    // Fire Blast 0 -> HU; wait to 2100; Combustion; Fireball 2100 -> 4350 crits -> Hot Streak!; Pyroblast at 4350.
    expect(casts(c, "fireball")).toBe(1);
    expect(casts(c, "pyroblast")).toBe(1);
  });

  it("Fire Blast always crits (crit_bonus 100); each Heating Up it starts is cleared by the next non-crit", async () => {
    // crit 0 %: Fire Blast at 0 (off the GCD, crit) -> HU; Fireball 0 -> 2250 non-crit -> HU cleared.
    // Fire Blast recharges at 14000 but the player is casting (Fireball 13500 -> 15750; no cast while casting):
    // Fire Blast at 15750 -> HU, cleared by the Fireball ending at 18000. Next recharge 29750: Fireball
    // 29250 -> 31500 is still casting at the 30000 end. Fire Blasts = 2, both crits; Hot Streak! never.
    const a = runImage(await scripted(rot({ cast: "fire_blast" }, { cast: "pyroblast", if: "buff.hot_streak.up" }, { cast: "fireball" }), { crit: 0 }), { iterations: 1, seed: 1n });
    expect(casts(a, "fire_blast")).toBe(2);
    expect(a.spells.find((s) => s.name === "fire_blast")!.crits).toBe(2);
    expect(a.spells.find((s) => s.name === "fireball")!.crits).toBe(0);
    expect(casts(a, "pyroblast")).toBe(0);
    // Same rotation with Fire Blast cast only while Heating Up is up: there is never a first crit -> 0 Fire Blasts.
    const b = runImage(await scripted(rot({ cast: "fire_blast", if: "buff.heating_up.up" }, { cast: "pyroblast", if: "buff.hot_streak.up" }, { cast: "fireball" }), { crit: 0 }), { iterations: 1, seed: 1n });
    expect(casts(b, "fire_blast")).toBe(0);
  });
});

describe("mana", () => {
  it("each cast spends its SpellPower cost: 10000 mana, no regen -> 4 Fireballs (2500) or 2 Pyroblasts (3750)", async () => {
    const fb = runImage(await scripted(rot({ cast: "fireball" }), { crit: 0, mana: { max: 10000, regen: 0 } }), { iterations: 1, seed: 1n });
    expect(casts(fb, "fireball")).toBe(4); // 4 x 2500 = 10000, a 5th needs 2500 more
    const py = runImage(await scripted(rot({ cast: "pyroblast" }), { crit: 0, mana: { max: 10000, regen: 0 } }), { iterations: 1, seed: 1n });
    expect(casts(py, "pyroblast")).toBe(2); // 7500 spent, 2500 left < 3750
  });

  it("regen refills at regen_per_sec: 5000 mana, 1000/s, Fireballs for 30 s", async () => {
    // Fireball costs 2500 at completion; regen 1000/s, capped at 5000. Cast 1: 0 -> 2250, mana stays capped at
    // 5000 during the bar, 5000 - 2500 = 2500. Cast 2: 2250 -> 4500, 2500 + 2250 - 2500 = 2250. From then on
    // 2250 < 2500 at each start: wait 250 ms, cast 2250 ms, mana 2500 + 2250 - 2500 = 2250 again: a 2500 ms
    // period. Completions 2250, 4500, 4500 + 2500j <= 30000 (j = 1..10) -> 12 Fireballs.
    const img = await scripted(rot({ cast: "fireball" }, { wait: "(2500 - mana) / mana.regen", if: "mana < 2500" }), { crit: 0, mana: { max: 5000, regen: 1000 } });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(casts(r, "fireball")).toBe(12);
    // with no regen only 2 fit
    const none = runImage(await scripted(rot({ cast: "fireball" }), { crit: 0, mana: { max: 5000, regen: 0 } }), { iterations: 1, seed: 1n });
    expect(casts(none, "fireball")).toBe(2);
  });
});

describe("Ignite (residual bank)", () => {
  it("Ignite deals mastery% x coefficient of the direct damage, spread over its ticks", async () => {
    // One Fireball (no crit, vers 0) for 20 s: hit = 4.5 x SP (dump: SP Coefficient 4.5). Ignite banks
    // (0 + mastery points x 0.42)% of it (12846 effect 1: Base Value 0, SP Coefficient 0.42) and deals it all in
    // 9 ticks (9 s / 1 s; the fight outlasts the DoT), so ignite damage / fireball damage = 20 x 0.42 % = 8.4 %.
    const img = await scripted(rot({ cast: "fireball", if: "time < 1" }), { crit: 0, durationS: 20 });
    img.stats = { ...img.stats, mastery: 20 };
    const r = runImage(img, { iterations: 1, seed: 1n });
    const fb = r.spells.find((s) => s.name === "fireball")!;
    const ig = r.spells.find((s) => s.name === "ignite_tick")!;
    expect(fb.casts).toBe(1);
    expect(fb.damage).toBeCloseTo(4.5 * img.stats.spellPower, 6);
    expect(ig.hits).toBe(9);
    expect(ig.crits).toBe(0);
    expect(ig.damage / fb.damage).toBeCloseTo(20 * 0.42 / 100, 9);
  });

  it("a Hot Streak! Pyroblast feeds Ignite twice (195283: 100 % additional Ignite damage)", async () => {
    // crit 100 %, mastery 20 (8.4 %): Fireball 0 -> 2250 (HU), 2250 -> 4500 (HS); no Fireball after 4 s;
    // instant Pyroblast at 4500 (HS paid). Ignite refreshed to 9 s at 4500 ends at 13500 < 20000: all dealt.
    // ignite = 8.4 % x (Fireballs + (1 + 100/100) x Pyroblast).
    const img = await scripted(rot({ cast: "pyroblast", if: "buff.hot_streak.up" }, { cast: "fireball", if: "time < 4" }), { crit: 100, durationS: 20 });
    img.stats = { ...img.stats, mastery: 20 };
    const r = runImage(img, { iterations: 1, seed: 1n });
    const fb = r.spells.find((s) => s.name === "fireball")!;
    const py = r.spells.find((s) => s.name === "pyroblast")!;
    const ig = r.spells.find((s) => s.name === "ignite_tick")!;
    expect([fb.casts, py.casts]).toEqual([2, 1]);
    // both Fireball hits and the Pyroblast crit: 4.5 x SP x 2 each and 4.5975 x SP x 2 (crit damage x2)
    expect(py.damage / fb.damage).toBeCloseTo((4.5975 * 2) / (4.5 * 2 * 2), 9);
    expect(ig.damage).toBeCloseTo(((20 * 0.42) / 100) * (fb.damage + (1 + 100 / 100) * py.damage), 6);
  });

  it("a refresh adds to the bank: two hits' worth of Ignite is dealt in full", async () => {
    // Fireballs at 2250 and 4500 (then nothing): bank 0.084 x hit each, refreshed to 9 s at 4500; all dealt by 13500.
    const img = await scripted(rot({ cast: "fireball", if: "time < 3" }), { crit: 0, durationS: 20 });
    img.stats = { ...img.stats, mastery: 20 };
    const r = runImage(img, { iterations: 1, seed: 1n });
    const fb = r.spells.find((s) => s.name === "fireball")!;
    const ig = r.spells.find((s) => s.name === "ignite_tick")!;
    expect(fb.casts).toBe(2);
    expect(ig.damage / fb.damage).toBeCloseTo(20 * 0.42 / 100, 9);
  });

  it("the image encoder refuses a bankDamage op into a non-residual aura", async () => {
    const img = await scripted(rot({ cast: "fireball" }), { crit: 0 });
    const bad: SpecImage = { ...img, opLists: [...img.opLists, [{ op: "bankDamage", aura: 0, fraction: 0.1 }]] };
    expect(() => encodeImage(bad)).toThrow(ImageError);
  });
});

describe("default rotation smoke run", () => {
  let a: RunResult;
  let img: SpecImage;
  beforeAll(async () => {
    img = (await prepareSimulation({ spec: "fire", bundle, dataDir: DATA, varyLength: 0, duration: 300 })).image;
    a = runImage(img, { iterations: 200, seed: 7n });
  }, 60_000);

  it("sanity bounds (300 s, default level-90 profile)", () => {
    // Fireball alone: 4.5 x SP x (1 + vers) x (1 + crit) / (2.25 s / (1 + haste)) with the profile's SP 1735,
    // i.e. ~4.9k DPS at its crit ~6.9 % / haste ~30.6 % / vers ~1.1 %; the Hot Streak machinery, Fire Blast,
    // Combustion and Ignite (mastery x 0.42 %) add to that, mana can never run out. Bounds: 1x .. 2x that.
    const s = img.stats;
    const fireballOnly = (4.5 * s.spellPower * (1 + s.versatility / 100) * (1 + s.crit / 100)) / (2.25 / (1 + s.haste / 100));
    expect(a.dps.mean).toBeGreaterThan(fireballOnly);
    expect(a.dps.mean).toBeLessThan(2 * fireballOnly);
    // Combustion: 60 s cooldown (120 s, Kindling rank 2) -> casts at 0, 60, 120, 180, 240 = 5
    // (RunResult counts are totals over the 200 iterations)
    expect(casts(a, "combustion") / 200).toBe(5);
    // Fire Blast: 2 charges / 12 s (Flame On) -> at most 2 + 300 / 12 = 27 per fight
    expect(casts(a, "fire_blast") / 200).toBeLessThanOrEqual(27);
    expect(casts(a, "fire_blast") / 200).toBeGreaterThan(15);
    expect(a.spells.find((s) => s.name === "fire_blast")!.crits).toBe(a.spells.find((s) => s.name === "fire_blast")!.hits);
    expect(casts(a, "pyroblast") / 200).toBeGreaterThan(5);
    expect(a.spells.find((s) => s.name === "ignite_tick")!.damage).toBeGreaterThan(0);
    expect(a.warnings.unknownSpellCasts).toBe(0);
  });

  it("is deterministic: same seed -> identical result; another seed differs", () => expectSeedDeterminism(img, a, 200));

  it("without talents the rotation still runs (Fireball / Fire Blast)", async () => {
    const bare = (await prepareSimulation({ spec: "fire", bundle, dataDir: DATA, varyLength: 0, duration: 60, talents: [] })).image;
    const r = runImage(bare, { iterations: 5, seed: 1n });
    expect(casts(r, "fireball") / 5).toBeGreaterThan(20);
    expect(casts(r, "combustion")).toBe(0); // untalented: the rotation's talent.combustion folds it away
    expect(r.warnings.unknownSpellCasts).toBe(0);
  });
});

describe("health-gated crits (Firestarter 205026, Scorch 1254311) on the linear health model", () => {
  // 100 s fight, crit 0 %, haste 0: Fireballs complete at 2250 k ms (k = 1..44, the 45th would end at 101250).
  // target.health.pct = 100 x (1 - t / 100000): above 90 % while t < 10000 (k = 1..4), below 30 % once
  // t > 70000 (k = 32..44: 72000 .. 99000, 13 hits). Firestarter: "Your Fireball and Pyroblast spells always deal
  // a critical strike when the target is above $s1% health" (s1 = 90); Scorch: "Fireball always critically
  // strikes when it damages an enemy below $s2% health" (s2 = 30).
  const fireballs = async (talents: string[]) => {
    const img = await scripted(rot({ cast: "fireball" }), { crit: 0, durationS: 100, talents });
    return runImage(img, { iterations: 1, seed: 1n }).spells.find((s) => s.name === "fireball")!;
  };

  it("Firestarter: the 4 Fireballs landing above 90 % health crit, no other", async () => {
    expect(await fireballs(["firestarter"])).toMatchObject({ casts: 44, crits: 4 });
  });

  it("Scorch: the 13 Fireballs landing below 30 % health crit; with Firestarter 17; with neither 0", async () => {
    expect(await fireballs(["scorch"])).toMatchObject({ casts: 44, crits: 13 });
    expect(await fireballs(["firestarter", "scorch"])).toMatchObject({ casts: 44, crits: 17 });
    expect(await fireballs([])).toMatchObject({ casts: 44, crits: 0 });
  });

  it("Firestarter covers Pyroblast, Scorch does not: 3 crits, all above 90 %", async () => {
    // Hard casts end at 4000 and 8000 (92 %: crits -> Heating Up, then Hot Streak!); the next Pyroblast starts at
    // 8000 with Hot Streak! up, so it is instant and lands at 8000 too (crit). GCD to 9500, then 4 s hard casts
    // ending 13500 + 4000 j (j = 0..21, up to 97500): 3 + 22 = 25 casts, none of the later ones crits (Scorch
    // only lists Fireball, and below 30 % the rule does not apply to Pyroblast).
    const img = await scripted(rot({ cast: "pyroblast" }), { crit: 0, durationS: 100, talents: ["pyroblast", "firestarter", "scorch"] });
    expect(runImage(img, { iterations: 1, seed: 1n }).spells.find((s) => s.name === "pyroblast")).toMatchObject({ casts: 25, crits: 3 });
  });

  it("a 100 % crit chance is unchanged by the rules (they only raise it)", async () => {
    const img = await scripted(rot({ cast: "fireball" }), { crit: 100, durationS: 100, talents: ["firestarter", "scorch"] });
    expect(runImage(img, { iterations: 1, seed: 1n }).spells.find((s) => s.name === "fireball")).toMatchObject({ casts: 44, crits: 44 });
  });

  it("the image encoder refuses a threshold outside [0, 100] and a rule on pet damage", async () => {
    const img = await scripted(rot({ cast: "fireball" }), { crit: 0, talents: ["firestarter"] });
    const d = img.damage.findIndex((e) => e.critAboveHealth === 90);
    expect(d).toBeGreaterThanOrEqual(0);
    const bad = { ...img, damage: img.damage.map((e, i) => (i === d ? { ...e, critAboveHealth: 120 } : e)) };
    expect(() => encodeImage(bad)).toThrow(/damage\[\d+\]\.critAboveHealth/);
  });

  it("manifest: crit_health needs exactly one of above / below; two taken rules on one side are an error", () => {
    const both = manifestJson();
    both.spells[0].damage.crit_health[0].below = 30;
    expect(() => validateManifest(both, "fire.json")).toThrow(/exactly one of "above" and "below"/);
    const unknown = manifestJson();
    unknown.spells[0].damage.crit_health[0].if_talent = "no_such_talent";
    expect(() => validateManifest(unknown, "fire.json")).toThrow(/unknown talent "no_such_talent"/);
    const twice = manifestJson();
    twice.spells[0].damage.crit_health.push({ above: 50 });
    expect(() => resolveManifest(validateManifest(twice, MANIFEST_FILE), new SpellResolver(bundle), MANIFEST_FILE)).toThrow(/two taken "above" rules/);
  });
});

describe("unavailable entries (no data record)", () => {
  it("accept only name, id and comment next to the reason; nothing may apply an unavailable aura", () => {
    const m = manifestJson();
    m.spells.find((s: { name: string }) => s.name === "scorch").damage = { effect: 1 };
    expect(() => validateManifest(m, "fire.json")).toThrow(/only name, id and comment may accompany "unavailable"/);
    const m2 = manifestJson();
    m2.procs[1].ops.push({ op: "apply_aura", aura: "heat_shimmer" });
    expect(() => validateManifest(m2, "fire.json")).toThrow(/"heat_shimmer" is unavailable/);
    const m3 = manifestJson();
    m3.spells.find((s: { name: string }) => s.name === "scorch").unavailable = "";
    expect(() => validateManifest(m3, "fire.json")).toThrow(/needs a reason/);
  });

  it("a rotation may name Scorch; its cast entry never fires", async () => {
    const img = await scripted(rot({ cast: "scorch" }, { cast: "fireball" }), { crit: 0 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(casts(r, "scorch")).toBe(0);
    expect(casts(r, "fireball")).toBe(13);
    expect(r.warnings.unknownSpellCasts).toBe(0);
  });
});

describe("talent modifies (Kindling, Flame On)", () => {
  it("a rank that drives a value below 0 is an error naming the talent; an unknown spell is MANIFEST_UNKNOWN_NAME", () => {
    const m = manifestJson();
    m.talents.find((x: { name: string }) => x.name === "kindling").rank = 5; // 120 s - 5 x 30 s < 0
    expect(() => resolveManifest(validateManifest(m, MANIFEST_FILE), new SpellResolver(bundle), MANIFEST_FILE)).toThrow(/talents\[\d+\]\.modifies\[0\].*combustion.*recoveryMs becomes -30000/);
    const m2 = manifestJson();
    m2.talents.find((x: { name: string }) => x.name === "flame_on").modifies[0].spell = "phoenix_flames";
    expect(() => validateManifest(m2, MANIFEST_FILE)).toThrow(/unknown spell "phoenix_flames"/);
    const m3 = manifestJson();
    m3.talents.find((x: { name: string }) => x.name === "flame_on").modifies[0] = { spell: "fire_blast" };
    expect(() => validateManifest(m3, MANIFEST_FILE)).toThrow(/needs "cooldown_ms", "charges" or "charge_cooldown_ms"/);
  });

  it("Combustion every 60 s with Kindling rank 2: 5 casts in 300 s (0, 60, ..., 240), 3 without", async () => {
    const rotation = rot({ cast: "combustion" }, { cast: "fireball" });
    const withK = runImage(await scripted(rotation, { crit: 0, durationS: 300, talents: ["combustion", "kindling"] }), { iterations: 1, seed: 1n });
    const without = runImage(await scripted(rotation, { crit: 0, durationS: 300, talents: ["combustion"] }), { iterations: 1, seed: 1n });
    expect([casts(withK, "combustion"), casts(without, "combustion")]).toEqual([5, 3]);
  });

  it("Fire Blast with Flame On: 2 charges, 12 s recharge -> 2 at the pull, then one per 12 s in a 30 s fight = 4", async () => {
    // Fire Blast only (off the GCD, 0.5 s own cooldown): 0 and 0.5 s (both charges), recharges at 12 and 24 s -> 4.
    const rotation = rot({ cast: "fire_blast" }, { wait: "0.5" });
    const r = runImage(await scripted(rotation, { crit: 0, talents: ["flame_on"] }), { iterations: 1, seed: 1n });
    expect(casts(r, "fire_blast")).toBe(4);
    const base = runImage(await scripted(rotation, { crit: 0, talents: [] }), { iterations: 1, seed: 1n });
    expect(casts(base, "fire_blast")).toBe(3); // 0, 14, 28 s
  });
});

describe("Ignition (1254756): Fire Blast spreads the target's Ignite to more enemies", () => {
  it("resolves the share and count from Mastery: Ignite plus the taken talents: 100 % onto 3 enemies", () => {
    // 12846 "#2 (id=127998) ... Base Value: 0" + Ignition "#3 (id=1277428) ... Spell Effect 2 ... Base Value: 50"
    //   + Master of Flame 384174 "#2 (id=1283544) ... Spell Effect 2 ... Base Value: 50" = 100 %;
    // 12846 "#5 (id=1261329) ... Base Value: 0" + Ignition "#1 (id=1261323) ... Spell Effect 5 ... Base Value: 1"
    //   + Wildfire 1254828 "#1 (id=1261405) ... Spell Effect 5 ... Base Value: 1" x rank 2 = 3 enemies
    expect(spellOf("fire_blast").onCast).toEqual([{ op: "spread_bank", aura: "ignite", share: 1, count: 3 }]);
    // without Master of Flame and Wildfire: 50 % onto 1 enemy; without Ignition: no spread
    const only = resolveManifest(validateManifest(manifestJson(), MANIFEST_FILE), new SpellResolver(bundle), MANIFEST_FILE, { talents: ["ignition"] });
    expect(only.spells.find((s) => s.name === "fire_blast")!.onCast).toEqual([{ op: "spread_bank", aura: "ignite", share: 0.5, count: 1 }]);
    const none = resolveManifest(validateManifest(manifestJson(), MANIFEST_FILE), new SpellResolver(bundle), MANIFEST_FILE, { talents: [] });
    expect(none.spells.find((s) => s.name === "fire_blast")!.onCast).toEqual([]);
  });

  it("one Fire Blast after a Fireball: each of 3 more enemies burns for the whole Ignite bank of the Fireball and the Fire Blast", async () => {
    // crit 0, vers 0, haste 0, no Firestarter / Scorch: Fireball lands at 2.25 s for D = 4.5 x SP (x1: no Mote of Flame)
    // and banks D x mastery x 0.42 / 100 into Ignite on enemy 0; Fire Blast (off the GCD) is cast at once, before the
    // first Ignite tick: its hit F (always a crit) banks its own share, then its on_cast spreads 100 % of the bank
    // B = (D + F) x mastery x 0.42 / 100 onto enemies 1-3 (9 s Ignites, all dealt by 13 s; Fire Blast's 14 s recharge:
    // one cast). The 4-target run's Ignite damage is the 1-target run's (the same casts on enemy 0) + 3 x B.
    const talents = ["ignition", "master_of_flame", "wildfire"];
    const rotation = rot({ cast: "fire_blast", if: "dot.ignite.ticking" }, { cast: "fireball" });
    const run = async (targets: number) => {
      const prep = await prepareSimulation({ spec: "fire", bundle, dataDir: DATA, varyLength: 0, duration: 13, rotation, bloodlust: false, talents, targets });
      const img = prep.image;
      img.stats = { ...img.stats, crit: 0, haste: 0, versatility: 0 };
      return { img, r: runImage(img, { iterations: 1, seed: 1n }) };
    };
    const one = await run(1);
    const four = await run(4);
    expect(casts(four.r, "fire_blast")).toBe(1);
    const ignite = (r: RunResult) => r.spells.find((s) => s.name === "ignite_tick" || s.name === "ignite")!.damage;
    const fb = one.r.spells.find((s) => s.name === "fireball")!;
    const d = 4.5 * one.img.stats.spellPower;
    expect(fb.damage / fb.hits).toBeCloseTo(d, 6);
    const blast = one.r.spells.find((s) => s.name === "fire_blast")!;
    expect(blast.crits).toBe(blast.hits);
    // F = 1.31538 x SP x 1.20 (Wildfire rank 2) x the crit multiplier
    const f = blast.damage / blast.hits;
    expect(f / (1.31538 * one.img.stats.spellPower * 1.2)).toBeCloseTo(2, 6); // crits deal double (no crit-damage talent here)
    const b = (d + f) * one.img.stats.mastery * 0.42 / 100;
    expect(ignite(four.r) - ignite(one.r)).toBeCloseTo(3 * b, 4);
    // the targets warning names Ignite's ticks as multi-target damage (a spreadBank op copies the aura)
    const w = await simulate({ spec: "fire", bundle, dataDir: DATA, varyLength: 0, duration: 20, iterations: 1, seed: 1, targets: 3 });
    expect(w.warnings.targets!.multiTarget).toContain("ignite_tick");
    // with 2 enemies the spread reaches the one other enemy only
    const two = await run(2);
    expect(ignite(two.r) - ignite(one.r)).toBeCloseTo(b, 4);
  });
});

describe("Arcane Intellect (1459): +3 % of the primary stat", () => {
  it("resolves effect 1 (Modify Total Stat% Int, Base Value 3) and adds 3 % of the profile's intellect to spell power", async () => {
    // "#1 (id=459) : Apply Aura (6) | Modify Total Stat% (137) / Base Value: 3 | ... | Stat: Int"; "Duration : 3600 seconds"
    expect(spec.auras.find((a) => a.name === "arcane_intellect")).toMatchObject({ durationMs: 3600000, effects: [{ type: "primary_stat_pct", value: 3 }] });
    const img = await scripted(rot({ cast: "arcane_intellect", if: "!buff.arcane_intellect.up" }, { cast: "fireball" }), { crit: 0, durationS: 30, talents: [] });
    const ai = img.auras.findIndex((a) => a.name === "arcane_intellect");
    expect(img.auras[ai]!.effects).toEqual([{ type: "primaryStat", value: 0.03 * img.stats.spellPower }]);
    // Fireball hits after the buff: 4.5 x (SP x 1.03), vers 0, no crit; AI at 0 (GCD 1.5 s), Fireballs end 3750 + 2250 k
    const r = runImage(img, { iterations: 1, seed: 1n });
    const fb = r.spells.find((s) => s.name === "fireball")!;
    expect(casts(r, "arcane_intellect")).toBe(1);
    expect(fb.damage / fb.hits).toBeCloseTo(4.5 * img.stats.spellPower * 1.03, 6);
  });
});

describe("default rotation: SimulationCraft's APL text (data/specs/fire/rotation.simc), run unchanged", () => {
  it("every line is honoured (88 / 88; docs/specs/fire.md lists none)", async () => {
    const r = await simulate({ spec: "fire", bundle, dataDir: DATA, duration: 30, iterations: 2, seed: 1 });
    expect(r.rotation).toMatchObject({ format: "simc", lines: 88, honoured: 88 });
    expect(r.rotation!.file.endsWith("specs/fire/rotation.simc")).toBe(true);
    const lines = r.rotation!.ignoredLines.map((l) => l.line);
    expect(lines).toEqual([]);
    // the combat potion line (41) is drunk: Light's Potential (docs/consumables.md)
    expect(r.consumables.potionModelled).toBe(true);
  });

  it("Fire Blast and Combustion are cast during Fireball cast bars (use_while_casting), Combustion in the bar's last 0.2 s", async () => {
    // the cast-while-casting mechanism itself: without reaction times (docs/fights.md), which delay the
    // hot_streak / heating_up reactions that pick Fire Blast
    // hand-timed on the bare profile's haste: no flask (MID1 Fire's is the haste flask) or rune
    const r = await simulate({ spec: "fire", bundle, dataDir: DATA, varyLength: 0, duration: 120, iterations: 1, seed: 3, reaction: false, flask: "none", food: "none", augmentRune: "none" });
    const casts = r.timeline!.casts;
    const bars = casts.filter((c) => c.name === "fireball");
    const inBar = (t: number) => bars.find((b) => b.start < t && t < b.t);
    const comb = casts.filter((c) => c.name === "combustion");
    expect(comb.length).toBe(2); // 18 s (combustion_delay with Firestarter), then 60 s later (Kindling)
    for (const c of comb) {
      const bar = inBar(c.t);
      expect(bar).toBeDefined();
      // variable.cast_remains_time = 0.2: a poll (every 100 ms inside the bar) with less than 0.2 s of it left
      expect(bar!.t - c.t).toBeLessThan(200);
      expect(bar!.t - c.t).toBeGreaterThan(0);
    }
    const fb = casts.filter((c) => c.name === "fire_blast");
    expect(fb.length).toBeGreaterThan(3);
    expect(fb.filter((c) => inBar(c.t) !== undefined).length).toBeGreaterThan(fb.length / 2);
  });
});
