// Vitest reporter (next to the default one, vitest.config.ts): when tests that need the full
// client-table export were skipped (their names carry EXPORT_MARKER; test/helpers/export-dir.ts), the
// run ends with a note saying how many, why, and how to run them — a fresh clone never loses them
// silently.
import type { Reporter, TestModule, Vitest } from "vitest/node";
import { EXPORT_DIR, EXPORT_DIR_ENV, EXPORT_MARKER, HAVE_EXPORT } from "../helpers/export-dir.js";

/** The note for `skipped` export tests (empty when none were skipped). */
export function exportNotice(skipped: number): string {
  if (skipped === 0) return "";
  return (
    `note: ${skipped} test${skipped === 1 ? "" : "s"} ${EXPORT_MARKER} skipped: they compare the embedded bundle with the full client-table export ` +
    `(the 114 wago.tools CSVs of build 12.0.5.66529), ${HAVE_EXPORT ? "found" : "not found"} at ${EXPORT_DIR}. ` +
    `Set ${EXPORT_DIR_ENV}=<folder of the CSVs> to run them (README "Tests").`
  );
}

export default class ExportReporter implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let skipped = 0;
    for (const m of modules) for (const t of m.children.allTests("skipped")) if (t.fullName.includes(EXPORT_MARKER)) skipped++;
    const note = exportNotice(skipped);
    if (note) (this.vitest?.logger ?? console).log(`\n${note}\n`);
  }
}
