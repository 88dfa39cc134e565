// How SimulationCraft names a talent, a hero tree or a spell in an action list: the English name in lower
// case, apostrophes dropped, every other run of characters that are not letters or digits turned into
// one underscore, no underscore at either end ("Nature's Ally" → natures_ally, "Can't Miss, Won't Miss"
// → cant_miss_wont_miss, "Stampede!" → stampede). The names in SimC's own default APLs follow this rule
// (`talent.killer_cobra`, `hero_tree.dark_ranger`, `talent.slayers_dominance`).
export function talentToken(name: string): string {
  return name
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}
