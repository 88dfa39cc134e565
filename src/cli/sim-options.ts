// Option parsers and defaults of `combatsim sim`. Every parser turns a bad value into a one-line
// CommanderError naming the option; defaults are shown by `--help` (commander prints a default with
// JSON.stringify, which cannot serialize the u64 seed: it gets a display string).
import { CommanderError, Option } from "commander";
import { availableParallelism } from "node:os";

export const MAX_THREADS = 256;

export function intOpt(name: string, min: number, max: number) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new CommanderError(2, "combatsim.badOption", `--${name} must be an integer in [${min}, ${max}], got "${v}"`);
    return n;
  };
}

function seedOpt(v: string): bigint {
  if (!/^\d+$/.test(v) || BigInt(v) >= 1n << 64n) throw new CommanderError(2, "combatsim.badOption", `--seed must be an integer in [0, 2^64), got "${v}"`);
  return BigInt(v);
}

function durationOpt(v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0 || n > 3600) throw new CommanderError(2, "combatsim.badOption", `--duration must be seconds in (0, 3600], got "${v}"`);
  return n;
}

function varyLengthOpt(v: string): number {
  const n = Number(v);
  if (v.trim() === "" || !Number.isFinite(n) || n < 0 || n >= 1) throw new CommanderError(2, "combatsim.badOption", `--vary-length must be a fraction in [0, 1) (e.g. 0.2; 0 = fixed length), got "${v}"`);
  return n;
}

function targetErrorOpt(v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new CommanderError(2, "combatsim.badOption", `--target-error must be a percentage > 0 (e.g. 0.1), got "${v}"`);
  return n;
}

/**
 * The reaction-time and latency options (docs/fights.md "Reaction time and latency"): CLI name,
 * SimulateConfig.reaction field, help. Not given: SimulationCraft's default (src/engine/reaction.ts).
 */
export const REACTION_OPTIONS = [
  ["reaction-time", "timeMs", "mean of the Gaussian part of the reaction time to procs, ms (SimC reaction_time; default 250; 0 = reaction and latency off)"],
  ["reaction-stddev", "stddevMs", "its standard deviation, ms (default 0.2 x the mean)"],
  ["reaction-nu", "nuMs", "mean of the reaction time's exponential part, ms (SimC reaction_time_nu; default 150)"],
  ["reaction-offset", "offsetMs", "constant part of the reaction time, ms (SimC reaction_time_offset; default 100)"],
  ["reaction-max", "maxMs", "cap of the whole reaction time, ms (SimC reaction_time_max; default 1400)"],
  ["queue-lag", "queueLagMs", "delay of the next decision after the GCD of a cast ends, ms (SimC queue_lag; default 5)"],
  ["queue-lag-stddev", "queueLagStddevMs", "its standard deviation, ms (default 0)"],
  ["channel-lag", "channelLagMs", "delay of the next decision after a channel ends, ms (SimC channel_lag; default 250)"],
  ["channel-lag-stddev", "channelLagStddevMs", "its standard deviation, ms (default 0)"],
  ["idle-poll", "pollMs", "poll interval of an idle player: a wake is acted on after u x this, ms (SimC's available(); default 100)"],
  ["idle-poll-stddev", "pollStddevMs", "its standard deviation, ms (default 10)"],
] as const;

export type ReactionCliField = (typeof REACTION_OPTIONS)[number][1];

function msOpt(name: string) {
  return (v: string): number => {
    const n = Number(v);
    if (v.trim() === "" || !Number.isFinite(n) || n < 0 || n > 60_000) throw new CommanderError(2, "combatsim.badOption", `--${name} must be milliseconds in [0, 60000], got "${v}"`);
    return n;
  };
}

/** A SimC token or "none": lower-case letters, digits and _ (which ones the data models, simulate checks). */
function tokenOpt(name: string) {
  return (v: string): string => {
    if (!/^[a-z][a-z0-9_]*$/.test(v)) throw new CommanderError(2, "combatsim.badOption", `--${name} must be a SimC token such as flask_of_the_magisters_2, or none, got "${v}"`);
    return v;
  };
}

const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** SimulateConfig.reaction from the parsed options: false with --no-reaction, else the given settings. */
export function reactionFromCli(o: Record<string, unknown>): false | Partial<Record<ReactionCliField, number>> {
  if (o["reaction"] === false) return false;
  const out: Partial<Record<ReactionCliField, number>> = {};
  for (const [name, field] of REACTION_OPTIONS) {
    const v = o[camel(name)];
    if (typeof v === "number") out[field] = v;
  }
  return out;
}

/** Worker threads when --threads is not given: every core this process may use (results do not depend on it). */
export function defaultThreads(): number {
  return Math.max(1, Math.min(MAX_THREADS, availableParallelism()));
}

/**
 * Fight style `adds` (docs/fights.md "Fight styles"): CLI name, SimulateConfig.adds field, help. The
 * ranges are checked by src/engine/fight-style.ts (its errors name adds.<field>).
 */
export const ADDS_OPTIONS = [
  ["adds-count", "count", "--fight-style adds: adds per wave (SimC adds count; default 5)"],
  ["adds-first", "first", "--fight-style adds: first wave, s (default max(floor(5 % of the duration), 1))"],
  ["adds-cooldown", "cooldown", "--fight-style adds: seconds between waves (default max(floor(7.5 % of the duration), 1))"],
  ["adds-duration", "duration", "--fight-style adds: each wave's lifetime, s, at most the cooldown (default: as first)"],
  ["adds-last", "last", "--fight-style adds: no wave spawns from this time on, s (default floor(75 % of the duration))"],
] as const;

function numberOpt(name: string) {
  return (v: string): number => {
    const n = Number(v);
    if (v.trim() === "" || !Number.isFinite(n)) throw new CommanderError(2, "combatsim.badOption", `--${name} must be a number, got "${v}"`);
    return n;
  };
}

/** The adds options given on the command line (none: undefined, the style's defaults). */
export function addsFromCli(o: Record<string, unknown>): Record<string, number> | undefined {
  const out: Record<string, number> = {};
  for (const [name, field] of ADDS_OPTIONS) {
    const v = o[camel(name)];
    if (typeof v === "number") out[field] = v;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The options of `combatsim sim`, in help order. */
export function simOptions(): Option[] {
  return [
    new Option("--spec <spec>", "spec: slug (fury), name (\"Fury\", \"fury warrior\") or id (72); default: the profile's spec, else beast-mastery"),
    new Option("--duration <s>", "fight length in seconds").argParser(durationOpt).default(300),
    new Option("--vary-length <f>", "fight length variation: each iteration lasts duration x (1 ± up to f), drawn per iteration (SimC's vary_combat_length; 0 = fixed)").argParser(varyLengthOpt).default(0.2),
    new Option("--fight-length-mode <mode>", "time: the target's health falls linearly over each fight's length; health: the target has health sized to die at the drawn length on average, fights end at its death (SimC's enemy health estimation)").choices(["time", "health"]).default("time"),
    new Option("--targets <n>", "active enemies (default 1; --fight-style multi: 5; adds: the enemies up besides the waves)").argParser(intOpt("targets", 1, 20)),
    new Option("--iterations <n>", "Monte-Carlo iterations").argParser(intOpt("iterations", 1, 100_000_000)).default(10000),
    new Option("--seed <n>", "seed base (u64)").argParser(seedOpt).default(1n, "1"),
    new Option("--threads <n>", "worker threads (results are identical for any N)").argParser(intOpt("threads", 1, MAX_THREADS)).default(defaultThreads(), `${defaultThreads()}: the cores available`),
    new Option("--talents <list>", "comma-separated talent names, or the game's talent loadout export string (default: the profile's loadout, else the manifest's default set; '' = none)"),
    new Option("--input <file>", "the character as the SimulationCraft addon's /simc export (class, level, race, spec, talents, gear; docs/input.md); not with --profile"),
    new Option("--profile <file>", "character profile JSON; its spec is the run's spec (default: <data dir>/specs/<spec>/profile.json)"),
    new Option("--rotation <file>", "rotation file: a SimC APL (.simc) or a rotation JSON (default: <data dir>/specs/<spec>/rotation.json, else rotation.simc)"),
    new Option("--no-bloodlust", "no Bloodlust at the pull (default: the raid buff at t = 0, SimC's optimal_raid default)"),
    new Option("--raid-buffs", "apply SimC optimal_raid's permanent raid buffs: Arcane Intellect, Battle Shout, Mark of the Wild, Chaos Brand, Mystic Touch (default: none; docs/consumables.md \"Raid buffs\")"),
    new Option("--flask <name>", "flask: a SimC token (flask_of_the_magisters, _blood_knights, _shattered_sun, flask_of_thalassian_resistance; quality suffix optional) or none (default: the profile's, else SimC MID1's for the spec)").argParser(tokenOpt("flask")),
    new Option("--food <name>", "food: a SimC token or none (default: the profile's, else SimC MID1's; the MID1 feasts are not modelled yet: docs/consumables.md)").argParser(tokenOpt("food")),
    new Option("--augment-rune <name>", "augment rune: void_touched (or void_touched_augment_rune) or none (default: the profile's augmentation, else SimC MID1's)").argParser(tokenOpt("augment-rune")),
    new Option("--fight-style <style>", "patchwerk (one target) | multi (--targets N, default 5) | movement (SimC LightMovement: 15 yd every 40 s from 15 s; casts with a cast bar wait) | adds (SimC HecticAddCleave's waves: 5 adds from 5 % of the fight, every 7.5 %, each living 5 %, until 75 %); docs/fights.md").choices(["patchwerk", "multi", "movement", "adds"]),
    ...ADDS_OPTIONS.map(([name, , help]) => new Option(`--${name} <n>`, help).argParser(numberOpt(name))),
    new Option("--no-potion", "drink no combat potion (default: the profile's potion, SimC MID1's Light's Potential; docs/consumables.md)"),
    new Option("--no-racials", "use no racial ability (default: the profile race's racials that the data models, e.g. the orc's Blood Fury)"),
    new Option("--no-reaction", "no reaction time or latency: every decision the moment the player can act (the engine before docs/fights.md's reaction model)"),
    ...REACTION_OPTIONS.map(([name, , help]) => new Option(`--${name} <ms>`, help).argParser(msOpt(name))),
    new Option("--strict-rotation", "fail on the first rotation line that cannot be honoured (default: drop it and list it in the result)"),
    new Option("--data-dir <dir>", "data directory (default: $COMBATSIM_DATA_DIR, ~/.combatsim, or the bundled data)"),
    new Option("--target-error <pct>", "stop early once the DPS error (95 % confidence, percent of the mean) is <= this; --iterations is then the maximum").argParser(targetErrorOpt),
    new Option("--redis <url>", "run the chunks on `combatsim worker` processes sharing this Redis queue (redis://host:port) instead of local threads; same result"),
    new Option("--queue <name>", "queue name with --redis (default combatsim-chunks)"),
    new Option("--json", "print the full result as JSON (dps, histogram, spells, auras, resources, perSecond, timeline, ...)"),
    new Option("--html <file>", "also write a self-contained HTML report (charts inline, viewable offline); its folder must exist"),
    new Option("--quiet", "no progress bar"),
  ];
}

/** Parsed options of `combatsim sim` (undefined: not given and no default). */
export interface SimCliOptions {
  spec?: string;
  duration: number;
  varyLength: number;
  fightLengthMode: "time" | "health";
  targets?: number;
  iterations: number;
  seed: bigint;
  threads: number;
  talents?: string;
  profile?: string;
  input?: string;
  rotation?: string;
  strictRotation?: boolean;
  /** false with --no-bloodlust (commander's negatable option: true by default). */
  bloodlust: boolean;
  fightStyle?: "patchwerk" | "multi" | "movement" | "adds";
  /** false with --no-potion. */
  potion: boolean;
  /** true with --raid-buffs. */
  raidBuffs?: boolean;
  /** --flask / --food / --augment-rune: a SimC token or "none" (checked against the data by simulate). */
  flask?: string;
  food?: string;
  augmentRune?: string;
  /** false with --no-racials. */
  racials: boolean;
  /** false with --no-reaction; the --reaction-* / --*-lag / --idle-poll values by their camelCase names. */
  reaction: boolean;
  reactionTime?: number;
  reactionStddev?: number;
  reactionNu?: number;
  reactionOffset?: number;
  reactionMax?: number;
  queueLag?: number;
  queueLagStddev?: number;
  channelLag?: number;
  channelLagStddev?: number;
  idlePoll?: number;
  idlePollStddev?: number;
  dataDir?: string;
  targetError?: number;
  redis?: string;
  queue?: string;
  json?: boolean;
  html?: string;
  quiet?: boolean;
}
