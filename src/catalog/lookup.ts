// Spec lookup by what a user types: a slug ("beast-mastery"), a spec id ("253"), a display name
// ("Beast Mastery", "fury"), or name and class in either order ("fury warrior", "Warrior Fury").
// Case, hyphens, underscores and repeated spaces do not matter. Pure over the generated catalog
// (browser-safe).
import type { SpecDescriptor } from "./build.js";
import { SPEC_CATALOG } from "../generated/catalog.js";

/** "Fury Warrior", "Frost Death Knight": how messages name a spec. */
export function specDisplayName(s: Pick<SpecDescriptor, "name" | "className">): string {
  return `${s.name} ${s.className}`;
}

const normalize = (text: string): string => text.toLowerCase().replace(/[\s_-]+/g, " ").trim();

/** Every spelling of a spec that lookupSpecs accepts (normalized). */
function keysOf(s: SpecDescriptor): string[] {
  return [String(s.specId), s.slug, s.name, `${s.name} ${s.className}`, `${s.className} ${s.name}`].map(normalize);
}

/**
 * The catalog specs `query` names: one for an exact spelling, several for an ambiguous name ("frost":
 * Frost Mage and Frost Death Knight), none when it names no catalog spec.
 */
export function lookupSpecs(query: string, catalog: readonly SpecDescriptor[] = SPEC_CATALOG): SpecDescriptor[] {
  const q = normalize(query);
  if (q === "") return [];
  return catalog.filter((s) => keysOf(s).includes(q));
}

/** "Beast Mastery Hunter (beast-mastery, 253), …": the implemented specs, for messages. */
export function implementedSpecsList(catalog: readonly SpecDescriptor[] = SPEC_CATALOG): string {
  return catalog
    .filter((s) => s.implemented)
    .map((s) => `${specDisplayName(s)} (${s.slug}, ${s.specId})`)
    .join(", ");
}
