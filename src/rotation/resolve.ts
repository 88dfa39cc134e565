// Name resolution: parsed names → state queries, variables and constants (docs/rotation.md §2).
import { BINARY_TO_R, type Expr, type NamePart, type RExpr } from "./ast.js";
import { RotationError, type RotationLocation } from "./errors.js";
import { parseExpression } from "./parse.js";
import { Q } from "./queries.js";
import { ABSENT_AURA_PROPS, absentAuraProp, absentSpellProp, type AbsentInfo, type AbsentKind } from "./absent.js";
import { RACIALS, utilityAction } from "./utility.js";
import { fightStyleExpr, RAID_EVENT_PROPS, raidEventExpr } from "./raid-events.js";

/** Resolves names in a rotation to the host's indices. `undefined` = unknown (a compile error). */
export interface RotationSymbols {
  spell(name: string): number | undefined;
  /** Player buffs, target debuffs and DoTs, by name. */
  aura(name: string): number | undefined;
  petAura(name: string): number | undefined;
  resource(name: string): number | undefined;
  pet(name: string): number | undefined;
  /** Whether the talent is taken (folded to a constant 1/0). */
  talent(name: string): boolean | undefined;
  /**
   * Whether a known spell can be cast in this build (false: its talent is not taken). A `cast` entry of
   * such a spell is never ready — SimulationCraft's "the action's spell is not learned" — so SimC APL
   * text that names another build's ability (no `talent.X` guard) skips it. Omitted: every spell is castable.
   */
  castable?(name: string): boolean;
  /** Whether the build's hero tree is this one (folded to 1/0); undefined: not a hero tree of the spec. Optional: no hero trees. */
  heroTree?(name: string): boolean | undefined;
  /** A fixed enemy count for the run: folds `active_enemies` to this constant. Omit to query the engine. */
  activeEnemies?: number;
  /**
   * The run's movement raid event (fight style `movement`, docs/fights.md), seconds and yards:
   * `raid_event.movement.*` and `movement.remains` then follow it. Omitted: no raid events (Patchwerk).
   */
  movement?: { first: number; period: number; duration: number; distance: number };
  /**
   * The run's adds raid event (fight style `adds`, docs/fights.md), seconds: `raid_event.adds.*` then
   * follows it (and `active_enemies` is left to the engine). Omitted: no add waves.
   */
  adds?: { count: number; first: number; cooldown: number; duration: number; last: number };
  /**
   * false: the spell is named but the player cannot cast it in this run (its talent is not taken, or the
   * data has no record of it): its cast entries fold away like a false condition, as SimulationCraft
   * drops actions the character does not have. Omitted: every resolved spell is castable.
   */
  castable?(name: string): boolean;
  /** A SimC actor option read by name in expressions (`max_prio_damage`): its value; undefined = the class has none. */
  actorOption?(name: string): number | undefined;
  /** Whether the spell is off the GCD (SimC's use_off_gcd=0 then waits for the GCD; src/rotation/options.ts). Omit: unknown. */
  offGcd?(spell: number): boolean;
  /** The character's race (SimC token, e.g. "orc"): racial actions of other races never fire (src/rotation/utility.ts). */
  race?: string | undefined;
  /** The potion the character drinks (SimC token without the quality suffix, e.g. "lights_potential"): `potion.X` is 1 for it. */
  potion?: string | undefined;
  /**
   * The host's verdict on a utility action whose spell it left out for this run (a potion or racial the
   * character cannot use, src/engine/consumables.ts); undefined: the front-end's own rules apply.
   */
  utility?(name: string): { noop: string } | { refuse: string } | undefined;
  /** `talent.X.rank`: the taken rank (0 when not taken). Omit: 1 when taken, else 0. */
  talentRank?(name: string): number | undefined;
  /** The aura a spell applies (its DoT / debuff / buff): the subject of an entry's bare `remains`,
   *  `ticking`, `refreshable`, ... `undefined`: the spell applies none (those names are then errors). */
  spellAura?(spell: string): number | undefined;
  /** Whether the spell is a channel (its bare `tick_time` is then the channel's tick period when it applies no aura). */
  spellIsChannel?(spell: string): boolean;
  /** Index of a spell whose GCD is the player's (`gcd.max`). Omit: the standard 1.5 s, hasted. */
  gcdSpell?: number;
  /** Manifest-defined expressions (`expressions` in the spec manifest, docs/manifests.md): the text
   *  and where it comes from (errors in it name that file and key). */
  expression?(name: string): { text: string; file: string; key: string } | undefined;
  /** A name the modelled game version does not have (manifest `absent`, src/rotation/absent.ts): asked
   *  only when the name is not a known one of that kind; `loc` is where the rotation uses it. */
  absent?(name: string, kind: AbsentKind, loc: RotationLocation): AbsentInfo | undefined;
}

/** What a name may depend on besides the symbols: SimC's action scope. */
export interface ResolveContext {
  /** The entry's action (spell name): bare `cast_time`, `remains`, `charges`, ... are its properties
   *  (SimC's action-scoped names). Absent: those names are an error. */
  action?: string;
}

type Kind = "aura" | "petAura" | "spell" | "resource" | "pet";

const BUFF_PROPS: Record<string, number> = { up: Q.BUFF_UP, down: -1, remains: Q.BUFF_REMAINS, stack: Q.BUFF_STACK, react: Q.AURA_REACT };
const DEBUFF_PROPS: Record<string, number> = { up: Q.DEBUFF_UP, down: -1, remains: Q.DEBUFF_REMAINS, stack: Q.DEBUFF_STACK, react: Q.AURA_REACT };
const DOT_PROPS: Record<string, number> = { ticking: Q.DOT_TICKING, up: Q.DOT_TICKING, down: -1, remains: Q.DOT_REMAINS, stack: Q.DOT_STACK };
// Properties every aura family (buff, debuff, dot, the action's own aura) has beyond its table above;
// built by Resolver.auraExtra (docs/rotation.md §2).
const AURA_EXTRA = ["refreshable", "duration", "tick_time", "ticks_remain", "pmultiplier", "max_stack", "at_max_stacks", "stack_pct"];
const PET_BUFF_PROPS: Record<string, number> = {
  up: Q.PET_BUFF_UP,
  down: -1,
  remains: Q.PET_BUFF_REMAINS,
  stack: Q.PET_BUFF_STACK,
  react: Q.AURA_REACT,
};
const COOLDOWN_PROPS: Record<string, number> = {
  ready: Q.COOLDOWN_READY,
  up: Q.COOLDOWN_READY,
  remains: Q.COOLDOWN_REMAINS,
  // SimC's cooldown "remains_expected" (engine/action/cooldown.cpp): the remaining time under the expected
  // rate of dynamic cooldown reductions; this engine's cooldowns recover at a fixed rate, so it is remains
  remains_expected: Q.COOLDOWN_REMAINS,
  charges: Q.COOLDOWN_CHARGES,
  charges_fractional: Q.COOLDOWN_CHARGES_FRACTIONAL,
  full_recharge_time: Q.COOLDOWN_FULL_RECHARGE_TIME,
  duration: Q.COOLDOWN_DURATION,
  max_charges: Q.COOLDOWN_MAX_CHARGES,
};
const RESOURCE_PROPS: Record<string, number> = {
  current: Q.RESOURCE,
  deficit: Q.RESOURCE_DEFICIT,
  pct: Q.RESOURCE_PCT,
  time_to_max: Q.RESOURCE_TIME_TO_MAX,
  max: Q.RESOURCE_MAX,
  regen: Q.RESOURCE_REGEN,
};
const PET_PROPS: Record<string, number> = { active: Q.PET_ACTIVE, up: Q.PET_ACTIVE, remains: Q.PET_REMAINS, count: Q.PET_COUNT };
// "down" is stored as -1 and compiles to !<up query>; the up query of each family:
const DOWN_OF: Record<string, number> = { buff: Q.BUFF_UP, debuff: Q.DEBUFF_UP, dot: Q.DOT_TICKING, petbuff: Q.PET_BUFF_UP };

// Properties of an action (spell): `action.X.<p>`, or bare `<p>` in the entry of action X. Those of
// its cooldown and its cast; the aura properties (remains, ticking, refreshable, ...) go to the aura
// the spell applies (symbols.spellAura).
const ACTION_SPELL_PROPS: Record<string, number> = {
  cast_time: Q.CAST_TIME,
  execute_time: Q.EXECUTE_TIME,
  gcd: Q.GCD_MAX,
  cost: Q.SPELL_COST,
  charges: Q.COOLDOWN_CHARGES,
  charges_fractional: Q.COOLDOWN_CHARGES_FRACTIONAL,
  max_charges: Q.COOLDOWN_MAX_CHARGES,
  full_recharge_time: Q.COOLDOWN_FULL_RECHARGE_TIME,
  cooldown: Q.COOLDOWN_DURATION,
  // the reaction time after a proc reset (assembly/engine/reaction.ts); COOLDOWN_READY with the model off
  cooldown_react: Q.COOLDOWN_REACT,
  ready: Q.SPELL_CASTABLE,
  // SimC's action "usable" (engine/action/action.cpp create_expression: the action's ready()): castable now
  usable: Q.SPELL_CASTABLE,
  last_used: Q.LAST_USED,
  // the hard cast in progress: read by use_while_casting decisions (during another cast bar)
  executing: Q.EXECUTING,
  execute_remains: Q.EXECUTE_REMAINS,
};
// Constant 0 in this engine: no projectile travel (damage lands when the cast completes); `casting` /
// `channeling` of an action are not modelled (docs/rotation.md §2).
const ACTION_ZERO_PROPS = new Set(["in_flight", "in_flight_remains", "in_flight_to_target", "travel_time", "casting", "channeling"]);
const ACTION_AURA_PROPS = new Set(["remains", "ticking", "up", "down", "stack", "react", ...AURA_EXTRA]);

// SimC fight styles (sim_t fight_style option); fight_style.X is 1 for the run's (src/rotation/raid-events.ts),
// the engine runs Patchwerk, LightMovement and HecticAddCleave (docs/fights.md).
const FIGHT_STYLES = new Set(["patchwerk", "castingpatchwerk", "hecticaddcleave", "lightmovement", "heavymovement", "dungeonslice", "dungeonroute", "targetdummy", "cleave", "ultraxion", "beastlord", "helterskelter"]);

/** A dotted name being resolved: its parts and text, where it is, and the entry's action scope. */
interface NameRef {
  parts: NamePart[];
  full: string;
  head: NamePart;
  loc: RotationLocation;
  ctx: ResolveContext;
}
/** A fresh constant 0 (a new node each time: expression trees are never shared). */
const zero = (): RExpr => ({ kind: "const", value: 0 });

export class Resolver {
  /** Manifest expressions being expanded (a cycle among them is an error, not a stack overflow). */
  private readonly expanding: string[] = [];
  /** Auras some `react` question names (src/rotation/compile.ts CompiledRotation.reactAuras). */
  readonly reactAuras = new Set<number>();

  constructor(
    private readonly symbols: RotationSymbols,
    private readonly variables: ReadonlyMap<string, number>,
  ) {}

  resolve(e: Expr, loc: RotationLocation, ctx: ResolveContext = {}): RExpr {
    switch (e.kind) {
      case "num":
        return { kind: "const", value: e.value };
      case "unary": {
        const arg = this.resolve(e.arg, loc, ctx);
        switch (e.op) {
          case "+":
            return arg;
          case "!":
            return { kind: "not", arg };
          case "-":
            return { kind: "neg", arg };
          case "@":
            return { kind: "fn", fn: "abs", arg };
          default:
            return { kind: "fn", fn: e.op, arg }; // floor, ceil
        }
      }
      case "binary":
        return { kind: "bin", op: BINARY_TO_R[e.op], left: this.resolve(e.left, loc, ctx), right: this.resolve(e.right, loc, ctx) };
      case "name":
        return this.name(e.parts, loc, ctx);
    }
  }

  private fail(loc: RotationLocation, part: NamePart, detail: string): never {
    throw new RotationError("ROTATION_UNKNOWN_NAME", { ...loc, column: part.column }, detail);
  }

  /** Whether `name` is an absent name of `kind` (asked only after the known-name lookup failed). */
  private isAbsent(kind: AbsentKind, name: string, loc: RotationLocation): boolean {
    return this.symbols.absent?.(name, kind, loc) !== undefined;
  }

  /**
   * A racial of another race than the character's (src/rotation/utility.ts): SimC's cooldown of an action the
   * character never has is a fresh one (player_t::get_cooldown creates it: duration 0, nothing to wait for
   * that the APL reads), so `cooldown.berserking.duration` of a dwarf reads like an absent spell's.
   */
  private otherRaceRacial(name: string): boolean {
    if (!Object.hasOwn(RACIALS, name)) return false;
    const verdict = this.symbols.utility?.(name) ?? utilityAction(name, this.symbols.race);
    return verdict !== undefined && "noop" in verdict;
  }

  /** A property of an absent spell (src/rotation/absent.ts); the property must still be one of `allowed`. */
  private absentSpell(p: NamePart, parts: NamePart[], at: number, full: string, loc: RotationLocation, allowed: readonly string[]): RExpr {
    if (!allowed.includes(p.text)) this.fail(loc, p, `unknown property "${p.text}" in "${full}" (expected one of: ${allowed.join(", ")})`);
    this.exact(parts, at + 1, full, loc);
    return absentSpellProp(p.text);
  }

  /** Looks a name up with the host's resolver; unknown → ROTATION_UNKNOWN_NAME at the segment. */
  private lookup(kind: Kind, part: NamePart, full: string, loc: RotationLocation): number {
    const s = this.symbols;
    const idx =
      kind === "aura" ? s.aura(part.text)
      : kind === "petAura" ? s.petAura(part.text)
      : kind === "spell" ? s.spell(part.text)
      : kind === "resource" ? s.resource(part.text)
      : s.pet(part.text);
    if (idx === undefined) {
      const what = kind === "petAura" ? "pet aura" : kind;
      this.fail(loc, part, `unknown ${what} "${part.text}" in "${full}"`);
    }
    return this.index(idx, kind, part, loc);
  }

  private index(idx: number, what: string, part: NamePart, loc: RotationLocation): number {
    if (!Number.isInteger(idx) || idx < 0 || idx > 0x7fffffff) {
      this.fail(loc, part, `the host resolved ${what} "${part.text}" to ${idx}, not a non-negative i32 index`);
    }
    return idx;
  }

  private prop(table: Record<string, number>, parts: NamePart[], at: number, full: string, loc: RotationLocation, extra: readonly string[] = []): number {
    const p = parts[at];
    const allowed = [...Object.keys(table), ...extra].join(", ");
    if (p === undefined) this.fail(loc, parts[parts.length - 1]!, `"${full}" needs a property (${allowed})`);
    const q = Object.hasOwn(table, p.text) ? table[p.text] : undefined;
    if (q === undefined) this.fail(loc, p, `unknown property "${p.text}" in "${full}" (expected one of: ${allowed})`);
    this.exact(parts, at + 1, full, loc);
    return q;
  }

  private query(q: number, arg: number, downFamily: string): RExpr {
    if (q === Q.AURA_REACT) this.reactAuras.add(arg);
    if (q === -1) return { kind: "not", arg: { kind: "query", q: DOWN_OF[downFamily]!, arg } };
    return { kind: "query", q, arg };
  }

  private exact(parts: NamePart[], n: number, full: string, loc: RotationLocation): void {
    if (parts.length > n) this.fail(loc, parts[n]!, `unexpected "${parts[n]!.text}" after "${parts.slice(0, n).map((x) => x.text).join(".")}"`);
  }

  /** The aura properties every family shares beyond its own table (SimC meanings, docs/rotation.md §2). */
  private auraExtra(prop: string, aura: number, family: string): RExpr | undefined {
    const q = (k: number): RExpr => ({ kind: "query", q: k, arg: aura });
    const up = q(DOWN_OF[family] ?? Q.BUFF_UP);
    const stack = q(family === "dot" ? Q.DOT_STACK : family === "debuff" ? Q.DEBUFF_STACK : Q.BUFF_STACK);
    switch (prop) {
      case "refreshable":
        return q(Q.AURA_REFRESHABLE);
      case "duration":
        // SimC: a DoT's duration is 0 while it is not ticking; a buff's is its base duration
        return family === "dot" ? { kind: "bin", op: "mul", left: up, right: q(Q.AURA_DURATION) } : q(Q.AURA_DURATION);
      case "tick_time":
        return q(Q.AURA_TICK_TIME);
      case "ticks_remain":
        return q(Q.AURA_TICKS_REMAIN);
      case "pmultiplier":
        // The persistent multiplier SimC snapshots into a DoT (Improved Garrote, Nightstalker, ...).
        // No modelled aura has one: always 1 (docs/rotation.md §2).
        return { kind: "const", value: 1 };
      case "max_stack":
        return q(Q.AURA_MAX_STACK);
      case "at_max_stacks":
        return { kind: "bin", op: "ge", left: stack, right: q(Q.AURA_MAX_STACK) };
      case "stack_pct":
        return { kind: "bin", op: "div", left: { kind: "bin", op: "mul", left: { kind: "const", value: 100 }, right: stack }, right: q(Q.AURA_MAX_STACK) };
      default:
        return undefined;
    }
  }

  /** `buff.X.<p>` / `debuff.X.<p>` / `dot.X.<p>` with X resolved to `aura`; `at` is the property's index. */
  private auraProp(family: "buff" | "debuff" | "dot", aura: number, parts: NamePart[], at: number, full: string, loc: RotationLocation): RExpr {
    const table = family === "buff" ? BUFF_PROPS : family === "debuff" ? DEBUFF_PROPS : DOT_PROPS;
    const p = parts[at];
    if (p !== undefined && !Object.hasOwn(table, p.text)) {
      const r = this.auraExtra(p.text, aura, family);
      if (r !== undefined) {
        this.exact(parts, at + 1, full, loc);
        return r;
      }
    }
    return this.query(this.prop(table, parts, at, full, loc, AURA_EXTRA), aura, family);
  }

  /** A property of action `spellName` (`action.X.<p>`, or bare `<p>` in X's own entry). */
  private actionProp(spellName: string, spellPart: NamePart, p: NamePart, parts: NamePart[], at: number, full: string, loc: RotationLocation): RExpr {
    if (this.symbols.spell(spellName) === undefined && this.isAbsent("spell", spellName, loc)) {
      return this.absentSpell(p, parts, at, full, loc, [...Object.keys(ACTION_SPELL_PROPS), ...ACTION_ZERO_PROPS, ...ACTION_AURA_PROPS]);
    }
    const spell = this.lookup("spell", { text: spellName, column: spellPart.column }, full, loc);
    this.exact(parts, at + 1, full, loc);
    const q = Object.hasOwn(ACTION_SPELL_PROPS, p.text) ? ACTION_SPELL_PROPS[p.text] : undefined;
    if (q !== undefined) return { kind: "query", q, arg: spell };
    if (ACTION_ZERO_PROPS.has(p.text)) return { kind: "const", value: 0 };
    if (ACTION_AURA_PROPS.has(p.text)) {
      const aura = this.symbols.spellAura?.(spellName);
      // a channel that applies no aura ticks itself: SimC's tick_time is its tick period
      if (aura === undefined && p.text === "tick_time" && this.symbols.spellIsChannel?.(spellName) === true) return { kind: "query", q: Q.CHANNEL_TICK_TIME, arg: spell };
      if (aura === undefined) this.fail(loc, p, `"${full}": action "${spellName}" applies no aura, so it has no "${p.text}"`);
      const idx = this.index(aura, "the aura of spell", { text: spellName, column: p.column }, loc);
      return this.auraProp("dot", idx, [...parts.slice(0, at), p], at, full, loc);
    }
    const allowed = [...Object.keys(ACTION_SPELL_PROPS), ...ACTION_ZERO_PROPS, ...ACTION_AURA_PROPS].join(", ");
    return this.fail(loc, p, `unknown action property "${p.text}" in "${full}" (expected one of: ${allowed})`);
  }

  /** The entry's action must be a spell for its bare properties: otherwise the line's problem is the
   *  action itself, reported in the words of the cast error (`unknown spell "X"`). */
  private knownAction(action: string, at: NamePart, loc: RotationLocation): void {
    if (this.symbols.spell(action) === undefined && !this.isAbsent("spell", action, loc)) this.fail(loc, at, `unknown spell "${action}"`);
  }

  /** A manifest-defined expression, resolved in the referencing entry's context. */
  private manifestExpression(name: string, part: NamePart, loc: RotationLocation, ctx: ResolveContext): RExpr | undefined {
    const def = this.symbols.expression?.(name);
    if (def === undefined) return undefined;
    if (this.expanding.includes(name)) {
      this.fail(loc, part, `manifest expression "${name}" refers to itself (${[...this.expanding, name].join(" -> ")})`);
    }
    const at: RotationLocation = { file: def.file, field: `expressions.${def.key}` };
    this.expanding.push(name);
    try {
      return this.resolve(parseExpression(def.text, at), at, ctx);
    } finally {
      this.expanding.pop();
    }
  }

  /** The `i`-th part of the name, or an error that the name needs `what` there. */
  private need(n: NameRef, i: number, what: string): NamePart {
    const p = n.parts[i];
    if (p === undefined) this.fail(n.loc, n.parts[n.parts.length - 1]!, `"${n.full}" needs ${what}`);
    return p;
  }

  /**
   * A dotted name: a manifest expression, a bare property of the entry's action, or a dispatch on the
   * first part to one constructor per family (encounter, GCD, auras, cooldowns, actions, pets, talents,
   * cast history, variables and options, gear); anything else is a resource.
   */
  private name(parts: NamePart[], loc: RotationLocation, ctx: ResolveContext): RExpr {
    const full = parts.map((p) => p.text).join(".");
    const head = parts[0]!;
    const n: NameRef = { parts, full, head, loc, ctx };
    const manifest = this.manifestExpression(full, head, loc, ctx);
    if (manifest !== undefined) return manifest;
    // SimC action scope: a bare property of the entry's own action
    if (parts.length === 1 && (Object.hasOwn(ACTION_SPELL_PROPS, head.text) || ACTION_ZERO_PROPS.has(head.text) || ACTION_AURA_PROPS.has(head.text)) && head.text !== "gcd") {
      if (ctx.action === undefined) this.fail(loc, head, `"${full}" is a property of the entry's action, and this expression has none (use action.X.${full} / dot.X.${full})`);
      this.knownAction(ctx.action, head, loc);
      return this.actionProp(ctx.action, head, head, parts, 0, full, loc);
    }
    switch (head.text) {
      case "time":
      case "fight_remains":
      case "time_to_die":
      case "expected_combat_length":
      case "active_enemies":
      case "spell_targets":
      case "fight_style":
      case "self":
      case "raid_event":
      case "movement":
        return this.encounterName(n);
      case "gcd":
        return this.gcdName(n);
      case "target":
        return this.target(parts, full, loc);
      case "buff":
      case "debuff":
      case "dot":
      case "dot_refreshable_count":
      case "active_dot":
        return this.auraName(n);
      case "cooldown":
        return this.cooldownName(n);
      case "action": {
        const sp = this.need(n, 1, "a spell name");
        const p = this.need(n, 2, "a property");
        return this.actionProp(sp.text, sp, p, parts, 2, full, loc);
      }
      case "pet":
        return this.petName(n);
      case "talent":
      case "hero_tree":
        return this.talentName(n);
      case "prev_gcd":
      case "prev":
      case "prev_off_gcd":
        return this.historyName(n);
      case "variable":
      case "max_prio_damage":
        return this.valueName(n);
      case "trinket":
      case "this_trinket":
      case "other_trinket":
        return this.trinket(parts, full, loc);
      case "equipped":
      case "set_bonus":
      case "potion": {
        // No gear is modelled: nothing is equipped, no set bonus is active; potion.X: the run's potion is X
        const item = this.need(n, 1, head.text === "equipped" ? "an item name" : head.text === "set_bonus" ? "a set bonus (tierNN_Npc)" : "a potion name");
        this.exact(parts, head.text === "potion" ? 3 : 2, full, loc);
        if (head.text === "potion" && this.symbols.potion !== undefined && item.text === this.symbols.potion) return { kind: "const", value: 1 };
        return zero();
      }
      default: {
        // A resource: `focus`, `focus.deficit`, ...
        if (this.symbols.resource(head.text) === undefined) this.fail(loc, head, `unknown name "${full}"`);
        const r = this.lookup("resource", head, full, loc);
        if (parts.length === 1) return { kind: "query", q: Q.RESOURCE, arg: r };
        return { kind: "query", q: this.prop(RESOURCE_PROPS, parts, 1, full, loc), arg: r };
      }
    }
  }

  /** The fight: time, its length and style, the enemies, raid events and movement (none: Patchwerk). */
  private encounterName(n: NameRef): RExpr {
    const { parts, full, head, loc } = n;
    switch (head.text) {
      case "time":
        this.exact(parts, 1, full, loc);
        return { kind: "query", q: Q.TIME, arg: 0 };
      case "fight_remains":
        this.exact(parts, 1, full, loc);
        return { kind: "query", q: Q.FIGHT_REMAINS, arg: 0 };
      case "time_to_die":
        // SimC's action-scope `time_to_die`: the target's time to die, which here is fight_remains (the
        // target dies exactly at the end: target.time_to_die). SimC's default Beast Mastery APL writes it
        // `time_to_die.remains` (a time, like a buff's remains): the same value.
        if (parts[1] !== undefined && parts[1].text !== "remains") this.fail(loc, parts[1], `unknown property "${parts[1].text}" in "${full}" (expected: time_to_die, time_to_die.remains)`);
        this.exact(parts, 2, full, loc);
        return { kind: "query", q: Q.FIGHT_REMAINS, arg: 0 };
      case "expected_combat_length":
        // SimC: the iteration's expected duration; here the configured one (time + what remains of it)
        this.exact(parts, 1, full, loc);
        return { kind: "bin", op: "add", left: { kind: "query", q: Q.TIME, arg: 0 }, right: { kind: "query", q: Q.FIGHT_REMAINS, arg: 0 } };
      case "active_enemies":
        this.exact(parts, 1, full, loc);
        if (this.symbols.activeEnemies !== undefined) return { kind: "const", value: this.symbols.activeEnemies };
        return { kind: "query", q: Q.ACTIVE_ENEMIES, arg: 0 };
      case "spell_targets": {
        // SimC: targets the named AoE spell would hit. The engine's AoE hits every enemy, so this is
        // active_enemies; the spell name is still checked so typos do not pass silently.
        const sp = this.need(n, 1, "a spell name");
        this.exact(parts, 2, full, loc);
        if (this.symbols.spell(sp.text) === undefined && this.isAbsent("spell", sp.text, loc)) return zero(); // it hits no one
        this.lookup("spell", sp, full, loc);
        if (this.symbols.activeEnemies !== undefined) return { kind: "const", value: this.symbols.activeEnemies };
        return { kind: "query", q: Q.ACTIVE_ENEMIES, arg: 0 };
      }
      case "fight_style": {
        const st = this.need(n, 1, "a fight style");
        if (!FIGHT_STYLES.has(st.text)) this.fail(loc, st, `unknown fight style "${st.text}" (SimC's: ${[...FIGHT_STYLES].join(", ")})`);
        this.exact(parts, 2, full, loc);
        return fightStyleExpr(st.text, this.symbols);
      }
      case "self": {
        // SimC's `self.target`: the actor's target, the primary (index 0); compared with bare `target`
        const p = this.need(n, 1, "target");
        if (p.text !== "target") this.fail(loc, p, `only self.target is supported, got "${full}"`);
        this.exact(parts, 2, full, loc);
        return zero();
      }
      case "raid_event": {
        this.need(n, 1, "an event type (adds, movement, ...)");
        const p = this.need(n, 2, "a filter (in, exists, up, remains, count, duration, ...)");
        if (!RAID_EVENT_PROPS.has(p.text)) this.fail(loc, p, `unknown raid event filter "${p.text}" (expected one of: ${[...RAID_EVENT_PROPS].join(", ")})`);
        this.exact(parts, 3, full, loc);
        return raidEventExpr(parts[1]!.text, p.text, this.symbols);
      }
      default: {
        // movement
        const p = this.need(n, 1, "a property (distance, remains, speed)");
        if (p.text !== "distance" && p.text !== "remains" && p.text !== "speed") this.fail(loc, p, `unknown property "${p.text}" in "${full}" (expected: distance, remains, speed)`);
        this.exact(parts, 2, full, loc);
        // movement.remains: the movement window's time left (a movement fight style); otherwise the player never moves
        if (p.text === "remains" && this.symbols.movement !== undefined) return { kind: "query", q: Q.RAID_MOVE_REMAINS, arg: 0 };
        return zero();
      }
    }
  }

  /** SimC: bare `gcd` is the GCD of the entry's action (hasted); `gcd.max` the player's hasted GCD. */
  private gcdName(n: NameRef): RExpr {
    const { parts, full, head, loc, ctx } = n;
    if (parts.length === 1) {
      if (ctx.action !== undefined && this.symbols.spell(ctx.action) === undefined && this.isAbsent("spell", ctx.action, loc)) {
        return { kind: "query", q: Q.GCD_MAX, arg: this.symbols.gcdSpell ?? -1 }; // an absent action: the player's GCD
      }
      if (ctx.action !== undefined) {
        this.knownAction(ctx.action, head, loc);
        return { kind: "query", q: Q.GCD_MAX, arg: this.lookup("spell", { text: ctx.action, column: head.column }, full, loc) };
      }
      return { kind: "query", q: Q.GCD_MAX, arg: this.symbols.gcdSpell ?? -1 };
    }
    const p = parts[1]!;
    this.exact(parts, 2, full, loc);
    if (p.text === "remains") return { kind: "query", q: Q.GCD_REMAINS, arg: 0 };
    if (p.text === "max") return { kind: "query", q: Q.GCD_MAX, arg: this.symbols.gcdSpell ?? -1 };
    return this.fail(loc, p, `unknown property "${p.text}" in "${full}" (expected: gcd, gcd.max, gcd.remains)`);
  }

  /** `buff.X.*`, `debuff.X.*`, `dot.X.*`, and the per-target counts `dot_refreshable_count.X`, `active_dot.X`. */
  private auraName(n: NameRef): RExpr {
    const { parts, full, head, loc } = n;
    const name = this.need(n, 1, "an aura name");
    if (head.text === "dot_refreshable_count" || head.text === "active_dot") {
      // SimC: dot_refreshable_count (warlock_t::create_expression, sc_warlock.cpp) the targets whose DoT is
      // down or refreshable; active_dot the number of targets the DoT/debuff is up on (per-target
      // instances: docs/rotation.md "Targets")
      this.exact(parts, 2, full, loc);
      if (this.symbols.aura(name.text) === undefined && this.isAbsent("aura", name.text, loc)) return zero();
      const aura = this.lookup("aura", name, full, loc);
      return { kind: "query", q: head.text === "active_dot" ? Q.ACTIVE_DOT : Q.DOT_REFRESHABLE_COUNT, arg: aura };
    }
    if (this.symbols.aura(name.text) === undefined && this.isAbsent("aura", name.text, loc)) {
      const p = this.need(n, 2, "a property");
      const r = absentAuraProp(p.text);
      if (r === undefined) this.fail(loc, p, `unknown property "${p.text}" in "${full}" (expected one of: ${ABSENT_AURA_PROPS.join(", ")})`);
      this.exact(parts, 3, full, loc);
      return r;
    }
    const aura = this.lookup("aura", name, full, loc);
    return this.auraProp(head.text as "buff" | "debuff" | "dot", aura, parts, 2, full, loc);
  }

  private cooldownName(n: NameRef): RExpr {
    const { parts, full, loc } = n;
    const sp = this.need(n, 1, "a spell name");
    // SimC's potion cooldown: the potion is not modelled as a spell here (no gear): ready, 0 s left
    if (sp.text === "potion" && this.symbols.spell("potion") === undefined) {
      const p = this.need(n, 2, "a property");
      this.exact(parts, 3, full, loc);
      if (p.text === "remains" || p.text === "remains_expected" || p.text === "duration" || p.text === "full_recharge_time") return zero();
      if (p.text === "ready" || p.text === "up") return { kind: "const", value: 1 };
      return this.fail(loc, p, `unknown property "${p.text}" in "${full}" (expected: remains, duration, ready, up)`);
    }
    if (this.symbols.spell(sp.text) === undefined && (this.isAbsent("spell", sp.text, loc) || this.otherRaceRacial(sp.text))) {
      return this.absentSpell(this.need(n, 2, "a property"), parts, 2, full, loc, Object.keys(COOLDOWN_PROPS));
    }
    const spell = this.lookup("spell", sp, full, loc);
    return { kind: "query", q: this.prop(COOLDOWN_PROPS, parts, 2, full, loc), arg: spell };
  }

  private petName(n: NameRef): RExpr {
    const { parts, full, loc } = n;
    const pet = this.lookup("pet", this.need(n, 1, "a pet name"), full, loc);
    const p = this.need(n, 2, "a property (active, remains, count, buff.X.*)");
    if (p.text === "buff") {
      const aura = this.lookup("petAura", this.need(n, 3, "a pet aura name"), full, loc);
      return this.query(this.prop(PET_BUFF_PROPS, parts, 4, full, loc), aura, "petbuff");
    }
    return { kind: "query", q: this.prop(PET_PROPS, parts, 2, full, loc), arg: pet };
  }

  /** `talent.X[.enabled|.rank]`, `hero_tree.X`: constants of the build. */
  private talentName(n: NameRef): RExpr {
    const { parts, full, head, loc } = n;
    if (head.text === "hero_tree") {
      const t = this.need(n, 1, "a hero tree name");
      const chosen = this.symbols.heroTree?.(t.text);
      if (chosen === undefined) this.fail(loc, t, `unknown hero tree "${t.text}" in "${full}"`);
      this.exact(parts, 2, full, loc);
      return { kind: "const", value: chosen ? 1 : 0 };
    }
    const t = this.need(n, 1, "a talent name");
    // an absent talent (src/rotation/absent.ts) is never taken: rank 0
    const taken = this.symbols.talent(t.text) ?? (this.isAbsent("talent", t.text, loc) ? false : undefined);
    if (taken === undefined) this.fail(loc, t, `unknown talent "${t.text}" in "${full}"`);
    if (parts.length > 2) {
      const p = parts[2]!;
      this.exact(parts, 3, full, loc);
      if (p.text === "rank") {
        // SimC: the talent's current rank, 0 when not taken
        const rank = this.symbols.talentRank?.(t.text) ?? (taken ? 1 : 0);
        return { kind: "const", value: taken ? rank : 0 };
      }
      if (p.text !== "enabled") this.fail(loc, p, `unknown property "${p.text}" in "${full}" (talent.X, talent.X.enabled or talent.X.rank)`);
    }
    return { kind: "const", value: taken ? 1 : 0 };
  }

  /** The cast history: `prev_gcd.N.X`, `prev.X`, `prev_off_gcd.X` (a spell the game version lacks: never cast). */
  private historyName(n: NameRef): RExpr {
    const { parts, full, head, loc } = n;
    if (head.text === "prev_gcd") {
      const pos = this.need(n, 1, "a position and a spell (prev_gcd.1.X)");
      const kinds: Record<string, number> = { "1": Q.PREV_GCD, "2": Q.PREV_GCD_2, "3": Q.PREV_GCD_3 };
      const q = kinds[pos.text];
      if (q === undefined) this.fail(loc, pos, `prev_gcd.N.X: N must be 1, 2 or 3 (the engine keeps the last three GCD casts), got "${full}"`);
      const sp = this.need(n, 2, "a spell name");
      this.exact(parts, 3, full, loc);
      if (this.symbols.spell(sp.text) === undefined && this.isAbsent("spell", sp.text, loc)) return zero(); // never cast
      const spell = this.lookup("spell", sp, full, loc);
      return { kind: "query", q, arg: spell };
    }
    const sp = this.need(n, 1, "a spell name");
    this.exact(parts, 2, full, loc);
    if (this.symbols.spell(sp.text) === undefined && this.isAbsent("spell", sp.text, loc)) return zero(); // never cast
    const spell = this.lookup("spell", sp, full, loc);
    return { kind: "query", q: head.text === "prev" ? Q.PREV : Q.PREV_OFF_GCD, arg: spell };
  }

  /** `variable.X` (a rotation variable) and SimC actor options (src/rotation/actor-options.ts, constants for the run). */
  private valueName(n: NameRef): RExpr {
    const { parts, full, head, loc } = n;
    if (head.text === "variable") {
      const v = this.need(n, 1, "a variable name");
      const idx = this.variables.get(v.text);
      if (idx === undefined) this.fail(loc, v, `unknown variable "${v.text}" (no entry assigns it)`);
      this.exact(parts, 2, full, loc);
      return { kind: "var", index: idx };
    }
    const v = this.symbols.actorOption?.(head.text);
    if (v === undefined) this.fail(loc, head, `unknown name "${full}" (a SimC actor option this spec's class does not have)`);
    this.exact(parts, 1, full, loc);
    return { kind: "const", value: v };
  }

  /** `target.*`: the engine's one target loses health linearly over the encounter (Q_TARGET_HEALTH_PCT)
   *  and dies exactly at its end, so its time to die is fight_remains. */
  private target(parts: NamePart[], full: string, loc: RotationLocation): RExpr {
    const p = parts[1];
    // bare `target`: the target being evaluated (its index; 0 = the primary), as SimC compares it with self.target
    if (p === undefined) return { kind: "query", q: Q.TARGET_INDEX, arg: 0 };
    const fightRemains: RExpr = { kind: "query", q: Q.FIGHT_REMAINS, arg: 0 };
    if (p.text === "health") {
      const pct = parts[2];
      if (pct === undefined || pct.text !== "pct") this.fail(loc, pct ?? p, `only target.health.pct is supported (the target's health is a percentage here), got "${full}"`);
      this.exact(parts, 3, full, loc);
      return { kind: "query", q: Q.TARGET_HEALTH_PCT, arg: 0 };
    }
    if (p.text === "time_to_die") {
      this.exact(parts, 2, full, loc);
      return fightRemains;
    }
    const m = /^time_to_pct_(\d+(?:\.\d+)?)$/.exec(p.text);
    if (m !== null) {
      // health(t) = 100 (1 - t / D): it reaches N % at D (1 - N/100); from now that is
      // fight_remains - (time + fight_remains) N/100, 0 once passed
      this.exact(parts, 2, full, loc);
      const n = Number(m[1]);
      const time: RExpr = { kind: "query", q: Q.TIME, arg: 0 };
      const at: RExpr = { kind: "bin", op: "sub", left: fightRemains, right: { kind: "bin", op: "mul", left: { kind: "bin", op: "add", left: time, right: fightRemains }, right: { kind: "const", value: n / 100 } } };
      return { kind: "bin", op: "max", left: at, right: { kind: "const", value: 0 } };
    }
    if (p.text === "debuff" && parts[2]?.text === "casting" && parts[3]?.text === "react") {
      this.exact(parts, 4, full, loc);
      return { kind: "const", value: 0 }; // the target never casts (Patchwerk): nothing to interrupt
    }
    return this.fail(loc, p, `unknown target property "${p.text}" in "${full}" (expected: health.pct, time_to_die, time_to_pct_N, debuff.casting.react)`);
  }

  /** `trinket.N.*`, `this_trinket.*`, `other_trinket.*`: no gear is modelled, so both slots are empty and
   *  every trinket property is 0 (SimC's answer for an empty slot or a trinket without the property). */
  private trinket(parts: NamePart[], full: string, loc: RotationLocation): RExpr {
    let at = 1;
    if (parts[0]!.text === "trinket") {
      const slot = parts[1];
      if (slot === undefined) this.fail(loc, parts[0]!, `"${full}" needs a slot and a property (trinket.1.is.X, trinket.2.cooldown.remains, ...)`);
      if (slot.text === "1" || slot.text === "2") at = 2;
    }
    if (parts[at] === undefined) this.fail(loc, parts[parts.length - 1]!, `"${full}" needs a property`);
    return { kind: "const", value: 0 };
  }
}
