// Character profile (data/specs/<spec>/profile.json) → combat stats through the stats module
// (RatingConverter.fromBundle + recompute: DR curve 21024, CombatRatings divisors, base crit 5).
//
// Profile JSON:
//   { "spec": "beast-mastery", "level": 80, "primary_stat": 42000,
//     "ratings": { "crit": 7000, "haste": 6600, "mastery": 7000, "versatility": 3900 },
//     "crit_damage_bonus": 0,                      (optional, percent points)
//     "target_level_offset": 3,                    (optional: boss = level + 3)
//     "weapon": { "name": "...", "item": 34334, "speed_ms": 2900, "min_damage": 1000, "max_damage": 1500 },
//     "talents": "C0PAAAA..." }                     (optional: the game's talent loadout export string)
// Weapon damage is a profile input (the bundled item tables carry no weapon damage rows).
// Fields and plausible ranges: docs/profiles.md.

import type { DataBundle } from "../data/types.js";
import { boundViolation, type Bound } from "../manifest/bounds.js";
import { ProfileError } from "../manifest/errors.js";
import { JsonReader, parseJsonText } from "../manifest/json.js";
import { RatingConverter } from "../stats/ratings.js";
import { recompute, type CombatStats } from "../stats/combat-stats.js";

export interface WeaponProfile {
  name: string;
  /** Item id (reporting; 0 = none). */
  item: number;
  speedMs: number;
  minDamage: number;
  maxDamage: number;
}

export interface Profile {
  spec: string;
  level: number;
  /** The spec's primary attribute (agility for hunters): attack power = spell power = primary. */
  primaryStat: number;
  ratings: { crit: number; haste: number; mastery: number; versatility: number };
  critDamageBonus: number;
  /** Target level - character level (3 = raid boss). */
  targetLevelOffset: number;
  weapon: WeaponProfile;
  /** The character's talent loadout string (the game's export), if the profile gives one (src/talents/loadout.ts). */
  talents?: string;
  /** SimC's race token (`race=orc` in a SimC profile); decides which racial actions a rotation can use. */
  race?: string;
  /** SimC's potion token (`potion=lights_potential_2`; "disabled" = none); absent: SimC MID1's for the spec (src/engine/consumables.ts). */
  potion?: string;
  /** SimC's flask / food / augmentation tokens ("disabled" = none); absent: SimC MID1's for the spec (src/engine/stat-consumables.ts). */
  flask?: string;
  food?: string;
  augmentation?: string;
}

/** SimC's race tokens (a profile's `race`). */
export const RACES = [
  "human", "orc", "dwarf", "night_elf", "undead", "tauren", "gnome", "troll", "goblin", "blood_elf", "draenei", "worgen",
  "pandaren", "nightborne", "highmountain_tauren", "void_elf", "lightforged_draenei", "zandalari_troll", "kul_tiran",
  "dark_iron_dwarf", "vulpera", "maghar_orc", "mechagnome", "dracthyr", "earthen", "haranir",
] as const;

/**
 * Plausible ranges of a profile's numbers (docs/profiles.md). A Midnight character has ~1,200-1,800
 * primary stat, ratings below 1,500 and a weapon hitting for a few hundred; The War Within's level-80
 * scale was ~30x that. The bounds leave room above both and keep a run's telemetry totals exact
 * (DPS x 10 x seconds x iterations below 2^53, docs/profiles.md): huge stats used to run the whole
 * fight and then fail as TELEMETRY_BAD_VALUE "beyond 2^53".
 */
export const PROFILE_BOUNDS = {
  primaryStat: { max: 100_000, what: "primary stat points" },
  rating: { max: 100_000, what: "rating points" },
  critDamageBonus: { max: 100, what: "percent points" },
  weaponDamage: { max: 100_000, what: "weapon damage" },
  /** Swing time: real weapons swing every 1.3-3.8 s. */
  weaponSpeedMs: { min: 1_000, max: 10_000, what: "milliseconds per swing" },
  itemId: { max: 2_147_483_647, what: "item id: a 32-bit table id" },
} as const satisfies Record<string, Bound & { min?: number }>;

/** A number >= `min` (default 0; an integer when `int`) within bound `b`. */
function inRange(r: JsonReader, b: Bound & { min?: number }, int = false): number {
  const v = r.num({ int, min: b.min ?? 0 });
  const problem = boundViolation(v, b);
  if (problem !== undefined) r.error(problem);
  return v;
}

/** Validate a profile (parsed JSON or text). Errors: ProfileError (INVALID_PROFILE) naming file and path. */
export function parseProfile(json: unknown, file: string): Profile {
  const fail = (path: string, detail: string): never => {
    throw new ProfileError(file, path, detail);
  };
  const r = new JsonReader(typeof json === "string" ? parseJsonText(json, fail) : json, "", fail);
  r.keys(["spec", "level", "race", "potion", "flask", "food", "augmentation", "primary_stat", "ratings", "crit_damage_bonus", "target_level_offset", "weapon", "talents", "comment"]);
  const rr = r.field("ratings");
  rr.keys(["crit", "haste", "mastery", "versatility"]);
  const rating = (k: string) => inRange(rr.field(k), PROFILE_BOUNDS.rating);
  const w = r.field("weapon");
  w.keys(["name", "item", "speed_ms", "min_damage", "max_damage"]);
  const item = w.opt("item");
  const critBonus = r.opt("crit_damage_bonus");
  const weapon: WeaponProfile = {
    name: w.opt("name")?.str() ?? "",
    item: item ? inRange(item, PROFILE_BOUNDS.itemId, true) : 0,
    speedMs: inRange(w.field("speed_ms"), PROFILE_BOUNDS.weaponSpeedMs),
    minDamage: inRange(w.field("min_damage"), PROFILE_BOUNDS.weaponDamage),
    maxDamage: inRange(w.field("max_damage"), PROFILE_BOUNDS.weaponDamage),
  };
  if (weapon.maxDamage < weapon.minDamage) w.field("max_damage").error(`must be >= min_damage (${weapon.minDamage}), got ${weapon.maxDamage}`);
  const talents = r.opt("talents")?.str();
  if (talents !== undefined && !/^[A-Za-z0-9+/]+$/.test(talents)) r.field("talents").error("must be a talent loadout string (the game's export: base64 letters, digits, + and /)");
  const race = r.opt("race")?.oneOf(RACES);
  const potion = r.opt("potion");
  const potionName = potion?.str();
  if (potion && !/^[a-z][a-z0-9_]*$/.test(potionName!)) potion.error(`must be a SimC potion token such as "lights_potential_2" (or "disabled"), got ${JSON.stringify(potionName)}`);
  const tokens: Partial<Record<"flask" | "food" | "augmentation", string>> = {};
  for (const k of ["flask", "food", "augmentation"] as const) {
    const f = r.opt(k);
    const v = f?.str();
    if (f && !/^[a-z][a-z0-9_]*$/.test(v!)) f.error(`must be a SimC ${k} token such as "${k === "flask" ? "flask_of_the_magisters_2" : k === "food" ? "silvermoon_parade" : "void_touched"}" (or "disabled"), got ${JSON.stringify(v)}`);
    if (v !== undefined) tokens[k] = v;
  }
  return {
    ...tokens,
    ...(potionName !== undefined ? { potion: potionName } : {}),
    ...(talents !== undefined ? { talents } : {}),
    ...(race !== undefined ? { race } : {}),
    spec: r.field("spec").str(),
    level: r.field("level").num({ int: true, min: 1, max: 200 }),
    primaryStat: inRange(r.field("primary_stat"), PROFILE_BOUNDS.primaryStat),
    ratings: { crit: rating("crit"), haste: rating("haste"), mastery: rating("mastery"), versatility: rating("versatility") },
    critDamageBonus: critBonus ? inRange(critBonus, PROFILE_BOUNDS.critDamageBonus) : 0,
    targetLevelOffset: r.opt("target_level_offset")?.num({ int: true, min: 0, max: 10 }) ?? 3,
    weapon,
  };
}

/**
 * Profile → combat stats (spec "Recompute"). Mastery here is in mastery percent points AFTER the
 * coefficient, as recompute returns it; the engine image wants it before (compile divides back).
 */
export function profileStats(profile: Profile, bundle: DataBundle, masteryCoefficient: number): CombatStats {
  const converter = RatingConverter.fromBundle(bundle);
  return recompute(
    {
      level: profile.level,
      primary: profile.primaryStat,
      critRating: profile.ratings.crit,
      hasteRating: profile.ratings.haste,
      masteryRating: profile.ratings.mastery,
      versatilityRating: profile.ratings.versatility,
      masteryCoefficient,
      critDamageBonus: profile.critDamageBonus,
    },
    converter,
  );
}

export interface TargetArmor {
  level: number;
  armor: number;
  /** K = ArmorConstant × ArmorConstantMod (mod 1 when no ExpectedStatMod applies). */
  armorK: number;
}

/**
 * Target armor and K from ExpectedStat (spec: "K = armor constant times armor constant modifier for
 * the target level, from the expected-stats table"). The row is the one for `level` with ExpansionID
 * -2 (the table's current-content rows; other expansions' rows repeat older values). No
 * ExpectedStatMod is applied (a mod id would come from a difficulty's ContentTuning, which a plain
 * target dummy has not): mod = 1. A missing row is a ProfileError naming the level.
 */
export function targetArmor(bundle: DataBundle, level: number, file = "ExpectedStat.csv"): TargetArmor {
  const rows = bundle.table("ExpectedStat").rows.filter((r) => r["Lvl"] === level);
  const row = rows.find((r) => r["ExpansionID"] === -2) ?? rows[0];
  if (!row) throw new ProfileError(file, "target_level_offset", `no ExpectedStat row for target level ${level}`);
  const armor = Number(row["CreatureArmor"]);
  const k = Number(row["ArmorConstant"]);
  if (!(k > 0)) throw new ProfileError(file, "target_level_offset", `ExpectedStat row ID=${String(row["ID"])} has ArmorConstant ${k}`);
  return { level, armor, armorK: k };
}
