// Spending and gaining resources (spec "Cast pipeline" step 3): a gain may make a cast affordable, so it wakes an
// idle player (readiness.ts); regeneration itself is regen.ts.
import { telSpend, telGain, tlOn, tlPush, TL_RESOURCE } from "./telemetry";
import { now, resSlot } from "./state";
import { syncRes } from "./regen";
import { wakeIfIdle } from "./readiness";

// @ts-ignore: decorator
@inline export function spendRes(res: i32, amount: f64): void {
  const slot = resSlot(res);
  if (slot.current < amount) slot.current = amount; // within RES_EPS (checked by the caller)
  slot.spend(amount);
  telSpend(res, amount);
  if (tlOn) tlPush(now, TL_RESOURCE, res, slot.current);
}

export function gainRes(res: i32, amount: f64): void {
  if (!(<f64>now <= resSlot(res).lastSyncMs)) syncRes(res); // syncRes's own first test, without the call
  gainResFrom(res, amount);
}

// @ts-ignore: decorator
@inline export function gainResFrom(res: i32, amount: f64): void {
  const slot = resSlot(res);
  const wasted = slot.gain(amount);
  telGain(res, amount - wasted, wasted);
  if (tlOn) tlPush(now, TL_RESOURCE, res, slot.current);
  wakeIfIdle(); // a gain may make a cast affordable (rage, procs): an idle player re-evaluates
}
