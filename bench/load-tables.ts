// Load benchmark for the CSV data bundle: all real tables (~36 MB) through loadDataBundle.
//
//   npm run bench:load [-- --tables <dir>] [-- --runs 5] [-- --no-write]
//
// Default tables dir: ../shared/data/tables beside the repository (else /work/shared/data/tables).
// The bundle is loaded from a temp data dir whose data/tables is a symlink to the tables dir, so
// the measured path is exactly the library's (directory listing, concurrent reads, parse, freeze).
// Reports the median of N runs (default 5) of the default load (rows frozen), MB/s, row count,
// the per-row freeze cost (a separate freeze pass over an unfrozen load), and the 5 slowest
// tables (median per-table read+parse time from a sequential pass).
// Writes bench/results/load-tables.json.
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildTable, FREEZE_ROWS_DEFAULT, loadDataBundleWith } from "../src/data/bundle.js";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function defaultTablesDir(): string {
  const beside = path.resolve(REPO, "../shared/data/tables");
  try {
    if (statSync(beside).isDirectory()) return beside;
  } catch {
    // fall through
  }
  return "/work/shared/data/tables";
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  const tablesDir = path.resolve(arg("--tables") ?? defaultTablesDir());
  const runs = Number(arg("--runs") ?? 5);
  const files = readdirSync(tablesDir).filter((f) => f.endsWith(".csv"));
  const bytes = files.reduce((s, f) => s + statSync(path.join(tablesDir, f)).size, 0);

  const tmp = mkdtempSync(path.join(os.tmpdir(), "combatsim-bench-"));
  try {
    mkdirSync(path.join(tmp, "data"));
    symlinkSync(tablesDir, path.join(tmp, "data", "tables"));

    // Whole-bundle loads with the default settings (rows frozen), interleaved with unfrozen loads
    // followed by a separate freeze pass over every row: the freeze pass alone is the cost of
    // per-row freezing, measured directly rather than as the difference of two noisy medians.
    const frozenMs: number[] = [];
    const plainMs: number[] = [];
    const freezePassMs: number[] = [];
    let rows = 0;
    let tableCount = 0;
    let nonEmpty = 0;
    for (let i = 0; i < runs; i++) {
      let t0 = performance.now();
      const bundle = await loadDataBundleWith(tmp, {});
      frozenMs.push(performance.now() - t0);
      const names = bundle.tableNames();
      tableCount = names.length;
      rows = names.reduce((s, n) => s + bundle.table(n).size, 0);
      nonEmpty = names.filter((n) => bundle.table(n).size > 0).length;

      t0 = performance.now();
      const plain = await loadDataBundleWith(tmp, { freezeRows: false });
      plainMs.push(performance.now() - t0);
      t0 = performance.now();
      for (const n of plain.tableNames()) for (const r of plain.table(n).rows) Object.freeze(r);
      freezePassMs.push(performance.now() - t0);
    }

    // Per-table times: sequential read + parse + freeze of each file, median over the runs.
    const perTable = new Map<string, number[]>();
    for (let i = 0; i < runs; i++) {
      for (const f of files) {
        const file = path.join(tablesDir, f);
        const t0 = performance.now();
        buildTable(f.slice(0, -4), readFileSync(file, "utf8"), file, false, true);
        const ms = performance.now() - t0;
        const list = perTable.get(f) ?? [];
        list.push(ms);
        perTable.set(f, list);
      }
    }
    const slowest = [...perTable]
      .map(([f, ms]) => ({ table: f.slice(0, -4), ms: round(median(ms)), bytes: statSync(path.join(tablesDir, f)).size }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5);

    const totalMs = median(frozenMs);
    const plainTotal = median(plainMs);
    const result = {
      benchmark: "load-tables",
      date: new Date().toISOString(),
      node: process.version,
      cpu: os.cpus()[0]?.model ?? "unknown",
      cpus: os.cpus().length,
      // other processes share this machine; a high load average explains slow, noisy runs
      loadAvg1mAtEnd: round(os.loadavg()[0]!),
      tablesDir,
      files: files.length,
      tablesInBundle: tableCount,
      nonEmptyTables: nonEmpty,
      bytes,
      rows,
      runs,
      totalMs: round(totalMs),
      mbPerSec: round(bytes / 1e6 / (totalMs / 1000)),
      runsMs: frozenMs.map(round),
      rowFreeze: {
        frozenMedianMs: round(totalMs),
        unfrozenMedianMs: round(plainTotal),
        freezePassMedianMs: round(median(freezePassMs)),
        overheadPct: round((median(freezePassMs) / plainTotal) * 100),
        unfrozenRunsMs: plainMs.map(round),
        freezePassRunsMs: freezePassMs.map(round),
        // The rule (task brief): freeze each row unless that costs more than 20% of load time.
        freezeRowsDefault: FREEZE_ROWS_DEFAULT,
        withinBudget: median(freezePassMs) / plainTotal <= 0.2,
      },
      slowestTables: slowest,
    };

    console.log(`load-tables: ${files.length} CSV files, ${(bytes / 1e6).toFixed(1)} MB, ${rows} rows (${runs} runs)`);
    console.table({
      "total (median, rows frozen)": { ms: result.totalMs, "MB/s": result.mbPerSec },
      "total (median, rows not frozen)": { ms: round(plainTotal), "MB/s": round(bytes / 1e6 / (plainTotal / 1000)) },
    });
    console.log(
      `row freeze overhead: ${result.rowFreeze.overheadPct}% (limit 20%; rows frozen by default: ${FREEZE_ROWS_DEFAULT})`,
    );
    console.log("slowest tables (median read+parse, sequential):");
    console.table(slowest);
    if (!process.argv.includes("--no-write")) {
      const out = path.join(REPO, "bench/results/load-tables.json");
      writeFileSync(out, JSON.stringify(result, null, 2) + "\n");
      console.log(`wrote ${path.relative(process.cwd(), out)}`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
