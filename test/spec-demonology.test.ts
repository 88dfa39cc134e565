// Demonology Warlock (spec 266): resolved values against the real 12.0.5 rows and the 12.0.0.64228 spell dump
// (data/sources/12.0.0.64228/warlock-demonology.txt: every expected coefficient below is quoted from its block),
// and the signature mechanic — many short-lived demons as timed pet groups (assembly/engine/timed-pets.ts) — on
// scripted runs (crit, haste, versatility and mastery forced to 0 in the compiled image, so every number is
// exact): Wild Imps cast Fel Firebolt 5 times each and end one by one (pet.wild_imp.count falls per
// instance), Implosion consumes imps, Dreadstalkers bite and give Demonic Core, the Demonic Tyrant; the default
// rotation's ignored lines; determinism.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { SpellResolver } from "../src/data/resolver.js";
import type { DataBundle } from "../src/data/types.js";
import { resolveManifest, loadManifest, composeManifest, dataDirPieces, ManifestError, type ResolvedSpec } from "../src/manifest/index.js";
import { prepareSimulation, simulate } from "../src/engine/simulate.js";
import { runImage, type RunResult } from "../src/engine/run.js";
import { expectSeedDeterminism } from "./helpers/spec-run.js";
import type { SpecImage } from "../src/engine/image.js";

const DATA = path.resolve(__dirname, "../data");
const MANIFEST_FILE = path.join(DATA, "specs/demonology/manifest.json");
const manifestJson = () => JSON.parse(readFileSync(MANIFEST_FILE, "utf8"));
let bundle: DataBundle;
let spec: ResolvedSpec;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
  const { manifest, file } = await loadManifest(DATA, "demonology");
  spec = resolveManifest(manifest, new SpellResolver(bundle), file);
});

const spellOf = (name: string) => spec.spells.find((s) => s.name === name)!;
const petOf = (name: string) => spec.pets.find((p) => p.name === name)!;

// Values quoted from data/sources/12.0.0.64228/warlock-demonology.txt (and warlock.txt for 686)
const FIREBOLT = 0.142354; // 104318 #1 "School Damage (2): fire ... SP Coefficient: 0.142354"; "Cast Time: 2 seconds"; "20 Energy"
const HOG_HIT = 0.556876; // 86040 #1 "School Damage (2): shadowflame ... SP Coefficient: 0.556876"
const HOG_SHARDS = 3; // 105174 #1 "Base Value: 3" ("Deals up to ${$m1*$86040m1}")
const DREADBITE = 1.035; // 205196 #1 "AP Coefficient: 1.035"
const DEMON_AP = 0.5; // 89751 Variables "$damage=${0.33*($SP*0.5)...}": a demon's attack power = 0.5 x spell power
const DEMONFIRE = 0.697125; // 270481 #1 "SP Coefficient: 0.697125"; "Cast Time: 2 seconds"
const DEMONBOLT = 3.96778; // 264178 #1 "SP Coefficient: 3.96778"; "Cast Time: 4.5 seconds"
const IMPLOSION = 0.545531; // 196278 #1 "SP Coefficient: 0.545531"
const IMPLOSION_IMPS = 6; // 196277 #1 "Base Value: 6"
const SB_HIT = 0.702; // 686 #1 "SP Coefficient: 0.702"
const DEMO_DIRECT = 1 + 3 / 100; // 137044 #1 "Spell Direct Amount ... Base Value: 3"
const DEMO_SB = 1 + 148 / 100; // 137044 #5 "Base Value: 148" (Shadow Bolt)
const DEMO_PET = 1 + 3 / 100; // 137044 #3 "Modify Pet Damage Done% (429) / Base Value: 3"
const MASTERY_COEF = 1.45; // 77219 #1 "Modify Pet Damage Done% (429) ... SP Coefficient: 1.45"
const IMP_CASTS = 5; // 100 energy / 104318's 20 energy (estimated, pets.wild_imp.estimated.casts)

describe("Demonology manifest resolution against the real tables and the 12.0.0.64228 dump", () => {
  it("costs, cast times and cooldowns from the real rows", () => {
    // SpellPower 4987 (105174) 30 fragments, 10440 (104316) 20 fragments (soul shards, PowerType 7)
    expect([spellOf("hand_of_guldan").cost, spellOf("call_dreadstalkers").cost]).toEqual([30, 20]);
    // cast times: 105174 1.5 s, 104316 2 s, 265187 2 s, 264178 4.5 s, 686 2 s; 196277 instant
    expect(["hand_of_guldan", "call_dreadstalkers", "summon_demonic_tyrant", "demonbolt", "shadow_bolt", "implosion"].map((n) => spellOf(n).castMs)).toEqual([1500, 2000, 2000, 4500, 2000, 0]);
    // SpellCooldowns RecoveryTime: 104316 20 s, 265187 60 s, 196277 15 s
    expect([spellOf("call_dreadstalkers").recoveryMs, spellOf("summon_demonic_tyrant").recoveryMs, spellOf("implosion").recoveryMs]).toEqual([20000, 60000, 15000]);
  });

  it("mastery Master Demonologist: kind pet, coefficient 1.45 (77219 #1)", () => {
    expect(spec.mastery).toMatchObject({ spell: 77219, kind: "pet", coefficient: MASTERY_COEF });
  });

  it("the demons: Wild Imps and Dreadstalkers are timed groups, lifetimes from the summon spells", () => {
    expect(petOf("wild_imp")).toMatchObject({ durationMs: 20000, timedCasts: IMP_CASTS }); // 196282 "Duration: 20 seconds"
    expect(petOf("wild_imp").attacks[0]).toMatchObject({ spell: 104318, intervalMs: 2000, spCoef: FIREBOLT, school: 4 });
    expect(petOf("dreadstalker")).toMatchObject({ durationMs: 12000, timedCasts: 0 }); // 196281 "Duration: 12 seconds"
    expect(petOf("demonic_tyrant")).toMatchObject({ durationMs: 15000 }); // 265187 "Duration: 15 seconds"
    expect(petOf("demonic_tyrant").timedCasts).toBeUndefined();
    expect(petOf("demonic_tyrant").attacks[0]).toMatchObject({ spell: 270481, spCoef: DEMONFIRE, school: 36 });
    expect(petOf("felguard")).toMatchObject({ permanent: true });
    expect(petOf("felguard").attacks[1]!.spCoef).toBeCloseTo(0.33 * DEMON_AP, 12); // 89753 "AP Coefficient: 0.33"
  });

  it("a bad timed group is a typed error naming the field", async () => {
    const compose = (m: unknown) => composeManifest(JSON.stringify(m), MANIFEST_FILE, dataDirPieces(DATA));
    const m = manifestJson();
    m.pets.find((p: { name: string }) => p.name === "felguard").timed_group = true; // permanent + timed
    await expect(compose(m)).rejects.toThrow(ManifestError);
    await expect(compose(m)).rejects.toThrow(/pets\[0\]\.timed_group/);
    const m2 = manifestJson();
    m2.spells.find((s: { name: string }) => s.name === "implosion").on_cast[0].pet = "demonic_tyrant"; // not a timed group
    await expect(compose(m2)).rejects.toThrow(/demonic_tyrant.*timed_group/);
  });
});

// ---- scripted runs of the compiled image ----
interface ScriptOpts { durationS: number; talents?: string[]; shards?: number; targets?: number; freeHog?: boolean }
/**
 * The pet-only mastery is folded into every demon's coefficient at compile time (src/engine/compile.ts: a constant
 * while nothing changes mastery), so zeroing the image's mastery leaves it in: this is that factor of the last
 * scripted image, 1 + mastery points x 1.45 / 100 from the profile's rating.
 */
let petMastery = 1;
async function scripted(rotation: unknown, opts: ScriptOpts): Promise<SpecImage> {
  const m = manifestJson();
  // a free Hand of Gul'dan (test only): several casts in a row without shard generators between them
  if (opts.freeHog) m.spells.find((s: { name: string }) => s.name === "hand_of_guldan").cost = 0;
  const prep = await prepareSimulation({
    spec: "demonology", bundle, dataDir: DATA, duration: opts.durationS, varyLength: 0, rotation, bloodlust: false, reaction: false, manifest: JSON.stringify(m),
    ...(opts.talents ? { talents: opts.talents } : {}), ...(opts.targets ? { targets: opts.targets } : {}),
  });
  const img = prep.image;
  petMastery = 1 + (img.stats.mastery * MASTERY_COEF) / 100;
  img.stats = { ...img.stats, crit: 0, haste: 0, versatility: 0, mastery: 0 };
  // soul shards are resource 0 (warlock.json): start with `shards` fragments
  if (opts.shards !== undefined) img.resources = img.resources.map((r, i) => (i === 0 ? { ...r, initial: opts.shards! } : r));
  return img;
}
const run = (img: SpecImage) => runImage(img, { iterations: 1, seed: 1n });
const sp = (r: RunResult, name: string) => r.spells.find((s) => s.name === name)!;
const rot = (...entries: unknown[]) => ({ main: "m", lists: { m: entries } });
// the build's spells without Imp Gang Boss, Fel Intellect (+2 % intellect) or Dominion of Argus: exact hand computations
const noGangBoss = ["hand_of_guldan", "call_dreadstalkers", "implosion", "summon_demonic_tyrant"];

describe("Wild Imps: a timed pet group (one expiry per imp, a 5-cast budget)", () => {
  it("one Hand of Gul'dan: 3 x 0.556876 x 1.03 and 3 imps x 5 Fel Firebolts of 0.142354 x 1.03 (pet passive)", async () => {
    const img = await scripted(rot({ cast: "hand_of_guldan", if: "time < 1" }, { wait: "100" }), { durationS: 20, shards: 30, talents: noGangBoss });
    const r = run(img);
    const spp = img.stats.spellPower;
    expect(sp(r, "hand_of_guldan")).toMatchObject({ casts: 1, hits: 1 });
    expect(sp(r, "hand_of_guldan").damage).toBeCloseTo(HOG_SHARDS * HOG_HIT * DEMO_DIRECT * spp, 6);
    // the imps arrive when the 1.5 s cast lands and cast at 1.5, 3.5, ..., 9.5 s: 5 each, then end (10 s < 20 s)
    expect(sp(r, "fel_firebolt").hits).toBe(3 * IMP_CASTS);
    expect(sp(r, "fel_firebolt").damage).toBeCloseTo(3 * IMP_CASTS * FIREBOLT * DEMO_PET * petMastery * spp, 6);
  });

  it("a shorter fight cuts the budget: 7 s leaves 3 casts per imp (1.5, 3.5, 5.5 s)", async () => {
    const r = run(await scripted(rot({ cast: "hand_of_guldan", if: "time < 1" }, { wait: "100" }), { durationS: 7, shards: 30, talents: noGangBoss }));
    expect(sp(r, "fel_firebolt").hits).toBe(3 * 3);
  });

  it("Imp Gang Boss: the empowered imp's extra 100 % (1250772 #2) as one more caster per Hand of Gul'dan", async () => {
    const img = await scripted(rot({ cast: "hand_of_guldan", if: "time < 1" }, { wait: "100" }), { durationS: 20, shards: 30, talents: [...noGangBoss, "imp_gang_boss"] });
    const r = run(img);
    expect(sp(r, "fel_firebolt").hits).toBe(15);
    expect(sp(r, "imp_gang_boss_firebolt").hits).toBe(IMP_CASTS);
    expect(sp(r, "imp_gang_boss_firebolt").damage).toBeCloseTo(IMP_CASTS * FIREBOLT * DEMO_PET * petMastery * img.stats.spellPower, 6);
  });

  it("the count falls per imp: two casts 1.5 s apart make 6 imps, the first 3 end at 11.5 s, the rest at 13 s", async () => {
    // Shadow Bolt only while exactly 3 imps live: the window 11.5–13 s (a shared expiry would keep 6 until 13 s, then 0)
    const r = run(await scripted(rot(
      { cast: "hand_of_guldan", if: "time < 2" },
      { cast: "shadow_bolt", if: "pet.wild_imp.count = 3 & time > 5" },
      { wait: "0.1" },
    ), { durationS: 16, freeHog: true, talents: noGangBoss }));
    expect(sp(r, "hand_of_guldan").casts).toBe(2);
    expect(sp(r, "shadow_bolt").casts).toBe(1);
    expect(sp(r, "fel_firebolt").hits).toBe(6 * IMP_CASTS);
  });

  it("buff.wild_imps.stack is the live count (manifest expression): Hand of Gul'dan until 9 imps", async () => {
    const r = run(await scripted(rot({ cast: "hand_of_guldan", if: "buff.wild_imps.stack < 9" }, { wait: "0.1" }), { durationS: 8, freeHog: true, talents: noGangBoss }));
    expect(sp(r, "hand_of_guldan").casts).toBe(3);
  });

  it("Implosion removes up to 6 imps (the first to end), each exploding for 0.545531 x 1.03; they cast no more", async () => {
    const img = await scripted(rot(
      { cast: "hand_of_guldan", if: "time < 4" },
      { cast: "implosion", if: "pet.wild_imp.count >= 6" },
      { wait: "0.1" },
    ), { durationS: 20, freeHog: true, talents: noGangBoss });
    const r = run(img);
    expect(sp(r, "hand_of_guldan").casts).toBe(3); // 9 imps at 4.5 s
    expect(sp(r, "implosion").casts).toBe(1);
    expect(sp(r, "damage_196278").hits).toBe(IMPLOSION_IMPS);
    expect(sp(r, "damage_196278").damage).toBeCloseTo(IMPLOSION_IMPS * IMPLOSION * DEMO_DIRECT * img.stats.spellPower, 6);
    // Hand of Gul'dan lands at 1.5, 3.0 and 4.5 s; Implosion at 4.5 s takes the first 6 (those landed at 1.5 and
    // 3.0 s). The group's shared timer ticks at 1.5, 3.5, 5.5, ... s: the first 3 imps cast twice (1.5, 3.5), the next
    // 3 once (3.5), the last 3 their full 5 (5.5 ... 13.5 s; they end at 4.5 + 10 s)
    expect(sp(r, "fel_firebolt").hits).toBe(3 * 2 + 3 * 1 + 3 * IMP_CASTS);
  });
});

describe("Dreadstalkers, Demonic Core, Demonbolt, the Demonic Tyrant", () => {
  it("Call Dreadstalkers: 2 bites of 1.035 x 0.5 SP on arrival, 2 Demonic Core stacks, Demonbolt instant with a stack", async () => {
    const img = await scripted(rot(
      { cast: "call_dreadstalkers", if: "time < 1" },
      { cast: "demonbolt", if: "buff.demonic_core.react" },
      { wait: "100" },
    ), { durationS: 8, shards: 20, talents: noGangBoss });
    const r = run(img);
    const spp = img.stats.spellPower;
    expect(sp(r, "damage_205196").damage).toBeCloseTo(2 * DREADBITE * DEMON_AP * DEMO_PET * petMastery * spp, 6);
    // 2 stacks -> 2 instant Demonbolts at 2.0 and 3.5 s (GCD 1.5 s), each 3.96778 x 1.03
    expect(sp(r, "demonbolt")).toMatchObject({ casts: 2, hits: 2 });
    expect(sp(r, "demonbolt").damage).toBeCloseTo(2 * DEMONBOLT * DEMO_DIRECT * spp, 6);
  });

  it("Demonic Tyrant: Demonfire every 2 s for 15 s (8 casts from its arrival), pet.demonic_tyrant.active", async () => {
    const img = await scripted(rot(
      { cast: "summon_demonic_tyrant", if: "time < 1" },
      { cast: "shadow_bolt", if: "pet.demonic_tyrant.active" },
      { wait: "100" },
    ), { durationS: 25, talents: noGangBoss });
    const r = run(img);
    // arrives at 2 s, casts at 2, 4, ..., 16 s (8), gone at 17 s
    expect(sp(r, "demonfire").hits).toBe(8);
    expect(sp(r, "demonfire").damage).toBeCloseTo(8 * DEMONFIRE * DEMO_PET * petMastery * img.stats.spellPower, 6);
    // Shadow Bolt (2 s) from 2 s while the Tyrant is up: starts at 2, 4, ..., 16 s
    expect(sp(r, "shadow_bolt").casts).toBe(8);
    expect(sp(r, "shadow_bolt").damage).toBeCloseTo(8 * SB_HIT * DEMO_DIRECT * DEMO_SB * img.stats.spellPower, 6);
  });
});

describe("the default rotation (SimC's MID1 APL text) on the default profile", () => {
  const N = 200;
  let img: SpecImage;
  let a: RunResult;
  beforeAll(async () => {
    img = (await prepareSimulation({ spec: "demonology", bundle, dataDir: DATA, varyLength: 0, duration: 300 })).image;
    a = runImage(img, { iterations: N, seed: 7n });
  });

  it("runs the .simc text; the ignored lines are exactly the documented ones (docs/specs/demonology.md)", async () => {
    const r = await simulate({ spec: "demonology", bundle, dataDir: DATA, duration: 60, iterations: 1, seed: 1 });
    expect(r.rotation!.ignoredLines.map((l) => l.line)).toEqual(IGNORED);
  });

  it("keeps the demons busy: Hand of Gul'dan spends the shards, Dreadstalkers on cooldown, 5 Tyrants", () => {
    expect(sp(a, "hand_of_guldan").casts / N).toBeGreaterThan(35);
    expect(sp(a, "call_dreadstalkers").casts / N).toBeGreaterThanOrEqual(12);
    expect(sp(a, "summon_demonic_tyrant").casts / N).toBeGreaterThanOrEqual(4.5);
    expect(sp(a, "fel_firebolt").hits / N).toBeGreaterThan(3 * IMP_CASTS * 30);
  });

  it("is deterministic: same seed -> identical result; another seed differs", () => expectSeedDeterminism(img, a, N));

  it("the timeline carries the live Wild Imp count after every change (timed group telemetry)", async () => {
    const r = await simulate({ spec: "demonology", bundle, dataDir: DATA, duration: 60, iterations: 1, seed: 1, timeline: true, bloodlust: false });
    const imps = r.timeline!.pets!.find((p) => p.name === "fel_firebolt")!;
    expect(imps.points.length).toBeGreaterThan(4);
    // every Hand of Gul'dan adds 3 (a +1 step per imp at the same time), counts never go below 0, and the count at
    // each point equals the number of imps summoned minus those ended: never above 3 x the casts so far
    const hogCasts = r.timeline!.casts.filter((c) => c.name === "hand_of_guldan");
    for (const [t, n] of imps.points) {
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThanOrEqual(3 * hogCasts.filter((c) => c.t <= t).length);
    }
    expect(Math.max(...imps.points.map(([, n]) => n))).toBeGreaterThanOrEqual(3);
    expect(r.timeline!.pets!.map((p) => p.name).sort()).toEqual(["dreadstalker_melee", "fel_firebolt", "imp_gang_boss_firebolt"]);
  });
});

// line numbers of data/specs/demonology/rotation.simc that the engine cannot honour (docs/specs/demonology.md)
const IGNORED: number[] = [27, 43, 45, 49, 73];
