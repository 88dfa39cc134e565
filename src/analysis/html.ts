// HTML report sections of the analysis results: a ranked bar chart with error bars (comparisons,
// profile sets) and a stat-weight chart, inline SVG built with src/report/html.ts's helpers (no
// script, no external URL, same bytes for the same result). renderHtmlReport() appends them when the
// result carries an `analysis` section.
import { c2, color, escapeHtml, niceTicks, num, short, svg, table, type Frame } from "../report/html.js";
import type { ComparisonResult } from "./compare.js";
import type { ProfileSetResult } from "./profile-set.js";
import type { ScaleFactorsResult } from "./scale-factors.js";
import type { AnalysisReport } from "./text.js";

export interface ErrorBarRow {
  label: string;
  value: number;
  /** 95 % half-width (drawn as a whisker); not finite = not drawn. */
  error: number;
  text: string;
  /** Bar colour index into the report palette. */
  tone?: number;
}

/**
 * Horizontal bars from 0 with 95 % error whiskers, one row per entry in the given order (the caller
 * ranks them). The axis spans every value ± error and 0, so negative deltas draw to the left.
 */
export function errorBarChart(rows: readonly ErrorBarRow[], label: string, axisTitle: string): string {
  const rowH = 20;
  // the label column fits the longest label (≈ 6.2 px per character at 11 px), within bounds; longer
  // labels are shortened with "…" (the bar's tooltip keeps the full name)
  const CHAR_PX = 6.2;
  const left = Math.min(480, Math.max(120, Math.ceil(Math.max(0, ...rows.map((r) => r.label.length)) * CHAR_PX) + 14));
  const maxChars = Math.floor((left - 14) / CHAR_PX);
  const fit = (s: string) => (s.length <= maxChars ? s : `${s.slice(0, maxChars - 1)}…`);
  const f: Frame = { w: 1100, h: 34 + rows.length * rowH, left, right: 210, top: 6, bottom: 28 };
  const fin = (x: number) => (Number.isFinite(x) ? x : 0);
  let lo = Math.min(0, ...rows.map((r) => r.value - fin(r.error)));
  let hi = Math.max(0, ...rows.map((r) => r.value + fin(r.error)));
  if (!(hi > lo)) {
    lo -= 1;
    hi += 1;
  }
  const ticks = niceTicks(lo, hi, 6);
  lo = Math.min(lo, ticks[0]!);
  hi = Math.max(hi, ticks[ticks.length - 1]!);
  const pw = f.w - f.left - f.right;
  const sx = (v: number) => f.left + ((v - lo) / (hi - lo)) * pw;
  const bottom = f.top + rows.length * rowH;
  const parts: string[] = [];
  for (const t of ticks) parts.push(`<line x1="${c2(sx(t))}" x2="${c2(sx(t))}" y1="${f.top}" y2="${bottom}" class="grid"/><text x="${c2(sx(t))}" y="${bottom + 14}" text-anchor="middle">${escapeHtml(short(t))}</text>`);
  rows.forEach((r, i) => {
    const y = f.top + i * rowH;
    const x0 = sx(Math.min(0, r.value));
    const x1 = sx(Math.max(0, r.value));
    parts.push(`<text x="${f.left - 6}" y="${y + 14}" text-anchor="end">${escapeHtml(fit(r.label))}</text>`);
    parts.push(`<rect x="${c2(x0)}" y="${y + 4}" width="${c2(Math.max(0.5, x1 - x0))}" height="${rowH - 8}" fill="${color(r.tone ?? 0)}"><title>${escapeHtml(`${r.label}: ${r.text}`)}</title></rect>`);
    if (Number.isFinite(r.error) && r.error > 0) {
      const ea = sx(r.value - r.error);
      const eb = sx(r.value + r.error);
      const cy = y + rowH / 2;
      parts.push(`<path d="M${c2(ea)} ${c2(cy)}H${c2(eb)}M${c2(ea)} ${c2(cy - 5)}V${c2(cy + 5)}M${c2(eb)} ${c2(cy - 5)}V${c2(cy + 5)}" stroke="#222" stroke-width="1.2" fill="none" class="whisker"/>`);
    }
    parts.push(`<text x="${c2(f.left + pw + 6)}" y="${y + 14}">${escapeHtml(r.text)}</text>`);
  });
  parts.push(`<line x1="${c2(sx(0))}" x2="${c2(sx(0))}" y1="${f.top}" y2="${bottom}" class="axis"/>`);
  parts.push(`<text x="${f.left + pw / 2}" y="${f.h - 2}" text-anchor="middle" class="title">${escapeHtml(axisTitle)}</text>`);
  return svg(f, parts.join(""), label);
}

const signed = (x: number, d: number) => `${x >= 0 ? "+" : ""}${num(x, d)}`;
const err = (x: number, d: number) => (Number.isFinite(x) ? num(x, d) : "∞");

export function comparisonSection(r: ComparisonResult): string {
  const ranked = [...r.variants].sort((a, b) => b.delta - a.delta);
  const chart = errorBarChart(
    ranked.map((v) => ({ label: v.name, value: v.delta, error: v.deltaError, text: `${signed(v.delta, 1)} ± ${err(v.deltaError, 2)} DPS`, tone: v.delta >= 0 ? 4 : 2 })),
    "DPS change of each variant vs the baseline, with 95 % paired errors",
    "DPS change vs the baseline",
  );
  const rows = r.variants.map((v) => [v.name, v.changes, num(v.dps, 1), signed(v.delta, 2), `${signed(v.deltaPercent, 3)} %`, err(v.deltaError, 3), err(v.unpairedDeltaError, 3), v.errorRatio === null ? "exact" : `${num(v.errorRatio, 1)}×`]);
  return `<section id="comparison"><h2>Comparison</h2><p class="sub">${num(r.iterations)} paired iterations per entry (same seeds and chunk plan as the baseline: ${num(r.baseline.dps, 1)} ± ${err(r.baseline.error, 1)} DPS); whiskers are 95 % errors of the paired per-iteration differences${r.target !== null ? `; target ±${r.target} % ${r.reached ? "reached" : "not reached"}` : ""}</p>
${chart}
${table(["variant", "changes", "DPS", "Δ DPS", "Δ %", "± paired", "± unpaired", "gain"], rows, 2)}</section>`;
}

export function scaleFactorsSection(r: ScaleFactorsResult): string {
  const ranked = [...r.factors].sort((a, b) => (b.normalized ?? b.weight) - (a.normalized ?? a.weight));
  const normal = r.factors[0]?.normalized !== null;
  const chart = errorBarChart(
    ranked.map((f, i) => ({
      label: f.label,
      value: normal ? f.normalized! : f.weight,
      error: normal ? f.normalizedError ?? Number.NaN : f.weightError,
      text: normal ? `${num(f.normalized!, 3)} ± ${err(f.normalizedError ?? Number.NaN, 3)}` : `${num(f.weight, 4)} ± ${err(f.weightError, 4)} DPS/point`,
      tone: i,
    })),
    "stat weights with 95 % errors",
    normal ? `weight per point, ${r.primaryStat} = 1` : "DPS per point",
  );
  const rows = ranked.map((f) => [f.label, num(f.base, 1), num(f.delta), num(f.weight, 4), err(f.weightError, 4), err(f.unpairedWeightError, 4), f.normalized === null ? "n/a" : num(f.normalized, 3), f.normalizedError === null ? "" : err(f.normalizedError, 3)]);
  return `<section id="scale-factors"><h2>Stat weights</h2><p class="sub">${r.centred ? "centred differences (±δ/2)" : "one-sided differences (+δ)"}, δ by default ${escapeHtml(r.deltaRule)}; ${num(r.iterations)} paired iterations per run${r.target !== null ? `; target ±${r.target} % of the ${escapeHtml(r.primaryStat)} weight ${r.reached ? "reached" : "not reached"}` : ""}</p>
${chart}
${table(["stat", "character", "δ", "DPS / point", "± paired", "± unpaired", "normalised", "±"], rows)}
${r.pawn ? `<p id="pawn"><code>${escapeHtml(r.pawn)}</code></p>` : ""}${r.warnings.map((w) => `<p class="sub">warning: ${escapeHtml(w)}</p>`).join("")}</section>`;
}

/** The ranked chart shows the first `top` entries (the table lists them all). */
export function profileSetSection(r: ProfileSetResult, top = 40): string {
  const shown = r.ranking.slice(0, top);
  const chart = errorBarChart(
    // deltas, not DPS: bars from 0 DPS would make the whiskers (~0.1 % of the DPS) invisible
    shown.map((e) => ({ label: `${e.rank}. ${e.name}`, value: e.delta, error: e.deltaError, text: `${num(e.dps, 1)} DPS (${signed(e.deltaPercent, 2)} % ± ${err(e.deltaErrorPercent, 2)} %)`, tone: e.baseline ? 1 : e.culledAtStage === null ? 0 : 9 })),
    "profile set ranking: DPS change vs the baseline with 95 % paired errors",
    "DPS change vs the baseline",
  );
  const rows = r.ranking.map((e) => [String(e.rank), e.name, e.changes, num(e.dps, 1), signed(e.delta, 2), err(e.deltaError, 2), `${signed(e.deltaPercent, 3)} %`, num(e.iterations), e.baseline ? "baseline" : e.culledAtStage === null ? "survivor" : `culled after ${e.culledAtStage}`]);
  const stages = r.stages.map((s) => [String(s.stage), num(s.iterations), String(s.entriesRun), String(s.culled), String(s.survivors), s.worstSurvivorErrorPercent.toFixed(3), s.leader, num(s.iterationsSpent)]);
  return `<section id="profile-set"><h2>Profile set</h2><p class="sub">${r.variants} variants, ${r.culling ? "staged culling" : "no culling"}; target ±${r.precision} % of the baseline DPS on the survivors' paired deltas (${r.reached ? "reached" : "not reached"}); winner <b>${escapeHtml(r.winner)}</b>; ${num(r.iterationsSpent)} iterations spent vs ${num(r.naiveIterations)} without culling (${num(r.savings, 1)}× fewer)</p>
${chart}
<h3>Stages</h3>
${table(["stage", "iterations", "entries run", "culled", "survivors", "worst survivor ± %", "leader", "iterations spent"], stages)}
<h3>Ranking</h3>
${table(["#", "variant", "changes", "DPS", "Δ DPS", "± paired", "Δ %", "iterations", "status"], rows, 3)}</section>`;
}

export function renderAnalysisSections(a: AnalysisReport): string {
  return [a.comparison && comparisonSection(a.comparison), a.scaleFactors && scaleFactorsSection(a.scaleFactors), a.profileSet && profileSetSection(a.profileSet)].filter(Boolean).join("\n");
}
