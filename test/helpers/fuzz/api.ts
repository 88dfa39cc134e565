// Fuzz target: the API query parser (parseIds) and the items route over the whole app (src/api/).
import fc from "fast-check";
import { createApp, MAX_IDS, parseIds } from "../../../src/api/app.js";
import { ApiError } from "../../../src/api/errors.js";
import { loadDataBundle } from "../../../src/data/bundle.js";
import { DATA, type FuzzTarget, typedOrValid, violated } from "./common.js";

const ID_PIECES = ["1", "34334", "212454", "0", "00", "01", "2147483647", "2147483648", "9".repeat(30), ",", ",,", "-", "+", " ", "%20", "%2C", "x", "é", "\u0000", "1.5", "1e3"];
const idsValue = fc.oneof(fc.array(fc.constantFrom(...ID_PIECES), { maxLength: 60 }).map((a) => a.join("")), fc.string({ maxLength: 30 }));
const MAX_ITEM_ID = 2147483647;

export const apiQueryParser: FuzzTarget<{ values: string[] | undefined; query: string }, { app: ReturnType<typeof createApp> }> = {
  setup: async () => ({ app: createApp({ bundle: await loadDataBundle(DATA) }) }),
  arbitrary: fc.record({
    values: fc.option(fc.array(idsValue, { maxLength: 3 }), { nil: undefined }),
    query: fc.array(fc.oneof(fc.constantFrom("ids=", "ids", "&", "=", "%", "%2C", "%00", "%zz", "#", "?", ...ID_PIECES), fc.string({ maxLength: 5 })), { maxLength: 30 }).map((a) => a.join("")),
  }),
  check: async (input, { app }) => {
    await typedOrValid(
      () => parseIds(input.values),
      ApiError,
      (ids) => {
        if (ids.length === 0 || ids.length > MAX_IDS) violated(`${ids.length} ids accepted (1..${MAX_IDS})`);
        if (!ids.every((n) => Number.isInteger(n) && n >= 1 && n <= MAX_ITEM_ID)) violated(`not item ids: ${JSON.stringify(ids)}`);
      },
      ["BAD_IDS", "TOO_MANY_IDS"],
    );
    let url: URL;
    try {
      url = new URL(`http://localhost/functions/v1/game-data/items?${input.query}`);
    } catch {
      return; // not a URL a client could send
    }
    const res = await app.request(url.href);
    const body = await res.text();
    if (res.status !== 200 && res.status !== 400) violated(`status ${res.status} for ?${url.search}: ${body}`);
    const json = JSON.parse(body) as unknown;
    if (res.status === 200 && !Array.isArray(json)) violated(`200 without an item array: ${body}`);
    const code = (json as { error?: { code?: unknown } }).error?.code;
    if (res.status === 400 && code !== "BAD_IDS" && code !== "TOO_MANY_IDS") violated(`400 with code ${String(code)}: ${body}`);
  },
};
