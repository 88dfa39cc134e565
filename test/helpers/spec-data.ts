// The bundled data's spec folders (src/data/spec-layout.ts), for tests that read or enumerate them:
// the list of spec folders is the one registration point, so a test looping over specs takes it from here.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { CLASS_PIECES_DIR, NON_SPEC_PREFIX, SHARED_PIECES_DIR, SPECS_DIR } from "../../src/data/spec-layout.js";

export const DATA = path.resolve(__dirname, "../../data");

/** The slugs of the bundled spec folders, sorted. */
export function specFolders(): string[] {
  return readdirSync(path.join(DATA, SPECS_DIR), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith(NON_SPEC_PREFIX))
    .map((e) => e.name)
    .sort();
}

/** `data/specs/<slug>/<file>` (absolute). */
export const specFile = (slug: string, file: string): string => path.join(DATA, SPECS_DIR, slug, file);

/** The bundled manifest or piece named `name`: a spec's manifest.json, else specs/_class/<name>.json, else specs/_shared/<name>.json. */
export function manifestFile(name: string): string {
  const places = [specFile(name, "manifest.json"), path.join(DATA, CLASS_PIECES_DIR, `${name}.json`), path.join(DATA, SHARED_PIECES_DIR, `${name}.json`)];
  const found = places.find((f) => existsSync(f));
  if (!found) throw new Error(`no bundled manifest or piece "${name}" (looked at ${places.join(", ")})`);
  return found;
}
