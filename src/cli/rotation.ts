// `combatsim rotation check [--spec X | --all] [--rotation <file>] [--json]`: compile each spec's
// rotation (its `.simc` APL when there is one) the way a run does and print lines honoured / total and
// every ignored line with its reason, grouped by category (docs/rotation.md "SimC APL files"). A spec
// with both files is checked on its `.simc` (the APL the spec switches to).
import { Command, CommanderError } from "commander";
import { prepareSimulation } from "../engine/simulate.js";
import { SPEC_CATALOG } from "../generated/catalog.js";
import { formatAbsent, formatIgnored, groupIgnored, rotationSummaryLine, type RotationReport } from "../rotation/index.js";
import { checkDataDir } from "../data/bundle.js";

export interface RotationCheckOptions {
  spec?: string;
  all?: boolean;
  rotation?: string;
  dataDir?: string;
  targets?: number;
  talents?: string;
  json?: boolean;
  strictRotation?: boolean;
}

export interface RotationCheckRow {
  spec: string;
  rotation: RotationReport;
}

/** Compiles the rotation of each requested spec (no iterations) and returns its report. */
export async function rotationCheck(o: RotationCheckOptions): Promise<RotationCheckRow[]> {
  if (o.all && (o.spec !== undefined || o.rotation !== undefined)) throw new CommanderError(2, "combatsim.badOption", "--all checks every implemented spec's own rotation: do not combine it with --spec or --rotation");
  const specs = o.all ? SPEC_CATALOG.filter((s) => s.implemented).map((s) => s.slug) : [o.spec];
  const rows: RotationCheckRow[] = [];
  for (const spec of specs) {
    const prep = await prepareSimulation({
      ...(spec !== undefined ? { spec } : {}),
      ...(o.dataDir !== undefined ? { dataDir: o.dataDir } : {}),
      ...(o.rotation !== undefined ? { rotation: o.rotation } : {}),
      ...(o.targets !== undefined ? { targets: o.targets } : {}),
      ...(o.talents !== undefined ? { talents: o.talents.split(",").map((t) => t.trim()).filter(Boolean) } : {}),
      ...(o.strictRotation ? { strictRotation: true } : {}),
      preferRotation: "simc", // the spec's APL even while its .json is still the run's default
    });
    rows.push({ spec: prep.spec.spec, rotation: prep.rotation });
  }
  return rows;
}

/** Text: a table of honoured / total per spec, then each spec's ignored lines grouped by reason. */
export function formatRotationCheck(rows: readonly RotationCheckRow[]): string {
  const out: string[] = [];
  const w = Math.max(4, ...rows.map((r) => r.spec.length));
  out.push(`${"spec".padEnd(w)}  honoured/total  ignored  file`);
  for (const r of rows) {
    const h = `${r.rotation.honoured}/${r.rotation.lines}`;
    out.push(`${r.spec.padEnd(w)}  ${h.padStart(14)}  ${String(r.rotation.ignoredLines.length).padStart(7)}  ${r.rotation.file}`);
  }
  for (const r of rows) {
    out.push("", `${r.spec}: ${rotationSummaryLine(r.rotation)}${r.rotation.source ? ` — source: ${r.rotation.source}` : ""}`);
    out.push(...formatIgnored(r.rotation), ...formatAbsent(r.rotation));
  }
  return out.join("\n");
}

function intOpt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 20) throw new CommanderError(2, "combatsim.badOption", `--targets must be an integer in [1, 20], got "${v}"`);
  return n;
}

export function addRotationCommand(program: Command): void {
  const rot = program.command("rotation").description("rotation tools");
  rot
    .command("check")
    .description("compile a spec's rotation and list lines honoured / total and every ignored line with its reason")
    .option("--spec <spec>", "spec slug, name or id (default: beast-mastery)")
    .option("--all", "every implemented spec")
    .option("--rotation <file>", "a rotation file (.simc or .json) instead of the spec's own")
    .option("--targets <n>", "active enemies (talent and active_enemies conditions fold with it)", intOpt)
    .option("--talents <list>", "comma-separated talent names (default: the manifest's default set)")
    .option("--data-dir <dir>", "data directory (default: $COMBATSIM_DATA_DIR, ~/.combatsim, or the bundled data)")
    .option("--strict-rotation", "fail on the first line that cannot be honoured")
    .option("--json", "print JSON: [{ spec, rotation: { file, lines, honoured, ignoredLines, groups } }]")
    .action(async (o: RotationCheckOptions) => {
      if (o.dataDir !== undefined) await checkDataDir(o.dataDir, "--data-dir");
      const rows = await rotationCheck(o);
      if (o.json) console.log(JSON.stringify(rows.map((r) => ({ ...r, groups: groupIgnored(r.rotation.ignoredLines).map((g) => ({ category: g.category, lines: g.lines.map((l) => l.line) })) })), null, 2));
      else console.log(formatRotationCheck(rows));
    });
}
