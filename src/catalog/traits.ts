// Per-spec facts the bundled tables do not hold (hand-assigned; the catalog generator checks what
// it can against the data — see build.ts). Keyed by ChrSpecialization.ID of the 27 damage specs.
//
// - primaryPower: PowerTypeEnum of the spec's main rotational resource (the one its core spenders
//   use). Checked: it must be one of the class's ChrClassesXPowerTypes rows; for an implemented
//   spec it must equal the manifest's first resource.
// - pet: the spec fights with a permanent pet (spec "Pets": a flagged spec starts with the pet slot
//   active). For an implemented spec, checked against the manifest (a `permanent` pet).
// - mastery: the engine category the spec's mastery maps to — "uniform" (UniformMult), "school"
//   (SchoolMult), "pet" (pet damage only), "spells" (named spells only: Executioner) — or "other" when the mastery is neither (a proc, a DoT,
//   a resource-scaled bonus: the engine needs a feature for it). For an implemented spec, checked
//   against the manifest's `mastery.kind`. Mastery spell ids come from ChrSpecialization.MasterySpellID_0.
// - needs: what implementing the spec takes beyond a manifest, rotation and profile (docs/specs/README.md);
//   required while the spec has no folder data/specs/<slug>/ (whether a spec is implemented is the
//   folder's to say, never this file's).

export type MasteryCategory = "uniform" | "school" | "pet" | "spells" | "other";

export interface SpecTraits {
  slug: string;
  primaryPower: number;
  pet: boolean;
  mastery: MasteryCategory;
  /** The mastery's effect in a few words (from the game's tooltip). */
  masteryNote: string;
  needs?: string;
}

export const SPEC_TRAITS: Readonly<Record<number, SpecTraits>> = Object.freeze({
  // Warrior
  71: { slug: "arms", primaryPower: 1, pet: false, mastery: "uniform", masteryNote: "damage against targets bleeding from Deep Wounds (kept up all fight: modelled as all damage)", needs: "rage from damage dealt, bleed DoT (Deep Wounds), execute phase" },
  72: { slug: "fury", primaryPower: 1, pet: false, mastery: "uniform", masteryNote: "damage while Enraged (Unshackled Fury)" },
  // Paladin
  70: { slug: "retribution", primaryPower: 9, pet: false, mastery: "other", masteryNote: "extra Holy damage on Judgment targets", needs: "holy power as a secondary resource, Judgment debuff, consecration ground effect" },
  // Hunter
  253: { slug: "beast-mastery", primaryPower: 2, pet: true, mastery: "pet", masteryNote: "pet damage (Master of Beasts)" },
  254: { slug: "marksmanship", primaryPower: 2, pet: false, mastery: "uniform", masteryNote: "damage (Sniper Training)", needs: "channelled Rapid Fire, cast-time modifiers (Aimed Shot), Precise Shots / Lock and Load procs" },
  255: { slug: "survival", primaryPower: 2, pet: true, mastery: "uniform", masteryNote: "your and your pet's damage (Spirit Bond)" },
  // Rogue
  259: { slug: "assassination", primaryPower: 3, pet: false, mastery: "school", masteryNote: "poison and bleed damage (school mask nature + the engine's bleed flag)", needs: "combo points as a secondary resource, poisons as weapon procs, bleed DoTs with pandemic" },
  260: { slug: "outlaw", primaryPower: 3, pet: false, mastery: "other", masteryNote: "Main Gauche off-hand proc (its coefficient grows with mastery: a damage op mastery_ap_coef)" },
  261: { slug: "subtlety", primaryPower: 3, pet: false, mastery: "spells", masteryNote: "finisher damage (Executioner: mastery kind spells)" },
  // Priest
  258: { slug: "shadow", primaryPower: 13, pet: false, mastery: "other", masteryNote: "damage per active DoT (Shadow Weaving)", needs: "insanity generation, DoT-count-scaled mastery, Voidform" },
  // Death Knight
  251: { slug: "frost-death-knight", primaryPower: 6, pet: false, mastery: "school", masteryNote: "Frost damage (Frozen Heart)", needs: "runes as a second resource with recharge, dual-wield auto attacks, Killing Machine procs" },
  252: { slug: "unholy", primaryPower: 6, pet: true, mastery: "school", masteryNote: "Shadow damage by you and your minions (Dreadblade)", needs: "runes, Festering Wounds debuff stacks, ghoul pet and temporary army pets" },
  // Shaman
  262: { slug: "elemental", primaryPower: 11, pet: false, mastery: "other", masteryNote: "spell copies (Elemental Overload)", needs: "maelstrom, overload procs duplicating spells, Flame Shock DoT" },
  263: { slug: "enhancement", primaryPower: 0, pet: false, mastery: "school", masteryNote: "Fire, Frost and Nature damage (Enhanced Elements)", needs: "Maelstrom Weapon stacks as cast-time modifier, dual-wield, Windfury procs" },
  // Mage
  62: { slug: "arcane", primaryPower: 0, pet: false, mastery: "other", masteryNote: "Arcane Charge damage, mana (Savant)" },
  63: { slug: "fire", primaryPower: 0, pet: false, mastery: "other", masteryNote: "Ignite burn DoT", needs: "Ignite (damage-fed DoT), Heating Up / Hot Streak crit procs, Combustion" },
  64: { slug: "frost-mage", primaryPower: 0, pet: true, mastery: "school", masteryNote: "Frost damage of the mage (Mastery: Freeze and Shatter 1246752: every modelled player damage spell is a Frost spell listed in its effect 1 or 2; the Water Elemental is not)" },
  // Warlock
  265: { slug: "affliction", primaryPower: 7, pet: false, mastery: "uniform", masteryNote: "DoT, Seed of Corruption and Malefic Grasp echo damage (Potent Afflictions; modelled as all damage, the filler included)", needs: "soul shards from DoT ticks, multiple DoTs with pandemic, overlapping Unstable Afflictions" },
  266: { slug: "demonology", primaryPower: 7, pet: true, mastery: "pet", masteryNote: "demon damage (Master Demonologist)" },
  267: { slug: "destruction", primaryPower: 7, pet: false, mastery: "other", masteryNote: "random damage bonus (Chaotic Energies: manifest mastery kind random, a uniform roll per hit)" },
  // Monk
  269: { slug: "windwalker", primaryPower: 3, pet: false, mastery: "other", masteryNote: "bonus when not repeating an ability (Combo Strikes)", needs: "chi secondary resource, last-ability tracking for mastery, dual-wield" },
  // Druid
  102: { slug: "balance", primaryPower: 8, pet: false, mastery: "school", masteryNote: "Arcane and Nature damage (Astral Invocation)", needs: "astral power, Eclipse state machine, Moonfire / Sunfire DoTs" },
  103: { slug: "feral", primaryPower: 3, pet: false, mastery: "other", masteryNote: "finisher and bleed damage (Razor Claws)", needs: "combo points, bleed snapshotting (Tiger's Fury), Bloodtalons" },
  // Demon Hunter
  577: { slug: "havoc", primaryPower: 17, pet: false, mastery: "school", masteryNote: "Chaos damage (Demonic Presence)", needs: "fury, Metamorphosis, dual-wield, Eye Beam channel" },
  1480: { slug: "devourer", primaryPower: 17, pet: false, mastery: "other", masteryNote: "Void mastery (Midnight)", needs: "the Midnight Devourer kit: void resource mechanics not modelled yet" },
  // Evoker
  1467: { slug: "devastation", primaryPower: 19, pet: false, mastery: "other", masteryNote: "damage vs healthy targets (Giantkiller)", needs: "essence secondary resource, empowered spells (SpellEmpower stages), target health" },
  1473: { slug: "augmentation", primaryPower: 19, pet: false, mastery: "other", masteryNote: "buffs allies (Timewalker)", needs: "ally buffing (Ebon Might): the sim has no group model; empowered spells" },
});
