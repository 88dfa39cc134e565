// compileSpec step for the rotation: the symbols the rotation compiler resolves names with (spells,
// auras, talents, options of this build), then the compile itself.
import type { ResolvedOp, ResolvedSpec } from "../manifest/resolve.js";
import type { CompiledRotation, RotationSymbols } from "../rotation/index.js";
import { compileHonoured, type RotationReport } from "../rotation/index.js";
import { actorOption } from "../rotation/actor-options.js";
import { SPEC_CATALOG } from "../generated/catalog.js";
import type { SpecBuilder } from "./compile-builder.js";
import type { CompileInput } from "./compile.js";
import type { SpellImage } from "./image.js";

export function compileSpecRotation(b: SpecBuilder, input: CompileInput): { rotation: CompiledRotation; rotationReport: RotationReport } {
  const symbols = rotationSymbols(b, input);
  // engine fast-path opcodes and scan tables (docs/rotation.md §6); a SimC APL drops the lines it cannot honour
  const { compiled: rotation, report: rotationReport } = compileHonoured(input.rotationInput ?? { rotation: input.rotation, format: "json" }, symbols, input.rotationFile, { fast: true, scan: true, flatten: true });
  return { rotation, rotationReport };
}

function rotationSymbols(b: SpecBuilder, input: CompileInput): RotationSymbols {
  const { spec, spells, spellIdx, auraIdx, resIdx, petImages } = b;
  return {
    spell: (n) => (spec.spells.some((s) => s.name === n) ? spellIdx.get(n) : undefined),
    aura: (n) => auraIdx.get(n),
    petAura: (n) => (spec.auras.find((a) => a.name === n)?.target === "pet" ? auraIdx.get(n) : undefined),
    resource: (n) => resIdx.get(n),
    pet: (n) => petImages.get(n)?.[0],
    // A modelled talent is 1 when taken; any other talent of the spec's trees is 0 (never taken).
    talent: (n) => (spec.allTalents.includes(n) ? spec.talents.includes(n) : spec.treeTalents.includes(n) ? false : undefined),
    heroTree: (n) => (spec.heroTrees.includes(n) ? spec.heroTree === n : undefined),
    castable: (n) => spec.spells.find((s) => s.name === n)?.active ?? true,
    // a fixed enemy count folds active_enemies; with add waves the engine answers it (raid-adds.ts)
    ...(input.adds ? {} : { activeEnemies: input.targets }),
    ...(input.movement ? { movement: input.movement } : {}),
    ...(input.adds ? { adds: input.adds } : {}),
    actorOption: (n) => actorOption(SPEC_CATALOG.find((c) => c.specId === spec.specId)?.className, n),
    spellAura: (n) => spellAuraOf(spec, n, auraIdx),
    spellIsChannel: (n) => spec.spells.some((s) => s.name === n && s.channel !== undefined),
    // a name the modelled game version lacks (manifest `absent`): never active / castable / taken
    absent: (n, kind) => (Object.hasOwn(spec.absent, n) && spec.absent[n]!.kind === kind ? spec.absent[n] : undefined),
    expression: (n) => (Object.hasOwn(spec.expressions.defs, n) ? { text: spec.expressions.defs[n]!, file: spec.expressions.file, key: n } : undefined),
    gcdSpell: playerGcdSpell(spells),
    race: input.profile.race,
    potion: input.consumables?.potion,
    ...(input.consumables ? { utility: input.consumables.utility } : {}),
    // on the GCD = locked by the category-133 start recovery (docs/engine-image.md "OffGcdReady")
    offGcd: (i) => {
      const sp = spells[i];
      return sp !== undefined && (sp.startRecoveryCategory !== 133 || sp.startRecoveryMs <= 0);
    },
  };
}

/**
 * The aura a spell's bare `remains` / `ticking` / `refreshable` refer to in its own APL entry (SimC's
 * action scope: the action's DoT). An aura with the spell's own name (SimC names a DoT after its action:
 * `rupture`, `agony`, `serpent_sting`), else the first aura its on_cast applies (at any if_aura depth);
 * undefined when it applies none.
 */
function spellAuraOf(spec: ResolvedSpec, name: string, auraIdx: ReadonlyMap<string, number>): number | undefined {
  const spell = spec.spells.find((s) => s.name === name);
  if (spell === undefined) return undefined;
  const own = auraIdx.get(name);
  if (own !== undefined) return own;
  const first = (ops: readonly ResolvedOp[]): string | undefined => {
    for (const op of ops) {
      if (op.op === "apply_aura") return op.aura;
      if (op.op === "if_aura") {
        const inner = first(op.ops);
        if (inner !== undefined) return inner;
      }
    }
    return undefined;
  };
  const applied = first(spell.onCast);
  return applied === undefined ? undefined : auraIdx.get(applied);
}

/**
 * The spell whose GCD stands for the player's (`gcd.max`): the commonest start recovery among the
 * known on-GCD spells (1.5 s for most specs, 1 s for rogues), its first spell. Undefined when no spell
 * triggers a GCD (the engine then answers the standard 1.5 s, hasted).
 */
function playerGcdSpell(spells: readonly SpellImage[]): number | undefined {
  const count = new Map<string, { n: number; first: number }>();
  spells.forEach((s, i) => {
    if (s === undefined || s.known === false || !(s.startRecoveryMs > 0)) return;
    const key = `${s.startRecoveryMs}:${s.gcdHasted ?? s.startRecoveryCategory === 133}`;
    const c = count.get(key);
    if (c === undefined) count.set(key, { n: 1, first: i });
    else c.n++;
  });
  let best: { n: number; first: number } | undefined;
  for (const c of count.values()) if (best === undefined || c.n > best.n || (c.n === best.n && c.first < best.first)) best = c;
  return best?.first;
}
