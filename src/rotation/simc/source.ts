// A rotation given as JSON (object or text) or SimC APL text → the compiler's input with line origins.
import { parseRotationJson, type RotationJson } from "../compile.js";
import type { HonourInput } from "./honour.js";
import { parseSimcApl } from "./parse.js";
import { translateSimcApl } from "./translate.js";

export type RotationFormat = "simc" | "json";

/** The format of rotation text: by the file's extension, else by its content (JSON starts with `{`). */
export function rotationFormat(text: string, file: string): RotationFormat {
  if (/\.simc$/i.test(file)) return "simc";
  if (/\.json$/i.test(file)) return "json";
  return text.trimStart().startsWith("{") ? "json" : "simc";
}

/** Text of either format, or an already-parsed RotationJson object, as compileHonoured's input. */
export function rotationInput(given: unknown, file: string, strict = false): HonourInput {
  if (typeof given !== "string") return { rotation: given as RotationJson, format: "json", strict };
  if (rotationFormat(given, file) === "json") return { rotation: parseRotationJson(given, file), format: "json", strict };
  const t = translateSimcApl(parseSimcApl(given, file));
  return { rotation: t.rotation, origins: t.origins, ignored: t.ignored, lines: t.lines, source: t.source, format: "simc", strict };
}
