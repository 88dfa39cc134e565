// Impact-proc eligibility and firing (spec "Impact proc", "Events"), TS twin of assembly/procs.ts.
//
// Order of checks for one proc and one hit (the first failing check makes it ineligible):
//   1. pet hit            → never (pet damage never triggers player impact procs)
//   2. amount <= 0 / NaN  → never (zero-damage hits are skipped)
//   3. periodicOnly and the hit is not periodic → no
//   4. skipPeriodic and the hit is periodic     → no
//   5. critOnly and the hit is not a crit       → no
//   6. spellFilter present and the spell id is not in it → no. A present but EMPTY list matches nothing.
// `fireImpactProcs` rolls procChance (one draw) for each ELIGIBLE proc in registration order, and
// makes no draw for ineligible ones, for a pet/zero hit, or when no procs are registered.
import { KernelInputError, procChance } from "./primitives.js";

/** Spell filter: a list or set of spell ids, or the spec's "predicate on spell id". */
export type SpellFilter = readonly number[] | ReadonlySet<number> | ((spellId: number) => boolean);

export interface ImpactProc {
  /** Flat probability per eligible impact (0..1). */
  chance: number;
  spellFilter?: SpellFilter;
  periodicOnly: boolean;
  skipPeriodic: boolean;
  critOnly: boolean;
}

export interface ImpactHit {
  spellId: number;
  isPeriodic: boolean;
  isCrit: boolean;
  isPet: boolean;
  amount: number;
}

function filterMatches(filter: SpellFilter, spellId: number): boolean {
  if (typeof filter === "function") return filter(spellId);
  if (Array.isArray(filter)) return filter.includes(spellId);
  return (filter as ReadonlySet<number>).has(spellId);
}

/**
 * Whether `proc` may roll for `hit` (checks 1–6 above). A proc with both periodicOnly and
 * skipPeriodic set could never fire: that contradictory configuration throws KernelInputError.
 */
export function impactProcEligible(proc: ImpactProc, hit: ImpactHit): boolean {
  if (proc.periodicOnly && proc.skipPeriodic) {
    throw new KernelInputError("impactProcEligible", "periodicOnly/skipPeriodic", true, "not both set");
  }
  if (hit.isPet) return false;
  if (!(hit.amount > 0)) return false;
  if (proc.periodicOnly && !hit.isPeriodic) return false;
  if (proc.skipPeriodic && hit.isPeriodic) return false;
  if (proc.critOnly && !hit.isCrit) return false;
  if (proc.spellFilter !== undefined && !filterMatches(proc.spellFilter, hit.spellId)) return false;
  return true;
}

/**
 * Rolls every eligible proc in registration order (one procChance draw each) and returns the
 * indices (into `procs`) that fired, ascending. Running the procs' `fire` effects is the caller's job.
 */
export function fireImpactProcs(procs: readonly ImpactProc[], hit: ImpactHit, rng: () => number): number[] {
  const fired: number[] = [];
  // Skipped outright when nothing is registered, for pet hits and for zero damage (spec "Events").
  if (procs.length === 0 || hit.isPet || !(hit.amount > 0)) return fired;
  for (let i = 0; i < procs.length; i++) {
    const p = procs[i]!;
    if (!impactProcEligible(p, hit)) continue;
    if (procChance(p.chance, rng)) fired.push(i);
  }
  return fired;
}
