// The result's warnings as report lines ("warning: …", "note: …"), shared by the text and HTML reports.
import type { SimulateResult } from "../engine/simulate.js";

const fmt = (x: number) => x.toLocaleString("en-US", { maximumFractionDigits: 0 });
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

function targetsLine(r: SimulateResult): string | null {
  const t = r.warnings.targets;
  if (!t) return null;
  if (t.multiTarget.length === 0) {
    return `warning: ${t.targets} targets, but ${r.spec} models no multi-target damage (no AoE spell, no cleave): every hit lands on the primary target, so this is its single-target DPS`;
  }
  return `note: ${t.targets} targets: ${t.multiTarget.join(", ")} hit several; single-target only: ${t.singleTarget.join(", ") || "none"}`;
}

function idleLine(r: SimulateResult): string | null {
  const w = r.warnings.idle;
  if (!w) return null;
  const wasted = w.wasted.map((x) => `${x.resource} wasted ${pct(x.wasteRate)} of its gains`).join(", ");
  return `warning: the player idled ${pct(w.fraction)} of the representative iteration (threshold ${pct(w.threshold)}) while ${wasted}: the rotation finds nothing to cast most of the time (check its conditions; add a filler)`;
}

function talentsLine(r: SimulateResult): string | null {
  const l = r.loadout;
  if (!l || l.notModelled.length === 0) return null;
  const names = l.notModelled.map((t) => `${t.name} (${t.tree}${t.ranks > 1 ? `, ${t.ranks} ranks` : ""})`).join(", ");
  return `note: the loadout selects ${l.notModelled.length} talents the simulation does not model (they change nothing here): ${names}`;
}

export function formatWarnings(r: SimulateResult): string[] {
  const w = r.warnings;
  const lines: (string | null)[] = [
    w.unknownSpellCasts > 0 ? `warning: ${fmt(w.unknownSpellCasts)} casts of unknown spells (UNKNOWN_SPELL_CAST)` : null,
    targetsLine(r),
    idleLine(r),
    talentsLine(r),
  ];
  return lines.filter((l): l is string => l !== null);
}
