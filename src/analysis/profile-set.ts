// Profile sets with staged culling: many variants of the base (every talent combination, a list of
// stat splits, a variants file) ranked by DPS to a requested precision at a fraction of the cost of
// running every one to that precision.
//
// Stages: every active entry (the baseline always, plus the surviving variants) runs the same chunks,
// so after a stage all of them have the same iterations and every variant's delta to the baseline is
// a paired difference. Stage 1 is cheap (`firstStage` iterations, default one chunk of 100). After
// each stage the culling rule (src/analysis/culling.ts) drops the variants whose interval lies wholly
// below the leader's; the survivors continue with more iterations (nextStageIterations: enough for
// the worst survivor's error, at most `growth` × per stage) until every surviving variant's paired
// delta error is <= `precision` percent of the baseline DPS, or the iteration cap is reached.
//
// Cost: the result reports the iterations spent and the naive cost of running every entry to the
// final iteration count without culling ((variants + 1) × final iterations).
import type { SimulateConfig } from "../engine/simulate.js";
import type { ResolvedSpec } from "../manifest/resolve.js";
import { badConfig, intOption, nextStageIterations, pctOption, runOptions, type StageProgress } from "./common.js";
import { cull } from "./culling.js";
import { AnalysisError } from "./errors.js";
import { PairedRunner } from "./paired-runner.js";
import { meanError95, Moments, PairAccumulator } from "./stats.js";
import { BASELINE_NAME, describeVariant, loadAnalysisBase, parseVariants, prepareVariant, type AnalysisBase, type VariantInput } from "./variants.js";

/** Chunk size of profile sets unless configured: small, so the first stage can be cheap. */
export const PROFILE_SET_CHUNK_SIZE = 100;
export const PROFILE_SET_DEFAULT_PRECISION = 0.1;
export const PROFILE_SET_DEFAULT_MAX_ITERATIONS = 100_000;

export interface ProfileSetConfig extends Omit<SimulateConfig, "targetError" | "timeline" | "onProgress"> {
  /** The variants (variant inputs: see src/analysis/variants.ts; generators below build them). */
  variants?: readonly unknown[];
  /**
   * Generated variants, added after `variants`: "talents" (every subset of the spec's modelled
   * talents), "stat-splits:N" (every split of the secondary rating total in 1/N steps), or a
   * product of both joined by "*" ("talents*stat-splits:5"). Expanded against the loaded base.
   */
  generate?: string;
  /** Target: every surviving variant's paired delta error <= this percent of the baseline DPS (default 0.1). */
  precision?: number;
  /** Iterations of the first stage (default: one chunk). */
  firstStage?: number;
  /** Largest iteration multiplier from one stage to the next (default 4). */
  growth?: number;
  /** false: no culling (every variant runs to the end: the naive cost, for benchmarks). Default true. */
  cull?: boolean;
  variantsBaseDir?: string;
  /** How each variant is named in error messages (default `variants[i]`), e.g. `--variant "x"`. */
  variantSources?: readonly string[];
  onStage?: (p: StageProgress) => void;
}

export interface ProfileSetEntry {
  rank: number;
  name: string;
  changes: string;
  baseline: boolean;
  /** Iterations this entry ran (fewer for culled entries). */
  iterations: number;
  dps: number;
  /** 95 % half-width of the entry's own mean DPS. */
  error: number;
  delta: number;
  deltaPercent: number;
  /** 95 % half-width of the paired delta to the baseline (0 for the baseline). */
  deltaError: number;
  deltaErrorPercent: number;
  /** Stage after which the entry was culled; null = survived to the end. */
  culledAtStage: number | null;
}

export interface ProfileSetStage {
  stage: number;
  /** Iterations per active entry after this stage. */
  iterations: number;
  /** Entries run in this stage (baseline included). */
  entriesRun: number;
  /** Variants culled after this stage. */
  culled: number;
  /** Variants still active after this stage (baseline excluded). */
  survivors: number;
  survivorNames: string[];
  leader: string;
  /** The leader's paired delta to the baseline and its 95 % half-width at this stage (the culling line is delta − error). */
  leaderDelta: number;
  leaderError: number;
  /** Largest paired delta error among the survivors, percent of the baseline DPS. */
  worstSurvivorErrorPercent: number;
  iterationsSpent: number;
}

export interface ProfileSetResult {
  kind: "profile-set";
  spec: string;
  seed: string;
  chunkSize: number;
  threads: number;
  variants: number;
  precision: number;
  culling: boolean;
  /** Every survivor reached the precision (false: the iteration cap came first). */
  reached: boolean;
  maxIterations: number;
  /** Iterations of the survivors at the end. */
  finalIterations: number;
  iterationsSpent: number;
  /** (variants + 1) × finalIterations: every entry run to the final precision, no culling. */
  naiveIterations: number;
  /** naiveIterations / iterationsSpent. */
  savings: number;
  winner: string;
  stages: ProfileSetStage[];
  /** Best first (delta, then input order); the baseline included. */
  ranking: ProfileSetEntry[];
  /** Wall time of the whole analysis: loading and compiling (prepareMs), starting the worker pool (poolStartMs), then the stages. */
  elapsedMs: number;
  prepareMs: number;
  poolStartMs: number;
}

export async function profileSet(config: ProfileSetConfig): Promise<ProfileSetResult> {
  const t0 = performance.now();
  if (config.variants !== undefined && !Array.isArray(config.variants)) throw new AnalysisError("INVALID_VARIANT", "config.variants", "expected an array of variants");
  if (config.generate !== undefined && typeof config.generate !== "string") badConfig("config.generate", config.generate, 'a generator such as "talents", "stat-splits:5" or "talents*stat-splits:5"');
  if ((config.variants?.length ?? 0) === 0 && config.generate === undefined) throw new AnalysisError("INVALID_VARIANT", "config.variants", "a profile set needs variants (config.variants) or a generator (config.generate)");
  const run = runOptions(config, { iterations: PROFILE_SET_DEFAULT_MAX_ITERATIONS, chunkSize: PROFILE_SET_CHUNK_SIZE });
  const precision = pctOption("config.precision", config.precision) ?? PROFILE_SET_DEFAULT_PRECISION;
  const firstStage = intOption("config.firstStage", config.firstStage, run.chunkSize, 2, run.iterations);
  const growth = config.growth ?? 4;
  if (typeof growth !== "number" || !Number.isFinite(growth) || growth < 1.25 || growth > 100) badConfig("config.growth", growth, "a number in [1.25, 100]");
  if (config.cull !== undefined && typeof config.cull !== "boolean") badConfig("config.cull", config.cull, "a boolean");
  const culling = config.cull ?? true;

  const base = await loadAnalysisBase(config);
  const inputs = [...(config.variants ?? []), ...(config.generate !== undefined ? generateVariants(config.generate, base) : [])];
  const variants = await parseVariants(inputs, "variants", { primaryStat: base.prepared.spec.primaryStat, ...(config.variantsBaseDir ? { baseDir: config.variantsBaseDir } : {}) }, config.variantSources);
  const images = [base.prepared.image];
  for (const v of variants) images.push((await prepareVariant(base, v)).image);
  const names = [BASELINE_NAME, ...variants.map((v) => v.name)];
  const prepareMs = performance.now() - t0;

  const runner = await PairedRunner.open({ images, names, seed: base.seed, chunkSize: run.chunkSize, maxIterations: run.iterations, threads: run.threads });
  const own = new Moments();
  const pairs = variants.map(() => new PairAccumulator());
  const culledAt: (number | null)[] = variants.map(() => null);
  let active = variants.map((_, i) => i); // variant indices (image k = i + 1)
  const stages: ProfileSetStage[] = [];
  const errPct = (i: number) => (100 * meanError95(pairs[i]!.d)) / own.mean;
  let done = 0;
  let reached = false;
  try {
    for (;;) {
      const current = runner.iterationsBefore(done);
      const n = done === 0 ? firstStage : nextStageIterations(current, active.map(errPct), precision, growth, run.chunkSize, run.iterations);
      const to = runner.chunksFor(n);
      const xs = await runner.run([0, ...active.map((i) => i + 1)], done, to);
      const b = xs[0]!;
      for (let j = 0; j < b.length; j++) own.add(b[j]!);
      active.forEach((i, a) => {
        const x = xs[a + 1]!;
        const p = pairs[i]!;
        for (let j = 0; j < b.length; j++) p.add(x[j]!, b[j]!);
      });
      done = to;
      const stage = stages.length + 1;
      // the baseline takes part as [0, 0] (it may lead); it is always run, never culled. Without
      // culling the decision still names the leader.
      const decision = cull([{ id: -1, delta: 0, error: 0 }, ...active.map((i) => ({ id: i, delta: pairs[i]!.d.mean, error: meanError95(pairs[i]!.d) }))]);
      const leader = decision.leader;
      let dropped: number[] = [];
      if (culling) {
        dropped = decision.drop.filter((id) => id >= 0);
        for (const i of dropped) culledAt[i] = stage;
        const gone = new Set(dropped);
        active = active.filter((i) => !gone.has(i));
      }
      const worst = active.reduce((w, i) => Math.max(w, errPct(i)), 0);
      stages.push({
        stage,
        iterations: own.n,
        entriesRun: xs.length,
        culled: dropped.length,
        survivors: active.length,
        survivorNames: active.map((i) => variants[i]!.name),
        leader: leader < 0 ? BASELINE_NAME : variants[leader]!.name,
        leaderDelta: leader < 0 ? 0 : pairs[leader]!.d.mean,
        leaderError: leader < 0 ? 0 : meanError95(pairs[leader]!.d),
        worstSurvivorErrorPercent: worst,
        iterationsSpent: runner.iterationsSpent,
      });
      config.onStage?.({ analysis: "profile-set", stage, iterations: own.n, activeEntries: active.length + 1, iterationsSpent: runner.iterationsSpent, elapsedMs: performance.now() - t0 });
      reached = worst <= precision;
      if (reached || done >= runner.totalChunks) break;
    }
  } finally {
    await runner.close();
  }
  const ranking = rank(base, variants.map((v) => ({ name: v.name, changes: describeVariant(v) })), own, pairs, culledAt);
  const naive = (variants.length + 1) * own.n;
  return {
    kind: "profile-set",
    spec: base.prepared.spec.spec,
    seed: base.seed.toString(),
    chunkSize: run.chunkSize,
    threads: run.threads,
    variants: variants.length,
    precision,
    culling,
    reached,
    maxIterations: run.iterations,
    finalIterations: own.n,
    iterationsSpent: runner.iterationsSpent,
    naiveIterations: naive,
    savings: naive / runner.iterationsSpent,
    winner: ranking[0]!.name,
    stages,
    ranking,
    elapsedMs: performance.now() - t0,
    prepareMs,
    poolStartMs: runner.poolStartMs,
  };
}

function rank(_base: AnalysisBase, meta: { name: string; changes: string }[], own: Moments, pairs: PairAccumulator[], culledAt: (number | null)[]): ProfileSetEntry[] {
  const pct = (x: number) => (100 * x) / own.mean;
  const rows: Omit<ProfileSetEntry, "rank">[] = [
    { name: BASELINE_NAME, changes: "no change", baseline: true, iterations: own.n, dps: own.mean, error: meanError95(own), delta: 0, deltaPercent: 0, deltaError: 0, deltaErrorPercent: 0, culledAtStage: null },
    ...meta.map((m, i) => {
      const p = pairs[i]!;
      const e = meanError95(p.d);
      return { name: m.name, changes: m.changes, baseline: false, iterations: p.d.n, dps: p.x.mean, error: meanError95(p.x), delta: p.d.mean, deltaPercent: pct(p.d.mean), deltaError: e, deltaErrorPercent: pct(e), culledAtStage: culledAt[i]! };
    }),
  ];
  // stable: equal deltas keep input order (baseline first)
  const order = rows.map((r, i) => ({ r, i })).sort((a, b) => b.r.delta - a.r.delta || a.i - b.i);
  return order.map(({ r }, k) => ({ rank: k + 1, ...r }));
}

// ---------------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------------

/** Every subset of `talents` (2^k variants; k <= 12), named by the talents taken ("none" for the empty set). */
export function talentCombinations(talents: readonly string[]): VariantInput[] {
  if (talents.length > 12) throw new AnalysisError("INVALID_ANALYSIS_CONFIG", "profile set talents", `${talents.length} talents give 2^${talents.length} combinations; at most 12 talents`);
  const out: VariantInput[] = [];
  for (let mask = 0; mask < 1 << talents.length; mask++) {
    const taken = talents.filter((_, i) => mask & (1 << i));
    out.push({ name: `talents ${taken.join("+") || "none"}`, talents: taken });
  }
  return out;
}

/**
 * The talent subsets a character of the base's build can take: the modelled talents except hero talents
 * of another hero tree than the base's (a character has one hero tree), and no subset holding two
 * talents that exclude each other (one choice node, or one replaces the other).
 */
export function buildTalentCombinations(spec: Pick<ResolvedSpec, "allTalents" | "talentHeroTrees" | "exclusiveTalents" | "heroTree">): VariantInput[] {
  const talents = spec.allTalents.filter((t) => {
    const tree = spec.talentHeroTrees[t];
    return tree === undefined || tree === spec.heroTree;
  });
  return talentCombinations(talents).filter((v) => {
    const taken = v["talents"] as string[];
    return !spec.exclusiveTalents.some(([a, b]) => taken.includes(a) && taken.includes(b));
  });
}

const SPLIT_STATS = ["crit", "haste", "mastery", "versatility"] as const;

/**
 * Every split of the base's secondary rating total (crit + haste + mastery + versatility) in steps
 * of 1/`steps` of the total: C(steps + 3, 3) variants (steps 5: 56, 10: 286). Ratings are set to
 * whole points by cumulative rounding, so every split has exactly the base's total.
 */
export function statSplits(ratings: { crit: number; haste: number; mastery: number; versatility: number }, steps: number): VariantInput[] {
  if (!Number.isInteger(steps) || steps < 1 || steps > 20) throw new AnalysisError("INVALID_ANALYSIS_CONFIG", "profile set stat-splits", `steps must be an integer in [1, 20], got ${JSON.stringify(steps)}`);
  const total = SPLIT_STATS.reduce((s, k) => s + ratings[k], 0);
  const out: VariantInput[] = [];
  for (let a = 0; a <= steps; a++) {
    for (let b = 0; a + b <= steps; b++) {
      for (let c = 0; a + b + c <= steps; c++) {
        const parts = [a, b, c, steps - a - b - c];
        // cumulative rounding: every value >= 0 and the values sum to the total exactly
        let cum = 0;
        const values = parts.map((p) => {
          const before = Math.round((total * cum) / steps);
          cum += p;
          return Math.round((total * cum) / steps) - before;
        });
        const v: VariantInput = { name: `split ${parts.map((p) => Math.round((100 * p) / steps)).join("/")}` };
        SPLIT_STATS.forEach((k, i) => (v[k] = values[i]!));
        out.push(v);
      }
    }
  }
  return out;
}

/** Cartesian product of variant lists: names joined with " | ", keys merged (a key in both is an error). */
export function productOfVariants(a: readonly VariantInput[], b: readonly VariantInput[]): VariantInput[] {
  const out: VariantInput[] = [];
  for (const x of a) {
    for (const y of b) {
      const v: VariantInput = { ...x, name: `${x.name} | ${y.name}` };
      for (const [k, val] of Object.entries(y)) {
        if (k === "name") continue;
        if (k in x) throw new AnalysisError("INVALID_VARIANT", `profile set "${v.name}".${k}`, `${k} is set by both "${x.name}" and "${y.name}"`);
        v[k] = val;
      }
      out.push(v);
    }
  }
  return out;
}

/** Expands a generator expression (see ProfileSetConfig.generate) against the base. */
export function generateVariants(expr: string, base: AnalysisBase): VariantInput[] {
  const field = "config.generate";
  const factors = expr.split("*").map((t) => t.trim());
  let out: VariantInput[] | null = null;
  for (const f of factors) {
    let list: VariantInput[];
    const m = /^stat-splits:(\d+)$/.exec(f);
    if (f === "talents") {
      if (base.prepared.spec.allTalents.length === 0) throw new AnalysisError("INVALID_ANALYSIS_CONFIG", field, `spec "${base.spec}" models no talents`);
      list = buildTalentCombinations(base.prepared.spec);
    } else if (m) list = statSplits(base.profile.ratings, Number(m[1]));
    else throw new AnalysisError("INVALID_ANALYSIS_CONFIG", field, `unknown generator ${JSON.stringify(f)} (known: talents, stat-splits:N; join with "*" for a product)`);
    out = out === null ? list : productOfVariants(out, list);
  }
  return out ?? [];
}
