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

describe("bundled data (data/): Kill Command 34026", () => {
  let r: SpellResolver;
  beforeAll(async () => {
    r = new SpellResolver(await loadDataBundle(BUNDLED_DATA));
  });
  it("fixture SpellEffect row: effect 1 triggers the pet's 83381, whose AP coefficient is the payload", () => {
    // SpellEffect 1000272208 (34026 × 8 + 0): Effect 64 TRIGGER_SPELL, EffectTriggerSpell 83381, coefficients 0.
    expect(r.get_spell_effect(34026, 1)).toMatchObject({ index: 0, effect: 64, trigger_spell: 83381, bonus_coefficient_from_ap: 0 });
    expect(r.get_spell_effect(34026, 0)).toBeUndefined();
    // SpellEffect 1000667048 (83381 × 8 + 0): Effect 2, BonusCoefficientFromAP 2.
    expect(r.resolvePayload(34026, 1)).toMatchObject({ spell_id: 83381, depth: 1, chain: [34026, 83381], effect: { effect: 2, bonus_coefficient_from_ap: 2 } });
    expect(r.require(34026, "name")).toBe("Kill Command");
  });
  it("Barrage 120360 → periodic trigger into 120361 (fixture chain)", () => {
    expect(r.resolvePayload(120360, 1)).toMatchObject({ spell_id: 120361, depth: 1, effect: { bonus_coefficient_from_ap: 0.3 } });
  });
});

describe.skipIf(!HAVE_SHARED_TABLES)("Kill Command 34026 against the real 12.0.5 rows", () => {
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
    // SpellMisc fixture: RangeIndex 37 → real SpellRange "37,…,0,0,50,50".
    expect(rec).toMatchObject({ range_max_0: 50, range_max_1: 50, cast_time: 0 });
    expect(rec.missing_fields).toEqual(expect.arrayContaining(["interrupt_channel_0"])); // honest: no row
    expect(rec.missing_fields).not.toContain("recovery_time");
  });
  it("Barrage 120360 is a channel: occupancy = SpellDuration 27 = 3000 ms", () => {
    expect(r.isChannel(120360)).toBe(true);
    expect(r.castOccupancyMs(120360)).toBe(3000);
    // SpellCooldowns 10840,0,0,20000,1500,0,120360; SpellCategories 28137,0,85,…,133,0,120360:
    // category 85 has no category recovery time, so only the spell's own 20 s timer is a pool.
    expect(r.cooldownPools(120360)).toEqual([{ kind: "spell", key: 120360, duration_ms: 20000 }]);
  });
  it("Barbed Shot 217200: 2 charges of 18 s in category 1675, on the GCD", () => {
    expect(r.cooldownPools(217200)).toEqual([{ kind: "charges", key: 1675, duration_ms: 18000, max_charges: 2 }]);
    expect(r.startRecoveryPool(217200)).toEqual({ kind: "gcd", category: 133, duration_ms: 1500 });
  });
});
