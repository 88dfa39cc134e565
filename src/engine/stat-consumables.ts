// Flask, food and augment rune of one run (docs/consumables.md "Flask, food, augment rune").
//
// All three last the whole fight (3600 s buffs, drunk / eaten before the pull), so they are folded into
// the profile's numbers before the combat stats are computed: a flask adds a secondary rating, a feast
// and an augment rune add primary stat. The engine pays nothing for them.
//
// Which consumable: the run option (`flask`, `food`, `augmentRune`; CLI --flask / --food /
// --augment-rune) wins over the profile's field (`flask`, `food`, `augmentation`: SimC tokens, as the
// `/simc` text writes them), which wins over SimulationCraft's MID1 profile for the spec
// (MID1_DEFAULTS, src/engine/consumables.ts). "none" (run option) or "disabled" (SimC's word, profile)
// = no consumable of that kind.
//
// SimC token → item → spell. The token is the item's name (flask_of_the_magisters_2 = Flask of the
// Magisters, crafting quality 2). The item ids per name are not in the bundled tables (no ItemSparse):
// they are the ones public WoW addons' Midnight consumable tables list (e.g. Flask of the Magisters
// 241322 / 241323, its two qualities) — `estimated` knowledge, see docs/consumables.md. What the data
// does say: the 12.0.5 client tables (ItemXItemEffect → ItemEffect.SpellID, /work/shared/data/tables)
// map every one of those items to the spell below, and the spell's own dump block says which stat it
// raises (test/stat-consumables.test.ts checks both). Both qualities cast the same spell: quality only
// changes the casting item's level, which the bundle lacks (see DUMP_BUDGET_ROW).

import type { DataBundle } from "../data/types.js";
import type { SpellResolver } from "../data/resolver.js";
import { CombatsimError } from "../errors.js";
import type { Profile } from "./profile.js";
import { MID1_DEFAULTS } from "./consumables.js";

export type StatConsumableKind = "flask" | "food" | "augmentation";
export type StatTarget = "crit" | "haste" | "mastery" | "versatility" | "primary";

export interface StatConsumableDef {
  /** SimC token without the crafting-quality suffix (`flask_of_the_magisters`). */
  token: string;
  kind: StatConsumableKind;
  /** The game's items of the token (each crafting quality), whose ItemEffect names `spellId`. */
  items: readonly number[];
  /** The buff spell and its 1-based effect (a kept block in data/sources/12.0.0.64228/nonclass.txt). */
  spellId: number;
  effect: number;
  /** What the effect raises: the dump block's `Rating:` (Modify Rating 189) or `Stat: StrAgiInt` (Attribute 29). */
  stat: StatTarget;
  /** true: the amount depends on the casting item's level (dump attribute 354), which the bundle lacks. */
  itemScaled: boolean;
}

/**
 * The budget the dump's Scaled Values rest on: RandPropPoints row 226, EpicF_0 = 131.0805 (12.0.5
 * table), the level-90 budget (the potion's 473.1867 = 3.609894 x 131.0805 and the rune's 25.10191 =
 * 0.1915 x 131.0805, as the dump prints them).
 */
export const DUMP_BUDGET_ROW = 226;

export const STAT_CONSUMABLES: readonly StatConsumableDef[] = [
  // Midnight Mastery Flask 1235108 #1 `Modify Rating (189)`, `Scaled Value: 158.1993 (coefficient=1.206887) | Rating: Mastery`
  { token: "flask_of_the_magisters", kind: "flask", items: [241322, 241323], spellId: 1235108, effect: 1, stat: "mastery", itemScaled: true },
  // Midnight Haste Flask 1235110 #1 ... `Rating: Haste`
  { token: "flask_of_the_blood_knights", kind: "flask", items: [241324, 241325], spellId: 1235110, effect: 1, stat: "haste", itemScaled: true },
  // Midnight Critical Strike Flask 1235111 #1 ... `Rating: Crit`
  { token: "flask_of_the_shattered_sun", kind: "flask", items: [241326, 241327], spellId: 1235111, effect: 1, stat: "crit", itemScaled: true },
  // Midnight Versatility Flask 1235057 #1 ... `Rating: Vers`
  { token: "flask_of_thalassian_resistance", kind: "flask", items: [241320, 241321], spellId: 1235057, effect: 1, stat: "versatility", itemScaled: true },
  // Void-Touched 1264426 #1 `Attribute (29) | Scaling Class: Primary Attribute (-1)`, `Scaled Value: 25.10191
  // (coefficient=0.1915) | Stat: StrAgiInt`, Max Scaling Level 90; item 259085 (Void-Touched Augment Rune).
  // SimC's MID1 profiles write it `void_touched` or `void_touched_augment_rune`: both are accepted.
  { token: "void_touched", kind: "augmentation", items: [259085], spellId: 1264426, effect: 1, stat: "primary", itemScaled: false },
];

/** Tokens accepted as another name of an entry (SimC's profiles spell the rune both ways). */
const ALIASES: Readonly<Record<string, string>> = { void_touched_augment_rune: "void_touched" };

/**
 * Consumables of SimC's MID1 profiles that are not modelled, and why (they are listed in the result).
 * The feasts: their blocks (Blooming Feast 1259656, Rootland Celebration 1259658 = the item Harandar
 * Celebration 255846, Silvermoon Parade 1259659; the 12.0.5 ItemEffect rows name them) only say "gain
 * $456961s2 primary stat": the amount is spell 456961's effect 2, whose block was not read.
 */
export const NOT_MODELLED_CONSUMABLES: Readonly<Record<string, string>> = {
  silvermoon_parade: "a feast (spell 1259659): its primary stat is spell 456961 effect 2, not among the kept dump blocks",
  harandar_celebration: "a feast (spell 1259658, Rootland Celebration in the 12.0.0 dump): its primary stat is spell 456961 effect 2, not among the kept dump blocks",
  blooming_feast: "a feast (spell 1259656): its primary stat is spell 456961 effect 2, not among the kept dump blocks",
};

export class ConsumableOptionError extends CombatsimError {
  constructor(message: string) {
    super("INVALID_SIM_CONFIG", message);
  }
}

export interface StatConsumableApplied {
  kind: StatConsumableKind;
  /** The token as given (with its quality suffix). */
  name: string;
  spellId: number;
  stat: StatTarget;
  /** Rating points (flask) or primary stat points (rune, feast). */
  value: number;
  origin: "dump" | "estimated";
}

export interface StatConsumablesReport {
  /** One entry per kind the character has and the data models. */
  applied: StatConsumableApplied[];
  /** The character's consumables the data does not model, with the reason. */
  notModelled: string[];
}

export interface StatConsumableOptions {
  /** Run options: a SimC token (quality suffix optional) or "none"; absent: the profile's, else MID1's. */
  flask?: unknown;
  food?: unknown;
  augmentRune?: unknown;
}

const OPTION_FIELD: Record<StatConsumableKind, keyof StatConsumableOptions> = { flask: "flask", food: "food", augmentation: "augmentRune" };

/** The token without its crafting-quality suffix, aliases resolved. */
export function consumableToken(name: string): string {
  const t = name.replace(/_\d+$/, "");
  return ALIASES[t] ?? t;
}

/** The names a run option of `kind` accepts (the message of an unknown one lists them). */
export function validConsumableNames(kind: StatConsumableKind): string[] {
  const own = STAT_CONSUMABLES.filter((d) => d.kind === kind).map((d) => d.token);
  const alias = Object.entries(ALIASES).filter(([, to]) => own.includes(to)).map(([from]) => from);
  return ["none", ...own, ...alias];
}

/** The consumable of `kind` the run uses: the run option, else the profile's field, else MID1's; undefined = none. */
function chosen(kind: StatConsumableKind, profile: Profile, opts: StatConsumableOptions): { name: string; fromOption: boolean } | undefined {
  const field = OPTION_FIELD[kind];
  const o = opts[field];
  if (o !== undefined) {
    if (typeof o !== "string" || !/^[a-z][a-z0-9_]*$/.test(o)) throw new ConsumableOptionError(`simulate: config.${field} must be a SimC ${kind} token or "none" (valid: ${validConsumableNames(kind).join(", ")}), got ${JSON.stringify(o)}`);
    return o === "none" ? undefined : { name: o, fromOption: true };
  }
  const p = kind === "flask" ? profile.flask : kind === "food" ? profile.food : profile.augmentation;
  const name = p ?? MID1_DEFAULTS[profile.spec]?.[kind];
  return name === undefined || name === "disabled" ? undefined : { name, fromOption: false };
}

/** The amount of a def's effect: coefficient x the level-90 budget (RandPropPoints row 226, EpicF_0). */
export function consumableValue(def: StatConsumableDef, resolver: SpellResolver, bundle: DataBundle): number {
  const e = resolver.get_spell_effect(def.spellId, def.effect);
  if (e === undefined) throw new ConsumableOptionError(`${def.kind} ${def.token}: spell ${def.spellId} effect ${def.effect} is not in the data (SpellEffect)`);
  const row = bundle.table("RandPropPoints").rows.find((r) => r["ID"] === DUMP_BUDGET_ROW);
  const budget = Number(row?.["EpicF_0"]);
  if (!(budget > 0)) throw new ConsumableOptionError(`${def.kind} ${def.token}: RandPropPoints row ${DUMP_BUDGET_ROW} (EpicF_0) is not in the data`);
  return e.coefficient * budget;
}

/**
 * The profile with its flask, food and augment rune folded in (ratings / primary stat added), and the
 * report. A run option naming a consumable this data does not model is an error listing the valid
 * names; a profile's or MID1's such consumable is listed as not modelled (it is a real SimC token).
 */
export function applyStatConsumables(profile: Profile, resolver: SpellResolver, bundle: DataBundle, opts: StatConsumableOptions = {}): { profile: Profile; report: StatConsumablesReport } {
  const applied: StatConsumableApplied[] = [];
  const notModelled: string[] = [];
  const ratings = { ...profile.ratings };
  let primary = profile.primaryStat;
  for (const kind of ["flask", "food", "augmentation"] as const) {
    const c = chosen(kind, profile, opts);
    if (c === undefined) continue;
    const token = consumableToken(c.name);
    const def = STAT_CONSUMABLES.find((d) => d.kind === kind && d.token === token);
    if (def === undefined) {
      if (c.fromOption) throw new ConsumableOptionError(`simulate: config.${OPTION_FIELD[kind]} ${JSON.stringify(c.name)} is not a ${kind} this data models (valid: ${validConsumableNames(kind).join(", ")}; docs/consumables.md)`);
      const modelled = validConsumableNames(kind).slice(1);
      notModelled.push(`not modelled: the ${kind} ${c.name} (${NOT_MODELLED_CONSUMABLES[token] ?? (modelled.length ? `not one of ${modelled.join(", ")}` : `no ${kind} is modelled yet`)})`);
      continue;
    }
    const value = consumableValue(def, resolver, bundle);
    if (def.stat === "primary") primary += value;
    else ratings[def.stat] += value;
    applied.push({ kind, name: c.name, spellId: def.spellId, stat: def.stat, value, origin: def.itemScaled ? "estimated" : "dump" });
  }
  return { profile: { ...profile, primaryStat: primary, ratings }, report: { applied, notModelled } };
}
