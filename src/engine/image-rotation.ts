// Encoding step: the rotation — a built-in priority list (pool pairs) or compiled bytecode with its
// constants, castable-spell list and channel-decision table.
import type { ChannelTable } from "../rotation/channel.js";
import type { RotationImage } from "./image.js";
import type { ImageWriter } from "./image-writer.js";

/** What the header records about the rotation (slots 26-27, 30-31, 63-64, 68, 103) and the code buffer. */
export interface EncodedRotation {
  /** 0 priority list, 1 bytecode. */
  kind: number;
  /** Priority list: pool start and entry count. */
  start: number;
  length: number;
  /** Spell indices the rotation can cast (null: unknown, every spell counts). */
  spells: number[] | null;
  castOnly: boolean;
  code: Int32Array;
  /** Channel-decision table for the pool, written by the header step (null: none). */
  channels: number[] | null;
  whileCasting: boolean;
}

export function encodeRotation(w: ImageWriter): EncodedRotation {
  const r = w.image.rotation;
  if (r === null || typeof r !== "object") w.fail("rotation", "expected an object");
  if (r.kind === "priority") return encodePriority(w, r);
  if (r.kind === "bytecode") return encodeBytecode(w, r);
  return w.fail("rotation.kind", `expected "priority" or "bytecode", got ${String((r as { kind?: unknown }).kind)}`);
}

/** Pool pairs: (0, spell) casts a spell, (1, ms) waits. */
function encodePriority(w: ImageWriter, r: Extract<RotationImage, { kind: "priority" }>): EncodedRotation {
  const { fail, num, arr, spellIdx, poolList } = w;
  const entries = arr(r.entries, "rotation.entries", true);
  const flat: number[] = [];
  entries.forEach((e, k) => {
    const p = `rotation.entries[${k}]`;
    if ("waitMs" in e) flat.push(1, num(e.waitMs, `${p}.waitMs`, { int: true, min: 0, max: 2 ** 29 - 1 }));
    else {
      if (e.condition !== undefined && e.condition !== "none") fail(`${p}.condition`, `only "none" is supported by the built-in priority list`);
      flat.push(0, spellIdx(e.spell, `${p}.spell`, false));
    }
  });
  const start = poolList(flat);
  const spells = flat.filter((_, k) => k % 2 === 1 && flat[k - 1] === 0);
  return { kind: 0, start, length: entries.length, spells, castOnly: false, code: new Int32Array(0), channels: null, whileCasting: false };
}

function encodeBytecode(w: ImageWriter, r: Extract<RotationImage, { kind: "bytecode" }>): EncodedRotation {
  const { fail, bool, arr, spellIdx, sec } = w;
  if (!(r.code instanceof Int32Array) || r.code.length < 8) fail("rotation.code", "expected an Int32Array with the rotation header");
  if (!(r.constants instanceof Float64Array)) fail("rotation.constants", "expected a Float64Array");
  const code = r.code;
  sec.rotationConstants.push(...r.constants);
  const channels = r.channels !== undefined ? encodeChannels(w, r.channels, code.length) : null;
  const whileCasting = bool(r.whileCasting, "rotation.whileCasting", false) === 1;
  const spells = r.spells !== undefined ? arr(r.spells, "rotation.spells", true).map((s, k) => spellIdx(s, `rotation.spells[${k}]`, false)) : null;
  if (r.castOnly !== undefined && typeof r.castOnly !== "boolean") fail("rotation.castOnly", `expected a boolean, got ${typeof r.castOnly}`);
  if (r.castOnly === true && spells === null) fail("rotation.castOnly", "needs rotation.spells (the spells the rotation can cast)");
  return { kind: 1, start: 0, length: 0, spells, castOnly: r.castOnly === true, code, channels, whileCasting };
}

/** Channel table: lineVar, then per slot spell, interrupt pc, early-chain pc, flags (engine: channel-decisions.ts). */
function encodeChannels(w: ImageWriter, t: ChannelTable, codeLen: number): number[] {
  const { num, spellIdx } = w;
  const pcOk = (pc: number, f: string) => num(pc, f, { int: true, min: -1, max: codeLen - 1 });
  const out = [num(t.lineVar, "rotation.channels.lineVar", { int: true, min: 0 })];
  t.slots.forEach((c, k) => {
    const p = `rotation.channels.slots[${k}]`;
    out.push(spellIdx(c.spell, `${p}.spell`, false), pcOk(c.interruptPc, `${p}.interruptPc`), pcOk(c.earlyPc, `${p}.earlyPc`), num(c.flags, `${p}.flags`, { int: true, min: 0, max: 7 }));
  });
  return out;
}
