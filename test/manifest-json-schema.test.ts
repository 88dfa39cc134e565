// data/specs/_shared/manifest.schema.json (src/manifest/json-schema.ts) vs the validator (validate.ts, read-*.ts):
// same field sets, bundled manifests valid under both, the same mutations rejected by both.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkJsonSchema, MANIFEST_JSON_SCHEMA, schemaObjects } from "../src/manifest/json-schema.js";
import { dataDirPieces, ManifestError, mergeManifestLayers, validateManifest } from "../src/manifest/index.js";
import { specFolders } from "./helpers/spec-data.js";

const ROOT = path.resolve(__dirname, "..");
const SPECS = path.join(ROOT, "data/specs");
const read = async (f: string) => readFileSync(f, "utf8");

/** The validator's files (validateManifest and the readers it calls). */
const VALIDATOR_FILES = ["validate.ts", "read-fields.ts", "read-ops.ts", "read-decls.ts"];

/** Every `keys([...])` list in the validator, as sorted field lists. */
function validatorKeyLists(): string[][] {
  const src = VALIDATOR_FILES.map((f) => readFileSync(path.join(ROOT, "src/manifest", f), "utf8")).join("\n");
  return [...src.matchAll(/\.keys\(\[([^\]]*)\]\)/g)].map((m) => [...m[1]!.matchAll(/"([a-z_]+)"/g)].map((x) => x[1]!).sort());
}

describe("manifest JSON Schema", () => {
  it("is the committed data/specs/_shared/manifest.schema.json", () => {
    expect(JSON.parse(readFileSync(path.join(SPECS, "_shared/manifest.schema.json"), "utf8"))).toEqual(MANIFEST_JSON_SCHEMA);
  });

  it("its objects have exactly the field sets validateManifest accepts (and vice versa)", () => {
    const lists = validatorKeyLists().map((l) => l.join(","));
    expect(lists.length).toBeGreaterThan(15);
    const objects = schemaObjects()
      .filter((o) => !o.where.startsWith("$defs.removal"))
      // the root's `extends` is consumed by extends.ts before validateManifest sees the document
      .map((o) => ({ where: o.where, keys: Object.keys(o.properties).filter((k) => o.where !== "manifest" || k !== "extends").sort().join(",") }));
    const objectKeys = new Set(objects.map((o) => o.keys));
    const missingInSchema = lists.filter((l) => !objectKeys.has(l));
    expect(missingInSchema, "schema.ts accepts a field set the JSON Schema lacks: update src/manifest/json-schema.ts and run npm run gen").toEqual([]);
    const listSet = new Set(lists);
    const extraInSchema = objects.filter((o) => !listSet.has(o.keys)).map((o) => `${o.where}: ${o.keys}`);
    expect(extraInSchema, "the JSON Schema has an object schema.ts does not accept").toEqual([]);
  });

  it("every bundled manifest and piece is valid under the JSON Schema", () => {
    const files = [
      ...specFolders().map((s) => `${s}/manifest.json`),
      ...["_class", "_shared"].flatMap((d) => readdirSync(path.join(SPECS, d)).filter((f) => f.endsWith(".json") && f !== "manifest.schema.json").map((f) => `${d}/${f}`)),
    ];
    expect(files).toEqual(expect.arrayContaining(["beast-mastery/manifest.json", "_class/hunter.json", "_shared/raid.json"]));
    for (const f of files) expect(checkJsonSchema(JSON.parse(readFileSync(path.join(SPECS, f), "utf8"))), f).toEqual([]);
  });

  describe("mutations of the merged Beast Mastery manifest are rejected by both", async () => {
    const file = path.join(SPECS, "beast-mastery/manifest.json");
    const { doc } = await mergeManifestLayers(await read(file), file, dataDirPieces(path.join(ROOT, "data")));
    const base = JSON.parse(JSON.stringify(doc)) as Record<string, any>;
    delete base["extends"];

    it("the unmutated merged document passes both", () => {
      expect(checkJsonSchema(base)).toEqual([]);
      expect(() => validateManifest(base, file)).not.toThrow();
    });

    const cases: [string, (m: Record<string, any>) => void][] = [
      ["missing spell id", (m) => delete m["spells"][0].id],
      ["unknown spell field", (m) => (m["spells"][0].cooldwn_ms = 1)],
      ["bad aoe enum", (m) => (m["spells"].find((s: any) => s.damage).damage.aoe = "cone")],
      ["other schema_version", (m) => (m["schema_version"] = 2)],
      ["negative cooldown", (m) => (m["spells"][0].cooldown_ms = -1)],
      ["name not snake_case", (m) => (m["auras"][0].name = "Barbed Shot")],
      ["unknown op", (m) => (m["spells"].find((s: any) => s.on_cast?.length).on_cast[0].op = "explode")],
      ["string where a number goes", (m) => (m["pets"][0].attacks[0].interval_ms = "2s")],
      ["unknown top-level field", (m) => (m["colour"] = "red")],
      ["estimated comment not a string", (m) => (m["mastery"].estimated = { coefficient: 1 })],
      ["missing spells (complete spec manifest)", (m) => delete m["spells"]],
      ["an implausible aura duration (1e300 ms)", (m) => (m["auras"][0].duration_ms = 1e300)],
      ["an implausible mastery coefficient (1e308)", (m) => (m["mastery"].coefficient = 1e308)],
    ];
    for (const [what, mutate] of cases) {
      it(what, () => {
        const m = JSON.parse(JSON.stringify(base));
        mutate(m);
        expect(checkJsonSchema(m).length, `JSON Schema accepted: ${what}`).toBeGreaterThan(0);
        expect(() => validateManifest(m, file), `validateManifest accepted: ${what}`).toThrow(ManifestError);
      });
    }
  });
});
