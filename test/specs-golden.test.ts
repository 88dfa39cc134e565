// Golden regression files per implemented spec: a small fixed-seed run's DPS, casts per spell and
// aura uptimes, stored in test/golden/<slug>.json and compared with a tight tolerance (the engine is
// deterministic: same config, data and seed give the same bytes, so any drift is a behaviour change).
// Regenerate after an intended change: `npm run test:update` (sets COMBATSIM_UPDATE_GOLDEN=1).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SPEC_CATALOG } from "../src/generated/catalog.js";
import { simulate, type SimulateResult } from "../src/engine/simulate.js";

const DATA = path.resolve(__dirname, "../data");
const GOLDEN = path.resolve(__dirname, "golden");
const UPDATE = process.env["COMBATSIM_UPDATE_GOLDEN"] === "1";
/** Relative tolerance: far below run-to-run noise of any real change, above float formatting. */
const REL_TOL = 1e-9;
const RUN = { duration: 120, targets: 1, iterations: 60, seed: 20261121, chunkSize: 30 } as const;

interface Golden {
  spec: string;
  config: typeof RUN;
  dps: { mean: number; min: number; max: number; stddev: number };
  eventsPerIteration: number;
  /** name → casts per iteration. */
  casts: Record<string, number>;
  /** name → damage per iteration. */
  damage: Record<string, number>;
  /** name → uptime (0..1), when the result reports auras. */
  auraUptime?: Record<string, number>;
}

function goldenOf(spec: string, r: SimulateResult): Golden {
  const byName = (f: (s: SimulateResult["spells"][number]) => number) =>
    Object.fromEntries([...r.spells].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((s) => [s.name, f(s)]));
  const g: Golden = {
    spec,
    config: RUN,
    dps: { mean: r.dps.mean, min: r.dps.min, max: r.dps.max, stddev: r.dps.stddev },
    eventsPerIteration: r.events.perIteration,
    casts: byName((s) => s.casts),
    damage: byName((s) => s.damage),
  };
  const auras = (r as { auras?: { name: string; uptime: number }[] }).auras;
  if (Array.isArray(auras)) g.auraUptime = Object.fromEntries([...auras].sort((a, b) => (a.name < b.name ? -1 : 1)).map((a) => [a.name, a.uptime]));
  return g;
}

/** Deep compare with relative tolerance on numbers; returns the paths that differ. */
function diff(a: unknown, b: unknown, p = ""): string[] {
  if (typeof a === "number" && typeof b === "number") {
    return Math.abs(a - b) <= REL_TOL * Math.max(1, Math.abs(a), Math.abs(b)) ? [] : [`${p}: golden ${a}, now ${b}`];
  }
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => diff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], p ? `${p}.${k}` : k));
  }
  return a === b ? [] : [`${p}: golden ${JSON.stringify(a)}, now ${JSON.stringify(b)}`];
}

const implemented = SPEC_CATALOG.filter((s) => s.implemented);

describe("golden runs", () => {
  it("there is a golden file for every implemented spec and none for others", () => {
    const files = implemented.map((s) => `${s.slug}.json`);
    for (const f of files) expect(existsSync(path.join(GOLDEN, f)) || UPDATE, `${f} missing: run npm run test:update`).toBe(true);
  });

  for (const spec of implemented) {
    it(`${spec.slug}: ${RUN.iterations} iterations × ${RUN.duration} s, seed ${RUN.seed} match test/golden/${spec.slug}.json`, async () => {
      const r = await simulate({ ...RUN, spec: spec.slug, dataDir: DATA });
      const now = goldenOf(spec.slug, r);
      const file = path.join(GOLDEN, `${spec.slug}.json`);
      if (UPDATE) {
        mkdirSync(GOLDEN, { recursive: true });
        writeFileSync(file, `${JSON.stringify(now, null, 2)}\n`);
        return;
      }
      const golden = JSON.parse(readFileSync(file, "utf8")) as Golden;
      const d = diff(golden, now);
      expect(d, `${spec.slug} drifted from its golden file (intended? run npm run test:update):\n${d.slice(0, 20).join("\n")}`).toEqual([]);
      // sanity: the golden itself describes a fight that happened
      expect(golden.dps.mean).toBeGreaterThan(0);
      expect(Object.values(golden.casts).some((c) => c > 0)).toBe(true);
    }, 60_000);
  }

  it("the comparison catches a drift beyond the tolerance and accepts one within it", () => {
    const g = { dps: { mean: 50000 }, casts: { a: 10 } };
    expect(diff(g, { dps: { mean: 50000 * (1 + 1e-12) }, casts: { a: 10 } })).toEqual([]);
    expect(diff(g, { dps: { mean: 50000 * (1 + 1e-6) }, casts: { a: 10 } })).toHaveLength(1);
    expect(diff(g, { dps: { mean: 50000 }, casts: { a: 10, b: 1 } })).toEqual(["casts.b: golden undefined, now 1"]);
  });
});
