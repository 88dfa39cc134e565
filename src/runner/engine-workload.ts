// Adapter: the wasm engine (src/engine/run.ts runImage) as a ChunkRunner.
//
// Seeds: iteration i of chunk c (0-based within the chunk) runs with seedFor(seedBase, c, i), i.e.
// runImage(..., { chunkId: c, iterationStart: 0 }). The representative iteration is rerun with
// runImage(image, { iterations: 1, seed: seedBase, chunkId: rep.chunkId, iterationStart: rep.iteration }).
import type { SpecImage } from "../engine/image.js";
import { runImage } from "../engine/run.js";
import { CombatsimError } from "../errors.js";
import type { SpellAggregate } from "../telemetry/report.js";
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
  return (chunkId, _firstIteration, count) => {
    const r = runImage(spec.image, { iterations: count, seed: spec.seedBase, chunkId, iterationStart: 0, perIteration: true });
    if (r.error) throw new EventBudgetExceeded(chunkId, spec.image.name);
    // several image spells may share a game spell id (ranks, pet copies): aggregate by id
    const byId = new Map<number, SpellAggregate>();
    for (const s of r.spells) {
      const a = byId.get(s.id);
      if (a) {
        a.casts += s.casts;
        a.hits += s.hits;
        a.crits += s.crits;
        a.damage += s.damage;
      } else byId.set(s.id, { spellId: s.id, casts: s.casts, hits: s.hits, crits: s.crits, damage: s.damage });
    }
    return {
      iterations: r.iterations,
      events: r.events,
      iterationDps: r.perIteration ?? new Float64Array(0),
      damage: r.damage.total,
      petDamage: r.damage.pet,
      perSecondDamage: [], // the engine does not bucket per second yet
      spells: [...byId.values()],
      warnings: r.warnings.unknownSpellCasts > 0 ? ["UNKNOWN_SPELL_CAST"] : [],
    };
  };
}
