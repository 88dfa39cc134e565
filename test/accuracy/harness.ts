// Accuracy harness: the damage of single non-critical hits, computed by hand from the client's values
// (the spell dump's coefficient × attack or spell power × versatility × mastery × passives × armor),
// against the engine's per-hit damage from a seeded run (the representative iteration's timeline,
// whose hit amounts are the engine's f64 values). Each spec file lists its cases with the dump line
// each number comes from; this file only knows the game's formula and the level-90 stat scale.
// Bloodlust, the potion and racials are off: each hit is made with the profile's stats (docs/consumables.md).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { simulate, type SimulateResult } from "../../src/engine/simulate.js";

/** Level-90 rating per percent point (real 12.x CombatRatings row 90) and the raid boss at level 93. */
export const L90 = { crit: 46, haste: 44, mastery: 46, versatility: 54 } as const;
export const BOSS_ARMOR = 1470; // ExpectedStat row 478 (level 93, ExpansionID -2): CreatureArmor
export const ARMOR_K = 3430; //                                              ArmorConstant
export const PHYSICAL_MITIGATION = 1 - BOSS_ARMOR / (BOSS_ARMOR + ARMOR_K);

export interface HitCase {
  /** Name of the damage entry in the result (TimelineDamage.name). */
  name: string;
  periodic: boolean;
  pet?: boolean;
  /** Coefficient from the dump (per tick for periodic damage); the spec file cites the line. */
  coefficient: number;
  /** Attack power or spell power: both equal the profile's primary stat. */
  power: "ap" | "sp";
  /** Pet hits: the pet's attack power is this share of the owner's (default 1). */
  powerRatio?: number;
  /** Physical damage: the boss's armor applies (bleeds ignore armor: false). */
  physical: boolean;
  /** The spec's mastery multiplies this hit. */
  mastery: boolean;
  /** Further multipliers, each 1 + base points / 100 of a modelled passive (cited in the spec file). */
  passives?: number[];
  /** Player or pet auras that change damage: hits while one of them is up are skipped. */
  skipWhile?: string[];
  /** Auras that must all be up for a hit to count (a mastery gated by an aura: Fury's Enrage). */
  onlyWhile?: string[];
  /** The hit always crits (e.g. a 100 % crit bonus): check its first hit × the crit multiplier 2.0. */
  alwaysCrits?: boolean;
}

export interface SpecAccuracy {
  spec: string;
  /** The default profile's values (checked against the profile file by the spec's test). */
  primaryStat: number;
  versatilityRating: number;
  masteryRating: number;
  /** Mastery coefficient from the dump (percent per mastery point). */
  masteryCoefficient: number;
  cases: HitCase[];
  /** The build of the seeded run (default: the manifest's default talents), e.g. without a talent whose buff covers every hit of a case. */
  talents?: string[];
}

/** Rating → percent below the first diminishing-returns bracket (30 %): rating / divisor. */
export function pct(rating: number, divisor: number): number {
  const p = rating / divisor;
  if (p > 30) throw new Error(`${rating} rating is past the 30 % DR bracket: compute the curve by hand`);
  return p;
}

/** The hand computation of one non-critical hit. */
export function expectedHit(s: SpecAccuracy, c: HitCase): number {
  const vers = 1 + pct(s.versatilityRating, L90.versatility) / 100;
  const mastery = c.mastery ? 1 + (pct(s.masteryRating, L90.mastery) * s.masteryCoefficient) / 100 : 1;
  const armor = c.physical ? PHYSICAL_MITIGATION : 1;
  const passives = (c.passives ?? []).reduce((a, b) => a * b, 1);
  const crit = c.alwaysCrits ? 2 : 1;
  return c.coefficient * s.primaryStat * (c.powerRatio ?? 1) * passives * crit * vers * armor * mastery;
}

export async function seededRun(spec: string, seed = 424242, talents?: string[]): Promise<SimulateResult> {
  return simulate({ spec, duration: 300, iterations: 1, seed, threads: 1, timeline: true, bloodlust: false, potion: false, racials: false, flask: "none", food: "none", augmentRune: "none", ...(talents ? { talents } : {}) });
}

/** The first non-critical hit (critical for `alwaysCrits`) of the case outside every `skipWhile` aura window and inside every `onlyWhile` one. */
export function firstCleanHit(r: SimulateResult, c: HitCase): number | undefined {
  const tl = r.timeline!;
  const windows = tl.auras.filter((a) => (c.skipWhile ?? []).includes(a.name));
  // strictly after the window opens: a hit whose own proc opens it (Bloodthirst's Enrage) landed before it
  const inside = (name: string, t: number): boolean => tl.auras.some((a) => a.name === name && t > a.start && t <= a.end);
  const hit = tl.damage.find(
    (d) => d.name === c.name && d.periodic === c.periodic && d.pet === (c.pet ?? false) && d.crit === (c.alwaysCrits ?? false) && d.amount > 0 &&
      !windows.some((w) => d.t >= w.start && d.t <= w.end) && (c.onlyWhile ?? []).every((n) => inside(n, d.t)),
  );
  return hit?.amount;
}

/** Asserts every case of the spec: the engine's hit equals the hand computation to 1e-9 relative. */
export function checkSpec(r: SimulateResult, s: SpecAccuracy): void {
  for (const c of s.cases) {
    const got = firstCleanHit(r, c);
    expect(got, `${s.spec}: no clean non-crit ${c.periodic ? "tick" : "hit"} of ${c.name} in the seeded run`).toBeDefined();
    const want = expectedHit(s, c);
    expect(Math.abs(got! - want) / want, `${s.spec} ${c.name}: engine ${got} vs hand ${want}`).toBeLessThan(1e-9);
  }
}

/**
 * The suite every spec file runs: the default profile is the one the cases assume, and every case's
 * engine hit equals its hand computation. `extra` adds spec-specific tests on the same seeded run.
 */
export function accuracySuite(title: string, s: SpecAccuracy, extra?: (run: () => SimulateResult) => void): void {
  describe(title, () => {
    let r: SimulateResult;
    beforeAll(async () => {
      r = await seededRun(s.spec, undefined, s.talents);
    });
    it("the default profile is the one the cases assume", () => {
      const p = JSON.parse(readFileSync(new URL(`../../data/specs/${s.spec}/profile.json`, import.meta.url), "utf8"));
      expect([p.level, p.primary_stat, p.ratings.versatility, p.ratings.mastery]).toEqual([90, s.primaryStat, s.versatilityRating, s.masteryRating]);
    });
    it("every case", () => checkSpec(r, s));
    extra?.(() => r);
  });
}
