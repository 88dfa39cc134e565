// compileSpec step for procs: impact procs, RPPM trackers (rolled by a cast hook) and cast procs (on
// the listed spells' hooks, or after every cast).
import type { ResolvedProc } from "../manifest/resolve.js";
import type { SpecBuilder } from "./compile-builder.js";
import type { ImpactProcImage, Op, RppmImage } from "./image.js";

export interface CompiledProcs {
  procs: ImpactProcImage[];
  rppm: RppmImage[];
  castHooks: number[];
}

export function compileProcs(b: SpecBuilder): CompiledProcs {
  const out: CompiledProcs = { procs: [], rppm: [], castHooks: [] };
  for (const p of b.spec.procs) compileProc(b, p, out);
  return out;
}

function compileProc(b: SpecBuilder, p: ResolvedProc, out: CompiledProcs): void {
  let list = b.addOps(p.ops);
  // non-crit-only impact procs: the list runs behind an ifCrit(false) on the triggering hit
  if (p.nonCritOnly) list = b.addList([{ op: "ifCrit", crit: false, list }]);
  // a proc's auras all have tick damage (checked when the manifest is read): their ticks' pseudo spells;
  // an aura left out of this build (its talent not taken) never ticks and filters nothing
  const auraTicks = p.auras.flatMap((n) => (b.auraTickSpells.has(n) ? [b.auraTickSpells.get(n)!] : []));
  const filter = [...p.spells.map((n) => b.spellIdx.get(n)!), ...auraTicks];
  if (p.auras.length > 0 && filter.length === 0) return; // every trigger is out of this build: the proc cannot fire
  if (p.trigger === "impact") {
    const img: ImpactProcImage = { name: p.name, chance: p.chance, list, critOnly: p.critOnly, periodicOnly: p.periodicOnly, skipPeriodic: p.skipPeriodic };
    if (filter.length) img.spells = filter;
    out.procs.push(img);
  } else if (p.trigger === "rppm") {
    out.rppm.push({ name: p.name, rppm: p.rppm, hasteScales: p.rppmHasteScales, blpEnabled: true });
    out.castHooks.push(b.addList([{ op: "rollRppm", tracker: out.rppm.length - 1, list }]));
  } else {
    const roll: Op = { op: "procChance", chance: p.chance, list };
    if (filter.length === 0) out.castHooks.push(b.addList([roll]));
    for (const si of filter) {
      const s = b.spells[si]!;
      if (s.hook === undefined) s.hook = b.addList([roll]);
      else b.opLists[s.hook]!.push(roll);
    }
  }
}
