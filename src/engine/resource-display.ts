// Resources in the units players see. The engine keeps a resource in the client's internal units:
// rage 0..1000 and soul shards 0..50 are shown in game as 0..100 rage and 0..5 shards. The client's
// PowerType row says by how much to divide (DisplayModifier: 10 for RAGE and SOUL_SHARDS, 1 for focus,
// energy, mana, combo points). Reports divide by it; the JSON result keeps the engine's units (the
// ones rotation expressions such as `rage >= 500` use) and carries the divisor.
import type { DataBundle } from "../data/types.js";

/** PowerType.DisplayModifier of `powerType`; 1 when the table has no such row or a non-positive value. */
export function powerDisplayModifier(bundle: DataBundle, powerType: number): number {
  const row = bundle.table("PowerType").rows.find((r) => r["PowerTypeEnum"] === powerType);
  const m = Number(row?.["DisplayModifier"]);
  return Number.isFinite(m) && m > 0 ? m : 1;
}
