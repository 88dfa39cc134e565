// Variant parsing: the CLI form, the file form and the library form share one vocabulary; every bad
// input is a typed AnalysisError naming the option or field.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeVariant, parseStatChange, parseVariant, parseVariants, readVariantsFile, variantObjectFromCli } from "../src/analysis/variants.js";
import { rejects } from "./helpers/analysis-errors.js";

const opts = { primaryStat: "agility" };


describe("stat change values", () => {
  it.each([
    ["+50", { op: "add", value: 50 }],
    ["-12.5", { op: "add", value: -12.5 }],
    ["600", { op: "set", value: 600 }],
    ["+1%", { op: "percent", value: 1 }],
    ["-10 %", { op: "percent", value: -10 }],
    ["+1e2", { op: "add", value: 100 }],
  ])("%s", (text, want) => {
    expect(parseStatChange(text, "f")).toEqual(want);
  });
  it.each(["", "abc", "5%", "+", "++5", "1,5"])("rejects %j", async (text) => {
    await rejects(() => parseStatChange(text, "variants[0].crit"), "INVALID_VARIANT", /variants\[0\]\.crit/);
  });
});

describe("CLI form", () => {
  it("name:key=value,... with talents separated by /", async () => {
    const o = variantObjectFromCli("aoe:targets=3,talents=thrill_of_the_hunt/beast_cleave,crit=+100");
    expect(o).toEqual({ name: "aoe", targets: "3", talents: "thrill_of_the_hunt/beast_cleave", crit: "+100" });
    const v = await parseVariant(o, "--variant", opts);
    expect(v).toEqual({ name: "aoe", stats: { crit: { op: "add", value: 100 } }, talents: ["thrill_of_the_hunt", "beast_cleave"], targets: 3 });
    expect(describeVariant(v)).toBe("crit +100, talents thrill_of_the_hunt/beast_cleave, targets 3");
  });
  it("a name alone is the unchanged base; talents= is no talents", async () => {
    expect(await parseVariant(variantObjectFromCli("same"), "--variant", opts)).toEqual({ name: "same", stats: {} });
    expect((await parseVariant(variantObjectFromCli("bare:talents="), "--variant", opts)).talents).toEqual([]);
  });
  it("the spec's attribute name is the primary stat; another attribute is an error", async () => {
    const v = await parseVariant({ name: "a", agility: "+1%" }, "v", opts);
    expect(v.stats.primary).toEqual({ op: "percent", value: 1 });
    await rejects(parseVariant({ name: "a", intellect: "+10" }, "variants[0]", opts), "INVALID_VARIANT", /variants\[0\]\.intellect/);
  });
  it("typed errors name the option or field", async () => {
    await rejects(() => variantObjectFromCli(":crit=1"), "INVALID_VARIANT", /--variant/);
    await rejects(() => variantObjectFromCli("x:crit"), "INVALID_VARIANT", /--variant "x"/);
    await rejects(() => variantObjectFromCli("x:crit=1,crit=2"), "INVALID_VARIANT", /--variant "x"\.crit/);
    await rejects(parseVariant({ name: "x", critt: "+1" }, "variants[2]", opts), "INVALID_VARIANT", /variants\[2\]\.critt/);
    await rejects(parseVariant({ name: "x", targets: "0" }, "variants[0]", opts), "INVALID_VARIANT", /variants\[0\]\.targets/);
    await rejects(parseVariant({ name: "x", duration: 5000 }, "variants[0]", opts), "INVALID_VARIANT", /variants\[0\]\.duration/);
    await rejects(parseVariant({ name: "x", crit: true }, "variants[0]", opts), "INVALID_VARIANT", /variants\[0\]\.crit/);
    await rejects(parseVariant({ name: "x", vers: "+1", versatility: "+2" }, "variants[0]", opts), "INVALID_VARIANT", /variants\[0\]\.versatility/);
    await rejects(parseVariant({ name: "baseline" }, "variants[0]", opts), "INVALID_VARIANT", /variants\[0\]\.name/);
    await rejects(parseVariant({ crit: "+1" }, "variants[0]", opts), "INVALID_VARIANT", /variants\[0\]\.name/);
    await rejects(parseVariants([{ name: "a" }, { name: "a" }], "variants", opts), "INVALID_VARIANT", /variants\[1\]\.name/);
  });
});

describe("variants file", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "combatsim-variants-"));
  it("reads { variants: [...] } and resolves rotation paths against the file", async () => {
    writeFileSync(path.join(dir, "rot.json"), JSON.stringify({ main: "default", lists: { default: [{ cast: "kill_command" }] } }));
    const file = path.join(dir, "v.json");
    writeFileSync(file, JSON.stringify({ comment: "x", variants: [{ name: "kc only", rotation: "rot.json" }, { name: "crit", crit: 600 }] }));
    const { inputs, baseDir } = await readVariantsFile(file);
    const vs = await parseVariants(inputs, "variants", { ...opts, baseDir });
    expect(vs[0]!.rotationFile).toBe(path.join(dir, "rot.json"));
    expect(JSON.parse(vs[0]!.rotation as string).lists.default[0].cast).toBe("kill_command");
    expect(vs[1]!.stats.crit).toEqual({ op: "set", value: 600 });
  });
  it("file errors are VARIANTS_FILE naming the file", async () => {
    const bad = path.join(dir, "bad.json");
    writeFileSync(bad, "{ nope");
    await rejects(readVariantsFile(bad), "VARIANTS_FILE", /bad\.json/);
    const wrong = path.join(dir, "wrong.json");
    writeFileSync(wrong, JSON.stringify({ variant: [] }));
    await rejects(readVariantsFile(wrong), "VARIANTS_FILE", /wrong\.json/);
    await rejects(readVariantsFile(path.join(dir, "missing.json")), "VARIANTS_FILE", /missing\.json/);
  });
});
