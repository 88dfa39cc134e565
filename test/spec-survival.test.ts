// Survival Hunter (spec 255): every spell the SV manifest uses resolves from the tables generated from the
// 12.0.0.64228 spell dump (data/sources/12.0.0.64228/hunter-survival.txt + the shared hunter.txt); resolved values
// hand-checked against the dump lines quoted below and the real 12.0.5 rows; the signature mechanics on compiled
// hits (exact arithmetic: crit 0, versatility 0, mastery 0, target armor 0): Tip of the Spear, Takedown's window
// for the player and the pet, the melee auto attack replacing Auto Shot, Boomstick's up-front channel cost;
// the SimC APL's ignored lines; a fixed-seed smoke run of the default build.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { SpellResolver } from "../src/data/resolver.js";
import type { DataBundle } from "../src/data/types.js";
import { loadManifest, ManifestError, resolveManifest, validateManifest, type Manifest, type ResolvedSpec } from "../src/manifest/index.js";
import { prepareSimulation, simulate } from "../src/engine/simulate.js";
import { runImage, type RunResult } from "../src/engine/run.js";
import type { SpecImage } from "../src/engine/image.js";
import { expectSeedDeterminism } from "./helpers/spec-run.js";

const DATA = path.resolve(__dirname, "../data");
const FILE = path.join(DATA, "specs/survival/manifest.json");
const DUMPS = ["hunter-survival.txt", "hunter.txt"].map((f) => path.join(DATA, "sources/12.0.0.64228", f));

let bundle: DataBundle;
let resolver: SpellResolver;
let manifest: Manifest;
let spec: ResolvedSpec;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
  resolver = new SpellResolver(bundle);
  manifest = (await loadManifest(DATA, "survival")).manifest;
  spec = resolveManifest(manifest, resolver, FILE);
});

const sp = (name: string) => spec.spells.find((s) => s.name === name)!;
const au = (name: string) => spec.auras.find((a) => a.name === name)!;
const eff = (id: number, e: number) => resolver.get_spell_effect(id, e)!;

describe("Survival's spells resolve from the 12.0.0.64228 dump blocks", () => {
  it("each Survival block came from data/sources/12.0.0.64228/hunter-survival.txt (ascending ids) and names its spell", () => {
    const provenance = JSON.parse(readFileSync(path.join(DATA, "data/spell-dump.json"), "utf8")).spells as Record<string, string>;
    const text = readFileSync(DUMPS[0]!, "utf8");
    const ids = [...text.matchAll(/^Name\s+: .*\(id=(\d+)\)/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual([137017, 186270, 186289, 190925, 259277, 259489, 259495, 260285, 260286, 263135, 264332, 265157, 269747, 1250646, 1251592, 1251595, 1251610, 1251614, 1253859, 1253862, 1258571, 1261193, 1261215]);
    const lines = text.split("\n");
    for (const id of ids) {
      expect(resolver.requireRecord(id).id, String(id)).toBe(id);
      const at = provenance[String(id)]!;
      expect(at, String(id)).toMatch(/^sources\/12\.0\.0\.64228\/hunter-survival\.txt:\d+$/);
      expect(lines[Number(at.split(":")[1]) - 1], String(id)).toMatch(new RegExp(`^Name\\s+: .*\\(id=${id}\\)`));
    }
    // no block is in both files (the shared hunter.txt keeps BM / MM / the Sentinel pieces)
    const shared = readFileSync(DUMPS[1]!, "utf8");
    for (const id of ids) expect(shared.includes(`(id=${id}) [`), String(id)).toBe(false);
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

  it("melee: the spec's auto attack (6603) replaces hunter.json's Auto Shot; the hunter pet stays", () => {
    expect(spec.autoAttack).toMatchObject({ name: "auto_attack", spell: 6603, school: 1, weaponMultiplier: 1 });
    expect(spec.pets.map((p) => p.name)).toEqual(["main"]);
    // Dark Ranger is no Survival hero tree: hunter.json's Black Arrow / Wailing Arrow are removed
    expect(spec.spells.some((s) => s.name === "black_arrow" || s.name === "wailing_arrow")).toBe(false);
  });

  it("mastery Spirit Bond 263135: effect 1 'SP Coefficient: 0.85', kind uniform (effects 3 pet and 5 auto attack carry the same 0.85)", () => {
    expect(spec.mastery).toMatchObject({ spell: 263135, kind: "uniform", coefficient: 0.85 });
    for (const e of [1, 2, 3, 5, 8]) expect(eff(263135, e).bonus_coefficient, `effect ${e}`).toBeCloseTo(0.85, 9);
  });

  it("Kill Command 259489: the pet's 259277 'AP Coefficient: 1.38', +15 focus (effect 2 'Energize Power ... Base Value: 15'); 2 charges / 5 s (real SpellCategory 1171); grants Tip of the Spear", () => {
    const kc = sp("kill_command");
    expect(kc).toMatchObject({ maxCharges: 2, chargeRecoveryMs: 5000 });
    expect(kc.damage).toMatchObject({ apCoef: 1.38, pet: "main", school: 1 });
    expect(eff(259489, 2).base_points).toBe(15);
    expect(kc.gain).toBe(15);
    expect(kc.onCast).toContainEqual(expect.objectContaining({ op: "apply_aura", aura: "tip_of_the_spear" }));
  });

  it("Raptor Strike 186270: 30 focus (real SpellPower row 10353; the 12.0.0 dump says '40 Focus'), effect 1 'AP Coefficient: 2.86' physical", () => {
    expect(sp("raptor_strike")).toMatchObject({ cost: 30, resource: "focus" });
    expect(sp("raptor_strike").damage).toMatchObject({ apCoef: 2.86, school: 1 });
  });

  it("Tip of the Spear: 260286 'Stacks : 3 maximum', 'Duration : 10 seconds'; its effect 1 is 0, the talent 260285 effect 1 sets 15", () => {
    expect(eff(260286, 1).base_points).toBe(0);
    expect(eff(260285, 1).base_points).toBe(15);
    expect(au("tip_of_the_spear")).toMatchObject({ maxStacks: 3, durationMs: 10_000 });
  });

  it("Wildfire Bomb: 265157 'AP Coefficient: 1.5795' fire on every target; DoT 269747 every 1 s, AP 0.20988, 6 s; 2 charges with Guerrilla Tactics (264332 effect 1 +1), 18 s recharge", () => {
    expect(sp("wildfire_bomb").damage).toMatchObject({ apCoef: 1.5795, school: 4, aoe: "all" });
    expect(sp("wildfire_bomb")).toMatchObject({ maxCharges: 2, chargeRecoveryMs: 18_000 });
    expect(au("wildfire_bomb")).toMatchObject({ durationMs: 6000, tickPeriodMs: 1000 });
    expect(au("wildfire_bomb").tickDamage).toMatchObject({ apCoef: 0.20988, school: 4 });
  });

  it("Takedown 1250646: 90 s, 'Duration : 8 seconds', +20 % (effect 1) for the player and the pet; strikes 1253859 (AP 12) + pet 1253862 (AP 6); +50 focus (1258571)", () => {
    expect(sp("takedown")).toMatchObject({ recoveryMs: 90_000, gain: 50 });
    expect(sp("takedown").damage).toMatchObject({ apCoef: 12, school: 1 });
    expect(sp("takedown").onCast).toContainEqual(expect.objectContaining({ op: "damage", spell: 1253862, apCoef: 6, pet: "main" }));
    expect(au("takedown")).toMatchObject({ durationMs: 8000, appliesToPets: true });
    expect(eff(1250646, 1).base_points).toBe(20);
    expect(eff(1250646, 3).base_points).toBe(20);
  });

  it("Boomstick 1261193: 50 focus (real SpellPower row 312325; the dump says '30 Focus'), 60 s, a 3 s hasted channel of ($d/$t1)+1 = 4 blasts of 1261215 ('AP Coefficient: 7.5', every target)", () => {
    expect(sp("boomstick")).toMatchObject({ cost: 50, recoveryMs: 60_000 });
    expect(sp("boomstick").channel).toMatchObject({ durationMs: 3000, ticks: 4, hasted: true });
    expect(sp("boomstick").channel!.tickDamage).toMatchObject({ apCoef: 7.5, school: 1, aoe: "all" });
  });

  it("Flamefang Pitch 1251592: 1 charge / 60 s; impact 1251595 'AP Coefficient: 6' fire on every target; ground 1251610 (8 s) ticking 1251614 (AP 0.5)", () => {
    expect(sp("flamefang_pitch").damage).toMatchObject({ apCoef: 6, school: 4, aoe: "all" });
    expect(au("flamefang_pitch")).toMatchObject({ durationMs: 8000, tickPeriodMs: 1000 });
    expect(au("flamefang_pitch").tickDamage).toMatchObject({ apCoef: 0.5, school: 4 });
  });
});

const rot = (...entries: unknown[]) => ({ main: "m", lists: { m: entries } });
async function scripted(rotation: unknown, durationS = 12): Promise<SpecImage> {
  // no Bloodlust, potion or racial: the GCD is the real row's 1.5 s (haste 0 below)
  const img = (await prepareSimulation({ spec: "survival", bundle, dataDir: DATA, varyLength: 0, duration: durationS, rotation, bloodlust: false, potion: false, racials: false })).image;
  img.stats = { ...img.stats, crit: 0, versatility: 0, mastery: 0, haste: 0 };
  img.run = { ...img.run, targetArmor: 0 };
  return img;
}
const spellRes = (r: RunResult, name: string) => r.spells.find((s) => s.name === name)!;
const PASSIVE = 1.04; // Survival Hunter 137017 effect 1 (+4 % direct)
const PET = 1 + 34.16 / 100; // Survival Hunter 137017 effect 3 'Modify Pet Damage Done% (429) Base Value: 34.16' (auras.survival_hunter_pet)

describe("compiled hits: coefficient x AP x spec aura (mastery 0)", () => {
  it("Tip of the Spear: Kill Command, then two Raptor Strikes: the first is x 1.15 and takes the stack, the second is not", async () => {
    const img = await scripted(rot({ cast: "kill_command", if: "time < 1" }, { cast: "raptor_strike", if: "time > 1 & time < 4" }), 6);
    const r = runImage(img, { iterations: 1, seed: 1n });
    const ap = img.stats.attackPower;
    expect(spellRes(r, "raptor_strike").casts).toBe(2);
    expect(spellRes(r, "raptor_strike").damage).toBeCloseTo(2.86 * PASSIVE * ap * (1.15 + 1), 6);
    // the pet's Kill Command: 1.38 x pet AP (0.6 x AP) x 1.04 x the spec aura's pet part 1.3416
    expect(spellRes(r, "kill_command").damage).toBeCloseTo(1.38 * 0.6 * ap * PASSIVE * PET, 6);
  });

  it("Tip of the Spear does not grow with its stacks (Suppress Points Stacking): three Kill Commands, then one Raptor Strike = x 1.15", async () => {
    // Kill Command's 1 charge recharges in its real-row time: cast it while it is ready, for 3 stacks
    const img = await scripted(rot({ cast: "raptor_strike", if: "buff.tip_of_the_spear.stack = 3" }, { cast: "kill_command", if: "buff.tip_of_the_spear.stack < 3" }), 30);
    const r = runImage(img, { iterations: 1, seed: 1n });
    const ap = img.stats.attackPower;
    const rs = spellRes(r, "raptor_strike");
    expect(rs.casts).toBeGreaterThanOrEqual(1);
    expect(rs.damage / rs.casts).toBeCloseTo(2.86 * PASSIVE * 1.15 * ap, 6);
  });

  it("Takedown: its own strike (12 x AP) and the pet's (6 x pet AP), then +20 % on the player's Raptor Strike and the pet's Kill Command", async () => {
    const img = await scripted(rot({ cast: "takedown", if: "time < 1" }, { cast: "kill_command", if: "time > 1 & time < 2" }, { cast: "raptor_strike", if: "time > 2 & time < 4" }), 6);
    const r = runImage(img, { iterations: 1, seed: 1n });
    const ap = img.stats.attackPower;
    expect(spellRes(r, "takedown").damage).toBeCloseTo(12 * PASSIVE * ap, 6);
    expect(spellRes(r, "damage_1253862").damage).toBeCloseTo(6 * 0.6 * ap * PASSIVE * PET, 6);
    expect(spellRes(r, "kill_command").damage).toBeCloseTo(1.38 * 0.6 * ap * PASSIVE * PET * 1.2, 6);
    // the Raptor Strike also spends the Kill Command's Tip of the Spear
    expect(spellRes(r, "raptor_strike").damage).toBeCloseTo(2.86 * PASSIVE * 1.2 * 1.15 * ap, 6);
  });

  it("the melee swing is the auto attack: no Auto Shot in the build", async () => {
    const img = await scripted(rot({ cast: "raptor_strike", if: "time > 100" }), 10);
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(spellRes(r, "auto_attack").damage).toBeGreaterThan(0);
    expect(r.spells.some((s) => s.name === "auto_shot")).toBe(false);
  });
});

describe("damage_mult_spells per_stack (manifest validation)", () => {
  const doc = () => {
    const m = structuredClone(manifest) as any;
    for (const e of [...m.spells, ...m.auras]) if (e.unavailable !== undefined) for (const k of Object.keys(e)) if (!["name", "id", "comment", "unavailable"].includes(k)) delete e[k];
    return m;
  };
  const tip = (m: any) => m.auras.find((a: any) => a.name === "tip_of_the_spear").effects[0];
  it("per_stack false with additive is a typed error naming the field", () => {
    const m = doc();
    tip(m).additive = true;
    expect(() => validateManifest(m, "sv.json")).toThrow(ManifestError);
    expect(() => validateManifest(m, "sv.json")).toThrow(/exclude each other/);
  });
  it("per_stack on another effect type is a typed error", () => {
    const m = doc();
    m.auras.find((a: any) => a.name === "takedown").effects[0].per_stack = false;
    expect(() => validateManifest(m, "sv.json")).toThrow(/belong to damage_mult_spells/);
  });
  it("with per_stack true (the default), three stacks multiply: the Raptor Strike after three Kill Commands is x 1.15^3", async () => {
    const m = doc();
    delete tip(m).per_stack;
    const img = (await prepareSimulation({ spec: "survival", bundle, dataDir: DATA, manifest: m, varyLength: 0, duration: 30, bloodlust: false, potion: false, racials: false, rotation: rot({ cast: "raptor_strike", if: "buff.tip_of_the_spear.stack = 3" }, { cast: "kill_command", if: "buff.tip_of_the_spear.stack < 3" }) })).image;
    img.stats = { ...img.stats, crit: 0, versatility: 0, mastery: 0, haste: 0 };
    img.run = { ...img.run, targetArmor: 0 };
    const r = runImage(img, { iterations: 1, seed: 1n });
    const rs = spellRes(r, "raptor_strike");
    expect(rs.casts).toBeGreaterThanOrEqual(1);
    // the first Raptor Strike spends one of three stacks: 1.15^3; later ones may find 3 again (Kill Command refills)
    expect(rs.damage / rs.casts).toBeCloseTo(2.86 * PASSIVE * 1.15 ** 3 * img.stats.attackPower, 6);
  });
});

describe("a channel with an up-front cost (Boomstick: 50 focus at the start, 4 blasts)", () => {
  it("each cast spends its 50 focus once, at the start; 4 blasts", async () => {
    const r = await simulate({ spec: "survival", bundle, dataDir: DATA, varyLength: 0, duration: 10, iterations: 1, seed: 1, potion: false, racials: false, bloodlust: false, rotation: rot({ cast: "boomstick" }) });
    const focus = r.resources.find((x) => x.name === "focus")!;
    const boom = r.spells.find((s) => s.name === "boomstick")!;
    expect(boom.casts).toBe(1); // 60 s cooldown
    expect(focus.sources.find((s) => s.name === "boomstick")!.spent).toBe(50);
    expect(boom.ticks ?? boom.hits).toBe(4);
  });

  it("a channel that states both a start cost and a per-tick cost is refused at compile time", async () => {
    const m = structuredClone(manifest) as any;
    // a loaded manifest carries the validator's defaults; an `unavailable` entry accepts only name/id/comment
    for (const e of [...m.spells, ...m.auras]) if (e.unavailable !== undefined) for (const k of Object.keys(e)) if (!["name", "id", "comment", "unavailable"].includes(k)) delete e[k];
    m.spells.find((s: any) => s.name === "boomstick").channel.tick_cost = 5;
    await expect(prepareSimulation({ spec: "survival", bundle, dataDir: DATA, manifest: m })).rejects.toThrow(/both a start cost and a per-tick cost/);
  });
});

describe("the SimC APL (data/specs/survival/rotation.simc)", () => {
  it("every line is honoured (59 / 59; docs/specs/survival.md lists none)", async () => {
    const r = await simulate({ spec: "survival", bundle, dataDir: DATA, duration: 30, iterations: 2, seed: 1 });
    expect(r.rotation).toMatchObject({ format: "simc", lines: 59, honoured: 59 });
    expect(r.rotation!.ignoredLines.map((l) => l.line)).toEqual([]);
    const page = readFileSync(path.resolve(__dirname, "../docs/specs/survival.md"), "utf8");
    expect(page).toMatch(/\*\*59 \/ 59 lines honoured \(100 %\)\.\*\* No line is ignored\./);
  });

  it("Harpoon (190925 'Range : 8 - 30 yards', real SpellRange row): usable_if.harpoon is its minimum range, so at melee distance it is never cast", async () => {
    const misc = bundle.table("SpellMisc").rows.find((r) => r["SpellID"] === 190925)!;
    const range = bundle.table("SpellRange").byId(Number(misc["RangeIndex"]))!;
    expect(range["RangeMin_0"]).toBe(8);
    expect(manifest.expressions?.["usable_if.harpoon"]).toBe("target.distance >= 8");
    const r = await simulate({ spec: "survival", bundle, dataDir: DATA, duration: 120, iterations: 2, seed: 1 });
    expect(r.spells.find((s) => s.name === "harpoon")?.casts ?? 0).toBe(0);
    // at 8 yards and beyond (a manifest saying so) the line casts it after a Kill Command
    const far = structuredClone(manifest) as any;
    for (const e of [...far.spells, ...far.auras]) if (e.unavailable !== undefined) for (const k of Object.keys(e)) if (!["name", "id", "comment", "unavailable"].includes(k)) delete e[k];
    far.expressions["target.distance"] = "10";
    const r2 = await simulate({ spec: "survival", bundle, dataDir: DATA, manifest: far, duration: 120, iterations: 2, seed: 1 });
    expect(r2.spells.find((s) => s.name === "harpoon")!.casts).toBeGreaterThan(0);
  });

  it("target.distance is the melee range of Raptor Strike (186270 'Range : 5 yards'): Aspect of the Eagle (>= 6) is never cast", async () => {
    expect(manifest.expressions?.["target.distance"]).toBe("5");
    const r = await simulate({ spec: "survival", bundle, dataDir: DATA, duration: 120, iterations: 2, seed: 1 });
    expect(r.spells.find((s) => s.name === "aspect_of_the_eagle")?.casts ?? 0).toBe(0);
  });
});

describe("default build smoke run (300 s, 1 target, 200 iterations, seed 7)", () => {
  const N = 200;
  let a: RunResult;
  let img: SpecImage;
  const per = (name: string) => spellRes(a, name).casts / N;
  beforeAll(async () => {
    img = (await prepareSimulation({ spec: "survival", bundle, dataDir: DATA, varyLength: 0, duration: 300 })).image;
    a = runImage(img, { iterations: N, seed: 7n });
  }, 60_000);

  it("runs with positive DPS, pet damage, every modelled damage spell deals damage", () => {
    expect(a.dps.mean).toBeGreaterThan(0);
    expect(a.damage.pet).toBeGreaterThan(0);
    for (const n of ["raptor_strike", "kill_command", "wildfire_bomb", "takedown", "boomstick", "flamefang_pitch", "moonlight_chakram", "auto_attack"]) expect(spellRes(a, n).damage, n).toBeGreaterThan(0);
    expect(a.warnings.unknownSpellCasts).toBe(0);
  });

  it("Takedown: 90 s cooldown → at most 1 + 300 / 90 = 4 casts; Moonlight Chakram at most once per Takedown", () => {
    expect(per("takedown")).toBeLessThanOrEqual(4);
    expect(per("takedown")).toBeGreaterThanOrEqual(3);
    expect(per("moonlight_chakram")).toBeLessThanOrEqual(per("takedown"));
  });

  it("Boomstick: 60 s → at most 1 + 300 / 60 = 6 casts, 4 blasts each", () => {
    expect(per("boomstick")).toBeLessThanOrEqual(6);
  });

  it("is deterministic: same seed -> identical result; another seed differs", () => expectSeedDeterminism(img, a, N));
});
