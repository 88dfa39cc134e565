// The result's warnings as report lines ("warning: …"), shared by the text and HTML reports.
import type { SimulateResult } from "../engine/simulate.js";

const fmt = (x: number) => x.toLocaleString("en-US", { maximumFractionDigits: 0 });

export function formatWarnings(r: SimulateResult): string[] {
  const w = r.warnings;
  const lines: string[] = [];
  if (w.unknownSpellCasts > 0) lines.push(`warning: ${fmt(w.unknownSpellCasts)} casts of unknown spells (UNKNOWN_SPELL_CAST)`);
  return lines;
}
