// Manifest ops (ResolvedOp, names) → engine ops (Op, indices): a dispatcher over one small compiler
// per op kind (the shape of wowsims' apl_value.go). Nested op lists become op lists of their own.
import type { ResolvedDamage, ResolvedOp } from "../manifest/resolve.js";
import type { SpecBuilder } from "./compile-builder.js";
import type { Op } from "./image.js";

type OpOf<K extends ResolvedOp["op"]> = Extract<ResolvedOp, { op: K }>;
/** Appends the engine ops for one manifest op of kind K to `out`. */
type OpCompiler<K extends ResolvedOp["op"]> = (b: SpecBuilder, op: OpOf<K>, out: Op[]) => void;

export function compileOps(b: SpecBuilder, list: readonly ResolvedOp[]): Op[] {
  const out: Op[] = [];
  for (const op of list) (OP_COMPILERS[op.op] as OpCompiler<ResolvedOp["op"]>)(b, op, out);
  return out;
}

/** The damage entry of a damage op: the payload spell's own coefficients, single target, no weapon. */
function opDamage(op: OpOf<"damage"> | OpOf<"damage_per_stack">): ResolvedDamage {
  const d: ResolvedDamage = { payloadSpell: op.spell, apCoef: op.apCoef, school: op.school, aoe: "single", weapon: false };
  if (op.spCoef !== undefined) d.spCoef = op.spCoef;
  if (op.mult !== undefined) d.mult = op.mult;
  return d;
}

const reduceCooldown: OpCompiler<"reduce_cooldown"> = (b, op, out) => {
  const reduce: Op = { op: "reduceCooldown", spell: b.spellIdx.get(op.spell)!, ms: op.ms };
  out.push(op.if_aura !== undefined ? { op: "ifAura", aura: b.auraIdx.get(op.if_aura)!, list: b.addList([reduce]) } : reduce);
};

const resetCooldown = (b: SpecBuilder, op: OpOf<"reset_cooldown" | "add_charge">, out: Op[]): void => {
  out.push({ op: "resetCooldown", spell: b.spellIdx.get(op.spell)! });
};

const damage: OpCompiler<"damage"> = (b, op, out) => {
  const si = b.damageOpSpell(op.spell);
  const d = opDamage(op);
  if (op.pet !== undefined) d.pet = op.pet;
  const dd: Op = { op: "dealDamage", damage: b.addDamage(si, d) };
  if (op.perPoint) dd.perPoint = true;
  // coefficient + mastery points x masteryApCoef = coefficient x (1 + mastery points x masteryApCoef / coefficient)
  if (op.masteryApCoef !== undefined && op.masteryApCoef > 0 && op.apCoef > 0) dd.masteryScale = op.masteryApCoef / op.apCoef;
  out.push(dd);
};

const damagePerStack: OpCompiler<"damage_per_stack"> = (b, op, out) => {
  const si = b.damageOpSpell(op.spell);
  const d = opDamage(op);
  if (op.critMult !== 1) d.critMult = op.critMult;
  out.push({ op: "dealDamagePerStack", damage: b.addDamage(si, d), aura: op.aura !== undefined ? b.auraIdx.get(op.aura)! : -1, maxStacks: op.maxStacks });
};

const randomAuras: OpCompiler<"random_auras"> = (b, op, out) => {
  const ra: Op = { op: "randomAuras", auras: op.auras.map((a) => b.auraIdx.get(a)!), weights: op.weights, mode: op.mode };
  if (op.bumpAura !== undefined) ra.bumpAura = b.auraIdx.get(op.bumpAura)!;
  out.push(ra);
};

const consumePets: OpCompiler<"consume_pets"> = (b, op, out) => {
  // every attack image of the pet loses the instances; the ops run once per instance (first image)
  const imgs = b.petImages.get(op.pet)!;
  const list = b.addOps(op.ops);
  imgs.forEach((pi, k) => out.push({ op: "consumePets", pet: pi, max: op.max, list: k === 0 ? list : b.addList([]) }));
};

const OP_COMPILERS: { [K in ResolvedOp["op"]]: OpCompiler<K> } = {
  apply_aura: (b, op, out) => out.push({ op: "applyAura", aura: b.auraIdx.get(op.aura)!, stacks: op.stacks }),
  remove_aura: (b, op, out) => out.push({ op: "consumeAura", aura: b.auraIdx.get(op.aura)!, stacks: op.stacks ?? 0 }),
  gain: (b, op, out) => {
    // percent_of_max: a share of the maximum the image runs with (mastery-raised maxima folded, mastery-resources.ts)
    const amount = op.ofMax ? (op.amount / 100) * b.resourceMax(op.resource) : op.amount;
    out.push(op.perTarget ? { op: "gainPerTarget", resource: b.resIdx.get(op.resource)!, amount } : { op: "gainResource", resource: b.resIdx.get(op.resource)!, amount });
  },
  reduce_cooldown: reduceCooldown,
  reset_cooldown: resetCooldown,
  add_charge: resetCooldown,
  damage,
  damage_per_stack: damagePerStack,
  stacks_to_resource: (b, op, out) => out.push({ op: "stacksToResource", aura: b.auraIdx.get(op.aura)!, resource: b.resIdx.get(op.resource)! }),
  random_auras: randomAuras,
  reduce_cooldown_per_point: (b, op, out) => out.push({ op: "reduceCooldownPerPoint", spell: b.spellIdx.get(op.spell)!, msPerPoint: op.ms }),
  if_aura: (b, op, out) => out.push({ op: "ifAura", aura: b.auraIdx.get(op.aura)!, minStacks: op.minStacks, list: b.addOps(op.ops) }),
  if_no_aura: (b, op, out) => out.push({ op: "ifNotAura", aura: b.auraIdx.get(op.aura)!, list: b.addOps(op.ops) }),
  bank_damage: (b, op, out) =>
    out.push({ op: "bankDamage", aura: b.auraIdx.get(op.aura)!, fraction: op.fraction, masteryScaled: op.masteryScaled, ...(op.apply ? {} : { apply: false }) }),
  spread_bank: (b, op, out) => {
    if (op.count > 0 && op.share > 0) out.push({ op: "spreadBank", aura: b.auraIdx.get(op.aura)!, share: op.share, count: op.count });
  },
  summon_pet: (b, op, out) => {
    for (const pi of b.petImages.get(op.pet)!) out.push({ op: "summonPet", pet: pi, durationMs: op.durationMs });
  },
  consume_pets: consumePets,
};
