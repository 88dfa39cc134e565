// The page: pick a spec and a fight, edit the profile and rotation (checked inline, web/check.ts), run
// on Web Workers with a live progress bar and Cancel, read the result rendered by the same HTML
// report renderer as `combatsim sim --html` (in a shadow root), download the result JSON.
// Game data comes from this page's own origin: `data/` next to the page (its index.json lists the
// files). `npm run web` builds this file to web/dist/main.js (scripts/web-build.ts).
import { loadDataBundle, parseDataIndex, renderReportBody, reportCss, simulate, SPEC_CATALOG, type DataBundle, type SimulateConfig, type SimulateResult } from "../src/browser.js";
import { specFileRel, type SpecFileKind } from "../src/data/spec-layout.js";
import { checkInputs, type CheckResult } from "./check.js";

const DATA_URL = new URL("data/", location.href).href;
const WORKER_URL = new URL("worker.js", import.meta.url).href;
/** With a target error, the run stops there or at this many iterations. */
const TARGET_ERROR_MAX_ITERATIONS = 1_000_000;

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const el = {
  spec: $<HTMLSelectElement>("spec"),
  duration: $<HTMLInputElement>("duration"),
  targets: $<HTMLInputElement>("targets"),
  seed: $<HTMLInputElement>("seed"),
  iterations: $<HTMLInputElement>("iterations"),
  targetError: $<HTMLInputElement>("target-error"),
  threads: $<HTMLInputElement>("threads"),
  profile: $<HTMLTextAreaElement>("profile"),
  rotation: $<HTMLTextAreaElement>("rotation"),
  run: $<HTMLButtonElement>("run"),
  cancel: $<HTMLButtonElement>("cancel"),
  reset: $<HTMLButtonElement>("reset"),
  progress: $<HTMLProgressElement>("progress"),
  status: $("status"),
  results: $("results"),
  report: $("report"),
  download: $<HTMLButtonElement>("download"),
};

interface Defaults {
  profile: string;
  profileFile: string;
  rotation: string;
  rotationFile: string;
}

/** What tests and tools can read: the last result / error and the page's state. */
interface PageState {
  state: "loading" | "ready" | "invalid" | "running" | "done" | "cancelled" | "failed";
  result: SimulateResult | null;
  error: string | null;
}
const page: PageState = { state: "loading", result: null, error: null };
(globalThis as { combatsimPage?: PageState }).combatsimPage = page;

function setState(s: PageState["state"], status: string): void {
  page.state = s;
  document.body.dataset["state"] = s;
  el.status.textContent = status;
}

let bundle: DataBundle;
let files = new Set<string>();
let defaults: Defaults | null = null;
let running: AbortController | null = null;

async function fetchText(rel: string): Promise<string> {
  const res = await fetch(new URL(rel, DATA_URL));
  if (!res.ok) throw new Error(`cannot fetch ${DATA_URL}${rel}: HTTP ${res.status}`);
  return res.text();
}

/** Specs whose folder in the data dir holds a manifest, a profile and a rotation can run; the others are listed as not yet implemented. */
function fillSpecs(): void {
  const has = (kind: SpecFileKind, slug: string, ext = ".json") => files.has(specFileRel(kind, slug, ext));
  const runnable = (slug: string) => has("manifests", slug) && has("profiles", slug) && (has("rotations", slug) || has("rotations", slug, ".simc"));
  const label = (s: (typeof SPEC_CATALOG)[number]) => `${s.name} ${s.className}`;
  const ready = SPEC_CATALOG.filter((s) => s.implemented && runnable(s.slug));
  const later = SPEC_CATALOG.filter((s) => !ready.includes(s));
  const group = (name: string, specs: typeof ready, disabled: boolean) => {
    const g = document.createElement("optgroup");
    g.label = name;
    for (const s of specs) {
      const o = new Option(label(s), s.slug, false, false);
      o.disabled = disabled;
      g.append(o);
    }
    return g;
  };
  el.spec.replaceChildren(group("Implemented", ready, false), group(`Not yet implemented (${later.length})`, later, true));
  el.spec.value = ready.some((s) => s.slug === "beast-mastery") ? "beast-mastery" : (ready[0]?.slug ?? "");
}

/** The spec's own profile and rotation (the rotation simulate() picks by default: `.json` before `.simc`). */
async function loadDefaults(slug: string): Promise<void> {
  const json = specFileRel("rotations", slug);
  const rotationFile = files.has(json) ? json : specFileRel("rotations", slug, ".simc");
  const profileFile = specFileRel("profiles", slug);
  const [profile, rotation] = await Promise.all([fetchText(profileFile), fetchText(rotationFile)]);
  defaults = { profile, profileFile, rotation, rotationFile };
  el.profile.value = profile;
  el.rotation.value = rotation;
  $("profile-file").textContent = `data/${defaults.profileFile}`;
  $("rotation-file").textContent = `data/${defaults.rotationFile}`;
}

function fight(): { duration: number; targets: number; seed: number; threads: number } {
  return { duration: Number(el.duration.value), targets: Number(el.targets.value), seed: Number(el.seed.value), threads: Number(el.threads.value) };
}

function showError(box: "profile" | "rotation" | "fight", message: string | null): void {
  const p = $(`${box}-error`);
  p.hidden = message === null;
  p.textContent = message ?? "";
  if (box !== "fight") $(box).classList.toggle("invalid", message !== null);
}

let lastCheck: CheckResult | null = null;
let checkSeq = 0;

/** Checks the editors (debounced by the caller); enables Run only when everything compiles. */
async function check(): Promise<CheckResult | null> {
  if (!defaults) return null;
  const seq = ++checkSeq;
  const f = fight();
  const r = await checkInputs({
    spec: el.spec.value,
    bundle,
    dataDir: DATA_URL,
    duration: f.duration,
    targets: f.targets,
    ...(el.profile.value !== defaults.profile ? { profileText: el.profile.value } : {}),
    ...(el.rotation.value !== defaults.rotation ? { rotationText: el.rotation.value } : {}),
  });
  if (seq !== checkSeq) return null; // a newer edit is being checked
  lastCheck = r;
  showError("profile", r.profile);
  showError("rotation", r.rotation);
  showError("fight", r.fight);
  $("rotation-summary").textContent = r.summary;
  if (!running) {
    el.run.disabled = !r.ok;
    setState(r.ok ? "ready" : "invalid", r.ok ? "ready" : "fix the errors above to run");
  }
  return r;
}

let checkTimer: ReturnType<typeof setTimeout> | undefined;
function checkSoon(): void {
  clearTimeout(checkTimer);
  el.run.disabled = true;
  checkTimer = setTimeout(() => void check(), 250);
}

function stopRule(): Pick<SimulateConfig, "iterations" | "targetError"> {
  const target = (document.querySelector('input[name="stop"]:checked') as HTMLInputElement).value === "target";
  return target ? { iterations: TARGET_ERROR_MAX_ITERATIONS, targetError: Number(el.targetError.value) } : { iterations: Number(el.iterations.value) };
}

async function run(): Promise<void> {
  const c = await check();
  if (!c?.ok || running) return;
  running = new AbortController();
  el.run.disabled = true;
  el.cancel.disabled = false;
  el.progress.value = 0;
  setState("running", "starting workers…");
  const f = fight();
  const stop = stopRule();
  try {
    const result = await simulate({
      spec: el.spec.value,
      bundle,
      dataDir: DATA_URL,
      workerUrl: WORKER_URL,
      duration: f.duration,
      targets: f.targets,
      seed: f.seed,
      threads: f.threads,
      ...stop,
      ...c.overrides,
      signal: running.signal,
      onProgress: (p) => {
        el.progress.value = stop.targetError !== undefined ? Math.min(1, stop.targetError / p.relativeError) : p.iterations / p.maxIterations;
        const rate = p.elapsedMs > 0 ? Math.round((p.iterations / p.elapsedMs) * 1000) : 0;
        el.status.textContent = `${p.iterations.toLocaleString("en-US")} iterations, ${p.dpsMean.toFixed(1)} DPS ± ${p.relativeError.toFixed(3)} %, ${rate.toLocaleString("en-US")} it/s`;
      },
    });
    page.result = result;
    page.error = null;
    showResult(result);
    el.progress.value = 1;
    setState("done", `done: ${result.iterations.toLocaleString("en-US")} iterations in ${(result.elapsedMs / 1000).toFixed(2)} s on ${result.threads} worker(s)`);
  } catch (e) {
    const err = e as { code?: string; message?: string };
    page.error = `[${err.code ?? "ERROR"}] ${err.message ?? String(e)}`;
    if (err.code === "SIM_CANCELLED") setState("cancelled", "cancelled");
    else {
      showError("fight", page.error);
      setState("failed", "failed (see the message above)");
    }
  } finally {
    running = null;
    el.cancel.disabled = true;
    el.run.disabled = !(lastCheck?.ok ?? false);
  }
}

/** The report's sections, rendered by the same function as the `--html` file, isolated in a shadow root. */
function showResult(r: SimulateResult): void {
  const root = el.report.shadowRoot ?? el.report.attachShadow({ mode: "open" });
  root.innerHTML = `<style>${reportCss().replace(/\bbody\{/, ":host{display:block;")}</style>${renderReportBody(r)}`;
  el.results.hidden = false;
}

function download(): void {
  if (!page.result) return;
  const blob = new Blob([`${JSON.stringify(page.result, null, 1)}\n`], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `combatsim-${page.result.spec}-${page.result.seed}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function start(): Promise<void> {
  el.threads.value = String(Math.max(1, Math.min(2, navigator.hardwareConcurrency || 1)));
  const [indexText, b] = await Promise.all([fetchText("index.json"), loadDataBundle(DATA_URL)]);
  files = new Set(parseDataIndex(indexText, `${DATA_URL}index.json`).files);
  bundle = b;
  fillSpecs();
  await loadDefaults(el.spec.value);
  el.spec.addEventListener("change", () => void loadDefaults(el.spec.value).then(check));
  for (const i of [el.profile, el.rotation, el.duration, el.targets]) i.addEventListener("input", checkSoon);
  el.reset.addEventListener("click", () => void loadDefaults(el.spec.value).then(check));
  el.cancel.addEventListener("click", () => running?.abort());
  el.download.addEventListener("click", download);
  $("config").addEventListener("submit", (e) => {
    e.preventDefault();
    void run();
  });
  await check();
}

start().catch((e: unknown) => {
  const err = e as { code?: string; message?: string };
  page.error = `[${err.code ?? "ERROR"}] ${err.message ?? String(e)}`;
  showError("fight", page.error);
  setState("failed", "could not load the game data");
});
