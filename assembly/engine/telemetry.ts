// Engine telemetry sink (spec "Telemetry and statistics"; docs/telemetry.md "Engine sink").
//
// Cheap by construction: during normal iterations every hook updates a counter or an accumulator IN
// PLACE (no event list, no allocation). Per-iteration state is only what an iteration must close at its
// end: open aura windows (since when, at how many stacks) and the current 1000 ms damage bucket. At the
// end of an iteration engine.ts closes those windows into the run accumulators ("folded"), then records
// the iteration's DPS. Only when the timeline is enabled (the representative rerun) do the hooks also
// append fixed-size records to a preallocated buffer.
//
// The accumulators cover one engineRun call (a chunk): engineResetAccumulators clears them with
// telResetAcc. Memory is heap-allocated grow-only (stub runtime: nothing is freed), so a chunk never
// allocates once the sizes of the first image are reached.

// ---- sizes (telLoad) ----
let nSp: i32 = 0;
let nAu: i32 = 0;
let nRs: i32 = 0;
let nPr: i32 = 0;
let nRp: i32 = 0;
let nBuckets: i32 = 0;
/** Resource sources: spells, then auras, then impact procs, then regen, then other (timers). */
let nSrc: i32 = 0;
let srcRegen: i32 = 0;
let srcOther: i32 = 0;

// ---- run accumulators (f64) ----
/** Per spell: ticks (periodic hits), pet damage, pet hits. */
export const SPELL_TEL_STRIDE: i32 = 3;
/** Per aura: applications, refreshes, uptime ms, stack-ms (sum of stacks x ms). */
export const AURA_TEL_STRIDE: i32 = 4;
/** Per (resource, source): spent, gained (effective), wasted. */
export const RES_TEL_STRIDE: i32 = 3;

let spellTel: usize = 0;
let auraTel: usize = 0;
let resTel: usize = 0;
let bucketTel: usize = 0; // f64 x nBuckets: damage per 1000 ms, summed over iterations
let procTel: usize = 0; // f64 x nPr: impact procs fired
let rppmTel: usize = 0; // f64 x nRp: RPPM procs
let lenTel: usize = 0; // f64 x (nBuckets + 1): iterations by their length in whole buckets (ceil(ms / 1000)), then the sum of their lengths in ms
let cap: usize = 0; // bytes reserved at telBase
let telBase: usize = 0;

// ---- per-iteration state ----
let auraSince: usize = 0; // i64 x nAu: time of the aura's last stack/state change
let resIter: usize = 0; // f64 x nRs x 2: this iteration's spent and non-regen gains (regen is settled by balance)
let bucketIdx: i32 = 0;
let bucketEnd: i64 = 1000;
let bucketSum: f64 = 0;
/** Resource source of the code running now (cast spell, ticking aura, fired proc, ...). */
let src: i32 = 0;

// ---- timeline (representative rerun only) ----
/** Record: 4 f64 = t (ms), code (kind | flags << 8), a (index), b (value). */
export const TL_STRIDE: i32 = 4;
export const TL_CAST_START: i32 = 1; // a spell, b cast ms
export const TL_CAST: i32 = 2; // a spell (CastComplete that paid and took effect)
export const TL_DAMAGE: i32 = 3; // a spell, b amount; flags: 1 periodic, 2 crit, 4 pet
export const TL_AURA: i32 = 4; // a aura, b stacks after the change (0 = removed)
export const TL_COOLDOWN: i32 = 5; // a spell, b time (ms) the spell is castable again
export const TL_RESOURCE: i32 = 6; // a resource, b value after the change
export const TL_PROC: i32 = 7; // a proc index (flags 0: impact proc, 1: RPPM tracker)
export const TL_PET_COUNT: i32 = 52; // a pet image (a timed group: timed-pets.ts), b live instances after the change
export let tlOn: bool = false;
let tl: usize = 0;
let tlCap: i32 = 0;
let tlAlloc: i32 = 0;
let tlLen: i32 = 0;
let tlDropped: i32 = 0;

function grow(bytes: usize): usize {
  if (bytes > cap) {
    cap = bytes + 1024;
    telBase = heap.alloc(cap);
  }
  return telBase;
}

/** Lays out the accumulators for an image (engineLoad). durationMs (the longest iteration) sets the bucket count. */
export function telLoad(spells: i32, auras: i32, resources: i32, procs: i32, rppm: i32, durationMs: i64): void {
  nSp = spells;
  nAu = auras;
  nRs = resources;
  nPr = procs;
  nRp = rppm;
  nBuckets = max(1, <i32>((durationMs + 999) / 1000));
  nSrc = spells + auras + procs + 2;
  srcRegen = spells + auras + procs;
  srcOther = srcRegen + 1;
  const fSpell = <usize>nSp * SPELL_TEL_STRIDE;
  const fAura = <usize>nAu * AURA_TEL_STRIDE;
  const fRes = <usize>nRs * <usize>nSrc * RES_TEL_STRIDE;
  const total = (fSpell + fAura + fRes + <usize>nBuckets + <usize>nPr + <usize>nRp + <usize>(nBuckets + 2) + <usize>nAu + <usize>nRs * 2) << 3;
  let p = grow(total);
  spellTel = p;
  p += fSpell << 3;
  auraTel = p;
  p += fAura << 3;
  resTel = p;
  p += fRes << 3;
  bucketTel = p;
  p += <usize>nBuckets << 3;
  procTel = p;
  p += <usize>nPr << 3;
  rppmTel = p;
  p += <usize>nRp << 3;
  lenTel = p;
  p += <usize>(nBuckets + 2) << 3;
  auraSince = p;
  p += <usize>nAu << 3;
  resIter = p;
}

/** Clears the run accumulators (with engineResetAccumulators). */
export function telResetAcc(): void {
  memory.fill(spellTel, 0, auraSince - spellTel);
}

/** Clears the per-iteration sink (start of every iteration). */
export function telIterBegin(): void {
  memory.fill(auraSince, 0, <usize>(nAu + nRs * 2) << 3);
  bucketIdx = 0;
  bucketEnd = 1000;
  bucketSum = 0;
  src = srcOther;
  if (tlOn) {
    tlLen = 0;
    tlDropped = 0;
  }
}

/**
 * Folds what is still open at the iteration's end into the accumulators (auras are closed by the engine
 * first), and counts the iteration's length `endMs`: one add per iteration, from which the host derives
 * how many iterations were still running in each second (fights of varied length: assembly/engine/fight.ts).
 */
export function telIterEnd(endMs: i64): void {
  flushBucket();
  const k = min(nBuckets, max(0, <i32>((endMs + 999) / 1000)));
  const p = lenTel + (<usize>k << 3);
  store<f64>(p, load<f64>(p) + 1.0);
  const t = lenTel + (<usize>(nBuckets + 1) << 3);
  store<f64>(t, load<f64>(t) + <f64>endMs);
}

function flushBucket(): void {
  if (bucketIdx < nBuckets) {
    const p = bucketTel + (<usize>bucketIdx << 3);
    store<f64>(p, load<f64>(p) + bucketSum);
  }
  bucketSum = 0;
}

// ---- sources ----
// @ts-ignore: decorator
@inline export function telSetSrc(s: i32): i32 {
  const old = src;
  src = s;
  return old;
}
// @ts-ignore: decorator
@inline export function telSrcSave(): i32 { return src; }
// @ts-ignore: decorator
@inline export function telSrcSpell(spell: i32): i32 { return spell; }
// @ts-ignore: decorator
@inline export function telSrcAura(aura: i32): i32 { return nSp + aura; }
// @ts-ignore: decorator
@inline export function telSrcProc(proc: i32): i32 { return nSp + nAu + proc; }
// @ts-ignore: decorator
@inline export function telSrcRegen(): i32 { return srcRegen; }
// @ts-ignore: decorator
@inline export function telSrcOther(): i32 { return srcOther; }

// ---- hooks ----

/**
 * One damage hit (after recordHit's own per-spell sums): ticks, pet share, the damage bucket of `now`.
 * Events pop in time order, so the bucket only ever moves forward within an iteration.
 */
// @ts-ignore: decorator
@inline export function telHit(now: i64, spell: i32, amt: f64, periodic: bool, isPet: bool, isCrit: bool): void {
  if ((periodic || isPet) && <u32>spell < <u32>nSp) {
    const p = spellTel + <usize>spell * (SPELL_TEL_STRIDE << 3);
    if (periodic) store<f64>(p, load<f64>(p) + 1.0);
    if (isPet) {
      store<f64>(p, load<f64>(p, 8) + amt, 8);
      store<f64>(p, load<f64>(p, 16) + 1.0, 16);
    }
  }
  // bucket last: its roll-over is a call, and only `amt` is needed after it
  if (now >= bucketEnd) advanceBucket(now);
  bucketSum += amt;
  if (tlOn) tlPush(now, TL_DAMAGE | (((periodic ? 1 : 0) | (isCrit ? 2 : 0) | (isPet ? 4 : 0)) << 8), spell, amt);
}

/** telHit's per-spell record of `spell` (its pet sums at +8, +16), 0 when out of range (cached per pet). */
// @ts-ignore: decorator
@inline export function telSpellRec(spell: i32): usize {
  return <u32>spell < <u32>nSp ? spellTel + <usize>spell * (SPELL_TEL_STRIDE << 3) : 0;
}

/** telHit's damage-bucket part (the pet swing path does telHit's other sums itself). */
// @ts-ignore: decorator
@inline export function telBucketHit(now: i64, amt: f64): void {
  if (now >= bucketEnd) advanceBucket(now);
  bucketSum += amt;
}

function advanceBucket(now: i64): void {
  flushBucket();
  // mostly the next bucket (hits are rarely a whole second apart): no division then
  // (bucketEnd == (bucketIdx + 1) x 1000 always, so k is now / 1000 either way): ~120 of ~128 roll-overs in dealDamage
  let k = bucketIdx + 1;
  let end = bucketEnd + 1000;
  if (now >= end) {
    k = <i32>(now / 1000);
    end = (<i64>k + 1) * 1000;
  }
  bucketIdx = k;
  bucketEnd = end;
}

/**
 * Aura `idx` is about to change from `prevStacks` to `newStacks` stacks (0 = inactive) at `now`:
 * closes the interval since its last change (uptime while stacks > 0, stack-ms = stacks x ms).
 * kind: 1 application, 2 refresh, 0 other change (stacks, removal, end of iteration).
 */
// @ts-ignore: decorator
@inline export function telAura(idx: i32, prevStacks: i32, newStacks: i32, now: i64, kind: i32): void {
  // idx < nAu: every caller (engine.ts aura paths) has checked idx < nAuras, and nAu = nAuras (telLoad)
  const sp = auraSince + (<usize>idx << 3);
  const p = auraTel + <usize>idx * (AURA_TEL_STRIDE << 3);
  if (prevStacks > 0) {
    const dt = <f64>(now - load<i64>(sp));
    store<f64>(p, load<f64>(p, 16) + dt, 16);
    store<f64>(p, load<f64>(p, 24) + dt * <f64>prevStacks, 24);
  }
  store<i64>(sp, now);
  if (kind == 1) store<f64>(p, load<f64>(p) + 1.0);
  else if (kind == 2) store<f64>(p, load<f64>(p, 8) + 1.0, 8);
  if (tlOn && newStacks != prevStacks) tlPush(now, TL_AURA, idx, <f64>newStacks);
}

/** A spend of `amount` of resource `res` by the current source. */
// @ts-ignore: decorator
@inline export function telSpend(res: i32, amount: f64): void {
  const p = resTel + (<usize>res * <usize>nSrc + <usize>src) * (RES_TEL_STRIDE << 3);
  store<f64>(p, load<f64>(p) + amount);
  const q = resIter + (<usize>res << 4);
  store<f64>(q, load<f64>(q) + amount);
}

/** A gain by the current source: `gained` landed, `wasted` overflowed the cap. */
// @ts-ignore: decorator
@inline export function telGain(res: i32, gained: f64, wasted: f64): void {
  telGainFrom(res, src, gained, wasted);
  const q = resIter + (<usize>res << 4);
  store<f64>(q, load<f64>(q, 8) + gained, 8);
}

/**
 * End of an iteration: the regen that landed on resource `res`, from its balance: (end value - start
 * value) + spent - other gains. Regen syncs run at every resource query, so they are not tallied one
 * by one; waste at the cap is (rate x elapsed - landed) and is tallied where it happens.
 */
export function telRegenBalance(res: i32, netChange: f64): void {
  const q = resIter + (<usize>res << 4);
  const landed = netChange + load<f64>(q) - load<f64>(q, 8);
  if (landed > 0) telGainFrom(res, srcRegen, landed, 0);
}

// @ts-ignore: decorator
@inline export function telGainFrom(res: i32, from: i32, gained: f64, wasted: f64): void {
  const p = resTel + (<usize>res * <usize>nSrc + <usize>from) * (RES_TEL_STRIDE << 3);
  store<f64>(p, load<f64>(p, 8) + gained, 8);
  if (wasted > 0) store<f64>(p, load<f64>(p, 16) + wasted, 16);
}

// @ts-ignore: decorator
@inline export function telProc(proc: i32): void {
  const p = procTel + (<usize>proc << 3);
  store<f64>(p, load<f64>(p) + 1.0);
}

// @ts-ignore: decorator
@inline export function telRppm(tracker: i32): void {
  const p = rppmTel + (<usize>tracker << 3);
  store<f64>(p, load<f64>(p) + 1.0);
}

// ---- timeline ----

export function tlPush(t: i64, code: i32, a: i32, b: f64): void {
  if (tlLen >= tlCap) {
    tlDropped++;
    return;
  }
  const p = tl + <usize>tlLen * (TL_STRIDE << 3);
  store<f64>(p, <f64>t);
  store<f64>(p, <f64>code, 8);
  store<f64>(p, <f64>a, 16);
  store<f64>(p, b, 24);
  tlLen++;
}

// ======================================================================================
// Host API
// ======================================================================================

/** f64 values engineTelemetryResults writes for the loaded image. */
export function engineTelemetrySize(): i32 {
  return 8 + nSp * SPELL_TEL_STRIDE + nAu * AURA_TEL_STRIDE + nRs * nSrc * RES_TEL_STRIDE + nBuckets + nPr + nRp + nBuckets + 2;
}

/**
 * Writes the run's telemetry accumulators (f64): header [spells, auras, resources, sources, buckets,
 * procs, rppm, 0], then per spell (ticks, petDamage, petHits), per aura (applications, refreshes,
 * uptimeMs, stackMs), per resource x source (spent, gained, wasted), buckets, impact procs, RPPM procs,
 * iterations by length in buckets (0..buckets), the iterations' summed length in ms.
 */
export function engineTelemetryResults(out: usize): void {
  store<f64>(out, <f64>nSp);
  store<f64>(out, <f64>nAu, 8);
  store<f64>(out, <f64>nRs, 16);
  store<f64>(out, <f64>nSrc, 24);
  store<f64>(out, <f64>nBuckets, 32);
  store<f64>(out, <f64>nPr, 40);
  store<f64>(out, <f64>nRp, 48);
  store<f64>(out, 0, 56);
  memory.copy(out + 64, spellTel, auraSince - spellTel);
}

/**
 * Enables (capacity > 0: records kept per iteration, the buffer reused) or disables (0) the timeline.
 * Returns the buffer's byte offset. Every iteration starts an empty timeline, so after a 1-iteration
 * run it holds exactly that iteration.
 */
export function engineTimelineEnable(capacity: i32): usize {
  if (capacity <= 0) {
    tlOn = false;
    return tl;
  }
  if (capacity > tlAlloc) {
    tl = heap.alloc(<usize>capacity * (TL_STRIDE << 3));
    tlAlloc = capacity;
  }
  tlCap = capacity; // the limit is what was asked for; the allocation is reused when large enough
  tlOn = true;
  tlLen = 0;
  tlDropped = 0;
  return tl;
}

export function engineTimelineLength(): i32 {
  return tlLen;
}

/** Records that did not fit the buffer in the last iteration (0 unless the capacity was too small). */
export function engineTimelineDropped(): i32 {
  return tlDropped;
}
