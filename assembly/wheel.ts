// Timing wheel event queue (spec "Queue ordering", Limits: 32768 slots of 32 ms ≈ 17.5 min).
// Twin: src/kernels/wheel.ts (same algorithm and semantics). Keep both in sync.
//
// Ordering contract: pop() returns events in ascending t; equal t pop in insertion order (FIFO);
// events beyond the horizon are kept in an overflow heap keyed (t, seq) and pop in the same order.
// Late push: pushing t < now (now = t of the last popped event, 0 initially) is allowed and treated
// as t = now: the event is stored and returned with t = now, after the already-pending events at
// `now` (FIFO) and before anything later. The engine never does this; the rule keeps popped times
// non-decreasing, which the engine's clock relies on.
//
// Layout and why:
// - Slot lists (32768 slots of 32 ms, absolute slot s = t >> 5 at position s & 32767) are plain
//   append-only FIFO lists: O(1) push, no ordering work while an event is in the future.
// - The CURRENT slot (s == base) is expanded into 32 one-millisecond sub-lists (curHead/curTail with
//   a 32-bit occupancy mask). Within a sub-list all events have the same t, so appending keeps FIFO
//   and pop is ctz(mask) + unlink: no sorted insert, no walk. A slot is expanded once, when the cursor
//   reaches it (one linear pass that keeps insertion order per millisecond); a slot of one event is
//   popped straight from its list, and one of two pops the earlier and moves only the other.
// - A three-level bitmap (512 u64 leaf words, 8 u64 summary words, one top word) finds the next
//   non-empty slot with at most three ctz, never scanning empty words.
// - Events with slot >= base + 32768 go to the overflow heap. Whenever base advances, every heap
//   event whose slot entered the horizon moves into the wheel at once, before any further push; the
//   slots it lands in were beyond the horizon until then, so they hold no direct pushes and the heap's
//   (t, seq) order becomes the list order: FIFO across heap and wheel is preserved.
// - Nodes come from a free-list pool of 8-byte records (next i32, value i32) plus one byte per node
//   holding t's millisecond within its slot (t = slot * 32 + ms), so 3000 pending events fit in L1.
//   The pool doubles when full (stub runtime: the old block is not reclaimed; growth is rare).

export const WHEEL_SLOTS: i32 = 32768;
export const WHEEL_SLOT_MS: i32 = 32;

// @ts-ignore: decorator
@inline const SLOT_SHIFT: i64 = 5;
// @ts-ignore: decorator
@inline const MASK: i32 = 32767;
// @ts-ignore: decorator
@inline const NIL: i32 = -1;
// @ts-ignore: decorator
@inline const NODE: i32 = 3; // log2(node record bytes = 8): next i32 @0, value i32 @4
// @ts-ignore: decorator
@inline const HREC: usize = 24; // heap record: t i64 @0, seq i64 @8, value i32 @16

export class TimingWheel {
  /** Absolute slot of the cursor (= now >> 5 after a pop). */
  base: i64 = 0;
  /** t of the last popped event (0 before the first pop). */
  now: i64 = 0;
  /** Result of the last successful pop() (its t is `now`: no second field to store per pop). */
  poppedValue: i32 = 0;

  private slots: usize; // WHEEL_SLOTS x (head i32, tail i32)
  private l0: usize; // 512 x u64: slot occupancy
  private l1: usize; // 8 x u64: l0 word non-zero
  private l2: u64 = 0; // 8 bits: l1 word non-zero
  private cur: usize; // 32 x (head i32, tail i32): current slot by millisecond
  private curMask: u32 = 0;

  private nodes: usize;
  private nodeMs: usize; // u8 per node: t & 31 (only read for nodes in slot lists)
  private nodeCap: i32;
  private nodeTop: i32 = 0; // nodes [0, nodeTop) have been handed out at least once
  private freeHead: i32 = NIL;

  private heap: usize;
  private heapCap: i32;
  private heapLen: i32 = 0;
  private seq: i64 = 0;

  constructor(initialNodes: i32 = 4096) {
    this.init(initialNodes);
  }

  /**
   * The constructor's work, for an instance placed at a static address (the engine's: see engine.ts
   * `wheel()`), whose constructor never runs: allocates the arrays and clears.
   */
  init(initialNodes: i32): void {
    this.slots = heap.alloc(<usize>WHEEL_SLOTS << 3);
    this.l0 = heap.alloc(512 << 3);
    this.l1 = heap.alloc(8 << 3);
    this.cur = heap.alloc(32 << 3);
    this.nodeCap = max(initialNodes, 16);
    this.nodes = heap.alloc(<usize>this.nodeCap << NODE);
    this.nodeMs = heap.alloc(<usize>this.nodeCap);
    this.heapCap = 64;
    this.heap = heap.alloc(<usize>this.heapCap * HREC);
    this.clear();
  }

  /** Empties the queue and resets time to 0 (keeps the allocated pool; no allocation). */
  clear(): void {
    memory.fill(this.slots, 0xff, <usize>WHEEL_SLOTS << 3); // head = tail = NIL (-1)
    memory.fill(this.l0, 0, 512 << 3);
    memory.fill(this.l1, 0, 8 << 3);
    this.l2 = 0;
    this.curMask = 0;
    this.nodeTop = 0;
    this.freeHead = NIL;
    this.heapLen = 0;
    this.seq = 0;
    this.base = 0;
    this.now = 0;
    this.poppedValue = 0;
  }

  /**
   * Moves the clock of an EMPTY queue back to 0 (base = now = 0). Slot positions are relative to base
   * and an empty wheel holds nothing to keep (slot lists NIL, bitmaps and curMask 0, heap empty), so
   * no clearing: the engine's per-iteration reset (its times then need no offset per push and pop).
   */
  rebase(): void {
    if (this.curMask != 0 || this.l2 != 0 || this.heapLen != 0) unreachable(); // not empty
    this.base = 0;
    this.now = 0;
  }

  /** Schedules `value` at time t (ms). t < now is treated as t = now (see header). */
  // @ts-ignore: decorator
  @inline
  push(t: i64, value: i32): void {
    if (t < this.now) t = this.now;
    this.pushFromNow(t, value);
  }

  /** push() for a caller that guarantees t >= now (the engine): no late-push clamp. */
  // @ts-ignore: decorator
  @inline
  pushFromNow(t: i64, value: i32): void {
    const s = t >> SLOT_SHIFT;
    const n = this.freeHead;
    // the common case inline (a free node, within the horizon); the rare ones out of line, with
    // nothing live after that call: V8 would spill t, s and value on the common path too
    // nested ifs, not &&: binaryen turns the && into a materialized bool (setcc, movzx, test)
    if (n != NIL) {
      if (s - this.base < <i64>WHEEL_SLOTS) {
        const np = this.nodes + (<usize>n << NODE);
        this.freeHead = load<i32>(np);
        store<i32>(np, value, 4);
        this.route(t, s, n);
        return;
      }
    }
    this.pushRare(t, value);
    // no pending-event counter: emptiness is read from the bitmap and the heap on a slot change,
    // size() counts by walking (tests only): one load/add/store less per push and per pop
  }

  /** t of the last popped event (= now; 0 before the first pop). */
  // @ts-ignore: decorator
  @inline
  get poppedT(): i64 {
    return this.now;
  }

  /** Number of pending events, counted by walking the lists (tests and diagnostics only). */
  get size(): i32 {
    let count = this.heapLen;
    for (let k = 0; k < 32; k++) {
      if (!(this.curMask & (<u32>1 << k))) continue;
      const cp = this.cur + (<usize>k << 3);
      const tail = load<i32>(cp, 4);
      let n = load<i32>(cp);
      count++;
      while (n != tail) {
        n = load<i32>(this.nodes + (<usize>n << NODE));
        count++;
      }
    }
    for (let w = 0; w < 512; w++) {
      let bits = load<u64>(this.l0 + (<usize>w << 3));
      while (bits != 0) {
        const pos = (w << 6) | <i32>ctz(bits);
        bits &= bits - 1;
        const sp = this.slots + (<usize>pos << 3);
        const tail = load<i32>(sp, 4);
        let n = load<i32>(sp);
        count++;
        while (n != tail) {
          n = load<i32>(this.nodes + (<usize>n << NODE));
          count++;
        }
      }
    }
    return count;
  }

  /** Removes the earliest event into poppedT/poppedValue; false (and no change) when empty. */
  pop(): bool {
    if (this.curMask == 0 && this.l2 == 0 && this.heapLen == 0) return false;
    this.poppedValue = this.popValue();
    return true;
  }

  /**
   * Removes the earliest event and returns its value (its t is poppedT), or -1 when the queue is
   * empty: for queues of values >= 0 only (the engine's payloads). The value comes back in a local,
   * not through a field store and reload per event.
   */
  // Inlined: the fast path is a dozen loads/stores; the slot change lives in popNextSlot().
  // @ts-ignore: decorator
  @inline
  popValue(): i32 {
    // a non-empty current slot implies size > 0: the emptiness check waits for the slot change
    const mask = this.curMask;
    if (mask == 0) return this.popNextSlot();
    return this.popCur(mask);
  }

  /** Pops the first event of the current slot's earliest non-empty millisecond sub-list (mask != 0). */
  // @ts-ignore: decorator
  @inline
  private popCur(mask: u32): i32 {
    const k = ctz(mask);
    const cp = this.cur + (<usize>k << 3);
    const n = load<i32>(cp);
    const np = this.nodes + (<usize>n << NODE);
    const next = load<i32>(np);
    store<i32>(cp, next);
    if (next == NIL) this.curMask = mask & ~(<u32>1 << k);
    return this.release(n, np, (this.base << SLOT_SHIFT) + <i64>k);
  }

  /** Node n at np (already unlinked) is the popped event at t: sets now, returns the node to the free list and its value. */
  // @ts-ignore: decorator
  @inline
  private release(n: i32, np: usize, t: i64): i32 {
    const v = load<i32>(np, 4);
    store<i32>(np, this.freeHead);
    this.freeHead = n;
    this.now = t;
    return v;
  }

  /**
   * Whether an event with t == now is pending. Such events can only sit in the current slot's
   * millisecond sub-list now & 31 (base == now >> 5 once anything was popped; both 0 before).
   */
  // @ts-ignore: decorator
  @inline
  pendingAtNow(): bool {
    return (this.curMask & (<u32>1 << (<u32>this.now & 31))) != 0;
  }

  /** Pending events in the overflow heap (beyond the horizon); for tests and diagnostics. */
  get overflowSize(): i32 {
    return this.heapLen;
  }

  // ---- internals ----

  // @ts-ignore: decorator
  @inline
  private allocNode(value: i32): i32 {
    let n = this.freeHead;
    let nodes = this.nodes;
    if (n != NIL) {
      this.freeHead = load<i32>(nodes + (<usize>n << NODE));
    } else {
      if (this.nodeTop == this.nodeCap) {
        this.growNodes();
        nodes = this.nodes;
      }
      n = this.nodeTop++;
    }
    // next is set by route(): slot lists are walked up to their tail, so only sub-list nodes need NIL
    store<i32>(nodes + (<usize>n << NODE), value, 4);
    return n;
  }

  private growNodes(): void {
    const cap = this.nodeCap;
    if (cap >= 1 << 27) unreachable(); // 2^27 pending events (1 GiB of nodes): beyond any run (MAX_EVENTS 500000)
    this.nodes = heap.realloc(this.nodes, <usize>cap << (NODE + 1));
    this.nodeMs = heap.realloc(this.nodeMs, <usize>cap << 1);
    this.nodeCap = cap << 1;
  }

  /** pushFromNow() when the free list is empty or t is beyond the horizon. */
  private pushRare(t: i64, value: i32): void {
    const s = t >> SLOT_SHIFT;
    if (s - this.base < <i64>WHEEL_SLOTS) this.route(t, s, this.allocNode(value));
    else this.heapPush(t, value);
  }

  /** Inserts node n (value stored) for t, whose slot s is within [base, base + WHEEL_SLOTS). */
  // @ts-ignore: decorator
  @inline
  private route(t: i64, s: i64, n: i32): void {
    // one load of the pool address per push (the engine's wasm reloads fields after every store)
    const nodes = this.nodes;
    if (s == this.base) {
      // current slot: millisecond sub-list (all equal t -> append = FIFO)
      const k = <i32>t & 31;
      const cp = this.cur + (<usize>k << 3);
      const bit = <u32>1 << k;
      store<i32>(nodes + (<usize>n << NODE), NIL);
      if (this.curMask & bit) store<i32>(nodes + (<usize>load<i32>(cp, 4) << NODE), n);
      else {
        store<i32>(cp, n);
        this.curMask |= bit;
      }
      store<i32>(cp, n, 4);
    } else {
      store<u8>(this.nodeMs + <usize>n, <u8>(<i32>t & 31));
      const pos = <i32>s & MASK;
      const sp = this.slots + (<usize>pos << 3);
      const tail = load<i32>(sp, 4);
      if (tail != NIL) {
        store<i32>(nodes + (<usize>tail << NODE), n);
        store<i32>(sp, n, 4);
      } else {
        store<u64>(sp, <u64><u32>n * 0x100000001); // head = tail = n in one store
        this.setBit(pos);
      }
    }
  }

  // @ts-ignore: decorator
  @inline
  private setBit(pos: i32): void {
    const w = pos >> 6;
    const wp = this.l0 + (<usize>w << 3);
    const word = load<u64>(wp);
    store<u64>(wp, word | (<u64>1 << <u64>(pos & 63)));
    if (word != 0) return; // the word was occupied: its l1 and l2 bits are already set (clearUpper keeps that)
    const i = w >> 6;
    const ip = this.l1 + (<usize>i << 3);
    const w1 = load<u64>(ip);
    store<u64>(ip, w1 | (<u64>1 << <u64>(w & 63)));
    if (w1 == 0) this.l2 |= <u64>1 << <u64>i;
  }

  /**
   * First occupied slot position after the word holding bpos (whose bits at and after bpos are known
   * empty), else the first overall (wrap); -1 when the wheel is empty. Out of line: ~150 calls per
   * BM iteration, most slot changes find their slot in the cursor's own l0 word.
   */
  private findNext(bpos: i32): i32 {
    const l2 = this.l2;
    if (l2 == 0) return -1;
    const w1 = (bpos >> 6) + 1;
    if (w1 < 512) {
      const i = w1 >> 6;
      const b1 = load<u64>(this.l1 + (<usize>i << 3)) & (<u64>-1 << <u64>(w1 & 63));
      if (b1 != 0) return this.firstInWord((i << 6) | <i32>ctz(b1));
      const b2 = l2 & (<u64>-1 << <u64>(i + 1)); // i + 1 <= 8 < 64: no shift wrap
      if (b2 != 0) return this.firstInL1(<i32>ctz(b2));
    }
    return this.firstInL1(<i32>ctz(l2)); // wrap: nothing after the cursor's word
  }

  // @ts-ignore: decorator
  @inline
  private firstInL1(i: i32): i32 {
    return this.firstInWord((i << 6) | <i32>ctz(load<u64>(this.l1 + (<usize>i << 3))));
  }

  // @ts-ignore: decorator
  @inline
  private firstInWord(w: i32): i32 {
    return (w << 6) | <i32>ctz(load<u64>(this.l0 + (<usize>w << 3)));
  }

  /**
   * pop() when the current slot is exhausted (size > 0): moves the cursor to the next non-empty slot
   * and pops its first event. A slot holding one event (the common case: ~15 sparse pending events)
   * is popped straight from its slot list, and one holding two pops the earlier and leaves the other
   * alone in its millisecond sub-list, both without the sub-list round trip (later pushes at t >= now
   * into this slot still use the sub-lists, after the popped event). Only 3+ events go through
   * expand(). One call per ~1.7 events. -1 when the queue is empty.
   */
  // Inlined into pop(): no call frame and spills on one event in ~1.7. Nothing is kept live across
  // the findNext() call (V8 would spill it on the common path too): the slot, base and l0 word are
  // read again after it.
  // @ts-ignore: decorator
  @inline
  private popNextSlot(): i32 {
    const base = this.base;
    const bpos = <i32>base & MASK;
    const wp = this.l0 + (<usize>(bpos >> 6) << 3);
    const word = load<u64>(wp);
    const bits = word & (<u64>-1 << <u64>(bpos & 63));
    let pos: i32;
    let s: i64;
    if (bits != 0) {
      // the next slot is in the cursor's own l0 word (~80 % of slot changes): the slot, the word and
      // its address are at hand (no base/word reloads, no wrap arithmetic)
      const k = <i32>ctz(bits);
      pos = (bpos & ~63) | k;
      s = base + <i64>(k - (bpos & 63));
      const rest = word & ~(<u64>1 << <u64>k);
      store<u64>(wp, rest);
      if (rest == 0) this.clearUpper(bpos >> 6);
    } else {
      // the next l0 word, inline: most slot changes that leave the cursor's word land in it (no
      // findNext call). Word 511's successor is a wrap: its load reads word 0, not taken
      const w2 = (bpos >> 6) + 1;
      const bits2 = load<u64>(this.l0 + (<usize>(w2 & 511) << 3));
      if (bits2 != 0 && w2 < 512) pos = (w2 << 6) | <i32>ctz(bits2);
      else {
        pos = this.findNext(bpos);
        if (pos < 0) return this.popFromHeap(); // the wheel is empty
      }
      const b = this.base;
      s = b + <i64>((pos - (<i32>b & MASK)) & MASK);
      const wp2 = this.l0 + (<usize>(pos >> 6) << 3);
      const rest = load<u64>(wp2) & ~(<u64>1 << <u64>(pos & 63));
      store<u64>(wp2, rest);
      if (rest == 0) this.clearUpper(pos >> 6);
    }
    this.base = s;
    // heap events migrate into slots that were beyond the horizon (never slot s, whose list is read
    // below): before that read, so nothing of the slot is live across the call
    if (this.heapLen > 0) this.migrate();
    const sp = this.slots + (<usize>pos << 3);
    const n = load<i32>(sp);
    const tail = load<i32>(sp, 4);
    store<i64>(sp, -1); // head = tail = NIL: the slot's events leave its list now
    const nodes = this.nodes;
    const nodeMs = this.nodeMs;
    let v: i32;
    if (n == tail) {
      // single event: pop it directly
      v = this.release(n, nodes + (<usize>n << NODE), (s << SLOT_SHIFT) + <i64>load<u8>(nodeMs + <usize>n));
    } else {
      const m = load<i32>(nodes + (<usize>n << NODE)); // head's next
      if (m == tail) {
        // two events (the common multi-event slot): pop the earlier one (the head on a tie: FIFO).
        // Two plain branches, not selects: the select chain compiled to a test + cmov per value
        const kn = <i32>load<u8>(nodeMs + <usize>n);
        const km = <i32>load<u8>(nodeMs + <usize>m);
        if (kn <= km) v = this.popOfTwo(n, kn, m, km, s, nodes);
        else v = this.popOfTwo(m, km, n, kn, s, nodes);
      } else {
        this.expand(n, tail);
        v = this.popCur(this.curMask);
      }
    }
    return v;
  }

  /** Two-event slot s: pops node p (ms kp), leaves node k (ms kk) alone in its millisecond sub-list. */
  // @ts-ignore: decorator
  @inline
  private popOfTwo(p: i32, kp: i32, k: i32, kk: i32, s: i64, nodes: usize): i32 {
    store<i32>(nodes + (<usize>k << NODE), NIL);
    store<u64>(this.cur + (<usize>kk << 3), <u64><u32>k * 0x100000001); // head = tail = k
    this.curMask = <u32>1 << kk;
    return this.release(p, nodes + (<usize>p << NODE), (s << SLOT_SHIFT) + <i64>kp);
  }

  /** The wheel is empty: jumps to the heap's earliest event (migrate() routes it into the sub-lists) and pops it; -1 when the heap is empty too. */
  private popFromHeap(): i32 {
    if (this.heapLen == 0) return -1;
    this.base = load<i64>(this.heap) >> SLOT_SHIFT;
    this.migrate();
    return this.popCur(this.curMask);
  }

  /** Clears word w's bit in l1 (l0 word w became empty), and l1's in l2 when that l1 word empties. */
  private clearUpper(w: i32): void {
    const i = w >> 6;
    const ip = this.l1 + (<usize>i << 3);
    const w1 = load<u64>(ip) & ~(<u64>1 << <u64>(w & 63));
    store<u64>(ip, w1);
    if (w1 == 0) this.l2 &= ~(<u64>1 << <u64>i);
  }

  /** Expands a slot's list head..tail (3+ events, already unlinked from the slot, s == base) into the millisecond sub-lists, keeping list (= insertion) order. */
  private expand(head: i32, tail: i32): void {
    let n = head;
    const nodes = this.nodes;
    const nodeMs = this.nodeMs;
    const cur = this.cur;
    let mask: u32 = 0;
    for (;;) {
      const np = nodes + (<usize>n << NODE);
      const next = load<i32>(np); // garbage for the tail (its next is never stored in a slot list)
      store<i32>(np, NIL);
      const k = <i32>load<u8>(nodeMs + <usize>n);
      const cp = cur + (<usize>k << 3);
      const bit = <u32>1 << k;
      if (mask & bit) store<i32>(nodes + (<usize>load<i32>(cp, 4) << NODE), n);
      else {
        store<i32>(cp, n);
        mask |= bit;
      }
      store<i32>(cp, n, 4);
      if (n == tail) break;
      n = next;
    }
    this.curMask = mask;
  }

  /** Moves every heap event whose slot is now within the horizon into the wheel, in (t, seq) order. */
  private migrate(): void {
    const limit = this.base + <i64>WHEEL_SLOTS;
    while (this.heapLen > 0) {
      const t = load<i64>(this.heap);
      const s = t >> SLOT_SHIFT;
      if (s >= limit) break;
      const v = load<i32>(this.heap, 16);
      this.heapPopTop();
      this.route(t, s, this.allocNode(v));
    }
  }

  // ---- overflow binary heap keyed (t, seq) ----

  // @ts-ignore: decorator
  @inline
  private static less(a: usize, b: usize): bool {
    const ta = load<i64>(a);
    const tb = load<i64>(b);
    return ta < tb || (ta == tb && load<i64>(a, 8) < load<i64>(b, 8));
  }

  private heapPush(t: i64, value: i32): void {
    if (this.heapLen == this.heapCap) {
      this.heap = heap.realloc(this.heap, <usize>this.heapCap * 2 * HREC);
      this.heapCap <<= 1;
    }
    const h = this.heap;
    const seq = this.seq++;
    let i = this.heapLen++;
    // sift up with a hole
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pp = h + <usize>p * HREC;
      const pt = load<i64>(pp);
      if (pt < t || (pt == t && load<i64>(pp, 8) < seq)) break;
      memory.copy(h + <usize>i * HREC, pp, HREC);
      i = p;
    }
    const ip = h + <usize>i * HREC;
    store<i64>(ip, t);
    store<i64>(ip, seq, 8);
    store<i32>(ip, value, 16);
  }

  private heapPopTop(): void {
    const h = this.heap;
    const len = --this.heapLen;
    if (len == 0) return;
    // move the last record down from the root with a hole
    const last = h + <usize>len * HREC;
    const lt = load<i64>(last);
    const ls = load<i64>(last, 8);
    const lv = load<i32>(last, 16);
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= len) break;
      let cp = h + <usize>c * HREC;
      if (c + 1 < len && TimingWheel.less(cp + HREC, cp)) {
        c++;
        cp += HREC;
      }
      const ct = load<i64>(cp);
      if (lt < ct || (lt == ct && ls < load<i64>(cp, 8))) break;
      memory.copy(h + <usize>i * HREC, cp, HREC);
      i = c;
    }
    const ip = h + <usize>i * HREC;
    store<i64>(ip, lt);
    store<i64>(ip, ls, 8);
    store<i32>(ip, lv, 16);
  }
}

// ---- host entry points (one global wheel) for tests and cross-checks ----

const W = new TimingWheel();

export function wheelReset(): void {
  W.clear();
}
/** t is an integer number of ms carried as f64 (exact up to 2^53). */
export function wheelPush(t: f64, value: i32): void {
  W.push(<i64>t, value);
}
export function wheelPop(): bool {
  return W.pop();
}
export function wheelPoppedT(): f64 {
  return <f64>W.poppedT;
}
export function wheelPoppedValue(): i32 {
  return W.poppedValue;
}
export function wheelSize(): i32 {
  return W.size;
}
export function wheelOverflowSize(): i32 {
  return W.overflowSize;
}
export function wheelPendingAtNow(): bool {
  return W.pendingAtNow();
}

/**
 * Runs a scripted op sequence on the global wheel (NOT reset first): for op i, kinds[i] = 0 pushes
 * (ts[i], values[i]); kinds[i] = 1 pops and appends (t, value) to outT/outV, or (-1, 0) when empty.
 * Returns the number of outputs written.
 */
export function wheelRunScript(n: i32, kinds: usize, ts: usize, values: usize, outT: usize, outV: usize): i32 {
  let o = 0;
  for (let i = 0; i < n; i++) {
    const off = <usize>i;
    if (load<i32>(kinds + (off << 2)) == 0) {
      W.push(<i64>load<f64>(ts + (off << 3)), load<i32>(values + (off << 2)));
    } else {
      if (W.pop()) {
        store<f64>(outT + (<usize>o << 3), <f64>W.poppedT);
        store<i32>(outV + (<usize>o << 2), W.poppedValue);
      } else {
        store<f64>(outT + (<usize>o << 3), -1);
        store<i32>(outV + (<usize>o << 2), 0);
      }
      o++;
    }
  }
  return o;
}
