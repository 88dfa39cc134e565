// Streaming DPS statistics (spec "Telemetry and statistics"): count, sum, min, max, running mean
// and M2 (Welford), variance = M2 / n (population variance), merged with Chan et al.'s formula
// M2 = M2_a + M2_b + delta^2 * n_a * n_b / n. No per-iteration values are stored.
import { TelemetryError } from "./errors.js";

export interface DpsStatsState {
  count: number;
  sum: number;
  min: number;
  max: number;
  mean: number;
  m2: number;
}

export class DpsStats implements DpsStatsState {
  count = 0;
  sum = 0;
  /** +Infinity / -Infinity while empty. */
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  mean = 0;
  m2 = 0;

  static from(s: DpsStatsState): DpsStats {
    const d = new DpsStats();
    d.count = s.count;
    d.sum = s.sum;
    d.min = s.min;
    d.max = s.max;
    d.mean = s.mean;
    d.m2 = s.m2;
    return d;
  }

  /** Records one iteration's DPS (finite, >= 0 is not required: a negative DPS is recorded as is). */
  add(x: number): void {
    if (!Number.isFinite(x)) throw new TelemetryError("TELEMETRY_BAD_VALUE", "dps sample", `${x} is not a finite number`);
    this.count++;
    this.sum += x;
    if (x < this.min) this.min = x;
    if (x > this.max) this.max = x;
    const delta = x - this.mean;
    this.mean += delta / this.count;
    this.m2 += delta * (x - this.mean);
  }

  /** Folds `o` into this (this = this ∪ o). Deterministic for a fixed merge order. */
  merge(o: DpsStatsState): this {
    if (o.count === 0) return this;
    if (this.count === 0) {
      this.count = o.count;
      this.sum = o.sum;
      this.min = o.min;
      this.max = o.max;
      this.mean = o.mean;
      this.m2 = o.m2;
      return this;
    }
    const n = this.count + o.count;
    const delta = o.mean - this.mean;
    this.m2 = this.m2 + o.m2 + (delta * delta * this.count * o.count) / n;
    this.mean = this.mean + (delta * o.count) / n;
    this.count = n;
    this.sum += o.sum;
    if (o.min < this.min) this.min = o.min;
    if (o.max > this.max) this.max = o.max;
    return this;
  }

  /** Population variance M2 / n (0 when empty). */
  get variance(): number {
    return this.count === 0 ? 0 : this.m2 / this.count;
  }

  get stddev(): number {
    return Math.sqrt(this.variance);
  }

  /**
   * SimulationCraft's "DPS error" in percent of the mean, at 95 % confidence:
   * 1.96 * stddev / sqrt(n) / mean * 100. Infinity while n < 2 (no spread measured yet) or
   * when mean <= 0 with a nonzero spread; 0 when every sample is identical.
   */
  get relativeError(): number {
    return relativeError95(this);
  }
}

/** See DpsStats.relativeError. */
export function relativeError95(s: DpsStatsState): number {
  if (s.count < 2) return Number.POSITIVE_INFINITY;
  const sd = Math.sqrt(s.m2 / s.count);
  if (sd === 0) return 0;
  if (!(s.mean > 0)) return Number.POSITIVE_INFINITY;
  return ((1.96 * sd) / Math.sqrt(s.count) / s.mean) * 100;
}
