// Pass 2b of the compiler (CompileOptions.flatten): the action lists specialized to the build being
// compiled. Every step keeps the selection exactly: the same entries are tried in the same order on the
// same state, only work whose outcome is known at compile time is left out.
//
// - An entry whose condition folds to false can never fire in this build (a talent not taken, a fixed
//   target count, an absent spell): it is folded away. It still counts as honoured — its text compiled
//   and means something; it just cannot hold here — unlike an ignored line, which the compiler could
//   not honour at all (rotation.ignoredLines). A condition that folds to true is dropped.
// - Utility no-ops emit nothing, so they go as well.
// - With one target (a fixed count, RotationSymbols.activeEnemies), target_if / cycle_targets select
//   nothing (SimC: one candidate, the primary) and the entry is the plain one; its condition's
//   current-target questions ask the primary, which the plain kinds read.
// - An unconditional `call X` is replaced by X's entries (a call runs X's entries, then the caller's
//   next); so is an unconditional `run X` of the main list at its top level (run never returns, and the
//   main list has no caller whose return it would drop), ending the list there. Other runs stay RUN ops.
// - A call of a list left empty does nothing and goes (unless its condition has a side-effect query).
// - Lists the main list no longer reaches are not emitted (nor are their spells among `spells`).
import type { RExpr } from "./ast.js";
import type { Entry } from "./entry.js";
import { foldExpr, isConst, mayTouch, remapQueries } from "./fold.js";
import { Q } from "./queries.js";

/** A callee with more entries than this is inlined only where it has a single call site (code size). */
const INLINE_MAX_ENTRIES = 16;

/** Current-target kinds → the primary-target kinds the engine answers without the target lookup. */
const PRIMARY_KIND: Record<number, number> = { [Q.TGT_UP]: Q.DEBUFF_UP, [Q.TGT_REMAINS]: Q.DEBUFF_REMAINS, [Q.TGT_STACK]: Q.DEBUFF_STACK };

function onPrimary(e: RExpr): RExpr {
  return remapQueries(e, PRIMARY_KIND);
}

/** The entry with its condition folded (null when it always holds), or null when it can never fire. */
function simplify(en: Entry, oneTarget: boolean): Entry | null {
  if (en.kind === "noop") return null;
  let cond = en.cond === null ? null : foldExpr(en.cond);
  if (cond !== null && isConst(cond)) {
    if (cond.value === 0) return null;
    cond = null;
  }
  if (en.kind === "cast" && en.sel !== undefined && oneTarget) {
    const { sel: _one, ...plain } = en;
    return { ...plain, cond: cond === null ? null : onPrimary(cond) };
  }
  return { ...en, cond } as Entry;
}

/**
 * Specializes `lists` in place (callees first: `post` is the call graph children-first) and returns
 * the names of the lists main reaches afterwards, in `post`'s reverse order (main first).
 */
export function flattenLists(lists: Map<string, Entry[]>, post: readonly string[], main: string, oneTarget: boolean): string[] {
  const sites = new Map<string, number>();
  for (const entries of lists.values()) for (const en of entries) if (en.kind === "call" || en.kind === "run") sites.set(en.target, (sites.get(en.target) ?? 0) + 1);
  const inlinable = (target: string): boolean => lists.get(target)!.length <= INLINE_MAX_ENTRIES || sites.get(target) === 1;
  const expand = (entries: readonly Entry[], top: boolean, out: Entry[]): boolean => {
    for (const raw of entries) {
      const en = simplify(raw, oneTarget);
      if (en === null) continue;
      if (en.kind === "call" || en.kind === "run") {
        const body = lists.get(en.target)!;
        if (en.cond === null && (en.kind === "call" || top) && inlinable(en.target)) {
          // the callee's entries are already specialized (children first); a run inlined at the top
          // level ends the list: nothing after it is ever reached
          if (expand(body, top, out) || en.kind === "run") return true;
          continue;
        }
        if (body.length === 0 && en.kind === "call" && (en.cond === null || !mayTouch(en.cond))) continue;
      }
      out.push(en);
    }
    return false;
  };
  for (const name of post) {
    const out: Entry[] = [];
    expand(lists.get(name)!, name === main, out);
    lists.set(name, out);
  }
  const reached = [main];
  const seen = new Set(reached);
  for (let i = 0; i < reached.length; i++) {
    for (const en of lists.get(reached[i]!)!) {
      if ((en.kind === "call" || en.kind === "run") && !seen.has(en.target)) {
        seen.add(en.target);
        reached.push(en.target);
      }
    }
  }
  return post.filter((n) => seen.has(n)).reverse();
}
