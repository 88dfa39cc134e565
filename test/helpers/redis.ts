// Real redis-server and `combatsim worker` processes for the distributed-run tests: each started on a
// free loopback port / as a child process, each stopped by its PID, none left behind (stopAll).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

const children = new Set<ChildProcess>();

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));
}

/** Kills one child by its PID and waits for its exit. */
export async function stop(child: ChildProcess, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) process.kill(child.pid, signal);
  await exited(child);
  children.delete(child);
}

/** Stops every child these helpers started (afterAll). */
export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((c) => stop(c)));
}

/** Resolves once `child`'s output has a line matching `pattern`; rejects if it exits or `ms` pass first. */
function waitFor(child: ChildProcess, pattern: RegExp, ms: number, what: string): Promise<void> {
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: not ready within ${ms} ms; output: ${out}`)), ms);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (pattern.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("error", (e) => {
      clearTimeout(timer);
      reject(new Error(`${what} could not start (${e.message}); redis-server comes from Debian's redis-server package (.ci/run installs it)`));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) before it was ready; output: ${out}`));
    });
  });
}

export interface RedisServer {
  url: string;
  port: number;
  child: ChildProcess;
}

/** redis-server on a free loopback port, no persistence. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  await waitFor(child, /Ready to accept connections/, 10_000, "redis-server");
  return { url: `redis://127.0.0.1:${port}`, port, child };
}

/** `combatsim worker --redis url` as a child process (from source, under tsx), once it has connected. */
export async function startWorker(url: string, args: string[] = []): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "src/cli/main.ts"), "worker", "--redis", url, "--threads", "1", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  await waitFor(child, /combatsim worker \S+: \d+ thread/, 60_000, "combatsim worker");
  return child;
}
