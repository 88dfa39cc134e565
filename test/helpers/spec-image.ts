// A minimal SpecImage for engine unit tests: 10 s fight, one target without armor, flat stats (no crit,
// haste, mastery or versatility), nothing declared. Tests add exactly what they exercise via `over`.
import type { SpecImage } from "../../src/engine/image.js";

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
