// The spell-dump reader (src/data/spell-dump/): the dump text → blocks → rows of the client tables.
// Expectations are read off the excerpt (test/fixtures/spell-dump/excerpt.txt, the first blocks of the
// 12.0.0.64228 hunter dump, verbatim) by hand, and index ids off the real 12.0.5 tables in data/.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { parseSpellDump, SpellDumpError, type DumpFile } from "../src/data/spell-dump/parse.js";
import { dumpRows, MISC_ID_BASE, type IndexTables } from "../src/data/spell-dump/rows.js";
import type { DataBundle } from "../src/data/types.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EXCERPT = readFileSync(path.join(ROOT, "test/fixtures/spell-dump/excerpt.txt"), "utf8");

let dump: DumpFile;
let bundle: DataBundle;
let idx: IndexTables;
beforeAll(async () => {
  dump = parseSpellDump(EXCERPT, "excerpt.txt");
  bundle = await loadDataBundle(path.join(ROOT, "data"));
  idx = {
    SpellCastTimes: bundle.table("SpellCastTimes"),
    SpellDuration: bundle.table("SpellDuration"),
    SpellRange: bundle.table("SpellRange"),
    SpellRadius: bundle.table("SpellRadius"),
  };
});
const spell = (id: number) => dump.spells.find((s) => s.id === id)!;

describe("parseSpellDump", () => {
  it("reads the header, the provenance lines and every block in order", () => {
    expect(dump.build).toBe("12.0.0.64228");
    expect(dump.provenance["Source"]).toBe("pinepinepinepinepine/simc @ 6456e8d54ff24ddcac4ad9f972716c8f0df56b09, SpellDataDump/hunter.txt");
    expect(dump.spells.map((s) => s.id)).toEqual([75, 136, 674, 781, 1462, 1513]);
    expect(spell(75).line).toBe(4);
    expect(spell(674)).toMatchObject({ name: "Dual Wield", subtext: "Passive" });
  });

  it("reads attributes by their bit numbers", () => {
    expect(spell(75).attributes).toEqual([1, 4, 16, 18, 69, 111, 128, 152, 206, 269, 355, 416, 454]);
    // "No AutoCast (AI) (49)": the (AI) in the name is not a bit number
    expect(spell(1462).attributes).toEqual([16, 42, 49, 67, 113, 416]);
  });

  it("reads effects: type, aura, period, values, coefficients, targets, radius, trigger", () => {
    expect(spell(75).effects[0]).toMatchObject({ number: 1, rowId: 46, effectType: 31, auraType: 0, basePoints: 100, implicitTarget0: 6 });
    expect(spell(136).effects[0]).toMatchObject({ rowId: 94, effectType: 6, auraType: 20, periodMs: 2000, basePoints: 10, pvpCoefficient: 2, implicitTarget0: 5 });
    expect(spell(781).effects[0]).toMatchObject({
      effectType: 144, basePoints: 75, miscValue0: 200, triggerSpell: 199558, radius0: 0, radius1: 1, implicitTarget0: 1, implicitTarget1: 47,
    });
    expect(spell(1462).effects[0]).toMatchObject({ auraType: 121, auraName: "Unknown", spCoefficient: 0.25 });
    expect(spell(1513).effects.map((e) => [e.rowId, e.auraType, e.variance, e.basePoints])).toEqual([[478, 7, 0.25, 0], [200191, 191, 0, 7]]);
  });

  it("keeps multi-line descriptions with empty lines inside, and the tooltip", () => {
    expect(spell(136).description).toBe(
      "Heals your pet for $<total>% of its total health over $d.$?s343242[\n\nEach time Mend Pet heals your pet, it has a $343242s2% chance to dispel a harmful magic effect from your pet.][]",
    );
    expect(spell(136).tooltip.startsWith("Heals $w1% of the pet's health every $t1 sec.")).toBe(true);
    expect(spell(781).tooltip).toBe("");
  });

  it("fails with the file and line on an unknown label, a bad effect line or out-of-order blocks", () => {
    const bad = EXCERPT.replace("Spell Level      : 5\nRange            : 45 yards", "Spell Level      : 5\nNew Thing        : 45 yards");
    expect(() => parseSpellDump(bad, "x.txt")).toThrow(SpellDumpError);
    expect(() => parseSpellDump(bad, "x.txt")).toThrow(/x\.txt:\d+: unknown label "New Thing"/);
    const badEffect = EXCERPT.replace("#1 (id=263)      : Dual Wield (40)", "#1 (id=263)      : Dual Wield");
    expect(() => parseSpellDump(badEffect, "x.txt")).toThrow(/effect type/);
    const swapped = EXCERPT.replace("(id=1462)", "(id=99)");
    expect(() => parseSpellDump(swapped, "x.txt")).toThrow(/ascending id order/);
    expect(() => parseSpellDump("not a dump\n", "x.txt")).toThrow(/header line naming the build/);
  });
});

describe("dumpRows", () => {
  it("writes SpellMisc with attribute words, school, and index columns looked up in the real tables", () => {
    const rows = dumpRows(dump.spells.map((s) => ({ spell: s, file: "excerpt.txt" })), idx);
    const misc = (id: number) => rows.SpellMisc.find((r) => r.SpellID === id)!;
    // attributes 1, 4, 16, 18 → word 0 = 2 + 16 + 65536 + 262144; 69 → word 2 bit 5; 128, 152 → word 4 bits 0 and 24
    expect(misc(75)).toMatchObject({ ID: MISC_ID_BASE + 75, Attributes_0: 327698, Attributes_2: 32, Attributes_4: 16777217, Attributes_13: 1, Attributes_14: 64 });
    // no Cast Time line → the instant row 1 (Base 0); Range 40 → SpellRange 5 (lowest id with 0-40); physical
    expect(misc(75)).toMatchObject({ CastingTimeIndex: 1, RangeIndex: 5, DurationIndex: 0, SchoolMask: 1, Speed: 60 });
    // Duration 10 s → SpellDuration 1 (10000/10000); Range 45 → 36; nature; attribute 436 → word 13 bit 20
    expect(misc(136)).toMatchObject({ DurationIndex: 1, RangeIndex: 36, SchoolMask: 8 });
    expect((misc(136).Attributes_13 as number) & 0x100000).toBe(0x100000);
    // Cast Time 1.5 s → SpellCastTimes 16 (1500/1500); Duration 20 s → 18; Range 30 → 4
    expect(misc(1513)).toMatchObject({ CastingTimeIndex: 16, DurationIndex: 18, RangeIndex: 4 });
    expect(misc(781)).toMatchObject({ RangeIndex: 13 }); // 50000 yards: "Anywhere - Unlimited"
  });

  it("writes SpellEffect rows with the real row ids and the dump's values", () => {
    const rows = dumpRows(dump.spells.map((s) => ({ spell: s, file: "excerpt.txt" })), idx);
    const eff = (id: number) => rows.SpellEffect.find((r) => r.ID === id)!;
    expect(eff(94)).toMatchObject({ SpellID: 136, EffectIndex: 0, Effect: 6, EffectAura: 20, EffectAuraPeriod: 2000, EffectBasePointsF: 10, PvpMultiplier: 2 });
    // radius "0 - 1 yards": index 0 none, index 1 = SpellRadius 16 (lowest id with Radius 1, min 0)
    expect(eff(313)).toMatchObject({ EffectTriggerSpell: 199558, EffectMiscValue_0: 200, EffectRadiusIndex_0: 0, EffectRadiusIndex_1: 16, ImplicitTarget_1: 47 });
    expect(eff(460)).toMatchObject({ EffectBonusCoefficient: 0.25, BonusCoefficientFromAP: 0, PvpMultiplier: 1 });
    expect(eff(478)).toMatchObject({ Variance: 0.25, EffectIndex: 0 });
    expect(eff(200191)).toMatchObject({ EffectIndex: 1, EffectAura: 191, EffectBasePointsF: 7 });
    expect(rows.Spell.find((r) => r.ID === 674)).toMatchObject({ NameSubtext_lang: "Passive" });
    expect(rows.SpellName.map((r) => r.ID)).toEqual([75, 136, 674, 781, 1462, 1513]);
  });

  it("reads item-scaled effects (nonclass.txt): Scaling Class on the header, (coefficient=x[, delta=y]) in the Scaled Value", () => {
    // data/sources/12.0.0.64228/nonclass.txt: Light Potion Stats 1236616, effect 1232711
    // "Apply Aura (6) | Attribute (29) | Scaling Class: Primary Attribute (-1)", "Scaled Value: 473.1867 (coefficient=3.609894)"
    const text = readFileSync(path.join(ROOT, "data/sources/12.0.0.64228/nonclass.txt"), "utf8");
    const potion = parseSpellDump(text, "nonclass.txt").spells.find((x) => x.id === 1236616)!;
    expect(potion.effects[0]).toMatchObject({ effectType: 6, auraType: 29, scalingClass: -1, coefficient: 3.609894, basePoints: 0, variance: 0 });
    const rows = dumpRows([{ spell: potion, file: "nonclass.txt" }], idx);
    expect(rows.SpellEffect[0]).toMatchObject({ ID: 1232711, ScalingClass: -1, Coefficient: 3.609894, EffectBasePointsF: 0 });
    // a damage roll with both: "(coefficient=2.154, delta=0.3)" (Zulian Slice 24251 in the nonclass dump)
    const roll = parseSpellDump(
      [
        "SimulationCraft 1200-01 for World of Warcraft 12.0.0.64228 midnight-BETA",
        "",
        "Name             : Zulian Slice (id=24251) ",
        "School           : Nature",
        "Effects          :",
        "#1 (id=14468)    : School Damage (2): nature | Scaling Class: Replace Secondary (-9)",
        "                   Base Value: 0 | Scaled Value: 514.7898 - 696.4804 (coefficient=2.154, delta=0.3) | Target: Current Target (25)",
        "",
      ].join("\n"),
      "roll.txt",
    ).spells[0]!;
    expect(roll.effects[0]).toMatchObject({ scalingClass: -9, coefficient: 2.154, variance: 0.3 });
  });

  it("refuses a printed value no index row holds, an unknown school, and a spell kept twice", () => {
    const odd = parseSpellDump(EXCERPT.replace("Cast Time        : 1.5 seconds", "Cast Time        : 1.2345 seconds"), "x.txt");
    expect(() => dumpRows(odd.spells.map((s) => ({ spell: s, file: "x.txt" })), idx)).toThrow(/spell 1513 \(Scare Beast\): no SpellCastTimes row with Base 1235/);
    const school = parseSpellDump(EXCERPT.replace("School           : Nature\nSpell Type       : None\nSpell Level      : 5", "School           : Plasma\nSpell Type       : None\nSpell Level      : 5"), "x.txt");
    expect(() => dumpRows(school.spells.map((s) => ({ spell: s, file: "x.txt" })), idx)).toThrow(/unknown school "Plasma"/);
    const twice = [...dump.spells, dump.spells[0]!].map((s) => ({ spell: s, file: "x.txt" }));
    expect(() => dumpRows(twice, idx)).toThrow(/spell 75 is also at/);
  });
});

describe("the bundled spell tables", () => {
  it("give the client's coefficients for the spells the issue audit named", async () => {
    const eff = (spellId: number, index: number) => bundle.table("SpellEffect").allByFk("SpellID", spellId).find((r) => r["EffectIndex"] === index)!;
    expect(eff(193455, 1)).toMatchObject({ Effect: 2, BonusCoefficientFromAP: 1.565 }); // Cobra Shot #2
    expect(eff(12294, 0)).toMatchObject({ Effect: 2, BonusCoefficientFromAP: 5.80492 }); // Mortal Strike #1
    expect(eff(133, 0)).toMatchObject({ Effect: 2, EffectBonusCoefficient: 4.5 }); // Fireball #1
    expect(eff(686, 0)).toMatchObject({ Effect: 2, EffectBonusCoefficient: 0.702 }); // Shadow Bolt #1
    expect(eff(12846, 0)["EffectBonusCoefficient"]).toBe(0.42); // Mastery: Ignite #1
  });
});
