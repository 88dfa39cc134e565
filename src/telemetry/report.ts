// ChunkReport: the per-chunk telemetry record, its protobuf encoding and its merge.
//
// In memory a report holds unscaled values (DPS, damage, resource amounts as the engine produced
// them). On the wire (proto/chunk_report.proto) DPS and damage are x10, resources x100, rounded
// half away from zero (spec "Encoded result"); the DPS histogram travels as HdrHistogram V2
// compressed bytes in `telemetry_bytes`. Workers send encoded bytes and the host always decodes
// before merging, so an inline run and a pooled run take exactly the same arithmetic path.
import type Long from "long";
import { combatsim } from "./generated/chunk_report.js";
import { DpsStats } from "./dps-stats.js";
import { TelemetryError } from "./errors.js";
import { decodeHistogramV2, encodeHistogramV2, newDpsHistogram, type Histogram } from "./histogram.js";

const PB = combatsim.telemetry;

/** Wire format version written into every report; decoders reject any other. */
export const TELEMETRY_FORMAT_VERSION = 1;
/** Spec "Limits": telemetry DPS and damage scale, resource scale. */
export const DPS_SCALE = 10;
export const DAMAGE_SCALE = 10;
export const RESOURCE_SCALE = 100;

export interface SpellAggregate {
  /** Workload-defined spell key (the engine: index in the compiled image). */
  spellId: number;
  casts: number;
  /** All hits, ticks and pet hits included. */
  hits: number;
  crits: number;
  damage: number;
  /** Periodic hits (part of hits). */
  ticks: number;
  /** Pet share of damage and hits. */
  petDamage: number;
  petHits: number;
}
export interface AuraAggregate {
  auraId: number;
  /** Down -> up transitions. */
  applications: number;
  uptimeMs: number;
  /** Re-applications while up. */
  refreshes: number;
  /** Sum of stacks x ms while up. */
  stackMs: number;
}
export interface ResourceSourceAggregate {
  /** Workload-defined source key (the engine: see src/engine/simulate-telemetry.ts resourceSource). */
  source: number;
  gained: number;
  wasted: number;
  spent: number;
}
export interface ResourceAggregate {
  resourceId: number;
  /** Effective gain (after waste). */
  gained: number;
  wasted: number;
  spent: number;
  /** The same flows split by source (ascending source). */
  sources: ResourceSourceAggregate[];
}
export interface ProcAggregate {
  /** 0 impact proc, 1 RPPM tracker. */
  kind: number;
  index: number;
  count: number;
}

/** Runner input forms: the newer breakdowns are optional (absent = 0 / none). */
export type SpellAggregateInput = Omit<SpellAggregate, "ticks" | "petDamage" | "petHits"> & Partial<Pick<SpellAggregate, "ticks" | "petDamage" | "petHits">>;
export type AuraAggregateInput = Omit<AuraAggregate, "refreshes" | "stackMs"> & Partial<Pick<AuraAggregate, "refreshes" | "stackMs">>;
export type ResourceAggregateInput = Omit<ResourceAggregate, "sources"> & { sources?: readonly ResourceSourceAggregate[] };

/** What a chunk runner produces for one chunk: raw, unscaled, summed over the chunk's iterations. */
export interface ChunkResult {
  iterations: number;
  events: number;
  /** Per-iteration DPS in iteration order (length = iterations); feeds the stats, histogram and representative choice. */
  iterationDps: Float64Array;
  /** All damage incl. pets. */
  damage: number;
  petDamage: number;
  /** Damage per 1000 ms bucket, summed over the chunk's iterations. */
  perSecondDamage: ArrayLike<number>;
  /** Iterations still running in each 1000 ms bucket (fights of varied length); absent = every iteration in every bucket. */
  perSecondIterations?: ArrayLike<number>;
  /** The iterations' lengths summed, ms; absent = unknown (0). */
  fightMs?: number;
  spells?: readonly SpellAggregateInput[];
  auras?: readonly AuraAggregateInput[];
  resources?: readonly ResourceAggregateInput[];
  procs?: readonly ProcAggregate[];
  warnings?: readonly string[];
  /** Casts of spells the engine does not know (UNKNOWN_SPELL_CAST), counted. */
  unknownSpellCasts?: number;
}

export interface ChunkReport {
  formatVersion: number;
  chunkId: number;
  chunkCount: number;
  firstIteration: number;
  iterations: number;
  seedPrefix: bigint;
  events: number;
  dps: DpsStats;
  /** DPS x10 (rounded) distribution. */
  histogram: Histogram;
  damage: number;
  petDamage: number;
  perSecondDamage: number[];
  /** Iterations still running in each bucket, summed over chunks (empty: not reported, every iteration ran the whole fight). */
  perSecondIterations: number[];
  /** Lengths of the iterations summed, ms (0: not reported). */
  fightMs: number;
  spells: SpellAggregate[];
  auras: AuraAggregate[];
  resources: ResourceAggregate[];
  /** Ascending (kind, index). */
  procs: ProcAggregate[];
  /** Per-iteration DPS (chunk reports; empty in merged ones). After decoding: multiples of 0.1. */
  iterationDps: Float64Array;
  warnings: string[];
  unknownSpellCasts: number;
}

export interface ChunkIdentity {
  chunkId: number;
  firstIteration: number;
  seedPrefix: bigint;
}

function bad(field: string, detail: string): never {
  throw new TelemetryError("TELEMETRY_BAD_VALUE", field, detail);
}

function checkCount(field: string, v: number): number {
  if (!Number.isSafeInteger(v) || v < 0) bad(field, `${v} is not a non-negative integer`);
  return v;
}

/** v * scale rounded half away from zero; a safe integer or TELEMETRY_BAD_VALUE. */
export function scaleRound(field: string, v: number, scale: number): number {
  if (!Number.isFinite(v)) bad(field, `${v} is not a finite number`);
  const s = v * scale;
  const r = s < 0 ? -Math.floor(-s + 0.5) : Math.floor(s + 0.5);
  if (!Number.isSafeInteger(r)) bad(field, `${v} x${scale} = ${s} is beyond 2^53`);
  return r === 0 ? 0 : r; // no -0 on the wire or in comparisons
}

/** Builds the in-memory report of one chunk from a runner's result (DPS stats streamed in iteration order). */
export function chunkReportFromResult(r: ChunkResult, id: ChunkIdentity): ChunkReport {
  const where = `chunk ${id.chunkId}`;
  checkCount(`${where}.iterations`, r.iterations);
  if (r.iterationDps.length !== r.iterations) {
    bad(`${where}.iterationDps`, `length ${r.iterationDps.length} differs from iterations ${r.iterations}`);
  }
  const dps = new DpsStats();
  const histogram = newDpsHistogram();
  for (let i = 0; i < r.iterations; i++) {
    const x = r.iterationDps[i]!;
    if (!(x >= 0) || !Number.isFinite(x)) bad(`${where}.iterationDps[${i}]`, `${x} is not a finite DPS >= 0`);
    dps.add(x);
    histogram.recordValue(scaleRound(`${where}.iterationDps[${i}]`, x, DPS_SCALE));
  }
  return {
    formatVersion: TELEMETRY_FORMAT_VERSION,
    chunkId: id.chunkId,
    chunkCount: 1,
    firstIteration: id.firstIteration,
    iterations: r.iterations,
    seedPrefix: id.seedPrefix,
    events: checkCount(`${where}.events`, r.events),
    dps,
    histogram,
    damage: r.damage,
    petDamage: r.petDamage,
    perSecondDamage: Array.from(r.perSecondDamage),
    perSecondIterations: Array.from(r.perSecondIterations ?? [], (v, i) => checkCount(`${where}.perSecondIterations[${i}]`, v)),
    fightMs: checkCount(`${where}.fightMs`, r.fightMs ?? 0),
    spells: sortById((r.spells ?? []).map((s) => ({ ticks: 0, petDamage: 0, petHits: 0, ...s })), "spellId"),
    auras: sortById((r.auras ?? []).map((a) => ({ refreshes: 0, stackMs: 0, ...a })), "auraId"),
    resources: sortById((r.resources ?? []).map((x) => ({ ...x, sources: sortById((x.sources ?? []).map((y) => ({ ...y })), "source") })), "resourceId"),
    procs: sortProcs((r.procs ?? []).map((p) => ({ ...p }))),
    iterationDps: Float64Array.from(r.iterationDps),
    warnings: [...new Set(r.warnings ?? [])],
    unknownSpellCasts: checkCount(`${where}.unknownSpellCasts`, r.unknownSpellCasts ?? 0),
  };
}

function sortById<T, K extends keyof T>(xs: T[], key: K): T[] {
  return xs.sort((a, b) => (a[key] as number) - (b[key] as number));
}

function sortProcs(xs: ProcAggregate[]): ProcAggregate[] {
  return xs.sort((a, b) => a.kind - b.kind || a.index - b.index);
}

/** An empty report to merge chunks into (chunkCount 0). */
export function emptyChunkReport(): ChunkReport {
  return {
    formatVersion: TELEMETRY_FORMAT_VERSION,
    chunkId: 0,
    chunkCount: 0,
    firstIteration: 0,
    iterations: 0,
    seedPrefix: 0n,
    events: 0,
    dps: new DpsStats(),
    histogram: newDpsHistogram(),
    damage: 0,
    petDamage: 0,
    perSecondDamage: [],
    perSecondIterations: [],
    fightMs: 0,
    spells: [],
    auras: [],
    resources: [],
    procs: [],
    iterationDps: new Float64Array(0),
    warnings: [],
    unknownSpellCasts: 0,
  };
}

function mergeById<T extends object, K extends keyof T>(into: T[], from: readonly T[], key: K, sum: (a: T, b: T) => void): T[] {
  const byId = new Map<unknown, T>();
  for (const x of into) byId.set(x[key], x);
  for (const y of from) {
    const x = byId.get(y[key]);
    if (x) sum(x, y);
    else byId.set(y[key], { ...y });
  }
  return sortById([...byId.values()], key);
}

/**
 * Folds `b` into `a` (mutates and returns `a`): counts and aggregates summed, DPS stats merged
 * with the M2 formula, histograms added, per-second buckets summed element-wise. Identity
 * (chunkId, firstIteration, seedPrefix) comes from the lower chunk id. Per-iteration DPS is
 * dropped: merged reports carry aggregates only. Deterministic for a fixed merge order.
 */
export function mergeChunkReportInto(a: ChunkReport, b: ChunkReport): ChunkReport {
  if (a.histogram.numberOfSignificantValueDigits !== b.histogram.numberOfSignificantValueDigits) {
    throw new TelemetryError(
      "TELEMETRY_MERGE_MISMATCH",
      `chunk ${b.chunkId}.histogram`,
      `${b.histogram.numberOfSignificantValueDigits} significant digits vs ${a.histogram.numberOfSignificantValueDigits}`,
    );
  }
  if (a.chunkCount === 0 || b.chunkId < a.chunkId) {
    a.chunkId = b.chunkId;
    a.firstIteration = b.firstIteration;
    a.seedPrefix = b.seedPrefix;
  }
  a.chunkCount += b.chunkCount;
  a.iterations += b.iterations;
  a.events += b.events;
  a.dps.merge(b.dps);
  a.histogram.add(b.histogram);
  a.damage += b.damage;
  a.petDamage += b.petDamage;
  for (let i = 0; i < b.perSecondDamage.length; i++) a.perSecondDamage[i] = (a.perSecondDamage[i] ?? 0) + b.perSecondDamage[i]!;
  for (let i = 0; i < b.perSecondIterations.length; i++) a.perSecondIterations[i] = (a.perSecondIterations[i] ?? 0) + b.perSecondIterations[i]!;
  a.fightMs += b.fightMs;
  a.spells = mergeById(a.spells, b.spells, "spellId", (x, y) => {
    x.casts += y.casts;
    x.hits += y.hits;
    x.crits += y.crits;
    x.damage += y.damage;
    x.ticks += y.ticks;
    x.petDamage += y.petDamage;
    x.petHits += y.petHits;
  });
  a.auras = mergeById(a.auras, b.auras, "auraId", (x, y) => {
    x.applications += y.applications;
    x.uptimeMs += y.uptimeMs;
    x.refreshes += y.refreshes;
    x.stackMs += y.stackMs;
  });
  const sumFlows = (x: { gained: number; wasted: number; spent: number }, y: { gained: number; wasted: number; spent: number }) => {
    x.gained += y.gained;
    x.wasted += y.wasted;
    x.spent += y.spent;
  };
  a.resources = mergeById(a.resources, b.resources, "resourceId", (x, y) => {
    sumFlows(x, y);
    x.sources = mergeById(x.sources, y.sources, "source", sumFlows);
  });
  // copies made by mergeById are shallow: give every merged resource its own sources array
  a.resources = a.resources.map((x) => ({ ...x, sources: x.sources.map((y) => ({ ...y })) }));
  const procs = new Map(a.procs.map((p) => [`${p.kind}:${p.index}`, p]));
  for (const p of b.procs) {
    const q = procs.get(`${p.kind}:${p.index}`);
    if (q) q.count += p.count;
    else procs.set(`${p.kind}:${p.index}`, { ...p });
  }
  a.procs = sortProcs([...procs.values()]);
  a.iterationDps = new Float64Array(0);
  for (const w of b.warnings) if (!a.warnings.includes(w)) a.warnings.push(w);
  a.unknownSpellCasts += b.unknownSpellCasts;
  return a;
}

/** Pure merge: a new report equal to `a` merged with `b`, in that order. */
export function mergeChunkReports(a: ChunkReport, b: ChunkReport): ChunkReport {
  return mergeChunkReportInto(mergeChunkReportInto(emptyChunkReport(), a), b);
}

// ---- wire ----

function u64Bits(v: bigint): { low: number; high: number; unsigned: boolean } {
  return { low: Number(v & 0xffffffffn) | 0, high: Number((v >> 32n) & 0xffffffffn) | 0, unsigned: true };
}

/** Encodes a report to ChunkReport protobuf bytes. */
export function encodeChunkReport(r: ChunkReport): Uint8Array {
  const d = r.dps;
  const msg = {
    formatVersion: TELEMETRY_FORMAT_VERSION,
    chunkId: checkCount("report.chunk_id", r.chunkId),
    chunkCount: checkCount("report.chunk_count", r.chunkCount),
    firstIteration: checkCount("report.first_iteration", r.firstIteration),
    iterations: checkCount("report.iterations", r.iterations),
    seedPrefix: u64Bits(r.seedPrefix) as unknown as Long,
    events: checkCount("report.events", r.events),
    dps: {
      count: checkCount("report.dps.count", d.count),
      sumX10: scaleRound("report.dps.sum_x10", d.sum, DPS_SCALE),
      minX10: d.count === 0 ? 0 : scaleRound("report.dps.min_x10", d.min, DPS_SCALE),
      maxX10: d.count === 0 ? 0 : scaleRound("report.dps.max_x10", d.max, DPS_SCALE),
      m2: d.m2,
    },
    telemetryBytes: encodeHistogramV2(r.histogram),
    damageX10: scaleRound("report.damage_x10", r.damage, DAMAGE_SCALE),
    petDamageX10: scaleRound("report.pet_damage_x10", r.petDamage, DAMAGE_SCALE),
    perSecondDamageX10: r.perSecondDamage.map((v, i) => scaleRound(`report.per_second_damage_x10[${i}]`, v, DAMAGE_SCALE)),
    spells: r.spells.map((s) => ({
      spellId: checkCount("report.spells.spell_id", s.spellId),
      casts: checkCount(`report.spells[${s.spellId}].casts`, s.casts),
      hits: checkCount(`report.spells[${s.spellId}].hits`, s.hits),
      crits: checkCount(`report.spells[${s.spellId}].crits`, s.crits),
      damageX10: scaleRound(`report.spells[${s.spellId}].damage_x10`, s.damage, DAMAGE_SCALE),
      ticks: checkCount(`report.spells[${s.spellId}].ticks`, s.ticks),
      petDamageX10: scaleRound(`report.spells[${s.spellId}].pet_damage_x10`, s.petDamage, DAMAGE_SCALE),
      petHits: checkCount(`report.spells[${s.spellId}].pet_hits`, s.petHits),
    })),
    auras: r.auras.map((a) => ({
      auraId: checkCount("report.auras.aura_id", a.auraId),
      applications: checkCount(`report.auras[${a.auraId}].applications`, a.applications),
      uptimeMs: checkCount(`report.auras[${a.auraId}].uptime_ms`, a.uptimeMs),
      refreshes: checkCount(`report.auras[${a.auraId}].refreshes`, a.refreshes),
      stackMs: checkCount(`report.auras[${a.auraId}].stack_ms`, a.stackMs),
    })),
    resources: r.resources.map((x) => ({
      resourceId: checkCount("report.resources.resource_id", x.resourceId),
      gainedX100: scaleRound(`report.resources[${x.resourceId}].gained_x100`, x.gained, RESOURCE_SCALE),
      wastedX100: scaleRound(`report.resources[${x.resourceId}].wasted_x100`, x.wasted, RESOURCE_SCALE),
      spentX100: scaleRound(`report.resources[${x.resourceId}].spent_x100`, x.spent, RESOURCE_SCALE),
      sources: x.sources.map((y) => ({
        source: checkCount(`report.resources[${x.resourceId}].sources.source`, y.source),
        gainedX100: scaleRound(`report.resources[${x.resourceId}].sources[${y.source}].gained_x100`, y.gained, RESOURCE_SCALE),
        wastedX100: scaleRound(`report.resources[${x.resourceId}].sources[${y.source}].wasted_x100`, y.wasted, RESOURCE_SCALE),
        spentX100: scaleRound(`report.resources[${x.resourceId}].sources[${y.source}].spent_x100`, y.spent, RESOURCE_SCALE),
      })),
    })),
    iterationDpsX10: Array.from(r.iterationDps, (v, i) => {
      const s = scaleRound(`report.iteration_dps_x10[${i}]`, v, DPS_SCALE);
      if (s < 0 || s > 0xffffffff) bad(`report.iteration_dps_x10[${i}]`, `${v} x10 does not fit a uint32`);
      return s;
    }),
    warnings: r.warnings,
    procs: r.procs.map((p) => ({
      kind: checkCount("report.procs.kind", p.kind),
      index: checkCount("report.procs.index", p.index),
      count: checkCount(`report.procs[${p.kind}:${p.index}].count`, p.count),
    })),
    unknownSpellCasts: checkCount("report.unknown_spell_casts", r.unknownSpellCasts),
    perSecondIterations: r.perSecondIterations.map((v, i) => checkCount(`report.per_second_iterations[${i}]`, v)),
    fightMs: checkCount("report.fight_ms", r.fightMs),
  };
  // In Node protobufjs writes into Buffer.allocUnsafe memory (a shared slab for small sizes):
  // copy into an exact, unshared Uint8Array so callers can transfer or keep it safely.
  return new Uint8Array(PB.ChunkReport.encode(msg).finish());
}

type Int64 = number | Long | null | undefined;

function num(field: string, v: Int64): number {
  if (v == null) return 0;
  const n = typeof v === "number" ? v : v.toNumber();
  if (!Number.isSafeInteger(n)) throw new TelemetryError("TELEMETRY_BAD_REPORT", field, `${String(v)} is beyond 2^53`);
  return n;
}

function u64(v: Int64): bigint {
  if (v == null) return 0n;
  if (typeof v === "number") return BigInt(v);
  return (BigInt(v.high >>> 0) << 32n) | BigInt(v.low >>> 0);
}

function badReport(field: string, detail: string): never {
  throw new TelemetryError("TELEMETRY_BAD_REPORT", field, detail);
}

/** Decodes ChunkReport bytes (TELEMETRY_BAD_REPORT / TELEMETRY_BAD_HISTOGRAM on bad input). */
export function decodeChunkReport(bytes: Uint8Array): ChunkReport {
  let m: combatsim.telemetry.ChunkReport;
  try {
    m = PB.ChunkReport.decode(bytes);
  } catch (e) {
    badReport("report", `protobuf does not decode: ${(e as Error).message}`);
  }
  if (m.formatVersion !== TELEMETRY_FORMAT_VERSION) {
    badReport("report.format_version", `${m.formatVersion} is not the supported version ${TELEMETRY_FORMAT_VERSION}`);
  }
  if (!m.dps) badReport("report.dps", "missing");
  const count = m.dps.count ?? 0;
  if (count !== m.iterations) badReport("report.dps.count", `${count} differs from iterations ${m.iterations}`);
  const dps = DpsStats.from({
    count,
    sum: num("report.dps.sum_x10", m.dps.sumX10) / DPS_SCALE,
    min: count === 0 ? Number.POSITIVE_INFINITY : num("report.dps.min_x10", m.dps.minX10) / DPS_SCALE,
    max: count === 0 ? Number.NEGATIVE_INFINITY : num("report.dps.max_x10", m.dps.maxX10) / DPS_SCALE,
    mean: count === 0 ? 0 : num("report.dps.sum_x10", m.dps.sumX10) / DPS_SCALE / count,
    m2: m.dps.m2 ?? 0,
  });
  if (!(dps.m2 >= 0)) badReport("report.dps.m2", `${dps.m2} is not >= 0`);
  const histogram = decodeHistogramV2(m.telemetryBytes, "report.telemetry_bytes");
  if (histogram.totalCount !== count) badReport("report.telemetry_bytes", `histogram holds ${histogram.totalCount} values, dps.count is ${count}`);
  if (m.iterationDpsX10.length !== 0 && m.iterationDpsX10.length !== count) {
    badReport("report.iteration_dps_x10", `${m.iterationDpsX10.length} values for ${count} iterations`);
  }
  return {
    formatVersion: m.formatVersion,
    chunkId: m.chunkId,
    chunkCount: m.chunkCount,
    firstIteration: m.firstIteration,
    iterations: m.iterations,
    seedPrefix: u64(m.seedPrefix),
    events: num("report.events", m.events),
    dps,
    histogram,
    damage: num("report.damage_x10", m.damageX10) / DAMAGE_SCALE,
    petDamage: num("report.pet_damage_x10", m.petDamageX10) / DAMAGE_SCALE,
    perSecondDamage: m.perSecondDamageX10.map((v, i) => num(`report.per_second_damage_x10[${i}]`, v) / DAMAGE_SCALE),
    spells: m.spells.map((s) => ({
      spellId: s.spellId ?? 0,
      casts: num("report.spells.casts", s.casts),
      hits: num("report.spells.hits", s.hits),
      crits: num("report.spells.crits", s.crits),
      damage: num("report.spells.damage_x10", s.damageX10) / DAMAGE_SCALE,
      ticks: num("report.spells.ticks", s.ticks),
      petDamage: num("report.spells.pet_damage_x10", s.petDamageX10) / DAMAGE_SCALE,
      petHits: num("report.spells.pet_hits", s.petHits),
    })),
    auras: m.auras.map((a) => ({
      auraId: a.auraId ?? 0,
      applications: num("report.auras.applications", a.applications),
      uptimeMs: num("report.auras.uptime_ms", a.uptimeMs),
      refreshes: num("report.auras.refreshes", a.refreshes),
      stackMs: num("report.auras.stack_ms", a.stackMs),
    })),
    resources: m.resources.map((x) => ({
      resourceId: x.resourceId ?? 0,
      gained: num("report.resources.gained_x100", x.gainedX100) / RESOURCE_SCALE,
      wasted: num("report.resources.wasted_x100", x.wastedX100) / RESOURCE_SCALE,
      spent: num("report.resources.spent_x100", x.spentX100) / RESOURCE_SCALE,
      sources: (x.sources ?? []).map((y) => ({
        source: y.source ?? 0,
        gained: num("report.resources.sources.gained_x100", y.gainedX100) / RESOURCE_SCALE,
        wasted: num("report.resources.sources.wasted_x100", y.wastedX100) / RESOURCE_SCALE,
        spent: num("report.resources.sources.spent_x100", y.spentX100) / RESOURCE_SCALE,
      })),
    })),
    procs: m.procs.map((p) => ({ kind: p.kind ?? 0, index: p.index ?? 0, count: num("report.procs.count", p.count) })),
    iterationDps: Float64Array.from(m.iterationDpsX10, (v) => v / DPS_SCALE),
    warnings: [...m.warnings],
    unknownSpellCasts: num("report.unknown_spell_casts", m.unknownSpellCasts),
    perSecondIterations: (m.perSecondIterations ?? []).map((v, i) => num(`report.per_second_iterations[${i}]`, v)),
    fightMs: num("report.fight_ms", m.fightMs),
  };
}
