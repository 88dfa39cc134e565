// Impact procs (spec "Impact proc", "Events"): eligibility per flag, pet/zero-damage skips, draw
// accounting in fireImpactProcs, and the wasm flat-array twin cross-check.
import { describe, expect, it } from "vitest";
import { fireImpactProcs, impactProcEligible, type ImpactHit, type ImpactProc } from "../src/kernels/procs.js";
import { KernelInputError, KERNEL_INPUT_INVALID } from "../src/kernels/primitives.js";
import { Xorshift64 } from "../src/kernels/rng.js";
import { wasm, scratchF64, scratchI32 } from "../src/engine/wasm.js";

function scripted(values: number[]) {
  let i = 0;
  const rng = () => {
    if (i >= values.length) throw new Error(`rng drawn ${i + 1} times, only ${values.length} scripted`);
    return values[i++]!;
  };
  return { rng, draws: () => i };
}

const any: ImpactProc = { chance: 0.5, periodicOnly: false, skipPeriodic: false, critOnly: false };
const hit: ImpactHit = { spellId: 100, isPeriodic: false, isCrit: false, isPet: false, amount: 500 };

describe("impactProcEligible", () => {
  it("pet hits and zero/negative/NaN damage are never eligible", () => {
    expect(impactProcEligible(any, hit)).toBe(true);
    expect(impactProcEligible(any, { ...hit, isPet: true })).toBe(false);
    for (const amount of [0, -0, -5, NaN]) expect(impactProcEligible(any, { ...hit, amount })).toBe(false);
  });
  it("periodicOnly / skipPeriodic / critOnly", () => {
    const dot = { ...hit, isPeriodic: true };
    expect(impactProcEligible({ ...any, periodicOnly: true }, hit)).toBe(false);
    expect(impactProcEligible({ ...any, periodicOnly: true }, dot)).toBe(true);
    expect(impactProcEligible({ ...any, skipPeriodic: true }, dot)).toBe(false);
    expect(impactProcEligible({ ...any, skipPeriodic: true }, hit)).toBe(true);
    expect(impactProcEligible({ ...any, critOnly: true }, hit)).toBe(false);
    expect(impactProcEligible({ ...any, critOnly: true }, { ...hit, isCrit: true })).toBe(true);
    expect(impactProcEligible({ ...any, critOnly: true, periodicOnly: true }, { ...dot, isCrit: true })).toBe(true);
  });
  it("spell filter as list, set or predicate; an empty list matches nothing", () => {
    expect(impactProcEligible({ ...any, spellFilter: [5, 100] }, hit)).toBe(true);
    expect(impactProcEligible({ ...any, spellFilter: [5, 6] }, hit)).toBe(false);
    expect(impactProcEligible({ ...any, spellFilter: new Set([100]) }, hit)).toBe(true);
    expect(impactProcEligible({ ...any, spellFilter: new Set([7]) }, hit)).toBe(false);
    expect(impactProcEligible({ ...any, spellFilter: (id) => id > 50 }, hit)).toBe(true);
    expect(impactProcEligible({ ...any, spellFilter: [] }, hit)).toBe(false);
  });
  it("rejects periodicOnly together with skipPeriodic (could never fire)", () => {
    try {
      impactProcEligible({ ...any, periodicOnly: true, skipPeriodic: true }, hit);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(KernelInputError);
      expect((e as KernelInputError).code).toBe(KERNEL_INPUT_INVALID);
      expect((e as Error).message).toContain("periodicOnly/skipPeriodic");
    }
  });
});

describe("fireImpactProcs", () => {
  const procs: ImpactProc[] = [
    { ...any, chance: 0.5 }, // 0: any hit
    { ...any, chance: 1, critOnly: true }, // 1: crits only
    { ...any, chance: 0.2, periodicOnly: true }, // 2: DoT ticks only
    { ...any, chance: 0.9, spellFilter: [100] }, // 3: spell 100 only
  ];
  it("draws once per eligible proc, in registration order, and returns the fired indices", () => {
    // direct non-crit hit of spell 100: eligible 0 and 3 → draws [0.4, 0.95]: 0.4 < 0.5 fires 0; 0.95 ≥ 0.9 not 3
    const s = scripted([0.4, 0.95]);
    expect(fireImpactProcs(procs, hit, s.rng)).toEqual([0]);
    expect(s.draws()).toBe(2);
    // periodic crit of spell 7: eligible 0, 1, 2 (3 filtered) → draws [0.6, 0.99, 0.1]: 1 (0.99 < 1) and 2 (0.1 < 0.2)
    const t = scripted([0.6, 0.99, 0.1]);
    expect(fireImpactProcs(procs, { ...hit, spellId: 7, isPeriodic: true, isCrit: true }, t.rng)).toEqual([1, 2]);
    expect(t.draws()).toBe(3);
  });
  it("no draws for pet hits, zero damage, or an empty proc list", () => {
    const s = scripted([]);
    expect(fireImpactProcs(procs, { ...hit, isPet: true }, s.rng)).toEqual([]);
    expect(fireImpactProcs(procs, { ...hit, amount: 0 }, s.rng)).toEqual([]);
    expect(fireImpactProcs([], hit, s.rng)).toEqual([]);
    expect(s.draws()).toBe(0);
  });
});

describe("wasm impact-proc twin", () => {
  const PERIODIC_ONLY = 1, SKIP_PERIODIC = 2, CRIT_ONLY = 4, HAS_FILTER = 8;
  const HIT_PERIODIC = 1, HIT_CRIT = 2, HIT_PET = 4;

  it("impactProcEligible on flat arguments matches the TS rules", () => {
    const ids = scratchI32("procs.ids1", 3);
    ids.write([5, 100, 9]);
    // filter slice [1, 2) = [100]
    expect(wasm.impactProcEligible(HAS_FILTER, ids.ptr, 1, 1, 100, 0, 10)).toBe(true);
    expect(wasm.impactProcEligible(HAS_FILTER, ids.ptr, 0, 1, 100, 0, 10)).toBe(false); // slice [5]
    expect(wasm.impactProcEligible(HAS_FILTER, ids.ptr, 0, 0, 100, 0, 10)).toBe(false); // empty filter
    expect(wasm.impactProcEligible(0, ids.ptr, 0, 0, 1, HIT_PET, 10)).toBe(false);
    expect(wasm.impactProcEligible(0, ids.ptr, 0, 0, 1, 0, 0)).toBe(false);
    expect(wasm.impactProcEligible(PERIODIC_ONLY | SKIP_PERIODIC, ids.ptr, 0, 0, 1, HIT_PERIODIC, 10)).toBe(false);
    expect(wasm.impactProcEligible(CRIT_ONLY, ids.ptr, 0, 0, 1, HIT_CRIT, 10)).toBe(true);
  });

  it("fires the same procs with the same draws on 120k random hits", () => {
    const g = new Xorshift64(0x9a0c5n);
    const P = 14;
    const procs: ImpactProc[] = [];
    const chances: number[] = [], flags: number[] = [], starts: number[] = [], lens: number[] = [], ids: number[] = [];
    for (let i = 0; i < P; i++) {
      const r = g.next();
      const periodicOnly = r < 0.2;
      const skipPeriodic = !periodicOnly && r < 0.4;
      const critOnly = g.next() < 0.25;
      const hasFilter = g.next() < 0.4;
      const filter = hasFilter ? Array.from({ length: Math.floor(g.next() * 4) }, () => 1 + Math.floor(g.next() * 20)) : undefined;
      const p: ImpactProc = { chance: g.next() * 1.2 - 0.1, periodicOnly, skipPeriodic, critOnly };
      if (filter) p.spellFilter = filter;
      procs.push(p);
      chances.push(p.chance);
      flags.push((periodicOnly ? PERIODIC_ONLY : 0) | (skipPeriodic ? SKIP_PERIODIC : 0) | (critOnly ? CRIT_ONLY : 0) | (hasFilter ? HAS_FILTER : 0));
      starts.push(ids.length);
      lens.push(filter?.length ?? 0);
      if (filter) ids.push(...filter);
    }
    const N = 120_000;
    const hits: ImpactHit[] = [];
    const flatHits = new Float64Array(N * 3);
    for (let i = 0; i < N; i++) {
      const h: ImpactHit = {
        spellId: 1 + Math.floor(g.next() * 20),
        isPeriodic: g.next() < 0.4,
        isCrit: g.next() < 0.3,
        isPet: g.next() < 0.1,
        amount: g.next() < 0.05 ? 0 : g.next() * 10000,
      };
      hits.push(h);
      flatHits.set([h.spellId, (h.isPeriodic ? HIT_PERIODIC : 0) | (h.isCrit ? HIT_CRIT : 0) | (h.isPet ? HIT_PET : 0), h.amount], i * 3);
    }
    const draws = new Float64Array(N * P);
    for (let i = 0; i < draws.length; i++) draws[i] = g.next();

    const cBuf = scratchF64("procs.chances", P);
    const fBuf = scratchI32("procs.flags", P);
    const sBuf = scratchI32("procs.starts", P);
    const lBuf = scratchI32("procs.lens", P);
    const iBuf = scratchI32("procs.ids", Math.max(ids.length, 1));
    const header = scratchI32("procs.table", 6);
    const hBuf = scratchF64("procs.hits", N * 3);
    const dBuf = scratchF64("procs.draws", N * P);
    const idx = scratchI32("procs.idx", P);
    const out = scratchF64("procs.out", N);
    cBuf.write(chances);
    fBuf.write(flags);
    sBuf.write(starts);
    lBuf.write(lens);
    iBuf.write(ids);
    header.write([P, cBuf.ptr, fBuf.ptr, sBuf.ptr, lBuf.ptr, iBuf.ptr]);
    hBuf.write(flatHits);
    dBuf.write(draws);
    const used = wasm.impactProcBatch(header.ptr, hBuf.ptr, N, dBuf.ptr, idx.ptr, out.ptr);
    const masks = out.read(N);

    let k = 0;
    const rng = () => draws[k++]!;
    let firedTotal = 0;
    for (let i = 0; i < N; i++) {
      const fired = fireImpactProcs(procs, hits[i]!, rng);
      firedTotal += fired.length;
      const mask = fired.reduce((m, j) => m + 2 ** j, 0);
      if (mask !== masks[i]) throw new Error(`hit ${i}: ts ${fired} wasm mask ${masks[i]}`);
    }
    expect(used).toBe(k);
    expect(k).toBeLessThan(N * P); // ineligible procs made no draw
    expect(firedTotal).toBeGreaterThan(N / 10);
  });
});
