// The manifest format as a JSON Schema (draft 2020-12), written to data/specs/_shared/manifest.schema.json
// by `npm run gen` and rendered into the field reference of docs/manifests.md. validateManifest
// (schema.ts) is the authority: it also checks what JSON Schema cannot say well (names referenced
// by ops exist, `estimated` paths point at literal numbers, merged `extends` documents are complete).
// test/manifest-json-schema.test.ts keeps the two consistent: the field sets of schema.ts's
// `keys([...])` lists equal this schema's properties, and the bundled manifests validate under both.
import { BOUNDS, type Bound } from "./bounds.js";
import { SCHEMA_VERSION } from "./schema.js";

type S = Record<string, unknown>;

const num = (description: string, extra: S = {}): S => ({ type: "number", description, ...extra });
const int = (description: string, minimum?: number, maximum?: number): S => ({
  type: "integer",
  description,
  ...(minimum !== undefined ? { minimum } : {}),
  ...(maximum !== undefined ? { maximum } : {}),
});
/** A spell id: a positive 32-bit table id (`min` 0 where 0 means none). */
const spellId = (description: string, min = 1): S => int(description, min, BOUNDS.spellId.max);
/** A literal number >= 0 within a plausible range (src/manifest/bounds.ts) or a data reference. */
const bounded = (description: string, b: Bound, minimum = 0): S => ({
  description: `${description}; a number in [${minimum}, ${b.max}] or a data reference`,
  oneOf: [{ type: "number", minimum, maximum: b.max }, { $ref: "#/$defs/dataRef" }],
});
const bool = (description: string): S => ({ type: "boolean", description });
const ref = (name: string, description: string): S => ({ $ref: `#/$defs/${name}`, description });
const nameRef = (what: string): S => ({ $ref: "#/$defs/name", description: `name of a declared ${what}` });
const list = (items: S, description: string): S => ({ type: "array", items, description });
const obj = (description: string, properties: Record<string, S>, required: string[] = [], extra: S = {}): S => ({
  type: "object",
  description,
  properties,
  ...(required.length ? { required } : {}),
  additionalProperties: false,
  ...extra,
});
const talent = { $ref: "#/$defs/name", description: "talent name: the entry exists only when that talent is taken" };
const ifTalent = { $ref: "#/$defs/name", description: "apply the op only when this talent is taken" };
const comment = { type: "string", description: "free text for readers; ignored" };
const estimated = ref("estimated", "values this object states because the tables do not hold them, each with its source");

function op(kind: string, description: string, properties: Record<string, S>, required: string[]): S {
  return obj(description, { op: { const: kind, description: "op kind" }, ...properties, if_talent: ifTalent }, ["op", ...required]);
}

export const MANIFEST_JSON_SCHEMA: S = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://combatsim.invalid/manifest.schema.json",
  title: "combatsim spec manifest",
  description:
    `A spec manifest (data/specs/<slug>/manifest.json) or a shared piece it extends (a file without "spec"). schema_version must be ${SCHEMA_VERSION}. ` +
    "Numbers left out are resolved from game data; numbers given win. See docs/manifests.md.",
  type: "object",
  properties: {
    schema_version: { const: SCHEMA_VERSION, description: "manifest format version; any other value fails generation and loading" },
    spec: { type: "string", pattern: "^[a-z][a-z0-9-]*$", description: "spec slug = file name (kebab-case); pieces have none" },
    spec_id: int("ChrSpecialization.ID; must exist, and its MasterySpellID_0 must be mastery.spell", 1),
    extends: {
      description: "shared pieces merged under this file, left to right (merge rules: docs/manifests.md)",
      oneOf: [{ $ref: "#/$defs/piece" }, { type: "array", items: { $ref: "#/$defs/piece" } }],
    },
    hero_tree: { type: "string", pattern: "^[a-z][a-z0-9_]*$", description: "the build's hero tree, as SimC names it (dark_ranger, sunfury, colossus, ...): one of the spec's hero trees in the talent tables (TraitSubTree); rotations read it as hero_tree.X" },
    primary_stat: { enum: ["agility", "strength", "intellect"], description: "attribute that gives attack power / spell power" },
    mastery: obj(
      "the spec's mastery",
      {
        spell: spellId("mastery spell id"),
        kind: { enum: ["uniform", "school", "pet", "none", "spells", "random"], description: "uniform: all damage; school: one school; pet: pet damage only; none: multiplies nothing itself (ops read it); spells: only the named spells and damage ops (Executioner: finishers)" },
        coefficient: num("percent per mastery point; default: the EffectBonusCoefficient of the mastery spell's effect `effect`", { minimum: 0, maximum: BOUNDS.masteryCoefficient.max }),
        effect: int("1-based effect of the mastery spell that carries the damage coefficient (default 1)", 1),
        school: int("school mask (kind school)", 1),
        spells: list(nameRef("spell"), "kind spells: declared spells whose damage mastery multiplies"),
        ops: list(spellId("spell id"), "kind spells: damage ops (by reported spell id) mastery multiplies"),
        while_aura: { type: "string", pattern: "^[a-z][a-z0-9_]*$", description: "kind uniform only: the mastery multiplies damage only while this player aura is up (Unshackled Fury: while Enraged)" },
        resources: list(
          obj(
            "a resource the mastery raises: maximum and / or regeneration grow by the named mastery effects' EffectBonusCoefficient percent per mastery point (Savant 190740 effects 1 / 4: mana)",
            {
              resource: { type: "string", pattern: "^[a-z][a-z0-9_]*$", description: "a declared resource" },
              max_effect: int("1-based effect of the mastery spell raising the maximum (percent per point: its EffectBonusCoefficient)", 1),
              regen_effect: int("1-based effect of the mastery spell raising regeneration (percent per point: its EffectBonusCoefficient)", 1),
            },
            ["resource"],
          ),
          "resources whose maximum / regeneration scale with mastery (folded with the profile's mastery at compile: no aura may change mastery during the fight)",
        ),
        estimated,
      },
      ["spell", "kind"],
    ),
    resources: list(ref("resource", "a resource"), "resources; the first is the primary (spells spend it unless they say otherwise)"),
    auto_attack: ref("auto_attack", "the player's auto attack (ranged or melee swing)"),
    pets: list(ref("pet", "a pet"), "pets (permanent or summoned)"),
    spells: list(ref("spell", "a spell"), "castable spells (names are what rotations use)"),
    auras: list(ref("aura", "an aura"), "buffs, debuffs and DoTs"),
    procs: list(ref("proc", "a proc"), "procs on impact, cast or RPPM"),
    talents: list(ref("talent", "a talent"), "talents; `default: true` ones form the default build"),
    passives: list(ref("passive", "a passive aura"), "always-on passive auras whose effects multiply named spells' and auras' damage"),
    notes: { type: "object", additionalProperties: { type: "string" }, description: "free-form notes (provenance of estimates); ignored by the engine" },
    expressions: {
      type: "object",
      propertyNames: { pattern: "^[a-z_][a-z0-9_]*(\\.[a-z0-9_]+)*$" },
      additionalProperties: { type: "string", minLength: 1 },
      description: "named rotation expressions (e.g. \"stealthed.rogue\": \"buff.stealth.up | buff.vanish.up\"), compiled inline where a rotation names them; merged per key by extends",
    },
    absent: {
      type: "object",
      propertyNames: { pattern: "^[a-z][a-z0-9_]*$" },
      additionalProperties: { $ref: "#/$defs/absent" },
      description: "names a rotation uses that the modelled game version does not have: never active (aura), never castable (spell), never taken (talent); listed in the result (rotation.absentNames); merged per key by extends",
    },
  },
  required: ["schema_version"],
  additionalProperties: false,
  // A spec manifest that extends nothing must be complete; pieces and extending files are checked after merging.
  if: { required: ["spec"], not: { required: ["extends"] } },
  then: { required: ["spec", "spec_id", "primary_stat", "mastery", "resources", "spells"] },
  $defs: {
    name: { type: "string", pattern: "^[a-z][a-z0-9_]*$", description: "snake_case name" },
    piece: { type: "string", pattern: "^[a-z][a-z0-9-]*$", description: "piece file name without .json" },
    absent: obj(
      "a name the modelled game version does not have (docs/manifests.md \"absent\")",
      {
        kind: { enum: ["aura", "spell", "talent"], description: "what the name would be: buff/debuff/dot (aura), action (spell) or talent" },
        reason: { type: "string", minLength: 1, description: "why the modelled game version does not have it" },
        source: { type: "string", minLength: 1, description: "a citation outside this project for the name's game version" },
      },
      ["kind", "reason", "source"],
    ),
    removal: obj("drops an inherited entry of the same name (extends)", { name: { $ref: "#/$defs/name" }, remove: { const: true } }, ["name", "remove"]),
    estimated: {
      type: "object",
      description: 'relative path of a literal number in this object ("cooldown_ms", "tick_damage.ap_coef", "on_cast[2].ms", "attacks.<name>.ap_coef") → where the value came from',
      additionalProperties: { type: "string", minLength: 3 },
    },
    dataRef: obj(
      "a number read from game data: SpellEffect(spell, effect).field × scale + offset",
      {
        spell: spellId("spell id"),
        effect: int("1-based effect index", 1),
        field: { enum: ["base_points", "bonus_coefficient_from_ap", "bonus_coefficient", "aura_period_ms"], description: "SpellEffect field (default base_points)" },
        scale: num("multiplier (default 1)", { minimum: -BOUNDS.dataRefScale.max, maximum: BOUNDS.dataRefScale.max }),
        offset: num("added after scaling (default 0): a percent modifier p as a factor is scale 0.01, offset 1", { minimum: -BOUNDS.dataRefScale.max, maximum: BOUNDS.dataRefScale.max }),
      },
      ["spell", "effect"],
    ),
    number: { description: "a number or a data reference", oneOf: [{ type: "number" }, { $ref: "#/$defs/dataRef" }] },
    milliseconds: bounded("milliseconds", BOUNDS.ms),
    count: bounded("a count", BOUNDS.count),
    coefficient: bounded("a coefficient or multiplier", BOUNDS.coefficient),
    amount: bounded("a resource amount", BOUNDS.amount),
    critBonus: bounded("percent points (100 = always crits)", BOUNDS.critBonus),
    healthPct: bounded("percent of the target's health", BOUNDS.healthPct),
    signedAmount: bounded("a multiplier, percent points or a flat stat", BOUNDS.amount, -BOUNDS.amount.max),
    resource: {
      oneOf: [
        obj(
          "a resource",
          {
            name: { $ref: "#/$defs/name" },
            power_type: int("PowerType.PowerTypeEnum (2 = focus); max and regen default to that PowerType row", 0),
            max: num("maximum (default PowerType.MaxBasePower)", { minimum: 0, maximum: BOUNDS.amount.max }),
            regen_per_sec: num("regeneration per second (default PowerType.RegenCombat)", { minimum: -BOUNDS.amount.max, maximum: BOUNDS.amount.max }),
            initial: num("amount at pull (default max)", { minimum: 0, maximum: BOUNDS.amount.max }),
            haste_scaled: bool("haste speeds regeneration"),
            idle_wake: bool("an idle player is asked again as soon as regeneration covers a rotation spell's cost"),
            max_mods: list(
              obj("a talent that raises the maximum", { if_talent: nameRef("talent"), amount: ref("amount", "added to the maximum when the talent is taken") }, ["if_talent", "amount"]),
              "talents that raise the maximum (each taken one adds its amount)",
            ),
            regen_mods: list(
              obj("a talent that speeds regeneration", { if_talent: nameRef("talent"), percent: ref("amount", "percent added to the regeneration when the talent is taken") }, ["if_talent", "percent"]),
              "talents that speed regeneration (each taken one adds its percent)",
            ),
            estimated,
          },
          ["name", "power_type"],
        ),
        { $ref: "#/$defs/removal" },
      ],
    },
    auto_attack: obj(
      "auto attack",
      {
        name: { $ref: "#/$defs/name" },
        spell: spellId("spell id"),
        school: int("school mask (default 1 physical)", 1),
        swing_ms: num("swing time (default: the profile weapon speed)", { minimum: 100, maximum: BOUNDS.ms.max }),
        weapon_multiplier: num("weapon damage multiplier (default 1)", { minimum: 0, maximum: BOUNDS.coefficient.max }),
        ap_coef: ref("coefficient", "attack-power coefficient per swing (default swing seconds / 6)"),
        estimated,
        off_hand: obj(
          "dual wield: an off-hand swing on its own timer (a copy of the main hand x damage_factor)",
          { name: { $ref: "#/$defs/name" }, damage_factor: ref("coefficient", "off-hand damage factor (whole swing)") },
          ["name", "damage_factor"],
        ),
      },
      ["name", "spell"],
    ),
    pet: {
      oneOf: [
        obj(
          "a pet",
          {
            name: { $ref: "#/$defs/name" },
            permanent: bool("active from t = 0 for the whole fight"),
            spell: spellId("summoning spell (its duration bounds a non-permanent pet)"),
            duration_ms: ref("milliseconds", "lifetime of a summoned pet"),
            ap_ratio: num("pet attack power = owner AP × ap_ratio (default 1)", { minimum: 0, maximum: BOUNDS.coefficient.max }),
            timed_group: bool("each summon is its own instance with its own expiry (Wild Imps, Dreadstalkers): pet.X.count counts the live instances"),
            casts: ref("count", "timed group: attacks one instance makes before it ends (default: only its duration)"),
            attacks: list(
              obj(
                "a pet attack on its own timer",
                {
                  name: { $ref: "#/$defs/name" },
                  spell: spellId("spell id for reporting (0 = none)", 0),
                  interval_ms: ref("milliseconds", "time between attacks (>= 100 ms); default: the attack spell's cooldown (SpellCooldowns.RecoveryTime)"),
                  ap_coef: ref("coefficient", "attack-power coefficient (pet AP = owner AP x ap_ratio)"),
                  sp_coef: ref("coefficient", "spell-power coefficient: scales with the owner's spell power (instead of ap_coef)"),
                  school: int("school mask (default 1)", 1),
                },
                ["name"],
              ),
              "the pet's attacks",
            ),
            talent,
            comment,
            estimated,
          },
          ["name", "attacks"],
        ),
        { $ref: "#/$defs/removal" },
      ],
    },
    damage: obj("a damage payload", {
      effect: int("1-based effect whose payload (trigger chain followed) gives coefficient and school", 1),
      ap_coef: ref("coefficient", "attack-power coefficient (default: the payload's BonusCoefficientFromAP)"),
      sp_coef: ref("coefficient", "spell-power coefficient (excludes ap_coef)"),
      crit_bonus: ref("critBonus", "percent points added to this hit's crit chance"),
      crit_chance_scales: bool("the hit is multiplied by 1 + the caster's crit chance (Chaos Bolt)"),
      crit_health: {
        type: "array",
        description: "health-gated guaranteed crits: the hit always crits while the target's health is above / below a percent",
        items: { $ref: "#/$defs/critHealth" },
      },
      school: int("school mask (default: the payload spell's SchoolMask)", 1),
      pet: nameRef("pet dealing it"),
      aoe: { enum: ["single", "all", "sqrt", "split"], description: "targets hit (default single)" },
      aoe_cap: ref("count", "aoe sqrt: targets hit at full damage before the square-root falloff (default 5)"),
      weapon: bool("uses the weapon roll"),
      extra_targets: obj(
        "while if_talent is taken, this single-target player hit also strikes count more enemies for fraction percent of its damage (Aspect of the Hydra); count must resolve to 1",
        {
          if_talent: nameRef("talent"),
          count: ref("count", "extra enemies hit (1)"),
          fraction: ref("amount", "percent of the hit each extra enemy takes (the data's points)"),
          fraction_mods: list({ $ref: "#/$defs/talentAmount" }, "talents adding percent points to fraction"),
        },
        ["if_talent", "count", "fraction"],
      ),
    }),
    talentAmount: obj(
      "a talent that adds to an amount while taken",
      { if_talent: nameRef("talent"), amount: ref("signedAmount", "added when the talent is taken (x its rank)"), per_rank: bool("amount x the talent's rank (default true); false: added once") },
      ["if_talent", "amount"],
    ),
    critHealth: obj(
      "a health-gated crit rule: exactly one of above / below",
      {
        above: ref("healthPct", "the hit always crits while the target's health is above this percent (Firestarter)"),
        below: ref("healthPct", "the hit always crits while the target's health is below this percent (Scorch)"),
        if_talent: { $ref: "#/$defs/name", description: "the rule applies only when this talent is taken" },
      },
      [],
      { oneOf: [{ required: ["above"] }, { required: ["below"] }] },
    ),
    op: {
      description: "an effect op (hooks, procs)",
      oneOf: [
        op("apply_aura", "apply (or refresh) an aura", { aura: nameRef("aura"), stacks: int("stacks added (default 1)", 1, BOUNDS.count.max) }, ["aura"]),
        op("remove_aura", "remove an aura, or some of its stacks", { aura: nameRef("aura"), stacks: int("stacks taken off (default: all)", 1, BOUNDS.count.max) }, ["aura"]),
        op("gain", "gain resource", { resource: nameRef("resource"), amount: ref("amount", "amount"), per_target: bool("amount x the number of enemies (an AoE ability's gain per target hit)"), percent_of_max: bool("amount is a percent (0-100) of the resource's maximum as compiled, mastery-raised maxima included (Arcane Surge 365265: 15 % of maximum mana)") }, ["resource", "amount"]),
        op("reduce_cooldown", "shorten a cooldown", { spell: nameRef("spell"), ms: ref("milliseconds", "milliseconds"), if_aura: nameRef("aura required") }, ["spell", "ms"]),
        op("reset_cooldown", "reset a cooldown", { spell: nameRef("spell") }, ["spell"]),
        op("add_charge", "add a charge", { spell: nameRef("spell") }, ["spell"]),
        op("damage", "deal damage (exactly one of ap_coef / sp_coef)", { spell: spellId("spell id for reporting"), ap_coef: ref("coefficient", "attack-power coefficient"), sp_coef: ref("coefficient", "spell-power coefficient (instead of ap_coef)"), school: int("school mask", 1), pet: nameRef("pet"), mastery_ap_coef: ref("coefficient", "attack-power coefficient added per mastery point (with ap_coef; Main Gauche)"), per_point: bool("the hit x the combo points the finisher being cast spent") }, ["spell", "school"]),
        op("summon_pet", "summon a pet", { pet: nameRef("pet"), duration_ms: ref("milliseconds", "lifetime (default: the pet's)") }, ["pet"]),
        op("stacks_to_resource", "the aura's stacks are stored points of the resource: gain as many as fit under its max, removing those stacks (Shadow Techniques)", { aura: nameRef("aura holding the stored points"), resource: nameRef("resource") }, ["aura", "resource"]),
        op("bank_damage", "bank a share of the hit into a residual aura (Ignite)", { aura: nameRef("residual aura"), fraction: ref("coefficient", "share of the hit"), mastery_scaled: bool("add mastery% × coefficient"), apply: bool("false: bank only while the aura is up, never (re)applying or refreshing it (Touch of the Magi explodes at its own expiry); default true") }, ["aura", "fraction"]),
        op("spread_bank", "share x the current target's undealt bank of a residual target aura onto up to count other enemies, (re)applying it there (Ignition spreads Ignite)", {
          aura: nameRef("residual aura on the target"), share: ref("coefficient", "share of the bank each enemy receives"),
          share_mods: list({ $ref: "#/$defs/talentAmount" }, "talents adding to share"), count: ref("count", "enemies reached"),
          count_mods: list({ $ref: "#/$defs/talentAmount" }, "talents adding to count"),
        }, ["aura", "share", "count"]),
        op("random_auras", "a random set of auras: weights[i] = P(i + 1 come up); tiers: the first k, subset: k distinct at random; replaces the previous set", { auras: list(nameRef("aura"), "the pool (at most 16)"), weights: list({ type: "number", minimum: 0, maximum: 1 }, "P(1), P(2), .. P(n); sum 1"), mode: { enum: ["subset", "tiers"], description: "subset: k distinct at random; tiers: the first k in order" }, bump_aura: nameRef("aura that, when up, adds one to the draw and is consumed") }, ["auras", "weights", "mode"]),
        op("reduce_cooldown_per_point", "shorten a cooldown by ms x the combo points the finisher spent (the finisher's own on_cast)", { spell: nameRef("spell"), ms: ref("milliseconds", "milliseconds per point") }, ["spell", "ms"]),
        op("if_aura", "run ops only while an aura is up", { aura: nameRef("aura"), min_stacks: int("stacks needed (default 1)", 1, BOUNDS.count.max), ops: list({ $ref: "#/$defs/op" }, "ops") }, ["aura", "ops"]),
        op("if_no_aura", "run ops only while an aura is down", { aura: nameRef("aura"), ops: list({ $ref: "#/$defs/op" }, "ops") }, ["aura", "ops"]),
        op("damage_per_stack", "one hit x a stack count: min(stacks of aura, max_stacks), or max_stacks without aura (exactly one of ap_coef / sp_coef)", {
          spell: spellId("spell id for reporting"), ap_coef: ref("coefficient", "attack-power coefficient"), sp_coef: ref("coefficient", "spell-power coefficient (instead of ap_coef)"),
          school: int("school mask", 1), aura: nameRef("aura whose stacks are counted (absent: max_stacks)"), max_stacks: ref("count", "most stacks counted"),
          crit_mods: list(obj("a talent that multiplies the hit's crit chance", { if_talent: nameRef("talent"), factor: ref("coefficient", "crit-chance factor when the talent is taken") }, ["if_talent", "factor"]), "talent-gated crit-chance factors"),
        }, ["spell", "school", "max_stacks"]),
        op("consume_pets", "remove up to max instances of a timed pet group (those ending first) and run ops once per instance removed (Implosion)", { pet: nameRef("timed_group pet"), max: int("instances at most", 1, BOUNDS.count.max), ops: list({ $ref: "#/$defs/op" }, "ops") }, ["pet", "max", "ops"]),
      ],
    },
    spell: {
      oneOf: [
        obj(
          "a castable spell",
          {
            name: { $ref: "#/$defs/name" },
            id: spellId("spell id"),
            talent,
            unavailable: { type: "string", description: "why the data has no record of it: a placeholder rotations may name, never castable / applied (only name, id, comment beside it)" },
            cost_aura: nameRef("aura paid as a cost (castable only while up; one stack consumed)"),
            cast_time_ms: ref("milliseconds", "cast time (default SpellMisc → SpellCastTimes.Base)"),
            gcd_ms: ref("milliseconds", "GCD (default SpellCooldowns.StartRecoveryTime)"),
            cooldown_ms: ref("milliseconds", "cooldown (default SpellCooldowns.RecoveryTime)"),
            charges: int("charges (default SpellCategory.MaxCharges)", 0, BOUNDS.count.max),
            charge_cooldown_ms: ref("milliseconds", "recharge time (default SpellCategory.ChargeRecoveryTime)"),
            resource: nameRef("resource spent (default the first)"),
            cost: ref("amount", "cost (default SpellPower)"),
            gain: ref("amount", "resource gained on cast"),
            damage: ref("damage", "direct damage"),
            off_gcd: bool("ignores the GCD"),
            on_cast: list({ $ref: "#/$defs/op" }, "post-cast hook"),
            comment,
            estimated,
            channel: obj(
              "a channelled spell",
              {
                ticks: ref("count", "ticks per channel (integer >= 1); default: the channel's duration / its tick period (SpellEffect.EffectAuraPeriod)"),
                duration_ms: ref("milliseconds", "channel length (default the spell's duration)"),
                hasted: bool("haste shortens the channel"),
                tick_damage: ref("damage", "damage per tick"),
                tick_cost: ref("amount", "cost per tick in the spell's resource (an unpaid tick ends the channel)"),
              },
              [],
            ),
            cost_bypass_aura: nameRef("aura that makes the spell free"),
            cast_time_mods: list(obj("cast-time multiplier while an aura is up", { aura: nameRef("aura"), factor: ref("coefficient", "multiplier (0 = instant)") }, ["aura", "factor"]), "cast-time modifiers"),
            cost_per_stack: obj("the primary cost grows with an aura's stacks: cost x (1 + percent / 100 x stacks), when checked and when paid", { aura: nameRef("aura"), percent: bounded("percent added per stack", BOUNDS.amount) }, ["aura", "percent"]),
            finisher: obj(
              "a combo-point finisher: spends all points of a resource; damage x points spent",
              {
                resource: nameRef("resource spent whole (minimum: its SpellPower ManaCost)"),
                max_points: ref("count", "most points spent (default SpellPower ManaCost + OptionalCost)"),
                aura: nameRef("aura whose duration gains aura_ms_per_point per point when applied by this cast"),
                aura_ms_per_point: ref("milliseconds", "duration added per point spent"),
                max_points_mods: list(
                  obj("a talent that raises the most points spent", { if_talent: nameRef("talent"), amount: ref("count", "points added when the talent is taken") }, ["if_talent", "amount"]),
                  "talents that raise the most points spent (each taken one adds its amount)",
                ),
              },
              ["resource"],
            ),
          },
          ["name", "id"],
        ),
        { $ref: "#/$defs/removal" },
      ],
    },
    buffEffect: obj(
      "an aura effect",
      {
        type: {
          enum: ["damage_mult", "damage_mult_school", "damage_mult_spells", "haste", "crit", "mastery", "versatility", "primary_stat", "primary_stat_pct", "pet_attack_speed", "pet_damage_mult", "cleave", "attack_speed"],
          description: "what it modifies",
        },
        value: ref("signedAmount", "value (multipliers as factors, stats in percent points)"),
        effect: int("1-based effect of the aura's spell whose base points give the value", 1),
        school: int("school mask (damage_mult_school)", 1),
        spells: list(nameRef("spell"), "spells (damage_mult_spells)"),
        auras: list(nameRef("aura"), "auras whose ticks it multiplies (damage_mult_spells)"),
        ops: list(spellId("spell id"), "damage ops reported as these spell ids that it multiplies (damage_mult_spells)"),
        additive: { type: "boolean", description: "stacks add: 1 + (value - 1) x stacks (damage_mult_spells)" },
        mastery_coef: bounded("additive damage_mult_spells: percent points per mastery point added to each stack's percent (Savant on Arcane Charge)", BOUNDS.masteryCoefficient),
        per_stack: { type: "boolean", description: "false: the factor applies once while up, whatever the stacks (damage_mult_spells; default true)" },
        count: { $ref: "#/$defs/count", description: "extra targets (cleave): a whole number >= 1 or a data reference" },
        points_mods: list(
          obj(
            "a talent that adds to the effect's base points",
            { if_talent: nameRef("talent"), amount: ref("signedAmount", "points added when the talent is taken (x its rank)"), per_rank: bool("amount x the talent's rank (default true); false: added once") },
            ["if_talent", "amount"],
          ),
          "talents that add to the base points of `effect` (each taken one adds its amount x rank; needs effect, no value)",
        ),
      },
      ["type"],
    ),
    aura: {
      oneOf: [
        obj(
          "an aura",
          {
            name: { $ref: "#/$defs/name" },
            id: spellId("spell id"),
            target: { enum: ["player", "pet", "target"], description: "who carries it (default player)" },
            talent,
            unavailable: { type: "string", description: "why the data has no record of it: a placeholder rotations may name, never castable / applied (only name, id, comment beside it)" },
            duration_ms: ref("milliseconds", "duration (default SpellDuration)"),
            stacking: bool("stacks (max_stacks must resolve)"),
            max_stacks: { $ref: "#/$defs/count", description: "maximum stacks, a whole number >= 1 or a data reference (default SpellAuraOptions.CumulativeAura)" },
            refresh: { enum: ["duration", "pandemic", "extend"], description: "refresh rule (default duration)" },
            tick_period_ms: ref("milliseconds", "tick period (default SpellEffect.EffectAuraPeriod)"),
            hasted_ticks: bool("haste shortens the tick period"),
            tick_may_crit: bool("ticks may crit (default: the aura spell's Periodic Can Crit attribute)"),
            tick_damage: ref("damage", "periodic damage"),
            tick_gain: obj("periodic resource gain", { resource: nameRef("resource"), amount: ref("amount", "amount per tick") }, ["resource", "amount"]),
            duration_mods: list(
              obj("a talent that lengthens the aura", { if_talent: nameRef("talent"), ms: ref("milliseconds", "milliseconds added when the talent is taken") }, ["if_talent", "ms"]),
              "talents that lengthen the aura (each taken one adds its ms)",
            ),
            max_stacks_mods: list(
              obj("a talent that raises the maximum stacks", { if_talent: nameRef("talent"), amount: ref("count", "stacks added when the talent is taken (once, whatever its rank)") }, ["if_talent", "amount"]),
              "talents that raise the maximum stacks (each taken one adds its amount; needs stacking)",
            ),
            effects: list({ $ref: "#/$defs/buffEffect" }, "stat / damage effects"),
            residual: bool("ticks deal banked damage (bank_damage)"),
            at_pull: bool("applied at t = 0 of every iteration (raid buff, e.g. Bloodlust); run option bloodlust: false leaves it off"),
            at_combat_start: bool("applied at t = 0 of every iteration when its talent is taken: a timer the game starts on entering combat (Proc Flags: Enter Combat)"),
            mirror_hits: ref("coefficient", "a target aura (Havoc): while up on an enemy other than the one a single-target direct player hit lands on, the hit also strikes it for this share of its damage; one per spec"),
            applies_to_pets: bool("its effects also apply to pet damage"),
            snapshot: bool("ticks use stats captured at application"),
            on_tick: list({ $ref: "#/$defs/op" }, "ops per tick"),
            on_expire: list({ $ref: "#/$defs/op" }, "ops on expiry"),
            comment,
            estimated,
          },
          ["name", "id"],
        ),
        { $ref: "#/$defs/removal" },
      ],
    },
    proc: {
      oneOf: [
        obj(
          "a proc",
          {
            name: { $ref: "#/$defs/name" },
            id: spellId("spell id the proc data comes from"),
            talent,
            trigger: { enum: ["impact", "cast", "rppm"], description: "when it rolls" },
            chance: ref("number", "chance 0..1 (default SpellAuraOptions.ProcChance / 100)"),
            rppm: num("RPPM rate (default SpellProcsPerMinute.BaseProcRate)", { minimum: 0, maximum: BOUNDS.rppm.max }),
            rppm_haste_scales: bool("haste scales the RPPM rate"),
            spells: list(nameRef("spell"), "spells that can trigger it (empty = any, unless auras names some)"),
            auras: list(nameRef("aura"), "auras whose periodic ticks can trigger it (impact procs; joins spells)"),
            crit_only: bool("only critical hits"),
            non_crit_only: bool("only non-critical hits"),
            periodic_only: bool("only periodic hits"),
            skip_periodic: bool("never periodic hits"),
            ops: list({ $ref: "#/$defs/op" }, "ops run on success (at least one)"),
            comment,
            estimated,
          },
          ["name", "id", "trigger", "ops"],
        ),
        { $ref: "#/$defs/removal" },
      ],
    },
    talent: {
      oneOf: [
        obj(
          "a talent",
          {
            name: { $ref: "#/$defs/name" },
            spell: spellId("talent spell"),
            default: bool("taken in the default build"),
            rank: int("ranks taken (default 1): multiplies each modifies amount", 1, BOUNDS.count.max),
            modifies: list(
              obj(
                "amounts a taken talent adds to one spell's resolved values (x rank)",
                {
                  spell: nameRef("spell"),
                  cooldown_ms: { description: "added to the cooldown (ms; may be negative); a number or a data reference", oneOf: [{ type: "number", minimum: -BOUNDS.ms.max, maximum: BOUNDS.ms.max }, { $ref: "#/$defs/dataRef" }] },
                  charges: { description: "added to the charges; a number or a data reference", oneOf: [{ type: "number", minimum: -BOUNDS.count.max, maximum: BOUNDS.count.max }, { $ref: "#/$defs/dataRef" }] },
                  charge_cooldown_ms: { description: "added to the recharge time (ms; may be negative); a number or a data reference", oneOf: [{ type: "number", minimum: -BOUNDS.ms.max, maximum: BOUNDS.ms.max }, { $ref: "#/$defs/dataRef" }] },
                },
                ["spell"],
                { anyOf: [{ required: ["cooldown_ms"] }, { required: ["charges"] }, { required: ["charge_cooldown_ms"] }] },
              ),
              "spell numbers this talent changes while taken",
            ),
          },
          ["name"],
        ),
        { $ref: "#/$defs/removal" },
      ],
    },
    passive: {
      oneOf: [
        obj(
          "an always-on passive aura (baseline spec/class passive): each effect's base points multiply the named spells' direct damage and auras' ticks by 1 + points/100",
          {
            name: { $ref: "#/$defs/name" },
            id: spellId("spell id of the passive aura"),
            talent: { $ref: "#/$defs/name", description: "talent name: applies only when that talent is taken" },
            effects: list(
              obj(
                "one percent-modifier effect of the passive",
                {
                  effect: int("1-based effect of the passive whose EffectBasePointsF is the percent", 1),
                  spells: list({ $ref: "#/$defs/name" }, "spells whose direct damage it multiplies"),
                  auras: list({ $ref: "#/$defs/name" }, "auras whose ticks it multiplies"),
                  ops: list(spellId("spell id"), "damage ops (on_cast, procs, ticks) reported as these spell ids that it multiplies"),
                  auto_attack: bool("it multiplies the auto attack (both hands)"),
                  rank: int("talent rank taken: the percent is the base points x rank (a talent whose per-rank values grow linearly, e.g. the dump's 'Effect#1 [op=set, values=(5, 10)]'); default 1", 1, 10),
                },
                ["effect"],
              ),
              "effects",
            ),
            comment: { type: "string", description: "free text for readers; ignored" },
          },
          ["name", "id", "effects"],
        ),
        { $ref: "#/$defs/removal" },
      ],
    },
  },
};

/** Properties of each object in the schema, by a readable location (for the docs and the consistency test). */
export function schemaObjects(): { where: string; description: string; properties: Record<string, S>; required: string[] }[] {
  const out: { where: string; description: string; properties: Record<string, S>; required: string[] }[] = [];
  const visit = (node: unknown, where: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${where}[${i}]`));
    if (typeof node !== "object" || node === null) return;
    const n = node as S;
    if (n["type"] === "object" && n["properties"]) {
      out.push({ where, description: String(n["description"] ?? ""), properties: n["properties"] as Record<string, S>, required: (n["required"] as string[]) ?? [] });
      for (const [k, v] of Object.entries(n["properties"] as S)) visit(v, `${where}.${k}`);
    }
    for (const key of ["oneOf", "items", "$defs"]) {
      if (n[key] === undefined) continue;
      if (key === "$defs") for (const [k, v] of Object.entries(n[key] as S)) visit(v, `$defs.${k}`);
      else visit(n[key], where);
    }
  };
  visit(MANIFEST_JSON_SCHEMA, "manifest");
  return out;
}

function typeOf(s: S): string {
  if (s["$ref"]) return String(s["$ref"]).replace("#/$defs/", "");
  if (s["const"] !== undefined) return JSON.stringify(s["const"]);
  if (s["enum"]) return (s["enum"] as string[]).map((e) => `"${e}"`).join(" \\| ");
  if (s["type"] === "array") return `array of ${typeOf((s["items"] ?? {}) as S)}`;
  if (s["oneOf"]) return (s["oneOf"] as S[]).map(typeOf).join(" or ");
  const t = String(s["type"] ?? "any");
  if (s["maximum"] !== undefined) return `${t} in [${s["minimum"] ?? "-∞"}, ${s["maximum"]}]`;
  return t;
}

/** The field reference of docs/manifests.md (one table per object). */
export function schemaReferenceMarkdown(): string {
  const lines = [
    "## Field reference (generated from src/manifest/json-schema.ts)",
    "",
    `\`schema_version\`: ${SCHEMA_VERSION}. JSON Schema: [data/specs/_shared/manifest.schema.json](../data/specs/_shared/manifest.schema.json). Required fields are **bold**.`,
  ];
  const seen = new Set<string>();
  for (const o of schemaObjects()) {
    const key = `${o.where}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push("", `### \`${o.where.replace(/\[\d+\]/g, "")}\` — ${o.description}`, "", "| field | type | meaning |", "|---|---|---|");
    for (const [k, v] of Object.entries(o.properties)) {
      lines.push(`| ${o.required.includes(k) ? `**${k}**` : k} | ${typeOf(v)} | ${String(v["description"] ?? "").replace(/\|/g, "\\|")} |`);
    }
  }
  return lines.join("\n");
}

/**
 * A small JSON Schema checker for the subset this schema uses (type, const, enum, minimum, maximum, minLength,
 * pattern, properties, required, additionalProperties, items, oneOf, not, if/then, $ref to $defs).
 * Returns the JSON paths that fail (empty = valid). For tests and tools; not the loader's validator.
 */
export function checkJsonSchema(value: unknown, schema: S = MANIFEST_JSON_SCHEMA, root: S = MANIFEST_JSON_SCHEMA, path = ""): string[] {
  if (schema["$ref"]) return checkJsonSchema(value, (root["$defs"] as S)[String(schema["$ref"]).replace("#/$defs/", "")] as S, root, path);
  const errs: string[] = [];
  const at = path || "<root>";
  const t = schema["type"];
  const isObj = typeof value === "object" && value !== null && !Array.isArray(value);
  if (t === "object" && !isObj) return [`${at}: expected object`];
  if (t === "array" && !Array.isArray(value)) return [`${at}: expected array`];
  if (t === "string" && typeof value !== "string") return [`${at}: expected string`];
  if (t === "boolean" && typeof value !== "boolean") return [`${at}: expected boolean`];
  if (t === "number" && typeof value !== "number") return [`${at}: expected number`];
  if (t === "integer" && !Number.isInteger(value)) return [`${at}: expected integer`];
  if (schema["const"] !== undefined && value !== schema["const"]) errs.push(`${at}: expected ${JSON.stringify(schema["const"])}`);
  if (schema["enum"] && !(schema["enum"] as unknown[]).includes(value)) errs.push(`${at}: not one of ${JSON.stringify(schema["enum"])}`);
  if (typeof value === "number" && schema["minimum"] !== undefined && value < (schema["minimum"] as number)) errs.push(`${at}: below minimum`);
  if (typeof value === "number" && schema["maximum"] !== undefined && value > (schema["maximum"] as number)) errs.push(`${at}: above maximum`);
  if (typeof value === "string" && schema["minLength"] !== undefined && value.length < (schema["minLength"] as number)) errs.push(`${at}: too short`);
  if (typeof value === "string" && schema["pattern"] && !new RegExp(String(schema["pattern"])).test(value)) errs.push(`${at}: does not match ${schema["pattern"]}`);
  if (isObj) {
    const o = value as S;
    for (const r of (schema["required"] as string[]) ?? []) if (!(r in o)) errs.push(`${path ? `${path}.` : ""}${r}: missing`);
    const props = (schema["properties"] ?? {}) as S;
    for (const [k, v] of Object.entries(o)) {
      const p = `${path ? `${path}.` : ""}${k}`;
      if (k in props) errs.push(...checkJsonSchema(v, props[k] as S, root, p));
      else if (schema["additionalProperties"] === false) errs.push(`${p}: unknown field`);
      else if (typeof schema["additionalProperties"] === "object") errs.push(...checkJsonSchema(v, schema["additionalProperties"] as S, root, p));
    }
  }
  if (Array.isArray(value) && schema["items"]) value.forEach((v, i) => errs.push(...checkJsonSchema(v, schema["items"] as S, root, `${path}[${i}]`)));
  if (schema["oneOf"]) {
    const ok = (schema["oneOf"] as S[]).filter((s) => checkJsonSchema(value, s, root, path).length === 0).length;
    if (ok !== 1) errs.push(`${at}: matches ${ok} of the oneOf alternatives, expected exactly 1`);
  }
  if (schema["not"] && checkJsonSchema(value, schema["not"] as S, root, path).length === 0) errs.push(`${at}: matches a forbidden form`);
  if (schema["if"] && checkJsonSchema(value, schema["if"] as S, root, path).length === 0 && schema["then"]) errs.push(...checkJsonSchema(value, schema["then"] as S, root, path));
  return errs;
}
