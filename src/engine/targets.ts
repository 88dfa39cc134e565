// What `targets` > 1 changes for a spec. The engine hits several targets only with an AoE damage entry
// (aoe all / split / sqrt / chain: Multi-Shot, Colossus Smash) or through a cleave aura (single-target
// physical player hits also hit `count` more targets while it is up: Beast Cleave). A spec with neither
// deals exactly its single-target damage whatever the target count, so a run with several targets
// says so (result.warnings.targets) instead of ignoring the setting without a word. A DoT or debuff
// whose casts choose their target (target_if / cycle_targets: one instance per target, docs/rotation.md
// "Targets") spreads over the targets: its tick damage counts as multi-target too, as does a residual
// aura's that a spreadBank op copies onto other enemies (Fire's Ignite spread by Fire Blast).
import type { SpecImage } from "./image.js";
import { auraSources } from "./spell-groups.js";

export interface TargetsWarning {
  targets: number;
  /** What hits more than one target: AoE spells, and cleave auras as "<aura> (cleave)". Empty: nothing. */
  multiTarget: string[];
  /** Damaging spells that hit the primary target only (pets' attacks always do). */
  singleTarget: string[];
}

/** null with one target; else the spec's multi- and single-target damage sources (image order, no repeats). */
export function targetsWarning(img: SpecImage): TargetsWarning | null {
  if (img.run.targets <= 1) return null;
  const applied = auraSources(img);
  const cleaves = img.auras.filter((a, i) => applied.has(i) && (a.effects ?? []).some((e) => e.type === "cleave")).map((a) => `${a.name} (cleave)`);
  const multi = new Set<string>();
  const single = new Set<string>();
  // tick spells of target-owned auras applied by spells the rotation casts with a target choice
  const chosen = new Set(img.rotation.kind === "bytecode" ? (img.rotation.targetSpells ?? []) : []);
  const spread = new Set<number>();
  img.auras.forEach((a, ai) => {
    if (a.owner !== "target" || a.tickDamage === undefined) return;
    if ([...(applied.get(ai) ?? [])].some((s) => chosen.has(s))) spread.add(img.damage[a.tickDamage]!.spell);
  });
  for (const list of img.opLists) for (const op of list) {
    const a = op.op === "spreadBank" ? img.auras[op.aura] : undefined;
    if (a?.tickDamage !== undefined && op.op === "spreadBank" && op.count > 0) spread.add(img.damage[a.tickDamage]!.spell);
  }
  for (const d of img.damage) {
    const s = img.spells[d.spell];
    if (!s || s.known === false) continue; // an untalented spell deals nothing
    const aoe = (d.aoe !== undefined && d.aoe !== "single" && d.pet === undefined) || spread.has(d.spell);
    const cleaved = cleaves.length > 0 && d.pet === undefined && d.school === 1;
    if (aoe) multi.add(s.name);
    else if (!cleaved) single.add(s.name);
  }
  return { targets: img.run.targets, multiTarget: [...multi, ...cleaves], singleTarget: [...single].filter((n) => !multi.has(n)) };
}
