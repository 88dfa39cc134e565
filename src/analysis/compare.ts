// compare(): the base and a list of variants, every one on the same chunk plan and seeds (common
// random numbers), reported as DPS, delta to the baseline and the delta's 95 % error from the paired
// per-iteration differences — plus the error the same delta would have if the runs were independent,
// so the gain from pairing is visible in every result (docs/analysis.md).
import type { SimulateConfig } from "../engine/simulate.js";
import { nextStageIterations, pctOption, runOptions, runInfo, type AnalysisRunInfo, type StageProgress } from "./common.js";
import { AnalysisError } from "./errors.js";
import { PairedRunner } from "./paired-runner.js";
import { meanError95, Moments, PairAccumulator } from "./stats.js";
import { BASELINE_NAME, describeVariant, loadAnalysisBase, parseVariants, prepareVariant, type Variant } from "./variants.js";

export interface CompareConfig extends Omit<SimulateConfig, "targetError" | "timeline" | "onProgress"> {
  /** Variants (see src/analysis/variants.ts for the keys), e.g. `{ name: "crit+100", crit: "+100" }`. */
  variants: readonly unknown[];
  /**
   * Stop once every variant's paired delta error (95 %) is <= this percent of the baseline DPS,
   * checked after each stage; `iterations` is then the maximum. Default: run exactly `iterations`.
   */
  deltaError?: number;
  /** Relative directory for rotation files named by variants (a variants file's folder). */
  variantsBaseDir?: string;
  /** How each variant is named in error messages (default `variants[i]`), e.g. `--variant "x"`. */
  variantSources?: readonly string[];
  onStage?: (p: StageProgress) => void;
}

export interface EntrySummary {
  name: string;
  /** What the entry changes ("crit +100, talents a/b"); "no change" for the baseline. */
  changes: string;
  iterations: number;
  dps: number;
  /** 95 % half-width of this entry's own mean DPS. */
  error: number;
}

export interface VariantComparison extends EntrySummary {
  /** mean(variant − baseline), per iteration. */
  delta: number;
  /** delta in percent of the baseline DPS. */
  deltaPercent: number;
  /** 95 % half-width of delta from the paired differences. */
  deltaError: number;
  deltaErrorPercent: number;
  /** 95 % half-width of delta if the two runs were independent (Welch). */
  unpairedDeltaError: number;
  /** unpairedDeltaError / deltaError: the precision gained by pairing (null when deltaError is 0: identical runs). */
  errorRatio: number | null;
  /** Correlation of the variant's and the baseline's per-iteration DPS. */
  correlation: number | null;
}

export interface ComparisonResult extends AnalysisRunInfo {
  kind: "comparison";
  spec: string;
  baseline: EntrySummary;
  variants: VariantComparison[];
}

export async function compare(config: CompareConfig): Promise<ComparisonResult> {
  const t0 = performance.now();
  if (!Array.isArray(config.variants) || config.variants.length === 0) throw new AnalysisError("INVALID_VARIANT", "config.variants", "expected a non-empty array of variants");
  const run = runOptions(config, { iterations: 10_000 });
  const target = pctOption("config.deltaError", config.deltaError);
  const base = await loadAnalysisBase(config);
  const variants = await parseVariants(config.variants, "variants", { primaryStat: base.prepared.spec.primaryStat, ...(config.variantsBaseDir ? { baseDir: config.variantsBaseDir } : {}) }, config.variantSources);
  const images = [base.prepared.image];
  for (const v of variants) images.push((await prepareVariant(base, v)).image);
  const prepareMs = performance.now() - t0;
  const runner = await PairedRunner.open({ images, names: [BASELINE_NAME, ...variants.map((v) => v.name)], seed: base.seed, chunkSize: run.chunkSize, maxIterations: run.iterations, threads: run.threads });
  const own = new Moments();
  const pairs = variants.map(() => new PairAccumulator());
  const all = images.map((_, k) => k);
  let done = 0;
  let stages = 0;
  let reached = target === undefined;
  try {
    for (;;) {
      const n = target === undefined ? run.iterations : done === 0 ? Math.min(run.iterations, run.chunkSize) : nextStageIterations(runner.iterationsBefore(done), pairs.map((p) => (100 * meanError95(p.d)) / own.mean), target, 4, run.chunkSize, run.iterations);
      const to = runner.chunksFor(n);
      const xs = await runner.run(all, done, to);
      fold(xs, own, pairs);
      done = to;
      stages++;
      config.onStage?.({ analysis: "comparison", stage: stages, iterations: own.n, activeEntries: images.length, iterationsSpent: runner.iterationsSpent, elapsedMs: performance.now() - t0 });
      if (target !== undefined) reached = pairs.every((p) => (100 * meanError95(p.d)) / own.mean <= target);
      if (reached || done >= runner.totalChunks) break;
    }
  } finally {
    await runner.close();
  }
  const baseline: EntrySummary = { name: BASELINE_NAME, changes: "no change", iterations: own.n, dps: own.mean, error: meanError95(own) };
  return {
    kind: "comparison",
    spec: base.prepared.spec.spec,
    ...runInfo({ seed: base.seed, run, iterations: own.n, runner, stages, target, reached, t0, prepareMs }),
    baseline,
    variants: variants.map((v, i) => variantComparison(v, pairs[i]!, own.mean)),
  };
}

/** Folds one stage's samples (index 0 = baseline) in iteration order. */
function fold(xs: Float64Array[], own: Moments, pairs: PairAccumulator[]): void {
  const b = xs[0]!;
  for (let i = 0; i < b.length; i++) own.add(b[i]!);
  pairs.forEach((p, k) => {
    const x = xs[k + 1]!;
    for (let i = 0; i < b.length; i++) p.add(x[i]!, b[i]!);
  });
}

export function variantComparison(v: Variant, p: PairAccumulator, baselineDps: number): VariantComparison {
  const r = p.result();
  const pct = (x: number) => (baselineDps !== 0 ? (100 * x) / baselineDps : Number.NaN);
  return {
    name: v.name,
    changes: describeVariant(v),
    iterations: r.n,
    dps: p.x.mean,
    error: meanError95(p.x),
    delta: r.delta,
    deltaPercent: pct(r.delta),
    deltaError: r.error,
    deltaErrorPercent: pct(r.error),
    unpairedDeltaError: r.unpairedError,
    errorRatio: r.error > 0 ? r.unpairedError / r.error : null,
    correlation: Number.isNaN(r.correlation) ? null : r.correlation,
  };
}
