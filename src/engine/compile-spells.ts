// compileSpec steps for spells: the castable spells' indices, the auto attack and pet pseudo-spells,
// the castable spells' records, and the auto attack's damage entries.
import type { ResolvedSpell } from "../manifest/resolve.js";
import type { SpecBuilder } from "./compile-builder.js";
import { CompileError } from "./compile-error.js";
import type { AutoAttackImage, SpellImage } from "./image.js";
import type { Profile } from "./profile.js";

/** Castable spells get the first indices (the rotation names them); records are filled by fillCastableSpells. */
export function reserveCastableSpells(b: SpecBuilder): void {
  b.spec.spells.forEach((s) => {
    b.spellIdx.set(s.name, b.spells.length);
    b.spells.push({ id: s.id, name: s.name, castMs: 0, startRecoveryCategory: 0, startRecoveryMs: 0 });
  });
}

/** The main- and off-hand swing pseudo-spells (-1: none). */
export function autoAttackSpells(b: SpecBuilder): { main: number; off: number } {
  const aa = b.spec.autoAttack;
  let main = -1;
  if (aa) {
    main = b.pseudoSpell(aa.name, aa.spell);
    b.spellIdx.set(aa.name, main);
  }
  let off = -1;
  if (aa?.offHand) {
    off = b.pseudoSpell(aa.offHand.name, aa.spell);
    b.spellIdx.set(aa.offHand.name, off);
  }
  return { main, off };
}

/** Pets: one PetImage + pseudo-spell + damage entry per attack. */
export function compilePets(b: SpecBuilder): void {
  let petCursor = 0;
  for (const p of b.spec.pets) {
    const imgs: number[] = [];
    const atkSpells: number[] = [];
    for (const _ of p.attacks) imgs.push(petCursor++);
    b.petImages.set(p.name, imgs);
    p.attacks.forEach((a, j) => {
      const si = b.pseudoSpell(a.name, a.spell);
      atkSpells.push(si);
      // a spell-power guardian's attack scales with the owner's spell power (no ap_ratio)
      b.damage.push(a.spCoef !== undefined
        ? { spell: si, kind: "sp", base: 0, coefficient: a.spCoef, school: a.school, pet: imgs[j]! }
        : { spell: si, kind: "ap", base: 0, coefficient: a.apCoef * p.apRatio, school: a.school, pet: imgs[j]! });
      b.pets.push({ name: a.name, melee: b.damage.length - 1, swingMs: a.intervalMs, startsActive: p.permanent, ...(p.timedCasts !== undefined ? { timedCasts: p.timedCasts } : {}) });
    });
    b.petAttackSpells.set(p.name, atkSpells);
  }
}

export function fillCastableSpells(b: SpecBuilder): void {
  b.spec.spells.forEach((s, i) => {
    b.spells[i] = castableSpell(b, s, i);
  });
}

function castableSpell(b: SpecBuilder, s: ResolvedSpell, i: number): SpellImage {
  const { auraIdx, resIdx } = b;
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
  if (s.damage) img.damage = b.addDamage(i, s.damage);
  if (s.onCast.length) img.hook = b.addOps(s.onCast);
  if (s.costAura !== undefined) img.costAura = auraIdx.get(s.costAura)!;
  if (s.channel) compileChannel(b, s, i, img);
  if (s.costBypassAura !== undefined) img.costBypassAura = auraIdx.get(s.costBypassAura)!;
  if (s.costPerStack) img.costPerStack = { aura: auraIdx.get(s.costPerStack.aura)!, perStack: s.costPerStack.perStack };
  if (s.castTimeMods.length) img.castTimeMods = s.castTimeMods.map((m) => ({ aura: auraIdx.get(m.aura)!, factor: m.factor }));
  if (s.finisher) {
    // points are the secondary cost: cost2 = the minimum, the engine spends up to maxPoints
    img.cost2 = { resource: resIdx.get(s.finisher.resource)!, amount: Math.max(s.finisher.minPoints, 1) };
    img.finisher = { maxPoints: s.finisher.maxPoints, msPerPoint: s.finisher.auraMsPerPoint };
    if (s.finisher.aura !== undefined) img.finisher.aura = auraIdx.get(s.finisher.aura)!;
  }
  return img;
}

function compileChannel(b: SpecBuilder, s: ResolvedSpell, i: number, img: SpellImage): void {
  const channel = s.channel!;
  // A game channel with a cooldown starts it (and runs on_cast) at the channel start: castSteps.
  // The engine's channel pays its primary cost per tick (channel.tick_cost; the contract zeroes a channel's
  // primary cost at the cast). A game channel that costs its resource once at the start (Boomstick: 50 focus)
  // is the secondary cost, which the engine pays at the cast for every spell: same resource, same amount.
  if (s.cost > 0) {
    if (channel.tickCost !== undefined && channel.tickCost > 0) throw new CompileError(`spell "${s.name}": a channel with both a start cost and a per-tick cost`);
    if (s.finisher) throw new CompileError(`spell "${s.name}": a channel cannot be a finisher`);
    img.cost2 = { resource: b.resIdx.get(s.resource!)!, amount: s.cost };
    delete img.cost;
  }
  img.channel = { durationMs: channel.durationMs, ticks: channel.ticks, hasted: channel.hasted, castSteps: true };
  if (channel.tickDamage) img.channel.tickDamage = b.addDamage(i, channel.tickDamage);
  if (channel.tickCost !== undefined && channel.tickCost > 0) {
    // the engine pays a channel's per-tick cost from spells[].cost.resource (amount 0: nothing at the start)
    img.cost = { resource: b.resIdx.get(s.resource!)!, amount: 0 };
    img.channel.tickCost = channel.tickCost;
  }
}

/** The auto attack's damage entries (pushed last: after every other entry) and its AutoAttackImage. */
export function compileAutoAttack(b: SpecBuilder, profile: Profile, swings: { main: number; off: number }): AutoAttackImage | undefined {
  const a = b.spec.autoAttack;
  if (!a) return undefined;
  const swingMs = a.swingMs ?? profile.weapon.speedMs;
  // passives multiply the whole swing: its attack-power part and its weapon roll
  const mult = a.mult ?? 1;
  const apCoef = (a.apCoef ?? swingMs / 1000 / 6) * mult;
  const weaponMultiplier = a.weaponMultiplier * mult;
  b.damage.push({ spell: swings.main, kind: "ap", base: 0, coefficient: apCoef, weaponMultiplier, school: a.school });
  const image: AutoAttackImage = { damage: b.damage.length - 1, swingMs, weaponMin: profile.weapon.minDamage, weaponMax: profile.weapon.maxDamage };
  if (a.offHand) {
    // off hand: a copy of the profile weapon; the whole swing (weapon roll and AP part) x the off-hand factor
    const f = a.offHand.damageFactor;
    b.damage.push({ spell: swings.off, kind: "ap", base: 0, coefficient: apCoef * f, weaponMultiplier: weaponMultiplier * f, school: a.school });
    image.offHandDamage = b.damage.length - 1;
  }
  return image;
}
