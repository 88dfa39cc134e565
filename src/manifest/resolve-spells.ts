// Resolution of spells: cast, cooldown, charges, costs, channel, finisher, talent modifiers.
import { MissingSpellData } from "../errors.js";
import { ManifestError } from "./errors.js";
import { Ctx, channelTicks, FIELD_SOURCE } from "./resolve-context.js";
import { resolveDamage, resolveOps } from "./resolve-ops.js";
import type { ResolvedSpell } from "./resolved.js";
import type { SpellDecl } from "./schema.js";

export function resolveSpell(c: Ctx, s: SpellDecl): ResolvedSpell {
  const base = `spells.${s.name}`;
  if (s.unavailable !== undefined) {
    // no data record: a never-castable placeholder the rotation can name (like an untaken talent's spell)
    return {
      name: s.name, id: s.id, active: false, castMs: 0, startRecoveryCategory: 0, startRecoveryMs: 0, recoveryMs: 0, categoryId: 0,
      categoryRecoveryMs: 0, chargeCategoryId: 0, maxCharges: 0, chargeRecoveryMs: 0, cost: 0, gain: 0, onCast: [], castTimeMods: [],
    };
  }
  const active = c.has(s.talent);
  // A spell whose talent is not taken must still exist in the data (its name may appear in the
  // rotation), but its numbers are not needed: resolve them anyway so a broken manifest fails early.
  const rec = c.resolver.requireRecord(s.id);
  const castMs = c.given(`${base}.cast_time_ms`, s.cast_time_ms) ?? c.field(`${base}.cast_time_ms`, s.id, "cast_time");

  let startRecoveryCategory: number;
  let startRecoveryMs: number;
  const gcd = c.given(`${base}.gcd_ms`, s.gcd_ms);
  if (s.off_gcd) {
    startRecoveryCategory = 0;
    startRecoveryMs = 0;
  } else if (gcd !== undefined) {
    startRecoveryCategory = gcd > 0 ? 133 : 0;
    startRecoveryMs = gcd;
  } else {
    startRecoveryCategory = c.field(`${base}.start_recovery_category`, s.id, "start_recovery_category");
    startRecoveryMs = c.field(`${base}.gcd_ms`, s.id, "start_recovery_time");
  }

  let recoveryMs: number;
  let categoryId = 0;
  let categoryRecoveryMs = 0;
  const cd = c.given(`${base}.cooldown_ms`, s.cooldown_ms);
  if (cd !== undefined) {
    recoveryMs = cd;
  } else {
    recoveryMs = c.field(`${base}.cooldown_ms`, s.id, "recovery_time");
    categoryId = c.field(`${base}.category_id`, s.id, "category_id");
    categoryRecoveryMs = c.field(`${base}.category_recovery_ms`, s.id, "category_recovery_time");
  }

  let maxCharges: number;
  let chargeRecoveryMs: number;
  let chargeCategoryId = 0;
  if (s.charges !== undefined) {
    maxCharges = c.note(`${base}.charges`, s.charges, "manifest");
    chargeRecoveryMs = c.given(`${base}.charge_cooldown_ms`, s.charge_cooldown_ms) ?? (maxCharges > 0 ? c.field(`${base}.charge_cooldown_ms`, s.id, "charge_recovery_time") : 0);
    chargeCategoryId = maxCharges > 0 && rec.charge_category_id > 0 ? rec.charge_category_id : 0;
  } else {
    chargeCategoryId = c.field(`${base}.charge_category_id`, s.id, "charge_category_id");
    maxCharges = chargeCategoryId > 0 ? c.field(`${base}.charges`, s.id, "max_charges") : 0;
    chargeRecoveryMs = c.given(`${base}.charge_cooldown_ms`, s.charge_cooldown_ms) ?? (chargeCategoryId > 0 ? c.field(`${base}.charge_cooldown_ms`, s.id, "charge_recovery_time") : 0);
  }
  ({ recoveryMs, maxCharges, chargeRecoveryMs } = applyTalentMods(c, s, { recoveryMs, maxCharges, chargeRecoveryMs }));
  if (maxCharges > 0 && chargeRecoveryMs <= 0) throw new MissingSpellData(s.id, "charge_recovery_time", `${base}: ${maxCharges} charge(s) without a recharge time`);

  const resourceName = s.resource ?? c.m.resources[0]!.name;
  const resource = c.m.resources.find((r) => r.name === resourceName)!;
  let cost = c.given(`${base}.cost`, s.cost);
  if (cost === undefined) {
    const entry = rec.power_costs.find((p) => p.power_type === resource.power_type && p.required_aura_spell_id === 0);
    if (entry && entry.cost === 0 && entry.cost_pct > 0) {
      // mana costs are a percent of base mana (SpellPower.PowerCostPct), the resource's max here
      const max = c.resourceMax.get(resourceName);
      if (max === undefined || max <= 0) throw new MissingSpellData(s.id, "power_costs", `${base}.cost: PowerCostPct ${entry.cost_pct} needs resources.${resourceName}.max`);
      cost = c.note(`${base}.cost`, (entry.cost_pct / 100) * max, "SpellPower.PowerCostPct", s.id);
    } else cost = entry ? c.note(`${base}.cost`, entry.cost, FIELD_SOURCE.power_costs!, s.id) : 0;
  }
  const gain = c.given(`${base}.gain`, s.gain) ?? 0;

  const out: ResolvedSpell = {
    name: s.name, id: s.id, active, castMs, startRecoveryCategory, startRecoveryMs, recoveryMs, categoryId, categoryRecoveryMs,
    chargeCategoryId, maxCharges, chargeRecoveryMs, cost, gain, onCast: active ? resolveOps(c, `${base}.on_cast`, s.on_cast) : [],
    castTimeMods: (s.cast_time_mods ?? []).map((m, i) => ({ aura: m.aura, factor: c.given(`${base}.cast_time_mods[${i}].factor`, m.factor)! })),
  };
  if (cost > 0 || gain > 0) out.resource = resourceName;
  if (s.cost_aura !== undefined) out.costAura = s.cost_aura;
  if (s.cost_per_stack) out.costPerStack = { aura: s.cost_per_stack.aura, perStack: c.given(`${base}.cost_per_stack.percent`, s.cost_per_stack.percent)! / 100 };
  if (s.damage) out.damage = resolveDamage(c, `${base}.damage`, s.id, s.damage);
  if (s.cost_bypass_aura !== undefined) out.costBypassAura = s.cost_bypass_aura;
  if (s.finisher) {
    // Points: SpellPower row of the points resource: ManaCost = minimum spent, + OptionalCost = maximum.
    const f = s.finisher;
    const fr = c.m.resources.find((r) => r.name === f.resource)!;
    const row = rec.power_costs.find((p) => p.power_type === fr.power_type && p.required_aura_spell_id === 0);
    if (!row) throw new MissingSpellData(s.id, "power_costs", `${base}.finisher: no SpellPower row of power type ${fr.power_type} (${f.resource})`);
    const minPoints = c.note(`${base}.finisher.min_points`, row.cost, FIELD_SOURCE.power_costs!, s.id);
    let maxPoints = c.given(`${base}.finisher.max_points`, f.max_points)
      ?? c.note(`${base}.finisher.max_points`, row.cost + row.optional_cost, "SpellPower.ManaCost + SpellPower.OptionalCost", s.id);
    // talents that raise the most points spent (Sanguine Stratagem: Modify Max Cost +1)
    f.max_points_mods?.forEach((d, i) => {
      const v = c.given(`${base}.finisher.max_points_mods[${i}].amount`, d.amount)!;
      if (c.has(d.if_talent)) maxPoints += v;
    });
    if (!Number.isInteger(maxPoints) || maxPoints < Math.max(1, minPoints)) throw new ManifestError("INVALID_MANIFEST", c.file, `${base}.finisher.max_points`, `resolved max points ${maxPoints} must be an integer >= the minimum ${minPoints}`);
    out.finisher = { resource: f.resource, minPoints, maxPoints, auraMsPerPoint: c.given(`${base}.finisher.aura_ms_per_point`, f.aura_ms_per_point) ?? 0 };
    if (f.aura !== undefined) out.finisher.aura = f.aura;
  }
  if (s.channel) {
    // A declared channel must be one in the data (contract 6: interrupt_channel_0 ≠ 0).
    if (!c.resolver.isChannel(s.id)) throw new MissingSpellData(s.id, "interrupt_channel_0", `${base}.channel: the spell is not a channel in the data`);
    const ch = s.channel;
    const durationMs = c.given(`${base}.channel.duration_ms`, ch.duration_ms) ?? c.field(`${base}.channel.duration_ms`, s.id, "duration");
    if (durationMs <= 0) throw new MissingSpellData(s.id, "duration", `${base}.channel: channel without a duration`);
    const ticks = c.given(`${base}.channel.ticks`, ch.ticks) ?? channelTicks(c, `${base}.channel.ticks`, s.id, durationMs);
    if (!Number.isInteger(ticks) || ticks < 1) throw new ManifestError("INVALID_MANIFEST", c.file, `${base}.channel.ticks`, `resolved tick count ${ticks} is not an integer >= 1`);
    out.channel = { durationMs, ticks, hasted: ch.hasted ?? rec.hasted_ticks };
    if (ch.tick_damage) out.channel.tickDamage = resolveDamage(c, `${base}.channel.tick_damage`, s.id, ch.tick_damage);
    // The data's up-front cost of a channel (Ray of Frost: 2 % base mana, Boomstick: 50 focus) stays the
    // spell's cost: compile pays it once at the start (src/engine/compile.ts), as the game does.
    const tickCost = c.given(`${base}.channel.tick_cost`, ch.tick_cost);
    if (tickCost !== undefined && tickCost > 0) {
      out.channel.tickCost = tickCost;
      out.resource = resourceName;
    }
  }
  return out;
}

/**
 * Taken talents' `modifies` on spell `s`: each amount (data or manifest) × the talent's rank is added to the
 * resolved cooldown / charges / recharge (Kindling: Combustion -30 s per rank; Flame On: Fire Blast +1
 * charge, -2 s recharge). Untaken talents change nothing. A result below 0 is an error, not a clamp.
 */
export function applyTalentMods(c: Ctx, s: SpellDecl, v: { recoveryMs: number; maxCharges: number; chargeRecoveryMs: number }): typeof v {
  const out = { ...v };
  c.m.talents.forEach((t, i) => {
    if (!t.modifies || !c.has(t.name)) return;
    const rank = t.rank ?? 1;
    t.modifies.forEach((mod, k) => {
      if (mod.spell !== s.name) return;
      const p = `talents.${t.name}.modifies[${k}]`;
      const add = (key: "cooldown_ms" | "charges" | "charge_cooldown_ms"): number => (mod[key] === undefined ? 0 : c.given(`${p}.${key}`, mod[key])! * rank);
      out.recoveryMs += add("cooldown_ms");
      out.maxCharges += add("charges");
      out.chargeRecoveryMs += add("charge_cooldown_ms");
      for (const [key, val] of Object.entries(out)) {
        if (!(val >= 0) || (key === "maxCharges" && !Number.isInteger(val))) {
          throw new ManifestError("INVALID_MANIFEST", c.file, `talents[${i}].modifies[${k}]`, `spell "${s.name}": ${key} becomes ${val}`);
        }
      }
    });
  });
  return out;
}
