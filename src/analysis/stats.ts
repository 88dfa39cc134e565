// Statistics of the analysis layer: streaming moments (one and two variables), Student-t quantiles,
// and the errors of a mean, of a paired difference and of an unpaired difference.
//
// Why paired: a variant and the baseline run the same chunk plan with the same seeds, so iteration i
// of both starts from the same random state (common random numbers). Their per-iteration DPS values
// are strongly correlated, and the error of the mean difference must come from the per-iteration
// differences d_i = x_i − b_i:  var(d̄) = var(d)/n = (var(x) + var(b) − 2 cov(x, b)) / n.
// Treating the two runs as independent (var(x)/n + var(b)/n) ignores the −2 cov term and overstates
// the error by the factor sqrt((var x + var b) / var d), measured in docs/analysis.md.
//
// Conventions (docs/analysis.md "Errors"): sample variance (n − 1), 95 % two-sided intervals with
// the Student-t quantile for the degrees of freedom (n − 1 for a mean or a paired difference,
// Welch–Satterthwaite for an unpaired one). The rest of combatsim reports SimulationCraft's
// 1.96·sqrt(M2/n)/sqrt(n); at n ≥ 500 (one chunk) the two differ by < 0.5 %.

/** Welford's running mean and second moment of one variable. Deterministic for a fixed add order. */
export class Moments {
  n = 0;
  mean = 0;
  /** Σ (x − mean)². */
  m2 = 0;

  add(x: number): void {
    this.n++;
    const d = x - this.mean;
    this.mean += d / this.n;
    this.m2 += d * (x - this.mean);
  }

  /** Sample variance (n − 1); 0 below two samples. */
  get variance(): number {
    return this.n > 1 ? this.m2 / (this.n - 1) : 0;
  }

  toJSON(): { n: number; mean: number; m2: number } {
    return { n: this.n, mean: this.mean, m2: this.m2 };
  }
}

/** Running means, second moments and co-moment of two variables observed together. */
export class CoMoments {
  n = 0;
  meanX = 0;
  meanY = 0;
  m2X = 0;
  m2Y = 0;
  /** Σ (x − meanX)(y − meanY). */
  cXY = 0;

  add(x: number, y: number): void {
    this.n++;
    const dx = x - this.meanX;
    this.meanX += dx / this.n;
    const dy = y - this.meanY;
    this.meanY += dy / this.n;
    this.m2X += dx * (x - this.meanX);
    this.m2Y += dy * (y - this.meanY);
    this.cXY += dx * (y - this.meanY);
  }

  get varX(): number {
    return this.n > 1 ? this.m2X / (this.n - 1) : 0;
  }
  get varY(): number {
    return this.n > 1 ? this.m2Y / (this.n - 1) : 0;
  }
  get covXY(): number {
    return this.n > 1 ? this.cXY / (this.n - 1) : 0;
  }
}

// ---------------------------------------------------------------------------------------------------
// Student t quantile
// ---------------------------------------------------------------------------------------------------

/** ln Γ(x), x > 0 (Lanczos, g = 7, 9 terms: ~1e-15 relative). */
function lnGamma(x: number): number {
  const g = 7;
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const xx = x - 1;
  let a = c[0]!;
  const t = xx + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += c[i]! / (xx + i);
  return 0.5 * Math.log(2 * Math.PI) + (xx + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction of the regularised incomplete beta (modified Lentz). */
function betaCf(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** Regularised incomplete beta I_x(a, b). */
function incompleteBeta(a: number, b: number, x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lnFront = lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x);
  const front = Math.exp(lnFront);
  return x < (a + 1) / (a + b + 2) ? (front * betaCf(a, b, x)) / a : 1 - (front * betaCf(b, a, 1 - x)) / b;
}

/** P(|T| > t) for Student's t with `df` degrees of freedom (t ≥ 0). */
export function tTwoSidedP(t: number, df: number): number {
  return incompleteBeta(df / 2, 0.5, df / (df + t * t));
}

/** The normal 97.5 % quantile (what the t quantile tends to as df → ∞). */
export const Z975 = 1.959963984540054;

const tCache = new Map<number, number>();

/**
 * Two-sided 95 % Student-t quantile t_{0.975, df} (df may be fractional: Welch). ∞ below df 1 would
 * be wrong for df in (0, 1), so those are computed too; df ≤ 0 or NaN gives Infinity (no spread
 * measured: the caller reports an infinite error).
 */
export function tQuantile975(df: number): number {
  if (!(df > 0)) return Number.POSITIVE_INFINITY;
  if (df > 1e7) return Z975;
  const hit = tCache.get(df);
  if (hit !== undefined) return hit;
  // bisection on the monotone tail probability: 200 halvings of [0, hi] reach double precision
  let lo = 0;
  let hi = 1;
  while (tTwoSidedP(hi, df) > 0.05) hi *= 2;
  for (let k = 0; k < 200 && hi - lo > 1e-13 * hi; k++) {
    const mid = 0.5 * (lo + hi);
    if (tTwoSidedP(mid, df) > 0.05) lo = mid;
    else hi = mid;
  }
  const q = 0.5 * (lo + hi);
  if (tCache.size < 4096) tCache.set(df, q);
  return q;
}

// ---------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------

/** 95 % half-width of a mean from its moments: t_{n−1} · s / √n (Infinity below two samples). */
export function meanError95(m: { n: number; m2: number }): number {
  if (m.n < 2) return Number.POSITIVE_INFINITY;
  const se = Math.sqrt(m.m2 / (m.n - 1) / m.n);
  return se === 0 ? 0 : tQuantile975(m.n - 1) * se;
}

/** Welch–Satterthwaite degrees of freedom of a difference of two independent means. */
export function welchDf(varA: number, nA: number, varB: number, nB: number): number {
  const a = varA / nA;
  const b = varB / nB;
  const den = (a * a) / (nA - 1) + (b * b) / (nB - 1);
  return den > 0 ? ((a + b) * (a + b)) / den : Number.POSITIVE_INFINITY;
}

/** 95 % half-width of mean(A) − mean(B) treating A and B as independent samples (Welch). */
export function unpairedError95(a: { n: number; m2: number }, b: { n: number; m2: number }): number {
  if (a.n < 2 || b.n < 2) return Number.POSITIVE_INFINITY;
  const va = a.m2 / (a.n - 1);
  const vb = b.m2 / (b.n - 1);
  const se = Math.sqrt(va / a.n + vb / b.n);
  return se === 0 ? 0 : tQuantile975(welchDf(va, a.n, vb, b.n)) * se;
}

/** A paired comparison of a variant with its reference over the same iterations. */
export interface PairedDelta {
  n: number;
  /** mean(variant) − mean(reference) = mean of the per-iteration differences. */
  delta: number;
  /** 95 % half-width from the per-iteration differences (t, n − 1 df). */
  error: number;
  /** 95 % half-width if the two runs were independent samples (Welch), for comparison. */
  unpairedError: number;
  /** Pearson correlation of the per-iteration values (NaN when either has no spread). */
  correlation: number;
}

/**
 * Paired delta of `variant` against `reference`, iteration by iteration (equal lengths; index i of
 * both must be the same seed). The arithmetic the analysis uses everywhere, exposed for tests.
 */
export function pairedDelta(variant: ArrayLike<number>, reference: ArrayLike<number>): PairedDelta {
  if (variant.length !== reference.length) throw new RangeError(`pairedDelta: ${variant.length} variant samples vs ${reference.length} reference samples`);
  const acc = new PairAccumulator();
  for (let i = 0; i < variant.length; i++) acc.add(variant[i]!, reference[i]!);
  return acc.result();
}

/** Streaming form of pairedDelta: x (variant), r (reference) and d = x − r, all in add order. */
export class PairAccumulator {
  readonly x = new Moments();
  readonly r = new Moments();
  /** Differences, accumulated directly: exact 0 when every pair is equal (no cancellation). */
  readonly d = new Moments();
  /** Co-moment of x and r, for the correlation. */
  readonly xr = new CoMoments();

  add(x: number, r: number): void {
    this.x.add(x);
    this.r.add(r);
    this.d.add(x - r);
    this.xr.add(x, r);
  }

  result(): PairedDelta {
    const vx = this.xr.varX;
    const vr = this.xr.varY;
    return {
      n: this.d.n,
      delta: this.d.mean,
      error: meanError95(this.d),
      unpairedError: unpairedError95(this.x, this.r),
      correlation: vx > 0 && vr > 0 ? this.xr.covXY / Math.sqrt(vx * vr) : Number.NaN,
    };
  }
}
