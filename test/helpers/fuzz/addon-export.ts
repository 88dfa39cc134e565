// Fuzz target: the SimC addon export reader (src/input/addon-export.ts). Inputs: the BM example export
// with random character-level edits (the separators and digits its grammar turns on), random lines of
// those characters, and truncations (a paste cut short).
import fc from "fast-check";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseAddonExport } from "../../../src/input/addon-export.js";
import { InputError } from "../../../src/input/errors.js";
import { DATA, type FuzzTarget, noSetup, typedOrValid, violated } from "./common.js";

const BASE = readFileSync(path.join(DATA, "specs/beast-mastery/input.simc"), "utf8");
const PIECES = ["=", ",", "/", "#", "###", '"', "\n", "\r\n", "\r", " ", "id=", "bonus_id=", "ilevel=", "talents=", "hunter=", "0", "9", "-1", "99999999999", "é", "\u0000", "head=", "gear_agility="];

const edit = fc.record({ at: fc.nat(), del: fc.nat({ max: 6 }), ins: fc.array(fc.constantFrom(...PIECES), { maxLength: 4 }).map((a) => a.join("")) });
const edited = fc.array(edit, { minLength: 1, maxLength: 6 }).map((edits) =>
  edits.reduce((t, e) => {
    const at = e.at % (t.length + 1);
    return t.slice(0, at) + e.ins + t.slice(at + e.del);
  }, BASE),
);

export const addonExportParser: FuzzTarget<string, undefined> = {
  setup: noSetup,
  arbitrary: fc.oneof(
    { arbitrary: edited, weight: 6 },
    { arbitrary: fc.nat({ max: BASE.length }).map((n) => BASE.slice(0, n)), weight: 2 },
    { arbitrary: fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((a) => a.join("")), weight: 2 },
  ),
  check: (text) =>
    typedOrValid(
      () => parseAddonExport(text, "fuzz.simc"),
      InputError,
      (e) => {
        if (e.name === "" || !e.className) violated("a valid export without a character");
        for (const g of [...e.gear, ...e.otherGear]) if (!(Number.isInteger(g.id) && g.id > 0)) violated(`a gear line with id ${g.id}`);
        if (e.level !== undefined && !(Number.isInteger(e.level) && e.level >= 1 && e.level <= 200)) violated(`level ${e.level}`);
        if (new Set(e.gear.map((g) => g.slot)).size !== e.gear.length) violated("a slot equipped twice");
      },
      ["INVALID_INPUT"],
    ),
};
