// Encoding step: aura records and their buff effects.
import type { AuraImage, BuffEffect } from "./image.js";
import { E_DMG_MULT_SPELLS_ADD_MASTERY, EFFECT_CODES, OWNER_CODES, REFRESH_CODES, STRIDE } from "./image-layout.js";
import type { ImageWriter } from "./image-writer.js";

export function encodeAuras(w: ImageWriter): void {
  w.auras.forEach((a, i) => encodeAura(w, a, i));
}

function encodeAura(w: ImageWriter, a: AuraImage, i: number): void {
  const { fail, num, bool, arr, code, dmgIdx, listIdx, rec, sec } = w;
  const p = `auras[${i}]`;
  if (a === null || typeof a !== "object") fail(p, "expected an object");
  const effects = arr(a.effects, `${p}.effects`, false);
  const effectsStart = sec.effects.length / STRIDE.effects;
  effects.forEach((e, j) => encodeEffect(w, e, `${p}.effects[${j}]`));
  const period = num(a.tickPeriodMs, `${p}.tickPeriodMs`, { min: 0, def: 0 });
  const residual = bool(a.residual, `${p}.residual`, false);
  if (residual && (period <= 0 || a.tickDamage === undefined)) fail(`${p}.residual`, "a residual aura needs tickPeriodMs > 0 and tickDamage");
  rec("auras", [
    code(OWNER_CODES, a.owner, `${p}.owner`), num(a.durationMs, `${p}.durationMs`, { int: true, min: 0 }),
    num(a.maxStacks, `${p}.maxStacks`, { int: true, min: 1, def: 1 }), code(REFRESH_CODES, a.refresh, `${p}.refresh`, "refresh"),
    effectsStart, effects.length, bool(a.appliesToPets, `${p}.appliesToPets`, false), period,
    bool(a.tickHasted, `${p}.tickHasted`, true), dmgIdx(a.tickDamage, `${p}.tickDamage`), listIdx(a.tickOps, `${p}.tickOps`),
    bool(a.tickOnApplication, `${p}.tickOnApplication`, false), bool(a.tickMayCrit, `${p}.tickMayCrit`, true),
    bool(a.snapshot, `${p}.snapshot`, false), listIdx(a.onExpire, `${p}.onExpire`), residual,
  ]);
}

/** One effect record: type code, then the operands of that type. */
function encodeEffect(w: ImageWriter, e: BuffEffect, ep: string): void {
  const { num, arr, code, spellIdx, rec, poolList } = w;
  const t = code(EFFECT_CODES, e?.type, `${ep}.type`);
  switch (e.type) {
    case "damageMultSchool":
      rec("effects", [t, num(e.value, `${ep}.value`, { min: 0 }), num(e.school, `${ep}.school`, { int: true, min: 1, max: 255 })]);
      break;
    case "damageMultSpells":
    case "damageMultSpellsAdditive":
    case "damageMultSpellsOnce": {
      const list = arr(e.spells, `${ep}.spells`, true).map((s, k) => spellIdx(s, `${ep}.spells[${k}]`, false));
      if (e.type === "damageMultSpellsAdditive" && e.masteryCoef !== undefined) {
        // E_DMG_MULT_SPELLS_ADD_MASTERY (15): the mastery coefficient rides in the pool slot after the spell list
        const mc = num(e.masteryCoef, `${ep}.masteryCoef`, { min: 0 });
        rec("effects", [E_DMG_MULT_SPELLS_ADD_MASTERY, num(e.value, `${ep}.value`, { min: 0 }), poolList([...list, mc]), list.length]);
        break;
      }
      rec("effects", [t, num(e.value, `${ep}.value`, { min: 0 }), poolList(list), list.length]);
      break;
    }
    case "cleave":
      rec("effects", [t, num(e.value, `${ep}.value`, { min: 0 }), num(e.count, `${ep}.count`, { int: true, min: 0 })]);
      break;
    case "damageMultStacking":
      rec("effects", [t, num(e.initial, `${ep}.initial`, { min: 0 }), num(e.perStack, `${ep}.perStack`, { min: 0 })]);
      break;
    case "damageMult":
      rec("effects", [t, num(e.value, `${ep}.value`, { min: 0 })]);
      break;
    default:
      rec("effects", [t, num(e.value, `${ep}.value`)]);
  }
}
