// SimC expression forms (docs/rotation.md §2): operators `<?` `>?` `@` floor() ceil(), the action scope,
// aura/action/GCD properties, environment names, manifest-defined expressions. Parser and resolver
// units, the VM on hand-set query values, and the engine on hand-computed scenarios.
import { imageSymbols } from "./helpers/rotation-symbols.js";
import { describe, expect, it } from "vitest";
import { wasm } from "../src/engine/wasm.js";
import { runImage } from "../src/engine/run.js";
import type { SpecImage } from "../src/engine/image.js";
import { compileRotation, exprToString, parseExpression, NO_RAID_EVENT_IN, QUERY as Q, RotationError, type RotationJson, type RotationSymbols } from "../src/rotation/index.js";
import { Resolver, type ResolveContext } from "../src/rotation/resolve.js";
import type { RExpr } from "../src/rotation/ast.js";
import { testSymbols, SPELLS, AURAS } from "./helpers/rotation-symbols.js";
import { loadIntoWasm, setQuery } from "./helpers/rotation-wasm.js";
import { gcdSpell, testImage } from "./helpers/spec-image.js";

const p = (s: string): string => exprToString(parseExpression(s));
const q = (kind: number, arg = 0): RExpr => ({ kind: "query", q: kind, arg });
const c = (value: number): RExpr => ({ kind: "const", value });

function symbols(extra: Partial<RotationSymbols> = {}): RotationSymbols {
  return { ...testSymbols(), spellAura: (n) => (n === "barbed_shot" ? AURAS.barbed_shot : undefined), gcdSpell: SPELLS.cobra_shot, ...extra };
}
const r = (src: string, ctx: ResolveContext = {}, syms = symbols()): RExpr => new Resolver(syms, new Map()).resolve(parseExpression(src), { file: "t" }, ctx);
function err(src: string, ctx: ResolveContext = {}, syms = symbols()): RotationError {
  try {
    r(src, ctx, syms);
  } catch (e) {
    return e as RotationError;
  }
  throw new Error(`no error for ${src}`);
}

describe("operators: SimC's precedence (engine/sim/expressions.cpp)", () => {
  it("<? and >? bind looser than + - and tighter than comparisons", () => {
    expect(p("a + b <? c")).toBe("((a + b) <? c)");
    expect(p("a <? b + c")).toBe("(a <? (b + c))");
    expect(p("a <? b < c")).toBe("((a <? b) < c)");
    expect(p("a >? b <? c")).toBe("((a >? b) <? c)");
    expect(p("a*2>?b")).toBe("((a * 2) >? b)");
  });
  it("@ is a unary operator; floor() / ceil() apply to their parenthesized group", () => {
    expect(p("@a - b")).toBe("((@a) - b)");
    expect(p("@(a - b)")).toBe("(@(a - b))");
    expect(p("floor(a % b) * 2")).toBe("(floor((a % b)) * 2)");
    expect(p("-ceil(a)")).toBe("(-ceil(a))");
    expect(p("Floor(a)")).toBe("floor(a)");
  });
  it("floor / ceil without a parenthesis are plain names", () => {
    expect(parseExpression("floor + 1")).toMatchObject({ kind: "binary", left: { kind: "name" } });
  });
  it("resolve to max / min / abs / floor / ceil nodes", () => {
    expect(r("time <? 3")).toEqual({ kind: "bin", op: "max", left: q(Q.TIME), right: c(3) });
    expect(r("time >? 3")).toEqual({ kind: "bin", op: "min", left: q(Q.TIME), right: c(3) });
    expect(r("@time")).toEqual({ kind: "fn", fn: "abs", arg: q(Q.TIME) });
    expect(r("floor(time)")).toEqual({ kind: "fn", fn: "floor", arg: q(Q.TIME) });
    expect(r("ceil(time)")).toEqual({ kind: "fn", fn: "ceil", arg: q(Q.TIME) });
  });
});

describe("the VM computes the new operators (hand-set query values)", () => {
  // time = 2.5, focus = 37: each variable is one of the forms
  const cases: [string, number][] = [
    ["time <? 3", 3],
    ["time >? 3", 2.5],
    ["focus <? time", 37],
    ["focus >? time * 10", 25],
    ["@(time - focus)", 34.5],
    ["floor(focus % 10)", 3],
    ["ceil(time)", 3],
    ["floor(-time)", -3],
    ["1 + (2 <? 5) * 2", 11], // (2 <? 5) = 5
    ["time + 1 >? 2", 2], // (time + 1) >? 2
  ];
  it.each(cases)("%s = %d", (src, want) => {
    const rot: RotationJson = { lists: { default: [{ variable: "x", value: src }] } };
    for (const options of [{}, { fast: true }, { fast: true, scan: true }]) {
      const compiled = compileRotation(rot, symbols(), "t.json", options);
      wasm.rotationTestClear();
      expect(loadIntoWasm(compiled)).toBe(0);
      setQuery(Q.TIME, 0, 2.5);
      setQuery(Q.RESOURCE, 0, 37);
      expect(wasm.rotationTestSelect()).toBe(0);
      expect(wasm.rotationTestVar(0)).toBe(want);
    }
  });
});

describe("action scope: bare names are properties of the entry's action", () => {
  const ctx = { action: "barbed_shot" };
  const bs = SPELLS.barbed_shot!;
  const dot = AURAS.barbed_shot!;
  it("cast and cooldown properties query the action's spell", () => {
    expect(r("cast_time", ctx)).toEqual(q(Q.CAST_TIME, bs));
    expect(r("execute_time", ctx)).toEqual(q(Q.EXECUTE_TIME, bs));
    expect(r("charges", ctx)).toEqual(q(Q.COOLDOWN_CHARGES, bs));
    expect(r("charges_fractional", ctx)).toEqual(q(Q.COOLDOWN_CHARGES_FRACTIONAL, bs));
    expect(r("full_recharge_time", ctx)).toEqual(q(Q.COOLDOWN_FULL_RECHARGE_TIME, bs));
    expect(r("max_charges", ctx)).toEqual(q(Q.COOLDOWN_MAX_CHARGES, bs));
    expect(r("cooldown", ctx)).toEqual(q(Q.COOLDOWN_DURATION, bs));
    expect(r("cooldown_react", ctx)).toEqual(q(Q.COOLDOWN_REACT, bs)); // ready, and a proc reset reacted to (engine/reaction.ts)
    expect(r("ready", ctx)).toEqual(q(Q.SPELL_CASTABLE, bs));
    expect(r("cost", ctx)).toEqual(q(Q.SPELL_COST, bs));
    expect(r("gcd", ctx)).toEqual(q(Q.GCD_MAX, bs));
  });
  it("aura properties go to the aura the action applies", () => {
    expect(r("remains", ctx)).toEqual(q(Q.DOT_REMAINS, dot));
    expect(r("ticking", ctx)).toEqual(q(Q.DOT_TICKING, dot));
    expect(r("refreshable", ctx)).toEqual(q(Q.AURA_REFRESHABLE, dot));
    expect(r("tick_time", ctx)).toEqual(q(Q.AURA_TICK_TIME, dot));
    expect(r("ticks_remain", ctx)).toEqual(q(Q.AURA_TICKS_REMAIN, dot));
    expect(r("duration", ctx)).toEqual({ kind: "bin", op: "mul", left: q(Q.DOT_TICKING, dot), right: q(Q.AURA_DURATION, dot) });
    expect(r("pmultiplier", ctx)).toEqual(c(1));
  });
  it("no projectile travel: in_flight is 0; executing / execute_remains read the cast bar in progress", () => {
    for (const n of ["in_flight", "in_flight_remains", "in_flight_to_target", "travel_time"]) expect(r(n, ctx)).toEqual(c(0));
    expect(r("executing", ctx)).toEqual(q(Q.EXECUTING, bs));
    expect(r("execute_remains", ctx)).toEqual(q(Q.EXECUTE_REMAINS, bs));
  });
  it("action.X.* is the same with the spell named", () => {
    expect(r("action.barbed_shot.cast_time")).toEqual(q(Q.CAST_TIME, bs));
    expect(r("action.barbed_shot.in_flight")).toEqual(c(0));
    expect(r("action.barbed_shot.remains")).toEqual(q(Q.DOT_REMAINS, dot));
    expect(r("action.barbed_shot.ready")).toEqual(q(Q.SPELL_CASTABLE, bs));
    expect(r("action.barbed_shot.last_used")).toEqual(q(Q.LAST_USED, bs));
  });
  it("errors: no action, an action without an aura, an unknown property", () => {
    expect(err("cast_time").message).toMatch(/property of the entry's action/);
    expect(err("remains", { action: "cobra_shot" }).message).toMatch(/"cobra_shot" applies no aura/);
    // the entry's action is not a spell: the line's problem is the action, in the cast error's words
    expect(err("gcd", { action: "ravager" }).message).toMatch(/: unknown spell "ravager"$/);
    expect(err("execute_time", { action: "ravager" }).message).toMatch(/: unknown spell "ravager"$/);
    expect(err("action.cobra_shot.damage").message).toMatch(/unknown action property "damage"/);
    expect(err("action.cobra_shot.damage").column).toBe(19);
  });
  it("compileRotation passes a cast entry's spell as the action", () => {
    const rot: RotationJson = { lists: { default: [{ cast: "barbed_shot", if: "refreshable & charges >= 1" }] } };
    expect(() => compileRotation(rot, symbols(), "t.json")).not.toThrow();
    const bad: RotationJson = { lists: { default: [{ variable: "x", value: "cast_time" }] } };
    expect(() => compileRotation(bad, symbols(), "t.json")).toThrow(/property of the entry's action/);
  });
});

describe("aura, GCD, history and cooldown names", () => {
  const bw = AURAS.bestial_wrath!;
  it("buff / debuff / dot extras", () => {
    expect(r("buff.bestial_wrath.refreshable")).toEqual(q(Q.AURA_REFRESHABLE, bw));
    expect(r("debuff.hunters_mark.duration")).toEqual(q(Q.AURA_DURATION, AURAS.hunters_mark));
    expect(r("buff.bestial_wrath.max_stack")).toEqual(q(Q.AURA_MAX_STACK, bw));
    expect(r("buff.bestial_wrath.at_max_stacks")).toEqual({ kind: "bin", op: "ge", left: q(Q.BUFF_STACK, bw), right: q(Q.AURA_MAX_STACK, bw) });
    expect(r("buff.bestial_wrath.stack_pct")).toEqual({ kind: "bin", op: "div", left: { kind: "bin", op: "mul", left: c(100), right: q(Q.BUFF_STACK, bw) }, right: q(Q.AURA_MAX_STACK, bw) });
    expect(r("dot.barbed_shot.pmultiplier")).toEqual(c(1));
    expect(r("dot.barbed_shot.ticks_remain")).toEqual(q(Q.AURA_TICKS_REMAIN, AURAS.barbed_shot));
    expect(err("buff.bestial_wrath.refreshablee").message).toMatch(/expected one of: up, down, remains, stack, react, refreshable/);
  });
  it("gcd.max and a bare gcd outside an action are the player's GCD (symbols.gcdSpell, else -1)", () => {
    expect(r("gcd.max")).toEqual(q(Q.GCD_MAX, SPELLS.cobra_shot));
    expect(r("gcd")).toEqual(q(Q.GCD_MAX, SPELLS.cobra_shot));
    expect(r("gcd.max", {}, testSymbols())).toEqual(q(Q.GCD_MAX, -1));
    expect(r("gcd.remains")).toEqual(q(Q.GCD_REMAINS));
  });
  it("prev_gcd.1..3, prev, prev_off_gcd", () => {
    expect(r("prev_gcd.1.kill_command")).toEqual(q(Q.PREV_GCD, SPELLS.kill_command));
    expect(r("prev_gcd.2.kill_command")).toEqual(q(Q.PREV_GCD_2, SPELLS.kill_command));
    expect(r("prev_gcd.3.kill_command")).toEqual(q(Q.PREV_GCD_3, SPELLS.kill_command));
    expect(r("prev.kill_command")).toEqual(q(Q.PREV, SPELLS.kill_command));
    expect(r("prev_off_gcd.bestial_wrath")).toEqual(q(Q.PREV_OFF_GCD, SPELLS.bestial_wrath));
  });
  it("cooldown.X.max_charges; cooldown.potion without a potion spell is ready", () => {
    expect(r("cooldown.kill_command.max_charges")).toEqual(q(Q.COOLDOWN_MAX_CHARGES, SPELLS.kill_command));
    expect(r("cooldown.potion.remains")).toEqual(c(0));
    expect(r("cooldown.potion.ready")).toEqual(c(1));
  });
  it("talent.X.rank: the host's rank, or 1/0", () => {
    expect(r("talent.killer_instinct.rank")).toEqual(c(1));
    expect(r("talent.alpha_predator.rank")).toEqual(c(0));
    expect(r("talent.killer_instinct.rank", {}, symbols({ talentRank: () => 2 }))).toEqual(c(2));
  });
});

describe("target and encounter names (linear health model)", () => {
  const fr = q(Q.FIGHT_REMAINS);
  it("target.time_to_die = fight_remains; expected_combat_length = time + fight_remains", () => {
    expect(r("target.time_to_die")).toEqual(fr);
    expect(r("expected_combat_length")).toEqual({ kind: "bin", op: "add", left: q(Q.TIME), right: fr });
  });
  it("target.time_to_pct_N: when health(t) = 100 (1 - t/D) reaches N", () => {
    // D = 300 s, t = 60 s (health 80 %): reaches 35 % at t = 195, i.e. in 135 s; 90 % has passed: 0
    const rot: RotationJson = { lists: { default: [{ variable: "a", value: "target.time_to_pct_35" }, { variable: "b", value: "target.time_to_pct_90" }] } };
    const compiled = compileRotation(rot, symbols(), "t.json", { fast: true, scan: true });
    wasm.rotationTestClear();
    expect(loadIntoWasm(compiled)).toBe(0);
    setQuery(Q.TIME, 0, 60);
    setQuery(Q.FIGHT_REMAINS, 0, 240);
    expect(wasm.rotationTestSelect()).toBe(0);
    expect(wasm.rotationTestVar(0)).toBeCloseTo(135, 9);
    expect(wasm.rotationTestVar(1)).toBe(0);
  });
  it("fight_style.patchwerk = 1, other SimC styles 0, unknown styles an error", () => {
    expect(r("fight_style.patchwerk")).toEqual(c(1));
    expect(r("fight_style.dungeonslice")).toEqual(c(0));
    expect(err("fight_style.patchwork").message).toMatch(/unknown fight style "patchwork"/);
  });
  it("fight_style.X follows the run's fight style: adds = hecticaddcleave, movement = lightmovement", () => {
    const adds = symbols({ adds: { count: 5, first: 15, cooldown: 22.5, duration: 15, last: 225 } });
    expect(r("fight_style.hecticaddcleave", {}, adds)).toEqual(c(1));
    expect(r("fight_style.patchwerk", {}, adds)).toEqual(c(0));
    const moving = symbols({ movement: { first: 15, period: 40, duration: 3, distance: 15 } });
    expect(r("fight_style.lightmovement", {}, moving)).toEqual(c(1));
    expect(r("fight_style.patchwerk", {}, moving)).toEqual(c(0));
  });
  it("target.debuff.casting.react = 0 (the target never casts)", () => {
    expect(r("target.debuff.casting.react")).toEqual(c(0));
  });
});

describe("environment names: no gear, no raid events, no movement", () => {
  it("trinkets, items, set bonuses, potions are absent (0)", () => {
    for (const n of ["trinket.1.is.spymasters_web", "trinket.2.has_use_buff", "trinket.1.has_buff.agility", "trinket.1.has_cooldown", "trinket.2.cooldown.remains", "trinket.1.cooldown.duration", "trinket.1.proc.any_dps.duration", "trinket.1.ilvl", "this_trinket.has_use_buff", "other_trinket.cooldown.remains", "equipped.bestinslots", "set_bonus.tww3_4pc", "potion.tempered_potion"]) {
      expect([n, r(n)]).toEqual([n, c(0)]);
    }
  });
  it("raid_event.X.in / .cooldown: SimC's 'never'; the rest 0", () => {
    expect(r("raid_event.adds.in")).toEqual(c(NO_RAID_EVENT_IN));
    expect(r("raid_event.adds.cooldown")).toEqual(c(NO_RAID_EVENT_IN));
    for (const f of ["exists", "up", "remains", "count", "duration"]) expect(r(`raid_event.adds.${f}`)).toEqual(c(0));
    expect(err("raid_event.adds.soon").message).toMatch(/unknown raid event filter "soon"/);
  });
  it("movement.distance = 0", () => {
    expect(r("movement.distance")).toEqual(c(0));
  });
});

describe("manifest-defined expressions", () => {
  const defs: Record<string, string> = {
    "stealthed.rogue": "buff.bestial_wrath.up | buff.beast_cleave.up",
    "scorch_execute.active": "target.health.pct < 30",
    "own.refresh": "refreshable & stealthed.rogue",
    "loop.a": "loop.b + 1",
    "loop.b": "loop.a",
    "broken": "buff.nope.up",
  };
  const syms = symbols({ expression: (n) => (Object.hasOwn(defs, n) ? { text: defs[n]!, file: "manifests/test.json", key: n } : undefined) });
  it("compile inline where the rotation names them, in the entry's action scope", () => {
    expect(r("stealthed.rogue", {}, syms)).toEqual({ kind: "bin", op: "or", left: q(Q.BUFF_UP, AURAS.bestial_wrath), right: q(Q.BUFF_UP, AURAS.beast_cleave) });
    expect(r("!scorch_execute.active", {}, syms)).toEqual({ kind: "not", arg: { kind: "bin", op: "lt", left: q(Q.TARGET_HEALTH_PCT), right: c(30) } });
    expect(r("own.refresh", { action: "barbed_shot" }, syms)).toMatchObject({ kind: "bin", op: "and", left: q(Q.AURA_REFRESHABLE, AURAS.barbed_shot) });
  });
  it("errors name the manifest file and the expression key; cycles are errors", () => {
    const e = err("broken & time > 1", {}, syms);
    expect([e.file, e.field, e.column]).toEqual(["manifests/test.json", "expressions.broken", 6]);
    expect(err("loop.a", {}, syms).message).toMatch(/loop\.a -> loop\.b -> loop\.a/);
  });
});

// ---------------------------------------------------------------- engine scenarios

/** Runs one iteration of `img` with `rotation` compiled against the image's names (+ extra symbols). */
function run(img: SpecImage, rotation: RotationJson, extra: Partial<RotationSymbols> = {}) {
  const compiled = compileRotation(rotation, imageSymbols(img, extra), "t.json", { fast: true, scan: true });
  return runImage({ ...img, rotation: { kind: "bytecode", code: compiled.code, constants: compiled.constants, spells: compiled.spells } }, { iterations: 1, seed: 7n });
}

/** A probe spell (off the GCD, 1000 s cooldown) cast once at time 0 iff `cond` holds then. */
function probe(img: SpecImage, cond: string, extra: Partial<RotationSymbols> = {}): boolean {
  const spells = [...img.spells, { id: 9, name: "probe", castMs: 0, startRecoveryCategory: 0, startRecoveryMs: 0, recoveryMs: 1_000_000 }];
  const r = run({ ...img, spells }, { lists: { default: [{ cast: "probe", if: cond }] } }, extra);
  return r.spells[spells.length - 1]!.casts === 1;
}

describe("engine: the new query kinds on hand-computed scenarios", () => {
  it("gcd.max = max(0.75, 1.5 / (1 + haste)) for a hasted 1.5 s GCD; 1 s unhasted stays 1", () => {
    const at = (haste: number) => testImage("gcd", { stats: { attackPower: 0, spellPower: 0, crit: 0, haste, mastery: 0, versatility: 0 }, spells: [gcdSpell("nuke"), gcdSpell("jab", { startRecoveryMs: 1000, gcdHasted: false })] });
    expect(probe(at(20), "gcd.max = 1.25", { gcdSpell: 0 })).toBe(true); // 1500 / 1.2
    expect(probe(at(20), "gcd.max = 1.5", { gcdSpell: 0 })).toBe(false);
    expect(probe(at(150), "gcd.max = 0.75", { gcdSpell: 0 })).toBe(true); // 600 -> floor 750
    expect(probe(at(20), "gcd.max = 1.25")).toBe(true); // no gcdSpell: the standard 1.5 s, hasted
    expect(probe(at(50), "gcd.max = 1", { gcdSpell: 1 })).toBe(true); // unhasted 1 s
    expect(probe(at(20), "action.jab.gcd = 1 & action.probe.gcd = 0")).toBe(true);
  });
  it("cast_time / execute_time: hasted cast bar, cast-time auras, max with the GCD; channels", () => {
    const img = testImage("cast", {
      stats: { attackPower: 0, spellPower: 0, crit: 0, haste: 25, mastery: 0, versatility: 0 },
      spells: [
        gcdSpell("bolt", { castMs: 2500 }),
        gcdSpell("flash", { castMs: 1000, castTimeMods: [{ aura: 0, factor: 0.5 }] }),
        gcdSpell("drain", { channel: { durationMs: 5000, ticks: 5, hasted: true } }),
        gcdSpell("instant"),
      ],
      auras: [{ name: "quick", owner: "player", durationMs: 10_000, maxStacks: 1 }],
    });
    expect(probe(img, "action.bolt.cast_time = 2 & action.bolt.execute_time = 2")).toBe(true); // 2500 / 1.25
    expect(probe(img, "action.flash.cast_time = 0.8 & action.flash.execute_time = 1.2")).toBe(true); // 1000 / 1.25; gcd 1500 / 1.25
    expect(probe(img, "action.drain.cast_time = 4")).toBe(true); // 5000 / 1.25
    expect(probe(img, "action.instant.cast_time = 0 & action.instant.execute_time = 1.2")).toBe(true);
  });
  it("refreshable (30 % pandemic), duration, tick_time, ticks_remain, max_stack over a running DoT", () => {
    // dot: 10 s, 2 s ticks, applied at 0 by "apply"; the rotation is asked every 0.1 s from 1.5 s (8.5 s
    // left: 5 ticks); at 7.1 s 2.9 s are left, under 30 % of 10 s
    const img = testImage("dot", {
      spells: [gcdSpell("apply", { applyAura: 0, recoveryMs: 100_000 }), { id: 9, name: "probe", castMs: 0, startRecoveryCategory: 0, startRecoveryMs: 0, recoveryMs: 1_000_000 }],
      auras: [{ name: "dot", owner: "target", durationMs: 10_000, maxStacks: 3, tickPeriodMs: 2000, tickDamage: 0 }],
      damage: [{ spell: 0, kind: "flat", base: 0, coefficient: 0, school: 1 }],
    });
    const probeAt = (t: number, cond: string) => run(img, { lists: { default: [{ cast: "apply" }, { cast: "probe", if: `time >= ${t} & time < ${t + 0.1} & ${cond}` }, { wait: "0.1" }] } }).spells[1]!.casts === 1;
    expect(probeAt(1.5, "!dot.dot.refreshable & dot.dot.duration = 10 & dot.dot.tick_time = 2 & dot.dot.ticks_remain = 5 & dot.dot.max_stack = 3")).toBe(true);
    expect(probeAt(6.9, "dot.dot.refreshable")).toBe(false); // 3.1 s left
    expect(probeAt(7.1, "dot.dot.refreshable & dot.dot.ticks_remain = 2")).toBe(true); // 2.9 s left: ceil(2.9 / 2)
    // a hasted DoT ticks every 2 s / 1.25 at 25 % haste
    const hasted = { ...img, stats: { ...img.stats, haste: 25 }, auras: [{ ...img.auras[0]!, tickHasted: true }] };
    expect(run(hasted, { lists: { default: [{ cast: "probe", if: "dot.dot.tick_time = 1.6" }] } }).spells[1]!.casts).toBe(1);
    // before any application (down): refreshable, and a DoT's duration is 0
    expect(run(img, { lists: { default: [{ cast: "probe", if: "dot.dot.refreshable & dot.dot.duration = 0" }] } }).spells[1]!.casts).toBe(1);
  });
  it("prev_gcd.2/3, prev and prev_off_gcd follow the cast history", () => {
    const img = testImage("hist", {
      spells: [gcdSpell("a", { recoveryMs: 100_000 }), gcdSpell("b", { recoveryMs: 100_000 }), { id: 3, name: "off", castMs: 0, startRecoveryCategory: 0, startRecoveryMs: 0, recoveryMs: 100_000 }, gcdSpell("c", { recoveryMs: 100_000 }), { id: 9, name: "probe", castMs: 0, startRecoveryCategory: 0, startRecoveryMs: 0, recoveryMs: 1_000_000 }],
    });
    // a (t 0), b (1.5), then off (1.5, off the GCD, once b was the last GCD cast): the probe, off the
    // GCD too, checks the history right after
    const hist = (cond: string) =>
      run(img, { lists: { default: [{ cast: "a" }, { cast: "b" }, { cast: "off", if: "prev_gcd.1.b" }, { cast: "probe", if: `prev_gcd.1.b & ${cond}` }, { cast: "c" }, { wait: "0.1" }] } }).spells[4]!.casts === 1;
    expect(hist("prev_gcd.2.a & prev.off & prev_off_gcd.off")).toBe(true);
    expect(hist("prev_gcd.3.a")).toBe(false);
    expect(hist("prev.b")).toBe(false);
    // SimC's `time - action.X.last_used`: the time of X's last cast; before the first one, far in the past
    // a (0), b (1.5), c (3.0): right after c the three GCD casts back are c, b, a
    const three = run(img, { lists: { default: [{ cast: "a" }, { cast: "b" }, { cast: "c" }, { cast: "probe", if: "prev_gcd.1.c & prev_gcd.2.b & prev_gcd.3.a & prev.c" }, { wait: "0.1" }] } });
    expect(three.spells[4]!.casts).toBe(1);
    expect(hist("time - action.a.last_used = 1.5 & action.b.last_used = 1.5 & action.c.last_used < -999999999")).toBe(true);
  });
  it("cost (bypass aura), max_charges", () => {
    const img = testImage("cost", {
      resources: [{ name: "focus", model: "generic", max: 100, initial: 100, regenPerSec: 0 }],
      spells: [gcdSpell("shot", { cost: { resource: 0, amount: 35 }, chargeCategoryId: 5, maxCharges: 2, chargeRecoveryMs: 8000 })],
    });
    expect(probe(img, "action.shot.cost = 35 & action.shot.max_charges = 2 & cooldown.probe.max_charges = 1")).toBe(true);
  });
});
