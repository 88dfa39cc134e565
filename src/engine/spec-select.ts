// Which spec a run simulates. The request may come from config.spec (`--spec`) and from the profile's
// `spec` field; both are read as a slug, a spec id or a display name (src/catalog/lookup.ts). Rules:
//   - only one given: that spec; neither: DEFAULT_SPEC;
//   - both given: they must name the same spec, else SPEC_MISMATCH (a Fire profile never silently
//     runs as Beast Mastery, and --spec never silently overrides the profile);
//   - a catalog spec without a manifest (in the data dir or the bundled data) is SPEC_NOT_IMPLEMENTED,
//     naming the implemented ones; a name no catalog spec has is UNKNOWN_SPEC unless the data dir holds
//     a manifest of that slug (custom specs); an ambiguous name ("frost") is AMBIGUOUS_SPEC.
import { implementedSpecsList, lookupSpecs, specDisplayName } from "../catalog/lookup.js";
import { CombatsimError } from "../errors.js";

export type SpecSelectErrorCode = "UNKNOWN_SPEC" | "SPEC_NOT_IMPLEMENTED" | "AMBIGUOUS_SPEC" | "SPEC_MISMATCH";

export class SpecSelectError extends CombatsimError {
  declare readonly code: SpecSelectErrorCode;
  constructor(code: SpecSelectErrorCode, message: string) {
    super(code, message);
  }
}

/** A slug as file names use it (the only form a custom, non-catalog spec can take). */
export const SPEC_SLUG = /^[a-z][a-z0-9-]*$/;

/** Where a spec request came from, for messages: `config.spec`, `profile data/specs/fire/profile.json`. */
export interface SpecRequest {
  value: string;
  source: string;
}

/**
 * The slug `req` names. `manifestFile(slug)` returns the manifest path the run would read, and
 * whether it exists.
 */
export async function resolveSpecSlug(req: SpecRequest, manifestFile: (slug: string) => Promise<{ file: string; exists: boolean }>): Promise<string> {
  const matches = lookupSpecs(req.value);
  if (matches.length > 1) {
    throw new SpecSelectError("AMBIGUOUS_SPEC", `${req.source}: spec "${req.value}" is ambiguous: ${matches.map((s) => `${specDisplayName(s)} (${s.slug}, ${s.specId})`).join(", ")}`);
  }
  const implemented = `implemented: ${implementedSpecsList()} (combatsim specs lists all)`;
  if (matches.length === 1) {
    const s = matches[0]!;
    if ((await manifestFile(s.slug)).exists) return s.slug;
    throw new SpecSelectError("SPEC_NOT_IMPLEMENTED", `${specDisplayName(s)} is not implemented yet; ${implemented}`);
  }
  if (SPEC_SLUG.test(req.value)) {
    const m = await manifestFile(req.value);
    if (m.exists) return req.value;
    throw new SpecSelectError("UNKNOWN_SPEC", `${req.source}: unknown spec "${req.value}": no damage spec has that slug, id or name, and there is no ${m.file}; ${implemented}`);
  }
  throw new SpecSelectError("UNKNOWN_SPEC", `${req.source}: unknown spec "${req.value}": no damage spec has that slug, id or name; ${implemented}`);
}

/** The slug a spec text stands for when it is a catalog spelling, else the text itself (custom specs). */
function canonical(value: string): string {
  const m = lookupSpecs(value);
  return m.length === 1 ? m[0]!.slug : value;
}

/**
 * SPEC_MISMATCH unless the profile's spec names the run's spec `slug`. `requested`: the spec text the
 * caller asked for (config.spec / --spec), absent when the spec came from the profile or the default.
 */
export function checkProfileSpec(slug: string, profileSpec: string, profileFile: string, requested?: string): void {
  if (canonical(profileSpec) === slug) return;
  const asked = requested === undefined ? `the run's spec is "${slug}"` : `the requested spec is "${requested}"${requested === slug ? "" : ` (${slug})`}`;
  throw new SpecSelectError("SPEC_MISMATCH", `profile ${profileFile} is for spec "${profileSpec}" but ${asked}: a profile runs as its own spec (leave out the spec, or use a ${slug} profile)`);
}
