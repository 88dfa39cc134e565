// Mastery-raised resources (manifest mastery.resources; Arcane's Savant 190740 effects 1 / 4: maximum
// mana and mana regeneration +1.32 % per mastery point). SimulationCraft rescales the maximum whenever
// mastery changes (sc_mage.cpp mage_t::recalculate_resource_max, invalidate_cache on CACHE_MASTERY) and
// multiplies the regeneration by the same kind of factor (mage_t::resource_regen_per_second). As long as
// nothing changes mastery during the fight (no aura with a mastery effect), both factors are constants of
// the profile, so they are folded into the resource's maximum, starting amount and regeneration here,
// like the pet-only mastery fold in compile.ts; with a mastery aura present this refuses instead of
// silently mis-modelling it.
import type { ResolvedResource, ResolvedSpec } from "../manifest/resolve.js";
import { CompileError } from "./compile.js";

export interface FoldedResource {
  max: number;
  initial: number;
  regenPerSec: number;
}

/** The profile's mastery points (rating-derived mastery / the spec's coefficient; 0 without a coefficient). */
export function masteryPoints(spec: ResolvedSpec, stats: { mastery: number }): number {
  return spec.mastery.coefficient > 0 ? stats.mastery / spec.mastery.coefficient : 0;
}

/** `r`'s maximum / starting amount / regeneration at `points` mastery points (before the coefficient). */
export function foldMasteryResource(spec: ResolvedSpec, r: ResolvedResource, points: number): FoldedResource {
  if (r.masteryMaxPct === undefined && r.masteryRegenPct === undefined) return { max: r.max, initial: r.initial, regenPerSec: r.regenPerSec };
  const buff = spec.auras.find((a) => a.active && a.effects.some((e) => e.type === "mastery"));
  if (buff) throw new CompileError(`mastery-raised resource "${r.name}" cannot be folded: aura "${buff.name}" changes mastery during the fight`);
  const maxFactor = 1 + (points * (r.masteryMaxPct ?? 0)) / 100;
  const regenFactor = 1 + (points * (r.masteryRegenPct ?? 0)) / 100;
  // the starting amount keeps its fraction of the maximum (SimC: current = new max x old percent)
  return { max: r.max * maxFactor, initial: r.initial * maxFactor, regenPerSec: r.regenPerSec * regenFactor };
}
