// Resolution of auras (duration, stacks, ticks, buff effects) and procs.
import { MissingSpellData } from "../errors.js";
import { ManifestError } from "./errors.js";
import { Ctx, wholeCount } from "./resolve-context.js";
import { resolveDamage, resolveOps } from "./resolve-ops.js";
import type { ResolvedAura, ResolvedBuffEffect, ResolvedProc } from "./resolved.js";
import type { AuraDecl, BuffEffectDecl, ProcDecl } from "./schema.js";

export function resolveBuffEffect(c: Ctx, path: string, auraId: number, e: BuffEffectDecl): ResolvedBuffEffect {
  let value = c.given(`${path}.value`, e.value);
  if (value === undefined) {
    let bp = c.note(`${path}.value`, c.effect(auraId, e.effect!, path).base_points, "SpellEffect.EffectBasePointsF", auraId);
    // talents adding to the effect's points (resolved whatever the build, added only when taken)
    e.points_mods?.forEach((d, i) => {
      const amount = c.given(`${path}.points_mods[${i}].amount`, d.amount)!;
      const rank = d.per_rank === false ? 1 : (c.m.talents.find((t) => t.name === d.if_talent)?.rank ?? 1);
      if (c.has(d.if_talent)) bp += amount * rank;
    });
    // Data holds percents; damage multipliers are factors (25 → 1.25), stats stay percent points.
    value = e.type.startsWith("damage_mult") || e.type === "pet_damage_mult" || e.type === "pet_attack_speed" ? 1 + bp / 100
      : e.type === "cleave" ? bp / 100 : bp;
  }
  const out: ResolvedBuffEffect = { type: e.type, value };
  if (e.school !== undefined) out.school = e.school;
  if (e.spells) out.spells = e.spells;
  if (e.auras) out.auras = e.auras;
  if (e.ops) out.ops = e.ops;
  if (e.additive) out.additive = true;
  if (e.mastery_coef !== undefined) out.masteryCoef = c.given(`${path}.mastery_coef`, e.mastery_coef)!;
  if (e.per_stack === false) out.perStack = false;
  if (e.count !== undefined) out.count = wholeCount(c, c.given(`${path}.count`, e.count)!, `${path}.count`);
  return out;
}

export function resolveAura(c: Ctx, a: AuraDecl): ResolvedAura {
  const base = `auras.${a.name}`;
  if (a.unavailable !== undefined) {
    // no data record: an aura nothing can apply, so the rotation's buff.X reads "down"
    return {
      name: a.name, id: a.id, active: false, target: "player", durationMs: 0, maxStacks: 1, refresh: "duration", tickPeriodMs: 0,
      tickHasted: false, tickMayCrit: false, effects: [], appliesToPets: false, snapshot: false, onTick: [], onExpire: [], atPull: false,
    };
  }
  const rec = c.resolver.requireRecord(a.id);
  let durationMs = c.given(`${base}.duration_ms`, a.duration_ms) ?? c.field(`${base}.duration_ms`, a.id, "duration");
  // SpellDuration -1 (the dump's `Duration : Aura (infinite)`, Stealth): lasts until removed, the engine's 0
  if (durationMs < 0) durationMs = 0;
  // talent-given extra duration (resolved whatever the build, added only when the talent is taken)
  a.duration_mods?.forEach((d, i) => {
    const ms = c.given(`${base}.duration_mods[${i}].ms`, d.ms)!;
    if (c.has(d.if_talent)) durationMs += ms;
  });
  let maxStacks = 1;
  if (a.stacking) {
    const given = c.given(`${base}.max_stacks`, a.max_stacks);
    maxStacks = given !== undefined ? wholeCount(c, given, `${base}.max_stacks`) : c.field(`${base}.max_stacks`, a.id, "max_stacks");
    if (maxStacks < 1) throw new MissingSpellData(a.id, "max_stacks", `${base}: declared stacking but the data says it does not stack`);
    // talent-given extra stacks (resolved whatever the build, added once only when the talent is taken:
    // a "Spell Max Stacks" flat modifier such as Fan the Hammer's #2 does not grow with the rank)
    a.max_stacks_mods?.forEach((d, i) => {
      const add = wholeCount(c, c.given(`${base}.max_stacks_mods[${i}].amount`, d.amount)!, `${base}.max_stacks_mods[${i}].amount`);
      if (c.has(d.if_talent)) maxStacks += add;
    });
  }
  const periodic = a.tick_damage !== undefined || a.tick_gain !== undefined || a.on_tick.length > 0 || a.residual;
  let tickPeriodMs = 0;
  if (periodic) {
    tickPeriodMs = c.given(`${base}.tick_period_ms`, a.tick_period_ms) ?? c.field(`${base}.tick_period_ms`, a.id, "tick_period_ms");
    if (tickPeriodMs <= 0) throw new MissingSpellData(a.id, "tick_period_ms", `${base}: periodic aura without a tick period`);
  }
  const out: ResolvedAura = {
    name: a.name, id: a.id, active: c.has(a.talent), target: a.target, durationMs, maxStacks, refresh: a.refresh, tickPeriodMs,
    tickHasted: a.hasted_ticks ?? rec.hasted_ticks,
    tickMayCrit: a.tick_may_crit ?? rec.tick_may_crit,
    effects: a.effects.map((e, i) => resolveBuffEffect(c, `${base}.effects[${i}]`, a.id, e)),
    appliesToPets: a.applies_to_pets,
    snapshot: a.snapshot,
    onTick: resolveOps(c, `${base}.on_tick`, a.on_tick),
    onExpire: resolveOps(c, `${base}.on_expire`, a.on_expire),
    atPull: a.at_pull,
  };
  if (a.at_combat_start === true) out.atCombatStart = true;
  if (a.mirror_hits !== undefined) out.mirrorHits = c.given(`${base}.mirror_hits`, a.mirror_hits)!;
  if (a.tick_damage) out.tickDamage = resolveDamage(c, `${base}.tick_damage`, a.id, a.tick_damage);
  if (a.residual) {
    const school = c.field(`${base}.residual.school`, a.id, "school_mask");
    if (school === 0) throw new MissingSpellData(a.id, "school_mask", `${base}: residual aura with school mask 0`);
    out.residual = { school };
  }
  if (a.tick_gain) out.tickGain = { resource: a.tick_gain.resource, amount: c.given(`${base}.tick_gain.amount`, a.tick_gain.amount)! };
  return out;
}

export function resolveProc(c: Ctx, p: ProcDecl): ResolvedProc {
  const base = `procs.${p.name}`;
  let chance = 0;
  let rppm = 0;
  if (p.trigger === "rppm") {
    rppm = p.rppm !== undefined ? c.note(`${base}.rppm`, p.rppm, "manifest") : c.field(`${base}.rppm`, p.id, "rppm_base_rate");
    if (rppm <= 0) throw new MissingSpellData(p.id, "rppm_base_rate", `${base}: RPPM proc without a rate`);
  } else {
    const given = c.given(`${base}.chance`, p.chance);
    if (given !== undefined) chance = given;
    else chance = c.field(`${base}.chance`, p.id, "proc_chance") / 100;
    if (!(chance >= 0 && chance <= 1)) throw new ManifestError("INVALID_MANIFEST", c.file, `${base}.chance`, `resolved chance ${chance} is outside [0, 1]`);
  }
  return {
    name: p.name, id: p.id, trigger: p.trigger, chance, rppm, rppmHasteScales: p.rppm_haste_scales, spells: p.spells, auras: p.auras,
    critOnly: p.crit_only, nonCritOnly: p.non_crit_only, periodicOnly: p.periodic_only, skipPeriodic: p.skip_periodic, ops: resolveOps(c, `${base}.ops`, p.ops),
  };
}
