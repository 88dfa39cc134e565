// Resource slot + lazy regeneration (spec "Resource slot", "Resource regeneration"), twin of
// src/kernels/resource.ts (decisions documented there: pct/deficitPct in percent points 0..100, a
// max-0 slot counts as full, timeToMax at un-hasted regen, sync floors at 0).
// Bad amounts (negative, NaN, +Infinity) cannot throw here: spend returns false and gain returns 0,
// both changing nothing. The TS twin throws KernelInputError for the same inputs.

/** Amount check shared by spend/gain and the bench loop: >= 0 (incl. -0) and not +Infinity; NaN fails. */
// @ts-ignore: decorator
@inline
function validAmount(n: f64): bool {
  return n >= 0 && n != Infinity;
}

/** Slot layout in linear memory: 4 f64 (32 bytes) — current, max, regenPerSec, lastSyncMs. */
@unmanaged
export class ResourceSlot {
  current: f64;
  max: f64;
  regenPerSec: f64;
  lastSyncMs: f64;

  /** All-or-nothing spend. */
  @inline spend(n: f64): bool {
    if (!validAmount(n)) return false;
    if (this.current < n) return false;
    this.current -= n;
    return true;
  }

  /** Adds n, clamps to max, returns the wasted overflow. */
  @inline gain(n: f64): f64 {
    if (!validAmount(n)) return 0.0;
    const total = this.current + n;
    if (total > this.max) {
      this.current = this.max;
      return total - this.max;
    }
    this.current = total;
    return 0.0;
  }

  @inline get deficit(): f64 {
    return this.max - this.current;
  }

  @inline get pct(): f64 {
    return this.max > 0 ? (this.current / this.max) * 100.0 : 100.0;
  }

  @inline get deficitPct(): f64 {
    return this.max > 0 ? ((this.max - this.current) / this.max) * 100.0 : 0.0;
  }

  @inline get timeToMax(): f64 {
    const d = this.max - this.current;
    if (d <= 0) return 0.0;
    if (this.regenPerSec <= 0) return Infinity;
    return d / this.regenPerSec;
  }

  /** Lazy regeneration up to nowMs; returns the amount regenerated. */
  sync(nowMs: f64, hastePct: f64, hasteScaled: bool): f64 {
    if (nowMs <= this.lastSyncMs) return 0.0;
    const elapsedS = (nowMs - this.lastSyncMs) / 1000.0;
    const hasteMult = hasteScaled ? 1.0 + hastePct / 100.0 : 1.0;
    const before = this.current;
    let next = before + this.regenPerSec * hasteMult * elapsedS;
    if (next > this.max) next = this.max;
    if (next < 0) next = 0.0;
    this.current = next;
    this.lastSyncMs = nowMs;
    return next - before;
  }
}

export const RESOURCE_SLOT_STRIDE: i32 = 4;

// Pointer-based exports so the host can drive a slot it laid out in wasm memory.
export function resourceSpend(slotPtr: usize, n: f64): bool { return changetype<ResourceSlot>(slotPtr).spend(n); }
export function resourceGain(slotPtr: usize, n: f64): f64 { return changetype<ResourceSlot>(slotPtr).gain(n); }
export function resourceSync(slotPtr: usize, nowMs: f64, hastePct: f64, hasteScaled: bool): f64 {
  return changetype<ResourceSlot>(slotPtr).sync(nowMs, hastePct, hasteScaled);
}
export function resourceDeficit(slotPtr: usize): f64 { return changetype<ResourceSlot>(slotPtr).deficit; }
export function resourcePct(slotPtr: usize): f64 { return changetype<ResourceSlot>(slotPtr).pct; }
export function resourceDeficitPct(slotPtr: usize): f64 { return changetype<ResourceSlot>(slotPtr).deficitPct; }
export function resourceTimeToMax(slotPtr: usize): f64 { return changetype<ResourceSlot>(slotPtr).timeToMax; }

/** Op kinds for resourceBatch. */
export const RESOURCE_OP_SPEND: i32 = 0;
export const RESOURCE_OP_GAIN: i32 = 1;
export const RESOURCE_OP_SYNC: i32 = 2;
/** f64 per op record: kind, a, b, c (spend/gain: a = amount; sync: a = nowMs, b = hastePct, c = scaled 0/1). */
export const RESOURCE_OP_STRIDE: i32 = 4;
/** f64 per output record: result, current, deficit, pct, deficitPct, timeToMax, lastSyncMs. */
export const RESOURCE_OUT_STRIDE: i32 = 7;

/**
 * Cross-check entry: applies n ops in sequence to the slot at slotPtr and records, after each op,
 * the op's result (spend: 1/0, gain: waste, sync: amount regenerated) and the slot's derived reads.
 */
export function resourceBatch(slotPtr: usize, opsPtr: usize, n: i32, outPtr: usize): void {
  const s = changetype<ResourceSlot>(slotPtr);
  for (let i = 0; i < n; i++) {
    const op = opsPtr + <usize>(i * RESOURCE_OP_STRIDE) * 8;
    const kind = <i32>load<f64>(op, 0);
    const a = load<f64>(op, 8);
    let result = 0.0;
    if (kind == RESOURCE_OP_SPEND) result = s.spend(a) ? 1.0 : 0.0;
    else if (kind == RESOURCE_OP_GAIN) result = s.gain(a);
    else result = s.sync(a, load<f64>(op, 16), load<f64>(op, 24) != 0);
    const o = outPtr + <usize>(i * RESOURCE_OUT_STRIDE) * 8;
    store<f64>(o, result, 0);
    store<f64>(o, s.current, 8);
    store<f64>(o, s.deficit, 16);
    store<f64>(o, s.pct, 24);
    store<f64>(o, s.deficitPct, 32);
    store<f64>(o, s.timeToMax, 40);
    store<f64>(o, s.lastSyncMs, 48);
  }
}

/**
 * Benchmark entry: n operations on the slot at slotPtr alternating spend(spendAmount) and
 * gain(gainAmount). Returns (successful spends + total waste) so the work cannot be dropped.
 *
 * Why the slot lives in locals here: every op depends on the previous `current`, and going through
 * linear memory puts a store -> load forwarding round trip on that chain each op (measured ~2.9
 * ns/op through memory, ~1.2 in registers, ~0.8 with one spend + gain pair per iteration). The ops
 * are those of ResourceSlot.spend/gain (same amount check, same f64 expressions, same order); the
 * slot is loaded once and `current` is written back once, so the final slot state and the returned sum are bit-identical to n calls of
 * the methods (checked by the bench case's verify()).
 */
export function resourceBenchSpendGain(slotPtr: usize, n: i32, spendAmount: f64, gainAmount: f64): f64 {
  const s = changetype<ResourceSlot>(slotPtr);
  let cur = s.current;
  const max = s.max;
  let acc = 0.0;
  // One spend + one gain per iteration (same op order as i = 0, 1, 2, ...; the bench's JS loop has
  // the same shape): no per-op parity branch or loop-exit test.
  let i = 0;
  for (; i + 1 < n; i += 2) {
    if (validAmount(spendAmount) && !(cur < spendAmount)) {
      cur -= spendAmount;
      acc += 1.0;
    }
    // gain: waste = total - max when over max, else 0 (adding 0.0 to acc >= +0 is a no-op: skipped)
    if (validAmount(gainAmount)) {
      const total = cur + gainAmount;
      if (total > max) {
        cur = max;
        acc += total - max;
      } else {
        cur = total;
      }
    }
  }
  if (i < n && validAmount(spendAmount) && !(cur < spendAmount)) {
    cur -= spendAmount; // odd n: the last op is a spend
    acc += 1.0;
  }
  s.current = cur;
  return acc;
}
