// Manifest estimates: the values a manifest states because the tables do not hold them, each with
// a source comment (`estimated` in schema.ts). Used by the generated per-spec docs and by the test
// that every manifest-given number of an implemented spec is marked.
import type { Provenance } from "./resolve.js";
import { walkPath, type Estimates, type Manifest } from "./schema.js";

const NAMED = ["resources", "pets", "spells", "auras", "procs"] as const;

export interface EstimateEntry {
  /** Provenance-style path (`spells.dire_beast.cooldown_ms`, `pets.main.attacks.pet_melee.ap_coef`). */
  path: string;
  value: number;
  source: string;
}

/** Splits a provenance path into the object carrying `estimated` and the path relative to it. */
function locate(m: Manifest, path: string): { owner: { estimated?: Estimates } & object; rel: string } | undefined {
  const dot = path.indexOf(".");
  if (dot < 0) return undefined;
  const head = path.slice(0, dot);
  if (head === "mastery") return { owner: m.mastery, rel: path.slice(dot + 1) };
  if (head === "auto_attack") return m.auto_attack ? { owner: m.auto_attack, rel: path.slice(dot + 1) } : undefined;
  if (!(NAMED as readonly string[]).includes(head)) return undefined;
  const rest = path.slice(dot + 1);
  const dot2 = rest.indexOf(".");
  if (dot2 < 0) return undefined;
  const list = m[head as (typeof NAMED)[number]] as ({ name: string; estimated?: Estimates } & object)[];
  const owner = list.find((x) => x.name === rest.slice(0, dot2));
  return owner ? { owner, rel: rest.slice(dot2 + 1) } : undefined;
}

/**
 * The source comment of the estimate behind a resolved value (`provenance.path`), if the manifest
 * marks it. A summon op without its own duration uses the pet's (resolve.ts petDuration), so its
 * estimate is the pet's `duration_ms` one.
 */
export function estimateFor(m: Manifest, path: string): string | undefined {
  const at = locate(m, path);
  if (!at) return undefined;
  const own = at.owner.estimated?.[at.rel];
  if (own !== undefined) return own;
  const op = /^(.*\[\d+\])\.duration_ms$/.exec(at.rel);
  if (op) {
    const o = walkPath(at.owner, op[1]!) as { op?: string; pet?: string; duration_ms?: unknown } | undefined;
    if (o?.op === "summon_pet" && o.duration_ms === undefined && o.pet) return m.pets.find((p) => p.name === o.pet)?.estimated?.["duration_ms"];
  }
  return undefined;
}

/** Every estimate the manifest declares (whatever the talents), in declaration order, with its value. */
export function listEstimates(m: Manifest): EstimateEntry[] {
  const out: EstimateEntry[] = [];
  const add = (prefix: string, owner: { estimated?: Estimates } & object): void => {
    for (const [rel, source] of Object.entries(owner.estimated ?? {})) {
      out.push({ path: `${prefix}.${rel}`, value: walkPath(owner, rel) as number, source });
    }
  };
  add("mastery", m.mastery);
  for (const r of m.resources) add(`resources.${r.name}`, r);
  if (m.auto_attack) add("auto_attack", m.auto_attack);
  for (const p of m.pets) add(`pets.${p.name}`, p);
  for (const s of m.spells) add(`spells.${s.name}`, s);
  for (const a of m.auras) add(`auras.${a.name}`, a);
  for (const p of m.procs) add(`procs.${p.name}`, p);
  return out;
}

/** Resolved values that come from the manifest without an `estimated` mark (should be none). */
export function unmarkedManifestValues(m: Manifest, provenance: readonly Provenance[]): Provenance[] {
  return provenance.filter((p) => p.source === "manifest" && estimateFor(m, p.path) === undefined);
}
