// encodeImage: SpecImage → the flat f64/i32 buffers the wasm loader reads (docs/engine-image.md
// "Binary layout"). Each step validates and encodes one part; the order of the steps is the order of
// the shared pool section, so it is part of the format.
import type { SpecImage } from "./image.js";
import { encodeAuras } from "./image-auras.js";
import { damageCritRules, encodeAutoAttack, encodeDamage, encodePets, type CritRules } from "./image-damage.js";
import { GCD_START_RECOVERY_CATEGORY, HEADER_F64, IMAGE_VERSION, MASTERY_KIND_CODES, MAX_IMAGE_INDEX, SECTION_ORDER, STRIDE } from "./image-layout.js";
import { encodeOpLists } from "./image-ops.js";
import { encodeCastHooks, encodeProcs, encodeRppm } from "./image-procs.js";
import { encodeResources } from "./image-resources.js";
import { encodeRotation, type EncodedRotation } from "./image-rotation.js";
import { encodeSpells, type CooldownPools } from "./image-spells.js";
import { ImageWriter, type EncodedImage } from "./image-writer.js";
import { reactionList } from "./reaction.js";

/** Validates `image` and encodes it; throws ImageError naming the first bad field. */
export function encodeImage(image: SpecImage): EncodedImage {
  const w = new ImageWriter(image);
  const run = readRunConfig(w);
  encodeResources(w, run.incoming);
  encodeDamage(w);
  const crit = damageCritRules(w);
  const { pools, stackCost } = encodeSpells(w);
  encodeAuras(w);
  encodeOpLists(w);
  encodeProcs(w);
  encodeRppm(w);
  const timedPets = encodePets(w);
  const hooksStart = encodeCastHooks(w);
  const rotation = encodeRotation(w);
  const autoAttack = encodeAutoAttack(w);
  const header = writeHeader(w, { run, crit, pools, stackCost, timedPets, hooksStart, rotation, autoAttack });
  return { f64: assemble(w, header), i32: rotation.code, locks: [...pools.locks.keys()], categoryPools: [...pools.cats.keys()], chargePools: pools.chargeInfo };
}

/** The run configuration and mastery model, checked before any entity is encoded. */
interface RunValues {
  durationMs: number;
  targets: number;
  targetArmor: number;
  armorK: number;
  incoming: number;
  pullAura: number;
  startAuras: number[];
  mirrorAura: number;
  mirrorFraction: number;
  varyLength: number;
  healthPerMs: number;
  masteryKind: number;
  masteryGate: number;
}

function readRunConfig(w: ImageWriter): RunValues {
  const { fail, num, code, image, auras } = w;
  const run = image.run;
  if (run === null || typeof run !== "object") fail("run", "expected an object");
  const durationMs = num(run.durationMs, "run.durationMs", { int: true, min: 1, max: 2 ** 40 });
  const targets = num(run.targets, "run.targets", { int: true, min: 1, max: 1000 });
  // every target has its own instance of each target-owned aura (assembly/engine/targets.ts); instances
  // are numbered like auras, in the event's 11-bit argument
  const targetAuras = auras.filter((a) => a !== null && typeof a === "object" && a.owner === "target").length;
  const instances = auras.length + (targets - 1) * targetAuras;
  if (instances > MAX_IMAGE_INDEX) {
    fail("run.targets", `${targets} targets x ${targetAuras} target-owned auras (+ ${auras.length - targetAuras} others) make ${instances} aura instances; at most ${MAX_IMAGE_INDEX}`);
  }
  const lastAura = (image.auras?.length ?? 0) - 1;
  const targetArmor = num(run.targetArmor, "run.targetArmor", { min: 0 });
  const armorK = num(run.armorK, "run.armorK", { min: 0 });
  const incoming = num(run.incomingDamagePerSec, "run.incomingDamagePerSec", { min: 0, def: 0 });
  const pullAura = num(run.pullAura, "run.pullAura", { int: true, min: -1, max: lastAura, def: -1 });
  const startAuras = run.combatStartAuras ?? [];
  if (!Array.isArray(startAuras)) fail("run.combatStartAuras", "expected an array of aura indices");
  startAuras.forEach((x, i) => num(x, `run.combatStartAuras[${i}]`, { int: true, min: 0, max: lastAura }));
  const mirrorAura = run.mirrorAura === undefined ? -1 : num(run.mirrorAura, "run.mirrorAura", { int: true, min: 0, max: lastAura });
  const mirrorFraction = mirrorAura < 0 ? 0 : num(run.mirrorFraction, "run.mirrorFraction", { min: 0, max: 1 });
  const varyLength = num(run.varyLength, "run.varyLength", { min: 0, def: 0 });
  if (varyLength >= 1) fail("run.varyLength", `expected a fraction in [0, 1), got ${varyLength}`);
  const healthPerMs = num(run.healthPerMs, "run.healthPerMs", { min: 0, def: 0 });
  const st = image.stats;
  if (st === null || typeof st !== "object") fail("stats", "expected an object");
  const m = image.mastery;
  if (m === null || typeof m !== "object") fail("mastery", "expected an object");
  const masteryBaseKind = code(MASTERY_KIND_CODES, m.kind, "mastery.kind");
  // kind 3: uniform, gated by an aura (header slot 75 = aura index + 1)
  const masteryGate = m.whileAura === undefined ? -1 : num(m.whileAura, "mastery.whileAura", { int: true, min: 0, max: lastAura });
  if (masteryGate >= 0 && masteryBaseKind !== 0) fail("mastery.whileAura", "only a uniform mastery can be gated by an aura");
  const masteryKind = masteryGate >= 0 ? 3 : masteryBaseKind;
  return { durationMs, targets, targetArmor, armorK, incoming, pullAura, startAuras, mirrorAura, mirrorFraction, varyLength, healthPerMs, masteryKind, masteryGate };
}

interface HeaderInputs {
  run: RunValues;
  crit: CritRules;
  pools: CooldownPools;
  stackCost: number[];
  timedPets: number[];
  hooksStart: number;
  rotation: EncodedRotation;
  autoAttack: { mainHand: number[]; offHand: number };
}

/** The 108-slot header: run, stats and mastery, then the pool lists the earlier steps collected. */
function writeHeader(w: ImageWriter, h: HeaderInputs): number[] {
  const { num, bool, arr, spellIdx, poolList, image } = w;
  const { run, crit, rotation } = h;
  const st = image.stats;
  const m = image.mastery;
  const header = new Array<number>(HEADER_F64).fill(0);
  header.splice(0, 30,
    IMAGE_VERSION, run.durationMs, run.targets, run.targetArmor, run.armorK, run.incoming,
    num(st.attackPower, "stats.attackPower", { min: 0 }), num(st.spellPower, "stats.spellPower", { min: 0 }),
    num(st.crit, "stats.crit"), num(st.haste, "stats.haste", { min: -99 }), num(st.mastery, "stats.mastery"),
    num(st.versatility, "stats.versatility"), num(st.critDamageBonus, "stats.critDamageBonus", { def: 0 }),
    run.masteryKind, num(m.coefficient, "mastery.coefficient", { min: 0 }),
    run.masteryKind === 1 ? num(m.school, "mastery.school", { int: true, min: 1, max: 255 }) : 0, bool(m.appliesToPets, "mastery.appliesToPets", false),
    ...h.autoAttack.mainHand, h.pools.locks.get(GCD_START_RECOVERY_CATEGORY) ?? -1, h.pools.locks.size, h.pools.cats.size, h.pools.chargeInfo.length,
    rotation.kind, rotation.start, rotation.length, h.hooksStart, w.castHooks.length,
  );
  header[30] = rotation.spells ? poolList(rotation.spells) : 0;
  header[60] = h.autoAttack.offHand;
  header[75] = run.masteryGate + 1; // H_MASTERY_GATE_AURA: aura index + 1, 0 = the mastery is never gated
  header[61] = crit.healthCrit.length ? poolList(crit.healthCrit) : 0;
  // 91-92: mastery kind "spells": the spell indices it multiplies (pool start, count)
  if (run.masteryKind === 7) {
    const list = arr(m.spells, "mastery.spells", true).map((x, k) => spellIdx(x, `mastery.spells[${k}]`, false));
    header[91] = poolList(list);
    header[92] = list.length;
  }
  header[62] = crit.healthCrit.length / 3;
  header[83] = crit.critMult.length ? poolList(crit.critMult) : 0; // H_CRIT_MULT_START / _LEN (crit-mult.ts)
  header[84] = crit.critMult.length / 2;
  // 95-96: timed pet groups (pool list of (pet, cast budget) pairs, count; 0 = none)
  header[95] = h.timedPets.length ? poolList(h.timedPets) : 0;
  header[96] = h.timedPets.length / 2;
  header[79] = h.stackCost.length ? poolList(h.stackCost) : 0; // H_STACK_COST_START
  header[80] = h.stackCost.length / 3; // H_STACK_COST_LEN
  // 63-64: channel-decision table (pool offset, slot count; 0 slots = none)
  if (rotation.channels !== null && rotation.channels.length > 1) {
    header[63] = poolList(rotation.channels);
    header[64] = (rotation.channels.length - 1) / 4;
  }
  header[65] = run.pullAura + 1; // H_PULL_AURA: aura index + 1, 0 = none
  // 66-67: auras applied at t = 0 after it (timers started on entering combat): pool list, count
  if (run.startAuras.length > 0) {
    header[66] = poolList(run.startAuras);
    header[67] = run.startAuras.length;
  }
  header[87] = bool(image.regenWake, "regenWake", false); // H_REGEN_WAKE: idle wakes when regeneration covers a rotation spell's cost
  header[101] = run.mirrorAura + 1; // H_MIRROR_AURA: aura index + 1, 0 = none (hit-mirror.ts)
  header[102] = run.mirrorFraction; // H_MIRROR_FRACTION
  header[99] = crit.critScaled.length ? poolList(crit.critScaled) : 0; // H_CRIT_SCALED_START
  header[100] = crit.critScaled.length; // H_CRIT_SCALED_LEN
  header[68] = rotation.whileCasting ? 1 : 0; // H_CWC: decisions during cast bars (assembly/engine/cast-while-casting.ts)
  header[70] = run.healthPerMs; // H_HEALTH_RATE: target health per ms of the drawn length (0 = time-based)
  header[69] = run.varyLength; // H_VARY_LENGTH: ± fraction of durationMs per iteration (assembly/engine/fight.ts)
  header[31] = rotation.spells ? rotation.spells.length : -1;
  header[103] = rotation.castOnly ? 1 : 0; // H_ROT_CAST_ONLY
  const reaction = image.run.reaction;
  if (reaction !== undefined) header[89] = poolList(reactionList(reaction, image.auras?.length ?? 0, w.fail)) + 1; // H_REACTION: pool start + 1 (src/engine/reaction.ts)
  const raid = raidEventLists(w, run.targets);
  if (raid.movement) header[105] = poolList(raid.movement) + 1; // H_RAID_MOVE: pool start + 1 (assembly/engine/raid-events.ts)
  if (raid.adds) header[106] = poolList(raid.adds) + 1; // H_RAID_ADDS: pool start + 1 (assembly/engine/raid-adds.ts)
  return header;
}

/** run.movement and run.adds, checked: the pool values the engine's raid events read (ms). */
function raidEventLists(w: ImageWriter, targets: number): { movement?: number[]; adds?: number[] } {
  const { fail, num } = w;
  const out: { movement?: number[]; adds?: number[] } = {};
  const move = w.image.run.movement;
  if (move !== undefined) {
    const v = (["firstMs", "periodMs", "durationMs"] as const).map((k) => num(move[k], `run.movement.${k}`, { int: true, min: 0 }));
    if (!(v[1]! > 0 && v[2]! > 0 && v[2]! < v[1]!)) fail("run.movement", `expected 0 < durationMs < periodMs, got ${v[2]} and ${v[1]}`);
    out.movement = v;
  }
  const adds = w.image.run.adds;
  if (adds !== undefined) {
    const count = num(adds.count, "run.adds.count", { int: true, min: 1, max: targets - 1 });
    const v = (["firstMs", "cooldownMs", "durationMs", "lastMs"] as const).map((k) => num(adds[k], `run.adds.${k}`, { int: true, min: 0 }));
    const [first, cooldown, duration, last] = v as [number, number, number, number];
    if (!(cooldown > 0 && duration > 0 && duration <= cooldown)) fail("run.adds", `expected 0 < durationMs <= cooldownMs, got ${duration} and ${cooldown}`);
    if (last <= first) fail("run.adds.lastMs", `expected after firstMs (${first}), got ${last}`);
    out.adds = [count, first, cooldown, duration, last];
  }
  return out;
}

/** Header, then the sections in SECTION_ORDER; header slots 32.. get each section's offset and count. */
function assemble(w: ImageWriter, header: number[]): Float64Array {
  let off = HEADER_F64;
  const parts: number[][] = [header];
  SECTION_ORDER.forEach((s, k) => {
    const data = w.sec[s];
    header[32 + 2 * k] = off;
    header[32 + 2 * k + 1] = data.length / STRIDE[s];
    parts.push(data);
    off += data.length;
  });
  const f64 = new Float64Array(off);
  let o = 0;
  for (const part of parts) {
    f64.set(part, o);
    o += part.length;
  }
  return f64;
}
