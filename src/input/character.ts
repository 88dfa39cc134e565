// An addon export (addon-export.ts) as the run's character: the spec it names, a Profile the engine
// takes (level, race, talents, primary stat, ratings, weapon from the gear or SimC's gear_<stat>=
// totals) and a summary the result reports ("what was simulated", docs/input.md).
import type { DataBundle } from "../data/types.js";
import { lookupSpecs, specDisplayName } from "../catalog/lookup.js";
import { RACES, type Profile } from "../engine/profile.js";
import { InputError, type InputWarning } from "./errors.js";
import { parseAddonExport, type AddonExport } from "./addon-export.js";
import { gearStats, type GearTotals, type ItemStats, type Primary, type Secondary } from "./gear-stats.js";

export interface CharacterSummary {
  /** Where the character came from (the --input file, `<config.input>`). */
  source: string;
  name: string;
  className: string;
  spec: string;
  level: number;
  race: string | null;
  region: string | null;
  server: string | null;
  addonVersion: string | null;
  gameVersion: string | null;
  checksum: AddonExport["checksum"];
  /** Where the primary stat and ratings come from. */
  statsFrom: "gear" | "gear+overrides" | "overrides" | "profile";
  items: Omit<ItemStats, "itemSet">[];
  /** Set bonuses reached; `modelled`: the spec's manifest has the bonus spell (else it has no effect on the run). */
  setBonuses: (GearTotals["setBonuses"][number] & { modelled: boolean })[];
  primaryStat: Primary;
  /** The totals the profile got (after overrides). */
  totals: { primary: number; ratings: Record<Secondary, number>; weapon: Profile["weapon"] };
  overrides: AddonExport["overrides"];
  /** Items listed in the export's bag / reward sections (not equipped, not simulated). */
  otherGear: number;
  savedLoadouts: number;
  warnings: InputWarning[];
}

/** The spec an export names, as a catalog spelling ("beast mastery hunter"); INVALID_INPUT without a spec line. */
export function exportSpecText(exp: AddonExport): string {
  if (exp.spec === undefined) throw new InputError("INVALID_INPUT", exp.file, 0, 0, `no spec= line: the export must say which specialization (e.g. spec=beast_mastery)`);
  const text = `${exp.spec.replace(/_/g, " ")} ${exp.className}`;
  if (lookupSpecs(text).length !== 1) throw new InputError("INVALID_INPUT", exp.file, 0, 0, `spec=${exp.spec} is not a ${exp.className} specialization`);
  return text;
}

/** ChrSpecialization.PrimaryStatPriority → the primary stat (0–1 intellect, 2–3 agility, 4–5 strength: docs/input.md). */
export function specPrimaryStat(bundle: DataBundle, specId: number): Primary {
  const row = bundle.table("ChrSpecialization").byId(specId);
  const p = Number(row?.["PrimaryStatPriority"] ?? -1);
  if (p < 0) throw new InputError("INVALID_INPUT", "ChrSpecialization.csv", 0, 0, `no ChrSpecialization row for spec ${specId}: its primary stat is unknown`);
  return p <= 1 ? "intellect" : p <= 3 ? "agility" : "strength";
}

export interface CharacterInput {
  export: AddonExport;
  profile: Profile;
  summary: CharacterSummary;
}

/**
 * The character of an export, simulated as spec `slug`. `fallback` is the spec's default profile: it
 * supplies what the export leaves out (no gear: its stats; no main-hand weapon: its weapon), each use
 * listed as a warning.
 */
export function characterFromExport(exp: AddonExport, bundle: DataBundle, slug: string, fallback: Profile, modelledSpells: ReadonlySet<number> = new Set()): CharacterInput {
  const spec = lookupSpecs(slug)[0];
  const specId = spec?.specId ?? 0;
  const warnings: InputWarning[] = [...exp.warnings];
  const primaryStat = specPrimaryStat(bundle, specId);
  const gear = exp.gear.length > 0 ? gearStats(bundle, exp.gear, { file: exp.file, primary: primaryStat, specId }) : null;
  if (gear) warnings.push(...gear.warnings);
  const o = exp.overrides;
  const over = (key: keyof AddonExport["overrides"], fromGear: number | undefined, fromProfile: number): number => o[key] ?? fromGear ?? fromProfile;
  const hasOverrides = Object.keys(o).length > 0;
  if (!gear && !hasOverrides) warnings.push({ line: 0, message: `no gear lines and no gear_<stat>= totals: primary stat and ratings are the ${slug} default profile's` });
  const primaryKey = `gear_${primaryStat}` as const;
  for (const k of Object.keys(o)) if (/^gear_(agility|strength|intellect)$/.test(k) && k !== primaryKey) warnings.push({ line: 0, message: `${k} ignored: ${spec ? specDisplayName(spec) : slug} uses ${primaryStat}` });
  const ratings = {
    crit: over("gear_crit_rating", gear?.ratings.crit, fallback.ratings.crit),
    haste: over("gear_haste_rating", gear?.ratings.haste, fallback.ratings.haste),
    mastery: over("gear_mastery_rating", gear?.ratings.mastery, fallback.ratings.mastery),
    versatility: over("gear_versatility_rating", gear?.ratings.versatility, fallback.ratings.versatility),
  };
  const weapon = gear?.weapon ? { name: gear.weapon.name, item: gear.weapon.item, speedMs: gear.weapon.speedMs, minDamage: gear.weapon.minDamage, maxDamage: gear.weapon.maxDamage } : fallback.weapon;
  if (!gear?.weapon) warnings.push({ line: 0, message: `no main_hand weapon in the gear: the ${slug} default profile's weapon is used (${fallback.weapon.minDamage}-${fallback.weapon.maxDamage} damage, ${fallback.weapon.speedMs} ms)` });
  let level = exp.level ?? fallback.level;
  if (exp.level === undefined) warnings.push({ line: 0, message: `no level= line: level ${fallback.level} (the default profile's)` });
  level = Math.trunc(level);
  const race = exp.race !== undefined && (RACES as readonly string[]).includes(exp.race) ? exp.race : undefined;
  if (exp.race !== undefined && race === undefined) warnings.push({ line: 0, message: `race=${exp.race} is not a race this simulator knows: no racial abilities` });
  const profile: Profile = {
    spec: slug,
    level,
    primaryStat: over(primaryKey, gear?.primary, fallback.primaryStat),
    ratings,
    critDamageBonus: fallback.critDamageBonus,
    targetLevelOffset: fallback.targetLevelOffset,
    weapon,
    ...(exp.talents !== undefined ? { talents: exp.talents } : {}),
    ...(race !== undefined ? { race } : {}),
    // the text's consumable lines; without one, SimC MID1's for the spec (src/engine/stat-consumables.ts)
    ...exp.consumables,
  };
  const summary: CharacterSummary = {
    source: exp.file,
    name: exp.name,
    className: exp.className,
    spec: slug,
    level,
    race: exp.race ?? null,
    region: exp.recorded["region"] ?? null,
    server: exp.recorded["server"] ?? null,
    addonVersion: exp.addonVersion ?? null,
    gameVersion: exp.gameVersion ?? null,
    checksum: exp.checksum,
    statsFrom: gear ? (hasOverrides ? "gear+overrides" : "gear") : hasOverrides ? "overrides" : "profile",
    items: (gear?.items ?? []).map(({ itemSet: _s, ...rest }) => rest),
    setBonuses: (gear?.setBonuses ?? []).map((b) => ({ ...b, modelled: modelledSpells.has(b.spell) })),
    primaryStat,
    totals: { primary: profile.primaryStat, ratings: profile.ratings, weapon: profile.weapon },
    overrides: o,
    otherGear: exp.otherGear.length,
    savedLoadouts: exp.savedLoadouts.length,
    warnings,
  };
  return { export: exp, profile, summary };
}

export { parseAddonExport };
