// The binary layout of an encoded SpecImage (docs/engine-image.md "Binary layout"): header size,
// section order and strides, and the numeric codes of every enumerated field. The wasm loader
// (assembly/engine/layout.ts) reads the same numbers; a change here is an engine ABI change.
import type { AoeMode, AuraOwner, BuffEffect, CdrCondition, DamageKind, Op, RefreshMode, ResourceModel } from "./image.js";

/** Index of the start-recovery category that is the ordinary GCD. */
export const GCD_START_RECOVERY_CATEGORY = 133;

/** Engine ABI version written into the image header; the wasm refuses other versions. */
export const IMAGE_VERSION = 1;

export const HEADER_F64 = 108;
export const SECTION_ORDER = [
  "resources", "spells", "auras", "effects", "damage", "cdr", "ops", "opLists", "procs", "rppm", "pets",
  "chargePools", "pool", "rotationConstants",
] as const;
export type Section = (typeof SECTION_ORDER)[number];
export const STRIDE = {
  resources: 8, spells: 40, auras: 24, effects: 4, damage: 12, cdr: 5, ops: 4, opLists: 2, procs: 8, rppm: 4, pets: 4,
  chargePools: 2, pool: 1, rotationConstants: 1,
} as const satisfies Record<Section, number>;
/** Max entities per kind (12-bit event argument with one flag bit). */
export const MAX_IMAGE_INDEX = 2047;

export const OP_CODES: Record<Op["op"], number> = {
  applyAura: 1, consumeAura: 2, gainResource: 3, reduceCooldown: 4, resetCooldown: 5, dealDamage: 6, schedule: 7,
  rollRppm: 8, procChance: 9, ifAura: 10, ifNotAura: 11, summonPet: 12, dismissPet: 13, ifCrit: 14, bankDamage: 15, consumePets: 28, spreadBank: 29,
  dealDamagePerStack: 22,
  stacksToResource: 26, gainPerTarget: 27,
  randomAuras: 24, reduceCooldownPerPoint: 4,
};
/** dealDamage with a masteryScale: op 25 (assembly/engine/layout.ts OP_DEAL_DAMAGE_MASTERY). */
export const OP_DEAL_DAMAGE_MASTERY = 25;
/** Largest random-aura pool (assembly/engine/random-auras.ts RA_MAX_POOL). */
export const RANDOM_AURAS_MAX = 16;
/** damageMultSpellsAdditive with a mastery coefficient (layout.ts E_DMG_MULT_SPELLS_ADD_MASTERY). */
export const E_DMG_MULT_SPELLS_ADD_MASTERY = 15;
/** bankDamage with apply false (layout.ts OP_BANK_INTO). */
export const OP_BANK_INTO = 20;
export const EFFECT_CODES: Record<BuffEffect["type"], number> = {
  haste: 0, crit: 1, mastery: 2, versatility: 3, primaryStat: 4, damageMult: 5, damageMultSchool: 6,
  damageMultSpells: 7, cleave: 8, damageMultStacking: 9, damageMultSpellsAdditive: 10, damageMultSpellsOnce: 11, attackSpeed: 21,
};
export const RESOURCE_MODELS: Record<ResourceModel, number> = { generic: 0, mana: 1, energy: 2, rage: 3 };
export const AOE_CODES: Record<AoeMode, number> = { single: 0, all: 1, split: 2, chain: 3, sqrt: 4 };
export const KIND_CODES: Record<DamageKind, number> = { flat: 0, ap: 1, sp: 2 };
export const REFRESH_CODES: Record<RefreshMode, number> = { refresh: 0, pandemic: 1, extend: 2, none: 3 };
export const OWNER_CODES: Record<AuraOwner, number> = { player: 0, target: 1, pet: 2 };
export const CDR_CODES: Record<CdrCondition, number> = { always: 0, procChance: 1, whileAuraActive: 2, resetWhileAura: 3 };
/** mastery.kind → header slot 13 (kind 3, a uniform mastery gated by an aura, is derived from whileAura). */
export const MASTERY_KIND_CODES = { none: -1, uniform: 0, school: 1, spells: 7, random: 9 };
