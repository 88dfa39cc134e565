// The shared state of one encodeImage call: the checked readers every encoding step uses (each names
// the offending field in its ImageError) and the sections the steps append records to.
import { CombatsimError } from "../errors.js";
import type { SpecImage } from "./image.js";
import { MAX_IMAGE_INDEX, STRIDE, type Section } from "./image-layout.js";

/** A SpecImage that cannot be run: `path` names the offending field (e.g. `spells[3].applyAura`). */
export class ImageError extends CombatsimError {
  readonly path: string;
  constructor(imageName: string, path: string, detail: string) {
    super("ENGINE_IMAGE_INVALID", `spec image "${imageName}": ${path}: ${detail}`);
    this.path = path;
  }
}

/** The flat form written into wasm memory. */
export interface EncodedImage {
  f64: Float64Array;
  i32: Int32Array;
  /** Dense pool indices chosen for the raw ids (for diagnostics). */
  locks: number[];
  categoryPools: number[];
  chargePools: { key: string; maxCharges: number; rechargeMs: number }[];
}

export interface NumOpts {
  min?: number;
  max?: number;
  int?: boolean;
  def?: number;
}

/**
 * Validating readers plus the section buffers. Steps call them in the order the image is laid out:
 * the shared `pool` section is appended to as lists are met, so the call order fixes the bytes.
 */
export class ImageWriter {
  readonly name: string;
  readonly resources: SpecImage["resources"];
  readonly spells: SpecImage["spells"];
  readonly auras: SpecImage["auras"];
  readonly damage: SpecImage["damage"];
  readonly opLists: SpecImage["opLists"];
  readonly procs: NonNullable<SpecImage["procs"]>;
  readonly rppm: NonNullable<SpecImage["rppm"]>;
  readonly pets: NonNullable<SpecImage["pets"]>;
  readonly castHooks: NonNullable<SpecImage["castHooks"]>;
  readonly sec: Record<Section, number[]> = {
    resources: [], spells: [], auras: [], effects: [], damage: [], cdr: [], ops: [], opLists: [], procs: [], rppm: [],
    pets: [], chargePools: [], pool: [], rotationConstants: [],
  };

  constructor(readonly image: SpecImage) {
    this.name = typeof image?.name === "string" ? image.name : "?";
    if (image === null || typeof image !== "object") this.fail("$", "expected an object");
    this.resources = this.arr(image.resources, "resources", true);
    this.spells = this.arr(image.spells, "spells", true);
    this.auras = this.arr(image.auras, "auras", true);
    this.damage = this.arr(image.damage, "damage", true);
    this.opLists = this.arr(image.opLists, "opLists", true);
    this.procs = this.arr(image.procs, "procs", false);
    this.rppm = this.arr(image.rppm, "rppm", false);
    this.pets = this.arr(image.pets, "pets", false);
    this.castHooks = this.arr(image.castHooks, "castHooks", false);
  }

  fail = (path: string, detail: string): never => {
    throw new ImageError(this.name, path, detail);
  };

  num = (v: unknown, path: string, opts: NumOpts = {}): number => {
    if (v === undefined && opts.def !== undefined) return opts.def;
    if (typeof v !== "number" || !Number.isFinite(v)) this.fail(path, `expected a finite number, got ${String(v)}`);
    const n = v as number;
    if (opts.int && !Number.isInteger(n)) this.fail(path, `expected an integer, got ${n}`);
    if (opts.min !== undefined && n < opts.min) this.fail(path, `must be >= ${opts.min}, got ${n}`);
    if (opts.max !== undefined && n > opts.max) this.fail(path, `must be <= ${opts.max}, got ${n}`);
    return n;
  };

  bool = (v: unknown, path: string, def: boolean): number => {
    if (v === undefined) return def ? 1 : 0;
    if (typeof v !== "boolean") this.fail(path, `expected a boolean, got ${String(v)}`);
    return v ? 1 : 0;
  };

  arr = <T>(v: T[] | undefined, path: string, required: boolean): T[] => {
    if (v === undefined && !required) return [];
    if (!Array.isArray(v)) this.fail(path, "expected an array");
    if ((v as T[]).length > MAX_IMAGE_INDEX) this.fail(path, `at most ${MAX_IMAGE_INDEX} entries, got ${(v as T[]).length}`);
    return v as T[];
  };

  code = <K extends string>(table: Record<K, number>, v: unknown, path: string, def?: K): number => {
    if (v === undefined && def !== undefined) return table[def];
    if (typeof v !== "string" || !(v in table)) this.fail(path, `expected one of ${Object.keys(table).join(", ")}, got ${String(v)}`);
    return table[v as K];
  };

  /** A 0-based index into an array of `n` entries; absent or -1 is "none" (-1) unless `optional` is false. */
  idx = (v: unknown, n: number, path: string, what: string, optional = true): number => {
    if (v === undefined || v === -1) {
      if (optional) return -1;
      this.fail(path, `required ${what} index missing`);
    }
    const i = this.num(v, path, { int: true, min: 0 });
    if (i >= n) this.fail(path, `${what} index ${i} out of range (have ${n})`);
    return i;
  };

  spellIdx = (v: unknown, p: string, opt = true): number => this.idx(v, this.spells.length, p, "spell", opt);
  auraIdx = (v: unknown, p: string, opt = true): number => this.idx(v, this.auras.length, p, "aura", opt);
  dmgIdx = (v: unknown, p: string, opt = true): number => this.idx(v, this.damage.length, p, "damage", opt);
  listIdx = (v: unknown, p: string, opt = true): number => this.idx(v, this.opLists.length, p, "op list", opt);
  resIdx = (v: unknown, p: string, opt = true): number => this.idx(v, this.resources.length, p, "resource", opt);
  petIdx = (v: unknown, p: string, opt = true): number => this.idx(v, this.pets.length, p, "pet", opt);

  /** Appends one record to section `s`, zero-padded to its stride. */
  rec = (s: Section, values: number[]): void => {
    const stride = STRIDE[s];
    if (values.length > stride) throw new Error(`internal: ${s} record has ${values.length} > ${stride} values`);
    this.sec[s].push(...values, ...new Array<number>(stride - values.length).fill(0));
  };

  /** Appends `values` to the shared pool section; returns their start offset. */
  poolList = (values: number[]): number => {
    const start = this.sec.pool.length;
    this.sec.pool.push(...values);
    return start;
  };
}
