// RPPM roll (spec "RPPM roll"; Limits 0.001 s, 3.5 s, 1000 s, 1.5, 3.0): hand-computed steps,
// draw counts, state transitions, properties, and the wasm twin cross-check.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { newRppmTracker, rollRppm, rppmChance, type RppmTracker } from "../src/kernels/rppm.js";
import { KernelInputError, KERNEL_INPUT_INVALID } from "../src/kernels/primitives.js";
import { Xorshift64 } from "../src/kernels/rng.js";
import { wasm, scratchF64 } from "../src/engine/wasm.js";

function scripted(values: number[]) {
  let i = 0;
  const rng = () => {
    if (i >= values.length) throw new Error(`rng drawn ${i + 1} times, only ${values.length} scripted`);
    return values[i++]!;
  };
  return { rng, draws: () => i };
}

function tracker(p: Partial<RppmTracker>): RppmTracker {
  return { rppm: 1, lastAttemptMs: 0, lastProcMs: 0, accumulatedBlp: 0, hasteScales: false, blpEnabled: false, ...p };
}

describe("rppmChance (steps 3–5)", () => {
  it("base chance = rppm × haste factor × elapsed / 60", () => {
    // 1.0 rppm, 30 % haste, scaling, 2 s: 1.0 × 1.3 × 2 / 60 = 0.04333…
    expect(rppmChance(1, 30, true, 2, 0, false)).toBeCloseTo(0.0433333333, 9);
    // without haste scaling the factor is 1.0: 1 × 2 / 60 = 0.0333…
    expect(rppmChance(1, 30, false, 2, 0, false)).toBeCloseTo(0.0333333333, 9);
  });
  it("caps elapsed at 3.5 s and floors it at 0", () => {
    // 10 s → 3.5 s: 2 × 3.5 / 60 = 0.116666…
    expect(rppmChance(2, 0, false, 10, 0, false)).toBeCloseTo(0.1166666667, 9);
    expect(rppmChance(2, 0, false, -4, 0, false)).toBe(0);
  });
  it("bad-luck factor = max(1, 1 + (acc / (60/realPpm) - 1.5) × 3)", () => {
    // rppm 2 → expected interval 60/2 = 30 s; acc 62 s: 1 + (62/30 - 1.5) × 3 = 1 + 0.5667 × 3 = 2.7
    // base 2 × 2 / 60 = 0.0667 → chance 0.0667 × 2.7 = 0.18
    expect(rppmChance(2, 0, false, 2, 62, true)).toBeCloseTo(0.18, 12);
    // acc 30 s: 1 + (1 - 1.5) × 3 = -0.5 → max(1, …) = 1 → chance = base
    expect(rppmChance(2, 0, false, 2, 30, true)).toBeCloseTo(2 * 2 / 60, 12);
    // disabled: acc ignored
    expect(rppmChance(2, 0, false, 2, 62, false)).toBeCloseTo(2 * 2 / 60, 12);
  });
  it("the haste factor enters the expected interval (real ppm = rppm × haste factor)", () => {
    // rppm 1, haste 50 % scaling → real ppm 1.5, interval 40 s; acc 80 s: 1 + (2 - 1.5) × 3 = 2.5;
    // base 1.5 × 2 / 60 = 0.05 → 0.125
    expect(rppmChance(1, 50, true, 2, 80, true)).toBeCloseTo(0.125, 12);
  });
  it("caps the accumulator at 1000 s and the chance at 1", () => {
    // rppm 0.1 → interval 600 s; acc 5000 → 1000: 1 + (1000/600 - 1.5) × 3 = 1.5; base 0.1 × 3.5/60 = 0.0058333
    // → 0.00875 (uncapped acc would give 1 + (8.333 - 1.5) × 3 = 21.5 → 0.1254)
    expect(rppmChance(0.1, 0, false, 3.5, 5000, true)).toBeCloseTo(0.00875, 12);
    // rppm 30, 3.5 s: base 30 × 3.5 / 60 = 1.75 → clamped 1
    expect(rppmChance(30, 0, false, 3.5, 0, false)).toBe(1);
  });
  it("zero real ppm skips BLP and gives chance 0 (rppm 0, or haste -100 % with scaling)", () => {
    expect(rppmChance(0, 0, false, 3, 999, true)).toBe(0);
    expect(rppmChance(2, -100, true, 3, 999, true)).toBe(0);
    expect(rppmChance(2, -150, true, 3, 999, true)).toBe(0); // negative base → clamp 0
  });
  it("validates its inputs", () => {
    expect(() => rppmChance(-1, 0, false, 1, 0, false)).toThrow(KernelInputError);
    expect(() => rppmChance(1, NaN, false, 1, 0, false)).toThrow(/hastePct/);
  });
  it("property: chance ∈ [0, 1] for any finite inputs", () => {
    const f = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(f(0, 1e6), f(-1000, 1000), fc.boolean(), f(-1e4, 1e4), f(-1e4, 1e6), fc.boolean(), (r, h, hs, e, a, blp) => {
        const c = rppmChance(r, h, hs, e, a, blp);
        expect(c >= 0 && c <= 1).toBe(true);
        // wasm twin, same value bit for bit
        expect(Object.is(wasm.rppmChance(r, h, hs, e, a, blp), c)).toBe(true);
      }),
    );
  });
});

describe("rollRppm (the 6 steps)", () => {
  it("rolls once against the base chance and advances the attempt time", () => {
    // chance 1.0 × 1.3 × 2 / 60 = 0.04333…: draw 0.0433 succeeds, 0.0434 fails
    const a = tracker({ hasteScales: true });
    const s = scripted([0.0433]);
    expect(rollRppm(a, 2000, 30, s.rng)).toBe(true);
    expect(s.draws()).toBe(1);
    expect(a).toMatchObject({ lastAttemptMs: 2000, lastProcMs: 2000, accumulatedBlp: 0 });

    const b = tracker({ hasteScales: true });
    expect(rollRppm(b, 2000, 30, scripted([0.0434]).rng)).toBe(false);
    // failure: attempt time advances, proc time stays, accumulator grows by 2 s
    expect(b).toMatchObject({ lastAttemptMs: 2000, lastProcMs: 0, accumulatedBlp: 2 });
  });

  it("step 1: within 0.001 s of the last attempt → false, no draw, nothing changes", () => {
    for (const now of [5000, 5000.5, 4999.5]) {
      const t = tracker({ lastAttemptMs: 5000, lastProcMs: 1000, accumulatedBlp: 4 });
      const s = scripted([]);
      expect(rollRppm(t, now, 0, s.rng)).toBe(false);
      expect(s.draws()).toBe(0);
      expect(t).toEqual(tracker({ lastAttemptMs: 5000, lastProcMs: 1000, accumulatedBlp: 4 }));
    }
    // exactly 1 ms later is not "within" (strict): it rolls. chance = 1 × 0.001 / 60 ≈ 1.67e-5
    const t = tracker({ lastAttemptMs: 5000 });
    const s = scripted([0.00001]);
    expect(rollRppm(t, 5001, 0, s.rng)).toBe(true);
    expect(s.draws()).toBe(1);
  });

  it("a fresh tracker starts at fight start: an attempt at t = 0 is skipped, t = 1000 rolls", () => {
    const t = newRppmTracker(6, { blpEnabled: true });
    expect(t).toEqual({ rppm: 6, lastAttemptMs: 0, lastProcMs: 0, accumulatedBlp: 0, hasteScales: false, blpEnabled: true });
    const s = scripted([0.5]);
    expect(rollRppm(t, 0, 0, s.rng)).toBe(false);
    expect(s.draws()).toBe(0);
    // 6 rppm, 1 s: base 0.1; interval 10 s, acc 1 s → factor max(1, 1 + (0.1 - 1.5) × 3) = 1; 0.5 ≥ 0.1 → fail
    expect(rollRppm(t, 1000, 0, s.rng)).toBe(false);
    expect(t.accumulatedBlp).toBe(1);
  });

  it("the accumulator grows by the real elapsed time (not the 3.5 s cap) and feeds the factor", () => {
    // last attempt 1000 ms, now 11000: real 10 s, chance uses 3.5 s.
    // rppm 2 → interval 30 s; acc = 50 + 10 = 60 s: factor 1 + (2 - 1.5) × 3 = 2.5; base 2 × 3.5/60 = 0.11667
    // → chance 0.291667. Draw 0.29 succeeds (it would fail without the current interval: acc 50 → factor 2 → 0.2333)
    const t = tracker({ rppm: 2, lastAttemptMs: 1000, accumulatedBlp: 50, blpEnabled: true });
    expect(rollRppm(t, 11000, 0, scripted([0.29]).rng)).toBe(true);
    expect(t).toMatchObject({ lastAttemptMs: 11000, lastProcMs: 11000, accumulatedBlp: 0 });

    const u = tracker({ rppm: 2, lastAttemptMs: 1000, accumulatedBlp: 50, blpEnabled: true });
    expect(rollRppm(u, 11000, 0, scripted([0.2917]).rng)).toBe(false); // 0.2917 ≥ 0.291667
    expect(u.accumulatedBlp).toBe(60); // 50 + 10, uncapped
  });

  it("time going backwards: elapsed 0 → chance 0, one draw, attempt time set to now", () => {
    const t = tracker({ rppm: 60, lastAttemptMs: 5000, accumulatedBlp: 3, blpEnabled: true });
    const s = scripted([0]);
    expect(rollRppm(t, 1000, 0, s.rng)).toBe(false); // 0 < 0 false
    expect(s.draws()).toBe(1);
    expect(t).toMatchObject({ lastAttemptMs: 1000, accumulatedBlp: 3 });
  });

  it("rejects non-finite inputs and a negative rate with a typed error, before drawing", () => {
    const s = scripted([]);
    const cases: [RppmTracker, number, number, string][] = [
      [tracker({}), NaN, 0, "nowMs"],
      [tracker({}), 1000, Infinity, "hastePct"],
      [tracker({ rppm: -1 }), 1000, 0, "tracker.rppm"],
      [tracker({ accumulatedBlp: -1 }), 1000, 0, "tracker.accumulatedBlp"],
      [tracker({ lastAttemptMs: NaN }), 1000, 0, "tracker.lastAttemptMs"],
    ];
    for (const [t, now, h, field] of cases) {
      try {
        rollRppm(t, now, h, s.rng);
        expect.unreachable(field);
      } catch (e) {
        expect(e).toBeInstanceOf(KernelInputError);
        expect((e as KernelInputError).code).toBe(KERNEL_INPUT_INVALID);
        expect((e as KernelInputError).field).toBe(field);
      }
    }
    expect(s.draws()).toBe(0);
  });

  it("property: with increasing times the accumulator equals the time since the last proc", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 8000 }), { minLength: 1, maxLength: 60 }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.bigInt({ min: 1n, max: (1n << 64n) - 1n }),
        (steps, rppm, seed) => {
          const g = new Xorshift64(seed);
          const t = newRppmTracker(rppm, { blpEnabled: true, hasteScales: true });
          let now = 0;
          for (const d of steps) {
            now += d;
            rollRppm(t, now, 20, () => g.next());
            expect(t.accumulatedBlp).toBeGreaterThanOrEqual(0);
            expect(t.accumulatedBlp).toBeCloseTo((t.lastAttemptMs - t.lastProcMs) / 1000, 6);
            expect(t.lastProcMs).toBeLessThanOrEqual(t.lastAttemptMs);
          }
        },
      ),
    );
  });

  it("BLP raises the proc rate toward the nominal rppm (statistical sanity, fixed seed)", () => {
    // 1 rppm attempted every 1 s for 10 simulated hours; without BLP the Poisson-like rate is ≈ 1/min
    // (slightly less, since chance per second is 1/60); BLP only adds procs after long dry spells.
    const run = (blp: boolean) => {
      const g = new Xorshift64(0x7777n);
      const t = newRppmTracker(1, { blpEnabled: blp });
      let procs = 0;
      for (let now = 1000; now <= 36_000_000; now += 1000) if (rollRppm(t, now, 0, () => g.next())) procs++;
      return procs / 600; // per minute
    };
    const plain = run(false);
    const withBlp = run(true);
    expect(plain).toBeGreaterThan(0.9);
    expect(plain).toBeLessThan(1.1);
    expect(withBlp).toBeGreaterThan(plain);
  });
});

describe("wasm RPPM twin", () => {
  it("rppmChance agrees bit for bit on 100k random calls", () => {
    const g = new Xorshift64(0xc4a9cen);
    const u = (a: number, b: number) => a + g.next() * (b - a);
    for (let i = 0; i < 100_000; i++) {
      const args = [u(0, 15), u(-150, 200), g.next() < 0.5, u(-1, 6), g.next() < 0.1 ? u(900, 5000) : u(0, 300), g.next() < 0.5] as const;
      const ts = rppmChance(...args);
      if (!Object.is(wasm.rppmChance(...args), ts)) throw new Error(`rppmChance(${args}) ts ${ts}`);
    }
  });

  it("agrees bit for bit on 120k random trackers/attempts sharing the same draws", () => {
    const N = 120_000;
    const g = new Xorshift64(0x7099a11dn);
    const u = (a: number, b: number) => a + g.next() * (b - a);
    const trackers: RppmTracker[] = [];
    const flat = new Float64Array(N * 6);
    const ops = new Float64Array(N * 2);
    for (let i = 0; i < N; i++) {
      const lastAttemptMs = Math.floor(u(0, 600_000));
      const t: RppmTracker = {
        rppm: g.next() < 0.05 ? 0 : u(0, 12),
        lastAttemptMs,
        lastProcMs: Math.floor(u(0, lastAttemptMs)),
        accumulatedBlp: g.next() < 0.1 ? u(900, 3000) : u(0, 200),
        hasteScales: g.next() < 0.5,
        blpEnabled: g.next() < 0.5,
      };
      const r = g.next();
      const delta = r < 0.05 ? 0 : r < 0.08 ? 0.5 : r < 0.11 ? 1 : r < 0.15 ? -u(2, 3000) : r < 0.3 ? u(3500, 60_000) : Math.floor(u(1, 3500));
      trackers.push(t);
      flat.set([t.rppm, t.lastAttemptMs, t.lastProcMs, t.accumulatedBlp, t.hasteScales ? 1 : 0, t.blpEnabled ? 1 : 0], i * 6);
      ops[2 * i] = lastAttemptMs + delta;
      ops[2 * i + 1] = u(-120, 150);
    }
    const draws = new Float64Array(N);
    for (let i = 0; i < N; i++) draws[i] = g.next() * (g.next() < 0.5 ? 0.3 : 1); // skew toward small draws: more procs

    const tBuf = scratchF64("rppm.trackers", N * 6);
    const oBuf = scratchF64("rppm.ops", N * 2);
    const dBuf = scratchF64("rppm.draws", N);
    const outBuf = scratchF64("rppm.out", N);
    tBuf.write(flat);
    oBuf.write(ops);
    dBuf.write(draws);
    const used = wasm.rppmBatch(tBuf.ptr, N, oBuf.ptr, dBuf.ptr, outBuf.ptr);
    const out = outBuf.read(N);
    const after = tBuf.read(N * 6);

    let k = 0;
    const rng = () => draws[k++]!;
    let procs = 0;
    for (let i = 0; i < N; i++) {
      const t = trackers[i]!;
      const ok = rollRppm(t, ops[2 * i]!, ops[2 * i + 1]!, rng);
      if (ok) procs++;
      const mine = [ok ? 1 : 0, t.rppm, t.lastAttemptMs, t.lastProcMs, t.accumulatedBlp, t.hasteScales ? 1 : 0, t.blpEnabled ? 1 : 0];
      const theirs = [out[i]!, ...after.subarray(i * 6, i * 6 + 6)];
      for (let f = 0; f < 7; f++) {
        if (!Object.is(mine[f], theirs[f])) throw new Error(`case ${i} field ${f}: ts ${mine} wasm ${theirs}`);
      }
    }
    expect(used).toBe(k);
    expect(k).toBeLessThan(N); // some same-time skips made no draw
    expect(procs).toBeGreaterThan(1000);
  });
});
