// Tiny path-tracking JSON reader used to validate manifests, rotations' wrappers and profiles.
// Every accessor throws through `fail(path, detail)`, so the caller picks the error class and each
// message names the file and the exact JSON path (e.g. `spells[3].damage.coefficient`).

export type Fail = (path: string, detail: string) => never;

export function describeJson(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

export class JsonReader {
  constructor(
    readonly value: unknown,
    readonly path: string,
    private readonly fail: Fail,
  ) {}

  private child(key: string | number, v: unknown): JsonReader {
    const p = typeof key === "number" ? `${this.path}[${key}]` : this.path ? `${this.path}.${key}` : key;
    return new JsonReader(v, p, this.fail);
  }

  error(detail: string): never {
    return this.fail(this.path, detail);
  }

  private obj(): Record<string, unknown> {
    const v = this.value;
    if (typeof v !== "object" || v === null || Array.isArray(v)) this.error(`expected an object, got ${describeJson(v)}`);
    return v as Record<string, unknown>;
  }

  /** Rejects keys outside `allowed` (typos must not be silently ignored). */
  keys(allowed: readonly string[]): this {
    for (const k of Object.keys(this.obj())) {
      if (!allowed.includes(k)) this.child(k, undefined).error(`unknown field (allowed: ${allowed.join(", ")})`);
    }
    return this;
  }

  has(key: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.obj(), key) && this.obj()[key] !== undefined;
  }

  /** A reader positioned at `key` whether or not it exists (for errors about absent fields). */
  at(key: string): JsonReader {
    return this.child(key, this.has(key) ? this.obj()[key] : undefined);
  }

  field(key: string): JsonReader {
    const o = this.obj();
    if (!Object.prototype.hasOwnProperty.call(o, key)) this.child(key, undefined).error("missing field");
    return this.child(key, o[key]);
  }

  opt(key: string): JsonReader | undefined {
    return this.has(key) ? this.child(key, this.obj()[key]) : undefined;
  }

  num(opts: { int?: boolean; min?: number; max?: number } = {}): number {
    const v = this.value;
    if (typeof v !== "number" || !Number.isFinite(v)) this.error(`expected a finite number, got ${describeJson(v)}`);
    if (opts.int && !Number.isSafeInteger(v)) this.error(`expected an integer, got ${v}`);
    if (opts.min !== undefined && v < opts.min) this.error(`must be >= ${opts.min}, got ${v}`);
    if (opts.max !== undefined && v > opts.max) this.error(`must be <= ${opts.max}, got ${v}`);
    return v;
  }

  str(): string {
    if (typeof this.value !== "string") this.error(`expected a string, got ${describeJson(this.value)}`);
    return this.value;
  }

  /** A non-empty snake_case identifier (names are what rotations refer to). */
  ident(): string {
    const s = this.str();
    if (!/^[a-z][a-z0-9_]*$/.test(s)) this.error(`expected a snake_case name, got ${JSON.stringify(s)}`);
    return s;
  }

  bool(): boolean {
    if (typeof this.value !== "boolean") this.error(`expected a boolean, got ${describeJson(this.value)}`);
    return this.value;
  }

  oneOf<T extends string>(choices: readonly T[]): T {
    const s = this.str();
    if (!(choices as readonly string[]).includes(s)) this.error(`expected one of ${choices.join("|")}, got ${JSON.stringify(s)}`);
    return s as T;
  }

  array(): JsonReader[] {
    if (!Array.isArray(this.value)) this.error(`expected an array, got ${describeJson(this.value)}`);
    return this.value.map((v, i) => this.child(i, v));
  }

  /** Entries of an object used as a map (key order preserved). */
  entries(): [string, JsonReader][] {
    return Object.entries(this.obj()).map(([k, v]) => [k, this.child(k, v)]);
  }
}

/** Parses JSON text, reporting a syntax error through `fail` at the root. */
export function parseJsonText(text: string, fail: Fail): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    return fail("", `not valid JSON: ${(e as Error).message}`);
  }
}
