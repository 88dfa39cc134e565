// loadDataBundle over HTTP: the repo's embedded data dir (`data/`) served by a real node:http
// server must load into the same bundle as the folder itself; status codes and bad CSV map to
// the typed errors with the URL in the message.
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle, loadDataBundleWith } from "../src/data/bundle.js";
import { CsvError, DataError } from "../src/data/errors.js";
import { fetchDataSource, FETCH_CONCURRENCY } from "../src/data/source.js";
import { TABLE_NAMES } from "../src/data/tables.js";
import type { DataBundle, Table } from "../src/data/types.js";

/** The CSV path/URL a table came from (CsvTable.file; not part of the Table interface). */
const fileOf = (t: Table): string => (t as Table & { file: string }).file;

const REPO = path.resolve(import.meta.dirname, "..");
const EMBEDDED = path.join(REPO, "data");

// Mounts: /repo/… -> the embedded data dir, /tmp/… -> a scratch data dir written by a test.
const scratch = mkdtempSync(path.join(os.tmpdir(), "combatsim-src-"));
/** Exact request path -> status to answer instead of the file. */
const overrides = new Map<string, number>();
let inFlight = 0;
let maxInFlight = 0;
let requests: string[] = [];
let server: Server;
let base: string;

function serve(): Promise<void> {
  server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    requests.push(pathname);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // a short delay keeps requests overlapping, so the concurrency bound is observable
    setTimeout(() => {
      const done = (status: number, body: string | Buffer = "") => {
        inFlight--;
        res.writeHead(status, { "content-type": "text/plain; charset=utf-8" }).end(body);
      };
      const status = overrides.get(pathname);
      if (status !== undefined) return done(status, `status ${status}`);
      const m = /^\/(repo|tmp)\/(.*)$/.exec(pathname);
      if (!m || m[2]!.split("/").includes("..")) return done(404);
      const file = path.join(m[1] === "repo" ? EMBEDDED : scratch, m[2]!);
      try {
        if (!statSync(file).isFile()) return done(404);
        done(200, readFileSync(file));
      } catch {
        done(404);
      }
    }, 2);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
}

let fsBundle: DataBundle;

beforeAll(async () => {
  await serve();
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fsBundle = await loadDataBundle(EMBEDDED);
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
  rmSync(scratch, { recursive: true, force: true });
});

function resetCounters(): void {
  requests = [];
  maxInFlight = 0;
  overrides.clear();
}

async function rejectsWith(p: Promise<unknown>, code: string): Promise<DataError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DataError);
  expect((err as DataError).code).toBe(code);
  return err as DataError;
}

describe("loadDataBundle over http", () => {
  it("loads the embedded data/ served over HTTP into the same tables as the folder", async () => {
    resetCounters();
    const http = await loadDataBundle(`${base}/repo/`);
    // HTTP cannot list: exactly the known tables (the folder holds no extra CSVs either)
    expect(http.tableNames()).toEqual([...TABLE_NAMES]);
    expect(fsBundle.tableNames()).toEqual([...TABLE_NAMES]);
    let present = 0;
    for (const name of TABLE_NAMES) {
      const a = fsBundle.table(name);
      const b = http.table(name);
      expect(b.columns, name).toEqual(a.columns);
      expect(b.rows, name).toEqual(a.rows);
      expect(b.isFixture, name).toBe(a.isFixture);
      expect(b.origin, name).toBe(a.origin);
      if (b.columns.length > 0) present++; // has a header = the file was served
    }
    // every CSV of data/data/tables was served; the other known tables are 404 -> empty
    expect(present).toBe(readdirSync(path.join(EMBEDDED, "data/tables")).filter((f) => f.endsWith(".csv")).length);
    expect(present).toBeGreaterThan(80);
    for (const name of ["ChrSpecialization", "SpellName", "CombatRatings"]) {
      expect(http.table(name).size, name).toBeGreaterThan(0);
    }
    // spot values, independent of the fs loader: spec 253 is Beast Mastery (class 3)
    expect(http.table("ChrSpecialization").byId(253)!.Name_lang).toBe("Beast Mastery");
    expect(http.table("ChrSpecialization").byId(253)!.ClassID).toBe(3);
    // isFixture comes from data/fixtures.json fetched over HTTP
    const fixtures = Object.keys(
      (JSON.parse(readFileSync(path.join(EMBEDDED, "data/fixtures.json"), "utf8")) as { tables: object }).tables,
    );
    expect(fixtures).toContain("CurvePoint");
    expect(requests).toContain("/repo/data/fixtures.json");
    // origin "dump" comes from data/spell-dump.json fetched over HTTP
    expect(requests).toContain("/repo/data/spell-dump.json");
    expect(http.table("SpellEffect").origin).toBe("dump");
    for (const name of TABLE_NAMES) expect(http.table(name).isFixture, name).toBe(fixtures.includes(name));
    expect(fileOf(http.table("SpellName"))).toBe(`${base}/repo/data/tables/SpellName.csv`);
    // data/index.json says which tables exist: the index, one request per present table +
    // fixtures.json + spell-dump.json, no 404s; at most FETCH_CONCURRENCY in flight
    expect(requests.length).toBe(1 + present + 2);
    expect(requests).toContain("/repo/index.json");
    expect(maxInFlight).toBeLessThanOrEqual(FETCH_CONCURRENCY);
    expect(maxInFlight).toBeGreaterThan(1);
  });

  it("honours a smaller concurrency bound", async () => {
    resetCounters();
    const b = await loadDataBundleWith(`${base}/repo/`, { concurrency: 2 });
    expect(b.table("SpellName").rows).toEqual(fsBundle.table("SpellName").rows);
    expect(maxInFlight).toBeLessThanOrEqual(2);
  });

  it("accepts a URL object and a base without the trailing slash", async () => {
    resetCounters();
    const b = await loadDataBundle(new URL(`${base}/repo`));
    expect(b.table("CombatRatings").rows).toEqual(fsBundle.table("CombatRatings").rows);
    expect(requests).toContain("/repo/data/tables/CombatRatings.csv");
  });

  it("a file: URL is the local folder", async () => {
    const b = await loadDataBundle(pathToFileURL(EMBEDDED));
    expect(fileOf(b.table("SpellName"))).toBe(path.join(EMBEDDED, "data/tables/SpellName.csv"));
    expect(b.table("SpellName").rows).toEqual(fsBundle.table("SpellName").rows);
  });

  it("a 404 for a table gives an empty table, other tables still load", async () => {
    resetCounters();
    overrides.set("/repo/data/tables/SpellName.csv", 404);
    const b = await loadDataBundle(`${base}/repo/`);
    expect(b.table("SpellName").columns).toEqual([]);
    expect(b.table("SpellName").rows).toEqual([]);
    expect(b.table("SpellName").byId(1)).toBeUndefined();
    expect(b.table("ChrSpecialization").rows).toEqual(fsBundle.table("ChrSpecialization").rows);
  });

  it("a 404 for fixtures.json means no fixtures", async () => {
    resetCounters();
    overrides.set("/repo/data/fixtures.json", 404);
    const b = await loadDataBundle(`${base}/repo/`);
    expect(b.table("CombatRatings").size).toBeGreaterThan(0);
    expect(b.table("CombatRatings").isFixture).toBe(false);
  });

  it("a 500 for a table is READ_FAILED naming the URL and the status", async () => {
    resetCounters();
    overrides.set("/repo/data/tables/Spell.csv", 500);
    const err = await rejectsWith(loadDataBundle(`${base}/repo/`), "READ_FAILED");
    expect(err.message).toContain(`${base}/repo/data/tables/Spell.csv`);
    expect(err.message).toContain("HTTP 500");
  });

  it("a 403 for fixtures.json is READ_FAILED naming its URL", async () => {
    resetCounters();
    overrides.set("/repo/data/fixtures.json", 403);
    const err = await rejectsWith(loadDataBundle(`${base}/repo/`), "READ_FAILED");
    expect(err.message).toContain(`${base}/repo/data/fixtures.json`);
    expect(err.message).toContain("HTTP 403");
  });

  it("a network failure (nothing listening) is READ_FAILED naming the URL", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await rejectsWith(loadDataBundle(`http://127.0.0.1:${port}/`), "READ_FAILED");
    expect(err.message).toContain(`cannot fetch http://127.0.0.1:${port}/`);
  });

  it("malformed CSV over HTTP is a CsvError naming the URL and the physical line", async () => {
    resetCounters();
    mkdirSync(path.join(scratch, "data/tables"), { recursive: true });
    // line 1 header, line 2 fine, line 3 has one cell too many
    writeFileSync(path.join(scratch, "data/tables/SpellName.csv"), "ID,Name_lang\n1,Auto Shot\n2,Kill Command,extra\n");
    const err = await rejectsWith(loadDataBundle(`${base}/tmp/`), "CSV_RAGGED_ROW");
    expect(err).toBeInstanceOf(CsvError);
    const url = `${base}/tmp/data/tables/SpellName.csv`;
    expect((err as CsvError).file).toBe(url);
    expect((err as CsvError).line).toBe(3);
    expect(err.message).toContain(`${url}:3:`);
  });

  it("invalid fixtures.json over HTTP is BAD_FIXTURES_JSON naming the URL", async () => {
    resetCounters();
    rmSync(path.join(scratch, "data"), { recursive: true, force: true });
    mkdirSync(path.join(scratch, "data"), { recursive: true });
    writeFileSync(path.join(scratch, "data/fixtures.json"), "{not json");
    const err = await rejectsWith(loadDataBundle(`${base}/tmp/`), "BAD_FIXTURES_JSON");
    expect(err.message).toContain(`${base}/tmp/data/fixtures.json`);
  });
});

describe("fetchDataSource", () => {
  it("resolves paths against the base as a folder and cannot list", async () => {
    const src = fetchDataSource("https://example.org/combatsim/data?x=1#y");
    expect(src.root).toBe("https://example.org/combatsim/data/");
    expect(src.describe("data/tables/Spell.csv")).toBe("https://example.org/combatsim/data/data/tables/Spell.csv");
    expect(await src.list("data/tables")).toEqual([]);
  });

  it("uses an injected fetch and keeps at most `concurrency` calls pending", async () => {
    let pending = 0;
    let peak = 0;
    const fakeFetch = (async (input: string | URL | Request) => {
      pending++;
      peak = Math.max(peak, pending);
      await new Promise((r) => setTimeout(r, 1));
      pending--;
      return new Response(`ID\n${String(input).length}\n`, { status: 200 });
    }) as typeof fetch;
    const src = fetchDataSource("http://h/", { fetch: fakeFetch, concurrency: 3 });
    const texts = await Promise.all(Array.from({ length: 20 }, (_, i) => src.readText(`t${i}.csv`)));
    expect(texts[0]).toBe(`ID\n${"http://h/t0.csv".length}\n`);
    expect(peak).toBe(3);
  });

  it("rejects non-http URLs and bad concurrency", () => {
    expect(() => fetchDataSource("ftp://example.org/")).toThrow(DataError);
    expect(() => fetchDataSource("http://h/", { concurrency: 0 })).toThrow(/concurrency/);
  });

  it("an unsupported URL protocol for loadDataBundle is NO_DATA_DIR", async () => {
    await rejectsWith(loadDataBundle(new URL("ftp://example.org/data/")), "NO_DATA_DIR");
  });
});
