// Where the tests find the full client-table export (the 114 wago.tools CSVs of build 12.0.5.66529)
// that a few tests compare the embedded bundle against: $COMBATSIM_EXPORT_DIR, else ../shared/data/tables
// beside the clone (the development layout). Without it those tests are skipped — never silently: their
// names carry EXPORT_MARKER and the run ends with a note saying how many were skipped and why
// (test/setup/export-reporter.ts; README "Tests").
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

import { EXPORT_DIR_ENV } from "../../src/data/extract.js";

export { EXPORT_DIR_ENV };

export const EXPORT_DIR = process.env[EXPORT_DIR_ENV] || process.env["COMBATSIM_SHARED_TABLES"] || path.resolve(REPO, "../shared/data/tables");

/** The export is there (one of its tables the embedded bundle only holds a slice of). */
export const HAVE_EXPORT = existsSync(path.join(EXPORT_DIR, "SpellCooldowns.csv"));

/** In the name of every test (or describe) that needs the export. */
export const EXPORT_MARKER = "[needs export]";
