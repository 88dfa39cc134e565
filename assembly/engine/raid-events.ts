// Movement raid events (docs/fights.md "Fight styles"): SimC's `movement` raid event with a fixed
// schedule. Window k covers [first + k·period, first + k·period + duration) ms of every iteration;
// image header 105 = pool start + 1 of (first, period, duration) ms (0 = no movement: the module is off
// and costs the engine one test per cast start and per cast check of a flag that stays false).
//
// While a window is up the player moves: a spell with a cast bar (its cast time after the cast-time
// modifier auras is > 0) or a channel cannot start (castReady refuses it, as SimC's action_t::ready
// refuses an action that is not usable_moving); instants, off-GCD spells and auto attacks go on. A hard
// cast whose bar is still running when a window starts is interrupted (its completion is dropped: no
// cost, no cooldown, no effect; the GCD it started stays), a channel ends at once (endChannelNow);
// the player then decides again at the end of the GCD.
//
// The raid_event.movement.* rotation queries are pure functions of the clock and the schedule.
import { spellRec, nSpells } from "./state";
import { castTimeMods } from "./cast-table";

/** A movement schedule is loaded (header 106 > 0). */
export let moveOn: bool = false;
/** The player is inside a movement window now. */
export let moving: bool = false;
let firstMs: i64 = 0;
let periodMs: i64 = 0;
let durMs: i64 = 0;
// the hard cast in flight (castReady's cast bar) and, once interrupted, its dropped completion
let castSpell: i32 = -1;
let castEnd: i64 = 0;
/** The completion event of an interrupted cast (spell, time); -1: none pending. */
export let cutSpell: i32 = -1;
export let cutAt: i64 = 0;

/** engineLoad: header 105 = `start` + 1 (start < 0: no movement); the pool holds first, period, duration (ms). */
export function moveLoad(pool: usize, start: i32): void {
  moveOn = false;
  firstMs = 0;
  periodMs = 0;
  durMs = 0;
  if (start >= 0) {
    const p = pool + (<usize>start << 3);
    firstMs = <i64>load<f64>(p);
    periodMs = <i64>load<f64>(p, 8);
    durMs = <i64>load<f64>(p, 16);
    moveOn = periodMs > 0 && durMs > 0;
  }
  moveReset();
}

/** resetIteration. */
export function moveReset(): void {
  moving = false;
  castSpell = -1;
  castEnd = 0;
  cutSpell = -1;
  cutAt = 0;
}

export function moveFirstAt(): i64 { return firstMs; }
export function movePeriod(): i64 { return periodMs; }
export function moveDuration(): i64 { return durMs; }

export function moveStart(): void { moving = true; }
export function moveEnd(): void { moving = false; }

/** onCastStart (moveOn only): the cast bar of `spell` ends at `endAt` (< 0: an instant, no bar). */
export function moveCastStarted(spell: i32, endAt: i64): void {
  castSpell = endAt >= 0 ? spell : -1;
  castEnd = endAt;
}

/** A window starts at `now`: interrupts the hard cast still in its bar. True when one was interrupted. */
export function moveCutCast(now: i64): bool {
  if (castSpell < 0 || castEnd <= now) return false;
  cutSpell = castSpell;
  cutAt = castEnd;
  castSpell = -1;
  return true;
}

/** EV_CAST_COMPLETE of `spell` at `now`: true (and forgotten) when it is the interrupted cast's. */
export function moveDropCompletion(spell: i32, now: i64): bool {
  if (spell != cutSpell || now != cutAt) return false;
  cutSpell = -1;
  return true;
}

/** castReady while moving: `spell` needs to stand still (a channel, or a cast bar after its modifiers). */
export function moveBlocks(spell: i32): bool {
  if (<u32>spell >= <u32>nSpells) return false;
  const s = spellRec(spell);
  if (s.isChannel != 0) return true;
  if (s.castMs <= 0) return false;
  return castTimeMods(spell, <i64>s.castMs) > 0;
}

// ---- raid_event.movement.* (SimC raid_event_t::evaluate_raid_event_expression) ----

/** The window index containing or last started before `now` (-1 before the first). */
function windowAt(now: i64): i64 {
  if (now < firstMs) return -1;
  return (now - firstMs) / periodMs;
}

/** raid_event.movement.up: 1 inside a window. */
export function moveUpQ(now: i64): f64 {
  if (!moveOn) return 0;
  const k = windowAt(now);
  return k >= 0 && now < firstMs + k * periodMs + durMs ? 1.0 : 0.0;
}

/** raid_event.movement.remains: seconds left of the window up now, 0 outside one. */
export function moveRemainsQ(now: i64): f64 {
  if (!moveOn) return 0;
  const k = windowAt(now);
  if (k < 0) return 0;
  const end = firstMs + k * periodMs + durMs;
  return now < end ? <f64>(end - now) / 1000.0 : 0.0;
}

/**
 * raid_event.movement.in (arg 0): seconds until the next window starts (SimC's until_next: the next start,
 * also while one is up). arg 1: raid_event.movement.cooldown, SimC's cooldown_time(): 0 before the first
 * window has started (num_starts == 0), the period after.
 */
export function moveInQ(now: i64, arg: i32): f64 {
  if (arg == 1) return moveOn && now >= firstMs ? <f64>periodMs / 1000.0 : 0.0;
  if (!moveOn) return 1e9;
  const k = windowAt(now);
  const next = k < 0 ? firstMs : firstMs + (k + 1) * periodMs;
  return <f64>(next - now) / 1000.0;
}
