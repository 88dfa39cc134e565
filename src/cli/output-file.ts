// Output files of a run (`--html`). A run can take minutes; its results must not be lost to a typo in
// a path, so the path is checked before the run starts: its folder must exist and be writable, and
// the path must not be a folder. (Writing can still fail afterwards, e.g. on a full disk: the CLI
// prints the results before it writes the file.)
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import path from "node:path";
import { CombatsimError } from "../errors.js";

export class OutputPathError extends CombatsimError {
  constructor(option: string, file: string, detail: string) {
    super("OUTPUT_PATH", `${option} ${file}: ${detail} (checked before the run; nothing was simulated)`);
  }
}

async function statOrNull(p: string) {
  try {
    return await stat(p);
  } catch {
    return null;
  }
}

/** Resolves when `file` can be written; else OutputPathError naming the option, the path and why. */
export async function checkOutputFile(option: string, file: string): Promise<void> {
  const abs = path.resolve(file);
  const dir = path.dirname(abs);
  const dirStat = await statOrNull(dir);
  if (!dirStat) throw new OutputPathError(option, file, `the folder ${dir} does not exist`);
  if (!dirStat.isDirectory()) throw new OutputPathError(option, file, `${dir} is not a folder`);
  const fileStat = await statOrNull(abs);
  if (fileStat?.isDirectory()) throw new OutputPathError(option, file, "is a folder, not a file");
  try {
    await access(fileStat ? abs : dir, constants.W_OK);
  } catch {
    throw new OutputPathError(option, file, fileStat ? "the file is not writable" : `the folder ${dir} is not writable`);
  }
}
