// Pass 3 of the rotation compiler: the emitted lists → header + bytecode + constants (docs/rotation.md
// §4–6). One method per entry form: target selection, the scan and fast cast forms, and the general
// path (line_cd and channel casts, call/run, wait, variables); then the channel-decision blocks, the
// scan tables and the header.
import type { RExpr } from "./ast.js";
import { OP, ROT_MAGIC, ROT_VERSION, ROT_VERSION_FAST, ROT_VERSION_SCAN, VAROP } from "./bytecode.js";
import { Q } from "./queries.js";
import type { ChannelEntry, ChannelSlot } from "./channel.js";
import { foldExpr, isConst, isLeaf, isPositiveTest, mayTouch, mustTouch } from "./fold.js";
import { Emitter, newLabel, type Label } from "./emitter.js";
import { BoundSlots, MemoBits } from "./emit-plan.js";
import type { Entry, LineCd } from "./entry.js";

export interface EmitInput {
  compiled: Map<string, Entry[]>;
  /** The lists to emit, in order (flatten: only those main reaches). */
  emitted: readonly string[];
  listNames: readonly string[];
  main: string;
  defaults: number[];
  channelLineVar: number;
  channelEntries: readonly (ChannelEntry & { spell: number })[];
  callDepth: number;
  fast: boolean;
  scan: boolean;
}

export interface EmitOutput {
  code: Int32Array;
  constants: Float64Array;
  lists: { name: string; pc: number }[];
  stackDepth: number;
  spells: Set<number>;
  targetSpells: Set<number>;
  /** Every emitted entry is a plain cast, call or run (CompiledRotation.castOnly, before the channel / while-casting terms). */
  castOnly: boolean;
  whileCasting: boolean;
  channelSlots: ChannelSlot[];
}

/** One list's scan table: one row per emitted entry (spell or -1, bound slot, entry start), then (-1, 0, END). */
interface ScanTable {
  rows: { spell: number; slot: number; start: Label }[];
  labels: Label[];
  end: number;
}

/** Per list: spells whose castReady is surely memoized at this point (fast), and its scan table so far. */
interface ListState {
  checked: Set<number>;
  rows: ScanTable["rows"];
  rowLabel: (i: number) => Label;
  rowLabels: Label[];
}

export function emitRotation(input: EmitInput): EmitOutput {
  return new RotationEmission(input).run();
}

class RotationEmission {
  private readonly em: Emitter;
  private readonly labels: Map<string, Label>;
  private readonly spells = new Set<number>();
  private readonly targetSpells = new Set<number>();
  private castOnly = true; // cleared by any other emitted entry
  private whileCasting = false; // some entry emitted OP.CASTW
  private readonly memo: MemoBits;
  private readonly bounds: BoundSlots;
  // scan: every list's table, emitted after all the code (one region the VM validates at bind time)
  private readonly tables: ScanTable[] = [];
  private readonly listPcs: { name: string; pc: number }[] = [];

  constructor(private readonly input: EmitInput) {
    this.em = new Emitter(input.defaults);
    this.em.fuse = input.fast;
    this.em.fuse3 = input.scan;
    this.labels = new Map<string, Label>(input.listNames.map((n) => [n, newLabel()]));
    this.memo = new MemoBits(input.compiled, input.main);
    this.bounds = new BoundSlots(this.em);
  }

  run(): EmitOutput {
    const { em, input } = this;
    if (input.scan) {
      for (const list of input.emitted) {
        for (const en of input.compiled.get(list)!) {
          if (en.kind !== "cast" || en.cond === null) continue;
          const cond = foldExpr(en.cond);
          if (!isConst(cond) && !mayTouch(cond)) this.bounds.slotOf(cond);
        }
      }
      em.code.push(this.bounds.size, ...this.bounds.descs, 0); // the last word: where the scan tables start (set below)
    }
    const rowsAt = em.pc - 1;
    for (const list of input.emitted) this.emitList(list);
    // channel-decision blocks (before the scan tables: those must run to the end of the code)
    const channelSlots: ChannelSlot[] = input.channelEntries.map((c) => ({ spell: c.spell, interruptPc: this.block(c.interruptIf), earlyPc: this.block(c.earlyChainIf), flags: c.flags }));
    if (input.scan) {
      em.code[rowsAt] = em.pc;
      this.emitTables();
    }
    if (em.depth !== 0) throw new Error(`rotation compiler bug: value stack depth ${em.depth} after emission`);
    return {
      code: this.header(Int32Array.from(em.code)),
      constants: Float64Array.from(em.consts),
      lists: this.listPcs,
      stackDepth: em.maxDepth,
      spells: this.spells,
      targetSpells: this.targetSpells,
      castOnly: this.castOnly,
      whileCasting: this.whileCasting,
      channelSlots,
    };
  }

  private emitList(list: string): void {
    const { em } = this;
    em.bind(this.labels.get(list)!);
    this.listPcs.push({ name: list, pc: em.pc });
    // scan: rowLabel(i) is row i's word index; the table follows the list's END
    const rowLabels: Label[] = [];
    const ls: ListState = { checked: new Set<number>(), rows: [], rowLabels, rowLabel: (i) => (rowLabels[i] ??= newLabel()) };
    for (const en of this.input.compiled.get(list)!) this.emitEntry(en, ls);
    if (this.input.scan) {
      ls.rowLabel(ls.rows.length);
      this.tables.push({ rows: ls.rows, labels: rowLabels, end: em.pc });
    }
    em.code.push(OP.END);
  }

  private emitEntry(en: Entry, ls: ListState): void {
    const { em, input } = this;
    if (en.kind === "noop") return; // a utility action that cannot change damage: no code
    const cond = en.cond === null ? null : foldExpr(en.cond);
    if (cond !== null && isConst(cond) && cond.value === 0) return; // never taken
    if (!(en.kind === "call" || en.kind === "run" || (en.kind === "cast" && en.lineCd === undefined && en.channel === undefined))) this.castOnly = false;
    const skip = newLabel();
    // a channel-decision entry takes the general path, like line_cd (it sets a variable before its cast)
    // ... and so does a use_while_casting entry (its cast is OP.CASTW: never memoized, never skipped by a scan)
    const lineCd = en.kind === "cast" ? (en.lineCd ?? (en.channel || en.cwc ? null : undefined)) : undefined;
    const castOp = en.kind === "cast" && en.cwc ? OP.CASTW : OP.CAST;
    if (castOp === OP.CASTW) this.whileCasting = true;
    if (input.scan) {
      // an entry may be skipped by a scan when it is a cast whose condition runs no side-effect query
      const skippable = en.kind === "cast" && lineCd === undefined && en.sel === undefined && (cond === null || isConst(cond) || !mayTouch(cond));
      const slot = skippable ? this.bounds.slotOf(cond) : 0;
      // an entry with a time bound starts with a scan from its own row (the previous entry may fall
      // through to it): BM's kill_shot is then skipped with its health query for 80 % of the fight
      if (slot !== 0) {
        em.code.push(OP.SCAN);
        em.ref(ls.rowLabel(ls.rows.length));
      }
      const start = newLabel();
      em.bind(start);
      ls.rows.push({ spell: skippable ? (en as { spell: number }).spell : -1, slot, start });
    }
    if (en.kind === "cast" && en.sel !== undefined) return this.emitTargetSel(en, cond, castOp, skip);
    if (input.scan && en.kind === "cast" && lineCd === undefined) return this.emitScanCast(en.spell, cond, skip, ls);
    if (input.fast && en.kind === "cast" && lineCd === undefined) return this.emitFastCast(en.spell, cond, skip, ls);
    this.emitGeneral(en, cond, lineCd, castOp, skip);
  }

  /**
   * Target selection (docs/rotation.md "Targets"): the plain cast form inside the VM's target loop;
   * castReady does not depend on the target, the condition and the expression do.
   */
  private emitTargetSel(en: Extract<Entry, { kind: "cast" }>, cond: RExpr | null, castOp: number, skip: Label): void {
    const { em } = this;
    const sel = en.sel!;
    this.spells.add(en.spell);
    this.targetSpells.add(en.spell);
    if (sel.kind === "if") {
      // target_if: choose the target (evaluating the expression on each), then the entry on it
      const body = newLabel();
      const loop = newLabel();
      em.code.push(OP.TIFBEGIN);
      em.ref(body); // one target: no selection
      em.bind(loop);
      em.value(foldExpr(sel.expr));
      em.code.push(OP.TIFSTEP, sel.mode);
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
      em.code.push(OP.CYCNEXT, sel.max);
      em.ref(body);
      em.bind(skip);
    }
  }

  /**
   * Like emitFastCast, with the scan forms: a blocked spell jumps through the table from the next
   * entry's row (R), skipping every blocked / time-bounded entry after it in the same dispatch.
   */
  private emitScanCast(spell: number, cond: RExpr | null, skip: Label, ls: ListState): void {
    const { em } = this;
    this.spells.add(spell);
    const bit = this.memo.bitOf(spell);
    const always = cond === null || isConst(cond);
    const first = !always && (ls.checked.has(spell) || !isLeaf(cond)) && (!mayTouch(cond) || mustTouch(cond));
    const next = ls.rowLabel(ls.rows.length);
    if (always) {
      em.code.push(OP.CASTS);
      em.ref(next);
      em.code.push(bit, spell);
    } else if (first) {
      em.code.push(mayTouch(cond) ? OP.CASTCHKST : OP.CASTCHKS);
      em.ref(next);
      em.code.push(bit, spell);
      em.ref(skip);
      em.branch(cond, false, skip);
      em.code.push(OP.CASTGO, spell);
    } else {
      em.branch(cond!, false, skip);
      em.code.push(OP.CASTS);
      em.ref(next);
      em.code.push(bit, spell);
    }
    if (bit !== 0 && (always || first)) ls.checked.add(spell);
    em.bind(skip);
  }

  /**
   * castReady first when skipping the condition skips no side effect (or one the skip path replays:
   * CASTCHKT touches); otherwise condition first, then the memoized check. A condition that is one
   * fused leaf (one query: cheaper than a castReady that passes, e.g. BM kill_shot's
   * `target.health.pct < 20`) also goes first, unless the spell's answer is already memoized.
   */
  private emitFastCast(spell: number, cond: RExpr | null, skip: Label, ls: ListState): void {
    const { em } = this;
    this.spells.add(spell);
    const bit = this.memo.bitOf(spell);
    const always = cond === null || isConst(cond); // a false constant never gets here
    const first = !always && (ls.checked.has(spell) || !isLeaf(cond)) && (!mayTouch(cond) || mustTouch(cond));
    if (always) em.code.push(...(bit === 0 ? [OP.CAST, spell] : [OP.CASTM, bit, spell])); // CAST: no memo bookkeeping
    else if (first) {
      em.code.push(mayTouch(cond) ? OP.CASTCHKT : OP.CASTCHK, bit, spell);
      em.ref(skip);
      em.branch(cond, false, skip);
      em.code.push(OP.CASTGO, spell);
    } else {
      em.branch(cond!, false, skip);
      em.code.push(...(bit === 0 ? [OP.CAST, spell] : [OP.CASTM, bit, spell]));
    }
    // A check at the entry's start runs whenever a later entry of this list is reached (a list is
    // only ever entered at its start), so later entries of the spell find its answer memoized.
    if (bit !== 0 && (always || first)) ls.checked.add(spell);
    em.bind(skip);
  }

  /** The entry's condition, then its body: casts with line_cd or channel options, call/run, wait, variables. */
  private emitGeneral(en: Exclude<Entry, { kind: "noop" }>, cond: RExpr | null, lineCd: LineCd | null | undefined, castOp: number, skip: Label): void {
    const { em } = this;
    // fast: `wait X if X > 0` is `wait X` (the wait op itself skips X <= 0 and NaN; X is pure, and
    // its side-effect queries still run once): BM's `wait cooldown.kill_command.remains` entry.
    const waitGuard = this.input.fast && en.kind === "wait" && cond !== null && isPositiveTest(cond, foldExpr(en.seconds));
    if (cond !== null && !waitGuard) em.branch(cond, false, skip);
    switch (en.kind) {
      case "cast":
        this.emitCastBody(en, lineCd, castOp, skip);
        break;
      case "call":
      case "run":
        em.code.push(en.kind === "call" ? OP.CALL : OP.RUN);
        em.ref(this.labels.get(en.target)!);
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
      case "variable":
        this.emitVariable(en, skip);
        break;
    }
    em.bind(skip);
  }

  private emitCastBody(en: Extract<Entry, { kind: "cast" }>, lineCd: LineCd | null | undefined, castOp: number, skip: Label): void {
    const { em } = this;
    if (en.channel !== undefined) {
      // castReady, then __channel_line := slot, then the cast (which castReady lets through)
      em.branch({ kind: "query", q: Q.SPELL_CASTABLE, arg: en.spell }, false, skip);
      em.value({ kind: "const", value: en.channel.slot });
      em.code.push(OP.VAROP, VAROP.set, this.input.channelLineVar);
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
    this.spells.add(en.spell);
  }

  /**
   * cycling_variable: the op once per target, the value evaluated on that target (the entry's `if`
   * was evaluated once, on the primary target, before).
   */
  private emitVariable(en: Extract<Entry, { kind: "variable" }>, skip: Label): void {
    const { em } = this;
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
  }

  /** A channel-decision block: `if <expr>: WAIT 1; END`; its pc, or -1 without an expression. */
  private block(x: RExpr | null): number {
    const { em } = this;
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
  }

  private emitTables(): void {
    const { em } = this;
    for (const t of this.tables) {
      t.rows.forEach((r, i) => {
        em.bind((t.labels[i] ??= newLabel()));
        em.code.push(r.spell, r.slot);
        em.ref(r.start);
      });
      em.bind((t.labels[t.rows.length] ??= newLabel()));
      em.code.push(-1, 0, t.end);
    }
  }

  /** The 8 header words (docs/rotation.md §4). */
  private header(code: Int32Array): Int32Array {
    const { em, input } = this;
    let mainPc = this.labels.get(input.main)!.pc!;
    // fast: a main list that starts with an unconditional run starts at its target (saves a dispatch)
    if (input.fast) for (let n = 0; code[mainPc] === OP.RUN && n < input.listNames.length; n++) mainPc = code[mainPc + 1]!;
    code[0] = ROT_MAGIC;
    code[1] = input.scan ? ROT_VERSION_SCAN : input.fast ? ROT_VERSION_FAST : ROT_VERSION;
    code[2] = input.defaults.length;
    code[3] = em.maxDepth;
    code[4] = input.callDepth;
    code[5] = mainPc;
    code[6] = 0;
    code[7] = code.length;
    return code;
  }
}
