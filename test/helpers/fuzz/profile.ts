// Fuzz target: the character profile parser (src/engine/profile.ts).
import { parseProfile, PROFILE_BOUNDS } from "../../../src/engine/profile.js";
import { ProfileError } from "../../../src/manifest/index.js";
import { documentFrom, type FuzzTarget, noSetup, readJson, typedOrValid, violated } from "./common.js";

export const profileParser: FuzzTarget<unknown, undefined> = {
  setup: noSetup,
  arbitrary: documentFrom(readJson("specs/beast-mastery/profile.json")),
  check: (doc) =>
    typedOrValid(
      () => parseProfile(doc, "fuzz.json"),
      ProfileError,
      (p) => {
        const nums = [p.primaryStat, p.ratings.crit, p.ratings.haste, p.ratings.mastery, p.ratings.versatility, p.critDamageBonus, p.weapon.minDamage, p.weapon.maxDamage, p.weapon.speedMs];
        if (!nums.every(Number.isFinite)) violated(`a valid profile with a non-finite number: ${JSON.stringify(nums)}`);
        if (p.primaryStat > PROFILE_BOUNDS.primaryStat.max || p.weapon.speedMs < PROFILE_BOUNDS.weaponSpeedMs.min) violated("a valid profile outside its plausible ranges");
        if (p.weapon.maxDamage < p.weapon.minDamage) violated("a valid profile with max_damage < min_damage");
      },
      ["INVALID_PROFILE"],
    ),
};
