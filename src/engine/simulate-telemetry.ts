// Host side of the wasm telemetry sink (assembly/engine/telemetry.ts): reads the run accumulators
// after runImage, and captures the representative iteration's timeline by rerunning it with the
// timeline buffer enabled. See docs/telemetry.md "Engine sink" and "Timeline".
import { CombatsimError } from "../errors.js";
import type { SpecImage } from "./image.js";
import { runImage } from "./run.js";
import { scratchF64, wasm, wasmF64 } from "./wasm.js";
import { fightBuckets, iterationsPerBucket } from "./fight.js";

/** Telemetry accumulators of one runImage call (summed over its iterations), indexed like the image. */
export interface EngineTelemetry {
  /** Per image spell: periodic hits, pet damage, pet hits. */
  spells: { ticks: number; petDamage: number; petHits: number }[];
  /** Per image aura: applications (from down to up), refreshes (re-applied while up), ms up, stack x ms. */
  auras: { applications: number; refreshes: number; uptimeMs: number; stackMs: number }[];
  /** Per image resource, per source (see resourceSource): spent, gained (landed), wasted (over the cap). */
  resources: { spent: number; gained: number; wasted: number }[][];
  /** Damage per 1000 ms bucket, summed over the iterations. */
  perSecondDamage: Float64Array;
  /** Impact procs fired per image proc; RPPM procs per image tracker. */
  procs: number[];
  rppm: number[];
  /** Iterations still running in each 1000 ms bucket (fights of varied length: src/engine/fight.ts). */
  perSecondIterations: number[];
  /** The iterations' lengths summed, ms. */
  fightMs: number;
}

export type ResourceSourceKind = "spell" | "aura" | "proc" | "regen" | "other";
/** What a resource source index of EngineTelemetry.resources stands for. */
export interface ResourceSource {
  kind: ResourceSourceKind;
  /** Image index of the spell / aura / proc (0 for regen and other). */
  index: number;
}

/** The engine's telemetry sizes disagree with the image (a stale or foreign wasm build). */
export class EngineTelemetryError extends CombatsimError {
  constructor(detail: string) {
    super("ENGINE_TELEMETRY_MISMATCH", `engine telemetry: ${detail}`);
  }
}

export function resourceSourceCount(image: SpecImage): number {
  return image.spells.length + image.auras.length + (image.procs?.length ?? 0) + 2;
}

/** Source k of a resource (spells, then auras, then impact procs, then regen, then other). */
export function resourceSource(image: SpecImage, k: number): ResourceSource {
  const ns = image.spells.length;
  const na = image.auras.length;
  const np = image.procs?.length ?? 0;
  if (k < ns) return { kind: "spell", index: k };
  if (k < ns + na) return { kind: "aura", index: k - ns };
  if (k < ns + na + np) return { kind: "proc", index: k - ns - na };
  return { kind: k === ns + na + np ? "regen" : "other", index: 0 };
}

/** Reads the accumulators left by the last runImage of `image` (call right after it). */
export function readEngineTelemetry(image: SpecImage): EngineTelemetry {
  const size = wasm.engineTelemetrySize();
  const buf = scratchF64("engine.telemetry", size);
  wasm.engineTelemetryResults(buf.ptr);
  const v = buf.read(size);
  const [nSp, nAu, nRs, nSrc, nBuckets, nPr, nRp] = Array.from(v.subarray(0, 7));
  const want = [image.spells.length, image.auras.length, image.resources.length, resourceSourceCount(image), fightBuckets(image.run), image.procs?.length ?? 0, image.rppm?.length ?? 0];
  const got = [nSp!, nAu!, nRs!, nSrc!, nBuckets!, nPr!, nRp!];
  if (want.some((w, i) => w !== got[i])) throw new EngineTelemetryError(`sizes ${got.join("/")} differ from the image's ${want.join("/")} (spells/auras/resources/sources/buckets/procs/rppm)`);
  let o = 8;
  const spells = image.spells.map(() => {
    const s = { ticks: v[o]!, petDamage: v[o + 1]!, petHits: v[o + 2]! };
    o += 3;
    return s;
  });
  const auras = image.auras.map(() => {
    const a = { applications: v[o]!, refreshes: v[o + 1]!, uptimeMs: v[o + 2]!, stackMs: v[o + 3]! };
    o += 4;
    return a;
  });
  const resources = image.resources.map(() =>
    Array.from({ length: nSrc! }, () => {
      const r = { spent: v[o]!, gained: v[o + 1]!, wasted: v[o + 2]! };
      o += 3;
      return r;
    }),
  );
  const perSecondDamage = v.slice(o, o + nBuckets!);
  o += nBuckets!;
  const procs = Array.from(v.subarray(o, o + nPr!));
  o += nPr!;
  const rppm = Array.from(v.subarray(o, o + nRp!));
  o += nRp!;
  const perSecondIterations = iterationsPerBucket(v.subarray(o, o + nBuckets! + 1), nBuckets!);
  const fightMs = v[o + nBuckets! + 1]!;
  return { spells, auras, resources, perSecondDamage, procs, rppm, perSecondIterations, fightMs };
}

// ---- timeline ----

export interface TimelineCast { t: number; spell: number; name: string; /** Cast bar start (= t for instants). */ start: number }
export interface TimelineDamage { t: number; spell: number; name: string; amount: number; crit: boolean; periodic: boolean; pet: boolean }
export interface TimelineAuraWindow { aura: number; name: string; start: number; end: number; maxStacks: number }
export interface TimelineCooldown { spell: number; name: string; start: number; end: number }
export interface TimelineResource { resource: number; name: string; /** [t ms, value] after every change, regen sync and at the end. */ points: [number, number][] }
export interface TimelineProc { t: number; kind: "impact" | "rppm"; index: number; name: string }
/** A timed pet group's live instances (Wild Imps, Dreadstalkers: timed-pets.ts): [t ms, count] after every change. */
export interface TimelinePetCount { pet: number; name: string; points: [number, number][] }

/** The representative iteration, replayed (spec: cast, damage, aura window, cooldown window markers). */
export interface Timeline {
  chunkId: number;
  iteration: number;
  seed: string;
  dps: number;
  durationMs: number;
  casts: TimelineCast[];
  damage: TimelineDamage[];
  auras: TimelineAuraWindow[];
  cooldowns: TimelineCooldown[];
  resources: TimelineResource[];
  procs: TimelineProc[];
  /** Timed pet groups' live counts over the iteration; present only when the spec has timed groups. */
  pets?: TimelinePetCount[];
  /** Records that did not fit the buffer (0 unless the iteration is extraordinarily long). */
  dropped: number;
}

/** Timeline record layout (assembly/engine/telemetry.ts TL_*). */
const TL_CAST_START = 1;
const TL_CAST = 2;
const TL_DAMAGE = 3;
const TL_AURA = 4;
const TL_COOLDOWN = 5;
const TL_RESOURCE = 6;
const TL_PROC = 7;
const TL_PET_COUNT = 52;
/** Records kept per iteration: 2^17 x 32 B = 4 MiB, far above a 300 s fight (~4-5k records). */
export const TIMELINE_CAPACITY = 1 << 17;

/**
 * Reruns iteration `iteration` of chunk `chunkId` (seed seedFor(seed, chunkId, iteration)) with the
 * timeline enabled and decodes it. Runs on this thread; the run accumulators it overwrites are the
 * wasm module's scratch, never the merged result.
 */
export function captureTimeline(image: SpecImage, seed: bigint, chunkId: number, iteration: number, capacity = TIMELINE_CAPACITY): Timeline {
  const ptr = wasm.engineTimelineEnable(capacity);
  let dps: number;
  let len: number;
  let dropped: number;
  let rec: Float64Array;
  let endMs: number;
  try {
    const r = runImage(image, { iterations: 1, seed, chunkId, iterationStart: iteration, perIteration: true });
    if (r.error) throw new EngineTelemetryError(`timeline rerun of chunk ${chunkId} iteration ${iteration}: ${r.error}`);
    dps = r.perIteration![0]!;
    endMs = wasm.engineFightMs(); // this iteration's drawn length (assembly/engine/fight.ts)
    len = wasm.engineTimelineLength();
    dropped = wasm.engineTimelineDropped();
    rec = wasmF64(ptr, len * 4).slice();
  } finally {
    wasm.engineTimelineEnable(0);
  }
  return decodeTimeline(image, rec, len, { chunkId, iteration, seed, dps, dropped, endMs });
}

function decodeTimeline(image: SpecImage, rec: Float64Array, len: number, id: { chunkId: number; iteration: number; seed: bigint; dps: number; dropped: number; endMs: number }): Timeline {
  const end = id.endMs;
  const spellName = (i: number) => image.spells[i]?.name ?? `spell#${i}`;
  const tl: Timeline = {
    chunkId: id.chunkId,
    iteration: id.iteration,
    seed: id.seed.toString(),
    dps: id.dps,
    durationMs: end,
    casts: [],
    damage: [],
    auras: [],
    cooldowns: [],
    resources: image.resources.map((r, i) => ({ resource: i, name: r.name, points: [] })),
    procs: [],
    dropped: id.dropped,
  };
  const castStart = new Map<number, number>();
  const open = new Map<number, TimelineAuraWindow>();
  for (let k = 0; k < len; k++) {
    const t = rec[4 * k]!;
    const code = rec[4 * k + 1]!;
    const a = rec[4 * k + 2]!;
    const b = rec[4 * k + 3]!;
    const kind = code & 0xff;
    const flags = code >> 8;
    switch (kind) {
      case TL_CAST_START:
        castStart.set(a, t);
        break;
      case TL_CAST: {
        const s = castStart.get(a);
        castStart.delete(a);
        tl.casts.push({ t, spell: a, name: spellName(a), start: s ?? t });
        break;
      }
      case TL_DAMAGE:
        tl.damage.push({ t, spell: a, name: spellName(a), amount: b, periodic: (flags & 1) !== 0, crit: (flags & 2) !== 0, pet: (flags & 4) !== 0 });
        break;
      case TL_AURA: {
        const w = open.get(a);
        if (b > 0) {
          if (w) w.maxStacks = Math.max(w.maxStacks, b);
          else open.set(a, { aura: a, name: image.auras[a]?.name ?? `aura#${a}`, start: t, end, maxStacks: b });
        } else if (w) {
          w.end = t;
          tl.auras.push(w);
          open.delete(a);
        }
        break;
      }
      case TL_COOLDOWN:
        tl.cooldowns.push({ spell: a, name: spellName(a), start: t, end: Math.min(b, end) });
        break;
      case TL_RESOURCE: {
        const pts = tl.resources[a]?.points;
        if (!pts) break;
        const last = pts[pts.length - 1];
        if (!last || last[0] !== t || last[1] !== b) pts.push([t, b]);
        break;
      }
      case TL_PROC: {
        const rppm = flags === 1;
        const name = (rppm ? image.rppm?.[a]?.name : image.procs?.[a]?.name) ?? `${rppm ? "rppm" : "proc"}#${a}`;
        tl.procs.push({ t, kind: rppm ? "rppm" : "impact", index: a, name });
        break;
      }
      case TL_PET_COUNT: {
        const pets = (tl.pets ??= []);
        let series = pets.find((x) => x.pet === a);
        if (!series) {
          series = { pet: a, name: image.pets?.[a]?.name ?? `pet#${a}`, points: [] };
          pets.push(series);
        }
        series.points.push([t, b]);
        break;
      }
      default:
        throw new EngineTelemetryError(`timeline record ${k}: unknown kind ${kind}`);
    }
  }
  for (const w of open.values()) tl.auras.push(w); // still up at the end: the window closes at durationMs
  tl.auras.sort((x, y) => x.start - y.start || x.aura - y.aura);
  return tl;
}
