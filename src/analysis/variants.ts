// Variants: the base character and fight with changes. One vocabulary for the CLI
// (`--variant name:key=value,...`), variants files and the library (`compare({ variants })`):
//
//   primary | agility | strength | intellect   the spec's primary stat (naming another attribute is an error)
//   crit | haste | mastery | versatility (vers)  secondary ratings
//   weapon_dps                                   the profile weapon's DPS (min and max damage move by Δ × speed)
//      value "N" = set to N, "+N" / "-N" = add, "+N%" / "-N%" = change by N percent of the base value;
//      a JSON number is "set"
//   talents      the full talent list: "a/b/c" on the CLI, an array (or that string) in JSON; "" = none
//   rotation     a rotation file (JSON; relative paths in a variants file are relative to that file)
//   targets      active enemies, an integer in [1, 20]
//   duration     fight length in seconds, (0, 3600]
//
// A variant keeps the base's seed and chunk plan: that is what makes its runs paired with the
// baseline's (docs/analysis.md). Gear swaps (slot → item) are not expressible: profiles carry stat
// totals, not items, and the bundled item tables have no stat rows for arbitrary items.
import { bundledDataDir, loadDataBundle, resolveDataDir } from "../data/bundle.js";
import type { DataBundle } from "../data/types.js";
import { nodeModules } from "../data/source.js";
import { prepareSimulation, type PreparedSim, type SimulateConfig } from "../engine/simulate.js";
import { parseProfile, type Profile } from "../engine/profile.js";
import { readTextFile } from "../manifest/load.js";
import { readerFor, SpecFiles } from "../data/spec-files.js";
import { AnalysisError } from "./errors.js";

export type StatKey = "primary" | "crit" | "haste" | "mastery" | "versatility" | "weapon_dps";
export const STAT_KEYS: readonly StatKey[] = ["primary", "crit", "haste", "mastery", "versatility", "weapon_dps"];

export interface StatChange {
  /** add: + value; set: = value; percent: + value % of the base value. */
  op: "add" | "set" | "percent";
  value: number;
}

/** A variant after parsing (names resolved, values checked). */
export interface Variant {
  name: string;
  stats: Partial<Record<StatKey, StatChange>>;
  talents?: string[];
  /** Rotation: parsed JSON object, or the text of a rotation file. */
  rotation?: unknown;
  /** Where `rotation` came from (messages, reports). */
  rotationFile?: string;
  targets?: number;
  duration?: number;
}

/** A variant as written in a variants file or passed to the library (values as on the CLI, or numbers). */
export type VariantInput = { name: string } & Record<string, unknown>;

const ATTRIBUTES = ["agility", "strength", "intellect"] as const;
const KEY_ALIASES: Record<string, string> = { vers: "versatility", weapon: "weapon_dps", "weapon-dps": "weapon_dps", talent: "talents" };
const KNOWN_KEYS = ["primary", ...ATTRIBUTES, "crit", "haste", "mastery", "versatility", "weapon_dps", "talents", "rotation", "targets", "duration"];

/** Reserved: the unchanged base in every analysis result. */
export const BASELINE_NAME = "baseline";

function bad(field: string, detail: string): never {
  throw new AnalysisError("INVALID_VARIANT", field, detail);
}

/** "+12", "-3.5", "250", "+1%", "-10 %" → StatChange. */
export function parseStatChange(text: string, field: string): StatChange {
  const m = /^\s*([+-]?)\s*(\d+(?:\.\d*)?|\.\d+)(?:e([+-]?\d+))?\s*(%?)\s*$/i.exec(text);
  if (!m) bad(field, `expected N (set), +N / -N (add) or +N% / -N% (percent of the base), got ${JSON.stringify(text)}`);
  const sign = m[1] === "-" ? -1 : 1;
  const value = sign * Number(`${m[2]}${m[3] !== undefined ? `e${m[3]}` : ""}`);
  if (!Number.isFinite(value)) bad(field, `${JSON.stringify(text)} is not a finite number`);
  if (m[4] === "%") {
    if (m[1] === "") bad(field, `a percentage must be signed (+N% or -N%), got ${JSON.stringify(text)}`);
    return { op: "percent", value };
  }
  if (m[1] === "") return { op: "set", value };
  return { op: "add", value };
}

/**
 * Checks one variant object ({ name, key: value, ... }) against the vocabulary. `primaryStat` is the
 * spec's attribute ("agility"), so "intellect=+10" on a hunter is an error rather than a no-op;
 * `baseDir` resolves relative rotation paths. Rotation files are read here.
 */
export async function parseVariant(input: unknown, field: string, opts: { primaryStat?: string; baseDir?: string }): Promise<Variant> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) bad(field, `expected an object { "name": ..., key: value }, got ${JSON.stringify(input)}`);
  const o = input as Record<string, unknown>;
  const name = o["name"];
  if (typeof name !== "string" || name.trim() === "") bad(`${field}.name`, `a variant needs a non-empty name, got ${JSON.stringify(name)}`);
  if (name.trim() === BASELINE_NAME) bad(`${field}.name`, `"${BASELINE_NAME}" is reserved for the unchanged base`);
  const v: Variant = { name: name.trim(), stats: {} };
  const seen = new Set<string>();
  for (const [rawKey, value] of Object.entries(o)) {
    if (rawKey === "name" || value === undefined) continue;
    const key = KEY_ALIASES[rawKey] ?? rawKey;
    const f = `${field}.${rawKey}`;
    if (!KNOWN_KEYS.includes(key)) bad(f, `unknown key (known: ${KNOWN_KEYS.join(", ")}; aliases: ${Object.keys(KEY_ALIASES).join(", ")})`);
    let stat: StatKey | null = null;
    if (key === "primary" || (ATTRIBUTES as readonly string[]).includes(key)) {
      // without a spec (early CLI checks) any attribute stands for the primary; the spec's own check comes later
      if (key !== "primary" && opts.primaryStat !== undefined && key !== opts.primaryStat) bad(f, `this spec's primary stat is ${opts.primaryStat}, not ${key}`);
      stat = "primary";
    } else if ((STAT_KEYS as readonly string[]).includes(key)) stat = key as StatKey;
    const canonical = stat ?? key;
    if (seen.has(canonical)) bad(f, `${canonical} is given twice`);
    seen.add(canonical);
    if (stat) {
      if (typeof value === "number") {
        if (!Number.isFinite(value)) bad(f, `${value} is not finite`);
        v.stats[stat] = { op: "set", value };
      } else if (typeof value === "string") v.stats[stat] = parseStatChange(value, f);
      else bad(f, `expected a number or a string such as "+50", got ${JSON.stringify(value)}`);
      continue;
    }
    switch (key) {
      case "talents": {
        const list = typeof value === "string" ? value.split("/") : Array.isArray(value) ? value : null;
        if (!list || list.some((t) => typeof t !== "string")) bad(f, `expected talent names ("a/b" or ["a", "b"]), got ${JSON.stringify(value)}`);
        v.talents = (list as string[]).map((t) => t.trim()).filter(Boolean);
        break;
      }
      case "targets": {
        const n = typeof value === "string" ? Number(value) : value;
        if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 20) bad(f, `expected an integer in [1, 20], got ${JSON.stringify(value)}`);
        v.targets = n;
        break;
      }
      case "duration": {
        const n = typeof value === "string" ? Number(value) : value;
        if (typeof n !== "number" || !Number.isFinite(n) || n <= 0 || n > 3600) bad(f, `expected seconds in (0, 3600], got ${JSON.stringify(value)}`);
        v.duration = n;
        break;
      }
      case "rotation": {
        if (typeof value === "string") {
          if (value.trim() === "") bad(f, "expected a rotation file path");
          const file = await resolvePath(value.trim(), opts.baseDir);
          v.rotation = await readTextFile(file);
          v.rotationFile = file;
        } else if (typeof value === "object" && value !== null) {
          v.rotation = value;
          v.rotationFile = `<${field}.rotation>`;
        } else bad(f, `expected a rotation file path or a rotation object, got ${JSON.stringify(value)}`);
        break;
      }
    }
  }
  return v;
}

async function resolvePath(p: string, baseDir: string | undefined): Promise<string> {
  if (baseDir === undefined) return p;
  const { path } = await nodeModules();
  return path.isAbsolute(p) ? p : path.join(baseDir, p);
}

/**
 * CLI form `name:key=value,key=value` → a variant object for parseVariant. Values cannot contain
 * commas (talent lists use "/"); "name" alone (no changes) is allowed and runs the base unchanged.
 */
export function variantObjectFromCli(text: string, field = "--variant"): VariantInput {
  const colon = text.indexOf(":");
  const name = (colon < 0 ? text : text.slice(0, colon)).trim();
  if (name === "") bad(field, `expected name:key=value,... (e.g. "crit100:crit=+100"), got ${JSON.stringify(text)}`);
  const o: VariantInput = { name };
  const rest = colon < 0 ? "" : text.slice(colon + 1);
  if (rest.trim() === "") return o;
  for (const part of rest.split(",")) {
    const eq = part.indexOf("=");
    if (eq <= 0) bad(`${field} "${name}"`, `expected key=value, got ${JSON.stringify(part)}`);
    const key = part.slice(0, eq).trim();
    if (Object.prototype.hasOwnProperty.call(o, key)) bad(`${field} "${name}".${key}`, `${key} is given twice`);
    o[key] = part.slice(eq + 1).trim();
  }
  return o;
}

/** Variants file: `{ "variants": [ {...}, ... ] }` or a bare array. */
export async function readVariantsFile(file: string): Promise<{ inputs: unknown[]; baseDir: string }> {
  const { path, fsp } = await nodeModules();
  let text: string;
  try {
    text = await fsp.readFile(file, "utf8");
  } catch (e) {
    throw new AnalysisError("VARIANTS_FILE", file, `cannot read: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new AnalysisError("VARIANTS_FILE", file, `not valid JSON: ${(e as Error).message}`);
  }
  const list = Array.isArray(json) ? json : typeof json === "object" && json !== null && Array.isArray((json as { variants?: unknown }).variants) ? (json as { variants: unknown[] }).variants : null;
  if (!list) throw new AnalysisError("VARIANTS_FILE", file, `expected { "variants": [...] } or an array of variants`);
  if (typeof json === "object" && json !== null && !Array.isArray(json)) {
    for (const k of Object.keys(json)) if (k !== "variants" && k !== "comment") throw new AnalysisError("VARIANTS_FILE", `${file}: ${k}`, `unknown field (allowed: variants, comment)`);
  }
  return { inputs: list, baseDir: path.dirname(path.resolve(file)) };
}

// ---------------------------------------------------------------------------------------------------
// The base, loaded once, and the variants compiled against it
// ---------------------------------------------------------------------------------------------------

/** The base character and fight, with every file read once (variants only re-resolve and recompile). */
export interface AnalysisBase {
  spec: string;
  dataDir: string;
  bundle: DataBundle;
  duration: number;
  targets: number;
  seed: bigint;
  talents?: string[];
  manifest?: unknown;
  rotation?: unknown;
  /** The profile JSON (snake_case, as in the file) and where it came from. */
  profileJson: Record<string, unknown>;
  profileFile: string;
  profile: Profile;
  /** The base, compiled. */
  prepared: PreparedSim & { durationS: number; targets: number };
}

/** Loads and compiles the base of an analysis from a SimulateConfig (the same inputs `simulate()` takes). */
export async function loadAnalysisBase(config: SimulateConfig): Promise<AnalysisBase> {
  // prepareSimulation validates spec, duration, targets, seed and talents with simulate()'s messages
  const dataDir = config.dataDir ?? (config.bundle ? config.bundle.dir : resolveDataDir());
  const bundle = config.bundle ?? (await loadDataBundle(dataDir));
  const spec = config.spec ?? "beast-mastery";
  let profileText: unknown;
  let profileFile: string;
  if (config.profile !== undefined) {
    profileText = config.profile;
    profileFile = "<config.profile>";
  } else if (config.profileFile !== undefined) {
    profileFile = config.profileFile;
    profileText = await readTextFile(profileFile);
  } else {
    // the lookup prepareSimulation makes: the data dir's profile, else the bundled one
    const bundled = bundledDataDir();
    const files = new SpecFiles(bundled === dataDir ? [readerFor(dataDir)] : [readerFor(dataDir), readerFor(bundled)]);
    ({ file: profileFile, text: profileText } = await files.read("profiles", spec));
  }
  const profile = parseProfile(profileText, profileFile);
  const profileJson = (typeof profileText === "string" ? JSON.parse(profileText) : structuredClone(profileText)) as Record<string, unknown>;
  const base: Omit<AnalysisBase, "prepared" | "seed"> & { seed?: unknown } = {
    spec,
    dataDir,
    bundle,
    duration: config.duration ?? 300,
    targets: config.targets ?? 1,
    seed: config.seed ?? 1,
    profileJson,
    profileFile,
    profile,
    ...(config.talents !== undefined ? { talents: config.talents } : {}),
    ...(config.manifest !== undefined ? { manifest: config.manifest } : {}),
    ...(config.rotation !== undefined ? { rotation: config.rotation } : {}),
  };
  // prepareSimulation checks spec, duration, targets, seed and talents (simulate()'s typed errors)
  const prepared = await prepareSimulation({ ...baseSimConfig(base), profile: profileJson });
  return { ...base, seed: prepared.seed, prepared };
}

function baseSimConfig(base: Omit<AnalysisBase, "prepared" | "seed"> & { seed?: unknown }): SimulateConfig {
  return {
    spec: base.spec,
    dataDir: base.dataDir,
    bundle: base.bundle,
    duration: base.duration,
    targets: base.targets,
    seed: base.seed as SimulateConfig["seed"],
    ...(base.talents !== undefined ? { talents: base.talents } : {}),
    ...(base.manifest !== undefined ? { manifest: base.manifest } : {}),
    ...(base.rotation !== undefined ? { rotation: base.rotation } : {}),
  };
}

/** The profile's weapon DPS: mean damage per swing / swing seconds. */
export function weaponDps(p: Profile): number {
  return (p.weapon.minDamage + p.weapon.maxDamage) / 2 / (p.weapon.speedMs / 1000);
}

/** Current value of a stat in a profile. */
export function statValue(p: Profile, stat: StatKey): number {
  switch (stat) {
    case "primary":
      return p.primaryStat;
    case "weapon_dps":
      return weaponDps(p);
    default:
      return p.ratings[stat];
  }
}

/** new value of `stat` after `change` from `base`. */
function changed(base: number, c: StatChange): number {
  return c.op === "set" ? c.value : c.op === "add" ? base + c.value : base * (1 + c.value / 100);
}

/** The base profile JSON with a variant's stat changes applied (snake_case, as parseProfile reads it). */
export function applyStatChanges(base: AnalysisBase, v: Variant): Record<string, unknown> {
  const json = structuredClone(base.profileJson) as Record<string, unknown> & { ratings: Record<string, number>; weapon: Record<string, number> };
  for (const stat of STAT_KEYS) {
    const c = v.stats[stat];
    if (!c) continue;
    const before = statValue(base.profile, stat);
    const after = changed(before, c);
    const field = `variant "${v.name}".${stat === "primary" ? "primary" : stat}`;
    if (!Number.isFinite(after) || after < 0) bad(field, `gives ${stat} = ${after} (from ${before}); stats cannot go below 0`);
    if (stat === "primary") json["primary_stat"] = after;
    else if (stat === "weapon_dps") {
      // keep speed and the damage spread: min and max move by the same Δdamage = ΔDPS × speed
      const dd = (after - before) * (base.profile.weapon.speedMs / 1000);
      json.weapon = { ...json.weapon, min_damage: base.profile.weapon.minDamage + dd, max_damage: base.profile.weapon.maxDamage + dd };
      if (base.profile.weapon.minDamage + dd < 0) bad(field, `gives weapon min_damage ${base.profile.weapon.minDamage + dd} < 0`);
    } else json.ratings = { ...json.ratings, [stat]: after };
  }
  return json;
}

/** Compiles one variant against the base (same seed: the runs pair with the baseline's). */
export async function prepareVariant(base: AnalysisBase, v: Variant): Promise<PreparedSim & { durationS: number; targets: number }> {
  const noChange = Object.keys(v.stats).length === 0 && v.talents === undefined && v.rotation === undefined && v.targets === undefined && v.duration === undefined;
  if (noChange) return base.prepared;
  const cfg: SimulateConfig = {
    ...baseSimConfig(base),
    profile: applyStatChanges(base, v),
    ...(v.talents !== undefined ? { talents: v.talents } : {}),
    ...(v.rotation !== undefined ? { rotation: v.rotation } : {}),
    ...(v.targets !== undefined ? { targets: v.targets } : {}),
    ...(v.duration !== undefined ? { duration: v.duration } : {}),
  };
  return prepareSimulation(cfg);
}

/** One-line description of a variant's changes ("crit +100, talents a/b"). */
export function describeVariant(v: Variant): string {
  const parts: string[] = [];
  for (const stat of STAT_KEYS) {
    const c = v.stats[stat];
    if (!c) continue;
    const val = c.op === "set" ? `= ${c.value}` : c.op === "add" ? `${c.value >= 0 ? "+" : ""}${c.value}` : `${c.value >= 0 ? "+" : ""}${c.value} %`;
    parts.push(`${stat} ${val}`);
  }
  if (v.talents !== undefined) parts.push(`talents ${v.talents.join("/") || "none"}`);
  if (v.rotation !== undefined) parts.push(`rotation ${v.rotationFile ?? "given"}`);
  if (v.targets !== undefined) parts.push(`targets ${v.targets}`);
  if (v.duration !== undefined) parts.push(`duration ${v.duration} s`);
  return parts.join(", ") || "no change";
}

/**
 * Parses a list of variant inputs, checking names are unique. `sources[i]`, when given, is how
 * variant i is named in errors instead of `field[i]` (the CLI: `--variant "x"`, `v.json: variants[2]`).
 */
export async function parseVariants(inputs: readonly unknown[], field: string, opts: { primaryStat?: string; baseDir?: string }, sources?: readonly string[]): Promise<Variant[]> {
  const out: Variant[] = [];
  const names = new Set<string>();
  for (let i = 0; i < inputs.length; i++) {
    const where = sources?.[i] ?? `${field}[${i}]`;
    const v = await parseVariant(inputs[i], where, opts);
    if (names.has(v.name)) bad(`${where}.name`, `duplicate variant name "${v.name}"`);
    names.add(v.name);
    out.push(v);
  }
  return out;
}
