#!/usr/bin/env node
// combatsim command line. `combatsim` alone runs the main job on the resolved data dir.
import { Command, CommanderError } from "commander";
import { existsSync } from "node:fs";
import path from "node:path";
import { bundledDataDir, checkDataDir, loadDataBundle } from "../data/bundle.js";
import { EXPORT_DIR_ENV, extractBundle, resolveExportDir } from "../data/extract.js";
import { importSpellDump } from "../data/spell-dump/import.js";
import { formatSummary, summarizeBundle } from "../data/summary.js";
import { addRotationCommand } from "./rotation.js";
import { addServeCommand } from "./serve.js";
import { addSimCommand } from "./sim.js";
import { addSpecsCommand } from "./specs.js";
import { addWorkerCommand } from "./worker.js";
import { VERSION } from "../index.js";

function parseIntList(value: string, previous: number[] = []): number[] {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new CommanderError(2, "combatsim.badInt", `not a positive integer id: ${value}`);
  return [...previous, n];
}

export function buildProgram(): Command {
  const program = new Command("combatsim")
    .version(VERSION)
    .description("World of Warcraft combat simulator (0.1.0, work in progress)");

  program
    .command("info")
    .description("load the data bundle and summarize it (tables, classes, specs)")
    .option("--data-dir <dir>", "data directory (default: $COMBATSIM_DATA_DIR, ~/.combatsim, or the bundled data)")
    .option("--json", "print JSON")
    .action(async (opts: { dataDir?: string; json?: boolean }) => {
      // The loader treats a missing dir as empty tables (spec); on the command line that is almost always a typo:
      // a named dir that does not exist is an error, an existing one without tables a warning.
      await checkDataDir(opts.dataDir, opts.dataDir !== undefined ? "--data-dir" : undefined);
      if (opts.dataDir && !existsSync(path.join(opts.dataDir, "data", "tables"))) {
        console.error(`combatsim: warning: ${path.resolve(opts.dataDir)} has no data/tables folder; every table will be empty`);
      }
      const started = performance.now();
      const bundle = await loadDataBundle(opts.dataDir);
      const summary = summarizeBundle(bundle);
      const ms = Math.round(performance.now() - started);
      if (opts.json) console.log(JSON.stringify({ ...summary, loadMs: ms }, null, 2));
      else console.log(`combatsim ${VERSION}\n${formatSummary(summary)}\nloaded in ${ms} ms`);
    });

  const data = program.command("data").description("data bundle tools");
  data
    .command("extract")
    .description("build the slim embedded bundle from a full wago.tools table export")
    .option("--from <dir>", `export folder of <Table>.csv (or a data dir with data/tables); default: $${EXPORT_DIR_ENV}`)
    .option("--to <dir>", "target data dir (default: the package's own data/)")
    .option("--spec <id>", "spec id to include (repeatable; default: the implemented specs)", parseIntList)
    .option("--check", "compare with the target instead of writing; exit 1 on drift")
    .action(async (opts: { from?: string; to?: string; spec?: number[]; check?: boolean }) => {
      const result = await extractBundle({
        from: path.resolve(resolveExportDir(opts.from)),
        to: path.resolve(opts.to ?? bundledDataDir()),
        ...(opts.spec ? { specs: opts.spec } : {}),
        check: Boolean(opts.check),
      });
      const rows = result.tables.reduce((n, t) => n + t.rows, 0);
      console.log(
        `${opts.check ? "checked" : "wrote"} ${result.tables.length} tables, ${rows} rows, ${result.spellIds} spells ` +
          `(specs ${result.specs.join(",")}); kept from target: ${result.keptFromTarget.join(", ") || "none"}`,
      );
      if (opts.check && result.drift.length) {
        console.error(`drift (re-run without --check to regenerate):\n  ${result.drift.join("\n  ")}`);
        process.exitCode = 1;
      }
    });
  data
    .command("import-spell-dump")
    .description("regenerate SpellName/Spell/SpellMisc/SpellEffect from the spell-dump blocks under <dir>/sources/")
    .option("--dir <dir>", "data dir holding sources/ and data/tables/", "data")
    .option("--check", "compare with the committed tables instead of writing; exit 1 on drift")
    .action(async (opts: { dir: string; check?: boolean }) => {
      const result = await importSpellDump(path.resolve(opts.dir), { check: Boolean(opts.check) });
      console.log(`${opts.check ? "checked" : "wrote"} ${Object.keys(result.files).length} files from ${result.spells} spell-dump blocks`);
      if (opts.check && result.drift.length) {
        console.error(`drift (re-run without --check to regenerate):\n  ${result.drift.join("\n  ")}`);
        process.exitCode = 1;
      }
    });
  addServeCommand(program);
  addRotationCommand(program);
  addSpecsCommand(program);
  addWorkerCommand(program);
  addSimCommand(program, { isDefault: true });
  return program;
}

buildProgram()
  .parseAsync(process.argv)
  .catch((err: unknown) => {
    const e = err as { code?: string; message?: string };
    console.error(`combatsim: ${e.code ? `[${e.code}] ` : ""}${e.message ?? String(err)}`);
    process.exitCode = 1;
  });
