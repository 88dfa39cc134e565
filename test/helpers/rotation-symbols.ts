// Symbol tables for rotation tests (a small Beast Mastery-like spec).
import type { RotationSymbols } from "../../src/rotation/index.js";

export const SPELLS: Record<string, number> = { kill_command: 3, barbed_shot: 4, cobra_shot: 5, bestial_wrath: 6, multishot: 7, kill_shot: 8 };
export const AURAS: Record<string, number> = { bestial_wrath: 10, barbed_shot: 11, hunters_mark: 12, beast_cleave: 13 };
export const PET_AURAS: Record<string, number> = { frenzy: 2, beast_cleave: 3 };
export const RESOURCES: Record<string, number> = { focus: 0, combo_points: 1 };
export const PETS: Record<string, number> = { main: 0, cat: 1 };
export const TALENTS: Record<string, boolean> = { killer_instinct: true, alpha_predator: false };

const get = <T>(t: Record<string, T>, k: string): T | undefined => (Object.hasOwn(t, k) ? t[k] : undefined);

export function testSymbols(): RotationSymbols {
  return {
    spell: (n) => get(SPELLS, n),
    aura: (n) => get(AURAS, n),
    petAura: (n) => get(PET_AURAS, n),
    resource: (n) => get(RESOURCES, n),
    pet: (n) => get(PETS, n),
    talent: (n) => get(TALENTS, n),
  };
}

/** Symbols that name a test image's own records (spells, auras, resources, pets by name; no talents). */
export function imageSymbols(img: { spells: { name: string }[]; auras: { name: string }[]; resources: { name: string }[]; pets?: { name: string }[] }, extra: Partial<RotationSymbols> = {}): RotationSymbols {
  const find = (arr: { name: string }[], n: string) => {
    const i = arr.findIndex((x) => x.name === n);
    return i < 0 ? undefined : i;
  };
  return {
    spell: (n) => find(img.spells, n),
    aura: (n) => find(img.auras, n),
    petAura: (n) => find(img.auras, n),
    resource: (n) => find(img.resources, n),
    pet: (n) => find(img.pets ?? [], n),
    talent: () => false,
    ...extra,
  };
}
