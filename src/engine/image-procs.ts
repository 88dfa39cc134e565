// Encoding steps for what runs op lists besides casts: impact procs, RPPM trackers and the cast hooks.
import type { ImageWriter } from "./image-writer.js";

export function encodeProcs(w: ImageWriter): void {
  const { fail, num, bool, arr, spellIdx, listIdx, rec, poolList } = w;
  w.procs.forEach((pr, i) => {
    const p = `procs[${i}]`;
    const periodicOnly = bool(pr.periodicOnly, `${p}.periodicOnly`, false);
    const skipPeriodic = bool(pr.skipPeriodic, `${p}.skipPeriodic`, false);
    if (periodicOnly && skipPeriodic) fail(p, "periodicOnly and skipPeriodic are exclusive");
    const filter = pr.spells === undefined ? null : arr(pr.spells, `${p}.spells`, true).map((s, k) => spellIdx(s, `${p}.spells[${k}]`, false));
    const flags = periodicOnly | (skipPeriodic << 1) | (bool(pr.critOnly, `${p}.critOnly`, false) << 2) | (filter ? 8 : 0);
    const fStart = filter ? poolList(filter) : 0;
    rec("procs", [num(pr.chance, `${p}.chance`, { min: 0, max: 1 }), flags, fStart, filter ? filter.length : 0, listIdx(pr.list, `${p}.list`, false)]);
  });
}

export function encodeRppm(w: ImageWriter): void {
  const { num, bool, rec } = w;
  w.rppm.forEach((r, i) => {
    const p = `rppm[${i}]`;
    rec("rppm", [num(r.rppm, `${p}.rppm`, { min: 0 }), bool(r.hasteScales, `${p}.hasteScales`, false), bool(r.blpEnabled, `${p}.blpEnabled`, false)]);
  });
}

/** Pipeline step 11's op lists as a pool list; returns its start. */
export function encodeCastHooks(w: ImageWriter): number {
  return w.poolList(w.castHooks.map((h, k) => w.listIdx(h, `castHooks[${k}]`, false)));
}
