// Warnings in the result (and the text report) for settings a spec or rotation silently ignores:
// several targets for a spec with no multi-target damage, and a rotation that leaves the player idle
// while resources overflow (src/engine/targets.ts, src/engine/idle.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { IDLE_WARN_FRACTION, IDLE_WARN_WASTE, idleFraction } from "../src/engine/idle.js";
import { prepareSimulation, simulate, type SimulateResult } from "../src/engine/simulate.js";
import { targetsWarning } from "../src/engine/targets.js";
import { formatWarnings } from "../src/report/warnings.js";
import { formatTextReport } from "../src/report/text.js";

const DATA = path.resolve(__dirname, "../data");
let bundle: DataBundle;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
});
const run = (cfg: Parameters<typeof simulate>[0]) => simulate({ iterations: 20, duration: 120, seed: 3, bundle, dataDir: DATA, varyLength: 0, ...cfg });

describe("warnings.targets", () => {
  it("one target: none", async () => {
    const r = await run({ spec: "fire" });
    expect(r.warnings.targets).toBeNull();
    // no targets warning line (file paths in the report may contain "targets", e.g. a worktree's name)
    expect(formatTextReport(r)).not.toMatch(/(warning|note): \d+ targets/);
  });

  it("Fire with 3 targets names Flamestrike and the Ignite ticks Ignition spreads (Meteor is not taken)", async () => {
    const r = await run({ spec: "fire", targets: 3, timeline: false });
    expect(r.warnings.targets).toMatchObject({ targets: 3, multiTarget: ["flamestrike", "ignite_tick"] });
    expect(r.warnings.targets!.singleTarget).toEqual(expect.arrayContaining(["fireball", "pyroblast", "fire_blast"]));
    expect(r.warnings.targets!.singleTarget).not.toContain("meteor");
  });

  it("a spec with no AoE spell and no cleave: the warning says every hit lands on the primary target", async () => {
    // Every implemented spec now has an AoE spell; take Beast Mastery's image with Multi-Shot unlearned
    // and its cleave aura unused (the default build takes no Beast Cleave): nothing hits more than one.
    const prep = await prepareSimulation({ spec: "beast-mastery", bundle, dataDir: DATA, varyLength: 0, targets: 3, timeline: false });
    const img = prep.image;
    for (const s of img.spells) if (s.name === "multi_shot") s.known = false;
    const t = targetsWarning(img)!;
    expect(t).toMatchObject({ targets: 3, multiTarget: [] });
    expect(t.singleTarget).toEqual(expect.arrayContaining(["kill_command", "cobra_shot", "auto_shot"]));
    const lines = formatWarnings({ spec: "beast-mastery", warnings: { unknownSpellCasts: 0, timelineDropped: 0, targets: t, idle: null }, loadout: null } as unknown as SimulateResult);
    expect(lines).toContain("warning: 3 targets, but beast-mastery models no multi-target damage (no AoE spell, no cleave): every hit lands on the primary target, so this is its single-target DPS");
  });

  it("Beast Mastery with 3 targets (Wild Thrash + Beast Cleave) names its multi-target sources and the single-target spells", async () => {
    const r = await run({ spec: "beast-mastery", targets: 3, talents: ["barbed_scales", "natures_ally", "howl_of_the_pack_leader", "lethal_barbs", "serpentine_strikes", "wild_thrash", "beast_cleave"] });
    const t = r.warnings.targets!;
    expect(t.multiTarget).toEqual(["wild_thrash", "multi_shot", "beast_cleave (cleave)"]);
    expect(t.singleTarget).toEqual(expect.arrayContaining(["pet_melee", "pet_basic_attack", "barbed_shot_tick"]));
    expect(formatTextReport(r)).toMatch(/^note: 3 targets: wild_thrash, multi_shot, beast_cleave \(cleave\) hit several; single-target only: .*pet_melee/m);
  });

  it("Assassination with 3 targets names Fan of Knives (its APL's AoE generator) as its multi-target source", async () => {
    const [one, three] = [await run({ spec: "assassination", timeline: false }), await run({ spec: "assassination", targets: 3, timeline: false })];
    // Fan of Knives hits every target; Garrote and Rupture are spread by cycle_targets (a copy per target)
    expect(three.warnings.targets!.multiTarget).toEqual(["fan_of_knives", "garrote_tick", "rupture_tick"]);
    expect(three.warnings.targets!.singleTarget).toEqual(expect.arrayContaining(["mutilate", "envenom"]));
    expect(three.dps.mean).toBeGreaterThan(one.dps.mean);
  });

  it("Affliction with 3 targets names its AoE spells (Seed of Corruption, Dark Harvest), not the Hellcaller-only Malevolence", async () => {
    const r = await run({ spec: "affliction", targets: 3, timeline: false });
    // Seed and Dark Harvest hit every target; Agony is spread by target_if (SH_aoe's Unstable Affliction line
    // selects no target: it stays on the primary)
    expect(r.warnings.targets!.multiTarget).toEqual(["seed_of_corruption", "dark_harvest", "agony_tick"]);
    expect(r.warnings.targets!.singleTarget).toEqual(expect.arrayContaining(["shadow_bolt", "eye_beam"]));
  });

  it("without the Beast Cleave talent the cleave aura is never applied and is not named", async () => {
    const r = await run({ spec: "beast-mastery", targets: 3, talents: [] });
    expect(r.warnings.targets!.multiTarget).toEqual(["multi_shot"]);
  });
});

describe("warnings.idle", () => {
  it(`a rotation that can only cast Bestial Wrath: idle ${100 * IDLE_WARN_FRACTION} %+ of the fight with focus overflowing → warning`, async () => {
    const rotation = { main: "default", lists: { default: [{ cast: "bestial_wrath" }] } };
    // hand-timed cast times: the reaction model (an idle player's poll delay) is off
    const r = await run({ spec: "beast-mastery", duration: 300, rotation, reaction: false });
    // Bestial Wrath: 90 s cooldown → cast at 0, 90, 180, 270 s; each holds a hasted 1.5 s GCD (floor 0.75 s)
    expect(r.timeline!.casts.map((c) => c.t)).toEqual([0, 90_000, 180_000, 270_000]);
    const gcd = Math.max(750, 1500 / (1 + r.stats.haste / 100));
    const focus = r.resources.find((x) => x.name === "focus")!;
    expect(focus.wasteRate).toBeGreaterThan(IDLE_WARN_WASTE);
    expect(r.warnings.idle).not.toBeNull();
    expect(r.warnings.idle!.fraction).toBeCloseTo(1 - (4 * gcd) / 300_000, 9);
    expect(r.warnings.idle!.threshold).toBe(0.2);
    expect(r.warnings.idle!.wasted).toEqual([{ resource: "focus", wasteRate: focus.wasteRate }]);
    expect(formatTextReport(r)).toContain(
      `warning: the player idled ${(100 * r.warnings.idle!.fraction).toFixed(1)} % of the representative iteration (threshold 20.0 %) while focus wasted ${(100 * focus.wasteRate).toFixed(1)} % of its gains`,
    );
  });

  it.each([["beast-mastery"], ["marksmanship"], ["fire"], ["arms"], ["assassination"], ["affliction"]])("the default %s rotation: no idle warning", async (spec) => {
    const r = await run({ spec, duration: 300 });
    expect(r.warnings.idle).toBeNull();
  });

  it("a resource-starved spec idling with nothing wasted is no warning (Assassination waits for energy)", async () => {
    const r = await run({ spec: "assassination", duration: 300 });
    const { image } = await prepareSimulation({ spec: "assassination", duration: 300, bundle, dataDir: DATA });
    expect(idleFraction(image, r.timeline!)).toBeGreaterThan(IDLE_WARN_FRACTION); // idle, but...
    expect(r.resources.every((x) => x.wasteRate <= IDLE_WARN_WASTE)).toBe(true); // ...nothing overflows
    expect(r.warnings.idle).toBeNull();
  });
});
