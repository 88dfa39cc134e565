// simulate(config): the library entry behind `combatsim sim`. Loads game data + manifest + rotation +
// profile, resolves and compiles them into a SpecImage, runs the iterations in fixed-size chunks
// (inline, or on worker_threads running the same wasm) and merges the chunk statistics.
//
// Determinism: chunk c always holds iterations [c·chunkSize, (c+1)·chunkSize) with seeds
// seedFor(seed, c, i) — the plan depends on `iterations` and `chunkSize` only, never on `threads` —
// and chunks are merged in chunk order, so the result is identical for any thread count.
// DPS merge (spec "Merge of two accumulators"): n = na + nb, δ = mean_b − mean_a,
// mean = mean_a + δ·nb/n, M2 = M2a + M2b + δ²·na·nb/n; stddev = sqrt(M2/n).

import { bundledDataDir, loadDataBundle, resolveDataDir } from "../data/bundle.js";
import { SpellResolver } from "../data/resolver.js";
import type { DataBundle } from "../data/types.js";
import { CombatsimError } from "../errors.js";
import { readTextFile, specFilePath } from "../manifest/load.js";
import { resolveManifest, type ResolvedSpec } from "../manifest/resolve.js";
import { composeManifest } from "../manifest/extends.js";
import type { Manifest } from "../manifest/schema.js";
import { parseRotationJson, type RotationJson } from "../rotation/index.js";
import type { CombatStats } from "../stats/combat-stats.js";
import { compileSpec } from "./compile.js";
import type { SpecImage } from "./image.js";
import { parseProfile, profileStats, targetArmor, type Profile } from "./profile.js";
import type { RunResult } from "./run.js";

export const DEFAULT_SPEC = "beast-mastery";
/** Iterations per chunk unless configured; fixed so results never depend on the thread count. */
export const SIM_CHUNK_SIZE = 500;

export interface SimulateConfig {
  /** Spec slug (manifest / rotation / profile file name). Default "beast-mastery". */
  spec?: string;
  /** Fight length in seconds. Default 300. */
  duration?: number;
  /** Active enemies. Default 1. */
  targets?: number;
  /** Default 10000. */
  iterations?: number;
  /** Seed base (u64). Default 1. */
  seed?: number | bigint;
  /** Worker threads (Node). Default 1 = run inline. */
  threads?: number;
  /** Iterations per chunk. Default SIM_CHUNK_SIZE. */
  chunkSize?: number;
  /** Data dir for the tables (default resolveDataDir()); manifests/rotations/profiles are read from it when present, else from the bundled data. */
  dataDir?: string;
  /** Talent names taken; default: the manifest's default set. */
  talents?: string[];
  /** A character profile file to use instead of `{dataDir}/profiles/<spec>.json`. */
  profileFile?: string;
  /** Pre-loaded inputs (browser use, tests): skip reading the corresponding file. */
  bundle?: DataBundle;
  manifest?: unknown;
  rotation?: unknown;
  profile?: unknown;
}

export interface SpellSummary {
  name: string;
  id: number;
  /** Per iteration (mean over iterations). */
  casts: number;
  damage: number;
  hits: number;
  /** Fraction of hits that crit. */
  critRate: number;
  /** Share of total damage (0..1). */
  share: number;
  dps: number;
}

export interface SimulateResult {
  spec: string;
  durationS: number;
  targets: number;
  iterations: number;
  seed: string;
  chunkSize: number;
  chunks: number;
  threads: number;
  /** Wall time of the iterations (excludes loading and compiling). */
  elapsedMs: number;
  dps: { mean: number; min: number; max: number; stddev: number };
  events: { total: number; perIteration: number };
  /** Mean damage per iteration; pet ⊂ total. */
  damage: { total: number; pet: number };
  spells: SpellSummary[];
  stats: CombatStats;
  talents: string[];
  warnings: { unknownSpellCasts: number };
}

export type SimulateErrorCode = "INVALID_SIM_CONFIG" | "EVENT_BUDGET_EXCEEDED" | "SIM_WORKER_FAILED";

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
}

/** A chunk's contribution (what workers post back). */
export interface ChunkStats {
  chunk: number;
  n: number;
  mean: number;
  m2: number;
  min: number;
  max: number;
  events: number;
  damage: number;
  pet: number;
  unknownSpellCasts: number;
  eventBudgetExceeded: boolean;
  spells: { casts: number; damage: number; hits: number; crits: number }[];
}

export function chunkStatsOf(chunk: number, r: RunResult): ChunkStats {
  return {
    chunk,
    n: r.dps.n,
    mean: r.dps.mean,
    m2: r.dps.m2,
    min: r.dps.min,
    max: r.dps.max,
    events: r.events,
    damage: r.damage.total,
    pet: r.damage.pet,
    unknownSpellCasts: r.warnings.unknownSpellCasts,
    eventBudgetExceeded: r.error === "EventBudgetExceeded",
    spells: r.spells.map((s) => ({ casts: s.casts, damage: s.damage, hits: s.hits, crits: s.crits })),
  };
}

/** Chunk c = iterations [c·size, min((c+1)·size, total)). */
export function chunkPlan(iterations: number, chunkSize: number): { chunk: number; start: number; count: number }[] {
  const plan = [];
  for (let c = 0, start = 0; start < iterations; c++, start += chunkSize) plan.push({ chunk: c, start, count: Math.min(chunkSize, iterations - start) });
  return plan;
}

/** Chan et al. pairwise merge of (n, mean, M2, min, max), in the given order. */
export function mergeChunks(chunks: readonly ChunkStats[]): ChunkStats {
  const first = chunks[0]!;
  const acc: ChunkStats = { ...first, spells: first.spells.map((s) => ({ ...s })) };
  for (let k = 1; k < chunks.length; k++) {
    const b = chunks[k]!;
    const n = acc.n + b.n;
    const delta = b.mean - acc.mean;
    acc.mean = acc.mean + (delta * b.n) / n;
    acc.m2 = acc.m2 + b.m2 + (delta * delta * acc.n * b.n) / n;
    acc.n = n;
    acc.min = Math.min(acc.min, b.min);
    acc.max = Math.max(acc.max, b.max);
    acc.events += b.events;
    acc.damage += b.damage;
    acc.pet += b.pet;
    acc.unknownSpellCasts += b.unknownSpellCasts;
    acc.eventBudgetExceeded ||= b.eventBudgetExceeded;
    b.spells.forEach((s, i) => {
      const t = acc.spells[i]!;
      t.casts += s.casts;
      t.damage += s.damage;
      t.hits += s.hits;
      t.crits += s.crits;
    });
  }
  return acc;
}

async function exists(file: string): Promise<boolean> {
  try {
    const { fsp } = await (await import("../data/source.js")).nodeModules();
    await fsp.access(file);
    return true;
  } catch {
    return false;
  }
}

/** `{dataDir}/<kind>/<spec>.json` when it exists, else the bundled data's copy. */
async function specFile(dataDir: string, kind: "manifests" | "rotations" | "profiles", spec: string): Promise<string> {
  const own = specFilePath(dataDir, kind, spec);
  if (await exists(own)) return own;
  const bundled = specFilePath(bundledDataDir(), kind, spec);
  return (await exists(bundled)) ? bundled : own; // a missing file then fails with MANIFEST_READ_FAILED naming `own`
}

/** Load, resolve and compile everything a run needs (no iterations run). */
export async function prepareSimulation(config: SimulateConfig = {}): Promise<PreparedSim & { durationS: number; targets: number }> {
  const spec = config.spec ?? DEFAULT_SPEC;
  if (typeof spec !== "string" || !/^[a-z][a-z0-9-]*$/.test(spec)) bad("spec", spec, "a spec slug such as \"beast-mastery\"");
  const durationS = config.duration ?? 300;
  if (typeof durationS !== "number" || !Number.isFinite(durationS) || durationS <= 0 || durationS > 3600) bad("duration", durationS, "a number of seconds in (0, 3600]");
  const targets = positiveInt("targets", config.targets, 1, 20);
  const seedIn = config.seed ?? 1;
  let seed: bigint;
  if (typeof seedIn === "bigint") seed = seedIn;
  else if (typeof seedIn === "number" && Number.isSafeInteger(seedIn) && seedIn >= 0) seed = BigInt(seedIn);
  else bad("seed", seedIn, "a non-negative integer or bigint");
  if (seed < 0n || seed >= 1n << 64n) bad("seed", seed, "a u64");
  if (config.talents !== undefined && (!Array.isArray(config.talents) || config.talents.some((t) => typeof t !== "string"))) bad("talents", config.talents, "an array of talent names");

  const dataDir = config.dataDir ?? (config.bundle ? config.bundle.dir : resolveDataDir());
  const bundle = config.bundle ?? (await loadDataBundle(dataDir));

  const load = async (kind: "manifests" | "rotations" | "profiles", given: unknown): Promise<{ text: unknown; file: string }> => {
    if (given !== undefined) return { text: given, file: `<config.${kind.slice(0, -1)}>` };
    const file = await specFile(dataDir, kind, spec);
    return { text: await readTextFile(file), file };
  };
  const m = await load("manifests", config.manifest);
  // `extends` pieces are looked up like the spec's own files: the data dir, else the bundled data.
  const manifest: Manifest = await composeManifest(m.text, m.file, async (name) => {
    const file = await specFile(dataDir, "manifests", name);
    return { text: await readTextFile(file), file };
  });
  const resolved = resolveManifest(manifest, new SpellResolver(bundle), m.file, config.talents ? { talents: config.talents } : {});

  const p = config.profileFile !== undefined && config.profile === undefined
    ? { text: await readTextFile(config.profileFile), file: config.profileFile }
    : await load("profiles", config.profile);
  const profile: Profile = parseProfile(p.text, p.file);
  const stats = profileStats(profile, bundle, resolved.mastery.coefficient);
  const armor = targetArmor(bundle, profile.level + profile.targetLevelOffset, p.file);

  const r = await load("rotations", config.rotation);
  const rotation: RotationJson = typeof r.text === "string" ? parseRotationJson(r.text, r.file) : (r.text as RotationJson);

  const { image } = compileSpec({
    spec: resolved,
    profile,
    stats,
    rotation,
    rotationFile: r.file,
    durationMs: Math.round(durationS * 1000),
    targets,
    targetArmor: armor.armor,
    armorK: armor.armorK,
  });
  return { image, seed, spec: resolved, stats, durationS, targets };
}

/** Runs chunks inline (this thread). */
async function runInline(prep: PreparedSim, plan: ReturnType<typeof chunkPlan>): Promise<ChunkStats[]> {
  const { runImage } = await import("./run.js");
  return plan.map((c) => chunkStatsOf(c.chunk, runImage(prep.image, { iterations: c.count, seed: prep.seed, chunkId: c.chunk, iterationStart: 0 })));
}

/** Runs chunks on `threads` worker_threads; each worker loads the same wasm and pulls chunks. */
async function runThreads(prep: PreparedSim, plan: ReturnType<typeof chunkPlan>, threads: number): Promise<ChunkStats[]> {
  const { startSimWorkers } = await import("./simulate-pool.js");
  return startSimWorkers(prep, plan, threads);
}

/**
 * Simulate a fight: DPS statistics over `iterations` Monte-Carlo iterations plus per-spell
 * breakdowns. Throws typed errors for bad config or data (SimulateError, ManifestError,
 * MissingSpellData, RotationError, StatsError, ProfileError) and EVENT_BUDGET_EXCEEDED when an
 * iteration processes more than 500000 events.
 */
export async function simulate(config: SimulateConfig = {}): Promise<SimulateResult> {
  const iterations = positiveInt("iterations", config.iterations, 10000, 100_000_000);
  const threads = positiveInt("threads", config.threads, 1, 256);
  const chunkSize = positiveInt("chunkSize", config.chunkSize, SIM_CHUNK_SIZE);
  const prep = await prepareSimulation(config);
  const plan = chunkPlan(iterations, chunkSize);

  const t0 = performance.now();
  const parts = threads === 1 ? await runInline(prep, plan) : await runThreads(prep, plan, threads);
  const elapsedMs = performance.now() - t0;

  parts.sort((a, b) => a.chunk - b.chunk);
  const total = mergeChunks(parts);
  if (total.eventBudgetExceeded) {
    throw new SimulateError("EVENT_BUDGET_EXCEEDED", `simulate: an iteration of spec "${prep.spec.spec}" processed more than 500000 events (EventBudgetExceeded)`);
  }
  const n = total.n;
  const fightS = prep.durationS;
  const spells: SpellSummary[] = prep.image.spells
    .map((s, i) => {
      const t = total.spells[i]!;
      return {
        name: s.name,
        id: s.id,
        casts: t.casts / n,
        damage: t.damage / n,
        hits: t.hits / n,
        critRate: t.hits > 0 ? t.crits / t.hits : 0,
        share: total.damage > 0 ? t.damage / total.damage : 0,
        dps: t.damage / n / fightS,
      };
    })
    .filter((s) => s.casts > 0 || s.damage > 0);
  return {
    spec: prep.spec.spec,
    durationS: fightS,
    targets: prep.targets,
    iterations: n,
    seed: prep.seed.toString(),
    chunkSize,
    chunks: plan.length,
    threads,
    elapsedMs,
    dps: { mean: total.mean, min: total.min, max: total.max, stddev: n > 0 ? Math.sqrt(total.m2 / n) : 0 },
    events: { total: total.events, perIteration: total.events / n },
    damage: { total: total.damage / n, pet: total.pet / n },
    spells,
    stats: prep.stats,
    talents: prep.spec.talents,
    warnings: { unknownSpellCasts: total.unknownSpellCasts },
  };
}
