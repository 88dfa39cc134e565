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
  // racials: the profile has no race, so (as SimC for a character of another race) they never fire
  berserking: "a racial (Troll); the profile has no race, so it never fires",
  blood_fury: "a racial (Orc); the profile has no race, so it never fires",
  ancestral_call: "a racial (Mag'har Orc); the profile has no race, so it never fires",
  fireblood: "a racial (Dark Iron Dwarf); the profile has no race, so it never fires",
  lights_judgment: "a racial (Lightforged Draenei); the profile has no race, so it never fires",
  bag_of_tricks: "a racial (Vulpera); the profile has no race, so it never fires",
  arcane_torrent: "a racial (Blood Elf); the profile has no race, so it never fires",
};
