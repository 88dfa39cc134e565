// Fight styles (docs/fights.md "Fight styles"): what the run option `fightStyle` (CLI --fight-style)
// turns into — the enemy count and the movement windows the engine runs (assembly/engine/raid-events.ts).
//
// SimulationCraft's definitions (sim_t::init_fight_style, engine/sim/sim.cpp of simulationcraft/simc @
// 00cac419027d2051ff06013e15b7074bcc50a472):
//   Patchwerk:       no raid events (one target unless desired_targets says more)
//   LightMovement:   movement,players_only=1,cooldown=40,cooldown_stddev=10,distance=15,distance_min=10,distance_max=20,first=15
//   HeavyMovement:   movement cooldown=20 (stddev 15), distance=25, first=15 and movement cooldown=45 (stddev 15), distance=45, first=30
//   HecticAddCleave: adds,count=5,first=5 % of max_time,cooldown=7.5 %,duration=5 %,last=75 % plus movement
// combatsim's `movement` is LightMovement's schedule without the random draws (deterministic windows:
// the mean cooldown and the mean distance), `multi` is Patchwerk with desired_targets = N.

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

export interface FightPlan {
  style: FightStyle;
  targets: number;
  /** Seconds (ms-rounded) and yards. */
  movement?: { first: number; period: number; duration: number; distance: number };
}

export class FightStyleError extends CombatsimError {
  constructor(field: string, detail: string) {
    super("INVALID_CONFIG", `${field}: ${detail}`);
  }
}

const ms = (s: number) => Math.round(s * 1000) / 1000;

/** The run's fight: `style` (default patchwerk with one target, multi with more), `targets` as configured. */
export function fightPlan(style: unknown, targets: number, targetsGiven: boolean, movement: MovementOptions | undefined): FightPlan {
  const s = style ?? (targets > 1 ? "multi" : "patchwerk");
  if (typeof s !== "string" || !(FIGHT_STYLES as readonly string[]).includes(s)) throw new FightStyleError("fightStyle", `expected one of ${FIGHT_STYLES.join(", ")}, got ${JSON.stringify(style)}`);
  if (movement !== undefined && s !== "movement") throw new FightStyleError("movement", `only with fightStyle "movement", got fightStyle "${s}"`);
  switch (s as FightStyle) {
    case "patchwerk":
      if (targets > 1) throw new FightStyleError("targets", `fightStyle "patchwerk" fights one target, got ${targets} (use fightStyle "multi")`);
      return { style: "patchwerk", targets: 1 };
    case "multi":
      if (targetsGiven && targets < 2) throw new FightStyleError("targets", `fightStyle "multi" needs at least 2 targets, got ${targets}`);
      return { style: "multi", targets: targetsGiven ? targets : 5 };
    case "adds":
      throw new FightStyleError("fightStyle", `"adds" (targets that appear and die) is not modelled yet: the engine's targets are all alive for the whole fight (docs/fights.md "Fight styles")`);
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
