// A minimal SpecImage for engine unit tests: 10 s fight, one target without armor, flat stats (no crit,
// haste, mastery or versatility), nothing declared. Tests add exactly what they exercise via `over`.
import type { SpecImage, SpellImage } from "../../src/engine/image.js";

export function testImage(name: string, over: Partial<SpecImage> = {}): SpecImage {
  return {
    name,
    run: { durationMs: 10_000, targets: 1, targetArmor: 0, armorK: 1000 },
    stats: { attackPower: 1000, spellPower: 1000, crit: 0, haste: 0, mastery: 0, versatility: 0 },
    mastery: { kind: "none", coefficient: 0 },
    resources: [],
    spells: [],
    auras: [],
    damage: [],
    opLists: [],
    rotation: { kind: "priority", entries: [] },
    ...over,
  };
}

/** An instant spell on the ordinary GCD (start-recovery category 133, 1.5 s). */
export const gcdSpell = (name: string, extra: Partial<SpellImage> = {}): SpellImage => ({
  id: 1, name, castMs: 0, startRecoveryCategory: 133, startRecoveryMs: 1500, ...extra,
});

/**
 * Spells a and b share a 2-charge pool (8 s recharge); "cdr" (hook 0) reduces a's recharge by 2.5 s,
 * "reset" (12 s cooldown, hook 1) resets b's: the cooldown paths behind the rotation's not-ready-before
 * bounds. Spell indices: a 0, b 1, cdr 2, reset 3.
 */
export function sharedPoolImage(name: string): SpecImage {
  return testImage(name, {
    spells: [
      gcdSpell("a", { chargeCategoryId: 7, maxCharges: 2, chargeRecoveryMs: 8000 }),
      gcdSpell("b", { chargeCategoryId: 7, maxCharges: 2, chargeRecoveryMs: 8000 }),
      gcdSpell("cdr", { hook: 0 }),
      gcdSpell("reset", { recoveryMs: 12_000, hook: 1 }),
    ],
    opLists: [[{ op: "reduceCooldown", spell: 0, ms: 2500 }], [{ op: "resetCooldown", spell: 1 }]],
  });
}
