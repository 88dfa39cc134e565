// Lazy regeneration (spec "Resource regeneration"): a resource bar is brought up to now only when it is read or
// changed (syncRes), at the regeneration rate of the current haste.
import { telSrcRegen, telGainFrom, tlOn, tlPush, TL_RESOURCE } from "./telemetry";
import { nRes, now, resRec, resSlot } from "./state";
import { curHaste, hasteDivisor } from "./stats";

export function regenRate(res: i32): f64 {
  const r = resSlot(res);
  return resRec(res).hasteScaled != 0 ? r.regenPerSec * hasteDivisor : r.regenPerSec;
}

function syncResources(): void {
  for (let i = 0; i < nRes; i++) syncResBody(i); // inlined: no call per resource (~290 syncs per iteration)
}

/**
 * Lazy regen of resource `i` up to now, with telemetry: the regen that landed is a "regen" gain and
 * what the cap cut off of rate x elapsed is its waste.
 */
export function syncRes(i: i32): void {
  syncResBody(i);
}

// @ts-ignore: decorator
@inline export function syncResBody(i: i32): void {
  const slot = resSlot(i);
  const last = slot.lastSyncMs;
  if (<f64>now <= last) return; // already synced at now: sync() and both hooks below would do nothing
  const scaled = resRec(i).hasteScaled != 0;
  const got = slot.sync(<f64>now, curHaste, scaled);
  // What regen landed is settled once per iteration from the resource's balance (closeIterationTelemetry),
  // which keeps this path, run at every resource query, cheap. At the cap, rate x elapsed minus what
  // landed is waste.
  if (slot.current >= slot.max && <f64>now > last) {
    const potential = slot.regenPerSec * (scaled ? 1.0 + curHaste / 100.0 : 1.0) * ((<f64>now - last) / 1000.0);
    if (potential > got) telGainFrom(i, telSrcRegen(), 0, potential - got);
  }
  if (tlOn && <f64>now > last) tlPush(now, TL_RESOURCE, i, slot.current);
}

/**
 * syncResources() with syncRes's first test (already synced at now: return) hoisted out of the calls:
 * an instant cast's CastComplete runs at the time its PlayerReady already synced.
 */
// @ts-ignore: decorator
@inline export function syncResourcesAtNow(): void {
  for (let i = 0; i < nRes; i++) if (!(<f64>now <= resSlot(i).lastSyncMs)) syncRes(i);
}
