// Randomness primitives (spec "Randomness"): proc_chance, roll_tier, shuffle_pick.
// TS twin of assembly/primitives.ts. Every primitive takes the generator as `rng: () => number`
// returning a value in [0, 1) (e.g. `() => xorshift.next()`), and documents exactly how many
// draws it makes, because a run is reproducible only if both twins consume the stream identically.

/** Stable code carried by every {@link KernelInputError}. */
export const KERNEL_INPUT_INVALID = "KERNEL_INPUT_INVALID" as const;

/**
 * Bad input to a kernel (NaN/negative amount, non-finite field, malformed threshold list...).
 * A RangeError subclass so generic `catch (e) { if (e instanceof RangeError) … }` code works too;
 * `code` is stable, `kernel` and `field` name the offending call site and field.
 */
export class KernelInputError extends RangeError {
  readonly code = KERNEL_INPUT_INVALID;
  readonly kernel: string;
  readonly field: string;
  readonly value: unknown;
  constructor(kernel: string, field: string, value: unknown, expected: string) {
    super(`${kernel}: field "${field}" must be ${expected}, got ${describe(value)}`);
    this.name = "KernelInputError";
    this.kernel = kernel;
    this.field = field;
    this.value = value;
  }
}

function describe(v: unknown): string {
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (typeof v === "string") return JSON.stringify(v);
  return String(v);
}

/** Throws KernelInputError unless `v` is a finite number. */
export function requireFinite(kernel: string, field: string, v: unknown): void {
  if (typeof v !== "number" || !Number.isFinite(v)) throw new KernelInputError(kernel, field, v, "a finite number");
}

/** Throws KernelInputError unless `v` is a finite number >= 0. */
export function requireNonNegative(kernel: string, field: string, v: unknown): void {
  if (typeof v !== "number" || !Number.isFinite(v) || v < 0) {
    throw new KernelInputError(kernel, field, v, "a finite number >= 0");
  }
}

/**
 * proc_chance: exactly one draw; true when rng() < chance. All stochastic gates use it.
 * chance <= 0 never succeeds and chance >= 1 always does (rng() is in [0, 1)), but the draw is
 * still made so the stream position does not depend on the chance value.
 * NaN chance → KernelInputError (a NaN comparison would silently never proc).
 */
export function procChance(chance: number, rng: () => number): boolean {
  if (chance !== chance) throw new KernelInputError("procChance", "chance", chance, "a number (not NaN)");
  return rng() < chance;
}

/**
 * roll_tier: exactly one draw r = rng(); returns the index of the first threshold with r < threshold
 * ("falls under" is strict, like procChance). `thresholds` are ascending cumulative probabilities,
 * e.g. [0.5, 0.8, 1.0] for tiers of 50/30/20 %. When r is not under any threshold (the last one is
 * < 1, or the list is empty) the result is `thresholds.length`, i.e. "no tier".
 * The draw is made even for an empty list (fixed stream consumption).
 * Non-ascending or NaN thresholds → KernelInputError.
 */
export function rollTier(thresholds: ArrayLike<number>, rng: () => number): number {
  const n = thresholds.length;
  for (let i = 0; i < n; i++) {
    const t = thresholds[i]!;
    if (t !== t || (i > 0 && t < thresholds[i - 1]!)) {
      throw new KernelInputError("rollTier", `thresholds[${i}]`, t, "a number >= the previous threshold");
    }
  }
  const r = rng();
  for (let i = 0; i < n; i++) if (r < thresholds[i]!) return i;
  return n;
}

/**
 * shuffle_pick: partial Fisher–Yates pick of k of the n items. Exactly k draws, in this order:
 *   for i in 0..k-1: j = i + floor(rng() * (n - i)); swap(a[i], a[j])
 * and the picks are a[0..k-1]. Works on a copy: `items` is not modified.
 * k must be an integer in [0, n] → otherwise KernelInputError.
 */
export function shufflePick<T>(items: readonly T[], k: number, rng: () => number): T[] {
  const n = items.length;
  if (!Number.isInteger(k) || k < 0 || k > n) {
    throw new KernelInputError("shufflePick", "k", k, `an integer in [0, ${n}] (items.length)`);
  }
  const a = items.slice();
  shufflePickInPlace(a, n, k, rng);
  a.length = k;
  return a;
}

/**
 * The in-place core of {@link shufflePick} (same draw order), for callers that keep a reusable buffer:
 * after the call a[0..k-1] holds the picks. Unchecked: the caller guarantees 0 <= k <= n <= a.length.
 */
export function shufflePickInPlace<T>(a: { [i: number]: T }, n: number, k: number, rng: () => number): void {
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(rng() * (n - i));
    const tmp = a[i]!;
    a[i] = a[j]!;
    a[j] = tmp;
  }
}
