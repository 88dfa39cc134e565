// Contract tests of the game-data API through app.request() (no port). Expectations are read by
// hand from data/data/tables/*.csv; the arithmetic is in the comments.
import { beforeAll, describe, expect, it } from "vitest";
import { CACHE_CONTROL, createApp, GAME_DATA_PATH, ICONS_PATH, MAX_IDS, parseIds } from "../src/api/app.js";
import { AnswerCache } from "../src/api/answers.js";
import { ApiConfigError, ApiDataError, ApiError } from "../src/api/errors.js";
import { bundledDataDir, loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle, Table } from "../src/data/types.js";

const BUNDLED_ITEM_IDS = [34334, 212454, 219308, 225654, 231265, 249986, 249987, 249988, 249989];
// iconUrls are root-relative unless publicOrigin / trustProxy say otherwise (a request's Host is never used)
const ORIGIN = "";

let bundle: DataBundle;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  bundle = await loadDataBundle(bundledDataDir());
  app = createApp({ bundle });
});

interface ApiClass {
  id: number;
  name: string;
  color: string;
  fileName: string;
  iconUrl: string;
  specs: { id: number; name: string; role: number; orderIndex: number; fileName: string; iconUrl: string }[];
}
interface ApiItem {
  id: number;
  name: string;
  description: string;
  fileName: string;
  iconUrl: string;
  itemLevel: number;
  quality: number;
  requiredLevel: number;
  binding: number;
  classId: number;
  subclassId: number;
  inventoryType: number;
  stats: { type: number; value: number }[];
  effects: { spellId: number; triggerType: number }[];
  setInfo: { id: number; name: string; itemIds: number[]; bonuses: { threshold: number; spellId: number; specId: number }[] } | null;
  speed: number;
  dmgVariance: number;
}

async function getJson<T>(path: string, init?: RequestInit): Promise<{ res: Response; body: T }> {
  const res = await app.request(path, init);
  return { res, body: (await res.json()) as T };
}

async function expectError(path: string, status: number, code: string, init?: RequestInit): Promise<string> {
  const res = await app.request(path, init);
  expect(res.status, path).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  expect(res.headers.get("cache-control")).toBe("no-store");
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code, `${path}: ${body.error.message}`).toBe(code);
  expect(typeof body.error.message).toBe("string");
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error.message;
}

describe("GET /classes", () => {
  it("returns exactly the playable classes 1..13 in id order", async () => {
    const { res, body } = await getJson<{ classes: ApiClass[] }>(`${GAME_DATA_PATH}/classes`);
    expect(res.status).toBe(200);
    expect(Object.keys(body)).toEqual(["classes"]);
    expect(body.classes.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    // Adventurer (14) and Traveler (15) exist in ChrClasses.csv but are not served
    expect(bundle.table("ChrClasses").byId(14)).toBeDefined();
    expect(body.classes.map((c) => c.name)).not.toContain("Adventurer");
  });

  it("class fields: colour from ClassColorR/G/B, icon from IconFileDataID -> ManifestInterfaceData", async () => {
    const { body } = await getJson<{ classes: ApiClass[] }>(`${GAME_DATA_PATH}/classes`);
    const warrior = body.classes[0]!;
    // ChrClasses 1: ClassColorR/G/B 198,155,109 = C6 9B 6D; IconFileDataID 626008 -> ClassIcon_Warrior.blp
    expect(warrior).toMatchObject({ id: 1, name: "Warrior", color: "#C69B6D", fileName: "classicon_warrior" });
    expect(warrior.iconUrl).toBe(`${ORIGIN}${ICONS_PATH}/large/classicon_warrior.jpg`);
    expect(Object.keys(warrior)).toEqual(["id", "name", "color", "fileName", "iconUrl", "specs"]);
    // 6 Death Knight: 196,30,58 = C4 1E 3A; 135771 -> Spell_Deathknight_ClassIcon.blp
    expect(body.classes[5]).toMatchObject({ name: "Death Knight", color: "#C41E3A", fileName: "spell_deathknight_classicon" });
    // 7 Shaman: 0,112,221 = 00 70 DD (zero-padded)
    expect(body.classes[6]!.color).toBe("#0070DD");
    for (const c of body.classes) expect(c.color).toMatch(/^#[0-9A-F]{6}$/);
  });

  it("specs: OrderIndex 4 'Initial' specs excluded, sorted by orderIndex, role and icon", async () => {
    const { body } = await getJson<{ classes: ApiClass[] }>(`${GAME_DATA_PATH}/classes`);
    const byId = new Map(body.classes.map((c) => [c.id, c]));
    // Hunter: 253 BM (0), 254 MM (1), 255 SV (2); 1448 Initial (OrderIndex 4) excluded
    expect(byId.get(3)!.specs.map((s) => [s.id, s.orderIndex, s.role])).toEqual([
      [253, 0, 2],
      [254, 1, 2],
      [255, 2, 2],
    ]);
    // BM SpellIconFileID 461112 -> ABILITY_HUNTER_BESTIALDISCIPLINE.BLP (upper-case in the data)
    expect(byId.get(3)!.specs[0]).toMatchObject({
      name: "Beast Mastery",
      fileName: "ability_hunter_bestialdiscipline",
      iconUrl: `${ORIGIN}${ICONS_PATH}/large/ability_hunter_bestialdiscipline.jpg`,
    });
    // Monk rows are in file order 268 (0), 269 (2), 270 (1): served by orderIndex
    expect(byId.get(10)!.specs.map((s) => [s.name, s.role])).toEqual([
      ["Brewmaster", 0],
      ["Mistweaver", 1],
      ["Windwalker", 2],
    ]);
    // Druid has four specs; Demon Hunter three (Havoc, Vengeance, Devourer)
    expect(byId.get(11)!.specs.map((s) => s.orderIndex)).toEqual([0, 1, 2, 3]);
    expect(byId.get(12)!.specs.map((s) => s.id)).toEqual([577, 581, 1480]);
    // every class has 2..4 specs, no Initial anywhere, no pet specs (class 0)
    for (const c of body.classes) {
      expect(c.specs.length).toBeGreaterThanOrEqual(2);
      expect(c.specs.length).toBeLessThanOrEqual(4);
      for (const s of c.specs) {
        expect(s.orderIndex).not.toBe(4);
        expect(s.name).not.toBe("Initial");
        expect([0, 1, 2]).toContain(s.role);
        expect(Object.keys(s)).toEqual(["id", "name", "role", "orderIndex", "fileName", "iconUrl"]);
      }
    }
    // 11 classes x 3 + Druid 4 + Demon Hunter 3 (with Devourer) = 40
    expect(body.classes.flatMap((c) => c.specs).length).toBe(40);
  });

  it("Cache-Control 24 h, strong ETag, CORS, and 304 on If-None-Match (also weak and list forms)", async () => {
    const res = await app.request(`${GAME_DATA_PATH}/classes`);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, "*"]) {
      const again = await app.request(`${GAME_DATA_PATH}/classes`, { headers: { "If-None-Match": inm } });
      expect(again.status, inm).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe("public, max-age=86400");
    }
    const stale = await app.request(`${GAME_DATA_PATH}/classes`, { headers: { "If-None-Match": '"0000000000000000"' } });
    expect(stale.status).toBe(200);
  });

  it("HEAD answers the headers without a body", async () => {
    const get = await app.request(`${GAME_DATA_PATH}/classes`);
    const head = await app.request(`${GAME_DATA_PATH}/classes`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect(await head.text()).toBe("");
  });

  it("computes representations once per bundle, not per request", async () => {
    let tableCalls = 0;
    const counting: DataBundle = {
      dir: bundle.dir,
      tableNames: () => bundle.tableNames(),
      table: (name: string): Table => {
        tableCalls++;
        return bundle.table(name);
      },
    };
    const a = createApp({ bundle: counting });
    const first = await a.request(`${GAME_DATA_PATH}/classes`);
    await a.request(`${GAME_DATA_PATH}/items?ids=34334`);
    const after = tableCalls;
    expect(after).toBeGreaterThan(0);
    for (let i = 0; i < 20; i++) {
      const r = await a.request(i % 2 ? `${GAME_DATA_PATH}/classes` : `${GAME_DATA_PATH}/items?ids=${BUNDLED_ITEM_IDS.join(",")}`);
      expect(r.status).toBe(200);
    }
    expect(tableCalls).toBe(after);
    expect((await a.request(`${GAME_DATA_PATH}/classes`)).headers.get("etag")).toBe(first.headers.get("etag"));
  });

  it("a bundle promise is awaited; a failed load answers 500 INTERNAL and is retried", async () => {
    let attempts = 0;
    const flaky = createApp({
      bundle: {
        get dir() {
          attempts++;
          if (attempts === 1) throw new Error("disk on fire");
          return bundle.dir;
        },
        tableNames: () => bundle.tableNames(),
        table: (n: string) => bundle.table(n),
      } as DataBundle,
    });
    const err = await flaky.request(`${GAME_DATA_PATH}/classes`);
    expect(err.status).toBe(500);
    expect(((await err.json()) as { error: { code: string } }).error.code).toBe("INTERNAL");
    expect((await flaky.request(`${GAME_DATA_PATH}/classes`)).status).toBe(200);
  });
});

describe("GET /items", () => {
  it("every bundled item is served with every spec field", async () => {
    const { res, body } = await getJson<{ items: ApiItem[] }>(`${GAME_DATA_PATH}/items?ids=${BUNDLED_ITEM_IDS.join(",")}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(body.items.map((i) => i.id)).toEqual(BUNDLED_ITEM_IDS);
    for (const it of body.items) {
      expect(Object.keys(it)).toEqual([
        "id", "name", "description", "fileName", "iconUrl", "itemLevel", "quality", "requiredLevel", "binding",
        "classId", "subclassId", "inventoryType", "stats", "effects", "setInfo", "speed", "dmgVariance",
      ]);
      expect(it.iconUrl).toBe(`${ORIGIN}${ICONS_PATH}/large/${it.fileName}.jpg`);
      for (const s of it.stats) expect(Number.isInteger(s.value)).toBe(true);
    }
  });

  it("34334 Thori'dal: bow fields, stat values from the RandPropPoints budget, dmgVariance 0.6", async () => {
    const { body } = await getJson<{ items: ApiItem[] }>(`${GAME_DATA_PATH}/items?ids=34334`);
    expect(body.items[0]).toEqual({
      id: 34334,
      name: "Thori'dal, the Stars' Fury",
      description: "",
      fileName: "ability_hunter_focusedaim", // Item.IconFileDataID 236179
      iconUrl: `${ORIGIN}${ICONS_PATH}/large/ability_hunter_focusedaim.jpg`,
      itemLevel: 154,
      quality: 5,
      requiredLevel: 70,
      binding: 1,
      classId: 2,
      subclassId: 2,
      inventoryType: 15,
      // ilvl 154, quality 5 -> Epic column; inventory type 15 (bow) -> budget slot 0: EpicF_0 = 67.01753234863
      // agility (3): 5259 * 67.01753234863 / 10000 = 35.245 -> 35; stamina (7): 7889 * ... = 52.870 -> 53
      stats: [
        { type: 3, value: 35 },
        { type: 7, value: 53 },
      ],
      effects: [{ spellId: 46699, triggerType: 1 }], // ItemXItemEffect 6774 -> ItemEffect 6759
      setInfo: null,
      speed: 2900, // ItemDelay, ms
      dmgVariance: 0.6, // CSV 0.60000002384 = float32(0.6)
    });
  });

  it("231265 ring and 249987 gloves: budget slots 2 and 1", async () => {
    const { body } = await getJson<{ items: ApiItem[] }>(`${GAME_DATA_PATH}/items?ids=231265,249987`);
    // ring (11) -> slot 2, ilvl 623 EpicF_2 = 2979.4086914062:
    // stamina 3944 * 0.29794086914062 = 1175.08 -> 1175; crit/haste 6135 * 0.29794086914062 = 1827.87 -> 1828
    expect(body.items[0]!.stats).toEqual([
      { type: 7, value: 1175 },
      { type: 32, value: 1828 },
      { type: 36, value: 1828 },
    ]);
    // hands (10) -> slot 1, ilvl 250 EpicF_1 = 122.94641113281:
    // agi 3944 -> 48.49 -> 48; sta 5917 -> 72.75 -> 73; haste 3000 -> 36.88 -> 37; vers 2250 -> 27.66 -> 28
    expect(body.items[1]!.stats).toEqual([
      { type: 3, value: 48 },
      { type: 7, value: 73 },
      { type: 36, value: 37 },
      { type: 40, value: 28 },
    ]);
  });

  it("effects are ordered by ItemEffect.LegacySlotIndex; trinkets have no stats", async () => {
    const { body } = await getJson<{ items: ApiItem[] }>(`${GAME_DATA_PATH}/items?ids=219308,212454`);
    // 219308: ItemEffect 183886 (slot 0, on use 443531), 185842 (slot 1, on equip 450877)
    expect(body.items[0]!.effects).toEqual([
      { spellId: 443531, triggerType: 0 },
      { spellId: 450877, triggerType: 1 },
    ]);
    // 212454: 184253 (slot 0, equip 443128), 184254 (slot 1, use 443124)
    expect(body.items[1]!.effects).toEqual([
      { spellId: 443128, triggerType: 1 },
      { spellId: 443124, triggerType: 0 },
    ]);
    expect(body.items[1]!.stats).toEqual([]);
    expect(body.items[1]!.dmgVariance).toBe(0);
  });

  it("setInfo of tier pieces: ItemSet 1982 members and ItemSetSpell bonuses", async () => {
    const { body } = await getJson<{ items: ApiItem[] }>(`${GAME_DATA_PATH}/items?ids=249988`);
    expect(body.items[0]!.setInfo).toEqual({
      id: 1982,
      name: "Primal Sentry's Camouflage",
      itemIds: [249991, 249989, 249988, 249987, 249986], // ItemID_0..4, zeros dropped
      // ItemSetSpell 7394..7399, sorted by threshold, then spec
      bonuses: [
        { threshold: 2, spellId: 1264825, specId: 253 },
        { threshold: 2, spellId: 1264828, specId: 254 },
        { threshold: 2, spellId: 1264830, specId: 255 },
        { threshold: 4, spellId: 1264826, specId: 253 },
        { threshold: 4, spellId: 1264829, specId: 254 },
        { threshold: 4, spellId: 1264831, specId: 255 },
      ],
    });
  });

  it("one item per entry in request order: repeated ids repeat, unknown ids are omitted", async () => {
    const { body } = await getJson<{ items: ApiItem[] }>(`${GAME_DATA_PATH}/items?ids=249989,999999999,34334,249989,1,34334`);
    expect(body.items.map((i) => i.id)).toEqual([249989, 34334, 249989, 34334]);
    // a repeated entry is the same record, byte for byte (e.g. two copies of one weapon)
    expect(body.items[2]).toEqual(body.items[0]);
    // 50 entries naming the 9 bundled items over and over: 50 items out, in the order sent
    const fifty = Array.from({ length: MAX_IDS }, (_, i) => BUNDLED_ITEM_IDS[i % BUNDLED_ITEM_IDS.length]!);
    const many = await getJson<{ items: ApiItem[] }>(`${GAME_DATA_PATH}/items?ids=${fifty.join(",")}`);
    expect(many.body.items.map((i) => i.id)).toEqual(fifty);
    const none = await getJson<{ items: ApiItem[] }>(`${GAME_DATA_PATH}/items?ids=1,2,3`);
    expect(none.res.status).toBe(200);
    expect(none.body).toEqual({ items: [] });
  });

  it("ETag depends on the id list; 304 on a match", async () => {
    const a = await app.request(`${GAME_DATA_PATH}/items?ids=34334,212454`);
    const b = await app.request(`${GAME_DATA_PATH}/items?ids=212454,34334`);
    const a2 = await app.request(`${GAME_DATA_PATH}/items?ids=34334,212454,34334`);
    const a3 = await app.request(`${GAME_DATA_PATH}/items?ids=34334,212454,999999`);
    expect(a.headers.get("etag")).not.toBe(b.headers.get("etag"));
    expect(a2.headers.get("etag")).not.toBe(a.headers.get("etag")); // three items, not two
    expect(a3.headers.get("etag")).toBe(a.headers.get("etag")); // an unknown id leaves the same body
    const nm = await app.request(`${GAME_DATA_PATH}/items?ids=34334,212454`, { headers: { "If-None-Match": a.headers.get("etag")! } });
    expect(nm.status).toBe(304);
    expect(nm.headers.get("cache-control")).toBe(CACHE_CONTROL.items);
  });

  it("exactly 50 ids is fine; 51 is 400 TOO_MANY_IDS", async () => {
    const fifty = Array.from({ length: MAX_IDS }, (_, i) => i + 1);
    fifty[0] = 34334;
    const ok = await getJson<{ items: ApiItem[] }>(`${GAME_DATA_PATH}/items?ids=${fifty.join(",")}`);
    expect(ok.res.status).toBe(200);
    expect(ok.body.items.map((i) => i.id)).toEqual([34334]);
    const msg = await expectError(`${GAME_DATA_PATH}/items?ids=${[...fifty, 51].join(",")}`, 400, "TOO_MANY_IDS");
    expect(msg).toContain("51");
    // 51 entries that are all the same id still count as 51 (the limit is on the request)
    await expectError(`${GAME_DATA_PATH}/items?ids=${Array(51).fill(34334).join(",")}`, 400, "TOO_MANY_IDS");
  });

  it("missing, empty or malformed ids -> 400 BAD_IDS naming the entry", async () => {
    await expectError(`${GAME_DATA_PATH}/items`, 400, "BAD_IDS");
    await expectError(`${GAME_DATA_PATH}/items?ids=`, 400, "BAD_IDS");
    await expectError(`${GAME_DATA_PATH}/items?ids=1&ids=2`, 400, "BAD_IDS");
    const bad = ["abc", "1;2", "-5", "1.5", "+5", "0", "01", " 1", "1 ", "1,,2", "1,", ",1", "1e3", "0x10", "2147483648", "99999999999", "%00", "１"];
    for (const v of bad) {
      const msg = await expectError(`${GAME_DATA_PATH}/items?ids=${encodeURIComponent(v)}`, 400, "BAD_IDS");
      expect(msg).toMatch(/ids entry #\d+/);
    }
    expect(await expectError(`${GAME_DATA_PATH}/items?ids=34334,abc`, 400, "BAD_IDS")).toContain('#2 "abc"');
    // the largest int32 is a valid (unknown) id
    expect((await app.request(`${GAME_DATA_PATH}/items?ids=2147483647`)).status).toBe(200);
  });

  it("answers cached by raw query never skip validation", async () => {
    for (let i = 0; i < 3; i++) {
      await expectError(`${GAME_DATA_PATH}/items?ids=34334,x`, 400, "BAD_IDS");
      const ok = await getJson<{ items: ApiItem[] }>(`${GAME_DATA_PATH}/items?ids=34334,212454`);
      expect(ok.body.items.map((it) => it.id)).toEqual([34334, 212454]);
      // the valid list plus a second ids parameter is a different query: still refused
      await expectError(`${GAME_DATA_PATH}/items?ids=34334,212454&ids=1`, 400, "BAD_IDS");
    }
  });

  it("parseIds: strict list, every entry kept in order (repeats too), typed errors", () => {
    expect(parseIds(["5,3,5,1"])).toEqual([5, 3, 5, 1]);
    expect(() => parseIds(undefined)).toThrow(ApiError);
    try {
      parseIds(["1.5"]);
      expect.unreachable();
    } catch (e) {
      expect((e as ApiError).status).toBe(400);
      expect((e as ApiError).code).toBe("BAD_IDS");
    }
  });
});

describe("public origin of iconUrl: configuration, never the request's Host", () => {
  const EVIL = "https://evil.example:8443";
  async function classesBody(a: ReturnType<typeof createApp>, url: string, headers: Record<string, string> = {}) {
    const res = await a.request(url, { headers });
    expect(res.status, url).toBe(200);
    const text = await res.text();
    return { res, text, classes: (JSON.parse(text) as { classes: ApiClass[] }).classes };
  }

  it("default: root-relative iconUrls; a forged Host or X-Forwarded-Host changes nothing, no Vary", async () => {
    const plain = await classesBody(app, `${GAME_DATA_PATH}/classes`);
    const forged = await classesBody(app, `${EVIL}${GAME_DATA_PATH}/classes`, { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" });
    expect(plain.classes[0]!.iconUrl).toBe("/functions/v1/icons/large/classicon_warrior.jpg");
    expect(forged.text).toBe(plain.text);
    expect(forged.text).not.toContain("evil");
    expect(forged.res.headers.get("etag")).toBe(plain.res.headers.get("etag"));
    expect(forged.res.headers.get("vary")).toBeNull();
    const items = await app.request(`${EVIL}${GAME_DATA_PATH}/items?ids=34334`);
    expect(((await items.json()) as { items: ApiItem[] }).items[0]!.iconUrl).toBe("/functions/v1/icons/large/ability_hunter_focusedaim.jpg");
  });

  it("publicOrigin: an absolute origin (with a path prefix) or a root-relative prefix, the same for every Host", async () => {
    const pub = createApp({ bundle, publicOrigin: "https://cdn.example.org/game/" });
    const a = await classesBody(pub, `${GAME_DATA_PATH}/classes`);
    const b = await classesBody(pub, `${EVIL}${GAME_DATA_PATH}/classes`, { "X-Forwarded-Host": "evil.example" });
    expect(a.classes[2]!.specs[0]!.iconUrl).toBe("https://cdn.example.org/game/functions/v1/icons/large/ability_hunter_bestialdiscipline.jpg");
    expect(b.text).toBe(a.text);
    const rel = createApp({ bundle, publicOrigin: "/api/" });
    expect((await classesBody(rel, `${EVIL}${GAME_DATA_PATH}/classes`)).classes[0]!.iconUrl).toBe("/api/functions/v1/icons/large/classicon_warrior.jpg");
    expect((await classesBody(createApp({ bundle, publicOrigin: "/" }), `${GAME_DATA_PATH}/classes`)).classes[0]!.iconUrl).toBe(
      "/functions/v1/icons/large/classicon_warrior.jpg",
    );
  });

  it("trustProxy: origin from X-Forwarded-Proto/-Host (else the request URL), answers Vary on them, malformed -> 400 BAD_HOST", async () => {
    const proxied = createApp({ bundle, trustProxy: true });
    const fwd = await classesBody(proxied, `http://10.0.0.5:8787${GAME_DATA_PATH}/classes`, {
      "X-Forwarded-Proto": "https",
      "X-Forwarded-Host": "API.Example.org, internal.lb",
    });
    expect(fwd.classes[0]!.iconUrl).toBe("https://api.example.org/functions/v1/icons/large/classicon_warrior.jpg");
    expect(fwd.res.headers.get("vary")).toBe("Host, X-Forwarded-Host, X-Forwarded-Proto");
    const own = await classesBody(proxied, `http://10.0.0.5:8787${GAME_DATA_PATH}/classes`);
    expect(own.classes[0]!.iconUrl).toBe("http://10.0.0.5:8787/functions/v1/icons/large/classicon_warrior.jpg");
    const items = await proxied.request(`${GAME_DATA_PATH}/items?ids=34334`, { headers: { "X-Forwarded-Host": "a.example:444" } });
    expect(items.headers.get("vary")).toBe("Host, X-Forwarded-Host, X-Forwarded-Proto");
    expect(((await items.json()) as { items: ApiItem[] }).items[0]!.iconUrl).toBe("http://a.example:444/functions/v1/icons/large/ability_hunter_focusedaim.jpg");
    const malformed: Record<string, string>[] = [{ "X-Forwarded-Host": "evil.example/x" }, { "X-Forwarded-Host": 'a"b' }, { "X-Forwarded-Proto": "javascript" }];
    for (const headers of malformed) {
      const res = await proxied.request(`${GAME_DATA_PATH}/classes`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("BAD_HOST");
    }
  });

  it("invalid origin options are ApiConfigError at createApp()", () => {
    expect(() => createApp({ bundle, publicOrigin: "ftp://x" })).toThrow(ApiConfigError);
    expect(() => createApp({ bundle, publicOrigin: "not a url" })).toThrow(/publicOrigin/);
    expect(() => createApp({ bundle, publicOrigin: "https://x.org/?q=1" })).toThrow(/query/);
    expect(() => createApp({ bundle, publicOrigin: "//evil.example" })).toThrow(ApiConfigError);
    expect(() => createApp({ bundle, publicOrigin: "https://x.org", trustProxy: true })).toThrow(/not both/);
  });
});

// Error answers used to cost twice a success (8k vs 15k req/s for items?ids=1,,2): every one
// captured a stack trace (most of the cost), threw through Hono's error handler and was re-parsed
// on every repeat while successes came from a cache. bench:api measures the speed; these tests pin
// the mechanisms.
describe("error answers cost no more than successes", () => {
  it("an ApiError (an answer to the client) captures no stack frames; bugs keep theirs", () => {
    const limit = Error.stackTraceLimit;
    const e = new ApiError(400, "BAD_IDS", "ids entry #2 \"\" is not an item id");
    expect(e.stack ?? "").not.toMatch(/\n\s+at /);
    expect(e).toBeInstanceOf(Error);
    expect([e.status, e.code, e.message]).toEqual([400, "BAD_IDS", 'ids entry #2 "" is not an item id']);
    expect(Error.stackTraceLimit).toBe(limit); // restored
    expect(new ApiDataError("Item", 1, "ID", "x").stack).toMatch(/\n\s+at /);
    expect(new Error("x").stack).toMatch(/\n\s+at /);
  });

  it("AnswerCache: one computation per key, for error answers as for successes; oversized keys and thrown bugs are not kept", async () => {
    const cache = new AnswerCache<string | ApiError>(3, 16);
    let calls = 0;
    const bad = () => {
      calls++;
      return new ApiError(400, "BAD_IDS", "bad");
    };
    const first = await cache.answer("?ids=1,,2", bad);
    expect(await cache.answer("?ids=1,,2", bad)).toBe(first);
    expect(calls).toBe(1);
    expect(await cache.answer("?ids=1", () => (calls++, "ok"))).toBe("ok");
    expect(await cache.answer("?ids=1", () => (calls++, "other"))).toBe("ok");
    expect(calls).toBe(2);
    // a key longer than the cap is answered but never stored (bounded memory under junk queries)
    const long = `?ids=${"9".repeat(20)}`;
    await cache.answer(long, () => (calls++, "long"));
    await cache.answer(long, () => (calls++, "long"));
    expect(calls).toBe(4);
    // a thrown bug (not an answer) is not remembered: the next request tries again
    await expect(cache.answer("?ids=7", () => Promise.reject(new Error("disk on fire")))).rejects.toThrow("disk on fire");
    expect(await cache.answer("?ids=7", () => "fine")).toBe("fine");
    // LRU: 3 entries at most
    for (const k of ["a", "b", "c", "d"]) await cache.answer(k, () => k);
    expect(cache.size).toBe(3);
  });

  it("a repeated malformed query answers the same 400 bytes every time; a valid query beside it is unaffected", async () => {
    const bodies = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await app.request(`${GAME_DATA_PATH}/items?ids=1,,2`);
      expect(res.status).toBe(400);
      expect(res.headers.get("cache-control")).toBe("no-store");
      bodies.add(await res.text());
      expect((await app.request(`${GAME_DATA_PATH}/items?ids=1,2`)).status).toBe(200);
    }
    expect([...bodies]).toEqual([
      '{"error":{"code":"BAD_IDS","message":"ids entry #2 \\"\\" is not an item id (a decimal integer 1..2147483647, no sign, spaces or leading zeros)"}}',
    ]);
    // no query string at all is an error answer too (and cached like one)
    for (let i = 0; i < 2; i++) await expectError(`${GAME_DATA_PATH}/items`, 400, "BAD_IDS");
  });
});

describe("routing, CORS and errors", () => {
  it("unknown routes -> JSON 404 NOT_FOUND", async () => {
    for (const p of ["/", "/functions/v1/game-data", `${GAME_DATA_PATH}/specs`, `${GAME_DATA_PATH}/classes/1`, "/functions/v2/game-data/classes"]) {
      await expectError(p, 404, "NOT_FOUND");
    }
  });

  it("other methods on known routes -> 405 with Allow", async () => {
    const res = await app.request(`${GAME_DATA_PATH}/classes`, { method: "PUT", body: "{}" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("METHOD_NOT_ALLOWED");
    await expectError(`${GAME_DATA_PATH}/items?ids=1`, 405, "METHOD_NOT_ALLOWED", { method: "DELETE" });
    await expectError(`${GAME_DATA_PATH}/items?ids=1`, 405, "METHOD_NOT_ALLOWED", { method: "PATCH", body: "" });
    await expectError(`${ICONS_PATH}/large/classicon_warrior.jpg`, 405, "METHOD_NOT_ALLOWED", { method: "PUT", body: "x" });
  });

  // Supabase-style clients (functions.invoke) POST by default, with no body
  it("POST with an empty body is answered exactly as GET: classes, items (errors too), icons", async () => {
    const paths = [
      `${GAME_DATA_PATH}/classes`,
      `${GAME_DATA_PATH}/items?ids=249989,34334,249989`,
      `${GAME_DATA_PATH}/items?ids=1,,2`,
      `${ICONS_PATH}/small/classicon_hunter.jpg`,
    ];
    for (const p of paths) {
      const get = await app.request(p);
      const getBody = Buffer.from(await get.arrayBuffer());
      for (const init of [{}, { body: "" }, { headers: { "Content-Length": "0" } }] as RequestInit[]) {
        const post = await app.request(p, { method: "POST", ...init });
        expect(post.status, `${p} ${JSON.stringify(init)}`).toBe(get.status);
        for (const h of ["content-type", "cache-control", "etag", "access-control-allow-origin"]) {
          expect(post.headers.get(h), `${p} ${h}`).toBe(get.headers.get(h));
        }
        expect(Buffer.from(await post.arrayBuffer()).equals(getBody), p).toBe(true);
      }
    }
  });

  it("POST with a body -> 400 BODY_NOT_ALLOWED (parameters go in the URL); a POST never answers 304", async () => {
    for (const body of ["{}", '{"ids":[34334]}', "x"]) {
      const msg = await expectError(`${GAME_DATA_PATH}/items?ids=34334`, 400, "BODY_NOT_ALLOWED", { method: "POST", body });
      expect(msg).toMatch(/POST \/functions\/v1\/game-data\/items takes no request body/);
    }
    await expectError(`${GAME_DATA_PATH}/classes`, 400, "BODY_NOT_ALLOWED", { method: "POST", headers: { "Content-Length": "12" } });
    await expectError(`${ICONS_PATH}/large/classicon_hunter.jpg`, 400, "BODY_NOT_ALLOWED", { method: "POST", body: new Uint8Array([0]) });
    // If-None-Match is a cache validator for GET/HEAD; a POST always gets the full answer
    const etag = (await app.request(`${GAME_DATA_PATH}/classes`)).headers.get("etag")!;
    const post = await app.request(`${GAME_DATA_PATH}/classes`, { method: "POST", headers: { "If-None-Match": etag } });
    expect(post.status).toBe(200);
    expect(((await post.json()) as { classes: unknown[] }).classes.length).toBe(13);
  });

  it("CORS preflight from any origin: 204, methods, echoed headers, Vary", async () => {
    for (const path of [`${GAME_DATA_PATH}/classes`, `${GAME_DATA_PATH}/items?ids=1`, `${ICONS_PATH}/large/x.jpg`]) {
      const res = await app.request(path, {
        method: "OPTIONS",
        headers: {
          Origin: "https://some-client.example",
          "Access-Control-Request-Method": "GET",
          "Access-Control-Request-Headers": "if-none-match, x-client",
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      // header values are comma lists: compare the members, not the optional whitespace
      expect(commaList(res.headers.get("access-control-allow-methods"))).toEqual(["GET", "HEAD", "POST", "OPTIONS"]);
      expect(commaList(res.headers.get("access-control-allow-headers"))).toEqual(["if-none-match", "x-client"]);
      expect(res.headers.get("access-control-max-age")).toBe("86400");
      expect(res.headers.get("vary")).toBe("Access-Control-Request-Headers");
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    }
    const bare = await app.request(`${GAME_DATA_PATH}/classes`, { method: "OPTIONS", headers: { Origin: "https://x.example" } });
    expect(bare.status).toBe(204);
    expect(bare.headers.get("access-control-allow-headers")).toBeNull();
    const get = await app.request(`${GAME_DATA_PATH}/classes`, { headers: { Origin: "https://x.example" } });
    expect(get.headers.get("access-control-allow-origin")).toBe("*");
    expect(get.headers.get("access-control-expose-headers")).toBe("ETag");
    expect(get.headers.get("access-control-allow-credentials")).toBeNull();
  });
});

function commaList(v: string | null): string[] {
  return (v ?? "").split(",").map((x) => x.trim()).filter((x) => x.length > 0);
}
