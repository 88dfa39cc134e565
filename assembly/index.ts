// combatsim wasm module entry. Kernels are added in assembly/*.ts and re-exported here.
export const ENGINE_ABI_VERSION: i32 = 1;
export { allocF64, allocI32 } from "./mem";
export { XORSHIFT_ZERO_SEED, seedPrefix, seedFromPrefix, seedFor, xorshiftFillU64, xorshiftFillF64, seedForFill } from "./rng";
export { benchXorshiftNext, benchXorshiftU64, benchSeedFromPrefix } from "./bench";
export { procChanceBatch, rollTierBatch, shufflePickBatch } from "./primitives";
export { armorMitigation, masteryMultiplier, damageCalcBatch, damageBenchXorshift } from "./damage";
export { rppmChance, rppmBatch, rppmBenchXorshift } from "./rppm";
export { resourceSpend, resourceGain, resourceSync, resourceDeficit, resourcePct, resourceDeficitPct, resourceTimeToMax, resourceBatch, resourceBenchSpendGain } from "./resource";
export { impactProcEligible, impactProcBatch } from "./procs";
export { WHEEL_SLOTS, WHEEL_SLOT_MS, wheelReset, wheelPush, wheelPop, wheelPoppedT, wheelPoppedValue, wheelSize, wheelOverflowSize, wheelPendingAtNow, wheelRunScript } from "./wheel";
export { benchWheelHold } from "./bench";
export { ROT_MAGIC, ROT_VERSION, ACTION_NONE, ACTION_CAST, ACTION_WAIT, WAIT_MAX_MS } from "./rotation/vm";
export { ROTATION_TEST_MAX_ARG, rotationTestSetQuery, rotationTestSetCastReady, rotationTestClear, rotationTestLoad, rotationTestSelect, rotationTestSelectN, rotationTestSetBlocked, rotationTestSetTimeBound, rotationTestReset, rotationTestVar, rotationTestQueryCount, rotationTestCastCheckCount, rotationTestTouchCount, rotationTestSetTargets, rotationTestSetTargetQuery, rotationTestTarget, rotationTestTargetSwitches } from "./rotation/test_state";
export { engineImageF64, engineImageI32, engineLoad, engineResetAccumulators, engineRun, engineResults, engineNow, engineResourceCurrent, engineEventKindCount, engineFightMs, RESULT_HEADER } from "./engine/load";
export { engineQuery } from "./engine/queries";
export { MAX_EVENTS } from "./engine/state";
export { engineTelemetrySize, engineTelemetryResults, engineTimelineEnable, engineTimelineLength, engineTimelineDropped } from "./engine/telemetry";
