// Self-contained HTML report of a simulate() result (`combatsim sim --html report.html`).
//
// Charts are inline SVG generated here (no charting library, no script, no external URL), so the
// page renders offline and the same result always gives the same bytes. The full result is embedded
// as JSON (<script type="application/json" id="combatsim-result">) for tools; every number shown is
// formatted from that same object.
import type { SimulateResult } from "../engine/simulate.js";
import { characterHtml } from "./character.js";
import { ignoredCategory, rotationSummaryLine } from "../rotation/index.js";
import { formatWarnings } from "./warnings.js";
import { formatDataSources } from "../engine/data-sources.js";
import { consumablesLine, raidBuffsLine } from "./text.js";
import { renderAnalysisSections } from "../analysis/html.js";
import type { AnalysisReport } from "../analysis/text.js";

const PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"];
export const color = (i: number) => PALETTE[i % PALETTE.length]!;

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Numbers as shown in the report (en-US grouping, fixed decimals). */
export const num = (x: number, d = 0) => x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
const pct = (x: number, d = 1) => `${(100 * x).toFixed(d)} %`;
/** SVG coordinates: 2 decimals keep files small and bytes stable. */
export const c2 = (x: number) => (Math.round(x * 100) / 100).toString();

/** "Nice" axis ticks (1, 2, 5 x 10^k steps) from 0 or lo to hi. */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9 * step; v += step) out.push(+v.toPrecision(12));
  return out;
}

export const short = (v: number) => (Math.abs(v) >= 1e6 ? `${+(v / 1e6).toPrecision(3)}M` : Math.abs(v) >= 1e3 ? `${+(v / 1e3).toPrecision(3)}k` : `${+v.toPrecision(3)}`);

export interface Frame {
  w: number;
  h: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}
export const plotW = (f: Frame) => f.w - f.left - f.right;
export const plotH = (f: Frame) => f.h - f.top - f.bottom;

function axes(f: Frame, x: { lo: number; hi: number; ticks: number[]; label: (v: number) => string; title: string }, y: { lo: number; hi: number; ticks: number[]; label: (v: number) => string; title: string }): string {
  const sx = (v: number) => f.left + ((v - x.lo) / (x.hi - x.lo || 1)) * plotW(f);
  const sy = (v: number) => f.top + plotH(f) - ((v - y.lo) / (y.hi - y.lo || 1)) * plotH(f);
  const parts: string[] = [];
  for (const t of y.ticks) parts.push(`<line x1="${f.left}" x2="${f.w - f.right}" y1="${c2(sy(t))}" y2="${c2(sy(t))}" class="grid"/><text x="${f.left - 4}" y="${c2(sy(t) + 4)}" text-anchor="end">${escapeHtml(y.label(t))}</text>`);
  for (const t of x.ticks) parts.push(`<text x="${c2(sx(t))}" y="${f.h - f.bottom + 14}" text-anchor="middle">${escapeHtml(x.label(t))}</text>`);
  parts.push(`<line x1="${f.left}" x2="${f.w - f.right}" y1="${f.top + plotH(f)}" y2="${f.top + plotH(f)}" class="axis"/>`);
  parts.push(`<text x="${f.left + plotW(f) / 2}" y="${f.h - 2}" text-anchor="middle" class="title">${escapeHtml(x.title)}</text>`);
  parts.push(`<text x="12" y="${f.top + plotH(f) / 2}" text-anchor="middle" class="title" transform="rotate(-90 12 ${f.top + plotH(f) / 2})">${escapeHtml(y.title)}</text>`);
  return parts.join("");
}

export function svg(f: Frame, body: string, label: string): string {
  return `<svg width="${f.w}" height="${f.h}" viewBox="0 0 ${f.w} ${f.h}" role="img" aria-label="${escapeHtml(label)}">${body}</svg>`;
}

/** DPS distribution: the histogram bins as bars, the mean as a line. */
export function distributionChart(r: SimulateResult): string {
  const f: Frame = { w: 560, h: 240, left: 56, right: 12, top: 12, bottom: 36 };
  const bins = r.histogram.bins;
  const lo = bins[0]?.from ?? 0;
  const hi = bins[bins.length - 1]?.to ?? 1;
  const maxC = Math.max(1, ...bins.map((b) => b.count));
  const yt = niceTicks(0, maxC, 4);
  const yHi = Math.max(maxC, yt[yt.length - 1]!);
  const span = hi - lo || 1;
  const sx = (v: number) => f.left + ((v - lo) / span) * plotW(f);
  const sy = (v: number) => f.top + plotH(f) - (v / yHi) * plotH(f);
  const bars = bins
    .map((b) => {
      const x0 = sx(b.from);
      const x1 = hi > lo ? sx(b.to) : f.left + plotW(f);
      return `<rect x="${c2(x0)}" y="${c2(sy(b.count))}" width="${c2(Math.max(1, x1 - x0 - 1))}" height="${c2(f.top + plotH(f) - sy(b.count))}" fill="${color(0)}"><title>${num(b.from, 1)} – ${num(b.to, 1)} DPS: ${b.count}</title></rect>`;
    })
    .join("");
  const mean = hi > lo ? `<line x1="${c2(sx(r.dps.mean))}" x2="${c2(sx(r.dps.mean))}" y1="${f.top}" y2="${f.top + plotH(f)}" class="mean"/><text x="${c2(sx(r.dps.mean) + 3)}" y="${f.top + 10}">mean</text>` : "";
  const ax = axes(f, { lo, hi: hi > lo ? hi : lo + 1, ticks: hi > lo ? niceTicks(lo, hi, 5) : [lo], label: short, title: "DPS" }, { lo: 0, hi: yHi, ticks: yt, label: short, title: "iterations" });
  return svg(f, ax + bars + mean, "DPS distribution");
}

/**
 * Damage per second over the fight: SimulationCraft's curve (the 20 s sliding mean, `perSecond.smoothed`)
 * as the line, the raw 1 s bucket means behind it as a faint step line, the run's mean DPS dashed.
 */
export function perSecondChart(r: SimulateResult): string {
  const f: Frame = { w: 1100, h: 240, left: 56, right: 12, top: 12, bottom: 36 };
  const raw = r.perSecond.dps;
  const smooth = r.perSecond.smoothed;
  const n = raw.length;
  const maxY = Math.max(1, ...raw);
  const yt = niceTicks(0, maxY, 4);
  const yHi = Math.max(maxY, yt[yt.length - 1]!);
  const sx = (t: number) => f.left + (t / Math.max(1, n)) * plotW(f);
  const sy = (v: number) => f.top + plotH(f) - (v / yHi) * plotH(f);
  // a step line: bucket k covers [k, k + 1) s; the smoothed value of bucket k sits at its middle
  const steps = raw.map((v, k) => `${c2(sx(k))},${c2(sy(v))} ${c2(sx(k + 1))},${c2(sy(v))}`).join(" ");
  const reached = r.perSecond.iterations.findIndex((m) => m === 0);
  const mids = smooth.slice(0, reached < 0 ? n : reached).map((v, k) => `${c2(sx(k + 0.5))},${c2(sy(v))}`).join(" ");
  const lines =
    `<polyline points="${steps}" fill="none" stroke="${color(0)}" stroke-opacity="0.25" stroke-width="1"/>` +
    `<polyline points="${mids}" fill="none" stroke="${color(0)}" stroke-width="2"/>`;
  const mean = `<line x1="${f.left}" x2="${f.w - f.right}" y1="${c2(sy(r.dps.mean))}" y2="${c2(sy(r.dps.mean))}" class="mean"/>`;
  const ax = axes(f, { lo: 0, hi: n, ticks: niceTicks(0, n, 10), label: (v) => `${v}`, title: "fight time (s)" }, { lo: 0, hi: yHi, ticks: yt, label: short, title: "damage / s" });
  return svg(f, ax + lines + mean, "damage per second over the fight");
}

/** Horizontal bars: one row per item, value scaled to the largest (or to `max`). */
function hbars(rows: { label: string; value: number; text: string; color?: string }[], max?: number, w = 1100): string {
  const rowH = 20;
  const f: Frame = { w, h: 10 + rows.length * rowH, left: 190, right: 150, top: 6, bottom: 4 };
  const top = max ?? Math.max(1e-12, ...rows.map((r) => r.value));
  const body = rows
    .map((r, i) => {
      const y = f.top + i * rowH;
      const bw = Math.max(0, (r.value / top) * plotW(f));
      return `<text x="${f.left - 6}" y="${y + 14}" text-anchor="end">${escapeHtml(r.label)}</text><rect x="${f.left}" y="${y + 3}" width="${c2(bw)}" height="${rowH - 6}" fill="${r.color ?? color(i)}"/><text x="${c2(f.left + bw + 6)}" y="${y + 14}">${escapeHtml(r.text)}</text>`;
    })
    .join("");
  return svg(f, body, "bars");
}

export function spellChart(r: SimulateResult): string {
  const spells = [...r.spells].filter((s) => s.damage > 0).sort((a, b) => b.dps - a.dps || a.index - b.index);
  return hbars(spells.map((s, i) => ({ label: s.name + (s.pet ? " (pet)" : ""), value: s.dps, text: `${num(s.dps, 1)} DPS (${pct(s.share)})`, color: color(i) })));
}

export function auraChart(r: SimulateResult): string {
  const auras = [...r.auras].sort((a, b) => b.uptime - a.uptime || a.index - b.index);
  return hbars(auras.map((a) => ({ label: `${a.name} (${a.owner})`, value: a.uptime, text: pct(a.uptime), color: color(3) })), 1);
}

/** Resource values of the representative iteration (line per resource). */
export function resourceChart(r: SimulateResult): string {
  const tl = r.timeline;
  const f: Frame = { w: 1100, h: 200, left: 56, right: 12, top: 12, bottom: 36 };
  if (!tl) return "";
  const end = tl.durationMs / 1000;
  const maxV = Math.max(1, ...tl.resources.flatMap((x) => x.points.map((p) => p[1])));
  const yt = niceTicks(0, maxV, 4);
  const yHi = Math.max(maxV, yt[yt.length - 1]!);
  const sx = (ms: number) => f.left + (ms / 1000 / end) * plotW(f);
  const sy = (v: number) => f.top + plotH(f) - (v / yHi) * plotH(f);
  const lines = tl.resources
    .map((res, i) => {
      const pts = res.points.map(([t, v]) => `${c2(sx(t))},${c2(sy(v))}`).join(" ");
      return `<polyline points="${pts}" fill="none" stroke="${color(i + 1)}" stroke-width="1.2"><title>${escapeHtml(res.name)}</title></polyline>`;
    })
    .join("");
  const legend = tl.resources.map((res, i) => `<text x="${f.w - f.right - 4}" y="${f.top + 12 + 14 * i}" text-anchor="end" fill="${color(i + 1)}">${escapeHtml(res.name)}</text>`).join("");
  const ax = axes(f, { lo: 0, hi: end, ticks: niceTicks(0, end, 10), label: (v) => `${v}`, title: "fight time (s)" }, { lo: 0, hi: yHi, ticks: yt, label: short, title: "value" });
  return svg(f, ax + lines + legend, "resources over the representative iteration");
}

/**
 * The representative iteration: one row per cast spell (cooldown windows as light bars, casts as
 * marks), one row per aura (windows), a proc row and the iteration's own damage per second.
 */
export function timelineChart(r: SimulateResult): string {
  const tl = r.timeline;
  if (!tl) return "";
  const end = tl.durationMs;
  const spellIdx = [...new Set([...tl.casts.map((c) => c.spell), ...tl.cooldowns.map((c) => c.spell)])].sort((a, b) => a - b);
  const auraIdx = [...new Set(tl.auras.map((a) => a.aura))].sort((a, b) => a - b);
  const rowH = 16;
  const dmgH = 90;
  const rows = spellIdx.length + auraIdx.length + (tl.procs.length > 0 ? 1 : 0);
  const f: Frame = { w: 1100, h: 20 + rows * rowH + dmgH + 40, left: 190, right: 12, top: 8, bottom: 36 };
  const sx = (ms: number) => f.left + (ms / end) * plotW(f);
  const parts: string[] = [];
  let y = f.top;
  const nameOfSpell = new Map([...tl.casts, ...tl.cooldowns].map((c) => [c.spell, c.name]));
  spellIdx.forEach((s, i) => {
    parts.push(`<text x="${f.left - 6}" y="${y + 12}" text-anchor="end">${escapeHtml(nameOfSpell.get(s) ?? `#${s}`)}</text>`);
    for (const cd of tl.cooldowns) if (cd.spell === s) parts.push(`<rect x="${c2(sx(cd.start))}" y="${y + 4}" width="${c2(Math.max(0.5, sx(cd.end) - sx(cd.start)))}" height="${rowH - 8}" fill="${color(i)}" opacity="0.25"><title>cooldown ${num(cd.start / 1000, 2)}–${num(cd.end / 1000, 2)} s</title></rect>`);
    for (const c of tl.casts) if (c.spell === s) parts.push(`<rect x="${c2(sx(c.start))}" y="${y + 2}" width="${c2(Math.max(1.5, sx(c.t) - sx(c.start)))}" height="${rowH - 4}" fill="${color(i)}"><title>${escapeHtml(c.name)} ${num(c.t / 1000, 3)} s</title></rect>`);
    y += rowH;
  });
  auraIdx.forEach((a) => {
    const ws = tl.auras.filter((w) => w.aura === a);
    parts.push(`<text x="${f.left - 6}" y="${y + 12}" text-anchor="end" class="aura">${escapeHtml(ws[0]!.name)}</text>`);
    for (const w of ws) parts.push(`<rect x="${c2(sx(w.start))}" y="${y + 3}" width="${c2(Math.max(0.5, sx(w.end) - sx(w.start)))}" height="${rowH - 6}" fill="${color(3)}" opacity="${w.maxStacks > 1 ? 0.9 : 0.6}"><title>${escapeHtml(w.name)} ${num(w.start / 1000, 2)}–${num(w.end / 1000, 2)} s, up to ${w.maxStacks} stack(s)</title></rect>`);
    y += rowH;
  });
  if (tl.procs.length > 0) {
    parts.push(`<text x="${f.left - 6}" y="${y + 12}" text-anchor="end">procs</text>`);
    for (const p of tl.procs) parts.push(`<line x1="${c2(sx(p.t))}" x2="${c2(sx(p.t))}" y1="${y + 2}" y2="${y + rowH - 2}" stroke="${color(2)}"><title>${escapeHtml(p.name)} ${num(p.t / 1000, 3)} s</title></line>`);
    y += rowH;
  }
  // this iteration's damage per second
  const secs = Math.max(1, Math.ceil(end / 1000));
  const per = new Array<number>(secs).fill(0);
  for (const d of tl.damage) per[Math.min(secs - 1, Math.floor(d.t / 1000))]! += d.amount;
  const maxD = Math.max(1, ...per);
  const top = y + 10;
  const sy = (v: number) => top + dmgH - (v / maxD) * dmgH;
  const pts = per.map((v, k) => `${c2(sx(k * 1000))},${c2(sy(v))} ${c2(sx(Math.min(end, (k + 1) * 1000)))},${c2(sy(v))}`).join(" ");
  parts.push(`<text x="${f.left - 6}" y="${top + dmgH / 2}" text-anchor="end">damage / s</text>`);
  parts.push(`<text x="${f.left - 6}" y="${top + 10}" text-anchor="end" class="small">${short(maxD)}</text>`);
  parts.push(`<line x1="${f.left}" x2="${f.w - f.right}" y1="${top + dmgH}" y2="${top + dmgH}" class="axis"/>`);
  parts.push(`<polyline points="${pts}" fill="none" stroke="${color(0)}" stroke-width="1.2"/>`);
  for (const t of niceTicks(0, end / 1000, 10)) parts.push(`<line x1="${c2(sx(t * 1000))}" x2="${c2(sx(t * 1000))}" y1="${f.top}" y2="${top + dmgH}" class="grid"/><text x="${c2(sx(t * 1000))}" y="${top + dmgH + 14}" text-anchor="middle">${t}</text>`);
  parts.push(`<text x="${f.left + plotW(f) / 2}" y="${f.h - 4}" text-anchor="middle" class="title">fight time (s)</text>`);
  return svg(f, parts.join(""), "representative iteration timeline");
}

export function table(head: string[], rows: (string | number)[][], numericFrom = 1): string {
  const th = head.map((h, i) => `<th${i >= numericFrom ? ' class="n"' : ""}>${escapeHtml(h)}</th>`).join("");
  const tr = rows.map((r) => `<tr>${r.map((c, i) => `<td${i >= numericFrom ? ' class="n"' : ""}>${escapeHtml(String(c))}</td>`).join("")}</tr>`).join("\n");
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${tr}\n</tbody></table>`;
}

const CSS = `body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1140px;color:#222;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
.sub{color:#666}.big{font-size:30px;font-weight:600}.kv{display:flex;flex-wrap:wrap;gap:8px 28px;margin:10px 0}
.kv div span{display:block;color:#666;font-size:12px}table{border-collapse:collapse;margin:8px 0}
td,th{padding:3px 10px;border-bottom:1px solid #eee;text-align:left}th{background:#f6f6f6}.n{text-align:right;font-variant-numeric:tabular-nums}
svg{display:block;margin:6px 0}svg text{font-size:11px;fill:#333}svg text.title{fill:#666}svg text.small{font-size:10px;fill:#888}
.grid{stroke:#eee}.axis{stroke:#999}.mean{stroke:#e15759;stroke-dasharray:4 3}`;

/** The report page; a result with an `analysis` section (combatsim sim --variant/--scale-factors/--profile-set) gets its sections too. */
/** The rotation's honoured lines and, folded, every ignored line with its reason. */
function rotationHtml(r: SimulateResult): string {
  const rot = r.rotation;
  if (!rot) return "";
  const rows = rot.ignoredLines
    .map((l) => `<tr><td>${l.line}</td><td><code>${escapeHtml(l.text)}</code></td><td>${escapeHtml(ignoredCategory(l))}</td><td>${escapeHtml(l.reason)}</td></tr>`)
    .join("");
  const table = rot.ignoredLines.length === 0 ? "" : `<details><summary>${rot.ignoredLines.length} ignored line(s)</summary><table><thead><tr><th>line</th><th>text</th><th>category</th><th>reason</th></tr></thead><tbody>${rows}</tbody></table></details>`;
  const absent = (rot.absentNames ?? []).map((a) => `<li><code>${escapeHtml(a.name)}</code> (${a.kind}${a.lines.length ? `, line ${a.lines.join(", ")}` : ""}): ${escapeHtml(a.reason)} [${escapeHtml(a.source)}]</li>`).join("");
  const absentList = absent === "" ? "" : `<details><summary>${rot.absentNames.length} name(s) absent in the modelled game version (never active / castable)</summary><ul>${absent}</ul></details>`;
  return `<div class="sub" id="rotation">${escapeHtml(rotationSummaryLine(rot))} — ${escapeHtml(rot.file)}${rot.source ? ` (source: ${escapeHtml(rot.source)})` : ""}${table}${absentList}</div>`;
}

export function renderHtmlReport(r: SimulateResult & { analysis?: AnalysisReport }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(reportTitle(r))}</title><style>${CSS}</style></head>
<body>
${renderReportBody(r)}</body></html>
`;
}

/** The stylesheet of the report (the page puts it, with renderReportBody, in a shadow root). */
export function reportCss(): string {
  return CSS;
}

function reportTitle(r: SimulateResult): string {
  return `combatsim — ${r.spec}, ${r.durationS} s, ${r.targets} target(s)`;
}

/**
 * The report's content (what goes inside <body>): every section, chart and table, and the result as
 * JSON. One renderer, two hosts: the `--html` file wraps it in a document; the web page (web/) shows
 * it in a shadow root with reportCss().
 */
export function renderReportBody(r: SimulateResult & { analysis?: AnalysisReport }): string {
  const title = reportTitle(r);
  const err = Number.isFinite(r.error.relative) ? `± ${num(r.error.dps, 1)} (${r.error.relative.toFixed(3)} %)` : "± ∞";
  const kv = (k: string, v: string, id?: string) => `<div${id ? ` id="${id}"` : ""}><span>${escapeHtml(k)}</span>${escapeHtml(v)}</div>`;
  const spells = [...r.spells].sort((a, b) => b.damage - a.damage || a.index - b.index);
  // resources in the game's units (rage and soul shards: internal / PowerType.DisplayModifier)
  const resources = r.resources.map((res) => {
    const u = (x: number) => num(x / res.displayModifier, 1);
    return (
      `<h3>${escapeHtml(res.name)}</h3><p>per iteration: spent ${u(res.spent)}, gained ${u(res.gained)}, wasted ${u(res.wasted)} (${pct(res.wasteRate)} of gains)</p>` +
      table(
        ["source", "kind", "spent", "gained", "wasted"],
        res.sources.filter((s) => s.spent || s.gained || s.wasted).map((s) => [s.name, s.kind, u(s.spent), u(s.gained), u(s.wasted)]),
        2,
      )
    );
  });
  const p = r.histogram.percentiles;
  const rep = r.representative;
  // JSON inside <script>: "</" cannot end the element early once escaped
  const data = JSON.stringify(r).replace(/</g, "\\u003c");
  return `<h1>${escapeHtml(title)}</h1>
<div class="sub">${num(r.iterations)} iterations${r.error.stoppedEarly ? ` (target error ${r.error.target} % reached; at most ${num(r.maxIterations)})` : ""}, seed ${escapeHtml(r.seed)}, ${r.threads} thread(s), ${num(r.elapsedMs)} ms; talents: ${escapeHtml(r.talents.join(", ") || "none")}</div>
<div class="sub" id="data-sources">data: ${escapeHtml(formatDataSources(r.dataSources))}</div>
<div class="sub" id="consumables">${escapeHtml(consumablesLine(r))}; ${escapeHtml(raidBuffsLine(r))}</div>
${rotationHtml(r)}
${characterHtml(r)}
${formatWarnings(r).map((w) => `<p class="warning">${escapeHtml(w)}</p>`).join("\n")}
<section id="summary">
<div class="big" id="dps-mean">${num(r.dps.mean, 1)} DPS <span class="sub" id="dps-error">${escapeHtml(err)}</span></div>
<div class="kv">${kv("stddev", num(r.dps.stddev, 1), "dps-stddev")}${kv("min", num(r.dps.min, 1), "dps-min")}${kv("max", num(r.dps.max, 1), "dps-max")}${kv("median", num(p.p50, 1))}${kv("5th–95th percentile", `${num(p.p5, 1)} – ${num(p.p95, 1)}`)}${kv("pet damage", pct(r.damage.total > 0 ? r.damage.pet / r.damage.total : 0))}${kv("events / iteration", num(r.events.perIteration))}</div>
</section>
<section id="distribution"><h2>DPS distribution</h2>${distributionChart(r)}</section>
<section id="per-second"><h2>Damage per second over the fight</h2><p class="sub">mean over ${num(r.iterations)} iterations: 20 s sliding mean (as SimulationCraft plots it), faint: 1 s buckets; dashed: mean DPS</p>${perSecondChart(r)}</section>
<section id="spells"><h2>Damage by spell</h2>${spellChart(r)}
${table(["spell", "casts", "hits", "ticks", "crit", "damage", "DPS", "share"], spells.map((s) => [s.name + (s.pet ? " (pet)" : ""), s.casts > 0 ? num(s.casts, 1) : "-", num(s.hits, 1), num(s.ticks, 1), pct(s.critRate), num(s.damage), num(s.dps, 1), pct(s.share)]))}</section>
<section id="auras"><h2>Aura uptime</h2>${auraChart(r)}
${table(["aura", "uptime", "applications", "refreshes", "avg stacks"], r.auras.map((a) => [`${a.name} (${a.owner})`, pct(a.uptime), num(a.applications, 1), num(a.refreshes, 1), num(a.averageStacks, 2)]))}</section>
<section id="resources"><h2>Resources</h2>${resourceChart(r)}${resources.join("\n")}</section>
<section id="timeline"><h2>Representative iteration</h2>${
    rep && r.timeline
      ? `<p class="sub">chunk ${rep.chunkId}, iteration ${rep.iteration} (global #${rep.globalIteration}, seed ${escapeHtml(rep.seed)}): ${num(rep.dps, 1)} DPS, the closest to the mean; ${r.timeline.casts.length} casts, ${r.timeline.damage.length} hits</p>${timelineChart(r)}`
      : "<p>not captured</p>"
  }</section>
${r.analysis ? `${renderAnalysisSections(r.analysis)}\n` : ""}<script type="application/json" id="combatsim-result">${data}</script>
`;
}
