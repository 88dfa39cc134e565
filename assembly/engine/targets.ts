// Per-target instances of target-owned auras, and the player's current target (docs/engine-image.md
// "Targets"). The run has `targets` identical enemies (index 0 = the primary target). Every aura whose
// owner is the target (DoTs and debuffs: Agony, Rupture, Barbed Shot's bleed) has one instance per
// target; player and pet auras have one instance. Instances are numbered so that a run with one
// target is laid out exactly as before:
//
//   instance i < nAuras                 the aura i itself (player/pet auras, and target auras on target 0)
//   nAuras + (t - 1) * nTgt + k          target-owned aura number k (image order) on target t >= 1
//
// Instance numbers travel in the event payload's 11-bit argument like aura indices did, so
// nAuras + (targets - 1) * nTgt must stay below 2048 (engineLoad: LOAD_TOO_MANY; the host checks the
// same bound first and names run.targets).
//
// `curTarget` is the target that casts, their ops and the rotation's debuff/dot questions refer to:
// 0 outside a decision, set by the rotation VM while it evaluates a target_if / cycle_targets /
// cycling_variable entry (the chosen target travels with the cast: onReady -> castTarget ->
// onCastComplete), and by a tick or expiry of an instance on target t (its ops act on that target).
// With one target it is always 0 and every mapping below is the identity: the one-target path pays
// one compare per aura application and per debuff question.
import { AuraRec, AURA_STRIDE } from "./layout";

let nBase: i32 = 0; // image auras (instances of target 0)
let nTgt: i32 = 0; // target-owned auras
let nTargetsCur: i32 = 1;
let kTab: usize = 0; // i32 per image aura: its number among the target-owned auras, -1 if not target-owned
let baseTab: usize = 0; // i32 per target-owned aura number: its image aura index
let kCap: i32 = 0;
let baseCap: i32 = 0;

/** The current target (0 = primary). Written only through setCurTarget. */
export let curTarget: i32 = 0;

// @ts-ignore: decorator
@inline export function setCurTarget(t: i32): void {
  curTarget = t;
}

// @ts-ignore: decorator
@inline export function targetCount(): i32 {
  return nTargetsCur;
}

/**
 * The live enemies: slots 0 .. n-1 (raid-adds.ts: a wave of adds comes and goes; n <= the slot count
 * targetsLayout laid out). Without add waves it stays the slot count.
 */
export function setTargetCount(n: i32): void {
  nTargetsCur = n;
}

/**
 * Lays out the instance numbering for `nAuras` image auras (records at `auraRecs`) and `targets`
 * enemies. Returns the number of aura instances (the size of the per-run aura state).
 */
export function targetsLayout(nAuras: i32, targets: i32, auraRecs: usize): i32 {
  nBase = nAuras;
  nTargetsCur = max(1, targets);
  curTarget = 0;
  if (nAuras > kCap) {
    kCap = nAuras;
    kTab = heap.alloc(<usize>kCap << 2);
  }
  let n = 0;
  for (let i = 0; i < nAuras; i++) {
    const a = changetype<AuraRec>(auraRecs + <usize>i * <usize>(AURA_STRIDE << 3));
    store<i32>(kTab + (<usize>i << 2), <i32>a.owner == 1 ? n++ : -1);
  }
  nTgt = n;
  if (n > baseCap) {
    baseCap = n;
    baseTab = heap.alloc(<usize>baseCap << 2);
  }
  for (let i = 0; i < nAuras; i++) {
    const k = load<i32>(kTab + (<usize>i << 2));
    if (k >= 0) store<i32>(baseTab + (<usize>k << 2), i);
  }
  return nAuras + (nTargetsCur - 1) * nTgt;
}

/** Instance of image aura `idx` (0 <= idx < nAuras) on target `t` (itself when t == 0 or not target-owned). */
// @ts-ignore: decorator
@inline export function instOn(t: i32, idx: i32): i32 {
  if (t == 0) return idx;
  const k = load<i32>(kTab + (<usize>idx << 2));
  return k < 0 ? idx : nBase + (t - 1) * nTgt + k;
}

/** Instance of image aura `idx` on the current target. */
// @ts-ignore: decorator
@inline export function instCur(idx: i32): i32 {
  return curTarget == 0 ? idx : instOn(curTarget, idx);
}

/** The target an instance belongs to (0 for the image auras themselves). */
// @ts-ignore: decorator
@inline export function instTarget(inst: i32): i32 {
  return inst < nBase ? 0 : (inst - nBase) / nTgt + 1;
}

/** The image aura an instance is an instance of. */
// @ts-ignore: decorator
@inline export function instBase(inst: i32): i32 {
  return inst < nBase ? inst : load<i32>(baseTab + (<usize>((inst - nBase) % nTgt) << 2));
}

/** Whether image aura `idx` has one instance per target. */
// @ts-ignore: decorator
@inline export function isTargetOwned(idx: i32): bool {
  return load<i32>(kTab + (<usize>idx << 2)) >= 0;
}
