// What simulate() returns: the result and its per-spell, per-aura, per-resource and histogram
// summaries (built in simulate.ts).
import type { CharacterSummary } from "../input/character.js";
import type { RotationReport } from "../rotation/index.js";
import type { CombatStats } from "../stats/combat-stats.js";
import type { ConsumablesReport } from "./consumables.js";
import type { RaidBuffsReport } from "./raid-buffs.js";
import type { DataSourcesSummary } from "./data-sources.js";
import type { IdleWarning } from "./idle.js";
import type { LoadoutSummary } from "./simulate.js";
import type { ResourceSourceKind, Timeline } from "./simulate-telemetry.js";
import type { TargetsWarning } from "./targets.js";
import type { AddsPlan, FightStyle } from "./fight-style.js";
import type { ReactionConfig } from "./reaction.js";

export interface SimulateProgress {
  /** Iterations merged so far (a chunk-ordered prefix). */
  iterations: number;
  /** The configured maximum. */
  maxIterations: number;
  chunks: number;
  totalChunks: number;
  dpsMean: number;
  /** DPS error in percent (Infinity below 2 iterations). */
  relativeError: number;
  elapsedMs: number;
}

export interface SpellSummary {
  name: string;
  /** Game spell id (several image spells may share one: pet melee swings, DoT ticks). */
  id: number;
  /** Index in the compiled image (unique). */
  index: number;
  /** Per iteration (mean over iterations). */
  casts: number;
  damage: number;
  hits: number;
  /** Periodic hits (DoT / channel ticks) per iteration, included in `hits`. */
  ticks: number;
  /** Fraction of hits that crit. */
  critRate: number;
  /** Share of total damage (0..1). */
  share: number;
  dps: number;
  /** Pet damage per iteration (⊂ damage). */
  petDamage: number;
  /** Every hit of this spell is a pet hit. */
  pet: boolean;
  /**
   * The castable spell this entry belongs to, or null: a DoT's tick entry ("agony_tick") names the
   * spell that applies the aura ("agony"); reports show them as one group (src/engine/spell-groups.ts).
   */
  parent: string | null;
}

export interface AuraSummary {
  name: string;
  index: number;
  owner: "player" | "target" | "pet";
  /** Fraction of the fight the aura is up (0..1). */
  uptime: number;
  /** Per iteration: applications (down → up) and refreshes (re-applied while up). */
  applications: number;
  refreshes: number;
  /** Mean stacks while up (stack-time / uptime). */
  averageStacks: number;
}

export interface ResourceSourceSummary {
  kind: ResourceSourceKind;
  /** Spell / aura / proc name, "regen" or "other". */
  name: string;
  /** Per iteration. */
  spent: number;
  gained: number;
  wasted: number;
}

export interface ResourceSummary {
  name: string;
  index: number;
  /**
   * The amounts below are in the engine's (the client's internal) units; divide by this for the units
   * the game shows (PowerType.DisplayModifier: 10 for rage and soul shards, else 1).
   */
  displayModifier: number;
  /** Per iteration: spent, gained (landed), wasted (over the cap). */
  spent: number;
  gained: number;
  wasted: number;
  /** wasted / (gained + wasted), 0..1. */
  wasteRate: number;
  /** Largest first (by spent + gained + wasted). */
  sources: ResourceSourceSummary[];
}

export interface HistogramSummary {
  /** Values were recorded as DPS × scale (rounded). */
  scale: number;
  /** Equal-width DPS bins covering [min, max]. */
  bins: { from: number; to: number; count: number }[];
  percentiles: { p1: number; p5: number; p25: number; p50: number; p75: number; p95: number; p99: number };
  /** The DPS × 10 histogram as HdrHistogram V2 compressed bytes, base64. */
  hdrV2Base64: string;
}

export interface SimulateResult {
  spec: string;
  /** The configured fight length; iterations last durationS × (1 ± fight.varyLength). */
  durationS: number;
  /** Fight length (docs/fights.md): the ± fraction, the iterations' mean length, time- or health-based. */
  /** `reaction`: the reaction model's settings, ms (absent: the model was off). */
  /** `style` with `movement` / `adds`: the fight style's raid events, s and yd (absent: patchwerk or multi; docs/fights.md "Fight styles"). */
  fight: {
    varyLength: number;
    meanLengthS: number;
    mode: "time" | "health";
    reaction?: Required<ReactionConfig>;
    style?: FightStyle;
    movement?: { first: number; period: number; duration: number; distance: number };
    adds?: AddsPlan;
  };
  targets: number;
  /** Iterations run (fewer than `maxIterations` after an early exit on `targetError`). */
  iterations: number;
  maxIterations: number;
  seed: string;
  chunkSize: number;
  chunks: number;
  /** Worker threads the run used (with config.queue: the threads of the workers connected to the queue). */
  threads: number;
  /** Wall time of the iterations incl. merging (excludes loading, compiling, worker start-up and the timeline replay). */
  elapsedMs: number;
  dps: { mean: number; min: number; max: number; stddev: number };
  /** Precision of dps.mean at 95 % confidence: ± `dps` DPS, `relative` percent of the mean. */
  error: { dps: number; relative: number; target: number | null; stoppedEarly: boolean };
  histogram: HistogramSummary;
  events: { total: number; perIteration: number };
  /** Mean damage per iteration; pet ⊂ total. */
  damage: { total: number; pet: number };
  spells: SpellSummary[];
  auras: AuraSummary[];
  resources: ResourceSummary[];
  /**
   * Mean damage in each 1000 ms of the fight (= DPS during that second) over the iterations still
   * running in it (`iterations[k]` of them; fights vary in length: docs/fights.md), so the chart tails
   * off in noise, not in a drop, as the fights end. `smoothed[k]`: SimulationCraft's DPS-over-time curve,
   * the mean of `dps` over the 20 s window [k − 9, k + 10] (src/engine/dps-timeline.ts).
   */
  perSecond: { bucketMs: number; dps: number[]; iterations: number[]; smoothed: number[] };
  procs: { name: string; kind: "impact" | "rppm"; perIteration: number }[];
  /** The iteration whose DPS is closest to the mean (ties: seed prefix, then iteration index). */
  representative: { chunkId: number; iteration: number; globalIteration: number; seed: string; dps: number } | null;
  /** The representative iteration replayed (null when config.timeline is false). */
  timeline: Timeline | null;
  stats: CombatStats;
  talents: string[];
  /** The build's hero tree (null: none). */
  heroTree: string | null;
  /** The loadout string's build: selected nodes and the talents not modelled (null without a loadout). */
  loadout: LoadoutSummary | null;
  /** The rotation's lines honoured / total and every ignored line with its reason (docs/rotation.md "SimC APL files"). */
  rotation: RotationReport;
  /** Consumables and racials: the potion drunk, the race, the racials cast, what is not modelled (docs/consumables.md). */
  consumables: ConsumablesReport;
  /** The raid buffs applied (or why one changes nothing here) and SimC's optimal_raid entries not modelled (docs/consumables.md "Raid buffs"). */
  raidBuffs: RaidBuffsReport;
  /** The imported character: name, spec, level, race, gear with item levels, totals and what was not applied (null: a profile was used). */
  character: CharacterSummary | null;
  /** How many of the spec's resolved values come from client tables, the spell dump, fixtures and estimates. */
  dataSources: DataSourcesSummary;
  warnings: {
    unknownSpellCasts: number;
    timelineDropped: number;
    /** With more than one target: what hits several targets and what hits one (null with one target; src/engine/targets.ts). */
    targets: TargetsWarning | null;
    /** The player idled more than 20 % of the representative iteration while a resource overflowed (src/engine/idle.ts); null otherwise or without a timeline. */
    idle: IdleWarning | null;
  };
}
