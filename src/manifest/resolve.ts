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
import type { DataBundle } from "../data/types.js";
import { ManifestError } from "./errors.js";
import { checkTalentChoice, talentConflicts } from "./talent-exclusivity.js";
import { specTalentTree } from "../talents/tree.js";
import { buildTalents } from "../talents/spec-talents.js";
import { Ctx, petAttackCooldown, powerTypeRow } from "./resolve-context.js";
import { petDuration } from "./resolve-ops.js";
import { resolveSpell } from "./resolve-spells.js";
import { resolveAura, resolveProc } from "./resolve-auras.js";
import type { ResolveOptions, ResolvedOp, ResolvedPet, ResolvedResource, ResolvedSpec } from "./resolved.js";
import type { Manifest } from "./schema.js";

// Types in resolved.ts, the per-call context in resolve-context.ts, and the per-entity steps in
// resolve-ops.ts, resolve-spells.ts and resolve-auras.ts; the types are re-exported here.
export type * from "./resolved.js";

function checkSpecialization(m: Manifest, bundle: DataBundle, file: string): void {
  const row = bundle.table("ChrSpecialization").byId(m.spec_id);
  if (!row) throw new ManifestError("INVALID_MANIFEST", file, "spec_id", `no ChrSpecialization row with ID ${m.spec_id}`);
  const mastery = row["MasterySpellID_0"];
  if (typeof mastery === "number" && mastery > 0 && mastery !== m.mastery.spell) {
    throw new ManifestError("INVALID_MANIFEST", file, "mastery.spell", `spec ${m.spec_id}'s mastery spell is ${mastery} (ChrSpecialization.MasterySpellID_0), not ${m.mastery.spell}`);
  }
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

/**
 * Resolve `m` (validated, from `file`) against the bundle's spell records (rules: file header).
 * Every declared spell, aura, proc and pet resolves whatever the talent choice, so a broken manifest
 * fails on every build, not only on the one that takes the broken talent; untaken talents then mark
 * spells/auras inactive, drop their procs and fold `if_talent` ops away.
 * Also checks the manifest against ChrSpecialization: the spec id must exist and, when the row names
 * a mastery spell, `mastery.spell` must be it.
 */
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
  m.mastery.resources?.forEach((d, k) => {
    const path = `mastery.resources[${k}]`;
    const res = resources.find((r) => r.name === d.resource);
    if (!res) throw new ManifestError("MANIFEST_UNKNOWN_NAME", file, `${path}.resource`, `unknown resource "${d.resource}" (declared: ${resources.map((r) => r.name).join(", ")})`);
    const pct = (index: number, what: string): number => {
      const e = c.effect(m.mastery.spell, index, `${path}.${what}`);
      if (e.bonus_coefficient === 0) throw new MissingSpellData(m.mastery.spell, "effect_bonus_coefficient", `${path}.${what}: effect ${index} EffectBonusCoefficient is 0`);
      return c.note(`${path}.${what}`, e.bonus_coefficient, "SpellEffect.EffectBonusCoefficient", m.mastery.spell);
    };
    if (d.max_effect !== undefined) res.masteryMaxPct = pct(d.max_effect, "max_effect");
    if (d.regen_effect !== undefined) res.masteryRegenPct = pct(d.regen_effect, "regen_effect");
  });

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
