// Add waves (docs/fights.md "Fight styles", style `adds`): SimC's `adds` raid event with a fixed schedule
// (sim/raid_event.cpp of simulationcraft/simc @ 01b5a8525185ebe743256f218d03dfee4f39037a: adds_event_t and
// raid_event_t::schedule). A wave of `count` adds spawns at `first`, then every `cooldown` ms while the
// spawn time is before `last`; each wave lives `duration` ms (duration <= cooldown: SimC refuses
// overlapping waves of one event, so one wave at most is up).
//
// Targets: the image's run.targets is the slot count, base enemies + count (targets.ts lays out the aura
// instances for all of them once, at load: nothing is allocated when a wave comes or goes). The live
// enemies are always the slots 0 .. alive-1 — the base enemies, then the wave's adds, which spawn and
// despawn together — so "alive" is the prefix length targets.ts's targetCount() returns, and every loop
// over the enemies (AoE hits, cleave, active_dot, target_if / cycle_targets, spreads, hit mirrors) sees
// exactly the live ones. On a despawn the adds' instances of target-owned auras (DoTs, debuffs) end at
// once, without their expiry ops (the add is gone: nothing is left to act on), and a cast in flight on an
// add lands on the primary target.
//
// The schedule rides on EV_COOLDOWN_READY events with gen RAID_ADDS_SPAWN / RAID_ADDS_DESPAWN (cast.ts
// onRaidEvent). Header 106 = pool start + 1 of (count, first, cooldown, duration, last) ms; 0 = off.
import { setTargetCount } from "./targets";

/** Add waves are configured (header 106 > 0). */
export let addsOn: bool = false;
let baseTargets: i32 = 1;
let addCount: i32 = 0;
let firstMs: i64 = 0;
let cdMs: i64 = 0;
let durMs: i64 = 0;
let lastMs: i64 = 0;
// this iteration: a wave is up; when the current (or last) wave spawned; the next spawn (-1: none left)
let upNow: bool = false;
let started: bool = false; // a wave has spawned this iteration (SimC num_starts > 0)
let waveAt: i64 = 0;
let nextAt: i64 = -1;

/** SimC raid_event_t::schedule: a cooldown not longer than the wave's duration becomes duration + 0.01 s. */
const MIN_GAP_MS: i64 = 10;

/** engineLoad: `start` = header 106 - 1 (< 0: no adds); `slots` = run.targets (base enemies + count). */
export function addsLoad(pool: usize, start: i32, slots: i32): void {
  addsOn = start >= 0;
  addCount = 0;
  baseTargets = slots;
  if (!addsOn) return;
  const p = pool + (<usize>start << 3);
  addCount = <i32>load<f64>(p);
  firstMs = <i64>load<f64>(p, 8);
  cdMs = <i64>load<f64>(p, 16);
  durMs = <i64>load<f64>(p, 24);
  lastMs = <i64>load<f64>(p, 32);
  baseTargets = max(1, slots - addCount);
  if (addCount <= 0 || cdMs <= 0 || durMs <= 0) addsOn = false;
}

/** resetIteration: only the base enemies are up; returns the first spawn time (-1: none this fight). */
export function addsReset(): i64 {
  setTargetCount(baseTargets);
  upNow = false;
  started = false;
  waveAt = 0;
  nextAt = firstMs < lastMs ? firstMs : -1;
  return nextAt;
}

/** A wave spawns now: `count` more live enemies. Returns the next spawn time (-1: `last` reached). */
export function addsSpawn(now: i64): i64 {
  setTargetCount(baseTargets + addCount);
  upNow = true;
  started = true;
  waveAt = now;
  const next = now + (cdMs <= durMs ? durMs + MIN_GAP_MS : cdMs);
  nextAt = next < lastMs ? next : -1;
  return nextAt;
}

export function addsDuration(): i64 { return durMs; }
export function addsBase(): i32 { return baseTargets; }
export function addsSlots(): i32 { return baseTargets + addCount; }

/** The wave despawns now: back to the base enemies (cast.ts drops the adds' aura instances first). */
export function addsDespawn(): void {
  setTargetCount(baseTargets);
  upNow = false;
}

// ---- raid_event.adds.* (SimC raid_event_t::evaluate_raid_event_expression, until_next, remains) ----

/** raid_event.adds.up: 1 while a wave is up. */
export function addsUpQ(): f64 {
  return upNow ? 1.0 : 0.0;
}

/** raid_event.adds.remains: seconds left of the wave up now, 0 when none is. */
export function addsRemainsQ(now: i64): f64 {
  return upNow ? <f64>(waveAt + durMs - now) / 1000.0 : 0.0;
}

/**
 * arg 0, raid_event.adds.in: SimC's until_next() — before the first wave the time to `first`, then the
 * time to the next scheduled spawn; with none left (`last` reached) the wave's remains + cooldown while
 * one is up (SimC's "avg. estimate"), else never (1e9 s, timespan_t::max()).
 * arg 1, raid_event.adds.cooldown: SimC's cooldown_time(), 0 before the first wave (num_starts == 0),
 * the cooldown after.
 */
export function addsInQ(now: i64, arg: i32): f64 {
  if (arg == 1) return started ? <f64>cdMs / 1000.0 : 0.0;
  if (!addsOn) return 1e9;
  if (nextAt > now) return <f64>(nextAt - now) / 1000.0;
  if (upNow) return <f64>(waveAt + durMs - now + cdMs) / 1000.0;
  return 1e9;
}
