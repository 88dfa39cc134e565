// Pass 1 for a cast entry: the spell (or a utility action / a spell the game version lacks), its entry
// options (src/rotation/options.ts), usable_if, target selection, line_cd and channel decisions.
import type { RExpr } from "./ast.js";
import { RotationError } from "./errors.js";
import type { ResolveContext } from "./resolve.js";
import { MAX_SPELL_INDEX } from "./bytecode.js";
import { Q } from "./queries.js";
import { castOptions, isRefusedOption, OptionError } from "./options.js";
import { channelFlags, hasChannelDecision, type ChannelEntry } from "./channel.js";
import { utilityAction } from "./utility.js";
import { foldExpr, retarget } from "./fold.js";
import type { CompileContext } from "./compile-context.js";
import { lineCdVars, type Entry } from "./entry.js";

/** Where a cast entry is and what it reads (its condition already resolved). */
export interface CastSite {
  list: string;
  entry: number;
  e: Record<string, unknown>;
  cond: RExpr | null;
  ctx: ResolveContext;
}

/** The entry, or null when it never fires and emits nothing (a spell the modelled game version lacks). */
export function compileCast(c: CompileContext, site: CastSite, channelEntries: (ChannelEntry & { spell: number })[]): Entry | null {
  const { list, entry, e, cond, ctx } = site;
  const { symbols, at } = c;
  const name = e["cast"];
  if (typeof name !== "string") c.shape({ list, entry, field: "cast" }, `"cast" must be a spell name string`);
  const spell = symbols.spell(name as string);
  const options = (sp: number | undefined) => checkedOptions(c, site, name as string, sp);
  const utility = spell === undefined ? (symbols.utility?.(name as string) ?? utilityAction(name as string, symbols.race)) : undefined;
  if (utility !== undefined && "refuse" in utility) throw new RotationError("ROTATION_UNKNOWN_NAME", at({ list, entry, field: "cast", column: 1 }), utility.refuse);
  if (utility !== undefined) {
    // a utility action that cannot change damage (src/rotation/utility.ts): honoured, emits nothing
    options(undefined);
    return { kind: "noop", cond };
  }
  if (spell === undefined && symbols.absent?.(name as string, "spell", at({ list, entry, field: "cast", column: 1 })) !== undefined) {
    // a spell the modelled game version does not have (src/rotation/absent.ts): never castable, so the
    // entry never fires; its options and condition were still checked above
    options(undefined);
    c.targetSel(e, { list, entry }, ctx);
    return null;
  }
  if (spell === undefined) {
    throw new RotationError("ROTATION_UNKNOWN_NAME", at({ list, entry, field: "cast", column: 1 }), `unknown spell "${name}"`);
  }
  if (!Number.isInteger(spell) || spell < 0 || spell > MAX_SPELL_INDEX) {
    throw new RotationError("ROTATION_UNKNOWN_NAME", at({ list, entry, field: "cast", column: 1 }), `the host resolved spell "${name}" to ${spell}, not an index in [0, 2^29)`);
  }
  const eff = options(spell);
  const sel = c.targetSel(e, { list, entry }, ctx);
  // a spell the player does not have: the entry never fires (still checked for errors above)
  let cc: RExpr | null = symbols.castable?.(name as string) === false ? { kind: "const", value: 0 } : cond;
  // SimC checks a spell's own usability (action_t::ready) before any APL line casts it; a manifest
  // states such a rule the engine does not model as the expression `usable_if.<spell>` (docs/manifests.md)
  if (cc !== null && cc.kind === "const" && cc.value === 0) {
    // never castable: nothing to add
  } else if (symbols.expression?.(`usable_if.${name as string}`) !== undefined) {
    const u = c.conditionExpr(`usable_if.${name as string}`, { list, entry, field: "if" }, ctx);
    cc = cc === null ? u : { kind: "bin", op: "and", left: cc, right: u };
  }
  for (const x of eff.extra) cc = cc === null ? x : { kind: "bin", op: "and", left: cc, right: x };
  const cwc = eff.whileCasting ? ({ cwc: true } as const) : {};
  if (sel.sel !== undefined) {
    // target selection: the condition is read on the target being tried (retarget)
    if (eff.lineCd !== undefined) c.shape({ list, entry, field: "line_cd" }, `line_cd together with target_if / cycle_targets is not supported`);
    return { kind: "cast", cond: cc === null ? null : retarget(cc), spell, sel: sel.sel, ...cwc };
  }
  if (eff.lineCd !== undefined) {
    const [fire, last] = lineCdVars(list, entry).map((n) => c.vars.index.get(n)!) as [number, number];
    const since: RExpr = { kind: "bin", op: "sub", left: { kind: "query", q: Q.TIME, arg: 0 }, right: { kind: "var", index: last } };
    let condition: RExpr = { kind: "bin", op: "and", left: { kind: "query", q: Q.SPELL_CASTABLE, arg: spell }, right: { kind: "bin", op: "ge", left: since, right: { kind: "const", value: eff.lineCd } } };
    if (cc !== null) condition = { kind: "bin", op: "and", left: cc, right: condition };
    return { kind: "cast", cond: null, spell, lineCd: { condition, fire, last }, ...cwc };
  }
  if (hasChannelDecision(e)) {
    // the options' expressions are action-scoped like the entry's condition (`tick_time`)
    const opt = (k: string) => (e[k] === undefined ? null : c.conditionExpr(e[k], { list, entry, field: k }, ctx));
    const ch: ChannelEntry = { slot: channelEntries.length + 1, interruptIf: opt("interrupt_if"), earlyChainIf: opt("early_chain_if"), flags: channelFlags(e) };
    channelEntries.push({ ...ch, spell });
    return { kind: "cast", cond: cc, spell, channel: ch, ...cwc };
  }
  return { kind: "cast", cond: cc, spell, ...cwc };
}

/** The entry's options (src/rotation/options.ts); a refused option that cannot act on this line is dropped. */
function checkedOptions(c: CompileContext, site: CastSite, name: string, sp: number | undefined): ReturnType<typeof castOptions> {
  const { list, entry } = site;
  let opts = site.e;
  for (;;) {
    try {
      return castOptions(opts, { action: name, spell: sp, offGcd: sp === undefined ? undefined : c.symbols.offGcd?.(sp), spellIndex: (n) => c.symbols.spell(n) });
    } catch (err) {
      if (!(err instanceof OptionError)) throw err;
      if (isRefusedOption(err.field) && refusedOptionInert(c, site, err.field, opts)) {
        // the refused option cannot act on this line (see refusedOptionInert): dropped, the line is honoured
        const { [err.field]: _dropped, ...rest } = opts;
        opts = rest;
        continue;
      }
      throw new RotationError(err.code, c.at({ list, entry, field: err.field, column: 1 }), err.message);
    }
  }
}

// A refused option changes nothing on a line that never fires (its condition folds to false), and
// interrupt_immediate changes nothing when the line's interrupt_if folds to false (there is nothing
// to interrupt, at a tick or between ticks).
const constFalse = (x: RExpr | null): boolean => {
  if (x === null) return false;
  const f = foldExpr(x);
  return f.kind === "const" && f.value === 0;
};
function refusedOptionInert(c: CompileContext, site: CastSite, key: string, opts: Record<string, unknown>): boolean {
  if (constFalse(site.cond)) return true;
  if (key !== "interrupt_immediate" || typeof opts["interrupt_if"] !== "string") return false;
  return constFalse(c.conditionExpr(opts["interrupt_if"], { list: site.list, entry: site.entry, field: "interrupt_if" }, site.ctx));
}
