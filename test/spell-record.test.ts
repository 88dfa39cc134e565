import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import {
  SPELL_RECORD_FIELDS,
  spellRecordFromJson,
  spellRecordToJson,
  type SpellDataRecord,
} from "../src/data/spell-record.js";
import { buildSpellRecord, buildSpellRecords, hasAttribute, knownSpellIds } from "../src/data/transform.js";
import type { DataBundle } from "../src/data/types.js";
import { SpellDataError, SpellRecordJsonError } from "../src/errors.js";
import { memoryBundle } from "./helpers/memory-bundle.js";
import {
  categoriesRow,
  categoryRow,
  cooldownRow,
  effectRow,
  interruptsRow,
  merge,
  miscRow,
  nameRow,
  simpleSpell,
} from "./fixtures/spells/rows.js";
import { HAVE_SHARED_TABLES, makeCombinedDataDir } from "./fixtures/spells/combined-dir.js";
import { EXPORT_MARKER } from "./helpers/export-dir.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUNDLED_DATA = path.join(ROOT, "data");
/** The generated spell tables' provenance (combatsim data import-spell-dump). */
const DUMP = JSON.parse(readFileSync(path.join(BUNDLED_DATA, "data", "spell-dump.json"), "utf8")) as {
  tables: string[];
  sources: { build: string }[];
  spells: Record<string, string>;
  realSpellNames: number[];
  listSpellNames: Record<string, string>;
};
const DUMP_SPELLS = Object.keys(DUMP.spells).map(Number);

const ID = 900001;
// One spell touching every source table. Comments give the expected derived value.
function richTables() {
  return {
    SpellName: [nameRow(ID, "Test Bolt")],
    Spell: [{ ID, NameSubtext_lang: "Rank 1", Description_lang: "Hurls a bolt.", AuraDescription_lang: "Burning." }],
    SpellMisc: [
      // DifficultyID 14 row first in file order: must lose against the DifficultyID 0 row.
      miscRow(ID, { DifficultyID: 14, SchoolMask: 2 }),
      miscRow(ID, {
        Attributes_0: 0x41, // bit 6 → passive
        Attributes_5: 0x200 | 0x2000, // attr 169 tick_on_application, 173 hasted_ticks
        Attributes_8: 0x200 | 0x20000, // attr 265 tick_may_crit, 273 duration_hasted
        Attributes_10: 0x4000, // attr 334 rolling_periodic
        Attributes_13: 0x100000, // attr 436 pandemic
        Attributes_16: -2147483648, // bit 31 of word 16 (signed int32 in the CSV)
        CastingTimeIndex: 14,
        DurationIndex: 9,
        RangeIndex: 5,
        SchoolMask: 4,
        Speed: 24.5,
        LaunchDelay: 0.25,
        ContentTuningID: 2,
      }),
    ],
    SpellCastTimes: [{ ID: 14, Base: 3000, Minimum: 1500 }],
    SpellDuration: [{ ID: 9, Duration: 30000, MaxDuration: 45000, DurationPerResource: 0 }],
    SpellRange: [{ ID: 5, DisplayName_lang: "Long", DisplayNameShort_lang: "Long", Flags: 0, RangeMin_0: 0, RangeMin_1: 5, RangeMax_0: 40, RangeMax_1: 45 }],
    SpellRadius: [{ ID: 13, Radius: 10, RadiusPerLevel: 0, RadiusMin: 2, RadiusMax: 10 }],
    ContentTuning: [{ ID: 2, MinLevelSquish: 5, MaxLevelSquish: 30 }],
    SpellEffect: [
      // file order 1, 0, 2 and a difficulty-14 duplicate of index 0: result is indexes [0, 1, 2].
      effectRow(ID, 1, { Effect: 6, EffectAura: 3, EffectAuraPeriod: 3000, BonusCoefficientFromAP: 0.1, EffectBonusCoefficient: 0.2, EffectRadiusIndex_0: 13, ImplicitTarget_0: 6, ImplicitTarget_1: 15 }),
      effectRow(ID, 0, { Effect: 2, EffectBonusCoefficient: 1.25, BonusCoefficientFromAP: 0.5, Coefficient: 3.1, Variance: 0.05, EffectBasePointsF: 100, ImplicitTarget_0: 6 }),
      effectRow(ID, 2, { Effect: 64, EffectTriggerSpell: 900002, ImplicitTarget_0: 1 }),
      effectRow(ID, 0, { DifficultyID: 14, Effect: 2, EffectBonusCoefficient: 9 }),
    ],
    SpellCooldowns: [cooldownRow(ID, { RecoveryTime: 12000, CategoryRecoveryTime: 6000, StartRecoveryTime: 1500 })],
    SpellCategories: [categoriesRow(ID, { Category: 77, StartRecoveryCategory: 133, ChargeCategory: 555, DefenseType: 2, DispelType: 1, Mechanic: 15 })],
    SpellCategory: [categoryRow(555, { MaxCharges: 2, ChargeRecoveryTime: 9000 })],
    SpellPower: [
      { ID: 2, OrderIndex: 1, ManaCost: 0, PowerCostPct: 1.5, OptionalCost: 0, PowerType: 0, RequiredAuraSpellID: 0, SpellID: ID },
      { ID: 1, OrderIndex: 0, ManaCost: 40, PowerCostPct: 0, OptionalCost: 20, PowerType: 3, RequiredAuraSpellID: 0, SpellID: ID },
    ],
    SpellTargetRestrictions: [{ ID: 1, DifficultyID: 0, ConeDegrees: 90, MaxTargets: 5, SpellID: ID }],
    SpellLevels: [{ ID: 1, DifficultyID: 0, MaxLevel: 0, MaxPassiveAuraLevel: 0, BaseLevel: 10, SpellLevel: 11, SpellID: ID }],
    SpellClassOptions: [{ ID: 1, SpellID: ID, ModalNextSpell: 0, SpellClassSet: 9, SpellClassMask_0: 1, SpellClassMask_1: 2, SpellClassMask_2: 3, SpellClassMask_3: 4 }],
    SpellInterrupts: [interruptsRow(ID, { InterruptFlags: 9, AuraInterruptFlags_0: 1, AuraInterruptFlags_1: 2 })],
    SpellEmpower: [{ ID: 70, SpellID: ID, Field_10_0_0_44649_002: 0 }],
    SpellEmpowerStage: [
      { ID: 1, Stage: 2, DurationMs: 500, SpellEmpowerID: 70 },
      { ID: 2, Stage: 0, DurationMs: 1000, SpellEmpowerID: 70 },
      { ID: 3, Stage: 1, DurationMs: 750, SpellEmpowerID: 70 },
    ],
    SpellLearnSpell: [{ ID: 1, SpellID: ID, LearnSpellID: 900003, OverridesSpellID: 900004 }],
    SpellAuraOptions: [{ ID: 1, DifficultyID: 0, CumulativeAura: 3, ProcCategoryRecovery: 500, ProcChance: 20, ProcCharges: 1, SpellProcsPerMinuteID: 412, ProcTypeMask_0: 69972, ProcTypeMask_1: 0, SpellID: ID }],
    SpellProcsPerMinute: [{ ID: 412, BaseProcRate: 1.5, Flags: 1 }],
    SpellProcsPerMinuteMod: [{ ID: 1, Type: 1, Param: 4, Coeff: 0.5, SpellProcsPerMinuteID: 412 }],
    SpellLabel: [
      { ID: 1, LabelID: 23, SpellID: ID },
      { ID: 2, LabelID: 16, SpellID: ID },
      { ID: 3, LabelID: 23, SpellID: ID },
    ],
    TraitDefinition: [{ ID: 4242, SpellID: ID }],
    SpecializationSpells: [{ ID: 1, SpecID: 253, SpellID: ID }],
  };
}

describe("buildSpellRecord (transform)", () => {
  it("derives every group from its source table", () => {
    const rec = buildSpellRecord(memoryBundle(richTables()), ID)!;
    expect(rec).toMatchObject({
      id: ID,
      name: "Test Bolt",
      description: "Hurls a bolt.",
      aura_description: "Burning.",
      name_subtext: "Rank 1",
      is_passive: true,
      knowledge_source: { kind: "talent", id: 4242 }, // talent beats the SpecializationSpells row
      cast_time: 3000,
      cast_time_min: 1500,
      recovery_time: 12000,
      category_id: 77,
      category_recovery_time: 6000,
      charge_category_id: 555,
      charge_recovery_time: 9000,
      max_charges: 2,
      start_recovery_category: 133,
      start_recovery_time: 1500,
      range_min_0: 0,
      range_min_1: 5,
      range_max_0: 40,
      range_max_1: 45,
      cone_degrees: 90,
      max_targets: 5,
      radius_min: 2, // effect index 1 is the first with a radius index (13)
      radius_max: 10,
      defense_type: 2,
      dispel_type: 1,
      mechanic: 15,
      school_mask: 4, // the DifficultyID 0 SpellMisc row, not the SchoolMask 2 one
      effect_bonus_coefficient: 1.25, // primary = first SCHOOL_DAMAGE effect (index 0)
      bonus_coefficient_from_ap: 0.5,
      min_scaling_level: 5,
      max_scaling_level: 30,
      spell_level: 11,
      base_level: 10,
      max_level: 0,
      spell_class_set: 9,
      spell_class_mask: [1, 2, 3, 4],
      speed: 24.5,
      launch_delay: 0.25,
      interrupt_flags: 9,
      interrupt_aura_0: 1,
      interrupt_aura_1: 2,
      interrupt_channel_0: 0,
      duration: 30000,
      max_duration: 45000,
      can_empower: true,
      empower_stages: [
        { stage: 0, duration_ms: 1000 },
        { stage: 1, duration_ms: 750 },
        { stage: 2, duration_ms: 500 },
      ],
      effect_trigger_spell: [900002],
      implicit_target: [6, 6, 15, 1], // effect 0: 6; effect 1: 6, 15; effect 2: 1
      learn_spells: [{ learn_spell_id: 900003, overrides_spell_id: 900004 }],
      max_stacks: 3,
      periodic_type: "damage",
      tick_period_ms: 3000,
      refresh_behavior: "pandemic",
      pandemic_refresh: true,
      tick_may_crit: true,
      tick_on_application: true,
      hasted_ticks: true,
      duration_hasted: true,
      rolling_periodic: true,
      proc_chance: 20,
      proc_charges: 1,
      proc_category_recovery: 500,
      proc_type_mask: [69972, 0],
      rppm_base_rate: 1.5,
      rppm_flags: 1,
      rppm_mods: [{ type: 1, param: 4, coeff: 0.5 }],
      labels: [16, 23], // ascending, duplicate 23 dropped
      missing_fields: [],
    });
    expect(rec.power_costs).toEqual([
      { power_type: 3, cost: 40, cost_pct: 0, optional_cost: 20, required_aura_spell_id: 0 }, // OrderIndex 0
      { power_type: 0, cost: 0, cost_pct: 1.5, optional_cost: 0, required_aura_spell_id: 0 }, // OrderIndex 1
    ]);
    expect(rec.effects.map((e) => e.index)).toEqual([0, 1, 2]);
    expect(rec.effects[0]).toMatchObject({ effect: 2, bonus_coefficient: 1.25, coefficient: 3.1, variance: 0.05, base_points: 100 });
    expect(rec.effects[1]).toMatchObject({ effect: 6, aura: 3, aura_period_ms: 3000, radius_index_0: 13 });
    expect(rec.attributes).toHaveLength(17);
    expect(rec.attributes[16]).toBe(-2147483648);
    expect(hasAttribute(rec.attributes, 16 * 32 + 31)).toBe(true);
    expect(hasAttribute(rec.attributes, 16 * 32 + 30)).toBe(false);
    expect(rec.source_tables).toContain("SpellEffect");
    expect(rec.fixture_tables).toEqual([]);
  });

  it("knowledge source falls back spec → class → unknown", () => {
    const base = simpleSpell(ID, [{ Effect: 3 }]);
    const spec = buildSpellRecord(memoryBundle({ ...base, SpecializationSpells: [{ ID: 1, SpecID: 253, SpellID: ID }], SkillLineAbility: [{ ID: 1, SkillLine: 50, Spell: ID }] }), ID)!;
    expect(spec.knowledge_source).toEqual({ kind: "spec", id: 253 });
    const cls = buildSpellRecord(memoryBundle({ ...base, SkillLineAbility: [{ ID: 1, SkillLine: 50, Spell: ID }] }), ID)!;
    expect(cls.knowledge_source).toEqual({ kind: "class", id: 50 });
    expect(buildSpellRecord(memoryBundle(base), ID)!.knowledge_source).toEqual({ kind: "unknown", id: 0 });
  });

  it("non-periodic aura without pandemic bit refreshes by duration; no primary effect gives zero coefficients", () => {
    const rec = buildSpellRecord(memoryBundle(simpleSpell(ID, [{ Effect: 6, EffectAura: 79, EffectBasePointsF: 25 }])), ID)!;
    expect(rec).toMatchObject({ periodic_type: "none", tick_period_ms: 0, refresh_behavior: "duration", pandemic_refresh: false });
    expect(rec).toMatchObject({ effect_bonus_coefficient: 0, bonus_coefficient_from_ap: 0, is_passive: false });
  });

  it("a channel ticking a periodic trigger (aura 23) → periodic_type trigger_spell, hasted ticks, channel flags", () => {
    // Barrage 120360's shape (it left the 12.0 client and no kept dump block has an aura-23 effect):
    // Attributes_1 bit 2 (attr 34 SPELL_ATTR1_IS_CHANNELLED), Attributes_5 0x2000 (attr 173 hasted ticks),
    // effect 0 = Apply Aura 23 every 200 ms triggering 900002, ChannelInterruptFlags_0 31748.
    const rec = buildSpellRecord(memoryBundle(merge(
      simpleSpell(ID, [{ Effect: 6, EffectAura: 23, EffectAuraPeriod: 200, EffectTriggerSpell: 900002 }], { Attributes_1: 0x4, Attributes_5: 0x2000 }),
      { SpellInterrupts: [interruptsRow(ID, { InterruptFlags: 8, ChannelInterruptFlags_0: 31748 })] },
    )), ID)!;
    expect(rec.attributes[1]! & 0x4).toBe(0x4);
    expect(rec).toMatchObject({ periodic_type: "trigger_spell", tick_period_ms: 200, hasted_ticks: true, effect_trigger_spell: [900002], interrupt_channel_0: 31748, interrupt_flags: 8 });
  });

  it("lists fields whose source rows are absent instead of pretending they resolved", () => {
    // Only a SpellName row: the spell is known, everything else is missing.
    const onlyName = buildSpellRecord(memoryBundle({ SpellName: [nameRow(ID, "Bare")] }), ID)!;
    expect(onlyName.name).toBe("Bare");
    for (const f of ["cast_time", "recovery_time", "start_recovery_category", "effects", "description", "duration", "max_charges"]) {
      expect(onlyName.missing_fields).toContain(f);
    }
    expect(onlyName.missing_fields).not.toContain("name");
    expect(onlyName.cast_time).toBe(0);

    // SpellMisc points at SpellDuration 99 which does not exist; index 0 (cast time) means "instant".
    const dangling = buildSpellRecord(memoryBundle(simpleSpell(ID, [{ Effect: 3 }], { DurationIndex: 99 })), ID)!;
    expect(dangling.missing_fields).toEqual(expect.arrayContaining(["duration", "max_duration"]));
    expect(dangling.missing_fields).not.toContain("cast_time");
    expect(dangling.missing_fields).not.toContain("name");

    // Charge category without its SpellCategory row.
    const noCharge = buildSpellRecord(memoryBundle(merge(simpleSpell(ID, [{ Effect: 3 }]), { SpellCategories: [categoriesRow(ID, { ChargeCategory: 4 })] })), ID)!;
    expect(noCharge.missing_fields).toEqual(expect.arrayContaining(["max_charges", "charge_recovery_time"]));
    expect(noCharge.missing_fields).not.toContain("category_id");
  });

  it("unknown spell (no SpellName, no SpellMisc row) → undefined", () => {
    const bundle = memoryBundle({ SpellCooldowns: [cooldownRow(5, { RecoveryTime: 1000 })] });
    expect(buildSpellRecord(bundle, 5)).toBeUndefined();
    expect(knownSpellIds(bundle)).toEqual([]);
  });

  it("text in a numeric column is a SpellDataError naming table, row id and column", () => {
    const tables = simpleSpell(ID, [{ Effect: 2 }]);
    tables.SpellEffect[0]!["EffectBonusCoefficient"] = "oops";
    const rowId = tables.SpellEffect[0]!["ID"];
    let err: unknown;
    try {
      buildSpellRecord(memoryBundle(tables), ID);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SpellDataError);
    expect((err as SpellDataError).code).toBe("INVALID_SPELL_DATA");
    expect((err as Error).message).toContain("SpellEffect");
    expect((err as Error).message).toContain(`ID=${rowId}`);
    expect((err as Error).message).toContain("EffectBonusCoefficient");
  });
});

describe("JSON round trip", () => {
  it("memory-built record → JSON text → record is deep-equal", () => {
    const rec = buildSpellRecord(memoryBundle(richTables()), ID)!;
    const json = spellRecordToJson(rec);
    expect(Object.keys(json)).toEqual(SPELL_RECORD_FIELDS);
    const back = spellRecordFromJson(JSON.parse(JSON.stringify(json)));
    expect(back).toEqual(rec);
    expect(spellRecordFromJson(JSON.stringify(rec))).toEqual(rec);
  });

  const bad: [string, (j: Record<string, any>) => void, string][] = [
    ["missing field", (j) => delete j.cast_time, "cast_time"],
    ["wrong scalar type", (j) => (j.recovery_time = "500"), "recovery_time"],
    ["non-integer int", (j) => (j.max_charges = 1.5), "max_charges"],
    ["unknown field", (j) => (j.extra = 1), "extra"],
    ["bad enum", (j) => (j.periodic_type = "sometimes"), "periodic_type"],
    ["nested effect field", (j) => (j.effects[1].aura = null), "effects[1].aura"],
    ["nested object", (j) => (j.knowledge_source.kind = "guild"), "knowledge_source.kind"],
    ["array element", (j) => (j.attributes[3] = true), "attributes[3]"],
    ["non-finite", (j) => (j.speed = Number.NaN), "speed"],
    ["bad id", (j) => (j.id = 0), "id"],
  ];
  for (const [what, mutate, fieldPath] of bad) {
    it(`rejects ${what} with SpellRecordJsonError naming "${fieldPath}"`, () => {
      const json = spellRecordToJson(buildSpellRecord(memoryBundle(richTables()), ID)!) as Record<string, any>;
      mutate(json);
      let err: unknown;
      try {
        spellRecordFromJson(json);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(SpellRecordJsonError);
      expect((err as SpellRecordJsonError).code).toBe("INVALID_SPELL_RECORD_JSON");
      expect((err as SpellRecordJsonError).path).toBe(fieldPath);
      expect((err as Error).message).toContain(fieldPath);
    });
  }

  it("rejects non-objects and invalid JSON text", () => {
    expect(() => spellRecordFromJson(null)).toThrow(SpellRecordJsonError);
    expect(() => spellRecordFromJson([])).toThrow(SpellRecordJsonError);
    expect(() => spellRecordFromJson("{not json")).toThrow(/not valid JSON/);
  });
});

describe("bundled data (data/) through loadDataBundle", () => {
  let bundle: DataBundle;
  let records: Map<number, SpellDataRecord>;
  beforeAll(async () => {
    bundle = await loadDataBundle(BUNDLED_DATA);
    records = buildSpellRecords(bundle);
  });

  it("knows every spell-dump spell plus the real partial SpellName rows and the spell-id-list names", () => {
    for (const id of DUMP_SPELLS) expect(records.has(id), `spell ${id}`).toBe(true);
    // SpellName = dump names ∪ real partial rows (a real row wins for an id in both) ∪ the talent names of
    // SimC's spell id list (ids neither holds); every name is a known spell.
    const listed = Object.keys(DUMP.listSpellNames).map(Number);
    // the list names the ids no dump block or real row holds: most of its ~1,150 lines (fewer as blocks are added)
    expect(listed.length).toBeGreaterThan(500);
    for (const id of listed) expect(DUMP_SPELLS.includes(id) || DUMP.realSpellNames.includes(id), `list name ${id} overlaps a block`).toBe(false);
    const names = new Set([...DUMP_SPELLS, ...DUMP.realSpellNames, ...listed]);
    expect(bundle.table("SpellName").size).toBe(names.size);
    expect(records.size).toBe(names.size);
    // A real name row whose spell the dump excerpt does not carry: a name, and no effects.
    const nameOnly = DUMP.realSpellNames.find((id) => !DUMP.spells[String(id)])!;
    expect(records.get(nameOnly)!.name.length).toBeGreaterThan(0);
    expect(records.get(nameOnly)!.missing_fields).toContain("effects");
  });

  it("spell tables are generated from the spell dump (origin dump, not fixtures) and records say so", () => {
    for (const t of ["SpellName", "Spell", "SpellMisc", "SpellEffect"]) {
      expect(bundle.table(t).origin, t).toBe("dump");
      expect(bundle.table(t).isFixture, t).toBe(false);
      expect(bundle.table(t).dumpBuild, t).toBe("12.0.0.64228");
    }
    expect(DUMP.tables.sort()).toEqual(["Spell", "SpellEffect", "SpellMisc", "SpellName"]);
    for (const id of DUMP_SPELLS) expect(records.get(id)!.fixture_tables, `spell ${id}`).toEqual([]);
  });

  it("every spell round-trips through JSON deep-equal", () => {
    for (const rec of records.values()) {
      const back = spellRecordFromJson(JSON.parse(JSON.stringify(spellRecordToJson(rec))));
      expect(back, `spell ${rec.id}`).toEqual(rec);
    }
  });

  it("dump-generated rows map to the intended fields (Barbed Shot DoT, Rapid Fire channel flags)", () => {
    // hunter.txt:819 (spell-dump.json "217200"): #1 (id=323302) Apply Aura | Periodic Damage (3) every 2 seconds,
    // AP 0.7125; #2 (id=323303) Dummy, Base Value 5. No Trigger Spell line: the focus regen 246152 and Frenzy
    // 272790/272795 are not linked by an effect in the 12.0 client (the old fixture rows had triggers to them).
    // Attributes: Extra Initial Period (169), Periodic Can Crit (265), Rolling Periodic (334).
    const barbed = records.get(217200)!;
    expect(barbed).toMatchObject({
      name: "Barbed Shot",
      periodic_type: "damage",
      tick_period_ms: 2000,
      tick_may_crit: true,
      tick_on_application: true,
      rolling_periodic: true,
      bonus_coefficient_from_ap: 0.7125,
      mechanic: 15, // 'Mechanic : Bleed' (SpellCategories 55815 Mechanic 15)
    });
    expect(barbed.effects.map((e) => e.id)).toEqual([323302, 323303]); // real SpellEffect row ids, not 1000000000+
    expect(barbed.effect_trigger_spell).toEqual([]);
    // Trigger spells still listed where the dump has them: Mutilate 1329 #3 → 5374, #4 → 27576 (rogue.txt:43).
    expect(records.get(1329)!.effect_trigger_spell).toEqual([5374, 27576]);
    // Rapid Fire 257044 (hunter.txt:869), the channel replacing Barrage 120360 (not in the 12.0 client):
    // 'Is Channelled (34)' = Attributes_1 bit 2; 'Spell Haste Affects Periodic (173)', 'Haste Affects Duration (273)';
    // #2 (id=738873) Apply Aura | Periodic Dummy (226) every 0.333 seconds.
    const rapid = records.get(257044)!;
    expect(rapid.attributes[1]! & 0x4).toBe(0x4); // SPELL_ATTR1_IS_CHANNELLED
    expect(rapid).toMatchObject({ hasted_ticks: true, duration_hasted: true, periodic_type: "dummy", tick_period_ms: 333 });
    // 'Mastery: Master of Beasts (id=76657) [..., Passive]', 'Passive (6)'.
    expect(records.get(76657)!.is_passive).toBe(true);
    // Corruption 146739 (warlock.txt:196): 'Periodic Refresh Extends Duration (436)' = pandemic, School Shadow (32).
    // (Black Arrow 466930, used here before, is a direct hit without attribute 436 in the dump.)
    expect(records.get(146739)).toMatchObject({ pandemic_refresh: true, refresh_behavior: "pandemic", school_mask: 32 });
    expect(records.get(466930)).toMatchObject({ pandemic_refresh: false, school_mask: 32, bonus_coefficient_from_ap: 3.484 });
    // SpellMisc rows of the dump are synthetic 900000000 + spell id (docs/data-sources.md "Row ids").
    expect(bundle.table("SpellMisc").allByFk("SpellID", 217200).map((r) => r["ID"])).toEqual([900217200]);
  });
});

describe.skipIf(!HAVE_SHARED_TABLES)(`dump-generated spell tables next to the real 12.0.5 tables ${EXPORT_MARKER}`, () => {
  let records: Map<number, SpellDataRecord>;
  beforeAll(async () => {
    records = buildSpellRecords(await loadDataBundle(makeCombinedDataDir()));
  });

  it("index columns of the dump-generated SpellMisc rows resolve against real rows", () => {
    // hunter.txt:819 'Duration : 12 seconds' → SpellMisc 900217200 DurationIndex 29 → SpellDuration
    // "29,12000,12000,0"; DoT every 2000 ms → 6 ticks. 'Range : 40 yards' → RangeIndex 5 "5,Long Range,…,40,40".
    expect(records.get(217200)).toMatchObject({ duration: 12000, max_duration: 12000, range_max_0: 40 });
    // Rapid Fire 257044: 'Duration : 2 seconds' → DurationIndex 39 → "39,2000,2000,0";
    // SpellInterrupts "74323,0,14,0,0,17412,0,257044" → a channel.
    expect(records.get(257044)).toMatchObject({ duration: 2000, interrupt_channel_0: 17412, interrupt_flags: 14 });
    // SpellCategories "55815,0,0,3,0,11,15,2,133,1675,217200"; SpellCategory "1675,...,0,0,2,18000,1".
    expect(records.get(217200)).toMatchObject({ charge_category_id: 1675, max_charges: 2, charge_recovery_time: 18000, mechanic: 15 });
    // SpellAuraOptions "244093,0,20,0,101,0,0,0,0,246152" → 20 stacks (hunter.txt:850 'Stacks : 20 maximum').
    expect(records.get(246152)!.max_stacks).toBe(20);
    // SpellAuraOptions "138763,0,3,0,101,0,0,0,0,272795" → Frenzy 3 stacks; hunter.txt:1134 'Duration : 12 seconds'.
    expect(records.get(272795)).toMatchObject({ max_stacks: 3, duration: 12000 });
    for (const rec of records.values()) {
      expect(spellRecordFromJson(JSON.parse(JSON.stringify(rec))), `spell ${rec.id}`).toEqual(rec);
    }
  });
});
