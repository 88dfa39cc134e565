// Line honouring: compile a rotation, dropping every entry the compiler refuses instead of failing the
// whole file (docs/rotation.md "SimC APL files"). Each refusal is the compiler's own typed
// RotationError (code, field, column); the entry's file line and text come from its origin. A dropped
// entry can make others fail (a `variable` line no longer assigns, so `variable.X` is unknown): the loop
// recompiles until the rest compiles, so those are listed too, with a reason naming the cause.
import { compileRotation, type CompileOptions, type CompiledRotation, type RotationEntryJson, type RotationJson } from "../compile.js";
import { RotationError } from "../errors.js";
import type { RotationSymbols } from "../resolve.js";
import type { AbsentName } from "../absent.js";
import type { EntryOrigin, IgnoredLine } from "./translate.js";

/** What a run reports about its rotation (`result.rotation`). */
export interface RotationReport {
  file: string;
  /** Where the APL text comes from (`# source:` header), when known. */
  source?: string;
  format: "simc" | "json";
  /** Action lines (SimC) or entries (JSON). */
  lines: number;
  honoured: number;
  /** Sorted by line. */
  ignoredLines: IgnoredLine[];
  /** Names the honoured lines use that the modelled game version does not have (manifest `absent`):
   *  resolved as never active / never castable; listed so that nothing is silent. Sorted by name. */
  absentNames: AbsentName[];
}

export interface HonourInput {
  rotation: RotationJson;
  /** Per list, parallel to its entries. Without origins (a JSON rotation) nothing may be dropped. */
  origins?: Record<string, EntryOrigin[]>;
  /** Lines already dropped before compiling (unreadable text). */
  ignored?: IgnoredLine[];
  lines?: number;
  source?: string | undefined;
  format: "simc" | "json";
  /** Turn the first ignored line into the error itself. */
  strict?: boolean;
}

/** A RotationError re-located to a file line (strict mode, errors that cannot be dropped). */
export function lineError(e: RotationError, origin: EntryOrigin | undefined): RotationError {
  if (origin === undefined || origin.synthetic) return e;
  const base = e.field !== undefined ? origin.columns[e.field] : undefined;
  const column = base !== undefined && e.column !== undefined ? base + e.column - 1 : base;
  return new RotationError(e.code, { file: e.file, line: origin.line, list: e.list, entry: e.entry, field: e.field, column }, `${e.detail} [${origin.text}]`);
}

function ignoredOf(e: RotationError, origin: EntryOrigin): IgnoredLine {
  const located = lineError(e, origin);
  const out: IgnoredLine = { line: origin.line, text: origin.text, reason: e.detail, code: e.code };
  if (located.column !== undefined) out.column = located.column;
  return out;
}

/** Compiles `input.rotation`, dropping refused entries; returns the code and the report. */
export function compileHonoured(input: HonourInput, symbols: RotationSymbols, file: string, options: CompileOptions = {}): { compiled: CompiledRotation; report: RotationReport } {
  const lists: Record<string, RotationEntryJson[]> = {};
  const origins: Record<string, EntryOrigin[]> = {};
  const src = input.rotation as unknown as { lists?: unknown };
  const canDrop = input.origins !== undefined && typeof src === "object" && src !== null && typeof src.lists === "object" && src.lists !== null;
  const ignored: IgnoredLine[] = [...(input.ignored ?? [])];
  if (input.strict && ignored.length > 0) {
    const first = [...ignored].sort((a, b) => a.line - b.line)[0]!;
    throw new RotationError(first.code as RotationError["code"], { file, line: first.line, column: first.column }, `${first.reason} [${first.text}]`);
  }
  let working: RotationJson = input.rotation;
  if (canDrop) {
    for (const [name, entries] of Object.entries(input.rotation.lists)) {
      lists[name] = [...entries];
      origins[name] = [...(input.origins![name] ?? [])];
    }
    working = { ...input.rotation, lists };
  }
  /** variable name → lines of dropped entries that assigned it */
  const droppedVars = new Map<string, number[]>();
  for (;;) {
    try {
      compileRotation(working, symbols, file); // the plain form: finds the same errors, and cheaply
      break;
    } catch (err) {
      if (!(err instanceof RotationError) || !canDrop || err.list === undefined || err.entry === undefined) throw err;
      const origin = origins[err.list]?.[err.entry];
      if (origin === undefined || origin.synthetic) throw err;
      if (input.strict) throw lineError(err, origin);
      const ig = ignoredOf(err, origin);
      const unknownVar = /^unknown variable "([A-Za-z0-9_]+)"/.exec(err.detail);
      if (unknownVar && droppedVars.has(unknownVar[1]!)) {
        ig.reason = `${err.detail}: variable "${unknownVar[1]}" is assigned only by ignored line(s) ${droppedVars.get(unknownVar[1]!)!.join(", ")}`;
      }
      const entry = lists[err.list]![err.entry]!;
      if (typeof entry.variable === "string") {
        ig.reason += ` (a variable line: lines that read variable.${entry.variable} lose this assignment)`;
        droppedVars.set(entry.variable, [...(droppedVars.get(entry.variable) ?? []), origin.line]);
      }
      ignored.push(ig);
      lists[err.list]!.splice(err.entry, 1);
      origins[err.list]!.splice(err.entry, 1);
    }
  }
  const { symbols: recording, absentNames } = recordAbsent(symbols, canDrop ? origins : undefined);
  const compiled = compileRotation(working, recording, file, options);
  ignored.sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0));
  const entryCount = Object.values(input.rotation.lists ?? {}).reduce((n, l) => n + (Array.isArray(l) ? l.length : 0), 0);
  const synthetic = Object.values(input.origins ?? {}).reduce((n, l) => n + l.filter((o) => o.synthetic).length, 0);
  const lines = input.lines ?? entryCount - synthetic;
  const report: RotationReport = { file, format: input.format, lines, honoured: lines - ignored.length, ignoredLines: ignored, absentNames: absentNames() };
  if (input.source !== undefined) report.source = input.source;
  return { compiled, report };
}

/** Wraps `symbols` so the absent names a compile resolves are collected with the file lines that use them. */
function recordAbsent(symbols: RotationSymbols, origins: Record<string, EntryOrigin[]> | undefined): { symbols: RotationSymbols; absentNames: () => AbsentName[] } {
  const used = new Map<string, AbsentName>();
  const inner = symbols.absent;
  if (inner === undefined) return { symbols, absentNames: () => [] };
  const recording: RotationSymbols = Object.assign(Object.create(symbols) as RotationSymbols, {
    absent: (name: string, kind: AbsentName["kind"], loc: Parameters<NonNullable<RotationSymbols["absent"]>>[2]) => {
      const info = inner.call(symbols, name, kind, loc);
      if (info === undefined) return undefined;
      const key = `${kind}:${name}`;
      const row = used.get(key) ?? { name, kind: info.kind, reason: info.reason, source: info.source, lines: [] };
      used.set(key, row);
      const origin = loc.list !== undefined && loc.entry !== undefined ? origins?.[loc.list]?.[loc.entry] : undefined;
      if (origin !== undefined && !origin.synthetic && !row.lines.includes(origin.line)) row.lines.push(origin.line);
      return info;
    },
  });
  const absentNames = (): AbsentName[] =>
    [...used.values()].map((r) => ({ ...r, lines: [...r.lines].sort((a, b) => a - b) })).sort((a, b) => a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind));
  return { symbols: recording, absentNames };
}
