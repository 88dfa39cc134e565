// Name resolution: parsed names → state queries, variables and constants (docs/rotation.md §2).
import { BINARY_TO_R, type Expr, type NamePart, type RExpr } from "./ast.js";
import { RotationError, type RotationLocation } from "./errors.js";
import { Q } from "./queries.js";

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
  /** Whether the build's hero tree is this one (folded to 1/0); undefined: not a hero tree of the spec. Optional: no hero trees. */
  heroTree?(name: string): boolean | undefined;
  /** A fixed enemy count for the run: folds `active_enemies` to this constant. Omit to query the engine. */
  activeEnemies?: number;
  /** A SimC actor option read by name in expressions (`max_prio_damage`): its value; undefined = the class has none. */
  actorOption?(name: string): number | undefined;
  /** Whether the spell is off the GCD (SimC's use_off_gcd=0 then waits for the GCD; src/rotation/options.ts). Omit: unknown. */
  offGcd?(spell: number): boolean;
}

type Kind = "aura" | "petAura" | "spell" | "resource" | "pet";

const BUFF_PROPS: Record<string, number> = { up: Q.BUFF_UP, down: -1, remains: Q.BUFF_REMAINS, stack: Q.BUFF_STACK, react: Q.BUFF_STACK };
const DEBUFF_PROPS: Record<string, number> = { up: Q.DEBUFF_UP, down: -1, remains: Q.DEBUFF_REMAINS, stack: Q.DEBUFF_STACK, react: Q.DEBUFF_STACK };
const DOT_PROPS: Record<string, number> = { ticking: Q.DOT_TICKING, up: Q.DOT_TICKING, down: -1, remains: Q.DOT_REMAINS, stack: Q.DOT_STACK };
const PET_BUFF_PROPS: Record<string, number> = {
  up: Q.PET_BUFF_UP,
  down: -1,
  remains: Q.PET_BUFF_REMAINS,
  stack: Q.PET_BUFF_STACK,
  react: Q.PET_BUFF_STACK,
};
const COOLDOWN_PROPS: Record<string, number> = {
  ready: Q.COOLDOWN_READY,
  up: Q.COOLDOWN_READY,
  remains: Q.COOLDOWN_REMAINS,
  charges: Q.COOLDOWN_CHARGES,
  charges_fractional: Q.COOLDOWN_CHARGES_FRACTIONAL,
  full_recharge_time: Q.COOLDOWN_FULL_RECHARGE_TIME,
  duration: Q.COOLDOWN_DURATION,
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

export class Resolver {
  constructor(
    private readonly symbols: RotationSymbols,
    private readonly variables: ReadonlyMap<string, number>,
  ) {}

  resolve(e: Expr, loc: RotationLocation): RExpr {
    switch (e.kind) {
      case "num":
        return { kind: "const", value: e.value };
      case "unary": {
        const arg = this.resolve(e.arg, loc);
        if (e.op === "+") return arg;
        return e.op === "!" ? { kind: "not", arg } : { kind: "neg", arg };
      }
      case "binary":
        return { kind: "bin", op: BINARY_TO_R[e.op], left: this.resolve(e.left, loc), right: this.resolve(e.right, loc) };
      case "name":
        return this.name(e.parts, loc);
    }
  }

  private fail(loc: RotationLocation, part: NamePart, detail: string): never {
    throw new RotationError("ROTATION_UNKNOWN_NAME", { ...loc, column: part.column }, detail);
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
    if (!Number.isInteger(idx) || idx < 0 || idx > 0x7fffffff) {
      this.fail(loc, part, `the host resolved ${kind} "${part.text}" to ${idx}, not a non-negative i32 index`);
    }
    return idx;
  }

  private prop(table: Record<string, number>, parts: NamePart[], at: number, full: string, loc: RotationLocation): number {
    const p = parts[at];
    const allowed = Object.keys(table).join(", ");
    if (p === undefined) this.fail(loc, parts[parts.length - 1]!, `"${full}" needs a property (${allowed})`);
    const q = Object.hasOwn(table, p.text) ? table[p.text] : undefined;
    if (q === undefined) this.fail(loc, p, `unknown property "${p.text}" in "${full}" (expected one of: ${allowed})`);
    this.exact(parts, at + 1, full, loc);
    return q;
  }

  private query(q: number, arg: number, downFamily: string): RExpr {
    if (q === -1) return { kind: "not", arg: { kind: "query", q: DOWN_OF[downFamily]!, arg } };
    return { kind: "query", q, arg };
  }

  private exact(parts: NamePart[], n: number, full: string, loc: RotationLocation): void {
    if (parts.length > n) this.fail(loc, parts[n]!, `unexpected "${parts[n]!.text}" after "${parts.slice(0, n).map((x) => x.text).join(".")}"`);
  }

  private name(parts: NamePart[], loc: RotationLocation): RExpr {
    const full = parts.map((p) => p.text).join(".");
    const head = parts[0]!;
    const need = (i: number, what: string): NamePart => {
      const p = parts[i];
      if (p === undefined) this.fail(loc, parts[parts.length - 1]!, `"${full}" needs ${what}`);
      return p;
    };
    switch (head.text) {
      case "time":
        this.exact(parts, 1, full, loc);
        return { kind: "query", q: Q.TIME, arg: 0 };
      case "fight_remains":
        this.exact(parts, 1, full, loc);
        return { kind: "query", q: Q.FIGHT_REMAINS, arg: 0 };
      case "active_enemies":
        this.exact(parts, 1, full, loc);
        if (this.symbols.activeEnemies !== undefined) return { kind: "const", value: this.symbols.activeEnemies };
        return { kind: "query", q: Q.ACTIVE_ENEMIES, arg: 0 };
      case "spell_targets": {
        // SimC: targets the named AoE spell would hit. The engine's AoE hits every enemy, so this is
        // active_enemies; the spell name is still checked so typos do not pass silently.
        this.lookup("spell", need(1, "a spell name"), full, loc);
        this.exact(parts, 2, full, loc);
        if (this.symbols.activeEnemies !== undefined) return { kind: "const", value: this.symbols.activeEnemies };
        return { kind: "query", q: Q.ACTIVE_ENEMIES, arg: 0 };
      }
      case "gcd": {
        const p = need(1, "a property (remains)");
        if (p.text !== "remains") this.fail(loc, p, `unknown property "${p.text}" in "${full}" (only gcd.remains is supported)`);
        this.exact(parts, 2, full, loc);
        return { kind: "query", q: Q.GCD_REMAINS, arg: 0 };
      }
      case "target": {
        const h = need(1, "health.pct");
        if (h.text !== "health") this.fail(loc, h, `unknown target property "${h.text}" (only target.health.pct is supported)`);
        const p = need(2, "pct");
        if (p.text !== "pct") this.fail(loc, p, `unknown property "${p.text}" in "${full}" (only target.health.pct is supported)`);
        this.exact(parts, 3, full, loc);
        return { kind: "query", q: Q.TARGET_HEALTH_PCT, arg: 0 };
      }
      case "buff":
      case "debuff":
      case "dot": {
        const aura = this.lookup("aura", need(1, "an aura name"), full, loc);
        const table = head.text === "buff" ? BUFF_PROPS : head.text === "debuff" ? DEBUFF_PROPS : DOT_PROPS;
        return this.query(this.prop(table, parts, 2, full, loc), aura, head.text);
      }
      case "active_dot": {
        // SimC: the number of targets the DoT/debuff is up on (per-target instances: docs/rotation.md "Targets")
        const aura = this.lookup("aura", need(1, "an aura name"), full, loc);
        this.exact(parts, 2, full, loc);
        return { kind: "query", q: Q.ACTIVE_DOT, arg: aura };
      }
      case "cooldown": {
        const spell = this.lookup("spell", need(1, "a spell name"), full, loc);
        return { kind: "query", q: this.prop(COOLDOWN_PROPS, parts, 2, full, loc), arg: spell };
      }
      case "action": {
        const spell = this.lookup("spell", need(1, "a spell name"), full, loc);
        const p = need(2, "a property (ready)");
        if (p.text !== "ready") this.fail(loc, p, `unknown property "${p.text}" in "${full}" (only action.X.ready is supported)`);
        this.exact(parts, 3, full, loc);
        return { kind: "query", q: Q.SPELL_CASTABLE, arg: spell };
      }
      case "pet": {
        const pet = this.lookup("pet", need(1, "a pet name"), full, loc);
        const p = need(2, "a property (active, remains, count, buff.X.*)");
        if (p.text === "buff") {
          const aura = this.lookup("petAura", need(3, "a pet aura name"), full, loc);
          return this.query(this.prop(PET_BUFF_PROPS, parts, 4, full, loc), aura, "petbuff");
        }
        return { kind: "query", q: this.prop(PET_PROPS, parts, 2, full, loc), arg: pet };
      }
      case "talent": {
        const t = need(1, "a talent name");
        const taken = this.symbols.talent(t.text);
        if (taken === undefined) this.fail(loc, t, `unknown talent "${t.text}" in "${full}"`);
        if (parts.length > 2) {
          const p = parts[2]!;
          if (p.text !== "enabled") this.fail(loc, p, `unknown property "${p.text}" in "${full}" (only talent.X or talent.X.enabled)`);
          this.exact(parts, 3, full, loc);
        }
        return { kind: "const", value: taken ? 1 : 0 };
      }
      case "hero_tree": {
        const t = need(1, "a hero tree name");
        const chosen = this.symbols.heroTree?.(t.text);
        if (chosen === undefined) this.fail(loc, t, `unknown hero tree "${t.text}" in "${full}"`);
        this.exact(parts, 2, full, loc);
        return { kind: "const", value: chosen ? 1 : 0 };
      }
      case "prev_gcd": {
        const n = need(1, "a position and a spell (prev_gcd.1.X)");
        if (n.text !== "1") this.fail(loc, n, `only prev_gcd.1.X is supported (the engine tracks the last GCD cast), got "${full}"`);
        const spell = this.lookup("spell", need(2, "a spell name"), full, loc);
        this.exact(parts, 3, full, loc);
        return { kind: "query", q: Q.PREV_GCD, arg: spell };
      }
      case "variable": {
        const v = need(1, "a variable name");
        const idx = this.variables.get(v.text);
        if (idx === undefined) this.fail(loc, v, `unknown variable "${v.text}" (no entry assigns it)`);
        this.exact(parts, 2, full, loc);
        return { kind: "var", index: idx };
      }
      case "max_prio_damage": {
        // a SimC actor option (src/rotation/actor-options.ts), a constant for the run
        const v = this.symbols.actorOption?.(head.text);
        if (v === undefined) this.fail(loc, head, `unknown name "${full}" (a SimC actor option this spec's class does not have)`);
        this.exact(parts, 1, full, loc);
        return { kind: "const", value: v };
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
}
