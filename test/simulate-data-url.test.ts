// simulate() with an http(s) data URL resolves everything — tables, the manifest and the pieces it
// `extends`, the rotation (.json or .simc) and the profile — from that URL exactly as from the folder
// (src/data/spec-files.ts: one resolver, two readers), asking only for files data/index.json lists.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate } from "../src/index.js";

const DATA = path.resolve(import.meta.dirname, "../data");

let server: Server;
let base: string;
const requests: { path: string; status: number }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname).slice(1);
    const file = path.join(DATA, rel);
    let status = 404;
    try {
      if (!rel.split("/").includes("..") && statSync(file).isFile()) status = 200;
    } catch {
      status = 404;
    }
    requests.push({ path: rel, status });
    if (status === 200) res.writeHead(200).end(readFileSync(file));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const RUN = { iterations: 300, duration: 60, seed: 7, timeline: false } as const;

describe("simulate({ dataDir: <http URL> })", () => {
  it("Beast Mastery (manifest extends hunter + raid): the same result as from the folder, no 404", async () => {
    requests.length = 0;
    const overHttp = await simulate({ ...RUN, spec: "beast-mastery", dataDir: base });
    const fromFolder = await simulate({ ...RUN, spec: "beast-mastery", dataDir: DATA });
    expect(overHttp.dps).toEqual(fromFolder.dps);
    expect(overHttp.histogram.hdrV2Base64).toBe(fromFolder.histogram.hdrV2Base64);
    expect({ ...overHttp.rotation, file: "" }).toEqual({ ...fromFolder.rotation, file: "" });
    expect(overHttp.rotation.file.startsWith(`${base}specs/beast-mastery/rotation.`)).toBe(true);
    expect(requests.filter((r) => r.status !== 200)).toEqual([]);
    const got = requests.map((r) => r.path);
    // the manifest, each piece it extends, the profile and the rotation came over HTTP
    for (const f of ["index.json", "specs/beast-mastery/manifest.json", "specs/_class/hunter.json", "specs/_shared/raid.json", "specs/beast-mastery/profile.json"]) expect(got).toContain(f);
    expect(got.some((f) => f.startsWith("specs/beast-mastery/rotation."))).toBe(true);
  });

  it("a spec whose only rotation is a SimC .simc resolves it over HTTP", async () => {
    const simcOnly = readdirSync(path.join(DATA, "specs"))
      .filter((s) => !s.startsWith("_"))
      .find((s) => existsSync(path.join(DATA, "specs", s, "rotation.simc")) && !existsSync(path.join(DATA, "specs", s, "rotation.json")));
    expect(simcOnly, "a spec with only a .simc rotation").toBeDefined();
    requests.length = 0;
    const r = await simulate({ ...RUN, iterations: 100, spec: simcOnly!, dataDir: base });
    expect(r.rotation.file).toBe(`${base}specs/${simcOnly}/rotation.simc`);
    expect(r.dps.mean).toBeGreaterThan(0);
    // the index said there is no <spec>.json: it was never requested
    expect(requests.map((x) => x.path)).not.toContain(`specs/${simcOnly}/rotation.json`);
    expect(requests.filter((x) => x.status !== 200)).toEqual([]);
  });

  it("an unknown spec over HTTP is the same typed error as from a folder, without a request for it", async () => {
    requests.length = 0;
    type E = { code?: string; message?: string };
    const err = await simulate({ ...RUN, spec: "not-a-spec", dataDir: base }).then(() => ({}) as E, (e: unknown) => e as E);
    const local = await simulate({ ...RUN, spec: "not-a-spec", dataDir: DATA }).then(() => ({}) as E, (e: unknown) => e as E);
    expect(err.code).toBeDefined();
    expect(err.code).toBe(local.code);
    expect(requests.filter((x) => x.status !== 200)).toEqual([]);
  });
});
