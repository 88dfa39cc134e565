// One folder per spec (src/data/spec-layout.ts, docs/manifests.md "Files"): where the resolver looks,
// the earlier flat layout as a fallback in a user's data dir, a file at two places as a typed error,
// the data index of both layouts, and the generator's checks on the folders.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generateAll, implementedSpecs } from "../src/catalog/gen.js";
import { loadDataBundle } from "../src/data/bundle.js";
import { buildDataIndex } from "../src/data/data-index.js";
import { fsDataSource } from "../src/data/source.js";
import { folderReader, SpecFiles } from "../src/data/spec-files.js";
import type { DataBundle } from "../src/data/types.js";
import { simulate } from "../src/index.js";
import { DATA, manifestFile, specFile, specFolders } from "./helpers/spec-data.js";

/** A scratch dir holding `files` (paths relative to it). */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "combatsim-folders-"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}
const bundledText = (f: string) => readFileSync(f, "utf8");
const errorOf = async (p: Promise<unknown>) => p.then(() => ({}) as { code?: string; message?: string; file?: string }, (e: { code?: string; message?: string; file?: string }) => e);

describe("the resolver's places", () => {
  it("a data dir's own file wins, file by file; the rest comes from the bundled data", async () => {
    const dir = tree({ "specs/fire/profile.json": "{}" });
    const files = new SpecFiles([folderReader(dir), folderReader(DATA)]);
    expect((await files.find("profiles", "fire"))!.file).toBe(`${dir}/specs/fire/profile.json`);
    expect((await files.find("manifests", "fire"))!.file).toBe(`${DATA}/specs/fire/manifest.json`);
    expect((await files.find("pieces", "mage"))!.file).toBe(`${DATA}/specs/_class/mage.json`);
    expect((await files.find("pieces", "raid"))!.file).toBe(`${DATA}/specs/_shared/raid.json`);
    expect(await files.find("pieces", "fire")).toBeUndefined(); // a spec's manifest is not a piece
  });

  it("rotation.json beside rotation.simc is a preference (ext order), not an ambiguity", async () => {
    const files = new SpecFiles([folderReader(DATA)]);
    expect((await files.find("rotations", "beast-mastery", [".json", ".simc"]))!.file).toBe(`${DATA}/specs/beast-mastery/rotation.json`);
    expect((await files.find("rotations", "beast-mastery", [".simc", ".json"]))!.file).toBe(`${DATA}/specs/beast-mastery/rotation.simc`);
  });

  it("a missing file names where it belongs (a piece: both folders)", async () => {
    const dir = tree({});
    const files = new SpecFiles([folderReader(dir), folderReader(DATA)]);
    const e = await errorOf(files.read("profiles", "ghost"));
    expect([e.code, e.file]).toEqual(["MANIFEST_READ_FAILED", `${dir}/specs/ghost/profile.json`]);
    const p = await errorOf(files.read("pieces", "ghost"));
    expect(p.message).toBe(`${dir}/specs/_class/ghost.json: <root>: cannot read: no such file (a piece is looked for in specs/_class/ and specs/_shared/) (nor in the bundled data)`);
  });
});

describe("the earlier flat layout in a data dir", () => {
  let bundle: DataBundle;
  beforeAll(async () => {
    bundle = await loadDataBundle(DATA);
  });

  it("is read where the dir has no file at the new place: manifests/<name>.json (specs and pieces), rotations/, profiles/", async () => {
    const dir = tree({
      "manifests/beast-mastery.json": bundledText(manifestFile("beast-mastery")),
      "manifests/hunter.json": bundledText(manifestFile("hunter")),
      "rotations/beast-mastery.simc": "actions=kill_command\n",
      "profiles/beast-mastery.json": bundledText(specFile("beast-mastery", "profile.json")),
    });
    const files = new SpecFiles([folderReader(dir), folderReader(DATA)]);
    expect((await files.find("manifests", "beast-mastery"))!.file).toBe(`${dir}/manifests/beast-mastery.json`);
    expect((await files.find("pieces", "hunter"))!.file).toBe(`${dir}/manifests/hunter.json`);
    // a run on it: the flat files are the ones read (the result names them), `extends: "raid"` from the bundled data
    const r = await simulate({ spec: "beast-mastery", bundle, dataDir: dir, duration: 30, iterations: 5, seed: 1 });
    expect(r.rotation.file).toBe(`${dir}/rotations/beast-mastery.simc`);
    expect(r.spells.find((s) => s.name === "kill_command")!.casts).toBeGreaterThan(0);
    expect(r.spells.find((s) => s.name === "cobra_shot")?.casts ?? 0).toBe(0);
  }, 60_000);

  it("the same file at both places of one dir is MANIFEST_AMBIGUOUS_FILE naming both", async () => {
    const dir = tree({ "specs/fire/manifest.json": "{}", "manifests/fire.json": "{}", "specs/_class/raid.json": "{}" });
    const files = new SpecFiles([folderReader(dir), folderReader(DATA)]);
    const e = await errorOf(files.find("manifests", "fire"));
    expect(e.code).toBe("MANIFEST_AMBIGUOUS_FILE");
    expect(e.message).toBe(`${dir}/specs/fire/manifest.json: <root>: the same file is also at ${dir}/manifests/fire.json: a data dir holds each spec file once, keep one (docs/manifests.md "Files")`);
    // a piece in _class/ of the dir and _shared/ of the bundled data is an override, not an ambiguity
    expect((await files.find("pieces", "raid"))!.file).toBe(`${dir}/specs/_class/raid.json`);
    const both = tree({ "specs/_class/x.json": "{}", "specs/_shared/x.json": "{}" });
    const p = await errorOf(new SpecFiles([folderReader(both)]).find("pieces", "x"));
    expect([p.code, p.file]).toEqual(["MANIFEST_AMBIGUOUS_FILE", `${both}/specs/_class/x.json`]);
  });

  it("the data index lists the spec folders and the flat folders of a dir", async () => {
    const dir = tree({ "specs/fire/profile.json": "{}", "specs/fire/notes.txt": "", "specs/_class/mage.json": "{}", "manifests/arms.json": "{}", "rotations/arms.simc": "" });
    expect((await buildDataIndex(await fsDataSource(dir))).files).toEqual(["manifests/arms.json", "rotations/arms.simc", "specs/_class/mage.json", "specs/fire/profile.json"]);
  });
});

describe("the folders are the registration point", () => {
  it("the implemented specs are the spec folders", async () => {
    expect((await implementedSpecs(path.dirname(DATA))).map((s) => s.slug)).toEqual(specFolders());
  });

  it("npm run gen: a folder without manifest.json, a manifest of another spec, a flat-layout folder are GenErrors", async () => {
    const root = (files: Record<string, string>) => tree(Object.fromEntries(Object.entries(files).map(([k, v]) => [`data/${k}`, v])));
    const noManifest = root({ "specs/fire/profile.json": "{}" });
    await expect(implementedSpecs(noManifest)).rejects.toThrow('data/specs/fire/: a spec folder needs a manifest.json (docs/manifests.md "Files")');
    const other = root({ "specs/fire/manifest.json": JSON.stringify({ schema_version: 1, spec: "arcane" }) });
    await expect(implementedSpecs(other)).rejects.toThrow('data/specs/fire/manifest.json: "spec" is "arcane", but the folder is data/specs/fire/');
    const flat = root({ "manifests/fire.json": "{}", "specs/_shared/raid.json": "{}" });
    await expect(generateAll(flat)).rejects.toThrow('data/manifests: the flat layout moved to one folder per spec (data/specs/<slug>/, docs/manifests.md "Files"): move the files there');
  });
});
