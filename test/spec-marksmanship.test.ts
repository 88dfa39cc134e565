// Marksmanship Hunter (spec 254): every spell the MM manifest uses resolves from the tables generated from the
// 12.0.0.64228 spell dump (data/sources/12.0.0.64228/hunter.txt); resolved values hand-checked against the dump
// lines quoted below and the real 12.0.5 rows; the spec aura's multipliers and the mastery on compiled hits
// (exact arithmetic: crit 0, versatility 0, target armor 0); the two engine features MM added (channel cast
// steps, cast-time modifier auras) on tiny hand-built images; a fixed-seed smoke run of the default build.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { SpellResolver } from "../src/data/resolver.js";
import type { DataBundle } from "../src/data/types.js";
import { MissingSpellData } from "../src/errors.js";
import { listEstimates, loadManifest, ManifestError, resolveManifest, unmarkedManifestValues, validateManifest, type Manifest, type ResolvedSpec } from "../src/manifest/index.js";
import { prepareSimulation, simulate } from "../src/engine/simulate.js";
import { runImage, type RunResult } from "../src/engine/run.js";
import type { DamageEntry, SpecImage, SpellImage } from "../src/engine/image.js";
import { expectSeedDeterminism } from "./helpers/spec-run.js";

const DATA = path.resolve(__dirname, "../data");
const FILE = path.join(DATA, "specs/marksmanship/manifest.json");
const DUMP = path.join(DATA, "sources/12.0.0.64228/hunter.txt");

let bundle: DataBundle;
let resolver: SpellResolver;
let manifest: Manifest;
let spec: ResolvedSpec;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
  resolver = new SpellResolver(bundle);
  manifest = (await loadManifest(DATA, "marksmanship")).manifest;
  spec = resolveManifest(manifest, resolver, FILE);
});

/** The MM manifest merged with hunter.json (the `extends` chain), as a plain document. */
async function mmDoc(): Promise<any> {
  const m = structuredClone((await loadManifest(DATA, "marksmanship")).manifest) as any;
  // a loaded manifest carries the validator's defaults; an `unavailable` entry accepts only name/id/comment
  for (const e of [...m.spells, ...m.auras]) if (e.unavailable !== undefined) for (const k of Object.keys(e)) if (!["name", "id", "comment", "unavailable"].includes(k)) delete e[k];
  return m;
}

const sp = (name: string) => spec.spells.find((s) => s.name === name)!;
const au = (name: string) => spec.auras.find((a) => a.name === name)!;
const prov = (p: string) => spec.provenance.find((x) => x.path === p);

/** Every spell id the composed manifest names: entries, talents, passives, mastery, auto attack and data references. */
function referencedIds(m: Manifest): Set<number> {
  const ids = new Set<number>([m.mastery.spell]);
  if (m.auto_attack) ids.add(m.auto_attack.spell);
  // an `unavailable` placeholder names an id the data has no record of (docs/manifests.md): not a reference
  for (const s of m.spells) if (s.unavailable === undefined) ids.add(s.id);
  // Bloodlust (2825) comes from the raid piece (raid.json, a shaman.txt block; test/raid-buffs.test.ts)
  for (const a of m.auras) if (a.id !== 2825 && a.unavailable === undefined) ids.add(a.id);
  for (const p of m.procs) ids.add(p.id);
  for (const p of m.passives) ids.add(p.id);
  for (const t of m.talents) if (t.spell !== undefined) ids.add(t.spell);
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (typeof o["spell"] === "number" && typeof o["effect"] === "number" && o["spell"] !== 0) ids.add(o["spell"]);
      Object.values(o).forEach(walk);
    }
  };
  walk(m);
  return ids;
}

describe("every hunter spell the MM manifest uses resolves from the 12.0.0.64228 dump tables", () => {
  it("the spell tables are the generated dump tables", () => {
    for (const t of ["SpellName", "Spell", "SpellMisc", "SpellEffect"]) {
      expect(bundle.table(t).origin, t).toBe("dump");
    }
    expect(bundle.table("SpellEffect").dumpBuild).toBe("12.0.0.64228");
  });

  it("each id has a record, came from a block of data/sources/12.0.0.64228/hunter.txt, and that block names it", () => {
    // (the shared potion and racial pieces' spells come from nonclass.txt / mage.txt: docs/consumables.md)
    const shared = new Set([1236616, 20572, 33702]);
    const ids = [...referencedIds(manifest)].filter((id) => !shared.has(id)).sort((a, b) => a - b);
    // the MM build: Auto Shot, Aimed Shot, Kill Shot, Steady Shot, Lock and Load (buff, talent), Rapid Fire (channel,
    // shot), Multi-Shot, Trick Shots (talent, buff), Precise Shots (talent, buff), Marksmanship Hunter, Arcane Shot,
    // Sniper Training, Trueshot
    // + the focus spells 77443 (Steady Shot energize) and 263585 (Rapid Fire energize per shot)
    // + Dark Ranger: Black Arrow 466930, its MM talent 466932 ('Your Kill Shot is replaced with Black Arrow'), its DoT 468572,
    //   Withering Fire 466990 (talent) / 466991 (aura); Bullseye 204089 (talent) / 204090 (aura)
    // + hunter.json's shared Dark Ranger pieces (Wailing Dead 1264290, its window 459808, Wailing Arrow 392060) and
    //   the SimC APL's names: Explosive Shot 212431 (+ its explosion 212680), Volley 260243, Bulletstorm 389019 / 389020,
    //   Wailing Arrow 392060 (+ its missile 392058), Wailing Dead 1264290 and its window 459808, Avian Specialization
    //   466867 and Spotter's Mark 466872 (its proc 1219616); Deathblow 343248 (talent) / 378770 (aura), Soul Drinker 469638;
    //   the Sentinel pieces: Sentinel 1253599 / Sentinel's Mark 1253601, Moonlight Chakram 1264902 (talent) / 1264946 (window) /
    //   1264949 (cast) / 1266081 (hit); Feathered Frenzy 470943, Headshot 471363, Eagle's Accuracy 473369, No Scope 473385,
    //   Unmatched Precision 1232955; the unavailable placeholder double_tap (260402) names an id without a record
    expect(ids).toEqual([
      75, 19434, 53351, 56641, 77443, 137016, 185358, 193468, 194594, 194595, 204089, 204090, 212431, 212680, 257044, 257045, 257620, 257621,
      257622, 260240, 260242, 260243, 263585, 288613, 343248, 378770, 389019, 389020, 392058, 392060, 459808, 466867, 466872, 466930, 466932,
      466990, 466991, 468572, 469638, 470943, 470945, 471363, 473369, 473385, 1219616, 1232955, 1253599, 1253601, 1264290, 1264291, 1264902, 1264946, 1264949,
      1266081,
    ]);
    const provenance = JSON.parse(readFileSync(path.join(DATA, "data/spell-dump.json"), "utf8")).spells as Record<string, string>;
    const lines = readFileSync(DUMP, "utf8").split("\n");
    for (const id of ids) {
      expect(resolver.requireRecord(id).id, String(id)).toBe(id);
      const at = provenance[String(id)];
      expect(at, String(id)).toMatch(/^sources\/12\.0\.0\.64228\/hunter\.txt:\d+$/);
      const line = Number(at!.split(":")[1]);
      expect(lines[line - 1], String(id)).toMatch(new RegExp(`^Name\\s+: .*\\(id=${id}\\)`));
    }
  });

  it("every value not written in the manifest comes from a client table: the dump (spell tables) or a real 12.0.5 row", () => {
    for (const p of spec.provenance) {
      if (p.source === "manifest") continue;
      expect(p.fixture, p.path).toBe(false);
      const table = p.source.split(".")[0]!;
      if (["SpellEffect", "SpellMisc", "SpellCastTimes", "SpellDuration"].includes(table)) expect(p.origin, p.path).toBe("dump");
      else expect(p.origin, p.path).toBe("export");
    }
  });

  it("the spells 12.0 no longer has left the build: Streamline (talent 260367 is not in the dump)", async () => {
    expect(spec.spells.map((s) => s.name)).not.toContain("streamline");
    expect(spec.auras.map((a) => a.name)).not.toContain("streamline");
    // hunter.json's Dark Ranger talents come first (an inherited entry keeps its position; MM's own declarations replace them)
    expect(spec.allTalents).toEqual([
      "withering_fire", "wailing_dead", "precise_shots", "lock_and_load", "trick_shots", "aspect_of_the_hydra", "kill_shot", "black_arrow", "bullseye", "avian_specialization",
      "explosive_shot", "volley", "bulletstorm", "deathblow", "soul_drinker", "blighted_quiver", "sentinel", "moonlight_chakram", "headshot", "unmatched_precision",
      "feathered_frenzy", "no_scope", "eagles_accuracy",
    ]);
    expect(resolver.record(260367)).toBeUndefined();
    const m = await mmDoc();
    m.talents.push({ name: "streamline", spell: 260367, default: true });
    m.auras.push({ name: "streamline_talent", id: 260367, talent: "streamline" });
    expect(() => resolveManifest(validateManifest(m, "mm.json"), resolver, "mm.json")).toThrow(/260367/);
  });
});

describe("resolved values against the dump lines and the real 12.0.5 rows", () => {
  it("Aimed Shot: 'Cast Time : 3 seconds', effect 1 'AP Coefficient: 7.5' physical; 35 focus, 2 charges / 15 s (real rows)", () => {
    // SpellPower 795 (dump: "Resource : 35 Focus (2) (id=795)"); SpellCategories 3120 -> SpellCategory 1715: 2 charges,
    // ChargeRecoveryTime 15000 (the beta dump prints "Charges : 2 (12 seconds cooldown)": the real 12.0.5 row wins)
    expect(sp("aimed_shot")).toMatchObject({
      id: 19434, cost: 35, castMs: 3000, startRecoveryCategory: 133, startRecoveryMs: 1500, chargeCategoryId: 1715, maxCharges: 2, chargeRecoveryMs: 15000,
      recoveryMs: 0, costBypassAura: "lock_and_load",
    });
    expect(prov("spells.aimed_shot.charge_cooldown_ms")).toMatchObject({ source: "SpellCategory.ChargeRecoveryTime", origin: "export" });
    expect(prov("spells.aimed_shot.cast_time_ms")).toMatchObject({ value: 3000, origin: "dump" });
    expect(sp("aimed_shot").damage).toMatchObject({ payloadSpell: 19434, apCoef: 7.5, school: 1 });
    // Lock and Load 194594 "#1 ... Spell Cast Time (10) / Base Value: -100": cast x (1 - 100/100) = 0
    expect(sp("aimed_shot").castTimeMods).toEqual([{ aura: "lock_and_load", factor: 1 + resolver.get_spell_effect(194594, 1)!.base_points / 100 }]);
    expect(sp("aimed_shot").castTimeMods[0]!.factor).toBe(0);
  });

  it("Rapid Fire: a channel (SpellInterrupts), 7 shots (257044 effect 1 'Base Value: 7') over 'Duration : 2 seconds', hasted; shot 257045 'AP Coefficient: 0.605'", () => {
    expect(resolver.isChannel(257044)).toBe(true);
    const rf = sp("rapid_fire");
    // real SpellCooldowns row: 16000 (the beta dump prints "Cooldown : 20 seconds")
    expect(rf).toMatchObject({ recoveryMs: 16000, startRecoveryMs: 1500, startRecoveryCategory: 133, cost: 0, maxCharges: 0 });
    expect(rf.channel).toMatchObject({ durationMs: 2000, ticks: 7, hasted: true }); // attribute "Spell Haste Affects Periodic (173)"
    expect(rf.channel!.tickDamage).toMatchObject({ apCoef: 0.605, school: 1 });
    expect(prov("spells.rapid_fire.channel.tick_damage.ap_coef")).toMatchObject({ source: "SpellEffect.BonusCoefficientFromAP", spell: 257045, origin: "dump" });
    // 2 focus per shot (263585, not in data/sources: estimate) x 7
    expect(rf.gain).toBe(2 * 7);
  });

  it("Arcane Shot 'AP Coefficient: 0.8624' arcane, 40 focus; Multi-Shot effect 2 'AP Coefficient: 0.5076', 30 focus; Kill Shot 'AP Coefficient: 3.2', 10 focus, 1 charge / 10 s", () => {
    expect(sp("arcane_shot")).toMatchObject({ cost: 40, castMs: 0, damage: { apCoef: 0.8624, school: 64 } });
    expect(sp("multishot")).toMatchObject({ cost: 30, damage: { payloadSpell: 257620, apCoef: 0.5076, school: 1, aoe: "all" } });
    expect(sp("kill_shot")).toMatchObject({ cost: 10, chargeCategoryId: 1873, maxCharges: 1, chargeRecoveryMs: 10000, damage: { apCoef: 3.2, school: 1 } });
  });

  it("Steady Shot: 'Cast Time : 1.7 seconds', 'AP Coefficient: 0.8', free, +20 focus; reduces Aimed Shot by effect 2 'Base Value: 2000' ms", () => {
    expect(sp("steady_shot")).toMatchObject({ cost: 0, gain: 20, castMs: 1700, resource: "focus", damage: { apCoef: 0.8, school: 1 } });
    expect(sp("steady_shot").onCast).toEqual([{ op: "reduce_cooldown", spell: "aimed_shot", ms: 2000 }]);
    expect(prov("spells.steady_shot.on_cast[0].ms")).toMatchObject({ source: "SpellEffect.EffectBasePointsF", spell: 56641, origin: "dump" });
  });

  it("Trueshot: 120 s, off the GCD (real rows); 'Duration : 15 seconds', +10 % crit (effect 3), recharge +40 % (effects 1/2) = 200 ms per 500 ms tick", () => {
    expect(sp("trueshot")).toMatchObject({ recoveryMs: 120000, startRecoveryCategory: 0, startRecoveryMs: 0 });
    const ts = au("trueshot");
    expect(ts).toMatchObject({ durationMs: 15000, tickPeriodMs: 500, tickHasted: false, effects: [{ type: "crit", value: 10 }] });
    // "#1 ... Modify Cooldown Recharge Rate% (286) / Base Value: 40" (Rapid Fire), "#2 ... (Category) (148) / Base Value: 40" (1715)
    expect(ts.onTick).toEqual([
      { op: "reduce_cooldown", spell: "aimed_shot", ms: (500 * 40) / 100 },
      { op: "reduce_cooldown", spell: "rapid_fire", ms: (500 * 40) / 100 },
    ]);
    // 500 ms real + 200 ms reduced = 700 ms of recharge per 500 ms = 1.4x; the tooltip's cooldown cut 100 x (1 - 100/140)
    expect((500 + 200) / 500).toBeCloseTo(1 + 40 / 100, 12);
  });

  it("buffs and procs: Precise Shots Multi-Shot (effect 1) / Arcane Shot (effect 2) / Black Arrow (effect 4) with Unmatched Precision and Headshot; Lock and Load 10 %; Trick Shots 5 targets at 60 %", () => {
    expect(au("precise_shots")).toMatchObject({ durationMs: 15000, maxStacks: 1 });
    // 260242 #1/#2 Base Value 100, #4 Base Value 0; Unmatched Precision 1232955 (rank 2: #1-#3 'op=mul, values=(1, 2)') +2 x 20 each,
    // #4 +5 (not per rank) on effect 4; Headshot 471363 #1 +25 on effect 4
    expect(resolver.get_spell_effect(1232955, 1)!.base_points).toBe(20);
    expect(resolver.get_spell_effect(1232955, 4)!.base_points).toBe(5);
    expect(resolver.get_spell_effect(471363, 1)!.base_points).toBe(25);
    expect(au("precise_shots").effects).toEqual([
      { type: "damage_mult_spells", value: 1 + (100 + 2 * 20) / 100, spells: ["multishot"] },
      { type: "damage_mult_spells", value: 1 + (100 + 2 * 20) / 100, spells: ["arcane_shot"] },
      { type: "damage_mult_spells", value: 1 + (0 + 25 + 2 * 20 + 5) / 100, spells: ["black_arrow"] },
    ]);
    // without the talents the data's own values
    const bare = resolveManifest(manifest, resolver, FILE, { talents: ["precise_shots"] });
    expect(bare.auras.find((a) => a.name === "precise_shots")!.effects.map((e) => e.value)).toEqual([2, 2, 1]);
    expect(au("lock_and_load").durationMs).toBe(15000);
    // 194595 "#1 ... Dummy (4) / Base Value: 10": "a $s1% chance to trigger Lock and Load"
    expect(spec.procs.find((p) => p.name === "lock_and_load")).toMatchObject({ trigger: "impact", spells: ["auto_shot"], chance: 10 / 100 });
    // 257621 "#1 ... Base Value: 5" (targets), "#4 ... Base Value: 60" (% of normal damage); buff 257622 "Duration : 20 seconds"
    expect(au("trick_shots")).toMatchObject({ durationMs: 20000, effects: [{ type: "cleave", value: 60 / 100, count: 5 }] });
  });

  it("mastery: Sniper Training 193468 effect 2 'SP Coefficient: 1.4' (damage); effect 1 (0.625) is the range part", () => {
    expect(spec.mastery).toMatchObject({ spell: 193468, kind: "uniform", coefficient: 1.4 });
    expect(resolver.get_spell_effect(193468, 2)!.bonus_coefficient).toBe(spec.mastery.coefficient);
    expect(resolver.get_spell_effect(193468, 1)!.bonus_coefficient).toBe(0.625);
  });

  it("the spec aura Marksmanship Hunter 137016: effect 1 -4 % (direct), effect 8 +7 % Kill Shot, effect 10 +25 % Arcane Shot", () => {
    expect(prov("passives.marksmanship_hunter.effects[0]")).toMatchObject({ value: -4, spell: 137016, origin: "dump" });
    expect(prov("passives.marksmanship_hunter.effects[1]")).toMatchObject({ value: 7, spell: 137016 });
    expect(prov("passives.marksmanship_hunter.effects[2]")).toMatchObject({ value: 25, spell: 137016 });
    for (const n of ["steady_shot", "multishot"]) expect(sp(n).damage!.mult, n).toBeCloseTo(0.96, 12);
    // Eagle's Accuracy (473369 #1 +5 %, rank 2 of MID1) on Aimed Shot and Rapid Fire's shots
    expect(sp("aimed_shot").damage!.mult).toBeCloseTo(0.96 * 1.05, 12);
    expect(sp("rapid_fire").channel!.tickDamage!.mult).toBeCloseTo(0.96 * 1.05, 12);
    expect(sp("kill_shot").damage!.mult).toBeCloseTo(0.96 * 1.07, 12);
    expect(sp("arcane_shot").damage!.mult).toBeCloseTo(0.96 * 1.25, 12);
    // Black Arrow 466930: #1 −4 %, #8 +7 %, #12 +4 % on the hit; its DoT 468572 only #13 +4 % (periodic)
    expect(sp("black_arrow").damage!.mult).toBeCloseTo(0.96 * 1.07 * 1.04, 12);
    expect(spec.auras.find((x) => x.name === "black_arrow")!.tickDamage!.mult).toBeCloseTo(1.04, 12);
  });

  it("Black Arrow (Dark Ranger, default): 466930 'AP Coefficient: 3.484' shadow, 10 focus, 1 charge / 10 s; DoT 468572 every 1 s, AP 0.5, 8 s", () => {
    expect(sp("black_arrow")).toMatchObject({ cost: 10, maxCharges: 1, chargeRecoveryMs: 10000, damage: { apCoef: 3.484, school: 32 } });
    expect(spec.auras.find((x) => x.name === "black_arrow")).toMatchObject({ durationMs: 8000, tickPeriodMs: 1000, tickDamage: { apCoef: 0.5, school: 32 } });
    expect(spec.heroTree).toBe("dark_ranger");
  });

  it("Withering Fire (466990, Dark Ranger capstone): Trueshot grants 466991 'for the duration of Trueshot' = 15 s (estimate: the 466991 row says 10 s)", () => {
    expect(spec.auras.find((x) => x.name === "withering_fire")).toMatchObject({ durationMs: 15000 });
    expect(sp("trueshot").onCast).toContainEqual(expect.objectContaining({ op: "apply_aura", aura: "withering_fire" }));
  });

  it("what the manifest states is marked estimated, and only that", () => {
    expect(unmarkedManifestValues(manifest, spec.provenance)).toEqual([]);
    expect(listEstimates(manifest).map((e) => `${e.path}=${e.value}`).sort()).toEqual([
      // the shared consumables / racials pieces (docs/consumables.md)
      "auras.blood_fury.effects[0].value=168.6061",
      "auras.blood_fury_intellect.effects[0].value=168.6062",
      "auras.lights_potential.effects[0].value=473.1867",
      "auras.trueshot.tick_period_ms=500",
      "auras.withering_fire.duration_ms=15000",
      "spells.potion.cooldown_ms=86400000",
    ]);
    // what used to be written is data now: mastery 193468 #2 SP 1.4 (mastery.effect 2), Trick Shots count 257621 #1
    // (5), Lock and Load 194594 #1 (−100 → factor 0), focus 263585 #1 (2) × 7 shots and 77443 #1 (20)
    expect(spec.mastery.coefficient).toBe(1.4);
    expect(prov("mastery.coefficient")).toMatchObject({ source: "SpellEffect.EffectBonusCoefficient", spell: 193468, origin: "dump" });
    expect(sp("aimed_shot").castTimeMods).toEqual([{ aura: "lock_and_load", factor: 0 }]);
    expect([sp("rapid_fire").gain, sp("steady_shot").gain]).toEqual([14, 20]);
  });

  it("a channel without ticks counts them as duration / tick period, and refuses a fraction", async () => {
    // Rapid Fire 257044: 2000 ms (SpellDuration) / its periodic dummy every 333 ms = 6.006…: no whole count
    const m = await mmDoc();
    const rf = m.spells.find((s: { name: string }) => s.name === "rapid_fire");
    delete rf.channel.ticks;
    const valid = validateManifest(m, "mm.json");
    expect(() => resolveManifest(valid, new SpellResolver(bundle), "mm.json")).toThrow(/rapid_fire\.channel\.ticks.*not an integer >= 1/);
  });

  it("declaring a channel on a spell that is not one in the data is MissingSpellData; an unknown bypass aura is MANIFEST_UNKNOWN_NAME", async () => {
    const m = await mmDoc();
    const steady = m.spells.find((s: any) => s.name === "steady_shot");
    steady.channel = { ticks: 3 };
    try {
      resolveManifest(validateManifest(m, "mm.json"), resolver, "mm.json");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(MissingSpellData);
      expect((e as MissingSpellData).message).toMatch(/56641/);
    }
    const m2 = await mmDoc();
    const i = m2.spells.findIndex((s: any) => s.name === "aimed_shot");
    m2.spells[i].cost_bypass_aura = "no_such_aura";
    expect(() => validateManifest(m2, "mm.json")).toThrow(ManifestError);
    expect(() => validateManifest(m2, "mm.json")).toThrow(new RegExp(`spells\\[${i}\\]\\.cost_bypass_aura.*no_such_aura`));
  });
});

// ---------------------------------------------------------------------------------------------
// Compiled hits of the default build: exact arithmetic (crit 0, versatility 0, mastery as set, armor 0)

const rot = (...entries: unknown[]) => ({ main: "m", lists: { m: entries } });
async function scripted(rotation: unknown, mastery: number, durationS = 10, targets = 1): Promise<SpecImage> {
  const img = (await prepareSimulation({ spec: "marksmanship", bundle, dataDir: DATA, varyLength: 0, duration: durationS, rotation, targets })).image;
  img.stats = { ...img.stats, crit: 0, versatility: 0, mastery };
  img.run = { ...img.run, targetArmor: 0 };
  return img;
}
const spellRes = (r: RunResult, name: string) => r.spells.find((s) => s.name === name)!;

describe("Aspect of the Hydra (470945): the hits strike one more enemy for 70 %", () => {
  it("resolves 1 extra target (#2) at 60 % (#1) + 10 (Blighted Quiver 1264291 #4) on Aimed Shot, Rapid Fire, Black Arrow, Arcane Shot", () => {
    // 470945 "#1 (id=1186803) ... Base Value: 60", "#2 (id=1226132) ... Base Value: 1";
    // 1264291 "#4 (id=1275938) : ... Apply Flat Modifier w/ Label (219): Spell Effect 1 ... Base Value: 10 ... Aspect of the Hydra (470945)"
    for (const n of ["aimed_shot", "black_arrow", "arcane_shot"]) expect(sp(n).damage!.extraTargets, n).toEqual({ count: 1, fraction: 0.7 });
    expect(sp("rapid_fire").channel!.tickDamage!.extraTargets).toEqual({ count: 1, fraction: 0.7 });
    for (const n of ["steady_shot", "wailing_arrow"]) expect(sp(n).damage!.extraTargets, n).toBeUndefined();
    expect(prov("spells.aimed_shot.damage.extra_targets.fraction")).toMatchObject({ value: 60, spell: 470945, origin: "dump" });
    // without Blighted Quiver 60 %; without the talent (the Trick Shots build) nothing
    const noBq = resolveManifest(manifest, resolver, FILE, { talents: spec.talents.filter((t) => t !== "blighted_quiver") });
    expect(noBq.spells.find((s) => s.name === "aimed_shot")!.damage!.extraTargets).toEqual({ count: 1, fraction: 0.6 });
    const ts = resolveManifest(manifest, resolver, FILE, { talents: ["trick_shots"] });
    expect(ts.spells.find((s) => s.name === "aimed_shot")!.damage!.extraTargets).toBeUndefined();
  });

  it("one Aimed Shot at 3 enemies = 7.5 x 0.96 x 1.05 x AP on the target + 0.7 x that on one more enemy; the third takes nothing", async () => {
    const one = await scripted(rot({ cast: "aimed_shot", if: "time < 1" }), 0);
    const three = await scripted(rot({ cast: "aimed_shot", if: "time < 1" }), 0, 10, 3);
    const e = three.damage.find((d) => three.spells[d.spell]!.name === "aimed_shot")!;
    expect(e).toMatchObject({ aoe: "chain", maxTargets: 2, aoeParam: 0.7 });
    const ap = three.stats.attackPower;
    const hit = 7.5 * 0.96 * 1.05 * ap;
    expect(spellRes(runImage(one, { iterations: 1, seed: 1n }), "aimed_shot").damage).toBeCloseTo(hit, 6);
    const r = runImage(three, { iterations: 1, seed: 1n });
    expect(spellRes(r, "aimed_shot")).toMatchObject({ casts: 1, hits: 2 });
    expect(spellRes(r, "aimed_shot").damage).toBeCloseTo(hit + 0.7 * hit, 6);
    const w = await simulate({ spec: "marksmanship", bundle, dataDir: DATA, varyLength: 0, duration: 20, iterations: 1, seed: 1, targets: 3 });
    for (const n of ["aimed_shot", "rapid_fire", "arcane_shot", "black_arrow"]) expect(w.warnings.targets!.multiTarget).toContain(n);
  });
});

describe("compiled hits: coefficient x AP x spec aura x mastery", () => {
  it("one Aimed Shot = 7.5 x 0.96 x 1.05 x AP; one Arcane Shot = 0.8624 x 0.96 x 1.25 x 2.4 x AP (mastery 0)", async () => {
    // the Arcane Shot spends the Precise Shots of the Aimed Shot, right after its cast (the GCD is long over)
    const img = await scripted(rot({ cast: "aimed_shot", if: "time < 1" }, { cast: "arcane_shot", if: "buff.precise_shots.up" }), 0);
    const r = runImage(img, { iterations: 1, seed: 1n });
    const ap = img.stats.attackPower;
    expect(spellRes(r, "aimed_shot").casts).toBe(1);
    expect(spellRes(r, "aimed_shot").damage).toBeCloseTo(7.5 * 0.96 * 1.05 * ap, 6);
    expect(spellRes(r, "arcane_shot").casts).toBe(1);
    // Precise Shots (from the Aimed Shot) is up: + (100 + 2 x 20) % (260242 effect 2 + Unmatched Precision rank 2)
    expect(spellRes(r, "arcane_shot").damage).toBeCloseTo(0.8624 * 0.96 * 1.25 * (1 + 140 / 100) * ap, 6);
  });

  it("mastery multiplies every hit by 1 + points x 1.4 / 100 (10 points: x 1.14)", async () => {
    const img = await scripted(rot({ cast: "aimed_shot", if: "time < 1" }), 10);
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(spellRes(r, "aimed_shot").damage).toBeCloseTo(7.5 * 0.96 * 1.05 * img.stats.attackPower * (1 + (10 * 1.4) / 100), 6);
  });

  it("one Rapid Fire = 7 shots of 0.605 x 0.96 x 1.05 x AP; a Steady Shot = 0.8 x 0.96 x AP", async () => {
    // Rapid Fire at 0 (a 2 s hasted channel), then one Steady Shot when the channel ends
    const img = await scripted(rot({ cast: "rapid_fire", if: "time < 1" }, { cast: "steady_shot", if: "time > 1 & time < 2.5" }), 0);
    const r = runImage(img, { iterations: 1, seed: 1n });
    const ap = img.stats.attackPower;
    expect(spellRes(r, "rapid_fire")).toMatchObject({ casts: 1, hits: 7 });
    expect(spellRes(r, "rapid_fire").damage).toBeCloseTo(7 * 0.605 * 0.96 * 1.05 * ap, 6);
    expect(spellRes(r, "steady_shot").casts).toBe(1);
    expect(spellRes(r, "steady_shot").damage).toBeCloseTo(0.8 * 0.96 * ap, 6);
  });
});

// ---------------------------------------------------------------------------------------------
// Engine features added for MM, on hand-built images (crit 0, haste 0, flat damage: exact arithmetic)

const GCD = { startRecoveryCategory: 133, startRecoveryMs: 1500 } as const;
const mkSpell = (name: string, extra: Partial<SpellImage> = {}): SpellImage => ({ id: 1000 + name.length, name, castMs: 0, ...GCD, ...extra });
const flat = (spell: number, base: number): DamageEntry => ({ spell, kind: "flat", base, coefficient: 0, school: 4 });
function image(over: Partial<SpecImage>): SpecImage {
  return {
    name: "t",
    run: { durationMs: 10_000, targets: 1, targetArmor: 0, armorK: 1000 },
    stats: { attackPower: 1000, spellPower: 1000, crit: 0, haste: 0, mastery: 0, versatility: 0 },
    mastery: { kind: "none", coefficient: 0 },
    resources: [], spells: [], auras: [], damage: [], opLists: [],
    rotation: { kind: "priority", entries: [{ spell: 0 }] },
    ...over,
  };
}
const run1 = (img: SpecImage) => runImage(img, { iterations: 1, seed: 42n });

describe("engine: channel castSteps (cooldown + hook at the channel start)", () => {
  it("a castSteps channel starts its cooldown and runs its hook, but still skips the aura step", () => {
    // 3 s channel, 9 s cooldown, hook deals 100, applyAura would make ticks x10.
    // Casts at 0 and 9000 (cooldown), ticks at 1000/2000/3000 (the 9000 channel's first tick at 10000 = end, not
    // processed); hook damage 2 x 100; no x10 (step 8 skipped): total 3 + 200 = 203.
    const r = run1(image({
      spells: [mkSpell("beam", { recoveryMs: 9000, applyAura: 0, hook: 0, channel: { durationMs: 3000, ticks: 3, tickDamage: 0, castSteps: true } })],
      auras: [{ name: "a", owner: "player", durationMs: 0, effects: [{ type: "damageMult", value: 10 }] }],
      damage: [flat(0, 1), flat(0, 100)],
      opLists: [[{ op: "dealDamage", damage: 1 }]],
    }));
    expect(r.spells[0]!.casts).toBe(2);
    expect(r.damage.total).toBe(203);
  });
});

describe("engine: cast-time modifier auras", () => {
  // "buff" (no GCD, 100 s cooldown) applies a permanent aura at t = 0; "bolt" (2000 ms cast, GCD 1500) follows.
  const withMods = (mods: { aura: number; factor: number }[]) =>
    run1(image({
      spells: [
        mkSpell("buff", { startRecoveryCategory: 0, startRecoveryMs: 0, recoveryMs: 100_000, applyAura: 0 }),
        mkSpell("bolt", { castMs: 2000, damage: 0, castTimeMods: mods }),
      ],
      auras: [{ name: "quick", owner: "player", durationMs: 0 }, { name: "never", owner: "player", durationMs: 0 }],
      damage: [flat(1, 1)],
      rotation: { kind: "priority", entries: [{ spell: 0 }, { spell: 1 }] },
    })).spells[1]!.casts;

  it("no modifier: 2000 ms casts complete at 2, 4, 6, 8 s = 4", () => expect(withMods([])).toBe(4));
  it("factor 0.5 while up: 1000 ms bars, GCD-bound every 1500 ms: complete at 1, 2.5, 4, 5.5, 7, 8.5 s = 6", () =>
    expect(withMods([{ aura: 0, factor: 0.5 }])).toBe(6));
  it("factor 0 (Lock and Load): instant, one per GCD 0, 1.5, ..., 9 s = 7", () => expect(withMods([{ aura: 0, factor: 0 }])).toBe(7));
  it("factor 1.5: 3000 ms bars complete at 3, 6, 9 s = 3; factors multiply (1.5 x 2 = 3 → 6000 ms: 6 s = 1)", () => {
    expect(withMods([{ aura: 0, factor: 1.5 }])).toBe(3);
    expect(withMods([{ aura: 0, factor: 1.5 }, { aura: 0, factor: 2 }])).toBe(1);
  });
  it("a modifier whose aura is down changes nothing", () => expect(withMods([{ aura: 1, factor: 0 }])).toBe(4));
});

// ---------------------------------------------------------------------------------------------

describe("default build smoke run (300 s, 1 target, 200 iterations, seed 7)", () => {
  const N = 200;
  let a: RunResult;
  let img: SpecImage;
  const per = (name: string) => spellRes(a, name).casts / N;
  beforeAll(async () => {
    img = (await prepareSimulation({ spec: "marksmanship", bundle, dataDir: DATA, varyLength: 0, duration: 300 })).image;
    a = runImage(img, { iterations: N, seed: 7n });
  }, 60_000);

  it("runs with positive DPS, no pet damage (Lone Wolf), every modelled spell deals damage", () => {
    expect(a.dps.mean).toBeGreaterThan(0);
    expect(a.damage.pet).toBe(0);
    for (const n of ["aimed_shot", "rapid_fire", "arcane_shot", "steady_shot", "black_arrow", "auto_shot"]) expect(spellRes(a, n).damage, n).toBeGreaterThan(0);
    expect(a.spells.find((s) => s.name === "kill_shot")?.casts ?? 0, "Kill Shot left the default build (Black Arrow stands in)").toBe(0);
    expect(a.warnings.unknownSpellCasts).toBe(0);
  });

  it("Trueshot: 120 s cooldown, nothing reduces it → casts at 0, 120, 240 = 3", () => {
    expect(per("trueshot")).toBe(3);
  });

  it("Aimed Shot casts <= 2 charges + (300 s + Trueshot's 3 x 30 x 200 ms + 2 s per Steady Shot) / 15 s", () => {
    const bound = 2 + (300 + 3 * 30 * 0.2 + 2 * per("steady_shot")) / 15;
    expect(per("aimed_shot")).toBeLessThanOrEqual(bound);
    expect(per("aimed_shot")).toBeGreaterThan(0.85 * bound);
  });

  it("Rapid Fire: its 16 s cooldown starts with the channel: 0.95 x 300/16 < casts <= 1 + (300 + 18)/16", () => {
    // cast as soon as ready, but a GCD or a 3 s Aimed Shot bar in progress can delay each cast a little
    expect(per("rapid_fire")).toBeGreaterThan((0.95 * 300) / 16);
    expect(per("rapid_fire")).toBeLessThanOrEqual(1 + (300 + 3 * 30 * 0.2) / 16);
    const rf = spellRes(a, "rapid_fire");
    expect(rf.hits / rf.casts).toBeLessThanOrEqual(7);
    expect(rf.hits / rf.casts).toBeGreaterThan(6.8);
  });

  it("Black Arrow: 80 %/20 % health windows (first and last 60 s, 10 s recharge) + one cast per Deathblow (Rapid Fire, ~19 % of Aimed Shots, Trueshot, Wailing Arrow)", () => {
    // every Deathblow grant allows at most one cast the windows and the recharge would not
    const grants = per("rapid_fire") + per("aimed_shot") + per("trueshot") + per("wailing_arrow");
    expect(per("black_arrow")).toBeGreaterThan(2 + 120 / 10);
    expect(per("black_arrow")).toBeLessThanOrEqual(2 + 120 / 10 + grants);
  });

  it("Precise Shots: granted by every Aimed Shot and (No Scope) Rapid Fire, spent by Arcane Shot or (Headshot) Black Arrow: arcane casts <= grants", () => {
    // the drst list casts Arcane Shot only with Precise Shots up; every grant allows at most one
    expect(per("arcane_shot")).toBeGreaterThan(5);
    expect(per("arcane_shot")).toBeLessThanOrEqual(per("aimed_shot") + per("rapid_fire"));
  });

  it("is deterministic: same seed -> identical result; another seed differs", () => expectSeedDeterminism(img, a, N));

  it("talents matter: without Precise Shots and Lock and Load the DPS is lower", async () => {
    const none = (await prepareSimulation({ spec: "marksmanship", bundle, dataDir: DATA, varyLength: 0, duration: 300, talents: ["trick_shots"] })).image;
    expect(runImage(none, { iterations: N, seed: 7n }).dps.mean).toBeLessThan(a.dps.mean);
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------

describe("default rotation: SimulationCraft's APL text (data/specs/marksmanship/rotation.simc), run unchanged", () => {
  it("every line is honoured (69 / 69; docs/specs/marksmanship.md lists none); talent.unload is absent", async () => {
    const r = await simulate({ spec: "marksmanship", bundle, dataDir: DATA, duration: 30, iterations: 2, seed: 1, timeline: false });
    expect(r.rotation).toMatchObject({ format: "simc", lines: 69, honoured: 69 });
    expect(r.rotation!.file.endsWith("specs/marksmanship/rotation.simc")).toBe(true);
    const lines = r.rotation!.ignoredLines.map((l) => l.line);
    expect(lines).toEqual([]);
    // the combat potion line (34) is drunk: Light's Potential (docs/consumables.md)
    expect(r.consumables.potionModelled).toBe(true);
    // the three Rapid Fire lines reading talent.unload are honoured with the name absent (0)
    expect(r.rotation!.absentNames.map((a) => [a.name, a.kind, a.lines])).toEqual([["unload", "talent", [40, 60, 76]]]);
  });

  it("Black Arrow (466930: usable above $s3 = 80 % or below $s2 = 20 % health, or with Deathblow up): mid-fight casts only with Deathblow", async () => {
    // the manifest's usable_if.black_arrow writes the thresholds as text: they must be the data's
    expect(resolver.get_spell_effect(466930, 2)!.base_points).toBe(20);
    expect(resolver.get_spell_effect(466930, 3)!.base_points).toBe(80);
    expect(manifest.expressions?.["usable_if.black_arrow"]).toBe("target.health.pct > 80 | target.health.pct < 20 | buff.deathblow.up");
    const r = await simulate({ spec: "marksmanship", bundle, dataDir: DATA, duration: 300, varyLength: 0, iterations: 20, seed: 3 });
    const tl = r.timeline!;
    const casts = tl.casts.filter((c) => c.name === "black_arrow").map((c) => c.start);
    const deathblow = tl.auras.filter((w) => w.name === "deathblow");
    expect(casts.length).toBeGreaterThan(10);
    // linear health 100 (1 - t / 300 s): above 80 % while t < 60 s, below 20 % once t > 240 s; between, Deathblow must be up
    const mid = casts.filter((t) => t >= 60_000 && t <= 240_000);
    expect(mid.length).toBeGreaterThan(0);
    for (const t of mid) expect(deathblow.some((w) => w.start <= t && t <= w.end), `black_arrow at ${t} ms without Deathblow`).toBe(true);
    // without any Deathblow source (no Withering Fire / Soul Drinker / Deathblow talent; Wailing Dead off too) the rule alone holds
    const bare = await simulate({ spec: "marksmanship", bundle, dataDir: DATA, duration: 300, varyLength: 0, iterations: 20, seed: 3, talents: ["precise_shots", "lock_and_load", "black_arrow"] });
    const bareCasts = bare.timeline!.casts.filter((c) => c.name === "black_arrow").map((c) => c.start);
    expect(bareCasts.length).toBeGreaterThan(4);
    for (const t of bareCasts) expect(t < 60_000 || t > 240_000, `black_arrow at ${t} ms`).toBe(true);
  }, 60_000);

  it("Deathblow chances from the data: Aimed Shot 343248 #1 = 10 % and Soul Drinker 469638 #3 = +10 % (two rolls), Rapid Fire 469638 #4 = 100 %", () => {
    const proc = (n: string) => spec.procs.find((p) => p.name === n)!;
    expect(proc("deathblow").chance).toBeCloseTo(0.1, 12);
    expect(proc("soul_drinker_aimed").chance).toBeCloseTo(0.1, 12);
    expect(proc("soul_drinker_rapid_fire").chance).toBe(1);
    // Spotter's Mark: 30 % per Precise-Shots hit (1219616 #1); Aimed Shot x (1 + (20 + 20) / 100): 466872 #1 + Avian Specialization 466867 #1
    expect(proc("spotters_mark").chance).toBeCloseTo(0.3, 12);
    expect(resolver.get_spell_effect(466867, 1)!.base_points).toBe(20);
    expect(au("spotters_mark").effects).toEqual([expect.objectContaining({ type: "damage_mult_spells", value: 1 + (20 + 20) / 100 })]);
  });

  it("Wailing Arrow (Wailing Dead): cast only within 15 s (459808) after a Trueshot, at most once per Trueshot", async () => {
    expect(au("wailing_arrow").durationMs).toBe(15_000);
    const r = await simulate({ spec: "marksmanship", bundle, dataDir: DATA, duration: 300, varyLength: 0, iterations: 20, seed: 3 });
    const ts = r.timeline!.casts.filter((c) => c.name === "trueshot").map((c) => c.start);
    const wa = r.timeline!.casts.filter((c) => c.name === "wailing_arrow").map((c) => c.start);
    expect(wa.length).toBeGreaterThan(0);
    expect(wa.length).toBeLessThanOrEqual(ts.length);
    for (const t of wa) expect(ts.some((s) => t >= s && t <= s + 15_000), `wailing_arrow at ${t} ms`).toBe(true);
  }, 60_000);

  it("the Sentinel and untaken pieces never act: no Explosive Shot, Volley, Multi-Shot or Moonlight Chakram at 1 target", async () => {
    const r = await simulate({ spec: "marksmanship", bundle, dataDir: DATA, duration: 300, iterations: 20, seed: 3, timeline: false });
    for (const n of ["explosive_shot", "volley", "multishot", "moonlight_chakram"]) expect(r.spells.find((s) => s.name === n)?.casts ?? 0, n).toBe(0);
    expect(r.spells.find((s) => s.name === "wailing_arrow")!.casts).toBeGreaterThan(0);
  }, 60_000);
});

describe("the Sentinel pieces the APL names: known, castable only on a Sentinel build", () => {
  it("default (Dark Ranger): moonlight_chakram and sentinels_mark exist but are inactive; a Sentinel build activates them", () => {
    expect(sp("moonlight_chakram")).toMatchObject({ id: 1264949, active: false, costAura: "moonlight_chakram" });
    expect(au("sentinels_mark")).toMatchObject({ id: 1253601, active: false, target: "target" });
    // 1264946 'Duration : 15 seconds'; the damage is one 1266081 hit (AP 2.844)
    expect(au("moonlight_chakram").durationMs).toBe(15_000);
    expect(sp("moonlight_chakram").damage).toMatchObject({ apCoef: 2.844 });
    const sentinel = resolveManifest(manifest, resolver, FILE, { talents: ["precise_shots", "sentinel", "moonlight_chakram"], heroTree: "sentinel" });
    expect(sentinel.spells.find((s) => s.name === "moonlight_chakram")!.active).toBe(true);
    expect(sentinel.spells.find((s) => s.name === "wailing_arrow")!.active).toBe(false);
    expect(sentinel.spells.find((s) => s.name === "trueshot")!.onCast).toEqual(expect.arrayContaining([expect.objectContaining({ op: "apply_aura", aura: "moonlight_chakram" })]));
  });
});
