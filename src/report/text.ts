// Readable summary of a simulate() result for the terminal (`combatsim sim` without --json).
// Resources are shown in the game's units (ResourceSummary.displayModifier); a value that does not
// apply (casts of an auto attack, crit of a spell without hits) is "-".
import type { SimulateResult } from "../engine/simulate.js";
import { formatDataSources } from "../engine/data-sources.js";
import { spellRows } from "./spell-rows.js";
import { formatWarnings } from "./warnings.js";
import { characterTextLines } from "./character.js";
import { formatAbsent, formatIgnored, rotationSummaryLine } from "../rotation/index.js";

/** Ignored rotation lines are listed in the summary up to this many (else: --json / `combatsim rotation check`). */
const SHORT_IGNORED = 8;

const fmt = (x: number, d = 0) => x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
const pct = (x: number, d = 1) => `${(100 * x).toFixed(d)} %`;

/** DPS error as shown to users: "± 12.3 (0.05 %)", or "± ∞" before two iterations. */
export function formatError(r: SimulateResult): string {
  if (!Number.isFinite(r.error.relative)) return "± ∞";
  return `± ${fmt(r.error.dps, 1)} (${r.error.relative.toFixed(3)} %)`;
}

/** "talents: a, b (hero tree dark_ranger; loadout: 72 nodes, 67 not modelled)". */
function talentsLine(r: SimulateResult): string {
  const extra = [r.heroTree ? `hero tree ${r.heroTree}` : null, r.loadout ? `loadout: ${r.loadout.selected} nodes, ${r.loadout.notModelled.length} not modelled` : null].filter(Boolean);
  return `talents: ${r.talents.join(", ") || "none"}${extra.length ? ` (${extra.join("; ")})` : ""}`;
}

/**
 * "consumables: potion lights_potential_2; flask flask_of_the_magisters_2 +158.2 mastery (estimated);
 * augmentation void_touched +25.1 primary; race orc, racials blood_fury" (+ how many are not modelled).
 */
export function consumablesLine(r: SimulateResult): string {
  const c = r.consumables;
  const potion = c.potion === null ? "no potion" : `potion ${c.potion}${c.potionModelled ? "" : " (not modelled)"}`;
  const stats = (c.stats ?? []).map((s) => `${s.kind} ${s.name} +${fmt(s.value, 1)} ${s.stat}${s.origin === "estimated" ? " (estimated)" : ""}`);
  const race = c.race === null ? "no race" : `race ${c.race}, racials ${c.racials.join(", ") || "none"}`;
  return `consumables: ${[potion, ...stats, race].join("; ")}${c.notModelled.length ? `; ${c.notModelled.length} not modelled` : ""}`;
}

/** "raid buffs: battle_shout +5 %, mark_of_the_wild +3, ..." (off: "raid buffs: none ..."). */
export function raidBuffsLine(r: SimulateResult): string {
  const b = r.raidBuffs;
  if (!b.enabled) return "raid buffs: none (--raid-buffs applies SimC's optimal_raid)";
  const on = b.applied.filter((a) => a.skipped === undefined).map((a) => `${a.token} ${a.kind === "versatility" ? "+" + fmt(a.value, 0) : "+" + fmt(a.value, 0) + " %"}${a.origin === "estimated" ? " (estimated)" : ""}`);
  const off = b.applied.filter((a) => a.skipped !== undefined).map((a) => a.token);
  return `raid buffs: ${on.join(", ") || "none"}${off.length ? `; no effect here: ${off.join(", ")}` : ""}`;
}

/** " ± 20 % (mean 299.4 s)" when fight lengths vary, and the health-based mode (docs/consumables.md "Raid buffs"). */
function fightVariation(r: SimulateResult): string {
  const v = r.fight?.varyLength ?? 0;
  const health = r.fight?.mode === "health" ? ", target health (fights end at its death)" : "";
  return (v > 0 ? ` ± ${fmt(v * 100, 0)} % (mean ${fmt(r.fight.meanLengthS, 1)} s)` : "") + health;
}

function headerLines(r: SimulateResult): string[] {
  const lines = [
    `${r.spec}: ${r.durationS} s${fightVariation(r)}, ${r.targets} target(s), ${fmt(r.iterations)} iterations, seed ${r.seed}, ${r.threads} thread(s)`,
    `DPS mean ${fmt(r.dps.mean, 1)} ${formatError(r)}  stddev ${fmt(r.dps.stddev, 1)}  min ${fmt(r.dps.min, 1)}  max ${fmt(r.dps.max, 1)}`,
  ];
  if (r.error.target !== null) {
    lines.push(
      r.error.stoppedEarly
        ? `target error ${r.error.target} % reached after ${fmt(r.iterations)} of ${fmt(r.maxIterations)} iterations`
        : `target error ${r.error.target} % not reached within ${fmt(r.maxIterations)} iterations`,
    );
  }
  lines.push(
    `pet damage ${(r.damage.total > 0 ? (100 * r.damage.pet) / r.damage.total : 0).toFixed(1)} %   events/iteration ${fmt(r.events.perIteration, 0)}`,
    `${fmt(r.elapsedMs)} ms  (${fmt((r.iterations / r.elapsedMs) * 1000)} iterations/s)`,
    `data: ${formatDataSources(r.dataSources)}`,
    talentsLine(r),
    consumablesLine(r),
    raidBuffsLine(r),
  );
  if (r.rotation) lines.push(...rotationLines(r));
  lines.push(...characterTextLines(r));
  return lines;
}

/** "rotation: 52/56 lines honoured; 4 ignored", then the ignored lines when there are few. */
export function rotationLines(r: SimulateResult, verbose = false): string[] {
  const rot = r.rotation;
  const head = `${rotationSummaryLine(rot)} — ${rot.file}`;
  const absent = formatAbsent(rot);
  if (rot.ignoredLines.length === 0) return [head, ...absent];
  if (!verbose && rot.ignoredLines.length > SHORT_IGNORED) return [`${head} (see --json or \`combatsim rotation check\`)`, ...absent];
  return [head, ...formatIgnored(rot), ...absent];
}

function spellLines(r: SimulateResult): string[] {
  const lines = [`${"spell".padEnd(24)}${"casts".padStart(8)}${"dps".padStart(12)}${"share".padStart(9)}${"crit".padStart(8)}${"ticks".padStart(8)}  pet`];
  for (const s of spellRows(r)) {
    const casts = s.casts === null ? "-" : s.casts.toFixed(1);
    const crit = s.critRate === null ? "-" : `${(100 * s.critRate).toFixed(1)}%`;
    lines.push(`${s.label.padEnd(24)}${casts.padStart(8)}${fmt(s.dps, 1).padStart(12)}${(100 * s.share).toFixed(1).padStart(8)}%${crit.padStart(8)}${s.ticks.toFixed(1).padStart(8)}  ${s.pet ? "pet" : ""}`.trimEnd());
  }
  return lines;
}

function auraLines(r: SimulateResult): string[] {
  const auras = r.auras.filter((a) => a.uptime > 0 || a.applications > 0);
  if (auras.length === 0) return [];
  const lines = ["", `${"aura".padEnd(24)}${"uptime".padStart(9)}${"applied".padStart(9)}${"refresh".padStart(9)}${"stacks".padStart(8)}`];
  for (const a of [...auras].sort((x, y) => y.uptime - x.uptime || x.index - y.index)) {
    lines.push(`${a.name.padEnd(24)}${pct(a.uptime).padStart(9)}${a.applications.toFixed(1).padStart(9)}${a.refreshes.toFixed(1).padStart(9)}${a.averageStacks.toFixed(2).padStart(8)}`);
  }
  return lines;
}

/** Every proc of the build with how often it fired (a proc that never fires is worth seeing too). */
function procLines(r: SimulateResult): string[] {
  if (r.procs.length === 0) return [];
  const lines = ["", `${"proc".padEnd(24)}${"kind".padStart(8)}${"per iteration".padStart(15)}${"per minute".padStart(12)}`];
  for (const p of r.procs) {
    lines.push(`${p.name.padEnd(24)}${p.kind.padStart(8)}${p.perIteration.toFixed(1).padStart(15)}${((p.perIteration * 60) / (r.fight?.meanLengthS || r.durationS)).toFixed(2).padStart(12)}`);
  }
  return lines;
}

function resourceLines(r: SimulateResult): string[] {
  const lines: string[] = [];
  for (const res of r.resources) {
    const u = (x: number) => fmt(x / res.displayModifier, 1);
    lines.push("", `${res.name}: spent ${u(res.spent)}, gained ${u(res.gained)}, wasted ${u(res.wasted)} (${pct(res.wasteRate)} of gains) per iteration`);
    for (const s of res.sources) {
      if (s.spent === 0 && s.gained === 0 && s.wasted === 0) continue;
      const parts = [s.spent > 0 ? `spent ${u(s.spent)}` : "", s.gained > 0 ? `gained ${u(s.gained)}` : "", s.wasted > 0 ? `wasted ${u(s.wasted)}` : ""].filter(Boolean);
      lines.push(`  ${s.name.padEnd(22)}${parts.join(", ")}`);
    }
  }
  return lines;
}

export function formatTextReport(r: SimulateResult): string {
  const lines = [...headerLines(r), "", ...spellLines(r), ...auraLines(r), ...procLines(r), ...resourceLines(r)];
  if (r.timeline && r.representative) {
    lines.push("", `representative iteration: chunk ${r.representative.chunkId} #${r.representative.iteration} (seed ${r.representative.seed}), ${fmt(r.representative.dps, 1)} DPS, ${r.timeline.casts.length} casts`);
  }
  const warnings = formatWarnings(r);
  if (warnings.length > 0) lines.push("", ...warnings);
  return lines.join("\n");
}
