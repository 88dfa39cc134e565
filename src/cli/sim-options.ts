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

/** Worker threads when --threads is not given: every core this process may use (results do not depend on it). */
export function defaultThreads(): number {
  return Math.max(1, Math.min(MAX_THREADS, availableParallelism()));
}

/** The options of `combatsim sim`, in help order. */
export function simOptions(): Option[] {
  return [
    new Option("--spec <spec>", "spec: slug (fury), name (\"Fury\", \"fury warrior\") or id (72); default: the profile's spec, else beast-mastery"),
    new Option("--duration <s>", "fight length in seconds").argParser(durationOpt).default(300),
    new Option("--vary-length <f>", "fight length variation: each iteration lasts duration x (1 ± up to f), drawn per iteration (SimC's vary_combat_length; 0 = fixed)").argParser(varyLengthOpt).default(0.2),
    new Option("--fight-length-mode <mode>", "time: the target's health falls linearly over each fight's length; health: the target has health sized to die at the drawn length on average, fights end at its death (SimC's enemy health estimation)").choices(["time", "health"]).default("time"),
    new Option("--targets <n>", "active enemies").argParser(intOpt("targets", 1, 20)).default(1),
    new Option("--iterations <n>", "Monte-Carlo iterations").argParser(intOpt("iterations", 1, 100_000_000)).default(10000),
    new Option("--seed <n>", "seed base (u64)").argParser(seedOpt).default(1n, "1"),
    new Option("--threads <n>", "worker threads (results are identical for any N)").argParser(intOpt("threads", 1, MAX_THREADS)).default(defaultThreads(), `${defaultThreads()}: the cores available`),
    new Option("--talents <list>", "comma-separated talent names, or the game's talent loadout export string (default: the profile's loadout, else the manifest's default set; '' = none)"),
    new Option("--input <file>", "the character as the SimulationCraft addon's /simc export (class, level, race, spec, talents, gear; docs/input.md); not with --profile"),
    new Option("--profile <file>", "character profile JSON; its spec is the run's spec (default: <data dir>/profiles/<spec>.json)"),
    new Option("--rotation <file>", "rotation file: a SimC APL (.simc) or a rotation JSON (default: <data dir>/rotations/<spec>.simc, else .json)"),
    new Option("--no-bloodlust", "no Bloodlust at the pull (default: the raid buff at t = 0, SimC's optimal_raid default)"),
    new Option("--fight-style <style>", "patchwerk (one target) | multi (--targets N, default 5) | movement (SimC LightMovement: 15 yd every 40 s from 15 s; casts with a cast bar wait) | adds (not modelled yet); docs/fights.md").choices(["patchwerk", "multi", "movement", "adds"]),
    new Option("--raid-buffs", "apply SimC optimal_raid's permanent raid buffs: Arcane Intellect, Battle Shout, Mark of the Wild, Chaos Brand, Mystic Touch (default: none; docs/fights.md)"),
    new Option("--no-potion", "drink no combat potion (default: the profile's potion, SimC MID1's Light's Potential; docs/consumables.md)"),
    new Option("--no-racials", "use no racial ability (default: the profile race's racials that the data models, e.g. the orc's Blood Fury)"),
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
  targets: number;
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
  /** true with --raid-buffs. */
  raidBuffs?: boolean;
  /** false with --no-potion. */
  potion: boolean;
  /** false with --no-racials. */
  racials: boolean;
  dataDir?: string;
  targetError?: number;
  redis?: string;
  queue?: string;
  json?: boolean;
  html?: string;
  quiet?: boolean;
}
