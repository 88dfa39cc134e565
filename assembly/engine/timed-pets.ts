// Timed pet groups (docs/engine-image.md "Timed pet groups"): a pet image whose summons are separate,
// short-lived demons (Demonology's Wild Imps, Dreadstalkers). The plain pet model keeps one count and one
// expiry per pet (every summon extends all of them); a timed group keeps one expiry per instance, so its
// count falls as each instance ends and the rotation's `pet.X.count` (SimC's `buff.wild_imps.stack`)
// sees the real number. All instances of a group share the pet's attack timer: each swing hits once per
// live instance (the existing pet swing loop over `count`).
//
// An instance ends at its summon duration or, when the group has a cast budget, after that many attacks
// at the swing time current at the summon (a Wild Imp casts Fel Firebolt until its energy is spent):
// lifetime = min(duration, budget x hasted swing time).
//
// Groups travel in the image pool (header slots 95/96): 2 f64 per group: pet image index, cast budget
// (0 = none). At load they become a per-pet table: flag, budget, live count and up to CAP expiries.

/** Instances one group can hold; a summon beyond it replaces the instance that ends first. */
export const TP_CAP: i32 = 32;
const TP_BYTES: usize = 16 + <usize>TP_CAP * 8; // i32 flag, i32 budget, i32 n, i32 pad, i64 expiries

let tpTab: usize = 0;
let tpPets: i32 = 0;
/** Number of timed groups in the image (0: every hook is one branch on this global). */
export let timedGroups: i32 = 0;

/** Bytes the per-pet table needs (engine arena). */
export function timedPetsBytes(nPets: i32): usize {
  return <usize>nPets * TP_BYTES;
}

/**
 * Fills the per-pet table at `tab` from `count` groups at f64 slot `start` of the pool (`pool`: its byte
 * address). Pet indices and budgets are validated by the host encoder.
 */
export function timedPetsLoad(tab: usize, nPets: i32, pool: usize, start: i32, count: i32): void {
  tpTab = tab;
  tpPets = nPets;
  timedGroups = count;
  memory.fill(tab, 0, timedPetsBytes(nPets));
  for (let k = 0; k < count; k++) {
    const src = pool + (<usize>(start + 2 * k) << 3);
    const r = rowOf(<i32>load<f64>(src));
    store<i32>(r, 1);
    store<i32>(r, <i32>load<f64>(src, 8), 4);
  }
}

// @ts-ignore: decorator
@inline function rowOf(p: i32): usize {
  return tpTab + <usize>p * TP_BYTES;
}

/** Empties every group (iteration start). */
export function timedPetsReset(): void {
  for (let p = 0; p < tpPets; p++) store<i32>(rowOf(p), 0, 8);
}

/** Whether pet image `p` is a timed group. */
// @ts-ignore: decorator
@inline export function timedIs(p: i32): bool {
  return load<i32>(rowOf(p)) != 0;
}

/**
 * Adds one instance to group `p` summoned at `now` ending at `expiresAt`, capped by the cast budget at
 * swing time `swingMs`. A full group drops the instance that ends first.
 */
export function timedAdd(p: i32, now: i64, expiresAt: i64, swingMs: i64): void {
  const r = rowOf(p);
  const budget = load<i32>(r, 4);
  let exp = expiresAt;
  if (budget > 0) {
    const byCasts = now + <i64>budget * swingMs;
    if (byCasts < exp) exp = byCasts;
  }
  const n = load<i32>(r, 8);
  const xs = r + 16;
  if (n < TP_CAP) {
    store<i64>(xs + (<usize>n << 3), exp);
    store<i32>(r, n + 1, 8);
    return;
  }
  let first = 0;
  for (let i = 1; i < n; i++) if (load<i64>(xs + (<usize>i << 3)) < load<i64>(xs + (<usize>first << 3))) first = i;
  store<i64>(xs + (<usize>first << 3), exp);
}

/** Drops the instances of group `p` that have ended by `now` and returns how many remain. */
export function timedLive(p: i32, now: i64): i32 {
  const r = rowOf(p);
  const n = load<i32>(r, 8);
  const xs = r + 16;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const e = load<i64>(xs + (<usize>i << 3));
    if (e > now) {
      store<i64>(xs + (<usize>k << 3), e);
      k++;
    }
  }
  store<i32>(r, k, 8);
  return k;
}

/** The latest expiry among group `p`'s instances (0 when empty). */
export function timedLastExpiry(p: i32): i64 {
  const r = rowOf(p);
  const n = load<i32>(r, 8);
  let m: i64 = 0;
  for (let i = 0; i < n; i++) {
    const e = load<i64>(r + 16 + (<usize>i << 3));
    if (e > m) m = e;
  }
  return m;
}

/**
 * Removes up to `k` live instances of group `p` at `now`, those ending first (Implosion and Power Siphon
 * take the oldest imps), and returns how many were removed.
 */
export function timedConsume(p: i32, k: i32, now: i64): i32 {
  let n = timedLive(p, now);
  let taken = 0;
  const r = rowOf(p);
  const xs = r + 16;
  while (taken < k && n > 0) {
    let first = 0;
    for (let i = 1; i < n; i++) if (load<i64>(xs + (<usize>i << 3)) < load<i64>(xs + (<usize>first << 3))) first = i;
    store<i64>(xs + (<usize>first << 3), load<i64>(xs + (<usize>(n - 1) << 3)));
    n--;
    taken++;
  }
  store<i32>(r, n, 8);
  return taken;
}
