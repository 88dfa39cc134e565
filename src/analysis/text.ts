// Terminal sections of the analysis results (appended to `combatsim sim`'s summary).
import type { ComparisonResult } from "./compare.js";
import type { ProfileSetResult } from "./profile-set.js";
import type { ScaleFactorsResult } from "./scale-factors.js";

/** What `combatsim sim` adds to its result when an analysis option is given (the JSON `analysis` section). */
export interface AnalysisReport {
  comparison?: ComparisonResult;
  scaleFactors?: ScaleFactorsResult;
  profileSet?: ProfileSetResult;
}

const fmt = (x: number, d = 0) => (Number.isFinite(x) ? x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d }) : x > 0 ? "∞" : x < 0 ? "-∞" : "n/a");
const signed = (x: number, d: number) => `${x >= 0 ? "+" : ""}${fmt(x, d)}`;
const pad = (s: string, n: number) => (s.length >= n ? s : s + " ".repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : " ".repeat(n - s.length) + s);
/** "8,000 iterations in 743 ms on 1 thread(s) (compiling 120 ms, worker start 0 ms)". */
const cost = (r: { iterationsSpent: number; elapsedMs: number; threads: number; prepareMs: number; poolStartMs: number }) =>
  `${fmt(r.iterationsSpent)} iterations in ${fmt(r.elapsedMs)} ms on ${r.threads} thread(s) (compiling the variants ${fmt(r.prepareMs)} ms, starting workers ${fmt(r.poolStartMs)} ms)`;

export function formatComparison(r: ComparisonResult): string {
  const w = Math.max(10, ...r.variants.map((v) => v.name.length)) + 2;
  const lines = [
    `comparison: ${r.variants.length} variant(s) vs the baseline, ${fmt(r.iterations)} paired iterations each (seed ${r.seed}, chunks of ${r.chunkSize})${r.target !== null ? `; target ±${r.target} % ${r.reached ? "reached" : "not reached"}` : ""}`,
    `baseline DPS ${fmt(r.baseline.dps, 1)} ± ${fmt(r.baseline.error, 1)}; errors are 95 % half-widths of the paired per-iteration differences (unpaired: as if the runs were independent)`,
    `${pad("variant", w)}${lpad("DPS", 11)}${lpad("delta", 11)}${lpad("delta %", 10)}${lpad("± paired", 11)}${lpad("± unpaired", 12)}${lpad("gain", 8)}  changes`,
  ];
  for (const v of r.variants) {
    lines.push(
      `${pad(v.name, w)}${lpad(fmt(v.dps, 1), 11)}${lpad(signed(v.delta, 2), 11)}${lpad(`${signed(v.deltaPercent, 3)}%`, 10)}${lpad(fmt(v.deltaError, 3), 11)}${lpad(fmt(v.unpairedDeltaError, 3), 12)}${lpad(v.errorRatio === null ? "exact" : `${fmt(v.errorRatio, 1)}x`, 8)}  ${v.changes}`,
    );
  }
  lines.push(cost(r));
  return lines.join("\n");
}

export function formatScaleFactors(r: ScaleFactorsResult): string {
  const lines = [
    `scale factors (${r.centred ? "centred: (DPS(+δ/2) − DPS(−δ/2)) / δ" : "one-sided: (DPS(+δ) − DPS) / δ"}; δ default ${r.deltaRule}), ${fmt(r.iterations)} paired iterations per run${r.target !== null ? `; target ±${r.target} % of the ${r.primaryStat} weight ${r.reached ? "reached" : "not reached"}` : ""}`,
    `${pad("stat", 13)}${lpad("δ", 7)}${lpad("DPS/point", 11)}${lpad("± paired", 10)}${lpad("± unpaired", 12)}${lpad("normalised", 12)}${lpad("±", 8)}`,
  ];
  const rows = [...r.factors].sort((a, b) => (b.normalized ?? b.weight) - (a.normalized ?? a.weight));
  for (const f of rows) {
    lines.push(
      `${pad(f.label, 13)}${lpad(fmt(f.delta), 7)}${lpad(fmt(f.weight, 4), 11)}${lpad(fmt(f.weightError, 4), 10)}${lpad(fmt(f.unpairedWeightError, 4), 12)}${lpad(f.normalized === null ? "n/a" : fmt(f.normalized, 3), 12)}${lpad(f.normalizedError === null ? "" : fmt(f.normalizedError, 3), 8)}`,
    );
  }
  if (r.pawn) lines.push(r.pawn);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  lines.push(cost(r));
  return lines.join("\n");
}

export function formatProfileSet(r: ProfileSetResult, top = 20): string {
  const shown = r.ranking.slice(0, top);
  const w = Math.max(10, ...shown.map((e) => e.name.length)) + 2;
  const lines = [
    `profile set: ${r.variants} variants, ${r.culling ? "staged culling" : "no culling"}, target ±${r.precision} % of the baseline DPS on the survivors' paired deltas (${r.reached ? "reached" : "not reached"}); winner: ${r.winner}`,
    `${lpad("#", 4)}  ${pad("variant", w)}${lpad("DPS", 11)}${lpad("delta", 10)}${lpad("± paired", 10)}${lpad("delta %", 10)}${lpad("iterations", 12)}  status`,
  ];
  for (const e of shown) {
    const status = e.baseline ? "baseline" : e.culledAtStage === null ? "survivor" : `culled after stage ${e.culledAtStage}`;
    lines.push(`${lpad(String(e.rank), 4)}  ${pad(e.name, w)}${lpad(fmt(e.dps, 1), 11)}${lpad(signed(e.delta, 2), 10)}${lpad(fmt(e.deltaError, 2), 10)}${lpad(`${signed(e.deltaPercent, 3)}%`, 10)}${lpad(fmt(e.iterations), 12)}  ${status}`);
  }
  if (r.ranking.length > shown.length) lines.push(`      … ${r.ranking.length - shown.length} more (--json lists all)`);
  lines.push("stage  iterations  entries run  culled  survivors  worst survivor ± %  leader");
  for (const s of r.stages) {
    lines.push(`${lpad(String(s.stage), 5)}  ${lpad(fmt(s.iterations), 10)}  ${lpad(String(s.entriesRun), 11)}  ${lpad(String(s.culled), 6)}  ${lpad(String(s.survivors), 9)}  ${lpad(s.worstSurvivorErrorPercent.toFixed(3), 18)}  ${s.leader}`);
  }
  lines.push(`${fmt(r.iterationsSpent)} iterations spent vs ${fmt(r.naiveIterations)} to run every entry to ${fmt(r.finalIterations)} iterations (${fmt(r.savings, 1)}x fewer)`, cost(r));
  return lines.join("\n");
}

/** Every section present, separated by blank lines. */
export function formatAnalysisText(a: AnalysisReport): string {
  return [a.comparison && formatComparison(a.comparison), a.scaleFactors && formatScaleFactors(a.scaleFactors), a.profileSet && formatProfileSet(a.profileSet)].filter(Boolean).join("\n\n");
}
