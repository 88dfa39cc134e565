// Timing wheel event queue, TypeScript twin of assembly/wheel.ts (spec "Queue ordering"; Limits:
// 32768 slots of 32 ms ≈ 17.5 min). Same algorithm; see the wasm file's header for the design notes.
//
// Contract:
// - pop() returns the earliest event: ascending t, equal t in insertion order (FIFO), also across
//   the horizon (events more than 32768 * 32 ms ahead wait in an overflow heap keyed (t, seq)).
// - t is integer milliseconds: a safe integer >= 0, else push throws WheelError (WHEEL_BAD_TIME).
// - Late push: t < now (now = t of the last popped event, 0 initially) is treated as t = now: it is
//   returned with t = now, after events already pending at `now`, before anything later. Popped
//   times are therefore never decreasing. The engine never pushes into the past.
// - pop() returns a fresh `{ t, value }` object (callers may keep it), or null when empty.
import { CombatsimError } from "../errors.js";

export const WHEEL_SLOTS = 32768;
export const WHEEL_SLOT_MS = 32;

const MASK = WHEEL_SLOTS - 1;
const NIL = -1;

export class WheelError extends CombatsimError {
  constructor(t: unknown) {
    super("WHEEL_BAD_TIME", `TimingWheel.push: t = ${String(t)} is not a safe integer number of ms >= 0`);
  }
}

function ctz32(x: number): number {
  return 31 - Math.clz32(x & -x);
}

export class TimingWheel<T> {
  private base = 0; // absolute slot of the cursor
  private basePos = 0; // base % WHEEL_SLOTS
  private nowT = 0;
  private count = 0;

  private readonly slotHead = new Int32Array(WHEEL_SLOTS).fill(NIL);
  private readonly slotTail = new Int32Array(WHEEL_SLOTS).fill(NIL);
  private readonly l0 = new Int32Array(WHEEL_SLOTS >>> 5); // 1024 words: slot occupancy
  private readonly l1 = new Int32Array(32); // l0 word non-zero
  private l2 = 0; // l1 word non-zero
  private readonly curHead = new Int32Array(32);
  private readonly curTail = new Int32Array(32);
  private curMask = 0;

  private nodeT: Float64Array;
  private nodeNext: Int32Array;
  private values: (T | undefined)[];
  private nodeTop = 0;
  private freeHead = NIL;

  private heapT = new Float64Array(64);
  private heapSeq = new Float64Array(64);
  private heapNode = new Int32Array(64);
  private heapLen = 0;
  private seq = 0;

  constructor(initialNodes = 4096) {
    const cap = Math.max(16, initialNodes | 0);
    this.nodeT = new Float64Array(cap);
    this.nodeNext = new Int32Array(cap);
    this.values = new Array<T | undefined>(cap);
  }

  /** Number of pending events. */
  get size(): number {
    return this.count;
  }

  /** t of the last popped event (0 before the first pop). */
  get now(): number {
    return this.nowT;
  }

  /**
   * Whether an event with t == now is pending. Such events can only sit in the current slot's
   * millisecond sub-list now % 32 (base == floor(now / 32) once anything was popped; both 0 before).
   * The engine uses it to dispatch an event pushed at now directly when it would be the next pop.
   */
  pendingAtNow(): boolean {
    return (this.curMask & (1 << (this.nowT - this.base * WHEEL_SLOT_MS))) !== 0;
  }

  /** Pending events in the overflow heap (beyond the horizon); for tests and diagnostics. */
  get overflowSize(): number {
    return this.heapLen;
  }

  /** Empties the queue and resets time to 0, keeping the allocated pool. */
  clear(): void {
    this.slotHead.fill(NIL);
    this.slotTail.fill(NIL);
    this.l0.fill(0);
    this.l1.fill(0);
    this.l2 = 0;
    this.curMask = 0;
    this.values.fill(undefined);
    this.nodeTop = 0;
    this.freeHead = NIL;
    this.heapLen = 0;
    this.seq = 0;
    this.base = 0;
    this.basePos = 0;
    this.nowT = 0;
    this.count = 0;
  }

  /**
   * Moves the clock of an EMPTY queue back to 0 without clearing (twin of the wasm wheel's rebase:
   * an empty wheel holds nothing whose slot position would change).
   */
  rebase(): void {
    if (this.count !== 0) throw new Error("rebase: queue not empty");
    this.base = 0;
    this.basePos = 0;
    this.nowT = 0;
  }

  /** Schedules `value` at integer time t (ms). t < now is treated as t = now. */
  push(t: number, value: T): void {
    if (!Number.isSafeInteger(t) || t < 0) throw new WheelError(t);
    if (t < this.nowT) t = this.nowT;
    const n = this.allocNode(t, value);
    const s = Math.floor(t / WHEEL_SLOT_MS);
    if (s - this.base < WHEEL_SLOTS) this.route(n, t, s);
    else this.heapPush(t, n);
    this.count++;
  }

  /** Removes and returns the earliest event, or null when empty. */
  pop(): { t: number; value: T } | null {
    if (this.count === 0) return null;
    if (this.curMask === 0) this.advance();
    const k = ctz32(this.curMask);
    const n = this.curHead[k]!;
    const next = this.nodeNext[n]!;
    this.curHead[k] = next;
    if (next === NIL) this.curMask &= ~(1 << k);
    const t = this.nodeT[n]!;
    const value = this.values[n] as T;
    this.values[n] = undefined; // let the payload be collected
    this.nodeNext[n] = this.freeHead;
    this.freeHead = n;
    this.nowT = t;
    this.count--;
    return { t, value };
  }

  // ---- internals ----

  private allocNode(t: number, value: T): number {
    let n = this.freeHead;
    if (n !== NIL) this.freeHead = this.nodeNext[n]!;
    else {
      if (this.nodeTop === this.nodeT.length) this.growNodes();
      n = this.nodeTop++;
    }
    this.nodeT[n] = t;
    this.nodeNext[n] = NIL;
    this.values[n] = value;
    return n;
  }

  private growNodes(): void {
    const cap = this.nodeT.length * 2;
    const t = new Float64Array(cap);
    t.set(this.nodeT);
    const nx = new Int32Array(cap);
    nx.set(this.nodeNext);
    this.nodeT = t;
    this.nodeNext = nx;
    this.values.length = cap;
  }

  /** Links node n (time t, slot s within [base, base + WHEEL_SLOTS)) into the wheel. */
  private route(n: number, t: number, s: number): void {
    if (s === this.base) {
      const k = t - s * WHEEL_SLOT_MS; // millisecond within the current slot
      const bit = 1 << k;
      if (this.curMask & bit) this.nodeNext[this.curTail[k]!] = n;
      else {
        this.curHead[k] = n;
        this.curMask |= bit;
      }
      this.curTail[k] = n;
    } else {
      const pos = s % WHEEL_SLOTS;
      const tail = this.slotTail[pos]!;
      if (tail !== NIL) this.nodeNext[tail] = n;
      else {
        this.slotHead[pos] = n;
        this.setBit(pos);
      }
      this.slotTail[pos] = n;
    }
  }

  private setBit(pos: number): void {
    const w = pos >>> 5;
    const word = this.l0[w]!;
    this.l0[w] = word | (1 << (pos & 31));
    if (word !== 0) return; // the word was occupied: its l1 and l2 bits are already set (clearBit keeps that)
    const i = w >>> 5;
    const w1 = this.l1[i]!;
    this.l1[i] = w1 | (1 << (w & 31));
    if (w1 === 0) this.l2 |= 1 << i;
  }

  private clearBit(pos: number): void {
    const w = pos >>> 5;
    const word = this.l0[w]! & ~(1 << (pos & 31));
    this.l0[w] = word;
    if (word !== 0) return;
    const i = w >>> 5;
    const w1 = this.l1[i]! & ~(1 << (w & 31));
    this.l1[i] = w1;
    if (w1 === 0) this.l2 &= ~(1 << i);
  }

  /** First occupied slot position >= start, else the first overall (wrap). Requires l2 != 0. */
  private findFrom(start: number): number {
    const w = start >>> 5;
    const bits = this.l0[w]! & (-1 << (start & 31));
    if (bits !== 0) return (w << 5) | ctz32(bits);
    const w1 = w + 1;
    if (w1 < WHEEL_SLOTS >>> 5) {
      const i = w1 >>> 5;
      const b1 = this.l1[i]! & (-1 << (w1 & 31));
      if (b1 !== 0) return this.firstInWord((i << 5) | ctz32(b1));
      if (i + 1 < 32) {
        const b2 = this.l2 & (-1 << (i + 1)); // JS shifts are mod 32: guard i + 1 == 32
        if (b2 !== 0) return this.firstInL1(ctz32(b2));
      }
    }
    return this.firstInL1(ctz32(this.l2));
  }

  private firstInL1(i: number): number {
    return this.firstInWord((i << 5) | ctz32(this.l1[i]!));
  }

  private firstInWord(w: number): number {
    return (w << 5) | ctz32(this.l0[w]!);
  }

  /** Moves the cursor to the next non-empty slot and expands it into millisecond sub-lists. */
  private advance(): void {
    let s: number;
    if (this.l2 === 0) {
      s = Math.floor(this.heapT[0]! / WHEEL_SLOT_MS); // wheel empty: jump to the heap's earliest
    } else {
      const pos = this.findFrom(this.basePos);
      s = this.base + ((pos - this.basePos) & MASK);
    }
    this.base = s;
    const pos = s % WHEEL_SLOTS;
    this.basePos = pos;
    let n = this.slotHead[pos]!;
    if (n !== NIL && n === this.slotTail[pos]) {
      // one event in the slot (the common case when events are sparse): no list walk
      const k = this.nodeT[n]! - s * WHEEL_SLOT_MS;
      this.curHead[k] = n; // the tail's next is already NIL
      this.curTail[k] = n;
      this.curMask = 1 << k;
      this.slotHead[pos] = NIL;
      this.slotTail[pos] = NIL;
      this.clearBit(pos);
    } else if (n !== NIL) {
      const nodeNext = this.nodeNext;
      const nodeT = this.nodeT;
      const curHead = this.curHead;
      const curTail = this.curTail;
      const t0 = s * WHEEL_SLOT_MS;
      let mask = 0;
      do {
        const next = nodeNext[n]!;
        nodeNext[n] = NIL;
        const k = nodeT[n]! - t0;
        const bit = 1 << k;
        if (mask & bit) nodeNext[curTail[k]!] = n;
        else {
          curHead[k] = n;
          mask |= bit;
        }
        curTail[k] = n;
        n = next;
      } while (n !== NIL);
      this.curMask = mask;
      this.slotHead[pos] = NIL;
      this.slotTail[pos] = NIL;
      this.clearBit(pos);
    }
    if (this.heapLen > 0) this.migrate();
  }

  /** Moves heap events whose slot entered the horizon into the wheel, in (t, seq) order. */
  private migrate(): void {
    const limit = this.base + WHEEL_SLOTS;
    while (this.heapLen > 0) {
      const t = this.heapT[0]!;
      const s = Math.floor(t / WHEEL_SLOT_MS);
      if (s >= limit) break;
      const n = this.heapNode[0]!;
      this.heapPopTop();
      this.route(n, t, s);
    }
  }

  // ---- overflow binary heap keyed (t, seq), entries point at pool nodes ----

  private heapPush(t: number, n: number): void {
    if (this.heapLen === this.heapT.length) {
      const cap = this.heapLen * 2;
      const ht = new Float64Array(cap);
      ht.set(this.heapT);
      const hs = new Float64Array(cap);
      hs.set(this.heapSeq);
      const hn = new Int32Array(cap);
      hn.set(this.heapNode);
      this.heapT = ht;
      this.heapSeq = hs;
      this.heapNode = hn;
    }
    const ht = this.heapT;
    const hs = this.heapSeq;
    const hn = this.heapNode;
    const seq = this.seq++;
    let i = this.heapLen++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pt = ht[p]!;
      if (pt < t || (pt === t && hs[p]! < seq)) break;
      ht[i] = pt;
      hs[i] = hs[p]!;
      hn[i] = hn[p]!;
      i = p;
    }
    ht[i] = t;
    hs[i] = seq;
    hn[i] = n;
  }

  private heapPopTop(): void {
    const len = --this.heapLen;
    if (len === 0) return;
    const ht = this.heapT;
    const hs = this.heapSeq;
    const hn = this.heapNode;
    const lt = ht[len]!;
    const ls = hs[len]!;
    const ln = hn[len]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= len) break;
      if (c + 1 < len && (ht[c + 1]! < ht[c]! || (ht[c + 1] === ht[c] && hs[c + 1]! < hs[c]!))) c++;
      const ct = ht[c]!;
      if (lt < ct || (lt === ct && ls < hs[c]!)) break;
      ht[i] = ct;
      hs[i] = hs[c]!;
      hn[i] = hn[c]!;
      i = c;
    }
    ht[i] = lt;
    hs[i] = ls;
    hn[i] = ln;
  }
}
