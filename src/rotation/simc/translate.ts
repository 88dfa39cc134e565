// SimC actions → the rotation model (RotationJson entries), keeping each entry's file line.
//
// Action kinds (SimC meaning → entry):
//   call_action_list,name=L  → { call: L }      run_action_list,name=L → { run: L }
//   variable,name=V,op=…,value=…,value_else=…,condition=…,default=N → { variable: V, … } (same op names)
//   cycling_variable,name=V,… → { cycling_variable: V, … } (the op once per target: docs/rotation.md "Targets")
//   wait,sec=E               → { wait: E } (SimC's default sec is 1.0)
//   anything else            → { cast: <action> } (a spell of the spec, resolved by the compiler)
// Every other option travels as an entry key with SimC's name (`line_cd`, `target_if`, …): the compiler
// owns the option table (one implementation for .simc and .json), and a key it does not know makes the
// line ignored with that reason — never silently dropped.
import type { RotationEntryJson, RotationJson } from "../compile.js";
import { SIMC_DEFAULT_LIST, type SimcAction, type SimcApl } from "./parse.js";

/** Where an entry came from: its file line, its text and the file column of each entry field's value. */
export interface EntryOrigin {
  line: number;
  text: string;
  /** entry key → 1-based file column where that field's text starts. */
  columns: Record<string, number>;
  /** Added by the translation (not a file line): the precombat call. Not counted, never ignored. */
  synthetic?: boolean;
}

/** A line that is not honoured. `code` is the RotationError code (docs/rotation.md §3). */
export interface IgnoredLine {
  line: number;
  text: string;
  reason: string;
  code: string;
  /** 1-based file column of the problem, when known. */
  column?: number;
}

export interface TranslatedApl {
  rotation: RotationJson;
  /** Parallel to rotation.lists: origins[list][i] is where lists[list][i] came from. */
  origins: Record<string, EntryOrigin[]>;
  /** Lines dropped before compiling (unreadable, replaced, missing required options). */
  ignored: IgnoredLine[];
  /** Action lines counted (every action of the file, honoured or not; synthetic entries excluded). */
  lines: number;
  source: string | undefined;
}

/** The precombat list's name; see precombatCall. */
export const PRECOMBAT_LIST = "precombat";

/**
 * SimC runs `precombat` once before the pull (buffs, pre-potion, a pre-cast that lands at the pull).
 * The engine has no pre-pull phase, so the list is consulted at the fight's start instead: the main
 * list begins with `call precombat if time = 0` — every decision made at t = 0 (the first GCD, and
 * off-GCD actions at the pull) tries the precombat lines first, in order. A pre-cast spell (Fire's
 * pyroblast, MM's aimed_shot) thus starts at t = 0 and lands one cast time later; precombat variables
 * are set at t = 0 and keep their value. Documented in docs/rotation.md "SimC APL files".
 */
function precombatCall(): RotationEntryJson {
  return { call: PRECOMBAT_LIST, if: "time = 0" };
}

const optionKey = (action: string, key: string): string => {
  if (key === "name" && (action === "call_action_list" || action === "run_action_list")) return action === "call_action_list" ? "call" : "run";
  if (key === "name" && action === "variable") return "variable";
  if (key === "name" && action === "cycling_variable") return "cycling_variable";
  if (key === "sec" && action === "wait") return "wait";
  return key;
};

/**
 * Lists SimC evaluates off the GCD: every `call_action_list` naming them carries use_off_gcd=1 (Demonology's
 * racials and items lists). SimC then also considers the list's actions while the GCD runs, so their cast lines
 * default to use_off_gcd=1 instead of SimC's per-line default 0 (an on-GCD spell still waits for the GCD in the
 * engine; an off-GCD one may fire mid-GCD), and the option on those calls is consumed here. A list also called
 * without it keeps per-line defaults, and the option on its calls stays for the compiler to report.
 */
function offGcdLists(apl: SimcApl): Set<string> {
  const flag = new Map<string, boolean>();
  for (const a of apl.actions) {
    if (a.action !== "call_action_list") continue;
    const name = a.options.find((o) => o.key === "name")?.value;
    if (name === undefined) continue;
    const off = a.options.some((o) => o.key === "use_off_gcd" && o.value.trim() === "1");
    flag.set(name, (flag.get(name) ?? true) && off);
  }
  return new Set([...flag].filter(([, off]) => off).map(([name]) => name));
}

/** Turns one action into an entry; a string is the reason it cannot be one. */
function toEntry(a: SimcAction, offGcd: ReadonlySet<string>): { entry: RotationEntryJson; columns: Record<string, number> } | { reason: string; column: number } {
  const entry: Record<string, unknown> = {};
  const columns: Record<string, number> = {};
  switch (a.action) {
    case "call_action_list":
    case "run_action_list":
      if (!a.options.some((o) => o.key === "name")) return { reason: `${a.action} needs name=<list>`, column: a.column };
      break;
    case "variable":
    case "cycling_variable":
      if (!a.options.some((o) => o.key === "name")) return { reason: `${a.action} needs name=<variable>`, column: a.column };
      break;
    case "wait":
      entry["wait"] = "1.0"; // SimC's default wait: 1 s
      columns["wait"] = a.column;
      break;
    default:
      entry["cast"] = a.action;
      columns["cast"] = a.column;
      // SimC's default: a line is considered only when the GCD is over (an option given below wins); in a
      // list SimC evaluates off the GCD (offGcdLists) the line may be considered while the GCD runs
      entry["use_off_gcd"] = offGcd.has(a.list) ? "1" : "0";
  }
  const callTarget = a.action === "call_action_list" ? a.options.find((o) => o.key === "name")?.value : undefined;
  for (const o of a.options) {
    // consumed by offGcdLists: the called list's lines carry it
    if (callTarget !== undefined && o.key === "use_off_gcd" && offGcd.has(callTarget)) continue;
    const key = optionKey(a.action, o.key);
    if (key in entry && key !== "wait" && key !== "use_off_gcd") return { reason: `option "${o.key}" conflicts with the action`, column: o.column };
    let value: unknown = o.value;
    if (key === "default") {
      // SimC: a number
      const n = Number(o.value);
      if (o.value.trim() === "" || !Number.isFinite(n)) return { reason: `default=${o.value} is not a number`, column: o.column };
      value = n;
    }
    entry[key] = value;
    columns[key] = o.column;
  }
  return { entry: entry as RotationEntryJson, columns };
}

export function translateSimcApl(apl: SimcApl): TranslatedApl {
  const lists: Record<string, RotationEntryJson[]> = {};
  const origins: Record<string, EntryOrigin[]> = {};
  const ignored: IgnoredLine[] = [];
  for (const l of apl.lists) {
    lists[l] = [];
    origins[l] = [];
  }
  if (apl.lists.includes(PRECOMBAT_LIST) && apl.lists.includes(SIMC_DEFAULT_LIST)) {
    lists[SIMC_DEFAULT_LIST]!.push(precombatCall());
    origins[SIMC_DEFAULT_LIST]!.push({ line: 0, text: "call_action_list,name=precombat,if=time=0 (precombat at the pull)", columns: {}, synthetic: true });
  }
  for (const b of apl.bad) ignored.push({ line: b.line, text: b.text, reason: b.reason, code: "ROTATION_BAD_SHAPE", column: b.column });
  for (const r of apl.replaced) {
    ignored.push({ line: r.line, text: r.text, reason: `replaced: a later "actions${r.list === SIMC_DEFAULT_LIST ? "" : `.${r.list}`}=" line starts list "${r.list}" anew (SimC semantics)`, code: "ROTATION_BAD_SHAPE", column: r.column });
  }
  const offGcd = offGcdLists(apl);
  for (const a of apl.actions) {
    const t = toEntry(a, offGcd);
    if ("reason" in t) {
      ignored.push({ line: a.line, text: a.text, reason: t.reason, code: "ROTATION_BAD_SHAPE", column: t.column });
      continue;
    }
    lists[a.list]!.push(t.entry);
    origins[a.list]!.push({ line: a.line, text: a.text, columns: t.columns });
  }
  return {
    rotation: { main: SIMC_DEFAULT_LIST, lists },
    origins,
    ignored,
    lines: apl.actions.length + apl.replaced.length + apl.bad.length,
    source: apl.source,
  };
}
