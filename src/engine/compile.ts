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

import type { CompiledRotation, RotationJson, RotationSymbols } from "../rotation/index.js";
import { compileHonoured, type HonourInput, type RotationReport } from "../rotation/index.js";
import type { ResolvedAura, ResolvedDamage, ResolvedOp, ResolvedSpec } from "../manifest/resolve.js";
import type { AuraImage, BuffEffect, DamageEntry, ImpactProcImage, Op, PetImage, RppmImage, SpecImage, SpellImage } from "./image.js";
import type { Profile } from "./profile.js";
import type { CombatStats } from "../stats/combat-stats.js";
import { CombatsimError } from "../errors.js";
import { actorOption } from "../rotation/actor-options.js";
import { SPEC_CATALOG } from "../generated/catalog.js";

export class CompileError extends CombatsimError {
  constructor(detail: string) {
    super("COMPILE_UNSUPPORTED", `compileSpec: ${detail}`);
  }
}

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
  targets: number;
  targetArmor: number;
  armorK: number;
  /** Movement windows (fight style `movement`, seconds / yards; docs/fights.md). Absent: none. */
  movement?: { first: number; period: number; duration: number; distance: number };
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

function aoeOf(d: ResolvedDamage): DamageEntry["aoe"] {
  return d.aoe === "single" ? "single" : d.aoe;
}

export function compileSpec(input: CompileInput): CompiledSpec {
  const { spec, profile } = input;
  const spells: SpellImage[] = [];
  const damage: DamageEntry[] = [];
  const opLists: Op[][] = [];
  const auras: AuraImage[] = [];
  const pets: PetImage[] = [];
  const spellIdx = new Map<string, number>();
  const auraIdx = new Map<string, number>(spec.auras.map((a, i) => [a.name, i]));
  const resIdx = new Map<string, number>(spec.resources.map((r, i) => [r.name, i]));
  /** pet name → its PetImage indices (one per attack). */
  const petImages = new Map<string, number[]>();
  /** pet name → spell indices of its attack pseudo-spells. */
  const petAttackSpells = new Map<string, number[]>();
  /** aura name → the pseudo spell its tick damage is reported as (`<aura>_tick`): proc filters name auras. */
  const auraTickSpells = new Map<string, number>();

  const pseudoSpell = (name: string, id: number): number => {
    spells.push({ id, name, castMs: 0, startRecoveryCategory: 0, startRecoveryMs: 0 });
    return spells.length - 1;
  };

  // 1. castable spells (indices fixed first: the rotation names them)
  spec.spells.forEach((s) => {
    spellIdx.set(s.name, spells.length);
    spells.push({ id: s.id, name: s.name, castMs: 0, startRecoveryCategory: 0, startRecoveryMs: 0 });
  });
  // 2. auto attack
  let autoIdx = -1;
  if (spec.autoAttack) {
    autoIdx = pseudoSpell(spec.autoAttack.name, spec.autoAttack.spell);
    spellIdx.set(spec.autoAttack.name, autoIdx);
  }
  let offIdx = -1;
  if (spec.autoAttack?.offHand) {
    offIdx = pseudoSpell(spec.autoAttack.offHand.name, spec.autoAttack.spell);
    spellIdx.set(spec.autoAttack.offHand.name, offIdx);
  }
  // 3. pets: one PetImage + pseudo-spell + damage entry per attack
  let petCursor = 0;
  for (const p of spec.pets) {
    const imgs: number[] = [];
    const atkSpells: number[] = [];
    for (const _ of p.attacks) imgs.push(petCursor++);
    petImages.set(p.name, imgs);
    p.attacks.forEach((a, j) => {
      const si = pseudoSpell(a.name, a.spell);
      atkSpells.push(si);
      // a spell-power guardian's attack scales with the owner's spell power (no ap_ratio)
      damage.push(a.spCoef !== undefined
        ? { spell: si, kind: "sp", base: 0, coefficient: a.spCoef, school: a.school, pet: imgs[j]! }
        : { spell: si, kind: "ap", base: 0, coefficient: a.apCoef * p.apRatio, school: a.school, pet: imgs[j]! });
      pets.push({ name: a.name, melee: damage.length - 1, swingMs: a.intervalMs, startsActive: p.permanent, ...(p.timedCasts !== undefined ? { timedCasts: p.timedCasts } : {}) });
    });
    petAttackSpells.set(p.name, atkSpells);
  }
  const petRatio = (name: string | undefined): number => (name === undefined ? 1 : spec.pets.find((p) => p.name === name)!.apRatio);
  const firstPetImage = (name: string): number => petImages.get(name)![0]!;

  const addDamage = (spell: number, d: ResolvedDamage): number => {
    // Passive multipliers fold into the coefficient: the hit is coefficient × power × the run-time factors.
    const mult = d.mult ?? 1;
    const e: DamageEntry = d.spCoef !== undefined
      ? { spell, kind: "sp", base: 0, coefficient: d.spCoef * mult, school: d.school, aoe: aoeOf(d) }
      : { spell, kind: "ap", base: 0, coefficient: d.apCoef * petRatio(d.pet) * mult, school: d.school, aoe: aoeOf(d) };
    if (d.critBonus !== undefined && d.critBonus > 0) e.critBonus = d.critBonus;
    if (d.aoeCap !== undefined) e.aoeParam = d.aoeCap;
    if (d.critChanceScales) e.critChanceScales = true;
    if (d.critAboveHealth !== undefined) e.critAboveHealth = d.critAboveHealth;
    if (d.critBelowHealth !== undefined) e.critBelowHealth = d.critBelowHealth;
    if (d.critMult !== undefined && d.critMult !== 1) e.critMult = d.critMult;
    if (d.pet !== undefined) e.pet = firstPetImage(d.pet);
    if (d.weapon) e.weaponMultiplier = 1;
    damage.push(e);
    return damage.length - 1;
  };

  // A damage op is reported as the castable spell with its id when that spell deals no damage of its own
  // (Malefic Rapture's per-DoT hits), else as one pseudo spell `damage_<id>` shared by all ops of that id.
  const damageOpSpells = new Map<number, number>();
  const damageOpSpell = (id: number): number => {
    let si = damageOpSpells.get(id);
    if (si === undefined) {
      const owner = spec.spells.find((s) => s.id === id && !s.damage && !s.channel?.tickDamage);
      si = owner ? spellIdx.get(owner.name)! : pseudoSpell(`damage_${id}`, id);
      damageOpSpells.set(id, si);
    }
    return si;
  };

  const addList = (ops: Op[]): number => {
    opLists.push(ops);
    return opLists.length - 1;
  };
  const compileOps = (list: ResolvedOp[]): Op[] => {
    const out: Op[] = [];
    for (const op of list) {
      switch (op.op) {
        case "apply_aura":
          out.push({ op: "applyAura", aura: auraIdx.get(op.aura)!, stacks: op.stacks });
          break;
        case "remove_aura":
          out.push({ op: "consumeAura", aura: auraIdx.get(op.aura)!, stacks: op.stacks ?? 0 });
          break;
        case "gain":
          out.push(op.perTarget ? { op: "gainPerTarget", resource: resIdx.get(op.resource)!, amount: op.amount } : { op: "gainResource", resource: resIdx.get(op.resource)!, amount: op.amount });
          break;
        case "reduce_cooldown": {
          const reduce: Op = { op: "reduceCooldown", spell: spellIdx.get(op.spell)!, ms: op.ms };
          out.push(op.if_aura !== undefined ? { op: "ifAura", aura: auraIdx.get(op.if_aura)!, list: addList([reduce]) } : reduce);
          break;
        }
        case "reset_cooldown":
        case "add_charge":
          out.push({ op: "resetCooldown", spell: spellIdx.get(op.spell)! });
          break;
        case "damage": {
          const si = damageOpSpell(op.spell);
          const d: ResolvedDamage = { payloadSpell: op.spell, apCoef: op.apCoef, school: op.school, aoe: "single", weapon: false };
          if (op.spCoef !== undefined) d.spCoef = op.spCoef;
          if (op.mult !== undefined) d.mult = op.mult;
          if (op.pet !== undefined) d.pet = op.pet;
          const dd: Op = { op: "dealDamage", damage: addDamage(si, d) };
          if (op.perPoint) dd.perPoint = true;
          // coefficient + mastery points x masteryApCoef = coefficient x (1 + mastery points x masteryApCoef / coefficient)
          if (op.masteryApCoef !== undefined && op.masteryApCoef > 0 && op.apCoef > 0) dd.masteryScale = op.masteryApCoef / op.apCoef;
          out.push(dd);
          break;
        }
        case "damage_per_stack": {
          const si = damageOpSpell(op.spell);
          const d: ResolvedDamage = { payloadSpell: op.spell, apCoef: op.apCoef, school: op.school, aoe: "single", weapon: false };
          if (op.spCoef !== undefined) d.spCoef = op.spCoef;
          if (op.mult !== undefined) d.mult = op.mult;
          if (op.critMult !== 1) d.critMult = op.critMult;
          out.push({ op: "dealDamagePerStack", damage: addDamage(si, d), aura: op.aura !== undefined ? auraIdx.get(op.aura)! : -1, maxStacks: op.maxStacks });
          break;
        }
        case "stacks_to_resource":
          out.push({ op: "stacksToResource", aura: auraIdx.get(op.aura)!, resource: resIdx.get(op.resource)! });
          break;
        case "random_auras": {
          const ra: Op = { op: "randomAuras", auras: op.auras.map((a) => auraIdx.get(a)!), weights: op.weights, mode: op.mode };
          if (op.bumpAura !== undefined) ra.bumpAura = auraIdx.get(op.bumpAura)!;
          out.push(ra);
          break;
        }
        case "reduce_cooldown_per_point":
          out.push({ op: "reduceCooldownPerPoint", spell: spellIdx.get(op.spell)!, msPerPoint: op.ms });
          break;
        case "if_aura":
          out.push({ op: "ifAura", aura: auraIdx.get(op.aura)!, minStacks: op.minStacks, list: addList(compileOps(op.ops)) });
          break;
        case "if_no_aura":
          out.push({ op: "ifNotAura", aura: auraIdx.get(op.aura)!, list: addList(compileOps(op.ops)) });
          break;
        case "bank_damage":
          out.push({ op: "bankDamage", aura: auraIdx.get(op.aura)!, fraction: op.fraction, masteryScaled: op.masteryScaled, ...(op.apply ? {} : { apply: false }) });
          break;
        case "summon_pet":
          for (const pi of petImages.get(op.pet)!) out.push({ op: "summonPet", pet: pi, durationMs: op.durationMs });
          break;
        case "consume_pets": {
          // every attack image of the pet loses the instances; the ops run once per instance (first image)
          const imgs = petImages.get(op.pet)!;
          const list = addList(compileOps(op.ops));
          imgs.forEach((pi, k) => out.push({ op: "consumePets", pet: pi, max: op.max, list: k === 0 ? list : addList([]) }));
          break;
        }
      }
    }
    return out;
  };

  // 4. fill castable spells
  spec.spells.forEach((s, i) => {
    const img: SpellImage = {
      id: s.id,
      name: s.name,
      castMs: s.castMs,
      startRecoveryCategory: s.startRecoveryCategory,
      startRecoveryMs: s.startRecoveryMs,
      recoveryMs: s.recoveryMs,
      categoryId: s.categoryId,
      categoryRecoveryMs: s.categoryRecoveryMs,
      chargeCategoryId: s.chargeCategoryId,
      chargeRecoveryMs: s.chargeRecoveryMs,
      maxCharges: s.maxCharges,
    };
    if (!s.active) img.known = false;
    if (s.resource !== undefined) {
      const r = resIdx.get(s.resource)!;
      if (s.cost > 0) img.cost = { resource: r, amount: s.cost };
      if (s.gain > 0) img.gain = { resource: r, amount: s.gain };
    }
    if (s.damage) img.damage = addDamage(i, s.damage);
    if (s.onCast.length) img.hook = addList(compileOps(s.onCast));
    if (s.costAura !== undefined) img.costAura = auraIdx.get(s.costAura)!;
    if (s.channel) {
      // A game channel with a cooldown starts it (and runs on_cast) at the channel start: castSteps.
      // The engine's channel pays its primary cost per tick (channel.tick_cost; the contract zeroes a channel's
      // primary cost at the cast). A game channel that costs its resource once at the start (Boomstick: 50 focus)
      // is the secondary cost, which the engine pays at the cast for every spell: same resource, same amount.
      if (s.cost > 0) {
        if (s.channel.tickCost !== undefined && s.channel.tickCost > 0) throw new CompileError(`spell "${s.name}": a channel with both a start cost and a per-tick cost`);
        if (s.finisher) throw new CompileError(`spell "${s.name}": a channel cannot be a finisher`);
        img.cost2 = { resource: resIdx.get(s.resource!)!, amount: s.cost };
        delete img.cost;
      }
      img.channel = { durationMs: s.channel.durationMs, ticks: s.channel.ticks, hasted: s.channel.hasted, castSteps: true };
      if (s.channel.tickDamage) img.channel.tickDamage = addDamage(i, s.channel.tickDamage);
      if (s.channel.tickCost !== undefined && s.channel.tickCost > 0) {
        // the engine pays a channel's per-tick cost from spells[].cost.resource (amount 0: nothing at the start)
        img.cost = { resource: resIdx.get(s.resource!)!, amount: 0 };
        img.channel.tickCost = s.channel.tickCost;
      }
    }
    if (s.costBypassAura !== undefined) img.costBypassAura = auraIdx.get(s.costBypassAura)!;
    if (s.costPerStack) img.costPerStack = { aura: auraIdx.get(s.costPerStack.aura)!, perStack: s.costPerStack.perStack };
    if (s.castTimeMods.length) img.castTimeMods = s.castTimeMods.map((m) => ({ aura: auraIdx.get(m.aura)!, factor: m.factor }));
    if (s.finisher) {
      // points are the secondary cost: cost2 = the minimum, the engine spends up to maxPoints
      img.cost2 = { resource: resIdx.get(s.finisher.resource)!, amount: Math.max(s.finisher.minPoints, 1) };
      img.finisher = { maxPoints: s.finisher.maxPoints, msPerPoint: s.finisher.auraMsPerPoint };
      if (s.finisher.aura !== undefined) img.finisher.aura = auraIdx.get(s.finisher.aura)!;
    }
    spells[i] = img;
  });

  // 5. auras
  const buffEffects = (a: ResolvedAura): BuffEffect[] =>
    a.effects.map((e): BuffEffect => {
      switch (e.type) {
        case "haste":
          return { type: "haste", value: e.value };
        case "crit":
          return { type: "crit", value: e.value };
        case "mastery":
          return { type: "mastery", value: e.value };
        case "versatility":
          return { type: "versatility", value: e.value };
        case "primary_stat":
          return { type: "primaryStat", value: e.value };
        case "primary_stat_pct":
          // "Modify Total Stat%" (Arcane Intellect): percent of the character's primary stat, which the engine
          // holds as spell power (intellect) or attack power (agility / strength); exact while nothing else
          // scales the primary stat during the fight
          return { type: "primaryStat", value: (e.value / 100) * (spec.primaryStat === "intellect" ? input.stats.spellPower : input.stats.attackPower) };
        case "damage_mult":
        case "pet_damage_mult":
          return { type: "damageMult", value: e.value };
        case "damage_mult_school":
          return { type: "damageMultSchool", value: e.value, school: e.school! };
        case "damage_mult_spells": {
          // named spells, the tick pseudo-spells of named auras and the pseudo-spells of damage ops (by id)
          const list = (e.spells ?? []).map((n) => spellIdx.get(n)!);
          for (const n of e.auras ?? []) {
            const t = tickSpellIdx.get(n);
            if (t === undefined) throw new CompileError(`aura "${a.name}": damage_mult_spells names aura "${n}", which deals no tick damage`);
            list.push(t);
          }
          for (const id of e.ops ?? []) {
            const t = damageOpSpells.get(id);
            if (t === undefined) throw new CompileError(`aura "${a.name}": damage_mult_spells names op ${id}, which no damage op deals`);
            list.push(t);
          }
          if (e.additive && e.masteryCoef !== undefined) return { type: "damageMultSpellsAdditive", value: e.value, spells: list, masteryCoef: e.masteryCoef };
          return { type: e.additive ? "damageMultSpellsAdditive" : e.perStack === false ? "damageMultSpellsOnce" : "damageMultSpells", value: e.value, spells: list };
        }
        case "cleave":
          return { type: "cleave", value: e.value, count: e.count! };
        case "attack_speed":
          return { type: "attackSpeed", value: e.value };
        case "pet_attack_speed": {
          // pet auras sit on "the (main) pet" (engine): the first declared pet's attacks
          const main = spec.pets[0];
          if (!main) throw new CompileError(`aura "${a.name}": pet_attack_speed needs a pet`);
          return { type: "damageMultSpells", value: e.value, spells: petAttackSpells.get(main.name)! };
        }
      }
    });
  // effects naming auras' ticks or damage ops wait until every tick and op pseudo-spell exists (after step 6)
  const tickSpellIdx = new Map<string, number>();
  const deferredEffects: (() => void)[] = [];
  for (const a of spec.auras) {
    const deferred = a.effects.some((e) => e.auras?.length || e.ops?.length);
    const img: AuraImage = {
      name: a.name,
      owner: a.target,
      durationMs: a.durationMs,
      maxStacks: a.maxStacks,
      refresh: a.refresh === "duration" ? "refresh" : a.refresh,
      effects: deferred ? [] : buffEffects(a),
      appliesToPets: a.appliesToPets,
      tickMayCrit: a.tickMayCrit,
      snapshot: a.snapshot,
    };
    if (a.tickPeriodMs > 0) {
      img.tickPeriodMs = a.tickPeriodMs;
      img.tickHasted = a.tickHasted;
      const tickOps = compileOps(a.onTick);
      if (a.tickGain) tickOps.unshift({ op: "gainResource", resource: resIdx.get(a.tickGain.resource)!, amount: a.tickGain.amount });
      if (tickOps.length) img.tickOps = addList(tickOps);
      if (a.tickDamage) {
        const tickSpell = pseudoSpell(`${a.name}_tick`, a.id);
        tickSpellIdx.set(a.name, tickSpell);
        auraTickSpells.set(a.name, tickSpell);
        img.tickDamage = addDamage(tickSpell, a.tickDamage);
      }
    }
    if (a.residual) {
      // residual (Ignite): ticks deal the banked damage; the entry only attributes it ("<aura>_tick")
      img.residual = true;
      img.tickPeriodMs = a.tickPeriodMs;
      img.tickHasted = a.tickHasted;
      img.tickDamage = damage.push({ spell: pseudoSpell(`${a.name}_tick`, a.id), kind: "flat", base: 0, coefficient: 0, school: a.residual.school, canCrit: false }) - 1;
    }
    if (a.onExpire.length) img.onExpire = addList(compileOps(a.onExpire));
    if (deferred) deferredEffects.push(() => { img.effects = buffEffects(a); });
    auras.push(img);
  }

  // 6. procs
  const procs: ImpactProcImage[] = [];
  const rppm: RppmImage[] = [];
  const castHooks: number[] = [];
  for (const p of spec.procs) {
    let list = addList(compileOps(p.ops));
    // non-crit-only impact procs: the list runs behind an ifCrit(false) on the triggering hit
    if (p.nonCritOnly) list = addList([{ op: "ifCrit", crit: false, list }]);
    // a proc's auras all have tick damage (checked when the manifest is read): their ticks' pseudo spells;
    // an aura left out of this build (its talent not taken) never ticks and filters nothing
    const auraTicks = p.auras.flatMap((n) => (auraTickSpells.has(n) ? [auraTickSpells.get(n)!] : []));
    const filter = [...p.spells.map((n) => spellIdx.get(n)!), ...auraTicks];
    if (p.auras.length > 0 && filter.length === 0) continue; // every trigger is out of this build: the proc cannot fire
    if (p.trigger === "impact") {
      const img: ImpactProcImage = { name: p.name, chance: p.chance, list, critOnly: p.critOnly, periodicOnly: p.periodicOnly, skipPeriodic: p.skipPeriodic };
      if (filter.length) img.spells = filter;
      procs.push(img);
    } else if (p.trigger === "rppm") {
      rppm.push({ name: p.name, rppm: p.rppm, hasteScales: p.rppmHasteScales, blpEnabled: true });
      castHooks.push(addList([{ op: "rollRppm", tracker: rppm.length - 1, list }]));
    } else {
      // cast procs: on the listed spells' hooks, or after every cast
      const roll: Op = { op: "procChance", chance: p.chance, list };
      if (filter.length === 0) castHooks.push(addList([roll]));
      for (const si of filter) {
        const s = spells[si]!;
        if (s.hook === undefined) s.hook = addList([roll]);
        else opLists[s.hook]!.push(roll);
      }
    }
  }

  for (const fill of deferredEffects) fill();

  // 7. rotation
  const symbols: RotationSymbols = {
    spell: (n) => (spec.spells.some((s) => s.name === n) ? spellIdx.get(n) : undefined),
    aura: (n) => auraIdx.get(n),
    petAura: (n) => (spec.auras.find((a) => a.name === n)?.target === "pet" ? auraIdx.get(n) : undefined),
    resource: (n) => resIdx.get(n),
    pet: (n) => petImages.get(n)?.[0],
    // A modelled talent is 1 when taken; any other talent of the spec's trees is 0 (never taken).
    talent: (n) => (spec.allTalents.includes(n) ? spec.talents.includes(n) : spec.treeTalents.includes(n) ? false : undefined),
    heroTree: (n) => (spec.heroTrees.includes(n) ? spec.heroTree === n : undefined),
    castable: (n) => spec.spells.find((s) => s.name === n)?.active ?? true,
    activeEnemies: input.targets,
    ...(input.movement ? { movement: input.movement } : {}),
    actorOption: (n) => actorOption(SPEC_CATALOG.find((c) => c.specId === spec.specId)?.className, n),
    spellAura: (n) => spellAuraOf(spec, n, auraIdx),
    spellIsChannel: (n) => spec.spells.some((s) => s.name === n && s.channel !== undefined),
    // a name the modelled game version lacks (manifest `absent`): never active / castable / taken
    absent: (n, kind) => (Object.hasOwn(spec.absent, n) && spec.absent[n]!.kind === kind ? spec.absent[n] : undefined),
    expression: (n) => (Object.hasOwn(spec.expressions.defs, n) ? { text: spec.expressions.defs[n]!, file: spec.expressions.file, key: n } : undefined),
    gcdSpell: playerGcdSpell(spells),
    race: profile.race,
    potion: input.consumables?.potion,
    ...(input.consumables ? { utility: input.consumables.utility } : {}),
    // on the GCD = locked by the category-133 start recovery (docs/engine-image.md "OffGcdReady")
    offGcd: (i) => {
      const sp = spells[i];
      return sp !== undefined && (sp.startRecoveryCategory !== 133 || sp.startRecoveryMs <= 0);
    },
  };
  // engine fast-path opcodes and scan tables (docs/rotation.md §6); a SimC APL drops the lines it cannot honour
  const { compiled: rotation, report: rotationReport } = compileHonoured(input.rotationInput ?? { rotation: input.rotation, format: "json" }, symbols, input.rotationFile, { fast: true, scan: true });

  const coef = spec.mastery.coefficient;
  const s = input.stats;
  // mastery kind "spells": the named spells' damage entries and the damage ops' pseudo-spells (by id)
  const masterySpellList = (): number[] => [
    ...(spec.mastery.spells ?? []).map((n) => spellIdx.get(n)!),
    ...(spec.mastery.ops ?? []).map((id) => {
      const t = damageOpSpells.get(id);
      if (t === undefined) throw new CompileError(`mastery.ops names op ${id}, which no damage op deals`);
      return t;
    }),
  ];
  if (spec.mastery.kind === "pet") {
    const buff = spec.auras.find((a) => a.active && a.effects.some((e) => e.type === "mastery"));
    if (buff) throw new CompileError(`pet-only mastery cannot be folded: aura "${buff.name}" changes mastery during the fight`);
    const petMastery = 1 + s.mastery / 100; // s.mastery is already × coefficient (recompute)
    for (const d of damage) if (d.pet !== undefined) d.coefficient *= petMastery;
  }
  const image: SpecImage = {
    name: spec.spec,
    run: { durationMs: input.durationMs, ...(input.varyLength ? { varyLength: input.varyLength } : {}), targets: input.targets, targetArmor: input.targetArmor, armorK: input.armorK, ...pullAuraOf(spec, input.bloodlust !== false), ...(input.movement ? { movement: { firstMs: Math.round(input.movement.first * 1000), periodMs: Math.round(input.movement.period * 1000), durationMs: Math.round(input.movement.duration * 1000) } } : {}) },
    stats: {
      attackPower: s.attackPower,
      spellPower: s.spellPower,
      crit: s.crit,
      haste: s.haste,
      // the image applies the coefficient itself
      mastery: coef > 0 ? s.mastery / coef : 0,
      versatility: s.versatility,
      critDamageBonus: s.critDamageBonus,
    },
    mastery:
      spec.mastery.kind === "none"
        ? { kind: "none", coefficient: coef, appliesToPets: false }
        : spec.mastery.kind === "pet"
        ? { kind: "none", coefficient: coef, appliesToPets: false }
        : spec.mastery.kind === "random"
        // half the mastery value is the fixed bonus; each hit adds a uniform draw of the same size (engine)
        ? { kind: "random", coefficient: coef / 2, appliesToPets: false }
        : spec.mastery.kind === "school"
          ? { kind: "school", coefficient: coef, school: spec.mastery.school!, appliesToPets: false }
          : spec.mastery.kind === "spells"
            ? { kind: "spells", coefficient: coef, appliesToPets: false, spells: masterySpellList() }
          : spec.mastery.whileAura !== undefined
            ? { kind: "uniform", coefficient: coef, appliesToPets: true, whileAura: auraIdx.get(spec.mastery.whileAura)! }
            : { kind: "uniform", coefficient: coef, appliesToPets: true },
    resources: spec.resources.map((r) => ({ name: r.name, model: "generic", max: r.max, initial: r.initial, regenPerSec: r.regenPerSec, hasteScaled: r.hasteScaled })),
    spells,
    auras,
    damage,
    opLists,
    rotation: { kind: "bytecode", code: rotation.code, constants: rotation.constants, spells: rotation.spells, targetSpells: rotation.targetSpells, ...(rotation.castOnly ? { castOnly: true } : {}), ...(rotation.channels ? { channels: rotation.channels } : {}), ...(rotation.whileCasting ? { whileCasting: true } : {}) },
  };
  if (castHooks.length) image.castHooks = castHooks;
  if (spec.resources.some((r) => r.idleWake)) image.regenWake = true;
  if (procs.length) image.procs = procs;
  if (rppm.length) image.rppm = rppm;
  if (pets.length) image.pets = pets;
  if (spec.autoAttack) {
    const a = spec.autoAttack;
    const swingMs = a.swingMs ?? profile.weapon.speedMs;
    // passives multiply the whole swing: its attack-power part and its weapon roll
    const mult = a.mult ?? 1;
    const apCoef = (a.apCoef ?? swingMs / 1000 / 6) * mult;
    const weaponMultiplier = a.weaponMultiplier * mult;
    damage.push({ spell: autoIdx, kind: "ap", base: 0, coefficient: apCoef, weaponMultiplier, school: a.school });
    image.autoAttack = { damage: damage.length - 1, swingMs, weaponMin: profile.weapon.minDamage, weaponMax: profile.weapon.maxDamage };
    if (a.offHand) {
      // off hand: a copy of the profile weapon; the whole swing (weapon roll and AP part) x the off-hand factor
      const f = a.offHand.damageFactor;
      damage.push({ spell: offIdx, kind: "ap", base: 0, coefficient: apCoef * f, weaponMultiplier: weaponMultiplier * f, school: a.school });
      image.autoAttack.offHandDamage = damage.length - 1;
    }
  }
  return {
    image,
    rotation,
    rotationReport,
    symbols: {
      spells: new Map([...spellIdx].filter(([n]) => spec.spells.some((s) => s.name === n))),
      auras: auraIdx,
      pets: new Map([...petImages].map(([n, v]) => [n, v[0]!])),
    },
  };
}

/**
 * The aura a spell's bare `remains` / `ticking` / `refreshable` refer to in its own APL entry (SimC's
 * action scope: the action's DoT). An aura with the spell's own name (SimC names a DoT after its action:
 * `rupture`, `agony`, `serpent_sting`), else the first aura its on_cast applies (at any if_aura depth);
 * undefined when it applies none.
 */
function spellAuraOf(spec: ResolvedSpec, name: string, auraIdx: ReadonlyMap<string, number>): number | undefined {
  const spell = spec.spells.find((s) => s.name === name);
  if (spell === undefined) return undefined;
  const own = auraIdx.get(name);
  if (own !== undefined) return own;
  const first = (ops: readonly ResolvedOp[]): string | undefined => {
    for (const op of ops) {
      if (op.op === "apply_aura") return op.aura;
      if (op.op === "if_aura") {
        const inner = first(op.ops);
        if (inner !== undefined) return inner;
      }
    }
    return undefined;
  };
  const applied = first(spell.onCast);
  return applied === undefined ? undefined : auraIdx.get(applied);
}

/**
 * The spell whose GCD stands for the player's (`gcd.max`): the commonest start recovery among the
 * known on-GCD spells (1.5 s for most specs, 1 s for rogues), its first spell. Undefined when no spell
 * triggers a GCD (the engine then answers the standard 1.5 s, hasted).
 */
function playerGcdSpell(spells: readonly SpellImage[]): number | undefined {
  const count = new Map<string, { n: number; first: number }>();
  spells.forEach((s, i) => {
    if (s === undefined || s.known === false || !(s.startRecoveryMs > 0)) return;
    const key = `${s.startRecoveryMs}:${s.gcdHasted ?? s.startRecoveryCategory === 133}`;
    const c = count.get(key);
    if (c === undefined) count.set(key, { n: 1, first: i });
    else c.n++;
  });
  let best: { n: number; first: number } | undefined;
  for (const c of count.values()) if (best === undefined || c.n > best.n || (c.n === best.n && c.first < best.first)) best = c;
  return best?.first;
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
