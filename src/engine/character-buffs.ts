// The permanent buffs folded into a run's character before the image is built (docs/consumables.md):
// flask, food and augment rune (src/engine/stat-consumables.ts) go into the profile's ratings and primary
// stat, the combat stats are computed from that, then the raid buffs (src/engine/raid-buffs.ts) scale
// them. Order matters as in the game: Arcane Intellect's +3 % intellect also applies to the rune's and
// the feast's intellect, and Mark of the Wild's versatility percent adds to the flask's rating-converted one.
import type { DataBundle } from "../data/types.js";
import type { SpellResolver } from "../data/resolver.js";
import type { ResolvedSpec } from "../manifest/resolve.js";
import type { CombatStats } from "../stats/combat-stats.js";
import { profileStats, type Profile } from "./profile.js";
import { applyRaidBuffs, type RaidBuffsReport } from "./raid-buffs.js";
import { applyStatConsumables, type StatConsumableOptions, type StatConsumablesReport } from "./stat-consumables.js";

export interface CharacterBuffs {
  /** The profile with flask, food and rune added (what the stats were computed from). */
  profile: Profile;
  stats: CombatStats;
  raidBuffs: RaidBuffsReport;
  statConsumables: StatConsumablesReport;
  /** Target debuffs (Chaos Brand, Mystic Touch) for foldDamageTaken. */
  damageTaken: { schools: number; pct: number }[];
}

export function characterBuffs(profile: Profile, bundle: DataBundle, resolver: SpellResolver, resolved: ResolvedSpec, opts: StatConsumableOptions & { raidBuffs: boolean }): CharacterBuffs {
  const consumed = applyStatConsumables(profile, resolver, bundle, opts);
  const base = profileStats(consumed.profile, bundle, resolved.mastery.coefficient);
  const raid = applyRaidBuffs(base, resolver, { primaryStat: resolved.primaryStat, auraNames: new Set(resolved.auras.map((a) => a.name)) }, opts.raidBuffs);
  return { profile: consumed.profile, stats: raid.stats, raidBuffs: raid.report, statConsumables: consumed.report, damageTaken: raid.damageTaken };
}
