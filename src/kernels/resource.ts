// Resource slot and lazy regeneration (spec "Resource slot", "Resource regeneration").
// TS twin of assembly/resource.ts (same f64 expressions, bit-identical results).
//
// Decisions:
// - `pct` and `deficitPct` are percent points 0..100 (spec "All values are percent points"):
//   pct = current / max * 100, deficitPct = deficit / max * 100. A slot with max = 0 counts as full:
//   pct = 100, deficitPct = 0, timeToMax = 0.
// - `timeToMax` is seconds at the un-hasted `regenPerSec`: 0 when full, Infinity when regenPerSec <= 0
//   and not full, else deficit / regenPerSec.
// - `sync` floors `current` at 0 as well as capping it at max: the spec's regen is non-negative, but a
//   haste below -100 % would make haste_mult negative and must not drive the resource negative.
// - Negative or NaN amounts throw KernelInputError (the AS twin returns false / 0 and changes nothing).
import { KernelInputError, requireFinite } from "./primitives.js";

function requireAmount(op: string, n: unknown): void {
  if (typeof n !== "number" || !(n >= 0) || n === Infinity) {
    throw new KernelInputError(`ResourceSlot.${op}`, "amount", n, "a finite number >= 0");
  }
}

export class ResourceSlot {
  current: number;
  max: number;
  regenPerSec: number;
  /** Simulation time (ms) up to which regeneration has been applied; 0 = fight start. */
  lastSyncMs: number;

  constructor(current: number, max: number, regenPerSec: number, lastSyncMs = 0) {
    if (typeof max !== "number" || !(max >= 0) || max === Infinity) {
      throw new KernelInputError("ResourceSlot", "max", max, "a finite number >= 0");
    }
    if (typeof current !== "number" || !(current >= 0 && current <= max)) {
      throw new KernelInputError("ResourceSlot", "current", current, `a number in [0, max=${max}]`);
    }
    if (typeof regenPerSec !== "number" || !(regenPerSec >= 0) || regenPerSec === Infinity) {
      throw new KernelInputError("ResourceSlot", "regenPerSec", regenPerSec, "a finite number >= 0");
    }
    requireFinite("ResourceSlot", "lastSyncMs", lastSyncMs);
    this.current = current;
    this.max = max;
    this.regenPerSec = regenPerSec;
    this.lastSyncMs = lastSyncMs;
  }

  /** All-or-nothing: false and no change when current < n; otherwise subtracts n and returns true. */
  spend(n: number): boolean {
    requireAmount("spend", n);
    if (this.current < n) return false;
    this.current -= n;
    return true;
  }

  /** Adds n, clamps to max, returns the wasted overflow (>= 0). */
  gain(n: number): number {
    requireAmount("gain", n);
    const total = this.current + n;
    if (total > this.max) {
      this.current = this.max;
      return total - this.max;
    }
    this.current = total;
    return 0;
  }

  get deficit(): number {
    return this.max - this.current;
  }

  /** current / max in percent points (0..100); 100 for a max-0 slot. */
  get pct(): number {
    return this.max > 0 ? (this.current / this.max) * 100.0 : 100.0;
  }

  /** deficit / max in percent points (0..100); 0 for a max-0 slot. */
  get deficitPct(): number {
    return this.max > 0 ? ((this.max - this.current) / this.max) * 100.0 : 0.0;
  }

  /** Seconds until full at regenPerSec (no haste): 0 when full, Infinity when regen <= 0. */
  get timeToMax(): number {
    const d = this.max - this.current;
    if (d <= 0) return 0.0;
    if (this.regenPerSec <= 0) return Infinity;
    return d / this.regenPerSec;
  }

  /**
   * Lazy regeneration up to `nowMs`: nothing when nowMs <= lastSyncMs; otherwise
   * current = min(current + regenPerSec * hasteMult * elapsed_s, max) (floored at 0) and lastSyncMs = nowMs,
   * hasteMult = 1 + hastePct/100 when `hasteScaled`, else 1.
   * Returns the amount actually regenerated (may be 0).
   */
  sync(nowMs: number, hastePct: number, hasteScaled: boolean): number {
    requireFinite("ResourceSlot.sync", "nowMs", nowMs);
    requireFinite("ResourceSlot.sync", "hastePct", hastePct);
    return resourceSyncUnchecked(this, nowMs, hastePct, hasteScaled);
  }
}

/** The body of {@link ResourceSlot.sync} without validation. */
export function resourceSyncUnchecked(
  s: { current: number; max: number; regenPerSec: number; lastSyncMs: number },
  nowMs: number,
  hastePct: number,
  hasteScaled: boolean,
): number {
  if (nowMs <= s.lastSyncMs) return 0;
  const elapsedS = (nowMs - s.lastSyncMs) / 1000.0;
  const hasteMult = hasteScaled ? 1.0 + hastePct / 100.0 : 1.0;
  const before = s.current;
  let next = before + s.regenPerSec * hasteMult * elapsedS;
  if (next > s.max) next = s.max;
  if (next < 0) next = 0.0;
  s.current = next;
  s.lastSyncMs = nowMs;
  return next - before;
}
