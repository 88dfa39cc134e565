// Engine + rotation VM + op lists through the real wasm: compiled APL rotations drive EngineState
// (query/castReady), and hook/proc op lists do exactly what the proc context allows.
import { describe, expect, it } from "vitest";
import { runImage } from "../src/engine/run.js";
import type { SpecImage, SpellImage } from "../src/engine/image.js";
import { compileRotation, type RotationJson } from "../src/rotation/index.js";
import { testImage } from "./helpers/spec-image.js";
import { imageSymbols } from "./helpers/rotation-symbols.js";

const GCD = { startRecoveryCategory: 133, startRecoveryMs: 1500 } as const;

function spell(name: string, extra: Partial<SpellImage> = {}): SpellImage {
  return { id: 1, name, castMs: 0, ...GCD, ...extra };
}

function base(over: Partial<SpecImage>): SpecImage {
  return testImage("vm-test", over);
}

/** Compiles `rot` against the image's names (spells, auras, resources, pets by name). */
function withRotation(img: SpecImage, rot: RotationJson): SpecImage {
  const c = compileRotation(rot, imageSymbols(img), "test.json");
  return { ...img, rotation: { kind: "bytecode", code: c.code, constants: c.constants, spells: c.spells } };
}

const run1 = (img: SpecImage) => runImage(img, { iterations: 1, seed: 9n });

describe("engine + rotation VM", () => {
  it("time query and relative waits", () => {
    // waits of 0.5 s until time >= 5, then a GCD spell: casts at 5000, 6500, 8000, 9500 = 4
    const img = withRotation(base({ spells: [spell("nuke")] }), {
      lists: { default: [{ cast: "nuke", if: "time >= 5" }, { wait: "0.5" }] },
    });
    const r = run1(img);
    expect(r.spells[0]!.casts).toBe(4);
    // PlayerReady at 0, 500, ..., 5000 (11), then CastStart/CastComplete/PlayerReady per cast
    expect(r.events).toBe(11 + 4 + 4 + 3);
  });

  it("resource queries: wait exactly until enough focus", () => {
    // focus 0/100, 10/s: wait (50 - focus)/regen: casts at 5000, 10000, 15000 in 20 s
    const img = withRotation(
      base({
        run: { durationMs: 20_000, targets: 1, targetArmor: 0, armorK: 1000 },
        resources: [{ name: "focus", model: "generic", max: 100, initial: 0, regenPerSec: 10 }],
        spells: [spell("spend", { cost: { resource: 0, amount: 50 } })],
      }),
      { lists: { default: [{ cast: "spend" }, { wait: "(50 - focus) / focus.regen", if: "focus < 50" }] } },
    );
    expect(run1(img).spells[0]!.casts).toBe(3);
  });

  it("buff, cooldown and pet queries steer the rotation", () => {
    // "call" summons the wolf (permanent); "frenzy" (GCD) stacks a 3-stack buff while pet.wolf.active;
    // "bite" (cd 3 s) only while buff.frenzy.stack >= 3; "filler" otherwise.
    const img = withRotation(
      base({
        spells: [
          spell("call", { hook: 0, recoveryMs: 600_000 }),
          spell("frenzy", { applyAura: 0 }),
          spell("bite", { recoveryMs: 3000 }),
          spell("filler"),
          spell("wolfMelee", { known: true }),
        ],
        auras: [{ name: "frenzy", owner: "pet", durationMs: 0, maxStacks: 3 }],
        damage: [{ spell: 4, kind: "flat", base: 1, coefficient: 0, school: 1, pet: 0 }],
        pets: [{ name: "wolf", melee: 0, swingMs: 2000, startsActive: false }],
        opLists: [[{ op: "summonPet", pet: 0, durationMs: 0 }]],
      }),
      {
        lists: {
          default: [
            { cast: "call", if: "!pet.wolf.active" },
            { cast: "bite", if: "pet.wolf.buff.frenzy.stack >= 3 & cooldown.bite.ready" },
            { cast: "frenzy", if: "pet.wolf.active & buff.frenzy.stack < 3" },
            { cast: "filler" },
          ],
        },
      },
    );
    const r = run1(img);
    // GCDs at 0 (call), 1.5, 3, 4.5 (frenzy x3), 6 (bite, cd until 9), 7.5 (filler), 9 (bite)
    expect(r.spells.map((s) => s.casts)).toEqual([1, 3, 2, 1, 0]);
    // wolf swings at 0, 2000, 4000, 6000, 8000 after the summon at 0
    expect(r.damage.pet).toBe(5);
  });

  it("rotation none -> idle; the next cooldown end wakes the player (CooldownReady)", () => {
    // only "big" (4 s cooldown) is castable; between its casts the rotation returns none (no wait entry).
    // Woken at each cooldown end: 0, 4000, 8000 = 3 casts (without the wake: 1).
    const img = withRotation(base({ spells: [spell("big", { recoveryMs: 4000 })] }), {
      lists: { default: [{ cast: "big", if: "cooldown.big.ready" }] },
    });
    const r = run1(img);
    expect(r.spells[0]!.casts).toBe(3);
    // events: 3 casts x (PlayerReady, CastStart, CastComplete) + PlayerReady at each GCD end (1500, 5500, 9500)
    // + 2 CooldownReady wakes (4000, 8000) = 9 + 3 + 2
    expect(r.events).toBe(14);
  });

  it("successive runs with different rotations reuse the VM buffers without mixing them up", () => {
    const img = base({ spells: [spell("a"), spell("b")] });
    const ra = withRotation(img, { lists: { default: [{ cast: "a" }] } });
    const rb = withRotation(img, {
      lists: {
        default: [{ variable: "n", op: "add", value: "1" }, { call: "sub" }],
        sub: [{ cast: "b", if: "variable.n > 3" }, { cast: "a" }],
      },
    });
    const a1 = run1(ra);
    const b1 = run1(rb);
    const a2 = run1(ra);
    expect(a1.spells.map((s) => s.casts)).toEqual([7, 0]);
    // n counts PlayerReady evaluations (reset per iteration): a for n = 1..3, then b
    expect(b1.spells.map((s) => s.casts)).toEqual([3, 4]);
    expect(a2).toEqual(a1);
    expect(run1(rb)).toEqual(b1);
  });

  it("charges query: cooldown.X.charges_fractional", () => {
    // 2 charges, 6 s recharge; cast only while charges_fractional >= 1.5, else filler.
    // 0: cast (1 charge, recharge to 6000); 1.5: 1 + 1.5/6 = 1.25 -> filler; 3: 1.5 -> cast (0 charges);
    // 4.5: 0.75 filler; 6: 1.0 (charge back, recharge to 12000) filler; 7.5: 1.25 filler; 9: 1.5 -> cast
    const img = withRotation(
      base({ spells: [spell("barbed", { maxCharges: 2, chargeRecoveryMs: 6000 }), spell("filler")] }),
      { lists: { default: [{ cast: "barbed", if: "cooldown.barbed.charges_fractional >= 1.5" }, { cast: "filler" }] } },
    );
    const r = run1(img);
    expect(r.spells[0]!.casts).toBe(3);
    expect(r.spells[1]!.casts).toBe(4);
  });
});

describe("engine: op lists and procs", () => {
  it("consumeAura, ifAura / ifNotAura, gainResource, procChance", () => {
    // "build" (GCD) applies a stack (max 5); "spend" consumes 2 stacks via its hook and deals 100 per stack
    // consumed through ifAura chains. Rotation: spend when stacks >= 2, else build.
    const img = withRotation(
      base({
        resources: [{ name: "rp", model: "generic", max: 100, initial: 0, regenPerSec: 0 }],
        spells: [spell("build", { applyAura: 0, hook: 2 }), spell("spend", { hook: 0 }), spell("hit", { known: true })],
        auras: [{ name: "stacks", owner: "player", durationMs: 0, maxStacks: 5 }],
        damage: [{ spell: 2, kind: "flat", base: 100, coefficient: 0, school: 4 }],
        opLists: [
          [{ op: "ifAura", aura: 0, list: 1, minStacks: 2 }, { op: "consumeAura", aura: 0, stacks: 2 }],
          [{ op: "dealDamage", damage: 0 }, { op: "dealDamage", damage: 0 }],
          [{ op: "procChance", chance: 1, list: 3 }, { op: "procChance", chance: 0, list: 3 }, { op: "ifNotAura", aura: 0, list: 3 }],
          [{ op: "gainResource", resource: 0, amount: 7 }],
        ],
      }),
      { lists: { default: [{ cast: "spend", if: "buff.stacks.stack >= 2" }, { cast: "build" }] } },
    );
    const r = run1(img);
    // GCDs 0..9 s (7): build, build, spend, build, build, spend, build -> 2 spends x 2 hits x 100
    expect(r.spells[0]!.casts).toBe(5);
    expect(r.spells[1]!.casts).toBe(2);
    expect(r.spells[2]!.hits).toBe(4);
    expect(r.damage.total).toBe(400);
  });

  it("SCHEDULE runs a delayed op list; REDUCE/RESET act on charges and own cooldowns", () => {
    // "cd" has a 9 s cooldown; its hook schedules (after 1000 ms) a reset of its own cooldown: casts at
    // 0, then ready at 1000 -> next GCD 1500, again reset at 2500 -> 3000, ... every GCD: 7 casts in 10 s
    const img = base({
      spells: [spell("cd", { recoveryMs: 9000, hook: 0 })],
      opLists: [[{ op: "schedule", delayMs: 1000, list: 1 }], [{ op: "resetCooldown", spell: 0 }]],
      rotation: { kind: "priority", entries: [{ spell: 0 }] },
    });
    expect(run1(img).spells[0]!.casts).toBe(7);
    // without the reset: 0 and 9000
    const none = base({ spells: [spell("cd", { recoveryMs: 9000 })], rotation: { kind: "priority", entries: [{ spell: 0 }] } });
    expect(run1(none).spells[0]!.casts).toBe(2);
    // a 2-charge spell (8 s recharge) whose filler reduces the recharge by 2000 per cast:
    // 0 c, 1.5 c (0 charges, recharge 8000), fillers at 3 (6000), 4.5 (4000->4500? no: 8000-2000-2000=4000 <= 4500
    // completes at 4500 -> charge) -> see comment below
    const charges = base({
      spells: [spell("c", { maxCharges: 2, chargeRecoveryMs: 8000 }), spell("f", { hook: 0 })],
      opLists: [[{ op: "reduceCooldown", spell: 0, ms: 2000 }]],
      rotation: { kind: "priority", entries: [{ spell: 0 }, { spell: 1 }] },
    });
    // c at 0 (recharge -> 8000), c at 1.5 (0 charges); f at 3 (-> 6000), f at 4.5 (-> 4000 <= 4.5: charge back
    // at 4500, next recharge 4500 + 8000 - 500 excess = 12000); c at 6 (0 charges); f at 7.5 (-> 10000),
    // f at 9 (-> 8000): c: 3 casts, f: 4
    const r = run1(charges);
    expect(r.spells[0]!.casts).toBe(3);
    expect(r.spells[1]!.casts).toBe(4);
  });

  it("ROLL_RPPM: a 60 rppm, haste-free tracker without bad-luck protection procs on every 1 s attempt", () => {
    // rppm 60 => chance = 60 * elapsed/60 = elapsed (s): 1.0 at 1 s intervals, 1.5 at 1.5 s, clamped to 1.
    // Attempts from a GCD spell's hook every 1500 ms; the first at t = 0 has elapsed 0 (chance 0).
    const img = base({
      spells: [spell("shot", { hook: 0 }), spell("proc", { known: true })],
      damage: [{ spell: 1, kind: "flat", base: 10, coefficient: 0, school: 4 }],
      rppm: [{ name: "t", rppm: 60, hasteScales: false, blpEnabled: false }],
      opLists: [[{ op: "rollRppm", tracker: 0, list: 1 }], [{ op: "dealDamage", damage: 0 }]],
      rotation: { kind: "priority", entries: [{ spell: 0 }] },
    });
    const r = run1(img);
    expect(r.spells[0]!.casts).toBe(7);
    expect(r.spells[1]!.hits).toBe(6); // every attempt after the first
    // rppm 0 never procs
    const zero = run1({ ...img, rppm: [{ name: "t", rppm: 0, hasteScales: false, blpEnabled: false }] });
    expect(zero.spells[1]!.hits).toBe(0);
  });

  it("impact proc filters: periodicOnly / skipPeriodic / critOnly", () => {
    // a DoT ticking 10 times (flat 10) and a direct hit (flat 100, crit 100 %) once
    const mk = (proc: Partial<{ periodicOnly: boolean; skipPeriodic: boolean; critOnly: boolean; spells: number[] }>, crit: number) =>
      run1(base({
        stats: { attackPower: 0, spellPower: 0, crit, haste: 0, mastery: 0, versatility: 0 },
        run: { durationMs: 11_000, targets: 1, targetArmor: 0, armorK: 1000 },
        spells: [spell("dot", { applyAura: 0, damage: 1, recoveryMs: 100_000 }), spell("p", { known: true })],
        auras: [{ name: "dot", owner: "target", durationMs: 10_000, tickPeriodMs: 1000, tickDamage: 0, tickMayCrit: false }],
        damage: [
          { spell: 0, kind: "flat", base: 10, coefficient: 0, school: 8 },
          { spell: 0, kind: "flat", base: 100, coefficient: 0, school: 8 },
          { spell: 1, kind: "flat", base: 1, coefficient: 0, school: 8 },
        ],
        procs: [{ name: "x", chance: 1, list: 0, spells: [0], ...proc }],
        opLists: [[{ op: "dealDamage", damage: 2 }]],
        rotation: { kind: "priority", entries: [{ spell: 0 }] },
      })).spells[1]!.hits;
    expect(mk({}, 0)).toBe(11); // 10 ticks + 1 direct hit (the filter keeps proc hits from re-triggering)
    // without the filter every proc hit re-triggers: each chain stops at the op depth bound (8 levels)
    expect(mk({ spells: undefined as unknown as number[] }, 0)).toBe(11 * 8);
    expect(mk({ periodicOnly: true }, 0)).toBe(10);
    expect(mk({ skipPeriodic: true }, 0)).toBe(1);
    // critOnly with crit 100 %: only the direct hit crits (ticks cannot crit)
    expect(mk({ critOnly: true }, 100)).toBe(1);
  });
});
