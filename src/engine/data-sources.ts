// How much of a run rests on which data: every value the spec resolved (manifest resolution's
// provenance), counted by origin. Reported in every output (text, JSON, HTML) so a reader sees how
// much of a result comes from the client's tables, from the spell dump of an earlier build, from
// labelled fixtures, and from the manifest's `estimated` values.
import type { Provenance } from "../manifest/resolve.js";

export interface DataSourcesSummary {
  /** Values the spec resolved (numbers in the compiled image that come from data or the manifest). */
  values: number;
  /** From client table exports (12.0.5.66529). */
  export: number;
  /** From tables generated from SimulationCraft's spell-data dump (build in `dumpBuild`). */
  dump: number;
  /** From labelled fixture tables (data/FIXTURES.md). */
  fixture: number;
  /** Stated by the manifest with an `estimated` source note. */
  estimated: number;
  dumpBuild: string | null;
}

export function summarizeDataSources(provenance: readonly Provenance[], dumpBuild: string | null): DataSourcesSummary {
  const out: DataSourcesSummary = { values: provenance.length, export: 0, dump: 0, fixture: 0, estimated: 0, dumpBuild };
  for (const p of provenance) {
    if (p.origin === "manifest") out.estimated++;
    else out[p.origin]++;
  }
  return out;
}

/** "312 values: 180 client tables (57.7 %), 110 spell dump 12.0.0.64228 (35.3 %), 0 fixtures, 22 estimated (7.1 %)". */
export function formatDataSources(d: DataSourcesSummary): string {
  const share = (n: number) => (d.values > 0 ? ` (${((100 * n) / d.values).toFixed(1)} %)` : "");
  return (
    `${d.values} values: ${d.export} client tables${share(d.export)}, ${d.dump} spell dump${d.dumpBuild ? ` ${d.dumpBuild}` : ""}${share(d.dump)}, ` +
    `${d.fixture} fixtures${share(d.fixture)}, ${d.estimated} estimated${share(d.estimated)}`
  );
}
