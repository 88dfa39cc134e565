// SimulationCraft APL text → action lines (docs/rotation.md "SimC APL files").
//
// SimC's APL syntax, as its own parser reads it: `actions=<a>` / `actions+=/<a>` build the default
// list, `actions.<list>=…` / `actions.<list>+=/…` a named one; `=` (re)starts a list, `+=` appends. The
// value is a `/`-separated sequence of actions (that is why SimC writes division as `%`), each
// `<action>,<key>=<value>,…` with options separated by `,` (no option value contains a comma). `#`
// starts a comment line. This module only splits text; it knows no action or option meaning.
import { RotationError } from "../errors.js";

/** One option of an action: `key=value`, with the 1-based column of the value in its file line. */
export interface SimcOption {
  key: string;
  value: string;
  column: number;
}

/** One action of an APL file (a file line may hold several, separated by `/`). */
export interface SimcAction {
  /** The list it belongs to: "default" for bare `actions`. */
  list: string;
  /** 1-based line number in the file. */
  line: number;
  /** The action as written (`barbed_shot,if=…`), without the `actions…+=/` prefix. */
  text: string;
  /** The action name (`barbed_shot`, `call_action_list`, `variable`, …) and its column. */
  action: string;
  column: number;
  /** Options in file order (`if` included). */
  options: SimcOption[];
}

/** A line the parser could not read as actions (kept, so the honoured-lines report can list it). */
export interface SimcBadLine {
  line: number;
  text: string;
  reason: string;
  column: number;
}

export interface SimcApl {
  file: string;
  /** From a `# source: …` header comment (where the text was copied from), if any. */
  source: string | undefined;
  /** List names in order of first appearance ("default" included when present). */
  lists: string[];
  /** Every action in file order. An action replaced by a later `actions.<list>=` is in `replaced`. */
  actions: SimcAction[];
  replaced: SimcAction[];
  bad: SimcBadLine[];
}

const HEAD_RE = /^actions(?:\.([A-Za-z0-9_]+))?(\+?=)/;
const NAME_RE = /^[A-Za-z0-9_]+$/;
const KEY_RE = /^[A-Za-z0-9_]+$/;

/** The list name SimC's bare `actions` means. */
export const SIMC_DEFAULT_LIST = "default";

/** Splits APL text into actions. Never throws on content: an unreadable line goes to `bad`. */
export function parseSimcApl(text: string, file: string): SimcApl {
  if (typeof text !== "string") throw new RotationError("ROTATION_BAD_SHAPE", { file }, "a SimC APL must be text");
  const out: SimcApl = { file, source: undefined, lists: [], actions: [], replaced: [], bad: [] };
  const lines = text.split(/\r\n|\n|\r/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    const lead = raw.length - raw.trimStart().length;
    const s = raw.trim();
    if (s === "") return;
    if (s.startsWith("#")) {
      const m = /^#\s*source:\s*(.+)$/.exec(s);
      if (m && out.source === undefined) out.source = m[1]!.trim();
      return;
    }
    const head = HEAD_RE.exec(s);
    if (!head) {
      out.bad.push({ line, text: s, column: lead + 1, reason: "not an action line (expected actions=, actions+=/, actions.<list>= or actions.<list>+=/)" });
      return;
    }
    const list = head[1] ?? SIMC_DEFAULT_LIST;
    if (!out.lists.includes(list)) out.lists.push(list);
    if (head[2] === "=") {
      // `=` starts the list anew (SimC replaces what earlier lines put there)
      const keep: SimcAction[] = [];
      for (const a of out.actions) (a.list === list ? out.replaced : keep).push(a);
      out.actions = keep;
    }
    let value = s.slice(head[0].length);
    let col = lead + head[0].length + 1; // column of value[0]
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1);
      col++;
    }
    // split on "/" (SimC's action separator); empty pieces (the leading "/" of "+=/") are skipped
    let start = 0;
    for (let j = 0; j <= value.length; j++) {
      if (j < value.length && value[j] !== "/") continue;
      const piece = value.slice(start, j);
      if (piece.trim() !== "") parseAction(out, list, line, piece, col + start);
      start = j + 1;
    }
  });
  return out;
}

function parseAction(out: SimcApl, list: string, line: number, piece: string, column: number): void {
  const parts: { text: string; column: number }[] = [];
  let start = 0;
  for (let j = 0; j <= piece.length; j++) {
    if (j < piece.length && piece[j] !== ",") continue;
    parts.push({ text: piece.slice(start, j), column: column + start });
    start = j + 1;
  }
  const bad = (reason: string, col: number): void => {
    out.bad.push({ line, text: piece, column: col, reason });
  };
  const name = parts[0]!;
  if (!NAME_RE.test(name.text)) return bad(`action name "${name.text}" must match [A-Za-z0-9_]+`, name.column);
  const options: SimcOption[] = [];
  for (const p of parts.slice(1)) {
    const eq = p.text.indexOf("=");
    if (eq <= 0) return bad(`option "${p.text}" is not key=value`, p.column);
    const key = p.text.slice(0, eq);
    if (!KEY_RE.test(key)) return bad(`option name "${key}" must match [A-Za-z0-9_]+`, p.column);
    if (options.some((o) => o.key === key)) return bad(`option "${key}" given twice`, p.column);
    options.push({ key, value: p.text.slice(eq + 1), column: p.column + eq + 1 });
  }
  out.actions.push({ list, line, text: piece, action: name.text, column: name.column, options });
}
