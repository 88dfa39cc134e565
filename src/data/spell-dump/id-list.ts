// SimulationCraft's class spell id list (`SpellDataDump/spell_id_list.txt`): one "<id> <name>" line per
// class spell under a class header line. combatsim keeps the lines of the talent spells only: they give
// the talent trees their names (the client export has no SpellName table, and a talent spell's full dump
// block is only needed once the talent is modelled).
import { SpellDumpError } from "./parse.js";

export interface SpellIdList {
  provenance: Record<string, string>;
  /** spell id → { name, class section, 1-based line } */
  names: Map<number, { name: string; section: string; line: number }>;
}

const HEADER = /^#\s*([A-Za-z]+):\s*(.*)$/;
const ENTRY = /^(\d+)\s+\*?(\S.*?)\s*$/;
const SECTION = /^[A-Z][A-Za-z ]+$/;

/** Parse the kept lines; a line that is neither a comment, a class header nor "<id> <name>" is an error naming it. */
export function parseSpellIdList(text: string, file: string): SpellIdList {
  const out: SpellIdList = { provenance: {}, names: new Map() };
  let section: string | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trimEnd();
    if (line === "") return;
    const header = HEADER.exec(line);
    if (header) {
      out.provenance[header[1]!] ??= header[2]!;
      return;
    }
    if (line.startsWith("#")) return;
    const entry = ENTRY.exec(line);
    if (entry) {
      if (section === undefined) throw new SpellDumpError(file, i + 1, "a spell line before any class header");
      const id = Number(entry[1]);
      if (out.names.has(id)) throw new SpellDumpError(file, i + 1, `spell ${id} is listed twice`);
      out.names.set(id, { name: entry[2]!, section, line: i + 1 });
      return;
    }
    if (SECTION.test(line)) {
      section = line;
      return;
    }
    throw new SpellDumpError(file, i + 1, `expected "<id> <name>" or a class name, got "${line}"`);
  });
  return out;
}
