// Mastery gated by an aura (image mastery kind 3; docs/engine-image.md "Mastery gated by an aura").
// Fury's Unshackled Fury (76856: "Increases damage done while Enraged") multiplies all damage like a
// uniform mastery, but only while the Enrage aura is up. The gate aura's index + 1 travels in header
// slot 75 (0 = no gate). The engine already recomputes its stats whenever an aura with effects changes,
// so the gate is folded into that recompute: the gate aura is flagged as "has effects" at load, and the
// engine's recomputeStats / snapshotInto set the mastery multiplier (and a DoT's snapshot of mastery) to
// 1 / 0 while the aura is down. Nothing is read per hit: a spec without a gate pays one compare of
// masteryGateAura per stats recompute.

/** Engine mastery kind of a gated uniform mastery (kinds 0 uniform, 1 school; 3 is this file's). */
export const MASTERY_KIND_GATED: i32 = 3;

/** The gate aura's index, -1 = no gate. */
export let masteryGateAura: i32 = -1;

/** Reads header slot 75 (aura index + 1). */
export function masteryGateLoad(slot: f64): void {
  masteryGateAura = <i32>slot - 1;
}
