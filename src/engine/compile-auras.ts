// compileSpec step for auras: records, periodic ticks (their `<aura>_tick` pseudo-spells), residual
// damage, and the buff effects (one small mapper per manifest effect type).
import type { ResolvedAura } from "../manifest/resolve.js";
import type { SpecBuilder } from "./compile-builder.js";
import { CompileError } from "./compile-error.js";
import type { AuraImage, BuffEffect } from "./image.js";

/**
 * Appends every aura. Effects that name auras' ticks or damage ops need every tick and op pseudo-spell
 * to exist: those are returned as fills to run after the procs (the last step adding pseudo-spells).
 */
export function compileAuras(b: SpecBuilder): (() => void)[] {
  const deferredEffects: (() => void)[] = [];
  for (const a of b.spec.auras) {
    const deferred = a.effects.some((e) => e.auras?.length || e.ops?.length);
    const img: AuraImage = {
      name: a.name,
      owner: a.target,
      durationMs: a.durationMs,
      maxStacks: a.maxStacks,
      refresh: a.refresh === "duration" ? "refresh" : a.refresh,
      effects: deferred ? [] : buffEffects(b, a),
      appliesToPets: a.appliesToPets,
      tickMayCrit: a.tickMayCrit,
      snapshot: a.snapshot,
    };
    if (a.tickPeriodMs > 0) compileTicks(b, a, img);
    if (a.residual) {
      // residual (Ignite): ticks deal the banked damage; the entry only attributes it ("<aura>_tick")
      img.residual = true;
      img.tickPeriodMs = a.tickPeriodMs;
      img.tickHasted = a.tickHasted;
      img.tickDamage = b.damage.push({ spell: b.pseudoSpell(`${a.name}_tick`, a.id), kind: "flat", base: 0, coefficient: 0, school: a.residual.school, canCrit: false }) - 1;
    }
    if (a.onExpire.length) img.onExpire = b.addOps(a.onExpire);
    if (deferred) deferredEffects.push(() => { img.effects = buffEffects(b, a); });
    b.auras.push(img);
  }
  return deferredEffects;
}

function compileTicks(b: SpecBuilder, a: ResolvedAura, img: AuraImage): void {
  img.tickPeriodMs = a.tickPeriodMs;
  img.tickHasted = a.tickHasted;
  const tickOps = b.compileOps(a.onTick);
  if (a.tickGain) tickOps.unshift({ op: "gainResource", resource: b.resIdx.get(a.tickGain.resource)!, amount: a.tickGain.amount });
  if (tickOps.length) img.tickOps = b.addList(tickOps);
  if (a.tickDamage) {
    const tickSpell = b.pseudoSpell(`${a.name}_tick`, a.id);
    b.auraTickSpells.set(a.name, tickSpell);
    img.tickDamage = b.addDamage(tickSpell, a.tickDamage);
  }
}

type Effect = ResolvedAura["effects"][number];
type EffectMapper = (b: SpecBuilder, a: ResolvedAura, e: Effect) => BuffEffect;

function buffEffects(b: SpecBuilder, a: ResolvedAura): BuffEffect[] {
  return a.effects.map((e) => EFFECT_MAPPERS[e.type](b, a, e));
}

/** Named spells, the tick pseudo-spells of named auras and the pseudo-spells of damage ops (by id). */
const damageMultSpells: EffectMapper = (b, a, e) => {
  const list = (e.spells ?? []).map((n) => b.spellIdx.get(n)!);
  for (const n of e.auras ?? []) {
    const t = b.auraTickSpells.get(n);
    if (t === undefined) throw new CompileError(`aura "${a.name}": damage_mult_spells names aura "${n}", which deals no tick damage`);
    list.push(t);
  }
  for (const id of e.ops ?? []) {
    const t = b.damageOpSpells.get(id);
    if (t === undefined) throw new CompileError(`aura "${a.name}": damage_mult_spells names op ${id}, which no damage op deals`);
    list.push(t);
  }
  if (e.additive && e.masteryCoef !== undefined) return { type: "damageMultSpellsAdditive", value: e.value, spells: list, masteryCoef: e.masteryCoef };
  return { type: e.additive ? "damageMultSpellsAdditive" : e.perStack === false ? "damageMultSpellsOnce" : "damageMultSpells", value: e.value, spells: list };
};

const EFFECT_MAPPERS: Record<Effect["type"], EffectMapper> = {
  haste: (_b, _a, e) => ({ type: "haste", value: e.value }),
  crit: (_b, _a, e) => ({ type: "crit", value: e.value }),
  mastery: (_b, _a, e) => ({ type: "mastery", value: e.value }),
  versatility: (_b, _a, e) => ({ type: "versatility", value: e.value }),
  primary_stat: (_b, _a, e) => ({ type: "primaryStat", value: e.value }),
  // "Modify Total Stat%" (Arcane Intellect): percent of the character's primary stat, which the engine
  // holds as spell power (intellect) or attack power (agility / strength); exact while nothing else
  // scales the primary stat during the fight
  primary_stat_pct: (b, _a, e) => ({ type: "primaryStat", value: (e.value / 100) * (b.spec.primaryStat === "intellect" ? b.stats.spellPower : b.stats.attackPower) }),
  damage_mult: (_b, _a, e) => ({ type: "damageMult", value: e.value }),
  pet_damage_mult: (_b, _a, e) => ({ type: "damageMult", value: e.value }),
  damage_mult_school: (_b, _a, e) => ({ type: "damageMultSchool", value: e.value, school: e.school! }),
  damage_mult_spells: damageMultSpells,
  cleave: (_b, _a, e) => ({ type: "cleave", value: e.value, count: e.count! }),
  attack_speed: (_b, _a, e) => ({ type: "attackSpeed", value: e.value }),
  pet_attack_speed: (b, a, e) => {
    // pet auras sit on "the (main) pet" (engine): the first declared pet's attacks
    const main = b.spec.pets[0];
    if (!main) throw new CompileError(`aura "${a.name}": pet_attack_speed needs a pet`);
    return { type: "damageMultSpells", value: e.value, spells: b.petAttackSpells.get(main.name)! };
  },
};
