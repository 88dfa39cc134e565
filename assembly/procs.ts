// Impact-proc eligibility and firing (spec "Impact proc", "Events"), twin of src/kernels/procs.ts:
// same check order, one procChance draw per ELIGIBLE proc in registration order, no draws for pet
// hits, zero-damage hits or an empty table. Works on flat arrays laid out by the host.
import { DrawStream, drawStreamAt, procChance } from "./primitives";

/** Proc flag bits (flags array). */
export const PROC_PERIODIC_ONLY: i32 = 1;
export const PROC_SKIP_PERIODIC: i32 = 2;
export const PROC_CRIT_ONLY: i32 = 4;
/** The proc has a spell filter (filterStart/filterLen into filterIds); a present empty filter matches nothing. */
export const PROC_HAS_FILTER: i32 = 8;

/** Hit flag bits. */
export const HIT_PERIODIC: i32 = 1;
export const HIT_CRIT: i32 = 2;
export const HIT_PET: i32 = 4;

/**
 * Proc table header in linear memory: 6 i32 (24 bytes) — count, then pointers to
 * chances (f64[count]), flags (i32[count]), filterStart (i32[count]), filterLen (i32[count]),
 * filterIds (i32[], the concatenated spell-id lists).
 */
@unmanaged
export class ImpactProcTable {
  count: i32;
  chances: usize;
  flags: usize;
  filterStart: usize;
  filterLen: usize;
  filterIds: usize;
}

/**
 * Eligibility of one proc (given by its flags and filter slice) for one hit. Pet hits and
 * amount <= 0 (or NaN) are never eligible. Both PERIODIC_ONLY and SKIP_PERIODIC set → never eligible
 * (the TS twin rejects that configuration with KernelInputError).
 */
export function impactProcEligible(
  procFlags: i32,
  filterIdsPtr: usize,
  filterStart: i32,
  filterLen: i32,
  spellId: i32,
  hitFlags: i32,
  amount: f64,
): bool {
  if (hitFlags & HIT_PET) return false;
  if (!(amount > 0)) return false;
  const periodic = (hitFlags & HIT_PERIODIC) != 0;
  if ((procFlags & PROC_PERIODIC_ONLY) && !periodic) return false;
  if ((procFlags & PROC_SKIP_PERIODIC) && periodic) return false;
  if ((procFlags & PROC_CRIT_ONLY) && !(hitFlags & HIT_CRIT)) return false;
  if (procFlags & PROC_HAS_FILTER) {
    const p = filterIdsPtr + (<usize>filterStart << 2);
    for (let i = 0; i < filterLen; i++) {
      if (load<i32>(p + (<usize>i << 2)) == spellId) return true;
    }
    return false;
  }
  return true;
}

/**
 * Rolls each eligible proc of `table` in registration order; writes the fired indices (i32, ascending)
 * to outIdxPtr and returns how many fired.
 */
export function fireImpactProcs<R>(table: ImpactProcTable, spellId: i32, hitFlags: i32, amount: f64, rng: R, outIdxPtr: usize): i32 {
  const count = table.count;
  if (count == 0 || (hitFlags & HIT_PET) != 0 || !(amount > 0)) return 0;
  let fired = 0;
  for (let i = 0; i < count; i++) {
    const off = <usize>i << 2;
    if (!impactProcEligible(
      load<i32>(table.flags + off), table.filterIds, load<i32>(table.filterStart + off),
      load<i32>(table.filterLen + off), spellId, hitFlags, amount,
    )) continue;
    if (procChance(load<f64>(table.chances + (<usize>i << 3)), rng)) {
      store<i32>(outIdxPtr + (<usize>fired << 2), i);
      fired++;
    }
  }
  return fired;
}

/**
 * Engine fast path (tables <= 31 procs): precomputes, once per image, the eligibility split into its two
 * independent parts, so a hit finds its candidate procs with two loads and an AND instead of running
 * every check of every proc. spellMaskPtr[s] (i32, s < nSpells): bit i when proc i's spell filter passes
 * for spell s; flagMaskPtr[k] (i32, k < 4, k = hitFlags & (HIT_PERIODIC | HIT_CRIT)): bit i when proc i's
 * periodic/crit checks pass. Both parts come from impactProcEligible itself (the checks are a plain
 * conjunction), so mask bits == eligibility for every non-pet hit with amount > 0.
 */
export function impactProcMasks(table: ImpactProcTable, nSpells: i32, spellMaskPtr: usize, flagMaskPtr: usize): void {
  const count = table.count;
  for (let k = 0; k < 4; k++) {
    let m = 0;
    for (let i = 0; i < count; i++) {
      const off = <usize>i << 2;
      if (impactProcEligible(load<i32>(table.flags + off) & ~PROC_HAS_FILTER, 0, 0, 0, 0, k, 1.0)) m |= 1 << i;
    }
    store<i32>(flagMaskPtr + (<usize>k << 2), m);
  }
  for (let s = 0; s < nSpells; s++) {
    let m = 0;
    for (let i = 0; i < count; i++) {
      const off = <usize>i << 2;
      if (impactProcEligible(
        load<i32>(table.flags + off) & PROC_HAS_FILTER, table.filterIds, load<i32>(table.filterStart + off),
        load<i32>(table.filterLen + off), s, 0, 1.0,
      )) m |= 1 << i;
    }
    store<i32>(spellMaskPtr + (<usize>s << 2), m);
  }
}

/**
 * fireImpactProcs for a precomputed non-zero eligibility mask (impactProcMasks): one procChance draw per
 * set bit in ascending index (= registration) order, exactly the draws fireImpactProcs makes.
 */
// @ts-ignore: decorator
@inline
export function fireImpactProcsMasked<R>(table: ImpactProcTable, mask: i32, rng: R, outIdxPtr: usize): i32 {
  let fired = 0;
  let m = mask;
  while (m != 0) {
    const i = ctz(m);
    m &= m - 1;
    if (procChance(load<f64>(table.chances + (<usize>i << 3)), rng)) {
      store<i32>(outIdxPtr + (<usize>fired << 2), i);
      fired++;
    }
  }
  return fired;
}

/**
 * Cross-check entry: n hits of 3 f64 (spellId, hitFlags, amount) at hitsPtr against the table at
 * tablePtr; out[i] = bit mask of the fired proc indices (as f64, so up to 52 procs). `scratchIdxPtr`
 * must hold table.count i32. Returns the number of draws consumed.
 */
export function impactProcBatch(tablePtr: usize, hitsPtr: usize, n: i32, drawsPtr: usize, scratchIdxPtr: usize, outPtr: usize): i32 {
  const table = changetype<ImpactProcTable>(tablePtr);
  const rng: DrawStream = drawStreamAt(drawsPtr);
  for (let i = 0; i < n; i++) {
    const h = hitsPtr + <usize>(i * 3) * 8;
    const k = fireImpactProcs(table, <i32>load<f64>(h, 0), <i32>load<f64>(h, 8), load<f64>(h, 16), rng, scratchIdxPtr);
    let mask = 0.0;
    for (let j = 0; j < k; j++) mask += Math.pow(2.0, <f64>load<i32>(scratchIdxPtr + (<usize>j << 2)));
    store<f64>(outPtr + (<usize>i << 3), mask);
  }
  return rng.pos;
}
