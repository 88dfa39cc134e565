// The image under construction in one compileSpec call: the growing spell / damage / op-list arrays,
// the name → index maps the steps share, and the helpers that append to them. The steps run in the
// order of the index layout (src/engine/compile.ts), so append order is part of the result.
import type { ResolvedDamage, ResolvedOp, ResolvedSpec } from "../manifest/resolve.js";
import type { CombatStats } from "../stats/combat-stats.js";
import { compileOps } from "./compile-ops.js";
import { foldMasteryResource, masteryPoints } from "./mastery-resources.js";
import type { AuraImage, DamageEntry, Op, PetImage, SpellImage } from "./image.js";

export class SpecBuilder {
  readonly spells: SpellImage[] = [];
  readonly damage: DamageEntry[] = [];
  readonly opLists: Op[][] = [];
  readonly auras: AuraImage[] = [];
  readonly pets: PetImage[] = [];
  readonly spellIdx = new Map<string, number>();
  readonly auraIdx: Map<string, number>;
  readonly resIdx: Map<string, number>;
  /** pet name → its PetImage indices (one per attack). */
  readonly petImages = new Map<string, number[]>();
  /** pet name → spell indices of its attack pseudo-spells. */
  readonly petAttackSpells = new Map<string, number[]>();
  /** aura name → the pseudo spell its tick damage is reported as (`<aura>_tick`): proc filters and effects name auras. */
  readonly auraTickSpells = new Map<string, number>();
  /** payload spell id → the spell its damage ops are reported as (see damageOpSpell). */
  readonly damageOpSpells = new Map<number, number>();

  constructor(readonly spec: ResolvedSpec, readonly stats: CombatStats) {
    this.auraIdx = new Map(spec.auras.map((a, i) => [a.name, i]));
    this.resIdx = new Map(spec.resources.map((r, i) => [r.name, i]));
  }

  /** Resource `name`'s maximum as the image runs with it (the mastery fold included): the base of percent-of-maximum gains. */
  resourceMax(name: string): number {
    const r = this.spec.resources.find((x) => x.name === name)!;
    return foldMasteryResource(this.spec, r, masteryPoints(this.spec, this.stats)).max;
  }

  /** A non-castable spell that only attributes damage (auto attack, pet attacks, ticks, damage ops). */
  pseudoSpell(name: string, id: number): number {
    this.spells.push({ id, name, castMs: 0, startRecoveryCategory: 0, startRecoveryMs: 0 });
    return this.spells.length - 1;
  }

  /** The pet ap_ratio of `name` (1 for player damage). */
  petRatio(name: string | undefined): number {
    return name === undefined ? 1 : this.spec.pets.find((p) => p.name === name)!.apRatio;
  }

  firstPetImage(name: string): number {
    return this.petImages.get(name)![0]!;
  }

  addDamage(spell: number, d: ResolvedDamage): number {
    // Passive multipliers fold into the coefficient: the hit is coefficient × power × the run-time factors.
    const mult = d.mult ?? 1;
    const aoe: DamageEntry["aoe"] = d.aoe === "single" ? "single" : d.aoe;
    const e: DamageEntry = d.spCoef !== undefined
      ? { spell, kind: "sp", base: 0, coefficient: d.spCoef * mult, school: d.school, aoe }
      : { spell, kind: "ap", base: 0, coefficient: d.apCoef * this.petRatio(d.pet) * mult, school: d.school, aoe };
    if (d.critBonus !== undefined && d.critBonus > 0) e.critBonus = d.critBonus;
    if (d.aoeCap !== undefined) e.aoeParam = d.aoeCap;
    if (d.extraTargets !== undefined) {
      // one extra target at a share of the hit: the engine's chain rule with one jump (1, fraction)
      e.aoe = "chain";
      e.maxTargets = 1 + d.extraTargets.count;
      e.aoeParam = d.extraTargets.fraction;
    }
    if (d.critChanceScales) e.critChanceScales = true;
    if (d.critAboveHealth !== undefined) e.critAboveHealth = d.critAboveHealth;
    if (d.critBelowHealth !== undefined) e.critBelowHealth = d.critBelowHealth;
    if (d.critMult !== undefined && d.critMult !== 1) e.critMult = d.critMult;
    if (d.pet !== undefined) e.pet = this.firstPetImage(d.pet);
    if (d.weapon) e.weaponMultiplier = 1;
    this.damage.push(e);
    return this.damage.length - 1;
  }

  /**
   * A damage op is reported as the castable spell with its id when that spell deals no damage of its own
   * (Malefic Rapture's per-DoT hits), else as one pseudo spell `damage_<id>` shared by all ops of that id.
   */
  damageOpSpell(id: number): number {
    let si = this.damageOpSpells.get(id);
    if (si === undefined) {
      const owner = this.spec.spells.find((s) => s.id === id && !s.damage && !s.channel?.tickDamage);
      si = owner ? this.spellIdx.get(owner.name)! : this.pseudoSpell(`damage_${id}`, id);
      this.damageOpSpells.set(id, si);
    }
    return si;
  }

  addList(ops: Op[]): number {
    this.opLists.push(ops);
    return this.opLists.length - 1;
  }

  compileOps(list: readonly ResolvedOp[]): Op[] {
    return compileOps(this, list);
  }

  /** compileOps(list) as a new op list; returns its index. */
  addOps(list: readonly ResolvedOp[]): number {
    return this.addList(this.compileOps(list));
  }
}
