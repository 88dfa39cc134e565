// The layout of a data dir's spec files (docs/manifests.md "Files"), as relative paths: one folder per
// spec, `specs/<slug>/{manifest.json, rotation.simc | rotation.json, profile.json}`, and the `extends`
// pieces in `specs/_class/` (class-level) and `specs/_shared/` (raid buffs, consumables, racials). No
// imports: the resolver (spec-files.ts), the data index, the generator and the browser page share it.

/** A spec's manifest, an `extends` piece (by name), a spec's rotation or its default profile. */
export type SpecFileKind = "manifests" | "pieces" | "rotations" | "profiles";

/** The folder of the per-spec folders, inside a data dir. */
export const SPECS_DIR = "specs";
/** Folders under SPECS_DIR that are not specs: the class-level and the shared `extends` pieces. */
export const CLASS_PIECES_DIR = `${SPECS_DIR}/_class`;
export const SHARED_PIECES_DIR = `${SPECS_DIR}/_shared`;
/** A folder under SPECS_DIR whose name starts with this holds pieces, not a spec (spec slugs start with a letter). */
export const NON_SPEC_PREFIX = "_";

/** The folders of the flat layout (read as a fallback: specFilePlaces). */
export const LEGACY_DIRS: readonly string[] = ["manifests", "rotations", "profiles"];

/** The spec folder of `slug`, relative to the data dir. */
export const specDir = (slug: string): string => `${SPECS_DIR}/${slug}`;

/**
 * Where a file of `kind` named `name` may be, relative to the data dir, without the extension: the
 * layout's places first (a piece may be in either pieces folder), then the flat layout's.
 */
export function specFilePlaces(kind: SpecFileKind, name: string): { places: string[]; legacy: string[] } {
  switch (kind) {
    case "manifests":
      return { places: [`${specDir(name)}/manifest`], legacy: [`manifests/${name}`] };
    case "pieces":
      return { places: [`${CLASS_PIECES_DIR}/${name}`, `${SHARED_PIECES_DIR}/${name}`], legacy: [`manifests/${name}`] };
    case "rotations":
      return { places: [`${specDir(name)}/rotation`], legacy: [`rotations/${name}`] };
    case "profiles":
      return { places: [`${specDir(name)}/profile`], legacy: [`profiles/${name}`] };
  }
}

/** Where the file of `kind` named `name` belongs, with `ext` (the layout's first place), relative to the data dir. */
export function specFileRel(kind: SpecFileKind, name: string, ext = ".json"): string {
  return `${specFilePlaces(kind, name).places[0]}${ext}`;
}

