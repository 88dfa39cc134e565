// Reaction time and latency, host side (docs/fights.md "Reaction time and latency"): the run's settings
// (SimulateConfig.reaction, the CLI's --reaction-* / --*-lag options), their SimulationCraft defaults,
// validation, and the pool list the engine reads (assembly/engine/reaction.ts).
import { CombatsimError } from "../errors.js";
import type { ReactionImage } from "./image.js";

/** SimulateConfig.reaction: `false` (or `timeMs: 0`) turns the model off; absent fields take the defaults. */
export interface ReactionConfig {
  /** Mean of the Gaussian part of the reaction time, ms (SimC reaction_time_mean, alias reaction_time). 0 = the model is off. */
  timeMs?: number;
  /** Its standard deviation, ms (SimC reaction_time_stddev; unset there = 0.2 × the mean). */
  stddevMs?: number;
  /** Mean of the exponential part, ms (SimC reaction_time_nu). */
  nuMs?: number;
  /** Constant part, ms (SimC reaction_time_offset). */
  offsetMs?: number;
  /** Upper bound of the whole reaction time, ms (SimC reaction_time_max). */
  maxMs?: number;
  /** Delay after a cast on the GCD, added to the GCD's end, ms (SimC queue_lag) and its stddev. */
  queueLagMs?: number;
  queueLagStddevMs?: number;
  /** Delay after a channel ends, ms (SimC channel_lag) and its stddev. */
  channelLagMs?: number;
  channelLagStddevMs?: number;
  /** An idle player's poll interval, ms (SimC player_t::available(): N(100 ms, 10 ms)) and its stddev. */
  pollMs?: number;
  pollStddevMs?: number;
}

type Params = Required<ReactionConfig>;

/**
 * SimulationCraft's defaults. Player: engine/player/player.cpp @ 007ae06c216ba1dc19a6a5be0b5ac86f0612866a
 * (player_t constructor: reaction_offset 0.1 s, reaction_max 1.4 s, reaction_mean 0.25 s, reaction_nu
 * 0.15 s, reaction_stddev 0 → 0.2 × reaction_mean; available() = gauss(100 ms, 10 ms)). Sim:
 * engine/sim/sim.cpp @ 00cac419027d2051ff06013e15b7074bcc50a472 (sim_t constructor: queue_lag 5 ms,
 * queue_lag_stddev 0, channel_lag 250 ms, channel_lag_stddev 0, strict_gcd_queue false).
 */
export const REACTION_DEFAULTS: Readonly<Params> = Object.freeze({
  timeMs: 250,
  stddevMs: 50,
  nuMs: 150,
  offsetMs: 100,
  maxMs: 1400,
  queueLagMs: 5,
  queueLagStddevMs: 0,
  channelLagMs: 250,
  channelLagStddevMs: 0,
  pollMs: 100,
  pollStddevMs: 10,
});

const FIELDS = Object.keys(REACTION_DEFAULTS) as (keyof Params)[];

/** A bad reaction setting: names the field and the value. */
export class ReactionConfigError extends CombatsimError {
  readonly field: string;
  constructor(field: string, detail: string) {
    super("INVALID_REACTION", `reaction: ${field} ${detail}`);
    this.field = field;
  }
}

/** The run's settings (null: the model is off), from SimulateConfig.reaction. Throws ReactionConfigError. */
export function resolveReaction(config: unknown): Params | null {
  if (config === false) return null;
  if (config === undefined || config === true) return { ...REACTION_DEFAULTS };
  if (config === null || typeof config !== "object" || Array.isArray(config)) {
    throw new ReactionConfigError("config.reaction", `must be false or an object of ms settings, got ${JSON.stringify(config)}`);
  }
  const given = config as Record<string, unknown>;
  for (const k of Object.keys(given)) {
    if (!(FIELDS as string[]).includes(k)) throw new ReactionConfigError(`config.reaction.${k}`, `is not a setting (known: ${FIELDS.join(", ")})`);
  }
  const out = { ...REACTION_DEFAULTS };
  for (const k of FIELDS) {
    const v = given[k];
    if (v === undefined) continue;
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0 || v > 60_000) {
      throw new ReactionConfigError(`config.reaction.${k}`, `must be a number of ms in [0, 60000], got ${JSON.stringify(v)}`);
    }
    out[k] = v;
  }
  // SimC: an unset reaction_time_stddev is 0.2 × the mean (player_t constructor)
  if (given["stddevMs"] === undefined) out.stddevMs = 0.2 * out.timeMs;
  if (out.timeMs === 0) return null;
  if (out.maxMs < out.offsetMs) throw new ReactionConfigError("config.reaction.maxMs", `(${out.maxMs}) must be >= offsetMs (${out.offsetMs})`);
  return out;
}

/** The image's reaction block for settings `p` and the auras the rotation asks `react` of. */
export function reactionImage(p: Params, reactAuras: readonly number[] | undefined): ReactionImage {
  return {
    offsetMs: p.offsetMs, meanMs: p.timeMs, stddevMs: p.stddevMs, nuMs: p.nuMs, maxMs: p.maxMs,
    queueLagMs: p.queueLagMs, queueLagStddevMs: p.queueLagStddevMs,
    channelLagMs: p.channelLagMs, channelLagStddevMs: p.channelLagStddevMs,
    pollMs: p.pollMs, pollStddevMs: p.pollStddevMs,
    auras: [...(reactAuras ?? [])],
  };
}

/** The settings an image's reaction block carries (result.fight.reaction). */
export function reactionSettings(r: ReactionImage): Params {
  return {
    timeMs: r.meanMs, stddevMs: r.stddevMs, nuMs: r.nuMs, offsetMs: r.offsetMs, maxMs: r.maxMs,
    queueLagMs: r.queueLagMs, queueLagStddevMs: r.queueLagStddevMs,
    channelLagMs: r.channelLagMs, channelLagStddevMs: r.channelLagStddevMs,
    pollMs: r.pollMs, pollStddevMs: r.pollStddevMs,
  };
}

const IMAGE_ORDER = [
  "offsetMs", "meanMs", "stddevMs", "nuMs", "maxMs", "queueLagMs", "queueLagStddevMs",
  "channelLagMs", "channelLagStddevMs", "pollMs", "pollStddevMs",
] as const;

/** The pool list assembly/engine/reaction.ts reactionLoad reads: 11 parameters, the aura count, the auras. */
export function reactionList(r: ReactionImage, nAuras: number, fail: (path: string, detail: string) => never): number[] {
  const out: number[] = [];
  for (const k of IMAGE_ORDER) {
    const v = r[k];
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0) fail(`run.reaction.${k}`, `expected a finite number >= 0, got ${String(v)}`);
    out.push(v);
  }
  if (!Array.isArray(r.auras)) fail("run.reaction.auras", "expected an array of aura indices");
  r.auras.forEach((a, i) => {
    if (!Number.isInteger(a) || a < 0 || a >= nAuras) fail(`run.reaction.auras[${i}]`, `expected an aura index in [0, ${nAuras}), got ${String(a)}`);
  });
  out.push(r.auras.length, ...r.auras);
  return out;
}
