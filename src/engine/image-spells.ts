// Encoding steps for spells: the cooldown pools (raw game ids → dense indices), the 40-slot spell
// record, its tail slots, cooldown-reduction records and the shared charge pools.
import type { ResourceAmount, SpellImage } from "./image.js";
import { CDR_CODES, GCD_START_RECOVERY_CATEGORY, STRIDE } from "./image-layout.js";
import type { EncodedImage, ImageWriter } from "./image-writer.js";

/** Dense cooldown pools, numbered in the order spells first use them. */
export interface CooldownPools {
  /** Start-recovery category → lock index. */
  locks: Map<number, number>;
  /** Cooldown category → category pool index. */
  cats: Map<number, number>;
  /** `category:<id>` / `spell:<index>` → charge pool index. */
  charges: Map<string, number>;
  chargeInfo: EncodedImage["chargePools"];
}

/**
 * Spell records (slots 0-33) and their cooldown-reduction records, then the tail slots, then the
 * cdr and charge-pool sections. Returns the pools and the stack-scaled costs (header 79/80).
 */
export function encodeSpells(w: ImageWriter): { pools: CooldownPools; stackCost: number[] } {
  const pools: CooldownPools = { locks: new Map(), cats: new Map(), charges: new Map(), chargeInfo: [] };
  const cdrRecs: number[][] = [];
  w.spells.forEach((s, i) => encodeSpell(w, s, i, pools, cdrRecs));
  const stackCost = spellStackCosts(w);
  w.spells.forEach((s, i) => encodeSpellTail(w, s, i));
  for (const c of cdrRecs) w.rec("cdr", c);
  for (const c of pools.chargeInfo) w.rec("chargePools", [c.maxCharges, c.rechargeMs]);
  return { pools, stackCost };
}

/** The dense pool index of `key`, numbering new keys in order of first use. */
function denseIndex<K>(pool: Map<K, number>, key: K): number {
  if (!pool.has(key)) pool.set(key, pool.size);
  return pool.get(key)!;
}

function chargePoolOf(w: ImageWriter, s: SpellImage, i: number, p: string, pools: CooldownPools): number {
  const { fail, num } = w;
  const chargeId = num(s.chargeCategoryId, `${p}.chargeCategoryId`, { int: true, min: 0, def: 0 });
  const maxCharges = num(s.maxCharges, `${p}.maxCharges`, { int: true, min: 0, def: 0 });
  if (!(chargeId > 0 || maxCharges > 1)) return -1;
  const key = chargeId > 0 ? `category:${chargeId}` : `spell:${i}`;
  const mc = Math.max(1, maxCharges);
  const rech = num(s.chargeRecoveryMs, `${p}.chargeRecoveryMs`, { min: 1 });
  const existing = pools.charges.get(key);
  if (existing === undefined) {
    pools.charges.set(key, pools.chargeInfo.length);
    pools.chargeInfo.push({ key, maxCharges: mc, rechargeMs: rech });
  } else {
    const c = pools.chargeInfo[existing]!;
    if (c.maxCharges !== mc || c.rechargeMs !== rech) {
      fail(p, `charge category ${chargeId} disagrees with an earlier spell (maxCharges ${c.maxCharges} vs ${mc}, chargeRecoveryMs ${c.rechargeMs} vs ${rech})`);
    }
  }
  return pools.charges.get(key)!;
}

/** Channel slots 20-25: flag, duration, ticks, hasted, per-tick cost, tick damage. */
function channelSlots(w: ImageWriter, s: SpellImage, p: string, costRes: number): number[] {
  const { fail, num, bool, dmgIdx } = w;
  const ch = s.channel;
  if (ch === undefined) return [0, 0, 0, 0, 0, -1];
  const cp = `${p}.channel`;
  const slots = [
    1, num(ch.durationMs, `${cp}.durationMs`, { min: 1 }), num(ch.ticks, `${cp}.ticks`, { int: true, min: 1, max: 1000 }),
    bool(ch.hasted, `${cp}.hasted`, true), num(ch.tickCost, `${cp}.tickCost`, { min: 0, def: 0 }),
    dmgIdx(ch.tickDamage, `${cp}.tickDamage`),
  ];
  if ((ch.tickCost ?? 0) > 0 && costRes < 0) fail(`${cp}.tickCost`, "a per-tick cost needs spells[].cost.resource");
  return slots;
}

function encodeSpell(w: ImageWriter, s: SpellImage, i: number, pools: CooldownPools, cdrRecs: number[][]): void {
  const { fail, num, bool, arr, code, spellIdx, auraIdx, dmgIdx, listIdx, resIdx, rec } = w;
  const p = `spells[${i}]`;
  if (s === null || typeof s !== "object") fail(p, "expected an object");
  const known = bool(s.known, `${p}.known`, true);
  const srCat = num(s.startRecoveryCategory, `${p}.startRecoveryCategory`, { int: true, min: 0 });
  const srMs = num(s.startRecoveryMs, `${p}.startRecoveryMs`, { min: 0 });
  const lock = srCat > 0 ? denseIndex(pools.locks, srCat) : -1;
  const catId = num(s.categoryId, `${p}.categoryId`, { int: true, min: 0, def: 0 });
  const catMs = num(s.categoryRecoveryMs, `${p}.categoryRecoveryMs`, { min: 0, def: 0 });
  const cat = catId > 0 && catMs > 0 ? denseIndex(pools.cats, catId) : -1;
  const recovery = num(s.recoveryMs, `${p}.recoveryMs`, { min: 0, def: 0 });
  const chargePool = chargePoolOf(w, s, i, p, pools);
  const amount = (a: ResourceAmount | undefined, path: string): [number, number] => {
    if (a === undefined) return [-1, 0];
    return [resIdx(a.resource, `${path}.resource`, false), num(a.amount, `${path}.amount`, { min: 0 })];
  };
  const [costRes, cost] = amount(s.cost, `${p}.cost`);
  const [cost2Res, cost2] = amount(s.cost2, `${p}.cost2`);
  const [gainRes, gain] = amount(s.gain, `${p}.gain`);
  const [gain2Res, gain2] = amount(s.gain2, `${p}.gain2`);
  const chv = channelSlots(w, s, p, costRes);
  const cdr = arr(s.cdr, `${p}.cdr`, false);
  const cdrStart = cdrRecs.length;
  cdr.forEach((c, j) => {
    const cp = `${p}.cdr[${j}]`;
    const cond = code(CDR_CODES, c.condition, `${cp}.condition`);
    cdrRecs.push([
      cond, spellIdx(c.target, `${cp}.target`, false), num(c.amountMs, `${cp}.amountMs`, { min: 0 }),
      cond === 1 ? num(c.chance, `${cp}.chance`, { min: 0, max: 1 }) : 0,
      cond >= 2 ? auraIdx(c.aura, `${cp}.aura`, false) : -1,
    ]);
  });
  rec("spells", [
    known, num(s.id, `${p}.id`, { int: true }), num(s.castMs, `${p}.castMs`, { min: 0 }), bool(s.castHasted, `${p}.castHasted`, true),
    lock, srMs, bool(s.gcdHasted, `${p}.gcdHasted`, srCat === GCD_START_RECOVERY_CATEGORY), recovery, cat, catMs, chargePool,
    costRes, cost, cost2Res, cost2, gainRes, gain, gain2Res, gain2, auraIdx(s.costBypassAura, `${p}.costBypassAura`),
    ...chv, dmgIdx(s.damage, `${p}.damage`), auraIdx(s.applyAura, `${p}.applyAura`),
    num(s.applyStacks, `${p}.applyStacks`, { int: true, min: 1, def: 1 }), cdrStart, cdr.length,
    listIdx(s.hook, `${p}.hook`), auraIdx(s.breaksStealthAura, `${p}.breaksStealthAura`),
    auraIdx(s.costAura, `${p}.costAura`),
  ]);
}

/** Stack-scaled costs (header 79/80): spell, aura, fraction added per stack. */
function spellStackCosts(w: ImageWriter): number[] {
  const stackCost: number[] = [];
  w.spells.forEach((s, i) => {
    if (s.costPerStack === undefined) return;
    const p = `spells[${i}].costPerStack`;
    stackCost.push(i, w.auraIdx(s.costPerStack.aura, `${p}.aura`, false), w.num(s.costPerStack.perStack, `${p}.perStack`, { min: 0 }));
  });
  return stackCost;
}

/**
 * Spell-record tail slots (read by offset in the engine's spell record): 34-36 finisher (max points,
 * aura or -1, ms per point), 37 channel cast steps, 38-39 cast-time modifier pairs (pool start, count).
 */
function encodeSpellTail(w: ImageWriter, s: SpellImage, i: number): void {
  const { fail, num, bool, arr, auraIdx, poolList, sec } = w;
  const p = `spells[${i}]`;
  const at = i * STRIDE.spells;
  if (s.channel !== undefined) sec.spells[at + 37] = bool(s.channel.castSteps, `${p}.channel.castSteps`, false);
  const mods = arr(s.castTimeMods, `${p}.castTimeMods`, false);
  if (mods.length) {
    const flat: number[] = [];
    mods.forEach((m, j) => flat.push(auraIdx(m?.aura, `${p}.castTimeMods[${j}].aura`, false), num(m?.factor, `${p}.castTimeMods[${j}].factor`, { min: 0 })));
    sec.spells[at + 38] = poolList(flat);
    sec.spells[at + 39] = mods.length;
  }
  if (s.finisher !== undefined) {
    const fp = `${p}.finisher`;
    if (s.finisher === null || typeof s.finisher !== "object") fail(fp, "expected an object");
    if (s.cost2 === undefined) fail(`${p}.cost2`, "a finisher needs cost2 (the points resource and the minimum spent)");
    sec.spells[at + 34] = num(s.finisher.maxPoints, `${fp}.maxPoints`, { int: true, min: 1, max: 100 });
    sec.spells[at + 35] = auraIdx(s.finisher.aura, `${fp}.aura`);
    sec.spells[at + 36] = num(s.finisher.msPerPoint, `${fp}.msPerPoint`, { min: 0, def: 0 });
    if (s.channel !== undefined) fail(fp, "a channel cannot be a finisher");
  }
}
