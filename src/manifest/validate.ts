// validateManifest: a parsed manifest (or its JSON text) → a typed Manifest, or a ManifestError
// naming file, JSON path and the problem.
import { BOUNDS } from "./bounds.js";
import { ManifestError } from "./errors.js";
import { JsonReader, parseJsonText } from "./json.js";
import { bounded, nonNeg, numOrRef, optNonNeg, readEstimates, setOpt, spellId } from "./read-fields.js";
import { readAura, readPet, readProc, readSpell, readTalentMod } from "./read-decls.js";
import { checkReferences } from "./references.js";
import type { AbsentDecl, AbsentKind, AutoAttackDecl, Manifest, MasteryResourceDecl, PassiveDecl, ResourceDecl, TalentDecl } from "./schema.js";

/** Bump when the manifest format changes incompatibly; every manifest must carry exactly this value. */
export const SCHEMA_VERSION = 1;

/** Spec slugs are kebab-case file names ("beast-mastery"). */
function specSlug(r: JsonReader): string {
  const s = r.str();
  if (!/^[a-z][a-z0-9-]*$/.test(s)) r.error(`expected a kebab-case spec slug, got ${JSON.stringify(s)}`);
  return s;
}

function uniqueNames(list: readonly { name: string }[], r: JsonReader): void {
  const seen = new Set<string>();
  list.forEach((x, i) => {
    if (seen.has(x.name)) r.array()[i]!.field("name").error(`duplicate name "${x.name}"`);
    seen.add(x.name);
  });
}

/** A manifest expression's name: snake_case parts joined by dots (`stealthed.rogue`, `howl_summon.ready`). */
const EXPRESSION_NAME = /^[a-z_][a-z0-9_]*(\.[a-z0-9_]+)*$/;

/**
 * Validate a parsed manifest (or its JSON text). `file` names the source in every error.
 * Checks, in order: JSON syntax, `schema_version` (MANIFEST_SCHEMA_VERSION on mismatch, before any
 * other field so an old file fails with the version message), every field's type, unknown fields,
 * duplicate names, and that every name an op/proc/spell refers to is declared (MANIFEST_UNKNOWN_NAME).
 */

export function validateManifest(json: unknown, file: string): Manifest {
  const fail = (path: string, detail: string): never => {
    throw new ManifestError("INVALID_MANIFEST", file, path, detail);
  };
  const value = typeof json === "string" ? parseJsonText(json, fail) : json;
  const r = new JsonReader(value, "", fail);
  const sv = r.field("schema_version").num({ int: true });
  if (sv !== SCHEMA_VERSION) {
    throw new ManifestError(
      "MANIFEST_SCHEMA_VERSION",
      file,
      "schema_version",
      `schema_version ${sv} does not match the current manifest schema version ${SCHEMA_VERSION}`,
    );
  }
  r.keys([
    "schema_version", "spec", "spec_id", "primary_stat", "mastery", "resources", "auto_attack", "pets", "spells",
    "auras", "procs", "talents", "hero_tree", "passives", "notes", "expressions", "absent",
  ]);
  const mastery = readMastery(r.field("mastery"));

  const resR = r.field("resources");
  const resources = resR.array().map(readResource);
  if (resources.length === 0) resR.error("a spec needs at least one resource");

  const ar = r.opt("auto_attack");
  const auto_attack = ar ? readAutoAttack(ar) : undefined;

  const petsR = r.opt("pets");
  const spellsR = r.field("spells");
  const aurasR = r.opt("auras");
  const procsR = r.opt("procs");
  const talentsR = r.opt("talents");
  const m: Manifest = {
    schema_version: sv,
    spec: specSlug(r.field("spec")),
    spec_id: r.field("spec_id").num({ int: true, min: 1 }),
    primary_stat: r.field("primary_stat").oneOf(["agility", "strength", "intellect"] as const),
    mastery,
    resources,
    pets: petsR?.array().map(readPet) ?? [],
    spells: spellsR.array().map(readSpell),
    auras: aurasR?.array().map(readAura) ?? [],
    procs: procsR?.array().map(readProc) ?? [],
    talents: talentsR?.array().map(readTalent) ?? [],
    passives: r.opt("passives")?.array().map(readPassive) ?? [],
  };
  if (auto_attack) m.auto_attack = auto_attack;
  setOpt(m, "hero_tree", r.opt("hero_tree")?.ident());
  const notes = r.opt("notes");
  if (notes) m.notes = Object.fromEntries(notes.entries().map(([k, v]) => [k, v.str()]));
  const expressions = r.opt("expressions");
  if (expressions) m.expressions = readExpressions(expressions, file);
  const absent = r.opt("absent");
  if (absent) m.absent = readAbsent(absent, file);

  uniqueNames(m.resources, resR);
  if (petsR) uniqueNames(m.pets, petsR);
  uniqueNames(m.spells, spellsR);
  if (aurasR) uniqueNames(m.auras, aurasR);
  if (procsR) uniqueNames(m.procs, procsR);
  if (talentsR) uniqueNames(m.talents, talentsR);
  const passivesR = r.opt("passives");
  if (passivesR) uniqueNames(m.passives, passivesR);
  checkReferences(m, file);
  checkAbsent(m, file);
  return m;
}

/** `mastery`: the mastery spell, kind and what it multiplies. */
function readMastery(mr: JsonReader): Manifest["mastery"] {
  mr.keys(["spell", "kind", "coefficient", "effect", "school", "spells", "ops", "while_aura", "resources", "estimated"]);
  const mastery: Manifest["mastery"] = { spell: spellId(mr.field("spell")), kind: mr.field("kind").oneOf(["uniform", "school", "pet", "none", "spells", "random"] as const) };
  setOpt(mastery, "spells", mr.opt("spells")?.array().map((x) => x.ident()));
  setOpt(mastery, "ops", mr.opt("ops")?.array().map((x) => spellId(x)));
  if (mastery.kind === "spells" && !mastery.spells?.length && !mastery.ops?.length) mr.field("spells").error("kind spells needs `spells` or `ops`: what mastery multiplies");
  const coefficient = mr.opt("coefficient");
  setOpt(mastery, "coefficient", coefficient ? bounded(coefficient, BOUNDS.masteryCoefficient, { min: 0 }) : undefined);
  setOpt(mastery, "effect", mr.opt("effect")?.num({ int: true, min: 1 }));
  setOpt(mastery, "school", mr.opt("school")?.num({ int: true, min: 1 }));
  if (mastery.kind === "school" && mastery.school === undefined) mr.field("school");
  setOpt(mastery, "while_aura", mr.opt("while_aura")?.ident());
  if (mastery.while_aura !== undefined && mastery.kind !== "uniform") mr.field("while_aura").error('"while_aura" gates a uniform mastery: kind must be "uniform"');
  setOpt(mastery, "resources", mr.opt("resources")?.array().map((x): MasteryResourceDecl => {
    x.keys(["resource", "max_effect", "regen_effect"]);
    const d: MasteryResourceDecl = { resource: x.field("resource").ident() };
    setOpt(d, "max_effect", x.opt("max_effect")?.num({ int: true, min: 1 }));
    setOpt(d, "regen_effect", x.opt("regen_effect")?.num({ int: true, min: 1 }));
    if (d.max_effect === undefined && d.regen_effect === undefined) x.error("a mastery resource entry needs max_effect or regen_effect");
    return d;
  }));
  setOpt(mastery, "estimated", readEstimates(mr));
  return mastery;
}

function readResource(x: JsonReader): ResourceDecl {
  x.keys(["name", "power_type", "max", "regen_per_sec", "initial", "haste_scaled", "idle_wake", "max_mods", "regen_mods", "estimated"]);
  const d: ResourceDecl = { name: x.field("name").ident(), power_type: x.field("power_type").num({ int: true, min: 0 }), haste_scaled: x.opt("haste_scaled")?.bool() ?? false };
  const amount = (key: string, min?: number): number | undefined => {
    const f = x.opt(key);
    return f ? bounded(f, BOUNDS.amount, min === undefined ? {} : { min }) : undefined;
  };
  setOpt(d, "max", amount("max", 0));
  setOpt(d, "regen_per_sec", amount("regen_per_sec"));
  setOpt(d, "initial", amount("initial", 0));
  if (x.opt("idle_wake")?.bool()) d.idle_wake = true;
  const mm = x.opt("max_mods");
  if (mm) d.max_mods = mm.array().map((y) => {
    y.keys(["if_talent", "amount"]);
    return { if_talent: y.field("if_talent").ident(), amount: numOrRef(y.field("amount"), BOUNDS.amount) };
  });
  const rm = x.opt("regen_mods");
  if (rm) d.regen_mods = rm.array().map((y) => {
    y.keys(["if_talent", "percent"]);
    return { if_talent: y.field("if_talent").ident(), percent: numOrRef(y.field("percent"), BOUNDS.amount) };
  });
  setOpt(d, "estimated", readEstimates(x));
  return d;
}

function readAutoAttack(ar: JsonReader): AutoAttackDecl {
  ar.keys(["name", "spell", "school", "swing_ms", "weapon_multiplier", "ap_coef", "estimated", "off_hand"]);
  const auto_attack: AutoAttackDecl = {
    name: ar.field("name").ident(),
    spell: spellId(ar.field("spell")),
    school: ar.opt("school")?.num({ int: true, min: 1 }) ?? 1,
    weapon_multiplier: ar.opt("weapon_multiplier") ? bounded(ar.field("weapon_multiplier"), BOUNDS.coefficient, { min: 0 }) : 1,
  };
  setOpt(auto_attack, "ap_coef", optNonNeg(ar, "ap_coef", BOUNDS.coefficient));
  const swing = ar.opt("swing_ms");
  setOpt(auto_attack, "swing_ms", swing ? bounded(swing, BOUNDS.ms, { min: 100 }) : undefined);
  const oh = ar.opt("off_hand");
  if (oh) {
    oh.keys(["name", "damage_factor"]);
    auto_attack.off_hand = { name: oh.field("name").ident(), damage_factor: nonNeg(oh.field("damage_factor"), BOUNDS.coefficient) };
  }
  setOpt(auto_attack, "estimated", readEstimates(ar));
  return auto_attack;
}

function readTalent(t: JsonReader): TalentDecl {
  t.keys(["name", "spell", "default", "rank", "modifies"]);
  const d: TalentDecl = { name: t.field("name").ident(), default: t.opt("default")?.bool() ?? false };
  setOpt(d, "spell", t.opt("spell") ? spellId(t.field("spell")) : undefined);
  setOpt(d, "rank", t.opt("rank")?.num({ int: true, min: 1, max: BOUNDS.count.max }));
  const mods = t.opt("modifies");
  if (mods) d.modifies = mods.array().map(readTalentMod);
  return d;
}

function readPassive(x: JsonReader): PassiveDecl {
  x.keys(["name", "id", "talent", "effects", "comment"]);
  const d: PassiveDecl = {
    name: x.field("name").ident(),
    id: spellId(x.field("id")),
    effects: x.field("effects").array().map((e) => {
      e.keys(["effect", "spells", "auras", "ops", "auto_attack", "rank"]);
      const rank = e.opt("rank")?.num({ int: true, min: 1, max: 10 });
      return {
        ...(rank !== undefined ? { rank } : {}),
        effect: e.field("effect").num({ int: true, min: 1 }),
        spells: e.opt("spells")?.array().map((n) => n.ident()) ?? [],
        auras: e.opt("auras")?.array().map((n) => n.ident()) ?? [],
        ops: e.opt("ops")?.array().map(spellId) ?? [],
        auto_attack: e.opt("auto_attack")?.bool() ?? false,
      };
    }),
  };
  setOpt(d, "talent", x.opt("talent")?.ident());
  setOpt(d, "comment", x.opt("comment")?.str());
  return d;
}

/** `expressions`: name → rotation expression text (the names the rotation may use). */
function readExpressions(expressions: JsonReader, file: string): Record<string, string> {
  return Object.fromEntries(
    expressions.entries().map(([k, v]) => {
      if (!EXPRESSION_NAME.test(k)) throw new ManifestError("INVALID_MANIFEST", file, `expressions.${k}`, `expression name "${k}" must be dot-separated snake_case parts (e.g. "stealthed.rogue")`);
      const text = v.str();
      if (text.trim() === "") throw new ManifestError("INVALID_MANIFEST", file, `expressions.${k}`, "empty expression");
      return [k, text];
    }),
  );
}

/** An absent name must not also be declared as what it claims not to exist (a spell, aura or talent). */
function checkAbsent(m: Manifest, file: string): void {
  const declared: Record<AbsentKind, readonly { name: string }[]> = { spell: m.spells, aura: m.auras, talent: m.talents };
  for (const [name, a] of Object.entries(m.absent ?? {})) {
    if (declared[a.kind].some((d) => d.name === name)) {
      throw new ManifestError("INVALID_MANIFEST", file, `absent.${name}`, `"${name}" is declared absent (${a.kind}) and also in ${a.kind === "talent" ? "talents" : `${a.kind}s`}: a name is either modelled or absent`);
    }
  }
}


/** `absent`: name → { kind, reason, source } (docs/manifests.md "absent"). */
function readAbsent(r: JsonReader, file: string): Record<string, AbsentDecl> {
  return Object.fromEntries(
    r.entries().map(([name, x]) => {
      if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new ManifestError("INVALID_MANIFEST", file, `absent.${name}`, `absent name "${name}" must be a snake_case name (as the rotation spells it)`);
      x.keys(["kind", "reason", "source"]);
      const text = (k: string): string => {
        const v = x.field(k).str();
        if (v.trim() === "") x.at(k).error("must not be empty: say why the name is absent and cite where it comes from");
        return v;
      };
      const decl: AbsentDecl = { kind: x.field("kind").oneOf(["aura", "spell", "talent"] as const), reason: text("reason"), source: text("source") };
      return [name, decl];
    }),
  );
}
