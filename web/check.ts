// The page's inline checks: the profile and rotation text as simulate() will read them, compiled
// (prepareSimulation: no iterations) so every typed error — JSON syntax, ProfileError, a rotation's
// RotationError naming list, entry, field and column — shows under the editor it is about before a
// run starts. A SimC APL keeps running past lines it cannot honour (docs/rotation.md), but a line
// the user broke (a syntax error) is shown as an error here and blocks Run.
import { CombatsimError, prepareSimulation, type DataBundle, type SimulateConfig } from "../src/browser.js";

/** Codes of a rotation line that does not parse (as opposed to one naming something not modelled). */
const SYNTAX_CODES = new Set(["ROTATION_UNEXPECTED_TOKEN", "ROTATION_UNBALANCED_PAREN", "ROTATION_EXPR_TOO_DEEP", "ROTATION_BAD_SHAPE", "ROTATION_BAD_JSON"]);

export interface CheckInput {
  spec: string;
  bundle: DataBundle;
  dataDir: string;
  duration: number;
  targets: number;
  /** Edited text (undefined: the spec's own file is used, as simulate() would). */
  profileText?: string;
  rotationText?: string;
}

export interface CheckResult {
  ok: boolean;
  /** Per box: the message to show, or null. */
  profile: string | null;
  rotation: string | null;
  fight: string | null;
  /** "N of M lines honoured" for a valid rotation. */
  summary: string;
  /** What to pass to simulate() for the edited texts. */
  overrides: Pick<SimulateConfig, "profile" | "rotation">;
}

function typed(e: unknown): string {
  return e instanceof CombatsimError || typeof (e as { code?: unknown })?.code === "string" ? `[${(e as CombatsimError).code}] ${(e as Error).message}` : String((e as Error)?.message ?? e);
}

/** Which editor an error is about: its file names the config field it came from. */
function boxOf(e: unknown): "profile" | "rotation" | "fight" {
  const code = String((e as { code?: unknown })?.code ?? "");
  const file = String((e as { file?: unknown })?.file ?? "");
  const msg = String((e as Error)?.message ?? "");
  if (code.startsWith("ROTATION_") || file.includes("rotation") || msg.includes("<config.rotation>")) return "rotation";
  if (code.startsWith("PROFILE_") || file.includes("profile") || msg.includes("<config.profile>")) return "profile";
  return "fight";
}

export async function checkInputs(c: CheckInput): Promise<CheckResult> {
  const out: CheckResult = { ok: false, profile: null, rotation: null, fight: null, summary: "", overrides: {} };
  if (c.profileText !== undefined) {
    try {
      out.overrides.profile = JSON.parse(c.profileText) as unknown;
    } catch (e) {
      out.profile = `[PROFILE_BAD_JSON] <config.profile>: invalid JSON: ${(e as Error).message}`;
      return out;
    }
  }
  if (c.rotationText !== undefined) out.overrides.rotation = c.rotationText;
  try {
    const prep = await prepareSimulation({ spec: c.spec, bundle: c.bundle, dataDir: c.dataDir, duration: c.duration, targets: c.targets, ...out.overrides });
    const r = prep.rotation;
    const broken = r.ignoredLines.filter((l) => SYNTAX_CODES.has(l.code));
    if (broken.length > 0) {
      out.rotation = broken.map((l) => `[${l.code}] ${r.file} line ${l.line}${l.column !== undefined ? ` column ${l.column}` : ""}: ${l.reason}\n  ${l.text}`).join("\n");
      return out;
    }
    out.summary = `${r.format === "simc" ? "SimC APL" : "JSON"}: ${r.honoured} of ${r.lines} ${r.format === "simc" ? "lines" : "entries"} honoured${r.ignoredLines.length ? `; ignored (not modelled): ${r.ignoredLines.map((l) => `line ${l.line}`).join(", ")}` : ""}`;
    out.ok = true;
  } catch (e) {
    out[boxOf(e)] = typed(e);
  }
  return out;
}
