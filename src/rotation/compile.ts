// Rotation compiler: RotationJson → bytecode for the wasm VM (docs/rotation.md §1, §4, §6).
//
// Passes, one file each: the top-level shape and (0) the variable table (src/rotation/compile-source.ts),
// (1) per entry in file order: check the shape, parse and resolve every expression, resolve the spell /
// target list (src/rotation/compile-entries.ts, compile-cast.ts), (2) reject call/run cycles
// (src/rotation/call-graph.ts), (2b) with `flatten`, specialize the lists to the build
// (src/rotation/flatten.ts), (3) fold constants and emit (src/rotation/emit-lists.ts, emitter.ts).
// Everything the host passes in is treated as untrusted JSON and checked.
import { RotationError } from "./errors.js";
import { Resolver, type RotationSymbols } from "./resolve.js";
import type { VarOpName } from "./bytecode.js";
import type { ChannelTable } from "./channel.js";
import { flattenLists } from "./flatten.js";
import { CompileContext } from "./compile-context.js";
import { checkSource, collectVariables } from "./compile-source.js";
import { compileEntries } from "./compile-entries.js";
import { checkCallGraph } from "./call-graph.js";
import { emitRotation } from "./emit-lists.js";

export { foldExpr, retarget } from "./fold.js";
export type { Entry, LineCd, TargetSel } from "./entry.js";

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

/**
 * Compiles a rotation. `file` is used only in error messages and `CompiledRotation.file`.
 * Throws RotationError (docs/rotation.md §3) on any problem; never returns partial code.
 */
export function compileRotation(source: RotationJson, symbols: RotationSymbols, file: string, options: CompileOptions = {}): CompiledRotation {
  const fast = options.fast === true || options.scan === true;
  const scan = options.scan === true;
  const src = checkSource(source, file);
  const vars = collectVariables(src, file);
  const resolver = new Resolver(symbols, vars.index);
  const ctx = new CompileContext(file, symbols, src.lists, src.listNames, vars, resolver);
  const { lists: compiled, channelEntries } = compileEntries(ctx);
  const { post, callDepth } = checkCallGraph(compiled, src.listNames, src.main, file);
  // Pass 2b (flatten): the lists specialized to this build; only those main reaches are emitted.
  const emitted = options.flatten === true && scan ? flattenLists(compiled, post, src.main, symbols.activeEnemies === 1) : src.listNames;
  const out = emitRotation({
    compiled,
    emitted,
    listNames: src.listNames,
    main: src.main,
    defaults: vars.defaults,
    channelLineVar: vars.channelLineVar,
    channelEntries,
    callDepth,
    fast,
    scan,
  });
  const channelLineVar = vars.channelLineVar;
  return {
    file,
    code: out.code,
    constants: out.constants,
    main: src.main,
    lists: out.lists,
    variables: [...vars.index].map(([name, index]) => ({ name, index, default: vars.defaults[index]! })),
    stackDepth: out.stackDepth,
    callDepth,
    spells: [...out.spells].sort((a, b) => a - b),
    targetSpells: [...out.targetSpells].sort((a, b) => a - b),
    castOnly: out.castOnly && channelLineVar < 0 && !out.whileCasting,
    ...(channelLineVar >= 0 ? { channels: { lineVar: channelLineVar, slots: out.channelSlots } } : {}),
    ...(out.whileCasting ? { whileCasting: true } : {}),
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

