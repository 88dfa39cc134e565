// Emission-wide tables of the rotation compiler's pass 3: the castReady memo bits of the fast format
// and the time-bound descriptors of the scan format (docs/rotation.md §6).
import type { RExpr } from "./ast.js";
import { foldExpr, isConst, timeLeaf } from "./fold.js";
import type { Emitter } from "./emitter.js";
import type { Entry } from "./entry.js";

/**
 * fast: castReady memo bit per spell cast by several entries (the first 32; others get 0 = not
 * memoized). A spell with one cast entry needs no memo. Sites are counted in the lists reachable from
 * main (BM: "cleave" is unreachable on one target).
 */
export class MemoBits {
  private readonly castSites = new Map<number, number>();
  private readonly memoBit = new Map<number, number>();

  constructor(compiled: Map<string, Entry[]>, main: string) {
    const neverTaken = (c: RExpr | null): boolean => c !== null && isConst(c = foldExpr(c)) && c.value === 0;
    const reach = [main];
    const seen = new Set(reach);
    for (let i = 0; i < reach.length; i++) {
      for (const en of compiled.get(reach[i]!)!) {
        if (neverTaken(en.cond)) continue;
        if (en.kind === "cast") this.castSites.set(en.spell, (this.castSites.get(en.spell) ?? 0) + 1);
        else if ((en.kind === "call" || en.kind === "run") && !seen.has(en.target)) {
          seen.add(en.target);
          reach.push(en.target);
        }
      }
    }
  }

  /** The spell's memo bit (0: not memoized), assigned in first-asked order. */
  bitOf(spell: number): number {
    let b = this.memoBit.get(spell);
    if (b === undefined) {
      b = (this.castSites.get(spell) ?? 0) > 1 && this.memoBit.size < 32 ? 1 << this.memoBit.size : 0;
      this.memoBit.set(spell, b);
    }
    return b;
  }
}

/**
 * scan: word 8 holds the time-bound descriptors (n, then kind, arg, cmp, k per slot); slot s + 1 of the
 * VM's table is descriptor s (slot 0: no bound). Equal leaves share a slot.
 */
export class BoundSlots {
  private readonly slots = new Map<string, number>();
  readonly descs: number[] = [];

  constructor(private readonly em: Emitter) {}

  get size(): number {
    return this.slots.size;
  }

  /** The slot of the condition's time leaf (0: none). */
  slotOf(cond: RExpr | null): number {
    const leaf = cond === null ? null : timeLeaf(cond);
    if (leaf === null || leaf.kind !== "bin") return 0;
    const f = this.em.fusedCompare(leaf.op, leaf.left, leaf.right)!; // [cmp, kind, arg, k]
    const d = [f[1], f[2], f[0], f[3]];
    const key = d.join(",");
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.slots.size + 1;
      this.slots.set(key, slot);
      this.descs.push(...d);
    }
    return slot;
  }
}
