// Target health's rate (docs/fights.md "Target health"). SimulationCraft sizes the boss's health from
// the damage of its first, fixed-time iteration, then corrects it after every iteration by how far that
// fight's length missed the expected one (enemy_t::recalculate_health, engine/class_modules/sc_enemy.cpp).
// A correction carried from iteration to iteration would make a chunk's results depend on the chunks
// before it (or, per chunk, make the replayed representative differ from its run), so combatsim does
// both steps once, before the run, on a fixed pilot: the same seed base, its own chunk id.
//   1. r0 = damage / summed length of HEALTH_PILOT_ITERATIONS time-based iterations;
//   2. the same iterations with health rate r0: the fights end when the pool is dealt; the rate is
//      corrected by the summed drawn lengths / the summed actual lengths (pools too large → fights too
//      long → a smaller rate).
// Every chunk then runs with the same rate, on any worker: results do not depend on the thread count.
import { SimulateError } from "./simulate.js";
import type { SpecImage } from "./image.js";
import { runImage } from "./run.js";
import { readEngineTelemetry } from "./simulate-telemetry.js";

export const HEALTH_PILOT_ITERATIONS = 100;
/** The pilot's chunk id: far above the chunk ids of a run (at most 1e8 iterations). */
export const HEALTH_PILOT_CHUNK = 0xfffffff0;

function pilot(image: SpecImage, seed: bigint, healthPerMs: number): { damage: number; fightMs: number } {
  const img: SpecImage = { ...image, run: { ...image.run, healthPerMs } };
  const r = runImage(img, { iterations: HEALTH_PILOT_ITERATIONS, seed, chunkId: HEALTH_PILOT_CHUNK });
  if (r.error) throw new SimulateError("EVENT_BUDGET_EXCEEDED", `simulate: a target-health pilot iteration of "${image.name}" processed more than 500000 events (EventBudgetExceeded)`);
  return { damage: r.damage.total, fightMs: readEngineTelemetry(img).fightMs };
}

/** The health per ms of drawn length for `image` (run.healthPerMs), from the two pilot steps. */
export function healthRate(image: SpecImage, seed: bigint): number {
  const a = pilot(image, seed, 0);
  if (!(a.damage > 0)) throw new SimulateError("INVALID_SIM_CONFIG", `simulate: config.fightLengthMode "health" needs damage to size the target's health, but spec "${image.name}" dealt none in ${HEALTH_PILOT_ITERATIONS} pilot iterations`);
  const r0 = a.damage / a.fightMs;
  const b = pilot(image, seed, r0);
  return (r0 * a.fightMs) / b.fightMs;
}
