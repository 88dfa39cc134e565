// Resolution of damage blocks and op lists (untaken `if_talent` ops fold away here).
import { MissingSpellData } from "../errors.js";
import { ManifestError } from "./errors.js";
import { Ctx } from "./resolve-context.js";
import type { ResolvedDamage, ResolvedOp } from "./resolved.js";
import type { DamageDecl, Op, PetDecl, TalentAmount } from "./schema.js";

export function resolveDamage(c: Ctx, path: string, ownerId: number, d: DamageDecl): ResolvedDamage {
  let payloadSpell = ownerId;
  let apCoef = c.given(`${path}.ap_coef`, d.ap_coef);
  let spCoef = c.given(`${path}.sp_coef`, d.sp_coef);
  if (d.effect !== undefined) {
    const payload = c.resolver.resolvePayload(ownerId, d.effect);
    if (!payload) throw new MissingSpellData(ownerId, `effects[${d.effect}]`, `${path}: no damage payload behind effect ${d.effect}`);
    payloadSpell = payload.spell_id;
    if (apCoef === undefined && spCoef === undefined && payload.effect.bonus_coefficient_from_ap === 0 && payload.effect.bonus_coefficient > 0) {
      // a spell-power payload (casters): EffectBonusCoefficient is the spell-power coefficient (contract 1)
      spCoef = c.note(`${path}.sp_coef`, payload.effect.bonus_coefficient, "SpellEffect.EffectBonusCoefficient", payload.spell_id);
    }
    if (apCoef === undefined && spCoef === undefined) {
      if (payload.effect.bonus_coefficient_from_ap === 0) {
        throw new MissingSpellData(payload.spell_id, "bonus_coefficient_from_ap", `${path}: the payload effect has no attack-power coefficient`);
      }
      apCoef = c.note(`${path}.ap_coef`, payload.effect.bonus_coefficient_from_ap, "SpellEffect.BonusCoefficientFromAP", payload.spell_id);
    }
  }
  const school = d.school !== undefined ? c.note(`${path}.school`, d.school, "manifest") : c.field(`${path}.school`, payloadSpell, "school_mask");
  if (school === 0) throw new MissingSpellData(payloadSpell, "school_mask", `${path}: school mask 0`);
  const out: ResolvedDamage = { payloadSpell, apCoef: apCoef ?? 0, school, aoe: d.aoe, weapon: d.weapon };
  if (spCoef !== undefined) out.spCoef = spCoef;
  const aoeCap = c.given(`${path}.aoe_cap`, d.aoe_cap);
  if (aoeCap !== undefined) {
    if (!Number.isInteger(aoeCap) || aoeCap < 1) throw new ManifestError("INVALID_MANIFEST", c.file, `${path}.aoe_cap`, `must be a whole number >= 1, got ${aoeCap}`);
    out.aoeCap = aoeCap;
  }
  const critBonus = c.given(`${path}.crit_bonus`, d.crit_bonus);
  if (critBonus !== undefined) out.critBonus = critBonus;
  if (d.crit_chance_scales) out.critChanceScales = true;
  resolveCritHealth(c, path, d, out);
  if (d.pet !== undefined) out.pet = d.pet;
  const et = d.extra_targets;
  if (et !== undefined) {
    // resolved whatever the build (so a wrong reference fails in every build); applied only when taken
    const count = c.given(`${path}.extra_targets.count`, et.count)!;
    const pct = c.given(`${path}.extra_targets.fraction`, et.fraction)! + talentModSum(c, `${path}.extra_targets.fraction_mods`, et.fraction_mods);
    // the engine's rule for extra targets is a chain of one jump (image aoe "chain": the i-th target x fraction^i)
    if (count !== 1) throw new ManifestError("INVALID_MANIFEST", c.file, `${path}.extra_targets.count`, `must resolve to 1 (one extra target at the fraction; more would need a per-target rule the engine lacks), got ${count}`);
    if (c.has(et.if_talent) && pct > 0) out.extraTargets = { count, fraction: pct / 100 };
  }
  return out;
}

/** Sum of the amounts of the taken talents of `mods`, each x its rank (per_rank false: once); resolved whatever the build. */
function talentModSum(c: Ctx, path: string, mods: TalentAmount[] | undefined): number {
  let sum = 0;
  mods?.forEach((d, i) => {
    const amount = c.given(`${path}[${i}].amount`, d.amount)!;
    const rank = d.per_rank === false ? 1 : (c.m.talents.find((t) => t.name === d.if_talent)?.rank ?? 1);
    if (c.has(d.if_talent)) sum += amount * rank;
  });
  return sum;
}

/**
 * `crit_health` rules whose talent is taken: one threshold per side. Two taken rules on the same side
 * would need a choice the data does not make (the wider one? the later one?), so they are an error.
 */
export function resolveCritHealth(c: Ctx, path: string, d: DamageDecl, out: ResolvedDamage): void {
  d.crit_health?.forEach((h, k) => {
    const p = `${path}.crit_health[${k}]`;
    if (!c.has(h.if_talent)) return;
    if (d.pet !== undefined) throw new ManifestError("INVALID_MANIFEST", c.file, p, "a health-gated crit rule is for player damage only");
    const side = h.above !== undefined ? "above" : "below";
    const v = c.given(`${p}.${side}`, h[side])!;
    if (!(v >= 0 && v <= 100)) throw new ManifestError("INVALID_MANIFEST", c.file, `${p}.${side}`, `resolved health threshold ${v} is not a percent in [0, 100]`);
    const key = side === "above" ? "critAboveHealth" : "critBelowHealth";
    if (out[key] !== undefined) throw new ManifestError("INVALID_MANIFEST", c.file, p, `two taken "${side}" rules on one damage entry`);
    out[key] = v;
  });
}

export function resolveOps(c: Ctx, path: string, ops: Op[]): ResolvedOp[] {
  const out: ResolvedOp[] = [];
  ops.forEach((op, i) => {
    const p = `${path}[${i}]`;
    if (!c.has(op.if_talent)) return; // folded: the talent is not taken
    switch (op.op) {
      case "apply_aura":
        out.push({ op: op.op, aura: op.aura, stacks: op.stacks });
        break;
      case "remove_aura":
        out.push(op.stacks !== undefined ? { op: op.op, aura: op.aura, stacks: op.stacks } : { op: op.op, aura: op.aura });
        break;
      case "gain": {
        const g: Extract<ResolvedOp, { op: "gain" }> = { op: op.op, resource: op.resource, amount: c.given(`${p}.amount`, op.amount)! };
        if (op.per_target) g.perTarget = true;
        if (op.percent_of_max) {
          // a percent of the maximum: more than all of it is a data or scale mistake, not a gain
          if (!(g.amount <= 100)) throw new ManifestError("INVALID_MANIFEST", c.file, `${p}.amount`, `percent_of_max: a percent of the maximum must be at most 100, got ${g.amount}`);
          g.ofMax = true;
        }
        out.push(g);
        break;
      }
      case "reduce_cooldown": {
        const r: ResolvedOp = { op: op.op, spell: op.spell, ms: c.given(`${p}.ms`, op.ms)! };
        if (op.if_aura !== undefined) r.if_aura = op.if_aura;
        out.push(r);
        break;
      }
      case "reset_cooldown":
      case "add_charge":
        out.push({ op: op.op, spell: op.spell });
        break;
      case "damage": {
        const r: Extract<ResolvedOp, { op: "damage" }> = op.sp_coef !== undefined
          ? { op: op.op, spell: op.spell, apCoef: 0, spCoef: c.given(`${p}.sp_coef`, op.sp_coef)!, school: op.school }
          : { op: op.op, spell: op.spell, apCoef: c.given(`${p}.ap_coef`, op.ap_coef)!, school: op.school };
        if (op.pet !== undefined) r.pet = op.pet;
        if (op.per_point) r.perPoint = true;
        if (op.mastery_ap_coef !== undefined) r.masteryApCoef = c.given(`${p}.mastery_ap_coef`, op.mastery_ap_coef)!;
        out.push(r);
        break;
      }
      case "stacks_to_resource":
        out.push({ op: op.op, aura: op.aura, resource: op.resource });
        break;
      case "random_auras": {
        const r: ResolvedOp = { op: op.op, auras: [...op.auras], weights: [...op.weights], mode: op.mode };
        if (op.bump_aura !== undefined) r.bumpAura = op.bump_aura;
        out.push(r);
        break;
      }
      case "reduce_cooldown_per_point":
        out.push({ op: op.op, spell: op.spell, ms: c.given(`${p}.ms`, op.ms)! });
        break;
      case "if_aura":
        out.push({ op: op.op, aura: op.aura, minStacks: op.min_stacks, ops: resolveOps(c, `${p}.ops`, op.ops) });
        break;
      case "if_no_aura":
        out.push({ op: op.op, aura: op.aura, ops: resolveOps(c, `${p}.ops`, op.ops) });
        break;
      case "consume_pets":
        out.push({ op: op.op, pet: op.pet, max: op.max, ops: resolveOps(c, `${p}.ops`, op.ops) });
        break;
      case "bank_damage":
        out.push({ op: op.op, aura: op.aura, fraction: c.given(`${p}.fraction`, op.fraction)!, masteryScaled: op.mastery_scaled, apply: op.apply !== false });
        break;
      case "spread_bank": {
        const share = c.given(`${p}.share`, op.share)! + talentModSum(c, `${p}.share_mods`, op.share_mods);
        const count = c.given(`${p}.count`, op.count)! + talentModSum(c, `${p}.count_mods`, op.count_mods);
        if (!Number.isInteger(count) || count < 0) throw new ManifestError("INVALID_MANIFEST", c.file, `${p}.count`, `the enemies reached (count plus its taken mods) must be a whole number >= 0, got ${count}`);
        out.push({ op: op.op, aura: op.aura, share, count });
        break;
      }
      case "damage_per_stack": {
        const r: Extract<ResolvedOp, { op: "damage_per_stack" }> = {
          op: op.op, spell: op.spell, apCoef: op.sp_coef !== undefined ? 0 : c.given(`${p}.ap_coef`, op.ap_coef)!, school: op.school,
          maxStacks: c.given(`${p}.max_stacks`, op.max_stacks)!, critMult: 1,
        };
        if (op.sp_coef !== undefined) r.spCoef = c.given(`${p}.sp_coef`, op.sp_coef)!;
        if (op.aura !== undefined) r.aura = op.aura;
        op.crit_mods?.forEach((x, k) => {
          const f = c.given(`${p}.crit_mods[${k}].factor`, x.factor)!;
          if (c.has(x.if_talent)) r.critMult *= f;
        });
        out.push(r);
        break;
      }
      case "summon_pet": {
        const pet = c.m.pets.find((x) => x.name === op.pet)!;
        let durationMs = c.given(`${p}.duration_ms`, op.duration_ms);
        if (durationMs === undefined) durationMs = petDuration(c, `${p}.duration_ms`, pet);
        out.push({ op: op.op, pet: op.pet, durationMs });
        break;
      }
    }
  });
  return out;
}

export function petDuration(c: Ctx, path: string, pet: PetDecl): number {
  if (pet.permanent) return 0;
  const given = c.given(path, pet.duration_ms);
  if (given !== undefined) return given;
  const d = c.field(path, pet.spell!, "duration");
  if (d <= 0) throw new MissingSpellData(pet.spell!, "duration", `${path}: pet "${pet.name}" needs a positive duration`);
  return d;
}
