// The smoothed DPS-over-time curve of a run (result.perSecond.smoothed, docs/fights.md "Per-second DPS").
//
// Why: a mean over iterations of 1 s buckets still shows each GCD's hit pattern as spikes wherever the
// iterations' timelines coincide — and they do for the first seconds of every fight (the same pull, the
// same opener, SimC's constant 5 ms queue lag). SimulationCraft therefore never plots the raw buckets:
// its "Damage per second" chart is the timeline's 20-bucket sliding average
// (sc_timeline_t::build_derivative_timeline → build_sliding_average_timeline(out, 20) in
// engine/util/timeline.hpp of simulationcraft/simc @ 7acf6189172f9308c43389866c21912fa3b9a1c0, used by
// chart::generate_actor_dps_series in the HTML report). combatsim shows the same curve.
//
// The window of bucket k is [k − 9, k + 10] (SimC's sliding_window_average: half window 10 to the
// right including k+10, 9 to the left). At the edges SimC @ 7acf6189 divides by the full window (20), so its
// curve starts near half the real DPS and ends at half; SimC @ 04fb8b43 divided by the buckets present.
// combatsim divides by the buckets present (the mean of what is in the window), so the first seconds show
// the opener's real damage rate rather than a ramp that no fight has. Buckets no iteration reaches
// (iterations[k] = 0, past the longest fight) are outside every window and stay 0.

/** SimC's window: 20 one-second buckets. */
export const DPS_TIMELINE_WINDOW = 20;

/**
 * The sliding mean of `dps` over [k − (W/2 − 1), k + W/2] for each k, clipped to the buckets that some
 * iteration reached (`iterations[k] > 0`; they are a prefix: fights start together). Pure; O(n).
 */
export function smoothDpsTimeline(dps: readonly number[], iterations: readonly number[], window = DPS_TIMELINE_WINDOW): number[] {
  if (!Number.isInteger(window) || window < 2 || window % 2 !== 0) throw new RangeError(`dps timeline window must be an even integer >= 2, got ${window}`);
  const reached = reachedPrefix(iterations, dps.length);
  const half = window / 2;
  // prefix sums over the reached buckets: sum(a..b) = prefix[b + 1] - prefix[a]
  const prefix = new Float64Array(reached + 1);
  for (let k = 0; k < reached; k++) prefix[k + 1] = prefix[k]! + dps[k]!;
  const out = new Array<number>(dps.length).fill(0);
  for (let k = 0; k < reached; k++) {
    const lo = Math.max(0, k - (half - 1));
    const hi = Math.min(reached - 1, k + half);
    out[k] = (prefix[hi + 1]! - prefix[lo]!) / (hi - lo + 1);
  }
  return out;
}

/** The number of leading buckets some iteration reached. */
function reachedPrefix(iterations: readonly number[], n: number): number {
  let reached = 0;
  while (reached < n && (iterations[reached] ?? 0) > 0) reached++;
  return reached;
}
