// The resolved spec: a manifest with every number read (from the manifest or the spell records),
// the input of compileSpec (src/engine/compile.ts). Produced by resolveManifest (resolve.ts).
import type { TableOrigin } from "../data/types.js";
import type { AbsentDecl, AuraDecl, BuffEffectDecl, DamageDecl, Manifest, ProcDecl } from "./schema.js";

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
  /** A taken extra_targets talent: `count` more enemies hit for `fraction` (0..1) of the hit (Aspect of the Hydra). */
  extraTargets?: { count: number; fraction: number };
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
  | { op: "gain"; resource: string; amount: number; perTarget?: boolean; /** amount is a percent of the resource's compiled maximum */ ofMax?: boolean }
  | { op: "reduce_cooldown"; spell: string; ms: number; if_aura?: string }
  | { op: "reset_cooldown"; spell: string }
  | { op: "bank_damage"; aura: string; fraction: number; masteryScaled: boolean; /** false: only while the aura is up, no (re)application */ apply: boolean }
  | { op: "spread_bank"; aura: string; share: number; count: number }
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
  /** Percent per mastery point added to the maximum / regeneration (mastery.resources; folded at compile). */
  masteryMaxPct?: number;
  masteryRegenPct?: number;
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

export interface ResolveOptions {
  /** Talent names taken; default: the manifest's default set. Unknown names are an error. */
  talents?: readonly string[];
  /** The build's hero tree; default: the manifest's `hero_tree`. */
  heroTree?: string;
}
