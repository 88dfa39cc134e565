// Stats layer: curve evaluation, rating -> percent with DR curves 21024/21025, recompute, defaults.
// Every expectation is computed by hand in the comment next to it.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { CellValue } from "../src/data/types.js";
import { CombatsimError } from "../src/errors.js";
import {
  BASE_CRIT_PCT,
  type CurvePoint,
  critMultiplier,
  DEFAULT_CRIT_MULTIPLIER,
  DEFAULT_STATS,
  evaluateCurve,
  RatingConverter,
  recompute,
  SECONDARY_DR_CURVE,
  StatsError,
  TERTIARY_DR_CURVE,
} from "../src/stats/index.js";
import { memoryBundle } from "./helpers/memory-bundle.js";

// Same shape as the fixture rows (see data/FIXTURES.md): raw percent -> effective percent.
const SECONDARY: [number, number][] = [
  [0, 0],
  [30, 30],
  [40, 39],
  [50, 47],
  [60, 54],
  [80, 66],
  [100, 76],
  [200, 126],
];
const TERTIARY: [number, number][] = [
  [0, 0],
  [0.5, 0.5],
  [10, 10],
  [15, 14],
  [20, 17],
  [25, 19],
  [100, 49],
];

const pts = (xy: [number, number][]): CurvePoint[] => xy.map(([x, y], order) => ({ x, y, order }));

function curveRows(curveId: number, xy: [number, number][], idBase: number): Record<string, CellValue>[] {
  return xy.map(([x, y], i) => ({
    Pos_0: x,
    Pos_1: y,
    PosPreSquish_0: 0,
    PosPreSquish_1: 0,
    ID: idBase + i,
    CurveID: curveId,
    OrderIndex: i,
  }));
}

const LEVEL_80 = {
  Level: 80,
  "Crit - Melee": 700,
  "Haste - Melee": 660,
  Mastery: 700,
  "Versatility - Damage Done": 780,
  Lifesteal: 1020,
  Speed: 544,
  Avoidance: 544,
};

function bundle(overrides: Record<string, Record<string, CellValue>[]> = {}) {
  return memoryBundle({
    Curve: [
      { ID: SECONDARY_DR_CURVE, Type: 0, Flags: 0 },
      { ID: TERTIARY_DR_CURVE, Type: 0, Flags: 0 },
    ],
    CurvePoint: [...curveRows(SECONDARY_DR_CURVE, SECONDARY, 100), ...curveRows(TERTIARY_DR_CURVE, TERTIARY, 200)],
    CombatRatings: [LEVEL_80],
    ...overrides,
  });
}

function catchErr(fn: () => unknown): StatsError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(StatsError);
    expect(e).toBeInstanceOf(CombatsimError);
    return e as StatsError;
  }
  throw new Error("expected a StatsError, nothing was thrown");
}

describe("evaluateCurve", () => {
  const sec = pts(SECONDARY);

  it("interpolates linearly at segment midpoints", () => {
    // 35: 30 + (35-30)/(40-30) * (39-30) = 30 + 0.5*9 = 34.5
    expect(evaluateCurve(sec, 35)).toBeCloseTo(34.5, 12);
    // 45: 39 + 0.5*(47-39) = 43
    expect(evaluateCurve(sec, 45)).toBeCloseTo(43, 12);
    // 70: 54 + (10/20)*(66-54) = 60
    expect(evaluateCurve(sec, 70)).toBeCloseTo(60, 12);
    // 150: 76 + (50/100)*(126-76) = 101
    expect(evaluateCurve(sec, 150)).toBeCloseTo(101, 12);
    // 15 on the identity part: 0 + (15/30)*30 = 15
    expect(evaluateCurve(sec, 15)).toBeCloseTo(15, 12);
  });

  it("returns the point's y exactly at a breakpoint", () => {
    expect(evaluateCurve(sec, 30)).toBe(30);
    expect(evaluateCurve(sec, 40)).toBe(39);
    expect(evaluateCurve(sec, 60)).toBe(54);
    expect(evaluateCurve(sec, 80)).toBe(66);
    expect(evaluateCurve(sec, 200)).toBe(126);
  });

  it("clamps below the first point and above the last point", () => {
    expect(evaluateCurve(sec, -5)).toBe(0);
    expect(evaluateCurve(sec, 250)).toBe(126);
    expect(evaluateCurve(sec, 1e9)).toBe(126);
    // a curve not starting at 0: below 10 -> 5, above 20 -> 15, midpoint 15 -> 5 + 0.5*10 = 10
    const shifted = pts([
      [10, 5],
      [20, 15],
    ]);
    expect(evaluateCurve(shifted, 0)).toBe(5);
    expect(evaluateCurve(shifted, 25)).toBe(15);
    expect(evaluateCurve(shifted, 15)).toBeCloseTo(10, 12);
  });

  it("orders unsorted rows by OrderIndex before evaluating", () => {
    const shuffled = [sec[5]!, sec[0]!, sec[7]!, sec[2]!, sec[1]!, sec[6]!, sec[4]!, sec[3]!];
    expect(evaluateCurve(shuffled, 35)).toBeCloseTo(34.5, 12);
    expect(evaluateCurve(shuffled, 70)).toBeCloseTo(60, 12);
    expect(evaluateCurve(shuffled, 250)).toBe(126);
    expect(evaluateCurve(shuffled, -1)).toBe(0);
  });

  it("treats a vertical step as right-continuous", () => {
    const step = pts([
      [0, 0],
      [1, 0],
      [1, 10],
      [2, 10],
    ]);
    expect(evaluateCurve(step, 0.5)).toBe(0);
    expect(evaluateCurve(step, 1)).toBe(10);
    expect(evaluateCurve(step, 1.5)).toBe(10);
  });

  it("a single point is a constant", () => {
    const one = pts([[3, 7]]);
    expect(evaluateCurve(one, -100)).toBe(7);
    expect(evaluateCurve(one, 3)).toBe(7);
    expect(evaluateCurve(one, 100)).toBe(7);
  });

  it("rejects bad curves with typed errors", () => {
    expect(catchErr(() => evaluateCurve([], 1, 42)).code).toBe("MISSING_CURVE");
    // x going backwards along OrderIndex is not silently re-sorted by Pos_0
    const backwards: CurvePoint[] = [
      { x: 10, y: 1, order: 0 },
      { x: 5, y: 2, order: 1 },
    ];
    const e1 = catchErr(() => evaluateCurve(backwards, 7, 9));
    expect(e1.code).toBe("INVALID_CURVE");
    expect(e1.message).toContain("curve 9");
    const dupOrder: CurvePoint[] = [
      { x: 0, y: 0, order: 1 },
      { x: 5, y: 2, order: 1 },
    ];
    expect(catchErr(() => evaluateCurve(dupOrder, 1)).code).toBe("INVALID_CURVE");
    expect(catchErr(() => evaluateCurve([{ x: Number.NaN, y: 0, order: 0 }], 1)).code).toBe("INVALID_CURVE");
    expect(catchErr(() => evaluateCurve(sec, Number.NaN)).code).toBe("INVALID_STATS_INPUT");
  });
});

describe("RatingConverter", () => {
  const conv = RatingConverter.fromBundle(bundle());

  it("loads both DR curves up front", () => {
    expect(conv.secondaryCurve.id).toBe(21024);
    expect(conv.tertiaryCurve.id).toBe(21025);
    expect(conv.secondaryCurve.points.map((p) => p.x)).toEqual([0, 30, 40, 50, 60, 80, 100, 200]);
  });

  it("divides by the level's CombatRatings column", () => {
    expect(conv.divisor("crit", 80)).toBe(700);
    expect(conv.divisor("haste", 80)).toBe(660);
    expect(conv.divisor("versatility", 80)).toBe(780);
    expect(conv.divisor("leech", 80)).toBe(1020);
    // 14000 / 700 = 20
    expect(conv.rawPercent("crit", 14000, 80)).toBe(20);
  });

  it("secondaries go through curve 21024", () => {
    // crit 14000/700 = 20 raw (< 30: no penalty) -> 20
    expect(conv.percent("crit", 14000, 80)).toBeCloseTo(20, 12);
    // haste 26400/660 = 40 raw -> breakpoint 39
    expect(conv.percent("haste", 26400, 80)).toBeCloseTo(39, 12);
    // versatility 39000/780 = 50 raw -> 47
    expect(conv.percent("versatility", 39000, 80)).toBeCloseTo(47, 12);
    // crit 49000/700 = 70 raw -> 54 + 0.5*12 = 60
    expect(conv.percent("crit", 49000, 80)).toBeCloseTo(60, 12);
    // mastery 28000/700 = 40 points -> 39 points (coefficient applied later, in recompute)
    expect(conv.percent("mastery", 28000, 80)).toBeCloseTo(39, 12);
    // 0 rating -> 0
    expect(conv.percent("haste", 0, 80)).toBe(0);
  });

  it("tertiaries go through curve 21025, not 21024", () => {
    // leech 15300/1020 = 15 raw -> 14 (21024 would give 15)
    expect(conv.percent("leech", 15300, 80)).toBeCloseTo(14, 12);
    // avoidance 10880/544 = 20 raw -> 17
    expect(conv.percent("avoidance", 10880, 80)).toBeCloseTo(17, 12);
    // speed 27200/544 = 50 raw -> 19 + (50-25)/(100-25) * (49-19) = 19 + 10 = 29
    expect(conv.percent("speed", 27200, 80)).toBeCloseTo(29, 12);
    // above the last point (100 raw): 108800/544 = 200 raw -> clamped to 49
    expect(conv.percent("speed", 108800, 80)).toBe(49);
  });

  it("MissingCurve when curve 21024 or 21025 has no points", () => {
    const no21024 = bundle({ CurvePoint: curveRows(TERTIARY_DR_CURVE, TERTIARY, 200) });
    const e1 = catchErr(() => RatingConverter.fromBundle(no21024));
    expect(e1.code).toBe("MISSING_CURVE");
    expect(e1.curveId).toBe(21024);
    expect(e1.message).toContain("curve 21024");
    expect(e1.message).toContain("CurvePoint.csv");

    const no21025 = bundle({ CurvePoint: curveRows(SECONDARY_DR_CURVE, SECONDARY, 100) });
    const e2 = catchErr(() => RatingConverter.fromBundle(no21025));
    expect(e2.code).toBe("MISSING_CURVE");
    expect(e2.curveId).toBe(21025);

    // an empty bundle (missing CSVs are empty tables) fails the same way, never a no-DR fallback
    expect(catchErr(() => RatingConverter.fromBundle(memoryBundle({}))).code).toBe("MISSING_CURVE");
  });

  it("rejects non-linear curve types and non-numeric point cells", () => {
    const cubic = bundle({
      Curve: [
        { ID: SECONDARY_DR_CURVE, Type: 2, Flags: 0 },
        { ID: TERTIARY_DR_CURVE, Type: 0, Flags: 0 },
      ],
    });
    const e1 = catchErr(() => RatingConverter.fromBundle(cubic));
    expect(e1.code).toBe("INVALID_CURVE");
    expect(e1.message).toContain("Type is 2");

    const rows = curveRows(SECONDARY_DR_CURVE, SECONDARY, 100);
    rows[3] = { ...rows[3]!, Pos_1: "forty" };
    const bad = bundle({ CurvePoint: [...rows, ...curveRows(TERTIARY_DR_CURVE, TERTIARY, 200)] });
    const e2 = catchErr(() => RatingConverter.fromBundle(bad));
    expect(e2.code).toBe("INVALID_CURVE");
    expect(e2.message).toContain("row ID 103");
    expect(e2.message).toContain("Pos_1");
  });

  it("MissingCombatRating when the level row is absent", () => {
    const e = catchErr(() => conv.percent("crit", 1000, 85));
    expect(e.code).toBe("MISSING_COMBAT_RATING");
    expect(e.stat).toBe("crit");
    expect(e.level).toBe(85);
    expect(e.message).toContain("level 85");
    expect(e.message).toContain("crit");
  });

  it("MissingCombatRating when the stat column is absent or unusable", () => {
    const { Avoidance: _dropped, ...noAvoidance } = LEVEL_80;
    const c1 = RatingConverter.fromBundle(bundle({ CombatRatings: [noAvoidance] }));
    const e1 = catchErr(() => c1.percent("avoidance", 1000, 80));
    expect(e1.code).toBe("MISSING_COMBAT_RATING");
    expect(e1.message).toContain('"Avoidance"');
    expect(e1.message).toContain("level 80");
    // other stats of the same row still convert: 7000/700 = 10
    expect(c1.percent("crit", 7000, 80)).toBeCloseTo(10, 12);

    const c2 = RatingConverter.fromBundle(bundle({ CombatRatings: [{ ...LEVEL_80, "Haste - Melee": 0 }] }));
    const e2 = catchErr(() => c2.percent("haste", 1000, 80));
    expect(e2.code).toBe("MISSING_COMBAT_RATING");
    expect(e2.message).toContain("not a positive number");

    // no CombatRatings table at all (empty table)
    const c3 = RatingConverter.fromBundle(bundle({ CombatRatings: [] }));
    expect(catchErr(() => c3.percent("mastery", 1000, 80)).code).toBe("MISSING_COMBAT_RATING");
  });

  it("rejects non-finite ratings", () => {
    const e = catchErr(() => conv.percent("crit", Number.POSITIVE_INFINITY, 80));
    expect(e.code).toBe("INVALID_STATS_INPUT");
    expect(e.message).toContain("critRating");
  });
});

describe("recompute", () => {
  const conv = RatingConverter.fromBundle(bundle());

  it("computes a sample level-80 character", () => {
    const s = recompute(
      {
        level: 80,
        primary: 20000,
        critRating: 24500, // 24500/700 = 35 raw -> 30 + 0.5*9 = 34.5 -> crit 5 + 34.5 = 39.5
        hasteRating: 19800, // 19800/660 = 30 raw -> 30 (breakpoint, no penalty yet)
        masteryRating: 35000, // 35000/700 = 50 points -> 47 points -> * 1.8 = 84.6
        versatilityRating: 7800, // 7800/780 = 10 raw -> 10
        masteryCoefficient: 1.8,
      },
      conv,
    );
    expect(s.attackPower).toBe(20000);
    expect(s.spellPower).toBe(20000);
    expect(s.crit).toBeCloseTo(39.5, 12);
    expect(s.haste).toBeCloseTo(30, 12);
    expect(s.mastery).toBeCloseTo(84.6, 12);
    expect(s.versatility).toBeCloseTo(10, 12);
    expect(s.critDamageBonus).toBe(0);
    expect(critMultiplier(s)).toBe(2.0);
  });

  it("no ratings leaves only base crit", () => {
    const s = recompute(
      {
        level: 80,
        primary: 1,
        critRating: 0,
        hasteRating: 0,
        masteryRating: 0,
        versatilityRating: 0,
        masteryCoefficient: 2.5,
        critDamageBonus: 50,
      },
      conv,
    );
    expect(s.crit).toBe(BASE_CRIT_PCT);
    expect(s.crit).toBe(5);
    expect(s.haste).toBe(0);
    expect(s.mastery).toBe(0);
    expect(s.versatility).toBe(0);
    // 2.0 + 50/100 = 2.5
    expect(critMultiplier(s)).toBe(2.5);
  });

  it("fails on a missing divisor or bad input instead of defaulting", () => {
    const base = {
      level: 90,
      primary: 1000,
      critRating: 100,
      hasteRating: 100,
      masteryRating: 100,
      versatilityRating: 100,
      masteryCoefficient: 1,
    };
    expect(catchErr(() => recompute(base, conv)).code).toBe("MISSING_COMBAT_RATING");
    const e = catchErr(() => recompute({ ...base, level: 80, primary: Number.NaN }, conv));
    expect(e.code).toBe("INVALID_STATS_INPUT");
    expect(e.message).toContain('"primary"');
  });
});

describe("defaults and crit multiplier", () => {
  it("DEFAULT_STATS are the spec's introspection defaults", () => {
    expect(DEFAULT_STATS).toEqual({
      attackPower: 15000,
      spellPower: 15000,
      crit: 25,
      haste: 15,
      mastery: 40,
      versatility: 5,
      critDamageBonus: 0,
    });
    expect(Object.isFrozen(DEFAULT_STATS)).toBe(true);
  });

  it("critMultiplier = 2.0 + crit_damage_bonus / 100", () => {
    expect(DEFAULT_CRIT_MULTIPLIER).toBe(2.0);
    expect(critMultiplier(DEFAULT_STATS)).toBe(2.0);
    expect(critMultiplier({ critDamageBonus: 50 })).toBe(2.5); // 2 + 0.5
    expect(critMultiplier({ critDamageBonus: 10 })).toBeCloseTo(2.1, 12); // 2 + 0.1
    expect(critMultiplier({ critDamageBonus: -100 })).toBe(1.0); // 2 - 1
  });
});

// The embedded fixture rows (data/data/tables, labelled in data/FIXTURES.md) must reproduce the
// published Dragonflight+ secondary brackets: effective 30/39/47/54/66/126 % at raw 30/40/50/60/80/200 %.
describe("bundled rows (DR curves: fixtures; CombatRatings: real 12.x rows)", () => {
  const dir = fileURLToPath(new URL("../data/data/tables/", import.meta.url));
  // Minimal reader for these two files: no embedded commas/newlines, quoted header names only.
  function readCsv(name: string): Record<string, CellValue>[] {
    const [head, ...lines] = readFileSync(`${dir}${name}.csv`, "utf8").trimEnd().split("\n");
    const cols = head!.split(",").map((c) => c.replace(/^"(.*)"$/, "$1"));
    return lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [cols[i]!, Number(v)])));
  }
  const conv = RatingConverter.fromBundle(
    memoryBundle({ CurvePoint: readCsv("CurvePoint"), CombatRatings: readCsv("CombatRatings") }),
  );

  it("curve 21024 matches the bracket table", () => {
    const c = conv.secondaryCurve;
    const at = (x: number) => evaluateCurve(c.points, x);
    expect([30, 40, 50, 60, 80, 200].map(at)).toEqual([30, 39, 47, 54, 66, 126]);
    // per-bracket penalty = 1 - slope: 0, 10, 20, 30, 40, 50 %
    const slope = (a: number, b: number) => (at(b) - at(a)) / (b - a);
    expect([slope(0, 30), slope(30, 40), slope(40, 50), slope(50, 60), slope(60, 80), slope(80, 200)].map((s) => Math.round((1 - s) * 100))).toEqual([
      0, 10, 20, 30, 40, 50,
    ]);
  });

  it("curve 21025 and the Midnight-scale level 80/90 divisors are present", () => {
    expect(conv.tertiaryCurve.points.length).toBe(7);
    // 20 raw -> 17 (9.0.1 client rows)
    expect(evaluateCurve(conv.tertiaryCurve.points, 20)).toBe(17);
    // legacy3/wowlab-data CombatRatings.txt rows 90 and 80 (12.x stat squish)
    expect([conv.divisor("crit", 90), conv.divisor("haste", 90), conv.divisor("mastery", 90), conv.divisor("versatility", 90)]).toEqual([46, 44, 46, 54]);
    expect([conv.divisor("leech", 90), conv.divisor("avoidance", 90), conv.divisor("speed", 90)]).toEqual([69.00098495, 36.80052531, 11.50016416]);
    expect([conv.divisor("crit", 80), conv.divisor("haste", 80), conv.divisor("mastery", 80), conv.divisor("versatility", 80)]).toEqual([
      12.15826163, 11.62964156, 12.15826163, 14.27274192,
    ]);
  });
});
