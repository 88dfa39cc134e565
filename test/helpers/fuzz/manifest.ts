// Fuzz targets: the manifest validator and `extends` merging (src/manifest/).
import fc from "fast-check";
import { composeManifest, ManifestError, validateManifest, type ReadPiece } from "../../../src/manifest/index.js";
import { documentFrom, type FuzzTarget, noSetup, readJson, typedOrValid, violated } from "./common.js";

const MINIMAL_MANIFEST = {
  schema_version: 1,
  spec: "test-spec",
  spec_id: 253,
  primary_stat: "agility",
  mastery: { spell: 76657, kind: "pet", coefficient: 1 },
  resources: [{ name: "focus", power_type: 2 }],
  spells: [{ name: "kill_command", id: 34026, damage: { ap_coef: 1 }, on_cast: [{ op: "gain", resource: "focus", amount: 5 }] }],
  auras: [{ name: "frenzy", id: 272790, stacking: true, max_stacks: 3, duration_ms: 8000, effects: [{ type: "damage_mult", value: 1.1 }] }],
};

export const manifestValidator: FuzzTarget<unknown, undefined> = {
  setup: noSetup,
  arbitrary: fc.oneof(documentFrom(MINIMAL_MANIFEST), documentFrom(readJson("specs/fire/manifest.json"))),
  check: (doc) =>
    typedOrValid(
      () => validateManifest(doc, "fuzz.json"),
      ManifestError,
      (m) => {
        if (typeof m.spec !== "string" || !Array.isArray(m.spells) || !Array.isArray(m.auras)) violated("a valid manifest without spec / spells / auras");
      },
    ),
};

/** A small world of pieces that extend each other at random (cycles included), plus edits to one of them. */
interface ExtendsInput {
  links: Record<string, string[]>;
  specPieces: string[];
  rootExtends: string[];
}
const PIECES = ["a", "b", "c", "bm"];
const pieceNames = fc.uniqueArray(fc.constantFrom(...PIECES, "missing"), { maxLength: 3 });

export const manifestExtends: FuzzTarget<ExtendsInput, undefined> = {
  setup: noSetup,
  arbitrary: fc.record({
    links: fc.record(Object.fromEntries(PIECES.map((p) => [p, pieceNames])) as Record<string, fc.Arbitrary<string[]>>),
    specPieces: fc.subarray(PIECES),
    rootExtends: pieceNames,
  }),
  check: (input) => {
    const doc = (name: string): Record<string, unknown> => {
      const d: Record<string, unknown> = { schema_version: 1, extends: input.links[name] };
      return input.specPieces.includes(name) ? { ...MINIMAL_MANIFEST, ...d } : d;
    };
    const read: ReadPiece = async (name) => {
      if (!PIECES.includes(name)) throw new ManifestError("MANIFEST_READ_FAILED", `${name}.json`, "", "cannot read: no such piece");
      return { text: JSON.stringify(doc(name)), file: `${name}.json` };
    };
    const { extends: _e, ...rest } = MINIMAL_MANIFEST as Record<string, unknown>;
    return typedOrValid(() => composeManifest({ ...rest, extends: input.rootExtends }, "bm.json", read), ManifestError, () => {});
  },
};
