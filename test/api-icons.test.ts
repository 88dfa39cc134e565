// Icon route: sizes, validation, path tricks, caches, upstream icon server (a local node:http
// server on 127.0.0.1, never the internet) and the generated placeholder icons' --check mode.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, ICONS_PATH } from "../src/api/app.js";
import { ApiConfigError } from "../src/api/errors.js";
import { sharpResize, type IconResizer } from "../src/api/icons.js";
import { bundledDataDir, loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { checkIcons, initials } from "../scripts/gen-icons.js";

let bundle: DataBundle;
let tmp: string;
beforeAll(async () => {
  bundle = await loadDataBundle(bundledDataDir());
  tmp = mkdtempSync(path.join(os.tmpdir(), "combatsim-icons-"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function countingResize(): { resize: IconResizer; calls: () => number } {
  let n = 0;
  return {
    resize: async (src, px) => {
      n++;
      return sharpResize(src, px);
    },
    calls: () => n,
  };
}

async function errorCode(res: Response): Promise<string> {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

describe("GET icons", () => {
  it("large/medium/small are JPEGs of exactly 56/36/18 px with cache headers", async () => {
    const app = createApp({ bundle });
    for (const [size, px] of [["large", 56], ["medium", 36], ["small", 18]] as const) {
      const res = await app.request(`${ICONS_PATH}/${size}/classicon_hunter.jpg`);
      expect(res.status, size).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]); // JPEG SOI
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", px, px]);
    }
  });

  it("the resized icon keeps the source colour (hunter #AAD372 in the corner inside the border)", async () => {
    const app = createApp({ bundle });
    const res = await app.request(`${ICONS_PATH}/large/classicon_hunter.jpg`);
    const { data } = await sharp(Buffer.from(await res.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    // pixel (11,11): in the 8x8 JPEG block (8..15, 8..15), which touches neither the 2 px border nor
    // the letters (they start at y = (56 - 21) / 2 = 17), so q90 4:4:4 keeps it within a few levels
    const i = (11 * 56 + 11) * 3;
    expect(Math.abs(data[i]! - 0xaa)).toBeLessThanOrEqual(6);
    expect(Math.abs(data[i + 1]! - 0xd3)).toBeLessThanOrEqual(6);
    expect(Math.abs(data[i + 2]! - 0x72)).toBeLessThanOrEqual(6);
  });

  it("every icon the API references exists (classes, specs, items)", async () => {
    const app = createApp({ bundle });
    const classes = (await (await app.request("/functions/v1/game-data/classes")).json()) as {
      classes: { iconUrl: string; specs: { iconUrl: string }[] }[];
    };
    const items = (await (await app.request("/functions/v1/game-data/items?ids=34334,212454,219308,225654,231265,249986,249987,249988,249989")).json()) as {
      items: { iconUrl: string }[];
    };
    const urls = [...classes.classes.flatMap((c) => [c.iconUrl, ...c.specs.map((s) => s.iconUrl)]), ...items.items.map((i) => i.iconUrl)];
    expect(urls.length).toBe(13 + 40 + 9);
    for (const u of urls) {
      const res = await app.request(u.replace("/large/", "/small/"));
      expect(res.status, u).toBe(200);
    }
  });

  it("ETag + 304; names are case-insensitive", async () => {
    const app = createApp({ bundle });
    const a = await app.request(`${ICONS_PATH}/medium/classicon_mage.jpg`);
    const etag = a.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const b = await app.request(`${ICONS_PATH}/medium/classicon_mage.jpg`, { headers: { "If-None-Match": etag } });
    expect(b.status).toBe(304);
    expect(b.headers.get("etag")).toBe(etag);
    const upper = await app.request(`${ICONS_PATH}/medium/ClassIcon_Mage.jpg`);
    expect(upper.headers.get("etag")).toBe(etag);
    // other size -> other bytes -> other ETag
    const large = await app.request(`${ICONS_PATH}/large/classicon_mage.jpg`);
    expect(large.headers.get("etag")).not.toBe(etag);
  });

  it("bad size -> 400 BAD_ICON_SIZE; unknown icon -> 404 ICON_NOT_FOUND", async () => {
    const app = createApp({ bundle });
    for (const s of ["huge", "LARGE", "56", ""]) {
      const res = await app.request(`${ICONS_PATH}/${s}/classicon_mage.jpg`);
      expect(res.status, s).toBe(400);
      expect(await errorCode(res)).toBe("BAD_ICON_SIZE");
    }
    const res = await app.request(`${ICONS_PATH}/large/no_such_icon.jpg`);
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe("ICON_NOT_FOUND");
  });

  it("names outside [A-Za-z0-9_-] and path tricks -> 400, never a read outside the icon dir", async () => {
    // icon dir tmp/root/icons; a perfectly valid icon sits one level up and at the fs root of tmp:
    // any request that reached it would answer 200.
    const root = path.join(tmp, "trick");
    const icons = path.join(root, "icons");
    mkdirSync(icons, { recursive: true });
    const png = await sharp({ create: { width: 56, height: 56, channels: 3, background: "#ff0000" } }).png().toBuffer();
    writeFileSync(path.join(root, "secret.png"), png);
    writeFileSync(path.join(tmp, "secret.png"), png);
    writeFileSync(path.join(icons, "ok.png"), png);
    const app = createApp({ bundle, iconDir: icons });
    expect((await app.request(`${ICONS_PATH}/large/ok.jpg`)).status).toBe(200);
    const bad400 = [
      "large/..%2Fsecret.jpg",
      "large/..%2fsecret.jpg",
      "large/%2e%2e%2Fsecret.jpg",
      "large/secret%00.jpg",
      "large/ok.jpg%00.jpg",
      "large/..\\secret.jpg".replace("\\", "%5C"),
      "large/ok.png",
      "large/ok",
      "large/.jpg",
      "large/o.k.jpg",
      "large/ok.jpg/x",
      "large/a b.jpg".replace(" ", "%20"),
      "large/%C3%A9.jpg",
      `large/${"a".repeat(129)}.jpg`,
      "large//ok.jpg",
    ];
    for (const p of bad400) {
      const res = await app.request(`${ICONS_PATH}/${p}`);
      expect(res.status, p).toBe(400);
      expect(await errorCode(res), p).toBe("BAD_ICON_NAME");
    }
    // literal dot segments are resolved by the URL parser before routing: they land outside the
    // icon route (404) or on a malformed icon path (400) -- never on secret.png
    for (const p of ["large/../secret.jpg", "large/../../secret.jpg", "../secret.jpg", "large/./../../../secret.jpg", "large/%2e%2e/secret.jpg"]) {
      const res = await app.request(`${ICONS_PATH}/${p}`);
      expect([400, 404], p).toContain(res.status);
      expect(res.headers.get("content-type"), p).toBe("application/json; charset=utf-8");
    }
    // a name that only exists outside the dir is unknown
    expect((await app.request(`${ICONS_PATH}/large/secret.jpg`)).status).toBe(404);
  });

  it("memory cache: one resize per size+name (concurrent requests share it); a 0-byte cap resizes every time", async () => {
    const c = countingResize();
    const app = createApp({ bundle, resize: c.resize });
    const many = await Promise.all(Array.from({ length: 10 }, () => app.request(`${ICONS_PATH}/small/classicon_rogue.jpg`)));
    expect(many.every((r) => r.status === 200)).toBe(true);
    expect(c.calls()).toBe(1);
    await app.request(`${ICONS_PATH}/small/classicon_rogue.jpg`);
    expect(c.calls()).toBe(1);
    await app.request(`${ICONS_PATH}/medium/classicon_rogue.jpg`);
    expect(c.calls()).toBe(2);

    const z = countingResize();
    const noMem = createApp({ bundle, resize: z.resize, memoryCacheBytes: 0 });
    await noMem.request(`${ICONS_PATH}/small/classicon_rogue.jpg`);
    await noMem.request(`${ICONS_PATH}/small/classicon_rogue.jpg`);
    expect(z.calls()).toBe(2);
  });

  it("memory cache evicts least-recently-used icons beyond the byte cap", async () => {
    const c = countingResize();
    // one 56 px icon is ~1-2 KB; a 2500-byte cap holds one of them, not two
    const app = createApp({ bundle, resize: c.resize, memoryCacheBytes: 2500 });
    const a = await app.request(`${ICONS_PATH}/large/classicon_druid.jpg`);
    const b = await app.request(`${ICONS_PATH}/large/classicon_monk.jpg`);
    const sa = (await a.arrayBuffer()).byteLength;
    const sb = (await b.arrayBuffer()).byteLength;
    expect(sa + sb).toBeGreaterThan(2500);
    expect(Math.max(sa, sb)).toBeLessThanOrEqual(2500);
    expect(c.calls()).toBe(2);
    await app.request(`${ICONS_PATH}/large/classicon_monk.jpg`); // most recent: still cached
    expect(c.calls()).toBe(2);
    await app.request(`${ICONS_PATH}/large/classicon_druid.jpg`); // evicted by monk
    expect(c.calls()).toBe(3);
  });

  it("disk cache: a second app on the same cache dir resizes nothing", async () => {
    const dir = path.join(tmp, "disk-cache");
    const c1 = countingResize();
    const one = createApp({ bundle, resize: c1.resize, diskCacheDir: dir });
    const r1 = await one.request(`${ICONS_PATH}/small/classicon_warlock.jpg`);
    expect(c1.calls()).toBe(1);
    expect(readdirSync(path.join(dir, "small")).some((f) => f.startsWith("classicon_warlock-"))).toBe(true);
    const c2 = countingResize();
    const two = createApp({ bundle, resize: c2.resize, diskCacheDir: dir });
    const r2 = await two.request(`${ICONS_PATH}/small/classicon_warlock.jpg`);
    expect(c2.calls()).toBe(0);
    expect(Buffer.from(await r2.arrayBuffer()).equals(Buffer.from(await r1.arrayBuffer()))).toBe(true);
  });

  it("a source that is not an image -> 500 ICON_SOURCE_INVALID naming the icon", async () => {
    const icons = path.join(tmp, "broken");
    mkdirSync(icons, { recursive: true });
    writeFileSync(path.join(icons, "junk.png"), "not an image");
    const app = createApp({ bundle, iconDir: icons });
    const res = await app.request(`${ICONS_PATH}/large/junk.jpg`);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("ICON_SOURCE_INVALID");
    expect(body.error.message).toContain("junk");
  });
});

describe("upstream icon server (local node:http on 127.0.0.1)", () => {
  let server: Server;
  let base: string;
  const hits: string[] = [];
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3366ff" } }).jpeg().toBuffer();
    server = createServer((req, res) => {
      hits.push(req.url!);
      if (req.url === "/icons/classicon_paladin.jpg" || req.url === "/icons/classicon_shaman.jpg") {
        res.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
      } else if (req.url === "/icons/classicon_priest.jpg") {
        res.writeHead(503).end("busy");
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/icons`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("fetches a known icon once, then serves every size from the cached source", async () => {
    hits.length = 0;
    const empty = path.join(tmp, "empty-icons");
    mkdirSync(empty, { recursive: true });
    const app = createApp({ bundle, iconDir: empty, upstreamUrl: base });
    for (const size of ["large", "medium", "small", "large"]) {
      const res = await app.request(`${ICONS_PATH}/${size}/classicon_paladin.jpg`);
      expect(res.status, size).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(size === "large" ? 56 : size === "medium" ? 36 : 18);
    }
    expect(hits).toEqual(["/icons/classicon_paladin.jpg"]);
  });

  it("names the data does not reference are never fetched (no open proxy); upstream 404 is cached", async () => {
    hits.length = 0;
    const app = createApp({ bundle, iconDir: path.join(tmp, "empty-icons"), upstreamUrl: base });
    expect((await app.request(`${ICONS_PATH}/large/anything_else.jpg`)).status).toBe(404);
    expect(hits).toEqual([]);
    // spell_nature_lightning is a referenced name (Elemental) the upstream does not have
    expect((await app.request(`${ICONS_PATH}/large/spell_nature_lightning.jpg`)).status).toBe(404);
    expect((await app.request(`${ICONS_PATH}/small/spell_nature_lightning.jpg`)).status).toBe(404);
    expect(hits).toEqual(["/icons/spell_nature_lightning.jpg"]);
  });

  it("upstream failure -> 502 UPSTREAM_ERROR, not cached; unreachable upstream -> 502", async () => {
    hits.length = 0;
    const app = createApp({ bundle, iconDir: path.join(tmp, "empty-icons"), upstreamUrl: base });
    const res = await app.request(`${ICONS_PATH}/large/classicon_priest.jpg`);
    expect(res.status).toBe(502);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("UPSTREAM_ERROR");
    expect(body.error.message).toContain("503");
    expect((await app.request(`${ICONS_PATH}/large/classicon_priest.jpg`)).status).toBe(502);
    expect(hits.length).toBe(2);

    // a port nothing listens on (the server's own port after a throwaway server closed)
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, "127.0.0.1", r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    const off = createApp({ bundle, iconDir: path.join(tmp, "empty-icons"), upstreamUrl: `http://127.0.0.1:${port}` });
    const r2 = await off.request(`${ICONS_PATH}/large/classicon_paladin.jpg`);
    expect(r2.status).toBe(502);
    expect(await errorCode(r2)).toBe("UPSTREAM_ERROR");
  });

  it("the upstream source is kept in the disk cache across restarts", async () => {
    hits.length = 0;
    const dir = path.join(tmp, "upstream-disk");
    const one = createApp({ bundle, iconDir: path.join(tmp, "empty-icons"), upstreamUrl: base, diskCacheDir: dir });
    expect((await one.request(`${ICONS_PATH}/large/classicon_shaman.jpg`)).status).toBe(200);
    expect(existsSync(path.join(dir, "source", "classicon_shaman.jpg"))).toBe(true);
    const two = createApp({ bundle, iconDir: path.join(tmp, "empty-icons"), upstreamUrl: base, diskCacheDir: dir });
    expect((await two.request(`${ICONS_PATH}/small/classicon_shaman.jpg`)).status).toBe(200);
    expect(hits).toEqual(["/icons/classicon_shaman.jpg"]);
  });

  it("local icons win over the upstream", async () => {
    hits.length = 0;
    const app = createApp({ bundle, upstreamUrl: base }); // default icon dir: data/icons has classicon_paladin.png
    expect((await app.request(`${ICONS_PATH}/large/classicon_paladin.jpg`)).status).toBe(200);
    expect(hits).toEqual([]);
  });

  it("a non-http upstream URL or a negative cache size is a config error at createApp()", () => {
    expect(() => createApp({ bundle, upstreamUrl: "file:///etc" })).toThrow(ApiConfigError);
    expect(() => createApp({ bundle, memoryCacheBytes: -1 })).toThrow(/memoryCacheBytes/);
  });
});

describe("generated placeholder icons (scripts/gen-icons.ts)", () => {
  it("data/icons matches a fresh generation byte for byte (--check)", async () => {
    expect(await checkIcons(bundledDataDir())).toEqual([]);
  });

  it("the script's --check mode exits 0 on the committed icons and 1 on drift", async () => {
    const { spawnSync } = await import("node:child_process");
    const run = (args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/gen-icons.ts", "--check", ...args], {
        cwd: path.resolve(import.meta.dirname, ".."),
        encoding: "utf8",
      });
    const ok = run([]);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("up to date");
    const dd = path.join(tmp, "datadir-cli");
    mkdirSync(path.join(dd, "icons"), { recursive: true });
    symlinkSync(path.join(bundledDataDir(), "data"), path.join(dd, "data"));
    const drift = run(["--data-dir", dd]);
    expect(drift.status).toBe(1);
    expect(drift.stderr).toContain("missing classicon_warrior.png");
  });

  it("--check reports changed, missing and extra files (negative control)", async () => {
    const dd = path.join(tmp, "datadir");
    mkdirSync(dd, { recursive: true });
    symlinkSync(path.join(bundledDataDir(), "data"), path.join(dd, "data"));
    cpSync(path.join(bundledDataDir(), "icons"), path.join(dd, "icons"), { recursive: true });
    expect(await checkIcons(dd)).toEqual([]);
    writeFileSync(path.join(dd, "icons", "classicon_mage.png"), "x");
    unlinkSync(path.join(dd, "icons", "classicon_monk.png"));
    writeFileSync(path.join(dd, "icons", "stray.png"), "y");
    expect((await checkIcons(dd)).sort()).toEqual(["changed classicon_mage.png", "extra stray.png", "missing classicon_monk.png"]);
  });

  it("labels: first letters of two words, small words skipped, else two letters", () => {
    expect(initials("Death Knight")).toBe("DK");
    expect(initials("Warrior")).toBe("WA");
    expect(initials("Thori'dal, the Stars' Fury")).toBe("TS");
    expect(initials("")).toBe("?");
  });
});
