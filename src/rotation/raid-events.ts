// `raid_event.<type>.<filter>` (docs/rotation.md "Raid events"): SimC's raid event expressions
// (raid_event_t::evaluate_raid_event_expression, engine/sim/raid_event.cpp) over the run's movement and
// adds schedules (docs/fights.md "Fight styles"). The resolver checks the name's shape; this maps it.
import type { RExpr } from "./ast.js";
import { Q } from "./queries.js";

/** SimC answers `raid_event.X.in` / `.cooldown` with timespan_t::max() when no event of that kind is
 *  scheduled ("ridiculously large number", engine/sim/raid_event.cpp); this stand-in compares the same
 *  way against any time an APL writes. */
export const NO_RAID_EVENT_IN = 1e9;

/** The filters SimC's raid event expressions take. */
export const RAID_EVENT_PROPS = new Set(["in", "cooldown", "exists", "up", "remains", "count", "duration", "amount", "distance", "max_distance", "min_distance", "to_pct"]);

export interface RaidEventSchedules {
  movement?: { duration: number; distance: number };
  adds?: { duration: number; count: number };
}

const c = (value: number): RExpr => ({ kind: "const", value });
const q = (query: number, arg = 0): RExpr => ({ kind: "query", q: query, arg });

/** The expression for `raid_event.<type>.<prop>`; `prop` is one of RAID_EVENT_PROPS. */
export function raidEventExpr(type: string, prop: string, s: RaidEventSchedules): RExpr {
  // SimC matches the event type by prefix (str_prefix_ci)
  if (s.movement !== undefined && "movement".startsWith(type)) {
    // assembly/engine/raid-events.ts
    switch (prop) {
      case "exists": return c(1);
      case "up": return q(Q.RAID_MOVE_UP);
      case "remains": return q(Q.RAID_MOVE_REMAINS);
      case "in": return q(Q.RAID_MOVE_IN);
      case "cooldown": return q(Q.RAID_MOVE_IN, 1); // 0 before the first window
      case "duration": return c(s.movement.duration);
      case "distance": case "max_distance": case "min_distance": return c(s.movement.distance);
      default: return c(0); // count / amount / to_pct: not a movement event's
    }
  }
  if (s.adds !== undefined && "adds".startsWith(type)) {
    // assembly/engine/raid-adds.ts (SimC adds_event_t)
    switch (prop) {
      case "exists": return c(1);
      case "up": return q(Q.RAID_ADDS_UP);
      case "remains": return q(Q.RAID_ADDS_REMAINS);
      case "in": return q(Q.RAID_ADDS_IN);
      case "cooldown": return q(Q.RAID_ADDS_IN, 1); // 0 before the first wave
      case "duration": return c(s.adds.duration);
      case "count": return c(s.adds.count);
      default: return c(0); // distance (no positions are modelled), amount, to_pct: not an adds event's
    }
  }
  // no raid events of this kind are scheduled: "in" and "cooldown" are SimC's never, the rest 0
  return c(prop === "in" || prop === "cooldown" ? NO_RAID_EVENT_IN : 0);
}

/**
 * `fight_style.<name>`: 1 when the run is that SimC fight style. A multi-target run is SimC's Patchwerk with
 * more targets (desired_targets); the movement style is LightMovement and the adds style HecticAddCleave
 * (docs/fights.md "Fight styles"). Every other SimC style name is 0.
 */
export function fightStyleExpr(name: string, s: RaidEventSchedules): RExpr {
  const run = s.adds !== undefined ? "hecticaddcleave" : s.movement !== undefined ? "lightmovement" : "patchwerk";
  return c(name === run ? 1 : 0);
}
