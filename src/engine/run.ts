// Host side of a run: encode the SpecImage, copy it into wasm memory once, run all iterations inside
// wasm (engineRun), read the accumulators back. See docs/engine-image.md.
import { CombatsimError } from "../errors.js";
import { wasm, wasmF64, wasmI32, scratchF64 } from "./wasm.js";
import { encodeImage, type EncodedImage, type SpecImage } from "./image.js";

export interface RunOptions {
  iterations: number;
  /** Seed base (u64). Iteration i of chunk c uses seedFor(seed, c, i). */
  seed: bigint | number;
  chunkId?: number;
  /** First iteration index of this chunk (default 0). */
  iterationStart?: number;
  /** Also return the DPS of every iteration. */
  perIteration?: boolean;
}

export interface SpellResult {
  id: number;
  name: string;
  casts: number;
  damage: number;
  hits: number;
  crits: number;
}

export interface RunResult {
  iterations: number;
  events: number;
  dps: { mean: number; min: number; max: number; stddev: number; n: number; m2: number };
  damage: { total: number; pet: number };
  perIteration?: Float64Array;
  spells: SpellResult[];
  warnings: { unknownSpellCasts: number };
  error?: "EventBudgetExceeded";
}

/** Bad run options, or an image the wasm loader rejected. */
export class RunError extends CombatsimError {
  constructor(code: "ENGINE_RUN_OPTIONS" | "ENGINE_LOAD_FAILED", message: string) {
    super(code, message);
  }
}

const LOAD_ERRORS = ["OK", "bad image version", "bad section table", "rotation bytecode header rejected", "too many entities"];
const RESULT_HEADER = 16;

/** Writes an encoded image into wasm memory and loads it. */
function load(enc: EncodedImage, name: string): void {
  const fp = wasm.engineImageF64(enc.f64.length);
  wasmF64(fp, enc.f64.length).set(enc.f64);
  const ip = wasm.engineImageI32(enc.i32.length);
  wasmI32(ip, enc.i32.length).set(enc.i32);
  const rc = wasm.engineLoad();
  if (rc !== 0) throw new RunError("ENGINE_LOAD_FAILED", `spec image "${name}": wasm engineLoad failed: ${LOAD_ERRORS[rc] ?? `code ${rc}`}`);
}

/** Runs `opts.iterations` iterations of `image` inside wasm and returns the accumulated results. */
export function runImage(image: SpecImage, opts: RunOptions): RunResult {
  const n = opts.iterations;
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 31 - 1) throw new RunError("ENGINE_RUN_OPTIONS", `runImage: iterations must be an integer >= 1, got ${String(n)}`);
  const chunkId = opts.chunkId ?? 0;
  const start = opts.iterationStart ?? 0;
  for (const [k, v] of [["chunkId", chunkId], ["iterationStart", start]] as const) {
    if (!Number.isInteger(v) || v < 0 || v > 2 ** 32 - 1) throw new RunError("ENGINE_RUN_OPTIONS", `runImage: ${k} must be a u32, got ${String(v)}`);
  }
  let seed: bigint;
  if (typeof opts.seed === "bigint") seed = opts.seed;
  else if (Number.isSafeInteger(opts.seed) && opts.seed >= 0) seed = BigInt(opts.seed);
  else throw new RunError("ENGINE_RUN_OPTIONS", `runImage: seed must be a bigint or a non-negative safe integer, got ${String(opts.seed)}`);
  if (seed < 0n || seed >= 1n << 64n) throw new RunError("ENGINE_RUN_OPTIONS", `runImage: seed must fit in u64, got ${seed}`);

  const enc = encodeImage(image);
  load(enc, image.name);
  wasm.engineResetAccumulators();
  const per = opts.perIteration ? scratchF64("engine.perIteration", n) : null;
  const done = wasm.engineRun(n, seed, chunkId, start, per ? per.ptr : 0);
  const nSpells = image.spells.length;
  const out = scratchF64("engine.results", RESULT_HEADER + 4 * nSpells);
  wasm.engineResults(out.ptr);
  const r = out.read(RESULT_HEADER + 4 * nSpells);
  const cnt = r[2]!;
  const m2 = r[4]!;
  const result: RunResult = {
    iterations: r[0]!,
    events: r[1]!,
    dps: { mean: r[3]!, min: cnt > 0 ? r[5]! : 0, max: cnt > 0 ? r[6]! : 0, stddev: cnt > 0 ? Math.sqrt(m2 / cnt) : 0, n: cnt, m2 },
    damage: { total: r[7]!, pet: r[8]! },
    spells: image.spells.map((s, i) => ({
      id: s.id, name: s.name,
      casts: r[RESULT_HEADER + 4 * i]!, damage: r[RESULT_HEADER + 4 * i + 1]!,
      hits: r[RESULT_HEADER + 4 * i + 2]!, crits: r[RESULT_HEADER + 4 * i + 3]!,
    })),
    warnings: { unknownSpellCasts: r[9]! },
  };
  if (per) result.perIteration = per.read(done);
  if (r[10]! !== 0) result.error = "EventBudgetExceeded";
  return result;
}
