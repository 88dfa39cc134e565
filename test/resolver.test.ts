import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import {
  GCD_CATEGORY,
  MAX_TRIGGER_DEPTH,
  SpellResolver,
  sharesStartRecovery,
} from "../src/data/resolver.js";
import type { DataBundle } from "../src/data/types.js";
import { CombatsimError, MissingSpellData, TriggerChainError } from "../src/errors.js";
import { memoryBundle } from "./helpers/memory-bundle.js";
import { HAVE_SHARED_TABLES, makeCombinedDataDir } from "./fixtures/spells/combined-dir.js";
import { EXPORT_MARKER } from "./helpers/export-dir.js";
import {
  categoriesRow,
  categoryRow,
  cooldownRow,
  interruptsRow,
  merge,
  simpleSpell,
} from "./fixtures/spells/rows.js";

const BUNDLED_DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../data");

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw");
}

describe("get_spell_effect (contract 2: 1-based, 0 = not found)", () => {
  // EffectIndex 0 and 2 exist, 1 is a gap.
  const r = new SpellResolver(
    memoryBundle({
      ...simpleSpell(10, [{ Effect: 2, EffectBonusCoefficient: 0.7 }]),
      SpellEffect: [
        ...simpleSpell(10, [{ Effect: 2, EffectBonusCoefficient: 0.7 }]).SpellEffect,
        { ...simpleSpell(10, [{}, {}, { Effect: 6, EffectAura: 3 }]).SpellEffect[2]! },
      ],
    }),
  );

  it("index n selects the effect whose 0-based index is n-1", () => {
    expect(r.get_spell_effect(10, 1)).toMatchObject({ index: 0, effect: 2, bonus_coefficient: 0.7 });
    expect(r.get_spell_effect(10, 3)).toMatchObject({ index: 2, effect: 6, aura: 3 });
  });
  it("index 0, negative, fractional, a gap or past the end → undefined", () => {
    for (const i of [0, -1, 1.5, 2, 4, Number.NaN]) expect(r.get_spell_effect(10, i), `index ${i}`).toBeUndefined();
  });
  it("unknown spell → undefined", () => {
    expect(r.get_spell_effect(11, 1)).toBeUndefined();
  });
});

describe("resolvePayload (contract 3: bounded trigger chain)", () => {
  /** Spells 1..n where spell k triggers k+1 with zero coefficients; spell n+1 holds the AP payload. */
  function chain(n: number) {
    const parts = [];
    for (let k = 1; k <= n; k++) parts.push(simpleSpell(k, [{ Effect: 64, EffectTriggerSpell: k + 1 }]));
    parts.push(simpleSpell(n + 1, [{ Effect: 3 }, { Effect: 2, BonusCoefficientFromAP: 1.5 }]));
    return new SpellResolver(memoryBundle(merge(...parts)));
  }

  it("an effect with a direct coefficient is its own payload (depth 0)", () => {
    const r = new SpellResolver(memoryBundle(simpleSpell(5, [{ Effect: 2, EffectBonusCoefficient: 0.9 }])));
    expect(r.resolvePayload(5, 1)).toMatchObject({ spell_id: 5, depth: 0, chain: [5], effect: { bonus_coefficient: 0.9 } });
  });

  it("zero coefficients and no trigger: the effect itself (a flat/aura effect), not a redirect", () => {
    const r = new SpellResolver(memoryBundle(simpleSpell(5, [{ Effect: 6, EffectAura: 79, EffectBasePointsF: 25 }])));
    expect(r.resolvePayload(5, 1)).toMatchObject({ spell_id: 5, depth: 0, effect: { base_points: 25 } });
  });

  it("follows one hop and picks the triggered spell's first effect with a coefficient", () => {
    const p = chain(1).resolvePayload(1, 1)!;
    expect(p).toMatchObject({ spell_id: 2, depth: 1, chain: [1, 2] });
    expect(p.effect).toMatchObject({ index: 1, bonus_coefficient_from_ap: 1.5 });
  });

  it(`follows exactly MAX_TRIGGER_DEPTH (${MAX_TRIGGER_DEPTH}) hops`, () => {
    const p = chain(MAX_TRIGGER_DEPTH).resolvePayload(1, 1)!;
    expect(p.depth).toBe(MAX_TRIGGER_DEPTH);
    expect(p.spell_id).toBe(MAX_TRIGGER_DEPTH + 1);
  });

  it("one hop more than the bound → TriggerChainError TRIGGER_CHAIN_TOO_DEEP", () => {
    const err = caught(() => chain(MAX_TRIGGER_DEPTH + 1).resolvePayload(1, 1)) as TriggerChainError;
    expect(err).toBeInstanceOf(TriggerChainError);
    expect(err).toBeInstanceOf(CombatsimError);
    expect(err.code).toBe("TRIGGER_CHAIN_TOO_DEEP");
    expect(err.chain).toHaveLength(MAX_TRIGGER_DEPTH + 2); // start + 8 followed + the refused 9th
  });

  it("a cycle → TriggerChainError TRIGGER_CHAIN_CYCLE naming the chain", () => {
    const r = new SpellResolver(
      memoryBundle(merge(
        simpleSpell(1, [{ Effect: 64, EffectTriggerSpell: 2 }]),
        simpleSpell(2, [{ Effect: 64, EffectTriggerSpell: 3 }]),
        simpleSpell(3, [{ Effect: 64, EffectTriggerSpell: 1 }]),
      )),
    );
    const err = caught(() => r.resolvePayload(1, 1)) as TriggerChainError;
    expect(err.code).toBe("TRIGGER_CHAIN_CYCLE");
    expect(err.chain).toEqual([1, 2, 3, 1]);
    expect(err.message).toContain("1 -> 2 -> 3 -> 1");
    // self-trigger is the shortest cycle
    const self = new SpellResolver(memoryBundle(simpleSpell(7, [{ Effect: 64, EffectTriggerSpell: 7 }])));
    expect((caught(() => self.resolvePayload(7, 1)) as TriggerChainError).code).toBe("TRIGGER_CHAIN_CYCLE");
  });

  it("a periodic trigger (aura 23 PERIODIC_TRIGGER_SPELL, as Barrage's was) redirects like TRIGGER_SPELL", () => {
    // Barrage 120360 → 120361 exercised this on the bundled data; it left the 12.0 client and no spell in
    // data/sources has an aura-23 effect, so the periodic-trigger hop is built inline: a 3 s channel
    // ticking every 200 ms into a damage spell with AP 0.3 (Barrage's old shape).
    const r = new SpellResolver(memoryBundle(merge(
      simpleSpell(1, [{ Effect: 6, EffectAura: 23, EffectAuraPeriod: 200, EffectTriggerSpell: 2 }]),
      simpleSpell(2, [{ Effect: 2, BonusCoefficientFromAP: 0.3 }]),
    )));
    expect(r.resolvePayload(1, 1)).toMatchObject({ spell_id: 2, depth: 1, chain: [1, 2], effect: { index: 0, effect: 2, bonus_coefficient_from_ap: 0.3 } });
  });

  it("a trigger into an unknown spell, or a 0 index → not found (undefined)", () => {
    const r = new SpellResolver(memoryBundle(simpleSpell(1, [{ Effect: 64, EffectTriggerSpell: 999 }])));
    expect(r.resolvePayload(1, 1)).toBeUndefined();
    expect(r.resolvePayload(1, 0)).toBeUndefined();
  });
});

describe("cooldown pools (contracts 4 and 7)", () => {
  function resolverFor(cd: Record<string, number>, cats: Record<string, number>, category?: Record<string, number>) {
    return new SpellResolver(
      memoryBundle(merge(simpleSpell(42, [{ Effect: 3 }]), {
        SpellCooldowns: [cooldownRow(42, cd)],
        SpellCategories: [categoriesRow(42, cats)],
        SpellCategory: category ? [categoryRow(category["ID"]!, category)] : [],
      })),
    );
  }

  it("own recovery_time only → one spell pool keyed by the spell id", () => {
    expect(resolverFor({ RecoveryTime: 30000 }, {}).cooldownPools(42)).toEqual([{ kind: "spell", key: 42, duration_ms: 30000 }]);
  });
  it("shared category pool keyed by the raw category id", () => {
    expect(resolverFor({ CategoryRecoveryTime: 6000 }, { Category: 1152 }).cooldownPools(42)).toEqual([
      { kind: "category", key: 1152, duration_ms: 6000 },
    ]);
  });
  it("a category without a category recovery time is no pool", () => {
    expect(resolverFor({}, { Category: 85 }).cooldownPools(42)).toEqual([]);
  });
  it("charge pool from SpellCategory.MaxCharges / ChargeRecoveryTime", () => {
    expect(resolverFor({}, { ChargeCategory: 1675 }, { ID: 1675, MaxCharges: 2, ChargeRecoveryTime: 18000 }).cooldownPools(42)).toEqual([
      { kind: "charges", key: 1675, duration_ms: 18000, max_charges: 2 },
    ]);
  });
  it("a spell in all three pools at once keeps them independent", () => {
    const pools = resolverFor(
      { RecoveryTime: 500, CategoryRecoveryTime: 4000 },
      { Category: 9, ChargeCategory: 2067 },
      { ID: 2067, MaxCharges: 1, ChargeRecoveryTime: 7500 },
    ).cooldownPools(42);
    expect(pools).toEqual([
      { kind: "spell", key: 42, duration_ms: 500 },
      { kind: "category", key: 9, duration_ms: 4000 },
      { kind: "charges", key: 2067, duration_ms: 7500, max_charges: 1 },
    ]);
  });
});

describe("start recovery (contract 5)", () => {
  const bundle = memoryBundle(merge(
    simpleSpell(1, [{ Effect: 3 }]),
    simpleSpell(2, [{ Effect: 3 }]),
    simpleSpell(3, [{ Effect: 3 }]),
    simpleSpell(4, [{ Effect: 3 }]),
    {
      SpellCooldowns: [1, 2, 3, 4].map((id) => cooldownRow(id, { StartRecoveryTime: 1500 })),
      SpellCategories: [
        categoriesRow(1, { StartRecoveryCategory: GCD_CATEGORY }),
        categoriesRow(2, { StartRecoveryCategory: 0 }),
        categoriesRow(3, { StartRecoveryCategory: 77 }),
        categoriesRow(4, { StartRecoveryCategory: 77 }),
      ],
    },
  ));
  const r = new SpellResolver(bundle);

  it("category 133 is the ordinary GCD", () => {
    expect(GCD_CATEGORY).toBe(133);
    expect(r.startRecoveryPool(1)).toEqual({ kind: "gcd", category: 133, duration_ms: 1500 });
  });
  it("category 0 means no lock, even with a start_recovery_time", () => {
    expect(r.startRecoveryPool(2)).toBeNull();
  });
  it("another category serializes only its own members", () => {
    expect(r.startRecoveryPool(3)).toEqual({ kind: "category", category: 77, duration_ms: 1500 });
    const [a, b, gcd, none] = [3, 4, 1, 2].map((id) => r.requireRecord(id));
    expect(sharesStartRecovery(a!, b!)).toBe(true);
    expect(sharesStartRecovery(a!, gcd!)).toBe(false);
    expect(sharesStartRecovery(none!, none!)).toBe(false); // 0 never locks anything
  });
});

describe("channels (contract 6)", () => {
  const r = new SpellResolver(
    memoryBundle(merge(
      simpleSpell(1, [{ Effect: 6, EffectAura: 23, EffectAuraPeriod: 200 }], { CastingTimeIndex: 4, DurationIndex: 27 }),
      simpleSpell(2, [{ Effect: 2 }], { CastingTimeIndex: 4, DurationIndex: 27 }),
      {
        SpellCastTimes: [{ ID: 4, Base: 1000, Minimum: 1000 }],
        SpellDuration: [{ ID: 27, Duration: 3000, MaxDuration: 3000, DurationPerResource: 0 }],
        SpellInterrupts: [interruptsRow(1, { ChannelInterruptFlags_0: 31748 }), interruptsRow(2, { ChannelInterruptFlags_1: 5 })],
      },
    )),
  );
  it("interrupt_channel_0 ≠ 0 marks a channel whose length is its duration", () => {
    expect(r.isChannel(1)).toBe(true);
    expect(r.castOccupancyMs(1)).toBe(3000); // duration, not the 1000 ms cast time
  });
  it("only interrupt_channel_1 set: not a channel, the cast bar is cast_time", () => {
    expect(r.isChannel(2)).toBe(false);
    expect(r.castOccupancyMs(2)).toBe(1000);
  });
});

describe("require / MissingSpellData", () => {
  const r = new SpellResolver(memoryBundle(simpleSpell(5, [{ Effect: 2 }], { DurationIndex: 99 })));

  it("unknown spell: message names the id and the field, stable code", () => {
    const err = caught(() => r.require(123456, "recovery_time")) as MissingSpellData;
    expect(err).toBeInstanceOf(MissingSpellData);
    expect(err).toBeInstanceOf(CombatsimError);
    expect(err.code).toBe("MISSING_SPELL_DATA");
    expect(err.spellId).toBe(123456);
    expect(err.field).toBe("recovery_time");
    expect(err.message).toContain("123456");
    expect(err.message).toContain("recovery_time");
  });
  it("known spell, field whose source row is absent → throws, no silent zero", () => {
    expect(r.record(5)!.recovery_time).toBe(0); // the neutral value stored…
    const err = caught(() => r.require(5, "recovery_time")) as MissingSpellData;
    expect(err.code).toBe("MISSING_SPELL_DATA"); // …is not handed out by require
    expect(err.message).toMatch(/spell 5 field "recovery_time"/);
    expect(() => r.require(5, "duration")).toThrow(/spell 5 field "duration"/); // dangling DurationIndex 99
    expect(() => r.castOccupancyMs(404)).toThrow(MissingSpellData);
  });
  it("resolved fields come back as-is (0 included when it is real data)", () => {
    expect(r.require(5, "name")).toBe("Spell 5");
    expect(r.require(5, "cast_time")).toBe(0); // CastingTimeIndex 0 = instant: resolved, not missing
  });
  it("record() is cached: one build per spell", () => {
    let lookups = 0;
    const inner = memoryBundle(simpleSpell(5, [{ Effect: 2 }]));
    // Count SpellName.byId calls: every build of a record does exactly one.
    const counting: DataBundle = {
      ...inner,
      table: (n) => {
        const t = inner.table(n);
        return n === "SpellName" ? { ...t, byId: (id: number) => (lookups++, t.byId(id)) } : t;
      },
    };
    const rc = new SpellResolver(counting);
    const first = rc.record(5);
    expect(rc.record(5)).toBe(first);
    expect(rc.record(5)).toBe(first);
    expect(lookups).toBe(1);
    expect(rc.record(0)).toBeUndefined();
    expect(rc.record(-3)).toBeUndefined();
  });
});

describe("bundled data (data/): dump-generated SpellEffect rows", () => {
  let r: SpellResolver;
  beforeAll(async () => {
    r = new SpellResolver(await loadDataBundle(BUNDLED_DATA));
  });
  it("Kill Command 34026 has only dummy effects (no trigger); the pet's 83381 holds the AP payload", () => {
    // data/sources/12.0.0.64228/hunter.txt:172 (spell-dump.json "34026"):
    //   #1 (id=23978) Dummy (3) Base Value 1, Target 6; #2 (id=83780) Dummy (3) Base Value 100, Target 1.
    expect(r.get_spell_effect(34026, 1)).toMatchObject({ id: 23978, index: 0, effect: 3, base_points: 1, trigger_spell: 0, bonus_coefficient_from_ap: 0 });
    expect(r.get_spell_effect(34026, 2)).toMatchObject({ id: 83780, index: 1, effect: 3, base_points: 100, trigger_spell: 0 });
    expect(r.get_spell_effect(34026, 0)).toBeUndefined();
    expect(r.get_spell_effect(34026, 3)).toBeUndefined();
    // No coefficient and no trigger: the dummy is its own payload (depth 0), not a redirect to 83381.
    expect(r.resolvePayload(34026, 1)).toMatchObject({ spell_id: 34026, depth: 0, chain: [34026], effect: { id: 23978 } });
    // hunter.txt:314: Kill Command 83381 #1 (id=83776) School Damage (2), AP Coefficient 3.
    expect(r.resolvePayload(83381, 1)).toMatchObject({ spell_id: 83381, depth: 0, chain: [83381], effect: { id: 83776, effect: 2, bonus_coefficient_from_ap: 3 } });
    expect(r.require(34026, "name")).toBe("Kill Command");
  });
  it("Corruption 172 effect 1 → TRIGGER_SPELL 146739, whose periodic SP coefficient is the payload", () => {
    // warlock.txt:5: Corruption 172 #1 (id=97) Trigger Spell (64), Trigger Spell 146739, coefficients 0.
    expect(r.get_spell_effect(172, 1)).toMatchObject({ id: 97, index: 0, effect: 64, trigger_spell: 146739, bonus_coefficient: 0, bonus_coefficient_from_ap: 0 });
    // warlock.txt:196: Corruption 146739 #1 (id=198369) Apply Aura (6) | Periodic Damage (3) every 2 s, SP Coefficient 0.1625.
    expect(r.resolvePayload(172, 1)).toMatchObject({
      spell_id: 146739,
      depth: 1,
      chain: [172, 146739],
      effect: { id: 198369, effect: 6, aura: 3, aura_period_ms: 2000, bonus_coefficient: 0.1625 },
    });
    // 172 #3 (id=830260) School Damage SP 0.1725 is the cast's own direct hit: its own payload.
    expect(r.resolvePayload(172, 3)).toMatchObject({ spell_id: 172, depth: 0, effect: { id: 830260, bonus_coefficient: 0.1725 } });
  });
  it("Mutilate 1329 effects 3/4 → 5374/27576: the payload is the triggered spell's first effect with a coefficient", () => {
    // rogue.txt:43: Mutilate 1329 #3 (id=449) Trigger Spell 5374, #4 (id=314319) Trigger Spell 27576.
    // rogue.txt:163 / :187: 5374 and 27576 each have #1 Dummy, #2 School Damage AP 1.15 (ids 99543 / 99544), #3 Dummy.
    expect(r.resolvePayload(1329, 3)).toMatchObject({ spell_id: 5374, depth: 1, chain: [1329, 5374], effect: { id: 99543, index: 1, effect: 2, bonus_coefficient_from_ap: 1.15 } });
    expect(r.resolvePayload(1329, 4)).toMatchObject({ spell_id: 27576, depth: 1, chain: [1329, 27576], effect: { id: 99544, index: 1, bonus_coefficient_from_ap: 1.15 } });
  });
});

describe.skipIf(!HAVE_SHARED_TABLES)(`dump-generated spell rows next to the real 12.0.5 tables (Kill Command 34026, Rapid Fire, Bite, Barbed Shot) ${EXPORT_MARKER}`, () => {
  let r: SpellResolver;
  beforeAll(async () => {
    r = new SpellResolver(await loadDataBundle(makeCombinedDataDir()));
  });
  it("cooldowns, GCD, charges, cost, labels, talent source", () => {
    // SpellCooldowns   6858,0,0,500,1500,0,34026        → recovery 500, category recovery 0, start 1500
    // SpellCategories  6766,0,0,0,0,0,0,3,133,2067,34026 → category 0, GCD 133, charge category 2067
    // SpellCategory    2067,"Class - Hunter - BM Kill Command",0,0,1,7500,1 → 1 charge, 7500 ms
    // SpellPower       1470,0,30,…,2,0,0,34026           → 30 focus (power type 2)
    // SpellLabel       6197→23, 6198→16, 30697→292, 90058→117
    // TraitDefinition  first row for 34026 in file order: ID 105543
    const rec = r.requireRecord(34026);
    expect(rec).toMatchObject({
      recovery_time: 500,
      category_id: 0,
      category_recovery_time: 0,
      start_recovery_category: 133,
      start_recovery_time: 1500,
      charge_category_id: 2067,
      max_charges: 1,
      charge_recovery_time: 7500,
      labels: [16, 23, 117, 292],
      knowledge_source: { kind: "talent", id: 105543 },
      spell_level: 10, // SpellLevels 7043,0,0,0,10,10,34026
      spell_class_set: 9, // SpellClassOptions 3274,34026,0,9,6,2048,0,1024
      spell_class_mask: [6, 2048, 0, 1024],
    });
    expect(rec.power_costs).toEqual([{ power_type: 2, cost: 30, cost_pct: 0, optional_cost: 0, required_aura_spell_id: 0 }]);
    expect(r.cooldownPools(34026)).toEqual([
      { kind: "spell", key: 34026, duration_ms: 500 },
      { kind: "charges", key: 2067, duration_ms: 7500, max_charges: 1 },
    ]);
    expect(r.startRecoveryPool(34026)).toEqual({ kind: "gcd", category: 133, duration_ms: 1500 });
    expect(r.isChannel(34026)).toBe(false); // no SpellInterrupts row for 34026
    // SpellMisc 900034026 (dump-generated, hunter.txt:172 'Range : 50 yards'): RangeIndex 37 → real SpellRange "37,…,0,0,50,50".
    expect(rec).toMatchObject({ range_max_0: 50, range_max_1: 50, cast_time: 0 });
    expect(rec.missing_fields).toEqual(expect.arrayContaining(["interrupt_channel_0"])); // honest: no row
    expect(rec.missing_fields).not.toContain("recovery_time");
  });
  it("Rapid Fire 257044 is a channel: occupancy = SpellDuration 39 = 2000 ms", () => {
    // (Barrage 120360, the channel this case used, left the 12.0 client.) hunter.txt:869 Rapid Fire
    // 'Duration : 2 seconds', 'Is Channelled (34)' → SpellMisc 900257044 DurationIndex 39 → SpellDuration
    // "39,2000,2000,0"; SpellInterrupts 74323,0,14,0,0,17412,0,257044 → ChannelInterruptFlags_0 17412.
    expect(r.isChannel(257044)).toBe(true);
    expect(r.castOccupancyMs(257044)).toBe(2000);
    // SpellCooldowns 29332,0,0,16000,1500,0,257044 (12.0.5: 16 s; the 12.0.0 dump said 20 s, the table wins);
    // SpellCategories 66162,0,0,3,0,0,0,2,133,0,257044: no category, no charges → only the spell's own timer.
    expect(r.cooldownPools(257044)).toEqual([{ kind: "spell", key: 257044, duration_ms: 16000 }]);
    expect(r.startRecoveryPool(257044)).toEqual({ kind: "gcd", category: 133, duration_ms: 1500 });
  });
  it("Bite 17253: a category (19) without a category recovery time is no pool, only the spell's own 3 s", () => {
    // SpellCategories 2673,0,19,2,0,0,0,2,133,0,17253; SpellCooldowns 1080,0,0,3000,1000,0,17253
    // (hunter.txt:78: 'Cooldown : 3 seconds', 'Category : 19', 'GCD : 1 seconds').
    expect(r.requireRecord(17253)).toMatchObject({ category_id: 19, category_recovery_time: 0, recovery_time: 3000 });
    expect(r.cooldownPools(17253)).toEqual([{ kind: "spell", key: 17253, duration_ms: 3000 }]);
    expect(r.startRecoveryPool(17253)).toEqual({ kind: "gcd", category: 133, duration_ms: 1000 });
    expect(r.isChannel(17253)).toBe(false);
  });
  it("Barbed Shot 217200: 2 charges of 18 s in category 1675, on the GCD", () => {
    expect(r.cooldownPools(217200)).toEqual([{ kind: "charges", key: 1675, duration_ms: 18000, max_charges: 2 }]);
    expect(r.startRecoveryPool(217200)).toEqual({ kind: "gcd", category: 133, duration_ms: 1500 });
  });
});
