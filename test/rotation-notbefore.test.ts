// The engine's "not ready before T" bound (assembly/engine/readiness.ts nbTab): the VM's inline castReady
// rejects a spell with one compare while its own cooldown / empty charge pool lasts. Whatever moves those
// times earlier (reduceCooldown, resetCooldown, a charge pool shared by several spells) must refresh the
// bound. The built-in priority list asks the full castReady (never the bound), so a bytecode rotation
// with the same entries must give exactly the same run.
import { describe, expect, it } from "vitest";
import { runImage } from "../src/engine/run.js";
import type { SpecImage } from "../src/engine/image.js";
import { compileRotation } from "../src/rotation/index.js";
import { gcdSpell, sharedPoolImage, testImage } from "./helpers/spec-image.js";

const spell = gcdSpell;

/** The same priority list as compiled bytecode (fast, as the engine compiles it). */
function asBytecode(img: SpecImage, order: number[]): SpecImage {
  const c = compileRotation(
    { lists: { default: order.map((i) => ({ cast: img.spells[i]!.name })) } },
    {
      spell: (n) => { const i = img.spells.findIndex((s) => s.name === n); return i < 0 ? undefined : i; },
      aura: () => undefined, petAura: () => undefined, resource: () => undefined, pet: () => undefined, talent: () => false,
    },
    "nb.json",
    { fast: true },
  );
  return { ...img, rotation: { kind: "bytecode", code: c.code, constants: c.constants, spells: c.spells } };
}

function same(img: SpecImage, order: number[]): void {
  const prio = { ...img, rotation: { kind: "priority" as const, entries: order.map((spell) => ({ spell })) } };
  const a = runImage(prio, { iterations: 3, seed: 5n });
  const b = runImage(asBytecode(img, order), { iterations: 3, seed: 5n });
  expect(b.events).toBe(a.events);
  expect(b.spells.map((s) => s.casts)).toEqual(a.spells.map((s) => s.casts));
  expect(b.damage.total).toBe(a.damage.total);
}

describe("not-ready-before bound", () => {
  it("own cooldown reset early by a delayed op list", () => {
    const img = testImage("nb", {
      spells: [spell("cd", { recoveryMs: 9000, hook: 0 }), spell("filler")],
      opLists: [[{ op: "schedule", delayMs: 1000, list: 1 }], [{ op: "resetCooldown", spell: 0 }]],
    });
    same(img, [0, 1]);
  });

  it("own cooldown reduced by another spell's cast", () => {
    const img = testImage("nb", {
      spells: [spell("big", { recoveryMs: 20_000 }), spell("filler", { hook: 0 })],
      opLists: [[{ op: "reduceCooldown", spell: 0, ms: 3000 }]],
    });
    same(img, [0, 1]);
  });

  it("charge recharge reduced and reset, pool shared by two spells", () => {
    const img = sharedPoolImage("nb");
    same(img, [0, 1, 3, 2]);
    same(img, [3, 1, 0, 2]);
  });
});
