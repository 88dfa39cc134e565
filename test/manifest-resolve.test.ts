// Manifest resolution against the bundled game data: record values fill the gaps (hand-checked against
// the CSV rows), manifest values win, MissingSpellData for required values that never resolve.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import { SpellResolver } from "../src/data/resolver.js";
import type { DataBundle } from "../src/data/types.js";
import { MissingSpellData } from "../src/errors.js";
import { loadManifest, resolveManifest, SCHEMA_VERSION, validateManifest, type ResolvedSpec } from "../src/manifest/index.js";

const DATA = path.resolve(__dirname, "../data");
const FILE = "test/virtual/manifest.json";

let bundle: DataBundle;
let resolver: SpellResolver;
beforeAll(async () => {
  bundle = await loadDataBundle(DATA);
  resolver = new SpellResolver(bundle);
});

// Spell values come from the spell records: SpellName/Spell/SpellMisc/SpellEffect generated from the
// SimulationCraft spell-data dump of client 12.0.0.64228 (data/sources/12.0.0.64228/<class>.txt, cited
// below as hunter.txt:LINE; data/data/spell-dump.json maps each spell to its block), the other tables
// (SpellCooldowns, SpellCategories/SpellCategory, SpellPower, SpellAuraOptions, SpellDuration, PowerType,
// ...) real 12.0.5 rows (cited by row ID).

/** Kill Command as the BM manifest declares it: 34026 has only dummy effects (hunter.txt:191-196) and no
 *  trigger to the pet's 83381, so the coefficient is a data reference to 83381 effect 1 (hunter.txt:327-328). */
const KILL_COMMAND = {
  name: "kill_command",
  id: 34026,
  damage: { ap_coef: { spell: 83381, effect: 1, field: "bonus_coefficient_from_ap" }, pet: "main" },
};

function manifest(extra: Record<string, any> = {}): Record<string, any> {
  return {
    schema_version: SCHEMA_VERSION,
    spec: "test-spec",
    spec_id: 253,
    primary_stat: "agility",
    mastery: { spell: 76657, kind: "pet", coefficient: 1.8 },
    resources: [{ name: "focus", power_type: 2, haste_scaled: true }],
    spells: [KILL_COMMAND],
    pets: [{ name: "main", permanent: true, attacks: [{ name: "claw", interval_ms: 2000, ap_coef: 0.3 }] }],
    ...extra,
  };
}

function resolve(json: Record<string, any>, talents?: string[]): ResolvedSpec {
  return resolveManifest(validateManifest(json, FILE), resolver, FILE, talents ? { talents } : {});
}

function missing(fn: () => unknown): MissingSpellData {
  try {
    fn();
  } catch (e) {
    if (e instanceof MissingSpellData) return e;
    throw e;
  }
  throw new Error("expected MissingSpellData");
}

describe("record values fill what the manifest leaves out", () => {
  it("Kill Command: charges, recharge, cooldown, GCD and cost from the real rows", () => {
    const kc = resolve(manifest()).spells[0]!;
    // SpellMisc (dump, hunter.txt:172) CastingTimeIndex 1 → SpellCastTimes row 1: Base 0 (instant)
    // SpellCategories row 6766: SpellID 34026, StartRecoveryCategory 133, ChargeCategory 2067
    // SpellCategory row 2067 "Class - Hunter - BM Kill Command": MaxCharges 1, ChargeRecoveryTime 7500
    // SpellCooldowns row 6858: RecoveryTime 500, StartRecoveryTime 1500, CategoryRecoveryTime 0
    // SpellPower row 1470: ManaCost 30, PowerType 2 (focus)
    // (the dump block agrees: hunter.txt:177 "30 Focus (2) (id=1470)", :180-182 GCD 1.5 s, Cooldown 0.5 s, 1 charge / 7.5 s)
    expect(kc).toMatchObject({
      id: 34026,
      castMs: 0,
      startRecoveryCategory: 133,
      startRecoveryMs: 1500,
      recoveryMs: 500,
      categoryId: 0,
      categoryRecoveryMs: 0,
      chargeCategoryId: 2067,
      maxCharges: 1,
      chargeRecoveryMs: 7500,
      cost: 30,
      resource: "focus",
    });
  });

  it("Kill Command's pet damage: a data reference to 83381 effect 1 (AP 3); 34026's own effect 1 is a dummy", () => {
    const kc = resolve(manifest()).spells[0]!;
    // 83381 effect 1 (hunter.txt:327-328): School Damage, AP Coefficient 3; school from 34026's SpellMisc SchoolMask 1 (physical)
    expect(kc.damage).toMatchObject({ payloadSpell: 34026, apCoef: 3, school: 1, pet: "main" });
    // 34026 effect 1 (hunter.txt:192-193) is Dummy (3) with no coefficient and no trigger spell: nothing to follow
    const e = missing(() => resolve(manifest({ spells: [{ name: "kill_command", id: 34026, damage: { effect: 1, pet: "main" } }] })));
    expect([e.spellId, e.field]).toEqual([34026, "bonus_coefficient_from_ap"]);
  });

  it("damage follows the trigger chain 1329 → 5374 (Mutilate main-hand strike: AP 1.15, physical)", () => {
    // No hunter spell of the 12.0 data triggers its damage spell, so the chain is exercised through Mutilate:
    // 1329 effect 3 (rogue.txt:65-66) "Trigger Spell (64): Mutilate ... Trigger Spell: 5374";
    // 5374 (rogue.txt:163) has no coefficient on effect 1 (Dummy), effect 2 (rogue.txt:179-180) School Damage physical AP 1.15.
    const mut = resolve(manifest({ spells: [{ name: "mutilate", id: 1329, damage: { effect: 3 } }] })).spells[0]!;
    expect(mut.damage).toMatchObject({ payloadSpell: 5374, apCoef: 1.15, school: 1 });
    expect(resolver.resolvePayload(1329, 3)).toMatchObject({ spell_id: 5374, depth: 1, chain: [1329, 5374] });
    // its energy cost (SpellPower row 122, PowerType 3) is not of the manifest's focus: free here
    expect(mut.cost).toBe(0);
  });

  it("Barbed Shot: 2 charges / 18 s from SpellCategory 1675, no SpellPower row = free", () => {
    // SpellCategories row 55815: ChargeCategory 1675; SpellCategory row 1675 "Class - Hunter - Barbed Shot": MaxCharges 2,
    // ChargeRecoveryTime 18000 (hunter.txt:830 "Charges : 2 (18 seconds cooldown)"); no SpellPower row and no Resource line
    const s = resolve(manifest({ spells: [{ name: "barbed_shot", id: 217200 }] })).spells[0]!;
    expect(s).toMatchObject({ chargeCategoryId: 1675, maxCharges: 2, chargeRecoveryMs: 18000, cost: 0 });
    expect(s.resource).toBeUndefined();
  });

  it("resource max and regen from the PowerType row (FOCUS: MaxBasePower 100, RegenCombat 5)", () => {
    const r = resolve(manifest()).resources[0]!;
    expect(r).toEqual({ name: "focus", powerType: 2, max: 100, regenPerSec: 5, initial: 100, hasteScaled: true });
  });

  it("aura duration, tick period and coefficient from records; DataRef reads effect base points", () => {
    const spec = resolve(
      manifest({
        auras: [
          { name: "barbed_shot", id: 217200, target: "target", refresh: "pandemic", tick_damage: { effect: 1 } },
          { name: "regen", id: 246152, tick_gain: { resource: "focus", amount: { spell: 246152, effect: 1 } } },
          { name: "bestial_wrath", id: 186254, effects: [{ type: "damage_mult", effect: 1 }] },
        ],
      }),
    );
    const [dot, regen, bw] = spec.auras;
    // 217200: SpellMisc DurationIndex 29 → SpellDuration 12000 ms (hunter.txt:828 "Duration : 12 seconds");
    // effect 1 (hunter.txt:841-842) "Periodic Damage (3): physical every 2 seconds ... AP Coefficient: 0.7125"
    expect(dot).toMatchObject({ durationMs: 12000, tickPeriodMs: 2000, tickDamage: { apCoef: 0.7125, school: 1 } });
    // 246152 effect 1 (hunter.txt:864-865): Periodic Energize Power every 2 seconds, Base Value 5
    expect(regen!.tickGain).toEqual({ resource: "focus", amount: 5 });
    // 246152: DurationIndex 31 → 8000 ms (hunter.txt:855), period 2000
    expect(regen).toMatchObject({ durationMs: 8000, tickPeriodMs: 2000 });
    // 186254: DurationIndex 8 → 15000 ms (hunter.txt:634); effect 1 (hunter.txt:644-645) Modify Damage Done% Base Value 20 → 1.2
    expect(bw).toMatchObject({ durationMs: 15000, effects: [{ type: "damage_mult", value: 1.2 }] });
  });

  it("max_stacks from SpellAuraOptions.CumulativeAura (246152 → 20, Frenzy 272795 → 3)", () => {
    // SpellAuraOptions row 244093: SpellID 246152, CumulativeAura 20 (hunter.txt:859 "Stacks : 20 maximum")
    // SpellAuraOptions row 138763: SpellID 272795, CumulativeAura 3 (hunter.txt:1143 "Stacks : 3 maximum"); DurationIndex 29 → 12000
    const spec = resolve(manifest({ auras: [{ name: "regen", id: 246152, stacking: true }, { name: "frenzy", id: 272795, target: "pet", stacking: true }] }));
    expect(spec.auras[0]!.maxStacks).toBe(20);
    expect(spec.auras[1]).toMatchObject({ maxStacks: 3, durationMs: 12000 });
  });

  it("records where each value came from and its origin: dump-generated spell tables, real rows, the manifest", () => {
    const prov = resolve(manifest()).provenance;
    // SpellCategory is a real 12.0.5 row
    expect(prov).toContainEqual({ path: "spells.kill_command.charge_cooldown_ms", value: 7500, source: "SpellCategory.ChargeRecoveryTime", spell: 34026, fixture: false, origin: "export" });
    // SpellEffect is generated from the dump (no longer a fixture): 83381 effect 1 AP 3
    expect(prov).toContainEqual({ path: "spells.kill_command.damage.ap_coef", value: 3, source: "SpellEffect.BonusCoefficientFromAP", spell: 83381, fixture: false, origin: "dump" });
    // a cast time reached through SpellMisc.CastingTimeIndex takes SpellMisc's origin (dump)
    expect(prov).toContainEqual({ path: "spells.kill_command.cast_time_ms", value: 0, source: "SpellCastTimes.Base", spell: 34026, fixture: false, origin: "dump" });
    expect(prov).toContainEqual({ path: "mastery.coefficient", value: 1.8, source: "manifest", fixture: false, origin: "manifest" });
    expect(prov.some((p) => p.fixture)).toBe(false);
  });

  it("the spell tables are the dump-generated rows: origin dump, not fixtures, real SpellEffect row ids", () => {
    for (const t of ["SpellName", "Spell", "SpellMisc", "SpellEffect"]) {
      expect(bundle.table(t).origin, t).toBe("dump");
      expect(bundle.table(t).isFixture, t).toBe(false);
      expect(bundle.table(t).dumpBuild, t).toBe("12.0.0.64228");
    }
    // the SpellEffect row behind Kill Command's coefficient carries the dump's effect id: hunter.txt:327 "#1 (id=83776)"
    const rows = bundle.table("SpellEffect").allByFk("SpellID", 83381);
    expect(rows.map((r) => [r["ID"], r["EffectIndex"], r["BonusCoefficientFromAP"]])).toEqual([[83776, 0, 3]]);
    // Cobra Shot's three effects: hunter.txt:733 #1 (id=283801), :735 #2 (id=283802), :737 #3 (id=481423)
    expect(bundle.table("SpellEffect").allByFk("SpellID", 193455).map((r) => r["ID"])).toEqual([283801, 283802, 481423]);
    // real 12.0.5 rows stay client exports
    expect(bundle.table("SpellCooldowns").origin).toBe("export");
    expect(resolver.record(83381)!.fixture_tables).toEqual([]);
  });
});

describe("a value the manifest gives wins", () => {
  it("over the Kill Command records", () => {
    const kc = resolve(
      manifest({ spells: [{ name: "kill_command", id: 34026, charges: 2, charge_cooldown_ms: 6000, cost: 25, cooldown_ms: 0, gcd_ms: 1000 }] }),
    ).spells[0]!;
    expect(kc).toMatchObject({ maxCharges: 2, chargeRecoveryMs: 6000, cost: 25, recoveryMs: 0, startRecoveryMs: 1000, startRecoveryCategory: 133 });
    // the record's charge category is kept so shared pools still work
    expect(kc.chargeCategoryId).toBe(2067);
  });

  it("over an aura's duration and a damage coefficient", () => {
    const spec = resolve(
      manifest({
        // Cobra Shot effect 2 says AP 1.565 (hunter.txt:735-736); 186254 says 15 s and +20 % (hunter.txt:634, :644-645)
        spells: [{ name: "cobra_shot", id: 193455, damage: { effect: 2, ap_coef: 3.5 } }],
        auras: [{ name: "bw", id: 186254, duration_ms: 20000, effects: [{ type: "damage_mult", value: 1.5 }] }],
      }),
    );
    expect(spec.spells[0]!.damage).toMatchObject({ payloadSpell: 193455, apCoef: 3.5, school: 1 });
    expect(spec.auras[0]).toMatchObject({ durationMs: 20000, effects: [{ value: 1.5 }] });
    // without them the data values come back
    const data = resolve(manifest({ spells: [{ name: "cobra_shot", id: 193455, damage: { effect: 2 } }] }));
    expect(data.spells[0]!.damage!.apCoef).toBe(1.565);
  });

  it("over the mastery coefficient (data: 76657 effect 1 SP Coefficient 1.9); a zero coefficient is MissingSpellData", () => {
    // 76657 effect 1 (hunter.txt:291-292): Modify Pet Damage Done%, SP Coefficient 1.9
    const m = manifest();
    delete m.mastery.coefficient;
    expect(resolve(m).mastery.coefficient).toBe(1.9);
    expect(resolve(manifest()).mastery.coefficient).toBe(1.8);
    // effect 2 (hunter.txt:293-294) is a Dummy aura (Base Value 190) without a coefficient
    const e = missing(() => resolve({ ...m, mastery: { ...m.mastery, effect: 2 } }));
    expect([e.spellId, e.field, e.code]).toEqual([76657, "effect_bonus_coefficient", "MISSING_SPELL_DATA"]);
  });
});

describe("MissingSpellData for required values that never resolve", () => {
  it("Dire Beast without a manifest cooldown: no SpellCooldowns row for 120679", () => {
    // 120679 is a passive in 12.0 (hunter.txt:395 "[..., Passive]"): no Cooldown line, no SpellCooldowns row
    const e = missing(() => resolve(manifest({ spells: [{ name: "dire_beast", id: 120679, gcd_ms: 1500 }] })));
    expect(e.spellId).toBe(120679);
    expect(e.field).toBe("recovery_time");
    expect(e.message).toContain("spell 120679");
  });

  it("Frenzy declared stacking without max_stacks: no SpellAuraOptions row for 272790", () => {
    // 272790 (hunter.txt:1116-1131): no Stacks line, no SpellAuraOptions row (the stacking Frenzy is 272795)
    const e = missing(() => resolve(manifest({ auras: [{ name: "frenzy", id: 272790, target: "pet", stacking: true }] })));
    expect([e.spellId, e.field]).toEqual([272790, "max_stacks"]);
  });

  it("a periodic aura whose data has no tick period (Bloodshed's dummy effect)", () => {
    // 321530 (hunter.txt:1222-1228): three Dummy (3) effects, none periodic
    const e = missing(() => resolve(manifest({ auras: [{ name: "bleed", id: 321530, duration_ms: 12000, tick_damage: { ap_coef: 0.4, school: 1 } }] })));
    expect([e.spellId, e.field]).toEqual([321530, "tick_period_ms"]);
  });

  it("a damage effect without an AP coefficient (Bestial Wrath effect 2 is a dummy)", () => {
    // 19574 effect 2 (hunter.txt:156-157): Dummy (3), Base Value 0
    const e = missing(() => resolve(manifest({ spells: [{ name: "bestial_wrath", id: 19574, damage: { effect: 2 } }] })));
    expect([e.spellId, e.field]).toEqual([19574, "bonus_coefficient_from_ap"]);
  });

  it("a pet without a duration: the passive 120679 has no SpellMisc DurationIndex", () => {
    const e = missing(() =>
      resolve(
        manifest({
          pets: [
            { name: "main", permanent: true, attacks: [{ name: "claw", interval_ms: 2000, ap_coef: 0.3 }] },
            { name: "beast", spell: 120679, attacks: [{ name: "bite", interval_ms: 2000, ap_coef: 0.3 }] },
          ],
        }),
      ),
    );
    expect([e.spellId, e.field]).toEqual([120679, "duration"]);
  });

  it("an unknown spell id", () => {
    const e = missing(() => resolve(manifest({ spells: [{ name: "nope", id: 999999999 }] })));
    expect([e.spellId, e.field]).toEqual([999999999, "id"]);
  });

  it("a DataRef to an effect that does not exist", () => {
    // 34026 has two effects (hunter.txt:192-196)
    const e = missing(() => resolve(manifest({ spells: [{ name: "kill_command", id: 34026, cost: { spell: 34026, effect: 5 } }] })));
    expect([e.spellId, e.field]).toEqual([34026, "effects[5]"]);
  });
});

describe("talents", () => {
  /** A talent-gated spell and a talent-gated proc with a summon: 12.0's Dire Beast (120679, hunter.txt:395-413,
   *  "Damage from your bleed effects has a $s1% chance of attracting a powerful wild beast ... for $s2 sec"). */
  const talented = () =>
    manifest({
      talents: [
        { name: "bestial_wrath", spell: 19574, default: true },
        { name: "dire_beast", spell: 120679, default: true },
      ],
      spells: [KILL_COMMAND, { name: "bestial_wrath", id: 19574, talent: "bestial_wrath", on_cast: [{ op: "reduce_cooldown", spell: "kill_command", ms: 1000, if_talent: "dire_beast" }] }],
      pets: [
        { name: "main", permanent: true, attacks: [{ name: "claw", interval_ms: 2000, ap_coef: 0.3 }] },
        { name: "dire_beast", spell: 120679, duration_ms: { spell: 120679, effect: 2, scale: 1000 }, attacks: [{ name: "bite", interval_ms: 2000, ap_coef: 0.3 }] },
      ],
      procs: [
        {
          name: "dire_beast",
          id: 120679,
          talent: "dire_beast",
          trigger: "impact",
          periodic_only: true,
          chance: { spell: 120679, effect: 1, scale: 0.01 },
          ops: [{ op: "summon_pet", pet: "dire_beast" }],
        },
      ],
    });

  it("the default set activates spells and procs; an explicit list turns them off and folds if_talent ops", () => {
    const def = resolve(talented());
    expect(def.talents).toEqual(["bestial_wrath", "dire_beast"]);
    expect(def.spells.find((s) => s.name === "bestial_wrath")!.active).toBe(true);
    expect(def.spells.find((s) => s.name === "bestial_wrath")!.onCast).toEqual([{ op: "reduce_cooldown", spell: "kill_command", ms: 1000 }]);
    // 120679 effect 1 (hunter.txt:409-410) Base Value 4 → 4 %; effect 2 (hunter.txt:411-412) Base Value 8 → 8 s
    expect(def.procs).toHaveLength(1);
    expect(def.procs[0]!.chance).toBeCloseTo(0.04, 12);
    expect(def.procs[0]!.ops).toEqual([{ op: "summon_pet", pet: "dire_beast", durationMs: 8000 }]);
    expect(def.pets.find((p) => p.name === "dire_beast")!.durationMs).toBe(8000);

    const none = resolve(talented(), []);
    expect(none.spells.find((s) => s.name === "bestial_wrath")!.active).toBe(false);
    expect(none.spells.find((s) => s.name === "bestial_wrath")!.onCast).toEqual([]);
    expect(none.procs).toEqual([]);
    // one talent: the spell stays, the proc and the op gated on the other are dropped
    const bw = resolve(talented(), ["bestial_wrath"]);
    expect(bw.spells.find((s) => s.name === "bestial_wrath")).toMatchObject({ active: true, onCast: [] });
    expect(bw.procs).toEqual([]);
  });

  it("Beast Mastery's talents gate its auras and fold their if_talent ops", async () => {
    const { manifest: bm, file } = await loadManifest(DATA, "beast-mastery");
    const def = resolveManifest(bm, resolver, file);
    for (const a of ["natures_ally", "howl_of_the_pack_leader", "howl_of_the_pack_leader_cooldown"]) expect(def.auras.find((x) => x.name === a)!.active, a).toBe(true);
    // Beast Cleave is not in the (single-target) default build
    expect(def.auras.find((x) => x.name === "beast_cleave")!.active).toBe(false);
    const applies = (spec: ResolvedSpec, spell: string, aura: string) =>
      spec.spells.find((s) => s.name === spell)!.onCast.some((o) => o.op === "apply_aura" && o.aura === aura);
    expect(applies(def, "bestial_wrath", "natures_ally")).toBe(true);

    const none = resolveManifest(bm, resolver, file, { talents: [] });
    for (const a of ["natures_ally", "howl_of_the_pack_leader", "beast_cleave"]) expect(none.auras.find((x) => x.name === a)!.active, a).toBe(false);
    expect(applies(none, "bestial_wrath", "natures_ally")).toBe(false);
    // the untalented ops only: Barbed Shot still applies its bleed, regen and Frenzy; Cobra Shot loses Barbed Scales
    expect(applies(none, "barbed_shot", "frenzy")).toBe(true);
    expect(none.spells.find((s) => s.name === "cobra_shot")!.onCast).toEqual([{ op: "reduce_cooldown", spell: "kill_command", ms: 1000 }]);
    const aoe = resolveManifest(bm, resolver, file, { talents: ["wild_thrash", "beast_cleave"] });
    expect(applies(aoe, "wild_thrash", "beast_cleave")).toBe(true);
  });

  it("an unknown talent name is an error naming it", () => {
    expect(() => resolve(manifest(), ["ghost"])).toThrow(/unknown talent "ghost"/);
  });

  it("the whole BM manifest resolves to the 12.0.0.64228 values", async () => {
    const { manifest: bm, file } = await loadManifest(DATA, "beast-mastery");
    const spec = resolveManifest(bm, resolver, file);
    const spell = (n: string) => spec.spells.find((s) => s.name === n)!;
    const aura = (n: string) => spec.auras.find((a) => a.name === n)!;
    // Cobra Shot reduces Kill Command by effect 3 base points (1, hunter.txt:737-738) × 1000 ms;
    // its damage is effect 2 AP 1.565 (hunter.txt:735-736) × Beast Mastery Hunter 137015 effect 1 (−6, hunter.txt:487-488)
    // + Barbed Scales 469880 effect 1 (Base Value 2000): Barbed Shot −2 s per Cobra Shot
    expect(spell("cobra_shot").onCast).toEqual([
      { op: "reduce_cooldown", spell: "kill_command", ms: 1000 },
      { op: "reduce_cooldown", spell: "barbed_shot", ms: 2000 },
    ]);
    expect(spell("cobra_shot").damage).toMatchObject({ payloadSpell: 193455, apCoef: 1.565, school: 1 });
    expect(spell("cobra_shot").damage!.mult).toBeCloseTo(0.94, 12);
    // Kill Command: 83381 effect 1 AP 3, the pet's; × 137015 effect 3 (Modify Pet Damage Done% −6) × Nature's Ally 1273065 rank 2 (2 × 5 %)
    expect(spell("kill_command").damage).toMatchObject({ apCoef: 3, pet: "main" });
    expect(spell("kill_command").damage!.mult).toBeCloseTo(0.94 * 1.1, 12);
    // Multi-Shot: effect 2 AP 0.756 (hunter.txt:46-47) on every target
    expect(spell("multi_shot").damage).toMatchObject({ payloadSpell: 2643, apCoef: 0.756, aoe: "all" });
    // Barbed Shot bleed: 12 s, every 2 s, AP 0.7125 (hunter.txt:828, :841-842) × 137015 effect 2 (−6, hunter.txt:491-492)
    expect(aura("barbed_shot")).toMatchObject({ durationMs: 12000, tickPeriodMs: 2000, tickDamage: { apCoef: 0.7125 } });
    expect(aura("barbed_shot").tickDamage!.mult).toBeCloseTo(0.94, 12);
    // Frenzy 272795: 12 s, 3 stacks (SpellAuraOptions row 138763), effect 1 Base Value 30 → 1.3 (hunter.txt:1139-1150)
    expect(aura("frenzy")).toMatchObject({ durationMs: 12000, maxStacks: 3, target: "pet", effects: [{ type: "pet_attack_speed", value: 1.3 }] });
    // Beast Cleave: duration = talent 115939 effect 2 (8000, hunter.txt:369-370), 80 % = effect 1 (hunter.txt:366-367)
    expect(aura("beast_cleave")).toMatchObject({ durationMs: 8000 });
    expect(aura("beast_cleave").effects[0]).toMatchObject({ type: "cleave", value: 0.8 });
    // Wild Thrash 1264359: 35 focus, 8 s; 1264355 effect 1 AP 3 x (1 + 300 %) on every target
    expect(spell("wild_thrash")).toMatchObject({ cost: 35, recoveryMs: 8000, damage: { apCoef: 12, aoe: "all" } });
    // Bestial Wrath: 90 s cooldown (SpellCooldowns row 21416), 15 s, +20 % player (19574 effect 1) and pet (186254 effect 1)
    expect(spell("bestial_wrath")).toMatchObject({ recoveryMs: 90000 });
    expect(aura("bestial_wrath")).toMatchObject({ durationMs: 15000, effects: [{ value: 1.2 }] });
    expect(aura("bestial_wrath_pet")).toMatchObject({ durationMs: 15000, effects: [{ type: "pet_damage_mult", value: 1.2 }] });
    // Mastery: Master of Beasts effect 1 SP Coefficient 1.9 (hunter.txt:291-292)
    expect(spec.mastery).toMatchObject({ spell: 76657, kind: "pet", coefficient: 1.9 });
    // what left the 12.0 build is gone from the resolved spec
    const names = [...spec.spells, ...spec.auras, ...spec.pets].map((x) => x.name);
    for (const gone of ["kill_shot", "dire_beast", "bloodshed", "call_of_the_wild", "barbed_wrath", "wild_call", "thrill_of_the_hunt"]) expect(names, gone).not.toContain(gone);
    // Lethal Barbs 1264781: every Auto Shot grants 2 focus (1264783 effect 1)
    expect(spec.procs.map((p) => p.name)).toEqual(["lethal_barbs_focus"]);
  });
});

describe("docs/specs/beast-mastery.md", () => {
  it("lists every resolved value of the default BM build with its value, source and origin", async () => {
    const { readFileSync } = await import("node:fs");
    const doc = readFileSync(path.resolve(__dirname, "../docs/specs/beast-mastery.md"), "utf8");
    const { manifest: bm, file } = await loadManifest(DATA, "beast-mastery");
    const spec = resolveManifest(bm, resolver, file);
    // origin labels as the doc's "Where every number comes from" section defines them
    const ORIGIN: Record<string, string> = { export: "real 12.0.5 row", dump: "dump 12.0.0.64228", manifest: "estimate" };
    const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    for (const p of spec.provenance) {
      const head = `| \`${p.path}\` | ${+p.value.toFixed(6)} | `;
      if (p.source === "manifest") {
        // an estimate's source cell may carry a short reason after the label: "**manifest estimate** (...)"
        expect(doc, p.path).toMatch(new RegExp(`${esc(head)}\\*\\*manifest estimate\\*\\*(?: \\([^|\\n]*\\))? \\| ${ORIGIN.manifest} \\|`));
      } else {
        expect(doc, p.path).toContain(`${head}${p.source}${p.spell ? ` (spell ${p.spell})` : ""} | ${ORIGIN[p.origin]} |`);
      }
    }
  });
});

describe("spec consistency with ChrSpecialization", () => {
  it("an unknown spec id is an error at spec_id", () => {
    expect(() => resolve(manifest({ spec_id: 999999 }))).toThrow(/spec_id: no ChrSpecialization row with ID 999999/);
  });
  it("a mastery spell that is not the spec's (253 → 76657) is an error at mastery.spell", () => {
    // 193468 is Marksmanship's mastery (ChrSpecialization 254)
    expect(() => resolve(manifest({ mastery: { spell: 193468, kind: "pet", coefficient: 1 } }))).toThrow(/mastery.spell: spec 253's mastery spell is 76657/);
  });
});
