// Beast Mastery Hunter (spec 253), the 12.0 Pack Leader build of SimulationCraft's MID1 profile: the entries this
// build added resolve from the 12.0.0.64228 dump blocks (data/sources/12.0.0.64228/hunter.txt) and the real 12.0.5
// rows, checked against the dump lines quoted below; the Howl of the Pack Leader cycle, Nature's Ally and Lethal
// Barbs on a seeded run; Wild Thrash on scripted runs (exact arithmetic: crit 0, versatility 0, armor 0).
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { SpellResolver } from "../src/data/resolver.js";
import type { DataBundle } from "../src/data/types.js";
import { loadManifest, resolveManifest, type ResolvedSpec } from "../src/manifest/index.js";
import { prepareSimulation, simulate, type SimulateResult } from "../src/engine/simulate.js";
import { runImage, type RunResult } from "../src/engine/run.js";
import type { SpecImage } from "../src/engine/image.js";

const DATA = path.resolve(__dirname, "../data");
const FILE = path.join(DATA, "specs/beast-mastery/manifest.json");
const ALL_AOE = ["barbed_scales", "natures_ally", "howl_of_the_pack_leader", "lethal_barbs", "serpentine_strikes", "wild_thrash", "beast_cleave"];

let bundle: DataBundle;
let spec: ResolvedSpec;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
  spec = resolveManifest((await loadManifest(DATA, "beast-mastery")).manifest, new SpellResolver(bundle), FILE);
});
const sp = (name: string) => spec.spells.find((s) => s.name === name)!;
const au = (name: string) => spec.auras.find((a) => a.name === name)!;
const spellRes = (r: RunResult, name: string) => r.spells.find((s) => s.name === name);
const auraSum = (r: SimulateResult, name: string) => r.auras.find((a) => a.name === name)!;

describe("the MID1 default build (decoded talent string: Pack Leader, single target)", () => {
  it("takes Barbed Scales, Nature's Ally, Howl of the Pack Leader, Lethal Barbs, Serpentine Strikes; not Wild Thrash, Beast Cleave", () => {
    expect(spec.talents).toEqual(["barbed_scales", "natures_ally", "howl_of_the_pack_leader", "lethal_barbs", "serpentine_strikes"]);
    // hunter.json's Dark Ranger talents (Withering Fire, Wailing Dead) and BM's Black Arrow are modelled, not taken
    expect(spec.allTalents).toEqual(["withering_fire", "wailing_dead", "beast_cleave", "wild_thrash", ...spec.talents, "black_arrow"]);
    expect(spec.heroTree).toBe("pack_leader");
    expect(spec.talentHeroTrees).toEqual({ withering_fire: "dark_ranger", wailing_dead: "dark_ranger", black_arrow: "dark_ranger", howl_of_the_pack_leader: "pack_leader", lethal_barbs: "pack_leader" });
  });

  it("Wild Thrash: 1264359 '35 Focus', 'Cooldown : 8 seconds'; damage 1264355 'AP Coefficient: 3' x (1 + 300 %) on every target", () => {
    expect(sp("wild_thrash")).toMatchObject({ cost: 35, recoveryMs: 8000, damage: { apCoef: 3 * 4, aoe: "all", school: 1 } });
  });

  it("Barbed Scales: Cobra Shot shortens Barbed Shot by 469880 'Base Value: 2000' ms", () => {
    expect(sp("cobra_shot").onCast).toContainEqual({ op: "reduce_cooldown", spell: "barbed_shot", ms: 2000 });
  });

  it("Nature's Ally rank 2 (1273065 'values=(5, 10)'): Kill Command x 1.10 on top of the spec aura's 0.94", () => {
    expect(sp("kill_command").damage!.mult).toBeCloseTo(0.94 * 1.1, 12);
  });

  it("Howl of the Pack Leader: timer 471877 and ready 471878 last 30 s ('Duration : 30 seconds'); Nature's Ally buff 1276720 8 s", () => {
    expect(au("howl_of_the_pack_leader_cooldown").durationMs).toBe(30000);
    expect(au("howl_of_the_pack_leader").durationMs).toBe(30000);
    expect(au("natures_ally").durationMs).toBe(8000);
  });
});

describe("default build seeded run (300 s, 1 target, 100 iterations, seed 3)", () => {
  let r: SimulateResult;
  beforeAll(async () => {
    r = await simulate({ spec: "beast-mastery", duration: 300, varyLength: 0, iterations: 100, seed: 3, threads: 1, timeline: false });
  }, 60_000);
  const casts = (name: string) => r.spells.find((s) => s.name === name)?.casts ?? 0;

  it("Howl cycle: the 30 s timer starts on entering combat; each ready aura is spent by a Kill Command (charge <= 7.5 s away)", () => {
    const ready = auraSum(r, "howl_of_the_pack_leader");
    // timer from t = 0 (at_combat_start), then 30 s + the wait for Kill Command (0..7.5 s) per cycle
    expect(ready.applications).toBeGreaterThanOrEqual(Math.floor(300 / (30 + 7.5)));
    expect(ready.applications).toBeLessThanOrEqual(Math.floor(300 / 30));
    // ready is spent within a Kill Command recharge: uptime <= applications x 7.5 s / 300 s
    expect(ready.uptime).toBeLessThanOrEqual((ready.applications * 7.5) / 300 + 1e-9);
    // the timer is up whenever ready is not, from the pull
    expect(auraSum(r, "howl_of_the_pack_leader_cooldown").uptime + ready.uptime).toBeCloseTo(1, 9);
  });

  it("Nature's Ally: one buff per Bestial Wrath, spent by the next Kill Command", () => {
    expect(auraSum(r, "natures_ally").applications).toBe(casts("bestial_wrath"));
    expect(auraSum(r, "natures_ally").uptime).toBeLessThan(0.05);
  });

  it("Lethal Barbs: every Auto Shot grants 2 focus (1264783 'Base Value: 2'): procs = Auto Shots", () => {
    const proc = r.procs.find((p) => p.name === "lethal_barbs_focus")!;
    const autos = r.spells.find((s) => s.name === "auto_shot")!;
    expect(proc.perIteration).toBeCloseTo(autos.hits, 6);
  });

  it("Wild Thrash is not in the default build: never cast", () => {
    expect(casts("wild_thrash")).toBe(0);
    expect(r.warnings.unknownSpellCasts ?? 0).toBe(0);
  });
});

describe("Wild Thrash (talented) hits every target and starts Beast Cleave", () => {
  async function scripted(targets: number): Promise<SpecImage> {
    const rotation = { main: "m", lists: { m: [{ cast: "wild_thrash", if: "time < 1" }] } };
    const img = (await prepareSimulation({ spec: "beast-mastery", bundle, dataDir: DATA, varyLength: 0, duration: 5, targets, rotation, talents: ALL_AOE })).image;
    img.stats = { ...img.stats, crit: 0, versatility: 0 };
    img.run = { ...img.run, targetArmor: 0 };
    return img;
  }
  it("3 targets: one cast = 3 hits of 12 x AP (3 x 4: the +300 % of 2+ enemies), Beast Cleave applied once", async () => {
    const img = await scripted(3);
    const r = runImage(img, { iterations: 1, seed: 1n });
    const wt = spellRes(r, "wild_thrash")!;
    expect(wt.casts).toBe(1);
    expect(wt.hits).toBe(3);
    expect(wt.damage).toBeCloseTo(3 * 12 * img.stats.attackPower, 6);
    // Beast Cleave (268877) on the Wild Thrash cast: its first player hits after that cleave (the aura is up)
  });
});

describe("Howl of the Pack Leader's timer starts on entering combat (471876 Proc Flags: Enter Combat; at_combat_start)", () => {
  it("with no Kill Command: timer 0-30 s, ready 30-60 s (runs out), timer again ...: 5 of each in 300 s, 50 % uptime each", async () => {
    const rotation = { main: "m", lists: { m: [{ cast: "cobra_shot" }] } };
    const r = await simulate({ spec: "beast-mastery", duration: 300, varyLength: 0, iterations: 1, seed: 1, threads: 1, rotation });
    expect(auraSum(r, "howl_of_the_pack_leader_cooldown")).toMatchObject({ applications: 5, uptime: 0.5 });
    expect(auraSum(r, "howl_of_the_pack_leader")).toMatchObject({ applications: 5, uptime: 0.5 });
  });
  it("a build without the talent starts no timer", async () => {
    const rotation = { main: "m", lists: { m: [{ cast: "cobra_shot" }] } };
    const r = await simulate({ spec: "beast-mastery", duration: 60, iterations: 1, seed: 1, threads: 1, rotation, talents: ["barbed_scales"] });
    expect(r.auras.find((a) => a.name === "howl_of_the_pack_leader_cooldown")?.applications ?? 0).toBe(0);
  });
});

describe("Dark Ranger (hunter.json notes.dark_ranger): castable only in a Dark Ranger build", () => {
  const DR = ["barbed_scales", "natures_ally", "serpentine_strikes", "black_arrow", "withering_fire", "wailing_dead"];
  it("resolves from the dump: Black Arrow 466930 AP 3.484, 10 focus, 1 charge / 10 s; DoT 468572 AP 0.5 / 1 s, 8 s; Wailing Arrow 392060 15 focus, 2 s cast, 392058 AP 7", () => {
    expect(sp("black_arrow")).toMatchObject({ cost: 10, damage: { apCoef: 3.484, school: 32 } });
    expect(au("black_arrow")).toMatchObject({ durationMs: 8000, tickPeriodMs: 1000, tickDamage: { apCoef: 0.5, school: 32 } });
    expect(sp("wailing_arrow")).toMatchObject({ cost: 15, castMs: 2000, costAura: "wailing_arrow_override", damage: { apCoef: 7, school: 32 } });
    expect(au("withering_fire").durationMs).toBe(10000);
    expect(au("wailing_arrow_override").durationMs).toBe(15000);
    // the default (Pack Leader) build has them, but not castable / applicable
    expect([sp("black_arrow").active, sp("wailing_arrow").active, au("withering_fire").active]).toEqual([false, false, false]);
  });
  it("a talent list with Dark Ranger talents picks that hero tree; mixing Pack Leader talents is a conflict", async () => {
    const m = (await loadManifest(DATA, "beast-mastery")).manifest;
    const dr = resolveManifest(m, new SpellResolver(bundle), FILE, { talents: DR });
    expect(dr.heroTree).toBe("dark_ranger");
    expect(sp("black_arrow").active).toBe(false);
    expect(dr.spells.find((s) => s.name === "black_arrow")!.active).toBe(true);
    expect(resolveManifest(m, new SpellResolver(bundle), FILE, { talents: ["barbed_scales"] }).heroTree).toBe("pack_leader");
    expect(() => resolveManifest(m, new SpellResolver(bundle), FILE, { talents: [...DR, "lethal_barbs"] })).toThrow(/lethal_barbs.*pack_leader hero talent; the build's hero tree is dark_ranger/);
  });
  it("the SimC APL: the default build never casts them; --talents with the Dark Ranger tree casts both", async () => {
    const rotation = path.join(DATA, "specs/beast-mastery/rotation.simc");
    const cfg = { spec: "beast-mastery", duration: 120, iterations: 20, seed: 5, threads: 1, rotation };
    const pl = await simulate(cfg);
    const casts = (r: SimulateResult, n: string) => r.spells.find((s) => s.name === n)?.casts ?? 0;
    expect([casts(pl, "black_arrow"), casts(pl, "wailing_arrow")]).toEqual([0, 0]);
    const dr = await simulate({ ...cfg, talents: DR });
    expect(dr.heroTree).toBe("dark_ranger");
    expect(casts(dr, "black_arrow")).toBeGreaterThan(0);
    // one Wailing Arrow per Bestial Wrath at most: the 459808 window is paid by the cast
    expect(casts(dr, "wailing_arrow")).toBeGreaterThan(0);
    expect(casts(dr, "wailing_arrow")).toBeLessThanOrEqual(casts(dr, "bestial_wrath"));
    expect(auraSum(dr, "withering_fire").applications).toBe(casts(dr, "bestial_wrath"));
  });
  it("scripted (crit 0, versatility 0, armor 0): Bestial Wrath, then Wailing Arrow = 7 x AP x 1.2 (Bestial Wrath +20 %), Black Arrow = 3.484 x AP x 1.2", async () => {
    const rotation = { main: "m", lists: { m: [{ cast: "bestial_wrath" }, { cast: "wailing_arrow" }, { cast: "black_arrow", if: "!dot.black_arrow.ticking" }] } };
    const img = (await prepareSimulation({ spec: "beast-mastery", bundle, dataDir: DATA, duration: 6, rotation, talents: DR, bloodlust: false })).image;
    img.stats = { ...img.stats, crit: 0, versatility: 0 };
    img.run = { ...img.run, targetArmor: 0 };
    const r = runImage(img, { iterations: 1, seed: 1n });
    const wa = spellRes(r, "wailing_arrow")!;
    expect(wa.casts).toBe(1);
    expect(wa.damage).toBeCloseTo(7 * img.stats.attackPower * 1.2, 6);
    const ba = spellRes(r, "black_arrow")!;
    expect(ba.casts).toBe(1);
    expect(ba.damage).toBeCloseTo(3.484 * img.stats.attackPower * 1.2, 6);
  });
});

// SimulationCraft's default APL run unchanged (data/specs/beast-mastery/rotation.simc): the lines it
// cannot honour are exactly the table of docs/specs/beast-mastery.md ("### Ignored APL lines"), the absent names its table.
describe("SimC default APL (data/specs/beast-mastery/rotation.simc)", () => {
  it("ignoredLines and absentNames are exactly the documented ones", async () => {
    const doc = readFileSync(path.resolve(__dirname, "../docs/specs/beast-mastery.md"), "utf8");
    const ignoredSection = doc.slice(doc.indexOf("### Ignored APL lines"), doc.indexOf("### Absent names"));
    const documented = [...ignoredSection.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    expect(documented).toEqual([76]);
    const r = await simulate({ spec: "beast-mastery", bundle, dataDir: DATA, duration: 30, iterations: 1, timeline: false, preferRotation: "simc" });
    expect(r.rotation.file).toBe(path.join(DATA, "specs/beast-mastery/rotation.simc"));
    expect(r.rotation.ignoredLines.map((l) => l.line)).toEqual(documented);
    // the potion lines 15 and 32 are honoured (docs/consumables.md: Light's Potential)
    expect(r.rotation.ignoredLines.map((l) => l.reason)).toEqual(['unknown aura "liquid_luster" in "buff.liquid_luster.up"']);
    expect([r.rotation.lines, r.rotation.honoured]).toEqual([56, 55]);
    const absentSection = doc.slice(doc.indexOf("### Absent names"));
    const row = /^\| `cobra_fang` \| aura \| 40, 61, 71 \|/m;
    expect(absentSection).toMatch(row);
    expect(r.rotation.absentNames.map((a) => [a.name, a.kind, a.lines])).toEqual([["cobra_fang", "aura", [40, 61, 71]]]);
  });
});
