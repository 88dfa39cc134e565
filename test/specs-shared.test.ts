// One shared suite for every implemented spec: the invariants any correct simulation of any spec keeps,
// checked on a real run (the representative iteration's timeline and the merged result) against bounds
// computed from the spec's own compiled image. Each spec's own file keeps only its signature mechanics;
// golden bytes are compared for every spec in specs-golden.test.ts.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SPEC_CATALOG } from "../src/generated/catalog.js";
import { GCD_START_RECOVERY_CATEGORY, type SpecImage, type SpellImage } from "../src/engine/image.js";
import { prepareSimulation, simulate, type SimulateConfig, type SimulateResult } from "../src/engine/simulate.js";

const DATA = path.resolve(__dirname, "../data");
const implemented = SPEC_CATALOG.filter((s) => s.implemented);

/** The largest haste divisor the run can reach: rating haste times every haste aura at its maximum stacks (haste auras multiply). */
function maxHasteDivisor(img: SpecImage): number {
  let div = 1 + img.stats.haste / 100;
  for (const a of img.auras) {
    for (const e of a.effects ?? []) {
      if (e.type === "haste") div *= 1 + (e.value * (a.maxStacks ?? 1)) / 100;
    }
  }
  return div;
}

/** Shortest possible GCD lock after starting `s` (0: the spell is not on the GCD). */
function minGcdMs(s: SpellImage, hasteDiv: number): number {
  if (s.startRecoveryCategory !== GCD_START_RECOVERY_CATEGORY) return 0;
  return (s.gcdHasted ?? true) ? Math.max(750, s.startRecoveryMs / hasteDiv) : s.startRecoveryMs;
}

/** Spells whose cooldown something other than time can shorten (cast-pipeline CDR, reduce/reset ops). */
function cooldownsChangedByEffects(img: SpecImage): Set<number> {
  const out = new Set<number>();
  for (const s of img.spells) for (const c of s.cdr ?? []) out.add(c.target);
  for (const list of img.opLists) for (const op of list) if (op.op === "reduceCooldown" || op.op === "reduceCooldownPerPoint" || op.op === "resetCooldown") out.add(op.spell);
  return out;
}

for (const spec of implemented) {
  describe(`${spec.slug}: shared invariants`, () => {
    const config: SimulateConfig = { spec: spec.slug, dataDir: DATA, duration: 300, iterations: 40, seed: 4242, chunkSize: 20 };
    let r: SimulateResult;
    let img: SpecImage;
    beforeAll(async () => {
      r = await simulate(config);
      img = (await prepareSimulation(config)).image;
    }, 120_000);

    it("resources stay within [0, max] at every change of the timeline", () => {
      const tl = r.timeline!;
      expect(tl.resources.length).toBe(img.resources.length);
      for (const res of tl.resources) {
        const max = img.resources[res.resource]!.max;
        for (const [t, v] of res.points) {
          if (v < -1e-9 || v > max + 1e-9) throw new Error(`${res.name} = ${v} at ${t} ms (max ${max})`);
        }
      }
    });

    it("GCD spells start no closer together than the shortest hasted GCD (floor 750 ms)", () => {
      const div = maxHasteDivisor(img);
      const onGcd = r.timeline!.casts.filter((c) => minGcdMs(img.spells[c.spell]!, div) > 0).sort((a, b) => a.start - b.start);
      expect(onGcd.length).toBeGreaterThan(20);
      for (let i = 1; i < onGcd.length; i++) {
        const prev = onGcd[i - 1]!;
        const gap = onGcd[i]!.start - prev.start;
        // event times are whole milliseconds: a hasted lock of 911.15 ms ends at 911
        const min = Math.floor(minGcdMs(img.spells[prev.spell]!, div));
        if (gap < min - 1e-6) throw new Error(`${onGcd[i]!.name} started ${gap} ms after ${prev.name} (GCD ≥ ${min} ms)`);
      }
    });

    it("casts respect cooldowns and charges (spells no effect shortens)", () => {
      const changed = cooldownsChangedByEffects(img);
      let checked = 0;
      img.spells.forEach((s, i) => {
        if (changed.has(i)) return;
        const times = r.timeline!.casts.filter((c) => c.spell === i).map((c) => (s.channel ? c.start : c.t));
        const charges = Math.max(1, s.maxCharges ?? 1);
        const cd = charges > 1 || (s.chargeCategoryId ?? 0) > 0 ? (s.chargeRecoveryMs ?? 0) : (s.recoveryMs ?? 0);
        if (cd <= 0 || (s.chargeCategoryId ?? 0) > 0) return; // shared charge pools: several spells draw on one count
        checked++;
        // with at most `charges` charges and one recharge at a time, any charges + 1 casts span a full recharge
        for (let k = charges; k < times.length; k++) {
          const span = times[k]! - times[k - charges]!;
          if (span < cd - 1e-6) throw new Error(`${s.name}: ${charges + 1} casts within ${span} ms (cooldown ${cd} ms, ${charges} charge(s))`);
        }
      });
      expect(checked).toBeGreaterThan(0);
    });

    it("the per-second damage buckets sum to the mean damage of the fight, and it to the mean DPS", () => {
      // Chunk reports carry damage sums in tenths (`damage_x10`, `per_second_damage_x10`: docs/telemetry.md): each bucket and the total of a chunk
      // are off by at most 0.05, and each iteration's DPS by at most 0.05 — the only allowed difference.
      // Fights vary in length (±20 %, docs/fights.md): bucket k is the mean over the iterations still running in it.
      const perChunk = 0.05 / r.iterations;
      const buckets = r.perSecond.dps.length;
      expect(buckets).toBe(360);
      const total = r.perSecond.dps.reduce((a, d, k) => a + d * r.perSecond.iterations[k]!, 0) / r.iterations;
      expect(Math.abs(total - r.damage.total)).toBeLessThanOrEqual(perChunk * r.chunks * (buckets + 1) + 1e-6);
      expect(r.fight.meanLengthS).toBeGreaterThanOrEqual(240);
      expect(r.fight.meanLengthS).toBeLessThanOrEqual(360);
      // mean DPS (of per-iteration ratios) vs mean damage / mean length: equal up to the length-DPS covariance
      expect(Math.abs(r.damage.total / r.fight.meanLengthS - r.dps.mean) / r.dps.mean).toBeLessThan(0.03);
    });
  });
}
