// Raid buffs and debuffs of SimulationCraft's `optimal_raid=1` (docs/consumables.md "Raid buffs"): the
// permanent ones, folded into the character's stats and the damage entries before the image is built,
// so the engine pays nothing for them. Bloodlust (timed, at the pull) stays the manifest's `at_pull`
// aura (data/specs/_shared/raid.json, run option `bloodlust`).
//
// SimC's list (sim_t::use_optimal_buffs_and_debuffs, engine/sim/sim.cpp of simulationcraft/simc @
// 00cac419027d2051ff06013e15b7074bcc50a472): arcane_intellect, battle_shout, mark_of_the_wild,
// power_word_fortitude, windfury_totem, chaos_brand, mystic_touch, mortal_wounds, bleeding, bloodlust.

import type { SpellResolver } from "../data/resolver.js";
import { CombatsimError } from "../errors.js";
import type { CombatStats } from "../stats/combat-stats.js";
import type { DamageEntry } from "./image.js";

export type RaidBuffKind = "primary_pct" | "attack_power_pct" | "versatility" | "damage_taken";

export interface RaidBuffDef {
  /** SimC's override token (`override.<token>`). */
  token: string;
  spellId: number;
  /** 1-based effect whose base value is the amount (absent: `estimated` gives it). */
  effect?: number;
  kind: RaidBuffKind;
  /** damage_taken: the school mask it affects (the effect's Misc Value). */
  schools?: number;
  /** A value the bundled data cannot give, with the reason and source. */
  estimated?: { value: number; note: string };
}

export const RAID_BUFFS: readonly RaidBuffDef[] = [
  // Modify Total Stat% (137), Stat: Int, base 3 (data/sources/12.0.0.64228/mage.txt)
  { token: "arcane_intellect", spellId: 1459, effect: 1, kind: "primary_pct" },
  // Modify Melee / Ranged Attack Power% (166 / 167), base 5 (warrior.txt)
  { token: "battle_shout", spellId: 6673, effect: 1, kind: "attack_power_pct" },
  // Modify Versatility% (471), base 3 (druid.txt)
  { token: "mark_of_the_wild", spellId: 1126, effect: 1, kind: "versatility" },
  // Modify Damage Taken% (87), base 3, Misc Value 0x7e: every magic school (demonhunter.txt)
  { token: "chaos_brand", spellId: 1490, effect: 1, kind: "damage_taken", schools: 0x7e },
  {
    token: "mystic_touch",
    spellId: 113746,
    kind: "damage_taken",
    schools: 0x01,
    estimated: {
      value: 5,
      note: "Mystic Touch (113746) 'Physical damage taken increased by 5%': its block is not among the kept dump blocks (data/sources/12.0.0.64228 has no monk.txt); the value is the game's tooltip as SimulationCraft applies it (debuffs.mystic_touch, engine/player/player.cpp of simulationcraft/simc)",
    },
  },
];

/** SimC's optimal_raid entries that change nothing combatsim models, and why. */
export const RAID_BUFFS_NOT_MODELLED: Readonly<Record<string, string>> = {
  power_word_fortitude: "stamina only (no health is modelled)",
  windfury_totem: "a melee proc of another player's totem; not modelled",
  mortal_wounds: "healing reduction on the target: no effect on damage",
  bleeding: "marks the target as bleeding for other players' talents: none of the modelled specs reads it",
};

export interface RaidBuffApplied {
  token: string;
  spellId: number;
  kind: RaidBuffKind;
  /** Percent (primary / attack power / damage taken) or percent points (versatility). */
  value: number;
  origin: "dump" | "estimated";
  /** Why the buff changes nothing for this character (e.g. a mage casts its own Arcane Intellect). */
  skipped?: string;
}

export interface RaidBuffsReport {
  /** The run option: false = no raid buffs (SimC optimal_raid=0); Bloodlust has its own option. */
  enabled: boolean;
  applied: RaidBuffApplied[];
  notModelled: string[];
}

export class RaidBuffError extends CombatsimError {
  constructor(message: string) {
    super("RAID_BUFF_DATA", message);
  }
}

/** The amount of each raid buff, from the spell data (or its estimate). */
export function raidBuffValues(resolver: SpellResolver): { def: RaidBuffDef; value: number; origin: "dump" | "estimated" }[] {
  return RAID_BUFFS.map((def) => {
    if (def.estimated) return { def, value: def.estimated.value, origin: "estimated" as const };
    const e = resolver.get_spell_effect(def.spellId, def.effect!);
    if (e === undefined) throw new RaidBuffError(`raid buff ${def.token}: spell ${def.spellId} effect ${def.effect} is not in the data (SpellEffect)`);
    return { def, value: e.base_points, origin: "dump" as const };
  });
}

export interface RaidBuffInput {
  primaryStat: "intellect" | "agility" | "strength";
  /** Aura names of the spec: a spec with its own `arcane_intellect` aura casts it (mages). */
  auraNames: ReadonlySet<string>;
}

/**
 * Applies the raid buffs to `stats` (a copy is returned) and reports them. With `enabled` false the
 * stats come back unchanged and nothing is listed as applied.
 */
export function applyRaidBuffs(stats: CombatStats, resolver: SpellResolver, input: RaidBuffInput, enabled: boolean): { stats: CombatStats; report: RaidBuffsReport; damageTaken: { schools: number; pct: number }[] } {
  const report: RaidBuffsReport = { enabled, applied: [], notModelled: Object.entries(RAID_BUFFS_NOT_MODELLED).map(([k, why]) => `${k}: ${why}`) };
  if (!enabled) return { stats, report, damageTaken: [] };
  const out = { ...stats };
  const damageTaken: { schools: number; pct: number }[] = [];
  for (const { def, value, origin } of raidBuffValues(resolver)) {
    const entry: RaidBuffApplied = { token: def.token, spellId: def.spellId, kind: def.kind, value, origin };
    switch (def.kind) {
      case "primary_pct":
        // Arcane Intellect raises intellect; the engine's spell power is the intellect
        if (input.primaryStat !== "intellect") entry.skipped = `raises intellect; the primary stat is ${input.primaryStat}`;
        else if (input.auraNames.has("arcane_intellect")) entry.skipped = "the character casts its own Arcane Intellect (the aura arcane_intellect): the same buff, not stacked";
        else out.spellPower *= 1 + value / 100;
        break;
      case "attack_power_pct":
        if (input.primaryStat === "intellect") entry.skipped = "raises attack power; the character's damage scales with spell power";
        else out.attackPower *= 1 + value / 100;
        break;
      case "versatility":
        out.versatility += value;
        break;
      case "damage_taken":
        damageTaken.push({ schools: def.schools!, pct: value });
        break;
    }
    report.applied.push(entry);
  }
  return { stats: out, report, damageTaken };
}

/**
 * Damage-taken debuffs on the target (Chaos Brand, Mystic Touch): every damage entry whose school
 * shares a bit with a debuff's schools is scaled by it (multiplicatively, as the game's Modify Damage
 * Taken% auras stack). Folded into the entry's base, coefficient and weapon multiplier.
 */
export function foldDamageTaken(damage: DamageEntry[], debuffs: readonly { schools: number; pct: number }[]): void {
  if (debuffs.length === 0) return;
  for (const d of damage) {
    let m = 1;
    for (const x of debuffs) if ((d.school & x.schools) !== 0) m *= 1 + x.pct / 100;
    if (m === 1) continue;
    d.base *= m;
    d.coefficient *= m;
    if (d.weaponMultiplier !== undefined) d.weaponMultiplier *= m;
  }
}
