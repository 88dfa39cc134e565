// Pass 1 of the rotation compiler: every entry of every list, in file order, checked and turned into
// its compiled form (src/rotation/entry.ts). A dispatcher over one constructor per entry kind (the cast
// kind in src/rotation/compile-cast.ts), like wowsims' apl_value.go `newValue*` constructors.
import type { RExpr } from "./ast.js";
import { RotationError } from "./errors.js";
import type { ResolveContext } from "./resolve.js";
import { VAROP, type VarOpName } from "./bytecode.js";
import { CAST_OPTION_KEYS } from "./options.js";
import type { ChannelEntry } from "./channel.js";
import { perTarget, retarget } from "./fold.js";
import { isObject, type CompileContext } from "./compile-context.js";
import { compileCast } from "./compile-cast.js";
import type { Entry } from "./entry.js";

const KIND_KEYS = ["cast", "call", "run", "variable", "cycling_variable", "wait"] as const;
type EntryKind = (typeof KIND_KEYS)[number];
const VARIABLE_KEYS = ["if", "value", "op", "condition", "value_else", "default"];
const ALLOWED_KEYS: Record<EntryKind, readonly string[]> = {
  cast: ["cast", "if", ...CAST_OPTION_KEYS], // entry options: src/rotation/options.ts (target selection included)
  call: ["call", "if", "target_if"], // target_if: only target-independent expressions (see compileCallRun)
  run: ["run", "if", "target_if"],
  wait: ["wait", "if"],
  variable: ["variable", ...VARIABLE_KEYS],
  cycling_variable: ["cycling_variable", ...VARIABLE_KEYS],
};
const VAR_OPS = new Set<string>([...Object.keys(VAROP), "setif"]);

/** One entry being compiled: where it is, its raw object, its kind and its resolved `if`. */
interface EntrySite {
  list: string;
  entry: number;
  e: Record<string, unknown>;
  kind: EntryKind;
  cond: RExpr | null;
  ctx: ResolveContext;
}

export interface CompiledLists {
  /** list name → its entries (every list, file order). */
  lists: Map<string, Entry[]>;
  /** The channel-decision entries in slot order (slot = index + 1). */
  channelEntries: (ChannelEntry & { spell: number })[];
}

/** Pass 1: shape, expressions, names, for every list. */
export function compileEntries(c: CompileContext): CompiledLists {
  const lists = new Map<string, Entry[]>();
  const channelEntries: (ChannelEntry & { spell: number })[] = [];
  for (const list of c.listNames) {
    const out: Entry[] = [];
    (c.lists[list] as unknown[]).forEach((raw, entry) => {
      const site = entrySite(c, list, entry, raw);
      const compiled = compileEntry(c, site, channelEntries);
      if (compiled !== null) out.push(compiled);
    });
    lists.set(list, out);
  }
  return { lists, channelEntries };
}

/** The entry's kind (exactly one kind key), its keys checked against that kind, and its condition. */
function entrySite(c: CompileContext, list: string, entry: number, raw: unknown): EntrySite {
  if (!isObject(raw)) c.shape({ list, entry }, `an entry must be an object with one of: ${KIND_KEYS.join(", ")}`);
  const e = raw as Record<string, unknown>;
  const kinds = KIND_KEYS.filter((k) => e[k] !== undefined);
  if (kinds.length !== 1) {
    c.shape({ list, entry }, kinds.length === 0 ? `entry has none of: ${KIND_KEYS.join(", ")}` : `entry has several kinds (${kinds.join(", ")}); use one`);
  }
  const kind = kinds[0]!;
  for (const k of Object.keys(e)) {
    if (!ALLOWED_KEYS[kind].includes(k)) c.shape({ list, entry, field: k }, `unknown key "${k}" for a ${kind} entry (allowed: ${ALLOWED_KEYS[kind].join(", ")})`);
  }
  const ctx: ResolveContext = kind === "cast" && typeof e["cast"] === "string" ? { action: e["cast"] } : {};
  const cond = e["if"] === undefined ? null : c.conditionExpr(e["if"], { list, entry, field: "if" }, ctx);
  return { list, entry, e, kind, cond, ctx };
}

/** The dispatcher: one constructor per kind. Null: the entry emits nothing. */
function compileEntry(c: CompileContext, site: EntrySite, channelEntries: (ChannelEntry & { spell: number })[]): Entry | null {
  switch (site.kind) {
    case "cast":
      return compileCast(c, site, channelEntries);
    case "call":
    case "run":
      return compileCallRun(c, site, site.kind);
    case "wait":
      return { kind: "wait", cond: site.cond, seconds: c.expr(site.e["wait"], { list: site.list, entry: site.entry, field: "wait" }) };
    case "variable":
    case "cycling_variable":
      return compileVariable(c, site, site.kind);
  }
}

function compileCallRun(c: CompileContext, site: EntrySite, kind: "call" | "run"): Entry {
  const { list, entry, e, cond } = site;
  const target = e[kind];
  if (typeof target !== "string") c.shape({ list, entry, field: kind }, `"${kind}" must be a list name string`);
  if (!Object.hasOwn(c.lists, target as string)) {
    throw new RotationError("ROTATION_UNKNOWN_LIST", c.at({ list, entry, field: kind }), `${kind} of unknown action list "${target}" (lists: ${c.listNames.join(", ")})`);
  }
  // target_if on an action list (Arms: run_action_list,…,target_if=min:target.health.pct): an
  // expression that reads nothing per target (no debuff/dot of the target being tried) has the
  // same value on every identical target, so SimC's rule keeps the primary target: exactly no
  // change. A per-target expression would choose a target for the sub-list: not supported.
  const sel = c.targetSel(e, { list, entry }).sel;
  if (sel !== undefined && (sel.kind !== "if" || perTarget(sel.expr))) {
    c.shape({ list, entry, field: "target_if" }, `target_if on an action list with a per-target expression (debuff/dot of the target) is not supported`);
  }
  return { kind, cond, target: target as string };
}

function compileVariable(c: CompileContext, site: EntrySite, kind: "variable" | "cycling_variable"): Entry {
  const { list, entry, e, cond } = site;
  const opRaw = e["op"] ?? "set";
  if (typeof opRaw !== "string" || !VAR_OPS.has(opRaw)) c.shape({ list, entry, field: "op" }, `unknown variable op ${JSON.stringify(opRaw)} (allowed: ${[...VAR_OPS].join(", ")})`);
  const op = opRaw as VarOpName;
  const needsValue = op !== "floor" && op !== "ceil" && op !== "reset";
  if (needsValue && e["value"] === undefined) c.shape({ list, entry, field: "value" }, `op "${op}" needs "value"`);
  if (!needsValue && e["value"] !== undefined) c.shape({ list, entry, field: "value" }, `op "${op}" takes no "value"`);
  if (op === "setif") {
    if (e["condition"] === undefined) c.shape({ list, entry, field: "condition" }, `op "setif" needs "condition"`);
    if (e["value_else"] === undefined) c.shape({ list, entry, field: "value_else" }, `op "setif" needs "value_else"`);
  } else {
    for (const k of ["condition", "value_else"]) if (e[k] !== undefined) c.shape({ list, entry, field: k }, `"${k}" is only used by op "setif"`);
  }
  // cycling_variable: the value (and setif's parts) are read on each target; its `if` once, on the primary
  const scoped = (x: RExpr | null): RExpr | null => (x !== null && kind === "cycling_variable" ? retarget(x) : x);
  return {
    kind: "variable",
    cycling: kind === "cycling_variable",
    cond,
    op,
    index: c.vars.index.get(e[kind] as string)!,
    value: scoped(needsValue ? c.expr(e["value"], { list, entry, field: "value" }) : null),
    condition: scoped(op === "setif" ? c.conditionExpr(e["condition"], { list, entry, field: "condition" }) : null),
    valueElse: scoped(op === "setif" ? c.expr(e["value_else"], { list, entry, field: "value_else" }) : null),
  };
}
