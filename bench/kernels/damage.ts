// Bench cases for DamageCalc (assembly/damage.ts vs src/kernels/damage.ts), including its two
// xorshift draws per hit (every record has a weapon). Both sides cycle over the same 1024 inputs.
import type { KernelBenchCase } from "../kernels.js";
import { wasm, scratchF64 } from "../../src/engine/wasm.js";
import { damageCalc, damageCalcUnchecked, type DamageInput } from "../../src/kernels/damage.js";
import { Xorshift64 } from "../../src/kernels/rng.js";

const N = 1_000_000;
const M = 1024;
const S = 13;
let sink = 0;

const gen = new Xorshift64(0xbe4c4da3n);
const u = (a: number, b: number) => a + gen.next() * (b - a);
const inputs: DamageInput[] = [];
const flat = new Float64Array(M * S);
for (let i = 0; i < M; i++) {
  const weaponMin = u(500, 1500);
  const inp: DamageInput = {
    base: u(0, 500),
    weaponMin,
    weaponMax: weaponMin + u(100, 1500),
    weaponMultiplier: u(0.5, 2),
    coefficient: u(0.2, 3),
    attackPower: u(10000, 20000),
    critChance: u(0.1, 0.5),
    critMultiplier: 2,
    versatility: u(0, 20),
    armor: i % 2 ? u(5000, 15000) : 0,
    armorK: 10000,
    damageMultiplier: u(1, 1.5),
    masteryMultiplier: u(1, 1.4),
  };
  inputs.push(inp);
  flat.set(
    [inp.base, inp.weaponMin, inp.weaponMax, inp.weaponMultiplier, inp.coefficient, inp.attackPower, inp.critChance,
      inp.critMultiplier!, inp.versatility, inp.armor, inp.armorK, inp.damageMultiplier, inp.masteryMultiplier],
    i * S,
  );
}
const inBuf = scratchF64("bench.damage.in", M * S);
inBuf.write(flat);

const jsRng = new Xorshift64(0x5eed0da3a6e5eed1n);
const next = () => jsRng.next();

export const cases: KernelBenchCase[] = [
  {
    name: "damage.calc",
    opsPerRun: N,
    targetWasmNsPerOp: 8,
    targetNote: "incl. 2 xorshift draws; native ≈ 5.5 ns",
    verify() {
      // the two sides compute the same thing: batch twin on the bench inputs with shared draws
      const draws = new Float64Array(2 * M);
      for (let i = 0; i < draws.length; i++) draws[i] = gen.next();
      const dBuf = scratchF64("bench.damage.draws", 2 * M);
      const oBuf = scratchF64("bench.damage.out", 3 * M);
      inBuf.write(flat);
      dBuf.write(draws);
      wasm.damageCalcBatch(inBuf.ptr, M, dBuf.ptr, oBuf.ptr);
      const out = oBuf.read(3 * M);
      let k = 0;
      for (let i = 0; i < M; i++) {
        const r = damageCalc(inputs[i]!, () => draws[k++]!);
        if (!Object.is(r.finalAmount, out[3 * i + 2])) throw new Error(`damage.calc verify: record ${i} differs`);
      }
    },
    runWasm() {
      sink += wasm.damageBenchXorshift(inBuf.ptr, M, N);
    },
    runJs() {
      let acc = 0;
      let r = 0;
      for (let i = 0; i < N; i++) {
        acc += damageCalcUnchecked(inputs[r]!, next).finalAmount;
        if (++r === M) r = 0;
      }
      sink += acc;
    },
  },
];

export function benchSink(): number {
  return sink;
}
