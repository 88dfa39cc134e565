// Test harness for the rotation VM: a State whose query results come from a table the host sets
// (rotationTestSetQuery) and whose castReady answers come from a per-spell flag. Used by
// test/rotation-*.test.ts to run compiled rotations through the real wasm VM. Not used by the engine.

import { Q_COUNT } from "./queries";
import { Rotation, rotationCheck, rotationLoad, rotationBind, rotationReset, rotationVar, selectAction, ROT_OK } from "./vm";

export const ROTATION_TEST_MAX_ARG: i32 = 256;
const TEST_MAX_SPELL: i32 = 4096;
// target selection: up to 8 targets; a query with arg < 16 on target t > 0 reads its own table
export const ROTATION_TEST_MAX_TARGETS: i32 = 8;
const TEST_TARGET_ARGS: i32 = 16;

class TestState {
  values: StaticArray<f64> = new StaticArray<f64>(Q_COUNT * ROTATION_TEST_MAX_ARG);
  ready: StaticArray<bool> = new StaticArray<bool>(TEST_MAX_SPELL);
  queries: i32 = 0; // number of query() calls since the last rotationTestClear (short-circuit tests)
  castChecks: i32 = 0;

  query(kind: i32, arg: i32): f64 {
    this.queries++;
    if (<u32>kind >= <u32>Q_COUNT || <u32>arg >= <u32>ROTATION_TEST_MAX_ARG) return NaN; // host sets only valid cells
    if (this.target != 0 && arg < TEST_TARGET_ARGS) return unchecked(this.tvalues[(this.target * Q_COUNT + kind) * TEST_TARGET_ARGS + arg]);
    return unchecked(this.values[kind * ROTATION_TEST_MAX_ARG + arg]);
  }

  tvalues: StaticArray<f64> = new StaticArray<f64>(ROTATION_TEST_MAX_TARGETS * Q_COUNT * TEST_TARGET_ARGS);
  nTargets: i32 = 1;
  target: i32 = 0;
  targetSwitches: i32 = 0;
  targetCount(): i32 {
    return this.nTargets;
  }
  setTarget(t: i32): void {
    this.target = t;
    this.targetSwitches++;
  }

  touches: i32 = 0;

  touch(): void {
    this.touches++;
  }

  castReady(spell: i32): bool {
    this.castChecks++;
    if (<u32>spell >= <u32>TEST_MAX_SPELL) return false;
    return unchecked(this.ready[spell]);
  }

  // v3 (scan) code: a "blocked" spell must not be ready (the host keeps that true): its not-before
  // entry is i64.MAX_VALUE (others i64.MIN_VALUE; entry -1 first); time bounds from a per-kind table
  // (i64.MIN_VALUE: none) against `nowMs`.
  nb: StaticArray<i64> = new StaticArray<i64>(TEST_MAX_SPELL + 1);
  bounds: StaticArray<i64> = new StaticArray<i64>(Q_COUNT);
  nowMs: i64 = 0;
  blocked(spell: i32): bool {
    return <u32>spell < <u32>TEST_MAX_SPELL && unchecked(this.nb[spell + 1]) > this.nowMs;
  }
  notBeforeTable(): usize {
    return changetype<usize>(this.nb) + 8;
  }
  spellCount(): i32 {
    return TEST_MAX_SPELL;
  }
  /** OP_CASTW: this test state has no cast bar, so the same answer as castReady. */
  castReadyWhileCasting(spell: i32): bool {
    return this.castReady(spell);
  }
  castCheck(spell: i32): bool {
    return this.castReady(spell);
  }
  now(): i64 {
    return this.nowMs;
  }
  timeBound(kind: i32, arg: i32, cmp: i32, k: f64): i64 {
    return <u32>kind < <u32>Q_COUNT ? unchecked(this.bounds[kind]) : i64.MIN_VALUE;
  }
}

const state = new TestState();
let rot: Rotation | null = null;

/** Sets query(kind, arg) := value. Returns false (and sets nothing) when kind/arg are out of range. */
export function rotationTestSetQuery(kind: i32, arg: i32, value: f64): bool {
  if (<u32>kind >= <u32>Q_COUNT || <u32>arg >= <u32>ROTATION_TEST_MAX_ARG) return false;
  unchecked((state.values[kind * ROTATION_TEST_MAX_ARG + arg] = value));
  return true;
}

export function rotationTestSetCastReady(spell: i32, ready: bool): bool {
  if (<u32>spell >= <u32>TEST_MAX_SPELL) return false;
  unchecked((state.ready[spell] = ready));
  return true;
}

/** v3: marks `spell` blocked (the caller keeps it not ready). */
export function rotationTestSetBlocked(spell: i32, blocked: bool): bool {
  if (<u32>spell >= <u32>TEST_MAX_SPELL) return false;
  unchecked((state.nb[spell + 1] = blocked ? i64.MAX_VALUE : i64.MIN_VALUE));
  return true;
}

/** v3: the time bound every leaf of query `kind` gets (i64.MIN_VALUE: none) and the state's now; refills the loaded rotation's bounds. */
export function rotationTestSetTimeBound(kind: i32, bound: i64, now: i64): bool {
  if (<u32>kind >= <u32>Q_COUNT) return false;
  unchecked((state.bounds[kind] = bound));
  state.nowMs = now;
  const r = rot;
  if (r !== null) rotationBind<TestState>(state, r);
  return true;
}

/** Target selection: `n` targets (1..8); query(kind, arg < 16) on target t in 1..n-1 := value. */
export function rotationTestSetTargets(n: i32): bool {
  if (n < 1 || n > ROTATION_TEST_MAX_TARGETS) return false;
  state.nTargets = n;
  return true;
}
export function rotationTestSetTargetQuery(t: i32, kind: i32, arg: i32, value: f64): bool {
  if (t < 1 || t >= ROTATION_TEST_MAX_TARGETS || <u32>kind >= <u32>Q_COUNT || <u32>arg >= <u32>TEST_TARGET_ARGS) return false;
  unchecked((state.tvalues[(t * Q_COUNT + kind) * TEST_TARGET_ARGS + arg] = value));
  return true;
}
/** The State's current target after the last selectAction (the cast's target). */
export function rotationTestTarget(): i32 {
  return state.target;
}
export function rotationTestTargetSwitches(): i32 {
  return state.targetSwitches;
}

/** Clears every query value to 0, every spell to not-ready and not blocked, no time bounds, and the call counters. */
export function rotationTestClear(): void {
  for (let i = 0; i < Q_COUNT * ROTATION_TEST_MAX_ARG; i++) unchecked((state.values[i] = 0));
  for (let i = 0; i < TEST_MAX_SPELL; i++) unchecked((state.ready[i] = false));
  for (let i = 0; i <= TEST_MAX_SPELL; i++) unchecked((state.nb[i] = i64.MIN_VALUE));
  for (let i = 0; i < Q_COUNT; i++) unchecked((state.bounds[i] = i64.MIN_VALUE));
  state.nowMs = 0;
  for (let i = 0; i < ROTATION_TEST_MAX_TARGETS * Q_COUNT * TEST_TARGET_ARGS; i++) unchecked((state.tvalues[i] = 0));
  state.nTargets = 1;
  state.target = 0;
  state.targetSwitches = 0;
  const r = rot;
  if (r !== null) rotationBind<TestState>(state, r);
  state.queries = 0;
  state.castChecks = 0;
  state.touches = 0;
}

/** Loads a compiled rotation already written at codePtr/constPtr. Returns rotationCheck's code (0 = loaded). */
export function rotationTestLoad(codePtr: usize, codeLen: i32, constPtr: usize, constLen: i32): i32 {
  const c = rotationCheck(codePtr, codeLen, constLen);
  if (c != ROT_OK) return c;
  const r = rotationLoad(codePtr, codeLen, constPtr, constLen);
  const b = rotationBind<TestState>(state, r);
  if (b != ROT_OK) return b;
  rot = r;
  return ROT_OK;
}

/** selectAction on the loaded rotation (-1 when none is loaded). */
export function rotationTestSelect(): i32 {
  const r = rot;
  if (r === null) return -1;
  return selectAction<TestState>(state, r);
}

/** Runs selectAction `n` times (timing loop for the bench/test; result of the last call). */
export function rotationTestSelectN(n: i32): i32 {
  const r = rot;
  if (r === null) return -1;
  let a = 0;
  for (let i = 0; i < n; i++) a = selectAction<TestState>(state, r);
  return a;
}

export function rotationTestReset(): void {
  const r = rot;
  if (r !== null) rotationReset(r);
}

export function rotationTestVar(index: i32): f64 {
  const r = rot;
  if (r === null) return NaN;
  return rotationVar(r, index);
}

export function rotationTestQueryCount(): i32 {
  return state.queries;
}

export function rotationTestCastCheckCount(): i32 {
  return state.castChecks;
}

export function rotationTestTouchCount(): i32 {
  return state.touches;
}
