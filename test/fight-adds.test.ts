// Fight style `adds` (assembly/engine/raid-adds.ts, src/engine/fight-style.ts, docs/fights.md "Fight
// styles"): add windows, active_enemies and raid_event.adds.* through the real engine on hand-built images
// (no crit, haste, versatility or armor: exact arithmetic), an AoE spec gaining from the adds, DoTs
// ending with their add, typed errors and thread-count determinism.
//
// The schedule used by the hand-built fights: 2 adds, first 2.2 s, cooldown 5 s, duration 3 s, last 14 s.
// Waves spawn at 2.2, 7.2, 12.2 s (17.2 is not before last) and live [2.2, 5.2), [7.2, 10.2),
// [12.2, 15.2) s. Every spell is an instant on the 1.5 s GCD: decisions at 0, 1.5, 3, ..., 13.5 (15 s
// fight), never on a window edge.
import { describe, expect, it } from "vitest";
import { runImage } from "../src/engine/run.js";
import { captureTimeline } from "../src/engine/simulate-telemetry.js";
import { ImageError, type SpecImage, type SpellImage } from "../src/engine/image.js";
import { prepareSimulation, simulate } from "../src/engine/simulate.js";
import { simConfig } from "../src/cli/sim.js";
import { compileRotation, type RotationJson } from "../src/rotation/index.js";
import { hecticAdds } from "../src/engine/fight-style.js";
import { testImage } from "./helpers/spec-image.js";
import { imageSymbols } from "./helpers/rotation-symbols.js";

const GCD = { startRecoveryCategory: 133, startRecoveryMs: 1500 } as const;
const spell = (name: string, extra: Partial<SpellImage> = {}): SpellImage => ({ id: 1, name, castMs: 0, ...GCD, ...extra });
const ADDS_S = { count: 2, first: 2.2, cooldown: 5, duration: 3, last: 14 };
const ADDS_MS = { count: 2, firstMs: 2200, cooldownMs: 5000, durationMs: 3000, lastMs: 14_000 };

/** `img` (its run: 15 s, 1 enemy + the waves' 2 slots unless `adds` is false) with `rot` compiled against it. */
function fight(img: SpecImage, rot: RotationJson, adds = true, durationMs = 15_000): SpecImage {
  const run = { ...img.run, durationMs, targets: adds ? 3 : img.run.targets, ...(adds ? { adds: ADDS_MS } : {}) };
  const extra = { petAura: () => undefined, resource: () => undefined, pet: () => undefined, spellAura: (n: string) => { const i = img.auras.findIndex((a) => a.name === n); return i < 0 ? undefined : i; } };
  const c = compileRotation(rot, imageSymbols(img, adds ? { ...extra, adds: ADDS_S } : { ...extra, activeEnemies: img.run.targets }), "adds.json", { fast: true, scan: true });
  return { ...img, run, rotation: { kind: "bytecode", code: c.code, constants: c.constants, spells: c.spells, targetSpells: c.targetSpells } };
}

const castsOf = (img: SpecImage) => captureTimeline(img, 7n, 0, 0).casts.map((c) => [c.start, c.name] as const);

describe("adds: windows, active_enemies and raid_event.adds.*", () => {
  const img = testImage("adds", { spells: [spell("aoe"), spell("soon"), spell("never"), spell("cd"), spell("st")] });

  it("active_enemies is 3 inside the windows; up / remains / in follow the schedule", () => {
    // decision (s): active_enemies, adds.remains, adds.in -> cast
    //   0    1, 0,   2.2 -> st        1.5  1, 0,   0.7 -> soon
    //   3    3, 2.2  -> aoe           4.5  3, 0.7, 2.7 -> st (remains <= 1, in >= 2)
    //   6    1, 0,   1.2 -> soon      7.5  3, 2.7 -> aoe      9  3, 1.2 -> aoe
    //  10.5  1, 0,   1.7 -> soon     12    1, 0,   0.2 -> soon
    //  13.5  3, 1.7 -> aoe (the third wave, spawned 12.2 < last 14)
    const rot: RotationJson = { lists: { default: [
      { cast: "aoe", if: "active_enemies>2&raid_event.adds.up&raid_event.adds.remains>1" },
      { cast: "soon", if: "raid_event.adds.in<2" },
      { cast: "st" },
    ] } };
    expect(castsOf(fight(img, rot))).toEqual([
      [0, "st"], [1500, "soon"], [3000, "aoe"], [4500, "st"], [6000, "soon"], [7500, "aoe"], [9000, "aoe"],
      [10_500, "soon"], [12_000, "soon"], [13_500, "aoe"],
    ]);
  });

  it("after the last wave: adds.in is never (1e9) once it is gone; adds.cooldown is 0 before the first wave", () => {
    // 20 s fight. in: while the last wave is up (nothing scheduled) remains + cooldown = 5.2 at 15 s; from
    // 15.2 s none is up or scheduled: 1e9 -> never at 16.5, 18, 19.5. cooldown (SimC cooldown_time): 0
    // before the first start (0, 1.5 s: st), 5 after (3 .. 15 s: cd)
    const rot: RotationJson = { lists: { default: [
      { cast: "never", if: "raid_event.adds.in>1000" },
      { cast: "cd", if: "raid_event.adds.cooldown=5&raid_event.adds.count=2&raid_event.adds.duration=3&raid_event.adds.exists" },
      { cast: "st" },
    ] } };
    const c = castsOf(fight(img, rot, true, 20_000));
    expect(c.map(([, n]) => n)).toEqual(["st", "st", ...new Array<string>(9).fill("cd"), "never", "never", "never"]);
    expect(c.map(([t]) => t).slice(-3)).toEqual([16_500, 18_000, 19_500]);
  });

  it("an AoE hit reaches the live enemies: 20,000 with the waves, 10,000 on one target, 30,000 on three", () => {
    // boom: 1 x spell power (1000) to every enemy, cast at 0, 1.5, ..., 13.5 (10 casts). Inside a window
    // (3, 4.5, 7.5, 9, 13.5 s: 5 casts) it hits 3 enemies: 10 x 1000 + 5 x 2 x 1000 = 20,000
    const boom = testImage("boom", { spells: [spell("boom", { damage: 0 })], damage: [{ spell: 0, kind: "sp", base: 0, coefficient: 1, school: 4, aoe: "all" }] });
    const rot: RotationJson = { lists: { default: [{ cast: "boom" }] } };
    expect(runImage(fight(boom, rot), { iterations: 1, seed: 7n }).damage.total).toBe(20_000);
    expect(runImage(fight(boom, rot, false), { iterations: 1, seed: 7n }).damage.total).toBe(10_000);
    const three = { ...boom, run: { ...boom.run, targets: 3 } };
    expect(runImage(fight(three, rot, false), { iterations: 1, seed: 7n }).damage.total).toBe(30_000);
  });
});

describe("adds: DoTs end with their add", () => {
  // agony (GCD) applies the target-owned DoT agony: 20 s, a tick every 2 s of 0.5 x 1000 = 500.
  // cycle_targets puts it on the first live enemy without it:
  //   0 T0; 1.5 filler; 3 T1 (wave 1); 4.5 T2; despawn 5.2 drops both; 6 filler; 7.5 T1 (wave 2, a fresh
  //   add: no DoT); 9 T2; despawn 10.2; 10.5, 12 filler; 13.5 T1 (wave 3).
  // Ticks before the 15 s end: T0 at 2, 4, ..., 14 (7); wave 1: T1 at 5 (1; 7 is after the despawn), T2
  // none (6.5 > 5.2); wave 2: T1 at 9.5 (1), T2 none (11 > 10.2); wave 3: T1 none (15.5 > 15).
  // 9 ticks x 500 = 4,500. Had the DoTs outlived their adds, T1's first one would tick on at 7, 9, ...
  const dot = testImage("dot", {
    spells: [spell("agony", { applyAura: 0 }), spell("filler"), spell("agony_tick", { known: true })],
    auras: [{ name: "agony", owner: "target", durationMs: 20_000, refresh: "refresh", tickPeriodMs: 2000, tickDamage: 0 }],
    damage: [{ spell: 2, kind: "sp", base: 0, coefficient: 0.5, school: 32 }],
  });
  const rot: RotationJson = { lists: { default: [{ cast: "agony", cycle_targets: 1, if: "!dot.agony.ticking" }, { cast: "filler" }] } };

  it("9 ticks, 6 applications, 4 fillers", () => {
    const r = runImage(fight(dot, rot), { iterations: 1, seed: 7n });
    expect(r.spells.map((s) => s.casts)).toEqual([6, 4, 0]);
    expect(r.spells[2]!.hits).toBe(9);
    expect(r.damage.total).toBe(4500);
  });

  it("active_dot counts the live enemies only: 1 right after each despawn", () => {
    // "filler if active_dot.agony>1" first: true at 4.5 (T0, T1) and 9 (T0, T1 of wave 2) only; at 6 and
    // 10.5 the dropped DoTs no longer count (active_dot 1), and no live enemy lacks the DoT: filler again
    const rot2: RotationJson = { lists: { default: [{ cast: "filler", if: "active_dot.agony>1" }, { cast: "agony", cycle_targets: 1, if: "!dot.agony.ticking" }, { cast: "filler" }] } };
    // 0 agony T0; 1.5 filler (no live enemy without it); 3 agony T1; 4.5 filler (active_dot 2); 6 filler;
    // 7.5 agony T1; 9 filler (active_dot 2); 10.5, 12 filler; 13.5 agony T1
    const c = castsOf(fight(dot, rot2)).map(([t, n]) => `${t / 1000}:${n}`);
    expect(c).toEqual(["0:agony", "1.5:filler", "3:agony", "4.5:filler", "6:filler", "7.5:agony", "9:filler", "10.5:filler", "12:filler", "13.5:agony"]);
  });
});

describe("adds: the image and the run options", () => {
  it("HecticAddCleave's adds for a 300 s fight: 5 adds, first 15 s, every 22 s, 15 s each, until 225 s", () => {
    // sim.cpp: first = duration = max(floor(300 x 0.05), 1) = 15, cooldown = max(floor(22.5), 1) = 22, last = floor(225) = 225
    expect(hecticAdds(300)).toEqual({ count: 5, first: 15, cooldown: 22, duration: 15, last: 225 });
    expect(hecticAdds(10)).toEqual({ count: 5, first: 1, cooldown: 1, duration: 1, last: 7 });
  });

  it("bad parameters are typed errors naming the field", async () => {
    const prep = (c: Record<string, unknown>) => prepareSimulation({ spec: "fury", duration: 60, ...c });
    await expect(prep({ fightStyle: "adds", adds: { count: 0 } })).rejects.toMatchObject({ code: "INVALID_CONFIG", field: "adds.count" });
    await expect(prep({ fightStyle: "adds", adds: { count: 2.5 } })).rejects.toThrow(/^adds\.count: expected a whole number of adds in \[1, 19\]/);
    await expect(prep({ fightStyle: "adds", targets: 3, adds: { count: 18 } })).rejects.toThrow(/adds\.count: .*\[1, 17\]/);
    await expect(prep({ fightStyle: "adds", adds: { cooldown: 0 } })).rejects.toMatchObject({ field: "adds.cooldown" });
    await expect(prep({ fightStyle: "adds", adds: { duration: 10, cooldown: 5 } })).rejects.toThrow(/adds\.duration: .*must not outlive the cooldown/);
    await expect(prep({ fightStyle: "adds", adds: { first: 50, last: 40 } })).rejects.toMatchObject({ field: "adds.last" });
    await expect(prep({ fightStyle: "adds", adds: { count: 2, every: 3 } })).rejects.toMatchObject({ field: "adds.every" });
    await expect(prep({ fightStyle: "adds", adds: { first: Number.NaN } })).rejects.toMatchObject({ field: "adds.first" });
    await expect(prep({ adds: { count: 2 } })).rejects.toThrow(/^adds: only with fightStyle "adds"/);
    await expect(prep({ fightStyle: "adds", fightLengthMode: "health" })).rejects.toThrow(/fightLengthMode/);
    // the CLI's --fight-style adds --adds-count 0 reaches the same check
    const cli = simConfig({ spec: "fury", duration: 60, varyLength: 0, fightLengthMode: "time", iterations: 1, seed: 1n, threads: 1, bloodlust: true, potion: true, racials: true, fightStyle: "adds", addsCount: 0 } as never);
    expect(cli.adds).toEqual({ count: 0 });
    await expect(prepareSimulation(cli)).rejects.toMatchObject({ field: "adds.count" });
  });

  it("an image whose adds do not fit its target slots is an ImageError naming run.adds.count", () => {
    const img = testImage("bad", { run: { durationMs: 10_000, targets: 2, targetArmor: 0, armorK: 1000, adds: { ...ADDS_MS, count: 2 } } });
    expect(() => runImage(img, { iterations: 1, seed: 1n })).toThrow(ImageError);
    expect(() => runImage(img, { iterations: 1, seed: 1n })).toThrow(/run\.adds\.count/);
    const overlap = testImage("bad", { run: { durationMs: 10_000, targets: 3, targetArmor: 0, armorK: 1000, adds: { ...ADDS_MS, durationMs: 6000 } } });
    expect(() => runImage(overlap, { iterations: 1, seed: 1n })).toThrow(/run\.adds: expected 0 < durationMs <= cooldownMs/);
  });
});

describe("adds: a real spec", () => {
  const fury = (extra: Record<string, unknown>) => simulate({ spec: "fury", iterations: 40, seed: 5, duration: 60, timeline: false, ...extra });

  it("Fury (Whirlwind, cleaving hits) deals more with HecticAddCleave's waves than on Patchwerk", async () => {
    const p = await fury({});
    const a = await fury({ fightStyle: "adds" });
    // 60 s: waves of 5 adds at 3, 7, 11, ..., 43 s (first 3, cooldown 4, duration 3, last 45)
    expect(a.fight.adds).toEqual({ count: 5, first: 3, cooldown: 4, duration: 3, last: 45 });
    expect(a.fight.style).toBe("adds");
    expect(a.targets).toBe(1);
    expect(a.dps.mean).toBeGreaterThan(p.dps.mean * 1.2);
  }, 120_000);

  it("same bytes for 1 and 2 threads", async () => {
    const one = await fury({ fightStyle: "adds", threads: 1 });
    const two = await fury({ fightStyle: "adds", threads: 2 });
    expect(two.dps).toEqual(one.dps);
    expect(two.damage).toEqual(one.damage);
    expect(two.spells).toEqual(one.spells);
  }, 120_000);
});
