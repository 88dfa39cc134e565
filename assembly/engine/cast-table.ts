// The cast-pipeline table: the SpellRec fields the cast path reads, converted once per load (records are
// f64 and read-only during a run), and the cast-time modifiers read from the spell records' tail slots.
import { SPELL_STRIDE, OPLIST_STRIDE, CHARGE_POOL_STRIDE, OP_APPLY_AURA, OP_REDUCE_COOLDOWN, OP_SUMMON_PET } from "./layout";
import { stackCostHas } from "./stack-cost";
import { nSpells, nOpLists, nChargePools, spellRecs, opListRecs, chargeRecs, pool, gcdLock, spellRec, opRec, auraUp } from "./state";

// Cast-pipeline table: the SpellRec fields (and tail slots) the cast pipeline reads, converted once per
// load. Every `<i32>` / `<i64>` of an f64 record field is a saturating truncation (~8 x64 instructions
// with its NaN/range fix-up); a cast read ~25 of them. Same conversions as the record reads they
// replace, so the values are identical. Guards that combine a field with its amount (gain > 0,
// recovery > 0) are folded in: -1 = "nothing to do". CP_BYTES per spell (offsets below).
const CP_BYTES: usize = 176;
export const CPF_KNOWN: i32 = 1;
export const CPF_CHANNEL: i32 = 2;
export const CPF_GCD_HASTED: i32 = 4;
export const CPF_CAST_HASTED: i32 = 8;
export const CPF_CHANNEL_CAST_STEPS: i32 = 16;
export const CPF_ON_GCD: i32 = 32; // gcdLock >= 0 && srLock == gcdLock (prevGcd bookkeeping)
export const CPF_FINISHER: i32 = 64; // finMax > 0 && cost2Res >= 0
export const CPF_COST_EXTRA: i32 = 128; // costBypassAura, cost2Res or costAura >= 0 (general cost path)
export const CPF_SOLO_POOL: i32 = 256; // known spell alone on its charge pool: refreshNotBefore(spell) is its own bound only
export const CPF_CAST_EXTRA: i32 = 512; // a resource gain, cooldown-reduction effects or a stealth break (onCastComplete's rarer steps)
export const CP_FLAGS = 0;
export const CP_LOCK = 4;
const CP_MOD_COUNT = 8;
const CP_MOD_START = 12;
export const CP_COST_RES = 16;
export const CP_COST2_RES = 20;
export const CP_COST_AURA = 24;
export const CP_BYPASS_AURA = 28;
export const CP_GAIN_RES = 32; // -1 unless gainRes >= 0 && gain > 0
export const CP_GAIN2_RES = 36; // -1 unless gain2Res >= 0 && gain2 > 0
export const CP_DAMAGE = 40;
export const CP_APPLY_AURA = 44;
export const CP_APPLY_STACKS = 48; // max(1, applyStacks)
export const CP_CDR_START = 52;
export const CP_CDR_COUNT = 56;
export const CP_HOOK = 60;
export const CP_STEALTH = 64;
export const CP_CAT = 68;
export const CP_CHARGE = 72;
export const CP_SR_MS = 80; // i64
export const CP_CAST_MS = 88; // i64
export const CP_RECOVERY = 96; // i64; -1 unless recoveryMs > 0
export const CP_CAT_RECOVERY = 104; // i64; -1 unless catPool >= 0 && catRecoveryMs > 0
export const CP_COST = 112; // f64
export const CP_COST2 = 120; // f64
export const CP_GAIN = 128; // f64
export const CP_GAIN2 = 136; // f64
export const CP_FIN_MAX = 144; // f64
export const CP_SR_MS_F = 152; // f64 (hasted GCD)
// The spell hook is one op that needs no list walk (HOOK_*: what runOps(hook, 0) would call, with the
// same converted arguments; procDepth is 0 at a CastComplete either way): one call less per cast
export const CP_HOOK_KIND = 160; // HOOK_NONE: run the list with runOps
export const CP_HOOK_A = 164; // i32: <i32>op.a
export const CP_HOOK_B = 168; // i64: reduce_cooldown / summon_pet <i64>op.b; apply_aura max(1, <i32>op.b)
const HOOK_NONE: i32 = 0;
export const HOOK_REDUCE_CD: i32 = 1;
export const HOOK_APPLY_AURA: i32 = 2;
export const HOOK_SUMMON_PET: i32 = 3;
let cpTab: usize = 0;
let cpCap: i32 = 0;
let chRecharge: usize = 0; // i64 x nChargePools: <i64> of the pool's recharge ms
let chCap: i32 = 0;

// @ts-ignore: decorator
@inline export function cpRow(spell: i32): usize { return cpTab + <usize>spell * CP_BYTES; }

export function buildCastPipelineTable(): void {
  if (nSpells > cpCap) {
    cpCap = nSpells;
    cpTab = heap.alloc(<usize>cpCap * CP_BYTES);
  }
  for (let i = 0; i < nSpells; i++) {
    const s = spellRec(i);
    const r = cpRow(i);
    const lock = <i32>s.srLock;
    const cost2Res = <i32>s.cost2Res;
    const cat = <i32>s.catPool;
    let f = (s.known != 0 ? CPF_KNOWN : 0) | (s.isChannel != 0 ? CPF_CHANNEL : 0);
    if (s.gcdHasted != 0) f |= CPF_GCD_HASTED;
    // a hasted cast of 0 ms stays 0 (round(0 / divisor) = 0, and trunc_sat maps a NaN to 0 as well):
    // only a non-zero cast bar pays the division
    if (s.castHasted != 0 && s.castMs != 0) f |= CPF_CAST_HASTED;
    if (spellSlot(i, SPELL_SLOT_CHANNEL_CAST_STEPS) != 0) f |= CPF_CHANNEL_CAST_STEPS;
    if (gcdLock >= 0 && lock == gcdLock) f |= CPF_ON_GCD;
    if (spellSlot(i, SPELL_SLOT_FIN_MAX) > 0 && cost2Res >= 0) f |= CPF_FINISHER;
    if (<i32>s.costBypassAura >= 0 || cost2Res >= 0 || <i32>s.costAura >= 0 || stackCostHas(i)) f |= CPF_COST_EXTRA;
    if ((<i32>s.gainRes >= 0 && s.gain > 0) || (<i32>s.gain2Res >= 0 && s.gain2 > 0) || <i32>s.cdrCount > 0 || <i32>s.breaksStealth >= 0) f |= CPF_CAST_EXTRA;
    const pool_ = <i32>s.chargePool;
    if (pool_ >= 0 && s.known != 0) {
      let others = 0;
      for (let j = 0; j < nSpells; j++) if (j != i && <i32>spellRec(j).chargePool == pool_) others++;
      if (others == 0) f |= CPF_SOLO_POOL;
    }
    store<i32>(r, f, CP_FLAGS);
    store<i32>(r, lock, CP_LOCK);
    store<i32>(r, <i32>spellSlot(i, SPELL_SLOT_CAST_MOD_COUNT), CP_MOD_COUNT);
    store<i32>(r, <i32>spellSlot(i, SPELL_SLOT_CAST_MOD_START), CP_MOD_START);
    store<i32>(r, <i32>s.costRes, CP_COST_RES);
    store<i32>(r, cost2Res, CP_COST2_RES);
    store<i32>(r, <i32>s.costAura, CP_COST_AURA);
    store<i32>(r, <i32>s.costBypassAura, CP_BYPASS_AURA);
    store<i32>(r, <i32>s.gainRes >= 0 && s.gain > 0 ? <i32>s.gainRes : -1, CP_GAIN_RES);
    store<i32>(r, <i32>s.gain2Res >= 0 && s.gain2 > 0 ? <i32>s.gain2Res : -1, CP_GAIN2_RES);
    store<i32>(r, <i32>s.damage, CP_DAMAGE);
    store<i32>(r, <i32>s.applyAura, CP_APPLY_AURA);
    store<i32>(r, max(1, <i32>s.applyStacks), CP_APPLY_STACKS);
    store<i32>(r, <i32>s.cdrStart, CP_CDR_START);
    store<i32>(r, <i32>s.cdrCount, CP_CDR_COUNT);
    store<i32>(r, <i32>s.hook, CP_HOOK);
    store<i32>(r, <i32>s.breaksStealth, CP_STEALTH);
    store<i32>(r, cat, CP_CAT);
    store<i32>(r, <i32>s.chargePool, CP_CHARGE);
    store<i64>(r, <i64>s.srMs, CP_SR_MS);
    store<i64>(r, <i64>s.castMs, CP_CAST_MS);
    store<i64>(r, s.recoveryMs > 0 ? <i64>s.recoveryMs : -1, CP_RECOVERY);
    store<i64>(r, cat >= 0 && s.catRecoveryMs > 0 ? <i64>s.catRecoveryMs : -1, CP_CAT_RECOVERY);
    store<f64>(r, s.cost, CP_COST);
    store<f64>(r, s.cost2, CP_COST2);
    store<f64>(r, s.gain, CP_GAIN);
    store<f64>(r, s.gain2, CP_GAIN2);
    store<f64>(r, spellSlot(i, SPELL_SLOT_FIN_MAX), CP_FIN_MAX);
    store<f64>(r, s.srMs, CP_SR_MS_F);
    let hk = HOOK_NONE;
    let ha = 0;
    let hb: i64 = 0;
    const hook = <i32>s.hook;
    if (<u32>hook < <u32>nOpLists) {
      const lp = opListRecs + <usize>hook * <usize>(OPLIST_STRIDE << 3);
      if (<i32>load<f64>(lp, 8) == 1) {
        const o = opRec(<i32>load<f64>(lp));
        const op = <i32>o.op;
        ha = <i32>o.a;
        if (op == OP_REDUCE_COOLDOWN) {
          hk = HOOK_REDUCE_CD;
          hb = <i64>o.b;
        } else if (op == OP_APPLY_AURA) {
          hk = HOOK_APPLY_AURA;
          hb = <i64>max(1, <i32>o.b);
        } else if (op == OP_SUMMON_PET) {
          hk = HOOK_SUMMON_PET;
          hb = <i64>o.b;
        }
      }
    }
    store<i32>(r, hk, CP_HOOK_KIND);
    store<i32>(r, ha, CP_HOOK_A);
    store<i64>(r, hb, CP_HOOK_B);
  }
  if (nChargePools > chCap) {
    chCap = nChargePools;
    chRecharge = heap.alloc(<usize>chCap * 8);
  }
  for (let i = 0; i < nChargePools; i++) {
    store<i64>(chRecharge + (<usize>i << 3), <i64>load<f64>(chargeRecs + <usize>i * <usize>(CHARGE_POOL_STRIDE << 3) + 8));
  }
}

// @ts-ignore: decorator
@inline export function chargeRechargeMs(cp: i32): i64 { return load<i64>(chRecharge + (<usize>cp << 3)); }

// Spell-record tail slots read by offset (extensions kept clear of the named SpellRec fields, which
// grow from the front): 37 channel runs steps 6 + 10 at its start (1/0); 38-39 cast-time modifiers,
// pool start and count of (aura index, factor) pairs: while the aura is up the cast bar is multiplied
// by the factor (0 = instant; several up multiply). Written by src/engine/image.ts (encodeImage).
const SPELL_SLOT_CHANNEL_CAST_STEPS: i32 = 37;
const SPELL_SLOT_CAST_MOD_START: i32 = 38;
const SPELL_SLOT_CAST_MOD_COUNT: i32 = 39;
// 34-36 finisher (combo points): 34 max points spent (0 = not a finisher): at step 3 the secondary cost
// resource is spent whole, min(floor(current), max) points (cost2 is the minimum to cast); the spell's own
// damage (step 7) is multiplied by the points spent; 35 aura index (-1 none) whose duration gains
// 36 ms per point spent when applied during this cast (Rupture, Envenom).
const SPELL_SLOT_FIN_MAX: i32 = 34;
export const SPELL_SLOT_FIN_AURA: i32 = 35;
export const SPELL_SLOT_FIN_MS: i32 = 36;

// @ts-ignore: decorator
@inline export function spellSlot(spell: i32, slot: i32): f64 {
  return load<f64>(spellRecs + <usize>spell * <usize>(SPELL_STRIDE << 3) + (<usize>slot << 3));
}

/** Cast bar after the spell's cast-time modifier auras (Lock and Load, Trueshot, Streamline). */
export function castTimeMods(spell: i32, castMs: i64): i64 {
  const n = load<i32>(cpRow(spell), CP_MOD_COUNT);
  if (n == 0) return castMs;
  const start = load<i32>(cpRow(spell), CP_MOD_START);
  let f: f64 = 1.0;
  for (let i = 0; i < n; i++) {
    const at = pool + (<usize>(start + 2 * i) << 3);
    if (auraUp(<i32>load<f64>(at))) f *= load<f64>(at + 8);
  }
  return f == 1.0 ? castMs : <i64>Math.round(<f64>castMs * f);
}
