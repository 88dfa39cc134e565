// Reading manifests (and the rotation / profile JSON next to them) from a local data dir (Node).
// Layout: `{data_dir}/manifests/<spec>.json`, `{data_dir}/rotations/<spec>.json`,
// `{data_dir}/profiles/<spec>.json`. Node built-ins are imported lazily so the package root stays
// browser-safe (src/data/source.ts).
import { nodeModules } from "../data/source.js";
import { ManifestError } from "./errors.js";
import { composeManifest, siblingPieceReader } from "./extends.js";
import type { Manifest } from "./schema.js";

/** Reads a text file, turning I/O failures into MANIFEST_READ_FAILED naming the file. */
export async function readTextFile(file: string): Promise<string> {
  try {
    const { fsp } = await nodeModules();
    return await fsp.readFile(file, "utf8");
  } catch (e) {
    throw new ManifestError("MANIFEST_READ_FAILED", file, "", `cannot read: ${(e as Error).message}`);
  }
}

/** `{dataDir}/<kind>/<spec>.json` (kind: manifests, rotations, profiles). */
export function specFilePath(dataDir: string, kind: "manifests" | "rotations" | "profiles", spec: string): string {
  return `${dataDir.replace(/[\\/]+$/, "")}/${kind}/${spec}.json`;
}

/** Load and validate `{dataDir}/manifests/<spec>.json`, merging the pieces it `extends` (read from the same folder). */
export async function loadManifest(dataDir: string, spec: string): Promise<{ manifest: Manifest; file: string }> {
  const file = specFilePath(dataDir, "manifests", spec);
  return { manifest: await composeManifest(await readTextFile(file), file, siblingPieceReader(readTextFile)), file };
}
