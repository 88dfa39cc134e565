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

function manifest(extra: Record<string, any> = {}): Record<string, any> {
  return {
    schema_version: SCHEMA_VERSION,
    spec: "test-spec",
    spec_id: 253,
    primary_stat: "agility",
    mastery: { spell: 76657, kind: "pet", coefficient: 1.8 },
    resources: [{ name: "focus", power_type: 2, haste_scaled: true }],
    spells: [{ name: "kill_command", id: 34026, damage: { effect: 1, pet: "main" } }],
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
    // SpellCategories row 6766: SpellID 34026, StartRecoveryCategory 133, ChargeCategory 2067
    // SpellCategory row 2067 "Class - Hunter - BM Kill Command": MaxCharges 1, ChargeRecoveryTime 7500
    // SpellCooldowns row 6858: RecoveryTime 500, StartRecoveryTime 1500, CategoryRecoveryTime 0
    // SpellPower row 1470: ManaCost 30, PowerType 2 (focus)
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

  it("Kill Command damage follows the trigger chain 34026 → 83381 (fixture AP 2.0, physical)", () => {
    const kc = resolve(manifest()).spells[0]!;
    expect(kc.damage).toMatchObject({ payloadSpell: 83381, apCoef: 2, school: 1, pet: "main" });
  });

  it("Barbed Shot: 2 charges / 18 s from SpellCategory 1675, no SpellPower row = free", () => {
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
    // 217200: SpellMisc DurationIndex 31 → SpellDuration 8000 ms; effect 1 period 2000, AP 0.25
    expect(dot).toMatchObject({ durationMs: 8000, tickPeriodMs: 2000, tickDamage: { apCoef: 0.25, school: 1 } });
    // 246152 effect 1: energize base points 5 per 2 s tick
    expect(regen!.tickGain).toEqual({ resource: "focus", amount: 5 });
    // 186254: DurationIndex 8 → 15000 ms; effect 1 base points 25 → factor 1.25
    expect(bw).toMatchObject({ durationMs: 15000, effects: [{ type: "damage_mult", value: 1.25 }] });
  });

  it("max_stacks from SpellAuraOptions.CumulativeAura (246152 → 20)", () => {
    const spec = resolve(manifest({ auras: [{ name: "regen", id: 246152, stacking: true }] }));
    expect(spec.auras[0]!.maxStacks).toBe(20);
  });

  it("records where each value came from, flagging fixture tables", () => {
    const prov = resolve(manifest()).provenance;
    expect(prov).toContainEqual({ path: "spells.kill_command.charge_cooldown_ms", value: 7500, source: "SpellCategory.ChargeRecoveryTime", spell: 34026, fixture: false });
    expect(prov).toContainEqual({ path: "spells.kill_command.damage.ap_coef", value: 2, source: "SpellEffect.BonusCoefficientFromAP", spell: 83381, fixture: true });
    expect(prov).toContainEqual({ path: "mastery.coefficient", value: 1.8, source: "manifest", fixture: false });
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
        spells: [{ name: "kill_command", id: 34026, damage: { effect: 1, ap_coef: 3.5, pet: "main" } }],
        auras: [{ name: "bw", id: 186254, duration_ms: 20000, effects: [{ type: "damage_mult", value: 1.5 }] }],
      }),
    );
    expect(spec.spells[0]!.damage!.apCoef).toBe(3.5);
    expect(spec.auras[0]).toMatchObject({ durationMs: 20000, effects: [{ value: 1.5 }] });
  });

  it("over the mastery coefficient (which the fixture leaves at 0)", () => {
    const m = manifest();
    delete m.mastery.coefficient;
    const e = missing(() => resolve(m));
    expect([e.spellId, e.field, e.code]).toEqual([76657, "effect_bonus_coefficient", "MISSING_SPELL_DATA"]);
    expect(resolve(manifest()).mastery.coefficient).toBe(1.8);
  });
});

describe("MissingSpellData for required values that never resolve", () => {
  it("Dire Beast without a manifest cooldown: no SpellCooldowns row for 120679", () => {
    const e = missing(() => resolve(manifest({ spells: [{ name: "dire_beast", id: 120679, gcd_ms: 1500 }] })));
    expect(e.spellId).toBe(120679);
    expect(e.field).toBe("recovery_time");
    expect(e.message).toContain("spell 120679");
  });

  it("Frenzy declared stacking without max_stacks: no SpellAuraOptions row for 272790", () => {
    const e = missing(() => resolve(manifest({ auras: [{ name: "frenzy", id: 272790, target: "pet", stacking: true }] })));
    expect([e.spellId, e.field]).toEqual([272790, "max_stacks"]);
  });

  it("a periodic aura whose data has no tick period (Bloodshed's dummy effect)", () => {
    const e = missing(() => resolve(manifest({ auras: [{ name: "bleed", id: 321530, duration_ms: 12000, tick_damage: { ap_coef: 0.4, school: 1 } }] })));
    expect([e.spellId, e.field]).toEqual([321530, "tick_period_ms"]);
  });

  it("a damage effect without an AP coefficient (Bestial Wrath effect 2 is a dummy)", () => {
    const e = missing(() => resolve(manifest({ spells: [{ name: "bestial_wrath", id: 19574, damage: { effect: 2 } }] })));
    expect([e.spellId, e.field]).toEqual([19574, "bonus_coefficient_from_ap"]);
  });

  it("an unknown spell id", () => {
    const e = missing(() => resolve(manifest({ spells: [{ name: "nope", id: 999999999 }] })));
    expect([e.spellId, e.field]).toEqual([999999999, "id"]);
  });

  it("a DataRef to an effect that does not exist", () => {
    const e = missing(() => resolve(manifest({ spells: [{ name: "kill_command", id: 34026, cost: { spell: 34026, effect: 5 } }] })));
    expect([e.spellId, e.field]).toEqual([34026, "effects[5]"]);
  });
});

describe("talents", () => {
  it("the default set activates spells; an explicit list turns them off and folds if_talent ops", async () => {
    const { manifest: bm, file } = await loadManifest(DATA, "beast-mastery");
    const def = resolveManifest(bm, resolver, file);
    expect(def.spells.find((s) => s.name === "bloodshed")!.active).toBe(true);
    const barbed = def.spells.find((s) => s.name === "barbed_shot")!;
    expect(barbed.onCast.some((o) => o.op === "reduce_cooldown" && o.spell === "bestial_wrath" && o.ms === 12000)).toBe(true);

    const none = resolveManifest(bm, resolver, file, { talents: [] });
    expect(none.spells.find((s) => s.name === "bloodshed")!.active).toBe(false);
    expect(none.spells.find((s) => s.name === "barbed_shot")!.onCast.some((o) => o.op === "reduce_cooldown")).toBe(false);
    expect(none.procs).toEqual([]); // wild_call is a talent proc
  });

  it("an unknown talent name is an error naming it", () => {
    expect(() => resolve(manifest(), ["ghost"])).toThrow(/unknown talent "ghost"/);
  });

  it("the whole BM manifest resolves; Wild Call chance is effect 1 base points 20 / 100", async () => {
    const { manifest: bm, file } = await loadManifest(DATA, "beast-mastery");
    const spec = resolveManifest(bm, resolver, file);
    expect(spec.procs.find((p) => p.name === "wild_call")!.chance).toBeCloseTo(0.2, 12);
    // Cobra Shot reduces Kill Command by effect 2 base points (1) × 1000 ms
    const cobra = spec.spells.find((s) => s.name === "cobra_shot")!;
    expect(cobra.onCast).toEqual([{ op: "reduce_cooldown", spell: "kill_command", ms: 1000 }]);
    // Dire Beast pet lives for SpellDuration index 31 = 8000 ms
    expect(spec.pets.find((p) => p.name === "dire_beast")!.durationMs).toBe(8000);
  });
});

describe("docs/beast-mastery.md", () => {
  it("lists every resolved value of the default BM build with its value and source", async () => {
    const { readFileSync } = await import("node:fs");
    const doc = readFileSync(path.resolve(__dirname, "../docs/beast-mastery.md"), "utf8");
    const { manifest: bm, file } = await loadManifest(DATA, "beast-mastery");
    const spec = resolveManifest(bm, resolver, file);
    for (const p of spec.provenance) {
      const source = p.source === "manifest" ? "**manifest estimate**" : `${p.source}${p.spell ? ` (spell ${p.spell})` : ""}`;
      expect(doc, p.path).toContain(`| \`${p.path}\` | ${+p.value.toFixed(6)} | ${source} |`);
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
