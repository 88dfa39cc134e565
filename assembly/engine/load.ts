// The host API: image buffers, engineLoad (the spec image into records, tables and per-run state),
// engineRun (iterations and their accumulators), engineResults, and test/diagnostic probes.
import { reactOn, reactionBytes, reactionLoad, reactionBegin } from "./reaction";
import { H_REACTION } from "./layout";
import { armorMitigation } from "../damage";
import { ImpactProcTable, impactProcMasks } from "../procs";
import { seedPrefix, seedFromPrefix } from "../rng";
import { Rotation, rotationCheck, rotationLoad, rotationBind, ROT_OK } from "../rotation/vm";
import { cwcLoad } from "./cast-while-casting";
import { moveLoad } from "./raid-events";
import { addsLoad } from "./raid-adds";
import { chanLoad } from "./channel-decisions";
import { critMultBytes, critMultLoad } from "./crit-mult";
import { critScaledBytes, critScaledLoad } from "./crit-scaled";
import { fightLoad, fightMaxMs, fightLengthFor } from "./fight";
import { healthOn, healthLoad, healthBegin, HEALTH_CAP_FACTOR } from "./health";
import { healthCritBytes, healthCritLoad } from "./health-crit";
import { hitMirrorLoad } from "./hit-mirror";
import {
  IMAGE_VERSION, HEADER_F64, N_SECTIONS, H_VERSION, H_DURATION, H_TARGETS, H_ARMOR, H_ARMOR_K, H_AP, H_SP, H_CRIT, H_HASTE,
  H_MASTERY, H_VERS, H_CRIT_DMG_BONUS, H_REGEN_WAKE, H_MASTERY_KIND, H_MASTERY_COEF, H_MASTERY_SCHOOL, H_MASTERY_PETS,
  H_AUTO_DAMAGE, H_OFFHAND_DAMAGE, H_MASTERY_GATE_AURA, H_PULL_AURA, H_VARY_LENGTH, H_HEALTH_RATE, H_START_AURAS,
  H_START_AURAS_LEN, H_CWC, H_HEALTH_CRIT_START, H_HEALTH_CRIT_LEN, H_CRIT_SCALED_LEN, H_CRIT_SCALED_START, H_MIRROR_AURA,
  H_MIRROR_FRACTION, H_STACK_COST_START, H_STACK_COST_LEN, H_TIMED_PETS_START, H_TIMED_PETS_LEN, H_AUTO_SWING, H_WEAPON_MIN,
  H_WEAPON_MAX, H_GCD_LOCK, H_N_LOCKS, H_N_CAT_POOLS, H_N_CHARGE_POOLS, H_ROT_KIND, H_ROT_START, H_ROT_LEN, H_ROT_CAST_ONLY, H_RAID_MOVE, H_RAID_ADDS,
  H_ROT_SPELLS_START, H_ROT_SPELLS_LEN, H_CHAN_START, H_CHAN_SLOTS, H_HOOKS_START, H_HOOKS_LEN, H_SECTIONS, S_RESOURCES, S_SPELLS,
  S_AURAS, S_EFFECTS, S_DAMAGE, S_CDR, S_OPS, S_OPLISTS, S_PROCS, S_RPPM, S_PETS, S_CHARGE_POOLS, S_POOL, S_ROT_CONSTS,
  PROC_STRIDE, CHARGE_POOL_STRIDE, ProcRec, E_HASTE, MASTERY_SPELLS, H_MASTERY_SPELLS_START, H_MASTERY_SPELLS_LEN,
  H_CRIT_MULT_START, H_CRIT_MULT_LEN, LOAD_OK, LOAD_BAD_VERSION, LOAD_BAD_SECTION, LOAD_BAD_ROTATION, LOAD_TOO_MANY,
} from "./layout";
import { masteryGateLoad, masteryGateAura } from "./mastery-gate";
import { masteryRandomLoad } from "./mastery-random";
import { masterySpellsReset, masterySpellsSet } from "./spec-mechanics";
import { stackCostLoad } from "./stack-cost";
import { targetsLayout } from "./targets";
import { telLoad, telResetAcc } from "./telemetry";
import { timedPetsBytes, timedPetsLoad } from "./timed-pets";
import {
  MAX_OP_DEPTH, MAX_TIMERS, MAX_INDEX, SPELL_STATE_BYTES, AURA_STATE_BYTES, CHARGE_STATE_BYTES, PET_STATE_BYTES, secOff, secCount,
  nRes, nSpells, nAuras, nInst, nEffects, nDamage, nOpLists, nProcs, nRppm, nPets, nLocks, nCatPools, nChargePools, resRecs,
  spellRecs, auraRecs, effectRecs, damageRecs, cdrRecs, opRecs, opListRecs, procRecs, rppmRecs, petRecs, chargeRecs, pool,
  durationMs, targets, armor, armorK, armorMitPhys, pullAura, startAuras, nStartAuras, critMult, masteryKind, regenWake,
  masteryCoef, masterySchool, masteryPets, autoDamage, offDamage, autoSwingMs, weaponMin, weaponMax, gcdLock, rotKind, rotStart,
  rotLen, hooksStart, hooksLen, hasOffGcd, MAX_OFF_GCD, offGcdSpells, nOffGcd, MAX_ROT_SPELLS, rotSpells, nRotSpells, rotCastOnly,
  rageRes, rageRate, rot, rotVarsCap, rotDepthCap, rotCallsCap, arena, arenaCap, arenaTop, carve, resSlots, spellState, lockUntil,
  catReady, chargeState, auraState, rppmState, petState, procTable, procFired, procSpellMask, procFlagMask, procMasked, timerList,
  timerFree, spellAcc, rng, now, iterDamage, iterPet, iterEvents, budgetExceeded, kindCounts, spellRec, auraRec, effectRec,
  resRec, resSlot, chargeSt, poolI, validSpell,
} from "./state";
import {
  baseAp, baseSp, baseCrit, baseHaste, baseMastery, baseVers, schoolCache, schoolCacheVer, spellCache, spellCacheVer, actSchool,
  actSpells,
} from "./stats";
import { buildCastReadyTable } from "./readiness";
import { buildCastPipelineTable } from "./cast-table";
import { EngineState, state } from "./queries";
import { auraFlags, buildAuraTable } from "./auras";
import { HP_BYTES, HP_VAR_BYTES, hitSink, loadHitTables, loadHitRecs } from "./hits";
import { petFlushCounts } from "./pets";
import { loadOpTables } from "./ops";
import { accUnknown } from "./cast";
import { runIteration, closeIterationTelemetry } from "./loop";

// ---- image pointers ----
let imgF: usize = 0;
let imgFCap: i32 = 0;
let imgFLen: i32 = 0;
let imgI: usize = 0;
let imgICap: i32 = 0;
let imgILen: i32 = 0;

// run accumulators
let accIterations: i32 = 0;
let accEvents: f64 = 0;
let accN: f64 = 0;
let accMean: f64 = 0;
let accM2: f64 = 0;
let accMin: f64 = 0;
let accMax: f64 = 0;
let accDamage: f64 = 0;
let accPet: f64 = 0;
let accError: i32 = 0;

// @ts-ignore: decorator
@inline function hdr(i: i32): f64 { return load<f64>(imgF + (<usize>i << 3)); }

/** Returns a buffer for `len` f64 image values (reused across runs when large enough). */
export function engineImageF64(len: i32): usize {
  if (len > imgFCap) {
    imgF = heap.alloc(<usize>max(len, 64) << 3);
    imgFCap = max(len, 64);
  }
  imgFLen = len;
  return imgF;
}

/** Returns a buffer for `len` i32 values (rotation bytecode). */
export function engineImageI32(len: i32): usize {
  if (len > imgICap) {
    imgI = heap.alloc(<usize>max(len, 16) << 2);
    imgICap = max(len, 16);
  }
  imgILen = len;
  return imgI;
}

/** Parses the header, points the record views into the image and lays out per-run state. 0 = OK. */
export function engineLoad(): i32 {
  let err = loadSections();
  if (err != LOAD_OK) return err;
  err = loadRunConfig();
  if (err != LOAD_OK) return err;
  loadRotationSpells();
  loadRage();
  err = loadRotation();
  if (err != LOAD_OK) return err;
  err = loadCastTables();
  if (err != LOAD_OK) return err;
  const nFilter = procFilterCount();
  reserveArena(nFilter);
  carveRunState();
  loadEntryTables();
  loadAuraFlags();
  loadProcTable(nFilter);
  loadChargePools();
  telLoad(nSpells, nAuras, nRes, nProcs, nRppm, fightMaxMs());
  loadHitRecs();
  return LOAD_OK;
}

/** The header's version and section table: counts, limits and the record views into the image. */
function loadSections(): i32 {
  if (imgFLen < HEADER_F64 || <i32>hdr(H_VERSION) != IMAGE_VERSION) return LOAD_BAD_VERSION;
  for (let s = 0; s < N_SECTIONS; s++) {
    const off = <i32>hdr(H_SECTIONS + 2 * s);
    const cnt = <i32>hdr(H_SECTIONS + 2 * s + 1);
    if (off < HEADER_F64 || cnt < 0 || off > imgFLen) return LOAD_BAD_SECTION;
    unchecked(secOff[s] = imgF + (<usize>off << 3));
    unchecked(secCount[s] = cnt);
  }
  nRes = unchecked(secCount[S_RESOURCES]);
  nSpells = unchecked(secCount[S_SPELLS]);
  nAuras = unchecked(secCount[S_AURAS]);
  nEffects = unchecked(secCount[S_EFFECTS]);
  nDamage = unchecked(secCount[S_DAMAGE]);
  nOpLists = unchecked(secCount[S_OPLISTS]);
  nProcs = unchecked(secCount[S_PROCS]);
  nRppm = unchecked(secCount[S_RPPM]);
  nPets = unchecked(secCount[S_PETS]);
  nChargePools = unchecked(secCount[S_CHARGE_POOLS]);
  nLocks = <i32>hdr(H_N_LOCKS);
  nCatPools = <i32>hdr(H_N_CAT_POOLS);
  if (<i32>hdr(H_N_CHARGE_POOLS) != nChargePools) return LOAD_BAD_SECTION;
  if (nSpells >= MAX_INDEX || nAuras >= MAX_INDEX || nPets >= MAX_INDEX - 1 || nLocks >= 1024 || nCatPools >= 1024 || nChargePools >= 1024) return LOAD_TOO_MANY;
  resRecs = unchecked(secOff[S_RESOURCES]);
  spellRecs = unchecked(secOff[S_SPELLS]);
  auraRecs = unchecked(secOff[S_AURAS]);
  effectRecs = unchecked(secOff[S_EFFECTS]);
  damageRecs = unchecked(secOff[S_DAMAGE]);
  cdrRecs = unchecked(secOff[S_CDR]);
  opRecs = unchecked(secOff[S_OPS]);
  opListRecs = unchecked(secOff[S_OPLISTS]);
  procRecs = unchecked(secOff[S_PROCS]);
  rppmRecs = unchecked(secOff[S_RPPM]);
  petRecs = unchecked(secOff[S_PETS]);
  chargeRecs = unchecked(secOff[S_CHARGE_POOLS]);
  pool = unchecked(secOff[S_POOL]);
  return LOAD_OK;
}

/** The run configuration: fight length and targets, base stats, mastery, auto attacks, rotation kind. */
function loadRunConfig(): i32 {
  durationMs = <i64>hdr(H_DURATION);
  healthLoad(hdr(H_HEALTH_RATE)); // target health: health.ts
  fightLoad(durationMs, hdr(H_VARY_LENGTH), healthOn ? HEALTH_CAP_FACTOR : 1); // per-iteration lengths: fight.ts
  targets = max(1, <i32>hdr(H_TARGETS));
  nInst = targetsLayout(nAuras, targets, auraRecs);
  if (nInst >= MAX_INDEX) return LOAD_TOO_MANY; // instance numbers travel in the 11-bit event argument
  armor = hdr(H_ARMOR);
  armorK = hdr(H_ARMOR_K);
  armorMitPhys = armorMitigation(armor, armorK);
  baseAp = hdr(H_AP);
  baseSp = hdr(H_SP);
  baseCrit = hdr(H_CRIT);
  baseHaste = hdr(H_HASTE);
  baseMastery = hdr(H_MASTERY);
  baseVers = hdr(H_VERS);
  critMult = 2.0 + hdr(H_CRIT_DMG_BONUS) / 100.0;
  masteryKind = <i32>hdr(H_MASTERY_KIND);
  regenWake = hdr(H_REGEN_WAKE) != 0;
  masteryRandomLoad(masteryKind); // mastery-random.ts
  masteryCoef = hdr(H_MASTERY_COEF);
  masterySchool = <i32>hdr(H_MASTERY_SCHOOL);
  masteryPets = hdr(H_MASTERY_PETS) != 0;
  masterySpellsReset(masteryKind == MASTERY_SPELLS ? <i32>hdr(H_MASTERY_SPELLS_LEN) : 0); // spec-mechanics.ts
  if (masteryKind == MASTERY_SPELLS) for (let i = 0; i < <i32>hdr(H_MASTERY_SPELLS_LEN); i++) masterySpellsSet(i, poolI(<i32>hdr(H_MASTERY_SPELLS_START) + i));
  masteryGateLoad(hdr(H_MASTERY_GATE_AURA));
  autoDamage = <i32>hdr(H_AUTO_DAMAGE);
  offDamage = autoDamage >= 0 ? <i32>hdr(H_OFFHAND_DAMAGE) - 1 : -1;
  pullAura = <i32>hdr(H_PULL_AURA) - 1;
  startAuras = <i32>hdr(H_START_AURAS);
  nStartAuras = <i32>hdr(H_START_AURAS_LEN);
  autoSwingMs = hdr(H_AUTO_SWING);
  weaponMin = hdr(H_WEAPON_MIN);
  weaponMax = hdr(H_WEAPON_MAX);
  gcdLock = <i32>hdr(H_GCD_LOCK);
  rotKind = <i32>hdr(H_ROT_KIND);
  rotStart = <i32>hdr(H_ROT_START);
  rotLen = <i32>hdr(H_ROT_LEN);
  hooksStart = <i32>hdr(H_HOOKS_START);
  hooksLen = <i32>hdr(H_HOOKS_LEN);
  return LOAD_OK;
}

/** The spells the rotation can cast (idle wakes) and those off the GCD (OffGcdReady pre-checks). */
function loadRotationSpells(): void {
  hasOffGcd = false;
  nOffGcd = 0;
  nRotSpells = 0;
  const rsStart = <i32>hdr(H_ROT_SPELLS_START);
  const rsLen = <i32>hdr(H_ROT_SPELLS_LEN);
  const nCand = rsLen >= 0 ? rsLen : nSpells;
  for (let k = 0; k < nCand; k++) {
    const i = rsLen >= 0 ? poolI(rsStart + k) : k;
    if (!validSpell(i)) continue;
    const s = spellRec(i);
    if (nRotSpells < MAX_ROT_SPELLS) unchecked(rotSpells[nRotSpells++] = i);
    if (s.known != 0 && <i32>s.srLock != gcdLock) {
      hasOffGcd = true;
      if (nOffGcd < MAX_OFF_GCD) unchecked(offGcdSpells[nOffGcd++] = i);
      else nOffGcd = MAX_OFF_GCD + 1; // too many to pre-check: always offer OffGcdReady
    }
  }
  rotCastOnly = rotKind == 1 && <i32>hdr(H_ROT_CAST_ONLY) == 1 && rsLen >= 0 && nRotSpells == rsLen;
}

/** The resource gained from damage dealt (rage), if any. */
function loadRage(): void {
  rageRes = -1;
  rageRate = 0;
  for (let i = 0; i < nRes; i++) {
    if (resRec(i).ragePerDamageDealt > 0) {
      rageRes = i;
      rageRate = resRec(i).ragePerDamageDealt;
      break;
    }
  }
}

/** The bytecode rotation (it reads the i32 buffer and the constants section in place). */
function loadRotation(): i32 {
  if (rotKind == 1) {
    const cOff = unchecked(secOff[S_ROT_CONSTS]);
    const cLen = unchecked(secCount[S_ROT_CONSTS]);
    if (rotationCheck(imgI, imgILen, cLen) != ROT_OK) return LOAD_BAD_ROTATION;
    // Reuse the previous run's VM stacks when they are big enough (rotationLoad allocates, and the stub
    // runtime never frees: one allocation per runImage call would add up over many chunks).
    const nVars = load<i32>(imgI, 8);
    const depth = load<i32>(imgI, 12);
    const calls = load<i32>(imgI, 16);
    if (rot != null && nVars <= rotVarsCap && depth <= rotDepthCap && calls <= rotCallsCap) {
      const r = changetype<Rotation>(rot);
      r.code = imgI;
      r.codeLen = imgILen;
      r.consts = cOff;
      r.nVars = nVars;
      r.defaults = cOff + (<usize>load<i32>(imgI, 24) << 3);
      r.mainPc = imgI + (<usize>load<i32>(imgI, 20) << 2);
    } else {
      rot = rotationLoad(imgI, imgILen, cOff, cLen);
      rotVarsCap = max(nVars, 1);
      rotDepthCap = depth;
      rotCallsCap = max(calls, 1);
    }
  }
  return LOAD_OK;
}

/** The tables the cast path and the rotation's scan rows read, converted once per load. */
function loadCastTables(): i32 {
  // channel decisions (channel-decisions.ts): header 62 = pool offset, 63 = slots (0: none)
  chanLoad(pool + (<usize>(<i32>hdr(H_CHAN_START)) << 3), rotKind == 1 ? <i32>hdr(H_CHAN_SLOTS) : 0);
  cwcLoad(rotKind == 1 && hdr(H_CWC) != 0); // use_while_casting lines (cast-while-casting.ts)
  moveLoad(pool, <i32>hdr(H_RAID_MOVE) - 1); // movement windows (raid-events.ts)
  addsLoad(pool, <i32>hdr(H_RAID_ADDS) - 1, targets); // add waves (raid-adds.ts)
  stackCostLoad(pool, <i32>hdr(H_STACK_COST_START), <i32>hdr(H_STACK_COST_LEN)); // before the cast tables: it unflags their fast paths
  buildCastReadyTable();
  // v3 scan rows: spells checked against nSpells, time bounds for this durationMs
  if (rotKind == 1 && rotationBind<EngineState>(state, changetype<Rotation>(rot)) != ROT_OK) return LOAD_BAD_ROTATION;
  buildCastPipelineTable();
  buildAuraTable();
  return LOAD_OK;
}

/** Spell filter entries over all impact procs (the proc table's filter id array). */
function procFilterCount(): i32 {
  let nFilter = 0;
  for (let i = 0; i < nProcs; i++) nFilter += <i32>changetype<ProcRec>(procRecs + <usize>i * <usize>(PROC_STRIDE << 3)).filterLen;
  return nFilter;
}

/** Grows the arena to everything carve() hands out below (grow-only: the stub runtime never frees). */
function reserveArena(nFilter: i32): void {
  const need: usize = <usize>nFilter * 4 +
    <usize>nRes * 32 + <usize>nSpells * (SPELL_STATE_BYTES + 32 + 16 + 8) + <usize>(nLocks + nCatPools) * 8 +
    <usize>nChargePools * CHARGE_STATE_BYTES + <usize>nInst * AURA_STATE_BYTES + <usize>nRppm * 48 +
    <usize>nPets * PET_STATE_BYTES + 64 + <usize>nProcs * (8 + 12 + 4 * <usize>(MAX_OP_DEPTH + 2)) + <usize>nProcs * 4 +
    <usize>MAX_TIMERS * 8 + 256 * 12 + <usize>nEffects * 56 + <usize>nInst * 4 + 64 * 32 + <usize>nSpells * 4 + 32 +
    <usize>nDamage * (HP_BYTES + 4) + HP_VAR_BYTES + 16 + 64 + 48 /* hitSink */ +
    <usize>unchecked(secCount[S_OPS]) * 16 + <usize>nOpLists * 8 + 32 + <usize>unchecked(secCount[S_POOL]) * 4 + 16;
  if (need > arenaCap) {
    arenaCap = need + 4096;
    arena = heap.alloc(arenaCap);
  }
  arenaTop = arena;
}

/** The per-run state arrays: resources, spells, locks, cooldowns, auras, RPPM, pets, timers, accumulators, caches. */
function carveRunState(): void {
  resSlots = carve(<usize>nRes * 32);
  spellState = carve(<usize>nSpells * SPELL_STATE_BYTES);
  lockUntil = carve(<usize>nLocks * 8);
  catReady = carve(<usize>nCatPools * 8);
  chargeState = carve(<usize>nChargePools * CHARGE_STATE_BYTES);
  auraState = carve(<usize>nInst * AURA_STATE_BYTES);
  rppmState = carve(<usize>nRppm * 48);
  petState = carve(<usize>nPets * PET_STATE_BYTES);
  memory.fill(petState, 0, <usize>nPets * PET_STATE_BYTES); // swing caches empty (PetState.ver)
  timerList = carve(<usize>MAX_TIMERS * 4);
  timerFree = carve(<usize>MAX_TIMERS * 4);
  spellAcc = carve(<usize>nSpells * 32);
  schoolCache = carve(256 * 8);
  schoolCacheVer = carve(256 * 4);
  spellCache = carve(<usize>nSpells * 16);
  spellCacheVer = carve(<usize>nSpells * 8);
}

/** The damage entries' tables (crit multipliers, crit scaling, hit mirror, HitPreps, health crits), timed pets, op lists. */
function loadEntryTables(): void {
  critMultLoad(carve(critMultBytes(nDamage)), nDamage, pool, <i32>hdr(H_CRIT_MULT_START), <i32>hdr(H_CRIT_MULT_LEN));
  critScaledLoad(carve(critScaledBytes(nDamage)), nDamage, pool, <i32>hdr(H_CRIT_SCALED_START), <i32>hdr(H_CRIT_SCALED_LEN)); // crit-scaled.ts (before the HitPrep flags)
  hitMirrorLoad(hdr(H_MIRROR_AURA), hdr(H_MIRROR_FRACTION), targets); // hit-mirror.ts (before HP_FAST is set)
  loadHitTables();
  healthCritLoad(carve(healthCritBytes(nDamage)), nDamage, pool, <i32>hdr(H_HEALTH_CRIT_START), <i32>hdr(H_HEALTH_CRIT_LEN));
  timedPetsLoad(carve(timedPetsBytes(nPets)), nPets, pool, <i32>hdr(H_TIMED_PETS_START), <i32>hdr(H_TIMED_PETS_LEN));
  reactionLoad(carve(reactionBytes(nInst, nAuras, nSpells)), nInst, nAuras, nSpells, pool, <i32>hdr(H_REACTION) - 1); // reaction.ts
  loadOpTables();
}

/** Per aura instance: bit 0 has effects, bit 1 has a haste effect (markDirty); the active effect lists. */
function loadAuraFlags(): void {
  auraFlags = carve(<usize>nInst * 4);
  // the other targets' instances carry no stat or multiplier effects (docs/engine-image.md "Targets")
  memory.fill(auraFlags, 0, <usize>nInst * 4);
  for (let i = 0; i < nAuras; i++) {
    const a = auraRec(i);
    let f = <i32>a.effectsCount > 0 ? 1 : 0;
    for (let j = 0; j < <i32>a.effectsCount; j++) if (<i32>effectRec(<i32>a.effectsStart + j).type == E_HASTE) f |= 2;
    store<i32>(auraFlags + (<usize>i << 2), f);
  }
  if (masteryGateAura >= 0) store<i32>(auraFlags + (<usize>masteryGateAura << 2), load<i32>(auraFlags + (<usize>masteryGateAura << 2)) | 1); // its changes recompute the mastery
  actSchool = carve(<usize>nEffects * 24);
  actSpells = carve(<usize>nEffects * 32);
}

/** The impact proc table (procs.ts layout: count + 5 pointers, then the arrays) and its masks. */
function loadProcTable(nFilter: i32): void {
  procTable = carve(24);
  const chances = carve(<usize>nProcs * 8);
  const flags = carve(<usize>nProcs * 4);
  const fStart = carve(<usize>nProcs * 4);
  const fLen = carve(<usize>nProcs * 4);
  procFired = carve(<usize>nProcs * 4 * <usize>(MAX_OP_DEPTH + 2));
  const fIds = carve(<usize>nFilter * 4);
  const tbl = changetype<ImpactProcTable>(procTable);
  tbl.count = nProcs;
  tbl.chances = chances;
  tbl.flags = flags;
  tbl.filterStart = fStart;
  tbl.filterLen = fLen;
  tbl.filterIds = fIds;
  let fp = 0;
  for (let i = 0; i < nProcs; i++) {
    const p = changetype<ProcRec>(procRecs + <usize>i * <usize>(PROC_STRIDE << 3));
    store<f64>(chances + (<usize>i << 3), p.chance);
    store<i32>(flags + (<usize>i << 2), <i32>p.flags);
    store<i32>(fStart + (<usize>i << 2), fp);
    const len = <i32>p.filterLen;
    store<i32>(fLen + (<usize>i << 2), len);
    for (let j = 0; j < len; j++) store<i32>(fIds + (<usize>(fp + j) << 2), poolI(<i32>p.filterStart + j));
    fp += len;
  }
  procSpellMask = carve(<usize>nSpells * 4);
  procFlagMask = carve(16);
  procMasked = nProcs <= 31; // 31: a full 32-bit mask would read as the -1 fallback
  if (procMasked) impactProcMasks(tbl, nSpells, procSpellMask, procFlagMask);
}

/** The charge pools' sizes and recharge times. */
function loadChargePools(): void {
  for (let i = 0; i < nChargePools; i++) {
    const c = chargeSt(i);
    c.max = <i32>load<f64>(chargeRecs + <usize>i * <usize>(CHARGE_POOL_STRIDE << 3));
    c.rechargeMs = load<f64>(chargeRecs + <usize>i * <usize>(CHARGE_POOL_STRIDE << 3) + 8);
  }
}

/** Clears the run accumulators (engineRun adds to them; call once before a chunk). */
export function engineResetAccumulators(): void {
  accIterations = 0;
  accEvents = 0;
  accN = 0;
  accMean = 0;
  accM2 = 0;
  accMin = Infinity;
  accMax = -Infinity;
  accDamage = 0;
  accPet = 0;
  accUnknown = 0;
  accError = 0;
  memory.fill(spellAcc, 0, <usize>nSpells * 32);
  for (let k = 0; k < 8; k++) store<i64>(kindCounts + (<usize>k << 3), 0);
  telResetAcc();
}

/**
 * Runs iterations [iterStart, iterStart + n) of chunk `chunkId` with seeds seedFor(seedBase, chunkId, i).
 * Writes each iteration's DPS to perIterPtr (f64) when it is non-zero. Stops early (returns the number
 * completed) when an iteration exceeds the event budget; accumulators then hold the completed ones.
 */
export function engineRun(n: i32, seedBase: u64, chunkId: u32, iterStart: u32, perIterPtr: usize): i32 {
  const prefix = seedPrefix(seedBase, chunkId);
  for (let k = 0; k < n; k++) {
    const seed = seedFromPrefix(prefix, iterStart + <u32>k);
    rng.reseed(seed);
    const len = fightLengthFor(seed); // fight.ts: this iteration's encounter length
    // health mode (health.ts): the pool is sized for `len`, the iteration ends at its death, at the latest at a cap
    const cap = healthOn ? len * HEALTH_CAP_FACTOR : len;
    if (cap != durationMs) setFightLength(cap);
    if (healthOn) healthBegin(len);
    if (reactOn) reactionBegin(seed); // reaction.ts: its own stream from this seed
    const dps = runIteration();
    if (budgetExceeded) {
      accError = 1;
      petFlushCounts();
      return k;
    }
    closeIterationTelemetry(); // sink folded into the run accumulators, then the DPS is recorded
    accIterations++;
    accEvents += <f64>iterEvents;
    accDamage += iterDamage;
    accPet += iterPet;
    // Welford streaming update (spec "DPS statistics")
    accN += 1;
    const delta = dps - accMean;
    accMean += delta / accN;
    accM2 += delta * (dps - accMean);
    if (dps < accMin) accMin = dps;
    if (dps > accMax) accMax = dps;
    if (perIterPtr != 0) store<f64>(perIterPtr + (<usize>k << 3), dps);
  }
  petFlushCounts();
  return n;
}

/** A new encounter length: the rotation's scan-row time bounds (queryTimeBound) depend on it. */
function setFightLength(ms: i64): void {
  durationMs = ms;
  if (rotKind == 1) rotationBind<EngineState>(state, changetype<Rotation>(rot)); // rows were checked at load
}

/** The encounter length of the current (last) iteration, ms. */
export function engineFightMs(): f64 {
  return <f64>durationMs;
}

export const RESULT_HEADER: i32 = 16;
/** Result layout (f64): iterations, events, n, mean, m2, min, max, damage, pet, unknownCasts, error, 0 x 5, then casts/damage/hits/crits per spell. */
export function engineResults(outPtr: usize): void {
  store<f64>(outPtr, <f64>accIterations);
  store<f64>(outPtr, accEvents, 8);
  store<f64>(outPtr, accN, 16);
  store<f64>(outPtr, accMean, 24);
  store<f64>(outPtr, accM2, 32);
  store<f64>(outPtr, accMin, 40);
  store<f64>(outPtr, accMax, 48);
  store<f64>(outPtr, accDamage, 56);
  store<f64>(outPtr, accPet, 64);
  store<f64>(outPtr, accUnknown, 72);
  store<f64>(outPtr, <f64>accError, 80);
  memory.copy(outPtr + (<usize>RESULT_HEADER << 3), spellAcc, <usize>nSpells * 32);
}

// ---- test/diagnostic probes ----
/** Time (engine ms) of the current/last iteration's clock. */
export function engineNow(): f64 {
  return <f64>now;
}
/** Current value of resource `i` at the end of the last iteration (diagnostics and tests). */
export function engineResourceCurrent(i: i32): f64 {
  return <u32>i < <u32>nRes ? resSlot(i).current : NaN;
}

/** Events of kind k (EV_*) processed since engineResetAccumulators. */
export function engineEventKindCount(k: i32): f64 {
  return <u32>k < 8 ? <f64>load<i64>(kindCounts + (<usize>k << 3)) : 0;
}
