// The progress bar of `combatsim sim` and Ctrl-C: an interrupted run must give the terminal back its
// cursor and line wrapping (cli-progress hides the one and turns off the other while the bar is shown).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { progressReporter, TERMINAL_RESTORE } from "../src/cli/progress.js";
import type { SimulateProgress } from "../src/engine/simulate.js";

const HIDE_CURSOR = "\x1b[?25l";
const WRAP_OFF = "\x1b[?7l";
const SHOW_CURSOR = "\x1b[?25h";
const WRAP_ON = "\x1b[?7h";

/** A fake terminal: a TTY-flagged stream recording everything written. */
function fakeTty(): NodeJS.WriteStream & { text: () => string } {
  const chunks: string[] = [];
  const w = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(String(chunk));
      cb();
    },
  }) as unknown as NodeJS.WriteStream & { text: () => string };
  Object.assign(w, { isTTY: true, columns: 100, text: () => chunks.join("") });
  return w;
}

const progress = (iterations: number, elapsedMs: number): SimulateProgress => ({ iterations, maxIterations: 10_000, chunks: iterations / 500, totalChunks: 20, dpsMean: 1000, relativeError: 0.5, elapsedMs });

describe("progressReporter", () => {
  it("on SIGINT while the bar is shown: shows the cursor, turns line wrap back on and exits 130", () => {
    const stream = fakeTty();
    const signals: [string, number][] = [];
    const before = process.listenerCount("SIGINT");
    const rep = progressReporter({ stream, onSignal: (s, code) => signals.push([s, code]) });
    rep.onProgress!(progress(500, 100)); // before PROGRESS_DELAY_MS: no bar, no handler
    expect(stream.text()).toBe("");
    expect(process.listenerCount("SIGINT")).toBe(before);
    rep.onProgress!(progress(1000, 600));
    expect(stream.text()).toContain(HIDE_CURSOR);
    expect(stream.text()).toContain(WRAP_OFF);
    expect(process.listenerCount("SIGINT")).toBe(before + 1);
    const shown = stream.text().length;
    process.emit("SIGINT", "SIGINT");
    const after = stream.text().slice(shown);
    expect(after).toContain(SHOW_CURSOR);
    expect(after).toContain(WRAP_ON);
    expect(after.endsWith(`${TERMINAL_RESTORE}\ncombatsim: interrupted (SIGINT)\n`)).toBe(true);
    expect(signals).toEqual([["SIGINT", 130]]);
    expect(process.listenerCount("SIGINT")).toBe(before); // handler gone with the bar
  });

  it("stop() removes the signal handlers (the default Ctrl-C behaviour is back after the run)", () => {
    const before = [process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")];
    const rep = progressReporter({ stream: fakeTty(), onSignal: () => {} });
    rep.onProgress!(progress(1000, 600));
    expect([process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")]).toEqual([before[0]! + 1, before[1]! + 1]);
    rep.stop();
    expect([process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")]).toEqual(before);
  });
});

const HAVE_SCRIPT = spawnSync("script", ["--version"]).status === 0;

/** Runs a long `combatsim sim` in a pseudo-terminal (util-linux `script`), types Ctrl-C once the bar shows. */
function interruptInPty(threads: number): Promise<{ code: number | null; out: string }> {
  const repoRoot = path.resolve(__dirname, "..");
  const p = spawn("script", ["-qfec", `${process.execPath} --import tsx src/cli/main.ts sim --iterations 100000000 --threads ${threads}`, "/dev/null"], {
    cwd: repoRoot,
    env: { ...process.env, COMBATSIM_DATA_DIR: path.join(repoRoot, "data") },
  });
  let out = "";
  let typed = false;
  return new Promise((resolve) => {
    const killer = setTimeout(() => p.kill("SIGKILL"), 40_000);
    p.stdout.on("data", (d: Buffer) => {
      out += d.toString("latin1");
      if (!typed && out.includes(HIDE_CURSOR)) {
        typed = true;
        setTimeout(() => p.stdin.write("\x03"), 200); // Ctrl-C through the terminal: SIGINT to the foreground job
      }
    });
    p.on("exit", (code) => {
      clearTimeout(killer);
      resolve({ code, out });
    });
  });
}

describe.skipIf(!HAVE_SCRIPT)("Ctrl-C in a real terminal (pseudo-terminal via util-linux `script`)", () => {
  it.each([[1], [2]])("threads %i: the run stops within seconds with the cursor shown and line wrap on", async (threads) => {
    const { code, out } = await interruptInPty(threads);
    expect(code).toBe(130);
    const tail = out.slice(out.lastIndexOf(HIDE_CURSOR));
    expect(tail).toContain(SHOW_CURSOR);
    expect(tail).toContain(WRAP_ON);
    expect(tail).toContain("combatsim: interrupted (SIGINT)");
  }, 60_000);
});
