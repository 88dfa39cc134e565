// Reading a spec's manifest (merged with the pieces it `extends`) from a local data dir (Node), in the
// layout of src/data/spec-files.ts: `{data_dir}/specs/<spec>/manifest.json`, pieces in
// `{data_dir}/specs/_class/` and `{data_dir}/specs/_shared/`. Node built-ins are imported lazily so the
// package root stays browser-safe (src/data/source.ts).
import { nodeModules } from "../data/source.js";
import { folderReader, pieceReader, SpecFiles, specFileRel } from "../data/spec-files.js";
import { ManifestError } from "./errors.js";
import { composeManifest, type ReadPiece } from "./extends.js";
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

/** Where `{dataDir}`'s file of `kind` for `spec` belongs: `{dataDir}/specs/<spec>/manifest.json` (rotation.json, profile.json). */
export function specFilePath(dataDir: string, kind: "manifests" | "rotations" | "profiles", spec: string): string {
  return `${dataDir.replace(/[\\/]+$/, "")}/${specFileRel(kind, spec)}`;
}

/** The `extends` pieces of `{dataDir}` (specs/_class/, specs/_shared/), for composeManifest on a manifest read by other means. */
export function dataDirPieces(dataDir: string): ReadPiece {
  return pieceReader(new SpecFiles([folderReader(dataDir)]));
}

/** Load and validate `{dataDir}`'s manifest of `spec`, merging the pieces it `extends` (read from the same dir). */
export async function loadManifest(dataDir: string, spec: string): Promise<{ manifest: Manifest; file: string }> {
  const { text, file } = await new SpecFiles([folderReader(dataDir)]).read("manifests", spec);
  return { manifest: await composeManifest(text, file, dataDirPieces(dataDir)), file };
}
