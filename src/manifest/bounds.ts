// Plausible ranges of the numbers a manifest writes (docs/manifests.md "Plausible ranges"). A finite
// but absurd value (a duration of 1e300 ms, a mastery coefficient of 1e308) would otherwise pass
// validation and fail — or silently saturate — deep inside a run, naming an engine image field
// instead of the manifest's. Each bound sits far above anything the game has, so it only catches
// mistakes. Values read from game data through a data reference are not literals and are not bounded here.

export interface Bound {
  /** Largest accepted value. */
  readonly max: number;
  /** Also accept down to -max (signed quantities); otherwise the reader's own minimum applies. */
  readonly signed?: boolean;
  /** What the field measures, named in the error. */
  readonly what: string;
}

export const BOUNDS = {
  /** Cast, GCD, cooldown, recharge, duration, tick period, swing, interval, per-point times. */
  ms: { max: 86_400_000, what: "milliseconds: 24 h" },
  /** Stacks, charges, channel ticks, finisher points, cleave targets. */
  count: { max: 10_000, what: "count" },
  /** AP/SP coefficients, weapon multipliers, pet AP ratios, damage factors, cast-time factors, banked fractions (real ones stay below 50). */
  coefficient: { max: 1_000, what: "coefficient or multiplier" },
  /** Mastery percent per mastery point (real ones are 0.5-4). */
  masteryCoefficient: { max: 100, what: "percent per mastery point" },
  /** Resource maxima, costs, gains, regeneration per second; buff values (multipliers, percent points, flat stats). */
  amount: { max: 10_000_000, signed: true, what: "resource or stat amount" },
  /** Percent points added to a hit's crit chance. */
  critBonus: { max: 100, what: "percent points: 100 = always crits" },
  /** A target health threshold in percent. */
  healthPct: { max: 100, what: "percent of the target's health" },
  /** Real Procs Per Minute rates. */
  rppm: { max: 1_000, what: "procs per minute" },
  /** A data reference's `scale` and `offset`. */
  dataRefScale: { max: 1_000_000, signed: true, what: "data reference scale or offset" },
  /** Spell ids: the tables' ID columns are signed 32-bit. */
  spellId: { max: 2_147_483_647, what: "spell id: a 32-bit table id" },
} as const satisfies Record<string, Bound>;

/** The message for `v` outside `b`, or undefined when it is inside. */
export function boundViolation(v: number, b: Bound): string | undefined {
  if (v > b.max) return `must be <= ${b.max} (${b.what}), got ${v}`;
  if (b.signed && v < -b.max) return `must be >= -${b.max} (${b.what}), got ${v}`;
  return undefined;
}
