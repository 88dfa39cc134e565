// `combatsim worker --redis redis://host:port`: serve chunk jobs of distributed runs (src/queue/worker.ts)
// on this machine's cores until stopped. SIGINT/SIGTERM stop taking jobs, let running chunks finish
// and exit 0; a worker killed outright loses nothing either — its jobs go back to the queue once
// their lock expires (docs/distributed.md "Faults").
import { Option, type Command } from "commander";
import { checkDataDir } from "../data/bundle.js";
import { DEFAULT_LOCK_MS, DEFAULT_STALLED_INTERVAL_MS, QueueWorker } from "../queue/worker.js";
import { defaultThreads, intOpt, MAX_THREADS } from "./sim-options.js";

interface WorkerCliOptions {
  redis: string;
  threads: number;
  prefetch?: number;
  queue?: string;
  dataDir?: string;
  lockMs: number;
  stalledMs: number;
}

export function addWorkerCommand(program: Command): Command {
  return program
    .command("worker")
    .description("run chunk jobs of `combatsim sim --redis` runs from a Redis queue, on every core of this machine")
    .addOption(new Option("--redis <url>", "the queue's Redis, e.g. redis://127.0.0.1:6379").makeOptionMandatory())
    .addOption(new Option("--threads <n>", "threads running chunks").argParser(intOpt("threads", 1, MAX_THREADS)).default(defaultThreads(), `${defaultThreads()}: the cores available`))
    .addOption(new Option("--prefetch <n>", "jobs held beyond the threads, so a thread's next chunk is already taken while it runs one (default: as many as --threads)").argParser(intOpt("prefetch", 0, 1024)))
    .addOption(new Option("--queue <name>", "queue name (default combatsim-chunks; coordinators use the same)"))
    .addOption(new Option("--data-dir <dir>", "data directory this worker's bundle identity is read from (must match the coordinator's)"))
    .addOption(new Option("--lock-ms <ms>", "job lock; a worker silent this long (killed) has its jobs retried elsewhere").argParser(intOpt("lock-ms", 100, 3_600_000)).default(DEFAULT_LOCK_MS))
    .addOption(new Option("--stalled-ms <ms>", "how often this worker looks for jobs of dead workers").argParser(intOpt("stalled-ms", 100, 3_600_000)).default(DEFAULT_STALLED_INTERVAL_MS))
    .action(async (o: WorkerCliOptions) => {
      if (o.dataDir !== undefined) await checkDataDir(o.dataDir, "--data-dir");
      const worker = await QueueWorker.start({
        url: o.redis,
        threads: o.threads,
        ...(o.prefetch !== undefined ? { prefetch: o.prefetch } : {}),
        lockDurationMs: o.lockMs,
        stalledIntervalMs: o.stalledMs,
        ...(o.queue !== undefined ? { queueName: o.queue } : {}),
        ...(o.dataDir !== undefined ? { dataDir: o.dataDir } : {}),
      });
      await new Promise<void>((resolve) => {
        const stop = (signal: string) => {
          console.error(`combatsim worker: ${signal}: finishing running chunks (${worker.completed} done)`);
          resolve();
        };
        process.once("SIGINT", () => stop("SIGINT"));
        process.once("SIGTERM", () => stop("SIGTERM"));
      });
      await worker.close();
      // BullMQ may keep a lock-renewal timer of a job it could not finish (Redis gone) alive: end here
      process.exit(0);
    });
}
