import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { TimingWheel, WheelError, WHEEL_SLOTS, WHEEL_SLOT_MS } from "../src/kernels/wheel.js";
import { Xorshift64 } from "../src/kernels/rng.js";
import { wasm, scratchF64, scratchI32 } from "../src/engine/wasm.js";

// Horizon = 32768 slots * 32 ms = 1_048_576 ms (~17.5 min).
const HORIZON = 1_048_576;
const HOUR = 3_600_000;

function drain<T>(w: TimingWheel<T>): [number, T][] {
  const out: [number, T][] = [];
  for (let e = w.pop(); e !== null; e = w.pop()) out.push([e.t, e.value]);
  return out;
}

/** Reference queue: O(n) scan for the minimum (t, seq); late pushes clamp to now like the wheel. */
class RefQueue {
  items: { t: number; seq: number; v: number }[] = [];
  seq = 0;
  now = 0;
  push(t: number, v: number) {
    this.items.push({ t: Math.max(t, this.now), seq: this.seq++, v });
  }
  pop(): [number, number] | null {
    if (this.items.length === 0) return null;
    let b = 0;
    for (let i = 1; i < this.items.length; i++) {
      const a = this.items[i]!;
      const m = this.items[b]!;
      if (a.t < m.t || (a.t === m.t && a.seq < m.seq)) b = i;
    }
    const [e] = this.items.splice(b, 1);
    this.now = e!.t;
    return [e!.t, e!.v];
  }
}

describe("TimingWheel (TS twin): unit", () => {
  it("constants match the spec limits", () => {
    expect(WHEEL_SLOTS).toBe(32768);
    expect(WHEEL_SLOT_MS).toBe(32);
    expect(WHEEL_SLOTS * WHEEL_SLOT_MS).toBe(HORIZON); // 17.48 min
  });

  it("pop on empty returns null; size tracks pushes and pops", () => {
    const w = new TimingWheel<string>();
    expect(w.pop()).toBeNull();
    expect(w.size).toBe(0);
    w.push(10, "a");
    w.push(5, "b");
    expect(w.size).toBe(2);
    expect(w.pop()).toEqual({ t: 5, value: "b" });
    expect(w.size).toBe(1);
    expect(w.pop()).toEqual({ t: 10, value: "a" });
    expect(w.size).toBe(0);
    expect(w.pop()).toBeNull();
    expect(w.size).toBe(0);
  });

  it("equal t pops in insertion order (FIFO)", () => {
    const w = new TimingWheel<string>();
    w.push(100, "a");
    w.push(100, "b");
    w.push(50, "c");
    w.push(100, "d");
    w.push(0, "e");
    w.push(0, "f");
    expect(drain(w)).toEqual([
      [0, "e"],
      [0, "f"],
      [50, "c"],
      [100, "a"],
      [100, "b"],
      [100, "d"],
    ]);
  });

  it("events in the same 32 ms slot with different t pop in t order", () => {
    const w = new TimingWheel<string>();
    // slot 1 covers 32..63; slot 0 (the current slot at start) covers 0..31
    w.push(63, "x");
    w.push(33, "y");
    w.push(40, "z");
    w.push(32, "w");
    w.push(31, "p");
    w.push(0, "q");
    w.push(17, "r");
    expect(drain(w)).toEqual([
      [0, "q"],
      [17, "r"],
      [31, "p"],
      [32, "w"],
      [33, "y"],
      [40, "z"],
      [63, "x"],
    ]);
  });

  it("same-slot pushes after the cursor reached that slot still interleave by t and FIFO", () => {
    const w = new TimingWheel<string>();
    w.push(70, "a"); // slot 2 (64..95)
    w.push(66, "b");
    expect(w.pop()).toEqual({ t: 66, value: "b" }); // cursor now in slot 2
    w.push(70, "c"); // same t as "a", pushed later -> after "a"
    w.push(68, "d");
    w.push(95, "e");
    w.push(96, "f"); // slot 3
    expect(drain(w)).toEqual([
      [68, "d"],
      [70, "a"],
      [70, "c"],
      [95, "e"],
      [96, "f"],
    ]);
  });

  it("orders events at and beyond the 17.5 min horizon and hours ahead", () => {
    const w = new TimingWheel<string>();
    w.push(10 * HOUR, "10h-a");
    w.push(HORIZON + 5, "h+5"); // slot 32768: first slot beyond the horizon -> overflow
    w.push(HORIZON - 1, "h-1"); // slot 32767: last slot inside the horizon
    w.push(10 * HOUR, "10h-b");
    w.push(5, "five");
    w.push(3 * HOUR + 7, "3h");
    w.push(HORIZON + 4, "h+4");
    expect(w.overflowSize).toBe(5); // 10h-a, h+5, 10h-b, 3h, h+4
    expect(w.size).toBe(7);
    expect(drain(w)).toEqual([
      [5, "five"],
      [HORIZON - 1, "h-1"],
      [HORIZON + 4, "h+4"],
      [HORIZON + 5, "h+5"],
      [3 * HOUR + 7, "3h"],
      [10 * HOUR, "10h-a"],
      [10 * HOUR, "10h-b"],
    ]);
  });

  it("many equal far-future times keep insertion order through the overflow heap", () => {
    const w = new TimingWheel<number>();
    // 200 events alternating between two far times (and a nearer far one every 3rd push) so the heap
    // reorders them; each time's events must come out in push order.
    for (let i = 0; i < 200; i++) w.push(i % 3 === 0 ? 2 * HOUR : i % 2 === 0 ? 5 * HOUR : 5 * HOUR + 1, i);
    const out = drain(w);
    const at = (t: number) => out.filter(([x]) => x === t).map(([, v]) => v);
    const expect2h = Array.from({ length: 200 }, (_, i) => i).filter((i) => i % 3 === 0);
    const expect5h = Array.from({ length: 200 }, (_, i) => i).filter((i) => i % 3 !== 0 && i % 2 === 0);
    const expect5h1 = Array.from({ length: 200 }, (_, i) => i).filter((i) => i % 3 !== 0 && i % 2 !== 0);
    expect(at(2 * HOUR)).toEqual(expect2h);
    expect(at(5 * HOUR)).toEqual(expect5h);
    expect(at(5 * HOUR + 1)).toEqual(expect5h1);
    expect(out.map(([t]) => t)).toEqual([...expect2h.map(() => 2 * HOUR), ...expect5h.map(() => 5 * HOUR), ...expect5h1.map(() => 5 * HOUR + 1)]);
  });

  it("FIFO holds between an overflow event and a later direct push at the same t", () => {
    const w = new TimingWheel<string>();
    w.push(2_000_000, "A"); // beyond the horizon at push time -> overflow heap
    w.push(1_500_000, "tick");
    expect(w.overflowSize).toBe(2);
    expect(w.pop()).toEqual({ t: 1_500_000, value: "tick" }); // 2_000_000 is now within the horizon
    expect(w.overflowSize).toBe(0);
    w.push(2_000_000, "B"); // direct wheel push, same t, later insertion -> after A
    w.push(1_999_999, "C");
    expect(drain(w)).toEqual([
      [1_999_999, "C"],
      [2_000_000, "A"],
      [2_000_000, "B"],
    ]);
  });

  it("late push (t < now) is treated as t = now: after pending events at now, before later ones", () => {
    const w = new TimingWheel<string>();
    w.push(100, "a");
    w.push(100, "b");
    w.push(101, "c");
    expect(w.pop()).toEqual({ t: 100, value: "a" });
    expect(w.now).toBe(100);
    w.push(50, "late");
    expect(drain(w)).toEqual([
      [100, "b"],
      [100, "late"],
      [101, "c"],
    ]);
  });

  it("grows its node pool past the initial capacity", () => {
    const w = new TimingWheel<number>(16);
    // 5000 events at t = (i * 7919) mod 5000: a permutation of 0..4999 (7919 is prime, coprime to 5000)
    for (let i = 0; i < 5000; i++) w.push((i * 7919) % 5000, i);
    expect(w.size).toBe(5000);
    const out = drain(w);
    expect(out.map(([t]) => t)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
  });

  it("clear() empties the queue and resets time", () => {
    const w = new TimingWheel<number>();
    w.push(5 * HOUR, 1);
    w.push(10, 2);
    w.pop();
    w.clear();
    expect(w.size).toBe(0);
    expect(w.now).toBe(0);
    expect(w.pop()).toBeNull();
    w.push(3, 9);
    expect(w.pop()).toEqual({ t: 3, value: 9 });
  });

  it("rejects times that are not safe integers >= 0 with WHEEL_BAD_TIME", () => {
    const w = new TimingWheel<number>();
    for (const bad of [-1, 1.5, Number.NaN, Infinity, 2 ** 53]) {
      let err: unknown;
      try {
        w.push(bad, 0);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(WheelError);
      expect((err as WheelError).code).toBe("WHEEL_BAD_TIME");
      expect((err as Error).message).toContain(String(bad));
    }
    expect(w.size).toBe(0); // nothing was inserted
  });
});

// ---- property tests vs the reference queue ----

type Op = { kind: "push"; rel: boolean; dt: number } | { kind: "pop" };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("push" as const), rel: fc.constant(true), dt: fc.nat({ max: 100 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("push" as const), rel: fc.constant(true), dt: fc.nat({ max: 3000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("push" as const), rel: fc.constant(true), dt: fc.nat({ max: 4 * HOUR }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("push" as const), rel: fc.constant(true), dt: fc.constantFrom(0, HORIZON - 32, HORIZON, HORIZON + 31) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("push" as const), rel: fc.constant(false), dt: fc.nat({ max: 2 * HOUR }) }) }, // absolute: may be late
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("push" as const), rel: fc.constant(false), dt: fc.constantFrom(HOUR, 2 * HOUR, 2 * HOUR + 1) }) }, // far ties in the overflow heap
  { weight: 7, arbitrary: fc.constant({ kind: "pop" as const }) },
);

describe("TimingWheel (TS twin): properties", () => {
  it("interleaved push/pop (near, far, late, ties) matches a stable reference queue", () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 400 }), (ops) => {
        const w = new TimingWheel<number>(16);
        const ref = new RefQueue();
        let id = 0;
        for (const op of ops) {
          if (op.kind === "push") {
            const t = op.rel ? w.now + op.dt : op.dt;
            w.push(t, id);
            ref.push(t, id);
            id++;
          } else {
            const got = w.pop();
            const exp = ref.pop();
            expect(got === null ? null : [got.t, got.value]).toEqual(exp);
          }
          expect(w.size).toBe(ref.items.length);
        }
        // drain the rest
        for (;;) {
          const got = w.pop();
          const exp = ref.pop();
          expect(got === null ? null : [got.t, got.value]).toEqual(exp);
          if (exp === null) break;
        }
      }),
      { numRuns: 500 },
    );
  });

  it("popped times never decrease and every pushed event comes out exactly once", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 20 * HOUR }), { minLength: 1, maxLength: 300 }), (ts) => {
        const w = new TimingWheel<number>();
        ts.forEach((t, i) => w.push(t, i));
        const out = drain(w);
        expect(out.length).toBe(ts.length);
        // stable sort by t = the expected order
        const exp = ts.map((t, i) => [t, i] as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        expect(out).toEqual(exp);
      }),
      { numRuns: 300 },
    );
  });
});

// ---- wasm vs TS twin ----

/** Deterministic op script: kinds 0 = push, 1 = pop; t relative to a tracked `now` as in the engine. */
function makeScript(n: number, seed: bigint) {
  const g = new Xorshift64(seed);
  const kinds = new Int32Array(n);
  const ts = new Float64Array(n);
  const vs = new Int32Array(n);
  let pending = 0;
  for (let i = 0; i < n; i++) {
    const r = g.next();
    if (pending > 0 && r < 0.48) {
      kinds[i] = 1;
      pending--;
    } else {
      kinds[i] = 0;
      vs[i] = i;
      pending++;
      const u = g.next();
      // The script does not know `now`; it emits absolute times drawn around a moving estimate
      // (i * 2 ms), which yields near, same-slot, tie, far (hours) and late (clamped) pushes.
      const base = i * 2;
      if (u < 0.01) ts[i] = base + Math.floor(g.next() * 10 * HOUR);
      else if (u < 0.02) ts[i] = 5 * HOUR + (i & 1) * 32; // far ties: equal t across overflow heap and wheel
      else if (u < 0.05) ts[i] = base + Math.floor(g.next() * 2 * HORIZON);
      else if (u < 0.1) ts[i] = Math.max(0, base - Math.floor(g.next() * 5000)); // often late
      else if (u < 0.3) ts[i] = base + 64; // many exact ties
      else ts[i] = base + Math.floor(g.next() * 3000);
    }
  }
  return { kinds, ts, vs };
}

function runTs(kinds: Int32Array, ts: Float64Array, vs: Int32Array) {
  const w = new TimingWheel<number>();
  const outT: number[] = [];
  const outV: number[] = [];
  for (let i = 0; i < kinds.length; i++) {
    if (kinds[i] === 0) w.push(ts[i]!, vs[i]!);
    else {
      const e = w.pop();
      outT.push(e === null ? -1 : e.t);
      outV.push(e === null ? 0 : e.value);
    }
  }
  return { outT, outV, size: w.size };
}

function runWasm(kinds: Int32Array, ts: Float64Array, vs: Int32Array) {
  const n = kinds.length;
  const k = scratchI32("test.wheel.kinds", n);
  const t = scratchF64("test.wheel.t", n);
  const v = scratchI32("test.wheel.v", n);
  const oT = scratchF64("test.wheel.outT", n);
  const oV = scratchI32("test.wheel.outV", n);
  k.write(kinds);
  t.write(ts);
  v.write(vs);
  wasm.wheelReset();
  const m = wasm.wheelRunScript(n, k.ptr, t.ptr, v.ptr, oT.ptr, oV.ptr);
  return { outT: Array.from(oT.read(m)), outV: Array.from(oV.read(m)), size: wasm.wheelSize() };
}

describe("TimingWheel wasm vs TS twin", () => {
  it("identical popped (t, payload) sequences on 300k scripted ops (near, far, ties, late)", () => {
    for (const seed of [1n, 0xabcdefn]) {
      const { kinds, ts, vs } = makeScript(300_000, seed);
      const a = runTs(kinds, ts, vs);
      const b = runWasm(kinds, ts, vs);
      expect(a.outT.length).toBeGreaterThan(100_000);
      expect(b.outT.length).toBe(a.outT.length);
      expect(b.size).toBe(a.size);
      let firstDiff = -1;
      for (let i = 0; i < a.outT.length && firstDiff < 0; i++) {
        if (a.outT[i] !== b.outT[i] || a.outV[i] !== b.outV[i]) firstDiff = i;
      }
      expect(firstDiff).toBe(-1);
      // and the sequence is itself well-ordered: times never decrease
      for (let i = 1; i < a.outT.length; i++) {
        if (a.outT[i]! !== -1 && a.outT[i - 1]! !== -1 && a.outT[i]! < a.outT[i - 1]!) {
          expect(a.outT[i]).toBeGreaterThanOrEqual(a.outT[i - 1]!);
        }
      }
    }
  });

  it("pendingAtNow (engine immediate-dispatch check) = some pending event has t == now, in wasm and TS", () => {
    // Pushes at now (delay 0), at now + 1..40 ms (same or next 32 ms slot) and far ahead (overflow heap),
    // so the current slot's sub-lists, slot changes and heap migration are all exercised.
    const g = new Xorshift64(99n);
    const ref = new RefQueue();
    const w = new TimingWheel<number>();
    wasm.wheelReset();
    let checked = 0;
    let positives = 0;
    for (let i = 0; i < 20_000; i++) {
      const r = g.next();
      if (ref.items.length > 0 && r < 0.45) {
        const e = ref.pop()!;
        const a = w.pop()!;
        expect(wasm.wheelPop()).toBe(true);
        expect([a.t, a.value]).toEqual(e);
        expect(wasm.wheelPoppedT()).toBe(e[0]);
      } else {
        const u = g.next();
        const d = u < 0.3 ? 0 : u < 0.8 ? Math.floor(u * 50) : u < 0.98 ? Math.floor(u * 5000) : HORIZON + Math.floor(u * 1000);
        ref.push(ref.now + d, i);
        w.push(ref.now + d, i);
        wasm.wheelPush(ref.now + d, i);
      }
      const expected = ref.items.some((e) => e.t === ref.now);
      expect(w.pendingAtNow()).toBe(expected);
      expect(wasm.wheelPendingAtNow()).toBe(expected);
      checked++;
      if (expected) positives++;
    }
    expect(checked).toBe(20_000);
    expect(positives).toBeGreaterThan(1000); // the check is exercised both ways
    expect(checked - positives).toBeGreaterThan(1000);
  });

  it("wasm matches the reference queue on a smaller script and reports empty pops as (-1, 0)", () => {
    const { kinds, ts, vs } = makeScript(20_000, 7n);
    const ref = new RefQueue();
    const expT: number[] = [];
    const expV: number[] = [];
    for (let i = 0; i < kinds.length; i++) {
      if (kinds[i] === 0) ref.push(ts[i]!, vs[i]!);
      else {
        const e = ref.pop();
        expT.push(e === null ? -1 : e[0]);
        expV.push(e === null ? 0 : e[1]);
      }
    }
    const b = runWasm(kinds, ts, vs);
    expect(b.outT).toEqual(expT);
    expect(b.outV).toEqual(expV);
    // explicit empty pop
    wasm.wheelReset();
    expect(wasm.wheelPop()).toBe(false);
    expect(wasm.wheelSize()).toBe(0);
    wasm.wheelPush(HORIZON * 3, 42);
    expect(wasm.wheelOverflowSize()).toBe(1);
    expect(wasm.wheelPop()).toBe(true);
    expect(wasm.wheelPoppedT()).toBe(HORIZON * 3);
    expect(wasm.wheelPoppedValue()).toBe(42);
  });
});
