// SimC actor options that APL expressions read by name (the option's value, a constant for the run).
// Each is the class module's default, with its source; the engine has no per-profile override yet.
//
// max_prio_damage (hunter): SimC's hunter option `max_prio_damage` (hunter_t::options_t, engine/class_modules/
// sc_hunter.cpp: `bool max_prio_damage = true`). The default APLs write `target_if=min:X|max_prio_damage`:
// with the option on, the expression is 1 on every target, so target_if never leaves the primary
// target (priority-target play); with it off, X chooses the target.

/** Class name (the catalog's className) → option name → value. */
export const ACTOR_OPTIONS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  Hunter: { max_prio_damage: 1 },
};

/** The value of actor option `name` for a spec of class `className`; undefined: the class has no such option. */
export function actorOption(className: string | undefined, name: string): number | undefined {
  if (className === undefined) return undefined;
  const opts = ACTOR_OPTIONS[className];
  return opts !== undefined && Object.hasOwn(opts, name) ? opts[name] : undefined;
}
