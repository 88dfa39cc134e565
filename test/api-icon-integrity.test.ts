// Incomplete icon files are never served as a 200 JPEG: a truncated or corrupt source (icon dir,
// upstream, disk cache) is refused with a typed error or re-made, and never remembered.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, ICONS_PATH } from "../src/api/app.js";
import { imageProblem } from "../src/api/image-check.js";
import { sharpResize, type IconResizer } from "../src/api/icons.js";
import { bundledDataDir, loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";

let bundle: DataBundle;
let tmp: string;
let png: Buffer; // a real placeholder icon (8-bit RGBA PNG, 56 px)
let jpeg: Buffer; // baseline JPEG of the same picture
let progressive: Buffer; // progressive JPEG: several scans, each with its own SOS
beforeAll(async () => {
  bundle = await loadDataBundle(bundledDataDir());
  tmp = mkdtempSync(path.join(os.tmpdir(), "combatsim-icon-integrity-"));
  png = readFileSync(path.join(bundledDataDir(), "icons", "classicon_hunter.png"));
  jpeg = await sharp(png).jpeg({ quality: 90 }).toBuffer();
  progressive = await sharp(png).jpeg({ quality: 90, progressive: true }).toBuffer();
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

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

/** CRC-32 (PNG chunk checksum) computed bit by bit: an independent reference for the tests. */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

describe("imageProblem: complete PNG / JPEG or the reason why not", () => {
  it("complete files pass, bytes after IEND / EOI are tolerated", () => {
    expect(imageProblem(png)).toBeUndefined();
    expect(imageProblem(jpeg)).toBeUndefined();
    expect(imageProblem(progressive)).toBeUndefined();
    expect(imageProblem(Buffer.concat([png, Buffer.from([0, 0, 0])]))).toBeUndefined();
    expect(imageProblem(Buffer.concat([jpeg, Buffer.from("\n")]))).toBeUndefined();
  });

  it("every proper prefix of a PNG and of both JPEGs is refused (each cut, byte by byte)", () => {
    for (const [name, file] of [["png", png], ["jpeg", jpeg], ["progressive", progressive]] as const) {
      for (let n = 0; n < file.length; n++) {
        const problem = imageProblem(file.subarray(0, n));
        expect(problem, `${name} cut to ${n} of ${file.length} bytes`).toBeTypeOf("string");
      }
    }
    expect(imageProblem(png.subarray(0, png.length - 12))).toMatch(/IEND/);
    expect(imageProblem(jpeg.subarray(0, jpeg.length - 2))).toMatch(/EOI/);
  });

  it("not an image, or a corrupt PNG chunk (CRC mismatch), is refused", () => {
    expect(imageProblem(Buffer.from("not an image"))).toMatch(/not a PNG or JPEG/);
    expect(imageProblem(Buffer.from("<html>404</html>"))).toMatch(/not a PNG or JPEG/);
    // flip one bit inside the first chunk after IHDR (8 signature + 25 IHDR bytes = offset 33)
    const flipped = Buffer.from(png);
    const len = flipped.readUInt32BE(33);
    const type = flipped.toString("latin1", 37, 41);
    expect(crc32(flipped.subarray(37, 41 + len))).toBe(flipped.readUInt32BE(41 + len)); // the reference agrees first
    flipped[41] ^= 0x01;
    expect(imageProblem(flipped)).toMatch(new RegExp(`chunk ${type}.*CRC`));
  });
});

describe("imageProblem on damaged and arbitrary bytes", () => {
  it("every single-bit flip anywhere in the PNG is caught (each of its bytes x 8 bits)", () => {
    for (let i = 0; i < png.length; i++) {
      for (let bit = 0; bit < 8; bit++) {
        const bad = Buffer.from(png);
        bad[i] ^= 1 << bit;
        expect(imageProblem(bad), `byte ${i} bit ${bit}`).toBeTypeOf("string");
      }
    }
  });

  it("arbitrary bytes, and PNG/JPEG prefixes with random bytes after them, answer a string or undefined, never throw (fixed seed)", () => {
    const prefixed = fc
      .tuple(fc.constantFrom(png, jpeg, progressive), fc.nat(), fc.uint8Array({ maxLength: 64 }))
      .map(([file, cut, tail]) => Buffer.concat([file.subarray(0, cut % (file.length + 1)), tail]));
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 256 }), prefixed), (bytes) => {
        const problem = imageProblem(bytes);
        expect(problem === undefined || (typeof problem === "string" && problem.length > 0)).toBe(true);
      }),
      { seed: 19, numRuns: 2000 },
    );
  });
});

describe("icon route: an incomplete source is never a 200", () => {
  it("icon dir: a truncated PNG (no IEND, cut in a chunk) or JPEG (no EOI) -> 500 ICON_SOURCE_INVALID naming the file; fixed files are read again", async () => {
    const dir = path.join(tmp, "truncated");
    mkdirSync(dir, { recursive: true });
    const cases: [string, Buffer][] = [
      ["no_iend.png", png.subarray(0, png.length - 12)],
      ["cut_chunk.png", png.subarray(0, Math.floor(png.length * 0.95))],
      ["no_eoi.jpg", jpeg.subarray(0, jpeg.length - 2)],
      ["half.jpg", progressive.subarray(0, progressive.length >> 1)],
      ["junk.png", Buffer.from("not an image")],
    ];
    for (const [file, bytes] of cases) writeFileSync(path.join(dir, file), bytes);
    const app = createApp({ bundle, iconDir: dir });
    for (const [file] of cases) {
      const name = file.replace(/\.(png|jpg)$/, "");
      const res = await app.request(`${ICONS_PATH}/large/${name}.jpg`);
      expect(res.status, file).toBe(500);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-store");
      const err = await errorOf(res);
      expect(err.code, `${file}: ${err.message}`).toBe("ICON_SOURCE_INVALID");
      expect(err.message).toContain(`${file} in the icon dir`);
      expect(err.message).not.toContain(dir); // no server paths in public answers
    }
    // the operator replaces the file: the next request reads it again (an invalid source is not remembered)
    writeFileSync(path.join(dir, "no_iend.png"), png);
    const fixed = await app.request(`${ICONS_PATH}/large/no_iend.jpg`);
    expect(fixed.status).toBe(200);
    expect(imageProblem(new Uint8Array(await fixed.arrayBuffer()))).toBeUndefined();
  });

  it("a resizer that returns an incomplete JPEG -> 500 INTERNAL, nothing cached", async () => {
    let calls = 0;
    const app = createApp({
      bundle,
      resize: async (src, px) => {
        calls++;
        const out = await sharpResize(src, px);
        return calls === 1 ? out.subarray(0, out.length - 10) : out;
      },
    });
    const bad = await app.request(`${ICONS_PATH}/large/classicon_mage.jpg`);
    expect(bad.status).toBe(500);
    const err = await errorOf(bad);
    expect(err.code).toBe("INTERNAL");
    expect(err.message).toMatch(/classicon_mage.*incomplete JPEG/);
    expect((await app.request(`${ICONS_PATH}/large/classicon_mage.jpg`)).status).toBe(200);
    expect(calls).toBe(2);
  });

  it("disk cache: a truncated cached icon is made again, not served", async () => {
    const dir = path.join(tmp, "disk-truncated");
    const one = createApp({ bundle, diskCacheDir: dir });
    const good = Buffer.from(await (await one.request(`${ICONS_PATH}/medium/classicon_rogue.jpg`)).arrayBuffer());
    const cached = readdirSync(path.join(dir, "medium")).find((f) => f.startsWith("classicon_rogue-"))!;
    writeFileSync(path.join(dir, "medium", cached), good.subarray(0, good.length >> 1));
    const c = countingResize();
    const two = createApp({ bundle, diskCacheDir: dir, resize: c.resize });
    const res = await two.request(`${ICONS_PATH}/medium/classicon_rogue.jpg`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(good)).toBe(true);
    expect(c.calls()).toBe(1);
    expect(readFileSync(path.join(dir, "medium", cached)).equals(good)).toBe(true); // rewritten whole
  });
});

describe("upstream: an incomplete body is a 502, never cached", () => {
  let server: Server;
  let base: string;
  const hits: string[] = [];
  /** What the upstream answers per name: the bytes and whether to cut the connection mid-body. */
  const serving = new Map<string, { bytes: Buffer; cut?: boolean }>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url!);
      const entry = serving.get(req.url!.replace(/^\/icons\//, ""));
      if (!entry) return void res.writeHead(404).end();
      if (entry.cut) {
        // promise the whole file, send half, then drop the connection
        res.writeHead(200, { "content-type": "image/jpeg", "content-length": String(entry.bytes.length * 2) });
        res.write(entry.bytes);
        setTimeout(() => res.destroy(), 20);
        return;
      }
      res.writeHead(200, { "content-type": "image/jpeg" }).end(entry.bytes);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/icons`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("a truncated or non-image upstream body -> 502 UPSTREAM_ERROR, neither remembered nor written to disk", async () => {
    const empty = path.join(tmp, "empty");
    mkdirSync(empty, { recursive: true });
    const disk = path.join(tmp, "upstream-disk");
    const app = createApp({ bundle, iconDir: empty, upstreamUrl: base, diskCacheDir: disk });
    serving.set("classicon_warrior.jpg", { bytes: jpeg.subarray(0, jpeg.length - 40) });
    serving.set("spell_deathknight_classicon.jpg", { bytes: Buffer.from("<html>soft 404</html>") });
    for (const name of ["classicon_warrior", "spell_deathknight_classicon"]) {
      hits.length = 0;
      for (let i = 0; i < 2; i++) {
        const res = await app.request(`${ICONS_PATH}/large/${name}.jpg`);
        expect(res.status, name).toBe(502);
        const err = await errorOf(res);
        expect(err.code).toBe("UPSTREAM_ERROR");
        expect(err.message).toMatch(/not a complete image/);
      }
      expect(hits, name).toEqual([`/icons/${name}.jpg`, `/icons/${name}.jpg`]); // fetched again: not remembered
    }
    expect(existsSync(disk)).toBe(false); // nothing written to the disk cache
    // the upstream recovers: served and cached
    serving.set("classicon_warrior.jpg", { bytes: jpeg });
    expect((await app.request(`${ICONS_PATH}/large/classicon_warrior.jpg`)).status).toBe(200);
    expect(readFileSync(path.join(disk, "source", "classicon_warrior.jpg")).equals(jpeg)).toBe(true);
  });

  it("a connection cut mid-body -> 502 UPSTREAM_ERROR (not a 500)", async () => {
    serving.set("classicon_demonhunter.jpg", { bytes: jpeg, cut: true });
    const app = createApp({ bundle, iconDir: path.join(tmp, "empty"), upstreamUrl: base });
    const res = await app.request(`${ICONS_PATH}/large/classicon_demonhunter.jpg`);
    expect(res.status).toBe(502);
    expect((await errorOf(res)).code).toBe("UPSTREAM_ERROR");
  });

  it("a truncated upstream source in the disk cache is fetched again", async () => {
    const disk = path.join(tmp, "upstream-disk-2");
    serving.set("classicon_evoker.jpg", { bytes: jpeg });
    mkdirSync(path.join(disk, "source"), { recursive: true });
    writeFileSync(path.join(disk, "source", "classicon_evoker.jpg"), jpeg.subarray(0, 100));
    hits.length = 0;
    const app = createApp({ bundle, iconDir: path.join(tmp, "empty"), upstreamUrl: base, diskCacheDir: disk });
    expect((await app.request(`${ICONS_PATH}/small/classicon_evoker.jpg`)).status).toBe(200);
    expect(hits).toEqual(["/icons/classicon_evoker.jpg"]);
    expect(readFileSync(path.join(disk, "source", "classicon_evoker.jpg")).equals(jpeg)).toBe(true);
  });
});
