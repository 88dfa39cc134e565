// Decisions at a channel's ticks (docs/rotation.md "Channel decisions"): SimC's `interrupt_if` /
// `interrupt` and `early_chain_if` (with `chain`) of the rotation line that started the channel.
//
// The rotation compiler (src/rotation/channel.ts) gives every line with such options a slot k, makes the
// line set the hidden variable `__channel_line` := k right before its cast, and compiles each option's
// expression into a block `if <expr>: WAIT; END` run by the VM from its own pc (wait = true). The image
// carries the table (header 62: pool offset, 63: slots): lineVar, then per slot spell, interrupt pc,
// early-chain pc, flags. Specs whose rotation has no such line have 0 slots: the engine's hooks are one
// test of `chanSlots` at a channel's start and one of `chanSlot` per channel tick.
import { Rotation, selectAction, actionKind, actionSpell, ACTION_CAST, ACTION_WAIT } from "../rotation/vm";

const FLAG_CHAIN: i32 = 1;
const FLAG_INTERRUPT: i32 = 2;

/** Decision results. */
export const CHAN_NONE: i32 = 0;
/** The channel ends after this tick; the rotation decides now (interrupt, or an early chain recast). */
export const CHAN_END: i32 = 1;

/** Slots in the loaded image (0: no channel decisions). */
export let chanSlots: i32 = 0;
let chanTab: usize = 0; // f64 table: lineVar, then 4 per slot
/** The slot governing the running channel (0: none), and the time its last tick lands. */
export let chanSlot: i32 = 0;
let chanEndAt: i64 = 0;

/** engineLoad: the table at `tab` (f64), `n` slots. */
export function chanLoad(tab: usize, n: i32): void {
  chanTab = tab;
  chanSlots = n;
  chanSlot = 0;
}

/** resetIteration. */
export function chanReset(): void {
  chanSlot = 0;
}

@inline function slotF(k: i32, field: i32): i32 {
  return <i32>load<f64>(chanTab + (<usize>(1 + 4 * (k - 1) + field) << 3));
}

@inline function lineVarPtr(rot: Rotation): usize {
  return rot.vars + (<usize>(<i32>load<f64>(chanTab)) << 3);
}

/**
 * A channel of `spell` starts (its last tick at `endAt`): which line started it. The line's slot is in
 * `__channel_line`, set by the evaluation that chose the cast; cleared here so a later cast of the same
 * spell by a line without options does not inherit it. A slot of another spell (a stale value) is ignored.
 */
export function chanOnStart(rot: Rotation, spell: i32, endAt: i64): void {
  const p = lineVarPtr(rot);
  const k = <i32>load<f64>(p);
  store<f64>(p, 0);
  chanSlot = k >= 1 && k <= chanSlots && slotF(k, 0) == spell ? k : 0;
  chanEndAt = endAt;
}

/** The channel ended (any path): no slot governs the player any more. */
export function chanOnEnd(): void {
  chanSlot = 0;
}

/** Runs the expression block at word index `pc`: true when it answers "wait". */
// @ts-ignore: decorator
@inline function runBlock<S>(s: S, rot: Rotation, pc: i32): bool {
  const main = rot.mainPc;
  rot.mainPc = rot.code + (<usize>pc << 2);
  const a = selectAction<S>(s, rot);
  rot.mainPc = main;
  return actionKind(a) == ACTION_WAIT;
}

/**
 * At a tick of the running channel `spell` (the player shown as not casting while this runs), with the
 * GCD over (`gcdReady`): SimC's tick-time checks. Not at the last tick (the channel ends there and the
 * rotation decides anyway: that is `chain=1`'s recast at the last tick).
 * - interrupt_if=<expr> (interrupt=1: no expr): when true, the rotation is asked; if it picks another
 *   action, the channel ends (CHAN_END) and the rotation decides again right away.
 * - chain=1 with early_chain_if=<expr>: when true and the rotation picks this same channel, the channel
 *   ends and is cast again now (CHAN_END: the rotation's decision recasts it).
 */
export function chanDecide<S>(s: S, rot: Rotation, spell: i32, now: i64, gcdReady: bool): i32 {
  if (now >= chanEndAt || !gcdReady) return CHAN_NONE;
  const k = chanSlot;
  const flags = slotF(k, 3);
  let interrupt = false;
  if (flags & FLAG_INTERRUPT) {
    const pc = slotF(k, 1);
    interrupt = pc < 0 || runBlock<S>(s, rot, pc);
  }
  let chain = false;
  if (!interrupt && (flags & FLAG_CHAIN) != 0) {
    const pc = slotF(k, 2);
    chain = pc >= 0 && runBlock<S>(s, rot, pc);
  }
  if (!interrupt && !chain) return CHAN_NONE;
  // the rotation's choice now (from its main list: SimC's interrupt_global=1 scope, see the docs)
  const a = selectAction<S>(s, rot);
  store<f64>(lineVarPtr(rot), 0); // the evaluation may have set it; the decision's own recast sets it again
  if (actionKind(a) != ACTION_CAST) return CHAN_NONE;
  const same = actionSpell(a) == spell;
  return (interrupt && !same) || (chain && same) ? CHAN_END : CHAN_NONE;
}
