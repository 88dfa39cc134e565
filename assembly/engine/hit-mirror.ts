// Hit mirror (manifest aura `mirror_hits`; header slots 101/102, docs/engine-image.md "Hit mirror"). Havoc
// (80240): "Marks a target with Havoc for $d, causing your single target spells to also strike the Havoc victim
// for $s1% of the damage dealt." While the mirror aura is up on an enemy other than the one a single-target
// direct player hit lands on, that hit is recorded once more at `mirrorFraction` of its amount (the same roll:
// "of the damage dealt"), through the ordinary hit path (its impact procs run as for any hit).
//
// Cost: the flag is read once at load; with it off (every spec without such an aura, and every one-target
// run) no hit pays anything: the engine keeps those entries on its fast path. With it on, single-target
// player entries take the general path, which asks `mirrorTarget` after each direct hit.
import { instOn, targetCount } from "./targets";

/** True when the image has a mirror aura and more than one enemy. */
export let mirrorOn: bool = false;
/** The mirror aura's image index (-1 = none). */
export let mirrorAura: i32 = -1;
/** Share of the mirrored hit. */
export let mirrorFraction: f64 = 0;

export function hitMirrorLoad(auraPlusOne: f64, fraction: f64, targets: i32): void {
  mirrorAura = <i32>auraPlusOne - 1;
  mirrorFraction = fraction;
  mirrorOn = mirrorAura >= 0 && targets > 1 && fraction > 0;
}

/**
 * The first enemy other than `cur` whose instance of the mirror aura is active (`active(inst)`), or -1.
 * One enemy at most holds Havoc in the game ("Limit N"); the first found is the one.
 */
export function mirrorTarget(cur: i32, active: (inst: i32) => bool): i32 {
  const nt = targetCount();
  for (let t = 0; t < nt; t++) if (t != cur && active(instOn(t, mirrorAura))) return t;
  return -1;
}
