// ResourceSlot (spec "Resource slot", "Resource regeneration"): hand-computed operations, derived
// reads, lazy regeneration, typed errors, invariants under random op sequences, wasm twin cross-check.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ResourceSlot } from "../src/kernels/resource.js";
import { KernelInputError, KERNEL_INPUT_INVALID } from "../src/kernels/primitives.js";
import { Xorshift64 } from "../src/kernels/rng.js";
import { wasm, scratchF64 } from "../src/engine/wasm.js";

describe("spend / gain", () => {
  it("spend is all-or-nothing", () => {
    const s = new ResourceSlot(50, 100, 10);
    expect(s.spend(30)).toBe(true); // 50 - 30 = 20
    expect(s.current).toBe(20);
    expect(s.spend(25)).toBe(false); // 20 < 25: nothing changes
    expect(s.current).toBe(20);
    expect(s.spend(20)).toBe(true); // exactly enough → 0
    expect(s.current).toBe(0);
    expect(s.spend(0)).toBe(true); // free cost always succeeds
    expect(s.current).toBe(0);
  });
  it("gain clamps to max and returns the wasted overflow", () => {
    const s = new ResourceSlot(90, 100, 0);
    expect(s.gain(25)).toBe(15); // 90 + 25 = 115 → 100, waste 15
    expect(s.current).toBe(100);
    const t = new ResourceSlot(40, 100, 0);
    expect(t.gain(10)).toBe(0); // 50, no waste
    expect(t.current).toBe(50);
    expect(t.gain(50)).toBe(0); // exactly to max: no waste
    expect(t.current).toBe(100);
  });
  it("rejects negative, NaN and infinite amounts with a typed error and changes nothing", () => {
    const s = new ResourceSlot(50, 100, 10);
    for (const [op, n] of [["spend", -1], ["spend", NaN], ["gain", -5], ["gain", NaN], ["gain", Infinity]] as const) {
      try {
        if (op === "spend") s.spend(n);
        else s.gain(n);
        expect.unreachable(`${op}(${n})`);
      } catch (e) {
        expect(e).toBeInstanceOf(KernelInputError);
        expect(e).toBeInstanceOf(RangeError);
        expect((e as KernelInputError).code).toBe(KERNEL_INPUT_INVALID);
        expect((e as Error).message).toContain(`ResourceSlot.${op}: field "amount"`);
      }
      expect(s.current).toBe(50);
    }
  });
  it("constructor validates current ∈ [0, max], max ≥ 0, regen ≥ 0", () => {
    expect(() => new ResourceSlot(120, 100, 0)).toThrow(/"current"/);
    expect(() => new ResourceSlot(-1, 100, 0)).toThrow(/"current"/);
    expect(() => new ResourceSlot(0, -1, 0)).toThrow(/"max"/);
    expect(() => new ResourceSlot(0, 100, NaN)).toThrow(/"regenPerSec"/);
    expect(() => new ResourceSlot(0, 100, -2)).toThrow(KernelInputError);
  });
});

describe("derived reads", () => {
  it("deficit, pct and deficitPct in percent points, timeToMax in seconds", () => {
    const s = new ResourceSlot(25, 100, 10);
    expect(s.deficit).toBe(75);
    expect(s.pct).toBe(25); // 25/100 × 100
    expect(s.deficitPct).toBe(75);
    expect(s.timeToMax).toBe(7.5); // 75 / 10 per s
    const mana = new ResourceSlot(30000, 240000, 0);
    expect(mana.pct).toBe(12.5); // 30000/240000 = 0.125 → 12.5 points
    expect(mana.deficitPct).toBe(87.5);
  });
  it("timeToMax: 0 when full, Infinity without regen", () => {
    expect(new ResourceSlot(100, 100, 10).timeToMax).toBe(0);
    expect(new ResourceSlot(100, 100, 0).timeToMax).toBe(0);
    expect(new ResourceSlot(99, 100, 0).timeToMax).toBe(Infinity);
  });
  it("a max-0 slot reads as full", () => {
    const s = new ResourceSlot(0, 0, 5);
    expect([s.deficit, s.pct, s.deficitPct, s.timeToMax]).toEqual([0, 100, 0, 0]);
    expect(s.gain(3)).toBe(3); // everything is waste
  });
});

describe("sync (lazy regeneration)", () => {
  it("regen = regenPerSec × haste mult × elapsed s, clamped to max", () => {
    const e = new ResourceSlot(0, 100, 10);
    // 10/s × (1 + 20/100) × 2 s = 24
    expect(e.sync(2000, 20, true)).toBeCloseTo(24, 12);
    expect(e.current).toBeCloseTo(24, 12);
    expect(e.lastSyncMs).toBe(2000);
    // not haste-scaled: 10 × 1 × 10 s = 100 → 124 → clamped 100, 76 regenerated
    expect(e.sync(12000, 20, false)).toBeCloseTo(76, 12);
    expect(e.current).toBe(100);
  });
  it("does nothing when now <= last sync (and does not move lastSyncMs back)", () => {
    const e = new ResourceSlot(10, 100, 10, 5000);
    expect(e.sync(5000, 0, false)).toBe(0);
    expect(e.sync(3000, 0, false)).toBe(0);
    expect(e.current).toBe(10);
    expect(e.lastSyncMs).toBe(5000);
    // 500 ms later: 10 × 0.5 = 5
    expect(e.sync(5500, 0, false)).toBe(5);
    expect(e.current).toBe(15);
  });
  it("floors at 0 when a haste below -100 % makes the multiplier negative", () => {
    const e = new ResourceSlot(10, 100, 10);
    // 10 × (1 - 2) × 3 s = -30 → 10 - 30 = -20 → 0
    expect(e.sync(3000, -200, true)).toBe(-10);
    expect(e.current).toBe(0);
  });
  it("rejects non-finite times", () => {
    expect(() => new ResourceSlot(0, 100, 10).sync(NaN, 0, false)).toThrow(/ResourceSlot.sync: field "nowMs"/);
    expect(() => new ResourceSlot(0, 100, 10).sync(1000, Infinity, true)).toThrow(/hastePct/);
  });
});

describe("invariants (property)", () => {
  type Op = { kind: "spend"; n: number } | { kind: "gain"; n: number } | { kind: "sync"; dt: number; haste: number; scaled: boolean };
  const amount = fc.double({ min: 0, max: 500, noNaN: true });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant("spend" as const), n: amount }),
    fc.record({ kind: fc.constant("gain" as const), n: amount }),
    fc.record({ kind: fc.constant("sync" as const), dt: fc.integer({ min: -2000, max: 20000 }), haste: fc.double({ min: -300, max: 300, noNaN: true }), scaled: fc.boolean() }),
  );
  it("0 ≤ current ≤ max, waste ≥ 0, spend all-or-nothing, gain conserves amount", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 50, noNaN: true }), fc.array(op, { maxLength: 80 }), (max, frac, regen, ops) => {
        const s = new ResourceSlot(max * frac, max, regen);
        let now = 0;
        for (const o of ops) {
          const before = s.current;
          if (o.kind === "spend") {
            const ok = s.spend(o.n);
            expect(ok).toBe(before >= o.n);
            expect(s.current).toBe(ok ? before - o.n : before);
          } else if (o.kind === "gain") {
            const waste = s.gain(o.n);
            expect(waste).toBeGreaterThanOrEqual(0);
            expect(s.current + waste).toBeCloseTo(before + o.n, 9);
          } else {
            now += o.dt;
            s.sync(now, o.haste, o.scaled);
          }
          expect(s.current).toBeGreaterThanOrEqual(0);
          expect(s.current).toBeLessThanOrEqual(s.max);
          expect(s.pct).toBeGreaterThanOrEqual(0);
          expect(s.pct).toBeLessThanOrEqual(100);
          expect(s.timeToMax).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

describe("wasm ResourceSlot twin", () => {
  it("invalid amounts: spend → false, gain → 0, nothing changes", () => {
    const slot = scratchF64("res.slot1", 4);
    slot.write([50, 100, 10, 0]);
    for (const n of [-1, NaN, Infinity]) {
      expect(wasm.resourceGain(slot.ptr, n)).toBe(0);
      expect(wasm.resourceSpend(slot.ptr, n)).toBe(false);
    }
    expect(Array.from(slot.read(4))).toEqual([50, 100, 10, 0]);
    // and the valid path through the pointer exports: 50 - 20 = 30; 30 + 80 = 110 → waste 10
    expect(wasm.resourceSpend(slot.ptr, 20)).toBe(true);
    expect(wasm.resourceGain(slot.ptr, 80)).toBe(10);
    expect(wasm.resourceSync(slot.ptr, 1000, 0, false)).toBe(0); // already full
    expect(wasm.resourceSpend(slot.ptr, 60)).toBe(true); // 40 left
    expect([wasm.resourceDeficit(slot.ptr), wasm.resourcePct(slot.ptr), wasm.resourceDeficitPct(slot.ptr), wasm.resourceTimeToMax(slot.ptr)]).toEqual([60, 40, 60, 6]);
  });

  it("agrees bit for bit with the TS twin over 150k random operations", () => {
    const N = 150_000;
    const g = new Xorshift64(0x5e50ce1n);
    const u = (a: number, b: number) => a + g.next() * (b - a);
    const ops = new Float64Array(N * 4);
    let now = 0;
    for (let i = 0; i < N; i++) {
      const r = g.next();
      if (r < 0.35) ops.set([0, g.next() < 0.1 ? 0 : u(0, 60), 0, 0], i * 4);
      else if (r < 0.7) ops.set([1, u(0, 60), 0, 0], i * 4);
      else {
        now += g.next() < 0.1 ? -Math.floor(u(0, 500)) : Math.floor(u(0, 4000));
        ops.set([2, now, u(-150, 150), g.next() < 0.5 ? 1 : 0], i * 4);
      }
    }
    const init = [37.5, 120, 11.5, 0];
    const slot = scratchF64("res.slot", 4);
    const opBuf = scratchF64("res.ops", N * 4);
    const outBuf = scratchF64("res.out", N * 7);
    slot.write(init);
    opBuf.write(ops);
    wasm.resourceBatch(slot.ptr, opBuf.ptr, N, outBuf.ptr);
    const out = outBuf.read(N * 7);

    const s = new ResourceSlot(init[0]!, init[1]!, init[2]!, init[3]!);
    let fails = 0;
    let wasted = 0;
    for (let i = 0; i < N; i++) {
      const kind = ops[i * 4]!;
      const a = ops[i * 4 + 1]!;
      let result: number;
      if (kind === 0) result = s.spend(a) ? 1 : 0;
      else if (kind === 1) result = s.gain(a);
      else result = s.sync(a, ops[i * 4 + 2]!, ops[i * 4 + 3] !== 0);
      if (kind === 0 && result === 0) fails++;
      if (kind === 1 && result > 0) wasted++;
      const mine = [result, s.current, s.deficit, s.pct, s.deficitPct, s.timeToMax, s.lastSyncMs];
      for (let f = 0; f < 7; f++) {
        if (!Object.is(mine[f], out[i * 7 + f])) throw new Error(`op ${i} field ${f}: ts ${mine} wasm ${Array.from(out.subarray(i * 7, i * 7 + 7))}`);
      }
    }
    expect(fails).toBeGreaterThan(0); // both spend outcomes exercised
    expect(wasted).toBeGreaterThan(0); // overflow exercised
  });
});
