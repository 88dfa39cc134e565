// Target health (docs/fights.md "Target health"): with a health rate in the image (header
// H_HEALTH_RATE > 0) the enemies share one health pool, rate × the iteration's drawn length
// (assembly/engine/fight.ts), and the iteration ends when the damage dealt reaches it, so
// `target.health.pct`, execute phases and `fight_remains` follow the damage actually dealt, as in
// SimulationCraft's enemy health estimation (enemy_t::recalculate_health, engine/class_modules/sc_enemy.cpp).
// The host sets the rate from a pilot run (src/engine/health-pilot.ts) so every chunk, on any worker,
// starts from the same value and the result does not depend on the thread count.
//
// The death test rides on the engine's end sentinel (engine.ts runIteration / healthAtEnd): in health
// mode it is queued at the next check time instead of the encounter end, so no hit path gets a new
// compare and a time-based run pays one branch per iteration. Checks come at half the estimated time
// to death, and every ms once that estimate is under 2 s or under 10 % of the pool is left: the fight
// ends at the first ms boundary after the hit that deals the pool (that ms's hits queued before the
// check count).
import { iterDamage, now } from "./state";

/** Health mode on (the image has a health rate). */
export let healthOn: bool = false;
/** Health per ms of the drawn length (image header H_HEALTH_RATE). */
let rate: f64 = 0;
/** This iteration's pool and drawn length. */
let pool: f64 = 0;
let expectMs: i64 = 0;
let dead: bool = false;

/** Below this estimated time to death (ms), or this share of the pool left, every hit is checked. */
const EXACT_MS: f64 = 2000;
const EXACT_SHARE: f64 = 0.1;
/** A length cap as a multiple of the drawn length: an iteration whose damage never reaches the pool ends there. */
export const HEALTH_CAP_FACTOR: i64 = 2;

export function healthLoad(ratePerMs: f64): void {
  rate = ratePerMs > 0 ? ratePerMs : 0;
  healthOn = rate > 0;
}

/** Start of an iteration whose drawn length is `lengthMs`. */
export function healthBegin(lengthMs: i64): void {
  pool = rate * <f64>lengthMs;
  expectMs = lengthMs;
  dead = false;
}

/** `target.health.pct` in health mode: the share of the pool not yet dealt. */
export function healthPct(): f64 {
  return pool > 0 ? max(0.0, 100.0 * (1.0 - iterDamage / pool)) : 0.0;
}

/**
 * `fight_remains` / `target.time_to_die` in health mode, s: the pool left at the damage rate so far;
 * before any damage, the drawn length left.
 */
export function healthRemainsS(): f64 {
  if (dead) return 0;
  if (iterDamage <= 0 || now <= 0) return <f64>max<i64>(0, expectMs - now) / 1000.0;
  return max(0.0, pool - iterDamage) / (iterDamage / <f64>now) / 1000.0;
}

/**
 * A death check at `now` (the engine's end sentinel popped: engine.ts healthAtEnd): -1 when the pool is
 * dealt (the fight ends now), else the time of the next check: half the estimated time to death, and
 * every ms once that is under 2 s or under 10 % of the pool is left.
 */
export function healthNextCheck(): i64 {
  const left = pool - iterDamage;
  if (left <= 0) {
    dead = true;
    return -1;
  }
  if (left < EXACT_SHARE * pool) return now + 1;
  if (iterDamage <= 0 || now <= 0) return now + 1000;
  const eta = left / (iterDamage / <f64>now);
  if (eta < EXACT_MS) return now + 1;
  return now + max<i64>(1, <i64>(eta * 0.5));
}
