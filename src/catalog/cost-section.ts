// The "Engine cost per spec" section of docs/specs/README.md, rendered from the committed
// bench/results/specs.json (`npm run bench:specs`). The figures are measurements, not generated
// values: the generator only lays them out, so `npm run gen -- --check` stays a pure function of the
// committed files. A spec missing from the results file is listed as not measured, never left out.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { CombatsimError } from "../errors.js";

export const SPEC_COST_FILE = "bench/results/specs.json";

interface CostRow {
  slug: string;
  wasmInstructionsPerIteration: number;
  eventsPerIteration: number;
  cpuIterationsPerSecond: number;
}

interface CostFile {
  date: string;
  node: string;
  cpu: string;
  loadavgBefore: number[];
  scenario: { durationS: number; varyLength: number; targets: number; instructionIterations: number };
  specs: CostRow[];
}

function readCost(root: string): CostFile | undefined {
  const file = path.join(root, SPEC_COST_FILE);
  if (!existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new CombatsimError("GEN_FAILED", `${SPEC_COST_FILE}: not JSON (${(e as Error).message}); rerun npm run bench:specs`);
  }
  const f = parsed as Partial<CostFile>;
  if (!Array.isArray(f.specs) || typeof f.date !== "string") throw new CombatsimError("GEN_FAILED", `${SPEC_COST_FILE}: needs "date" and "specs" (written by npm run bench:specs)`);
  for (const [i, r] of f.specs.entries()) {
    for (const k of ["wasmInstructionsPerIteration", "eventsPerIteration", "cpuIterationsPerSecond"] as const) {
      if (typeof r?.[k] !== "number" || !Number.isFinite(r[k])) throw new CombatsimError("GEN_FAILED", `${SPEC_COST_FILE}: specs[${i}].${k} must be a finite number`);
    }
  }
  return f as CostFile;
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");

/** Markdown lines: one row per implemented spec, instructions relative to Beast Mastery's. */
export function specCostSection(root: string, implementedSlugs: string[]): string[] {
  const cost = readCost(root);
  const lines = ["## Engine cost per spec", ""];
  if (!cost) return [...lines, `Not measured yet: run \`npm run bench:specs\` (writes ${SPEC_COST_FILE}), then \`npm run gen\`.`, ""];
  const bySlug = new Map(cost.specs.map((r) => [r.slug, r]));
  const bm = bySlug.get("beast-mastery");
  lines.push(
    `\`npm run bench:specs\` (${SPEC_COST_FILE}, ${cost.date.slice(0, 10)}, node ${cost.node}): each spec's default profile and rotation, ` +
      `${cost.scenario.durationS} s ± ${Math.round(cost.scenario.varyLength * 100)} %, ${cost.scenario.targets} target. x64 instructions per iteration ` +
      `in the wasm engine (valgrind, ${cost.scenario.instructionIterations} iterations: deterministic, the figure engine changes are judged by) and one-core ` +
      `iterations/s in CPU time (load average ${cost.loadavgBefore.map((x) => x.toFixed(1)).join(" ")} at the start: a shared machine, read as a ratio).`,
    "",
    "| spec | instructions / iteration | × BM | events / iteration | iterations / s (one core, CPU time) |",
    "|---|---|---|---|---|",
  );
  for (const slug of implementedSlugs) {
    const r = bySlug.get(slug);
    if (!r) {
      lines.push(`| ${slug} | not measured | | | |`);
      continue;
    }
    const ratio = bm ? (r.wasmInstructionsPerIteration / bm.wasmInstructionsPerIteration).toFixed(2) : "";
    lines.push(`| ${slug} | ${int(r.wasmInstructionsPerIteration)} | ${ratio} | ${r.eventsPerIteration.toFixed(1)} | ${int(r.cpuIterationsPerSecond)} |`);
  }
  lines.push("");
  return lines;
}
