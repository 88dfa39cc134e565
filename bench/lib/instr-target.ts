// Child process of bench/instructions.ts (run under valgrind): compiles the Beast Mastery image, warms
// the wasm up, then runs MEASURE iterations. Instruction counts of a MEASURE=0 run are subtracted.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prepareSimulation } from "../../src/engine/simulate.js";
import { runImage } from "../../src/engine/run.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const spec = process.env.SPEC ?? "beast-mastery";
const warm = Number(process.env.WARM ?? 1000);
const measure = Number(process.env.MEASURE ?? 0);
// PREFER=simc measures the spec's SimC APL where a .json rotation also exists
const prefer = process.env.PREFER === "simc" || process.env.PREFER === "json" ? process.env.PREFER : undefined;
// VARY=<fraction>: the fight length variation (default: simulate()'s, 0.2; VARY=0 = fixed lengths)
const vary = process.env.VARY;
// REACTION=0: the reaction model off (docs/fights.md "Reaction time and latency"; default: on, SimC's defaults)
const reactionOff = process.env.REACTION === "0";
const prep = await prepareSimulation({ dataDir: path.resolve(here, "../../data"), spec, seed: 1, ...(prefer ? { preferRotation: prefer } : {}), ...(vary !== undefined ? { varyLength: Number(vary) } : {}), ...(reactionOff ? { reaction: false as const } : {}) });
runImage(prep.image, { iterations: warm, seed: 1n, chunkId: 1_000_000 });
if (measure > 0) {
  const r = runImage(prep.image, { iterations: measure, seed: 1n, chunkId: 0 });
  process.stdout.write(`events ${r.events}\n`);
}
