// The rotation compiler's first steps on the untrusted JSON: the top-level shape (lists, main) and
// pass 0, the variable table (user variables with their defaults, then the hidden variables of
// line_cd and channel-decision entries).
import { RotationError } from "./errors.js";
import { CHANNEL_LINE_VAR, hasChannelDecision } from "./channel.js";
import { isObject, shapeError, type Loc, type VariableTable } from "./compile-context.js";
import { LINE_CD_NEVER, lineCdVars } from "./entry.js";

export const NAME_RE = /^[A-Za-z0-9_]+$/;
const TOP_KEYS = new Set(["main", "name", "description", "lists"]);

export interface CheckedSource {
  lists: Record<string, unknown>;
  listNames: string[];
  main: string;
}

/** The top level: known keys only, a non-empty `lists` object of named arrays, `main` naming one of them. */
export function checkSource(src: unknown, file: string): CheckedSource {
  const shape = (loc: Loc, detail: string): never => shapeError(file, loc, detail);
  if (!isObject(src)) shape({}, "a rotation must be a JSON object with a \"lists\" object");
  const top = src as Record<string, unknown>;
  for (const k of Object.keys(top)) if (!TOP_KEYS.has(k)) shape({ field: k }, `unknown top-level key "${k}" (allowed: ${[...TOP_KEYS].join(", ")})`);
  const listsRaw = top["lists"];
  if (!isObject(listsRaw)) shape({ field: "lists" }, `"lists" must be an object of named action lists`);
  const lists = listsRaw as Record<string, unknown>;
  const listNames = Object.keys(lists);
  if (listNames.length === 0) shape({ field: "lists" }, `"lists" has no action lists`);
  for (const name of listNames) {
    if (!NAME_RE.test(name)) shape({ list: name }, `list name "${name}" must match [A-Za-z0-9_]+`);
    if (!Array.isArray(lists[name])) shape({ list: name }, `list "${name}" must be an array of entries`);
  }
  const mainRaw = top["main"] ?? "default";
  if (typeof mainRaw !== "string") shape({ field: "main" }, `"main" must be a list name string`);
  const main = mainRaw as string;
  if (!Object.hasOwn(lists, main)) {
    throw new RotationError("ROTATION_UNKNOWN_LIST", { file, field: "main" }, `main list "${main}" does not exist (lists: ${listNames.join(", ")})`);
  }
  for (const k of ["name", "description"]) if (top[k] !== undefined && typeof top[k] !== "string") shape({ field: k }, `"${k}" must be a string`);
  return { lists, listNames, main };
}

/** Pass 0: variables (a name is known once any entry assigns it; referencing before assignment is fine). */
export function collectVariables(source: CheckedSource, file: string): VariableTable {
  const { lists, listNames } = source;
  const shape = (loc: Loc, detail: string): never => shapeError(file, loc, detail);
  const index = new Map<string, number>();
  const defaults: number[] = [];
  const defaultSet: boolean[] = [];
  for (const list of listNames) {
    (lists[list] as unknown[]).forEach((raw, entry) => {
      if (!isObject(raw)) return;
      const key = raw["variable"] !== undefined ? "variable" : raw["cycling_variable"] !== undefined ? "cycling_variable" : null;
      if (key === null) return;
      const name = raw[key];
      if (typeof name !== "string" || !NAME_RE.test(name)) shape({ list, entry, field: key }, `variable name must be a string matching [A-Za-z0-9_]+`);
      let idx = index.get(name as string);
      if (idx === undefined) {
        idx = defaults.length;
        index.set(name as string, idx);
        defaults.push(0);
        defaultSet.push(false);
      }
      const d = raw["default"];
      if (d !== undefined) {
        if (typeof d !== "number" || !Number.isFinite(d)) shape({ list, entry, field: "default" }, `"default" must be a finite number`);
        if (defaultSet[idx] && defaults[idx] !== d) {
          shape({ list, entry, field: "default" }, `variable "${name}" already has default ${defaults[idx]}; conflicting default ${d}`);
        }
        defaults[idx] = d as number;
        defaultSet[idx] = true;
      }
    });
  }

  // line_cd entries: two hidden variables each (appended after the user variables)
  for (const list of listNames) {
    (lists[list] as unknown[]).forEach((raw, entry) => {
      if (!isObject(raw) || raw["cast"] === undefined || raw["line_cd"] === undefined) return;
      for (const [i, name] of lineCdVars(list, entry).entries()) {
        index.set(name, defaults.length);
        defaults.push(i === 0 ? 0 : LINE_CD_NEVER);
      }
    });
  }

  // channel-decision entries: one hidden variable for all (the slot of the line that fired)
  let channelLineVar = -1;
  for (const list of listNames) {
    for (const raw of lists[list] as unknown[]) {
      if (channelLineVar < 0 && isObject(raw) && raw["cast"] !== undefined && hasChannelDecision(raw)) {
        channelLineVar = defaults.length;
        index.set(CHANNEL_LINE_VAR, channelLineVar);
        defaults.push(0);
      }
    }
  }
  return { index, defaults, channelLineVar };
}
