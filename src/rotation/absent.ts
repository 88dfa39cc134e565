// Names a rotation uses that the modelled game version does not have (manifest `absent`,
// docs/manifests.md "absent", docs/rotation.md §2 "Absent names"). SimulationCraft's APLs are written for
// the newest patch: they test a later tier set's buff (`buff.cobra_fang` of 12.1) or cast a spell the
// modelled client lacks. Such a name is not an error and not a guess: it resolves as SimC resolves a buff
// nobody ever applies / an action the character cannot use — never up, never castable, never taken —
// and the run lists it (rotation.absentNames) so the answer is never silent.
import type { RExpr } from "./ast.js";

export type AbsentKind = "aura" | "spell" | "talent";

/** What the host knows about an absent name. */
export interface AbsentInfo {
  kind: AbsentKind;
  reason: string;
  source: string;
}

/** One absent name a compiled rotation uses (`result.rotation.absentNames`). */
export interface AbsentName extends AbsentInfo {
  name: string;
  /** SimC APL lines (1-based) whose honoured entry names it; empty for JSON rotations / manifest expressions. */
  lines: number[];
}

const c = (value: number): RExpr => ({ kind: "const", value });

/** `buff.X.last_trigger` of an aura that is never applied: this many seconds before the pull. */
export const NEVER_TRIGGERED_S = 1e9;

/**
 * `buff.X.<p>` / `debuff.X.<p>` / `dot.X.<p>` of an aura that never exists: what SimC answers for a buff
 * that is never triggered. Down and refreshable (a DoT that is not ticking may be applied) are 1;
 * pmultiplier is 1 as for every aura here (docs/rotation.md §2); every count and time is 0.
 * undefined: not an aura property (the caller reports it).
 */
export function absentAuraProp(prop: string): RExpr | undefined {
  switch (prop) {
    case "down":
    case "refreshable":
    case "pmultiplier":
      return c(1);
    case "up":
    case "ticking":
    case "react":
    case "stack":
    case "remains":
    case "duration":
    case "tick_time":
    case "ticks_remain":
    case "max_stack":
    case "at_max_stacks":
    case "stack_pct":
      return c(0);
    case "last_trigger":
      // never triggered: no trigger time at all. A time far before the pull keeps `time - last_trigger`
      // above any threshold an APL compares it with (`< 1.5` false, `> 1.5` true), as for a buff that
      // never happened.
      return c(-NEVER_TRIGGERED_S);
    default:
      return undefined;
  }
}

/** The aura properties absentAuraProp answers (for the "expected one of" list of an error). */
export const ABSENT_AURA_PROPS = ["up", "down", "remains", "stack", "react", "ticking", "refreshable", "duration", "tick_time", "ticks_remain", "pmultiplier", "max_stack", "at_max_stacks", "stack_pct", "last_trigger"];

/**
 * A property of a spell that does not exist (`cooldown.X.<p>`, `action.X.<p>`, the bare properties of its
 * own entry): it can never be cast, so it is never ready (`ready`, `up`, `cooldown_react` 0) and it has no
 * charges, cost, cooldown, cast or aura — every value 0 except an aura's `down` / `refreshable` (1).
 */
export function absentSpellProp(prop: string): RExpr {
  return absentAuraProp(prop) ?? c(0);
}
