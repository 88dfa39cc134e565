// The spec catalog: the 27 playable damage specs of the bundled game data (spec "playable specs in
// the catalog: 27 descriptors"), built from ChrSpecialization + ChrClasses + PowerType and the
// hand-assigned traits (traits.ts), cross-checked against the data and the implemented manifests.
// `npm run gen` writes the result to src/generated/catalog.ts; `combatsim specs` prints it.
import { CombatsimError } from "../errors.js";
import type { DataBundle, Row } from "../data/types.js";
import type { Manifest } from "../manifest/schema.js";
import { SPEC_TRAITS, type MasteryCategory } from "./traits.js";

/** Which specs count: ChrSpecialization.Role 2 (damage) of the playable classes 1–13, minus the
 * per-class "Initial" placeholder specs (OrderIndex 4, no mastery), as the API's class list does. */
export const DAMAGE_ROLE = 2;
export const PLAYABLE_CLASSES = { min: 1, max: 13 } as const;
export const INITIAL_SPEC_ORDER_INDEX = 4;
export const EXPECTED_SPEC_COUNT = 27;

export interface SpecDescriptor {
  classId: number;
  className: string;
  specId: number;
  slug: string;
  name: string;
  role: "damage";
  primaryResource: { powerType: number; name: string };
  pet: boolean;
  mastery: { spellId: number; category: MasteryCategory; note: string };
  implemented: boolean;
}

export class CatalogError extends CombatsimError {
  constructor(code: "CATALOG_DATA" | "CATALOG_TRAITS" | "CATALOG_MANIFEST", message: string) {
    super(code, message);
  }
}

const num = (row: Row, col: string): number => {
  const v = row[col];
  return typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : Number.NaN;
};
const str = (row: Row, col: string): string => String(row[col] ?? "");

/** Rows of ChrSpecialization that are catalog specs, in (class, OrderIndex) order. */
export function damageSpecRows(bundle: DataBundle): Row[] {
  return bundle
    .table("ChrSpecialization")
    .rows.filter((r) => {
      const cls = num(r, "ClassID");
      return num(r, "Role") === DAMAGE_ROLE && cls >= PLAYABLE_CLASSES.min && cls <= PLAYABLE_CLASSES.max && num(r, "OrderIndex") !== INITIAL_SPEC_ORDER_INDEX;
    })
    .sort((a, b) => num(a, "ClassID") - num(b, "ClassID") || num(a, "OrderIndex") - num(b, "OrderIndex"));
}

/** "FOCUS" → "focus", "RUNIC_POWER" → "runic power". */
function powerName(bundle: DataBundle, powerType: number): string {
  const row = bundle.table("PowerType").rows.find((r) => num(r, "PowerTypeEnum") === powerType);
  if (!row) throw new CatalogError("CATALOG_DATA", `PowerType: no row with PowerTypeEnum ${powerType}`);
  return str(row, "NameGlobalStringTag").toLowerCase().replace(/_/g, " ");
}

/** Manifest facts the catalog checks against its traits (implemented specs only). */
export function manifestTraits(m: Manifest): { primaryPower: number; pet: boolean; mastery: MasteryCategory } {
  // kind "none" (the mastery multiplies nothing itself; ops read it) and "random" (a roll per hit, neither a
  // uniform nor a school multiplier) are the catalog's "other".
  const kind = m.mastery.kind as string;
  return { primaryPower: m.resources[0]!.power_type, pet: m.pets.some((p) => p.permanent), mastery: (kind === "none" || kind === "random" ? "other" : kind) as MasteryCategory };
}

/**
 * Build the 27 descriptors. `implemented` maps slug → the spec's validated manifest for every spec
 * with a manifest, rotation and profile. Throws CatalogError when the data does not give 27 specs,
 * a spec has no traits, a power type is not one of its class's, or a manifest contradicts the traits.
 */
export function buildCatalog(bundle: DataBundle, implemented: ReadonlyMap<string, Manifest>): SpecDescriptor[] {
  const rows = damageSpecRows(bundle);
  if (rows.length !== EXPECTED_SPEC_COUNT) {
    throw new CatalogError("CATALOG_DATA", `ChrSpecialization holds ${rows.length} damage specs of classes 1-13 (role 2, not "Initial"), expected ${EXPECTED_SPEC_COUNT}`);
  }
  const classes = bundle.table("ChrClasses");
  const classPowers = bundle.table("ChrClassesXPowerTypes");
  const ids = new Set(rows.map((r) => num(r, "ID")));
  for (const id of Object.keys(SPEC_TRAITS).map(Number)) {
    if (!ids.has(id)) throw new CatalogError("CATALOG_TRAITS", `src/catalog/traits.ts: spec ${id} is not a damage spec of the bundled ChrSpecialization`);
  }
  const seen = new Set<string>();
  const out = rows.map((r): SpecDescriptor => {
    const specId = num(r, "ID");
    const classId = num(r, "ClassID");
    const t = SPEC_TRAITS[specId];
    if (!t) throw new CatalogError("CATALOG_TRAITS", `src/catalog/traits.ts: no traits for spec ${specId} (${str(r, "Name_lang")})`);
    if (seen.has(t.slug)) throw new CatalogError("CATALOG_TRAITS", `src/catalog/traits.ts: duplicate slug "${t.slug}"`);
    seen.add(t.slug);
    const cls = classes.byId(classId);
    if (!cls) throw new CatalogError("CATALOG_DATA", `ChrClasses: no row with ID ${classId} (spec ${specId})`);
    const powers = classPowers.allByFk("ClassID", classId).map((p) => num(p, "PowerType"));
    if (!powers.includes(t.primaryPower)) {
      throw new CatalogError("CATALOG_TRAITS", `src/catalog/traits.ts: spec ${specId} (${t.slug}) primaryPower ${t.primaryPower} is not a power type of class ${classId} in ChrClassesXPowerTypes (${powers.join(", ")})`);
    }
    const m = implemented.get(t.slug);
    if (!m && !t.needs) throw new CatalogError("CATALOG_TRAITS", `src/catalog/traits.ts: spec ${specId} (${t.slug}) has no folder data/specs/${t.slug}/ and no \`needs\` saying what implementing it takes`);
    if (m) {
      const got = manifestTraits(m);
      if (m.spec_id !== specId) throw new CatalogError("CATALOG_MANIFEST", `data/specs/${t.slug}/manifest.json: spec_id ${m.spec_id}, but the catalog's "${t.slug}" is spec ${specId}`);
      for (const k of ["primaryPower", "pet", "mastery"] as const) {
        if (got[k] !== t[k]) throw new CatalogError("CATALOG_MANIFEST", `data/specs/${t.slug}/manifest.json says ${k} = ${String(got[k])}, src/catalog/traits.ts says ${String(t[k])}: make them agree`);
      }
    }
    return {
      classId,
      className: str(cls, "Name_lang"),
      specId,
      slug: t.slug,
      name: str(r, "Name_lang"),
      role: "damage",
      primaryResource: { powerType: t.primaryPower, name: powerName(bundle, t.primaryPower) },
      pet: t.pet,
      mastery: { spellId: num(r, "MasterySpellID_0"), category: t.mastery, note: t.masteryNote },
      implemented: m !== undefined,
    };
  });
  for (const slug of implemented.keys()) {
    if (!seen.has(slug)) throw new CatalogError("CATALOG_MANIFEST", `data/specs/${slug}/: "${slug}" is not a catalog spec slug (src/catalog/traits.ts)`);
  }
  return out;
}
