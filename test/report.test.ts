// Text and HTML reports of a simulate() result: sections present, self-contained (no external URL,
// no script but the embedded JSON), numbers equal to the result's, deterministic bytes.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { simulate, type SimulateResult } from "../src/engine/simulate.js";
import { escapeHtml, niceTicks, num, renderHtmlReport } from "../src/report/html.js";
import { formatTextReport } from "../src/report/text.js";

const DATA = path.resolve(__dirname, "../data");
let r: SimulateResult;
let html: string;
beforeAll(async () => {
  const bundle = await loadDataBundle(DATA);
  r = await simulate({ iterations: 200, chunkSize: 50, seed: 4, bundle, dataDir: DATA });
  html = renderHtmlReport(r);
}, 60_000);

describe("HTML report", () => {
  it("has every section and one chart per section", () => {
    for (const id of ["summary", "distribution", "per-second", "spells", "auras", "resources", "timeline"]) {
      expect(html, id).toMatch(new RegExp(`<section id="${id}">`));
    }
    const svgs = html.match(/<svg /g) ?? [];
    // distribution, per second, spells, auras, resources, timeline
    expect(svgs.length).toBe(6);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html.trimEnd()).toMatch(/<\/html>$/);
  });

  it("is self-contained: no external URL, stylesheet or script source", () => {
    expect(html).not.toMatch(/https?:\/\//i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/\bsrc=/i);
    expect(html).not.toMatch(/@import|url\(/i);
    // the only script is the embedded JSON data block
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toEqual(['<script type="application/json" id="combatsim-result">']);
  });

  it("embeds the result JSON and shows the same numbers", () => {
    const m = html.match(/<script type="application\/json" id="combatsim-result">([\s\S]*?)<\/script>/)!;
    const data = JSON.parse(m[1]!) as SimulateResult;
    expect(data).toEqual(JSON.parse(JSON.stringify(r)));
    expect(html).toContain(`<div class="big" id="dps-mean">${num(r.dps.mean, 1)} DPS`);
    expect(html).toContain(`± ${num(r.error.dps, 1)} (${r.error.relative.toFixed(3)} %)`);
    expect(html).toContain(`<div id="dps-min"><span>min</span>${num(r.dps.min, 1)}</div>`);
    expect(html).toContain(`<div id="dps-max"><span>max</span>${num(r.dps.max, 1)}</div>`);
    const kc = r.spells.find((s) => s.name === "kill_command")!;
    expect(html).toContain(`${num(kc.dps, 1)} DPS (${(100 * kc.share).toFixed(1)} %)`);
    for (const a of r.auras) expect(html).toContain(`<td>${escapeHtml(`${a.name} (${a.owner})`)}</td><td class="n">${(100 * a.uptime).toFixed(1)} %</td>`);
    const focus = r.resources[0]!;
    expect(html).toContain(`wasted ${num(focus.wasted, 1)} (${(100 * focus.wasteRate).toFixed(1)} % of gains)`);
    // one timeline cast mark per cast of the representative iteration
    expect((html.match(/<title>[a-z_]+ [\d.]+ s<\/title><\/rect>/g) ?? []).length).toBe(r.timeline!.casts.length);
  });

  it("the same result renders to the same bytes", () => {
    expect(renderHtmlReport(r)).toBe(html);
  });

  it("escapes names", () => {
    expect(escapeHtml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  });

  it("nice ticks are 1/2/5 steps inside the range", () => {
    expect(niceTicks(0, 300, 10)).toEqual([0, 50, 100, 150, 200, 250, 300]);
    expect(niceTicks(0, 7, 4)).toEqual([0, 2, 4, 6]);
    expect(niceTicks(5, 5)).toEqual([5]);
  });
});

describe("text report", () => {
  it("shows DPS mean ± error, min/max, the spell table, aura uptimes and resource waste", () => {
    const t = formatTextReport(r);
    expect(t).toContain(`DPS mean ${num(r.dps.mean, 1)} ± ${num(r.error.dps, 1)} (${r.error.relative.toFixed(3)} %)`);
    expect(t).toContain(`min ${num(r.dps.min, 1)}  max ${num(r.dps.max, 1)}`);
    expect(t).toMatch(/^kill_command +[\d.]+ +[\d,.]+ +[\d.]+% +[\d.]+% +0\.0  pet$/m);
    expect(t).toMatch(/^barbed_shot +[1-9][\d.]* .* [1-9][\d.]*$/m); // Barbed Shot's row holds its DoT's ticks (barbed_shot_tick)
    const bw = r.auras.find((a) => a.name === "bestial_wrath")!;
    expect(t).toMatch(new RegExp(`^bestial_wrath +${(100 * bw.uptime).toFixed(1)} %`, "m"));
    expect(t).toContain(`focus: spent ${num(r.resources[0]!.spent, 1)}, gained ${num(r.resources[0]!.gained, 1)}, wasted ${num(r.resources[0]!.wasted, 1)}`);
    expect(t).toMatch(/^ {2}kill_command +spent [\d,.]+$/m);
    expect(t).toMatch(/^ {2}regen +gained [\d,.]+/m);
  });
});
