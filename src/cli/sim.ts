// `combatsim sim`: run simulate() and print a summary (or its JSON result with --json).
// This is the default command (`combatsim` / `npm start` with no arguments): Beast Mastery (or the
// --profile's spec), 300 s, 1 target, 10000 iterations, seed 1, on every available core, on the
// resolved data dir.
import { looksLikeLoadout } from "../talents/build-from-loadout.js";
import { CommanderError, type Command } from "commander";
import { writeFile } from "node:fs/promises";
import { simulate, type SimulateConfig, type SimulateResult } from "../engine/simulate.js";
import { renderHtmlReport } from "../report/html.js";
import { formatTextReport } from "../report/text.js";
import { addAnalysisOptions, planCliAnalysis, runCliAnalysis, type AnalysisCliOptions } from "../analysis/cli.js";
import { formatAnalysisText, type AnalysisReport } from "../analysis/text.js";
import { checkDataDir } from "../data/bundle.js";
import { checkOutputFile } from "./output-file.js";
import { QueueExecutor } from "../queue/executor.js";
import { progressReporter } from "./progress.js";
import { addsFromCli, reactionFromCli, simOptions, type SimCliOptions } from "./sim-options.js";

export { progressReporter, PROGRESS_DELAY_MS } from "./progress.js";

/** The readable summary (kept under its old name for callers of this module). */
export const formatSimResult = formatTextReport;

/** The simulate() config the command line describes. */
export function simConfig(o: SimCliOptions): SimulateConfig {
  const config: SimulateConfig = { duration: o.duration, varyLength: o.varyLength, iterations: o.iterations, seed: o.seed, threads: o.threads };
  if (o.targets !== undefined) config.targets = o.targets;
  if (o.bloodlust === false) config.bloodlust = false;
  if (o.potion === false) config.potion = false;
  if (o.fightStyle !== undefined) config.fightStyle = o.fightStyle;
  const adds = addsFromCli(o as unknown as Record<string, unknown>);
  if (adds !== undefined) config.adds = adds;
  if (o.racials === false) config.racials = false;
  if (o.raidBuffs === true) config.raidBuffs = true;
  if (o.flask !== undefined) config.flask = o.flask;
  if (o.food !== undefined) config.food = o.food;
  if (o.augmentRune !== undefined) config.augmentRune = o.augmentRune;
  const reaction = reactionFromCli(o as unknown as Record<string, unknown>);
  if (reaction === false || Object.keys(reaction).length > 0) config.reaction = reaction;
  if (o.fightLengthMode === "health") config.fightLengthMode = "health";
  if (o.spec !== undefined) config.spec = o.spec;
  if (o.dataDir !== undefined) config.dataDir = o.dataDir;
  if (o.profile !== undefined) config.profileFile = o.profile;
  if (o.input !== undefined) config.inputFile = o.input;
  if (o.rotation !== undefined) config.rotation = o.rotation;
  if (o.strictRotation) config.strictRotation = true;
  // --talents takes names (a,b,c) or the game's loadout export string
  if (o.talents !== undefined) {
    if (looksLikeLoadout(o.talents)) config.loadout = o.talents.trim();
    else config.talents = o.talents.split(",").map((t) => t.trim()).filter(Boolean);
  }
  if (o.targetError !== undefined) config.targetError = o.targetError;
  if (o.queue !== undefined && o.redis === undefined) throw new CommanderError(2, "combatsim.badOption", "--queue names a queue of --redis: give --redis redis://host:port too");
  return config;
}

/** Runs the simulation with a progress bar (stopped however the run ends). */
async function runWithProgress(config: SimulateConfig, quiet: boolean): Promise<SimulateResult> {
  const progress = progressReporter({ quiet });
  if (progress.onProgress) config.onProgress = progress.onProgress;
  try {
    return await simulate(config);
  } finally {
    progress.stop();
  }
}

export function addSimCommand(program: Command, opts: { isDefault?: boolean } = {}): Command {
  const cmd = program
    .command("sim", { isDefault: opts.isDefault ?? false })
    .description("simulate a fight and print DPS statistics (default: Beast Mastery, 300 s, 1 target)");
  for (const option of simOptions()) cmd.addOption(option);
  cmd.action(async (o: SimCliOptions) => {
    // everything that can be refused is checked before any iteration runs
    if (o.dataDir !== undefined) await checkDataDir(o.dataDir, "--data-dir");
    if (o.html !== undefined) await checkOutputFile("--html", o.html);
    const plan = await planCliAnalysis(o as AnalysisCliOptions);
    const config = simConfig(o);
    // --redis: the chunks run on `combatsim worker` processes (docs/distributed.md)
    const queue = o.redis !== undefined ? await QueueExecutor.connect({ url: o.redis, ...(o.queue !== undefined ? { queueName: o.queue } : {}), ...(o.dataDir !== undefined ? { dataDir: o.dataDir } : {}) }) : undefined;
    let result: SimulateResult;
    try {
      if (queue) config.queue = queue;
      result = await runWithProgress(config, o.quiet ?? false);
    } finally {
      await queue?.close();
    }
    const analysis: AnalysisReport | null = plan ? await runCliAnalysis(plan, config) : null;
    const full = analysis ? { ...result, analysis } : result;
    // results first: a file that cannot be written after all (disk full) does not lose them
    console.log(o.json ? JSON.stringify(full, null, 2) : formatTextReport(result) + (analysis ? `\n\n${formatAnalysisText(analysis)}` : ""));
    if (o.html !== undefined) {
      await writeFile(o.html, renderHtmlReport(full));
      console.error(`wrote ${o.html}`);
    }
  });
  return addAnalysisOptions(cmd);
}
