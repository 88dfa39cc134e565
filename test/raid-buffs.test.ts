// Raid buffs: Bloodlust at the pull (data/specs/_shared/raid.json, docs/manifests.md "Raid buffs").
// Engine part: a hand-built image whose pull aura is a 30 % haste buff for 40 s on 20 % rating haste;
// haste percentages multiply, so the haste during the buff is 1.2 x 1.3 - 1 = 56 %.
// Spec part: the real manifests, values from the 12.0.0.64228 dump (Bloodlust 2825: 30 %, 40 s).
import { describe, expect, it } from "vitest";
import { runImage } from "../src/engine/run.js";
import type { SpecImage } from "../src/engine/image.js";
import { simulate } from "../src/index.js";
import { testImage } from "./helpers/spec-image.js";

// One 3000 ms cast (no GCD lock beyond the cast) dealing 1 damage; 60 s fight; rating haste 20 %.
function lustImage(pull: boolean): SpecImage {
  return testImage("lust", {
    run: { durationMs: 60_000, targets: 1, targetArmor: 0, armorK: 1000, ...(pull ? { pullAura: 0 } : {}) },
    stats: { attackPower: 1000, spellPower: 1000, crit: 0, haste: 20, mastery: 0, versatility: 0 },
    spells: [{ id: 1, name: "bolt", castMs: 3000, startRecoveryCategory: 133, startRecoveryMs: 1500, damage: 0 }],
    auras: [{ name: "bloodlust", owner: "player", durationMs: 40_000, effects: [{ type: "haste", value: 30 }] }],
    damage: [{ spell: 0, kind: "flat", base: 1, coefficient: 0, school: 8 }],
    rotation: { kind: "priority", entries: [{ spell: 0 }] },
  });
}

describe("Bloodlust at the pull (engine)", () => {
  it("multiplies haste: casts of 3000 / (1.2 x 1.3) ms during the 40 s, 3000 / 1.2 ms after", () => {
    // during: round(3000 / 1.56) = 1923 ms -> completions at 1923 k, k = 1..20 (38,460); the 21st starts
    // at 38,460 under the buff and completes at 40,383; then 2500 ms casts: 42,883 ... 57,883 (7 more).
    // An additive 20 + 30 = 50 % would give 2000 ms casts: 19 completions before 40,000 instead of 20.
    const r = runImage(lustImage(true), { iterations: 1, seed: 1n });
    expect(r.spells[0]!.casts).toBe(20 + 1 + 7);
  });

  it("without the pull aura: 3000 / 1.2 = 2500 ms casts, 23 completions before 60 s", () => {
    const r = runImage(lustImage(false), { iterations: 1, seed: 1n });
    expect(r.spells[0]!.casts).toBe(23);
  });
});

describe("Bloodlust at the pull (specs, real data)", () => {
  const base = { spec: "beast-mastery", iterations: 50, duration: 300, timeline: false } as const;

  it("every spec has the 40 s buff from the pull; bloodlust: false removes it", async () => {
    const on = await simulate(base);
    const lust = on.auras.find((a) => a.name === "bloodlust");
    expect(lust).toBeDefined();
    // 40 s of every iteration over the iterations' summed length (fights vary ±20 %: docs/fights.md)
    expect(lust!.uptime).toBeCloseTo(40 / on.fight.meanLengthS, 9);
    const off = await simulate({ ...base, bloodlust: false });
    expect(off.auras.find((a) => a.name === "bloodlust")?.uptime ?? 0).toBe(0);
    expect(on.dps.mean).toBeGreaterThan(off.dps.mean);
  });

  it("rejects a non-boolean bloodlust option", async () => {
    await expect(simulate({ ...base, bloodlust: "no" as unknown as boolean })).rejects.toThrow(/bloodlust/);
  });
});
