// Loads a CompiledRotation into the wasm test harness (assembly/rotation/test_state.ts).
import { wasm, scratchF64, scratchI32 } from "../../src/engine/wasm.js";
import type { CompiledRotation } from "../../src/rotation/index.js";

/** Writes code + constants into (reused) wasm scratch memory and loads them; returns rotationCheck's code. */
export function loadIntoWasm(c: CompiledRotation): number {
  const code = scratchI32("rotation.code", c.code.length);
  const consts = scratchF64("rotation.consts", Math.max(c.constants.length, 1));
  // Allocate both before writing: a later allocation may grow memory (views are re-created on access).
  code.write(c.code);
  consts.write(c.constants);
  return wasm.rotationTestLoad(code.ptr, c.code.length, consts.ptr, c.constants.length);
}

export function setQuery(kind: number, arg: number, value: number): void {
  if (!wasm.rotationTestSetQuery(kind, arg, value)) throw new Error(`query cell (${kind}, ${arg}) out of range`);
}

export function setReady(spell: number, ready: boolean): void {
  if (!wasm.rotationTestSetCastReady(spell, ready)) throw new Error(`spell ${spell} out of range`);
}
