// The wasm telemetry sink (assembly/engine/telemetry.ts) on a hand-computable image, the
// representative timeline replay, and sink invariants on the real Beast Mastery image (and the impact-proc
// counter on Marksmanship's Lock and Load: Beast Mastery has no proc left in the 12.0.0.64228 build).
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { SpecImage } from "../src/engine/image.js";
import { runImage } from "../src/engine/run.js";
import { captureTimeline, readEngineTelemetry, resourceSource, resourceSourceCount } from "../src/engine/simulate-telemetry.js";
import { prepareSimulation } from "../src/engine/simulate.js";

// 10 s, no crit (crit 0 %), armor 0: every number below is exact.
// focus: max 100, starts at 90, +10/s. strike: instant, 1.5 s GCD, 5 s cooldown, costs 30, 100 damage,
// applies "stack" (player, 6 s, up to 3 stacks, refresh) and "dot" (target, 3 s, 10 per 1 s tick).
// pet: melee 50 every 2 s from t = 0.
const image: SpecImage = {
  name: "telemetry-test",
  run: { durationMs: 10_000, targets: 1, targetArmor: 0, armorK: 1000 },
  stats: { attackPower: 1000, spellPower: 1000, crit: 0, haste: 0, mastery: 0, versatility: 0 },
  mastery: { kind: "none", coefficient: 0 },
  resources: [{ name: "focus", model: "generic", max: 100, initial: 90, regenPerSec: 10, hasteScaled: false }],
  spells: [
    { id: 11, name: "strike", castMs: 0, startRecoveryCategory: 133, startRecoveryMs: 1500, recoveryMs: 5000, cost: { resource: 0, amount: 30 }, damage: 0, applyAura: 0, hook: 0 },
    { id: 11, name: "strike_dot", castMs: 0, startRecoveryCategory: 0, startRecoveryMs: 0, known: false },
    { id: 0, name: "pet_melee", castMs: 0, startRecoveryCategory: 0, startRecoveryMs: 0, known: false },
  ],
  auras: [
    { name: "stack", owner: "player", durationMs: 6000, maxStacks: 3, refresh: "refresh" },
    { name: "dot", owner: "target", durationMs: 3000, tickPeriodMs: 1000, tickHasted: false, tickDamage: 1 },
  ],
  damage: [
    { spell: 0, kind: "flat", base: 100, coefficient: 0, school: 1 },
    { spell: 1, kind: "flat", base: 10, coefficient: 0, school: 1 },
    { spell: 2, kind: "flat", base: 50, coefficient: 0, school: 1, pet: 0 },
  ],
  opLists: [[{ op: "applyAura", aura: 1 }]],
  pets: [{ name: "pet", melee: 2, swingMs: 2000, startsActive: true }],
  rotation: { kind: "priority", entries: [{ spell: 0 }] },
};

describe("engine telemetry sink (hand-computed image)", () => {
  const N = 3;
  let run: ReturnType<typeof runImage>;
  let tel: ReturnType<typeof readEngineTelemetry>;
  beforeAll(() => {
    run = runImage(image, { iterations: N, seed: 5n, perIteration: true });
    tel = readEngineTelemetry(image);
  });

  it("casts and damage: strike at 0 and 5 s; dot ticks at 1, 2, 3 and 6, 7, 8 s; pet swings at 0, 2, 4, 6, 8 s", () => {
    // per iteration: 2 x 100 + 6 x 10 + 5 x 50 = 510 damage, 51 DPS, 250 of it pet damage
    expect(Array.from(run.perIteration!)).toEqual([51, 51, 51]);
    expect(run.damage).toEqual({ total: 510 * N, pet: 250 * N });
    expect(run.spells.map((s) => s.casts)).toEqual([2 * N, 0, 0]);
    expect(tel.spells).toEqual([
      { ticks: 0, petDamage: 0, petHits: 0 },
      { ticks: 6 * N, petDamage: 0, petHits: 0 },
      { ticks: 0, petDamage: 250 * N, petHits: 5 * N },
    ]);
  });

  it("damage per 1000 ms bucket, summed over iterations", () => {
    // s0: 100 + 50, s1: 10, s2: 10 + 50, s3: 10, s4: 50, s5: 100, s6: 10 + 50, s7: 10, s8: 10 + 50, s9: 0
    expect(Array.from(tel.perSecondDamage)).toEqual([150, 10, 60, 10, 50, 100, 60, 10, 60, 0].map((x) => x * N));
  });

  it("aura uptime, applications, refreshes and stack time", () => {
    // stack: 1 stack 0-5 s, refreshed to 2 stacks at 5 s (expires at 11 s, after the end): up 10 s,
    // stack-ms = 1 x 5000 + 2 x 5000 = 15000. dot: 0-3 s and 5-8 s: up 6 s, two applications.
    expect(tel.auras).toEqual([
      { applications: 1 * N, refreshes: 1 * N, uptimeMs: 10_000 * N, stackMs: 15_000 * N },
      { applications: 2 * N, refreshes: 0, uptimeMs: 6000 * N, stackMs: 6000 * N },
    ]);
  });

  it("resources: spent by the spell, regen gained and wasted at the cap", () => {
    // 90 - 30 = 60 at 0 s; full at 4 s (waste 4-5 s: 10); 100 - 30 = 70 at 5 s; full at 8 s (waste 8-10 s: 20).
    // regen potential 10 s x 10 = 100 = 70 landed + 30 wasted; 90 - 60 + 70 = 100 at the end.
    const n = resourceSourceCount(image);
    expect(n).toBe(3 + 2 + 0 + 2);
    const flows = tel.resources[0]!;
    const nonZero = flows.flatMap((f, k) => (f.spent || f.gained || f.wasted ? [{ ...resourceSource(image, k), ...f }] : []));
    expect(nonZero).toEqual([
      { kind: "spell", index: 0, spent: 60 * N, gained: 0, wasted: 0 },
      { kind: "regen", index: 0, spent: 0, gained: 70 * N, wasted: 30 * N },
    ]);
  });

  it("the accumulators are per run: a second run starts from zero", () => {
    runImage(image, { iterations: 1, seed: 5n });
    expect(readEngineTelemetry(image).auras[1]!.applications).toBe(2);
  });

  it("the timeline replay holds casts, damage, aura windows, cooldown windows and resource values", () => {
    const tl = captureTimeline(image, 5n, 0, 1);
    expect(tl.dps).toBe(51);
    expect(tl.casts.map((c) => [c.t, c.name, c.start])).toEqual([[0, "strike", 0], [5000, "strike", 5000]]);
    expect(tl.damage).toHaveLength(2 + 6 + 5);
    expect(tl.damage.reduce((a, d) => a + d.amount, 0)).toBe(510);
    expect(tl.damage.filter((d) => d.periodic).map((d) => d.t)).toEqual([1000, 2000, 3000, 6000, 7000, 8000]);
    expect(tl.damage.filter((d) => d.pet).map((d) => d.t)).toEqual([0, 2000, 4000, 6000, 8000]);
    expect(tl.auras.map((w) => [w.name, w.start, w.end, w.maxStacks])).toEqual([
      ["stack", 0, 10_000, 2],
      ["dot", 0, 3000, 1],
      ["dot", 5000, 8000, 1],
    ]);
    // 5 s cooldown from each cast (the second one capped at the fight end)
    expect(tl.cooldowns.map((c) => [c.name, c.start, c.end])).toEqual([["strike", 0, 5000], ["strike", 5000, 10_000]]);
    const pts = tl.resources[0]!.points;
    expect(pts[0]).toEqual([0, 90]);
    expect(pts).toContainEqual([0, 60]);
    expect(pts).toContainEqual([5000, 100]);
    expect(pts).toContainEqual([5000, 70]);
    expect(tl.dropped).toBe(0);
  });

  it("a timeline buffer that is too small drops records and says how many", () => {
    const tl = captureTimeline(image, 5n, 0, 1, 4);
    const kept = tl.casts.length + tl.damage.length + tl.auras.length + tl.cooldowns.length + tl.resources[0]!.points.length + tl.procs.length;
    expect(kept).toBeLessThanOrEqual(4);
    expect(tl.dropped).toBeGreaterThan(0);
    // and the normal path is unaffected afterwards (timeline off)
    expect(runImage(image, { iterations: 1, seed: 5n, perIteration: true }).perIteration![0]).toBe(51);
  });
});

describe("engine telemetry on Beast Mastery", () => {
  let image2: SpecImage;
  beforeAll(async () => {
    // fixed 300 s fights: the bucket count and uptime bounds below are those of one length
    image2 = (await prepareSimulation({ dataDir: path.resolve(__dirname, "../data"), varyLength: 0 })).image;
  });

  it("buckets sum to the damage, pet shares to the pet damage; uptimes within the fight", () => {
    const n = 40;
    const r = runImage(image2, { iterations: n, seed: 9n, chunkId: 3 });
    const t = readEngineTelemetry(image2);
    const sum = (xs: ArrayLike<number>) => Array.from(xs).reduce((a, x) => a + x, 0);
    expect(sum(t.perSecondDamage)).toBeCloseTo(r.damage.total, 0);
    expect(sum(t.spells.map((s) => s.petDamage))).toBeCloseTo(r.damage.pet, 0);
    expect(t.perSecondDamage).toHaveLength(300);
    for (const a of t.auras) {
      expect(a.uptimeMs).toBeLessThanOrEqual(n * 300_000);
      expect(a.stackMs).toBeGreaterThanOrEqual(a.uptimeMs);
    }
    // Barbed Shot ticks: its DoT entry is periodic; Kill Command is a pet hit
    const idx = (name: string) => image2.spells.findIndex((s) => s.name === name);
    expect(t.spells[idx("barbed_shot_tick")]!.ticks).toBe(r.spells[idx("barbed_shot_tick")]!.hits);
    expect(t.spells[idx("kill_command")]!.petHits).toBe(r.spells[idx("kill_command")]!.hits);
    // one proc in the 12.0 build (Wild Call and Dire Beast left it): Lethal Barbs' focus on every Auto Shot
    expect((image2.procs ?? []).map((p) => p.name)).toEqual(["lethal_barbs_focus"]);
    // procs: impact procs fired per image proc (summed over the iterations): one per Auto Shot hit
    expect(t.procs).toEqual([r.spells[idx("auto_shot")]!.hits]);
  });

  it("the replayed iteration has the DPS it had in its chunk, and its damage adds up to it", () => {
    const per = runImage(image2, { iterations: 8, seed: 9n, chunkId: 2, perIteration: true }).perIteration!;
    const tl = captureTimeline(image2, 9n, 2, 6);
    expect(tl.dps).toBe(per[6]);
    expect(tl.damage.reduce((a, d) => a + d.amount, 0) / 300).toBeCloseTo(per[6]!, 6);
    // casts ≈ Kill Command ~40 (1 charge / 7.5 s, SpellCategory 2067) + Barbed Shot 18 (2 + floor(299 / 18),
    // SpellCategory 1675) + Bestial Wrath 4 (90 s, SpellCooldowns 21416) + Cobra Shot (35 focus, SpellPower 10443)
    // with the focus left: 5/s x 1.188 haste x 300 s + 100 + 20 x 18 (246152) - 30 x 40 ≈ 1042 → ~29 casts ≈ 91
    expect(tl.casts.length).toBeGreaterThan(80);
  });
});

// Replaces the Wild Call proc count of the old Beast Mastery build with the impact proc of the 12.0 hunter data.
describe("engine telemetry: impact procs (Marksmanship, Lock and Load)", () => {
  it("counts every proc: ≈ 10 % of Auto Shot hits", async () => {
    const img = (await prepareSimulation({ spec: "marksmanship", dataDir: path.resolve(__dirname, "../data") })).image;
    const n = 40;
    const r = runImage(img, { iterations: n, seed: 9n, chunkId: 1 });
    const t = readEngineTelemetry(img);
    // procs.lock_and_load: impact on Auto Shot, chance 194595 #1 (id=285666) Base Value 10 x 0.01 ("Your ranged
    // auto attacks have a $s1% chance to trigger Lock and Load")
    // (Spotter's Mark, 1219616, is the other impact proc, twice: Arcane Shot / Multi-Shot and Black Arrow hits, not Auto Shot)
    expect(img.procs!.map((p) => p.name)).toEqual(["lock_and_load", "spotters_mark", "spotters_mark_headshot"]);
    expect(img.procs![0]!.chance).toBeCloseTo(0.1, 12);
    const auto = r.spells[img.spells.findIndex((s) => s.name === "auto_shot")]!.hits;
    // ~110 Auto Shots per iteration (3.0 s swing / 1 + haste) x 40: binomial sd of the rate ≈ 0.0045
    expect(auto).toBeGreaterThan(40 * 80);
    expect(t.procs[0]! / auto).toBeGreaterThan(0.08);
    expect(t.procs[0]! / auto).toBeLessThan(0.12);
    // each proc applies the Lock and Load buff (applied or refreshed)
    const lnl = t.auras[img.auras.findIndex((a) => a.name === "lock_and_load")]!;
    expect(lnl.applications + lnl.refreshes).toBe(t.procs[0]);
  });
});
