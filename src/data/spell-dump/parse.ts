// Reader of SimulationCraft's spell-data dump text (`simc spell_query` / the SpellDataDump/<class>.txt
// files): one block per spell, `Label<padding>: value` lines with the label padded to column 17, labels
// that continue on the next line as `<17 spaces>: value`, an `Effects` section of `#N (id=E) : ...`
// headers each followed by indented detail lines, then free text (Description, Tooltip, Variables).
//
// The reader keeps what the dump states and nothing more: values are the dump's own numbers, unit
// conversions (seconds → ms) are the only arithmetic. Anything the reader does not recognise in the
// header part of a block is a typed error naming file, line and label, so a format change is never
// read silently wrong.
import { CombatsimError } from "../../errors.js";

export class SpellDumpError extends CombatsimError {
  constructor(
    readonly file: string,
    readonly line: number,
    detail: string,
  ) {
    super("SPELL_DUMP_PARSE", `${file}:${line}: ${detail}`);
  }
}

export interface DumpEffect {
  /** 1-based effect number as printed (`#2`). */
  number: number;
  /** SpellEffect row id (`(id=E)`). */
  rowId: number;
  effectType: number;
  effectName: string;
  auraType: number;
  auraName: string;
  /** `every N seconds` on the aura part, in ms (0 = none stated). */
  periodMs: number;
  /** `Attributes: <name> (bit), ...` on the header line: SpellEffect.EffectAttributes bits. */
  attributes: number;
  basePoints: number;
  /** `(delta=x)` after the scaled value: the damage roll's variance. */
  variance: number;
  apCoefficient: number;
  spCoefficient: number;
  pvpCoefficient: number;
  /** Scaling coefficient (`Coefficient: x`, or `(coefficient=x)` after the scaled value, on effects with a scaling class). */
  coefficient: number;
  /** `Scaling Class: <name> (n)` on the header line: SpellEffect.ScalingClass (0 = none printed). */
  scalingClass: number;
  triggerSpell: number;
  miscValue0: number;
  miscValue1: number;
  /**
   * `Radius: a yards` / `Radius: a - b yards`: SimC prints the radius of EffectRadiusIndex_0 (a) and,
   * when it differs, that of EffectRadiusIndex_1 (b); 0 = no radius row.
   */
  radius0: number;
  radius1: number;
  chainTargets: number;
  chainMultiplier: number;
  pointsPerResource: number;
  implicitTarget0: number;
  implicitTarget1: number;
  /** Every `Key: value` pair of the detail lines, verbatim, for values no column above holds. */
  details: Record<string, string>;
}

export interface DumpSpell {
  id: number;
  name: string;
  /** `(desc=...)` after the name: the client's name subtext. */
  subtext: string;
  /** 1-based line of the block's Name line in its file. */
  line: number;
  /** The block's text, verbatim (for provenance and --check). */
  text: string;
  fields: Map<string, string[]>;
  /** Attribute bit numbers (SimC's numbering: word = n / 32, bit = n % 32). */
  attributes: number[];
  effects: DumpEffect[];
  description: string;
  tooltip: string;
}

export interface DumpFile {
  /** The dump's own header line (`SimulationCraft ... for World of Warcraft <build> ...`). */
  header: string;
  build: string;
  /** `# key: value` provenance lines at the top of a kept source file. */
  provenance: Record<string, string>;
  spells: DumpSpell[];
}

const LABEL_WIDTH = 17;
const NAME_RE = /^Name {13}: (.*) \(id=(\d+)\)(?: \[[^\]]*\])? ?$/;
const EFFECT_RE = /^#(\d+) \(id=(\d+)\)\s*: (.*)$/;
const DETAIL_INDENT = " ".repeat(19);

/** Labels of the header part of a block (before Effects); anything else there is an error. */
const HEADER_LABELS = new Set([
  "Talent Entry", "Class", "Race", "School", "Spell Type", "Resource", "Spell Level", "Max Level", "Range", "Cast Time",
  "GCD", "Velocity", "Travel Time", "Min Travel Time", "Travel Delay", "Duration", "Cooldown", "Charges", "Category", "Category Flags", "Stance Mask", "Category Cooldown", "Requires weapon", "Labels",
  "Affecting Spells", "Triggered By", "Proc Chance", "Proc Flags", "Mechanic", "Family Flags", "Attributes",
  "Aura Interrupt", "Channel Interrupt", "Stacks", "Max Stacks", "Internal Cooldown", "Real PPM", "Dispel Type",
  "Replaces", "Override", "Empower", "Equipped Item", "Flags", "Spell Category", "Requires stance", "Casting Req.",
  "Cooldown Group", "Proc Charges", "Global Cooldown", "Icd", "Learn spell", "Learned By", "Internal CD",
  "Max Targets", "Azerite Power Id", "Category Cooldown", "Shapeshift", "Reagents", "Totems", "Description Vars", "Power Cost", "Stance", "Sp Coefficient",
  "Ap Coefficient", "Spell Family", "Content Tuning", "Max Scaling Level", "Min Scaling Level",
  // "Travel Time" (Champion's Spear 376079: a fixed missile delay) is read by nothing: the engine has no travel time.
  "Travel Time",
]);
/** Labels of the free-text tail (after the effects). */
const TEXT_LABELS = new Set(["Description", "Tooltip", "Variables"]);

function labelOf(line: string): { label: string; value: string } | undefined {
  if (line.length < LABEL_WIDTH + 1 || line[LABEL_WIDTH] !== ":") return undefined;
  const label = line.slice(0, LABEL_WIDTH).trimEnd();
  if (label.length === 0 || label.startsWith("#")) return undefined;
  return { label, value: line.slice(LABEL_WIDTH + 1).replace(/^ /, "") };
}

function continuation(line: string): string | undefined {
  return line.startsWith(" ".repeat(LABEL_WIDTH) + ":") ? line.slice(LABEL_WIDTH + 1).replace(/^ /, "") : undefined;
}

/** The leading number of a value (`0x7f`, `-7`, `0.31625`, `5185 (Label)`); anything else throws. */
const num = (s: string): number => {
  const m = /^(-?0x[0-9a-f]+|-?\d+(?:\.\d+)?)\b/i.exec(s.trim());
  if (!m) throw new Error(`not a number: ${JSON.stringify(s)}`);
  return /0x/i.test(m[1]!) ? parseInt(m[1]!, 16) : Number(m[1]);
};

/** `2.5 seconds` / `750 milliseconds` / `1 minute`... → ms; undefined for text such as `Aura (infinite)`. */
export function durationMs(text: string): number | undefined {
  const m = /^(-?[\d.]+) (milliseconds|ms|seconds?|sec|minutes?|min|hours?)\b/.exec(text.trim());
  if (!m) return undefined;
  const v = Number(m[1]);
  const unit = m[2]!;
  const scale = unit.startsWith("m") && unit !== "ms" && unit !== "milliseconds" ? 60000 : unit.startsWith("h") ? 3600000 : unit === "ms" || unit === "milliseconds" ? 1 : 1000;
  return Math.round(v * scale);
}

function parseRadius(text: string): [number, number] {
  const m = /^([\d.]+)(?: - ([\d.]+))? yards?$/.exec(text.trim());
  if (!m) throw new Error(`radius "${text}"`);
  return [Number(m[1]), Number(m[2] ?? 0)];
}

function parseEffectHeader(rest: string, effect: DumpEffect): void {
  // "<Effect name> (N)[: text]" [" | <Aura name> (M)[: text]"] [" | Attributes: <name> (bit), ..."]
  const parts = rest.split(" | ");
  const attrs = parts.findIndex((p) => p.startsWith("Attributes: "));
  if (attrs >= 0) {
    for (const m of parts.splice(attrs, 1)[0]!.matchAll(/\((\d+)\)(?:,|$)/g)) effect.attributes |= 1 << Number(m[1]);
  }
  // item and consumable effects (nonclass.txt): "Scaling Class: Primary Attribute (-1)"
  const scaling = parts.findIndex((p) => p.startsWith("Scaling Class: "));
  if (scaling >= 0) {
    const m = /\((-?\d+)\)$/.exec(parts.splice(scaling, 1)[0]!.trim());
    if (!m) throw new Error(`scaling class in "${rest}"`);
    effect.scalingClass = Number(m[1]);
  }
  if (parts.length > 2) throw new Error(`more parts than effect | aura in "${rest}"`);
  const e = /^(.*?) ?\((\d+)\)(?::.*)?$/.exec(parts[0]!.trim());
  if (!e) throw new Error(`effect type in "${rest}"`);
  effect.effectName = e[1]!;
  effect.effectType = Number(e[2]);
  if (parts[1] === undefined) return;
  const a = /^(.*?) ?\((\d+)\)(?::(.*))?$/.exec(parts[1].trim());
  if (!a) throw new Error(`aura type in "${rest}"`);
  effect.auraName = a[1]!;
  effect.auraType = Number(a[2]);
  const every = /every ([\d.]+ (?:milliseconds|seconds?|minutes?))/.exec(a[3] ?? "");
  if (every) effect.periodMs = durationMs(every[1]!)!;
}

function applyDetail(key: string, value: string, effect: DumpEffect): void {
  effect.details[key] = value;
  switch (key) {
    case "Base Value": effect.basePoints = num(value); break;
    case "Scaled Value": {
      const d = /[(,] ?delta=([-\d.]+)\)/.exec(value);
      if (d) effect.variance = Number(d[1]);
      // "473.1867 (coefficient=3.609894)": the scaling-class coefficient (SpellEffect.Coefficient)
      const c = /\(coefficient=([-\d.e+]+)[,)]/.exec(value);
      if (c) effect.coefficient = Number(c[1]);
      break;
    }
    case "AP Coefficient": effect.apCoefficient = num(value); break;
    case "SP Coefficient": effect.spCoefficient = num(value); break;
    case "PvP Coefficient": effect.pvpCoefficient = num(value); break;
    case "Coefficient": effect.coefficient = num(value); break;
    case "Trigger Spell": effect.triggerSpell = num(value); break;
    case "Misc Value": effect.miscValue0 = num(value); break;
    case "Misc Value 2": effect.miscValue1 = num(value); break;
    case "Radius": [effect.radius0, effect.radius1] = parseRadius(value); break;
    case "Chain Targets": effect.chainTargets = num(value); break;
    case "Chain Multiplier": effect.chainMultiplier = num(value); break;
    case "Points Per Combo Point": case "Points Per Resource": effect.pointsPerResource = num(value); break;
    case "Target": {
      const ids = [...value.matchAll(/\((\d+)\)/g)].map((m) => Number(m[1]));
      effect.implicitTarget0 = ids[0] ?? 0;
      effect.implicitTarget1 = ids[1] ?? 0;
      break;
    }
    default: break;
  }
}

function newEffect(number: number, rowId: number): DumpEffect {
  return {
    number, rowId, effectType: 0, effectName: "", auraType: 0, auraName: "", periodMs: 0, attributes: 0, basePoints: 0, variance: 0,
    apCoefficient: 0, spCoefficient: 0, pvpCoefficient: 0, coefficient: 0, triggerSpell: 0, miscValue0: 0, miscValue1: 0,
    radius0: 0, radius1: 0, chainTargets: 0, chainMultiplier: 0, pointsPerResource: 0, implicitTarget0: 0, implicitTarget1: 0, details: {}, scalingClass: 0,
  };
}

/** One block (lines of a single spell) → DumpSpell. `first` is the 1-based line of lines[0]. */
function parseBlock(file: string, lines: string[], first: number): DumpSpell {
  const fail = (i: number, detail: string): never => {
    throw new SpellDumpError(file, first + i, detail);
  };
  const nm = NAME_RE.exec(lines[0]!);
  if (!nm) fail(0, `expected "Name             : <name> (id=N)", got ${JSON.stringify(lines[0])}`);
  let name = nm![1]!;
  let subtext = "";
  const desc = /^(.*) \(desc=(.*)\)$/.exec(name);
  if (desc) [name, subtext] = [desc[1]!, desc[2]!];
  const spell: DumpSpell = {
    id: Number(nm![2]), name, subtext, line: first, text: lines.join("\n"), fields: new Map(), attributes: [], effects: [],
    description: "", tooltip: "",
  };

  let section: "header" | "effects" | "text" = "header";
  let lastLabel = "";
  let effect: DumpEffect | undefined;
  const texts: Record<string, string[]> = {};
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (section === "text") {
      const l = labelOf(line);
      if (l && TEXT_LABELS.has(l.label)) {
        lastLabel = l.label;
        texts[lastLabel] = [l.value];
      } else texts[lastLabel]!.push(line);
      continue;
    }
    const l = labelOf(line);
    if (l && TEXT_LABELS.has(l.label)) {
      section = "text";
      lastLabel = l.label;
      texts[lastLabel] = [l.value];
      continue;
    }
    if (section === "effects") {
      const e = EFFECT_RE.exec(line);
      if (e) {
        effect = newEffect(Number(e[1]), Number(e[2]));
        try {
          parseEffectHeader(e[3]!, effect);
        } catch (err) {
          fail(i, `cannot read effect header: ${(err as Error).message}`);
        }
        spell.effects.push(effect);
        continue;
      }
      if (effect && line.startsWith(DETAIL_INDENT)) {
        const body = line.slice(DETAIL_INDENT.length);
        for (const part of body.split(" | ")) {
          const kv = /^([A-Za-z][A-Za-z0-9 ()%.'/-]*?): (.*)$/.exec(part);
          if (!kv) {
            effect.details[part.trim()] = "";
            continue;
          }
          try {
            applyDetail(kv[1]!, kv[2]!, effect);
          } catch (err) {
            fail(i, `effect #${effect.number}: cannot read ${kv[1]}: ${(err as Error).message}`);
          }
        }
        continue;
      }
      fail(i, `unexpected line in the Effects section: ${JSON.stringify(line)}`);
    }
    // header section
    const c = continuation(line);
    if (c !== undefined) {
      if (!lastLabel) fail(i, "continuation line without a label");
      spell.fields.get(lastLabel)!.push(c);
      continue;
    }
    if (!l) fail(i, `expected "Label : value", got ${JSON.stringify(line)}`);
    if (l!.label === "Effects") {
      section = "effects";
      continue;
    }
    if (!HEADER_LABELS.has(l!.label)) fail(i, `unknown label "${l!.label}"`);
    lastLabel = l!.label;
    spell.fields.set(lastLabel, [l!.value]);
  }
  spell.description = (texts["Description"] ?? []).join("\n");
  spell.tooltip = (texts["Tooltip"] ?? []).join("\n");
  spell.attributes = [...(spell.fields.get("Attributes") ?? []).join(", ").matchAll(/\((\d+)\)(?:,|$)/g)].map((m) => Number(m[1]));
  return spell;
}

/**
 * Parse a dump file (a whole SpellDataDump/<class>.txt, or a kept excerpt with `# key: value`
 * provenance lines first). Blocks start at a `Name` line that follows an empty line (descriptions
 * may hold empty lines of their own).
 */
export function parseSpellDump(text: string, file: string): DumpFile {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const provenance: Record<string, string> = {};
  let i = 0;
  for (; i < lines.length && lines[i]!.startsWith("#"); i++) {
    const m = /^# ([^:]+): (.*)$/.exec(lines[i]!);
    if (m) provenance[m[1]!] = m[2]!;
  }
  const header = lines[i] ?? "";
  const build = /World of Warcraft (\d+\.\d+\.\d+\.\d+)/.exec(header)?.[1];
  if (!build) throw new SpellDumpError(file, i + 1, `expected the dump's header line naming the build, got ${JSON.stringify(header)}`);
  const starts: number[] = [];
  for (let j = i + 1; j < lines.length; j++) {
    if (lines[j]!.startsWith("Name             : ") && (j === i + 1 || lines[j - 1] === "")) starts.push(j);
  }
  const spells: DumpSpell[] = [];
  starts.forEach((s, k) => {
    let end = k + 1 < starts.length ? starts[k + 1]! - 1 : lines.length;
    while (end > s && lines[end - 1] === "") end--;
    spells.push(parseBlock(file, lines.slice(s, end), s + 1));
  });
  for (let k = 1; k < spells.length; k++) {
    if (spells[k]!.id <= spells[k - 1]!.id) {
      throw new SpellDumpError(file, spells[k]!.line, `spell ${spells[k]!.id} after ${spells[k - 1]!.id}: blocks must be in ascending id order, once each`);
    }
  }
  return { header, build, provenance, spells };
}
