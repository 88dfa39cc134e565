// The SimulationCraft addon's `/simc` export (and the SimC character-profile text it is a subset of),
// read into a plain structure. Pure: no data tables here (item lookups are gear-stats.ts, the profile
// is character.ts). Format as the addon writes it: simulationcraft/simc-addon core.lua
// (commit 305f97962d94428727d6b359199c5f8c2d998c76): docs/input.md "The addon's text".
//
// What is read: the class line `<class>="Name"`, level, race, spec, talents (the active loadout),
// equipped gear lines `slot=[name],id=N,bonus_id=a/b,enchant_id=N,gem_id=a/b,...`, SimC's `gear_<stat>=`
// totals (overrides), the `# Checksum:` line. Everything else is kept: recognised comments (item names,
// saved loadouts, bag items, header) in fields, anything unrecognised as a warning with its line.
import { InputError, type InputWarning } from "./errors.js";

/** Class tokens as the addon writes them (Tokenize(UnitClass)) → the class name the spec catalog uses. */
export const CLASS_TOKENS: Readonly<Record<string, string>> = Object.freeze({
  warrior: "Warrior", paladin: "Paladin", hunter: "Hunter", rogue: "Rogue", priest: "Priest",
  deathknight: "Death Knight", death_knight: "Death Knight", shaman: "Shaman", mage: "Mage", warlock: "Warlock",
  monk: "Monk", druid: "Druid", demonhunter: "Demon Hunter", demon_hunter: "Demon Hunter", evoker: "Evoker",
});

/** Equipment slots of the addon (simcSlotNames) plus SimC's plural spellings, → one canonical name. */
const SLOTS: Readonly<Record<string, string>> = Object.freeze({
  head: "head", neck: "neck", shoulder: "shoulder", shoulders: "shoulder", back: "back", chest: "chest",
  shirt: "shirt", tabard: "tabard", wrist: "wrist", wrists: "wrist", hands: "hands", waist: "waist", legs: "legs",
  feet: "feet", finger1: "finger1", finger2: "finger2", trinket1: "trinket1", trinket2: "trinket2",
  main_hand: "main_hand", off_hand: "off_hand",
});

/** SimC's gear totals (`gear_agility=1392`): they replace the gear's sum of that stat (docs/input.md). */
export const GEAR_OVERRIDE_KEYS = [
  "gear_agility", "gear_strength", "gear_intellect", "gear_crit_rating", "gear_haste_rating", "gear_mastery_rating", "gear_versatility_rating",
] as const;
export type GearOverrideKey = (typeof GEAR_OVERRIDE_KEYS)[number];

/** Keys the addon writes that the simulation records but does not use. */
const RECORDED_KEYS = ["region", "server", "role", "professions", "loot_spec", "zandalari_loa"] as const;
/** SimC profile lines naming the character's consumables (a hand-written or SimC-exported profile has them; the addon does not write them). */
export const CONSUMABLE_KEYS = ["potion", "flask", "food", "augmentation"] as const;
export type ConsumableKey = (typeof CONSUMABLE_KEYS)[number];

/** Gear-line options that change an item the way the game does but that this import does not apply. */
const UNAPPLIED_ITEM_OPTIONS = ["gem_bonus_id", "crafted_stats", "crafting_quality", "drop_level", "content_tuning", "redirected_base_stats", "titan_disc_id", "upgrade_levels", "enchant", "gems", "context"] as const;

export interface GearLine {
  slot: string;
  /** 1-based line in the text. */
  line: number;
  id: number;
  /** The name token before the first comma (`head=primal_sentrys_maw,…`), or the addon's `# Name (ilvl)` comment above. */
  name: string;
  bonusIds: number[];
  enchantId: number;
  gemIds: number[];
  /** SimC's `ilevel=` override (0 = none): the item level the profile states instead of the computed one. */
  ilevel: number;
  /** Options kept but not applied, `key=value` (crafted_stats, drop_level, ...). */
  unapplied: string[];
}

export interface AddonExport {
  file: string;
  /** Class token of the class line (`hunter`) and its catalog name (`Hunter`). */
  classToken: string;
  className: string;
  name: string;
  level?: number;
  /** Race token as written (`orc`, `blood_elf`). */
  race?: string;
  spec?: string;
  /** The active talent loadout string, and its line (messages). */
  talents?: string;
  talentsLine?: number;
  /** region, server, role, professions, loot_spec…: recorded, not simulated. */
  recorded: Record<string, string>;
  gear: GearLine[];
  /** Items the export lists in its bag / weekly-reward / merchant sections (commented out: not equipped). */
  otherGear: GearLine[];
  /** `# Saved Loadout: <name>` + `# talents=…` pairs (not the active build). */
  savedLoadouts: { name: string; talents: string; line: number }[];
  overrides: Partial<Record<GearOverrideKey, number>>;
  /** `potion=`, `flask=`, `food=`, `augmentation=` lines: SimC tokens (the profile's fields; docs/consumables.md). */
  consumables: Partial<Record<ConsumableKey, string>>;
  /** `# SimC Addon …`, `# WoW …` header comments. */
  addonVersion?: string;
  gameVersion?: string;
  /** absent: no `# Checksum:` line (hand-written SimC profiles); valid / mismatch: Adler-32 of the text above it. */
  checksum: "absent" | "valid" | "mismatch";
  warnings: InputWarning[];
}

/** Adler-32 over the UTF-8 bytes (RFC 1950), as the addon computes its `# Checksum:` line. */
export function adler32(text: string): number {
  const bytes = new TextEncoder().encode(text);
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return (b * 65536 + a) >>> 0;
}

const MAX_INPUT_CHARS = 1_000_000;

class LineReader {
  constructor(readonly file: string) {}
  fail(line: number, column: number, detail: string): never {
    throw new InputError("INVALID_INPUT", this.file, line, column, detail);
  }
  int(value: string, line: number, column: number, what: string, max = 2_147_483_647): number {
    if (!/^\d+$/.test(value) || Number(value) > max) this.fail(line, column, `${what} must be a whole number in [0, ${max}], got "${value}"`);
    return Number(value);
  }
  ints(value: string, line: number, column: number, what: string): number[] {
    if (value === "") return [];
    let col = column;
    return value.split("/").map((part) => {
      const n = this.int(part, line, col, what);
      col += part.length + 1;
      return n;
    });
  }
}

/** One `slot=name,key=value,…` line (`text` without a leading `# `); `column0` = column of its first character. */
function parseGearLine(r: LineReader, slotKey: string, text: string, lineNo: number, column0: number, comment: string | undefined, warnings: InputWarning[]): GearLine {
  const slot = SLOTS[slotKey]!;
  const body = text.slice(text.indexOf("=") + 1);
  const parts = body.split(",");
  const item: GearLine = { slot, line: lineNo, id: 0, name: parts[0]!.trim() || (comment ?? ""), bonusIds: [], enchantId: 0, gemIds: [], ilevel: 0, unapplied: [] };
  let col = column0 + text.indexOf("=") + 1 + parts[0]!.length + 1;
  let sawId = false;
  for (const part of parts.slice(1)) {
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? "" : part.slice(eq + 1);
    const vcol = col + key.length + 1;
    if (part === "") {
      col += 1;
      continue;
    }
    if (eq < 0) r.fail(lineNo, col, `${slotKey}: "${part}" is not a key=value option`);
    switch (key) {
      case "id": item.id = r.int(value, lineNo, vcol, `${slotKey} id`); sawId = true; break;
      case "bonus_id": item.bonusIds = r.ints(value, lineNo, vcol, `${slotKey} bonus_id`); break;
      case "enchant_id": item.enchantId = r.int(value, lineNo, vcol, `${slotKey} enchant_id`); break;
      case "gem_id": item.gemIds = r.ints(value, lineNo, vcol, `${slotKey} gem_id`).filter((g) => g !== 0); break;
      case "ilevel": item.ilevel = r.int(value, lineNo, vcol, `${slotKey} ilevel`, 10_000); break;
      default:
        item.unapplied.push(part);
        if (!(UNAPPLIED_ITEM_OPTIONS as readonly string[]).includes(key)) warnings.push({ line: lineNo, message: `${slotKey}: unknown item option "${key}" kept, not applied` });
    }
    col += part.length + 1;
  }
  if (!sawId || item.id === 0) r.fail(lineNo, column0, `${slotKey}: a gear line needs id=<item id> (the addon writes ${slotKey}=,id=N,…)`);
  return item;
}

/** `# Name (289)` above a gear line: the item's name. */
function itemNameComment(text: string): string | undefined {
  const m = /^(.*\S)\s+\((\d+)\)$/.exec(text);
  return m ? m[1] : undefined;
}

/** Reads the addon's export text. Errors: InputError INVALID_INPUT with line and column. */
export function parseAddonExport(text: string, file = "<input>"): AddonExport {
  const r = new LineReader(file);
  if (typeof text !== "string") r.fail(0, 0, `input must be the addon's export text, got ${typeof text}`);
  if (text.length > MAX_INPUT_CHARS) r.fail(0, 0, `input is ${text.length} characters; an addon export is a few thousand (limit ${MAX_INPUT_CHARS})`);
  const normalized = text.replace(/\r\n?/g, "\n");
  const lines = normalized.split("\n");
  const warnings: InputWarning[] = [];
  const out: Omit<AddonExport, "classToken" | "className" | "name"> & Partial<Pick<AddonExport, "classToken" | "className" | "name">> = {
    file, recorded: {}, gear: [], otherGear: [], savedLoadouts: [], overrides: {}, consumables: {}, checksum: "absent", warnings,
  };
  const seen = new Map<string, number>();
  let section = "";
  let pendingName: string | undefined;
  let pendingLoadout: { name: string; line: number } | undefined;
  let actionLines = 0;
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const lineNo = i + 1;
    const lineStart = offset;
    offset += raw.length + 1;
    const lead = raw.length - raw.trimStart().length;
    const line = raw.trim();
    if (line === "") continue;
    if (line.startsWith("#")) {
      const c = line.replace(/^#+\s?/, "").trim();
      if (line.startsWith("###")) {
        section = c;
        continue;
      }
      const checksum = /^Checksum:\s*([0-9a-fA-F]+)$/.exec(c);
      if (checksum) {
        const expected = adler32(normalized.slice(0, lineStart));
        out.checksum = Number.parseInt(checksum[1]!, 16) === expected ? "valid" : "mismatch";
        if (out.checksum === "mismatch") warnings.push({ line: lineNo, message: `checksum ${checksum[1]} does not match the text above it (${expected.toString(16)}): the export was edited or cut after the addon wrote it` });
        continue;
      }
      if (c === "") continue;
      if (/^SimC Addon /.test(c)) { out.addonVersion = c.slice(10).trim(); continue; }
      if (/^WoW /.test(c)) { out.gameVersion = c.slice(4).trim(); continue; }
      if (/^Requires SimulationCraft /.test(c)) continue;
      const saved = /^(Saved|Offspec) Loadout: (.*)$/.exec(c);
      if (saved) { pendingLoadout = { name: saved[2]!, line: lineNo }; continue; }
      const kv = /^([a-z_0-9]+)=(.*)$/.exec(c);
      if (kv && (kv[1] === "talents" || kv[1] === "offspec_talents") && pendingLoadout) {
        out.savedLoadouts.push({ name: pendingLoadout.name, talents: kv[2]!, line: lineNo });
        pendingLoadout = undefined;
        continue;
      }
      if (kv && SLOTS[kv[1]!] !== undefined && /(^|,)id=/.test(kv[2]!)) {
        out.otherGear.push(parseGearLine(r, kv[1]!, c, lineNo, lead + line.indexOf(c) + 1, pendingName, warnings));
        pendingName = undefined;
        continue;
      }
      if (kv) { out.recorded[kv[1]!] = kv[2]!; continue; } // loot_spec, catalyst_currencies, …
      const nm = itemNameComment(c);
      if (nm !== undefined) { pendingName = nm; continue; }
      if (/ - .* - \d{4}-\d\d-\d\d /.test(c) && i < 3) continue; // "# Name - Spec - date - region/realm" header
      if (section !== "") continue; // free text inside a section the addon writes (bag items, weekly rewards)
      warnings.push({ line: lineNo, message: `comment kept, not read: "${c.length > 80 ? `${c.slice(0, 77)}...` : c}"` });
      continue;
    }
    const eq = line.indexOf("=");
    if (eq <= 0) r.fail(lineNo, lead + 1, `expected key=value, got "${line.length > 60 ? `${line.slice(0, 57)}...` : line}"`);
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    const vcol = lead + eq + 2;
    if (key.startsWith("actions")) { actionLines++; continue; }
    if (SLOTS[key] !== undefined) {
      const item = parseGearLine(r, key, line, lineNo, lead + 1, pendingName, warnings);
      pendingName = undefined;
      const prev = seen.get(item.slot);
      if (prev !== undefined) r.fail(lineNo, lead + 1, `${key}: slot ${item.slot} is already equipped on line ${prev}`);
      seen.set(item.slot, lineNo);
      out.gear.push(item);
      continue;
    }
    pendingName = undefined;
    if (CLASS_TOKENS[key] !== undefined) {
      if (out.classToken !== undefined) r.fail(lineNo, lead + 1, `a second class line ("${key}"): one export describes one character`);
      const name = /^"(.*)"$/.exec(value)?.[1] ?? value;
      if (name === "") r.fail(lineNo, vcol, `${key}= needs the character's name (the addon writes ${key}="Name")`);
      out.classToken = key;
      out.className = CLASS_TOKENS[key];
      out.name = name;
      continue;
    }
    switch (key) {
      case "level": out.level = r.int(value, lineNo, vcol, "level", 200); if (out.level < 1) r.fail(lineNo, vcol, "level must be at least 1"); break;
      case "race": if (!/^[a-z_]+$/.test(value)) r.fail(lineNo, vcol, `race must be a token such as orc or blood_elf, got "${value}"`); out.race = value; break;
      case "spec": if (!/^[a-z_]+$/.test(value)) r.fail(lineNo, vcol, `spec must be a token such as beast_mastery, got "${value}"`); out.spec = value; break;
      case "talents":
        if (!/^[A-Za-z0-9+/]+$/.test(value)) {
          const bad = value.search(/[^A-Za-z0-9+/]/);
          r.fail(lineNo, vcol + Math.max(0, bad), `talents must be the game's loadout export string (base64 letters, digits, + and /)${bad >= 0 ? `, found "${value[bad]}"` : ""}`);
        }
        out.talents = value;
        out.talentsLine = lineNo;
        break;
      default:
        if ((GEAR_OVERRIDE_KEYS as readonly string[]).includes(key)) out.overrides[key as GearOverrideKey] = r.int(value, lineNo, vcol, key, 100_000);
        else if ((CONSUMABLE_KEYS as readonly string[]).includes(key)) {
          if (!/^[a-z][a-z0-9_]*$/.test(value)) r.fail(lineNo, vcol, `${key} must be a SimC token such as ${key === "flask" ? "flask_of_the_magisters_2" : key === "potion" ? "lights_potential_2" : key === "food" ? "silvermoon_parade" : "void_touched"} (or disabled), got "${value}"`);
          out.consumables[key as ConsumableKey] = value;
        }
        else if ((RECORDED_KEYS as readonly string[]).includes(key)) out.recorded[key] = value;
        else {
          out.recorded[key] = value;
          warnings.push({ line: lineNo, message: `unknown key "${key}" kept, not simulated` });
        }
    }
  }
  if (actionLines > 0) warnings.push({ line: 0, message: `${actionLines} actions lines ignored: the rotation comes from --rotation or the spec's default, not from the character text` });
  if (out.classToken === undefined) {
    r.fail(0, 0, `no class line: an addon export starts with <class>="<name>" (e.g. hunter="Alleria"); known classes: ${[...new Set(Object.keys(CLASS_TOKENS))].join(", ")}`);
  }
  return out as AddonExport;
}
