// Fight styles (docs/fights.md "Fight styles"): what the run option `fightStyle` (CLI --fight-style)
// turns into — the enemy count and the movement windows the engine runs (assembly/engine/raid-events.ts).
//
// SimulationCraft's definitions (sim_t::init_fight_style, engine/sim/sim.cpp of simulationcraft/simc @
// 00cac419027d2051ff06013e15b7074bcc50a472):
//   Patchwerk:       no raid events (one target unless desired_targets says more)
//   LightMovement:   movement,players_only=1,cooldown=40,cooldown_stddev=10,distance=15,distance_min=10,distance_max=20,first=15
//   HeavyMovement:   movement cooldown=20 (stddev 15), distance=25, first=15 and movement cooldown=45 (stddev 15), distance=45, first=30
//   HecticAddCleave: adds,count=5,first=max(floor(5 % of max_time),1),cooldown=max(floor(7.5 %),1),
//                    duration=first,last=floor(75 %) plus two movement events
//   CleaveAdd:       the same adds event with count=1 and last=floor(90 %)
// combatsim's `movement` is LightMovement's schedule without the random draws (deterministic windows:
// the mean cooldown and the mean distance), `multi` is Patchwerk with desired_targets = N, `adds` is
// HecticAddCleave's adds event (without its movement), each parameter configurable. The adds event's
// semantics are sim/raid_event.cpp's (@ 01b5a8525185ebe743256f218d03dfee4f39037a): adds_event_t (count,
// the overlap check) and raid_event_t (first, last, cooldown, duration, schedule, until_next).

import { CombatsimError } from "../errors.js";

export type FightStyle = "patchwerk" | "multi" | "adds" | "movement";
export const FIGHT_STYLES: readonly FightStyle[] = ["patchwerk", "multi", "adds", "movement"];

/**
 * The player's base run speed, 7 yards per second (100 % movement speed; `estimated`: the client tables
 * bundled here have no movement-speed row — the value is the game's documented base run speed, which
 * SimulationCraft's player_t also starts from as its base movement speed). A window lasts distance / 7 s.
 */
export const RUN_SPEED_YDS = 7;

/** LightMovement's means (sim.cpp above): first 15 s, every 40 s, 15 yards. */
export const LIGHT_MOVEMENT = { first: 15, period: 40, distance: 15 } as const;

export interface MovementOptions {
  /** First window start, s (default 15). */
  first?: number;
  /** Seconds between window starts (default 40). */
  period?: number;
  /** Yards moved per window (default 15); the window lasts distance / 7 yd/s. */
  distance?: number;
}

/** fightStyle "adds": SimC's adds raid event options (seconds). Absent ones take HecticAddCleave's values. */
export interface AddsOptions {
  /** Adds per wave (default 5). */
  count?: number;
  /** First wave, s (default max(floor(5 % of the fight), 1)). */
  first?: number;
  /** Seconds between waves (default max(floor(7.5 % of the fight), 1)). */
  cooldown?: number;
  /** Each wave's lifetime, s (default: first); at most the cooldown (SimC refuses overlapping waves). */
  duration?: number;
  /** No wave spawns at or after this time, s (default floor(75 % of the fight)). */
  last?: number;
}

export interface AddsPlan {
  count: number;
  first: number;
  cooldown: number;
  duration: number;
  last: number;
}

export interface FightPlan {
  style: FightStyle;
  /** The enemies fighting the whole time (adds: the boss; the engine's slot count is this + adds.count). */
  targets: number;
  /** Seconds (ms-rounded) and yards. */
  movement?: { first: number; period: number; duration: number; distance: number };
  /** Seconds (ms-rounded). */
  adds?: AddsPlan;
}

/** The engine's target slots (assembly/engine/raid-adds.ts): the enemies up the whole time + a wave's adds. */
export const MAX_TARGET_SLOTS = 20;

/** HecticAddCleave's adds event for a fight of `durationS` (sim.cpp above: unsigned casts = floor). */
export function hecticAdds(durationS: number): AddsPlan {
  const first = Math.max(Math.floor(durationS * 0.05), 1);
  return { count: 5, first, cooldown: Math.max(Math.floor(durationS * 0.075), 1), duration: first, last: Math.floor(durationS * 0.75) };
}

export class FightStyleError extends CombatsimError {
  /** The config field at fault (`fightStyle`, `targets`, `movement.period`, `adds.count`, ...). */
  readonly field: string;
  constructor(field: string, detail: string) {
    super("INVALID_CONFIG", `${field}: ${detail}`);
    this.field = field;
  }
}

const ms = (s: number) => Math.round(s * 1000) / 1000;

/** The run's fight: `style` (default patchwerk with one target, multi with more), `targets` as configured. */
export function fightPlan(style: unknown, targets: number, targetsGiven: boolean, movement: MovementOptions | undefined, adds?: AddsOptions, durationS = 300): FightPlan {
  const s = style ?? (targets > 1 ? "multi" : "patchwerk");
  if (typeof s !== "string" || !(FIGHT_STYLES as readonly string[]).includes(s)) throw new FightStyleError("fightStyle", `expected one of ${FIGHT_STYLES.join(", ")}, got ${JSON.stringify(style)}`);
  if (movement !== undefined && s !== "movement") throw new FightStyleError("movement", `only with fightStyle "movement", got fightStyle "${s}"`);
  if (adds !== undefined && s !== "adds") throw new FightStyleError("adds", `only with fightStyle "adds", got fightStyle "${s}"`);
  switch (s as FightStyle) {
    case "patchwerk":
      if (targets > 1) throw new FightStyleError("targets", `fightStyle "patchwerk" fights one target, got ${targets} (use fightStyle "multi")`);
      return { style: "patchwerk", targets: 1 };
    case "multi":
      if (targetsGiven && targets < 2) throw new FightStyleError("targets", `fightStyle "multi" needs at least 2 targets, got ${targets}`);
      return { style: "multi", targets: targetsGiven ? targets : 5 };
    case "adds":
      return { style: "adds", targets, adds: addsPlan(adds, targets, durationS) };
    case "movement": {
      const m = movement ?? {};
      const num = (k: keyof MovementOptions, def: number, min: number) => {
        const v = m[k] ?? def;
        if (typeof v !== "number" || !Number.isFinite(v) || v < min || v > 3600) throw new FightStyleError(`movement.${k}`, `expected seconds / yards in [${min}, 3600], got ${JSON.stringify(v)}`);
        return v;
      };
      const first = ms(num("first", LIGHT_MOVEMENT.first, 0));
      const period = ms(num("period", LIGHT_MOVEMENT.period, 0.002));
      const distance = num("distance", LIGHT_MOVEMENT.distance, 0.007);
      const duration = ms(distance / RUN_SPEED_YDS);
      if (duration >= period) throw new FightStyleError("movement", `each window (${distance} yd = ${duration} s) must be shorter than the period (${period} s)`);
      return { style: "movement", targets, movement: { first, period, duration, distance } };
    }
  }
}

/** fightStyle "adds": the options checked against SimC's rules, each error naming its field. */
function addsPlan(adds: AddsOptions | undefined, targets: number, durationS: number): AddsPlan {
  if (adds !== undefined && (adds === null || typeof adds !== "object" || Array.isArray(adds))) throw new FightStyleError("adds", `expected an object with count, first, cooldown, duration, last, got ${JSON.stringify(adds)}`);
  const a = adds ?? {};
  for (const k of Object.keys(a)) if (!["count", "first", "cooldown", "duration", "last"].includes(k)) throw new FightStyleError(`adds.${k}`, `unknown option (expected count, first, cooldown, duration, last)`);
  const def = hecticAdds(durationS);
  const maxCount = MAX_TARGET_SLOTS - targets;
  const count = a.count ?? def.count;
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > maxCount) {
    throw new FightStyleError("adds.count", `expected a whole number of adds in [1, ${maxCount}] (${MAX_TARGET_SLOTS} target slots, ${targets} taken by the enemies up the whole time), got ${JSON.stringify(count)}`);
  }
  const sec = (k: "first" | "cooldown" | "duration" | "last", min: number, minOpen: boolean) => {
    const v = a[k] ?? def[k];
    if (typeof v !== "number" || !Number.isFinite(v) || (minOpen ? v <= min : v < min) || v > 3600) throw new FightStyleError(`adds.${k}`, `expected seconds in ${minOpen ? "(" : "["}${min}, 3600], got ${JSON.stringify(v)}`);
    return ms(v);
  };
  const first = sec("first", 0, false);
  const cooldown = sec("cooldown", 0, true);
  const duration = sec("duration", 0, true);
  const last = sec("last", 0, true);
  // SimC adds_event_t: "does not support overlapping add spawning in a single raid event"
  if (duration > cooldown) throw new FightStyleError("adds.duration", `each wave (${duration} s) must not outlive the cooldown between waves (${cooldown} s): SimC refuses overlapping waves of one adds event`);
  if (last <= first) throw new FightStyleError("adds.last", `no wave would spawn: last (${last} s) must be after first (${first} s)`);
  return { count, first, cooldown, duration, last };
}
