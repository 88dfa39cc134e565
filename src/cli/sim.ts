// `combatsim sim`: run simulate() and print a summary (or its JSON result with --json).
// This is the default command (`combatsim` / `npm start` with no arguments): BM, 300 s, 1 target,
// 10000 iterations, seed 1, on the resolved data dir.
import { Command, CommanderError } from "commander";
import cliProgress from "cli-progress";
import { writeFile } from "node:fs/promises";
import { checkDataDir } from "../data/bundle.js";
import { simulate, type SimulateConfig, type SimulateProgress } from "../engine/simulate.js";
import { renderHtmlReport } from "../report/html.js";
import { formatTextReport } from "../report/text.js";
import { addAnalysisOptions, planCliAnalysis, runCliAnalysis, type AnalysisCliOptions } from "../analysis/cli.js";
import { formatAnalysisText, type AnalysisReport } from "../analysis/text.js";

function intOpt(name: string, min: number, max: number) {
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

function targetErrorOpt(v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new CommanderError(2, "combatsim.badOption", `--target-error must be a percentage > 0 (e.g. 0.1), got "${v}"`);
  return n;
}

/** The readable summary (kept under its old name for callers of this module). */
export const formatSimResult = formatTextReport;

/** Progress bars start only once a run has lasted this long (short runs stay quiet). */
const PROGRESS_DELAY_MS = 400;

/**
 * A progress bar on stderr for long runs: iterations done, DPS so far, error so far, ETA. Off when
 * stderr is not a TTY or when quiet; starts after PROGRESS_DELAY_MS so short runs print nothing.
 */
export function progressReporter(opts: { quiet?: boolean; stream?: NodeJS.WriteStream }): { onProgress?: (p: SimulateProgress) => void; stop(): void } {
  const stream = opts.stream ?? process.stderr;
  if (opts.quiet || !stream.isTTY) return { stop() {} };
  let bar: cliProgress.SingleBar | null = null;
  return {
    onProgress(p) {
      const payload = {
        dps: p.dpsMean.toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 }),
        err: Number.isFinite(p.relativeError) ? `${p.relativeError.toFixed(3)} %` : "∞",
      };
      if (!bar) {
        if (p.elapsedMs < PROGRESS_DELAY_MS || p.iterations >= p.maxIterations) return;
        bar = new cliProgress.SingleBar(
          { stream, format: "{bar} {percentage}% | {value}/{total} iterations | DPS {dps} | error {err} | ETA {eta_formatted}", hideCursor: true, clearOnComplete: true, etaBuffer: 20 },
          cliProgress.Presets.shades_classic,
        );
        bar.start(p.maxIterations, p.iterations, payload);
      } else bar.update(p.iterations, payload);
    },
    stop() {
      bar?.stop();
      bar = null;
    },
  };
}

export function addSimCommand(program: Command, opts: { isDefault?: boolean } = {}): Command {
  const cmd = program
    .command("sim", { isDefault: opts.isDefault ?? false })
    .description("simulate a fight and print DPS statistics (default: Beast Mastery, 300 s, 1 target)")
    .option("--spec <slug>", "spec (manifest name)", "beast-mastery")
    .option("--duration <s>", "fight length in seconds", durationOpt, 300)
    .option("--targets <n>", "active enemies", intOpt("targets", 1, 20), 1)
    .option("--iterations <n>", "Monte-Carlo iterations", intOpt("iterations", 1, 100_000_000), 10000)
    .option("--seed <n>", "seed base (u64)", seedOpt, 1n)
    .option("--threads <n>", "worker threads (results are identical for any N)", intOpt("threads", 1, 256), 1)
    .option("--talents <list>", "comma-separated talent names (default: the manifest's default set; '' = none)")
    .option("--profile <file>", "character profile JSON (default: <data dir>/profiles/<spec>.json)")
    .option("--data-dir <dir>", "data directory (default: $COMBATSIM_DATA_DIR, ~/.combatsim, or the bundled data)")
    .option("--target-error <pct>", "stop early once the DPS error (95 % confidence, percent of the mean) is <= this; --iterations is then the maximum", targetErrorOpt)
    .option("--json", "print the full result as JSON (dps, histogram, spells, auras, resources, perSecond, timeline, ...)")
    .option("--html <file>", "also write a self-contained HTML report (charts inline, viewable offline)")
    .option("--quiet", "no progress bar")
    .action(async (o: { spec: string; duration: number; targets: number; iterations: number; seed: bigint; threads: number; talents?: string; profile?: string; dataDir?: string; targetError?: number; json?: boolean; html?: string; quiet?: boolean }) => {
      if (o.dataDir !== undefined) await checkDataDir(o.dataDir, "--data-dir");
      const config: SimulateConfig = { spec: o.spec, duration: o.duration, targets: o.targets, iterations: o.iterations, seed: o.seed, threads: o.threads };
      if (o.dataDir !== undefined) config.dataDir = o.dataDir;
      if (o.profile !== undefined) config.profileFile = o.profile;
      if (o.talents !== undefined) config.talents = o.talents.split(",").map((t) => t.trim()).filter(Boolean);
      if (o.targetError !== undefined) config.targetError = o.targetError;
      // analysis options (src/analysis/cli.ts) are checked before any iteration runs
      const plan = await planCliAnalysis(o as AnalysisCliOptions);
      const progress = progressReporter({ quiet: o.quiet ?? false });
      if (progress.onProgress) config.onProgress = progress.onProgress;
      let result;
      try {
        result = await simulate(config);
      } finally {
        progress.stop();
      }
      const analysis: AnalysisReport | null = plan ? await runCliAnalysis(plan, config) : null;
      const full = analysis ? { ...result, analysis } : result;
      if (o.html !== undefined) await writeFile(o.html, renderHtmlReport(full));
      console.log(o.json ? JSON.stringify(full, null, 2) : formatTextReport(result) + (analysis ? `\n\n${formatAnalysisText(analysis)}` : ""));
      if (o.html !== undefined && !o.json && !o.quiet) console.error(`wrote ${o.html}`);
    });
  return addAnalysisOptions(cmd);
}
