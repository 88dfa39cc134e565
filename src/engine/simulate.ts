// simulate(config): the library entry behind `combatsim sim`. Loads game data + manifest + rotation +
// profile, resolves and compiles them into a SpecImage, runs the iterations in fixed-size chunks on
// the chunk runner (src/runner: inline, or a worker_threads pool running the same wasm), merges the
// chunks' telemetry reports, and replays the representative iteration for its timeline.
//
// Determinism: chunk c always holds iterations [c·chunkSize, (c+1)·chunkSize) with seeds
// seedFor(seed, c, i) — the plan depends on `iterations` and `chunkSize` only, never on `threads` —
// every chunk travels as ChunkReport bytes and chunks are merged in chunk order, so the result is
// identical for any thread count (docs/telemetry.md "Determinism").
// DPS merge (spec "Merge of two accumulators"): n = na + nb, δ = mean_b − mean_a,
// mean = mean_a + δ·nb/n, M2 = M2a + M2b + δ²·na·nb/n; stddev = sqrt(M2/n).

import { buildFromLoadout, looksLikeLoadout, type UnmodelledTalent } from "../talents/build-from-loadout.js";
import { bundledDataDir, checkDataDir, loadDataBundle, resolveDataDir } from "../data/bundle.js";
import { SpellResolver } from "../data/resolver.js";
import type { DataBundle } from "../data/types.js";
import { CombatsimError } from "../errors.js";
import { readTextFile } from "../manifest/load.js";
import { readerFor, SpecFiles } from "../data/spec-files.js";
import { isHttpUrl, isNode } from "../data/source.js";
import { resolveManifest, type ResolvedSpec } from "../manifest/resolve.js";
import { summarizeDataSources, type DataSourcesSummary } from "./data-sources.js";
import { composeManifest } from "../manifest/extends.js";
import type { Manifest } from "../manifest/schema.js";
import { rotationInput, type RotationJson, type RotationReport } from "../rotation/index.js";
import type { CombatStats } from "../stats/combat-stats.js";
import { resolveChunkDeadline, type ChunkDeadlineOptions } from "../runner/deadline.js";
import { RunnerError } from "../runner/errors.js";
import { resolveResourceLimits, type WorkerResourceLimits } from "../runner/limits.js";
import type { EngineWorkloadSpec } from "../runner/engine-workload.js";
import { chunkCount, type ChunkExecutor } from "../runner/plan.js";
import { withExecutor } from "./sim-executor.js";
import { runChunked, type RunChunkedResult } from "../runner/run.js";
import { DPS_SCALE, type ChunkReport } from "../telemetry/report.js";
import { encodeHistogramV2 } from "../telemetry/histogram.js";
import { compileSpec } from "./compile.js";
import { fightPlan, type AddsOptions, type FightPlan, type FightStyle, type MovementOptions } from "./fight-style.js";
import { applyConsumables, type ConsumablesReport } from "./consumables.js";
import { SPEC_CATALOG } from "../generated/catalog.js";
import type { SpecImage } from "./image.js";
import { parseProfile, targetArmor, type Profile } from "./profile.js";
import { characterBuffs } from "./character-buffs.js";
import { foldDamageTaken, type RaidBuffsReport } from "./raid-buffs.js";
import { captureTimeline, resourceSource, type ResourceSourceKind, type Timeline } from "./simulate-telemetry.js";
import { powerDisplayModifier } from "./resource-display.js";
import { tickParents } from "./spell-groups.js";
import { fightBuckets } from "./fight.js";
import { healthRate } from "./health-pilot.js";
import { reactionImage, reactionSettings, resolveReaction, type ReactionConfig } from "./reaction.js";
import { idleWarning } from "./idle.js";
import { targetsWarning } from "./targets.js";
import { characterFromExport, exportSpecText, type CharacterSummary } from "../input/character.js";
import { parseAddonExport, type AddonExport } from "../input/addon-export.js";
import { LoadoutError, type LoadoutErrorCode } from "../talents/loadout.js";
import { checkProfileSpec, resolveSpecSlug, SPEC_SLUG, type SpecRequest } from "./spec-select.js";
import { lookupSpecs } from "../catalog/lookup.js";
import { smoothDpsTimeline } from "./dps-timeline.js";

export const DEFAULT_SPEC = "beast-mastery";
/** SimulationCraft's vary_combat_length default (docs/fights.md "Fight length"). */
export const DEFAULT_VARY_LENGTH = 0.2;
/** Iterations per chunk unless configured; fixed so results never depend on the thread count. */
export const SIM_CHUNK_SIZE = 500;

export interface SimulateConfig {
  /**
   * Spec: a slug (manifest / rotation / profile file name), a spec id ("253") or a display name
   * ("Beast Mastery", "beast mastery hunter"). Default: the spec of `profile` / `profileFile` when
   * given (both given: they must agree, else SPEC_MISMATCH), else "beast-mastery".
   */
  spec?: string;
  /** Fight length in seconds. Default 300. */
  duration?: number;
  /**
   * Fight length variation: each iteration lasts `duration` × (1 ± up to this fraction), drawn
   * uniformly from the iteration's seed (SimulationCraft's vary_combat_length, default 0.2). In [0, 1);
   * 0 = every iteration lasts `duration`. docs/fights.md.
   */
  varyLength?: number;
  /**
   * Reaction time and latency (docs/fights.md "Reaction time and latency"): SimulationCraft's model and
   * defaults (src/engine/reaction.ts REACTION_DEFAULTS). `false`, or `{ timeMs: 0 }`, turns it off:
   * results are then those of the engine without the model.
   */
  reaction?: false | ReactionConfig;
  /**
   * "time" (default, SimC's fixed_time): the target's health falls linearly over the iteration's length.
   * "health": the target has a health pool sized so it dies at the drawn length on average (SimC's enemy
   * health estimation, from a fixed pilot run: src/engine/health-pilot.ts); the iteration ends at its
   * death, and target.health.pct, execute phases and fight_remains follow the damage dealt. docs/fights.md.
   */
  fightLengthMode?: "time" | "health";
  /** Active enemies. Default 1 (fight style multi: 5; adds: the enemies up besides the waves). */
  targets?: number;
  /**
   * The fight (docs/fights.md "Fight styles"): "patchwerk" (one target; the default with one), "multi"
   * (all `targets` fight; the default with more), "movement" (SimC LightMovement's windows: casts with a
   * cast bar cannot start and are interrupted), "adds" (SimC HecticAddCleave's add waves).
   */
  fightStyle?: FightStyle;
  /** fightStyle "movement": the windows' first start and period (s) and the yards moved (default 15, 40, 15). */
  movement?: MovementOptions;
  /** fightStyle "adds": count, first, cooldown, duration, last (s; defaults: HecticAddCleave's for the fight length). */
  adds?: AddsOptions;
  /** Default 10000. */
  iterations?: number;
  /** Seed base (u64). Default 1. */
  seed?: number | bigint;
  /** Worker threads (Node) or Web Workers (browser, with workerUrl). Default 1 = inline in Node. */
  threads?: number;
  /**
   * Browsers: URL of the Web Worker bundle (`combatsim/web-worker`, src/runner/web-worker.ts). With it
   * the run uses `threads` Web Workers (also for 1: the page keeps painting); without it, inline.
   * Ignored in Node (worker threads).
   */
  workerUrl?: string | URL;
  /** Cancels the run (simulate rejects with SIM_CANCELLED; a worker pool is closed at once). */
  signal?: AbortSignal;
  /** Iterations per chunk. Default SIM_CHUNK_SIZE. */
  chunkSize?: number;
  /** threads > 1: when a chunk's worker counts as stuck (runner chunkDeadline: 60 s until a chunk has finished, then 10× the measured chunk time, at least 5 s). */
  chunkDeadline?: ChunkDeadlineOptions;
  /** threads > 1: V8 limits of each worker (runner resourceLimits; default a 256 MB heap). */
  resourceLimits?: WorkerResourceLimits;
  /**
   * Run the chunks on a queue instead of on this machine: a connected QueueExecutor (Node only, from
   * "combatsim/queue": `await QueueExecutor.connect({ url: "redis://host:port" })`, src/queue,
   * docs/distributed.md); `threads` is then unused. Same result bytes. The caller owns the executor
   * (one connection for many runs) and closes it.
   */
  queue?: ChunkExecutor;
  /**
   * Early exit: stop once the DPS error (95 % confidence half-width of the mean, in percent of the
   * mean: 1.96·stddev/√n/mean·100, SimulationCraft's "target_error") is <= this, tested after every
   * merged chunk. `iterations` is then the maximum. Default: none (run all iterations).
   */
  targetError?: number;
  /** Replay the representative iteration for `result.timeline` (default true). */
  timeline?: boolean;
  /** Called after every merged chunk (in chunk order), e.g. for a progress bar. */
  onProgress?: (p: SimulateProgress) => void;
  /** Data dir for the tables (default resolveDataDir()); spec files (specs/<slug>/…, docs/manifests.md "Files") are read from it when present, else from the bundled data. */
  dataDir?: string;
  /** Talent names taken; default: the loadout (config.loadout, else the profile's `talents`), else the manifest's default set. */
  talents?: string[];
  /** A talent loadout string (the game's export) for the build; wins over the profile's (src/talents/build-from-loadout.ts). */
  loadout?: string;
  /** A character profile file to use instead of `{dataDir}/specs/<spec>/profile.json`. */
  profileFile?: string;
  /** Pre-loaded inputs (browser use, tests): skip reading the corresponding file. */
  bundle?: DataBundle;
  manifest?: unknown;
  /**
   * The rotation instead of `{dataDir}/specs/<spec>/rotation.simc` (or `.json`): a RotationJson object, JSON
   * text (starts with `{`), SimC APL text (has a line starting with `actions`), or else a file path
   * (`.simc` / `.json` by extension, else by content).
   */
  rotation?: unknown;
  /** Fail on the first rotation line that cannot be honoured instead of dropping and listing it. */
  strictRotation?: boolean;
  /** Bloodlust at the pull (the manifest's `at_pull` raid buff, data/specs/_shared/raid.json). Default true: SimC's optimal_raid=1 / override.bloodlust=1. */
  bloodlust?: boolean;
  /** The combat potion (the profile's `potion`, default SimC MID1's; docs/consumables.md). Default true; false: no potion (CLI --no-potion). */
  potion?: boolean;
  /** Racial abilities of the profile's race (docs/consumables.md "Racials"). Default true; false: none (CLI --no-racials). */
  racials?: boolean;
  /**
   * The permanent raid buffs and target debuffs of SimC's optimal_raid=1: Arcane Intellect, Battle Shout,
   * Mark of the Wild, Chaos Brand, Mystic Touch (docs/consumables.md "Raid buffs"). Default false (CLI
   * --raid-buffs); Bloodlust has its own option.
   */
  raidBuffs?: boolean;
  /**
   * Flask, food, augment rune (docs/consumables.md "Flask, food, augment rune"): a SimC token (quality
   * suffix optional) or "none"; absent: the profile's `flask` / `food` / `augmentation`, else SimC MID1's.
   * CLI --flask, --food, --augment-rune. An unknown name is an INVALID_SIM_CONFIG error listing the valid ones.
   */
  flask?: string;
  food?: string;
  augmentRune?: string;
  /** Without config.rotation, when the spec has both `rotation.json` and `rotation.simc`: which one (default "json": the spec has not switched yet). */
  preferRotation?: "simc" | "json";
  profile?: unknown;
  /**
   * The character as the SimulationCraft addon's `/simc` export text (docs/input.md): spec, level,
   * race, talents and gear come from it. Not together with profile / profileFile.
   */
  input?: string;
  /** A file holding the addon export (`--input my.simc`). */
  inputFile?: string;
}

// The result types (SimulateResult and its summaries) live in simulate-result.ts.
export type { AuraSummary, HistogramSummary, ResourceSourceSummary, ResourceSummary, SimulateProgress, SimulateResult, SpellSummary } from "./simulate-result.js";
import type { HistogramSummary, ResourceSummary, SimulateProgress, SimulateResult, SpellSummary, AuraSummary } from "./simulate-result.js";

export type SimulateErrorCode = "INVALID_SIM_CONFIG" | "EVENT_BUDGET_EXCEEDED" | "SIM_WORKER_FAILED" | "SIM_REPLAY_MISMATCH" | "SIM_CANCELLED";

export class SimulateError extends CombatsimError {
  declare readonly code: SimulateErrorCode;
  constructor(code: SimulateErrorCode, message: string) {
    super(code, message);
  }
}

function bad(field: string, v: unknown, want: string): never {
  throw new SimulateError("INVALID_SIM_CONFIG", `simulate: config.${field} must be ${want}, got ${typeof v === "bigint" ? `${v}n` : JSON.stringify(v)}`);
}

function positiveInt(field: string, v: unknown, dflt: number, max = 2 ** 31 - 1): number {
  if (v === undefined) return dflt;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > max) bad(field, v, `an integer in [1, ${max}]`);
  return v;
}

/** Everything a chunk run needs; structured-cloneable (posted to workers). */
export interface PreparedSim {
  image: SpecImage;
  seed: bigint;
  spec: ResolvedSpec;
  stats: CombatStats;
  dataSources: DataSourcesSummary;
  /** Per image resource: PowerType.DisplayModifier (src/engine/resource-display.ts). */
  resourceDisplay: number[];
  rotation: RotationReport;
  /** The build read from a loadout string (null: talents from names or the manifest's defaults). */
  loadout: LoadoutSummary | null;
  /** The potion, race and racials of the run (src/engine/consumables.ts); flask, food, rune (stat-consumables.ts). */
  consumables: ConsumablesReport;
  /** The raid buffs of the run (src/engine/raid-buffs.ts). */
  raidBuffs: RaidBuffsReport;
  /** The imported character (config.input / inputFile; null: a profile was used). */
  character: CharacterSummary | null;
  /** The fight style and its raid events (src/engine/fight-style.ts). */
  fightStyle: FightPlan;
}

export interface LoadoutSummary {
  /** Nodes the loadout selects. */
  selected: number;
  heroTree: string | null;
  /** Selected talents the simulation does not model (they have no effect on the result). */
  notModelled: UnmodelledTalent[];
}

/**
 * The run's spec-file lookup (src/data/spec-files.ts): the data dir — a folder, or an http(s) data
 * URL — then, in Node and when it is another folder, the package's bundled data.
 */
function specFilesFor(dataDir: string): SpecFiles {
  const own = readerFor(dataDir);
  if (isHttpUrl(dataDir) || !isNode()) return new SpecFiles([own]);
  const bundled = bundledDataDir();
  return new SpecFiles(bundled === dataDir ? [own] : [own, readerFor(bundled)]);
}

/**
 * The spec's rotation: `rotation.json` or `rotation.simc` (a SimC APL) of its folder, in the data dir, then in the bundled
 * data. When a dir has both, `prefer` picks: "json" (a run's default) while a spec has not switched to
 * its APL yet — a spec helper switches by deleting the `.json`, after which only the `.simc` exists —
 * and "simc" for `combatsim rotation check`, which measures the APL.
 */
function rotationExts(prefer: "simc" | "json"): string[] {
  return prefer === "simc" ? [".simc", ".json"] : [".json", ".simc"];
}

/** config.rotation → its text (or object) and the file name errors name. */
async function givenRotation(given: unknown): Promise<{ text: unknown; file: string }> {
  if (typeof given !== "string") return { text: given, file: "<config.rotation>" };
  if (given.trimStart().startsWith("{") || /^\s*actions[.+=]/m.test(given)) return { text: given, file: "<config.rotation>" };
  if (given.includes("\n") || given.trim() === "") bad("rotation", given.slice(0, 40), "a rotation (JSON or SimC APL text) or a file path");
  return { text: await readTextFile(given), file: given };
}

/** Spec text accepted in config.spec: a slug, an id or a display name (no path characters). */
const SPEC_TEXT = /^[A-Za-z0-9][A-Za-z0-9 _'-]{0,63}$/;

async function loadProfile(p: { text: unknown; file: string }): Promise<{ profile: Profile; file: string }> {
  return { profile: parseProfile(p.text, p.file), file: p.file };
}

/**
 * The slug of the run's spec: config.spec, else the given profile's spec, else DEFAULT_SPEC, looked up
 * as a slug, id or name (spec-select.ts). With a pre-loaded manifest the spec only names files and the
 * result, so no manifest file has to exist.
 */
async function chooseSpec(config: SimulateConfig, given: SpecRequest | undefined, files: SpecFiles): Promise<string> {
  const request: SpecRequest =
    config.spec !== undefined
      ? { value: config.spec, source: "config.spec" }
      : given ?? { value: DEFAULT_SPEC, source: "default spec" };
  if (config.manifest !== undefined) {
    const m = lookupSpecs(request.value);
    const slug = m.length === 1 ? m[0]!.slug : request.value;
    if (!SPEC_SLUG.test(slug)) bad("spec", request.value, "a spec slug such as \"beast-mastery\" (with config.manifest)");
    return slug;
  }
  return resolveSpecSlug(request, async (slug) => {
    const found = await files.find("manifests", slug);
    return { file: found?.file ?? files.expected("manifests", slug), exists: found !== undefined };
  });
}

/** config.input / config.inputFile parsed (undefined: neither given). Not together with a profile. */
async function readInput(config: SimulateConfig): Promise<AddonExport | undefined> {
  if (config.input === undefined && config.inputFile === undefined) return undefined;
  if (config.input !== undefined && config.inputFile !== undefined) bad("input", "<text>", "absent when config.inputFile names the export (one character, one source)");
  if (config.profile !== undefined || config.profileFile !== undefined) bad("input", config.inputFile ?? "<text>", "absent when a profile is given (the export is the character; put stat totals in it as gear_agility= … lines)");
  if (config.input !== undefined && typeof config.input !== "string") bad("input", config.input, "the addon export text");
  if (config.inputFile !== undefined && typeof config.inputFile !== "string") bad("inputFile", config.inputFile, "a file path");
  return config.input !== undefined ? parseAddonExport(config.input, "<config.input>") : parseAddonExport(await readTextFile(config.inputFile!), config.inputFile!);
}

/** A loadout error of the export's own `talents=` line names the file and line (the loadout module knows neither). */
function inputLoadout<T>(imported: AddonExport | undefined, fromInput: boolean, build: () => T): T {
  try {
    return build();
  } catch (e) {
    if (!(imported && fromInput && e instanceof LoadoutError)) throw e;
    throw new LoadoutError(e.code as LoadoutErrorCode, `${imported.file}:${imported.talentsLine}: talents: ${e.message}`, e.position);
  }
}

/** Load, resolve and compile everything a run needs (no iterations run). */
export async function prepareSimulation(config: SimulateConfig = {}): Promise<PreparedSim & { durationS: number; targets: number }> {
  if (config.spec !== undefined && (typeof config.spec !== "string" || !SPEC_TEXT.test(config.spec))) {
    bad("spec", config.spec, "a spec slug, id or name such as \"beast-mastery\", \"253\" or \"Beast Mastery\"");
  }
  const durationS = config.duration ?? 300;
  if (typeof durationS !== "number" || !Number.isFinite(durationS) || durationS <= 0 || durationS > 3600) bad("duration", durationS, "a number of seconds in (0, 3600]");
  const plan = fightPlan(config.fightStyle, positiveInt("targets", config.targets, 1, 20), config.targets !== undefined, config.movement, config.adds, durationS);
  const targets = plan.targets;
  const varyLength = config.varyLength ?? DEFAULT_VARY_LENGTH;
  if (typeof varyLength !== "number" || !Number.isFinite(varyLength) || varyLength < 0 || varyLength >= 1) bad("varyLength", varyLength, "a fraction in [0, 1)");
  const mode = config.fightLengthMode ?? "time";
  if (mode !== "time" && mode !== "health") bad("fightLengthMode", mode, '"time" or "health"');
  if (mode === "health" && plan.adds) bad("fightLengthMode", mode, '"time" with fightStyle "adds" (the adds live their duration; health pools per add are not modelled)');
  const seedIn = config.seed ?? 1;
  let seed: bigint;
  if (typeof seedIn === "bigint") seed = seedIn;
  else if (typeof seedIn === "number" && Number.isSafeInteger(seedIn) && seedIn >= 0) seed = BigInt(seedIn);
  else bad("seed", seedIn, "a non-negative integer or bigint");
  if (seed < 0n || seed >= 1n << 64n) bad("seed", seed, "a u64");
  if (config.talents !== undefined && (!Array.isArray(config.talents) || config.talents.some((t) => typeof t !== "string"))) bad("talents", config.talents, "an array of talent names");
  if (config.loadout !== undefined && (typeof config.loadout !== "string" || !looksLikeLoadout(config.loadout))) bad("loadout", config.loadout, "a talent loadout string (the game's export)");
  if (config.loadout !== undefined && config.talents !== undefined) bad("loadout", config.loadout, "absent when config.talents names the talents (one build, one source)");

  // A named dir that does not exist fails here, not as an empty bundle's "unknown spec_id" later.
  if (config.dataDir !== undefined || !config.bundle) await checkDataDir(config.dataDir, config.dataDir !== undefined ? "dataDir" : undefined);
  const dataDir = config.dataDir ?? (config.bundle ? config.bundle.dir : resolveDataDir());
  const bundle = config.bundle ?? (await loadDataBundle(dataDir));

  // The profile the caller gave takes part in choosing the spec (src/engine/spec-select.ts).
  const given =
    config.profile !== undefined
      ? { text: config.profile, file: "<config.profile>" }
      : config.profileFile !== undefined
        ? { text: await readTextFile(config.profileFile), file: config.profileFile }
        : undefined;
  const givenProfile = given && { profile: parseProfile(given.text, given.file), file: given.file };
  const files = specFilesFor(dataDir);
  const imported = await readInput(config);
  const specRequest: SpecRequest | undefined = imported
    ? { value: exportSpecText(imported), source: `input ${imported.file}` }
    : givenProfile && { value: givenProfile.profile.spec, source: `profile ${givenProfile.file}` };
  const spec = await chooseSpec(config, specRequest, files);
  if (imported) checkProfileSpec(spec, specRequest!.value, imported.file, config.spec);

  const m = config.manifest !== undefined ? { text: config.manifest, file: "<config.manifest>" } : await files.read("manifests", spec);
  // `extends` pieces are looked up like the spec's own files: the data dir, else the bundled data.
  const manifest: Manifest = await composeManifest(m.text, m.file, (name) => files.read("pieces", name));
  const p0 = givenProfile ?? (await loadProfile(await files.read("profiles", spec)));
  // An imported character: the spec's default profile only fills what the export leaves out.
  const character = imported ? characterFromExport(imported, bundle, spec, p0.profile, new Set([...manifest.spells, ...manifest.auras, ...manifest.passives].map((x) => x.id))) : undefined;
  const p = character ? { profile: character.profile, file: imported!.file } : p0;
  const profile: Profile = p.profile;
  const loadoutText = config.talents ? undefined : (config.loadout ?? profile.talents);
  const fromLoadout = loadoutText !== undefined ? inputLoadout(imported, config.loadout === undefined, () => buildFromLoadout(bundle, manifest, loadoutText)) : undefined;
  const resolver = new SpellResolver(bundle);
  const resolved = resolveManifest(
    manifest,
    resolver,
    m.file,
    config.talents ? { talents: config.talents } : fromLoadout ? { talents: fromLoadout.talents, ...(fromLoadout.heroTree ? { heroTree: fromLoadout.heroTree } : {}) } : {},
  );
  checkProfileSpec(spec, profile.spec, p.file, config.spec);
  if (config.raidBuffs !== undefined && typeof config.raidBuffs !== "boolean") bad("raidBuffs", config.raidBuffs, "a boolean");
  const buffs = characterBuffs(profile, bundle, resolver, resolved, { flask: config.flask, food: config.food, augmentRune: config.augmentRune, raidBuffs: config.raidBuffs === true });
  const stats = buffs.stats;
  const armor = targetArmor(bundle, profile.level + profile.targetLevelOffset, p.file);

  if (config.strictRotation !== undefined && typeof config.strictRotation !== "boolean") bad("strictRotation", config.strictRotation, "a boolean");
  if (config.bloodlust !== undefined && typeof config.bloodlust !== "boolean") bad("bloodlust", config.bloodlust, "a boolean");
  if (config.potion !== undefined && typeof config.potion !== "boolean") bad("potion", config.potion, "a boolean");
  if (config.racials !== undefined && typeof config.racials !== "boolean") bad("racials", config.racials, "a boolean");
  const className = SPEC_CATALOG.find((c) => c.specId === resolved.specId)?.className;
  const consumables = applyConsumables(resolved, profile, className, { potion: config.potion !== false, racials: config.racials !== false });
  if (config.preferRotation !== undefined && config.preferRotation !== "simc" && config.preferRotation !== "json") bad("preferRotation", config.preferRotation, '"simc" or "json"');
  const r = config.rotation !== undefined ? await givenRotation(config.rotation) : await files.read("rotations", spec, rotationExts(config.preferRotation ?? "json"));
  const rotIn = rotationInput(r.text, r.file, config.strictRotation === true);
  const rotation: RotationJson = rotIn.rotation;

  const reaction = resolveReaction(config.reaction);
  const { image, rotationReport, rotation: compiledRotation } = compileSpec({
    spec: consumables.spec,
    profile,
    stats,
    rotation,
    rotationFile: r.file,
    rotationInput: rotIn,
    durationMs: Math.round(durationS * 1000),
    varyLength,
    targets: targets + (plan.adds?.count ?? 0), // the engine's target slots (assembly/engine/raid-adds.ts)
    ...(plan.movement ? { movement: plan.movement } : {}),
    ...(plan.adds ? { adds: plan.adds } : {}),
    targetArmor: armor.armor,
    armorK: armor.armorK,
    bloodlust: config.bloodlust !== false,
    consumables: { potion: consumables.potion, utility: consumables.utility },
  });
  foldDamageTaken(image.damage, buffs.damageTaken);
  if (reaction !== null) image.run.reaction = reactionImage(reaction, compiledRotation.reactAuras); // before the health pilot: it runs this image
  if (mode === "health") image.run.healthPerMs = healthRate(image, seed);
  const dataSources = summarizeDataSources(resolved.provenance, bundle.table("SpellEffect").dumpBuild ?? null);
  const resourceDisplay = resolved.resources.map((res) => powerDisplayModifier(bundle, res.powerType));
  const loadout = fromLoadout ? { selected: fromLoadout.selected, heroTree: fromLoadout.heroTree ?? null, notModelled: fromLoadout.notModelled } : null;
  return { image, seed, spec: consumables.spec, stats, durationS, targets, dataSources, resourceDisplay, rotation: rotationReport, loadout, consumables: { ...consumables.report, stats: buffs.statConsumables.applied, notModelled: [...consumables.report.notModelled, ...buffs.statConsumables.notModelled] }, raidBuffs: buffs.raidBuffs, character: character?.summary ?? null, fightStyle: plan };
}

/** result.fight's style and raid events: present for the styles with raid events only (patchwerk / multi results stay as before). */
function raidEventsResult(plan: FightPlan): Pick<SimulateResult["fight"], "style" | "movement" | "adds"> {
  if (plan.movement) return { style: plan.style, movement: plan.movement };
  if (plan.adds) return { style: plan.style, adds: plan.adds };
  return {};
}

interface PoolTuning {
  chunkDeadline: ChunkDeadlineOptions;
  resourceLimits: WorkerResourceLimits;
}

/** The worker pool options, checked whatever the thread count (a bad value is never silently unused). */
function poolTuning(config: SimulateConfig): PoolTuning {
  try {
    return { chunkDeadline: resolveChunkDeadline(config.chunkDeadline), resourceLimits: resolveResourceLimits(config.resourceLimits) };
  } catch (e) {
    if (e instanceof RunnerError) throw new SimulateError("INVALID_SIM_CONFIG", e.message.replace(/^runner: /, "simulate: config."));
    throw e;
  }
}

/**
 * Simulate a fight: DPS statistics over `iterations` Monte-Carlo iterations plus per-spell, aura,
 * resource and per-second breakdowns, the DPS distribution and the representative iteration's
 * timeline. Throws typed errors for bad config or data (SimulateError, ManifestError,
 * MissingSpellData, RotationError, StatsError, ProfileError) and EVENT_BUDGET_EXCEEDED when an
 * iteration processes more than 500000 events.
 */
export async function simulate(config: SimulateConfig = {}): Promise<SimulateResult> {
  const iterations = positiveInt("iterations", config.iterations, 10000, 100_000_000);
  const threads = positiveInt("threads", config.threads, 1, 256);
  const chunkSize = positiveInt("chunkSize", config.chunkSize, SIM_CHUNK_SIZE);
  const target = config.targetError;
  if (target !== undefined && (typeof target !== "number" || !Number.isFinite(target) || target <= 0)) bad("targetError", target, "a percentage > 0");
  const tuning = poolTuning(config);
  const queue = config.queue;
  // the package root stays browser-safe: the queue (bullmq, ioredis) is never imported here
  if (queue !== undefined && (queue === null || typeof queue !== "object" || typeof (queue as Partial<ChunkExecutor>).execute !== "function")) {
    bad("queue", queue, 'a connected QueueExecutor (import { QueueExecutor } from "combatsim/queue")');
  }
  const prep = await prepareSimulation(config);
  const totalChunks = chunkCount({ iterations, chunkSize });
  const workload: EngineWorkloadSpec = { kind: "engine", seedBase: prep.seed, image: prep.image };

  // the clock starts once the workers are up: elapsedMs is the iterations (and merging), like inline
  let t0 = 0;
  let t1 = 0;
  let run: RunChunkedResult;
  try {
    const choice = { threads, totalChunks, ...tuning, ...(config.workerUrl !== undefined ? { workerUrl: config.workerUrl } : {}), ...(config.signal ? { signal: config.signal } : {}), ...(queue ? { queue } : {}) };
    const startFailed = (e: Error) => new SimulateError("SIM_WORKER_FAILED", `simulate: worker pool failed to start: ${e.message}`);
    run = await withExecutor(choice, startFailed, async (executor) => {
      t0 = performance.now();
      const res = await runChunked({
        workload,
        iterations,
        chunkSize,
        ...(executor ? { executor } : {}),
        ...(target !== undefined ? { targetError: target } : {}),
        ...(config.signal ? { signal: config.signal } : {}),
        ...(config.onProgress
          ? {
              onChunk: (p) =>
                config.onProgress!({
                  iterations: p.iterations,
                  maxIterations: iterations,
                  chunks: p.chunkId + 1,
                  totalChunks,
                  dpsMean: p.dpsMean,
                  relativeError: p.relativeError,
                  elapsedMs: performance.now() - t0,
                }),
            }
          : {}),
      });
      t1 = performance.now();
      return res;
    });
  } catch (e) {
    if (config.signal?.aborted && (e instanceof RunnerError || e instanceof SimulateError)) {
      throw new SimulateError("SIM_CANCELLED", `simulate: the run was cancelled (${(e as Error).message})`);
    }
    if (e instanceof RunnerError) {
      if (e.causeCode === "EVENT_BUDGET_EXCEEDED") {
        throw new SimulateError("EVENT_BUDGET_EXCEEDED", `simulate: an iteration of spec "${prep.spec.spec}" processed more than 500000 events (EventBudgetExceeded)`);
      }
      // a worker lost or stuck on the same chunk twice (the pool already retried it once)
      if (e.code === "RUNNER_WORKER_FAILED" || e.code === "RUNNER_CHUNK_TIMEOUT") throw new SimulateError("SIM_WORKER_FAILED", `simulate: ${e.message}`);
    }
    throw e;
  }
  const elapsedMs = t1 - t0;

  const rep = run.representative;
  let timeline: Timeline | null = null;
  if (rep && config.timeline !== false) {
    timeline = captureTimeline(prep.image, prep.seed, rep.chunkId, rep.iteration);
    // the replay must be the iteration that was chosen (its DPS travelled x10-rounded)
    if (Math.abs(timeline.dps - rep.dps) > 0.05 + 1e-9 * Math.abs(rep.dps)) {
      throw new SimulateError("SIM_REPLAY_MISMATCH", `simulate: the representative iteration (chunk ${rep.chunkId}, iteration ${rep.iteration}) replayed to ${timeline.dps} DPS, not ${rep.dps}`);
    }
  }
  // on a queue: the worker threads that served it (like threads, how the run ran, not what it gave)
  return buildResult(prep, run, { threads: config.queue ? config.queue.size : threads, chunkSize, maxIterations: iterations, target: target ?? null, elapsedMs, timeline });
}

function buildResult(
  prep: PreparedSim & { durationS: number; targets: number },
  run: RunChunkedResult,
  o: { threads: number; chunkSize: number; maxIterations: number; target: number | null; elapsedMs: number; timeline: Timeline | null },
): SimulateResult {
  const r: ChunkReport = run.report;
  const img = prep.image;
  const n = r.iterations;
  const fightS = prep.durationS;
  // every iteration's length summed (they vary: assembly/engine/fight.ts); a report without it: n x the configured length
  const totalMs = r.fightMs > 0 ? r.fightMs : n * img.run.durationMs;
  const meanS = n > 0 ? totalMs / n / 1000 : 0; // exactly fightS with fixed lengths
  const spellsByIndex = new Map(r.spells.map((s) => [s.spellId, s]));
  const parents = tickParents(img);
  const spells: SpellSummary[] = img.spells
    .map((s, i) => {
      const t = spellsByIndex.get(i) ?? { casts: 0, hits: 0, crits: 0, damage: 0, ticks: 0, petDamage: 0, petHits: 0 };
      return {
        name: s.name,
        id: s.id,
        index: i,
        casts: t.casts / n,
        damage: t.damage / n,
        hits: t.hits / n,
        ticks: t.ticks / n,
        critRate: t.hits > 0 ? t.crits / t.hits : 0,
        share: r.damage > 0 ? t.damage / r.damage : 0,
        dps: meanS > 0 ? t.damage / n / meanS : 0,
        petDamage: t.petDamage / n,
        pet: t.hits > 0 && t.petHits === t.hits,
        parent: parents.has(i) ? img.spells[parents.get(i)!]!.name : null,
      };
    })
    .filter((s) => s.casts > 0 || s.damage > 0);
  const aurasByIndex = new Map(r.auras.map((a) => [a.auraId, a]));
  const auras: AuraSummary[] = img.auras.map((a, i) => {
    const t = aurasByIndex.get(i) ?? { applications: 0, refreshes: 0, uptimeMs: 0, stackMs: 0 };
    return {
      name: a.name,
      index: i,
      owner: a.owner,
      uptime: totalMs > 0 ? t.uptimeMs / totalMs : 0,
      applications: t.applications / n,
      refreshes: t.refreshes / n,
      averageStacks: t.uptimeMs > 0 ? t.stackMs / t.uptimeMs : 0,
    };
  });
  const sourceName = (kind: ResourceSourceKind, index: number): string =>
    kind === "spell" ? img.spells[index]?.name ?? `spell#${index}` : kind === "aura" ? img.auras[index]?.name ?? `aura#${index}` : kind === "proc" ? img.procs?.[index]?.name ?? `proc#${index}` : kind;
  const resByIndex = new Map(r.resources.map((x) => [x.resourceId, x]));
  const resources: ResourceSummary[] = img.resources.map((res, i) => {
    const t = resByIndex.get(i) ?? { gained: 0, wasted: 0, spent: 0, sources: [] };
    const sources = t.sources
      .map((s) => {
        const src = resourceSource(img, s.source);
        return { kind: src.kind, name: sourceName(src.kind, src.index), spent: s.spent / n, gained: s.gained / n, wasted: s.wasted / n };
      })
      .sort((a, b) => b.spent + b.gained + b.wasted - (a.spent + a.gained + a.wasted));
    return { name: res.name, index: i, displayModifier: prep.resourceDisplay[i] ?? 1, spent: t.spent / n, gained: t.gained / n, wasted: t.wasted / n, wasteRate: t.gained + t.wasted > 0 ? t.wasted / (t.gained + t.wasted) : 0, sources };
  });
  // each second's mean over the iterations still running in it (fights end at different times)
  const buckets = fightBuckets(img.run);
  const running = Array.from({ length: buckets }, (_, k) => (r.perSecondIterations.length > 0 ? (r.perSecondIterations[k] ?? 0) : n));
  const perSecondDps = running.map((m, k) => (m > 0 ? (r.perSecondDamage[k] ?? 0) / m : 0));
  const perSecond = { bucketMs: 1000, dps: perSecondDps, iterations: running, smoothed: smoothDpsTimeline(perSecondDps, running) };
  const procs = r.procs.map((p) => ({
    name: (p.kind === 1 ? img.rppm?.[p.index]?.name : img.procs?.[p.index]?.name) ?? `${p.kind === 1 ? "rppm" : "proc"}#${p.index}`,
    kind: p.kind === 1 ? ("rppm" as const) : ("impact" as const),
    perIteration: p.count / n,
  }));
  const d = r.dps;
  const rep = run.representative;
  return {
    spec: prep.spec.spec,
    durationS: fightS,
    fight: { varyLength: img.run.varyLength ?? 0, meanLengthS: meanS, mode: (img.run.healthPerMs ?? 0) > 0 ? "health" : "time", ...(img.run.reaction ? { reaction: reactionSettings(img.run.reaction) } : {}), ...raidEventsResult(prep.fightStyle) },
    targets: prep.targets,
    iterations: n,
    maxIterations: o.maxIterations,
    seed: prep.seed.toString(),
    chunkSize: o.chunkSize,
    chunks: run.chunks,
    threads: o.threads,
    elapsedMs: o.elapsedMs,
    dps: { mean: d.mean, min: d.min, max: d.max, stddev: d.stddev },
    error: { dps: Number.isFinite(run.relativeError) ? (run.relativeError / 100) * d.mean : Number.POSITIVE_INFINITY, relative: run.relativeError, target: o.target, stoppedEarly: run.stoppedEarly },
    histogram: histogramSummary(r),
    events: { total: r.events, perIteration: r.events / n },
    damage: { total: r.damage / n, pet: r.petDamage / n },
    spells,
    auras,
    resources,
    perSecond,
    procs,
    representative: rep ? { chunkId: rep.chunkId, iteration: rep.iteration, globalIteration: rep.globalIteration, seed: rep.seed.toString(), dps: rep.dps } : null,
    timeline: o.timeline,
    stats: prep.stats,
    talents: prep.spec.talents,
    heroTree: prep.spec.heroTree ?? null,
    loadout: prep.loadout,
    character: prep.character,
    rotation: prep.rotation,
    consumables: prep.consumables,
    raidBuffs: prep.raidBuffs,
    dataSources: prep.dataSources,
    warnings: {
      unknownSpellCasts: r.unknownSpellCasts,
      timelineDropped: o.timeline?.dropped ?? 0,
      targets: targetsWarning(img),
      idle: idleWarning(img, o.timeline, resources),
    },
  };
}

/** Browser-safe base64 (no Buffer). */
function base64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return btoa(s);
}

/** Number of equal-width bins of the DPS distribution in the result. */
export const HISTOGRAM_BINS = 40;

interface CountsView {
  maxValue: number;
  minNonZeroValue: number;
  countsArrayIndex(value: number): number;
  getCountAtIndex(index: number): number;
  valueFromIndex(index: number): number;
  getValueAtPercentile(p: number): number;
}

/** Equal-width bins over [min, max] DPS from the HDR counts (each HDR bucket falls in the bin of its value). */
function histogramSummary(r: ChunkReport): HistogramSummary {
  const h = r.histogram as unknown as CountsView;
  const lo = r.dps.count > 0 ? r.dps.min : 0;
  const hi = r.dps.count > 0 ? r.dps.max : 0;
  const width = hi > lo ? (hi - lo) / HISTOGRAM_BINS : 1;
  const bins = Array.from({ length: hi > lo ? HISTOGRAM_BINS : 1 }, (_, k) => ({ from: lo + k * width, to: k === HISTOGRAM_BINS - 1 ? hi : lo + (k + 1) * width, count: 0 }));
  if (r.dps.count > 0) {
    const top = h.countsArrayIndex(h.maxValue);
    for (let i = 0; i <= top; i++) {
      const c = h.getCountAtIndex(i);
      if (c === 0) continue;
      const v = h.valueFromIndex(i) / DPS_SCALE;
      const k = Math.min(bins.length - 1, Math.max(0, Math.floor((v - lo) / width)));
      bins[k]!.count += c;
    }
  }
  const pct = (p: number) => (r.dps.count > 0 ? h.getValueAtPercentile(p) / DPS_SCALE : 0);
  return {
    scale: DPS_SCALE,
    bins,
    percentiles: { p1: pct(1), p5: pct(5), p25: pct(25), p50: pct(50), p75: pct(75), p95: pct(95), p99: pct(99) },
    hdrV2Base64: base64(encodeHistogramV2(r.histogram)),
  };
}
