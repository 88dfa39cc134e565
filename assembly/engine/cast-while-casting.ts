// Cast while casting: SimC's `use_while_casting=1` (docs/rotation.md "Cast while casting").
//
// A rotation line with the option may fire while another spell's cast bar runs, and the spell it casts
// executes at once without ending that cast (Fire: Fire Blast and Combustion during a Fireball or
// Pyroblast). The compiler emits such a line's cast as OP_CASTW and sets image header 68; without it this
// module is off and costs the engine one test per cast start.
//
// Decision points inside a cast bar (this engine's choice, after SimC's cast-while-casting poll event,
// which its player_t declared as `schedule_cwc_ready( timespan_t delta_time = timespan_t::from_millis( 100 ) )`):
//   1. when the cast bar starts (SimC schedules the poll with 0 delay at the cast start),
//   2. right after each spell cast while casting (the next one may be ready too: a second charge),
//   3. every CWC_POLL_MS after the last decision while the bar runs, and never at or after its end (the
//      cast's completion is an ordinary decision point). The poll is what lets a condition on time
//      (`action.fireball.execute_remains<0.2`) turn true inside the bar.
// At a decision the whole rotation is evaluated as usual (variables included) while the player still
// casts: every ordinary cast is refused by castReady (the cast bar blocks it), an OP_CASTW cast is asked
// castReadyWhileCasting: its spell must be instant and off the GCD (what the game lets a player cast
// during a cast bar: the spell's "Allow Cast While Casting" attribute is not in the client tables, so
// the option in the APL stands for it) and ready as usual. A wait result, or nothing, waits for the next
// point. Channels are not covered: a channel's ticks have their own decisions (channel-decisions.ts).
//
// Determinism: the points depend only on the simulation's state and clock (no random draw here).
import { spellRec, nSpells } from "./state";

/** Poll period inside a cast bar, ms (SimC's former cast-while-casting poll default, see above). */
export const CWC_POLL_MS: i64 = 100;

/** The loaded rotation has use_while_casting lines. */
export let cwcOn: bool = false;
/** Generation of the pending decision event (a newer cast bar supersedes the older bar's events). */
export let cwcGen: i32 = 0;
/** The hard cast in progress (SimC `action.X.executing`): its spell, and when its bar completes. */
export let execSpell: i32 = -1;
export let execEndAt: i64 = 0;
/** The target of the cast bar's spell while an instant cast inside it runs (targets.ts). */
export let cwcMainTarget: i32 = 0;

/** engineLoad: header 68. */
export function cwcLoad(on: bool): void {
  cwcOn = on;
  cwcReset();
}

/** resetIteration. */
export function cwcReset(): void {
  cwcGen = 0;
  execSpell = -1;
  execEndAt = 0;
  cwcMainTarget = 0;
}

/** A hard cast of `spell` starts, its bar completing at `endAt`: the generation of its first decision. */
export function cwcBarStart(spell: i32, endAt: i64): i32 {
  execSpell = spell;
  execEndAt = endAt;
  cwcGen = (cwcGen + 1) & 0xffff;
  return cwcGen;
}

/** A decision event of generation `gen` at `now` still belongs to the running bar. */
export function cwcLive(gen: i32, now: i64): bool {
  return gen == cwcGen && now < execEndAt;
}

/** The next decision after one at `now` (a new generation), or -1 when the bar ends first. */
export function cwcNextPoll(now: i64): i64 {
  const t = now + CWC_POLL_MS;
  if (t >= execEndAt) return -1;
  cwcGen = (cwcGen + 1) & 0xffff;
  return t;
}

/** A decision right away (after an instant cast inside the bar): its generation. */
export function cwcNow(): i32 {
  cwcGen = (cwcGen + 1) & 0xffff;
  return cwcGen;
}

export function cwcSetMainTarget(t: i32): void {
  cwcMainTarget = t;
}

/** Whether the game lets `spell` be cast during a cast bar at all: instant (no cast bar, not a channel)
 *  and off the GCD (no start-recovery lock). */
export function cwcUsable(spell: i32): bool {
  if (<u32>spell >= <u32>nSpells) return false;
  const s = spellRec(spell);
  if (s.isChannel != 0) return false;
  if (s.castMs > 0) return false;
  return s.srLock < 0;
}

/** SimC `action.X.executing` (1/0) and `action.X.execute_remains` (s, 0 when not executing). */
export function execQuery(remains: bool, spell: i32, now: i64): f64 {
  if (execSpell != spell || execEndAt <= now) return 0.0;
  return remains ? <f64>(execEndAt - now) / 1000.0 : 1.0;
}
