// Analysis benchmark (Beast Mastery, 300 s, 1 target, the default profile, seed 1):
//  1. paired vs unpaired delta error of a +1 % change of each stat (compare(), 10,000 iterations);
//  2. stat weights at ±2 % (every normalised weight's 95 % error <= 2 % of the agility weight):
//     wall time on 1 and 2 threads (alternating, median of REPEATS), iterations spent; the same at
//     ±0.5 %; one-sided vs centred weights, and haste's weight by delta (the secant depends on δ);
//  3. a profile set of 224 variants (4 talent builds × 56 stat splits) to 0.1 % paired delta error on
//     the survivors, with staged culling and without: wall time, iterations spent, winner.
// Every measured configuration also checks that 1 and 2 threads give identical results.
// Usage: npm run bench:analysis [-- --repeats N]   Output: tables on stdout and bench/results/analysis.json.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compare } from "../src/analysis/compare.js";
import { profileSet, type ProfileSetResult } from "../src/analysis/profile-set.js";
import { scaleFactors, type ScaleFactorsResult } from "../src/analysis/scale-factors.js";
import { intArg } from "./lib/args.js";
import { probeParallelism } from "./lib/parallelism.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const DATA = path.resolve(here, "../data");
const REPEATS = intArg("repeats", 3);
const BASE = { dataDir: DATA, spec: "beast-mastery", duration: 300, targets: 1, seed: 1 } as const;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const round = (x: number, d = 4) => +x.toFixed(d);
/** Result without the fields that legitimately differ between runs (timings, thread count). */
const stable = (r: object) => JSON.stringify({ ...r, elapsedMs: 0, prepareMs: 0, poolStartMs: 0, threads: 0 });

async function wall<T>(f: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const t = performance.now();
  const result = await f();
  return { ms: performance.now() - t, result };
}

const parallelismBefore = await probeParallelism();

// ---- 1. paired vs unpaired, +1 % ----
const PAIR_IT = 10_000;
const cmp = await compare({ ...BASE, iterations: PAIR_IT, threads: 2, variants: ["primary", "crit", "haste", "mastery", "versatility", "weapon_dps"].map((s) => ({ name: `${s} +1%`, [s]: "+1%" })) });
const pairing = cmp.variants.map((v) => ({ variant: v.name, delta: round(v.delta), pairedError: round(v.deltaError), unpairedError: round(v.unpairedDeltaError), ratio: v.errorRatio === null ? null : round(v.errorRatio, 1), correlation: v.correlation === null ? null : round(v.correlation, 6) }));
console.log(`\n+1 % stat changes, ${PAIR_IT} paired iterations (baseline ${cmp.baseline.dps.toFixed(1)} DPS):`);
for (const p of pairing) console.log(`  ${p.variant.padEnd(18)} delta ${p.delta.toFixed(2).padStart(7)}  paired ±${p.pairedError.toFixed(3)}  unpaired ±${p.unpairedError.toFixed(3)}  ${p.ratio}x`);

// ---- 2. stat weights ----
async function weights(target: number, threads: number, extra: object = {}): Promise<{ ms: number; result: ScaleFactorsResult }> {
  return wall(() => scaleFactors({ ...BASE, scaleFactorError: target, iterations: 200_000, threads, ...extra }));
}
const sfRuns: Record<string, { target: number; threads: number; wallMs: number[]; medianWallMs: number; medianRunMs: number; medianPrepareMs: number; medianPoolStartMs: number; iterations: number; iterationsSpent: number; stages: number; reached: boolean }> = {};
const sfRef: Record<number, string> = {};
const sfResult: Record<number, ScaleFactorsResult> = {};
for (const target of [2, 0.5]) {
  await weights(target, 2); // warm-up (JIT, worker start-up paths)
  const ms: Record<number, number[]> = { 1: [], 2: [] };
  const parts: Record<number, { run: number[]; prepare: number[]; pool: number[] }> = { 1: { run: [], prepare: [], pool: [] }, 2: { run: [], prepare: [], pool: [] } };
  for (let k = 0; k < REPEATS; k++) {
    for (const threads of [1, 2]) {
      const { ms: t, result } = await weights(target, threads);
      ms[threads]!.push(t);
      parts[threads]!.run.push(result.elapsedMs - result.prepareMs - result.poolStartMs);
      parts[threads]!.prepare.push(result.prepareMs);
      parts[threads]!.pool.push(result.poolStartMs);
      const s = stable(result);
      if (sfRef[target] === undefined) sfRef[target] = s;
      else if (s !== sfRef[target]) throw new Error(`scale factors ±${target} %: threads=${threads} differs from the first run`);
      sfResult[target] = result;
    }
  }
  for (const threads of [1, 2]) {
    const r = sfResult[target]!;
    const p = parts[threads]!;
    sfRuns[`target${target}_threads${threads}`] = { target, threads, wallMs: ms[threads]!.map((x) => Math.round(x)), medianWallMs: Math.round(median(ms[threads]!)), medianRunMs: Math.round(median(p.run)), medianPrepareMs: Math.round(median(p.prepare)), medianPoolStartMs: Math.round(median(p.pool)), iterations: r.iterations, iterationsSpent: r.iterationsSpent, stages: r.stages, reached: r.reached };
    console.log(`stat weights ±${target} %: threads=${threads} ${Math.round(median(ms[threads]!))} ms wall = compile ${Math.round(median(p.prepare))} + worker start ${Math.round(median(p.pool))} + stages ${Math.round(median(p.run))} ms; ${r.iterations} iterations per run, ${r.iterationsSpent} spent, ${r.stages} stage(s)`);
  }
}
const sf2 = sfResult[2]!;
console.log(sf2.pawn);
const weightsTable = (r: ScaleFactorsResult) => r.factors.map((f) => ({ stat: f.stat, delta: f.delta, weight: round(f.weight), weightError: round(f.weightError), unpairedWeightError: round(f.unpairedWeightError), normalized: f.normalized === null ? null : round(f.normalized, 3), normalizedError: f.normalizedError === null ? null : round(f.normalizedError, 4) }));
const centred = (await weights(2, 2, { centred: true })).result;
console.log(`centred ±2 %: ${centred.pawn} (${centred.iterationsSpent} iterations spent)`);
const hasteByDelta: { delta: number; weight: number; error: number; centredWeight: number; centredError: number }[] = [];
for (const d of [25, 50, 100, 154, 300, 600]) {
  const one = await scaleFactors({ ...BASE, iterations: 5000, threads: 2, stats: ["haste"], deltas: { primary: 154, haste: d } });
  const cen = await scaleFactors({ ...BASE, iterations: 5000, threads: 2, stats: ["haste"], deltas: { primary: 154, haste: d }, centred: true });
  const h = one.factors.find((f) => f.stat === "haste")!;
  const c = cen.factors.find((f) => f.stat === "haste")!;
  hasteByDelta.push({ delta: d, weight: round(h.weight), error: round(h.weightError), centredWeight: round(c.weight), centredError: round(c.weightError) });
  console.log(`  haste δ=${d}: one-sided ${h.weight.toFixed(4)} ± ${h.weightError.toFixed(4)}, centred ${c.weight.toFixed(4)} ± ${c.weightError.toFixed(4)} DPS/rating (5,000 iterations)`);
}

// haste's response is not smooth: DPS change vs the baseline over a range of haste ratings (paired)
const scan = await compare({ ...BASE, iterations: 3000, threads: 2, variants: Array.from({ length: 31 }, (_, k) => -150 + 15 * k).filter((d) => d !== 0).map((d) => ({ name: `haste ${d > 0 ? "+" : ""}${d}`, haste: `${d > 0 ? "+" : ""}${d}` })) });
const hasteScan = scan.variants.map((v) => ({ haste: Number(v.name.slice(6)), delta: round(v.delta, 2), error: round(v.deltaError, 2) }));
console.log(`haste scan (3,000 paired iterations): ${hasteScan.map((h) => `${h.haste}: ${h.delta}`).join(", ")}`);

// ---- 3. profile set ----
const GEN = "talents*stat-splits:5";
const psRuns: Record<string, { culling: boolean; threads: number; wallMs: number; prepareMs: number; poolStartMs: number; runMs: number; iterationsSpent: number; finalIterations: number; naiveIterations: number; stages: number; reached: boolean; winner: string; survivors: number }> = {};
let psCull: ProfileSetResult | null = null;
let psNoCull: ProfileSetResult | null = null;
for (const [culling, threads] of [[true, 1], [true, 2], [false, 2]] as const) {
  const { ms, result } = await wall(() => profileSet({ ...BASE, generate: GEN, precision: 0.1, iterations: 100_000, threads, cull: culling }));
  if (culling && psCull && stable(psCull) !== stable(result)) throw new Error("profile set: threads=2 differs from threads=1");
  if (culling) psCull = result;
  else psNoCull = result;
  psRuns[`${culling ? "cull" : "noCull"}_threads${threads}`] = { culling, threads, wallMs: Math.round(ms), prepareMs: Math.round(result.prepareMs), poolStartMs: Math.round(result.poolStartMs), runMs: Math.round(result.elapsedMs - result.prepareMs - result.poolStartMs), iterationsSpent: result.iterationsSpent, finalIterations: result.finalIterations, naiveIterations: result.naiveIterations, stages: result.stages.length, reached: result.reached, winner: result.winner, survivors: result.ranking.filter((e) => !e.baseline && e.culledAtStage === null).length };
  console.log(`profile set (${result.variants} variants, ${culling ? "culling" : "no culling"}) threads=${threads}: ${Math.round(ms)} ms wall = compile ${Math.round(result.prepareMs)} + worker start ${Math.round(result.poolStartMs)} + stages ${Math.round(result.elapsedMs - result.prepareMs - result.poolStartMs)} ms, ${result.iterationsSpent} iterations, final ${result.finalIterations}/entry, winner ${result.winner}`);
}
const cullR = psCull!;
const noCullR = psNoCull!;
const actualRatio = noCullR.iterationsSpent / cullR.iterationsSpent;
console.log(`culling: ${cullR.iterationsSpent} vs ${noCullR.iterationsSpent} iterations without culling (${actualRatio.toFixed(1)}x fewer); winner equal: ${cullR.winner === noCullR.winner}`);

const parallelismAfter = await probeParallelism();
const out = {
  method: `Beast Mastery, 300 s, 1 target, default profile, seed 1. Wall times include loading, compiling the variants and starting the worker pool (threads 2). Stat weights: warm-up run, then ${REPEATS} alternating 1/2-thread runs, median. Errors: 95 % half-widths (Student t) of the paired per-iteration differences; unpaired = Welch error of the same two runs treated as independent.`,
  machine: { loadAverage1m: +os.loadavg()[0]!.toFixed(2), parallelismProbeBefore: parallelismBefore, parallelismProbeAfter: parallelismAfter, node: process.version, cpuModel: os.cpus()[0]?.model ?? "?", cpuCount: os.cpus().length, date: new Date().toISOString() },
  pairing: { iterations: PAIR_IT, baselineDps: round(cmp.baseline.dps, 2), plusOnePercent: pairing, headline: pairing[0] },
  statWeights: {
    runs: sfRuns,
    identicalResults1vs2Threads: true,
    defaultDelta: sf2.defaultDelta,
    oneSided2pct: { pawn: sf2.pawn, factors: weightsTable(sf2) },
    centred2pct: { pawn: centred.pawn, iterationsSpent: centred.iterationsSpent, factors: weightsTable(centred) },
    oneSidedHalfPct: { pawn: sfResult[0.5]!.pawn, factors: weightsTable(sfResult[0.5]!) },
    hasteByDelta,
    hasteScan: { iterations: 3000, baseHasteRating: 827, points: hasteScan },
  },
  profileSet: {
    generator: GEN,
    variants: cullR.variants,
    precisionPercent: 0.1,
    runs: psRuns,
    identicalResults1vs2Threads: true,
    iterationsWithCulling: cullR.iterationsSpent,
    iterationsWithoutCulling: noCullR.iterationsSpent,
    ratioMeasured: round(actualRatio, 2),
    naiveEstimateAtCullingFinal: cullR.naiveIterations,
    winnerWithCulling: cullR.winner,
    winnerWithoutCulling: noCullR.winner,
    winnerEqual: cullR.winner === noCullR.winner,
    stages: cullR.stages.map((s) => ({ stage: s.stage, iterations: s.iterations, entriesRun: s.entriesRun, culled: s.culled, survivors: s.survivors, worstSurvivorErrorPercent: round(s.worstSurvivorErrorPercent, 4), leader: s.leader })),
    top5: cullR.ranking.slice(0, 5).map((e) => ({ rank: e.rank, name: e.name, dps: round(e.dps, 2), ownErrorPercent: round((100 * e.error) / e.dps, 3), deltaPercent: round(e.deltaPercent, 3), deltaErrorPercent: round(e.deltaErrorPercent, 3), status: e.baseline ? "baseline" : e.culledAtStage === null ? "survivor" : `culled after ${e.culledAtStage}` })),
  },
};
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(path.join(here, "results/analysis.json"), JSON.stringify(out, null, 2) + "\n");
console.log("wrote bench/results/analysis.json");
