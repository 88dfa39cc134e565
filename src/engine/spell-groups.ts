// Which per-spell entries belong together in a report. compileSpec gives every periodic-damage aura a
// pseudo-spell "<aura>_tick" for its ticks (src/engine/compile.ts), so a DoT shows as two entries: the
// cast (casts, no damage of its own) and the ticks (damage, no casts). The tick entry's parent is the
// castable spell that applies the aura — at step 8 (applyAura) or from its post-cast hook — found in the
// image's structure, not from the names.
import type { Op, SpecImage } from "./image.js";

/** Auras an op list applies, nested lists (ifAura, procChance, schedule, …) included. */
function aurasApplied(img: SpecImage, list: number | undefined, seen = new Set<number>()): number[] {
  if (list === undefined || list < 0 || seen.has(list)) return [];
  seen.add(list);
  const out: number[] = [];
  for (const op of img.opLists[list] ?? []) {
    if (op.op === "applyAura") out.push(op.aura);
    const nested = (op as Extract<Op, { list: number }>).list;
    if (nested !== undefined) out.push(...aurasApplied(img, nested, seen));
  }
  return out;
}

/**
 * Who applies each aura: aura index → the castable spells (image indices) that apply it, at step 8 or
 * from their hook, and -1 for any other source (a proc, a cast hook, another aura's ops). An aura
 * absent from the map is never applied.
 */
export function auraSources(img: SpecImage): Map<number, Set<number>> {
  const sources = new Map<number, Set<number>>();
  const add = (aura: number, source: number) => sources.set(aura, (sources.get(aura) ?? new Set()).add(source));
  img.spells.forEach((s, i) => {
    if (s.known === false) return; // an untalented placeholder never casts
    if (s.applyAura !== undefined) add(s.applyAura, i);
    for (const a of aurasApplied(img, s.hook)) add(a, i);
  });
  const otherLists = [...(img.procs ?? []).map((p) => p.list), ...(img.castHooks ?? []), ...img.auras.flatMap((a) => [a.tickOps, a.onExpire])];
  for (const list of otherLists) for (const a of aurasApplied(img, list)) add(a, -1);
  return sources;
}

/**
 * Image spell index of a periodic aura's tick entry → image spell index of the castable spell that
 * applies the aura. Only when that spell is its one source: an aura also applied by another spell, a
 * proc, a cast hook or another aura's ops (Arms' Deep Wounds: Execute and the Mortal Wounds proc) is
 * nobody's part, and its tick entry stays on its own.
 */
export function tickParents(img: SpecImage): Map<number, number> {
  const sources = auraSources(img);
  const parents = new Map<number, number>();
  img.auras.forEach((a, ai) => {
    if (a.tickDamage === undefined) return;
    const tick = img.damage[a.tickDamage]?.spell;
    const from = [...(sources.get(ai) ?? [])];
    if (tick !== undefined && from.length === 1 && from[0]! >= 0 && from[0] !== tick) parents.set(tick, from[0]!);
  });
  return parents;
}
