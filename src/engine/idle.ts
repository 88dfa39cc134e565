// Idle time: how much of the fight the player spends neither casting, channelling nor locked by the
// global cooldown — measured on the representative iteration's timeline (the replayed iteration whose
// DPS is closest to the mean). A rotation that cannot progress (every entry's condition false, no
// filler, no `wait`) leaves the player idle while resources overflow; nothing else would say so.
//
// Busy windows, per cast of the timeline: [cast bar start, max(cast end + channel length, cast bar
// start + GCD)]. The GCD is the spell's start-recovery lock of category 133, hasted by the profile's
// haste (floor 750 ms) when the spell's GCD is hasted; a channel lasts its duration, hasted likewise.
// Haste buffs only shorten both, so the windows are upper bounds and the idle time a lower bound: the
// warning below never fires on a rotation that is merely fast.
//
// Warning (result.warnings.idle): idle > IDLE_WARN_FRACTION of the fight AND some resource wasted >
// IDLE_WARN_WASTE of its gains. Both are needed: a resource-starved spec idles while it waits for
// energy or rage (Assassination idles ~68 % of a fight on the default profile, Beast Mastery ~62 %,
// Arms ~37 %, each wasting under 2 %), which is the character, not a broken rotation; idling while a
// resource overflows means there was something to spend it on and the rotation did not.
import { GCD_START_RECOVERY_CATEGORY, type SpecImage, type SpellImage } from "./image.js";
import type { Timeline } from "./simulate-telemetry.js";

/** Warn when the player idles more than this fraction of the fight ... */
export const IDLE_WARN_FRACTION = 0.2;
/** ... while a resource wastes more than this fraction of its gains. */
export const IDLE_WARN_WASTE = 0.1;

/** Ms the player cannot start another GCD spell after starting `s`. */
function gcdMs(s: SpellImage, hasteDiv: number): number {
  if (s.startRecoveryCategory !== GCD_START_RECOVERY_CATEGORY) return 0;
  const hasted = s.gcdHasted ?? true;
  return hasted ? Math.max(750, s.startRecoveryMs / hasteDiv) : s.startRecoveryMs;
}

function channelMs(s: SpellImage, hasteDiv: number): number {
  if (!s.channel) return 0;
  return s.channel.hasted ? s.channel.durationMs / hasteDiv : s.channel.durationMs;
}

/** Fraction of the timeline's fight (0..1) the player is idle (see the file header). */
export function idleFraction(img: SpecImage, tl: Timeline): number {
  const hasteDiv = 1 + img.stats.haste / 100;
  const end = tl.durationMs;
  if (end <= 0) return 0;
  const windows = tl.casts
    .map((c): [number, number] => {
      const s = img.spells[c.spell];
      if (!s) return [c.start, c.t];
      return [c.start, Math.max(c.t + channelMs(s, hasteDiv), c.start + gcdMs(s, hasteDiv))];
    })
    .sort((a, b) => a[0] - b[0]);
  let busy = 0;
  let covered = 0; // busy time is counted up to here
  for (const [from, to0] of windows) {
    const to = Math.min(to0, end);
    if (to <= covered) continue;
    busy += to - Math.max(from, covered);
    covered = to;
  }
  return Math.max(0, 1 - busy / end);
}

export interface IdleWarning {
  /** Idle fraction of the representative iteration (0..1). */
  fraction: number;
  threshold: number;
  /** The resources that wasted more than IDLE_WARN_WASTE of their gains (wasteRate 0..1). */
  wasted: { resource: string; wasteRate: number }[];
}

/** The idle warning, or null when the player is busy enough or no resource overflows. */
export function idleWarning(img: SpecImage, tl: Timeline | null, resources: readonly { name: string; wasteRate: number }[]): IdleWarning | null {
  if (!tl) return null;
  const fraction = idleFraction(img, tl);
  const wasted = resources.filter((r) => r.wasteRate > IDLE_WARN_WASTE).map((r) => ({ resource: r.name, wasteRate: r.wasteRate }));
  if (fraction <= IDLE_WARN_FRACTION || wasted.length === 0) return null;
  return { fraction, threshold: IDLE_WARN_FRACTION, wasted };
}
