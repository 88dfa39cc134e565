// Encoding step: op lists. One small encoder per op kind returns that op's record (code first); the
// dispatcher validates the kind and appends the record (the shape of wowsims' apl_value.go).
import type { Op } from "./image.js";
import { OP_BANK_INTO, OP_CODES, OP_DEAL_DAMAGE_MASTERY, RANDOM_AURAS_MAX, STRIDE } from "./image-layout.js";
import type { ImageWriter } from "./image-writer.js";

type OpOf<K extends Op["op"]> = Extract<Op, { op: K }>;
/** Encodes one op of kind K: `c` is its op code, `p` its path (`opLists[i][j]`). */
type OpEncoder<K extends Op["op"]> = (w: ImageWriter, o: OpOf<K>, c: number, p: string) => number[];

export function encodeOpLists(w: ImageWriter): void {
  w.opLists.forEach((list, i) => {
    const p = `opLists[${i}]`;
    const ops = w.arr(list, p, true);
    w.rec("opLists", [w.sec.ops.length / STRIDE.ops, ops.length]);
    ops.forEach((o, j) => encodeOp(w, o, `${p}[${j}]`));
  });
}

function encodeOp(w: ImageWriter, o: Op, p: string): void {
  const c = w.code(OP_CODES, o?.op, `${p}.op`);
  const encoder = OP_ENCODERS[o.op] as OpEncoder<Op["op"]>;
  w.rec("ops", encoder(w, o, c, p));
}

const auraStacks = (w: ImageWriter, o: OpOf<"applyAura" | "consumeAura">, c: number, p: string): number[] =>
  [c, w.auraIdx(o.aura, `${p}.aura`, false), w.num(o.stacks, `${p}.stacks`, { int: true, min: 0, def: o.op === "applyAura" ? 1 : 0 })];

const resourceGain = (w: ImageWriter, o: OpOf<"gainResource" | "gainPerTarget">, c: number, p: string): number[] =>
  [c, w.resIdx(o.resource, `${p}.resource`, false), w.num(o.amount, `${p}.amount`, { min: 0 })];

const dealDamage: OpEncoder<"dealDamage"> = (w, o, c, p) => {
  const ms = o.masteryScale === undefined ? 0 : w.num(o.masteryScale, `${p}.masteryScale`, { min: 0 });
  const pp = w.bool(o.perPoint, `${p}.perPoint`, false);
  if (ms > 0 && pp) w.fail(`${p}`, "perPoint and masteryScale cannot be combined");
  // a mastery-grown coefficient is its own op (25): the plain damage op stays one load
  return ms > 0 ? [OP_DEAL_DAMAGE_MASTERY, w.dmgIdx(o.damage, `${p}.damage`, false), ms] : [c, w.dmgIdx(o.damage, `${p}.damage`, false), pp];
};

const randomAuras: OpEncoder<"randomAuras"> = (w, o, c, p) => {
  const { fail, num, arr, code, auraIdx, poolList } = w;
  const list = arr(o.auras, `${p}.auras`, false).map((a, k) => auraIdx(a, `${p}.auras[${k}]`, false));
  if (list.length > RANDOM_AURAS_MAX) fail(`${p}.auras`, `at most ${RANDOM_AURAS_MAX} auras, got ${list.length}`);
  const weights = arr(o.weights, `${p}.weights`, false).map((x, k) => num(x, `${p}.weights[${k}]`, { min: 0, max: 1 }));
  if (weights.length !== list.length) fail(`${p}.weights`, `one weight per aura count 1..${list.length}, got ${weights.length}`);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (Math.abs(sum - 1) > 1e-9) fail(`${p}.weights`, `the weights must sum to 1, got ${sum}`);
  const mode = code({ subset: 0, tiers: 1 }, o.mode, `${p}.mode`);
  const bump = o.bumpAura === undefined ? 0 : auraIdx(o.bumpAura, `${p}.bumpAura`, false) + 1;
  return [c, poolList([mode, bump, ...list, ...weights]), list.length];
};

const consumePets: OpEncoder<"consumePets"> = (w, o, c, p) => {
  const pi = w.petIdx(o.pet, `${p}.pet`, false);
  if (w.pets[pi]?.timedCasts === undefined) w.fail(`${p}.pet`, `pet ${pi} is not a timed group (timedCasts)`);
  return [c, pi, w.num(o.max, `${p}.max`, { int: true, min: 1 }), w.listIdx(o.list, `${p}.list`, false)];
};

const ifCrit: OpEncoder<"ifCrit"> = (w, o, c, p) => {
  if (typeof o.crit !== "boolean") w.fail(`${p}.crit`, `expected a boolean, got ${String(o.crit)}`);
  return [c, w.listIdx(o.list, `${p}.list`, false), o.crit ? 1 : 0];
};

const bankDamage: OpEncoder<"bankDamage"> = (w, o, c, p) => {
  const ai = w.auraIdx(o.aura, `${p}.aura`, false);
  if (w.auras[ai]?.residual !== true) w.fail(`${p}.aura`, `aura ${ai} is not residual`);
  // apply false: OP_BANK_INTO (20), the same operands; banks only while the aura is up (Touch of the Magi)
  const opCode = w.bool(o.apply, `${p}.apply`, true) ? c : OP_BANK_INTO;
  return [opCode, ai, w.num(o.fraction, `${p}.fraction`, { min: 0 }), w.bool(o.masteryScaled, `${p}.masteryScaled`, false)];
};

const spreadBank: OpEncoder<"spreadBank"> = (w, o, c, p) => {
  const ai = w.auraIdx(o.aura, `${p}.aura`, false);
  if (w.auras[ai]?.residual !== true || w.auras[ai]?.owner !== "target") w.fail(`${p}.aura`, `aura ${ai} is not a residual aura on the target`);
  return [c, ai, w.num(o.share, `${p}.share`, { min: 0 }), w.num(o.count, `${p}.count`, { int: true, min: 0 })];
};

const OP_ENCODERS: { [K in Op["op"]]: OpEncoder<K> } = {
  applyAura: auraStacks,
  consumeAura: auraStacks,
  gainResource: resourceGain,
  gainPerTarget: resourceGain,
  reduceCooldown: (w, o, c, p) => [c, w.spellIdx(o.spell, `${p}.spell`, false), w.num(o.ms, `${p}.ms`, { min: 0 })],
  resetCooldown: (w, o, c, p) => [c, w.spellIdx(o.spell, `${p}.spell`, false)],
  dealDamage,
  stacksToResource: (w, o, c, p) => [c, w.auraIdx(o.aura, `${p}.aura`, false), w.resIdx(o.resource, `${p}.resource`, false)],
  randomAuras,
  reduceCooldownPerPoint: (w, o, c, p) => [c, w.spellIdx(o.spell, `${p}.spell`, false), w.num(o.msPerPoint, `${p}.msPerPoint`, { min: 0 }), 1],
  schedule: (w, o, c, p) => [c, w.num(o.delayMs, `${p}.delayMs`, { int: true, min: 0 }), w.listIdx(o.list, `${p}.list`, false)],
  rollRppm: (w, o, c, p) => [c, w.idx(o.tracker, w.rppm.length, `${p}.tracker`, "rppm tracker", false), w.listIdx(o.list, `${p}.list`, false)],
  procChance: (w, o, c, p) => [c, w.num(o.chance, `${p}.chance`, { min: 0, max: 1 }), w.listIdx(o.list, `${p}.list`, false)],
  ifAura: (w, o, c, p) =>
    [c, w.auraIdx(o.aura, `${p}.aura`, false), w.listIdx(o.list, `${p}.list`, false), w.num(o.minStacks, `${p}.minStacks`, { int: true, min: 0, def: 0 })],
  ifNotAura: (w, o, c, p) => [c, w.auraIdx(o.aura, `${p}.aura`, false), w.listIdx(o.list, `${p}.list`, false)],
  summonPet: (w, o, c, p) => [c, w.petIdx(o.pet, `${p}.pet`, false), w.num(o.durationMs, `${p}.durationMs`, { int: true, min: 0 })],
  dismissPet: (w, o, c, p) => [c, w.petIdx(o.pet, `${p}.pet`, false)],
  consumePets,
  ifCrit,
  bankDamage,
  spreadBank,
  dealDamagePerStack: (w, o, c, p) => [
    c, w.dmgIdx(o.damage, `${p}.damage`, false), o.aura === -1 ? -1 : w.auraIdx(o.aura, `${p}.aura`, false),
    w.num(o.maxStacks, `${p}.maxStacks`, { int: true, min: 1 }),
  ],
};
