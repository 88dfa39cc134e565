// The text summary (`combatsim sim`): DoT tick entries grouped under their spell, "-" for values that do
// not apply, procs listed, resources in the game's units (PowerType.DisplayModifier).
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { simulate, type SimulateResult } from "../src/engine/simulate.js";
import { formatTextReport } from "../src/report/text.js";

const DATA = path.resolve(__dirname, "../data");
const fmt1 = (x: number) => x.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
let bundle: DataBundle;
const results: Record<string, SimulateResult> = {};
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
  for (const spec of ["arms", "beast-mastery"]) results[spec] = await simulate({ spec, iterations: 40, duration: 120, seed: 7, bundle, dataDir: DATA });
  // Affliction with a DoT rotation (its default APL casts no DoT on one target: SimC's SH_st list is missing)
  const dots = { main: "m", lists: { m: [
    { cast: "agony", if: "dot.agony.remains < 5" }, { cast: "corruption", if: "dot.corruption.remains < 4" },
    { cast: "unstable_affliction", if: "soul_shards >= 10" }, { cast: "seed_of_corruption", if: "time > 200" }, { cast: "shadow_bolt" },
  ] } };
  // ... and Seed of Corruption's Corruption left out, so Corruption's ticks have one source (the cast)
  const manifest = JSON.parse(readFileSync(path.join(DATA, "specs/affliction/manifest.json"), "utf8"));
  manifest.spells.find((x: { name: string }) => x.name === "seed_of_corruption").on_cast = [];
  results.affliction = await simulate({ spec: "affliction", iterations: 40, duration: 120, seed: 7, bundle, dataDir: DATA, rotation: dots, manifest });
}, 60_000);
const spell = (r: SimulateResult, name: string) => r.spells.find((s) => s.name === name)!;

describe("result: spells[].parent", () => {
  it("a DoT's tick entry names the spell that applies its aura; an aura with two sources has none", () => {
    const aff = results.affliction!;
    expect(spell(aff, "agony_tick").parent).toBe("agony");
    expect(spell(aff, "corruption_tick").parent).toBe("corruption");
    expect(spell(aff, "unstable_affliction_tick").parent).toBe("unstable_affliction");
    expect(spell(aff, "agony").parent).toBeNull();
    // Deep Wounds: applied by Execute's hook and by the Mortal Wounds proc
    expect(spell(results.arms!, "deep_wounds_tick").parent).toBeNull();
    expect(spell(results["beast-mastery"]!, "barbed_shot_tick").parent).toBe("barbed_shot");
  });
});

describe("text report: spell table", () => {
  it("a DoT is one row with its casts and the ticks' damage (no 0-DPS cast beside a tick row without casts)", () => {
    const r = results.affliction!;
    const t = formatTextReport(r);
    const agony = spell(r, "agony");
    const tick = spell(r, "agony_tick");
    expect(agony.damage).toBe(0); // the cast itself deals nothing: the whole row is the ticks'
    expect(t).toMatch(new RegExp(`^agony +${agony.casts.toFixed(1)} +${esc(fmt1(tick.dps))} +${(100 * tick.share).toFixed(1)}% +${(100 * tick.critRate).toFixed(1)}% +${tick.ticks.toFixed(1)}$`, "m"));
    expect(t).not.toMatch(/^agony_tick/m);
    expect(t).not.toMatch(/^ +agony_tick/m);
  });

  it("when the cast and its ticks both deal damage: the group total, then both parts indented", () => {
    const r = results.affliction!;
    const t = formatTextReport(r);
    const c = spell(r, "corruption");
    const k = spell(r, "corruption_tick");
    expect(c.damage).toBeGreaterThan(0);
    const lines = t.split("\n");
    const at = lines.findIndex((l) => l.startsWith("corruption "));
    expect(lines[at]).toMatch(new RegExp(`^corruption +${c.casts.toFixed(1)} +${esc(fmt1(c.dps + k.dps))} `));
    expect(lines[at + 1]).toMatch(new RegExp(`^  corruption +${c.casts.toFixed(1)} +${esc(fmt1(c.dps))} `));
    expect(lines[at + 2]).toMatch(new RegExp(`^  corruption_tick +- +${esc(fmt1(k.dps))} `));
  });

  it("'-' for the casts of entries never cast (auto attacks, pet swings) and the crit of a spell without hits", () => {
    const r = results["beast-mastery"]!;
    const t = formatTextReport(r);
    expect(spell(r, "auto_shot").casts).toBe(0);
    expect(t).toMatch(new RegExp(`^auto_shot +- +${esc(fmt1(spell(r, "auto_shot").dps))} `, "m"));
    expect(t).toMatch(/^pet_melee +- +[\d,.]+ .* pet$/m);
    expect(spell(r, "bestial_wrath").hits).toBe(0);
    expect(t).toMatch(new RegExp(`^bestial_wrath +${spell(r, "bestial_wrath").casts.toFixed(1)} +0\\.0 +0\\.0% +- +0\\.0$`, "m"));
    expect(t).not.toMatch(/^\S+ +0\.0 +[1-9]/m); // no damage row with "casts 0.0"
  });
});

describe("text report: procs", () => {
  it("lists every proc with its kind, count per iteration and per minute", () => {
    const r = results.arms!;
    const t = formatTextReport(r);
    // per minute of the iterations' mean length (fights vary ±20 % around 120 s: docs/fights.md)
    expect(r.fight.meanLengthS).not.toBe(120);
    expect(t).toContain(`arms: 120 s ± 20 % (mean ${r.fight.meanLengthS.toFixed(1)} s)`);
    // the Arms default build (Slayer): impact and RPPM procs are reported; cast procs (Tactician, Martial Prowess) run inside the cast
    expect(r.procs.map((p) => p.name)).toEqual(["rage_from_auto_attack", "mortal_wounds", "slayers_dominance", "sudden_death"]);
    expect(t).toMatch(/^proc +kind +per iteration +per minute$/m);
    for (const p of r.procs) {
      expect(t).toMatch(new RegExp(`^${p.name} +${p.kind} +${p.perIteration.toFixed(1)} +${((p.perIteration * 60) / r.fight.meanLengthS).toFixed(2)}$`, "m"));
    }
  });
});

describe("text report: resources in the game's units", () => {
  it("soul shards and rage are divided by PowerType.DisplayModifier (10); focus is not", () => {
    const aff = results.affliction!;
    const shards = aff.resources.find((x) => x.name === "soul_shards")!;
    expect(shards.displayModifier).toBe(10); // PowerType SOUL_SHARDS row: DisplayModifier 10
    expect(formatTextReport(aff)).toContain(`soul_shards: spent ${fmt1(shards.spent / 10)}, gained ${fmt1(shards.gained / 10)}, wasted ${fmt1(shards.wasted / 10)}`);
    const rage = results.arms!.resources.find((x) => x.name === "rage")!;
    expect(rage.displayModifier).toBe(10); // PowerType RAGE row
    expect(formatTextReport(results.arms!)).toContain(`rage: spent ${fmt1(rage.spent / 10)}, gained ${fmt1(rage.gained / 10)}`);
    const focus = results["beast-mastery"]!.resources[0]!;
    expect(focus.displayModifier).toBe(1);
    expect(formatTextReport(results["beast-mastery"]!)).toContain(`focus: spent ${fmt1(focus.spent)}, gained ${fmt1(focus.gained)}`);
  });
});
