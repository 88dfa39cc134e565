// `combatsim sim` options of the analyses (comparisons, stat weights, profile sets), kept here so the
// sim command only wires them: addAnalysisOptions(cmd) declares them, planCliAnalysis() checks them
// (before any iteration runs) and runCliAnalysis() runs what was asked, on the sim's own base config.
import { CommanderError, type Command } from "commander";
import { existsSync } from "node:fs";
import path from "node:path";
import type { SimulateConfig } from "../engine/simulate.js";
import type { StageProgress } from "./common.js";
import { compare } from "./compare.js";
import { profileSet, PROFILE_SET_DEFAULT_PRECISION } from "./profile-set.js";
import { scaleFactors } from "./scale-factors.js";
import type { AnalysisReport } from "./text.js";
import { parseVariants, readVariantsFile, STAT_KEYS, variantObjectFromCli, type StatKey } from "./variants.js";

export interface AnalysisCliOptions {
  variant?: string[];
  variants?: string;
  deltaError?: number;
  scaleFactors?: boolean;
  scaleFactorError?: number;
  scaleStats?: string;
  scaleDelta?: string;
  scaleCentred?: boolean;
  profileSet?: string;
  profileSetPrecision?: number;
  quiet?: boolean;
}

const fail = (msg: string): never => {
  throw new CommanderError(2, "combatsim.badOption", msg);
};

function pctOpt(name: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0 || n > 100) fail(`--${name} must be a percentage in (0, 100], got "${v}"`);
    return n;
  };
}

const collect = (v: string, prev: string[] = []): string[] => [...prev, v];

export function addAnalysisOptions(cmd: Command): Command {
  return cmd
    .option("--variant <spec>", "compare a variant with the base: name:key=value,... (keys: primary|agility|strength|intellect, crit, haste, mastery, versatility, weapon_dps as N, +N, -N, +N%; talents=a/b; rotation=file; targets=N; duration=S); repeatable", collect)
    .option("--variants <file>", 'compare the variants of a JSON file ({ "variants": [ { "name": ..., key: value }, ... ] })')
    .option("--delta-error <pct>", "comparisons: stop once every variant's paired delta error is <= this percent of the baseline DPS (--iterations is then the maximum)", pctOpt("delta-error"))
    .option("--scale-factors", "stat weights: DPS per point of the primary stat, crit, haste, mastery, versatility (and weapon DPS when the spec's damage reads the weapon), normalised, with a Pawn string")
    .option("--scale-factor-error <pct>", "stat weights: run until every normalised weight's error is <= this percent of the primary stat's weight (--iterations is then the maximum)", pctOpt("scale-factor-error"))
    .option("--scale-stats <list>", `stat weights: the stats to weigh (comma-separated: ${STAT_KEYS.join(", ")})`)
    .option("--scale-delta <list>", "stat weights: per-stat deltas overriding SimC's default (rating for 3.5 % haste), e.g. haste=300,weapon_dps=20")
    .option("--scale-centred", "stat weights: centred differences (±δ/2) instead of one-sided (+δ)")
    .option("--profile-set <source>", 'rank many variants with staged culling: "talents" (every talent combination), "stat-splits:N", "talents*stat-splits:N", or a variants JSON file')
    .option("--profile-set-precision <pct>", `profile sets: target paired delta error of the survivors, percent of the baseline DPS (default ${PROFILE_SET_DEFAULT_PRECISION}; --iterations is the maximum)`, pctOpt("profile-set-precision"));
}

/** What the options ask for, checked and with files read; null when no analysis option is given. */
export interface CliAnalysisPlan {
  /** `sources[i]` names variant i in errors (`--variant "x"`, `file.json: variants[2]`). */
  compare?: { variants: unknown[]; sources: string[]; deltaError?: number };
  scaleFactors?: { stats?: StatKey[]; deltas?: Partial<Record<StatKey, number>>; centred: boolean; error?: number };
  profileSet?: { variants?: unknown[]; sources?: string[]; generate?: string; precision: number };
  quiet: boolean;
}

/** A variants file's entries with relative rotation paths made absolute (against the file's folder). */
async function fileVariants(file: string): Promise<{ variants: unknown[]; sources: string[] }> {
  const f = await readVariantsFile(file);
  const variants = f.inputs.map((v) => {
    if (typeof v !== "object" || v === null) return v;
    const rot = (v as Record<string, unknown>)["rotation"];
    return typeof rot === "string" && rot.trim() !== "" && !path.isAbsolute(rot.trim()) ? { ...v, rotation: path.join(f.baseDir, rot.trim()) } : v;
  });
  return { variants, sources: variants.map((_, i) => `${file}: variants[${i}]`) };
}

export async function planCliAnalysis(o: AnalysisCliOptions): Promise<CliAnalysisPlan | null> {
  const plan: CliAnalysisPlan = { quiet: o.quiet ?? false };
  if (o.variant !== undefined || o.variants !== undefined) {
    const variants: unknown[] = [];
    const sources: string[] = [];
    for (const text of o.variant ?? []) {
      const v = variantObjectFromCli(text);
      variants.push(v);
      sources.push(`--variant "${v.name}"`);
    }
    if (o.variants !== undefined) {
      const f = await fileVariants(o.variants);
      variants.push(...f.variants);
      sources.push(...f.sources);
    }
    // keys, values, names and rotation files are checked now, before any iteration runs (the spec's
    // primary-attribute name is checked once the spec is loaded)
    await parseVariants(variants, "variants", {}, sources);
    plan.compare = { variants, sources, ...(o.deltaError !== undefined ? { deltaError: o.deltaError } : {}) };
  } else if (o.deltaError !== undefined) fail("--delta-error needs --variant or --variants");
  if (o.scaleFactors) {
    const sf: NonNullable<CliAnalysisPlan["scaleFactors"]> = { centred: o.scaleCentred ?? false };
    if (o.scaleFactorError !== undefined) sf.error = o.scaleFactorError;
    if (o.scaleStats !== undefined) {
      sf.stats = o.scaleStats.split(",").map((s) => s.trim()).filter(Boolean) as StatKey[];
      for (const s of sf.stats) if (!(STAT_KEYS as readonly string[]).includes(s)) fail(`--scale-stats: unknown stat "${s}" (known: ${STAT_KEYS.join(", ")})`);
    }
    if (o.scaleDelta !== undefined) {
      sf.deltas = {};
      for (const part of o.scaleDelta.split(",")) {
        const [k, v] = part.split("=").map((x) => x.trim());
        const n = Number(v);
        if (!k || !(STAT_KEYS as readonly string[]).includes(k) || v === undefined || !Number.isFinite(n) || n <= 0) fail(`--scale-delta: expected stat=points with a stat of ${STAT_KEYS.join(", ")} and points > 0, got "${part}"`);
        sf.deltas[k as StatKey] = n;
      }
    }
    plan.scaleFactors = sf;
  } else if (o.scaleFactorError !== undefined || o.scaleStats !== undefined || o.scaleDelta !== undefined || o.scaleCentred) fail("--scale-factor-error, --scale-stats, --scale-delta and --scale-centred need --scale-factors");
  if (o.profileSet !== undefined) {
    const src = o.profileSet.trim();
    const precision = o.profileSetPrecision ?? PROFILE_SET_DEFAULT_PRECISION;
    if (/\.json$/i.test(src) || existsSync(src)) {
      const f = await fileVariants(src);
      await parseVariants(f.variants, "variants", {}, f.sources);
      plan.profileSet = { ...f, precision };
    } else plan.profileSet = { generate: src, precision };
  } else if (o.profileSetPrecision !== undefined) fail("--profile-set-precision needs --profile-set");
  return plan.compare || plan.scaleFactors || plan.profileSet ? plan : null;
}

/** Runs the planned analyses on the sim's base config (same spec, profile, fight, seed, iterations, threads). */
export async function runCliAnalysis(plan: CliAnalysisPlan, config: SimulateConfig): Promise<AnalysisReport> {
  const { onProgress: _p, targetError: _t, timeline: _tl, ...base } = config;
  const showStages = !plan.quiet && process.stderr.isTTY;
  const onStage = showStages
    ? (p: StageProgress) => process.stderr.write(`${p.analysis}: stage ${p.stage}, ${p.iterations.toLocaleString("en-US")} iterations x ${p.activeEntries} entries, ${p.iterationsSpent.toLocaleString("en-US")} spent, ${(p.elapsedMs / 1000).toFixed(1)} s\n`)
    : undefined;
  const out: AnalysisReport = {};
  if (plan.compare) {
    out.comparison = await compare({
      ...base,
      variants: plan.compare.variants,
      variantSources: plan.compare.sources,
      ...(plan.compare.deltaError !== undefined ? { deltaError: plan.compare.deltaError } : {}),
      ...(onStage ? { onStage } : {}),
    });
  }
  if (plan.scaleFactors) {
    const sf = plan.scaleFactors;
    out.scaleFactors = await scaleFactors({
      ...base,
      centred: sf.centred,
      ...(sf.stats ? { stats: sf.stats } : {}),
      ...(sf.deltas ? { deltas: sf.deltas } : {}),
      ...(sf.error !== undefined ? { scaleFactorError: sf.error } : {}),
      ...(onStage ? { onStage } : {}),
    });
  }
  if (plan.profileSet) {
    const ps = plan.profileSet;
    out.profileSet = await profileSet({
      ...base,
      precision: ps.precision,
      ...(ps.variants ? { variants: ps.variants } : {}),
      ...(ps.sources ? { variantSources: ps.sources } : {}),
      ...(ps.generate !== undefined ? { generate: ps.generate } : {}),
      ...(onStage ? { onStage } : {}),
    });
  }
  return out;
}
