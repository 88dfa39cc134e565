// The culling rule of profile sets, as a pure function (property-tested in test/analysis-culling.test.ts).
//
// Every entry has an interval [delta − error, delta + error]: its paired delta to the baseline and
// that delta's 95 % half-width (the baseline itself: [0, 0]). The leader is the entry with the
// highest delta (ties: the lowest id). An entry is culled only when its whole interval lies strictly
// below the leader's: delta + error < leaderDelta − leaderError. An entry whose interval overlaps or
// touches the leader's is never culled, nor is one with an unknown (non-finite) error.
//
// Intervals against the common baseline are conservative for the question "is v below the leader?":
// the paired error of (leader − v) is at most leaderError + error (var(a − b) ≤ (σa + σb)²), so the
// rule never culls on less evidence than a direct paired test of leader vs v would demand.

export interface CullCandidate {
  id: number;
  delta: number;
  /** 95 % half-width; Infinity when not yet measurable. */
  error: number;
}

export interface CullDecision {
  leader: number;
  /** Ids kept, in input order. */
  keep: number[];
  /** Ids culled, in input order. */
  drop: number[];
}

export function cull(entries: readonly CullCandidate[]): CullDecision {
  if (entries.length === 0) throw new RangeError("cull: no entries");
  let leader = entries[0]!;
  for (const e of entries) {
    if (e.delta > leader.delta || (e.delta === leader.delta && e.id < leader.id)) leader = e;
  }
  const floor = leader.delta - leader.error;
  const keep: number[] = [];
  const drop: number[] = [];
  for (const e of entries) {
    const below = e.id !== leader.id && Number.isFinite(e.error) && Number.isFinite(floor) && e.delta + e.error < floor;
    (below ? drop : keep).push(e.id);
  }
  return { leader: leader.id, keep, drop };
}
