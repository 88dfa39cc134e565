// A refused cast option (interrupt_immediate) is dropped, and the line honoured, where it cannot act: on a line
// whose condition folds to false (it never fires) and when the line's interrupt_if folds to false (nothing to
// interrupt). Elsewhere the line is still ignored with the refusal. Also: an absent aura's last_trigger.
// (src/rotation/compile-cast.ts, src/rotation/absent.ts; docs/rotation.md; Frost Mage's Ray of Frost lines.)
import { describe, expect, it } from "vitest";
import { compileHonoured, parseExpression, rotationInput, type RotationSymbols } from "../src/rotation/index.js";
import { Resolver } from "../src/rotation/resolve.js";
import { foldExpr } from "../src/rotation/compile.js";
import { NEVER_TRIGGERED_S } from "../src/rotation/absent.js";
import { testSymbols, SPELLS } from "./helpers/rotation-symbols.js";

function symbols(): RotationSymbols {
  const s: RotationSymbols = { ...testSymbols(), gcdSpell: SPELLS.cobra_shot };
  s.absent = (n, kind) => (n === "old_set_buff" && kind === "aura" ? { kind: "aura", reason: "a later tier set", source: "SimC APL" } : undefined);
  return s;
}
const report = (lines: string[]) => compileHonoured(rotationInput(lines.join("\n"), "r.simc"), symbols(), "r.simc").report;

describe("interrupt_immediate where it cannot act", () => {
  it("a line whose condition folds to false (talent not taken) is honoured", () => {
    const r = report(["actions=kill_command,if=talent.alpha_predator,interrupt_if=buff.beast_cleave.up,interrupt_immediate=1", "actions+=/cobra_shot"]);
    expect(r.ignoredLines).toEqual([]);
    expect(r.honoured).toBe(2);
  });
  it("a line whose interrupt_if folds to false is honoured", () => {
    const r = report(["actions=kill_command,interrupt_if=talent.alpha_predator&buff.beast_cleave.up,interrupt_immediate=1", "actions+=/cobra_shot"]);
    expect(r.ignoredLines).toEqual([]);
  });
  it("elsewhere the line is still ignored with the refusal", () => {
    const r = report(["actions=kill_command,if=talent.killer_instinct,interrupt_if=buff.beast_cleave.up,interrupt_immediate=1", "actions+=/cobra_shot"]);
    expect(r.ignoredLines.map((l) => l.line)).toEqual([1]);
    expect(r.ignoredLines[0]!.reason).toMatch(/interrupt_immediate/);
  });
});

describe("an absent aura's last_trigger: never triggered", () => {
  const resolve = (src: string) => foldExpr(new Resolver(symbols(), new Map()).resolve(parseExpression(src), { file: "t" }, {}));
  it("is a time far before the pull", () => {
    expect(resolve("buff.old_set_buff.last_trigger")).toEqual({ kind: "const", value: -NEVER_TRIGGERED_S });
  });
  it("time - last_trigger < 1.5 is false and > 1.5 true, whatever the time", () => {
    const lt = resolve("time-buff.old_set_buff.last_trigger<1.5");
    const gt = resolve("time-buff.old_set_buff.last_trigger>1.5");
    // time is a query: the comparison cannot fold, but its value is false / true for any fight time
    expect(JSON.stringify(lt)).toContain(String(-NEVER_TRIGGERED_S));
    expect(JSON.stringify(gt)).toContain(String(-NEVER_TRIGGERED_S));
    const r = report(["actions=kill_command,if=time-buff.old_set_buff.last_trigger<1.5", "actions+=/cobra_shot"]);
    expect(r.ignoredLines).toEqual([]);
  });
});
