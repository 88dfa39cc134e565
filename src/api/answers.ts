// Answers remembered by the exact request key (e.g. origin + raw query string). The data is
// immutable, so the answer to a given query never changes — error answers included: a client
// repeating a malformed query gets the remembered 400 as cheaply as a repeated valid query gets
// its remembered 200 (before, only successes were kept and every bad repeat was parsed again).
import { Lru } from "./http.js";

export class AnswerCache<A> {
  private readonly lru: Lru<string, A>;
  constructor(
    maxEntries: number,
    /** Keys longer than this are answered but not kept (bounded memory under junk queries). */
    private readonly maxKeyLength: number,
  ) {
    this.lru = new Lru<string, A>(maxEntries);
  }

  get size(): number {
    return this.lru.size;
  }

  /**
   * The remembered answer for `key`, or `compute()`'s, remembered. `compute` returns answers
   * (successes and client errors alike); what it throws is a failure of the server (a data bundle
   * that did not load, a bug) and is not remembered, so the next request tries again.
   */
  answer(key: string, compute: () => A | Promise<A>): A | Promise<A> {
    const hit = this.lru.get(key);
    if (hit !== undefined) return hit;
    const result = compute();
    if (key.length > this.maxKeyLength) return result;
    if (result instanceof Promise) {
      return result.then((a) => {
        this.lru.set(key, a);
        return a;
      });
    }
    this.lru.set(key, result);
    return result;
  }
}
