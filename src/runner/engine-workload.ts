// Adapter: the wasm engine (src/engine/run.ts runImage) as a ChunkRunner.
//
// Seeds: iteration i of chunk c (0-based within the chunk) runs with seedFor(seedBase, c, i), i.e.
// runImage(..., { chunkId: c, iterationStart: 0 }). The representative iteration is rerun with
// runImage(image, { iterations: 1, seed: seedBase, chunkId: rep.chunkId, iterationStart: rep.iteration })
// (src/engine/simulate-telemetry.ts captureTimeline does that with the timeline buffer on).
//
// Keys in the chunk report: spells by their index in the image (game ids repeat: pet melee swings
// share id 0, DoT ticks share their spell's id), auras and resources by image index, resource
// sources as in simulate-telemetry.ts resourceSource, procs by (kind, image index).
import type { SpecImage } from "../engine/image.js";
import { runImage } from "../engine/run.js";
import { readEngineTelemetry } from "../engine/simulate-telemetry.js";
import { CombatsimError } from "../errors.js";
import type { ProcAggregate, ResourceAggregate, SpellAggregate } from "../telemetry/report.js";
import type { ChunkRunner, WorkloadBase } from "./types.js";

export interface EngineWorkloadSpec extends WorkloadBase {
  kind: "engine";
  /** A compiled spec image (plain data: structured-cloneable to workers). */
  image: SpecImage;
}

/** An iteration of the chunk hit the engine's event budget (spec "Errors": EventBudgetExceeded). */
export class EventBudgetExceeded extends CombatsimError {
  constructor(chunkId: number, image: string) {
    super("EVENT_BUDGET_EXCEEDED", `spec image "${image}", chunk ${chunkId}: an iteration processed 500000 events without finishing`);
  }
}

export function createEngineRunner(spec: EngineWorkloadSpec): ChunkRunner {
  const image = spec.image;
  return (chunkId, _firstIteration, count) => {
    const r = runImage(image, { iterations: count, seed: spec.seedBase, chunkId, iterationStart: 0, perIteration: true });
    if (r.error) throw new EventBudgetExceeded(chunkId, image.name);
    const t = readEngineTelemetry(image);
    const spells: SpellAggregate[] = [];
    r.spells.forEach((s, i) => {
      const x = t.spells[i]!;
      if (s.casts === 0 && s.hits === 0) return;
      spells.push({ spellId: i, casts: s.casts, hits: s.hits, crits: s.crits, damage: s.damage, ticks: x.ticks, petDamage: x.petDamage, petHits: x.petHits });
    });
    const auras = t.auras.flatMap((a, i) => (a.applications > 0 || a.uptimeMs > 0 ? [{ auraId: i, ...a }] : []));
    const resources: ResourceAggregate[] = t.resources.map((bySource, i) => {
      const sources = bySource.flatMap((f, k) => (f.spent !== 0 || f.gained !== 0 || f.wasted !== 0 ? [{ source: k, ...f }] : []));
      const sum = (key: "spent" | "gained" | "wasted") => sources.reduce((acc, f) => acc + f[key], 0);
      return { resourceId: i, spent: sum("spent"), gained: sum("gained"), wasted: sum("wasted"), sources };
    });
    const procs: ProcAggregate[] = [
      ...t.procs.flatMap((c, i) => (c > 0 ? [{ kind: 0, index: i, count: c }] : [])),
      ...t.rppm.flatMap((c, i) => (c > 0 ? [{ kind: 1, index: i, count: c }] : [])),
    ];
    return {
      iterations: r.iterations,
      events: r.events,
      iterationDps: r.perIteration ?? new Float64Array(0),
      damage: r.damage.total,
      petDamage: r.damage.pet,
      perSecondDamage: t.perSecondDamage,
      perSecondIterations: t.perSecondIterations,
      fightMs: t.fightMs,
      spells,
      auras,
      resources,
      procs,
      warnings: r.warnings.unknownSpellCasts > 0 ? ["UNKNOWN_SPELL_CAST"] : [],
      unknownSpellCasts: r.warnings.unknownSpellCasts,
    };
  };
}
