// Load benchmark of the game-data API: `combatsim serve` runs in a child process on 127.0.0.1 and
// autocannon drives it from this (second) process, a fixed time per endpoint.
//
//   npm run bench:api [-- --duration 5] [-- --connections 50] [-- --no-write]
//
// Endpoints: GET /classes; GET /items with 50 ids = the 9 bundled item ids + 41 ids that match no
// item (unknown ids cost a lookup and are omitted); GET a large icon (resized once, then served
// from the memory cache); and two error answers, which must cost no more than successes: a
// malformed id list (`ids=1,,2`, 400 BAD_IDS) and an unknown route (404 NOT_FOUND).
// Every endpoint must finish with zero errors and timeouts and only its expected status (exit 1
// otherwise). Besides req/s (which moves with whatever else runs on the machine) each row gives
// the server's CPU time per request (Linux: /proc/<pid>/stat), the steadier number to compare.
// Goal: >= 10,000 req/s for /classes. Writes bench/results/api.json.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUNDLED_ITEM_IDS = [34334, 212454, 219308, 225654, 231265, 249986, 249987, 249988, 249989];
const CLASSES_GOAL_RPS = 10_000;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} needs a positive number, got ${process.argv[i + 1]}`);
  return v;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
  statusCodeStats?: Record<string, { count: number }>;
}
type Autocannon = (opts: { url: string; connections: number; duration: number; pipelining: number }) => Promise<AutocannonResult>;

let clockTicks: number | undefined;
/** User + system CPU seconds of a process so far (Linux /proc), or undefined elsewhere. */
function cpuSeconds(pid: number): number | undefined {
  try {
    // fields after the ")" that ends the command name: state is field 3, utime 14, stime 15
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return undefined;
  }
}

/** Start `combatsim serve --port 0` and read the bound URL from its first stdout line. */
function startServer(): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "serve", "--port", "0", "--host", "127.0.0.1"], {
    cwd: REPO,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`combatsim serve did not start in 30 s; output: ${out}`)), 30_000);
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (d: string) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, origin: m[1]! });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`combatsim serve exited with ${code}; output: ${out}`));
    });
  });
}

async function main(): Promise<void> {
  const duration = arg("--duration", 5);
  const connections = arg("--connections", 50);
  const autocannon = ((await import("autocannon" as string)) as { default: Autocannon }).default;
  const unknown = Array.from({ length: 50 - BUNDLED_ITEM_IDS.length }, (_, i) => 900_000_001 + i);
  const ids = [...BUNDLED_ITEM_IDS, ...unknown];
  const endpoints = [
    { name: "classes", path: "/functions/v1/game-data/classes", status: 200 },
    { name: "items50", path: `/functions/v1/game-data/items?ids=${ids.join(",")}`, status: 200 },
    { name: "icon", path: "/functions/v1/icons/large/classicon_hunter.jpg", status: 200 },
    { name: "badIds", path: "/functions/v1/game-data/items?ids=1,,2", status: 400 },
    { name: "notFound", path: "/functions/v1/game-data/nope", status: 404 },
  ];

  const { child, origin } = await startServer();
  const results: Record<string, unknown>[] = [];
  let failed = false;
  try {
    for (const ep of endpoints) {
      const url = `${origin}${ep.path}`;
      // warm-up: builds the cached representation / resized icon and checks the answer's status
      const warm = await fetch(url);
      if (warm.status !== ep.status) throw new Error(`${ep.name}: warm-up GET answered ${warm.status}, expected ${ep.status}`);
      const bytes = (await warm.arrayBuffer()).byteLength;
      const cpuBefore = cpuSeconds(child.pid!);
      const r = await autocannon({ url, connections, duration, pipelining: 1 });
      const cpuAfter = cpuSeconds(child.pid!);
      const serverCpuUsPerRequest =
        cpuBefore === undefined || cpuAfter === undefined ? null : +(((cpuAfter - cpuBefore) / r.requests.total) * 1e6).toFixed(1);
      const statuses = Object.keys(r.statusCodeStats ?? {}).map(Number);
      const unexpected = r.requests.total - (r.statusCodeStats?.[String(ep.status)]?.count ?? 0);
      const row = {
        endpoint: ep.name,
        path: ep.path.length > 120 ? `${ep.path.slice(0, 117)}...` : ep.path,
        status: ep.status,
        bodyBytes: bytes,
        reqPerSec: Math.round(r.requests.average),
        serverCpuUsPerRequest,
        totalRequests: r.requests.total,
        latencyMs: { p50: r.latency.p50, p99: r.latency.p99, avg: r.latency.average, max: r.latency.max },
        throughputMBps: +(r.throughput.average / 1e6).toFixed(2),
        errors: r.errors,
        timeouts: r.timeouts,
        unexpectedStatus: unexpected,
      };
      results.push(row);
      if (r.errors || r.timeouts || unexpected) failed = true;
      console.log(
        `${ep.name.padEnd(8)} ${String(row.reqPerSec).padStart(7)} req/s  ` +
          `${serverCpuUsPerRequest === null ? "" : `${serverCpuUsPerRequest} us server CPU/req  `}p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ` +
          `(${ep.status}, ${bytes} B body, ${r.requests.total} requests, errors ${r.errors}, timeouts ${r.timeouts}, ` +
          `other statuses ${unexpected}${unexpected ? ` [${statuses.join(",")}]` : ""})`,
      );
    }
  } finally {
    child.kill("SIGTERM");
  }
  const classes = results.find((r) => r.endpoint === "classes") as { reqPerSec: number } | undefined;
  const goalMet = (classes?.reqPerSec ?? 0) >= CLASSES_GOAL_RPS;
  console.log(`/classes goal >= ${CLASSES_GOAL_RPS} req/s: ${goalMet ? "met" : "NOT met"}`);
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    loadavg: os.loadavg().map((v) => +v.toFixed(2)),
    setup: { server: "combatsim serve (child process, @hono/node-server) on 127.0.0.1", client: "autocannon in the bench process", connections, pipelining: 1, durationSec: duration },
    itemIds: ids,
    results,
    classesGoalReqPerSec: CLASSES_GOAL_RPS,
    classesGoalMet: goalMet,
  };
  if (!process.argv.includes("--no-write")) {
    const dir = path.join(REPO, "bench/results");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "api.json"), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`wrote bench/results/api.json`);
  }
  if (failed) {
    console.error("bench:api: errors, timeouts or unexpected statuses (see above)");
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(`bench:api: ${(err as Error).message}`);
  process.exitCode = 1;
});
