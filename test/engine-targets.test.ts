// Per-target aura instances and SimC's target selection through the real engine (docs/engine-image.md
// "Targets", docs/rotation.md "Targets"): hand-built images, hand-computed expectations. No crit,
// versatility, haste or armor: every number is exact arithmetic (written in the comments).
import { describe, expect, it } from "vitest";
import { runImage } from "../src/engine/run.js";
import { ImageError, type SpecImage, type SpellImage } from "../src/engine/image.js";
import { compileRotation, type RotationJson } from "../src/rotation/index.js";
import { createEngineRunner, type EngineWorkloadSpec } from "../src/runner/engine-workload.js";
import { WorkerPool } from "../src/runner/pool.js";
import { runChunked } from "../src/runner/run.js";
import { targetsWarning } from "../src/engine/targets.js";
import { testImage } from "./helpers/spec-image.js";

const GCD = { startRecoveryCategory: 133, startRecoveryMs: 1500 } as const;
const spell = (name: string, extra: Partial<SpellImage> = {}): SpellImage => ({ id: 1, name, castMs: 0, ...GCD, ...extra });

/**
 * "agony" (GCD, no cooldown) applies the target-owned DoT "agony": 12 s, a tick every 2000 ms of
 * 0.5 x spell power (1000) = 500 shadow damage; "big" (100 s cooldown) and "filler" deal nothing.
 * Spells: agony 0, big 1, filler 2, agony_tick 3. 10 s fight, `targets` enemies.
 */
function dotImage(targets: number, rot: RotationJson, over: Partial<SpecImage> = {}): SpecImage {
  const img = testImage("targets-test", {
    run: { durationMs: 10_000, targets, targetArmor: 0, armorK: 1000 },
    spells: [spell("agony", { applyAura: 0 }), spell("big", { recoveryMs: 100_000 }), spell("filler"), spell("agony_tick", { known: true })],
    auras: [{ name: "agony", owner: "target", durationMs: 12_000, refresh: "refresh", tickPeriodMs: 2000, tickDamage: 0 }],
    damage: [{ spell: 3, kind: "sp", base: 0, coefficient: 0.5, school: 32 }],
    ...over,
  });
  const find = (arr: { name: string }[], n: string) => {
    const i = arr.findIndex((x) => x.name === n);
    return i < 0 ? undefined : i;
  };
  const c = compileRotation(rot, {
    spell: (n) => find(img.spells, n),
    aura: (n) => find(img.auras, n),
    petAura: () => undefined,
    resource: () => undefined,
    pet: () => undefined,
    talent: () => false,
    spellAura: (n) => (n === "agony" ? 0 : undefined), // action-scoped names: agony's DoT
  }, "targets.json", { fast: true, scan: true });
  return { ...img, rotation: { kind: "bytecode", code: c.code, constants: c.constants, spells: c.spells, targetSpells: c.targetSpells } };
}

const run1 = (img: SpecImage) => runImage(img, { iterations: 1, seed: 7n });
const casts = (img: SpecImage) => run1(img).spells.map((s) => s.casts);

const CYCLE: RotationJson = {
  lists: {
    default: [
      { cast: "agony", cycle_targets: 1, if: "!dot.agony.ticking" },
      { cast: "big", if: "active_dot.agony = 3" },
      { cast: "filler" },
    ],
  },
};

describe("per-target DoTs with cycle_targets", () => {
  it("3 targets: the DoT goes on each target once and ticks on all three", () => {
    // GCDs at 0, 1.5, 3: agony on targets 0, 1, 2 (each the first without it). 4.5: active_dot = 3 -> big;
    // 6, 7.5, 9: filler. Ticks every 2 s from each application, before the 10 s end (a tick at 10 s is
    // not processed): target 0 at 2, 4, 6, 8 (4); target 1 at 3.5, 5.5, 7.5, 9.5 (4); target 2 at 5, 7, 9 (3).
    // Damage = (4 + 4 + 3) x 500 = 5500.
    const r = run1(dotImage(3, CYCLE));
    expect(r.spells.map((s) => s.casts)).toEqual([3, 1, 3, 0]);
    expect(r.spells[3]!.hits).toBe(11);
    expect(r.spells[3]!.damage).toBe(5500);
    expect(r.damage.total).toBe(5500);
  });

  it("1 target: one application, 4 ticks; active_dot never reaches 3", () => {
    // agony at 0, then filler at 1.5 .. 9 (6); ticks at 2, 4, 6, 8: 4 x 500
    const r = run1(dotImage(1, CYCLE));
    expect(r.spells.map((s) => s.casts)).toEqual([1, 0, 6, 0]);
    expect(r.damage.total).toBe(2000);
  });

  it("without cycle_targets the DoT stays on the primary target (3 targets)", () => {
    const plain: RotationJson = { lists: { default: [{ cast: "agony", if: "!dot.agony.ticking" }, { cast: "big", if: "active_dot.agony = 3" }, { cast: "filler" }] } };
    const r = run1(dotImage(3, plain));
    expect(r.spells.map((s) => s.casts)).toEqual([1, 0, 6, 0]);
    expect(r.damage.total).toBe(2000);
  });

  it("max_cycle_targets=2: two targets get the DoT", () => {
    const rot: RotationJson = { lists: { default: [{ cast: "agony", cycle_targets: 1, max_cycle_targets: 2, if: "!dot.agony.ticking" }, { cast: "filler" }] } };
    // agony at 0 (t0), 1.5 (t1): ticks 4 + 4 = 8 x 500
    const r = run1(dotImage(3, rot));
    expect(r.spells[0]!.casts).toBe(2);
    expect(r.damage.total).toBe(4000);
  });

  it("an aura applied by a cast's hook op lands on the cast's target too", () => {
    // agony applies nothing itself; its hook (op list 0) applies the DoT: same 3 applications, 11 ticks
    const img = dotImage(3, CYCLE);
    img.spells[0] = spell("agony", { hook: 0 });
    img.opLists = [[{ op: "applyAura", aura: 0 }]];
    expect(run1(img).damage.total).toBe(5500);
  });
});

describe("target_if=min:dot.agony.remains", () => {
  // 6 s DoT (refresh mode "refresh": a refresh expires 6 s after it), cast while the chosen target's
  // DoT has < 2 s left.
  const rot = (tif: string): RotationJson => ({ lists: { default: [{ cast: "agony", target_if: tif, if: "dot.agony.remains < 2" }, { cast: "filler" }] } });
  const img = (tif: string) => {
    const i = dotImage(3, rot(tif));
    i.auras[0]!.durationMs = 6000;
    return i;
  };

  it("picks the target with the shortest DoT every GCD", () => {
    // remains (t0, t1, t2) at each GCD -> choice (ties keep the primary, then the lowest index):
    // 0: (0, 0, 0) -> t0; 1.5: (4.5, 0, 0) -> t1; 3: (3, 4.5, 0) -> t2; 4.5: (1.5, 3, 4.5) -> t0 (refresh
    // to 10.5); 6: (4.5, 1.5, 3) -> t1; 7.5: (3, 4.5, 1.5) -> t2; 9: (1.5, 3, 4.5) -> t0. 7 casts, always < 2 s.
    // Ticks (each chain keeps its 2 s rhythm through refreshes): t0 2, 4, 6, 8; t1 3.5, 5.5, 7.5, 9.5;
    // t2 5, 7, 9 = 11 x 500 = 5500.
    const r = run1(img("min:dot.agony.remains"));
    expect(r.spells.map((s) => s.casts)).toEqual([7, 0, 0, 0]);
    expect(r.damage.total).toBe(5500);
  });

  it("action-scoped `target_if=min:remains,if=remains<2` (SimC's form) is the same selection", () => {
    const i = dotImage(3, { lists: { default: [{ cast: "agony", target_if: "min:remains", if: "remains < 2" }, { cast: "filler" }] } });
    i.auras[0]!.durationMs = 6000;
    const r = run1(i);
    expect(r.spells.map((s) => s.casts)).toEqual([7, 0, 0, 0]);
    expect(r.damage.total).toBe(5500);
  });

  it("max: the longest DoT is chosen, so after the first cast the condition fails", () => {
    // 0: t0; 1.5: (4.5, 0, 0) -> t0 (4.5 >= 2: filler) ... 4.5: t0 1.5 left -> refresh (4.5 is max);
    // casts: 0, 4.5, 9 (t0 1.5 left again at 9: refreshed at 4.5 to 10.5 -> 1.5) = 3; filler 1.5, 3, 6, 7.5 = 4
    // ticks: t0 only: 2, 4, 6, 8 = 4 x 500
    const r = run1(img("max:dot.agony.remains"));
    expect(r.spells.map((s) => s.casts)).toEqual([3, 0, 4, 0]);
    expect(r.damage.total).toBe(2000);
  });
});

describe("aura properties read on the current target (engine/queries.ts)", () => {
  it("cycle_targets with dot.agony.refreshable (pandemic window of the target being tried)", () => {
    // 6 s DoT: refreshable while down or < 1.8 s left. 0: t0 (down); 1.5: t0 4.5 left, t1 down -> t1;
    // 3: t2; 4.5: t0 1.5 < 1.8 -> t0; 6: t1 1.5 -> t1; 7.5: t2; 9: t0. 7 casts, no filler; ticks as in
    // the target_if case: 11 x 500. Read on the primary only, 1.5 and 3 would be fillers.
    const rot: RotationJson = { lists: { default: [{ cast: "agony", cycle_targets: 1, if: "dot.agony.refreshable" }, { cast: "filler" }] } };
    const img = dotImage(3, rot);
    img.auras[0]!.durationMs = 6000;
    const r = run1(img);
    expect(r.spells.map((s) => s.casts)).toEqual([7, 0, 0, 0]);
    expect(r.damage.total).toBe(5500);
  });
});

describe("targets: warnings, bounds, determinism", () => {
  it("warnings.targets counts a DoT spread by target options as multi-target", () => {
    const w = targetsWarning(dotImage(3, CYCLE))!;
    expect(w.multiTarget).toContain("agony_tick");
    expect(w.singleTarget).not.toContain("agony_tick");
    // the same DoT cast without a target option stays single-target
    const plain = targetsWarning(dotImage(3, { lists: { default: [{ cast: "agony" }] } }))!;
    expect(plain.singleTarget).toContain("agony_tick");
    expect(plain.multiTarget).not.toContain("agony_tick");
  });

  it("too many aura instances for the event argument: a typed image error naming run.targets", () => {
    // 2047 slots: 1 + (targets - 1) x 1 target-owned aura >= 2048 at 2048 targets (above the 1000 cap),
    // so use many target-owned auras: 200 x (11 - 1) + 200 = 2200
    const auras = Array.from({ length: 200 }, (_, i) => ({ name: `d${i}`, owner: "target" as const, durationMs: 1000 }));
    const img = { ...dotImage(11, CYCLE), auras: [...dotImage(1, CYCLE).auras, ...auras] };
    expect(() => run1(img)).toThrow(ImageError);
    expect(() => run1(img)).toThrow(/run\.targets/);
  });

  it("a multi-target run is byte-identical inline and on 1 or 2 workers", async () => {
    const image = dotImage(3, CYCLE, { stats: { attackPower: 1000, spellPower: 1000, crit: 30, haste: 0, mastery: 0, versatility: 0 } });
    const workload: EngineWorkloadSpec = { kind: "engine", seedBase: 5n, image };
    const opts = { workload, iterations: 600, chunkSize: 128 };
    const inline = await runChunked(opts);
    expect(inline.report.dps.stddev).toBeGreaterThan(0); // crits: real spread
    for (const size of [1, 2]) {
      const pool = await WorkerPool.create({ size });
      try {
        const pooled = await runChunked({ ...opts, executor: pool });
        expect(Buffer.from(pooled.bytes).toString("hex")).toBe(Buffer.from(inline.bytes).toString("hex"));
      } finally {
        await pool.close();
      }
    }
    // and a chunk equals runImage over the same seeds
    const chunk = createEngineRunner(workload)(1, 128, 64);
    const direct = runImage(image, { iterations: 64, seed: 5n, chunkId: 1 });
    expect((chunk as { damage: number }).damage).toBe(direct.damage.total);
  }, 120_000);
});
