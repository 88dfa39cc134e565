// Outlaw Rogue talents of the MID1 build modelled in issue 17 (docs/specs/outlaw.md "What is modelled"): Fan the
// Hammer + Quick Draw (Opportunity charges, extra bullets, combo points per charge), Zero In (auto-attack crits
// stack a Between the Eyes bonus), on scripted runs of the compiled image with crit / haste / versatility forced
// (exact arithmetic). Every expected number is derived by hand from the dump values quoted beside it
// (data/sources/12.0.0.64228/rogue-outlaw.txt).
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { prepareSimulation } from "../src/engine/simulate.js";
import { runImage, type RunResult } from "../src/engine/run.js";
import type { SpecImage } from "../src/engine/image.js";

const DATA = path.resolve(__dirname, "../data");
let bundle: DataBundle;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
});

const rot = (...entries: unknown[]) => ({ main: "m", lists: { m: entries } });
const rec = (r: RunResult, name: string) => r.spells.find((s) => s.name === name);

/** Compile with `rotation`; haste and versatility 0, crit as given; energy 1e6 and no regeneration; Sinister Strike's Opportunity procs at `opportunityChance`. */
async function scripted(rotation: unknown, opts: { durationS: number; talents: string[]; crit?: number; opportunityChance?: number }): Promise<SpecImage> {
  const prep = await prepareSimulation({ spec: "outlaw", bundle, dataDir: DATA, varyLength: 0, duration: opts.durationS, rotation, bloodlust: false, talents: opts.talents, reaction: false });
  const img = prep.image;
  const ss = img.spells.find((s) => s.name === "sinister_strike")!;
  const oc = opts.opportunityChance ?? 0;
  img.opLists[ss.hook!] = img.opLists[ss.hook!]!.map((o) => (o.op === "procChance" ? { ...o, chance: oc } : o));
  img.stats = { ...img.stats, crit: opts.crit ?? 0, haste: 0, versatility: 0, mastery: 0 };
  img.resources = img.resources.map((r) => (r.name === "energy" ? { ...r, max: 1e6, initial: 1e6, regenPerSec: 0 } : r));
  return img;
}

describe("Fan the Hammer (381846, rank 2) and Quick Draw (196938)", () => {
  // Sinister Strike at 0, 2, 4, 6, 8 s always grants Opportunity: 1 charge + 2 (Fan the Hammer #1 at rank 2,
  // `Effect#1 [op=set, values=(1, 2)]`) = 3. Pistol Shot at 1, 3, 5, 7, 9 s consumes the 3 charges: the shot and 2
  // extra bullets (op 185763), each bullet at 0.6 AP x 0.8 (#3 `Base Value: 20`: 20 % less) and, like the shot, x 2.2
  // from Opportunity (195627 #2 100 + Quick Draw #1 20). So per Pistol Shot: 2 bullet hits of 0.8 x the shot's hit.
  // Combo points per Pistol Shot: 1 (185763 #2) + 1 per charge consumed (Quick Draw) x 3 = 4; per Sinister Strike:
  // 1 + 1 for the second strike (197834 #2) = 2 (the next test reads the points through the Dispatches they allow).
  const rotation = rot({ cast: "pistol_shot", if: "buff.opportunity.up" }, { cast: "sinister_strike" });
  const talents = ["opportunity", "fan_the_hammer", "quick_draw"];

  it("each Pistol Shot with 3 charges fires 2 extra bullets of 0.8 x its hit and leaves no charge", async () => {
    const img = await scripted(rotation, { durationS: 10, talents, opportunityChance: 1 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    const ps = rec(r, "pistol_shot")!;
    const bullets = rec(r, "damage_185763")!;
    expect(ps.casts).toBe(5);
    expect(bullets.hits).toBe(10);
    expect(bullets.damage / bullets.hits).toBeCloseTo(0.8 * (ps.damage / ps.hits), 6);
  });

  it("without Fan the Hammer Opportunity holds 1 charge: no extra bullet", async () => {
    const img = await scripted(rotation, { durationS: 10, talents: ["opportunity", "quick_draw"], opportunityChance: 1 });
    const r = runImage(img, { iterations: 1, seed: 1n });
    expect(rec(r, "pistol_shot")!.casts).toBe(5);
    expect(rec(r, "damage_185763")?.hits ?? 0).toBe(0);
  });

  it("Quick Draw's combo points: Pistol Shot with 3 charges brings 1 + 3 = 4, enough for a 6-point Dispatch right after", async () => {
    // 6-point maximum (Deeper Stratagem). With Quick Draw: SS at 0 s (2 points: the forced second strike, 3 charges),
    // PS at 1 s (+4: 6 points), Dispatch at 2 s spends them; the triple repeats: Dispatches at 2, 5, 8 s -> 3 in 10 s.
    // Without Quick Draw a Pistol Shot brings its own 1 point only: SS 0 s (2), PS 1 s (3), SS 2 s (5), PS 3 s (6),
    // Dispatch 4 s, and again at 9 s -> 2 in 10 s.
    const r3 = rot({ cast: "dispatch", if: "combo_points >= 6" }, { cast: "pistol_shot", if: "buff.opportunity.up" }, { cast: "sinister_strike" });
    const qd = runImage(await scripted(r3, { durationS: 10, talents: [...talents, "deeper_stratagem"], opportunityChance: 1 }), { iterations: 1, seed: 1n });
    expect(rec(qd, "dispatch")!.casts).toBe(3);
    const noQd = runImage(await scripted(r3, { durationS: 10, talents: ["opportunity", "fan_the_hammer", "deeper_stratagem"], opportunityChance: 1 }), { iterations: 1, seed: 1n });
    expect(rec(noQd, "dispatch")!.casts).toBe(2);
  });
});

describe("Zero In (1259485 / 1259486)", () => {
  // Sinister Strike at 0, 1, 2, 3 s (1 point each, Opportunity off), Between the Eyes at 4 s with 4 points; 4.5 s
  // fight. Every auto attack crits (crit 100): each adds a Zero In stack (1259485 `Proc Flags: White Melee`), and the
  // Between the Eyes deals 1 + 3 % (1259486 #2 `Base Value: 3`, additive) per stack. With the 2.6 s weapon on both
  // hands (profile) the swings land at 0 and 2.6 s: 2 per hand, 4 stacks, x 1.12 against the run without the talent.
  const rotation = rot({ cast: "between_the_eyes", if: "combo_points >= 4" }, { cast: "sinister_strike" });

  it("Between the Eyes deals 1 + 0.03 x (auto-attack crits before it)", async () => {
    const on = runImage(await scripted(rotation, { durationS: 4.5, talents: ["opportunity", "zero_in"], crit: 100 }), { iterations: 1, seed: 1n });
    const off = runImage(await scripted(rotation, { durationS: 4.5, talents: ["opportunity"], crit: 100 }), { iterations: 1, seed: 1n });
    const swings = rec(on, "auto_attack")!.hits + rec(on, "auto_attack_off_hand")!.hits;
    expect(swings).toBe(4);
    expect(rec(on, "between_the_eyes")!.casts).toBe(1);
    expect(rec(on, "between_the_eyes")!.damage / rec(off, "between_the_eyes")!.damage).toBeCloseTo(1 + 0.03 * swings, 9);
  });
});
