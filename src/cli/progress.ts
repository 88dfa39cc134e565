// The progress bar of `combatsim sim` (stderr), and what an interrupted run leaves on the terminal.
//
// cli-progress hides the cursor and turns line wrapping off while its bar is shown, and turns both back
// on in stop(). Ctrl-C (SIGINT) or SIGTERM would end the process without stop(), leaving the user's
// terminal with no cursor and no line wrap; so while a bar is shown a signal handler stops the bar
// (which restores both) and then exits with the conventional 128 + signal number. The handler is
// installed only while the bar is visible: without a bar nothing needs restoring and the default
// signal behaviour stays. (The inline runner yields to the event loop between chunks, so the handler
// runs promptly on one thread too.)
import cliProgress from "cli-progress";
import type { SimulateProgress } from "../engine/simulate.js";

/** Progress bars start only once a run has lasted this long (short runs stay quiet). */
export const PROGRESS_DELAY_MS = 400;

/** Escape sequences that show the cursor and re-enable line wrapping (DECTCEM, DECAWM). */
export const TERMINAL_RESTORE = "\x1b[?25h\x1b[?7h";

const SIGNAL_EXIT: Readonly<Record<"SIGINT" | "SIGTERM", number>> = { SIGINT: 130, SIGTERM: 143 };

export interface ProgressReporter {
  onProgress?: (p: SimulateProgress) => void;
  stop(): void;
}

export interface ProgressOptions {
  quiet?: boolean;
  stream?: NodeJS.WriteStream;
  /** Called after the terminal is restored on a signal (default: exit with 128 + signal). Tests inject it. */
  onSignal?: (signal: "SIGINT" | "SIGTERM", exitCode: number) => void;
}

/**
 * A progress bar on stderr for long runs: iterations done, DPS so far, error so far, ETA. Off when
 * stderr is not a TTY or when quiet; starts after PROGRESS_DELAY_MS so short runs print nothing.
 */
export function progressReporter(opts: ProgressOptions): ProgressReporter {
  const stream = opts.stream ?? process.stderr;
  if (opts.quiet || !stream.isTTY) return { stop() {} };
  const onSignal = opts.onSignal ?? ((_s, code) => process.exit(code));
  let bar: cliProgress.SingleBar | null = null;

  const handlers = (Object.keys(SIGNAL_EXIT) as ("SIGINT" | "SIGTERM")[]).map((signal) => ({
    signal,
    handler: () => {
      stop();
      stream.write(`${TERMINAL_RESTORE}\ncombatsim: interrupted (${signal})\n`);
      onSignal(signal, SIGNAL_EXIT[signal]);
    },
  }));
  const stop = (): void => {
    for (const h of handlers) process.removeListener(h.signal, h.handler);
    bar?.stop();
    bar = null;
  };

  return {
    onProgress(p) {
      const payload = {
        dps: p.dpsMean.toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 }),
        err: Number.isFinite(p.relativeError) ? `${p.relativeError.toFixed(3)} %` : "∞",
      };
      if (bar) {
        bar.update(p.iterations, payload);
        return;
      }
      if (p.elapsedMs < PROGRESS_DELAY_MS || p.iterations >= p.maxIterations) return;
      for (const h of handlers) process.on(h.signal, h.handler);
      bar = new cliProgress.SingleBar(
        { stream, format: "{bar} {percentage}% | {value}/{total} iterations | DPS {dps} | error {err} | ETA {eta_formatted}", hideCursor: true, clearOnComplete: true, etaBuffer: 20 },
        cliProgress.Presets.shades_classic,
      );
      bar.start(p.maxIterations, p.iterations, payload);
    },
    stop,
  };
}
