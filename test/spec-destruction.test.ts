// Destruction Warlock (spec 267): resolved values against the real 12.0.5 rows and the 12.0.0.64228 spell dump
// (data/sources/12.0.0.64228/warlock-destruction.txt: every expected coefficient below is quoted from its block),
// the spec passive 137046, and the signature mechanics on scripted runs (crit, haste, versatility and mastery
// forced to 0 in the compiled image unless a test sets them, so every number is exact): per-hit damage =
// coefficient x passive x spell power, soul-shard fragments (Incinerate 2, Conflagrate 5, an Immolate tick 1),
// Chaos Bolt (always a crit, x (1 + crit chance)), Backdraft, the random mastery roll (Chaotic Energies), the
// Infernal; the exact ignored lines of the default APL; determinism.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { SpellResolver } from "../src/data/resolver.js";
import type { DataBundle } from "../src/data/types.js";
import { resolveManifest, loadManifest, type ResolvedSpec } from "../src/manifest/index.js";
import { prepareSimulation, simulate } from "../src/engine/simulate.js";
import { runImage, type RunResult } from "../src/engine/run.js";
import { expectSeedDeterminism } from "./helpers/spec-run.js";
import type { SpecImage } from "../src/engine/image.js";

const DATA = path.resolve(__dirname, "../data");
const MANIFEST_FILE = path.join(DATA, "specs/destruction/manifest.json");
const manifestJson = () => JSON.parse(readFileSync(MANIFEST_FILE, "utf8"));
let bundle: DataBundle;
let spec: ResolvedSpec;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
  // the spec file with its pieces (warlock.json: soul shards and mana; raid.json: Bloodlust)
  spec = resolveManifest((await loadManifest(DATA, "destruction")).manifest, new SpellResolver(bundle), MANIFEST_FILE);
});
const spellOf = (name: string) => spec.spells.find((s) => s.name === name)!;

// Values quoted from data/sources/12.0.0.64228/warlock-destruction.txt
const INCINERATE = 2.70423; // 29722 #2 "School Damage (2): fire ... SP Coefficient: 2.70423"
const IMMOLATE_HIT = 0.813483; // 348 #1 "School Damage (2): fire ... SP Coefficient: 0.813483"
const IMMOLATE_TICK = 0.508426; // 157736 #1 "Periodic Damage (3): fire every 3 seconds ... SP Coefficient: 0.508426"; "Duration : 18 seconds"
const CONFLAGRATE = 2.74197; // 17962 #1 "School Damage (2): fire ... SP Coefficient: 2.74197"
const CHAOS_BOLT = 4.57195; // 116858 #1 "School Damage (2): chromatic ... SP Coefficient: 4.57195"
const AWAKENING = 0.6; // 22703 #1 "School Damage (2): fire ... SP Coefficient: 0.6"
const IMMOLATION = 0.55; // 20153 #1 "School Damage (2): fire ... SP Coefficient: 0.55"
const DESTRO = 1 + 11 / 100; // 137046 #1 / #2 "Base Value: 11" (direct / periodic, family-49 spells); #3 / #4 pets / guardians 11
const INCINERATE_FRAGMENTS = 2; // 244670 #1 "Energize Power (30) / Base Value: 2 | Resource: soul_shard"
const CONFLAGRATE_FRAGMENTS = 5; // 245330 #1 "Energize Power (30) / Base Value: 5 | Resource: soul_shard"
const CHAOS_BOLT_COST = 20; // 116858 "Resource : 2 Soul Shard (7)" (fragments)
const BACKDRAFT = 1 - 30 / 100; // 117828 #1 "Spell Cast Time (10) / Base Value: -30"
const MASTERY_COEF = 2; // 77220 #1 "Dummy (4) ... SP Coefficient: 2"

describe("Destruction manifest resolution against the real tables and the 12.0.0.64228 dump", () => {
  it("cast times, shard costs, Conflagrate charges, Summon Infernal cooldown", () => {
    // 29722 "Cast Time : 2 seconds", 116858 "3 seconds", 6353 "3.5 seconds", 348 "1.5 seconds"
    expect(["incinerate", "chaos_bolt", "soul_fire", "immolate", "conflagrate", "shadowburn"].map((n) => spellOf(n).castMs)).toEqual([2000, 3000, 3500, 1500, 0, 0]);
    // SpellPower 6087 (2 shards), 247 (3), 741 (1): in fragments
    expect([spellOf("chaos_bolt").cost, spellOf("rain_of_fire").cost, spellOf("shadowburn").cost]).toEqual([CHAOS_BOLT_COST, 30, 10]);
    // 17962 "Charges : 2 (12.96 seconds cooldown)", minus Explosive Potential's 2 s (388827 #1, taken)
    expect(spellOf("conflagrate")).toMatchObject({ maxCharges: 2, chargeRecoveryMs: 12960 - 2000, chargeCategoryId: 672 });
    expect([spellOf("summon_infernal").recoveryMs, spellOf("soul_fire").recoveryMs]).toEqual([120000, 45000]);
  });

  it("mastery: Chaotic Energies 77220 (ChrSpecialization 267), coefficient 2, kind random; Shadowburn only below 20 % (17877 #4)", () => {
    expect(spec.mastery).toMatchObject({ spell: 77220, kind: "random", coefficient: MASTERY_COEF });
    const sb = bundle.table("SpellEffect").rows.find((r) => Number(r.SpellID) === 17877 && Number(r.EffectIndex) === 3)!;
    expect(Number(sb.EffectBasePointsF)).toBe(20);
    expect(manifestJson().expressions["usable_if.shadowburn"]).toBe("target.health.pct < 20");
  });

});

// ---- scripted runs of the compiled image ----

interface ScriptOpts { durationS: number; talents?: string[]; targets?: number; shards?: number; crit?: number; mastery?: number }
async function scripted(rotation: unknown, opts: ScriptOpts): Promise<SpecImage> {
  const prep = await prepareSimulation({
    spec: "destruction", bundle, dataDir: DATA, duration: opts.durationS, varyLength: 0, rotation, bloodlust: false,
    ...(opts.talents ? { talents: opts.talents } : {}), ...(opts.targets ? { targets: opts.targets } : {}),
  });
  const img = prep.image;
  img.stats = { ...img.stats, crit: opts.crit ?? 0, haste: 0, versatility: 0, mastery: opts.mastery ?? 0 };
  // soul shards are the first resource (warlock.json)
  if (opts.shards !== undefined) img.resources = img.resources.map((r, i) => (i === 0 ? { ...r, initial: opts.shards! } : r));
  return img;
}
const run = (img: SpecImage, iterations = 1, seed = 1n) => runImage(img, { iterations, seed });
const sp = (r: RunResult, name: string) => r.spells.find((s) => s.name === name) ?? { casts: 0, hits: 0, damage: 0, crits: 0 };
const rot = (...entries: unknown[]) => ({ main: "m", lists: { m: entries } });

describe("per-hit damage = dump coefficient x 137046 x spell power (no crit / vers / mastery)", () => {
  it("Incinerate: 2.70423 x 1.11 per cast (2 s casts: 3 in 6.5 s)", async () => {
    const img = await scripted(rot({ cast: "incinerate" }), { durationS: 6.5, talents: [] });
    const r = run(img);
    expect(sp(r, "incinerate")).toMatchObject({ casts: 3, hits: 3 });
    expect(sp(r, "incinerate").damage).toBeCloseTo(3 * INCINERATE * DESTRO * img.stats.spellPower, 6);
  });
  it("Immolate: a 0.813483 x 1.11 hit, then 0.508426 x 1.11 every 3 s for 18 s (6 ticks)", async () => {
    const img = await scripted(rot({ cast: "immolate", if: "time < 1" }, { wait: "100" }), { durationS: 25, talents: [] });
    const r = run(img);
    expect(sp(r, "immolate")).toMatchObject({ casts: 1, hits: 1 });
    expect(sp(r, "immolate").damage).toBeCloseTo(IMMOLATE_HIT * DESTRO * img.stats.spellPower, 6);
    expect(sp(r, "immolate_tick").hits).toBe(18 / 3);
    expect(sp(r, "immolate_tick").damage).toBeCloseTo(6 * IMMOLATE_TICK * DESTRO * img.stats.spellPower, 6);
  });
  it("Conflagrate: 2.74197 x 1.11, 2 charges", async () => {
    const img = await scripted(rot({ cast: "conflagrate" }, { wait: "100" }), { durationS: 5, talents: ["conflagrate"] });
    const r = run(img);
    expect(sp(r, "conflagrate").casts).toBe(2);
    expect(sp(r, "conflagrate").damage).toBeCloseTo(2 * CONFLAGRATE * DESTRO * img.stats.spellPower, 6);
  });
});

describe("soul-shard fragments (10 per shard)", () => {
  it("Incinerate gives 2: Chaos Bolt (20) is castable after the 10th Incinerate", async () => {
    // Incinerates end at 2, 4, ..., 20 s (10 x 2 = 20 fragments); Chaos Bolt 20 -> 23 s; an Incinerate 23 -> 25
    const img = await scripted(rot({ cast: "chaos_bolt" }, { cast: "incinerate" }), { durationS: 25.5, talents: [] });
    const r = run(img);
    expect(CHAOS_BOLT_COST / INCINERATE_FRAGMENTS).toBe(10);
    expect([sp(r, "incinerate").casts, sp(r, "chaos_bolt").casts]).toEqual([11, 1]);
  });
  it("Conflagrate gives 5: two Conflagrates and 5 Incinerates pay for a Chaos Bolt", async () => {
    // 0 / 1.5 Conflagrate (10), Incinerates 3 -> 13 s (+10 = 20), Chaos Bolt 13 -> 16 s
    const img = await scripted(rot({ cast: "chaos_bolt" }, { cast: "conflagrate" }, { cast: "incinerate" }), { durationS: 15.9, talents: ["conflagrate"] });
    const r = run(img);
    expect(2 * CONFLAGRATE_FRAGMENTS + 5 * INCINERATE_FRAGMENTS).toBe(CHAOS_BOLT_COST);
    expect([sp(r, "conflagrate").casts, sp(r, "incinerate").casts, sp(r, "chaos_bolt").casts]).toEqual([2, 5, 0]);
    const r2 = run(await scripted(rot({ cast: "chaos_bolt" }, { cast: "conflagrate" }, { cast: "incinerate" }), { durationS: 16.1, talents: ["conflagrate"] }));
    expect(sp(r2, "chaos_bolt").casts).toBe(1);
  });
  it("an Immolate tick gives 1: 6 ticks + 7 Incinerates (14) = 20 fragments", async () => {
    // Immolate 0 -> 1.5 s (ticks 4.5 ... 19.5); Incinerates 1.5 -> 15.5 (7); fragments at 15.5 s: 14 + 4 ticks (4.5, 7.5, 10.5, 13.5) = 18;
    // 8th Incinerate 15.5 -> 17.5: 16 + 5 ticks (the 5th at 16.5) = 21 -> Chaos Bolt 17.5 -> 20.5
    const img = await scripted(rot({ cast: "immolate", if: "time < 1" }, { cast: "chaos_bolt" }, { cast: "incinerate" }), { durationS: 20.6, talents: [] });
    const r = run(img);
    expect([sp(r, "incinerate").casts, sp(r, "chaos_bolt").casts]).toEqual([8, 1]);
    // without Immolate: Incinerates from 0 s, the 10th ends at 20 s, the Chaos Bolt it pays for ends at 23 s
    const r2 = run(await scripted(rot({ cast: "chaos_bolt" }, { cast: "incinerate" }), { durationS: 20.6, talents: [] }));
    expect([sp(r2, "incinerate").casts, sp(r2, "chaos_bolt").casts]).toEqual([10, 0]);
  });
});

describe("taken spec talents: Diabolic Embers, Scalding Flames, Explosive Potential, Ashen Remains", () => {
  const EMBERS = 1 + 100 / 100; // Diabolic Embers 387173 #1 "Base Value: 100" ("Incinerate now generates $s1% additional Soul Shard Fragments")
  const SCALDING = 1 + 25 / 100; // Scalding Flames 388832 #1 / #2 "Base Value: 25"; #3 "Spell Duration ... Base Value: 3000"
  const ASHEN = 1 + (2 * 3) / 100; // Ashen Remains 387252 #1 "Spell Effect 2 ... Base Value: 3", rank 2 (the profile's loadout)
  it("Diabolic Embers: an Incinerate gives 4 fragments, so 5 pay for a Chaos Bolt", async () => {
    const r = run(await scripted(rot({ cast: "chaos_bolt" }, { cast: "incinerate" }), { durationS: 13.5, talents: ["diabolic_embers"] }));
    expect(INCINERATE_FRAGMENTS * EMBERS * 5).toBe(CHAOS_BOLT_COST);
    expect([sp(r, "incinerate").casts, sp(r, "chaos_bolt").casts]).toEqual([5, 1]); // 5 x 2 s, Chaos Bolt 10 -> 13 s
  });
  it("Scalding Flames: Immolate +25 % (hit and ticks) and 21 s (7 ticks of 3 s)", async () => {
    const img = await scripted(rot({ cast: "immolate", if: "time < 1" }, { wait: "100" }), { durationS: 25, talents: ["scalding_flames"] });
    const r = run(img);
    expect(sp(r, "immolate").damage).toBeCloseTo(IMMOLATE_HIT * DESTRO * SCALDING * img.stats.spellPower, 6);
    expect(sp(r, "immolate_tick").hits).toBe((18 + 3) / 3);
    expect(sp(r, "immolate_tick").damage).toBeCloseTo(7 * IMMOLATE_TICK * DESTRO * SCALDING * img.stats.spellPower, 6);
  });
  it("Explosive Potential: Conflagrate recharges in 12.96 - 2 = 10.96 s (388827 #1 'Modify Recharge Time (Category) ... -2000', category 672)", () => {
    expect(spellOf("conflagrate").chargeRecoveryMs).toBe(12960 - 2000);
  });
  it("Ashen Remains: Incinerate +6 % while Immolate burns on the target", async () => {
    const img = await scripted(rot({ cast: "immolate", if: "time < 1" }, { cast: "incinerate" }), { durationS: 5.6, talents: ["ashen_remains"] });
    const r = run(img);
    expect(sp(r, "incinerate").casts).toBe(2); // 1.5 -> 3.5, 3.5 -> 5.5
    expect(sp(r, "incinerate").damage).toBeCloseTo(2 * INCINERATE * DESTRO * ASHEN * img.stats.spellPower, 6);
  });
});

describe("Chaos Bolt: always a critical strike, x (1 + crit chance) (116858 description)", () => {
  for (const crit of [0, 25]) {
    it(`crit ${crit} %: 4.57195 x 1.11 x 2 (crit) x ${1 + crit / 100}`, async () => {
      const img = await scripted(rot({ cast: "chaos_bolt" }), { durationS: 9.5, talents: [], shards: 50, crit });
      const r = run(img);
      expect(sp(r, "chaos_bolt")).toMatchObject({ casts: 2, hits: 2, crits: 2 });
      expect(sp(r, "chaos_bolt").damage).toBeCloseTo(2 * CHAOS_BOLT * DESTRO * 2 * (1 + crit / 100) * img.stats.spellPower, 6);
    });
  }
});

describe("Backdraft (117828): Conflagrate grants a stack; the next Incinerate casts 30 % faster and spends it", () => {
  it("Conflagrate 0 -> 1.5 s, Incinerate 1.5 -> 2.9 s (1.4 s), the next from 3.0 s (GCD) takes 2 s", async () => {
    const rotation = rot({ cast: "conflagrate", if: "time < 1" }, { cast: "incinerate" });
    const withBd = run(await scripted(rotation, { durationS: 5.2, talents: ["conflagrate", "backdraft"] }));
    const without = run(await scripted(rotation, { durationS: 5.2, talents: ["conflagrate"] }));
    expect(2000 * BACKDRAFT).toBe(1400);
    expect(sp(withBd, "incinerate").casts).toBe(2); // 2.9 and 5.0
    expect(sp(without, "incinerate").casts).toBe(1); // 3.5 (5.5 is past the end)
  });
});

describe("Chaotic Energies: x (1 + h + U(0, h)) per hit, h = half the mastery value", () => {
  // image mastery 10 points x the image coefficient 2 / 2 = 1 % per point: h = 10 %
  it("each Incinerate lands between 1.10 and 1.20 x its base; the mean over many hits is 1.15", async () => {
    const img = await scripted(rot({ cast: "incinerate" }), { durationS: 20.5, talents: [], mastery: 10 });
    expect(img.mastery).toMatchObject({ kind: "random", coefficient: MASTERY_COEF / 2 });
    const base = INCINERATE * DESTRO * img.stats.spellPower;
    const one = run(img);
    expect(sp(one, "incinerate").casts).toBe(10);
    const f = sp(one, "incinerate").damage / (10 * base);
    expect(f).toBeGreaterThan(1.1);
    expect(f).toBeLessThan(1.2);
    const many = run(img, 300);
    const mean = sp(many, "incinerate").damage / (3000 * base);
    // 3000 uniform draws: the mean's standard error is 0.1 x 0.289 / sqrt(3000) = 0.0005
    expect(Math.abs(mean - 1.15)).toBeLessThan(0.002);
    // the roll is the engine's seeded stream: the same seed gives the same damage, another seed another
    expect(sp(run(img, 1, 1n), "incinerate").damage).toBe(sp(one, "incinerate").damage);
    expect(sp(run(img, 1, 2n), "incinerate").damage).not.toBe(sp(one, "incinerate").damage);
  });
  it("with mastery 0 the hit is exact (no draw changes it)", async () => {
    const img = await scripted(rot({ cast: "incinerate" }), { durationS: 6.5, talents: [], mastery: 0 });
    expect(sp(run(img), "incinerate").damage).toBeCloseTo(3 * INCINERATE * DESTRO * img.stats.spellPower, 6);
  });
});

describe("Summon Infernal: the 22703 impact, then Immolation every 2 s for 30 s (pet, +11 % guardian)", () => {
  it("0.6 x SP at the cast; the pet's hits are 0.55 x 1.11 x SP each", async () => {
    const img = await scripted(rot({ cast: "summon_infernal", if: "time < 1" }, { wait: "100" }), { durationS: 40, talents: ["summon_infernal"] });
    const r = run(img);
    expect(sp(r, "summon_infernal").damage).toBeCloseTo(AWAKENING * img.stats.spellPower, 6);
    const imm = sp(r, "immolation");
    expect(imm.hits).toBe(30 / 2);
    expect(imm.damage).toBeCloseTo(imm.hits * IMMOLATION * DESTRO * img.stats.spellPower, 6);
  });
});

describe("Havoc (80240, not in the default build): single-target direct hits also strike the Havoc target for 60 % (#1)", () => {
  const HAVOC = 60 / 100; // 80240 #1 "Apply Aura (6) | Dummy (4) / Base Value: 60"
  // SimC's own target choice: target_if=min:(self.target=target) tries the primary (1) and the second enemy (0)
  const text = "actions=havoc,target_if=min:(self.target=target),if=time<1\nactions+=/incinerate";
  const havocRun = async (talents: string[], targets: number) => {
    const prep = await prepareSimulation({ spec: "destruction", bundle, dataDir: DATA, duration: 8.2, varyLength: 0, bloodlust: false, targets, talents, rotation: text });
    const img = prep.image;
    img.stats = { ...img.stats, crit: 0, haste: 0, versatility: 0, mastery: 0 };
    return { img, r: run(img) };
  };
  it("2 enemies: Havoc on the second (0 -> 1.5 s), then 3 Incinerates on the primary, each also hitting the Havoc target", async () => {
    const { img, r } = await havocRun(["havoc"], 2);
    expect(sp(r, "havoc").casts).toBe(1);
    expect(sp(r, "incinerate")).toMatchObject({ casts: 3, hits: 6 });
    expect(sp(r, "incinerate").damage).toBeCloseTo(3 * INCINERATE * DESTRO * (1 + HAVOC) * img.stats.spellPower, 6);
  });
  it("without the talent (or with one enemy) nothing is mirrored", async () => {
    const off = await havocRun([], 2);
    expect(sp(off.r, "incinerate")).toMatchObject({ casts: 4, hits: 4 });
    expect(sp(off.r, "incinerate").damage).toBeCloseTo(4 * INCINERATE * DESTRO * off.img.stats.spellPower, 6);
    const one = await havocRun(["havoc"], 1);
    expect(sp(one.r, "incinerate").hits).toBe(sp(one.r, "incinerate").casts);
  });
});

describe("dot_refreshable_count.X: the enemies whose X is down or in its pandemic window (SimC warlock_t::create_expression)", () => {
  const count = async (threshold: number) => {
    const prep = await prepareSimulation({
      spec: "destruction", bundle, dataDir: DATA, duration: 10, varyLength: 0, bloodlust: false, targets: 3, talents: [],
      rotation: `actions=immolate,if=dot_refreshable_count.immolate>=${threshold}\nactions+=/incinerate`,
    });
    return sp(run(prep.image), "immolate").casts;
  };
  it("3 enemies: 3 before the first Immolate, then 2 (the primary's is fresh): one cast at >= 3, a cast every GCD at >= 2", async () => {
    expect(await count(3)).toBe(1);
    expect(await count(2)).toBeGreaterThan(4);
  });
});

describe("the default APL (SimC's warlock_destruction.simc) on the default build", () => {
  // simulate() reports casts and hits per iteration
  let a: RunResult;
  beforeAll(async () => {
    a = (await simulate({ spec: "destruction", bundle, dataDir: DATA, duration: 300, varyLength: 0, iterations: 20, seed: 7 })) as unknown as RunResult;
  });
  it("ignores exactly the documented lines (docs/specs/destruction.md)", async () => {
    const r = await simulate({ spec: "destruction", bundle, dataDir: DATA, varyLength: 0, duration: 30, iterations: 2, seed: 1 });
    expect(r.rotation).toMatchObject({ format: "simc", lines: 78, honoured: 76 });
    expect(r.rotation!.ignoredLines.map((l) => l.line)).toEqual([86, 87]);
  });
  it("Chaos Bolt spends the shards, Immolate stays up, Shadowburn only in the last 20 %, 3 Infernals", () => {
    expect(sp(a, "chaos_bolt").casts).toBeGreaterThan(20);
    expect(sp(a, "immolate_tick").hits).toBeGreaterThan(100); // 300 s / 3 s, hasted
    expect(sp(a, "summon_infernal").casts).toBe(3); // 0, 120, 240 s
    // Shadowburn: 1 shard, 2.484 SP; castable below 20 % health only (the last 60 s of a 300 s fight)
    expect(sp(a, "shadowburn").casts).toBeGreaterThan(5);
    expect(sp(a, "shadowburn").casts).toBeLessThan(60 / 1.5);
    expect(sp(a, "ruination").casts).toBe(0);
  });
  it("same seed, same bytes; another seed another DPS (the mastery roll and crits draw from the seeded stream)", async () => {
    const prep = await prepareSimulation({ spec: "destruction", bundle, dataDir: DATA, duration: 60 });
    expectSeedDeterminism(prep.image, runImage(prep.image, { iterations: 4, seed: 7n }), 4);
  });
});
