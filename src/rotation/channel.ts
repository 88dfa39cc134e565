// Channel decisions (docs/rotation.md "Channel decisions"): the entry options `chain`, `early_chain_if`,
// `interrupt`, `interrupt_if` and `interrupt_global` of a cast entry, compiled for the engine's decisions
// at a channel's ticks (assembly/engine/channel-decisions.ts).
//
// An entry with any of them gets a channel slot k (1-based). The entry's code sets the hidden variable
// `__channel_line` to k just before its CAST (after its condition and castReady passed, so it is set
// exactly when the entry fires); the engine reads (and clears) it when the channel starts, so it knows
// which line's options govern that channel. Each expression is compiled into a small code block after
// the lists: `if <expr>: WAIT 1 s; END`, which the engine runs through the rotation VM from its pc — the
// block answers "wait" (true) or "none" (false) without any new opcode.
import type { RExpr } from "./ast.js";

/** Hidden variable: the slot of the channel line that fired in this evaluation (0: none). */
export const CHANNEL_LINE_VAR = "__channel_line";

/** Slot flags (the engine's table, src/engine/image.ts). */
export const CHANNEL_CHAIN = 1;
export const CHANNEL_INTERRUPT = 2; // interrupt=1 or interrupt_if given
export const CHANNEL_GLOBAL = 4;

export const CHANNEL_OPTION_KEYS = ["chain", "early_chain_if", "interrupt", "interrupt_if", "interrupt_global"] as const;

/** A compiled channel slot. */
export interface ChannelSlot {
  spell: number;
  /** Word index of the interrupt_if block (-1: none; interrupt=1 without interrupt_if: always true). */
  interruptPc: number;
  /** Word index of the early_chain_if block (-1: none). */
  earlyPc: number;
  flags: number;
}

/** The channel table the compiler hands to the image (CompiledRotation.channels). */
export interface ChannelTable {
  /** Index of CHANNEL_LINE_VAR. */
  lineVar: number;
  slots: ChannelSlot[];
}

/** Whether a raw entry carries a channel option that needs a decision at ticks. */
export function hasChannelDecision(e: Record<string, unknown>): boolean {
  return e["interrupt_if"] !== undefined || e["early_chain_if"] !== undefined || (e["interrupt"] !== undefined && Number(e["interrupt"]) === 1);
}

/** The pieces of one slot before emission. */
export interface ChannelEntry {
  slot: number;
  interruptIf: RExpr | null;
  earlyChainIf: RExpr | null;
  flags: number;
}

/** Flags of an entry's channel options (values already checked by castOptions). */
export function channelFlags(e: Record<string, unknown>): number {
  let f = 0;
  if (Number(e["chain"] ?? 0) === 1) f |= CHANNEL_CHAIN;
  if (e["interrupt_if"] !== undefined || Number(e["interrupt"] ?? 0) === 1) f |= CHANNEL_INTERRUPT;
  if (Number(e["interrupt_global"] ?? 0) === 1) f |= CHANNEL_GLOBAL;
  return f;
}
