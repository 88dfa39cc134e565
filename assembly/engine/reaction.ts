// Reaction time and latency (docs/fights.md "Reaction time and latency"), after SimulationCraft's player
// model: a player does not act the instant it could.
//
// - After a cast on the GCD the next decision comes a queue lag after the GCD ends; after a channel, a
//   channel lag after it ends (SimC player_t::schedule_ready, strict_gcd_queue off).
// - An idle player woken by a cooldown end, a resource gain or a proc acts at its next poll: SimC's
//   READY_POLL player looks again every available() = N(100 ms, 10 ms) while it waits, so the wait from
//   "could act" to "acts" is the phase of that poll, drawn here as u × N(poll, poll stddev).
// - A proc (a stack gain of an aura the rotation asks `react` of) is reactable only a reaction time after
//   it happened; a cooldown reset by a proc satisfies `cooldown_react` only a reaction time after the reset.
//   The reaction time is SimC's total_reaction_time(): min(max, offset + ex-Gaussian(mean, stddev, nu)).
//
// Every draw comes from a stream of its own, seeded from the iteration's seed through a salted splitmix64
// finalizer (like fight.ts's length draw): the combat RNG's stream is unchanged, and the delays do not
// depend on threads or chunk order. With the model off (header slot 0) every hook is one branch on
// `reactOn` and the engine behaves exactly as without this file.
import { Xorshift64 } from "../rng";
import { now, auraSt, nSpells } from "./state";

/** The model is on (H_REACTION != 0): every hook in engine.ts tests this first. */
export let reactOn: bool = false;

// parameters, ms (pool list at H_REACTION; src/engine/image.ts encodes them in this order)
let rOffset: f64 = 0;
let rMean: f64 = 0;
let rStddev: f64 = 0;
let rNu: f64 = 0;
let rMax: f64 = 0;
let queueLag: f64 = 0;
let queueLagSd: f64 = 0;
let channelLag: f64 = 0;
let channelLagSd: f64 = 0;
let pollMs: f64 = 0;
let pollSd: f64 = 0;
// The lags without a spread (SimC's defaults: queue_lag_stddev and channel_lag_stddev 0) are the same whole
// ms at every cast and draw nothing from the stream: lagMs's value once per load, so the cast pipeline adds
// a constant instead of calling through gauss ~200 times per iteration (-1: the lag has a spread, draw it).
export let queueLagFixed: i64 = -1;
export let channelLagFixed: i64 = -1;
/** Number of parameters before the tracked-aura count in the pool list. */
export const REACTION_PARAMS: i32 = 11;

const stream = new Xorshift64(1);
// Box–Muller (polar) yields normal deviates in pairs: the second is kept for the next draw
let spare: f64 = 0;
let hasSpare: bool = false;

/** Keeps the stream's seed apart from the combat RNG's and fight.ts's ("react" in ASCII, odd). */
const REACTION_SALT: u64 = 0x7265616374000003;

// per-run tables (engine arena): reactAt i64 per aura instance, reactBase i32 per instance, tracked u8
// per image aura, cooldown react-at i64 per spell
let reactAtTab: usize = 0;
let reactBaseTab: usize = 0;
let trackTab: usize = 0;
let cdReactTab: usize = 0;
let nInstR: i32 = 0;
let nAurasR: i32 = 0;

/** Bytes the per-run tables need (engine arena). */
export function reactionBytes(nInst: i32, nAuras: i32, nSpellsIn: i32): usize {
  return <usize>nInst * 12 + <usize>nSpellsIn * 8 + ((<usize>nAuras + 7) & ~7);
}

/**
 * Reads the parameters at f64 slot `start` of the pool (-1: the model is off) and lays out the tables at
 * `tab`. Values are validated by the host encoder (finite, >= 0; tracked aura indices in range).
 */
export function reactionLoad(tab: usize, nInst: i32, nAuras: i32, nSpellsIn: i32, pool: usize, start: i32): void {
  reactOn = start >= 0;
  nInstR = nInst;
  nAurasR = nAuras;
  if (!reactOn) return;
  const p = pool + (<usize>start << 3);
  rOffset = load<f64>(p);
  rMean = load<f64>(p, 8);
  rStddev = load<f64>(p, 16);
  rNu = load<f64>(p, 24);
  rMax = load<f64>(p, 32);
  queueLag = load<f64>(p, 40);
  queueLagSd = load<f64>(p, 48);
  channelLag = load<f64>(p, 56);
  channelLagSd = load<f64>(p, 64);
  pollMs = load<f64>(p, 72);
  pollSd = load<f64>(p, 80);
  queueLagFixed = queueLagSd == 0 ? fixedLagMs(queueLag) : -1;
  channelLagFixed = channelLagSd == 0 ? fixedLagMs(channelLag) : -1;
  reactAtTab = tab;
  reactBaseTab = tab + <usize>nInst * 8;
  cdReactTab = reactBaseTab + <usize>nInst * 4;
  trackTab = cdReactTab + <usize>nSpellsIn * 8;
  memory.fill(trackTab, 0, <usize>nAuras);
  const n = <i32>load<f64>(p, <usize>REACTION_PARAMS << 3);
  for (let k = 0; k < n; k++) {
    const a = <i32>load<f64>(p + (<usize>(REACTION_PARAMS + 1 + k) << 3));
    if (<u32>a < <u32>nAuras) store<u8>(trackTab + <usize>a, 1);
  }
}

/** The stream's seed for the iteration seeded with `seed` (splitmix64 finalizer of seed ^ salt). */
export function reactionSeed(seed: u64): u64 {
  let z = (seed ^ REACTION_SALT) + 0x9e3779b97f4a7c15;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

/** Iteration start: reseeds the stream and forgets the last iteration's reaction times. */
export function reactionBegin(seed: u64): void {
  stream.reseed(reactionSeed(seed));
  hasSpare = false;
  memory.fill(reactAtTab, 0, <usize>nInstR * 12 + <usize>nSpells * 8);
}

/** N(mean, sd) from the stream (sd 0: mean, no draw). */
function gauss(mean: f64, sd: f64): f64 {
  if (sd == 0) return mean;
  if (hasSpare) {
    hasSpare = false;
    return mean + sd * spare;
  }
  let x: f64 = 0;
  let y: f64 = 0;
  let w: f64 = 0;
  do {
    x = 2.0 * stream.next() - 1.0;
    y = 2.0 * stream.next() - 1.0;
    w = x * x + y * y;
  } while (w >= 1.0 || w == 0.0);
  const f = Math.sqrt((-2.0 * Math.log(w)) / w);
  spare = y * f;
  hasSpare = true;
  return mean + sd * x * f;
}

/** Exponential with mean nu from the stream (nu 0: 0, no draw). */
function exponential(nu: f64): f64 {
  if (nu == 0) return 0;
  return -Math.log(1.0 - stream.next()) * nu;
}

/** SimC's total_reaction_time(): min(max, offset + max(0, N(mean, stddev)) + Exp(nu)), whole ms. */
export function reactionMs(): i64 {
  const g = gauss(rMean, rStddev);
  const t = rOffset + (g > 0 ? g : 0) + exponential(rNu);
  return <i64>Math.round(t < rMax ? t : rMax);
}

/** A lag N(mean, sd) truncated at 0, whole ms. */
// @ts-ignore: decorator
@inline function lagMs(mean: f64, sd: f64): i64 {
  const g = gauss(mean, sd);
  return g > 0 ? <i64>Math.round(g) : 0;
}

/** lagMs(mean, 0) without touching the stream (gauss draws nothing for sd 0). */
function fixedLagMs(mean: f64): i64 {
  return mean > 0 ? <i64>Math.round(mean) : 0;
}

/** The delay after a cast on the GCD, to add to the GCD end (SimC queue_lag). */
// @ts-ignore: decorator
@inline export function queueLagMs(): i64 {
  const k = queueLagFixed;
  return k >= 0 ? k : lagMs(queueLag, queueLagSd);
}

/** The delay after a channel ends (SimC channel_lag). */
// @ts-ignore: decorator
@inline export function channelLagMs(): i64 {
  const k = channelLagFixed;
  return k >= 0 ? k : lagMs(channelLag, channelLagSd);
}

/** The delay of an idle player's reaction to a wake: the phase u × N(poll, sd) of its next poll. */
export function pollPhaseMs(): i64 {
  if (pollMs == 0 && pollSd == 0) return 0;
  const p = gauss(pollMs, pollSd);
  return p > 0 ? <i64>Math.round(stream.next() * p) : 0;
}

/**
 * Aura instance `inst` (image aura `base`) went from `before` to more stacks now. For a tracked aura the
 * new stacks become reactable a reaction time from now; returns that time (the engine wakes an idle player
 * then), or -1 for an untracked aura. Stacks still pending from an earlier gain become reactable with the
 * new ones (one pending time per instance).
 */
export function reactGain(inst: i32, base: i32, before: i32): i64 {
  if (!reactTracked(base)) return -1;
  const t = now + reactionMs();
  const at = reactAtTab + (<usize>inst << 3);
  const bp = reactBaseTab + (<usize>inst << 2);
  if (before == 0) {
    store<i32>(bp, 0);
    store<i64>(at, t);
  } else {
    const prev = load<i64>(at);
    if (now >= prev) store<i32>(bp, before); // every earlier stack is reactable already
    store<i64>(at, t > prev ? t : prev);
  }
  return t;
}

/**
 * Image aura `base` is one the rotation asks `react` of (the model must be on). Tested at the aura gain sites
 * before calling reactGain: most gained auras are untracked (none at all for a rotation without `react`).
 */
// @ts-ignore: decorator
@inline export function reactTracked(base: i32): bool {
  return <u32>base < <u32>nAurasR && load<u8>(trackTab + <usize>base) != 0;
}

/** `buff.X.react` of instance `inst`: its stacks that are reactable now (0 when down). */
export function reactStacks(inst: i32): f64 {
  if (<u32>inst >= <u32>nInstR) return 0;
  const st = auraSt(inst);
  if (st.active == 0) return 0;
  if (!reactOn || now >= load<i64>(reactAtTab + (<usize>inst << 3))) return <f64>st.stacks;
  const b = load<i32>(reactBaseTab + (<usize>inst << 2));
  return <f64>(b < st.stacks ? b : st.stacks);
}

/**
 * A proc reset `spell`'s cooldown now; `wasDown`: it was not castable before (no charge / on cooldown).
 * `cooldown_react` then holds only a reaction time from now (SimC cooldown_t::reset(require_reaction)).
 * Returns that time, or -1 when nothing changed.
 */
export function cooldownResetReact(spell: i32, wasDown: bool): i64 {
  if (!wasDown || <u32>spell >= <u32>nSpells) return -1;
  const t = now + reactionMs();
  store<i64>(cdReactTab + (<usize>spell << 3), t);
  return t;
}

/** Whether `spell`'s last reset is reacted to by now (always, with the model off). */
export function cooldownReacted(spell: i32): bool {
  if (!reactOn || <u32>spell >= <u32>nSpells) return true;
  return now >= load<i64>(cdReactTab + (<usize>spell << 3));
}

/**
 * Test hook: fills `out` with `n` draws of `kind` (0 reaction, 1 queue lag, 2 channel lag, 3 poll phase)
 * from the stream of the iteration seeded with `seed`. The model must be loaded on.
 */
export function reactionDraws(seed: u64, kind: i32, n: i32, out: usize): void {
  stream.reseed(reactionSeed(seed));
  hasSpare = false;
  for (let k = 0; k < n; k++) {
    const v = kind == 0 ? reactionMs() : kind == 1 ? queueLagMs() : kind == 2 ? channelLagMs() : pollPhaseMs();
    store<f64>(out + (<usize>k << 3), <f64>v);
  }
}
