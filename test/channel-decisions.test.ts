import { readFileSync } from "node:fs";
// Channel decisions (assembly/engine/channel-decisions.ts, src/rotation/channel.ts): interrupt_if and
// early_chain_if decided at the ticks of Affliction's Drain Soul (a hasted 5-tick channel), with timings
// computed from the channel's own length D (measured from a run that lets it run out: tick period D/5).
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataBundle } from "../src/data/bundle.js";
import type { DataBundle } from "../src/data/types.js";
import { simulate } from "../src/engine/simulate.js";

let bundle: DataBundle;
beforeAll(async () => {
  bundle = await loadDataBundle(path.resolve(__dirname, "../data"));
});

// The default build takes Improved Shadow Bolt, not Drain Soul: these runs take Drain Soul (the channel).
const manifestTalents = (JSON.parse(readFileSync(path.resolve(__dirname, "../data/specs/affliction/manifest.json"), "utf8")) as { talents: { name: string; default?: boolean }[] }).talents;
const TALENTS = [...manifestTalents.filter((t) => t.default).map((t) => t.name), "drain_soul"];

// hand-timed tick decisions: the reaction model (channel lag) is off (fights-reaction.test.ts tests it)
const run = async (rotation: string) => {
  const r = await simulate({ spec: "affliction", bundle, duration: 20, iterations: 1, seed: 3, rotation, talents: TALENTS, bloodlust: false, reaction: false });
  const casts = (name: string) => r.timeline!.casts.filter((c) => c.name === name).map((c) => c.t);
  return { r, casts };
};

/** The channel's length: Drain Soul alone chains at its last tick (chain needs no decision inside). */
async function channelMs(): Promise<number> {
  const { casts } = await run("actions=drain_soul,chain=1");
  const ds = casts("drain_soul");
  expect(ds.length).toBeGreaterThan(2);
  return ds[1]! - ds[0]!;
}

/** The first tick at or after `t` ms of a channel started at 0 with period p (ticks land at round(p*k)). */
const firstTickAtOrAfter = (t: number, p: number) => Math.round(p * Math.ceil(t / p - 1e-9));

describe("channel decisions at ticks", () => {
  it("interrupt_if: the channel ends at the first tick where another line is chosen (not at its end)", async () => {
    const D = await channelMs();
    const p = D / 5;
    // without interrupt_if, corruption (allowed from 2 s) waits for the channel's end
    const plain = await run("actions=corruption,if=time>=2&!ticking\nactions+=/drain_soul");
    expect(plain.casts("corruption")[0]).toBe(D);
    // with it, at the first tick >= 2 s (the GCD, 1.5 s hasted, is over by then)
    const inter = await run("actions=corruption,if=time>=2&!ticking\nactions+=/drain_soul,interrupt_if=1");
    expect(inter.r.rotation).toMatchObject({ honoured: 2 });
    const t = firstTickAtOrAfter(2000, p);
    expect(t).toBeLessThan(D);
    expect(Math.abs(inter.casts("corruption")[0]! - t)).toBeLessThanOrEqual(1);
    // the interrupted channel dealt exactly the ticks before it ended: ticks counted in the timeline
  }, 60_000);

  it("interrupt_if=tick_time>X: the channel's own (hasted) tick period D/5 is the bare tick_time", async () => {
    const D = await channelMs();
    const p = D / 5;
    const rot = (x: number) => `actions=corruption,if=time>=2&!ticking\nactions+=/drain_soul,interrupt_if=tick_time>${x}`;
    // just under the period: interrupts at the first tick >= 2 s; just over: the channel runs out
    expect(Math.abs((await run(rot(p / 1000 - 0.01))).casts("corruption")[0]! - firstTickAtOrAfter(2000, p))).toBeLessThanOrEqual(1);
    expect((await run(rot(p / 1000 + 0.01))).casts("corruption")[0]).toBe(D);
  }, 60_000);

  it("interrupt_if false: the channel runs out even when another line is chosen", async () => {
    const D = await channelMs();
    const r = await run("actions=corruption,if=time>=2&!ticking\nactions+=/drain_soul,interrupt_if=time>100");
    expect(r.casts("corruption")[0]).toBe(D);
  }, 60_000);

  it("early_chain_if: a chain=1 channel restarts at the first tick where the condition holds and the GCD is over", async () => {
    const D = await channelMs();
    const p = D / 5;
    const { casts } = await run("actions=drain_soul,chain=1,early_chain_if=time>=2");
    const ds = casts("drain_soul");
    const t1 = firstTickAtOrAfter(2000, p);
    expect(Math.abs(ds[1]! - t1)).toBeLessThanOrEqual(1);
    // the next restart: the condition still holds; the first tick of the new channel after its GCD
    // (GCD = 1.5 s hasted: p * 1.5 since p is the 1 s tick hasted)
    const t2 = ds[1]! + firstTickAtOrAfter(1.5 * p, p);
    expect(Math.abs(ds[2]! - t2)).toBeLessThanOrEqual(2);
  }, 60_000);
});
