// Package root: the stable library surface (see DESIGN.md "Library surface").
export const VERSION = "0.1.0";
export { wasm } from "./engine/wasm.js";
export * from "./stats/index.js";
export { Xorshift64, seedFor, seedPrefix, seedFromPrefix, XORSHIFT_ZERO_SEED, RngError } from "./kernels/rng.js";
export { KernelInputError, KERNEL_INPUT_INVALID, procChance, rollTier, shufflePick } from "./kernels/primitives.js";
export { damageCalc, damageCalcUnchecked, armorMitigation, masteryMultiplier, resolveMastery, MasteryKind, DEFAULT_CRIT_MULTIPLIER } from "./kernels/damage.js";
export type { DamageInput, DamageResult } from "./kernels/damage.js";
export { rollRppm, rppmChance, newRppmTracker } from "./kernels/rppm.js";
export type { RppmTracker } from "./kernels/rppm.js";
export { ResourceSlot } from "./kernels/resource.js";
export { impactProcEligible, fireImpactProcs } from "./kernels/procs.js";
export type { ImpactProc, ImpactHit, SpellFilter } from "./kernels/procs.js";
export { loadDataBundle, resolveDataDir, DATA_DIR_ENV } from "./data/bundle.js";
export { DataError, CsvError } from "./data/errors.js";
export type { DataErrorCode, CsvErrorCode, CsvLocation } from "./data/errors.js";
export type { CellValue, Row, Table, DataBundle } from "./data/types.js";
