// Grouping ignored rotation lines by cause, and their text rendering (`combatsim rotation check`, the
// text summary). The category is derived from the compiler's typed error (code + message shape), so
// it names what is missing: an action (spell) the spec lacks, an option not supported yet, a name, …
import type { RotationReport } from "./honour.js";
import type { IgnoredLine } from "./translate.js";

/** A short, stable category for an ignored line (the report's group heading). */
export function ignoredCategory(l: IgnoredLine): string {
  if (l.code === "ROTATION_UNEXPECTED_TOKEN" || l.code === "ROTATION_UNBALANCED_PAREN" || l.code === "ROTATION_EXPR_TOO_DEEP") return "unsupported expression syntax";
  if (l.code === "ROTATION_UNKNOWN_LIST") return "unknown action list";
  if (l.code === "ROTATION_CALL_CYCLE") return "action-list cycle";
  const key = /^unknown key "([A-Za-z0-9_]+)"/.exec(l.reason);
  if (key) return `unsupported option ${key[1]}`;
  if (/^not modelled: /.test(l.reason)) return "utility action not modelled";
  // an unknown spell as the action itself (not inside an expression): the spec lacks the action
  const action = /^unknown spell "([A-Za-z0-9_]+)"$/.exec(l.reason);
  if (action) return "action not in the spec";
  const kind = /^unknown (spell|aura|pet aura|pet|resource|talent|variable) "/.exec(l.reason);
  if (kind) return `unknown ${kind[1]} (in an expression)`;
  if (/^unknown name "/.test(l.reason)) return "unknown name (expression form or environment name)";
  if (/unknown property|needs a property|only [a-z_.X]+ (is )?supported|unexpected "/.test(l.reason)) return "unsupported property";
  if (l.code === "ROTATION_BAD_SHAPE") return "malformed line";
  return l.code;
}

/** Ignored lines grouped by category, largest group first (ties: by name). */
export function groupIgnored(lines: readonly IgnoredLine[]): { category: string; lines: IgnoredLine[] }[] {
  const groups = new Map<string, IgnoredLine[]>();
  for (const l of lines) {
    const c = ignoredCategory(l);
    groups.set(c, [...(groups.get(c) ?? []), l]);
  }
  return [...groups].map(([category, ls]) => ({ category, lines: ls })).sort((a, b) => b.lines.length - a.lines.length || a.category.localeCompare(b.category));
}

const pct = (a: number, b: number): string => (b === 0 ? "-" : `${((100 * a) / b).toFixed(1)} %`);

/** One line: "rotation: 52/56 lines honoured (92.9 %); 4 ignored". */
export function rotationSummaryLine(r: RotationReport): string {
  const what = r.format === "simc" ? "lines" : "entries";
  return `rotation: ${r.honoured}/${r.lines} ${what} honoured (${pct(r.honoured, r.lines)}); ${r.ignoredLines.length} ignored`;
}

/** The absent names the rotation uses (manifest `absent`), one line each; none → no lines. */
export function formatAbsent(r: RotationReport, indent = "  "): string[] {
  const names = r.absentNames ?? [];
  if (names.length === 0) return [];
  const out = [`${indent}absent in the modelled game version, never active / castable (${names.length}):`];
  for (const a of names) out.push(`${indent}  ${a.kind} ${a.name}${a.lines.length ? ` (line${a.lines.length > 1 ? "s" : ""} ${a.lines.join(", ")})` : ""} — ${a.reason} [${a.source}]`);
  return out;
}

/** The ignored lines as text: grouped by category, one line each (`  l.23  text  — reason`). */
export function formatIgnored(r: RotationReport, indent = "  "): string[] {
  const out: string[] = [];
  for (const g of groupIgnored(r.ignoredLines)) {
    out.push(`${indent}${g.category} (${g.lines.length}):`);
    for (const l of g.lines) out.push(`${indent}  line ${l.line}${l.column !== undefined ? `:${l.column}` : ""}  ${l.text}\n${indent}      ${l.reason}`);
  }
  return out;
}
