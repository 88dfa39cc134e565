// The page (web/) in a real browser: Debian's chromium driven by playwright-core (.ci/run installs
// chromium when it is missing; ../shared/TOOLCHAIN.md). The built page is served as static files
// from 127.0.0.1; the test runs Beast Mastery 300 s × 5,000 iterations on 2 Web Workers and checks:
// - the result equals Node's simulate() for the same config and seed, bit for bit (mean, stddev,
//   min, max, the HDR histogram bytes), and the DPS shown is that mean;
// - the main thread kept painting during the run (animation frames counted while it ran);
// - Cancel stops a long run (SIM_CANCELLED, well before its end);
// - a rotation syntax error shows the typed message naming list, entry and column, and blocks Run.
// Screenshots before and after the run go to test/artifacts/ (gitignored).
import { existsSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWeb } from "../scripts/web-build.js";
import { serveStatic, type StaticServer } from "../scripts/web-serve.js";
import { simulate } from "../src/index.js";

export const CHROMIUM = process.env["COMBATSIM_CHROMIUM"] ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];
const ARTIFACTS = path.resolve(import.meta.dirname, "artifacts");
const RUN = { spec: "beast-mastery", duration: 300, iterations: 5000, seed: 1 } as const;

let server: StaticServer;
let browser: Browser;
let page: Page;

interface PageState {
  state: string;
  result: { dps: { mean: number; stddev: number; min: number; max: number }; histogram: { hdrV2Base64: string }; iterations: number; threads: number; elapsedMs: number } | null;
  error: string | null;
}
const pageState = (): Promise<PageState> => page.evaluate(() => (globalThis as unknown as { combatsimPage: PageState }).combatsimPage);

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does this), or set COMBATSIM_CHROMIUM`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const dir = path.join(os.tmpdir(), `combatsim-web-${process.pid}`);
  await buildWeb(dir, { minify: false });
  server = await serveStatic(dir);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
  const failed: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  page.on("pageerror", (e) => failed.push(`page error: ${e.message}`));
  await page.goto(server.url);
  await page.waitForSelector("body[data-state=ready]", { timeout: 60_000 });
  // every request the page made found its file (data/index.json: no guessing, no 404)
  expect(failed).toEqual([]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the web page in Chromium", () => {
  it("runs BM 300 s × 5,000 on 2 Web Workers: equal to Node's simulate bit for bit, while the page keeps painting", async () => {
    await page.screenshot({ path: path.join(ARTIFACTS, "browser-page-before.png"), fullPage: true });
    await page.fill("#threads", "2");
    await page.fill("#iterations", String(RUN.iterations));
    await page.fill("#duration", String(RUN.duration));
    await page.fill("#seed", String(RUN.seed));
    await page.selectOption("#spec", RUN.spec);
    await page.waitForSelector("body[data-state=ready]");
    // count animation frames while the run is under way (the page's state is "running")
    await page.evaluate(() => {
      const w = globalThis as unknown as { frames: number; combatsimPage: { state: string } };
      w.frames = 0;
      const tick = (): void => {
        if (w.combatsimPage.state === "running") w.frames++;
        if (w.combatsimPage.state !== "done") requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.click("#run");
    await page.waitForSelector("body[data-state=done]", { timeout: 180_000 });
    const s = await pageState();
    const frames = await page.evaluate(() => (globalThis as unknown as { frames: number }).frames);
    await page.screenshot({ path: path.join(ARTIFACTS, "browser-page-after.png"), fullPage: true });

    const node = await simulate({ ...RUN, timeline: false });
    expect(s.error).toBeNull();
    expect(s.result!.threads).toBe(2);
    expect(s.result!.iterations).toBe(RUN.iterations);
    expect(s.result!.dps).toEqual(node.dps); // exact: toEqual compares numbers with Object.is
    expect(s.result!.histogram.hdrV2Base64).toBe(node.histogram.hdrV2Base64);
    // the DPS the report shows is that mean (the report's own formatting: en-US, 1 decimal)
    const shown = await page.locator("#report #dps-mean").innerText();
    expect(shown.startsWith(`${node.dps.mean.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} DPS`)).toBe(true);
    // the report's sections (one renderer with the --html file) are there
    for (const id of ["distribution", "per-second", "spells", "auras", "resources", "timeline"]) await expect(page.locator(`#report #${id}`).count()).resolves.toBe(1);
    // painting went on: at least 5 frames per second of the run's wall time (Chromium paints ~60/s when free)
    expect(frames).toBeGreaterThanOrEqual(Math.max(5, Math.floor((s.result!.elapsedMs / 1000) * 5)));
  }, 240_000);

  it("1, 2 and 4 Web Workers: the whole result equals Node's (same chunk plan and merge)", async () => {
    const small = { spec: RUN.spec, duration: 60, iterations: 1200, seed: 42 };
    await page.fill("#iterations", String(small.iterations));
    await page.fill("#duration", String(small.duration));
    await page.fill("#seed", String(small.seed));
    // what may differ between hosts: the wall time, the worker count, where the rotation file was read from
    const stable = (r: unknown): string => {
      const { elapsedMs: _e, threads: _t, rotation, ...rest } = r as { elapsedMs: number; threads: number; rotation: { file: string } };
      return JSON.stringify({ ...rest, rotation: { ...rotation, file: path.basename(rotation.file) } });
    };
    const node = stable(await simulate(small));
    for (const workers of [1, 2, 4]) {
      await page.fill("#threads", String(workers));
      await page.waitForSelector("#run:not([disabled])");
      await page.evaluate(() => (document.body.dataset["state"] = "ready"));
      await page.click("#run");
      await page.waitForSelector("body[data-state=done]", { timeout: 120_000 });
      const s = await pageState();
      expect(s.result!.threads, `${workers} workers`).toBe(workers);
      expect(stable(s.result), `${workers} workers`).toBe(node);
    }
  }, 300_000);

  it("Cancel stops a long run", async () => {
    await page.fill("#iterations", "2000000");
    await page.waitForSelector("#run:not([disabled])");
    await page.click("#run");
    await page.waitForFunction(() => /iterations, /.test(document.getElementById("status")!.textContent ?? ""), undefined, { timeout: 60_000 });
    const t0 = Date.now();
    await page.click("#cancel");
    await page.waitForSelector("body[data-state=cancelled]", { timeout: 10_000 });
    expect(Date.now() - t0).toBeLessThan(5000);
    const s = await pageState();
    expect(s.error).toMatch(/^\[SIM_CANCELLED\]/);
    expect(await page.locator("#progress").evaluate((p) => (p as HTMLProgressElement).value)).toBeLessThan(0.5);
    await expect(page.locator("#run").isEnabled()).resolves.toBe(true);
  }, 120_000);

  it("a rotation syntax error shows the typed message (list, entry, column) and blocks Run", async () => {
    await page.fill("#rotation", JSON.stringify({ main: "default", lists: { default: [{ cast: "kill_command", if: "focus > 50 & (cooldown.bestial_wrath.ready" }] } }));
    const box = page.locator("#rotation-error");
    await box.waitFor({ state: "visible", timeout: 30_000 });
    const text = await box.innerText();
    expect(text).toContain("[ROTATION_UNBALANCED_PAREN]");
    expect(text).toMatch(/list "default" entry 0 field "if" column 14/);
    await expect(page.locator("#run").isDisabled()).resolves.toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, "browser-page-rotation-error.png") });
    await page.click("#reset");
    await box.waitFor({ state: "hidden", timeout: 30_000 });
  }, 60_000);
});
