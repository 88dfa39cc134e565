// simulate(): which spec runs (config.spec as slug / id / name, the profile's spec), and the typed
// errors when that cannot be decided (src/engine/spec-select.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { lookupSpecs } from "../src/catalog/lookup.js";
import { loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { simulate } from "../src/engine/simulate.js";
import { SpecSelectError } from "../src/engine/spec-select.js";

const DATA = path.resolve(__dirname, "../data");
let bundle: DataBundle;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
});
const base = () => ({ iterations: 2, duration: 10, timeline: false, bundle, dataDir: DATA });

describe("lookupSpecs", () => {
  it("finds a spec by id, slug, name and name + class in any case and separator", () => {
    for (const q of ["72", "fury", "Fury", "FURY WARRIOR", "warrior-fury", "Fury_Warrior"]) expect(lookupSpecs(q).map((s) => s.specId), q).toEqual([72]);
    expect(lookupSpecs("frost").map((s) => s.slug).sort()).toEqual(["frost-death-knight", "frost-mage"]);
    expect(lookupSpecs("frost mage").map((s) => s.specId)).toEqual([64]);
    expect(lookupSpecs("warrior")).toEqual([]);
    expect(lookupSpecs("")).toEqual([]);
  });
});

describe("simulate: the run's spec", () => {
  it("config.profile alone decides the spec (its `spec` field)", async () => {
    const profile = JSON.parse(readFileSync(path.join(DATA, "specs/arms/profile.json"), "utf8"));
    const r = await simulate({ ...base(), profile });
    expect(r.spec).toBe("arms");
  });

  it("a display name or id in config.spec is the slug's spec", async () => {
    expect((await simulate({ ...base(), spec: "Affliction Warlock" })).spec).toBe("affliction");
    expect((await simulate({ ...base(), spec: "254" })).spec).toBe("marksmanship");
  });

  it.each([
    [{ spec: "retribution" }, "SPEC_NOT_IMPLEMENTED", /^Retribution Paladin is not implemented yet; implemented: Arms Warrior \(arms, 71\), /],
    [{ spec: "Frost" }, "AMBIGUOUS_SPEC", /spec "Frost" is ambiguous/],
    [{ spec: "ghost" }, "UNKNOWN_SPEC", /unknown spec "ghost".*specs\/ghost\/manifest\.json/],
    [{ spec: "fire", profileFile: path.join(DATA, "specs/arms/profile.json") }, "SPEC_MISMATCH", /specs\/arms\/profile\.json is for spec "arms" but the requested spec is "fire"/],
  ])("%j → SpecSelectError %s", async (cfg, code, msg) => {
    const err = await simulate({ ...base(), ...cfg }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpecSelectError);
    expect((err as SpecSelectError).code).toBe(code);
    expect((err as Error).message).toMatch(msg);
  });
});
