// SpellResolver: cached record lookup plus the spec's field contracts 1–7 over a DataBundle.
//
// Decisions where the spec says "not shown":
// - get_spell_effect(spell_id, n): n is 1-based and selects the effect whose 0-based `index` is n-1
//   (by EffectIndex, not array position, so gaps in the data cannot shift effects). n < 1 or not an
//   integer → undefined ("not found"), never an exception.
// - Trigger chains (contract 3): an effect is "redirecting" when its direct coefficients
//   (bonus_coefficient and bonus_coefficient_from_ap) are both 0 and trigger_spell > 0. The chain is
//   followed at most MAX_TRIGGER_DEPTH hops. Inside a triggered spell the payload candidate is the
//   first effect with a non-zero direct coefficient, else the first redirecting effect, else the
//   first effect. Outcomes: payload found → PayloadResolution; chain leads to an unknown spell or a
//   spell with no effects → undefined (not found); a spell repeating in the chain → TriggerChainError
//   TRIGGER_CHAIN_CYCLE; more than MAX_TRIGGER_DEPTH hops → TriggerChainError TRIGGER_CHAIN_TOO_DEEP.
//   Cycles/over-deep chains are data defects, so they are loud rather than "not found".
// - Cooldown pools (contract 4, 7): a spell's own timer exists when recovery_time > 0 (key = spell id);
//   the category pool when category_id > 0 and category_recovery_time > 0 (key = category_id); the charge
//   pool when charge_category_id > 0 and max_charges >= 1 (key = charge_category_id, charge_recovery_time
//   per charge). Keys are the raw positive ids; each pool kind has its own runtime map.
// - Start recovery (contract 5): category 0 → no lock (even if start_recovery_time > 0); 133 → the GCD;
//   any other category → a lock shared only by spells with that category.
// - Channel (contract 6): interrupt_channel_0 ≠ 0; the channel length is `duration` (not cast_time).
//   A spell without a SpellInterrupts row has no channel flags in the client data, so it is not a
//   channel (interrupt_channel_0 stays listed in missing_fields; `require` on it still throws).
// - require(spell_id, field): the spell must be known and `field` must not be in missing_fields
//   (its source row existed). Values that are genuinely 0 in the data (instant cast, no GCD
//   category) resolve normally.

import { MissingSpellData, TriggerChainError } from "../errors.js";
import type { DataBundle } from "./types.js";
import type { SpellDataRecord, SpellEffect } from "./spell-record.js";
import { isSpellRecordField } from "./spell-record.js";
import { buildSpellRecord } from "./transform.js";

/** Bound on trigger-spell hops followed by resolvePayload. */
export const MAX_TRIGGER_DEPTH = 8;
/** The ordinary player global-cooldown start-recovery category (spec Limits). */
export const GCD_CATEGORY = 133;

export interface PayloadResolution {
  /** Spell that owns the payload effect. */
  spell_id: number;
  effect: SpellEffect;
  /** Trigger hops followed (0 = the queried effect itself). */
  depth: number;
  /** Spell ids visited, starting with the queried spell. */
  chain: number[];
}

export type CooldownPool =
  | { kind: "spell"; key: number; duration_ms: number }
  | { kind: "category"; key: number; duration_ms: number }
  | { kind: "charges"; key: number; duration_ms: number; max_charges: number };

export type StartRecoveryPool = { kind: "gcd" | "category"; category: number; duration_ms: number } | null;

/** Contract 4/7: the independent cooldown pools a spell record takes part in (possibly all three). */
export function cooldownPools(rec: SpellDataRecord): CooldownPool[] {
  const pools: CooldownPool[] = [];
  if (rec.recovery_time > 0) pools.push({ kind: "spell", key: rec.id, duration_ms: rec.recovery_time });
  if (rec.category_id > 0 && rec.category_recovery_time > 0) {
    pools.push({ kind: "category", key: rec.category_id, duration_ms: rec.category_recovery_time });
  }
  if (rec.charge_category_id > 0 && rec.max_charges >= 1) {
    pools.push({ kind: "charges", key: rec.charge_category_id, duration_ms: rec.charge_recovery_time, max_charges: rec.max_charges });
  }
  return pools;
}

/** Contract 5: the start-recovery lock a cast of this spell imposes, or null for category 0. */
export function startRecoveryPool(rec: SpellDataRecord): StartRecoveryPool {
  const cat = rec.start_recovery_category;
  if (cat === 0) return null;
  return { kind: cat === GCD_CATEGORY ? "gcd" : "category", category: cat, duration_ms: rec.start_recovery_time };
}

/** True when casting `a` starts a start-recovery lock that blocks `b` (same non-zero category). */
export function sharesStartRecovery(a: SpellDataRecord, b: SpellDataRecord): boolean {
  return a.start_recovery_category !== 0 && a.start_recovery_category === b.start_recovery_category;
}

/** Contract 6. */
export function isChannel(rec: SpellDataRecord): boolean {
  return rec.interrupt_channel_0 !== 0;
}

function hasDirectCoefficient(e: SpellEffect): boolean {
  return e.bonus_coefficient !== 0 || e.bonus_coefficient_from_ap !== 0;
}
function redirects(e: SpellEffect): boolean {
  return !hasDirectCoefficient(e) && e.trigger_spell > 0;
}

export class SpellResolver {
  private readonly cache = new Map<number, SpellDataRecord | null>();

  constructor(readonly bundle: DataBundle) {}

  /** The record of a spell (built once, then cached), or undefined when the spell is unknown. */
  record(spellId: number): SpellDataRecord | undefined {
    let rec = this.cache.get(spellId);
    if (rec === undefined) {
      rec = (Number.isSafeInteger(spellId) && spellId > 0 ? buildSpellRecord(this.bundle, spellId) : undefined) ?? null;
      this.cache.set(spellId, rec);
    }
    return rec ?? undefined;
  }

  /** Contract 2: 1-based effect lookup; index < 1 (or non-integer) or no such effect → undefined. */
  get_spell_effect(spellId: number, effectIndex: number): SpellEffect | undefined {
    if (!Number.isInteger(effectIndex) || effectIndex < 1) return undefined;
    return this.record(spellId)?.effects.find((e) => e.index === effectIndex - 1);
  }

  /**
   * Contract 3: the real payload behind effect `effectIndex` (1-based) of `spellId`, following
   * trigger spells while the effect has no direct coefficient. See the header for outcomes.
   */
  resolvePayload(spellId: number, effectIndex: number): PayloadResolution | undefined {
    let effect = this.get_spell_effect(spellId, effectIndex);
    if (!effect) return undefined;
    let owner = spellId;
    const chain = [spellId];
    while (redirects(effect)) {
      const next = effect.trigger_spell;
      if (chain.includes(next)) {
        throw new TriggerChainError("TRIGGER_CHAIN_CYCLE", [...chain, next], `spell ${next} repeats`);
      }
      if (chain.length > MAX_TRIGGER_DEPTH) {
        throw new TriggerChainError("TRIGGER_CHAIN_TOO_DEEP", [...chain, next], `more than ${MAX_TRIGGER_DEPTH} trigger hops`);
      }
      chain.push(next);
      const rec = this.record(next);
      if (!rec || rec.effects.length === 0) return undefined;
      effect = rec.effects.find(hasDirectCoefficient) ?? rec.effects.find(redirects) ?? rec.effects[0]!;
      owner = next;
    }
    return { spell_id: owner, effect, depth: chain.length - 1, chain };
  }

  /**
   * A field value that must resolve: throws MissingSpellData(spellId, field) when the spell is
   * unknown, the field name is not a record field, or its source row was absent (missing_fields).
   */
  require<K extends keyof SpellDataRecord>(spellId: number, field: K): SpellDataRecord[K] {
    if (!isSpellRecordField(field)) throw new MissingSpellData(spellId, field, "not a spell record field");
    const rec = this.record(spellId);
    if (!rec) throw new MissingSpellData(spellId, field, "unknown spell");
    if (rec.missing_fields.includes(field)) {
      throw new MissingSpellData(spellId, field, `no source row (tables present: ${rec.source_tables.join(", ") || "none"})`);
    }
    return rec[field];
  }

  /** The record, or MissingSpellData(spellId, "id") when the spell is unknown. */
  requireRecord(spellId: number): SpellDataRecord {
    const rec = this.record(spellId);
    if (!rec) throw new MissingSpellData(spellId, "id", "unknown spell");
    return rec;
  }

  cooldownPools(spellId: number): CooldownPool[] {
    return cooldownPools(this.requireRecord(spellId));
  }

  startRecoveryPool(spellId: number): StartRecoveryPool {
    return startRecoveryPool(this.requireRecord(spellId));
  }

  isChannel(spellId: number): boolean {
    return isChannel(this.requireRecord(spellId));
  }

  /**
   * How long the cast occupies the caster, in ms: a channel's duration (contract 6), else cast_time.
   * Throws MissingSpellData when the deciding value did not resolve.
   */
  castOccupancyMs(spellId: number): number {
    const rec = this.requireRecord(spellId);
    if (isChannel(rec)) return this.require(spellId, "duration");
    return this.require(spellId, "cast_time");
  }
}
