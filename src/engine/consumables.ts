// Consumables and racials of one run (docs/consumables.md).
//
// The shared manifest pieces `consumables.json` (the combat potion) and `racials.json` (racial
// abilities) give every spec the spells; whether the character has them is a property of the run:
// the profile's potion (default: SimulationCraft's MID1 profile for the spec) and race, the spec's
// class, and the run option `potion`. This step removes the spells the character cannot use before the
// image is built, and tells the rotation compiler what an APL line naming a removed one means:
//   - a racial of another race, or no potion drunk (`potion: false`): the line never fires (honoured, as
//     in SimC, where such an action is never ready);
//   - the profile's own racial in another class's variant, or a potion this data does not model: the
//     line is listed as not modelled (it would change damage).
// The removed spells' auras stay declared, so `buff.lights_potential` / `buff.blood_fury` still resolve.
import type { ResolvedSpec } from "../manifest/resolve.js";
import type { Profile } from "./profile.js";
import type { StatConsumableApplied } from "./stat-consumables.js";

/**
 * SimulationCraft's Midnight Season 1 profiles (simulationcraft/simc, profiles/MID1/MID1_<Class>_<Spec>.simc):
 * `race=`, `potion=`, `flask=`, `food=`, `augmentation=` of the profile each default spec profile copies.
 */
export const MID1_DEFAULTS: Readonly<Record<string, { race: string; potion: string; flask: string; food: string; augmentation: string; source: string }>> = {
  "beast-mastery": { race: "orc", potion: "lights_potential_2", flask: "flask_of_the_magisters_2", food: "silvermoon_parade", augmentation: "void_touched", source: "MID1_Hunter_Beast_Mastery.simc @ 295c234085636ca34faf2a7d4bf000c0d02eb528" },
  marksmanship: { race: "orc", potion: "lights_potential_2", flask: "flask_of_the_shattered_sun_2", food: "silvermoon_parade", augmentation: "void_touched", source: "MID1_Hunter_Marksmanship.simc @ 295c234085636ca34faf2a7d4bf000c0d02eb528" },
  survival: { race: "pandaren", potion: "lights_potential_2", flask: "flask_of_the_magisters_2", food: "silvermoon_parade", augmentation: "void_touched", source: "MID1_Hunter_Survival.simc @ 170bba095c4e9e2a328bacf495ce420280f794a6" },
  arcane: { race: "troll", potion: "lights_potential_2", flask: "flask_of_thalassian_resistance_2", food: "silvermoon_parade", augmentation: "void_touched_augment_rune", source: "MID1_Mage_Arcane.simc @ 2ac326162810c72e4659bf1334413bf1a8af2972" },
  fire: { race: "orc", potion: "lights_potential_2", flask: "flask_of_the_blood_knights_2", food: "silvermoon_parade", augmentation: "void_touched_augment_rune", source: "MID1_Mage_Fire.simc @ 2ac326162810c72e4659bf1334413bf1a8af2972" },
  assassination: { race: "orc", potion: "lights_potential_2", flask: "flask_of_the_shattered_sun_2", food: "harandar_celebration", augmentation: "void_touched", source: "MID1_Rogue_Assassination.simc @ 17874a42513a3df9867e21bf29a823eacd94fbe8" },
  fury: { race: "pandaren", potion: "lights_potential_2", flask: "flask_of_the_magisters_2", food: "harandar_celebration", augmentation: "void_touched", source: "MID1_Warrior_Fury.simc @ 63b85c551ebd1a6f8d79d1b72aee5b54074436e8" },
  arms: { race: "dwarf", potion: "potion_of_recklessness_2", flask: "flask_of_the_shattered_sun_2", food: "blooming_feast", augmentation: "void_touched", source: "MID1_Warrior_Arms.simc @ 04468fbe9dcc28c065df936d9c73b85b40a61660" },
  "frost-mage": { race: "pandaren", potion: "potion_of_recklessness_2", flask: "flask_of_the_shattered_sun_2", food: "harandar_celebration", augmentation: "void_touched_augment_rune", source: "MID1_Mage_Frost.simc @ 04468fbe9dcc28c065df936d9c73b85b40a61660" },
  outlaw: { race: "pandaren", potion: "lights_potential_2", flask: "flask_of_the_shattered_sun_2", food: "harandar_celebration", augmentation: "void_touched", source: "MID1_Rogue_Outlaw.simc @ 295c234085636ca34faf2a7d4bf000c0d02eb528" },
  affliction: { race: "pandaren", potion: "lights_potential_2", flask: "flask_of_the_magisters_2", food: "blooming_feast", augmentation: "void_touched", source: "MID1_Warlock_Affliction.simc @ 0ae83dffedd815984d942aad8660fed982769a45" },
  subtlety: { race: "pandaren", potion: "lights_potential_2", flask: "flask_of_the_shattered_sun_2", food: "harandar_celebration", augmentation: "void_touched", source: "MID1_Rogue_Subtlety.simc @ 2ac326162810c72e4659bf1334413bf1a8af2972" },
  demonology: { race: "orc", potion: "potion_of_recklessness_2", flask: "flask_of_the_shattered_sun_2", food: "harandar_celebration", augmentation: "void_touched", source: "MID1_Warlock_Demonology.simc @ 17874a42513a3df9867e21bf29a823eacd94fbe8" },
  destruction: { race: "dwarf", potion: "tempered_potion_3", flask: "flask_of_alchemical_chaos_3", food: "feast_of_the_divine_day", augmentation: "crystallized", source: "MID1_Warlock_Destruction.simc @ 60fbfbc544ff5410c1a2b76cbcd327a694a7a51b" },
};

/** The potion spell of the consumables piece and the potions it models (SimC token without the quality suffix). */
export const POTION_SPELL = "potion";
export const MODELLED_POTIONS: readonly string[] = ["lights_potential"];

/**
 * Racial spells of the racials piece (manifest name → the APL action it is, the race that has it and the
 * classes of this variant: the dump's `Class` line). A racial whose variants differ by class has one
 * spell per variant; the run keeps the one of the spec's class, named as the action.
 */
export const RACIAL_SPELLS: Readonly<Record<string, { action: string; race: string; classes: readonly string[] }>> = {
  blood_fury: { action: "blood_fury", race: "orc", classes: ["Warrior", "Hunter", "Rogue", "Death Knight"] },
  blood_fury_intellect: { action: "blood_fury", race: "orc", classes: ["Priest", "Mage", "Warlock"] },
};

/** SimC's potion token without its crafting-quality suffix (`lights_potential_2` → `lights_potential`). */
export function potionToken(name: string): string {
  return name.replace(/_\d+$/, "");
}

export interface ConsumableOptions {
  /** false: no potion is drunk (CLI --no-potion). Default true. */
  potion?: boolean;
  /** false: no racial ability is used (CLI --no-racials). Default true. */
  racials?: boolean;
}

/** What the run's character has (result.consumables). */
export interface ConsumablesReport {
  /** The profile's potion (SimC token), or null when the run drinks none. */
  potion: string | null;
  /** Whether that potion is modelled (its `potion` lines cast it). */
  potionModelled: boolean;
  /** The profile's race (SimC token), or null. */
  race: string | null;
  /** Racial spells the rotation can cast. */
  racials: string[];
  /** Consumables and racials of the character that are not modelled, with the reason. */
  notModelled: string[];
  /** Flask, food and augment rune folded into the stats (src/engine/stat-consumables.ts); absent before that step. */
  stats?: StatConsumableApplied[];
}

export type UtilityVerdict = { noop: string } | { refuse: string };

export interface AppliedConsumables {
  spec: ResolvedSpec;
  report: ConsumablesReport;
  /** The equipped potion's token for `potion.X` (undefined: none). */
  potion: string | undefined;
  /** The verdict on an APL action whose spell this step removed (undefined: not one of them). */
  utility: (name: string) => UtilityVerdict | undefined;
}

/** The profile's potion: its own field, else SimC's MID1 default for the spec, else none. */
export function profilePotion(profile: Profile): string | undefined {
  return profile.potion ?? MID1_DEFAULTS[profile.spec]?.potion;
}

/** Remove the consumable / racial spells the character cannot use; report what it has. */
export function applyConsumables(spec: ResolvedSpec, profile: Profile, className: string | undefined, opts: ConsumableOptions = {}): AppliedConsumables {
  const verdicts = new Map<string, UtilityVerdict>();
  const notModelled: string[] = [];
  const race = profile.race;

  // the potion
  const equipped = opts.potion === false ? undefined : profilePotion(profile);
  const token = equipped === undefined || equipped === "disabled" ? undefined : potionToken(equipped);
  const potionModelled = token !== undefined && MODELLED_POTIONS.includes(token);
  if (token === undefined) {
    verdicts.set(POTION_SPELL, { noop: opts.potion === false ? "the run drinks no potion (potion: false, --no-potion)" : "the profile has no potion" });
  } else if (!potionModelled) {
    const why = `not modelled: the profile's potion ${equipped} (modelled: ${MODELLED_POTIONS.join(", ")}; docs/consumables.md)`;
    verdicts.set(POTION_SPELL, { refuse: why });
    notModelled.push(why);
  }

  // racials: only the profile's race, in the variant of the spec's class (kept under the action's name)
  const variants = new Map<string, string>(); // action → the manifest spell cast as it
  if (opts.racials === false) {
    for (const r of Object.values(RACIAL_SPELLS)) verdicts.set(r.action, { noop: "the run uses no racial abilities (racials: false, --no-racials)" });
  }
  for (const [name, r] of Object.entries(RACIAL_SPELLS)) {
    if (opts.racials === false) break;
    if (race !== r.race || !spec.spells.some((s) => s.name === name)) continue; // another race: the front-end's never-firing line
    if (className !== undefined && r.classes.includes(className)) variants.set(r.action, name);
  }
  for (const r of Object.values(RACIAL_SPELLS)) {
    if (race !== r.race || variants.has(r.action) || verdicts.has(r.action)) continue; // (racials off: every action has its verdict)
    const why = `not modelled: ${r.action} of a ${race} ${className ?? "character"}: no variant for that class in the manifest (data/specs/_shared/racials.json)`;
    verdicts.set(r.action, { refuse: why });
    notModelled.push(why);
  }
  const racials = [...variants.keys()];

  const kept = new Set(variants.values());
  const keep = (name: string): boolean => (name === POTION_SPELL ? potionModelled : Object.hasOwn(RACIAL_SPELLS, name) ? kept.has(name) : true);
  const spells = spec.spells.filter((s) => keep(s.name)).map((s) => (kept.has(s.name) ? { ...s, name: RACIAL_SPELLS[s.name]!.action } : s));
  // The buffs only a removed spell applies go too: the character has no such buff (SimC creates a racial's or
  // potion's buff only for the character that has it), and every aura costs the engine a little per iteration.
  // (the pieces' spells apply their buff with a top-level apply_aura op; nothing else applies these buffs)
  const applied = (ss: typeof spec.spells) => new Set(ss.flatMap((s) => s.onCast.flatMap((o) => (o.op === "apply_aura" ? [o.aura] : []))));
  const stillApplied = applied(spells);
  const orphans = new Set([...applied(spec.spells.filter((s) => !keep(s.name)))].filter((a) => !stillApplied.has(a)));
  const out: ResolvedSpec = { ...spec, spells, auras: spec.auras.filter((a) => !orphans.has(a.name)) };
  return {
    spec: out,
    report: { potion: token === undefined ? null : equipped!, potionModelled, race: race ?? null, racials, notModelled },
    potion: token,
    // a removed racial of another race has no verdict: the front-end's own rule (never fires) applies
    utility: (name) => verdicts.get(name),
  };
}
