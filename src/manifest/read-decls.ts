// Manifest readers for the declared entities: spells, auras (and their buff effects), procs, pets
// and talent modifiers.
import { BOUNDS, type Bound } from "./bounds.js";
import type { JsonReader } from "./json.js";
import { bounded, nonNeg, numOrRef, optNonNeg, optTalent, readEstimates, setOpt, spellId } from "./read-fields.js";
import { ops, readDamage } from "./read-ops.js";
import type { AuraDecl, BuffEffectDecl, ChannelDecl, NumOrRef, PetDecl, ProcDecl, SpellDecl, TalentModDecl } from "./schema.js";

/**
 * `unavailable`: the reason a spell/aura has no data record. Such an entry only names the spell for
 * rotations, so any field describing behaviour next to it is an error (it would silently do nothing).
 */
export function readUnavailable(r: JsonReader): string | undefined {
  const u = r.opt("unavailable");
  if (!u) return undefined;
  const reason = u.str();
  if (reason.trim().length < 3) u.error("needs a reason saying why the data has no record of the spell");
  const extra = Object.keys(r.value as object).filter((k) => !["name", "id", "unavailable", "comment"].includes(k));
  if (extra.length) r.at(extra[0]!).error(`an unavailable entry has no behaviour: only name, id and comment may accompany "unavailable"`);
  return reason;
}

export function readTalentMod(r: JsonReader): TalentModDecl {
  r.keys(["spell", "cooldown_ms", "charges", "charge_cooldown_ms"]);
  const out: TalentModDecl = { spell: r.field("spell").ident() };
  const signed = (key: string, b: Bound): NumOrRef | undefined => {
    const f = r.opt(key);
    return f ? numOrRef(f, { ...b, signed: true }) : undefined;
  };
  setOpt(out, "cooldown_ms", signed("cooldown_ms", BOUNDS.ms));
  setOpt(out, "charges", signed("charges", BOUNDS.count));
  setOpt(out, "charge_cooldown_ms", signed("charge_cooldown_ms", BOUNDS.ms));
  if (out.cooldown_ms === undefined && out.charges === undefined && out.charge_cooldown_ms === undefined) r.error('needs "cooldown_ms", "charges" or "charge_cooldown_ms"');
  return out;
}

export function readSpell(r: JsonReader): SpellDecl {
  r.keys([
    "name", "id", "talent", "cost_aura", "cast_time_ms", "gcd_ms", "cooldown_ms", "charges", "charge_cooldown_ms",
    "resource", "cost", "gain", "damage", "off_gcd", "on_cast", "comment", "estimated", "channel", "cost_bypass_aura", "cast_time_mods", "finisher",
    "cost_per_stack", "unavailable",
  ]);
  const unavailable = readUnavailable(r);
  if (unavailable !== undefined) return { name: r.field("name").ident(), id: spellId(r.field("id")), off_gcd: false, on_cast: [], unavailable };
  const s: SpellDecl = {
    name: r.field("name").ident(),
    id: spellId(r.field("id")),
    off_gcd: r.opt("off_gcd")?.bool() ?? false,
    on_cast: ops(r.opt("on_cast")),
  };
  setOpt(s, "talent", optTalent(r));
  setOpt(s, "cast_time_ms", optNonNeg(r, "cast_time_ms", BOUNDS.ms));
  setOpt(s, "cost_aura", r.opt("cost_aura")?.ident());
  setOpt(s, "gcd_ms", optNonNeg(r, "gcd_ms", BOUNDS.ms));
  setOpt(s, "cooldown_ms", optNonNeg(r, "cooldown_ms", BOUNDS.ms));
  const charges = r.opt("charges");
  setOpt(s, "charges", charges ? bounded(charges, BOUNDS.count, { int: true, min: 0 }) : undefined);
  setOpt(s, "charge_cooldown_ms", optNonNeg(r, "charge_cooldown_ms", BOUNDS.ms));
  setOpt(s, "resource", r.opt("resource")?.ident());
  setOpt(s, "cost", optNonNeg(r, "cost", BOUNDS.amount));
  setOpt(s, "gain", optNonNeg(r, "gain", BOUNDS.amount));
  const dmg = r.opt("damage");
  if (dmg) s.damage = readDamage(dmg);
  const ch = r.opt("channel");
  if (ch) {
    ch.keys(["ticks", "duration_ms", "hasted", "tick_damage", "tick_cost"]);
    const ticks = optNonNeg(ch, "ticks", BOUNDS.count);
    if (typeof ticks === "number" && (!Number.isInteger(ticks) || ticks < 1)) ch.field("ticks").error(`must be an integer >= 1, got ${ticks}`);
    const c: ChannelDecl = {};
    setOpt(c, "ticks", ticks);
    setOpt(c, "duration_ms", optNonNeg(ch, "duration_ms", BOUNDS.ms));
    setOpt(c, "hasted", ch.opt("hasted")?.bool());
    setOpt(c, "tick_cost", optNonNeg(ch, "tick_cost", BOUNDS.amount));
    const td = ch.opt("tick_damage");
    if (td) c.tick_damage = readDamage(td);
    s.channel = c;
  }
  setOpt(s, "cost_bypass_aura", r.opt("cost_bypass_aura")?.ident());
  const mods = r.opt("cast_time_mods");
  if (mods) {
    s.cast_time_mods = mods.array().map((x) => {
      x.keys(["aura", "factor"]);
      return { aura: x.field("aura").ident(), factor: nonNeg(x.field("factor"), BOUNDS.coefficient) };
    });
  }
  const cps = r.opt("cost_per_stack");
  if (cps) {
    cps.keys(["aura", "percent"]);
    s.cost_per_stack = { aura: cps.field("aura").ident(), percent: nonNeg(cps.field("percent"), BOUNDS.amount) };
  }
  const fin = r.opt("finisher");
  if (fin) {
    fin.keys(["resource", "max_points", "aura", "aura_ms_per_point", "max_points_mods"]);
    const f: NonNullable<SpellDecl["finisher"]> = { resource: fin.field("resource").ident() };
    setOpt(f, "max_points", optNonNeg(fin, "max_points", BOUNDS.count));
    setOpt(f, "aura", fin.opt("aura")?.ident());
    setOpt(f, "aura_ms_per_point", optNonNeg(fin, "aura_ms_per_point", BOUNDS.ms));
    const mp = fin.opt("max_points_mods");
    if (mp) f.max_points_mods = mp.array().map((y) => {
      y.keys(["if_talent", "amount"]);
      return { if_talent: y.field("if_talent").ident(), amount: nonNeg(y.field("amount"), BOUNDS.count) };
    });
    s.finisher = f;
  }
  setOpt(s, "estimated", readEstimates(r));
  return s;
}

export const BUFF_TYPES = [
  "damage_mult", "damage_mult_school", "damage_mult_spells", "haste", "crit", "mastery", "versatility", "primary_stat", "primary_stat_pct",
  "pet_attack_speed", "pet_damage_mult", "cleave", "attack_speed",
] as const;

export function readBuffEffect(r: JsonReader): BuffEffectDecl {
  r.keys(["type", "value", "effect", "school", "spells", "auras", "ops", "additive", "count", "points_mods", "mastery_coef", "per_stack"]);
  const e: BuffEffectDecl = { type: r.field("type").oneOf(BUFF_TYPES) };
  const v = r.opt("value");
  if (v) e.value = numOrRef(v, BOUNDS.amount);
  setOpt(e, "effect", r.opt("effect")?.num({ int: true, min: 1 }));
  setOpt(e, "school", r.opt("school")?.num({ int: true, min: 1 }));
  setOpt(e, "count", optNonNeg(r, "count", BOUNDS.count));
  const spells = r.opt("spells");
  if (spells) e.spells = spells.array().map((x) => x.ident());
  const auras = r.opt("auras");
  if (auras) e.auras = auras.array().map((x) => x.ident());
  const opIds = r.opt("ops");
  if (opIds) e.ops = opIds.array().map((x) => spellId(x));
  setOpt(e, "additive", r.opt("additive")?.bool());
  const mc = r.opt("mastery_coef");
  if (mc) {
    if (e.type !== "damage_mult_spells" || e.additive !== true) mc.error('"mastery_coef" is for additive damage_mult_spells effects (a per-stack percent that mastery raises)');
    e.mastery_coef = nonNeg(mc, BOUNDS.masteryCoefficient);
  }
  setOpt(e, "per_stack", r.opt("per_stack")?.bool());
  const pm = r.opt("points_mods");
  if (pm) {
    if (r.opt("effect") === undefined || r.opt("value") !== undefined) pm.error('"points_mods" adds to the base points of "effect": it needs "effect" and no "value"');
    e.points_mods = pm.array().map((x) => {
      x.keys(["if_talent", "amount", "per_rank"]);
      const mod: { if_talent: string; amount: NumOrRef; per_rank?: boolean } = { if_talent: x.field("if_talent").ident(), amount: numOrRef(x.field("amount"), BOUNDS.amount) };
      const perRank = x.opt("per_rank")?.bool();
      if (perRank !== undefined) mod.per_rank = perRank;
      return mod;
    });
  }
  if (e.value === undefined && e.effect === undefined) r.error('needs "value" or "effect" (base points from data)');
  if (e.type === "damage_mult_school" && e.school === undefined) r.field("school");
  if (e.type === "damage_mult_spells" && !e.spells?.length && !e.auras?.length && !e.ops?.length) {
    r.error('damage_mult_spells needs a non-empty "spells", "auras" or "ops" list');
  }
  if (e.type !== "damage_mult_spells" && (e.auras || e.ops || e.additive !== undefined || e.per_stack !== undefined)) r.error('"auras", "ops", "additive" and "per_stack" belong to damage_mult_spells');
  if (e.additive === true && e.per_stack === false) r.error('"additive" and "per_stack": false exclude each other');
  if (e.type === "cleave" && e.count === undefined) r.field("count");
  return e;
}

export function readAura(r: JsonReader): AuraDecl {
  r.keys([
    "name", "id", "target", "talent", "duration_ms", "stacking", "max_stacks", "refresh", "tick_period_ms", "hasted_ticks", "tick_may_crit",
    "tick_damage", "tick_gain", "effects", "residual", "applies_to_pets", "snapshot", "on_tick", "on_expire", "at_pull", "at_combat_start", "comment", "estimated",
    "duration_mods", "max_stacks_mods", "mirror_hits",
    "unavailable",
  ]);
  const unavailable = readUnavailable(r);
  if (unavailable !== undefined) {
    return {
      name: r.field("name").ident(), id: spellId(r.field("id")), target: "player", stacking: false, refresh: "duration", effects: [],
      applies_to_pets: false, snapshot: false, on_tick: [], on_expire: [], residual: false, at_pull: false, unavailable,
    };
  }
  const a: AuraDecl = {
    name: r.field("name").ident(),
    id: spellId(r.field("id")),
    target: r.opt("target")?.oneOf(["player", "pet", "target"] as const) ?? "player",
    stacking: r.opt("stacking")?.bool() ?? false,
    refresh: r.opt("refresh")?.oneOf(["duration", "pandemic", "extend"] as const) ?? "duration",
    effects: r.opt("effects")?.array().map(readBuffEffect) ?? [],
    applies_to_pets: r.opt("applies_to_pets")?.bool() ?? false,
    snapshot: r.opt("snapshot")?.bool() ?? false,
    on_tick: ops(r.opt("on_tick")),
    on_expire: ops(r.opt("on_expire")),
    residual: r.opt("residual")?.bool() ?? false,
    at_pull: r.opt("at_pull")?.bool() ?? false,
  };
  if (r.opt("at_combat_start")?.bool() === true) a.at_combat_start = true;
  const mirror = optNonNeg(r, "mirror_hits", BOUNDS.coefficient);
  if (mirror !== undefined) {
    if (a.target !== "target") r.error('"mirror_hits" belongs to a target aura ("target": "target")');
    a.mirror_hits = mirror;
  }
  setOpt(a, "talent", optTalent(r));
  setOpt(a, "duration_ms", optNonNeg(r, "duration_ms", BOUNDS.ms));
  const dm = r.opt("duration_mods");
  if (dm) {
    a.duration_mods = dm.array().map((x) => {
      x.keys(["if_talent", "ms"]);
      return { if_talent: x.field("if_talent").ident(), ms: nonNeg(x.field("ms"), BOUNDS.ms) };
    });
  }
  setOpt(a, "max_stacks", optNonNeg(r, "max_stacks", BOUNDS.count));
  if (a.max_stacks !== undefined && !a.stacking && (typeof a.max_stacks !== "number" || a.max_stacks > 1)) r.at("stacking").error("max_stacks needs stacking: true");
  const sm = r.opt("max_stacks_mods");
  if (sm) {
    if (!a.stacking) r.at("stacking").error("max_stacks_mods needs stacking: true");
    a.max_stacks_mods = sm.array().map((x) => {
      x.keys(["if_talent", "amount"]);
      return { if_talent: x.field("if_talent").ident(), amount: nonNeg(x.field("amount"), BOUNDS.count) };
    });
  }
  setOpt(a, "tick_period_ms", optNonNeg(r, "tick_period_ms", BOUNDS.ms));
  setOpt(a, "hasted_ticks", r.opt("hasted_ticks")?.bool());
  setOpt(a, "tick_may_crit", r.opt("tick_may_crit")?.bool());
  const td = r.opt("tick_damage");
  if (td) a.tick_damage = readDamage(td);
  const tg = r.opt("tick_gain");
  if (tg) {
    tg.keys(["resource", "amount"]);
    a.tick_gain = { resource: tg.field("resource").ident(), amount: nonNeg(tg.field("amount"), BOUNDS.amount) };
  }
  setOpt(a, "estimated", readEstimates(r));
  return a;
}

export function readProc(r: JsonReader): ProcDecl {
  r.keys(["name", "id", "talent", "trigger", "chance", "rppm", "rppm_haste_scales", "spells", "auras", "crit_only", "non_crit_only", "periodic_only", "skip_periodic", "ops", "comment", "estimated"]);
  const p: ProcDecl = {
    name: r.field("name").ident(),
    id: spellId(r.field("id")),
    trigger: r.field("trigger").oneOf(["impact", "cast", "rppm"] as const),
    rppm_haste_scales: r.opt("rppm_haste_scales")?.bool() ?? false,
    spells: r.opt("spells")?.array().map((x) => x.ident()) ?? [],
    auras: r.opt("auras")?.array().map((x) => x.ident()) ?? [],
    crit_only: r.opt("crit_only")?.bool() ?? false,
    non_crit_only: r.opt("non_crit_only")?.bool() ?? false,
    periodic_only: r.opt("periodic_only")?.bool() ?? false,
    skip_periodic: r.opt("skip_periodic")?.bool() ?? false,
    ops: ops(r.field("ops")),
  };
  setOpt(p, "talent", optTalent(r));
  const c = r.opt("chance");
  if (c) {
    const v = numOrRef(c, BOUNDS.coefficient);
    if (typeof v === "number" && (v < 0 || v > 1)) c.error(`chance must be in [0, 1], got ${v}`);
    p.chance = v;
  }
  const rppm = r.opt("rppm");
  setOpt(p, "rppm", rppm ? bounded(rppm, BOUNDS.rppm, { min: 0 }) : undefined);
  if (p.periodic_only && p.skip_periodic) r.error("periodic_only and skip_periodic exclude each other");
  if (p.crit_only && p.non_crit_only) r.error("crit_only and non_crit_only exclude each other");
  if (p.ops.length === 0) r.field("ops").error("a proc needs at least one op");
  setOpt(p, "estimated", readEstimates(r));
  return p;
}

export function readPet(r: JsonReader): PetDecl {
  r.keys(["name", "permanent", "spell", "duration_ms", "ap_ratio", "attacks", "talent", "timed_group", "casts", "comment", "estimated"]);
  const p: PetDecl = {
    name: r.field("name").ident(),
    permanent: r.opt("permanent")?.bool() ?? false,
    timed_group: r.opt("timed_group")?.bool() ?? false,
    ap_ratio: r.opt("ap_ratio") ? bounded(r.field("ap_ratio"), BOUNDS.coefficient, { min: 0 }) : 1,
    attacks: r.field("attacks").array().map((a) => {
      a.keys(["name", "spell", "interval_ms", "ap_coef", "sp_coef", "school"]);
      const spellR = a.opt("spell");
      const spell = spellR ? bounded(spellR, BOUNDS.spellId, { int: true, min: 0 }) : 0;
      // without a spell there is no cooldown to default to
      const interval = spell === 0 ? nonNeg(a.field("interval_ms"), BOUNDS.ms) : optNonNeg(a, "interval_ms", BOUNDS.ms);
      if (typeof interval === "number" && interval < 100) a.field("interval_ms").error(`must be >= 100 ms, got ${interval}`);
      const attack: PetDecl["attacks"][number] = {
        name: a.field("name").ident(),
        spell,
        school: a.opt("school")?.num({ int: true, min: 1 }) ?? 1,
      };
      // exactly one coefficient: attack power (ap_coef) or the owner's spell power (sp_coef)
      const spR = a.opt("sp_coef");
      if (spR && a.opt("ap_coef")) spR.error("give ap_coef or sp_coef, not both");
      if (spR) attack.sp_coef = nonNeg(spR, BOUNDS.coefficient);
      else attack.ap_coef = nonNeg(a.field("ap_coef"), BOUNDS.coefficient);
      setOpt(attack, "interval_ms", interval);
      return attack;
    }),
  };
  setOpt(p, "spell", r.opt("spell") ? spellId(r.field("spell")) : undefined);
  setOpt(p, "duration_ms", optNonNeg(r, "duration_ms", BOUNDS.ms));
  setOpt(p, "casts", optNonNeg(r, "casts", BOUNDS.count));
  if (p.casts !== undefined && !p.timed_group) r.field("casts").error("casts needs timed_group: true");
  if (p.timed_group && p.permanent) r.field("timed_group").error("a permanent pet cannot be a timed group");
  setOpt(p, "talent", optTalent(r));
  if (!p.permanent && p.spell === undefined && p.duration_ms === undefined) r.error('a non-permanent pet needs "spell" or "duration_ms"');
  setOpt(p, "estimated", readEstimates(r));
  return p;
}

