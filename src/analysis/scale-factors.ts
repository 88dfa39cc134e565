// Stat weights (SimulationCraft's scale factors): DPS gained per point of each stat, with errors,
// normalised to the primary stat, and the Pawn string.
//
// Conventions (docs/analysis.md "Scale factors"), as SimulationCraft's scale_factor_control.cpp:
// - delta: one default for every stat, the rating that gives 3.5 % haste at the character's level,
//   rounded (SimC: round(haste rating per 1 % × 3.5) × scale_delta_multiplier; at level 90 that is
//   round(44 × 3.5) = 154 points). The primary stat, the ratings and weapon DPS all use it unless
//   `deltas` overrides one;
// - one-sided (default, SimC's center_scale_delta=0): weight = (DPS(stat + δ) − DPS(base)) / δ;
//   centred (`centred: true`, SimC's center_scale_delta=1): weight = (DPS(stat + δ/2) − DPS(stat − δ/2)) / δ,
//   which cancels the curvature term of the one-sided difference at the cost of a second run per stat;
// - normalised weights divide by the primary stat's weight (Pawn's convention: primary = 1.00).
// Unlike SimC, every run shares the baseline's seeds, so each weight's error comes from the paired
// per-iteration differences; the normalised weights' errors come from the delta method with the
// measured covariance of the stat's and the primary's differences (they share the baseline samples).
//
// Iterations: fixed (`iterations`), or chosen for a requested precision (`scaleFactorError`: every
// normalised weight's 95 % half-width <= that percent of the primary's weight): a first stage of one
// chunk, then stages sized from the measured errors (1/√n) until the target holds or `iterations`
// (then the cap) is reached.
import { SPEC_CATALOG } from "../generated/catalog.js";
import type { SpecImage } from "../engine/image.js";
import type { SimulateConfig } from "../engine/simulate.js";
import { RatingConverter } from "../stats/ratings.js";
import { badConfig, nextStageIterations, pctOption, runOptions, runInfo, type AnalysisRunInfo, type StageProgress } from "./common.js";
import { AnalysisError } from "./errors.js";
import { PairedRunner } from "./paired-runner.js";
import { CoMoments, meanError95, Moments, tQuantile975, unpairedError95 } from "./stats.js";
import { BASELINE_NAME, loadAnalysisBase, prepareVariant, STAT_KEYS, statValue, type AnalysisBase, type StatKey, type Variant } from "./variants.js";

export interface ScaleFactorsConfig extends Omit<SimulateConfig, "targetError" | "timeline" | "onProgress"> {
  /** Stats to weigh (default: primary, crit, haste, mastery, versatility, and weapon_dps when the spec's damage reads the weapon). */
  stats?: readonly StatKey[];
  /** Per-stat delta in points (weapon_dps: weapon DPS); default: SimC's (rating for 3.5 % haste at the level). */
  deltas?: Partial<Record<StatKey, number>>;
  /** Centred differences (±δ/2) instead of one-sided (+δ). Default false (SimC's default). */
  centred?: boolean;
  /** Precision target: every normalised weight's 95 % half-width <= this percent of the primary's weight. */
  scaleFactorError?: number;
  onStage?: (p: StageProgress) => void;
}

export interface ScaleFactor {
  stat: StatKey;
  /** Display and Pawn names ("Agility", "CritRating", "HasteRating", "MasteryRating", "Versatility", "Dps"). */
  label: string;
  pawnName: string;
  /** The character's value (rating, attribute, weapon DPS). */
  base: number;
  delta: number;
  /** Mean DPS change over the delta (DPS(+δ) − DPS(base), or DPS(+δ/2) − DPS(−δ/2)), with its paired 95 % error. */
  dpsChange: number;
  dpsChangeError: number;
  /** DPS per point, with its 95 % error (paired), and the error an unpaired run would have. */
  weight: number;
  weightError: number;
  unpairedWeightError: number;
  /** weight / primary weight, with its 95 % error (delta method); null when the primary's weight is 0. */
  normalized: number | null;
  normalizedError: number | null;
}

export interface ScaleFactorsResult extends AnalysisRunInfo {
  kind: "scale-factors";
  spec: string;
  className: string;
  primaryStat: string;
  centred: boolean;
  /** The default delta and the rule it came from. */
  defaultDelta: number;
  deltaRule: string;
  baseline: { dps: number; error: number };
  factors: ScaleFactor[];
  /** `( Pawn: v1: "...": Class=..., Agility=1.00, ... )`; null when the weights cannot be normalised. */
  pawn: string | null;
  warnings: string[];
}

const LABELS: Record<StatKey, string> = { primary: "", crit: "Crit", haste: "Haste", mastery: "Mastery", versatility: "Versatility", weapon_dps: "Weapon DPS" };
const PAWN: Record<StatKey, string> = { primary: "", crit: "CritRating", haste: "HasteRating", mastery: "MasteryRating", versatility: "Versatility", weapon_dps: "Dps" };
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Whether any player damage reads the weapon (auto attack, weapon strikes); pets never do. */
export function weaponMatters(image: SpecImage): boolean {
  if (image.autoAttack) return true;
  return image.damage.some((d) => (d.weaponMultiplier ?? 0) > 0 && !(d.pet !== undefined && d.pet >= 0));
}

/** SimC's default delta: the rating for 3.5 % haste at `level`, rounded. */
export function defaultScaleDelta(base: AnalysisBase): number {
  return Math.round(RatingConverter.fromBundle(base.bundle).divisor("haste", base.profile.level) * 3.5);
}

export async function scaleFactors(config: ScaleFactorsConfig): Promise<ScaleFactorsResult> {
  const t0 = performance.now();
  const target = pctOption("config.scaleFactorError", config.scaleFactorError);
  const run = runOptions(config, { iterations: target === undefined ? 10_000 : 100_000 });
  if (config.centred !== undefined && typeof config.centred !== "boolean") badConfig("config.centred", config.centred, "a boolean");
  const centred = config.centred ?? false;
  const base = await loadAnalysisBase(config);
  const primaryStat = base.prepared.spec.primaryStat;
  const warnings: string[] = [];

  let stats: StatKey[];
  if (config.stats !== undefined) {
    if (!Array.isArray(config.stats) || config.stats.length === 0) badConfig("config.stats", config.stats, `a non-empty list of ${STAT_KEYS.join(", ")}`);
    stats = [];
    for (const s of config.stats) {
      if (!(STAT_KEYS as readonly string[]).includes(s)) badConfig("config.stats", s, `one of ${STAT_KEYS.join(", ")}`);
      if (stats.includes(s)) badConfig("config.stats", s, "listed once");
      stats.push(s);
    }
    // the primary goes first whatever the order given: every normalisation divides by it
    stats = ["primary", ...stats.filter((s) => s !== "primary")];
  } else {
    stats = ["primary", "crit", "haste", "mastery", "versatility"];
    if (weaponMatters(base.prepared.image)) stats.push("weapon_dps");
  }
  const defaultDelta = defaultScaleDelta(base);
  const deltas = new Map<StatKey, number>();
  for (const s of stats) {
    const d = config.deltas?.[s] ?? defaultDelta;
    if (typeof d !== "number" || !Number.isFinite(d) || d <= 0) badConfig(`config.deltas.${s}`, d, "a number of points > 0");
    deltas.set(s, d);
  }
  if (config.deltas) for (const k of Object.keys(config.deltas)) if (!stats.includes(k as StatKey)) badConfig(`config.deltas.${k}`, config.deltas[k as StatKey], `a delta for one of the weighed stats (${stats.join(", ")})`);

  // entries: 0 = baseline; then per stat +δ (one-sided) or +δ/2, −δ/2 (centred)
  const variants: Variant[] = [];
  for (const s of stats) {
    const d = deltas.get(s)!;
    if (centred) {
      if (statValue(base.profile, s) - d / 2 < 0) badConfig(`config.deltas.${s}`, d, `at most 2 × the character's ${s} (${statValue(base.profile, s)}) for a centred difference`);
      variants.push({ name: `${s} +${d / 2}`, stats: { [s]: { op: "add", value: d / 2 } } });
      variants.push({ name: `${s} -${d / 2}`, stats: { [s]: { op: "add", value: -d / 2 } } });
    } else variants.push({ name: `${s} +${d}`, stats: { [s]: { op: "add", value: d } } });
  }
  const images = [base.prepared.image];
  for (const v of variants) images.push((await prepareVariant(base, v)).image);
  const prepareMs = performance.now() - t0;
  const runner = await PairedRunner.open({ images, names: [BASELINE_NAME, ...variants.map((v) => v.name)], seed: base.seed, chunkSize: run.chunkSize, maxIterations: run.iterations, threads: run.threads });

  // per stat: moments of its per-iteration difference d_s, jointly with the primary's d_p (index 0)
  const own = new Moments();
  const joint = stats.map(() => new CoMoments());
  const hi = stats.map(() => new Moments()); // DPS of the upper run, for the unpaired comparison
  const lo = stats.map(() => new Moments()); // DPS of the lower run (the baseline when one-sided)
  const all = images.map((_, k) => k);
  let done = 0;
  let stages = 0;
  let reached = target === undefined;
  const normErrors = () => stats.map((_, i) => normalizedOf(i, joint, stats, deltas).error ?? Number.POSITIVE_INFINITY);
  try {
    for (;;) {
      const n = target === undefined ? run.iterations : done === 0 ? Math.min(run.iterations, run.chunkSize) : nextStageIterations(runner.iterationsBefore(done), normErrors().map((e) => 100 * e), target, 4, run.chunkSize, run.iterations);
      const to = runner.chunksFor(n);
      const xs = await runner.run(all, done, to);
      const b = xs[0]!;
      for (let j = 0; j < b.length; j++) own.add(b[j]!);
      const upper = (i: number) => xs[centred ? 1 + 2 * i : 1 + i]!;
      const lower = (i: number) => (centred ? xs[2 + 2 * i]! : b);
      const up0 = upper(0);
      const lo0 = lower(0);
      stats.forEach((_, i) => {
        const u = upper(i);
        const l = lower(i);
        const acc = joint[i]!;
        for (let j = 0; j < b.length; j++) {
          acc.add(u[j]! - l[j]!, up0[j]! - lo0[j]!);
          hi[i]!.add(u[j]!);
          lo[i]!.add(l[j]!);
        }
      });
      done = to;
      stages++;
      config.onStage?.({ analysis: "scale-factors", stage: stages, iterations: own.n, activeEntries: images.length, iterationsSpent: runner.iterationsSpent, elapsedMs: performance.now() - t0 });
      if (target !== undefined) {
        if (!(joint[0]!.meanX > 0)) {
          throw new AnalysisError("SCALE_FACTORS_UNNORMALIZABLE", "config.scaleFactorError", `the primary stat's weight is ${joint[0]!.meanX / deltas.get("primary")!} DPS per point after ${own.n} iterations; weights cannot be normalised to it`);
        }
        reached = normErrors().every((e) => 100 * e <= target);
      }
      if (reached || done >= runner.totalChunks) break;
    }
  } finally {
    await runner.close();
  }

  const factors: ScaleFactor[] = stats.map((s, i) => {
    const d = deltas.get(s)!;
    const acc = joint[i]!;
    const dm = { n: acc.n, m2: acc.m2X };
    const err = meanError95(dm);
    const norm = normalizedOf(i, joint, stats, deltas);
    return {
      stat: s,
      label: s === "primary" ? capital(primaryStat) : LABELS[s],
      pawnName: s === "primary" ? capital(primaryStat) : PAWN[s],
      base: statValue(base.profile, s),
      delta: d,
      dpsChange: acc.meanX,
      dpsChangeError: err,
      weight: acc.meanX / d,
      weightError: err / d,
      unpairedWeightError: unpairedError95(hi[i]!, lo[i]!) / d,
      normalized: norm.value,
      normalizedError: norm.error,
    };
  });
  if (factors[0]!.normalized === null) warnings.push(`the primary stat's weight is ${factors[0]!.weight}: no normalised weights and no Pawn string`);
  const className = SPEC_CATALOG.find((c) => c.slug === base.prepared.spec.spec)?.className ?? "";
  return {
    kind: "scale-factors",
    spec: base.prepared.spec.spec,
    className,
    primaryStat,
    ...runInfo({ seed: base.seed, run, iterations: own.n, runner, stages, target, reached, t0, prepareMs }),
    centred,
    defaultDelta,
    deltaRule: `round(3.5 × haste rating per 1 % at level ${base.profile.level}) = ${defaultDelta} (SimulationCraft's default delta)`,
    baseline: { dps: own.mean, error: meanError95(own) },
    factors,
    pawn: factors[0]!.normalized === null ? null : pawnString(`combatsim ${base.prepared.spec.spec}`, className, factors),
    warnings,
  };
}

/**
 * r = w_s / w_p and its 95 % half-width by the delta method on the per-iteration pairs
 * (d_s, d_p): var(r̂) ≈ [var(d_s)/δs² − 2 r cov(d_s, d_p)/(δs δp) + r² var(d_p)/δp²] / (n w_p²).
 * The primary itself is exactly 1 (error 0). Null when the primary's weight is not > 0.
 */
export function normalizedOf(i: number, joint: readonly CoMoments[], stats: readonly StatKey[], deltas: ReadonlyMap<StatKey, number>): { value: number | null; error: number | null } {
  const p = joint[0]!;
  const dp = deltas.get(stats[0]!)!;
  const wp = p.meanX / dp;
  if (!(wp > 0)) return { value: null, error: null };
  if (i === 0) return { value: 1, error: 0 };
  const a = joint[i]!;
  const ds = deltas.get(stats[i]!)!;
  const r = a.meanX / ds / wp;
  if (a.n < 2) return { value: r, error: Number.POSITIVE_INFINITY };
  // cov(d_s, d_p): both CoMoments carry d_p as Y over the same iterations, and a.X with a.Y
  const v = (a.varX / (ds * ds) - (2 * r * a.covXY) / (ds * dp) + (r * r * a.varY) / (dp * dp)) / (a.n * wp * wp);
  return { value: r, error: tQuantile975(a.n - 1) * Math.sqrt(Math.max(0, v)) };
}

/** SimC-style Pawn string, stats by normalised weight (highest first), two decimals. */
export function pawnString(name: string, className: string, factors: readonly ScaleFactor[]): string {
  const rows = factors.filter((f) => f.normalized !== null).map((f, i) => ({ f, i }));
  rows.sort((a, b) => b.f.normalized! - a.f.normalized! || a.i - b.i);
  const cls = className.replace(/\s+/g, "");
  const parts = [...(cls ? [`Class=${cls}`] : []), ...rows.map(({ f }) => `${f.pawnName}=${f.normalized!.toFixed(2)}`)];
  return `( Pawn: v1: "${name.replace(/["()]/g, "")}": ${parts.join(", ")} )`;
}
