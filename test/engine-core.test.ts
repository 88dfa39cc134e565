// Engine core through the real wasm: hand-built tiny SpecImages with hand-computed expectations.
// Unless a test says otherwise: crit 0, versatility 0, haste 0, no mastery, no armor, flat damage,
// so every number is exact arithmetic (written in the comments).
import { describe, expect, it } from "vitest";
import { runImage, RunError } from "../src/engine/run.js";
import { encodeImage, ImageError, type SpecImage, type SpellImage, type AuraImage, type DamageEntry } from "../src/engine/image.js";
import { testImage } from "./helpers/spec-image.js";

const GCD = { startRecoveryCategory: 133, startRecoveryMs: 1500 } as const;
const NO_GCD = { startRecoveryCategory: 0, startRecoveryMs: 0 } as const;

function spell(name: string, extra: Partial<SpellImage> = {}): SpellImage {
  return { id: 1000 + name.length, name, castMs: 0, ...GCD, ...extra };
}

function flat(spellIdx: number, base: number, extra: Partial<DamageEntry> = {}): DamageEntry {
  return { spell: spellIdx, kind: "flat", base, coefficient: 0, school: 4, ...extra };
}

function image(over: Partial<SpecImage> = {}): SpecImage {
  return testImage("test", { rotation: { kind: "priority", entries: [{ spell: 0 }] }, ...over });
}

const run1 = (img: SpecImage, iterations = 1) => runImage(img, { iterations, seed: 42n });

describe("engine: dispatch and cast timing", () => {
  it("cast 2000 ms + GCD 1500 ms over 10 s: 4 casts, 400 damage", () => {
    // GCD starts at CastStart, so a 2000 ms cast is limited by its bar: completions at 2000, 4000, 6000,
    // 8000; the 5th completes at 10000 = encounter end and is not processed. Damage 4 x 100 = 400, DPS 40.
    // Events: per completed cast PlayerReady + CastStart + CastComplete (12) + PlayerReady/CastStart at 8000 = 14.
    const r = run1(image({ spells: [spell("bolt", { castMs: 2000, damage: 0 })], damage: [flat(0, 100)] }));
    expect(r.spells[0]!.casts).toBe(4);
    expect(r.damage.total).toBe(400);
    expect(r.dps.mean).toBe(40);
    expect(r.events).toBe(14);
    expect(r.spells[0]!.hits).toBe(4);
    expect(r.spells[0]!.crits).toBe(0);
  });

  it("instant GCD spell: one cast per 1500 ms (0, 1.5, ..., 9 s = 7 casts)", () => {
    const r = run1(image({ spells: [spell("shot", { damage: 0 })], damage: [flat(0, 10)] }));
    expect(r.spells[0]!.casts).toBe(7);
    expect(r.damage.total).toBe(70);
  });

  it("haste scales the cast bar and the GCD (floor 750 ms)", () => {
    // haste 25 %: cast 2000/1.25 = 1600 ms -> completions at 1600 k for k = 1..6 (9600 < 10000) = 6 casts
    const r = run1(image({ stats: { ...image().stats, haste: 25 }, spells: [spell("bolt", { castMs: 2000, damage: 0 })], damage: [flat(0, 1)] }));
    expect(r.spells[0]!.casts).toBe(6);
    // haste 300 %: GCD 1500/4 = 375 -> floored to 750 ms: casts at 0, 750, ..., 9750 = 14
    const g = run1(image({ stats: { ...image().stats, haste: 300 }, spells: [spell("shot", { damage: 0 })], damage: [flat(0, 1)] }));
    expect(g.spells[0]!.casts).toBe(14);
  });

  it("Wait is clamped to [now + 1 ms, encounter end]", () => {
    // waitMs 0 -> now + 1 ms: PlayerReady at every ms 0..9999 = 10000 events
    const zero = run1(image({ rotation: { kind: "priority", entries: [{ waitMs: 0 }] } }));
    expect(zero.events).toBe(10_000);
    // a wait past the end lands at the end: only the PlayerReady at 0 is processed
    const far = run1(image({ rotation: { kind: "priority", entries: [{ waitMs: 5_000_000 }] } }));
    expect(far.events).toBe(1);
    // 3000 ms waits: PlayerReady at 0, 3000, 6000, 9000
    const w = run1(image({ rotation: { kind: "priority", entries: [{ waitMs: 3000 }] } }));
    expect(w.events).toBe(4);
  });

  it("rotation none: the player idles (nothing scheduled)", () => {
    const r = run1(image({ rotation: { kind: "priority", entries: [] } }));
    expect(r.events).toBe(1);
    expect(r.damage.total).toBe(0);
  });

  it("unknown spell at CastComplete: UNKNOWN_SPELL_CAST counted, no change", () => {
    const img = image({ spells: [spell("ghost", { known: false, damage: 0 })], damage: [flat(0, 100)] });
    const r = run1(img, 3);
    expect(r.warnings.unknownSpellCasts).toBe(3); // once per iteration; then idle (no cooldown wakes it)
    expect(r.damage.total).toBe(0);
    expect(r.spells[0]!.casts).toBe(0);
    expect(r.events).toBe(9); // PlayerReady, CastStart, CastComplete per iteration
  });

  it("more than 500000 events -> EventBudgetExceeded", () => {
    // an instant spell without any lock or cooldown recasts at t = 0 forever
    const r = run1(image({ spells: [spell("spin", { ...NO_GCD })] }), 5);
    expect(r.error).toBe("EventBudgetExceeded");
    expect(r.iterations).toBe(0);
  });

  it("run ends at the first popped event with t >= end (event at end - 1 is processed)", () => {
    // casts complete every 1000 ms with a 1000 ms bar; end 5001 -> completions 1000..5000 = 5 processed
    const mk = (end: number) =>
      run1(image({ run: { ...image().run, durationMs: end }, spells: [spell("b", { castMs: 1000, startRecoveryMs: 1000, damage: 0 })], damage: [flat(0, 1)] }));
    expect(mk(5001).spells[0]!.casts).toBe(5);
    expect(mk(5000).spells[0]!.casts).toBe(4);
  });
});

describe("engine: cast pipeline order", () => {
  it("cost is paid before damage; the cooldown starts before damage (procs see post-cost, post-cooldown state)", () => {
    // focus 50/50, no regen; "shot" costs 50, 9 s cooldown, deals damage. An impact proc on its hit gains 50
    // focus and resets its cooldown. Cost-before-damage: 50 - 50 + 50 = 50 (not clamped away);
    // cooldown-before-damage: the reset clears the cooldown just started. -> a cast every GCD: 7.
    const img = image({
      resources: [{ name: "focus", model: "generic", max: 50, initial: 50, regenPerSec: 0 }],
      spells: [spell("shot", { cost: { resource: 0, amount: 50 }, recoveryMs: 9000, damage: 0 })],
      damage: [flat(0, 10)],
      procs: [{ name: "refund", chance: 1, list: 0, spells: [0] }],
      opLists: [[{ op: "gainResource", resource: 0, amount: 50 }, { op: "resetCooldown", spell: 0 }]],
    });
    expect(run1(img).spells[0]!.casts).toBe(7);
    // without the proc: one cast (no focus left)
    expect(run1({ ...img, procs: [] }).spells[0]!.casts).toBe(1);
  });

  it("hooks see post-cast state (aura applied at step 8 is visible to the step-10 hook)", () => {
    // "mark" applies aura 0 and its hook deals 100 only if aura 0 is up
    const r = run1(image({
      spells: [spell("mark", { applyAura: 0, hook: 0, recoveryMs: 100_000 }), spell("bonus", { known: true })],
      auras: [{ name: "m", owner: "target", durationMs: 5000 }],
      damage: [flat(1, 100)],
      opLists: [[{ op: "ifAura", aura: 0, list: 1 }], [{ op: "dealDamage", damage: 0 }]],
    }));
    expect(r.damage.total).toBe(100);
  });

  it("a channel skips steps 5-13 (no cooldown start, no aura, no hook)", () => {
    // channel with a 9 s cooldown and an aura + hook: cast again right after each 3 s channel -> casts at 0, 3, 6, 9
    const r = run1(image({
      spells: [spell("beam", { recoveryMs: 9000, applyAura: 0, hook: 0, channel: { durationMs: 3000, ticks: 3, tickDamage: 0 } }), spell("x", { known: true })],
      auras: [{ name: "a", owner: "player", durationMs: 0, effects: [{ type: "damageMult", value: 10 }] }],
      damage: [flat(0, 1)],
      opLists: [[{ op: "dealDamage", damage: 0 }]],
    }));
    expect(r.spells[0]!.casts).toBe(4);
    expect(r.damage.total).toBe(9); // ticks at 1..9 s, unmultiplied, no hook damage
  });
});

describe("engine: start-recovery categories and cooldowns", () => {
  it("a non-GCD category serializes only its own members", () => {
    const cat = (c: number) => ({ startRecoveryCategory: c, startRecoveryMs: 1000 });
    // one spell in category 999 (1000 ms lock): casts at 0, 1000, ..., 9000 = 10
    const one = run1(image({ spells: [spell("a", { ...cat(999) })], rotation: { kind: "priority", entries: [{ spell: 0 }] } }));
    expect(one.spells[0]!.casts).toBe(10);
    // two spells sharing category 999 serialize: still 10 casts in total
    const shared = run1(image({ spells: [spell("a", cat(999)), spell("bb", cat(999))], rotation: { kind: "priority", entries: [{ spell: 0 }, { spell: 1 }] } }));
    expect(shared.spells[0]!.casts + shared.spells[1]!.casts).toBe(10);
    // different categories do not: 10 + 10
    const split = run1(image({ spells: [spell("a", cat(999)), spell("bb", cat(998))], rotation: { kind: "priority", entries: [{ spell: 0 }, { spell: 1 }] } }));
    expect(split.spells[0]!.casts).toBe(10);
    expect(split.spells[1]!.casts).toBe(10);
  });

  it("an off-GCD category is not blocked by the GCD (OffGcdReady / same-time casts)", () => {
    // A: GCD 1500 (cat 133). B: own category 999 with a 1500 ms lock. Both every 1500 ms: 7 + 7.
    const r = run1(image({
      spells: [spell("gcd", {}), spell("off", { startRecoveryCategory: 999, startRecoveryMs: 1500 })],
      rotation: { kind: "priority", entries: [{ spell: 1 }, { spell: 0 }] },
    }));
    expect(r.spells[0]!.casts).toBe(7);
    expect(r.spells[1]!.casts).toBe(7);
  });

  it("own cooldown, category pool and charge pool all apply", () => {
    // own recovery 4000 ms, GCD 1500: casts at 0, 4000, 8000 = 3
    const own = run1(image({ spells: [spell("cd", { recoveryMs: 4000 })] }));
    expect(own.spells[0]!.casts).toBe(3);
    // two spells sharing category 77 (3000 ms): the pool serializes them: 0, 3000, 6000, 9000 = 4 casts total
    const cat = run1(image({
      spells: [spell("x", { categoryId: 77, categoryRecoveryMs: 3000 }), spell("yy", { categoryId: 77, categoryRecoveryMs: 3000 })],
      rotation: { kind: "priority", entries: [{ spell: 0 }, { spell: 1 }] },
    }));
    expect(cat.spells[0]!.casts + cat.spells[1]!.casts).toBe(4);
  });

  it("charges recharge one at a time", () => {
    // 2 charges, 10 s recharge, no GCD: casts at 0, 0 (second charge), 10000, 20000 within 25 s = 4;
    // the second charge's recharge starts when the first completes (10000 -> 20000).
    const chargeSpell = spell("barbed", { ...NO_GCD, maxCharges: 2, chargeRecoveryMs: 10_000 });
    const r = run1(image({ run: { ...image().run, durationMs: 25_000 }, spells: [chargeSpell] }));
    expect(r.spells[0]!.casts).toBe(4);
    const r2 = run1(image({ run: { ...image().run, durationMs: 30_001 }, spells: [chargeSpell] }));
    expect(r2.spells[0]!.casts).toBe(5); // + 30000
  });

  it("cooldown reduction: always / procChance / whileAuraActive / resetWhileAura", () => {
    // big: own cd 9000. small: GCD filler whose cast reduces big's cooldown.
    const mk = (cdr: SpellImage["cdr"], auras: AuraImage[] = [], pre: SpellImage[] = []) =>
      run1(image({
        run: { ...image().run, durationMs: 12_000 },
        spells: [spell("big", { recoveryMs: 9000 }), spell("small", { cdr }), ...pre],
        auras,
        rotation: { kind: "priority", entries: [...pre.map((_, i) => ({ spell: 2 + i })), { spell: 0 }, { spell: 1 }] },
      }));
    // no reduction: big at 0 and 9000 = 2
    expect(mk([]).spells[0]!.casts).toBe(2);
    // always -3000 per small cast: big 0 (ready 9000); small at 1500 -> 6000, 3000 -> 3000, 4500 -> 1500?
    // ready 9000-3000=6000 at 1500; 3000 at 3000: ready = 3000 -> big at 3000? The GCD: big cast at 0, small
    // 1500 (ready 6000), small 3000 (ready 3000 = now -> ready), big at 4500 (ready 13500), small 6000 (10500),
    // small 7500 (7500 -> big ready), big at 9000? no: PlayerReady 9000 after small at 7500 -> big at 9000.
    // big casts: 0, 4500, 9000 = 3
    expect(mk([{ condition: "always", target: 0, amountMs: 3000 }]).spells[0]!.casts).toBe(3);
    // procChance 0 never reduces; 1 always does
    expect(mk([{ condition: "procChance", target: 0, amountMs: 3000, chance: 0 }]).spells[0]!.casts).toBe(2);
    expect(mk([{ condition: "procChance", target: 0, amountMs: 3000, chance: 1 }]).spells[0]!.casts).toBe(3);
    // whileAuraActive: aura (permanent) applied by a third spell cast first -> same as always
    const aura: AuraImage = { name: "fury", owner: "player", durationMs: 0 };
    const pre = [spell("buff", { applyAura: 0, recoveryMs: 60_000 })];
    expect(mk([{ condition: "whileAuraActive", target: 0, amountMs: 3000, aura: 0 }], [aura]).spells[0]!.casts).toBe(2);
    // with the buff cast at 0, big starts at 1500: small 3000 (ready 10500-3000=7500), small 4500 (4500 -> now)
    // big 6000 (ready 15000) -> big casts 1500, 6000 = 2; then small 7500 (12000), 9000 (9000 ready), big 10500 = 3
    expect(mk([{ condition: "whileAuraActive", target: 0, amountMs: 3000, aura: 0 }], [aura], pre).spells[0]!.casts).toBe(3);
    // resetWhileAura: every small cast resets big -> big at 1500, small 3000 (reset), big 4500, small 6000, big 7500, small 9000, big 10500 = 4
    expect(mk([{ condition: "resetWhileAura", target: 0, amountMs: 0, aura: 0 }], [aura], pre).spells[0]!.casts).toBe(4);
  });
});

describe("engine: resources", () => {
  const costly = (res: number, amount: number) => spell("nuke", { ...NO_GCD, cost: { resource: res, amount } });

  it("energy regenerates 10/s x (1 + haste/100) and the rotation waits the exact time", () => {
    // 50 energy from 0 at 10/s: casts at 5000, 10000, 15000 (20000 = end) = 3
    const base = image({ run: { ...image().run, durationMs: 20_000 }, resources: [{ name: "energy", model: "energy", max: 100, initial: 0 }], spells: [costly(0, 50)] });
    expect(run1(base).spells[0]!.casts).toBe(3);
    // haste 25 %: 12.5/s -> every 4000 ms: 4000, 8000, 12000, 16000 = 4
    expect(run1({ ...base, stats: { ...base.stats, haste: 25 } }).spells[0]!.casts).toBe(4);
    // haste 60 %: 16/s -> 50/16 = 3.125 s = 3125 ms: 3125 k for k = 1..6 (18750) = 6
    expect(run1({ ...base, stats: { ...base.stats, haste: 60 } }).spells[0]!.casts).toBe(6);
  });

  it("mana regenerates 2 % of max per second and ignores haste", () => {
    // max 1000 -> 20/s; cost 100 -> every 5000 ms: 5000, 10000, 15000 = 3, with or without haste
    const base = image({ run: { ...image().run, durationMs: 20_000 }, resources: [{ name: "mana", model: "mana", max: 1000, initial: 0 }], spells: [costly(0, 100)] });
    expect(run1(base).spells[0]!.casts).toBe(3);
    expect(run1({ ...base, stats: { ...base.stats, haste: 50 } }).spells[0]!.casts).toBe(3);
  });

  it("rage comes from damage dealt and from damage taken", () => {
    // dealt: auto attack 100 every 1000 ms (0..9000), 0.1 rage per damage = 10 per swing; cost 30:
    // rage reaches 30 at the swings at 2000, 5000, 8000 -> 3 casts (gain wakes the idle player)
    const dealt = image({
      resources: [{ name: "rage", model: "rage", max: 100, ragePerDamageDealt: 0.1 }],
      spells: [costly(0, 30), spell("melee", { known: true, ...NO_GCD })],
      damage: [flat(1, 100, { school: 1 })],
      autoAttack: { damage: 0, swingMs: 1000, weaponMin: 0, weaponMax: 0 },
    });
    const r = run1(dealt);
    expect(r.spells[0]!.casts).toBe(3);
    expect(r.spells[1]!.hits).toBe(10);
    // taken: 100 damage/s incoming x 0.1 = 10 rage/s -> 30 rage every 3000 ms: 3000, 6000, 9000 = 3
    const taken = image({
      run: { ...image().run, incomingDamagePerSec: 100 },
      resources: [{ name: "rage", model: "rage", max: 100, ragePerDamageTaken: 0.1 }],
      spells: [costly(0, 30)],
    });
    expect(run1(taken).spells[0]!.casts).toBe(3);
  });

  it("cost bypass aura makes the primary cost 0; secondary cost and gains apply", () => {
    // generic resource max 100, no regen. "gen" gains 20 (GCD); "spend" costs 50 (GCD).
    const res = [{ name: "focus", model: "generic" as const, max: 100, initial: 0, regenPerSec: 0 }];
    const gen = spell("gen", { gain: { resource: 0, amount: 20 } });
    const spend = spell("spend", { cost: { resource: 0, amount: 50 } });
    // priority [spend, gen]: 7 GCDs (0..9000): gen, gen, gen (60) spend (10) gen gen (50) spend -> 2 spends
    const r = run1(image({ resources: res, spells: [spend, gen], rotation: { kind: "priority", entries: [{ spell: 0 }, { spell: 1 }] } }));
    expect(r.spells[0]!.casts).toBe(2);
    expect(r.spells[1]!.casts).toBe(5);
    // with a permanent bypass aura applied by "free" (off GCD, once), every GCD is a spend: 7
    const free = spell("free", { ...NO_GCD, applyAura: 0, recoveryMs: 60_000 });
    const b = run1(image({
      resources: res,
      auras: [{ name: "clearcast", owner: "player", durationMs: 0 }],
      spells: [{ ...spend, costBypassAura: 0 }, gen, free],
      rotation: { kind: "priority", entries: [{ spell: 2 }, { spell: 0 }, { spell: 1 }] },
    }));
    expect(b.spells[0]!.casts).toBe(7);
  });

  it("channels: ticks, final PlayerReady, per-tick cost; a tick that cannot be paid ends the channel", () => {
    // 3000 ms channel, 3 ticks of 50, 10 mana per tick, 100 mana, no regen:
    // channels [0,3000] [3000,6000] [6000,9000] = 9 ticks (mana 10 left), 4th channel: tick at 10000 (mana 0),
    // tick at 11000 cannot be paid -> ends. 10 ticks = 500 damage, 4 casts; no cast-time cost.
    const r = run1(image({
      run: { ...image().run, durationMs: 20_000 },
      resources: [{ name: "mana", model: "generic", max: 100, regenPerSec: 0 }],
      spells: [spell("drain", { cost: { resource: 0, amount: 999 }, channel: { durationMs: 3000, ticks: 3, tickCost: 10, tickDamage: 0 } })],
      damage: [flat(0, 50)],
    }));
    expect(r.spells[0]!.casts).toBe(4);
    expect(r.spells[0]!.hits).toBe(10);
    expect(r.damage.total).toBe(500);
  });
});

describe("engine: auras", () => {
  // A DoT (flat 10 per 1000 ms tick, 10 s) applied at 0 by "dot"; the hook schedules a re-application at `at`.
  const dotImage = (refresh: AuraImage["refresh"], at: number) =>
    image({
      run: { ...image().run, durationMs: 30_000 },
      spells: [spell("dot", { applyAura: 0, recoveryMs: 100_000, hook: 0 }), spell("tick", { known: true })],
      auras: [{ name: "dot", owner: "target", durationMs: 10_000, refresh, tickPeriodMs: 1000, tickDamage: 0 }],
      damage: [flat(1, 10)],
      opLists: [[{ op: "schedule", delayMs: at, list: 1 }], [{ op: "applyAura", aura: 0 }]],
      rotation: { kind: "priority", entries: [{ spell: 0 }] },
    });

  it("pandemic refresh extends to min(remaining + duration, 1.3 x duration)", () => {
    // refresh at 8000: remaining 2000 -> 12000 -> expires 20000: ticks 1000..20000 = 20
    expect(run1(dotImage("pandemic", 8000)).spells[1]!.hits).toBe(20);
    // refresh at 2000: remaining 8000 -> min(18000, 13000) = 13000 -> expires 15000: 15 ticks
    expect(run1(dotImage("pandemic", 2000)).spells[1]!.hits).toBe(15);
    // plain refresh at 8000: expires 18000: 18 ticks
    expect(run1(dotImage("refresh", 8000)).spells[1]!.hits).toBe(18);
    // no refresh: expires 10000: 10 ticks (tick at the expiry instant included)
    expect(run1(dotImage("none", 8000)).spells[1]!.hits).toBe(10);
  });

  it("AuraExpire is a no-op when refreshed; on-expire ops run once at removal", () => {
    const img = dotImage("pandemic", 8000);
    img.auras[0]!.onExpire = 2;
    img.opLists.push([{ op: "dealDamage", damage: 1 }]);
    img.damage.push(flat(1, 1000));
    const r = run1(img);
    // 20 ticks x 10 + one on-expire hit of 1000 at 20000 (not at 10000: that expiry was superseded)
    expect(r.spells[1]!.hits).toBe(21);
    expect(r.damage.total).toBe(1200);
  });

  it("tick_on_application adds a tick at application", () => {
    const img = dotImage("none", 50_000);
    img.auras[0]!.tickOnApplication = true;
    expect(run1(img).spells[1]!.hits).toBe(11);
  });

  // DoT 0.1 x AP per 2000 ms tick (hasted), 20 s; "rage" buff at 1500: +1000 primary stat, +100 % haste.
  const snapImage = (snapshot: boolean, withBuff = true) =>
    image({
      run: { ...image().run, durationMs: 25_000 },
      spells: [spell("dot", { applyAura: 0, recoveryMs: 100_000 }), spell("buff", { applyAura: 1, recoveryMs: 100_000 })],
      auras: [
        { name: "dot", owner: "target", durationMs: 20_000, tickPeriodMs: 2000, tickDamage: 0, snapshot },
        { name: "power", owner: "player", durationMs: 0, effects: [{ type: "primaryStat", value: 1000 }, { type: "haste", value: 100 }] },
      ],
      damage: [{ spell: 0, kind: "ap", base: 0, coefficient: 0.1, school: 8 }],
      rotation: { kind: "priority", entries: withBuff ? [{ spell: 0 }, { spell: 1 }] : [{ spell: 0 }] },
    });

  it("ticks reschedule with live haste; snapshot DoTs keep the application-time AP", () => {
    // no buff: ticks 2000..20000 = 10 x (0.1 x 1000) = 1000
    const plain = run1(snapImage(true, false));
    expect(plain.spells[0]!.hits).toBe(10);
    expect(plain.spells[0]!.damage).toBeCloseTo(1000, 9);
    // buff at 1500 -> haste 100 %: first tick at 2000 (scheduled at application), then every 1000 ms:
    // 2000, 3000, ..., 20000 = 19 ticks
    const snap = run1(snapImage(true));
    expect(snap.spells[0]!.hits).toBe(19);
    expect(snap.spells[0]!.damage).toBeCloseTo(19 * 100, 9); // AP 1000 captured at 0
    const live = run1(snapImage(false));
    expect(live.spells[0]!.hits).toBe(19);
    expect(live.spells[0]!.damage).toBeCloseTo(19 * 200, 9); // AP 2000 from 1500 on
  });

  it("DamageMult compounds value^stacks; DamageMultStacking is initial x perStack^(stacks-1); additive stats are linear", () => {
    const mk = (effects: AuraImage["effects"], stacks: number) =>
      run1(image({
        spells: [spell("stack", { applyAura: 0, applyStacks: stacks, recoveryMs: 100_000 }), spell("nuke", { damage: 0, recoveryMs: 100_000 })],
        auras: [{ name: "x", owner: "player", durationMs: 0, maxStacks: 3, effects }],
        damage: [flat(1, 1000)],
        rotation: { kind: "priority", entries: [{ spell: 0 }, { spell: 1 }] },
      })).spells[1]!.damage;
    expect(mk([{ type: "damageMult", value: 1.1 }], 3)).toBeCloseTo(1000 * 1.1 ** 3, 9); // 1331
    expect(mk([{ type: "damageMult", value: 1.1 }], 5)).toBeCloseTo(1000 * 1.1 ** 3, 9); // capped at maxStacks 3
    expect(mk([{ type: "damageMultStacking", initial: 1.2, perStack: 1.1 }], 3)).toBeCloseTo(1000 * 1.2 * 1.1 ** 2, 9);
    // school-scoped: fire (4) hit; a nature (8) multiplier does nothing, a fire one applies
    expect(mk([{ type: "damageMultSchool", value: 1.5, school: 8 }], 1)).toBe(1000);
    expect(mk([{ type: "damageMultSchool", value: 1.5, school: 4 }], 2)).toBeCloseTo(2250, 9);
    expect(mk([{ type: "damageMultSpells", value: 2, spells: [1] }], 1)).toBe(2000);
    expect(mk([{ type: "damageMultSpells", value: 2, spells: [0] }], 1)).toBe(1000);
    // crit +50 per stack x 2 = 100 % -> always crits, x 2.0
    expect(mk([{ type: "crit", value: 50 }], 2)).toBe(2000);
    // mastery needs a mastery kind: none here -> no effect
    expect(mk([{ type: "mastery", value: 10 }], 2)).toBe(1000);
    // versatility +5 per stack x 3 = 15 %: 1150
    expect(mk([{ type: "versatility", value: 5 }], 3)).toBeCloseTo(1150, 9);
  });
});

describe("engine: damage", () => {
  const one = (d: DamageEntry, over: Partial<SpecImage> = {}) =>
    run1(image({ spells: [spell("hit", { damage: 0, recoveryMs: 100_000 })], damage: [d], ...over }));

  it("AP / SP paths, armor for physical only, mastery", () => {
    // ap: 0.5 x 1000 = 500; physical vs armor 1000, K 1000 -> x 0.5 = 250; fire ignores armor
    const armor = { run: { ...image().run, targetArmor: 1000, armorK: 1000 } };
    expect(one({ spell: 0, kind: "ap", base: 0, coefficient: 0.5, school: 1 }).damage.total).toBe(500);
    expect(one({ spell: 0, kind: "ap", base: 0, coefficient: 0.5, school: 1 }, armor).damage.total).toBe(250);
    expect(one({ spell: 0, kind: "sp", base: 100, coefficient: 0.5, school: 4 }, armor).damage.total).toBe(600);
    // uniform mastery 10 points x coefficient 2 = 20 % -> 600 x 1.2
    const mastery = { stats: { ...image().stats, mastery: 10 }, mastery: { kind: "uniform" as const, coefficient: 2 } };
    expect(one({ spell: 0, kind: "sp", base: 100, coefficient: 0.5, school: 4 }, mastery).damage.total).toBeCloseTo(720, 9);
    // crit 100 % with critDamageBonus 50 -> x 2.5
    const crit = { stats: { ...image().stats, crit: 100, critDamageBonus: 50 } };
    const c = one({ spell: 0, kind: "flat", base: 100, coefficient: 0, school: 4 }, crit);
    expect(c.damage.total).toBe(250);
    expect(c.spells[0]!.crits).toBe(1);
  });

  it("player auto attack: weapon roll x weaponMultiplier + coefficient x AP, hasted swing", () => {
    // weapon 200..200 (roll 200), multiplier 1.5, coefficient 0.1 x AP 1000: 300 + 100 = 400 per swing,
    // physical vs no armor; swing 2500 / 1.25 (haste 25) = 2000 ms: 0, 2000, ..., 8000 = 5 swings
    const r = run1(image({
      stats: { ...image().stats, haste: 25 },
      spells: [spell("auto", { known: true })],
      damage: [{ spell: 0, kind: "ap", base: 0, coefficient: 0.1, school: 1, weaponMultiplier: 1.5 }],
      autoAttack: { damage: 0, swingMs: 2500, weaponMin: 200, weaponMax: 200 },
      rotation: { kind: "priority", entries: [] },
    }));
    expect(r.spells[0]!.hits).toBe(5);
    expect(r.damage.total).toBeCloseTo(2000, 9);
  });

  it("mastery buff effects add points before the coefficient", () => {
    // school mastery on fire (4), coefficient 2, base 5 points + a 5-point buff = 20 % on fire only
    const mk = (school: number) => run1(image({
      stats: { ...image().stats, mastery: 5 },
      mastery: { kind: "school", coefficient: 2, school: 4 },
      spells: [spell("buff", { applyAura: 0, recoveryMs: 100_000 }), spell("hit", { damage: 0, recoveryMs: 100_000 })],
      auras: [{ name: "m", owner: "player", durationMs: 0, effects: [{ type: "mastery", value: 5 }] }],
      damage: [flat(1, 1000, { school })],
      rotation: { kind: "priority", entries: [{ spell: 0 }, { spell: 1 }] },
    })).damage.total;
    expect(mk(4)).toBeCloseTo(1200, 9);
    expect(mk(8)).toBe(1000);
  });

  it("AoE per-target multipliers: split, chain, sqrt falloff; cleave buff", () => {
    const t = (n: number) => ({ run: { ...image().run, targets: n } });
    const aoe = (mode: DamageEntry["aoe"], param?: number, n = 3) =>
      one({ spell: 0, kind: "flat", base: 300, coefficient: 0, school: 4, aoe: mode, ...(param !== undefined ? { aoeParam: param } : {}) }, t(n));
    expect(aoe("split").damage.total).toBeCloseTo(300, 9); // 3 x 100
    expect(aoe("split").spells[0]!.hits).toBe(3);
    expect(aoe("chain", 0.5).damage.total).toBe(525); // 300 + 150 + 75
    expect(aoe("all").damage.total).toBe(900);
    expect(aoe("sqrt", 2, 8).damage.total).toBeCloseTo(8 * 300 * Math.sqrt(2 / 8), 9); // 1200
    expect(aoe("sqrt", 8, 8).damage.total).toBe(2400);
    // cleave: 50 % to 2 more targets on a single-target physical hit: 100 + 2 x 50
    const cleave = run1(image({
      ...t(3),
      spells: [spell("sweep", { applyAura: 0, recoveryMs: 100_000 }), spell("hit", { damage: 0, recoveryMs: 100_000 })],
      auras: [{ name: "cleave", owner: "player", durationMs: 0, effects: [{ type: "cleave", value: 0.5, count: 2 }] }],
      damage: [flat(1, 100, { school: 1 })],
      rotation: { kind: "priority", entries: [{ spell: 0 }, { spell: 1 }] },
    }));
    expect(cleave.damage.total).toBe(200);
  });

  it("impact procs fire on player hits, never on pet hits", () => {
    // pet melee 100 every 2000 ms (0..8000 = 5 swings); proc chance 1 deals 1 ("procHit") per eligible hit
    const petImg = (withPlayerAuto: boolean): SpecImage => image({
      spells: [spell("petMelee", { known: true }), spell("procHit", { known: true }), spell("autoShot", { known: true })],
      damage: [flat(0, 100, { pet: 0, school: 1 }), flat(1, 1), flat(2, 10, { school: 1 })],
      pets: [{ name: "cat", melee: 0, swingMs: 2000, startsActive: true }],
      procs: [{ name: "p", chance: 1, list: 0, spells: [0, 2] }],
      opLists: [[{ op: "dealDamage", damage: 1 }]],
      rotation: { kind: "priority", entries: [] },
      ...(withPlayerAuto ? { autoAttack: { damage: 2, swingMs: 2500, weaponMin: 0, weaponMax: 0 } } : {}),
    });
    const pet = run1(petImg(false));
    expect(pet.damage.pet).toBe(500);
    expect(pet.damage.total).toBe(500);
    expect(pet.spells[1]!.hits).toBe(0);
    // player auto shot at 0, 2500, 5000, 7500 -> 4 procs
    const both = run1(petImg(true));
    expect(both.spells[1]!.hits).toBe(4);
    expect(both.damage.pet).toBe(500);
    expect(both.damage.total).toBe(500 + 40 + 4);
  });

  it("summon/dismiss pets from hooks; pet damage multipliers", () => {
    // "call" summons pet 0 for 5000 ms at 0: swings 0, 2000, 4000 -> 3 x 100; a player aura with
    // appliesToPets doubles pet damage: 600
    const mk = (appliesToPets: boolean) => run1(image({
      spells: [spell("call", { hook: 0, recoveryMs: 100_000, applyAura: 0 }), spell("petMelee", { known: true })],
      damage: [flat(1, 100, { pet: 0, school: 1 })],
      auras: [{ name: "wrath", owner: "player", durationMs: 0, appliesToPets, effects: [{ type: "damageMult", value: 2 }] }],
      pets: [{ name: "wolf", melee: 0, swingMs: 2000, startsActive: false }],
      opLists: [[{ op: "summonPet", pet: 0, durationMs: 5000 }]],
    }));
    expect(mk(false).damage.pet).toBe(300);
    expect(mk(true).damage.pet).toBe(600);
  });
});

describe("engine: determinism and rng streams", () => {
  const noisy = image({
    run: { ...image().run, durationMs: 60_000 },
    stats: { ...image().stats, crit: 50 },
    spells: [spell("shot", { damage: 0 })],
    damage: [{ spell: 0, kind: "ap", base: 0, coefficient: 1, school: 1, weaponMultiplier: 1 }],
    autoAttack: { damage: 0, swingMs: 2600, weaponMin: 100, weaponMax: 300 },
  });

  it("same seed -> identical results; different chunk / iteration -> different streams", () => {
    const a = runImage(noisy, { iterations: 20, seed: 7n, perIteration: true });
    const b = runImage(noisy, { iterations: 20, seed: 7n, perIteration: true });
    expect(b).toEqual(a);
    expect(new Set(a.perIteration).size).toBeGreaterThan(15); // iterations draw different streams
    const c = runImage(noisy, { iterations: 20, seed: 7n, chunkId: 1, perIteration: true });
    expect(c.perIteration).not.toEqual(a.perIteration);
    // iteration i of a chunk is the same whether run alone or inside a batch
    const single = runImage(noisy, { iterations: 1, seed: 7n, iterationStart: 5, perIteration: true });
    expect(single.perIteration![0]).toBe(a.perIteration![5]);
    // streaming stats agree with the per-iteration values
    const xs = Array.from(a.perIteration!);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(a.dps.mean).toBeCloseTo(mean, 6);
    expect(a.dps.min).toBe(Math.min(...xs));
    expect(a.dps.max).toBe(Math.max(...xs));
    expect(a.dps.stddev).toBeCloseTo(Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length), 6);
  });
});

describe("engine: image validation", () => {
  it("rejects bad references with a typed error naming the field", () => {
    const bad = image({ spells: [spell("x", { applyAura: 3 })] });
    expect(() => encodeImage(bad)).toThrow(ImageError);
    try {
      encodeImage(bad);
    } catch (e) {
      expect((e as ImageError).code).toBe("ENGINE_IMAGE_INVALID");
      expect((e as ImageError).path).toBe("spells[0].applyAura");
      expect((e as Error).message).toContain("aura index 3 out of range");
    }
    expect(() => encodeImage(image({ run: { ...image().run, durationMs: -5 } }))).toThrow(/run\.durationMs/);
    expect(() => encodeImage(image({ opLists: [[{ op: "explode" } as never]] }))).toThrow(/opLists\[0\]\[0\]\.op/);
    expect(() => runImage(image(), { iterations: 0, seed: 1n })).toThrow(RunError);
  });
});
