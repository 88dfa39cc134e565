// Affliction Warlock (spec 265): resolved values against the real 12.0.5 rows and the 12.0.0.64228 spell dump
// (data/sources/12.0.0.64228/warlock.txt: every expected coefficient below is quoted from its block), the
// spec passive 137043, the mechanics on scripted runs (crit, haste, versatility and mastery forced to 0 in the
// compiled image, so every number is exact): per-hit damage = coefficient x passives x spell power, pandemic
// refresh (30 % carry-over), snapshotting, Drain Soul paying mana per tick, the 12.0 Unstable Affliction
// (shard spender, overlapping casts), Haunt, Seed of Corruption, Dark Harvest, the Darkglare, Malefic Grasp
// and Nightfall, Shard Instability, Cascading Calamity; a fixed-seed smoke run; determinism.
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
import type { SpecImage } from "../src/engine/image.js";

const DATA = path.resolve(__dirname, "../data");
const MANIFEST_FILE = path.join(DATA, "specs/affliction/manifest.json");
// The spec's own file with its class piece's declarations (warlock.json: intellect and its resources),
// without raid.json's Bloodlust raid buff (test/raid-buffs.test.ts): these tests resolve and hand-compute
// the spec's own declarations.
const CLASS_FILE = path.join(DATA, "specs/_class/warlock.json");
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
const auraOf = (name: string) => spec.auras.find((a) => a.name === name)!;
const prov = (p: string) => spec.provenance.find((x) => x.path === p);

// Values quoted from data/sources/12.0.0.64228/warlock.txt
const AGONY_TICK = 0.090452; // 980 #1 "Periodic Damage (3): shadow every 2 seconds ... SP Coefficient: 0.090452"
const AGONY_STACKS = 8; // 980 "Stacks : 8 maximum" (SpellAuraOptions 9094 CumulativeAura 8)
const CORRUPTION_HIT = 0.1725; // 172 #3 "School Damage (2): shadow ... SP Coefficient: 0.1725"
const CORRUPTION_TICK = 0.1625; // 146739 #1 "Periodic Damage (3): shadow every 2 seconds ... SP Coefficient: 0.1625"
const UA_TICK = 2.92135; // 1259790 #2 "Periodic Damage (3): shadow every 2 seconds ... SP Coefficient: 2.92135"; "Duration : 8 seconds"
const HAUNT_HIT = 7.20612; // 48181 #1 "School Damage (2): shadow ... SP Coefficient: 7.20612"
const HAUNT_AMP = 1 + 12 / 100; // 48181 #2 "Modify Damage Taken% from Caster (270) / Base Value: 12"
const SEED_HIT = 2.15; // 27285 #1 "School Damage (2): shadow ... SP Coefficient: 2.15 | Radius: 0 - 10 yards"
const DH_HIT = 2.99841; // 1257065 #1 "Health Leech (9) ... SP Coefficient: 2.99841" (4 per 3 s channel: 1 + $d/$t1)
const CULL = 1 + 10 / 100; // Cull the Weak 1259886 #1 "Base Value: 10" (Dark Harvest damage)
const EYE_BEAM = 1.3529; // 205231 #1 "School Damage (2): shadow ... SP Coefficient: 1.3529"
const PER_DOT = 45 / 100; // 205180 #3 "Base Value: 45" ("increased by $s3% for every damage over time effect")
const MG_TICK = 1.053; // 1261153 #1 "Periodic Damage (3): shadow every 1 seconds ... SP Coefficient: 1.053"
const NIGHTFALL_AMP = 1 + 25 / 100; // 264571 #2 "Base Value: 25" ("deals $s2% increased damage")
const MG_ECHO = 30 / 100; // 1261153 #2 "Periodic Dummy ... Base Value: 30" (other DoTs deal 30 % of a tick)
const SHARED_AGONY = 1 + 10 / 100; // Shared Agony 1259825 #1 "Spell Periodic Amount ... Base Value: 10" (Agony 980, 1261166, 1261176)
const DS_TICK = 0.696096; // 198590 #1 "Periodic Damage (3): shadow every 1 seconds ... SP Coefficient: 0.696096"
const SB_HIT = 0.702; // 686 #1 "School Damage (2): shadow ... SP Coefficient: 0.702"
const AFF_SB = 1 + 121 / 100; // 137043 #6 "Add Percent Modifier (108): Spell Direct Amount (0) / Base Value: 121" (Shadow Bolt)
const AFF_CORR = 1 + 13 / 100; // 137043 #7 (direct) / #8 (periodic) "Base Value: 13" (Corruption 172, 146739)
const AFF_ALL = 1 + 0 / 100; // 137043 #1 (direct) / #2 (periodic) "Base Value: 0" (all Affliction spells)
const MASTERY_COEF = 2.5; // 77215 #1 "SP Coefficient: 2.5"
const AGONY_SHARD = 10 * (0.37 / 2); // SimulationCraft rng_settings agony_energize 0.370: mean uniform(0, 0.370) shard per tick, in fragments

describe("Affliction manifest resolution against the real tables and the 12.0.0.64228 dump", () => {
  it("GCDs from real SpellCooldowns rows; mana costs = SpellPower.PowerCostPct x base mana (250000)", () => {
    for (const n of ["agony", "corruption", "unstable_affliction", "drain_soul", "shadow_bolt", "haunt", "seed_of_corruption"]) {
      expect(spellOf(n)).toMatchObject({ startRecoveryCategory: 133, startRecoveryMs: 1500 });
    }
    // SpellPower 105 (980) 1 %, 7817 (172) 1 %, 74 (686) 1.5 %, 191480 (48181) 2 %
    expect([spellOf("agony").cost, spellOf("corruption").cost, spellOf("shadow_bolt").cost, spellOf("haunt").cost]).toEqual([
      0.01 * 250000, 0.01 * 250000, 0.015 * 250000, 0.02 * 250000,
    ]);
    expect(prov("spells.agony.cost")).toMatchObject({ source: "SpellPower.PowerCostPct", spell: 980, fixture: false });
    // cast times: 1259790 / 48181 "Cast Time : 1.5 seconds", 27243 / 686 "2 seconds"; 980 / 172 instant
    expect(["agony", "corruption", "unstable_affliction", "haunt", "seed_of_corruption", "shadow_bolt"].map((n) => spellOf(n).castMs)).toEqual([0, 0, 1500, 1500, 2000, 2000]);
    // cooldowns: Haunt 15 s, Dark Harvest 60 s, Summon Darkglare 120 s (SpellCooldowns RecoveryTime)
    expect([spellOf("haunt").recoveryMs, spellOf("dark_harvest").recoveryMs, spellOf("summon_darkglare").recoveryMs]).toEqual([15000, 60000, 120000]);
  });

  it("soul shards: PowerType 7 row (max 50 fragments); Unstable Affliction and Seed of Corruption cost 10 (1 shard)", () => {
    expect(spec.resources[0]).toMatchObject({ name: "soul_shards", powerType: 7, max: 50, regenPerSec: 0, initial: 30 });
    expect(prov("resources.soul_shards.max")).toMatchObject({ source: "PowerType.MaxBasePower", fixture: false });
    // SpellPower 312147 (1259790) and 1066 (27243): "Resource : 1 Soul Shard (7)"
    expect(spellOf("unstable_affliction")).toMatchObject({ resource: "soul_shards", cost: 10 });
    expect(spellOf("seed_of_corruption")).toMatchObject({ resource: "soul_shards", cost: 10 });
    expect(spec.spells.find((x) => x.name === "malefic_rapture")).toBeUndefined(); // not in the 12.0 build
  });

  it("mastery: Potent Afflictions 77215, coefficient from effect #1 SP Coefficient (2.5)", () => {
    expect(spec.mastery).toMatchObject({ spell: 77215, kind: "uniform", coefficient: MASTERY_COEF });
    expect(prov("mastery.coefficient")).toMatchObject({ source: "SpellEffect.EffectBonusCoefficient", spell: 77215, origin: "dump" });
  });

  it("damage coefficients come from the dump blocks (no manifest number), with the passive multipliers", () => {
    const agony = auraOf("agony").tickDamage!;
    expect(agony.spCoef).toBeCloseTo(AGONY_TICK * AGONY_STACKS, 12);
    expect(new SpellResolver(bundle).record(980)!.max_stacks).toBe(AGONY_STACKS);
    expect(agony.mult ?? 1).toBeCloseTo(AFF_ALL * SHARED_AGONY, 12);
    expect(auraOf("corruption").tickDamage).toMatchObject({ payloadSpell: 146739, spCoef: CORRUPTION_TICK, school: 32 });
    expect(auraOf("corruption").tickDamage!.mult).toBeCloseTo(AFF_ALL * AFF_CORR, 12);
    expect(spellOf("corruption").damage).toMatchObject({ payloadSpell: 172, spCoef: CORRUPTION_HIT, school: 32 });
    expect(auraOf("unstable_affliction").tickDamage).toMatchObject({ payloadSpell: 1259790, spCoef: UA_TICK, school: 32 });
    expect(spellOf("shadow_bolt").damage).toMatchObject({ payloadSpell: 686, spCoef: SB_HIT, school: 32 });
    expect(spellOf("shadow_bolt").damage!.mult).toBeCloseTo(AFF_ALL * AFF_SB, 12);
    expect(spellOf("haunt").damage).toMatchObject({ payloadSpell: 48181, spCoef: HAUNT_HIT, school: 32 });
    expect(spellOf("seed_of_corruption").damage).toMatchObject({ spCoef: SEED_HIT, school: 32, aoe: "all" });
    // effect #1 "Periodic Trigger Spell (23): Dark Harvest ... Trigger Spell: 1257065": coefficient and school (shadowflame 36) from the payload
    expect(spellOf("dark_harvest").channel!.tickDamage).toMatchObject({ payloadSpell: 1257065, spCoef: DH_HIT, school: 36, aoe: "all" });
    expect(spellOf("dark_harvest").channel!.tickDamage!.mult).toBeCloseTo(CULL, 12);
    expect(spec.pets.find((p) => p.name === "darkglare")!.attacks[0]).toMatchObject({ name: "eye_beam", spell: 205231, spCoef: EYE_BEAM, intervalMs: 2000 });
    expect(auraOf("malefic_grasp").tickDamage!.spCoef).toBeCloseTo(MG_TICK * NIGHTFALL_AMP, 12);
    for (const p of ["auras.agony.tick_damage.sp_coef", "auras.unstable_affliction.tick_damage.sp_coef", "spells.haunt.damage.sp_coef", "spells.seed_of_corruption.damage.sp_coef", "spells.dark_harvest.channel.tick_damage.sp_coef", "pets.darkglare.attacks.eye_beam.sp_coef"]) {
      expect(prov(p)).toMatchObject({ source: "SpellEffect.EffectBonusCoefficient", origin: "dump" });
    }
    expect(prov("passives.affliction_warlock.effects[2]")).toMatchObject({ value: 121, source: "SpellEffect.EffectBasePointsF", spell: 137043, origin: "dump" });
  });

  it("auras: dump durations / periods / stacks; Unstable Affliction overlaps (extend), the others pandemic", () => {
    // 980 "18 seconds", 146739 "14 seconds", 1259790 "8 seconds"; all "every 2 seconds"
    expect(auraOf("agony")).toMatchObject({ id: 980, durationMs: 18000, tickPeriodMs: 2000, tickHasted: true, refresh: "pandemic", snapshot: true, target: "target" });
    expect(auraOf("corruption")).toMatchObject({ id: 146739, durationMs: 14000, tickPeriodMs: 2000, refresh: "pandemic" });
    expect(auraOf("unstable_affliction")).toMatchObject({ id: 1259790, durationMs: 8000, tickPeriodMs: 2000, tickHasted: true, refresh: "extend" });
    // 264571 "12 seconds", "2 maximum"; 1260269 "30 seconds", "3 maximum"; 48181 "18 seconds"; 1261125 "15 seconds"
    expect(auraOf("nightfall")).toMatchObject({ durationMs: 12000, maxStacks: 2 });
    expect(auraOf("shard_instability")).toMatchObject({ durationMs: 30000, maxStacks: 3 });
    expect(auraOf("haunt")).toMatchObject({ durationMs: 18000, target: "target" });
    expect(auraOf("cascading_calamity")).toMatchObject({ durationMs: 15000 });
    expect(auraOf("agony").tickGain!.amount).toBeCloseTo(AGONY_SHARD, 12);
    // Shard Instability: 1260264 #2 "Base Value: 20" (Shadow Bolt), #1 10 (Drain Soul)
    expect(spec.procs.find((p) => p.name === "shard_instability_shadow_bolt")!.chance).toBeCloseTo(0.2, 12);
    expect(spec.procs.find((p) => p.name === "shard_instability_drain_soul")!.chance).toBeCloseTo(0.1, 12);
  });

  it("every value the manifest states is marked estimated (with its reason)", () => {
    const m = validateManifest(manifestJson(), MANIFEST_FILE);
    expect(unmarkedManifestValues(m, spec.provenance)).toEqual([]);
    expect(listEstimates(m).map((e) => e.path).sort()).toEqual([
      "auras.darkglare_eye_beam_bonus.on_tick[0].ops[0].sp_coef.scale", "auras.darkglare_eye_beam_bonus.on_tick[1].ops[0].sp_coef.scale",
      "auras.darkglare_eye_beam_bonus.on_tick[2].ops[0].sp_coef.scale", "auras.darkglare_eye_beam_bonus.on_tick[3].ops[0].sp_coef.scale",
      "auras.darkglare_eye_beam_bonus.tick_period_ms",
      "auras.malefic_grasp.duration_ms", "auras.malefic_grasp.on_tick[0].ops[0].sp_coef.scale", "auras.malefic_grasp.on_tick[1].ops[0].sp_coef.scale",
      "auras.malefic_grasp.on_tick[2].ops[0].sp_coef.scale", "auras.malefic_grasp.on_tick[3].ops[0].sp_coef.scale",
      "auras.malefic_grasp.tick_damage.sp_coef.scale", "auras.malefic_grasp.tick_period_ms",
      "auras.agony.tick_gain.amount", "pets.darkglare.attacks.eye_beam.interval_ms", "procs.nightfall.chance",
      "resources.mana.max", "resources.mana.regen_per_sec", "resources.soul_shards.initial",
      "spells.dark_harvest.channel.ticks", "spells.dark_harvest.cost", "spells.drain_soul.channel.tick_cost", "spells.malefic_grasp.gcd_ms",
      "spells.unstable_affliction.cast_time_mods[0].factor", "spells.seed_of_corruption.damage.school", "spells.malevolence.damage.school",
    ].sort());
  });

  it("manifest language: a proc's auras must tick damage; a pet attack takes ap_coef or sp_coef, not both", () => {
    const m = manifestJson();
    m.procs[0].auras = ["haunt"];
    expect(() => validateManifest(m, "affliction.json")).toThrow(/haunt.*no tick_damage/);
    const m2 = manifestJson();
    m2.pets[0].attacks[0].ap_coef = 1;
    expect(() => validateManifest(m2, "affliction.json")).toThrow(/ap_coef or sp_coef/);
    const m3 = manifestJson();
    m3.procs[1].auras = ["corruption"];
    m3.procs[1].trigger = "cast";
    expect(() => validateManifest(m3, "affliction.json")).toThrow(ManifestError);
  });
});

// ---- scripted runs of the compiled image ----

interface ScriptOpts { durationS: number; manifest?: unknown; mana?: number; talents?: string[]; targets?: number }
const DEFAULT_TALENTS = () => validateManifest(manifestJson(), MANIFEST_FILE).talents.filter((t) => t.default).map((t) => t.name);
/** Compile Affliction with `rotation`, then zero crit / haste / versatility / mastery (exact arithmetic). */
async function scripted(rotation: unknown, opts: ScriptOpts): Promise<SpecImage> {
  const prep = await prepareSimulation({
    spec: "affliction", bundle, dataDir: DATA, duration: opts.durationS, varyLength: 0, rotation, bloodlust: false, // scripts are timed to the exact length
    ...(opts.manifest ? { manifest: opts.manifest } : {}), ...(opts.talents ? { talents: opts.talents } : {}), ...(opts.targets ? { targets: opts.targets } : {}),
  });
  const img = prep.image;
  img.stats = { ...img.stats, crit: 0, haste: 0, versatility: 0, mastery: 0 };
  if (opts.mana !== undefined) img.resources = img.resources.map((r, i) => (i === 1 ? { ...r, max: opts.mana!, initial: opts.mana!, regenPerSec: 0 } : r));
  return img;
}
const run = (img: SpecImage) => runImage(img, { iterations: 1, seed: 1n });
const sp = (r: RunResult, name: string) => r.spells.find((s) => s.name === name)!;
const dmg = (r: RunResult, name: string) => r.spells.find((s) => s.name === name)?.damage ?? 0;
const rot = (...entries: unknown[]) => ({ main: "m", lists: { m: entries } });
/** A test-only instant spell (686's records, no cost / GCD change) that grants `aura` stacks: Nightfall on demand. */
const withGrant = (aura: string, stacks: number) => {
  const m = manifestJson();
  m.spells.push({ name: "test_grant", id: 686, resource: "mana", cast_time_ms: 0, cost: 0, on_cast: [{ op: "apply_aura", aura, stacks }] });
  return m;
};

describe("per-hit damage = dump coefficient x passives x spell power (no crit / vers / mastery)", () => {
  it("Shadow Bolt: 0.702 x 2.21 per cast", async () => {
    const img = await scripted(rot({ cast: "shadow_bolt" }), { durationS: 7, talents: [] });
    const r = run(img);
    expect(sp(r, "shadow_bolt")).toMatchObject({ casts: 3, hits: 3 });
    expect(sp(r, "shadow_bolt").damage).toBeCloseTo(3 * SB_HIT * AFF_SB * img.stats.spellPower, 6);
  });
  it("Corruption: a 0.1725 x 1.13 hit, then 0.1625 x 1.13 every 2 s for 14 s (7 ticks)", async () => {
    const img = await scripted(rot({ cast: "corruption", if: "!dot.corruption.ticking & time < 1" }, { wait: "100" }), { durationS: 20 });
    const r = run(img);
    expect(sp(r, "corruption")).toMatchObject({ casts: 1, hits: 1 });
    expect(sp(r, "corruption").damage).toBeCloseTo(CORRUPTION_HIT * AFF_CORR * img.stats.spellPower, 6);
    expect(sp(r, "corruption_tick").hits).toBe(14 / 2);
    expect(sp(r, "corruption_tick").damage).toBeCloseTo(7 * CORRUPTION_TICK * AFF_CORR * img.stats.spellPower, 6);
  });
  it("Unstable Affliction: 4 ticks of 2.92135 over 8 s; Agony: 9 ticks of 0.090452 x 8 x 1.10 (Shared Agony) over 18 s", async () => {
    const img = await scripted(rot(
      { cast: "agony", if: "!dot.agony.ticking & time < 1" }, { cast: "unstable_affliction", if: "!dot.unstable_affliction.ticking & time < 2" }, { wait: "100" },
    ), { durationS: 30 });
    const r = run(img);
    expect(sp(r, "unstable_affliction").casts).toBe(1);
    expect(sp(r, "unstable_affliction_tick").hits).toBe(8 / 2);
    expect(sp(r, "unstable_affliction_tick").damage).toBeCloseTo(4 * UA_TICK * img.stats.spellPower, 6);
    expect(sp(r, "agony_tick").hits).toBe(18 / 2);
    expect(sp(r, "agony_tick").damage).toBeCloseTo(9 * AGONY_TICK * AGONY_STACKS * SHARED_AGONY * img.stats.spellPower, 6);
  });
  it("Haunt: a 7.20612 hit, then +12 % on the warlock's next hits (Shadow Bolt 0.702 x 2.21 x 1.12)", async () => {
    // Haunt 0 -> 1.5 (cast), Shadow Bolt 1.5 -> 3.5, 3.5 -> 5.5; 6 s fight
    const img = await scripted(rot({ cast: "haunt", if: "time < 1" }, { cast: "shadow_bolt" }), { durationS: 6 });
    const r = run(img);
    expect(sp(r, "haunt")).toMatchObject({ casts: 1, hits: 1 });
    expect(sp(r, "haunt").damage).toBeCloseTo(HAUNT_HIT * AFF_ALL * img.stats.spellPower, 6);
    expect(sp(r, "shadow_bolt").casts).toBe(2);
    expect(sp(r, "shadow_bolt").damage).toBeCloseTo(2 * SB_HIT * AFF_SB * HAUNT_AMP * img.stats.spellPower, 6);
  });
});

describe("pandemic refresh (30 % rule)", () => {
  // Agony at 0 (haste 0): 18 s, ticks every 2 s. Second Agony at time t; fight 40 s (all ticks counted).
  const twice = (t: number) => rot({ cast: "agony", if: `!dot.agony.ticking | time >= ${t} & time < ${t + 1}` }, { wait: `${t} - time`, if: `time < ${t}` }, { wait: "100" });
  it("refresh with 4 s left carries all 4 s: expiry 14 + 18 + 4 = 36 s -> 18 ticks", async () => {
    const r = run(await scripted(twice(14), { durationS: 40 }));
    expect(sp(r, "agony").casts).toBe(2);
    expect(sp(r, "agony_tick").hits).toBe(18);
  });
  it("refresh with 8 s left carries only 5.4 s: expiry 10 + 23.4 = 33.4 s -> 16 ticks", async () => {
    const r = run(await scripted(twice(10), { durationS: 40 }));
    expect(sp(r, "agony_tick").hits).toBe(16);
  });
  it("control: a plain duration refresh at 14 s would lose the 4 s (32 s -> 16 ticks)", async () => {
    const m = manifestJson();
    m.auras[0].refresh = "duration";
    const r = run(await scripted(twice(14), { durationS: 40, manifest: m }));
    expect(sp(r, "agony_tick").hits).toBe(16);
  });
});

describe("DoT snapshotting", () => {
  // Test-only buff: an instant spell (686's records, cast time, GCD and cost overridden) applying +40 mastery
  // points for 30 s; 40 x 2.5 (77215 coefficient) = +100 %: the buffed tick is exactly twice the base tick.
  const withBuff = (snapshot: boolean) => {
    const m = manifestJson();
    m.auras[0].snapshot = snapshot;
    m.spells.push({ name: "test_buff", id: 686, resource: "mana", cast_time_ms: 0, cost: 0, on_cast: [{ op: "apply_aura", aura: "test_buff" }] });
    m.auras.push({ name: "test_buff", id: 686, duration_ms: 30000, effects: [{ type: "mastery", value: 40 }] });
    return m;
  };
  const rotation = (reapply: boolean) => rot(
    { cast: "agony", if: reapply ? "!dot.agony.ticking | time >= 11 & time < 12" : "!dot.agony.ticking" },
    { cast: "test_buff", if: "time >= 3 & !buff.test_buff.up" },
    { wait: "3 - time", if: "time < 3" },
    ...(reapply ? [{ wait: "11 - time", if: "time < 11" }] : []),
    { wait: "100" },
  );
  let unit = 0;
  beforeAll(async () => {
    const img = await scripted(rotation(false), { durationS: 19, manifest: withBuff(true) });
    unit = AGONY_TICK * AGONY_STACKS * SHARED_AGONY * img.stats.spellPower; // one unbuffed Agony tick
  });
  it("snapshot: ticks keep the stats of the application (9 unbuffed ticks)", async () => {
    const r = run(await scripted(rotation(false), { durationS: 19, manifest: withBuff(true) }));
    expect(sp(r, "agony_tick").hits).toBe(9);
    expect(sp(r, "agony_tick").damage).toBeCloseTo(9 * unit, 6);
  });
  it("without snapshot the buff applies from the next tick (1 + 8 x 2 = 17 units)", async () => {
    const r = run(await scripted(rotation(false), { durationS: 19, manifest: withBuff(false) }));
    expect(sp(r, "agony_tick").damage).toBeCloseTo(17 * unit, 6);
  });
  it("a refresh re-snapshots: ticks 2..10 s unbuffed, 12..18 s buffed (5 + 4 x 2 = 13 units)", async () => {
    const r = run(await scripted(rotation(true), { durationS: 19, manifest: withBuff(true) }));
    expect(sp(r, "agony").casts).toBe(2);
    expect(sp(r, "agony_tick").damage).toBeCloseTo(13 * unit, 6);
  });
});

describe("Drain Soul (talent, not in the default build) pays mana per tick", () => {
  const talents = () => [...DEFAULT_TALENTS(), "drain_soul"];
  it("is left out of the default build: choice node 72045 takes Improved Shadow Bolt", async () => {
    const r = run(await scripted(rot({ cast: "drain_soul" }, { wait: "100" }), { durationS: 10 }));
    expect(r.spells.find((s) => s.name === "drain_soul")?.casts ?? 0).toBe(0);
  });
  it("6000 mana, no regen: ticks at 1 s and 2 s are paid (6000 -> 3500 -> 1000), the 3 s tick is not: the channel ends", async () => {
    const img = await scripted(rot({ cast: "drain_soul" }, { wait: "100" }), { durationS: 10, mana: 6000, talents: talents() });
    const r = run(img);
    expect(sp(r, "drain_soul").casts).toBe(1);
    expect(sp(r, "drain_soul").hits).toBe(2);
    expect(sp(r, "drain_soul").damage).toBeCloseTo(2 * DS_TICK * img.stats.spellPower, 6);
  });
  it("12500 mana: one full channel (5 x 2500), then nothing", async () => {
    const r = run(await scripted(rot({ cast: "drain_soul" }, { wait: "100" }), { durationS: 10, mana: 12500, talents: talents() }));
    expect(sp(r, "drain_soul")).toMatchObject({ casts: 1, hits: 5 });
  });
});

describe("Unstable Affliction 1259790: a soul-shard spender whose casts overlap", () => {
  it("two casts back to back: 8 ticks (4 each, the DoT extended by 8 s); the second grants Cascading Calamity", async () => {
    // UA 0 -> 1.5 (expires 9.5), UA 1.5 -> 3.0 (on a UA target: Cascading Calamity; expiry 9.5 + 8 = 17.5):
    // ticks 3.5, 5.5, ..., 17.5 = 8. A Shadow Bolt castable only while Cascading Calamity is up: 3.0 -> 5.0.
    const img = await scripted(rot(
      { cast: "unstable_affliction", if: "time < 2" }, { cast: "shadow_bolt", if: "buff.cascading_calamity.up & time < 4" }, { wait: "100" },
    ), { durationS: 25 });
    const r = run(img);
    expect(sp(r, "unstable_affliction").casts).toBe(2);
    expect(sp(r, "unstable_affliction_tick").hits).toBe(8);
    expect(sp(r, "unstable_affliction_tick").damage).toBeCloseTo(8 * UA_TICK * img.stats.spellPower, 6);
    expect(sp(r, "shadow_bolt").casts).toBe(1);
  });
  it("one cast on a clean target grants no Cascading Calamity", async () => {
    const r = run(await scripted(rot({ cast: "unstable_affliction", if: "time < 1" }, { cast: "shadow_bolt", if: "buff.cascading_calamity.up" }, { wait: "100" }), { durationS: 10 }));
    expect(sp(r, "unstable_affliction").casts).toBe(1);
    expect(r.spells.find((x) => x.name === "shadow_bolt")?.casts ?? 0).toBe(0);
  });
  it("costs a soul shard: 3 at the pull buy 3 casts; Shard Instability stacks make 2 more instant and free", async () => {
    // 30 fragments: casts 0 -> 1.5 -> 3.0 -> 4.5, then none. With 2 Shard Instability stacks granted at 4.5 (an
    // instant test spell on the 1.5 s GCD): casts at 6.0 and 7.5, each instant (the 1.5 s GCD paces them)
    const plain = run(await scripted(rot({ cast: "unstable_affliction" }, { wait: "100" }), { durationS: 12 }));
    expect(sp(plain, "unstable_affliction").casts).toBe(3);
    const m = withGrant("shard_instability", 2);
    const r = run(await scripted(rot({ cast: "unstable_affliction" }, { cast: "test_grant", if: "time >= 4 & time < 5" }, { wait: "100" }), { durationS: 12, manifest: m }));
    expect(sp(r, "unstable_affliction").casts).toBe(5);
    expect(sp(r, "test_grant").casts).toBe(1);
  });
});

describe("AoE: Seed of Corruption and Dark Harvest hit every enemy", () => {
  it("Seed of Corruption on 3 targets: 2.15 x SP on each on landing, Corruption applied, one shard spent", async () => {
    const img = await scripted(rot({ cast: "seed_of_corruption", if: "time < 1" }, { wait: "100" }), { durationS: 7, targets: 3 });
    const r = run(img);
    expect(sp(r, "seed_of_corruption").casts).toBe(1);
    expect(sp(r, "seed_of_corruption").damage).toBeCloseTo(3 * SEED_HIT * img.stats.spellPower, 6);
    expect(sp(r, "corruption_tick").hits).toBe(2); // lands at 2 s: Corruption ticks at 4 and 6 s (7 s fight)
  });
  it("Dark Harvest on 2 targets: 4 ticks of 2.99841 x 1.10 (Cull the Weak) on each over the 3 s channel", async () => {
    const img = await scripted(rot({ cast: "dark_harvest", if: "time < 1" }, { wait: "100" }), { durationS: 10, targets: 2 });
    const r = run(img);
    expect(sp(r, "dark_harvest")).toMatchObject({ casts: 1 });
    expect(sp(r, "dark_harvest").damage).toBeCloseTo(2 * 4 * DH_HIT * CULL * img.stats.spellPower, 6);
  });
});

describe("Summon Darkglare: Eye Beam every 2 s for 20 s, +45 % per DoT up", () => {
  it("with Agony and Corruption up: beams at 1.3529 x SP (pet) and 2 x 0.45 x 1.3529 x SP (bonus) per beam", async () => {
    // Agony 0, Corruption 1.5 (both refreshed inside 4 s of expiry), Darkglare 3.0 (instant, 1.5 s GCD) -> 23.0: the
    // pet beams at 3, 5, ..., 21 (and 23 if the last swing lands at expiry); the bonus aura ticks at 5, 7, ..., 23
    // (the tick at expiry lands) = 10, each with both DoTs up
    const img = await scripted(rot(
      { cast: "agony", if: "dot.agony.remains < 4" }, { cast: "corruption", if: "dot.corruption.remains < 4" }, { cast: "summon_darkglare" }, { wait: "0.5" },
    ), { durationS: 30 });
    const r = run(img);
    const beams = sp(r, "eye_beam").hits;
    expect(beams).toBeGreaterThanOrEqual(10);
    expect(beams).toBeLessThanOrEqual(11);
    expect(dmg(r, "eye_beam")).toBeCloseTo(beams * EYE_BEAM * img.stats.spellPower, 6);
    expect(sp(r, "damage_205231").hits).toBe(2 * 10);
    expect(dmg(r, "damage_205231")).toBeCloseTo(10 * 2 * PER_DOT * EYE_BEAM * img.stats.spellPower, 6);
  });
  it("without DoTs only the beams hit", async () => {
    const r = run(await scripted(rot({ cast: "summon_darkglare" }, { wait: "100" }), { durationS: 30 }));
    expect(sp(r, "eye_beam").hits).toBeGreaterThanOrEqual(10);
    expect(dmg(r, "damage_205231")).toBe(0);
  });
});

describe("Nightfall and Malefic Grasp", () => {
  it("Malefic Grasp needs a Nightfall stack: without one it is never cast", async () => {
    const r = run(await scripted(rot({ cast: "malefic_grasp" }, { wait: "100" }), { durationS: 10 }));
    expect(r.spells.find((s) => s.name === "malefic_grasp")?.casts ?? 0).toBe(0);
  });
  it("one grasp with Agony and Unstable Affliction up: 4 ticks of 1.053 x 1.25 and 4 echoes of 30 % of each DoT's tick", async () => {
    // Agony 0, UA 1.5 -> 3.0, grant 3.0, grasp 3.0 (2 s GCD) -> ticks 3.5 .. 5.0
    const m = withGrant("nightfall", 1);
    const img = await scripted(rot(
      { cast: "agony", if: "!dot.agony.ticking" }, { cast: "unstable_affliction", if: "!dot.unstable_affliction.ticking" },
      { cast: "test_grant", if: "time >= 3 & !buff.nightfall.up & time < 4" }, { cast: "malefic_grasp" }, { wait: "100" },
    ), { durationS: 8, manifest: m });
    const r = run(img);
    expect(sp(r, "malefic_grasp").casts).toBe(1);
    expect(sp(r, "malefic_grasp_tick").hits).toBe(4);
    expect(dmg(r, "malefic_grasp_tick")).toBeCloseTo(4 * MG_TICK * NIGHTFALL_AMP * img.stats.spellPower, 6);
    // the echoes are direct hits: Shared Agony (a periodic modifier) does not reach them
    expect(dmg(r, "damage_1261166")).toBeCloseTo(4 * MG_ECHO * AGONY_TICK * AGONY_STACKS * img.stats.spellPower, 6);
    expect(dmg(r, "damage_1261176")).toBeCloseTo(4 * MG_ECHO * UA_TICK * img.stats.spellPower, 6);
    expect(r.spells.find((s) => s.name === "damage_1261158")?.damage ?? 0).toBe(0); // no Corruption up
  });
  it("Nightfall stacks from Corruption ticks at 6.5 % a tick (SimulationCraft's mean): Malefic Grasp spends each one", async () => {
    // Corruption kept up, Malefic Grasp whenever a stack is there (a stack lasts 12 s, a grasp every 2 s at
    // most): grasps = stacks gained. 100 x 300 s at no haste: ~150 Corruption ticks a fight
    const img = await scripted(rot({ cast: "corruption", if: "dot.corruption.remains < 2" }, { cast: "malefic_grasp" }, { wait: "0.1" }), { durationS: 300 });
    const r = runImage(img, { iterations: 100, seed: 3n });
    const perTick = sp(r, "malefic_grasp").casts / sp(r, "corruption_tick").hits;
    expect(perTick).toBeGreaterThan(0.055);
    expect(perTick).toBeLessThan(0.075);
  });
});

describe("default rotation: SimulationCraft's APL text, run unchanged", () => {
  let a: RunResult;
  let img: SpecImage;
  const N = 200;
  beforeAll(async () => {
    img = (await prepareSimulation({ spec: "affliction", bundle, dataDir: DATA, varyLength: 0, duration: 300 })).image;
    a = runImage(img, { iterations: N, seed: 7n });
  }, 60_000);

  it("every line is honoured (93 / 93; docs/specs/affliction.md lists none)", async () => {
    const r = await simulate({ spec: "affliction", bundle, dataDir: DATA, varyLength: 0, duration: 30, iterations: 2, seed: 1 });
    expect(r.rotation).toMatchObject({ format: "simc", lines: 93, honoured: 93 });
    expect(r.rotation!.file.endsWith("specs/affliction/rotation.simc")).toBe(true);
    const lines = r.rotation!.ignoredLines.map((l) => l.line);
    expect(lines).toEqual([]);
    // the combat potion line (118) is drunk: Light's Potential (docs/consumables.md)
    expect(r.consumables.potionModelled).toBe(true);
    // the text defines every list it calls (SH_st included: the 179f0f57 text did not)
    const text = readFileSync(path.resolve(DATA, "specs/affliction/rotation.simc"), "utf8");
    for (const m of text.matchAll(/call_action_list,name=(\w+)/g)) expect(text).toMatch(new RegExp(`^actions\\.${m[1]}=`, "m"));
  });

  it("a call of an undefined list is listed, never silent: the entry does nothing and the caller falls through", async () => {
    const r = await simulate({ spec: "affliction", bundle, dataDir: DATA, duration: 30, iterations: 1, seed: 1, rotation: "actions=call_action_list,name=nope\nactions+=/shadow_bolt" });
    expect(r.rotation!.ignoredLines.map((l) => [l.line, l.reason.includes('unknown action list "nope"')])).toEqual([[1, true]]);
    expect(sp(r as unknown as RunResult, "shadow_bolt").casts).toBeGreaterThan(10);
  });

  it("grimoire_of_sacrifice: a known spell behind an untaken talent, so its precombat line is honoured and never fires", () => {
    expect(a.spells.find((s) => s.name === "grimoire_of_sacrifice")?.casts ?? 0).toBe(0);
  });

  it("single target, Soul Harvester: the SH_st list — Haunt on cooldown, Agony and Corruption kept up, Dark Harvest every 60 s, 3 Darkglares", () => {
    // Haunt: 15 s cooldown (SpellCooldowns), cast first at the pull, then whenever ready: at most 300 / 15 = 20
    const haunt = sp(a, "haunt").casts / N;
    expect(haunt).toBeGreaterThanOrEqual(17);
    expect(haunt).toBeLessThanOrEqual(20);
    // 60 s / 120 s cooldowns over 300 s: 5 Dark Harvests, 3 Darkglares
    expect(sp(a, "dark_harvest").casts / N).toBe(5);
    expect(sp(a, "summon_darkglare").casts / N).toBe(3);
    // Agony (18 s) refreshed inside its pandemic window (< 30 %, 5.4 s left): between 300 / 18 and 300 / 12.6 casts
    const agony = sp(a, "agony").casts / N;
    expect(agony).toBeGreaterThanOrEqual(Math.floor(300 / 18));
    expect(agony).toBeLessThanOrEqual(Math.ceil(300 / 12.6));
    expect(sp(a, "corruption").casts / N).toBeGreaterThan(10);
    // Shadow Bolt is the Nightfall spender / filler, no longer the whole rotation
    const sb = sp(a, "shadow_bolt").damage / a.damage.total;
    expect(sb).toBeLessThan(0.2);
    expect(a.warnings.unknownSpellCasts).toBe(0);
  });

  it("is deterministic: same seed -> identical result; another seed differs", () => expectSeedDeterminism(img, a, N));

  it("3 targets: the SH_aoe list spreads Agony with target_if (a copy per target), spends the shards on Seed of Corruption and casts Dark Harvest every 60 s", async () => {
    const i3 = (await prepareSimulation({ spec: "affliction", bundle, dataDir: DATA, varyLength: 0, duration: 300, targets: 3 })).image;
    const r = runImage(i3, { iterations: 20, seed: 7n });
    // Agony on each of the 3 targets (18 s, refreshed below 5 s remaining): at least 3 x 300 / 18 casts
    expect(sp(r, "agony").casts / 20).toBeGreaterThanOrEqual(3 * Math.floor(300 / 18));
    // its ticks feed shards: far more Seeds than the 3 shards of the pull alone would buy
    expect(sp(r, "seed_of_corruption").casts / 20).toBeGreaterThan(20);
    expect(sp(r, "dark_harvest").casts / 20).toBe(5);
    expect(r.dps.mean).toBeGreaterThan(a.dps.mean);
  });
});
