// Rotation compiler: RotationJson → bytecode for the wasm VM (docs/rotation.md §1, §4, §6).
//
// Passes: (0) collect variable names, (1) per entry in file order: check the shape, parse and resolve
// every expression, resolve the spell / target list, (2) reject call/run cycles, (2b) with `flatten`,
// specialize the lists to the build (src/rotation/flatten.ts), (3) fold constants and emit
// (src/rotation/emitter.ts). Everything the host passes in is treated as untrusted JSON and checked.
import type { RExpr } from "./ast.js";
import { RotationError, type RotationLocation } from "./errors.js";
import { parseExpression } from "./parse.js";
import { Resolver, type ResolveContext, type RotationSymbols } from "./resolve.js";
import { MAX_SPELL_INDEX, OP, ROT_MAGIC, ROT_VERSION, ROT_VERSION_FAST, ROT_VERSION_SCAN, VAROP, type VarOpName } from "./bytecode.js";
import { Q } from "./queries.js";
import { CAST_OPTION_KEYS, castOptions, isRefusedOption, OptionError } from "./options.js";
import { CHANNEL_LINE_VAR, channelFlags, hasChannelDecision, type ChannelEntry, type ChannelSlot, type ChannelTable } from "./channel.js";
import { utilityAction } from "./utility.js";
import { foldExpr, isConst, isLeaf, isPositiveTest, mayTouch, mustTouch, perTarget, retarget, timeLeaf } from "./fold.js";
import { Emitter, newLabel, type Label } from "./emitter.js";
import { flattenLists } from "./flatten.js";

export { foldExpr, retarget } from "./fold.js";

export interface RotationEntryJson {
  cast?: string;
  call?: string;
  run?: string;
  variable?: string;
  /** SimC's cycling_variable: a variable entry whose op is applied once per target (value evaluated on each). */
  cycling_variable?: string;
  wait?: string | number;
  /** Target selection (cast entries; docs/rotation.md "Targets"): `min:<expr>`, `max:<expr>`, `first:<expr>` or `<expr>` (first). */
  target_if?: string;
  /** 1: try the entry on each target in order, cast on the first where it is ready (0: off). */
  cycle_targets?: number;
  /** With cycle_targets: try at most this many targets (0: all). */
  max_cycle_targets?: number;
  /** A condition: an expression string (a number is ROTATION_BAD_SHAPE). */
  if?: string;
  value?: string | number;
  op?: VarOpName;
  condition?: string;
  value_else?: string | number;
  default?: number;
  /** Entry options of cast entries, SimC names and meanings (src/rotation/options.ts, docs/rotation.md "Entry options"). */
  line_cd?: string | number;
  use_off_gcd?: string | number;
  use_while_casting?: string | number;
  sync?: string;
  chain?: string | number;
  precombat_seconds?: string | number;
  pre_pot_time?: string | number;
  toggle?: string;
  name?: string;
  slot?: string;
  slots?: string;
  check_existing?: string | number;
  /** Other keys (options this compiler refuses by name, e.g. target selection before it lands). */
  [option: string]: unknown;
}

export interface RotationJson {
  main?: string;
  name?: string;
  description?: string;
  lists: Record<string, RotationEntryJson[]>;
}

export interface CompiledRotation {
  file: string;
  /** Header + bytecode; copy verbatim into wasm memory. */
  code: Int32Array;
  /** Constant pool (variable defaults first); copy verbatim into wasm memory. */
  constants: Float64Array;
  main: string;
  lists: { name: string; pc: number }[];
  variables: { name: string; index: number; default: number }[];
  stackDepth: number;
  callDepth: number;
  /** Distinct spell indices that cast entries can return, ascending. */
  spells: number[];
  /** Distinct spell indices of cast entries with target_if / cycle_targets, ascending. */
  targetSpells: number[];
  /** Channel decisions (src/rotation/channel.ts); absent when no entry has channel options. */
  channels?: ChannelTable;
  /** Auras the rotation asks `react` of (their stack gains get a reaction time: assembly/engine/reaction.ts); absent: none. */
  reactAuras?: number[];
  /** Some entry has use_while_casting=1 (its cast is OP.CASTW): the engine then decides during cast bars. */
  whileCasting?: boolean;
  /**
   * Every emitted entry is a plain cast (with or without target selection), a call, a run or a no-op:
   * no wait, variable, line_cd, channel or use_while_casting entry. Such a rotation answers Cast(s) only for an s in
   * `spells` whose castReady holds, and has no other effect, so with none of them castable its answer
   * is None (the engine then skips the evaluation: an idle player re-woken by every event).
   */
  castOnly: boolean;
}

const NAME_RE = /^[A-Za-z0-9_]+$/;
const TOP_KEYS = new Set(["main", "name", "description", "lists"]);
const KIND_KEYS = ["cast", "call", "run", "variable", "cycling_variable", "wait"] as const;
type EntryKind = (typeof KIND_KEYS)[number];
const VARIABLE_KEYS = ["if", "value", "op", "condition", "value_else", "default"];
const ALLOWED_KEYS: Record<EntryKind, readonly string[]> = {
  cast: ["cast", "if", ...CAST_OPTION_KEYS], // entry options: src/rotation/options.ts (target selection included)
  call: ["call", "if", "target_if"], // target_if: only target-independent expressions (see the call/run case)
  run: ["run", "if", "target_if"],
  wait: ["wait", "if"],
  variable: ["variable", ...VARIABLE_KEYS],
  cycling_variable: ["cycling_variable", ...VARIABLE_KEYS],
};
/** target_if modes (the VM's TIF_* numbers). */
const TIF_MODE = { first: 0, min: 1, max: 2 } as const;
/** A cast entry's target selection: target_if (mode + expression) or cycle_targets (at most `max` targets, 0 = all). */
export type TargetSel = { kind: "if"; mode: number; expr: RExpr } | { kind: "cycle"; max: number };
const VAR_OPS = new Set<string>([...Object.keys(VAROP), "setif"]);

export type Entry =
  | { kind: "cast"; cond: RExpr | null; spell: number; lineCd?: LineCd; sel?: TargetSel; channel?: ChannelEntry; cwc?: true }
  | { kind: "noop"; cond: RExpr | null }
  | { kind: "call" | "run"; cond: RExpr | null; target: string }
  | { kind: "wait"; cond: RExpr | null; seconds: RExpr }
  | { kind: "variable"; cond: RExpr | null; op: VarOpName; index: number; value: RExpr | null; condition: RExpr | null; valueElse: RExpr | null; cycling: boolean };

/**
 * line_cd: the entry fires only when `condition` holds (its own condition, castReady, and at least `n` s
 * since it last fired). Compiled as `fire := condition; if fire: last := time; if fire: cast`, in one
 * evaluation: the state does not change in between, so the cast happens exactly when `fire` was set.
 */
export interface LineCd {
  condition: RExpr;
  fire: number;
  last: number;
}
/** Hidden variable names of a line_cd entry (cannot clash: user variable names never start with "__"). */
const lineCdVars = (list: string, entry: number): [string, string] => [`__line_cd_fire_${list}_${entry}`, `__line_cd_last_${list}_${entry}`];
/** A line_cd entry's "last fired" before it ever fired: far enough back for any line_cd. */
const LINE_CD_NEVER = -1e300;

/** Compile options. */
export interface CompileOptions {
  /**
   * Engine fast paths (ROT_VERSION_FAST, docs/rotation.md §6): a cast entry checks castReady BEFORE its
   * condition (pure conjunction: same result, but a spell on cooldown skips the condition's queries),
   * and castReady answers are memoized per evaluation (a spell listed in several entries is checked once).
   * Off by default: the plain format asks castReady only after the condition (the contract the test
   * State observes).
   */
  fast?: boolean;
  /**
   * With `fast`: scan tables (ROT_VERSION_SCAN, docs/rotation.md §6). A cast entry whose spell the
   * engine reports blocked (castReady surely false: its "not ready before" bound) or whose condition has
   * a time leaf that surely fails yet (`target.health.pct < 20`) is skipped together with every following
   * such entry in one dispatch. Same selection as `fast`.
   */
  scan?: boolean;
  /**
   * With `scan`: specialize the code to this build (src/rotation/flatten.ts): entries whose condition can
   * never hold are left out, unconditional calls (and the main list's unconditional runs) are replaced by
   * the called list's entries, calls of lists left empty disappear, target selection on a fight with one
   * target becomes the plain entry, and lists main never reaches are not emitted. Same selection.
   */
  flatten?: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

// ---------------------------------------------------------------- compiler

/**
 * Compiles a rotation. `file` is used only in error messages and `CompiledRotation.file`.
 * Throws RotationError (docs/rotation.md §3) on any problem; never returns partial code.
 */
export function compileRotation(source: RotationJson, symbols: RotationSymbols, file: string, options: CompileOptions = {}): CompiledRotation {
  const fast = options.fast === true || options.scan === true;
  const scan = options.scan === true;
  const src: unknown = source;
  const at = (loc: Omit<RotationLocation, "file">): RotationLocation => ({ file, ...loc });
  const shape = (loc: Omit<RotationLocation, "file">, detail: string): never => {
    throw new RotationError("ROTATION_BAD_SHAPE", at(loc), detail);
  };

  if (!isObject(src)) shape({}, "a rotation must be a JSON object with a \"lists\" object");
  const top = src as Record<string, unknown>;
  for (const k of Object.keys(top)) if (!TOP_KEYS.has(k)) shape({ field: k }, `unknown top-level key "${k}" (allowed: ${[...TOP_KEYS].join(", ")})`);
  const listsRaw = top["lists"];
  if (!isObject(listsRaw)) shape({ field: "lists" }, `"lists" must be an object of named action lists`);
  const lists = listsRaw as Record<string, unknown>;
  const listNames = Object.keys(lists);
  if (listNames.length === 0) shape({ field: "lists" }, `"lists" has no action lists`);
  for (const name of listNames) {
    if (!NAME_RE.test(name)) shape({ list: name }, `list name "${name}" must match [A-Za-z0-9_]+`);
    if (!Array.isArray(lists[name])) shape({ list: name }, `list "${name}" must be an array of entries`);
  }
  const mainRaw = top["main"] ?? "default";
  if (typeof mainRaw !== "string") shape({ field: "main" }, `"main" must be a list name string`);
  const main = mainRaw as string;
  if (!Object.hasOwn(lists, main)) {
    throw new RotationError("ROTATION_UNKNOWN_LIST", at({ field: "main" }), `main list "${main}" does not exist (lists: ${listNames.join(", ")})`);
  }
  for (const k of ["name", "description"]) if (top[k] !== undefined && typeof top[k] !== "string") shape({ field: k }, `"${k}" must be a string`);

  // Pass 0: variables (a name is known once any entry assigns it; referencing before assignment is fine).
  const varIndex = new Map<string, number>();
  const varDefault: number[] = [];
  const varDefaultSet: boolean[] = [];
  for (const list of listNames) {
    (lists[list] as unknown[]).forEach((raw, entry) => {
      if (!isObject(raw)) return;
      const key = raw["variable"] !== undefined ? "variable" : raw["cycling_variable"] !== undefined ? "cycling_variable" : null;
      if (key === null) return;
      const name = raw[key];
      if (typeof name !== "string" || !NAME_RE.test(name)) shape({ list, entry, field: key }, `variable name must be a string matching [A-Za-z0-9_]+`);
      let idx = varIndex.get(name as string);
      if (idx === undefined) {
        idx = varDefault.length;
        varIndex.set(name as string, idx);
        varDefault.push(0);
        varDefaultSet.push(false);
      }
      const d = raw["default"];
      if (d !== undefined) {
        if (typeof d !== "number" || !Number.isFinite(d)) shape({ list, entry, field: "default" }, `"default" must be a finite number`);
        if (varDefaultSet[idx] && varDefault[idx] !== d) {
          shape({ list, entry, field: "default" }, `variable "${name}" already has default ${varDefault[idx]}; conflicting default ${d}`);
        }
        varDefault[idx] = d as number;
        varDefaultSet[idx] = true;
      }
    });
  }

  // line_cd entries: two hidden variables each (appended after the user variables)
  for (const list of listNames) {
    (lists[list] as unknown[]).forEach((raw, entry) => {
      if (!isObject(raw) || raw["cast"] === undefined || raw["line_cd"] === undefined) return;
      for (const [i, name] of lineCdVars(list, entry).entries()) {
        varIndex.set(name, varDefault.length);
        varDefault.push(i === 0 ? 0 : LINE_CD_NEVER);
        varDefaultSet.push(true);
      }
    });
  }

  // channel-decision entries: one hidden variable for all (the slot of the line that fired)
  let channelLineVar = -1;
  for (const list of listNames) {
    for (const raw of lists[list] as unknown[]) {
      if (channelLineVar < 0 && isObject(raw) && raw["cast"] !== undefined && hasChannelDecision(raw)) {
        channelLineVar = varDefault.length;
        varIndex.set(CHANNEL_LINE_VAR, channelLineVar);
        varDefault.push(0);
        varDefaultSet.push(true);
      }
    }
  }
  const channelEntries: (ChannelEntry & { spell: number })[] = [];

  // Pass 1: shape, expressions, names.
  const resolver = new Resolver(symbols, varIndex);
  // ctx: SimC's action scope (a cast entry's spell) for bare action-scoped names (`cast_time`, `remains`)
  const expr = (raw: unknown, loc: Omit<RotationLocation, "file">, ctx: ResolveContext = {}): RExpr => {
    if (typeof raw === "number") {
      if (!Number.isFinite(raw)) shape(loc, `a numeric expression must be finite`);
      return { kind: "const", value: raw };
    }
    if (typeof raw !== "string") shape(loc, `expected an expression string`);
    const l = at(loc);
    return resolver.resolve(parseExpression(raw as string, l), l, ctx);
  };
  // A condition is always an expression string: a bare JSON number there (`"if": 0`) is far more often
  // a slip (a quoted expression lost its quotes, a flag meant elsewhere) than an intended constant.
  const conditionExpr = (raw: unknown, loc: Omit<RotationLocation, "file">, ctx: ResolveContext = {}): RExpr => {
    if (typeof raw === "number") shape(loc, `a condition must be an expression string, got the number ${raw} (write "${raw}" if that is meant)`);
    return expr(raw, loc, ctx);
  };
  // target_if / cycle_targets / max_cycle_targets of a cast entry (SimC's entry options, same names)
  // ctx: the entry's action, for action-scoped names (`target_if=min:remains`: the action's DoT on the target tried)
  const targetSel = (e: Record<string, unknown>, loc: Omit<RotationLocation, "file">, ctx: ResolveContext = {}): { sel?: TargetSel } => {
    const tif = e["target_if"];
    // counts: JSON numbers, or numeric strings (SimC option text, as the .simc front-end passes them)
    const count = (k: string): number | undefined => {
      const v = e[k];
      if (v === undefined) return undefined;
      const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 0) shape({ ...loc, field: k }, `"${k}" must be a non-negative integer, got ${JSON.stringify(v)}`);
      return n;
    };
    const cyc = count("cycle_targets");
    const maxc = count("max_cycle_targets");
    const cycling = cyc !== undefined && cyc !== 0;
    if (tif !== undefined && cycling) shape({ ...loc, field: "cycle_targets" }, `an entry selects its target with target_if or cycle_targets, not both`);
    if (maxc !== undefined && !cycling) shape({ ...loc, field: "max_cycle_targets" }, `"max_cycle_targets" needs "cycle_targets": 1`);
    if (cycling) return { sel: { kind: "cycle", max: maxc ?? 0 } };
    if (tif === undefined) return {};
    if (typeof tif !== "string") shape({ ...loc, field: "target_if" }, `"target_if" must be an expression string, optionally prefixed with min:, max: or first:`);
    const m = /^\s*(min|max|first)\s*:/.exec(tif as string);
    const mode = m ? TIF_MODE[m[1] as keyof typeof TIF_MODE] : TIF_MODE.first;
    // the prefix becomes spaces: error columns still point into the option's text
    const text = m ? " ".repeat(m[0].length) + (tif as string).slice(m[0].length) : (tif as string);
    return { sel: { kind: "if", mode, expr: retarget(expr(text, { ...loc, field: "target_if" }, ctx)) } };
  };
  const compiled = new Map<string, Entry[]>();
  for (const list of listNames) {
    const out: Entry[] = [];
    (lists[list] as unknown[]).forEach((raw, entry) => {
      if (!isObject(raw)) shape({ list, entry }, `an entry must be an object with one of: ${KIND_KEYS.join(", ")}`);
      const e = raw as Record<string, unknown>;
      const kinds = KIND_KEYS.filter((k) => e[k] !== undefined);
      if (kinds.length !== 1) {
        shape({ list, entry }, kinds.length === 0 ? `entry has none of: ${KIND_KEYS.join(", ")}` : `entry has several kinds (${kinds.join(", ")}); use one`);
      }
      const kind = kinds[0]!;
      for (const k of Object.keys(e)) {
        if (!ALLOWED_KEYS[kind].includes(k)) shape({ list, entry, field: k }, `unknown key "${k}" for a ${kind} entry (allowed: ${ALLOWED_KEYS[kind].join(", ")})`);
      }
      const ctx: ResolveContext = kind === "cast" && typeof e["cast"] === "string" ? { action: e["cast"] } : {};
      const cond = e["if"] === undefined ? null : conditionExpr(e["if"], { list, entry, field: "if" }, ctx);
      switch (kind) {
        case "cast": {
          const name = e["cast"];
          if (typeof name !== "string") shape({ list, entry, field: "cast" }, `"cast" must be a spell name string`);
          const spell = symbols.spell(name as string);
          const options = (sp: number | undefined) => {
            let opts = e;
            for (;;) {
              try {
                return castOptions(opts, { action: name as string, spell: sp, offGcd: sp === undefined ? undefined : symbols.offGcd?.(sp), spellIndex: (n) => symbols.spell(n) });
              } catch (err) {
                if (!(err instanceof OptionError)) throw err;
                if (isRefusedOption(err.field) && refusedOptionInert(err.field, opts)) {
                  // the refused option cannot act on this line (see refusedOptionInert): dropped, the line is honoured
                  const { [err.field]: _dropped, ...rest } = opts;
                  opts = rest;
                  continue;
                }
                throw new RotationError(err.code, at({ list, entry, field: err.field, column: 1 }), err.message);
              }
            }
          };
          // A refused option changes nothing on a line that never fires (its condition folds to false), and
          // interrupt_immediate changes nothing when the line's interrupt_if folds to false (there is nothing
          // to interrupt, at a tick or between ticks).
          const constFalse = (x: RExpr | null): boolean => {
            if (x === null) return false;
            const f = foldExpr(x);
            return f.kind === "const" && f.value === 0;
          };
          const refusedOptionInert = (key: string, opts: Record<string, unknown>): boolean => {
            if (constFalse(cond)) return true;
            if (key !== "interrupt_immediate" || typeof opts["interrupt_if"] !== "string") return false;
            return constFalse(conditionExpr(opts["interrupt_if"], { list, entry, field: "interrupt_if" }, ctx));
          };
          const utility = spell === undefined ? (symbols.utility?.(name as string) ?? utilityAction(name as string, symbols.race)) : undefined;
          if (utility !== undefined && "refuse" in utility) throw new RotationError("ROTATION_UNKNOWN_NAME", at({ list, entry, field: "cast", column: 1 }), utility.refuse);
          if (utility !== undefined) {
            // a utility action that cannot change damage (src/rotation/utility.ts): honoured, emits nothing
            options(undefined);
            out.push({ kind: "noop", cond });
            break;
          }
          if (spell === undefined && symbols.absent?.(name as string, "spell", at({ list, entry, field: "cast", column: 1 })) !== undefined) {
            // a spell the modelled game version does not have (src/rotation/absent.ts): never castable, so the
            // entry never fires; its options and condition were still checked above
            options(undefined);
            targetSel(e, { list, entry }, ctx);
            break;
          }
          if (spell === undefined) {
            throw new RotationError("ROTATION_UNKNOWN_NAME", at({ list, entry, field: "cast", column: 1 }), `unknown spell "${name}"`);
          }
          if (!Number.isInteger(spell) || spell < 0 || spell > MAX_SPELL_INDEX) {
            throw new RotationError("ROTATION_UNKNOWN_NAME", at({ list, entry, field: "cast", column: 1 }), `the host resolved spell "${name}" to ${spell}, not an index in [0, 2^29)`);
          }
          const eff = options(spell);
          const sel = targetSel(e, { list, entry }, ctx);
          // a spell the player does not have: the entry never fires (still checked for errors above)
          let c: RExpr | null = symbols.castable?.(name as string) === false ? { kind: "const", value: 0 } : cond;
          // SimC checks a spell's own usability (action_t::ready) before any APL line casts it; a manifest
          // states such a rule the engine does not model as the expression `usable_if.<spell>` (docs/manifests.md)
          if (c !== null && c.kind === "const" && c.value === 0) {
            // never castable: nothing to add
          } else if (symbols.expression?.(`usable_if.${name as string}`) !== undefined) {
            const u = conditionExpr(`usable_if.${name as string}`, { list, entry, field: "if" }, ctx);
            c = c === null ? u : { kind: "bin", op: "and", left: c, right: u };
          }
          for (const x of eff.extra) c = c === null ? x : { kind: "bin", op: "and", left: c, right: x };
          const cwc = eff.whileCasting ? ({ cwc: true } as const) : {};
          if (sel.sel !== undefined) {
            // target selection: the condition is read on the target being tried (retarget)
            if (eff.lineCd !== undefined) shape({ list, entry, field: "line_cd" }, `line_cd together with target_if / cycle_targets is not supported`);
            out.push({ kind, cond: c === null ? null : retarget(c), spell, sel: sel.sel, ...cwc });
          } else if (eff.lineCd !== undefined) {
            const [fire, last] = lineCdVars(list, entry).map((n) => varIndex.get(n)!) as [number, number];
            const since: RExpr = { kind: "bin", op: "sub", left: { kind: "query", q: Q.TIME, arg: 0 }, right: { kind: "var", index: last } };
            let condition: RExpr = { kind: "bin", op: "and", left: { kind: "query", q: Q.SPELL_CASTABLE, arg: spell }, right: { kind: "bin", op: "ge", left: since, right: { kind: "const", value: eff.lineCd } } };
            if (c !== null) condition = { kind: "bin", op: "and", left: c, right: condition };
            out.push({ kind, cond: null, spell, lineCd: { condition, fire, last }, ...cwc });
          } else if (hasChannelDecision(e)) {
            // the options' expressions are action-scoped like the entry's condition (`tick_time`)
            const opt = (k: string) => (e[k] === undefined ? null : conditionExpr(e[k], { list, entry, field: k }, ctx));
            const ch: ChannelEntry = { slot: channelEntries.length + 1, interruptIf: opt("interrupt_if"), earlyChainIf: opt("early_chain_if"), flags: channelFlags(e) };
            channelEntries.push({ ...ch, spell });
            out.push({ kind, cond: c, spell, channel: ch, ...cwc });
          } else out.push({ kind, cond: c, spell, ...cwc });
          break;
        }
        case "call":
        case "run": {
          const target = e[kind];
          if (typeof target !== "string") shape({ list, entry, field: kind }, `"${kind}" must be a list name string`);
          if (!Object.hasOwn(lists, target as string)) {
            throw new RotationError("ROTATION_UNKNOWN_LIST", at({ list, entry, field: kind }), `${kind} of unknown action list "${target}" (lists: ${listNames.join(", ")})`);
          }
          // target_if on an action list (Arms: run_action_list,…,target_if=min:target.health.pct): an
          // expression that reads nothing per target (no debuff/dot of the target being tried) has the
          // same value on every identical target, so SimC's rule keeps the primary target: exactly no
          // change. A per-target expression would choose a target for the sub-list: not supported.
          const sel = targetSel(e, { list, entry }).sel;
          if (sel !== undefined && (sel.kind !== "if" || perTarget(sel.expr))) {
            shape({ list, entry, field: "target_if" }, `target_if on an action list with a per-target expression (debuff/dot of the target) is not supported`);
          }
          out.push({ kind, cond, target: target as string });
          break;
        }
        case "wait":
          out.push({ kind, cond, seconds: expr(e["wait"], { list, entry, field: "wait" }) });
          break;
        case "variable":
        case "cycling_variable": {
          const opRaw = e["op"] ?? "set";
          if (typeof opRaw !== "string" || !VAR_OPS.has(opRaw)) shape({ list, entry, field: "op" }, `unknown variable op ${JSON.stringify(opRaw)} (allowed: ${[...VAR_OPS].join(", ")})`);
          const op = opRaw as VarOpName;
          const needsValue = op !== "floor" && op !== "ceil" && op !== "reset";
          if (needsValue && e["value"] === undefined) shape({ list, entry, field: "value" }, `op "${op}" needs "value"`);
          if (!needsValue && e["value"] !== undefined) shape({ list, entry, field: "value" }, `op "${op}" takes no "value"`);
          if (op === "setif") {
            if (e["condition"] === undefined) shape({ list, entry, field: "condition" }, `op "setif" needs "condition"`);
            if (e["value_else"] === undefined) shape({ list, entry, field: "value_else" }, `op "setif" needs "value_else"`);
          } else {
            for (const k of ["condition", "value_else"]) if (e[k] !== undefined) shape({ list, entry, field: k }, `"${k}" is only used by op "setif"`);
          }
          // cycling_variable: the value (and setif's parts) are read on each target; its `if` once, on the primary
          const scoped = (x: RExpr | null): RExpr | null => (x !== null && kind === "cycling_variable" ? retarget(x) : x);
          out.push({
            kind: "variable",
            cycling: kind === "cycling_variable",
            cond,
            op,
            index: varIndex.get(e[kind] as string)!,
            value: scoped(needsValue ? expr(e["value"], { list, entry, field: "value" }) : null),
            condition: scoped(op === "setif" ? conditionExpr(e["condition"], { list, entry, field: "condition" }) : null),
            valueElse: scoped(op === "setif" ? expr(e["value_else"], { list, entry, field: "value_else" }) : null),
          });
          break;
        }
      }
    });
    compiled.set(list, out);
  }

  // Pass 2: the call/run graph must be acyclic (otherwise selection could loop forever). Iterative DFS
  // (a long chain of lists must not overflow the JS stack); `post` receives lists children-first.
  const state = new Map<string, "active" | "done">();
  const post: string[] = [];
  const dfs = (root: string): void => {
    const stack: { list: string; next: number }[] = [{ list: root, next: 0 }];
    state.set(root, "active");
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const entries = compiled.get(top.list)!;
      if (top.next >= entries.length) {
        stack.pop();
        state.set(top.list, "done");
        post.push(top.list);
        continue;
      }
      const entry = top.next++;
      const en = entries[entry]!;
      if (en.kind !== "call" && en.kind !== "run") continue;
      const s = state.get(en.target);
      if (s === "active") {
        const path = stack.map((f) => f.list);
        const cycle = [...path.slice(path.indexOf(en.target)), en.target].join(" -> ");
        throw new RotationError("ROTATION_CALL_CYCLE", at({ list: top.list, entry, field: en.kind }), `action-list cycle: ${cycle}`);
      }
      if (s === undefined) {
        state.set(en.target, "active");
        stack.push({ list: en.target, next: 0 });
      }
    }
  };
  dfs(main);
  for (const list of listNames) if (!state.has(list)) dfs(list);

  // Return-stack bound: calls push, runs clear (counted as 0 extra, an over-estimate). `post` lists
  // every callee before its callers.
  const depthOf = new Map<string, number>();
  for (const list of post) {
    let d = 0;
    for (const en of compiled.get(list)!) {
      if (en.kind === "call") d = Math.max(d, 1 + depthOf.get(en.target)!);
      else if (en.kind === "run") d = Math.max(d, depthOf.get(en.target)!);
    }
    depthOf.set(list, d);
  }
  let callDepth = 0;
  for (const d of depthOf.values()) if (d > callDepth) callDepth = d;

  // Pass 2b (flatten): the lists specialized to this build; only those main reaches are emitted.
  const emitted = options.flatten === true && scan ? flattenLists(compiled, post, main, symbols.activeEnemies === 1) : listNames;

  // Pass 3: emit.
  const em = new Emitter(varDefault);
  em.fuse = fast;
  em.fuse3 = scan;
  const labels = new Map<string, Label>(listNames.map((n) => [n, newLabel()]));
  const spells = new Set<number>();
  const targetSpells = new Set<number>();
  let castOnly = true; // CompiledRotation.castOnly: cleared by any other emitted entry
  // fast: castReady memo bit per spell cast by several entries (the first 32; others get 0 = not
  // memoized). A spell with one cast entry needs no memo.
  // Sites are counted in the lists reachable from main (BM: "cleave" is unreachable on one target).
  const castSites = new Map<number, number>();
  const neverTaken = (c: RExpr | null): boolean => c !== null && isConst(c = foldExpr(c)) && c.value === 0;
  const reach = [main];
  const seen = new Set(reach);
  for (let i = 0; i < reach.length; i++) {
    for (const en of compiled.get(reach[i]!)!) {
      if (neverTaken(en.cond)) continue;
      if (en.kind === "cast") castSites.set(en.spell, (castSites.get(en.spell) ?? 0) + 1);
      else if ((en.kind === "call" || en.kind === "run") && !seen.has(en.target)) {
        seen.add(en.target);
        reach.push(en.target);
      }
    }
  }
  const memoBit = new Map<number, number>();
  const bitOf = (spell: number): number => {
    let b = memoBit.get(spell);
    if (b === undefined) {
      b = (castSites.get(spell) ?? 0) > 1 && memoBit.size < 32 ? 1 << memoBit.size : 0;
      memoBit.set(spell, b);
    }
    return b;
  };
  // scan: word 8 holds the time-bound descriptors (n, then kind, arg, cmp, k per slot); slot s + 1 of
  // the VM's table is descriptor s (slot 0: no bound).
  const boundSlots = new Map<string, number>();
  const boundDescs: number[] = [];
  const boundSlot = (cond: RExpr | null): number => {
    const leaf = cond === null ? null : timeLeaf(cond);
    if (leaf === null || leaf.kind !== "bin") return 0;
    const f = em.fusedCompare(leaf.op, leaf.left, leaf.right)!; // [cmp, kind, arg, k]
    const d = [f[1], f[2], f[0], f[3]];
    const key = d.join(",");
    let slot = boundSlots.get(key);
    if (slot === undefined) {
      slot = boundSlots.size + 1;
      boundSlots.set(key, slot);
      boundDescs.push(...d);
    }
    return slot;
  };
  if (scan) {
    for (const list of emitted) {
      for (const en of compiled.get(list)!) {
        if (en.kind !== "cast" || en.cond === null) continue;
        const cond = foldExpr(en.cond);
        if (!isConst(cond) && !mayTouch(cond)) boundSlot(cond);
      }
    }
    em.code.push(boundSlots.size, ...boundDescs, 0); // the last word: where the scan tables start (set below)
  }
  const rowsAt = em.pc - 1;
  // scan: every list's table, emitted after all the code (one region the VM validates at bind time)
  const tables: { rows: { spell: number; slot: number; start: Label }[]; labels: Label[]; end: number }[] = [];
  let whileCasting = false; // some entry emitted OP.CASTW
  const listPcs: { name: string; pc: number }[] = [];
  for (const list of emitted) {
    em.bind(labels.get(list)!);
    listPcs.push({ name: list, pc: em.pc });
    const checked = new Set<number>(); // fast: spells whose castReady is surely memoized at this point of the list
    // scan: one row per emitted entry (spell or -1, bound slot, entry start), then (-1, 0, END); the
    // table follows the list's END. rowLabel(i) is row i's word index.
    const rows: { spell: number; slot: number; start: Label }[] = [];
    const rowLabels: Label[] = [];
    const rowLabel = (i: number): Label => (rowLabels[i] ??= newLabel());
    for (const en of compiled.get(list)!) {
      if (en.kind === "noop") continue; // a utility action that cannot change damage: no code
      const cond = en.cond === null ? null : foldExpr(en.cond);
      if (cond !== null && isConst(cond) && cond.value === 0) continue; // never taken
      if (!(en.kind === "call" || en.kind === "run" || (en.kind === "cast" && en.lineCd === undefined && en.channel === undefined))) castOnly = false;
      const skip = newLabel();
      // a channel-decision entry takes the general path, like line_cd (it sets a variable before its cast)
      // ... and so does a use_while_casting entry (its cast is OP.CASTW: never memoized, never skipped by a scan)
      const lineCd = en.kind === "cast" ? (en.lineCd ?? (en.channel || en.cwc ? null : undefined)) : undefined;
      const castOp = en.kind === "cast" && en.cwc ? OP.CASTW : OP.CAST;
      if (castOp === OP.CASTW) whileCasting = true;
      if (scan) {
        // an entry may be skipped by a scan when it is a cast whose condition runs no side-effect query
        const skippable = en.kind === "cast" && lineCd === undefined && en.sel === undefined && (cond === null || isConst(cond) || !mayTouch(cond));
        const slot = skippable ? boundSlot(cond) : 0;
        // an entry with a time bound starts with a scan from its own row (the previous entry may fall
        // through to it): BM's kill_shot is then skipped with its health query for 80 % of the fight
        if (slot !== 0) {
          em.code.push(OP.SCAN);
          em.ref(rowLabel(rows.length));
        }
        const start = newLabel();
        em.bind(start);
        rows.push({ spell: skippable ? (en as { spell: number }).spell : -1, slot, start });
      }
      if (en.kind === "cast" && en.sel !== undefined) {
        // Target selection (docs/rotation.md "Targets"): the plain cast form inside the VM's target
        // loop; castReady does not depend on the target, the condition and the expression do.
        spells.add(en.spell);
        targetSpells.add(en.spell);
        if (en.sel.kind === "if") {
          // target_if: choose the target (evaluating the expression on each), then the entry on it
          const body = newLabel();
          const loop = newLabel();
          em.code.push(OP.TIFBEGIN);
          em.ref(body); // one target: no selection
          em.bind(loop);
          em.value(foldExpr(en.sel.expr));
          em.code.push(OP.TIFSTEP, en.sel.mode);
          em.ref(loop);
          em.depth--;
          em.bind(body);
          if (cond !== null) em.branch(cond, false, skip);
          em.code.push(castOp, en.spell);
          em.bind(skip);
          em.code.push(OP.TGTRESET);
        } else {
          // cycle_targets: the entry on target 0, 1, ... (at most max); the first ready one casts
          const body = newLabel();
          const next = newLabel();
          em.code.push(OP.CYCBEGIN);
          em.bind(body);
          if (cond !== null) em.branch(cond, false, next);
          em.code.push(castOp, en.spell);
          em.bind(next);
          em.code.push(OP.CYCNEXT, en.sel.max);
          em.ref(body);
          em.bind(skip);
        }
        continue;
      }
      if (scan && en.kind === "cast" && lineCd === undefined) {
        // Like fast below, with the scan forms: a blocked spell jumps through the table from the next
        // entry's row (R), skipping every blocked / time-bounded entry after it in the same dispatch.
        spells.add(en.spell);
        const bit = bitOf(en.spell);
        const always = cond === null || isConst(cond);
        const first = !always && (checked.has(en.spell) || !isLeaf(cond)) && (!mayTouch(cond) || mustTouch(cond));
        const next = rowLabel(rows.length);
        if (always) {
          em.code.push(OP.CASTS);
          em.ref(next);
          em.code.push(bit, en.spell);
        } else if (first) {
          em.code.push(mayTouch(cond) ? OP.CASTCHKST : OP.CASTCHKS);
          em.ref(next);
          em.code.push(bit, en.spell);
          em.ref(skip);
          em.branch(cond, false, skip);
          em.code.push(OP.CASTGO, en.spell);
        } else {
          em.branch(cond, false, skip);
          em.code.push(OP.CASTS);
          em.ref(next);
          em.code.push(bit, en.spell);
        }
        if (bit !== 0 && (always || first)) checked.add(en.spell);
        em.bind(skip);
        continue;
      }
      if (fast && en.kind === "cast" && lineCd === undefined) {
        // castReady first when skipping the condition skips no side effect (or one the skip path
        // replays: CASTCHKT touches); otherwise condition first, then the memoized check. A condition
        // that is one fused leaf (one query: cheaper than a castReady that passes, e.g. BM kill_shot's
        // `target.health.pct < 20`) also goes first, unless the spell's answer is already memoized.
        spells.add(en.spell);
        const bit = bitOf(en.spell);
        const always = cond === null || isConst(cond); // a false constant never gets here
        const first = !always && (checked.has(en.spell) || !isLeaf(cond)) && (!mayTouch(cond) || mustTouch(cond));
        if (always) em.code.push(...(bit === 0 ? [OP.CAST, en.spell] : [OP.CASTM, bit, en.spell])); // CAST: no memo bookkeeping
        else if (first) {
          em.code.push(mayTouch(cond) ? OP.CASTCHKT : OP.CASTCHK, bit, en.spell);
          em.ref(skip);
          em.branch(cond, false, skip);
          em.code.push(OP.CASTGO, en.spell);
        } else {
          em.branch(cond, false, skip);
          em.code.push(...(bit === 0 ? [OP.CAST, en.spell] : [OP.CASTM, bit, en.spell]));
        }
        // A check at the entry's start runs whenever a later entry of this list is reached (a list is
        // only ever entered at its start), so later entries of the spell find its answer memoized.
        if (bit !== 0 && (always || first)) checked.add(en.spell);
        em.bind(skip);
        continue;
      }
      // fast: `wait X if X > 0` is `wait X` (the wait op itself skips X <= 0 and NaN; X is pure, and
      // its side-effect queries still run once): BM's `wait cooldown.kill_command.remains` entry.
      const waitGuard = fast && en.kind === "wait" && cond !== null && isPositiveTest(cond, foldExpr(en.seconds));
      if (cond !== null && !waitGuard) em.branch(cond, false, skip);
      switch (en.kind) {
        case "cast":
          if (en.channel !== undefined) {
            // castReady, then __channel_line := slot, then the cast (which castReady lets through)
            em.branch({ kind: "query", q: Q.SPELL_CASTABLE, arg: en.spell }, false, skip);
            em.value({ kind: "const", value: en.channel.slot });
            em.code.push(OP.VAROP, VAROP.set, channelLineVar);
            em.depth--;
          } else if (lineCd != null) {
            // fire := condition; if fire { last := time; cast } (the cast's castReady is part of condition)
            const other = newLabel();
            const done = newLabel();
            em.branch(foldExpr(lineCd.condition), false, other);
            em.value({ kind: "const", value: 1 });
            em.code.push(OP.VAROP, VAROP.set, lineCd.fire, OP.JMP);
            em.depth--;
            em.ref(done);
            em.bind(other);
            em.value({ kind: "const", value: 0 });
            em.code.push(OP.VAROP, VAROP.set, lineCd.fire);
            em.depth--;
            em.bind(done);
            em.branch({ kind: "var", index: lineCd.fire }, false, skip);
            em.value({ kind: "query", q: Q.TIME, arg: 0 });
            em.code.push(OP.VAROP, VAROP.set, lineCd.last);
            em.depth--;
          }
          em.code.push(castOp, en.spell);
          spells.add(en.spell);
          break;
        case "call":
        case "run":
          em.code.push(en.kind === "call" ? OP.CALL : OP.RUN);
          em.ref(labels.get(en.target)!);
          break;
        case "wait": {
          const sec = foldExpr(en.seconds);
          if (isConst(sec) && !(sec.value > 0)) break; // a wait of <= 0 (or NaN) s is skipped at run time anyway
          if (em.fuse3 && sec.kind === "query") {
            em.code.push(OP.QWAIT, sec.q, sec.arg); // v3: `wait cooldown.kill_command.remains` in one op
            break;
          }
          em.value(sec);
          em.code.push(OP.WAIT);
          em.depth--;
          break;
        }
        case "variable": {
          // cycling_variable: the op once per target, the value evaluated on that target (the entry's
          // `if` was evaluated once, on the primary target, above)
          const body = newLabel();
          const end = en.cycling ? newLabel() : skip;
          if (en.cycling) {
            em.code.push(OP.CYCBEGIN);
            em.bind(body);
          }
          if (en.op === "setif") {
            const other = newLabel();
            em.branch(foldExpr(en.condition!), false, other);
            em.value(foldExpr(en.value!));
            em.code.push(OP.VAROP, VAROP.set, en.index, OP.JMP);
            em.depth--;
            em.ref(end);
            em.bind(other);
            em.value(foldExpr(en.valueElse!));
            em.code.push(OP.VAROP, VAROP.set, en.index);
            em.depth--;
          } else {
            if (en.value !== null) em.value(foldExpr(en.value));
            em.code.push(OP.VAROP, VAROP[en.op], en.index);
            if (en.value !== null) em.depth--;
          }
          if (en.cycling) {
            em.bind(end);
            em.code.push(OP.CYCNEXT, 0);
            em.ref(body);
          }
          break;
        }
      }
      em.bind(skip);
    }
    if (scan) {
      rowLabel(rows.length);
      tables.push({ rows, labels: rowLabels, end: em.pc });
    }
    em.code.push(OP.END);
  }
  // channel-decision blocks: `if <expr>: WAIT 1; END` per expression (before the scan tables: they must
  // run to the end of the code)
  const block = (x: RExpr | null): number => {
    if (x === null) return -1;
    const pc = em.pc;
    const skip = newLabel();
    em.branch(foldExpr(x), false, skip);
    em.value({ kind: "const", value: 1 });
    em.code.push(OP.WAIT);
    em.depth--;
    em.bind(skip);
    em.code.push(OP.END);
    return pc;
  };
  const channelSlots: ChannelSlot[] = channelEntries.map((c) => ({ spell: c.spell, interruptPc: block(c.interruptIf), earlyPc: block(c.earlyChainIf), flags: c.flags }));
  if (scan) {
    em.code[rowsAt] = em.pc;
    for (const t of tables) {
      t.rows.forEach((r, i) => {
        em.bind((t.labels[i] ??= newLabel()));
        em.code.push(r.spell, r.slot);
        em.ref(r.start);
      });
      em.bind((t.labels[t.rows.length] ??= newLabel()));
      em.code.push(-1, 0, t.end);
    }
  }
  if (em.depth !== 0) throw new Error(`rotation compiler bug: value stack depth ${em.depth} after emission`);

  const code = Int32Array.from(em.code);
  let mainPc = labels.get(main)!.pc!;
  // fast: a main list that starts with an unconditional run starts at its target (saves a dispatch)
  if (fast) for (let n = 0; code[mainPc] === OP.RUN && n < listNames.length; n++) mainPc = code[mainPc + 1]!;
  code[0] = ROT_MAGIC;
  code[1] = scan ? ROT_VERSION_SCAN : fast ? ROT_VERSION_FAST : ROT_VERSION;
  code[2] = varDefault.length;
  code[3] = em.maxDepth;
  code[4] = callDepth;
  code[5] = mainPc;
  code[6] = 0;
  code[7] = code.length;
  return {
    file,
    code,
    constants: Float64Array.from(em.consts),
    main,
    lists: listPcs,
    variables: [...varIndex].map(([name, index]) => ({ name, index, default: varDefault[index]! })),
    stackDepth: em.maxDepth,
    callDepth,
    spells: [...spells].sort((a, b) => a - b),
    targetSpells: [...targetSpells].sort((a, b) => a - b),
    castOnly: castOnly && channelLineVar < 0 && !whileCasting,
    ...(channelLineVar >= 0 ? { channels: { lineVar: channelLineVar, slots: channelSlots } } : {}),
    ...(whileCasting ? { whileCasting: true } : {}),
    ...(resolver.reactAuras.size > 0 ? { reactAuras: [...resolver.reactAuras].sort((a, b) => a - b) } : {}),
  };
}

/** JSON.parse with a typed error naming the file. The result still goes through compileRotation's checks. */
export function parseRotationJson(text: string, file: string): RotationJson {
  try {
    return JSON.parse(text) as RotationJson;
  } catch (err) {
    throw new RotationError("ROTATION_BAD_JSON", { file }, `not valid JSON: ${(err as Error).message}`);
  }
}

