// "What was simulated" for an imported character (--input, docs/input.md): who, which spec, level and
// race, the talents taken and the selected ones not modelled, every item with its item level and
// stats, the totals and the combat stats they give. Text and HTML forms of the same lines.
import type { SimulateResult } from "../engine/simulate.js";
import type { CharacterSummary } from "../input/character.js";
import { escapeHtml } from "./html.js";

/** Selected-but-not-modelled talents named in the text summary before "… and N more". */
const SHORT_NOT_MODELLED = 12;

const itemLine = (it: CharacterSummary["items"][number]): string => {
  const r = it.ratings;
  const parts = [it.primary ? `${it.primary} primary` : "", r.crit ? `${r.crit} crit` : "", r.haste ? `${r.haste} haste` : "", r.mastery ? `${r.mastery} mastery` : "", r.versatility ? `${r.versatility} vers` : ""].filter(Boolean);
  const weapon = it.weapon ? `; ${it.weapon.minDamage}-${it.weapon.maxDamage} damage, ${(it.weapon.speedMs / 1000).toFixed(2)} s` : "";
  const src = it.itemLevelSource === "ilevel" ? " (ilevel=)" : it.itemLevelSource === "bonus" ? " (bonus ids)" : "";
  return `${it.slot.padEnd(10)}${String(it.itemLevel).padStart(4)}${src}  ${it.name || `item ${it.id}`} [${it.id}]${it.fixture ? " (fixture)" : ""}: ${parts.join(", ") || "no stats"}${weapon}`;
};

function statsLine(r: SimulateResult, c: CharacterSummary): string {
  const t = c.totals;
  const s = r.stats;
  return `stats (${c.statsFrom}): ${c.primaryStat} ${t.primary}; crit ${t.ratings.crit} (${s.crit.toFixed(2)} %), haste ${t.ratings.haste} (${s.haste.toFixed(2)} %), mastery ${t.ratings.mastery} (${s.mastery.toFixed(2)} %), versatility ${t.ratings.versatility} (${s.versatility.toFixed(2)} %); weapon ${t.weapon.minDamage}-${t.weapon.maxDamage} every ${(t.weapon.speedMs / 1000).toFixed(2)} s`;
}

/** The character block of the text summary (empty without an imported character). */
export function characterTextLines(r: SimulateResult): string[] {
  const c = r.character;
  if (!c) return [];
  const lines = [
    `character: ${c.name}, level ${c.level} ${c.race ?? "(race not given)"} ${c.className}, ${c.spec}${c.server ? ` — ${c.region ?? "?"}/${c.server}` : ""} (from ${c.source}${c.addonVersion ? `, SimC addon ${c.addonVersion}` : ""}; checksum ${c.checksum})`,
    statsLine(r, c),
  ];
  const nm = r.loadout?.notModelled ?? [];
  if (r.loadout) {
    const names = nm.slice(0, SHORT_NOT_MODELLED).map((t) => t.name).join(", ");
    lines.push(`talents modelled: ${r.talents.length}; selected but not modelled: ${nm.length}${nm.length ? ` (${names}${nm.length > SHORT_NOT_MODELLED ? `, … and ${nm.length - SHORT_NOT_MODELLED} more: --json` : ""})` : ""}`);
  }
  if (c.items.length > 0) lines.push(`gear (${c.items.length} items):`, ...c.items.map((it) => `  ${itemLine(it)}`));
  for (const s of c.setBonuses) lines.push(`  set ${s.name} ${s.pieces} pieces: ${s.threshold}-piece bonus spell ${s.spell}${s.modelled ? "" : " (not modelled: no effect on the run)"}`);
  if (c.warnings.length > 0) lines.push(`import notes (${c.warnings.length}):`, ...c.warnings.map((w) => `  ${w.line > 0 ? `line ${w.line}: ` : ""}${w.message}`));
  return lines;
}

/** The character section of the HTML report (empty without an imported character). */
export function characterHtml(r: SimulateResult): string {
  const c = r.character;
  if (!c) return "";
  const [head, stats, ...rest] = characterTextLines(r);
  const items = c.items
    .map((it) => `<tr><td>${escapeHtml(it.slot)}</td><td>${escapeHtml(it.name || `item ${it.id}`)} [${it.id}]${it.fixture ? " (fixture)" : ""}</td><td>${it.itemLevel}</td><td>${it.primary}</td><td>${it.ratings.crit}</td><td>${it.ratings.haste}</td><td>${it.ratings.mastery}</td><td>${it.ratings.versatility}</td></tr>`)
    .join("");
  const table = c.items.length === 0 ? "" : `<table><thead><tr><th>slot</th><th>item</th><th>item level</th><th>${escapeHtml(c.primaryStat)}</th><th>crit</th><th>haste</th><th>mastery</th><th>vers</th></tr></thead><tbody>${items}</tbody></table>`;
  const notes = rest.filter((l) => !l.startsWith("  ") && !l.startsWith("gear ("));
  const sets = rest.filter((l) => l.startsWith("  set ")).map((l) => `<li>${escapeHtml(l.trim())}</li>`).join("");
  const warn = c.warnings.length === 0 ? "" : `<details><summary>${c.warnings.length} import note(s)</summary><ul>${c.warnings.map((w) => `<li>${w.line > 0 ? `line ${w.line}: ` : ""}${escapeHtml(w.message)}</li>`).join("")}</ul></details>`;
  return `<section id="character"><h2>Character</h2><p>${escapeHtml(head!)}</p><p>${escapeHtml(stats!)}</p>${notes.filter((l) => !l.startsWith("import notes")).map((l) => `<p class="sub">${escapeHtml(l)}</p>`).join("")}${table}${sets ? `<ul>${sets}</ul>` : ""}${warn}</section>`;
}
