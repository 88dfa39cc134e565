// The per-spell table of a report, grouped: a DoT's tick entry ("agony_tick", no casts) is shown under
// the spell that applies it ("agony", no damage of its own) as one row of the group's totals, instead
// of a 0-DPS cast beside a tick entry with no casts. When both parts deal damage (Corruption's hit and
// its ticks) the parts follow, indented. Groups are ordered by damage.
import type { SimulateResult, SpellSummary } from "../engine/simulate.js";

export interface SpellRow {
  /** Spell name; parts of a group are indented by two spaces. */
  label: string;
  /** Per iteration; null where the entry is never cast (auto attacks, pet swings, ticks). */
  casts: number | null;
  damage: number;
  dps: number;
  share: number;
  /** Fraction of hits that crit; null without hits. */
  critRate: number | null;
  ticks: number;
  pet: boolean;
}

function row(label: string, members: SpellSummary[], casts: number): SpellRow {
  const hits = members.reduce((n, s) => n + s.hits, 0);
  const crits = members.reduce((n, s) => n + s.critRate * s.hits, 0);
  return {
    label,
    casts: casts > 0 ? casts : null,
    damage: members.reduce((n, s) => n + s.damage, 0),
    dps: members.reduce((n, s) => n + s.dps, 0),
    share: members.reduce((n, s) => n + s.share, 0),
    critRate: hits > 0 ? crits / hits : null,
    ticks: members.reduce((n, s) => n + s.ticks, 0),
    pet: members.every((s) => s.pet),
  };
}

/** The rows of the spell table (see the file header). */
export function spellRows(r: Pick<SimulateResult, "spells">): SpellRow[] {
  const byName = new Map(r.spells.map((s) => [s.name, s]));
  const children = new Map<string, SpellSummary[]>();
  const tops: SpellSummary[] = [];
  for (const s of r.spells) {
    if (s.parent !== null && byName.has(s.parent)) children.set(s.parent, [...(children.get(s.parent) ?? []), s]);
    else tops.push(s);
  }
  const groups = tops.map((top) => {
    const kids = children.get(top.name) ?? [];
    return { top, members: [top, ...kids], kids, damage: top.damage + kids.reduce((n, k) => n + k.damage, 0) };
  });
  groups.sort((a, b) => b.damage - a.damage || a.top.index - b.top.index);
  const rows: SpellRow[] = [];
  for (const g of groups) {
    rows.push(row(g.top.name, g.members, g.top.casts));
    if (g.kids.length > 0 && g.top.damage > 0) {
      // both parts deal damage: show them (the cast's own hit, then each tick entry)
      rows.push(row(`  ${g.top.name}`, [g.top], g.top.casts));
      for (const k of g.kids) rows.push(row(`  ${k.name}`, [k], k.casts));
    }
  }
  return rows;
}
