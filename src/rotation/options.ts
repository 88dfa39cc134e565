// Entry options (SimC's action modifiers) of cast entries: one table, key → meaning and handling, used
// for `.simc` and `.json` rotations alike (docs/rotation.md "Entry options"). The compiler calls
// `castOptions` for every cast entry; it checks each option's value and returns how the entry changes:
// an extra condition (`sync`, the off-GCD gate), a line cooldown (`line_cd`, compiled into two hidden
// variables), channel decisions (`interrupt_if`, `early_chain_if`: compiled by src/rotation/channel.ts),
// or nothing (options whose SimC meaning the engine already has, or cannot change damage). A key that is
// not in the table is not an option (the compiler reports it); an option the engine cannot honour
// (`interrupt_immediate`) is refused with its reason, so the line is listed, never silently run.
import type { RExpr } from "./ast.js";
import { Q } from "./queries.js";

/** How an option is handled. */
type OptionKind =
  /** a number/flag checked, then the handler acts */
  | "flag"
  | "number"
  /** a spell name */
  | "spell"
  /** any text (item names, slots) */
  | "text";

interface OptionSpec {
  kind: OptionKind;
  /** Refused (the line is ignored) with this reason. */
  refuse?: string;
  /** Only for these actions (utility actions: use_item, potion, …). */
  only?: readonly string[];
}

const ITEM_ACTIONS = ["use_item", "use_items"] as const;

/**
 * The options of a cast entry (besides `cast` and `if`). `target_if`, `cycle_targets` and
 * `max_cycle_targets` select the target (compiled by src/rotation/compile-context.ts: targetSel); the
 * `cycling_variable` action is a variable entry kind.
 */
export const CAST_OPTIONS: Record<string, OptionSpec> = {
  // line_cd=N: the line may fire again only N s after it last fired (SimC action_t::line_cooldown)
  line_cd: { kind: "number" },
  // use_off_gcd=1: the action may be chosen while the GCD runs (the engine's OffGcdReady points).
  // use_off_gcd=0 (SimC's default): an off-GCD spell waits for the GCD like any line (`gcd.remains = 0`)
  use_off_gcd: { kind: "flag" },
  // use_while_casting=1: the line may also fire during another spell's cast bar, without ending it (an
  // instant off-GCD spell: the engine's decision points inside a cast, assembly/engine/cast-while-casting.ts)
  use_while_casting: { kind: "flag" },
  // sync=X: only when action X is ready too
  sync: { kind: "spell" },
  // Channel options (SimC ActionLists wiki, "chain", "early_chain_if", "interrupt", "interrupt_if",
  // "interrupt_global"): decided at the channel's ticks by the engine (assembly/engine/channel-decisions.ts;
  // docs/rotation.md "Channel decisions"). chain=1: the channel may be recast while it runs (its last tick
  // ends it and the rotation decides right then; early_chain_if recasts it at an earlier tick).
  chain: { kind: "flag" },
  // early_chain_if=<expr>: at a tick of a chain=1 channel (GCD over), true -> the channel restarts now
  early_chain_if: { kind: "text" },
  // interrupt_if=<expr> / interrupt=1: at a tick (GCD over), true -> the rotation is asked; a different
  // action it picks ends the channel after that tick
  interrupt_if: { kind: "text" },
  interrupt: { kind: "flag" },
  // interrupt_global=1: the interrupt asks the whole rotation from the top (the engine always does)
  interrupt_global: { kind: "flag" },
  // interrupt_immediate=1: interrupt between ticks as soon as the condition holds (no decision points there)
  interrupt_immediate: { kind: "flag", refuse: "interrupt_immediate: the engine decides inside a channel at its ticks only, not between them" },
  // precombat timing: the engine has no pre-pull phase; precombat actions happen at t = 0 (docs)
  precombat_seconds: { kind: "number" },
  pre_pot_time: { kind: "number", only: ["potion"] },
  // toggle=on|off (stances): the stance is the spec's permanent state; the line selects nothing else
  toggle: { kind: "text" },
  // on-use items: which item (no on-use items are equipped: use_item lines are no-ops)
  name: { kind: "text", only: [...ITEM_ACTIONS, "potion", "invoke_external_buff"] },
  slot: { kind: "text", only: ITEM_ACTIONS },
  slots: { kind: "text", only: ITEM_ACTIONS },
  check_existing: { kind: "flag", only: ITEM_ACTIONS },
  // target selection (docs/rotation.md "Targets"): checked and compiled by src/rotation/compile-context.ts (targetSel)
  // (targetSel: the VM's target loops)
  target_if: { kind: "text" },
  cycle_targets: { kind: "number" },
  max_cycle_targets: { kind: "number" },
};

export const CAST_OPTION_KEYS: readonly string[] = Object.keys(CAST_OPTIONS);

/** What the options make of a cast entry. */
export interface CastOptionEffect {
  /** ANDed to the entry's condition. */
  extra: RExpr[];
  /** line_cd seconds, when given. */
  lineCd?: number;
  /** use_while_casting=1: the entry's cast may fire during another spell's cast bar. */
  whileCasting?: boolean;
}

export interface CastOptionContext {
  action: string;
  /** The spell index (undefined for a utility no-op). */
  spell: number | undefined;
  /** Whether the spell is off the GCD (symbols.offGcd); undefined when the host does not say. */
  offGcd: boolean | undefined;
  /** Resolves a spell name (sync=X); undefined = unknown. */
  spellIndex(name: string): number | undefined;
}

/** Whether `key` is an option this compiler refuses by name (`interrupt_immediate`). */
export function isRefusedOption(key: string): boolean {
  return CAST_OPTIONS[key]?.refuse !== undefined;
}

/** Thrown for a bad or refused option; the compiler turns it into a RotationError at the field. */
export class OptionError extends Error {
  constructor(
    readonly field: string,
    readonly code: "ROTATION_BAD_SHAPE" | "ROTATION_UNKNOWN_NAME",
    detail: string,
  ) {
    super(detail);
  }
}

const num = (field: string, v: unknown): number => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw new OptionError(field, "ROTATION_BAD_SHAPE", `${field} must be a number, got ${JSON.stringify(v)}`);
  return n;
};
const flag = (field: string, v: unknown): boolean => {
  const n = num(field, v);
  if (n !== 0 && n !== 1) throw new OptionError(field, "ROTATION_BAD_SHAPE", `${field} must be 0 or 1, got ${JSON.stringify(v)}`);
  return n === 1;
};

/** `gcd.remains = 0`: the condition SimC gives a line without use_off_gcd (it waits for the GCD). */
const GCD_READY: RExpr = { kind: "bin", op: "le", left: { kind: "query", q: Q.GCD_REMAINS, arg: 0 }, right: { kind: "const", value: 0 } };

/** Checks the options of one cast entry and returns their effect. `entry` holds every key. */
export function castOptions(entry: Record<string, unknown>, ctx: CastOptionContext): CastOptionEffect {
  const out: CastOptionEffect = { extra: [] };
  let offGcdAllowed: boolean | undefined;
  for (const [key, raw] of Object.entries(entry)) {
    if (key === "cast" || key === "if") continue;
    const spec = CAST_OPTIONS[key];
    if (spec === undefined) continue; // not an option: the compiler's key check reports it
    if (spec.only && !spec.only.includes(ctx.action)) throw new OptionError(key, "ROTATION_BAD_SHAPE", `option "${key}" applies only to ${spec.only.join(", ")}`);
    if (spec.refuse) throw new OptionError(key, "ROTATION_BAD_SHAPE", spec.refuse);
    if (spec.kind === "flag") flag(key, raw);
    else if (spec.kind === "number") num(key, raw);
    else if (typeof raw !== "string" || raw === "") throw new OptionError(key, "ROTATION_BAD_SHAPE", `${key} must be a non-empty string`);
    switch (key) {
      case "line_cd": {
        const n = num(key, raw);
        if (!(n > 0)) throw new OptionError(key, "ROTATION_BAD_SHAPE", `line_cd must be > 0 seconds, got ${n}`);
        out.lineCd = n;
        break;
      }
      case "use_off_gcd":
        offGcdAllowed = flag(key, raw);
        break;
      case "use_while_casting":
        if (flag(key, raw)) out.whileCasting = true;
        break;
      case "sync": {
        const s = ctx.spellIndex(raw as string);
        if (s === undefined) throw new OptionError(key, "ROTATION_UNKNOWN_NAME", `sync: unknown spell "${raw}"`);
        out.extra.push({ kind: "query", q: Q.SPELL_CASTABLE, arg: s });
        break;
      }
    }
  }
  // use_off_gcd=0 given explicitly (what the SimC translation writes for every cast line): an off-GCD
  // spell is considered only once the GCD is over, as SimC does. Without the key (JSON rotations) the
  // engine's OffGcdReady points may pick it (the JSON format's behaviour since it had off-GCD spells).
  if (offGcdAllowed === false && ctx.offGcd === true) out.extra.push(GCD_READY);
  return out;
}
