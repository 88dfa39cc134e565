// The `ids` query parameter of GET items: a strict comma-separated list of item ids. Rules and
// error codes: docs/api.md "ids rules".
import { ApiError } from "./errors.js";

/** Most ids one GET items request may carry (entries as sent, repeats included). */
export const MAX_IDS = 50;
/** Largest valid item id (ItemSparse.ID is a signed 32-bit column). */
const MAX_ITEM_ID = 2147483647;
const ID_RE = /^[1-9][0-9]{0,9}$/;

/**
 * Parse `ids`: strict comma-separated positive decimal integers, at most MAX_IDS, every entry kept
 * in request order (a repeated id is answered once per entry: a character may carry two copies of
 * one weapon, and a client zipping its request with the answer must not lose one).
 */
export function parseIds(values: readonly string[] | undefined): number[] {
  if (values === undefined || values.length === 0) {
    throw new ApiError(400, "BAD_IDS", "missing query parameter ids (comma-separated item ids, e.g. ?ids=34334,212454)");
  }
  if (values.length > 1) {
    throw new ApiError(400, "BAD_IDS", `query parameter ids given ${values.length} times; send one comma-separated list`);
  }
  const raw = values[0]!;
  if (raw === "") throw new ApiError(400, "BAD_IDS", "query parameter ids is empty");
  const tokens = raw.split(",");
  if (tokens.length > MAX_IDS) {
    throw new ApiError(400, "TOO_MANY_IDS", `ids holds ${tokens.length} entries; at most ${MAX_IDS} per request`);
  }
  const out: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const n = ID_RE.test(t) ? Number(t) : NaN;
    if (!(n <= MAX_ITEM_ID)) {
      const shown = t.length > 24 ? `${t.slice(0, 24)}...` : t;
      throw new ApiError(
        400,
        "BAD_IDS",
        `ids entry #${i + 1} ${JSON.stringify(shown)} is not an item id (a decimal integer 1..${MAX_ITEM_ID}, no sign, spaces or leading zeros)`,
      );
    }
    out.push(n);
  }
  return out;
}

/** parseIds, with a malformed list returned as the answer instead of thrown. */
export function idsOrError(values: readonly string[] | undefined): number[] | ApiError {
  try {
    return parseIds(values);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
}
