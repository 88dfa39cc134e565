// DamageCalc (spec "Damage formula (DamageCalc)"): hand-computed steps, draw counts, clamps,
// armor edge cases, mastery helper, property test, and the wasm twin cross-check.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  armorMitigation,
  damageCalc,
  type DamageInput,
  DEFAULT_CRIT_MULTIPLIER,
  MasteryKind,
  masteryMultiplier,
  resolveMastery,
} from "../src/kernels/damage.js";
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

const plain: DamageInput = {
  base: 0,
  weaponMin: 0,
  weaponMax: 0,
  weaponMultiplier: 0,
  coefficient: 1,
  attackPower: 1000,
  critChance: 0,
  versatility: 0,
  armor: 0,
  armorK: 1000,
  damageMultiplier: 1,
  masteryMultiplier: 1,
};

describe("damageCalc steps", () => {
  it("weapon hit: all 7 steps, two draws in order (weapon, then crit)", () => {
    const s = scripted([0.25, 0.1]);
    const r = damageCalc(
      {
        base: 100,
        weaponMin: 1000,
        weaponMax: 2000,
        weaponMultiplier: 1.5,
        coefficient: 0.5,
        attackPower: 10000,
        critChance: 0.3,
        versatility: 10,
        armor: 0,
        armorK: 1000,
        damageMultiplier: 1.2,
        masteryMultiplier: 1.1,
      },
      s.rng,
    );
    // 1. weapon_roll = 1000 + 0.25 * (2000 - 1000) = 1250
    // 2. raw = 100 + 1250 * 1.5 + 0.5 * 10000 = 100 + 1875 + 5000 = 6975
    // 3. 0.1 < 0.3 → crit, factor = default 2.0
    // 4. 13950; 5. × (1 + 10/100) = 15345; 6. armor 0 → × 1; 7. × 1.2 × 1.1 = 20255.4
    expect(r.raw).toBe(6975);
    expect(r.isCrit).toBe(true);
    expect(r.finalAmount).toBeCloseTo(20255.4, 8);
    expect(s.draws()).toBe(2);
  });

  it("no weapon (weaponMax <= 0): no weapon draw, only the crit draw", () => {
    for (const weaponMax of [0, -5]) {
      const s = scripted([0.5]);
      const r = damageCalc({ ...plain, weaponMin: 300, weaponMax, weaponMultiplier: 9, coefficient: 2, critChance: 0.5, armor: 5000, armorK: 5000 }, s.rng);
      // raw = 0 + 0 * 9 + 2 * 1000 = 2000; 0.5 < 0.5 false → no crit;
      // armor 1 - 5000/(5000+5000) = 0.5 → 1000
      expect(r).toEqual({ raw: 2000, isCrit: false, finalAmount: 1000 });
      expect(s.draws()).toBe(1);
    }
  });

  it("uses critMultiplier when given, 2.0 when omitted", () => {
    expect(DEFAULT_CRIT_MULTIPLIER).toBe(2.0);
    // raw 1000, crit (0 < 1): × 2.5 = 2500
    expect(damageCalc({ ...plain, critChance: 1, critMultiplier: 2.5 }, scripted([0]).rng).finalAmount).toBe(2500);
    expect(damageCalc({ ...plain, critChance: 1 }, scripted([0]).rng).finalAmount).toBe(2000);
  });

  it("clamps crit chance to [0,1] (observable with draws outside [0,1))", () => {
    // 1.5 → 1: a (misbehaving) draw of 1.2 does NOT crit (1.2 < 1 false); unclamped 1.2 < 1.5 would
    expect(damageCalc({ ...plain, critChance: 1.5 }, scripted([1.2]).rng).isCrit).toBe(false);
    expect(damageCalc({ ...plain, critChance: 1.5 }, scripted([0.999999]).rng).isCrit).toBe(true);
    // -0.2 → 0: a (misbehaving) draw of -0.1 DOES crit after clamping (-0.1 < 0), whereas the
    // unclamped comparison -0.1 < -0.2 would not; a valid draw of 0 never crits at chance 0 (0 < 0 false)
    expect(damageCalc({ ...plain, critChance: -0.2 }, scripted([-0.1]).rng).isCrit).toBe(true);
    expect(damageCalc({ ...plain, critChance: -0.2 }, scripted([0]).rng).isCrit).toBe(false);
    // the crit draw is made even at chance 0 or 1 (fixed stream consumption)
    const s = scripted([0.4, 0.4]);
    damageCalc({ ...plain, critChance: 0 }, s.rng);
    damageCalc({ ...plain, critChance: 1 }, s.rng);
    expect(s.draws()).toBe(2);
  });

  it("multiplies versatility, armor, damage and mastery multiplicatively", () => {
    // raw 1000 (coef 1 × AP 1000), no crit; × (1 + 20/100) = 1200; armor 3000 vs K 7000: 1 - 3000/10000 = 0.7 → 840;
    // × 1.5 × 1.25 = 1575
    const r = damageCalc({ ...plain, versatility: 20, armor: 3000, armorK: 7000, damageMultiplier: 1.5, masteryMultiplier: 1.25 }, scripted([0.9]).rng);
    expect(r.finalAmount).toBeCloseTo(1575, 9);
  });

  it("floors the final amount at zero and nowhere else", () => {
    // raw = -500 + 1 × 100 = -400 stays negative in `raw` (no clamp there); final = max(0, -400) = 0
    const r = damageCalc({ ...plain, base: -500, attackPower: 100 }, scripted([0.9]).rng);
    expect(r.raw).toBe(-400);
    expect(r.finalAmount).toBe(0);
    // a negative versatility (-150 %) flips the sign → floored to 0
    expect(damageCalc({ ...plain, versatility: -150 }, scripted([0.9]).rng).finalAmount).toBe(0);
    // a damage multiplier above 1 is not clamped: 1000 × 3 = 3000
    expect(damageCalc({ ...plain, damageMultiplier: 3 }, scripted([0.9]).rng).finalAmount).toBe(3000);
  });

  it("rejects non-finite fields and a reversed weapon range with a typed error", () => {
    const bad: [Partial<DamageInput>, string][] = [
      [{ base: NaN }, "base"],
      [{ attackPower: Infinity }, "attackPower"],
      [{ critMultiplier: NaN }, "critMultiplier"],
      [{ armorK: NaN }, "armorK"],
      [{ weaponMin: 10, weaponMax: 5 }, "weaponMin"],
    ];
    for (const [patch, field] of bad) {
      const s = scripted([0.5, 0.5]);
      try {
        damageCalc({ ...plain, ...patch }, s.rng);
        expect.unreachable(field);
      } catch (e) {
        expect(e).toBeInstanceOf(KernelInputError);
        expect((e as KernelInputError).code).toBe(KERNEL_INPUT_INVALID);
        expect((e as KernelInputError).field).toBe(field);
        expect((e as Error).message).toContain(`damageCalc: field "${field}"`);
      }
      expect(s.draws()).toBe(0);
    }
  });
});

describe("armorMitigation", () => {
  it("is exactly 1 for armor <= 0", () => {
    expect(armorMitigation(0, 5000)).toBe(1);
    expect(armorMitigation(-100, 5000)).toBe(1);
    expect(armorMitigation(-0, -1)).toBe(1);
  });
  it("is 1 - armor/(armor+K) for armor > 0, K > 0", () => {
    expect(armorMitigation(5000, 5000)).toBe(0.5); // 1 - 5000/10000
    expect(armorMitigation(3000, 7000)).toBeCloseTo(0.7, 15); // 1 - 3000/10000
    expect(armorMitigation(1e9, 1)).toBeGreaterThanOrEqual(0);
  });
  it("is 0 for armor > 0 with K <= 0 (incl. armor + K = 0): no division by zero", () => {
    expect(armorMitigation(100, 0)).toBe(0); // 1 - 100/100 = 0
    expect(armorMitigation(100, -100)).toBe(0); // armor + K = 0
    expect(armorMitigation(100, -50)).toBe(0); // 1 - 100/50 = -1 → clamp 0
    expect(armorMitigation(100, -500)).toBe(0); // denominator negative
  });
  it("rejects NaN with a typed error", () => {
    expect(() => armorMitigation(NaN, 1)).toThrow(KernelInputError);
    expect(() => armorMitigation(1, NaN)).toThrow(/armorMitigation: field "k"/);
  });
});

describe("mastery multiplier", () => {
  it("resolved mastery = mastery percent × coefficient", () => {
    expect(resolveMastery(40, 0.5)).toBe(20);
    expect(() => resolveMastery(NaN, 1)).toThrow(KernelInputError);
  });
  it("UniformMult multiplies every hit by 1 + resolved/100", () => {
    expect(masteryMultiplier(MasteryKind.UniformMult, 20, 0, 0)).toBe(1.2);
    expect(masteryMultiplier(MasteryKind.UniformMult, 20, 4, 32)).toBe(1.2); // masks ignored
  });
  it("SchoolMult applies only when the hit's school shares a bit with the mastery school", () => {
    expect(masteryMultiplier(MasteryKind.SchoolMult, 20, 4, 4)).toBe(1.2); // fire mastery, fire hit
    expect(masteryMultiplier(MasteryKind.SchoolMult, 20, 4, 4 | 16)).toBe(1.2); // frostfire counts as fire
    expect(masteryMultiplier(MasteryKind.SchoolMult, 20, 4, 32)).toBe(1); // shadow hit: exactly 1
  });
  it("rejects an unknown kind and non-integer masks", () => {
    expect(() => masteryMultiplier(7 as MasteryKind, 20, 1, 1)).toThrow(/kind/);
    expect(() => masteryMultiplier(MasteryKind.SchoolMult, 20, 1.5, 1)).toThrow(/masterySchoolMask/);
  });
  it("wasm twin gives the same values", () => {
    for (const [k, m, ms, hs] of [[0, 20, 0, 0], [1, 20, 4, 20], [1, 20, 4, 32], [1, 33.3, 1, 1], [0, -10, 0, 0]] as const) {
      expect(Object.is(wasm.masteryMultiplier(k, m, ms, hs), masteryMultiplier(k, m, ms, hs))).toBe(true);
    }
  });
});

describe("damageCalc properties", () => {
  const fin = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  it("final >= 0, draws = (weaponMax > 0 ? 2 : 1) for any finite input", () => {
    fc.assert(
      fc.property(
        fc.record({
          base: fin(-1e6, 1e6),
          weaponMin: fin(-1e4, 1e4),
          weaponSpan: fin(0, 1e4),
          weaponMax: fin(-1e4, 1e4),
          weaponMultiplier: fin(-10, 10),
          coefficient: fin(-10, 10),
          attackPower: fin(-1e5, 1e5),
          critChance: fin(-2, 2),
          critMultiplier: fin(-5, 5),
          versatility: fin(-300, 300),
          armor: fin(-1e5, 1e5),
          armorK: fin(-1e5, 1e5),
          damageMultiplier: fin(-10, 10),
          masteryMultiplier: fin(-10, 10),
        }),
        fin(0, 0.9999999),
        fin(0, 0.9999999),
        (x, d1, d2) => {
          const weaponMax = x.weaponMax > 0 ? x.weaponMin + x.weaponSpan : x.weaponMax;
          const input: DamageInput = { ...x, weaponMax, weaponMin: weaponMax > 0 ? Math.min(x.weaponMin, weaponMax) : x.weaponMin };
          const s = scripted([d1, d2]);
          const r = damageCalc(input, s.rng);
          expect(r.finalAmount).toBeGreaterThanOrEqual(0);
          expect(s.draws()).toBe(weaponMax > 0 ? 2 : 1);
          const m = armorMitigation(input.armor, input.armorK);
          expect(m >= 0 && m <= 1).toBe(true);
        },
      ),
    );
  });
});

describe("wasm DamageCalc twin", () => {
  it("agrees bit for bit on 150k random inputs sharing the same draws", () => {
    const N = 150_000;
    const S = 13;
    const g = new Xorshift64(0xda3a6e01n);
    const u = (a: number, b: number) => a + g.next() * (b - a);
    const inputs: DamageInput[] = [];
    const flat = new Float64Array(N * S);
    for (let i = 0; i < N; i++) {
      const hasWeapon = g.next() < 0.6;
      const weaponMin = u(0, 3000);
      const inp: DamageInput = {
        base: g.next() < 0.1 ? u(-5000, 0) : u(0, 5000),
        weaponMin,
        weaponMax: hasWeapon ? weaponMin + u(0, 3000) : g.next() < 0.5 ? 0 : -u(0, 100),
        weaponMultiplier: u(0, 3),
        coefficient: u(0, 5),
        attackPower: u(0, 50000),
        critChance: u(-0.3, 1.3), // ~1/4 outside [0,1]
        critMultiplier: g.next() < 0.3 ? undefined : u(1, 3),
        versatility: u(-20, 60),
        armor: g.next() < 0.3 ? u(-1000, 0) : u(0, 20000),
        armorK: g.next() < 0.05 ? u(-5000, 0) : u(0, 15000),
        damageMultiplier: u(0, 3),
        masteryMultiplier: u(0.8, 2),
      };
      if (i % 1000 === 0) inp.critChance = 0.5; // with draws of exactly 0.5 below: the strict comparison
      inputs.push(inp);
      const vals = [
        inp.base, inp.weaponMin, inp.weaponMax, inp.weaponMultiplier, inp.coefficient, inp.attackPower,
        inp.critChance, inp.critMultiplier ?? DEFAULT_CRIT_MULTIPLIER, inp.versatility, inp.armor, inp.armorK,
        inp.damageMultiplier, inp.masteryMultiplier,
      ];
      flat.set(vals, i * S);
    }
    const draws = new Float64Array(2 * N);
    for (let i = 0; i < draws.length; i++) draws[i] = i % 997 === 0 ? 0.5 : g.next();

    const inBuf = scratchF64("dmg.in", N * S);
    const drawBuf = scratchF64("dmg.draws", 2 * N);
    const outBuf = scratchF64("dmg.out", N * 3);
    inBuf.write(flat);
    drawBuf.write(draws);
    const used = wasm.damageCalcBatch(inBuf.ptr, N, drawBuf.ptr, outBuf.ptr);
    const out = outBuf.read(N * 3);

    let k = 0;
    const rng = () => draws[k++]!;
    let crits = 0;
    let zeros = 0;
    for (let i = 0; i < N; i++) {
      const r = damageCalc(inputs[i]!, rng);
      const same = Object.is(r.raw, out[3 * i]) && (r.isCrit ? 1 : 0) === out[3 * i + 1] && Object.is(r.finalAmount, out[3 * i + 2]);
      if (!same) throw new Error(`case ${i} differs: ts ${JSON.stringify(r)} wasm ${Array.from(out.subarray(3 * i, 3 * i + 3))}`);
      if (r.isCrit) crits++;
      if (r.finalAmount === 0) zeros++;
    }
    expect(used).toBe(k); // both sides consumed the same number of draws
    expect(k).toBeGreaterThan(N); // some hits had a weapon (2 draws) and some not (1)
    expect(k).toBeLessThan(2 * N);
    expect(crits).toBeGreaterThan(0);
    expect(zeros).toBeGreaterThan(0); // the zero floor was exercised
  });

  it("armorMitigation and masteryMultiplier twins agree on 100k random calls each", () => {
    const g = new Xorshift64(0xa4a0a4a0n);
    const u = (a: number, b: number) => a + g.next() * (b - a);
    for (let i = 0; i < 100_000; i++) {
      const armor = g.next() < 0.2 ? u(-500, 0) : u(0, 30000);
      const k = g.next() < 0.1 ? u(-2000, 0) : u(0, 20000);
      const a = armorMitigation(armor, k);
      if (!Object.is(wasm.armorMitigation(armor, k), a)) throw new Error(`armor ${armor} k ${k}`);
      const kind = (g.next() < 0.5 ? 0 : 1) as MasteryKind;
      const m = u(-50, 150);
      const ms = 1 << Math.floor(g.next() * 7);
      const hs = Math.floor(g.next() * 128);
      if (!Object.is(wasm.masteryMultiplier(kind, m, ms, hs), masteryMultiplier(kind, m, ms, hs))) throw new Error(`mastery ${kind} ${m} ${ms} ${hs}`);
    }
  });

  it("armorMitigation twin agrees on edge values", () => {
    const cases = [[0, 1], [-1, 1], [5000, 5000], [100, 0], [100, -100], [100, -50], [1e-300, 1e300], [3000, 7000]];
    for (const [a, k] of cases) expect(Object.is(wasm.armorMitigation(a!, k!), armorMitigation(a!, k!))).toBe(true);
  });
});
