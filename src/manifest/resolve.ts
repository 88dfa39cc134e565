// Resolution of a validated manifest against game data: every number the manifest leaves out is read
// from the spell records (src/data/resolver.ts); a number the manifest gives wins. A value the spec
// needs that never resolves throws MissingSpellData(spellId, field) — no silent zeros.
//
// Which values are required (decisions where the spec says "not shown"):
// - spell: cast_time (SpellMisc→SpellCastTimes); the start-recovery lock (SpellCategories.
//   StartRecoveryCategory + SpellCooldowns.StartRecoveryTime) unless `gcd_ms`/`off_gcd` is given; the
//   cooldown (SpellCooldowns.RecoveryTime/CategoryRecoveryTime, SpellCategories.Category) unless
//   `cooldown_ms` is given; charges (SpellCategories.ChargeCategory→SpellCategory.MaxCharges/
//   ChargeRecoveryTime) unless `charges` is given.
// - spell cost: SpellPower rows of the spell's resource power type. A spell with no SpellPower row is
//   free — the client lists only costs that exist, so absence is an answer, not a hole.
// - damage coefficient / school: from the payload effect (trigger chain followed, contract 3); a
//   declared `effect` that does not resolve, or resolves to a zero coefficient, is MissingSpellData.
// - aura: duration (SpellMisc.DurationIndex→SpellDuration; index 0 = permanent); max_stacks only for
//   `stacking: true` auras (SpellAuraOptions.CumulativeAura must exist and be >= 1); tick period only
//   for periodic auras (SpellEffect.EffectAuraPeriod must be > 0).
// - proc: chance from SpellAuraOptions.ProcChance (percent) unless given; RPPM from
//   SpellProcsPerMinute.BaseProcRate unless given.
// - resource max / regen: the PowerType row whose PowerTypeEnum equals power_type (MaxBasePower,
//   RegenCombat), unless given.
// - mastery coefficient: the mastery spell's effect `mastery.effect` (default 1) EffectBonusCoefficient
//   (SimC's mastery_value source) unless given; zero or absent is MissingSpellData.
//
// Every resolved number is recorded in `provenance` (JSON path → "manifest" or "Table.Column",
// flagged when the table is a labelled fixture) — docs/specs/beast-mastery.md is written from it.

import { MissingSpellData } from "../errors.js";
import type { SpellResolver } from "../data/resolver.js";
import type { SpellDataRecord, SpellEffect } from "../data/spell-record.js";
import type { DataBundle, TableOrigin } from "../data/types.js";
import { ManifestError } from "./errors.js";
import { checkTalentChoice, talentConflicts } from "./talent-exclusivity.js";
import { specTalentTree } from "../talents/tree.js";
import { buildTalents } from "../talents/spec-talents.js";
import type { AbsentDecl, AuraDecl, BuffEffectDecl, DamageDecl, DataRef, Manifest, NumOrRef, Op, PetDecl, ProcDecl, SpellDecl } from "./schema.js";

export interface Provenance {
  /** JSON-ish path of the value, e.g. `spells.kill_command.charge_cooldown_ms`. */
  path: string;
  value: number;
  /** "manifest" or "Table.Column" (spell id in `spell`). */
  source: string;
  spell?: number;
  /** The source table is a labelled fixture (data/FIXTURES.md), not a client export. */
  fixture: boolean;
  /** Where the value comes from: a client export table, a table generated from the spell dump, a fixture, or the manifest. */
  origin: ValueOrigin;
}

export type ValueOrigin = TableOrigin | "manifest";

export interface ResolvedDamage {
  /** Spell id the payload came from (for reporting). */
  payloadSpell: number;
  apCoef: number;
  school: number;
  pet?: string;
  aoe: DamageDecl["aoe"];
  /** aoe sqrt: targets at full damage before the falloff (default: the engine's 5). */
  aoeCap?: number;
  weapon: boolean;
  /** Spell-power coefficient: the hit scales with spell power (kind "sp") instead of apCoef. */
  spCoef?: number;
  /** Percent points added to the hit's crit chance. */
  critBonus?: number;
  /** The hit is multiplied by 1 + the caster's crit chance (manifest damage.crit_chance_scales). */
  critChanceScales?: boolean;
  /** Always crits while the target's health is above this percent (taken rules of `crit_health`). */
  critAboveHealth?: number;
  /** Always crits while the target's health is below this percent. */
  critBelowHealth?: number;
  /** Factor on the hit's crit chance (damage_per_stack crit_mods); absent = 1. */
  critMult?: number;
  /** Product of the passive multipliers (manifest `passives`) on this damage; absent = 1. */
  mult?: number;
}

export type ResolvedOp =
  | { op: "apply_aura"; aura: string; stacks: number }
  | { op: "remove_aura"; aura: string; stacks?: number }
  | { op: "gain"; resource: string; amount: number; perTarget?: boolean }
  | { op: "reduce_cooldown"; spell: string; ms: number; if_aura?: string }
  | { op: "reset_cooldown"; spell: string }
  | { op: "bank_damage"; aura: string; fraction: number; masteryScaled: boolean; /** false: only while the aura is up, no (re)application */ apply: boolean }
  | { op: "if_aura"; aura: string; minStacks: number; ops: ResolvedOp[] }
  | { op: "if_no_aura"; aura: string; ops: ResolvedOp[] }
  | { op: "add_charge"; spell: string }
  | { op: "damage"; spell: number; apCoef: number; spCoef?: number; school: number; pet?: string; mult?: number; perPoint?: boolean; masteryApCoef?: number }
  | { op: "stacks_to_resource"; aura: string; resource: string }
  | { op: "random_auras"; auras: string[]; weights: number[]; mode: "subset" | "tiers"; bumpAura?: string }
  | { op: "reduce_cooldown_per_point"; spell: string; ms: number }
  | { op: "summon_pet"; pet: string; durationMs: number }
  /** One hit x min(stacks of aura, maxStacks) (no aura: x maxStacks); critMult: product of the taken crit_mods. */
  | { op: "damage_per_stack"; spell: number; apCoef: number; spCoef?: number; school: number; aura?: string; maxStacks: number; critMult: number; mult?: number }
  | { op: "consume_pets"; pet: string; max: number; ops: ResolvedOp[] };

export interface ResolvedSpell {
  name: string;
  id: number;
  /** false: its talent is not taken (kept so rotations can name it; the engine treats it as unknown). */
  active: boolean;
  castMs: number;
  startRecoveryCategory: number;
  startRecoveryMs: number;
  recoveryMs: number;
  categoryId: number;
  categoryRecoveryMs: number;
  chargeCategoryId: number;
  maxCharges: number;
  chargeRecoveryMs: number;
  resource?: string;
  cost: number;
  gain: number;
  damage?: ResolvedDamage;
  onCast: ResolvedOp[];
  /** Aura paid as a cost (castable only while up; one stack consumed at step 3). */
  costAura?: string;
  channel?: { durationMs: number; ticks: number; hasted: boolean; tickDamage?: ResolvedDamage; tickCost?: number };
  costBypassAura?: string;
  castTimeMods: { aura: string; factor: number }[];
  /** Primary cost x (1 + perStack x the aura's stacks). */
  costPerStack?: { aura: string; perStack: number };
  /** Combo-point finisher: spends min(current, maxPoints) of `resource` (at least minPoints); damage x points. */
  finisher?: { resource: string; minPoints: number; maxPoints: number; aura?: string; auraMsPerPoint: number };
}

export interface ResolvedBuffEffect {
  type: BuffEffectDecl["type"];
  value: number;
  school?: number;
  spells?: string[];
  /** damage_mult_spells: auras whose ticks it multiplies; damage ops (by reported spell id) it multiplies. */
  auras?: string[];
  ops?: number[];
  additive?: boolean;
  /** Additive per-stack percent raised by mastery points x masteryCoef (percent points per point). */
  masteryCoef?: number;
  /** damage_mult_spells: false = the factor applies once while up, whatever the stacks. */
  perStack?: boolean;
  count?: number;
}

export interface ResolvedAura {
  name: string;
  id: number;
  active: boolean;
  target: AuraDecl["target"];
  durationMs: number;
  maxStacks: number;
  refresh: AuraDecl["refresh"];
  tickPeriodMs: number;
  tickHasted: boolean;
  tickMayCrit: boolean;
  /** Residual (Ignite) aura: ticks deal banked damage of this school. */
  residual?: { school: number };
  tickDamage?: ResolvedDamage;
  tickGain?: { resource: string; amount: number };
  effects: ResolvedBuffEffect[];
  appliesToPets: boolean;
  snapshot: boolean;
  onTick: ResolvedOp[];
  onExpire: ResolvedOp[];
  /** Applied at t = 0 (raid buff). */
  atPull: boolean;
  /** Applied at t = 0 when active (a timer started on entering combat). */
  atCombatStart?: boolean;
  /** Share of a single-target direct player hit that also strikes an enemy holding this target aura (Havoc). */
  mirrorHits?: number;
}

export interface ResolvedProc {
  name: string;
  id: number;
  trigger: ProcDecl["trigger"];
  chance: number;
  rppm: number;
  rppmHasteScales: boolean;
  spells: string[];
  /** Auras whose ticks trigger it (with `spells`: the hit's source must be one of them). */
  auras: string[];
  critOnly: boolean;
  nonCritOnly: boolean;
  periodicOnly: boolean;
  skipPeriodic: boolean;
  ops: ResolvedOp[];
}

export interface ResolvedPet {
  name: string;
  permanent: boolean;
  /** 0 for permanent pets. */
  durationMs: number;
  apRatio: number;
  /** spCoef set: the attack scales with the owner's spell power (apCoef is then 0). */
  attacks: { name: string; spell: number; intervalMs: number; apCoef: number; spCoef?: number; school: number }[];
  /** A timed group (timed-pets.ts): the attacks one instance makes before it ends (0: only its duration). */
  timedCasts?: number;
}

export interface ResolvedResource {
  name: string;
  powerType: number;
  max: number;
  regenPerSec: number;
  initial: number;
  hasteScaled: boolean;
  /** Wake an idle player when regeneration covers a rotation spell's cost (manifest idle_wake). */
  idleWake?: boolean;
}

export interface ResolvedSpec {
  spec: string;
  specId: number;
  primaryStat: Manifest["primary_stat"];
  mastery: { spell: number; kind: Manifest["mastery"]["kind"]; coefficient: number; school?: number; spells?: string[]; ops?: number[]; whileAura?: string };
  resources: ResolvedResource[];
  /** apCoef undefined: swing seconds / 6, computed once the weapon speed is known (compile). */
  autoAttack?: { name: string; spell: number; school: number; swingMs?: number; weaponMultiplier: number; apCoef?: number; offHand?: { name: string; damageFactor: number }; mult?: number };
  pets: ResolvedPet[];
  spells: ResolvedSpell[];
  auras: ResolvedAura[];
  procs: ResolvedProc[];
  /** Talents taken in this build. */
  talents: string[];
  allTalents: string[];
  /** Modelled talents that are hero talents: name → hero tree token (a build takes those of one tree). */
  talentHeroTrees: Record<string, string>;
  /** Pairs of modelled talents a build cannot take together (one choice node, or one replaces the other). */
  exclusiveTalents: [string, string][];
  /** The build's hero tree, the spec's hero trees and its trees' named talents (src/talents/spec-talents.ts). */
  heroTree?: string;
  heroTrees: string[];
  treeTalents: string[];
  provenance: Provenance[];
  /** The manifest's named rotation expressions (name → text) and the file they were validated in. */
  expressions: { file: string; defs: Record<string, string> };
  /** Names the rotation may use that the modelled game version lacks (manifest `absent`). */
  absent: Record<string, AbsentDecl>;
}

/** Where each record field comes from (for provenance; see src/data/transform.ts). */
const FIELD_SOURCE: Partial<Record<keyof SpellDataRecord, string>> = {
  cast_time: "SpellCastTimes.Base",
  recovery_time: "SpellCooldowns.RecoveryTime",
  category_recovery_time: "SpellCooldowns.CategoryRecoveryTime",
  start_recovery_time: "SpellCooldowns.StartRecoveryTime",
  start_recovery_category: "SpellCategories.StartRecoveryCategory",
  category_id: "SpellCategories.Category",
  charge_category_id: "SpellCategories.ChargeCategory",
  max_charges: "SpellCategory.MaxCharges",
  charge_recovery_time: "SpellCategory.ChargeRecoveryTime",
  power_costs: "SpellPower.ManaCost",
  duration: "SpellDuration.Duration",
  tick_period_ms: "SpellEffect.EffectAuraPeriod",
  max_stacks: "SpellAuraOptions.CumulativeAura",
  proc_chance: "SpellAuraOptions.ProcChance",
  rppm_base_rate: "SpellProcsPerMinute.BaseProcRate",
  school_mask: "SpellMisc.SchoolMask",
  tick_may_crit: "SpellMisc.Attributes_8",
  hasted_ticks: "SpellMisc.Attributes_5",
};
const EFFECT_COLUMN: Record<DataRef["field"], string> = {
  base_points: "EffectBasePointsF",
  bonus_coefficient_from_ap: "BonusCoefficientFromAP",
  bonus_coefficient: "EffectBonusCoefficient",
  aura_period_ms: "EffectAuraPeriod",
};

export interface ResolveOptions {
  /** Talent names taken; default: the manifest's default set. Unknown names are an error. */
  talents?: readonly string[];
  /** The build's hero tree; default: the manifest's `hero_tree`. */
  heroTree?: string;
}

class Ctx {
  readonly provenance: Provenance[] = [];
  constructor(
    readonly m: Manifest,
    readonly resolver: SpellResolver,
    readonly bundle: DataBundle,
    readonly file: string,
    readonly talents: Set<string>,
  ) {}
  /** Resolved resource maxima (percent-of-base costs). */
  readonly resourceMax = new Map<string, number>();

  private tableOf(source: string): string {
    return source.split(".")[0]!;
  }

  private originOf(table: string): TableOrigin {
    try {
      return this.bundle.table(table).origin;
    } catch {
      return "export";
    }
  }

  note(path: string, value: number, source: string, spell?: number): number {
    // Values reached through a SpellMisc index column (cast time, duration) inherit SpellMisc's origin
    // when it is not a client export: the index, not the indexed row, carries the spell's value.
    let origin: ValueOrigin = source === "manifest" ? "manifest" : this.originOf(this.tableOf(source));
    if ((source.startsWith("SpellCastTimes.") || source.startsWith("SpellDuration.")) && this.originOf("SpellMisc") !== "export") {
      origin = this.originOf("SpellMisc");
    }
    const p: Provenance = { path, value, source, fixture: origin === "fixture", origin };
    if (spell !== undefined) p.spell = spell;
    this.provenance.push(p);
    return value;
  }

  /** A record field that must resolve. */
  field<K extends keyof SpellDataRecord>(path: string, spellId: number, field: K): SpellDataRecord[K] {
    const v = this.resolver.require(spellId, field);
    if (typeof v === "number") this.note(path, v, FIELD_SOURCE[field] ?? `record.${field}`, spellId);
    return v;
  }

  effect(spellId: number, index: number, what: string): SpellEffect {
    const e = this.resolver.get_spell_effect(spellId, index);
    if (!e) throw new MissingSpellData(spellId, `effects[${index}]`, `no effect ${index} (1-based) for ${what}`);
    return e;
  }

  /** A manifest number or DataRef; undefined when the manifest leaves it out. */
  given(path: string, v: NumOrRef | undefined): number | undefined {
    if (v === undefined) return undefined;
    if (typeof v === "number") return this.note(path, v, "manifest");
    const e = this.effect(v.spell, v.effect, path);
    const raw = v.field === "base_points" ? e.base_points
      : v.field === "bonus_coefficient_from_ap" ? e.bonus_coefficient_from_ap
      : v.field === "bonus_coefficient" ? e.bonus_coefficient
      : e.aura_period_ms;
    return this.note(path, raw * v.scale + (v.offset ?? 0), `SpellEffect.${EFFECT_COLUMN[v.field]}`, v.spell);
  }

  has(talent: string | undefined): boolean {
    return talent === undefined || this.talents.has(talent);
  }
}

function resolveDamage(c: Ctx, path: string, ownerId: number, d: DamageDecl): ResolvedDamage {
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
  return out;
}

/**
 * `crit_health` rules whose talent is taken: one threshold per side. Two taken rules on the same side
 * would need a choice the data does not make (the wider one? the later one?), so they are an error.
 */
function resolveCritHealth(c: Ctx, path: string, d: DamageDecl, out: ResolvedDamage): void {
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

function resolveOps(c: Ctx, path: string, ops: Op[]): ResolvedOp[] {
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
      case "gain":
        out.push(op.per_target ? { op: op.op, resource: op.resource, amount: c.given(`${p}.amount`, op.amount)!, perTarget: true } : { op: op.op, resource: op.resource, amount: c.given(`${p}.amount`, op.amount)! });
        break;
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

function petDuration(c: Ctx, path: string, pet: PetDecl): number {
  if (pet.permanent) return 0;
  const given = c.given(path, pet.duration_ms);
  if (given !== undefined) return given;
  const d = c.field(path, pet.spell!, "duration");
  if (d <= 0) throw new MissingSpellData(pet.spell!, "duration", `${path}: pet "${pet.name}" needs a positive duration`);
  return d;
}

function resolveSpell(c: Ctx, s: SpellDecl): ResolvedSpell {
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
function applyTalentMods(c: Ctx, s: SpellDecl, v: { recoveryMs: number; maxCharges: number; chargeRecoveryMs: number }): typeof v {
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

function resolveBuffEffect(c: Ctx, path: string, auraId: number, e: BuffEffectDecl): ResolvedBuffEffect {
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

/** A count (stacks, targets) read from the manifest or data: a whole number >= 1. */
function wholeCount(c: Ctx, v: number, path: string): number {
  if (!Number.isInteger(v) || v < 1) throw new ManifestError("INVALID_MANIFEST", c.file, path, `must be a whole number >= 1, got ${v}`);
  return v;
}

function resolveAura(c: Ctx, a: AuraDecl): ResolvedAura {
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

function resolveProc(c: Ctx, p: ProcDecl): ResolvedProc {
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

function checkSpecialization(m: Manifest, bundle: DataBundle, file: string): void {
  const row = bundle.table("ChrSpecialization").byId(m.spec_id);
  if (!row) throw new ManifestError("INVALID_MANIFEST", file, "spec_id", `no ChrSpecialization row with ID ${m.spec_id}`);
  const mastery = row["MasterySpellID_0"];
  if (typeof mastery === "number" && mastery > 0 && mastery !== m.mastery.spell) {
    throw new ManifestError("INVALID_MANIFEST", file, "mastery.spell", `spec ${m.spec_id}'s mastery spell is ${mastery} (ChrSpecialization.MasterySpellID_0), not ${m.mastery.spell}`);
  }
}

function powerTypeRow(c: Ctx, powerType: number, path: string) {
  const row = c.bundle.table("PowerType").rows.find((r) => r["PowerTypeEnum"] === powerType);
  if (!row) throw new ManifestError("INVALID_MANIFEST", c.file, path, `no PowerType row with PowerTypeEnum ${powerType} (give max and regen_per_sec in the manifest)`);
  return row;
}

/**
 * Resolve `m` (validated, from `file`) against the bundle's spell records (rules: file header).
 * Every declared spell, aura, proc and pet resolves whatever the talent choice, so a broken manifest
 * fails on every build, not only on the one that takes the broken talent; untaken talents then mark
 * spells/auras inactive, drop their procs and fold `if_talent` ops away.
 * Also checks the manifest against ChrSpecialization: the spec id must exist and, when the row names
 * a mastery spell, `mastery.spell` must be it.
 */
/** A channel's ticks when the manifest leaves them out: its duration over its periodic effect's period (SimC: dot_duration / base_tick_time). */
function channelTicks(c: Ctx, path: string, spell: number, durationMs: number): number {
  const period = c.resolver.require(spell, "tick_period_ms");
  if (!(period > 0)) throw new MissingSpellData(spell, "tick_period_ms", `${path}: the channel has no periodic effect to count ticks by (give ticks)`);
  return c.note(path, durationMs / period, "SpellDuration.Duration / SpellEffect.EffectAuraPeriod", spell);
}

/** A pet attack without an interval repeats on its spell's own cooldown (a pet's basic attack is cast on cooldown). */
function petAttackCooldown(c: Ctx, path: string, spell: number): number {
  const ms = c.field(path, spell, "recovery_time");
  if (ms < 100) throw new MissingSpellData(spell, "recovery_time", `${path}: the attack spell's cooldown ${ms} ms is no attack interval (give interval_ms)`);
  return ms;
}

/** Every op of the spec, nested `if_aura` lists included. */
function allOps(out: ResolvedSpec): ResolvedOp[] {
  const acc: ResolvedOp[] = [];
  const walk = (ops: ResolvedOp[]): void => {
    for (const op of ops) {
      acc.push(op);
      if (op.op === "if_aura" || op.op === "if_no_aura" || op.op === "consume_pets") walk(op.ops);
    }
  };
  for (const s of out.spells) walk(s.onCast);
  for (const a of out.auras) {
    walk(a.onTick);
    walk(a.onExpire);
  }
  for (const p of out.procs) walk(p.ops);
  return acc;
}

/**
 * Passive auras (manifest `passives`): each effect's base points p multiply by 1 + p/100 (compounding)
 * the named spells' direct damage (and channel ticks), the named auras' ticks, the damage ops reported
 * as the listed spell ids (wherever they are: on_cast, procs, ticks), and the auto attack.
 */
function applyPassives(c: Ctx, m: Manifest, out: ResolvedSpec): void {
  const scale = (d: { mult?: number } | undefined, f: number): void => {
    if (d) d.mult = (d.mult ?? 1) * f;
  };
  const ops = allOps(out);
  for (const p of m.passives) {
    if (!c.has(p.talent)) continue;
    p.effects.forEach((e, i) => {
      const eff = c.effect(p.id, e.effect, `passives.${p.name}.effects[${i}]`);
      // rank n of a talent with linear per-rank values: n x the (rank-1) base points
      const f = 1 + (c.note(`passives.${p.name}.effects[${i}]`, eff.base_points, "SpellEffect.EffectBasePointsF", p.id) * (e.rank ?? 1)) / 100;
      for (const s of out.spells.filter((x) => e.spells.includes(x.name))) {
        scale(s.damage, f);
        scale(s.channel?.tickDamage, f);
      }
      for (const a of out.auras.filter((x) => e.auras.includes(x.name))) scale(a.tickDamage, f);
      for (const op of ops) if ((op.op === "damage" || op.op === "damage_per_stack") && e.ops.includes(op.spell)) scale(op, f);
      if (e.auto_attack) scale(out.autoAttack, f);
    });
  }
}

export function resolveManifest(m: Manifest, resolver: SpellResolver, file: string, opts: ResolveOptions = {}): ResolvedSpec {
  const allTalents = m.talents.map((t) => t.name);
  const chosen = opts.talents ?? m.talents.filter((t) => t.default).map((t) => t.name);
  for (const t of chosen) {
    if (!allTalents.includes(t)) throw new ManifestError("MANIFEST_UNKNOWN_NAME", file, "talents", `unknown talent "${t}" (known: ${allTalents.join(", ")})`);
  }
  checkTalentChoice(resolver.bundle, m.talents, chosen, file);
  // the manifest's hero_tree names its default build's tree: a talent list the run gives picks the tree of
  // its hero talents (src/talents/spec-talents.ts), the manifest's when it has none
  const heroTree = opts.heroTree ?? (opts.talents === undefined ? m.hero_tree : undefined);
  const build = buildTalents(specTalentTree(resolver.bundle, m.spec_id), m.talents, chosen, heroTree, file, m.hero_tree);
  const c = new Ctx(m, resolver, resolver.bundle, file, new Set(chosen));
  checkSpecialization(m, resolver.bundle, file);

  const resources = m.resources.map((r, i): ResolvedResource => {
    const base = `resources.${r.name}`;
    let max = c.given(`${base}.max`, r.max);
    let regen = c.given(`${base}.regen_per_sec`, r.regen_per_sec);
    if (max === undefined || regen === undefined) {
      const row = powerTypeRow(c, r.power_type, `resources[${i}].power_type`);
      max ??= c.note(`${base}.max`, Number(row["MaxBasePower"]), "PowerType.MaxBasePower");
      regen ??= c.note(`${base}.regen_per_sec`, Number(row["RegenCombat"]), "PowerType.RegenCombat");
    }
    // talents that raise the maximum / speed regeneration (resolved whatever the build, applied when taken)
    let regenPct = 0;
    r.max_mods?.forEach((d, k) => {
      const v = c.given(`${base}.max_mods[${k}].amount`, d.amount)!;
      if (c.has(d.if_talent)) max! += v;
    });
    r.regen_mods?.forEach((d, k) => {
      const v = c.given(`${base}.regen_mods[${k}].percent`, d.percent)!;
      if (c.has(d.if_talent)) regenPct += v;
    });
    if (regenPct !== 0) regen = regen! * (1 + regenPct / 100);
    c.resourceMax.set(r.name, max!);
    const out: ResolvedResource = { name: r.name, powerType: r.power_type, max: max!, regenPerSec: regen!, initial: r.initial ?? max!, hasteScaled: r.haste_scaled };
    if (r.idle_wake) out.idleWake = true;
    return out;
  });

  let coefficient = m.mastery.coefficient !== undefined ? c.note("mastery.coefficient", m.mastery.coefficient, "manifest") : undefined;
  if (coefficient === undefined) {
    const index = m.mastery.effect ?? 1;
    const e = c.effect(m.mastery.spell, index, "mastery.coefficient");
    if (e.bonus_coefficient === 0) throw new MissingSpellData(m.mastery.spell, "effect_bonus_coefficient", `mastery coefficient (effect ${index} EffectBonusCoefficient) is 0`);
    coefficient = c.note("mastery.coefficient", e.bonus_coefficient, "SpellEffect.EffectBonusCoefficient", m.mastery.spell);
  }
  const mastery: ResolvedSpec["mastery"] = { spell: m.mastery.spell, kind: m.mastery.kind, coefficient };
  if (m.mastery.school !== undefined) mastery.school = m.mastery.school;
  if (m.mastery.spells !== undefined) mastery.spells = m.mastery.spells;
  if (m.mastery.ops !== undefined) mastery.ops = m.mastery.ops;
  if (m.mastery.while_aura !== undefined) mastery.whileAura = m.mastery.while_aura;

  const pets = m.pets.map((p): ResolvedPet => ({
    name: p.name,
    permanent: p.permanent,
    durationMs: p.permanent ? 0 : petDuration(c, `pets.${p.name}.duration_ms`, p),
    apRatio: p.ap_ratio,
    attacks: p.attacks.map((a) => ({
      name: a.name,
      spell: a.spell,
      intervalMs: c.given(`pets.${p.name}.attacks.${a.name}.interval_ms`, a.interval_ms) ?? petAttackCooldown(c, `pets.${p.name}.attacks.${a.name}.interval_ms`, a.spell),
      ...(a.sp_coef !== undefined
        ? { apCoef: 0, spCoef: c.given(`pets.${p.name}.attacks.${a.name}.sp_coef`, a.sp_coef)! }
        : { apCoef: c.given(`pets.${p.name}.attacks.${a.name}.ap_coef`, a.ap_coef)! }),
      school: a.school,
    })),
    ...(p.timed_group ? { timedCasts: c.given(`pets.${p.name}.casts`, p.casts) ?? 0 } : {}),
  }));

  const out: ResolvedSpec = {
    spec: m.spec,
    specId: m.spec_id,
    primaryStat: m.primary_stat,
    mastery,
    resources,
    pets,
    spells: m.spells.map((s) => resolveSpell(c, s)),
    auras: m.auras.map((a) => resolveAura(c, a)),
    procs: m.procs.map((p) => resolveProc(c, p)).filter((_, i) => c.has(m.procs[i]!.talent)),
    talents: [...chosen],
    allTalents,
    talentHeroTrees: build.talentHeroTrees,
    exclusiveTalents: talentConflicts(resolver.bundle, m.talents).map((c) => c.talents),
    heroTrees: build.heroTrees,
    treeTalents: build.treeTalents,
    provenance: c.provenance,
    expressions: { file, defs: { ...(m.expressions ?? {}) } },
    absent: { ...(m.absent ?? {}) },
  };
  if (build.heroTree !== undefined) out.heroTree = build.heroTree;
  if (m.auto_attack) {
    const a = m.auto_attack;
    // The auto-attack spell id (6603 Auto Attack) only labels the entry in reports: its name, school and
    // weapon multiplier are the manifest's, and SimulationCraft's spell dump omits general spells such as
    // 6603, so no record is required here.
    out.autoAttack = { name: a.name, spell: a.spell, school: a.school, weaponMultiplier: a.weapon_multiplier };
    const ap = c.given("auto_attack.ap_coef", a.ap_coef);
    if (ap !== undefined) out.autoAttack.apCoef = ap;
    if (a.swing_ms !== undefined) out.autoAttack.swingMs = a.swing_ms;
    if (a.off_hand) out.autoAttack.offHand = { name: a.off_hand.name, damageFactor: c.given("auto_attack.off_hand.damage_factor", a.off_hand.damage_factor)! };
  }
  applyPassives(c, m, out);
  return out;
}
