// Bit-identity guard for the wasm engine over paths the default-profile goldens (specs-golden.test.ts)
// never reach: multiple targets (AoE all/split/chain/sqrt, max targets, cleave), haste-changing auras,
// hasted / snapshot DoTs, haste-scaled resources, injected stat / damage-multiplier buffs, crit bonus and
// crit damage, charges and every cooldown-reduction kind, off-GCD casts, un-hasted GCDs / cast bars,
// negative haste, refresh modes, rage.
//
// Each implemented spec's image is prepared once (prepareSimulation), then every variant below runs on a
// structuredClone of it (runImage, fixed seed). The golden (test/golden/variants/<slug>.json) keeps, per
// variant, the full RunResult, the per-kind event counts, a SHA-256 of the canonical engine telemetry
// (readEngineTelemetry) and of the iteration-0 timeline (captureTimeline) plus a few headline numbers of
// each, so a failure says what moved. The comparison is EXACT (the engine is deterministic: same image,
// seed and wasm semantics give the same bytes): any difference is a behaviour change.
// Regenerate after an intended change: COMBATSIM_UPDATE_GOLDEN=1 npx vitest run test/engine-variants.test.ts
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SPEC_CATALOG } from "../src/generated/catalog.js";
import { prepareSimulation } from "../src/engine/simulate.js";
import { runImage } from "../src/engine/run.js";
import { captureTimeline, readEngineTelemetry } from "../src/engine/simulate-telemetry.js";
import { wasm } from "../src/engine/wasm.js";
import type { AuraImage, BuffEffect, Op, SpecImage } from "../src/engine/image.js";

const DATA = path.resolve(__dirname, "../data");
const GOLDEN = path.resolve(__dirname, "golden/variants");
const UPDATE = process.env["COMBATSIM_UPDATE_GOLDEN"] === "1";
const DURATION_S = 120;
const ITERATIONS = 40;
const SEED = 20261122n;
const CHUNK = 3;

// ---------------------------------------------------------------------------------------------------
// Variants (deterministic mutations of a cloned image)
// ---------------------------------------------------------------------------------------------------

type Img = SpecImage;
/** name, targets the image is prepared for (the rotation folds active_enemies at compile time), mutation. */
type Variant = [name: string, prepTargets: number, mutate: (img: Img) => void];

/** Appends an op list, returns its index. */
function list(img: Img, ops: Op[]): number {
  img.opLists.push(ops);
  return img.opLists.length - 1;
}
/** Appends an aura, returns its index. */
function aura(img: Img, a: AuraImage): number {
  img.auras.push(a);
  return img.auras.length - 1;
}
/** Every cast runs `ops` (pipeline step 11 cast hooks). */
function onEveryCast(img: Img, ops: Op[]): void {
  img.castHooks = [...(img.castHooks ?? []), list(img, ops)];
}
/** Every cast applies aura `a` with probability `chance`. */
function procAura(img: Img, a: number, chance: number, stacks = 1): void {
  onEveryCast(img, [{ op: "procChance", chance, list: list(img, [{ op: "applyAura", aura: a, stacks }]) }]);
}
const playerDamage = (img: Img) => img.damage.map((d, i) => [d, i] as const).filter(([d]) => d.pet === undefined || d.pet < 0);
/** Spell indices the rotation can cast. */
const castable = (img: Img): number[] => (img.rotation.kind === "bytecode" && img.rotation.spells ? [...img.rotation.spells] : img.spells.map((_, i) => i));
const cooldownSpells = (img: Img) => img.spells.map((s, i) => [s, i] as const).filter(([s]) => (s.recoveryMs ?? 0) > 0);

const VARIANTS: Variant[] = [
  ["plain", 1, () => {}],
  ["targets-3", 3, () => {}],
  ["targets-8", 8, () => {}],
  ["engine-targets-5", 1, (img) => { img.run.targets = 5; }], // single-target rotation, 5 targets in the engine
  ["haste-auras", 1, (img) => {
    // every aura with effects is also a haste aura; DoTs hasted with the snapshot flag flipped; resources haste-scaled
    for (const a of img.auras) {
      if ((a.effects?.length ?? 0) > 0) a.effects!.push({ type: "haste", value: 7.5 });
      if (a.tickPeriodMs) { a.tickHasted = true; a.snapshot = !a.snapshot; }
    }
    for (const r of img.resources) r.hasteScaled = true;
    // specs without player buffs: a stacking haste buff applied by casts
    procAura(img, aura(img, { name: "variant_haste", owner: "player", durationMs: 6000, maxStacks: 3, refresh: "refresh", effects: [{ type: "haste", value: 12 }] }), 0.3);
  }],
  ["haste-only", 1, (img) => {
    let k = 0;
    for (const a of img.auras) if (a.owner === "player" && (k++ % 2) === 0) a.effects = [{ type: "haste", value: 20 }];
    // specs without player auras: every second castable spell applies a 20 % haste buff (spell hook)
    if (k === 0) {
      const buff = aura(img, { name: "v_haste_only", owner: "player", durationMs: 10000, effects: [{ type: "haste", value: 20 }] });
      castable(img).forEach((i, k) => {
        const s = img.spells[i]!;
        if (k % 2 !== 0) return;
        if (s.hook === undefined) s.hook = list(img, [{ op: "applyAura", aura: buff }]);
        else img.opLists[s.hook]!.push({ op: "applyAura", aura: buff });
      });
    }
  }],
  ["aoe-modes", 1, (img) => {
    // every player damage entry gets an AoE mode (cycled), some a max-target cap
    img.run.targets = 6;
    const modes = ["all", "split", "chain", "sqrt", "single"] as const;
    playerDamage(img).forEach(([d], k) => {
      d.aoe = modes[k % modes.length];
      if (d.aoe === "chain") d.aoeParam = 0.7;
      if (d.aoe === "sqrt") d.aoeParam = 3;
      d.maxTargets = k % 3 === 0 ? 4 : undefined;
    });
  }],
  ["cleave", 1, (img) => {
    // a cleave buff (and physical hits to cleave) on 4 targets
    img.run.targets = 4;
    playerDamage(img).forEach(([d], k) => { if (k % 2 === 0) d.school = 1; });
    procAura(img, aura(img, { name: "variant_cleave", owner: "player", durationMs: 8000, effects: [{ type: "cleave", value: 0.6, count: 2 }] }), 0.35);
    procAura(img, aura(img, { name: "variant_cleave2", owner: "player", durationMs: 4000, effects: [{ type: "cleave", value: 0.3, count: 5 }] }), 0.15);
  }],
  ["stat-buffs", 1, (img) => {
    // injected buffs of every stat / multiplier effect kind, applied by casts, one consumed by casts
    const spells = img.spells.map((_, i) => i).filter((i) => i % 2 === 0);
    const buffs: [AuraImage, number][] = [
      [{ name: "v_crit", owner: "player", durationMs: 10000, refresh: "pandemic", effects: [{ type: "crit", value: 15 }] }, 0.2],
      [{ name: "v_mastery", owner: "player", durationMs: 9000, maxStacks: 2, refresh: "extend", effects: [{ type: "mastery", value: 10 }] }, 0.2],
      [{ name: "v_vers", owner: "player", durationMs: 7000, appliesToPets: true, effects: [{ type: "versatility", value: 6 }] }, 0.25],
      [{ name: "v_primary", owner: "player", durationMs: 12000, maxStacks: 4, refresh: "none", effects: [{ type: "primaryStat", value: 400 }] }, 0.3],
      [{ name: "v_school", owner: "player", durationMs: 8000, appliesToPets: true, effects: [{ type: "damageMultSchool", value: 1.15, school: 1 | 4 | 32 | 128 }] }, 0.2],
      [{ name: "v_stacking", owner: "player", durationMs: 15000, maxStacks: 5, effects: [{ type: "damageMultStacking", initial: 1.05, perStack: 1.02 }] }, 0.3],
      [{ name: "v_spells", owner: "player", durationMs: 10000, effects: [{ type: "damageMultSpells", value: 1.3, spells }] }, 0.2],
      [{ name: "v_debuff", owner: "target", durationMs: 10000, effects: [{ type: "damageMult", value: 1.08 }, { type: "damageMultSchool", value: 1.1, school: 8 | 16 | 64 }] }, 0.2],
      [{ name: "v_pet", owner: "pet", durationMs: 10000, effects: [{ type: "damageMult", value: 1.2 }] }, 0.2],
    ];
    const idx = buffs.map(([a, c]) => { const i = aura(img, a); procAura(img, i, c, a.maxStacks ?? 1); return i; });
    onEveryCast(img, [{ op: "procChance", chance: 0.1, list: list(img, [{ op: "consumeAura", aura: idx[5]!, stacks: 1 }]) }]);
    onEveryCast(img, [{ op: "ifAura", aura: idx[0]!, minStacks: 1, list: list(img, [{ op: "procChance", chance: 0.2, list: list(img, [{ op: "consumeAura", aura: idx[3]! }]) }]) }]);
  }],
  ["crit-mods", 1, (img) => {
    img.stats.critDamageBonus = (img.stats.critDamageBonus ?? 0) + 30;
    img.stats.crit += 10;
    playerDamage(img).forEach(([d], k) => {
      if (k % 3 === 0) d.critBonus = (d.critBonus ?? 0) + 25;
      if (k % 4 === 3) d.canCrit = false;
    });
    for (const a of img.auras) if (a.tickPeriodMs) a.tickMayCrit = !(a.tickMayCrit ?? true);
  }],
  ["cooldowns", 1, (img) => {
    // private charge pools on cooldown spells, every CDR kind on castable spells, cooldown ops on casts
    // specs without cooldowns: every third spell gets an 8 s cooldown first
    if (cooldownSpells(img).length === 0) castable(img).forEach((i, k) => { if (k % 3 === 1) img.spells[i]!.recoveryMs = 8000; });
    const cds = cooldownSpells(img);
    for (const [s] of cds) {
      if ((s.maxCharges ?? 1) <= 1 && s.chargeCategoryId === undefined) { s.maxCharges = 2; s.chargeRecoveryMs = s.recoveryMs; }
    }
    if (cds.length === 0) return;
    const buff = aura(img, { name: "v_cdr_window", owner: "player", durationMs: 5000 });
    procAura(img, buff, 0.25);
    const conds = ["always", "procChance", "whileAuraActive", "resetWhileAura"] as const;
    img.spells.forEach((s, i) => {
      const target = cds[i % cds.length]![1];
      const condition = conds[i % conds.length]!;
      s.cdr = [...(s.cdr ?? []), { condition, target, amountMs: 1500, chance: condition === "procChance" ? 0.4 : undefined, aura: condition === "whileAuraActive" || condition === "resetWhileAura" ? buff : undefined }];
    });
    onEveryCast(img, [{ op: "procChance", chance: 0.15, list: list(img, [{ op: "reduceCooldown", spell: cds[0]![1], ms: 2000 }]) }]);
    onEveryCast(img, [{ op: "procChance", chance: 0.05, list: list(img, [{ op: "resetCooldown", spell: cds[cds.length - 1]![1] }]) }]);
  }],
  ["gcd-offgcd-haste", 1, (img) => {
    // +45 % haste (GCD floor), cooldown spells moved off the GCD, un-hasted cast bars / GCDs on some spells
    img.stats.haste += 45;
    img.spells.forEach((s, i) => {
      if ((s.recoveryMs ?? 0) > 0 && s.startRecoveryCategory === 133) { s.startRecoveryCategory = 0; s.startRecoveryMs = 0; }
      if (s.castMs > 0 && i % 2 === 0) s.castHasted = false;
      if (s.startRecoveryCategory === 133 && i % 3 === 0) s.gcdHasted = false;
      if (s.channel) s.channel.hasted = !(s.channel.hasted ?? true);
    });
  }],
  ["slow-resources", 1, (img) => {
    // negative haste, resources half full with flipped haste scaling and faster regen, DoT periods shortened
    img.stats.haste = -20;
    for (const r of img.resources) {
      r.hasteScaled = !(r.hasteScaled ?? r.model === "energy");
      r.initial = r.max / 2;
      if (r.regenPerSec) r.regenPerSec *= 1.5;
    }
    for (const a of img.auras) if (a.tickPeriodMs) { a.tickPeriodMs = Math.max(1, Math.round(a.tickPeriodMs * 0.7)); a.tickOnApplication = !a.tickOnApplication; }
  }],
  ["refresh-modes", 1, (img) => {
    const modes = ["refresh", "pandemic", "extend", "none"] as const;
    img.auras.forEach((a, k) => {
      a.refresh = modes[k % modes.length];
      if (a.durationMs > 0) a.durationMs = Math.round(a.durationMs * 0.8);
      if (k % 2 === 1) a.maxStacks = (a.maxStacks ?? 1) + 2;
    });
  }],
  ["rage", 1, (img) => {
    // the first resource becomes rage (from damage dealt and taken), 2 targets
    const r = img.resources[0]!;
    if (!img.resources.some((x) => x.model === "rage")) {
      r.model = "rage";
      r.ragePerDamageDealt = 0.004;
      r.ragePerDamageTaken = 0.002;
      r.initial = 0;
      delete r.regenPerSec;
    }
    img.run.incomingDamagePerSec = 20000;
    img.run.targets = 2;
  }],
];

const byName = (n: string) => VARIANTS.find((v) => v[0] === n)![2];
// combinations on an image prepared for 8 targets (AoE rotation branches)
VARIANTS.push(["targets-8-aoe-haste", 8, (img) => { byName("haste-auras")(img); byName("aoe-modes")(img); img.run.targets = 8; }]);
VARIANTS.push(["targets-8-cleave-cooldowns", 8, (img) => { byName("cooldowns")(img); byName("cleave")(img); img.run.targets = 8; }]);

// ---------------------------------------------------------------------------------------------------
// Recording
// ---------------------------------------------------------------------------------------------------

const canon = (v: unknown): string =>
  JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x instanceof Float64Array || x instanceof Int32Array ? Array.from(x) : x));
const sha = (v: unknown) => createHash("sha256").update(canon(v)).digest("hex");
const sum = (xs: ArrayLike<number>) => Array.from(xs).reduce((a, b) => a + b, 0);

interface VariantRecord {
  result: unknown;
  /** engineEventKindCount(0..7) after the run. */
  eventKinds: number[];
  telemetry: { sha256: string; ticks: number; auraApplications: number[]; auraUptimeMs: number[]; procs: number[]; rppm: number[]; resourceGained: number[]; damageBuckets: number };
  timeline: { sha256: string; dps: number; casts: number; damage: number; auras: number; cooldowns: number; procs: number };
}

function runVariant(base: Img, mutate: (img: Img) => void): VariantRecord {
  const img = structuredClone(base);
  mutate(img);
  const r = runImage(img, { iterations: ITERATIONS, seed: SEED, chunkId: CHUNK });
  const eventKinds = Array.from({ length: 8 }, (_, k) => wasm.engineEventKindCount(k));
  const tel = readEngineTelemetry(img);
  const tl = captureTimeline(img, SEED, CHUNK, 0);
  const result = { ...r, spells: Object.fromEntries(r.spells.map((s) => [`${s.name}#${s.id}`, [s.casts, s.damage, s.hits, s.crits]])) };
  return {
    result: JSON.parse(canon(result)),
    eventKinds,
    telemetry: {
      sha256: sha(tel),
      ticks: sum(tel.spells.map((s) => s.ticks)),
      auraApplications: tel.auras.map((a) => a.applications),
      auraUptimeMs: tel.auras.map((a) => a.uptimeMs),
      procs: tel.procs,
      rppm: tel.rppm,
      resourceGained: tel.resources.map((src) => sum(src.map((x) => x.gained))),
      damageBuckets: sum(tel.perSecondDamage),
    },
    timeline: { sha256: sha(tl), dps: tl.dps, casts: tl.casts.length, damage: tl.damage.length, auras: tl.auras.length, cooldowns: tl.cooldowns.length, procs: tl.procs.length },
  };
}

/** Exact deep compare; returns the paths that differ. */
function diff(a: unknown, b: unknown, p = ""): string[] {
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => diff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], p ? `${p}.${k}` : k));
  }
  return Object.is(a, b) ? [] : [`${p}: golden ${JSON.stringify(a)}, now ${JSON.stringify(b)}`];
}

const implemented = SPEC_CATALOG.filter((s) => s.implemented);

describe("engine variants (bit-identity guard)", () => {
  it("there is a variants golden file for every implemented spec", () => {
    for (const s of implemented) expect(existsSync(path.join(GOLDEN, `${s.slug}.json`)) || UPDATE, `${s.slug}.json missing`).toBe(true);
  });

  for (const spec of implemented) {
    it(`${spec.slug}: ${VARIANTS.length} variants × ${ITERATIONS} iterations match test/golden/variants/${spec.slug}.json exactly`, async () => {
      const now: Record<string, VariantRecord> = {};
      const prep: Record<number, Img> = {};
      for (const t of new Set(VARIANTS.map((v) => v[1]))) prep[t] = (await prepareSimulation({ dataDir: DATA, spec: spec.slug, duration: DURATION_S, targets: t, seed: 1 })).image;
      for (const [name, t, mutate] of VARIANTS) now[name] = runVariant(prep[t]!, mutate);
      const file = path.join(GOLDEN, `${spec.slug}.json`);
      const doc = { spec: spec.slug, config: { durationS: DURATION_S, iterations: ITERATIONS, seed: SEED.toString(), chunkId: CHUNK }, variants: now };
      if (UPDATE) {
        mkdirSync(GOLDEN, { recursive: true });
        writeFileSync(file, `${JSON.stringify(doc, null, 1)}\n`);
        return;
      }
      const golden = JSON.parse(readFileSync(file, "utf8")) as typeof doc;
      const d = diff(golden, JSON.parse(JSON.stringify(doc)));
      const moved = [...new Set(d.map((x) => x.split(".")[1]))];
      expect(d, `${spec.slug}: variants ${moved.join(", ")} differ from the golden:\n${d.slice(0, 30).join("\n")}`).toEqual([]);
    });
  }
});
