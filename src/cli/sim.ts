// `combatsim sim`: run simulate() and print a summary (or its JSON result with --json).
// This is the default command (`combatsim` / `npm start` with no arguments): BM, 300 s, 1 target,
// 10000 iterations, seed 1, on the resolved data dir.
import { Command, CommanderError } from "commander";
import { simulate, type SimulateConfig, type SimulateResult } from "../engine/simulate.js";

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

const fmt = (x: number, d = 0) => x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });

export function formatSimResult(r: SimulateResult): string {
  const lines = [
    `${r.spec}: ${r.durationS} s, ${r.targets} target(s), ${fmt(r.iterations)} iterations, seed ${r.seed}, ${r.threads} thread(s)`,
    `DPS mean ${fmt(r.dps.mean, 1)}  stddev ${fmt(r.dps.stddev, 1)}  min ${fmt(r.dps.min, 1)}  max ${fmt(r.dps.max, 1)}`,
    `pet damage ${(r.damage.total > 0 ? (100 * r.damage.pet) / r.damage.total : 0).toFixed(1)} %   events/iteration ${fmt(r.events.perIteration, 0)}`,
    `${fmt(r.elapsedMs)} ms  (${fmt((r.iterations / r.elapsedMs) * 1000)} iterations/s)`,
    "",
    `${"spell".padEnd(22)}${"casts".padStart(8)}${"dps".padStart(12)}${"share".padStart(9)}${"crit".padStart(8)}`,
  ];
  for (const s of [...r.spells].sort((a, b) => b.damage - a.damage)) {
    lines.push(`${s.name.padEnd(22)}${s.casts.toFixed(1).padStart(8)}${fmt(s.dps, 1).padStart(12)}${(100 * s.share).toFixed(1).padStart(8)}%${(100 * s.critRate).toFixed(1).padStart(7)}%`);
  }
  return lines.join("\n");
}

export function addSimCommand(program: Command, opts: { isDefault?: boolean } = {}): Command {
  return program
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
    .option("--json", "print the simulate() result as JSON")
    .action(async (o: { spec: string; duration: number; targets: number; iterations: number; seed: bigint; threads: number; talents?: string; profile?: string; dataDir?: string; json?: boolean }) => {
      const config: SimulateConfig = { spec: o.spec, duration: o.duration, targets: o.targets, iterations: o.iterations, seed: o.seed, threads: o.threads };
      if (o.dataDir !== undefined) config.dataDir = o.dataDir;
      if (o.profile !== undefined) config.profileFile = o.profile;
      if (o.talents !== undefined) config.talents = o.talents.split(",").map((t) => t.trim()).filter(Boolean);
      const result = await simulate(config);
      console.log(o.json ? JSON.stringify(result, null, 2) : formatSimResult(result));
    });
}
