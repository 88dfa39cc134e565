// A deterministic synthetic workload with the shape of a real one: per-iteration RNG seeded by
// seedFor(seedBase, chunkId, i), hits with crits, a resource with spending and capped regen
// (waste), a proc aura with uptime, a pet, per-second damage buckets. Used to test the chunk
// loop, the pool and determinism before (and independently of) the wasm engine. Test hooks:
// `failChunk` (a chunk whose runner throws) and `fault` (a chunk that brings down its worker,
// src/runner/fault-injection.ts).
import { Xorshift64, seedPrefix, seedFromPrefix } from "../kernels/rng.js";
import type { ChunkResult, SpellAggregate } from "../telemetry/report.js";
import { RunnerError } from "./errors.js";
import { checkFault, maybeInjectFault } from "./fault-injection.js";
import type { ChunkRunner, FakeWorkloadSpec, RunnerEnv } from "./types.js";

export const FAKE_SPELL_AUTO = 1;
export const FAKE_SPELL_NUKE = 2;
export const FAKE_SPELL_PET = 3;
export const FAKE_AURA_FRENZY = 10;
export const FAKE_RESOURCE_FOCUS = 2;

export function createFakeRunner(spec: FakeWorkloadSpec, env: RunnerEnv = { inWorker: false }): ChunkRunner {
  const duration = spec.durationS ?? 60;
  const hps = spec.hitsPerSecond ?? 4;
  if (!Number.isInteger(duration) || duration < 1) throw new RunnerError("RUNNER_BAD_OPTIONS", `fake workload durationS = ${duration} is not an integer >= 1`);
  if (!Number.isInteger(hps) || hps < 0) throw new RunnerError("RUNNER_BAD_OPTIONS", `fake workload hitsPerSecond = ${hps} is not an integer >= 0`);
  const fault = spec.fault;
  if (fault) checkFault(fault, env.inWorker);
  return (chunkId, _firstIteration, count) => {
    if (chunkId === spec.failChunk) throw new RunnerError("RUNNER_BAD_OPTIONS", `fake workload: chunk ${chunkId} is set to fail (failChunk)`);
    if (fault) {
      const down = maybeInjectFault(fault, chunkId);
      if (down) return down;
    }
    const prefix = seedPrefix(spec.seedBase, chunkId);
    const iterationDps = new Float64Array(count);
    const perSecond = new Float64Array(duration);
    const spells: SpellAggregate[] = [FAKE_SPELL_AUTO, FAKE_SPELL_NUKE, FAKE_SPELL_PET].map((spellId) => ({ spellId, casts: 0, hits: 0, crits: 0, damage: 0, ticks: 0, petDamage: 0, petHits: 0 }));
    const [auto, nuke, pet] = spells as [SpellAggregate, SpellAggregate, SpellAggregate];
    let frenzyApps = 0;
    let frenzyUptime = 0;
    let gained = 0;
    let wasted = 0;
    let spent = 0;
    let events = 0;
    let total = 0;
    let petTotal = 0;
    for (let i = 0; i < count; i++) {
      const rng = new Xorshift64(seedFromPrefix(prefix, i));
      let focus = 50;
      let frenzyUntil = 0; // seconds
      let dmg = 0;
      for (let t = 0; t < duration; t++) {
        const frenzy = t < frenzyUntil;
        if (frenzy) frenzyUptime += 1000;
        const mult = frenzy ? 1.2 : 1;
        let sec = 0;
        for (let h = 0; h < hps; h++) {
          let d = (900 + 200 * rng.next()) * mult;
          auto.casts++;
          auto.hits++;
          if (rng.next() < 0.25) {
            d *= 2;
            auto.crits++;
          }
          auto.damage += d;
          sec += d;
          events++;
          if (rng.next() < 0.1) {
            // Frenzy: 5 s, refreshed (not extended) on reapplication
            frenzyUntil = t + 5;
            frenzyApps++;
          }
        }
        // Focus: +10 per second, capped at 100 (the excess is wasted)
        const room = 100 - focus;
        const g = Math.min(10, room);
        focus += g;
        gained += g;
        wasted += 10 - g;
        if (focus >= 30) {
          focus -= 30;
          spent += 30;
          let d = (2500 + 1000 * rng.next()) * mult;
          nuke.casts++;
          nuke.hits++;
          if (rng.next() < 0.25) {
            d *= 2;
            nuke.crits++;
          }
          nuke.damage += d;
          sec += d;
          events++;
        }
        const p = 400 + 100 * rng.next();
        pet.casts++;
        pet.hits++;
        pet.damage += p;
        pet.petDamage += p;
        pet.petHits++;
        petTotal += p;
        sec += p;
        events++;
        perSecond[t]! += sec;
        dmg += sec;
      }
      total += dmg;
      iterationDps[i] = dmg / duration;
    }
    return {
      iterations: count,
      events,
      iterationDps,
      damage: total,
      petDamage: petTotal,
      perSecondDamage: perSecond,
      spells,
      auras: [{ auraId: FAKE_AURA_FRENZY, applications: frenzyApps, uptimeMs: frenzyUptime }],
      resources: [{ resourceId: FAKE_RESOURCE_FOCUS, gained, wasted, spent }],
      warnings: [],
    };
  };
}
