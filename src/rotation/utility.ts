// Utility actions of SimC APLs that cannot change this engine's damage: a cast entry naming one of
// these, when the spec has no spell of that name, compiles to nothing (its condition is still checked)
// and the line counts as honoured. Each has the reason it cannot matter (docs/rotation.md "Utility
// actions"). A spec that models one (a manifest spell of the same name) casts it instead.
export const UTILITY_NOOPS: Readonly<Record<string, string>> = {
  snapshot_stats: "records the buffed stats for SimC's report; the engine's stats are the profile's",
  auto_attack: "the engine's auto attack runs from the pull (spec autoAttack)",
  auto_shot: "the engine's auto shot runs from the pull (spec autoAttack)",
  summon_pet: "the spec's pets are out from the pull (manifest pets)",
  retarget: "targets are identical; choosing another one cannot change damage",
  invoke_external_buff: "no external buffs (Power Infusion from another player) in the simulation",
  use_item: "no on-use items are equipped (the profile has no items)",
  use_items: "no on-use items are equipped (the profile has no items)",
  // interrupts: the target never casts (SimC's lines fire only when target.debuff.casting.react)
  kick: "an interrupt: the target never casts",
  pummel: "an interrupt: the target never casts",
  counter_shot: "an interrupt: the target never casts",
  counterspell: "an interrupt: the target never casts",
  spell_lock: "an interrupt: the target never casts",
  muzzle: "an interrupt: the target never casts",
};

/** Racial actions → the race (SimC's race token) that has them. */
export const RACIALS: Readonly<Record<string, string>> = {
  berserking: "troll",
  blood_fury: "orc",
  ancestral_call: "maghar_orc",
  fireblood: "dark_iron_dwarf",
  lights_judgment: "lightforged_draenei",
  bag_of_tricks: "vulpera",
  arcane_torrent: "blood_elf",
};

/** Actions that change damage but are not modelled (no spell data bundled): refused with this reason. */
export const UNMODELLED: Readonly<Record<string, string>> = {
  potion:
    "not modelled: the spec's manifest has no potion spell (the shared piece data/specs/_shared/consumables.json declares it; docs/consumables.md)",
};

/** What a utility action is when the spec has no spell of that name: a no-op (reason), refused (reason), or not a utility action. */
export function utilityAction(name: string, race: string | undefined): { noop: string } | { refuse: string } | undefined {
  if (Object.hasOwn(UTILITY_NOOPS, name)) return { noop: UTILITY_NOOPS[name]! };
  if (Object.hasOwn(UNMODELLED, name)) return { refuse: UNMODELLED[name]! };
  if (Object.hasOwn(RACIALS, name)) {
    const own = RACIALS[name]!;
    // SimC: a racial of another race is never castable, so the line never fires (honoured)
    if (race === undefined) return { noop: `a racial (${own}); the profile gives no race, so it never fires` };
    if (race !== own) return { noop: `a racial (${own}); the profile's race is ${race}, so it never fires` };
    return { refuse: `not modelled: ${name} is the racial of the profile's race (${race}); no spell of that name in the manifest (data/specs/_shared/racials.json models blood_fury; docs/consumables.md)` };
  }
  return undefined;
}
