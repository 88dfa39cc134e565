// What must be equal between the machine that compiles a run and every worker that runs its chunks.
//
// The compiled SpecImage travels with the run, so a worker needs no manifest, rotation or profile;
// what it brings of its own is the code: the combatsim version, the wasm engine build, and the data
// bundle it was installed with. Two machines with the same three produce the same ChunkReport bytes
// for the same (image, seed, chunk) — that is what lets chunks from different machines be merged.
// The data bundle is compared too although the image already carries the values taken from it:
// a worker installed against other tables is a different installation, and refusing it keeps a
// fleet's runs explainable (docs/distributed.md "What travels").
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { bundledDataDir, resolveDataDir } from "../data/bundle.js";
import { VERSION } from "../index.js";
import { IMAGE_VERSION } from "../engine/image.js";

export interface RunIdentity {
  /** package.json version of combatsim. */
  version: string;
  /** Layout version of the compiled image (src/engine/image.ts). */
  imageVersion: number;
  /** sha256 of build/combatsim.wasm (the engine the chunks run on). */
  engine: string;
  /** sha256 over the data bundle's table files (name + bytes, sorted by name). */
  data: string;
}

async function sha256File(file: string): Promise<string> {
  return createHash("sha256").update(await readFile(file)).digest("hex");
}

/** sha256 over `<dataDir>/data/tables/*`: each file's name, a NUL, its sha256, a newline, in name order. */
export async function dataBundleIdentity(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, "data", "tables");
  let names: string[] = [];
  try {
    names = (await readdir(dir)).filter((n) => !n.startsWith(".")).sort();
  } catch {
    // no tables folder: the bundle is empty tables (src/data/bundle.ts), and so is its identity
  }
  const h = createHash("sha256");
  for (const n of names) h.update(`${n}\0${await sha256File(path.join(dir, n))}\n`);
  return h.digest("hex");
}

/** This installation's identity; `dataDir` defaults to the resolved data dir (as `combatsim sim` uses). */
export async function localIdentity(dataDir?: string): Promise<RunIdentity> {
  const root = path.dirname(bundledDataDir());
  return {
    version: VERSION,
    imageVersion: IMAGE_VERSION,
    engine: await sha256File(path.join(root, "build", "combatsim.wasm")),
    data: await dataBundleIdentity(dataDir ?? resolveDataDir()),
  };
}

/** The first difference between a run's identity and a worker's, as [code, message], or null when they agree. */
export function identityMismatch(run: RunIdentity, worker: RunIdentity, who: string): ["QUEUE_VERSION_MISMATCH" | "QUEUE_DATA_MISMATCH", string] | null {
  if (run.version !== worker.version) return ["QUEUE_VERSION_MISMATCH", `${who} runs combatsim ${worker.version}, the run was compiled by combatsim ${run.version}`];
  if (run.imageVersion !== worker.imageVersion) return ["QUEUE_VERSION_MISMATCH", `${who} reads image version ${worker.imageVersion}, the run's image is version ${run.imageVersion}`];
  if (run.engine !== worker.engine) return ["QUEUE_VERSION_MISMATCH", `${who} has engine build ${worker.engine.slice(0, 12)}…, the run's is ${run.engine.slice(0, 12)}… (build/combatsim.wasm differs)`];
  if (run.data !== worker.data) return ["QUEUE_DATA_MISMATCH", `${who} has data bundle ${worker.data.slice(0, 12)}…, the run was compiled from ${run.data.slice(0, 12)}…`];
  return null;
}
