// Encoding step: resource records (model, max, initial, regeneration, rage from damage).
import { RESOURCE_MODELS } from "./image-layout.js";
import type { ImageWriter } from "./image-writer.js";

/** `incoming`: run.incomingDamagePerSec, turned into rage regeneration for rage resources. */
export function encodeResources(w: ImageWriter, incoming: number): void {
  const { num, bool, code, rec } = w;
  w.resources.forEach((r, i) => {
    const p = `resources[${i}]`;
    const model = code(RESOURCE_MODELS, r.model, `${p}.model`);
    const max = num(r.max, `${p}.max`, { min: 0 });
    const defRegen = r.model === "mana" ? 0.02 * max : r.model === "energy" ? 10 : 0;
    let regen = num(r.regenPerSec, `${p}.regenPerSec`, { min: 0, def: defRegen });
    const perTaken = num(r.ragePerDamageTaken, `${p}.ragePerDamageTaken`, { min: 0, def: 0 });
    if (r.model === "rage") regen += incoming * perTaken; // damage taken as a steady stream, accrued lazily like regen
    const initial = num(r.initial, `${p}.initial`, { min: 0, max, def: r.model === "rage" ? 0 : max });
    rec("resources", [
      model, max, initial, regen, bool(r.hasteScaled, `${p}.hasteScaled`, r.model === "energy"),
      num(r.ragePerDamageDealt, `${p}.ragePerDamageDealt`, { min: 0, def: 0 }), perTaken,
    ]);
  });
}
