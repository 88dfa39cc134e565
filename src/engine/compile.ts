// compileSpec: resolved manifest + game data + profile + rotation → SpecImage (src/engine/image.ts),
// the flat description the wasm engine runs.
//
// Index layout of `spells` (what the per-spell breakdown reports):
//   [manifest spells in file order] [auto attack] [one pseudo-spell per pet attack]
//   [one pseudo-spell per periodic-damage aura: "<aura>_tick"] [one per op-list damage op]
// Only manifest spells are castable; untalented ones are kept as `known: false` placeholders so a
// rotation may name them behind `talent.X` (the compiler folds those entries away).
//
// Mapping decisions (manifest → engine):
// - A pet with several attacks becomes one PetImage per attack (same lifetime: summoned together);
//   the rotation's `pet.<name>` is the first of them. Pet damage coefficients are multiplied by the
//   pet's ap_ratio (the engine gives pets the player's attack power).
// - mastery kind "pet" (Beast Mastery: mastery multiplies pet damage only). The engine's mastery kinds
//   are uniform / school, each optionally extended to pets; none is "pets only". As long as nothing
//   changes mastery during the fight (no aura with a mastery effect), the pet mastery multiplier
//   1 + mastery% / 100 is a constant, so it is folded into every pet damage coefficient (exact: all
//   damage modifiers are multiplicative) and the engine mastery is "none". With a mastery buff present
//   compileSpec throws COMPILE_UNSUPPORTED instead of silently mis-modelling it.
// - add_charge = RESET_COOLDOWN (on a charge pool: completes the running recharge, +1 charge).
// - pet_attack_speed = damageMultSpells over the pet's attack pseudo-spells (see the manifest note).
// - pet_damage_mult = damageMult on a pet-owned aura.
// - Auto attack AP coefficient, when the manifest gives none: swing seconds / 6 (AP / 6 DPS).
// - A manifest channel = ChannelImage with castSteps (cooldown + on_cast at the channel start); its
//   tick damage is attributed to the channel spell. remove_aura with stacks = CONSUME_AURA of that many.

import type { CompiledRotation, RotationJson } from "../rotation/index.js";
import type { HonourInput, RotationReport } from "../rotation/index.js";
import type { ResolvedSpec } from "../manifest/resolve.js";
import type { MasteryImage, SpecImage } from "./image.js";
import type { Profile } from "./profile.js";
import type { CombatStats } from "../stats/combat-stats.js";
import { compileAuras } from "./compile-auras.js";
import { SpecBuilder } from "./compile-builder.js";
import { CompileError } from "./compile-error.js";
import { compileProcs } from "./compile-procs.js";
import { foldMasteryResource, masteryPoints } from "./mastery-resources.js";
import { compileSpecRotation } from "./compile-rotation.js";
import { autoAttackSpells, compileAutoAttack, compilePets, fillCastableSpells, reserveCastableSpells } from "./compile-spells.js";

export { CompileError };

export interface CompileInput {
  spec: ResolvedSpec;
  profile: Profile;
  /** Stats from profileStats with the spec's coefficient (mastery after the coefficient). */
  stats: CombatStats;
  rotation: RotationJson;
  rotationFile: string;
  /** The rotation with its line origins (a SimC APL, strict mode): lines the compiler refuses are dropped and reported. Default: `rotation`, strict. */
  rotationInput?: HonourInput;
  durationMs: number;
  /** Fight length ± fraction per iteration (RunConfig.varyLength; default 0 = fixed). */
  varyLength?: number;
  /** The engine's target slots (with add waves: the enemies up the whole time + a wave's adds). */
  targets: number;
  targetArmor: number;
  armorK: number;
  /** Movement windows (fight style `movement`, seconds / yards; docs/fights.md). Absent: none. */
  movement?: { first: number; period: number; duration: number; distance: number };
  /** Add waves (fight style `adds`, seconds; docs/fights.md). Absent: none. */
  adds?: { count: number; first: number; cooldown: number; duration: number; last: number };
  /** Apply the manifest's `at_pull` raid buff (Bloodlust) at t = 0; default true (SimC's optimal_raid / override.bloodlust default). */
  bloodlust?: boolean;
  /** The run's potion and the verdicts on the consumable / racial spells left out (src/engine/consumables.ts). */
  consumables?: { potion: string | undefined; utility: (name: string) => { noop: string } | { refuse: string } | undefined };
}

export interface CompiledSpec {
  image: SpecImage;
  rotation: CompiledRotation;
  /** Lines honoured / ignored (result.rotation). */
  rotationReport: RotationReport;
  /** Rotation name → index maps (for tests / reporting). */
  symbols: { spells: Map<string, number>; auras: Map<string, number>; pets: Map<string, number> };
}

const msOf = (s: number) => Math.round(s * 1000);

/** run.movement / run.adds from the fight style's plan (assembly/engine/raid-events.ts, raid-adds.ts). */
function raidEventsRun(input: CompileInput): Pick<SpecImage["run"], "movement" | "adds"> {
  const m = input.movement;
  const a = input.adds;
  return {
    ...(m ? { movement: { firstMs: msOf(m.first), periodMs: msOf(m.period), durationMs: msOf(m.duration) } } : {}),
    ...(a ? { adds: { count: a.count, firstMs: msOf(a.first), cooldownMs: msOf(a.cooldown), durationMs: msOf(a.duration), lastMs: msOf(a.last) } } : {}),
  };
}

/** The steps in index-layout order (see the head of this file); each appends to the builder. */
export function compileSpec(input: CompileInput): CompiledSpec {
  const { spec, profile } = input;
  const b = new SpecBuilder(spec, input.stats);
  reserveCastableSpells(b);
  const swings = autoAttackSpells(b);
  compilePets(b);
  fillCastableSpells(b);
  const deferredEffects = compileAuras(b);
  const { procs, rppm, castHooks } = compileProcs(b);
  for (const fill of deferredEffects) fill();
  const { rotation, rotationReport } = compileSpecRotation(b, input);
  const mastery = masteryImage(b, input.stats);
  const image: SpecImage = {
    name: spec.spec,
    run: { durationMs: input.durationMs, ...(input.varyLength ? { varyLength: input.varyLength } : {}), targets: input.targets, targetArmor: input.targetArmor, armorK: input.armorK, ...pullAuraOf(spec, input.bloodlust !== false), ...raidEventsRun(input) },
    stats: statsImage(input.stats, spec.mastery.coefficient),
    mastery,
    resources: spec.resources.map((r) => ({ name: r.name, model: "generic", ...foldMasteryResource(spec, r, masteryPoints(spec, input.stats)), hasteScaled: r.hasteScaled })),
    spells: b.spells,
    auras: b.auras,
    damage: b.damage,
    opLists: b.opLists,
    rotation: { kind: "bytecode", code: rotation.code, constants: rotation.constants, spells: rotation.spells, targetSpells: rotation.targetSpells, ...(rotation.castOnly ? { castOnly: true } : {}), ...(rotation.channels ? { channels: rotation.channels } : {}), ...(rotation.whileCasting ? { whileCasting: true } : {}) },
  };
  if (castHooks.length) image.castHooks = castHooks;
  if (spec.resources.some((r) => r.idleWake)) image.regenWake = true;
  if (procs.length) image.procs = procs;
  if (rppm.length) image.rppm = rppm;
  if (b.pets.length) image.pets = b.pets;
  const autoAttack = compileAutoAttack(b, profile, swings);
  if (autoAttack) image.autoAttack = autoAttack;
  return {
    image,
    rotation,
    rotationReport,
    symbols: {
      spells: new Map([...b.spellIdx].filter(([n]) => spec.spells.some((s) => s.name === n))),
      auras: b.auraIdx,
      pets: new Map([...b.petImages].map(([n, v]) => [n, v[0]!])),
    },
  };
}

function statsImage(s: CombatStats, coef: number): SpecImage["stats"] {
  return {
    attackPower: s.attackPower,
    spellPower: s.spellPower,
    crit: s.crit,
    haste: s.haste,
    // the image applies the coefficient itself
    mastery: coef > 0 ? s.mastery / coef : 0,
    versatility: s.versatility,
    critDamageBonus: s.critDamageBonus,
  };
}

/**
 * The engine's mastery model for the spec's. A pet-only mastery is folded into the pet damage
 * coefficients here (the engine mastery is then "none"; see the head of this file).
 */
function masteryImage(b: SpecBuilder, s: CombatStats): MasteryImage {
  const m = b.spec.mastery;
  const coef = m.coefficient;
  switch (m.kind) {
    case "none":
      return { kind: "none", coefficient: coef, appliesToPets: false };
    case "pet":
      foldPetMastery(b, s);
      return { kind: "none", coefficient: coef, appliesToPets: false };
    case "random":
      // half the mastery value is the fixed bonus; each hit adds a uniform draw of the same size (engine)
      return { kind: "random", coefficient: coef / 2, appliesToPets: false };
    case "school":
      return { kind: "school", coefficient: coef, school: m.school!, appliesToPets: false };
    case "spells":
      return { kind: "spells", coefficient: coef, appliesToPets: false, spells: masterySpellList(b) };
    default:
      return m.whileAura !== undefined
        ? { kind: "uniform", coefficient: coef, appliesToPets: true, whileAura: b.auraIdx.get(m.whileAura)! }
        : { kind: "uniform", coefficient: coef, appliesToPets: true };
  }
}

function foldPetMastery(b: SpecBuilder, s: CombatStats): void {
  const buff = b.spec.auras.find((a) => a.active && a.effects.some((e) => e.type === "mastery"));
  if (buff) throw new CompileError(`pet-only mastery cannot be folded: aura "${buff.name}" changes mastery during the fight`);
  const petMastery = 1 + s.mastery / 100; // s.mastery is already × coefficient (recompute)
  for (const d of b.damage) if (d.pet !== undefined) d.coefficient *= petMastery;
}

/** Mastery kind "spells": the named spells' damage entries and the damage ops' pseudo-spells (by id). */
function masterySpellList(b: SpecBuilder): number[] {
  return [
    ...(b.spec.mastery.spells ?? []).map((n) => b.spellIdx.get(n)!),
    ...(b.spec.mastery.ops ?? []).map((id) => {
      const t = b.damageOpSpells.get(id);
      if (t === undefined) throw new CompileError(`mastery.ops names op ${id}, which no damage op deals`);
      return t;
    }),
  ];
}

/**
 * The aura applied at t = 0 of every iteration: the manifest's `at_pull` aura (the Bloodlust raid buff,
 * SimC's default: optimal_raid=1 casts it at the pull), unless the run turns it off. One at most: the
 * image has a single pull slot (H_PULL_AURA).
 */
function pullAuraOf(spec: ResolvedSpec, on: boolean): { pullAura?: number; combatStartAuras?: number[]; mirrorAura?: number; mirrorFraction?: number } {
  const idx = spec.auras.flatMap((a, i) => (a.atPull ? [i] : []));
  if (idx.length > 1) throw new CompileError(`at most one at_pull aura, got ${idx.map((i) => spec.auras[i]!.name).join(", ")}`);
  // the build's timers the game starts on entering combat (`at_combat_start`, taken talents only)
  const start = spec.auras.flatMap((a, i) => (a.atCombatStart === true && a.active ? [i] : []));
  // the hit mirror (Havoc, `mirror_hits`): one aura at most, only when its talent is taken
  const mirrors = spec.auras.flatMap((a, i) => (a.mirrorHits !== undefined ? [i] : []));
  if (mirrors.length > 1) throw new CompileError(`at most one mirror_hits aura, got ${mirrors.map((i) => spec.auras[i]!.name).join(", ")}`);
  const m = mirrors.length === 1 && spec.auras[mirrors[0]!]!.active ? { mirrorAura: mirrors[0]!, mirrorFraction: spec.auras[mirrors[0]!]!.mirrorHits! } : {};
  return { ...(on && idx.length === 1 ? { pullAura: idx[0]! } : {}), ...(start.length > 0 ? { combatStartAuras: start } : {}), ...m };
}
