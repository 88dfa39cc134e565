// Beast Mastery Hunter (spec 253), the 12.0 Pack Leader build of SimulationCraft's MID1 profile: the entries this
// build added resolve from the 12.0.0.64228 dump blocks (data/sources/12.0.0.64228/hunter.txt) and the real 12.0.5
// rows, checked against the dump lines quoted below; the Howl of the Pack Leader cycle, Nature's Ally and Lethal
// Barbs on a seeded run; Wild Thrash on scripted runs (exact arithmetic: crit 0, versatility 0, armor 0).
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
const FILE = path.join(DATA, "manifests/beast-mastery.json");
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
    expect(spec.allTalents).toEqual(["beast_cleave", "wild_thrash", ...spec.talents]);
    expect(spec.heroTree).toBe("pack_leader");
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

  it("Howl cycle: the first Kill Command starts the 30 s timer; each ready aura is spent by a Kill Command (charge <= 7.5 s away)", () => {
    const ready = auraSum(r, "howl_of_the_pack_leader");
    // timer from the first Kill Command (< 2 s), then 30 s + the wait for Kill Command (0..7.5 s) per cycle
    expect(ready.applications).toBeGreaterThanOrEqual(Math.floor((300 - 2) / (30 + 7.5)));
    expect(ready.applications).toBeLessThanOrEqual(Math.floor(300 / 30));
    // ready is spent within a Kill Command recharge: uptime <= applications x 7.5 s / 300 s
    expect(ready.uptime).toBeLessThanOrEqual((ready.applications * 7.5) / 300 + 1e-9);
    // the timer is up whenever ready is not (after the first Kill Command)
    expect(auraSum(r, "howl_of_the_pack_leader_cooldown").uptime + ready.uptime).toBeGreaterThan(0.95);
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
