// Manifest readers for op lists and damage blocks.
import { BOUNDS } from "./bounds.js";
import type { JsonReader } from "./json.js";
import { bounded, nonNeg, numOrRef, optNonNeg, optTalent, setOpt, spellId } from "./read-fields.js";
import type { CritHealthDecl, DamageDecl, ExtraTargetsDecl, Op, TalentAmount } from "./schema.js";

export function readOp(r: JsonReader): Op {
  const kind = r.field("op").oneOf(["apply_aura", "remove_aura", "gain", "reduce_cooldown", "reset_cooldown", "add_charge", "damage", "summon_pet", "bank_damage", "spread_bank", "stacks_to_resource", "if_aura", "if_no_aura", "damage_per_stack", "consume_pets", "random_auras", "reduce_cooldown_per_point"] as const);
  const withTalent = <T extends object>(o: T): T => {
    const t = optTalent(r, "if_talent");
    return t ? { ...o, if_talent: t } : o;
  };
  switch (kind) {
    case "apply_aura":
      r.keys(["op", "aura", "stacks", "if_talent"]);
      return withTalent({ op: kind, aura: r.field("aura").ident(), stacks: r.opt("stacks") ? bounded(r.field("stacks"), BOUNDS.count, { int: true, min: 1 }) : 1 });
    case "remove_aura": {
      r.keys(["op", "aura", "stacks", "if_talent"]);
      const stacksR = r.opt("stacks");
      const stacks = stacksR ? bounded(stacksR, BOUNDS.count, { int: true, min: 1 }) : undefined;
      const op = withTalent({ op: kind, aura: r.field("aura").ident() });
      return stacks !== undefined ? { ...op, stacks } : op;
    }
    case "gain":
      r.keys(["op", "resource", "amount", "per_target", "percent_of_max", "if_talent"]);
      {
        const g: Extract<Op, { op: "gain" }> = withTalent({ op: kind, resource: r.field("resource").ident(), amount: nonNeg(r.field("amount"), BOUNDS.amount) });
        if (r.opt("per_target")?.bool()) g.per_target = true;
        if (r.opt("percent_of_max")?.bool()) g.percent_of_max = true;
        return g;
      }
    case "reduce_cooldown": {
      r.keys(["op", "spell", "ms", "if_talent", "if_aura"]);
      const ifAura = r.opt("if_aura")?.ident();
      const op = withTalent({ op: kind, spell: r.field("spell").ident(), ms: nonNeg(r.field("ms"), BOUNDS.ms) });
      return ifAura ? { ...op, if_aura: ifAura } : op;
    }
    case "reset_cooldown":
    case "add_charge":
      r.keys(["op", "spell", "if_talent"]);
      return withTalent({ op: kind, spell: r.field("spell").ident() });
    case "damage": {
      r.keys(["op", "spell", "ap_coef", "sp_coef", "school", "pet", "per_point", "mastery_ap_coef", "if_talent"]);
      const pet = r.opt("pet")?.ident();
      // exactly one coefficient: attack power (ap_coef) or spell power (sp_coef)
      const sp = r.opt("sp_coef");
      if (sp && r.opt("ap_coef")) sp.error("give ap_coef or sp_coef, not both");
      const op: Extract<Op, { op: "damage" }> = withTalent({
        op: kind,
        spell: spellId(r.field("spell")),
        school: r.field("school").num({ int: true, min: 1 }),
      });
      if (sp) op.sp_coef = nonNeg(sp, BOUNDS.coefficient);
      else op.ap_coef = nonNeg(r.field("ap_coef"), BOUNDS.coefficient);
      if (r.opt("per_point")?.bool()) op.per_point = true;
      const mc = r.opt("mastery_ap_coef");
      if (mc) {
        if (sp) mc.error("mastery_ap_coef adds to ap_coef: not with sp_coef");
        op.mastery_ap_coef = nonNeg(mc, BOUNDS.coefficient);
      }
      return pet ? { ...op, pet } : op;
    }
    case "random_auras": {
      r.keys(["op", "auras", "weights", "mode", "bump_aura", "if_talent"]);
      const auras = r.field("auras").array().map((x) => x.ident());
      if (auras.length === 0 || auras.length > 16) r.field("auras").error(`1 to 16 auras, got ${auras.length}`);
      const wr = r.field("weights");
      const weights = wr.array().map((x) => x.num({ min: 0, max: 1 }));
      if (weights.length !== auras.length) wr.error(`one weight per count 1..${auras.length} (weights[i] = P(i + 1 auras)), got ${weights.length}`);
      const sum = weights.reduce((a, b) => a + b, 0);
      if (Math.abs(sum - 1) > 1e-9) wr.error(`the weights must sum to 1, got ${sum}`);
      const bump = r.opt("bump_aura")?.ident();
      const op = withTalent({ op: kind, auras, weights, mode: r.field("mode").oneOf(["subset", "tiers"] as const) });
      return bump ? { ...op, bump_aura: bump } : op;
    }
    case "reduce_cooldown_per_point":
      r.keys(["op", "spell", "ms", "if_talent"]);
      return withTalent({ op: kind, spell: r.field("spell").ident(), ms: nonNeg(r.field("ms"), BOUNDS.ms) });
    case "if_aura":
      r.keys(["op", "aura", "min_stacks", "ops", "if_talent"]);
      return withTalent({ op: kind, aura: r.field("aura").ident(), min_stacks: r.opt("min_stacks") ? bounded(r.field("min_stacks"), BOUNDS.count, { int: true, min: 1 }) : 1, ops: ops(r.field("ops")) });
    case "if_no_aura":
      r.keys(["op", "aura", "ops", "if_talent"]);
      return withTalent({ op: kind, aura: r.field("aura").ident(), ops: ops(r.field("ops")) });
    case "stacks_to_resource":
      r.keys(["op", "aura", "resource", "if_talent"]);
      return withTalent({ op: kind, aura: r.field("aura").ident(), resource: r.field("resource").ident() });
    case "bank_damage":
      r.keys(["op", "aura", "fraction", "mastery_scaled", "apply", "if_talent"]);
      const bank = withTalent({ op: kind, aura: r.field("aura").ident(), fraction: nonNeg(r.field("fraction"), BOUNDS.coefficient), mastery_scaled: r.opt("mastery_scaled")?.bool() ?? false });
      const apply = r.opt("apply")?.bool();
      return apply === false ? { ...bank, apply } : bank;
    case "spread_bank": {
      r.keys(["op", "aura", "share", "share_mods", "count", "count_mods", "if_talent"]);
      const op: Extract<Op, { op: "spread_bank" }> = withTalent({
        op: kind, aura: r.field("aura").ident(), share: nonNeg(r.field("share"), BOUNDS.coefficient), count: nonNeg(r.field("count"), BOUNDS.count),
      });
      const sm = r.opt("share_mods");
      if (sm) op.share_mods = sm.array().map(readTalentAmount);
      const cm = r.opt("count_mods");
      if (cm) op.count_mods = cm.array().map(readTalentAmount);
      return op;
    }
    case "damage_per_stack": {
      r.keys(["op", "spell", "ap_coef", "sp_coef", "school", "aura", "max_stacks", "crit_mods", "if_talent"]);
      const sp = r.opt("sp_coef");
      if (sp && r.opt("ap_coef")) sp.error("give ap_coef or sp_coef, not both");
      const op: Extract<Op, { op: "damage_per_stack" }> = withTalent({
        op: kind,
        spell: spellId(r.field("spell")),
        school: r.field("school").num({ int: true, min: 1 }),
        max_stacks: nonNeg(r.field("max_stacks"), BOUNDS.count),
      });
      if (sp) op.sp_coef = nonNeg(sp, BOUNDS.coefficient);
      else op.ap_coef = nonNeg(r.field("ap_coef"), BOUNDS.coefficient);
      const aura = r.opt("aura")?.ident();
      if (aura !== undefined) op.aura = aura;
      const cm = r.opt("crit_mods");
      if (cm) op.crit_mods = cm.array().map((y) => {
        y.keys(["if_talent", "factor"]);
        return { if_talent: y.field("if_talent").ident(), factor: nonNeg(y.field("factor"), BOUNDS.coefficient) };
      });
      return op;
    }
    case "consume_pets":
      r.keys(["op", "pet", "max", "ops", "if_talent"]);
      return withTalent({ op: kind, pet: r.field("pet").ident(), max: r.field("max").num({ int: true, min: 1, max: BOUNDS.count.max }), ops: ops(r.field("ops")) });
    case "summon_pet": {
      r.keys(["op", "pet", "duration_ms", "if_talent"]);
      const d = optNonNeg(r, "duration_ms", BOUNDS.ms);
      const op = withTalent({ op: kind, pet: r.field("pet").ident() });
      return d !== undefined ? { ...op, duration_ms: d } : op;
    }
  }
}

export function ops(r: JsonReader | undefined): Op[] {
  return r ? r.array().map(readOp) : [];
}

export function readDamage(r: JsonReader): DamageDecl {
  r.keys(["effect", "ap_coef", "sp_coef", "crit_bonus", "crit_chance_scales", "crit_health", "school", "pet", "aoe", "aoe_cap", "weapon", "extra_targets"]);
  const d: DamageDecl = {
    aoe: r.opt("aoe")?.oneOf(["single", "all", "sqrt", "split"] as const) ?? "single",
    weapon: r.opt("weapon")?.bool() ?? false,
  };
  const effect = r.opt("effect")?.num({ int: true, min: 1 });
  if (effect !== undefined) d.effect = effect;
  const ap = optNonNeg(r, "ap_coef", BOUNDS.coefficient);
  if (ap !== undefined) d.ap_coef = ap;
  const cap = optNonNeg(r, "aoe_cap", BOUNDS.count);
  if (cap !== undefined) {
    if (d.aoe !== "sqrt") r.field("aoe_cap").error("aoe_cap applies to aoe \"sqrt\" only");
    d.aoe_cap = cap;
  }
  const school = r.opt("school")?.num({ int: true, min: 1 });
  if (school !== undefined) d.school = school;
  const pet = r.opt("pet")?.ident();
  if (pet !== undefined) d.pet = pet;
  const sp = optNonNeg(r, "sp_coef", BOUNDS.coefficient);
  if (sp !== undefined) d.sp_coef = sp;
  if (sp !== undefined && ap !== undefined) r.error('"ap_coef" and "sp_coef" exclude each other');
  const cb = optNonNeg(r, "crit_bonus", BOUNDS.critBonus);
  if (cb !== undefined) d.crit_bonus = cb;
  if (r.opt("crit_chance_scales")?.bool()) d.crit_chance_scales = true;
  const ch = r.opt("crit_health");
  if (ch) d.crit_health = ch.array().map(readCritHealth);
  const et = r.opt("extra_targets");
  if (et) {
    if (d.aoe !== "single") et.error(`extra_targets is for a single-target hit, got aoe "${d.aoe}"`);
    if (d.pet !== undefined) et.error("extra_targets is for player hits (pet hits are single-target)");
    d.extra_targets = readExtraTargets(et);
  }
  if (d.effect === undefined && d.ap_coef === undefined && d.sp_coef === undefined && !d.weapon) r.error('needs "effect" (coefficient from data), "ap_coef", "sp_coef" or "weapon"');
  return d;
}

function readTalentAmount(x: JsonReader): TalentAmount {
  x.keys(["if_talent", "amount", "per_rank"]);
  const mod: TalentAmount = { if_talent: x.field("if_talent").ident(), amount: numOrRef(x.field("amount"), BOUNDS.amount) };
  const perRank = x.opt("per_rank")?.bool();
  if (perRank !== undefined) mod.per_rank = perRank;
  return mod;
}

function readExtraTargets(r: JsonReader): ExtraTargetsDecl {
  r.keys(["if_talent", "count", "fraction", "fraction_mods"]);
  const out: ExtraTargetsDecl = { if_talent: r.field("if_talent").ident(), count: nonNeg(r.field("count"), BOUNDS.count), fraction: nonNeg(r.field("fraction"), BOUNDS.amount) };
  const fm = r.opt("fraction_mods");
  if (fm) out.fraction_mods = fm.array().map(readTalentAmount);
  return out;
}

export function readCritHealth(r: JsonReader): CritHealthDecl {
  r.keys(["above", "below", "if_talent"]);
  const out: CritHealthDecl = {};
  const above = optNonNeg(r, "above", BOUNDS.healthPct);
  const below = optNonNeg(r, "below", BOUNDS.healthPct);
  if ((above === undefined) === (below === undefined)) r.error('needs exactly one of "above" and "below"');
  if (above !== undefined) out.above = above;
  if (below !== undefined) out.below = below;
  setOpt(out, "if_talent", optTalent(r, "if_talent"));
  return out;
}
