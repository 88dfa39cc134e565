// SimC APL front-end: parsing verbatim snippets (lists, `+=/`, several actions on one line, options
// with file columns), the translation to rotation entries, line honouring (dropped lines listed with
// the compiler's typed reason, cascades through variables), strict mode and the text/JSON format choice.
import { describe, expect, it } from "vitest";
import {
  compileHonoured,
  compileRotation,
  groupIgnored,
  parseSimcApl,
  rotationInput,
  rotationFormat,
  RotationError,
  translateSimcApl,
  type IgnoredLine,
  type RotationJson,
} from "../src/rotation/index.js";
import { testSymbols } from "./helpers/rotation-symbols.js";

const FILE = "rotations/x.simc";

describe("parseSimcApl", () => {
  it("reads lists, appends, comments, the source header and option columns", () => {
    const text = [
      "# source: simulationcraft/simc @ abc123 ActionPriorityLists/default/hunter_beast_mastery.simc",
      "",
      "# Executed before combat begins.",
      "actions.precombat=summon_pet",
      "actions.precombat+=/snapshot_stats",
      "actions=auto_shot",
      "actions+=/call_action_list,name=st,if=active_enemies<2",
      "actions.st=barbed_shot,target_if=min:dot.barbed_shot.remains|max_prio_damage,if=full_recharge_time<gcd",
      "actions.st+=/kill_command",
    ].join("\n");
    const apl = parseSimcApl(text, FILE);
    expect(apl.source).toBe("simulationcraft/simc @ abc123 ActionPriorityLists/default/hunter_beast_mastery.simc");
    expect(apl.lists).toEqual(["precombat", "default", "st"]);
    expect(apl.bad).toEqual([]);
    expect(apl.actions.map((a) => [a.list, a.line, a.action, a.column])).toEqual([
      ["precombat", 4, "summon_pet", 19],
      ["precombat", 5, "snapshot_stats", 21],
      ["default", 6, "auto_shot", 9],
      ["default", 7, "call_action_list", 11],
      ["st", 8, "barbed_shot", 12],
      ["st", 9, "kill_command", 14],
    ]);
    const st = apl.actions[4]!;
    expect(st.text).toBe("barbed_shot,target_if=min:dot.barbed_shot.remains|max_prio_damage,if=full_recharge_time<gcd");
    // "actions.st=" is 11 characters; barbed_shot (11) + "," → target_if starts at 24, its value at 34
    expect(st.options).toEqual([
      { key: "target_if", value: "min:dot.barbed_shot.remains|max_prio_damage", column: 34 },
      { key: "if", value: "full_recharge_time<gcd", column: 81 },
    ]);
    const line8 = text.split("\n")[7]!;
    for (const o of st.options) expect(line8.slice(o.column - 1, o.column - 1 + o.value.length)).toBe(o.value);
  });

  it("splits several actions on one line at '/' (SimC's action separator) with their own columns", () => {
    const apl = parseSimcApl("actions=a,if=x<2/b/c,if=y", FILE);
    expect(apl.actions.map((a) => [a.line, a.text, a.column])).toEqual([
      [1, "a,if=x<2", 9],
      [1, "b", 18],
      [1, "c,if=y", 20],
    ]);
    expect(apl.actions[2]!.options).toEqual([{ key: "if", value: "y", column: 25 }]);
  });

  it("`=` starts a list anew: the earlier actions are replaced (listed, not run)", () => {
    const apl = parseSimcApl("actions=a\nactions+=/b\nactions=c", FILE);
    expect(apl.actions.map((a) => a.text)).toEqual(["c"]);
    expect(apl.replaced.map((a) => [a.line, a.text])).toEqual([[1, "a"], [2, "b"]]);
  });

  it("unreadable lines go to bad with a reason and column, the rest still parses", () => {
    const apl = parseSimcApl("potion=tempered_potion\nactions=a,if\nactions+=/b,if=1,if=2\nactions+=/c d\nactions+=/e", FILE);
    expect(apl.bad.map((b) => [b.line, b.column, b.reason])).toEqual([
      [1, 1, expect.stringContaining("not an action line")],
      [2, 11, 'option "if" is not key=value'],
      [3, 18, 'option "if" given twice'],
      [4, 11, 'action name "c d" must match [A-Za-z0-9_]+'],
    ]);
    expect(apl.actions.map((a) => a.text)).toEqual(["e"]);
  });
});

describe("translateSimcApl", () => {
  it("maps call/run/variable/wait/casts to entries with SimC's option names, precombat called at t = 0", () => {
    const t = translateSimcApl(
      parseSimcApl(
        [
          "actions.precombat=variable,name=pool,default=2,op=set,value=focus.deficit",
          "actions=call_action_list,name=cds,if=time>0",
          "actions+=/run_action_list,name=cds",
          "actions+=/variable,name=k,op=setif,condition=x,value=1,value_else=2",
          "actions+=/wait,sec=cooldown.kill_command.remains,if=cooldown.kill_command.remains>0",
          "actions+=/wait",
          "actions.cds=bestial_wrath,line_cd=5,if=buff.bestial_wrath.down",
        ].join("\n"),
        FILE,
      ),
    );
    expect(t.rotation).toEqual({
      main: "default",
      lists: {
        precombat: [{ variable: "pool", default: 2, op: "set", value: "focus.deficit" }],
        default: [
          { call: "precombat", if: "time = 0" },
          { call: "cds", if: "time>0" },
          { run: "cds" },
          { variable: "k", op: "setif", condition: "x", value: "1", value_else: "2" },
          { wait: "cooldown.kill_command.remains", if: "cooldown.kill_command.remains>0" },
          { wait: "1.0" },
        ],
        cds: [{ cast: "bestial_wrath", use_off_gcd: "0", line_cd: "5", if: "buff.bestial_wrath.down" }],
      },
    });
    expect(t.lines).toBe(7);
    expect(t.origins["default"]!.map((o) => [o.line, o.synthetic ?? false])).toEqual([[0, true], [2, false], [3, false], [4, false], [5, false], [6, false]]);
    expect(t.origins["cds"]![0]!.columns).toEqual({ cast: 13, line_cd: 35, if: 40 });
  });

  it("a line missing its required option, or with a non-numeric default, is ignored with the reason", () => {
    const t = translateSimcApl(parseSimcApl("actions=call_action_list,if=1\nactions+=/variable,name=v,default=x,value=1\nactions+=/kill_command", FILE));
    expect(t.ignored.map((l) => [l.line, l.reason])).toEqual([
      [1, "call_action_list needs name=<list>"],
      [2, "default=x is not a number"],
    ]);
    expect(t.rotation.lists["default"]).toEqual([{ cast: "kill_command", use_off_gcd: "0" }]);
  });
});

const honour = (text: string, strict = false) => compileHonoured(rotationInput(text, FILE, strict), testSymbols(), FILE);

describe("line honouring", () => {
  const APL = [
    "actions=kill_command,if=buff.bestial_wrath.up", // 1 honoured
    "actions+=/frobnicate", // 2 unknown action
    "actions+=/barbed_shot,if=buff.no_such_buff.up", // 3 unknown aura, column of no_such_buff
    "actions+=/cobra_shot,bogus=kill_command", // 4 an option the compiler does not know
    "actions+=/multishot,if=focus>(3", // 5 unbalanced paren
    "actions+=/bestial_wrath",
  ].join("\n");

  it("drops exactly the bad lines and lists them with code, reason and file column", () => {
    const { compiled, report } = honour(APL);
    expect(report).toMatchObject({ file: FILE, format: "simc", lines: 6, honoured: 2 });
    const got = report.ignoredLines.map((l: IgnoredLine) => [l.line, l.code, l.column]);
    expect(got).toEqual([
      [2, "ROTATION_UNKNOWN_NAME", 11],
      [3, "ROTATION_UNKNOWN_NAME", 31], // "actions+=/barbed_shot,if=buff." is 30 characters
      [4, "ROTATION_BAD_SHAPE", 28], // the bogus value's column
      [5, "ROTATION_UNBALANCED_PAREN", 30], // the "(" of "focus>(3"
    ]);
    expect(report.ignoredLines[0]!).toMatchObject({ text: "frobnicate", reason: 'unknown spell "frobnicate"' });
    expect(report.ignoredLines[1]!.reason).toContain('unknown aura "no_such_buff"');
    expect(report.ignoredLines[2]!.reason).toContain('unknown key "bogus"');
    // the compiled rotation is exactly what the honoured lines say
    const expected = compileRotation({ main: "default", lists: { default: [{ cast: "kill_command", if: "buff.bestial_wrath.up", use_off_gcd: "0" }, { cast: "bestial_wrath", use_off_gcd: "0" }] } } as RotationJson, testSymbols(), FILE);
    expect([...compiled.code]).toEqual([...expected.code]);
    expect(groupIgnored(report.ignoredLines).map((g) => [g.category, g.lines.map((l) => l.line)])).toEqual([
      ["action not in the spec", [2]],
      ["unknown aura (in an expression)", [3]],
      ["unsupported expression syntax", [5]],
      ["unsupported option bogus", [4]],
    ]);
  });

  it("strict mode: the first refused line is the error, located at its file line and column", () => {
    let err: unknown;
    try {
      honour(APL, true);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RotationError);
    const e = err as RotationError;
    expect([e.code, e.file, e.line, e.column, e.list, e.entry]).toEqual(["ROTATION_UNKNOWN_NAME", FILE, 2, 11, "default", 1]);
    expect(e.message).toBe(`${FILE} line 2: list "default" entry 1 field "cast" column 11: unknown spell "frobnicate" [frobnicate]`);
  });

  it("strict mode also fails on a line the parser could not read", () => {
    expect(() => honour("actions=kill_command\nactions+=/cobra_shot,if", true)).toThrow(/line 2 column 22: option "if" is not key=value/);
  });

  it("a dropped variable line cascades: its readers are dropped too, naming the cause", () => {
    const { report } = honour(["actions=variable,name=pool,value=buff.nope.up", "actions+=/cobra_shot,if=variable.pool", "actions+=/kill_command"].join("\n"));
    expect(report.honoured).toBe(1);
    expect(report.ignoredLines.map((l) => l.line)).toEqual([1, 2]);
    expect(report.ignoredLines[0]!.reason).toMatch(/unknown aura "nope".*\(a variable line: lines that read variable\.pool lose this assignment\)/);
    expect(report.ignoredLines[1]!.reason).toBe('unknown variable "pool" (no entry assigns it): variable "pool" is assigned only by ignored line(s) 1');
  });

  it("a call of a list no line defines is dropped; a list whose lines were all dropped stays (empty)", () => {
    const { report } = honour(["actions=call_action_list,name=nowhere", "actions+=/call_action_list,name=st", "actions.st=frobnicate", "actions+=/kill_command"].join("\n"));
    expect(report.ignoredLines.map((l) => [l.line, l.code])).toEqual([[1, "ROTATION_UNKNOWN_LIST"], [3, "ROTATION_UNKNOWN_NAME"]]);
    expect(report.honoured).toBe(2);
  });

  it("a JSON rotation is compiled strictly: every entry counts, a bad one is the error", () => {
    const ok = compileHonoured(rotationInput('{"lists":{"default":[{"cast":"kill_command"},{"cast":"cobra_shot"}]}}', "r.json"), testSymbols(), "r.json");
    expect(ok.report).toEqual({ file: "r.json", format: "json", lines: 2, honoured: 2, ignoredLines: [], absentNames: [] });
    expect(() => compileHonoured(rotationInput('{"lists":{"default":[{"cast":"nope"}]}}', "r.json"), testSymbols(), "r.json")).toThrow(RotationError);
  });
});

describe("rotationFormat", () => {
  it("by extension, else by content", () => {
    expect(rotationFormat("{}", "a.simc")).toBe("simc");
    expect(rotationFormat("actions=x", "a.json")).toBe("json");
    expect(rotationFormat('  {"lists":{}}', "<config.rotation>")).toBe("json");
    expect(rotationFormat("actions=x", "<config.rotation>")).toBe("simc");
  });
});
