// Manifest check: every name an op, proc, spell, aura or passive uses is declared (the error names
// the JSON path of the use), and the per-op rules that need the whole manifest.
import { ManifestError } from "./errors.js";
import type { Manifest, Op } from "./schema.js";

/** Every name used must be declared; the error names the JSON path of the use. */
/** A checker that `name` is declared as a `kind` of the manifest, else MANIFEST_UNKNOWN_NAME at `path`. */
function nameChecker(m: Manifest, file: string) {
  const names = {
    spell: new Set(m.spells.map((s) => s.name)),
    aura: new Set(m.auras.map((a) => a.name)),
    pet: new Set(m.pets.map((p) => p.name)),
    resource: new Set(m.resources.map((r) => r.name)),
    talent: new Set(m.talents.map((t) => t.name)),
  };
  if (m.auto_attack) names.spell.add(m.auto_attack.name);
  if (m.auto_attack?.off_hand) names.spell.add(m.auto_attack.off_hand.name);
  return (kind: keyof typeof names, name: string | undefined, path: string): void => {
    if (name !== undefined && !names[kind].has(name)) {
      throw new ManifestError("MANIFEST_UNKNOWN_NAME", file, path, `unknown ${kind} "${name}"`);
    }
  };
}

export function checkReferences(m: Manifest, file: string): void {
  const need = nameChecker(m, file);
  // reduce_cooldown_per_point reads the points the cast whose hook runs spent: a finisher's own on_cast only
  const perPointOutsideFinisher = (list: Op[], base: string): void =>
    list.forEach((op, k) => {
      const p = `${base}[${k}]`;
      if (op.op === "reduce_cooldown_per_point") throw new ManifestError("INVALID_MANIFEST", file, p, "reduce_cooldown_per_point belongs in a finisher's own on_cast (it reads the combo points that cast spent)");
      if (op.op === "if_aura" || op.op === "if_no_aura") perPointOutsideFinisher(op.ops, `${p}.ops`);
    });
  need("aura", m.mastery.while_aura, "mastery.while_aura");
  if (m.mastery.while_aura !== undefined && m.auras.find((a) => a.name === m.mastery.while_aura)?.target !== "player") {
    throw new ManifestError("INVALID_MANIFEST", file, "mastery.while_aura", `aura "${m.mastery.while_aura}" must be a player aura (target "player"): the mastery gate reads the player's aura`);
  }
  const checkOps = (list: Op[], base: string): void =>
    list.forEach((op, i) => {
      const p = `${base}[${i}]`;
      need("talent", op.if_talent, `${p}.if_talent`);
      switch (op.op) {
        case "apply_aura":
        case "remove_aura":
          need("aura", op.aura, `${p}.aura`);
          if (op.op === "apply_aura" && m.auras.some((a) => a.name === op.aura && a.unavailable !== undefined)) {
            throw new ManifestError("INVALID_MANIFEST", file, `${p}.aura`, `aura "${op.aura}" is unavailable (no data record): nothing can apply it`);
          }
          break;
        case "gain":
          need("resource", op.resource, `${p}.resource`);
          break;
        case "stacks_to_resource":
          need("aura", op.aura, `${p}.aura`);
          need("resource", op.resource, `${p}.resource`);
          break;
        case "reduce_cooldown":
          need("spell", op.spell, `${p}.spell`);
          need("aura", op.if_aura, `${p}.if_aura`);
          break;
        case "reset_cooldown":
        case "add_charge":
        case "reduce_cooldown_per_point":
          need("spell", op.spell, `${p}.spell`);
          break;
        case "random_auras":
          op.auras.forEach((a, k) => need("aura", a, `${p}.auras[${k}]`));
          need("aura", op.bump_aura, `${p}.bump_aura`);
          break;
        case "damage":
          need("pet", op.pet, `${p}.pet`);
          break;
        case "summon_pet":
          need("pet", op.pet, `${p}.pet`);
          break;
        case "damage_per_stack":
          need("aura", op.aura, `${p}.aura`);
          op.crit_mods?.forEach((x, k) => need("talent", x.if_talent, `${p}.crit_mods[${k}].if_talent`));
          break;
        case "consume_pets":
          need("pet", op.pet, `${p}.pet`);
          if (!m.pets.some((x) => x.name === op.pet && x.timed_group)) throw new ManifestError("INVALID_MANIFEST", file, `${p}.pet`, `pet "${op.pet}" is not a timed_group`);
          checkOps(op.ops, `${p}.ops`);
          break;
        case "if_aura":
        case "if_no_aura":
          need("aura", op.aura, `${p}.aura`);
          checkOps(op.ops, `${p}.ops`);
          break;
        case "bank_damage":
          need("aura", op.aura, `${p}.aura`);
          if (!m.auras.some((a) => a.name === op.aura && a.residual)) throw new ManifestError("INVALID_MANIFEST", file, `${p}.aura`, `aura "${op.aura}" is not residual`);
          break;
        case "spread_bank":
          need("aura", op.aura, `${p}.aura`);
          if (!m.auras.some((a) => a.name === op.aura && a.residual && a.target === "target")) throw new ManifestError("INVALID_MANIFEST", file, `${p}.aura`, `aura "${op.aura}" is not a residual aura on the target`);
          op.share_mods?.forEach((d, k) => need("talent", d.if_talent, `${p}.share_mods[${k}].if_talent`));
          op.count_mods?.forEach((d, k) => need("talent", d.if_talent, `${p}.count_mods[${k}].if_talent`));
          break;
      }
    });
  m.pets.forEach((p, i) => need("talent", p.talent, `pets[${i}].talent`));
  m.mastery.spells?.forEach((x, i) => need("spell", x, `mastery.spells[${i}]`));
  m.talents.forEach((t, i) => t.modifies?.forEach((x, k) => need("spell", x.spell, `talents[${i}].modifies[${k}].spell`)));
  m.spells.forEach((s, i) => {
    need("talent", s.talent, `spells[${i}].talent`);
    need("resource", s.resource, `spells[${i}].resource`);
    need("pet", s.damage?.pet, `spells[${i}].damage.pet`);
    s.damage?.crit_health?.forEach((h, k) => need("talent", h.if_talent, `spells[${i}].damage.crit_health[${k}].if_talent`));
    need("talent", s.damage?.extra_targets?.if_talent, `spells[${i}].damage.extra_targets.if_talent`);
    s.damage?.extra_targets?.fraction_mods?.forEach((d, k) => need("talent", d.if_talent, `spells[${i}].damage.extra_targets.fraction_mods[${k}].if_talent`));
    need("pet", s.channel?.tick_damage?.pet, `spells[${i}].channel.tick_damage.pet`);
    need("talent", s.channel?.tick_damage?.extra_targets?.if_talent, `spells[${i}].channel.tick_damage.extra_targets.if_talent`);
    s.channel?.tick_damage?.extra_targets?.fraction_mods?.forEach((d, k) => need("talent", d.if_talent, `spells[${i}].channel.tick_damage.extra_targets.fraction_mods[${k}].if_talent`));
    need("aura", s.cost_bypass_aura, `spells[${i}].cost_bypass_aura`);
    s.cast_time_mods?.forEach((m, k) => need("aura", m.aura, `spells[${i}].cast_time_mods[${k}].aura`));
    if (s.cost_per_stack) need("aura", s.cost_per_stack.aura, `spells[${i}].cost_per_stack.aura`);
    need("aura", s.cost_aura, `spells[${i}].cost_aura`);
    need("resource", s.finisher?.resource, `spells[${i}].finisher.resource`);
    need("aura", s.finisher?.aura, `spells[${i}].finisher.aura`);
    s.finisher?.max_points_mods?.forEach((d, k) => need("talent", d.if_talent, `spells[${i}].finisher.max_points_mods[${k}].if_talent`));
    checkOps(s.on_cast, `spells[${i}].on_cast`);
    if (!s.finisher) perPointOutsideFinisher(s.on_cast, `spells[${i}].on_cast`);
  });
  m.resources.forEach((r, i) => {
    r.max_mods?.forEach((d, k) => need("talent", d.if_talent, `resources[${i}].max_mods[${k}].if_talent`));
    r.regen_mods?.forEach((d, k) => need("talent", d.if_talent, `resources[${i}].regen_mods[${k}].if_talent`));
  });
  m.auras.forEach((a, i) => {
    need("talent", a.talent, `auras[${i}].talent`);
    need("pet", a.tick_damage?.pet, `auras[${i}].tick_damage.pet`);
    need("resource", a.tick_gain?.resource, `auras[${i}].tick_gain.resource`);
    a.effects.forEach((e, j) => {
      e.points_mods?.forEach((d, k) => need("talent", d.if_talent, `auras[${i}].effects[${j}].points_mods[${k}].if_talent`));
      e.spells?.forEach((s, k) => need("spell", s, `auras[${i}].effects[${j}].spells[${k}]`));
      e.auras?.forEach((x, k) => need("aura", x, `auras[${i}].effects[${j}].auras[${k}]`));
    });
    a.duration_mods?.forEach((d, k) => need("talent", d.if_talent, `auras[${i}].duration_mods[${k}].if_talent`));
    a.max_stacks_mods?.forEach((d, k) => need("talent", d.if_talent, `auras[${i}].max_stacks_mods[${k}].if_talent`));
    checkOps(a.on_tick, `auras[${i}].on_tick`);
    checkOps(a.on_expire, `auras[${i}].on_expire`);
    perPointOutsideFinisher(a.on_tick, `auras[${i}].on_tick`);
    perPointOutsideFinisher(a.on_expire, `auras[${i}].on_expire`);
  });
  m.passives.forEach((p, i) => {
    need("talent", p.talent, `passives[${i}].talent`);
    p.effects.forEach((e, j) => {
      e.spells.forEach((s, k) => need("spell", s, `passives[${i}].effects[${j}].spells[${k}]`));
      e.auras.forEach((a, k) => need("aura", a, `passives[${i}].effects[${j}].auras[${k}]`));
    });
  });
  m.procs.forEach((p, i) => {
    need("talent", p.talent, `procs[${i}].talent`);
    p.spells.forEach((s, k) => need("spell", s, `procs[${i}].spells[${k}]`));
    p.auras.forEach((a, k) => need("aura", a, `procs[${i}].auras[${k}]`));
    if (p.auras.length > 0 && p.trigger !== "impact") throw new ManifestError("INVALID_MANIFEST", file, `procs[${i}].auras`, "only impact procs can name auras (their ticks are hits)");
    p.auras.forEach((a, k) => {
      if (m.auras.some((x) => x.name === a && x.tick_damage === undefined))
        throw new ManifestError("INVALID_MANIFEST", file, `procs[${i}].auras[${k}]`, `aura "${a}" has no tick_damage: its ticks are no hits`);
    });
    checkOps(p.ops, `procs[${i}].ops`);
    perPointOutsideFinisher(p.ops, `procs[${i}].ops`);
  });
}

