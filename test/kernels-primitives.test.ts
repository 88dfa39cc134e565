// Randomness primitives: procChance, rollTier, shufflePick (spec "Randomness"), TS and wasm twins.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { KernelInputError, KERNEL_INPUT_INVALID, procChance, rollTier, shufflePick, shufflePickInPlace } from "../src/kernels/primitives.js";
import { Xorshift64 } from "../src/kernels/rng.js";
import { wasm, scratchF64, scratchI32 } from "../src/engine/wasm.js";

/** An rng that returns the given values in order, counts draws, and fails loudly when exhausted. */
function scripted(values: number[]) {
  let i = 0;
  const rng = () => {
    if (i >= values.length) throw new Error(`rng drawn ${i + 1} times, only ${values.length} scripted`);
    return values[i++]!;
  };
  return { rng, draws: () => i };
}

describe("procChance", () => {
  it("makes exactly one draw and succeeds iff draw < chance (strict)", () => {
    const s = scripted([0.29, 0.3, 0.31]);
    expect(procChance(0.3, s.rng)).toBe(true); // 0.29 < 0.3
    expect(procChance(0.3, s.rng)).toBe(false); // 0.3 < 0.3 is false: strict
    expect(procChance(0.3, s.rng)).toBe(false); // 0.31
    expect(s.draws()).toBe(3);
  });
  it("still draws for chance <= 0 (never) and >= 1 (always)", () => {
    const s = scripted([0, 0.999999, 0]);
    expect(procChance(0, s.rng)).toBe(false); // 0 < 0 false
    expect(procChance(1, s.rng)).toBe(true); // 0.999999 < 1
    expect(procChance(-0.5, s.rng)).toBe(false);
    expect(s.draws()).toBe(3);
  });
  it("rejects a NaN chance with a typed error", () => {
    const s = scripted([0.5]);
    try {
      procChance(NaN, s.rng);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(KernelInputError);
      expect(e).toBeInstanceOf(RangeError);
      expect((e as KernelInputError).code).toBe(KERNEL_INPUT_INVALID);
      expect((e as Error).message).toContain('procChance: field "chance"');
    }
    expect(s.draws()).toBe(0); // validation happens before the draw
  });
});

describe("rollTier", () => {
  // tiers 50 % / 30 % / 20 %  → cumulative [0.5, 0.8, 1.0]
  const t = [0.5, 0.8, 1.0];
  it("returns the first threshold the roll falls under (strict), one draw each", () => {
    const s = scripted([0.0, 0.49, 0.5, 0.79, 0.8, 0.99]);
    expect([0, 1, 2, 3, 4, 5].map(() => rollTier(t, s.rng))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(s.draws()).toBe(6);
  });
  it("returns thresholds.length when the roll is under none (partial table or empty list)", () => {
    const s = scripted([0.95, 0.1]);
    expect(rollTier([0.5, 0.9], s.rng)).toBe(2); // 0.95 ≥ 0.9 → no tier
    expect(rollTier([], s.rng)).toBe(0); // empty list: still one draw, result 0 = length
    expect(s.draws()).toBe(2);
  });
  it("rejects descending or NaN thresholds", () => {
    const s = scripted([0.5]);
    expect(() => rollTier([0.5, 0.4], s.rng)).toThrow(/thresholds\[1\]/);
    expect(() => rollTier([NaN], s.rng)).toThrow(KernelInputError);
    expect(s.draws()).toBe(0);
  });
});

describe("shufflePick", () => {
  it("follows the exact partial Fisher–Yates draw order", () => {
    // items [10,20,30,40,50], k = 3
    // i=0: j = 0 + floor(0.9 * 5) = 4 → swap a0,a4 → [50,20,30,40,10]
    // i=1: j = 1 + floor(0.0 * 4) = 1 → no-op     → [50,20,30,40,10]
    // i=2: j = 2 + floor(0.5 * 3) = 3 → swap a2,a3 → [50,20,40,30,10]
    const s = scripted([0.9, 0.0, 0.5]);
    const items = [10, 20, 30, 40, 50];
    expect(shufflePick(items, 3, s.rng)).toEqual([50, 20, 40]);
    expect(s.draws()).toBe(3); // exactly k draws
    expect(items).toEqual([10, 20, 30, 40, 50]); // input untouched
  });
  it("k = n draws n times (last draw forced j = n-1), k = 0 draws nothing", () => {
    // [1,2,3]: i=0 j=0+floor(0.5*3)=1 → [2,1,3]; i=1 j=1+floor(0.99*2)=2 → [2,3,1]; i=2 j=2+floor(0.3*1)=2 → same
    const s = scripted([0.5, 0.99, 0.3]);
    expect(shufflePick([1, 2, 3], 3, s.rng)).toEqual([2, 3, 1]);
    expect(shufflePick([1, 2, 3], 0, s.rng)).toEqual([]);
    expect(s.draws()).toBe(3);
  });
  it("rejects k outside [0, n] or non-integer", () => {
    const s = scripted([]);
    for (const k of [-1, 4, 1.5, NaN]) expect(() => shufflePick([1, 2, 3], k, s.rng)).toThrow(KernelInputError);
  });
  it("property: picks are k distinct items of the input", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer(), { maxLength: 30 }), fc.nat(), fc.bigInt({ min: 1n, max: (1n << 64n) - 1n }), (items, kk, seed) => {
        const k = items.length === 0 ? 0 : kk % (items.length + 1);
        const g = new Xorshift64(seed);
        const picks = shufflePick(items, k, () => g.next());
        expect(picks.length).toBe(k);
        expect(new Set(picks).size).toBe(k);
        for (const p of picks) expect(items).toContain(p);
      }),
    );
  });
});

describe("wasm twins agree bit-exactly (100k+ random cases each)", () => {
  const N = 100_000;
  it("procChance", () => {
    const g = new Xorshift64(0xc0ffee01n);
    const chances = new Float64Array(N);
    const draws = new Float64Array(N);
    for (let i = 0; i < N; i++) {
      // chances in [-0.25, 1.25): covers never/always, plus some draws exactly equal to the chance
      chances[i] = g.next() * 1.5 - 0.25;
      draws[i] = i % 97 === 0 ? chances[i]! : g.next();
    }
    const cIn = scratchF64("prim.chances", N);
    const dIn = scratchF64("prim.draws", N);
    const out = scratchF64("prim.out", N);
    cIn.write(chances);
    dIn.write(draws);
    const used = wasm.procChanceBatch(cIn.ptr, N, dIn.ptr, out.ptr);
    expect(used).toBe(N);
    const o = out.read(N);
    let k = 0;
    const rng = () => draws[k++]!;
    let mism = 0;
    for (let i = 0; i < N; i++) if ((procChance(chances[i]!, rng) ? 1 : 0) !== o[i]) mism++;
    expect(mism).toBe(0);
    expect(k).toBe(N);
  });
  it("rollTier", () => {
    const g = new Xorshift64(0xc0ffee02n);
    const th = [0.1, 0.25, 0.25, 0.6, 0.9]; // includes a zero-width tier (index 2 can never win)
    const draws = new Float64Array(N);
    for (let i = 0; i < N; i++) draws[i] = i % 50 === 0 ? th[i % 5]! : g.next();
    const tIn = scratchF64("prim.th", th.length);
    const dIn = scratchF64("prim.draws", N);
    const out = scratchF64("prim.out", N);
    tIn.write(th);
    dIn.write(draws);
    expect(wasm.rollTierBatch(tIn.ptr, th.length, N, dIn.ptr, out.ptr)).toBe(N);
    const o = out.read(N);
    let k = 0;
    const rng = () => draws[k++]!;
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < N; i++) {
      const tier = rollTier(th, rng);
      counts[tier]!++;
      if (tier !== o[i]) throw new Error(`case ${i}: ts ${tier} wasm ${o[i]}`);
    }
    expect(counts[2]).toBe(0);
    expect(counts[5]).toBeGreaterThan(0); // ≥ 0.9 → no tier
  });
  it("shufflePick", () => {
    const n = 40;
    const k = 7;
    const reps = 100_000; // 700k draws
    const g = new Xorshift64(0xc0ffee03n);
    const draws = new Float64Array(reps * k);
    for (let i = 0; i < draws.length; i++) draws[i] = g.next();
    const items = Array.from({ length: n }, (_, i) => i * 3 + 1);
    const iIn = scratchI32("prim.items", n);
    const dIn = scratchF64("prim.draws", draws.length);
    const out = scratchI32("prim.picks", reps * k);
    iIn.write(items);
    dIn.write(draws);
    expect(wasm.shufflePickBatch(iIn.ptr, n, k, reps, dIn.ptr, out.ptr)).toBe(reps * k);
    const o = out.read(reps * k);
    let d = 0;
    const rng = () => draws[d++]!;
    const cur = items.slice();
    for (let r = 0; r < reps; r++) {
      // the public copy-returning API and the in-place core consume the same k draws
      const picks = shufflePick(cur, k, rng);
      d -= k;
      shufflePickInPlace(cur, n, k, rng); // the batch continues from the previous permutation
      for (let i = 0; i < k; i++) {
        if (cur[i] !== picks[i] || o[r * k + i] !== picks[i]) throw new Error(`rep ${r} pick ${i}`);
      }
    }
    expect(d).toBe(reps * k);
  });
});

describe("package root surface (DESIGN.md 'Library surface')", () => {
  it("exports the kernel API under the stable names", async () => {
    const root = await import("../src/index.js");
    const g = new root.Xorshift64(42n);
    const rng = () => g.next();
    const r = root.damageCalc({ base: 10, weaponMin: 0, weaponMax: 0, weaponMultiplier: 0, coefficient: 0, attackPower: 0, critChance: 0, versatility: 0, armor: 0, armorK: 1, damageMultiplier: 1, masteryMultiplier: 1 }, rng);
    expect(r).toEqual({ raw: 10, isCrit: false, finalAmount: 10 });
    expect(root.armorMitigation(0, 1)).toBe(1);
    const t = { rppm: 1, lastAttemptMs: 0, lastProcMs: 0, accumulatedBlp: 0, hasteScales: false, blpEnabled: false };
    expect(typeof root.rollRppm(t, 1000, 0, rng)).toBe("boolean");
    expect(t.lastAttemptMs).toBe(1000);
    const slot = new root.ResourceSlot(10, 100, 5);
    expect([slot.spend(5), slot.gain(200), slot.deficit, slot.pct, slot.deficitPct, slot.timeToMax]).toEqual([true, 105, 0, 100, 0, 0]);
    expect(typeof root.procChance(0.5, rng)).toBe("boolean");
    expect(root.KernelInputError.prototype).toBeInstanceOf(RangeError);
  });
});
