import { CombatsimError } from "../errors.js";

/** A manifest construct the engine image cannot express (or not exactly): never silently mis-modelled. */
export class CompileError extends CombatsimError {
  constructor(detail: string) {
    super("COMPILE_UNSUPPORTED", `compileSpec: ${detail}`);
  }
}
