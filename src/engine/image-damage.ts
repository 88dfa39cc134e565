// Encoding steps for who deals damage with which entry: damage entries, their player-only crit
// rules, the player's auto attack and the pets.
import { AOE_CODES, KIND_CODES } from "./image-layout.js";
import type { ImageWriter } from "./image-writer.js";

export function encodeDamage(w: ImageWriter): void {
  const { num, bool, code, idx, spellIdx, rec } = w;
  w.damage.forEach((d, i) => {
    const p = `damage[${i}]`;
    rec("damage", [
      spellIdx(d.spell, `${p}.spell`, false), code(KIND_CODES, d.kind, `${p}.kind`), num(d.base, `${p}.base`),
      num(d.coefficient, `${p}.coefficient`), num(d.weaponMultiplier, `${p}.weaponMultiplier`, { min: 0, def: 0 }),
      num(d.school, `${p}.school`, { int: true, min: 1, max: 255 }), code(AOE_CODES, d.aoe, `${p}.aoe`, "single"),
      num(d.maxTargets, `${p}.maxTargets`, { int: true, min: 0, def: 0 }),
      num(d.aoeParam, `${p}.aoeParam`, { min: 0, def: d.aoe === "chain" ? 1 : d.aoe === "sqrt" ? 5 : 0 }),
      idx(d.pet, w.pets.length, `${p}.pet`, "pet"), bool(d.canCrit, `${p}.canCrit`, true),
      num(d.critBonus, `${p}.critBonus`, { min: 0, def: 0 }),
    ]);
  });
}

/** The header's flat lists of per-entry crit rules; each applies to player damage only. */
export interface CritRules {
  /** Health-gated crit (header 61/62): entry, above (100 = none), below (0 = none). */
  healthCrit: number[];
  /** Crit-chance multipliers (header 83/84): entry, factor. */
  critMult: number[];
  /** Crit-scaled entries (header 99/100): damage entry indices. */
  critScaled: number[];
}

export function damageCritRules(w: ImageWriter): CritRules {
  const { fail, num, bool } = w;
  const healthCrit: number[] = [];
  w.damage.forEach((d, i) => {
    const p = `damage[${i}]`;
    if (d.critAboveHealth === undefined && d.critBelowHealth === undefined) return;
    if (d.pet !== undefined && d.pet !== -1) fail(`${p}.pet`, "a health-gated crit rule is for player damage only");
    healthCrit.push(
      i,
      num(d.critAboveHealth, `${p}.critAboveHealth`, { min: 0, max: 100, def: 100 }),
      num(d.critBelowHealth, `${p}.critBelowHealth`, { min: 0, max: 100, def: 0 }),
    );
  });
  const critMult: number[] = [];
  w.damage.forEach((d, i) => {
    const p = `damage[${i}]`;
    if (d.critMult === undefined) return;
    if (d.pet !== undefined && d.pet !== -1) fail(`${p}.pet`, "a crit-chance multiplier is for player damage only");
    critMult.push(i, num(d.critMult, `${p}.critMult`, { min: 0 }));
  });
  const critScaled: number[] = [];
  w.damage.forEach((d, i) => {
    if (!bool(d.critChanceScales, `damage[${i}].critChanceScales`, false)) return;
    if (d.pet !== undefined && d.pet !== -1) fail(`damage[${i}].pet`, "a crit-scaled hit is for player damage only");
    critScaled.push(i);
  });
  return { healthCrit, critMult, critScaled };
}

/** Pet records; returns the timed pet groups (timed-pets.ts): pet index, cast budget pairs. */
export function encodePets(w: ImageWriter): number[] {
  const { fail, num, bool, dmgIdx, rec } = w;
  const timedPets: number[] = [];
  w.pets.forEach((pt, i) => {
    const p = `pets[${i}]`;
    const melee = dmgIdx(pt.melee, `${p}.melee`, false);
    if (w.damage[melee]!.pet !== i) fail(`${p}.melee`, `damage[${melee}].pet must be ${i} (pet melee is pet damage)`);
    rec("pets", [melee, num(pt.swingMs, `${p}.swingMs`, { min: 1 }), bool(pt.startsActive, `${p}.startsActive`, false)]);
    if (pt.timedCasts !== undefined) {
      if (pt.startsActive) fail(`${p}.timedCasts`, "a timed pet group cannot be active at t = 0");
      timedPets.push(i, num(pt.timedCasts, `${p}.timedCasts`, { int: true, min: 0 }));
    }
  });
  return timedPets;
}

/** The player's auto attack: header 17-20 (damage entry, swing, weapon range) and 60 (off-hand entry + 1, 0 = none). */
export function encodeAutoAttack(w: ImageWriter): { mainHand: number[]; offHand: number } {
  const { fail, num, dmgIdx } = w;
  const aa = w.image.autoAttack;
  let mainHand = [-1, 0, 0, 0];
  if (aa !== undefined) {
    const wmin = num(aa.weaponMin, "autoAttack.weaponMin", { min: 0 });
    const wmax = num(aa.weaponMax, "autoAttack.weaponMax", { min: wmin });
    const d = dmgIdx(aa.damage, "autoAttack.damage", false);
    if (w.damage[d]!.pet !== undefined && w.damage[d]!.pet !== -1) fail("autoAttack.damage", "the player auto attack cannot be pet damage");
    mainHand = [d, num(aa.swingMs, "autoAttack.swingMs", { min: 1 }), wmin, wmax];
  }
  let offHand = 0;
  if (aa !== undefined && aa.offHandDamage !== undefined) {
    const d = dmgIdx(aa.offHandDamage, "autoAttack.offHandDamage", false);
    if (w.damage[d]!.pet !== undefined && w.damage[d]!.pet !== -1) fail("autoAttack.offHandDamage", "the player auto attack cannot be pet damage");
    offHand = d + 1;
  }
  return { mainHand, offHand };
}
