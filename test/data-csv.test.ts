import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { inferColumnType, parseCsv, type TableSchema } from "../src/data/csv.js";
import { CsvError, DataError } from "../src/data/errors.js";
import { schemaFor } from "../src/data/schema.js";

const F = "mem/T.csv";
const parse = (text: string, schema?: TableSchema) => parseCsv(text, { file: F, schema });

/** Run fn, expect a CsvError, return it. */
function csvError(fn: () => unknown): CsvError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(CsvError);
    expect(err).toBeInstanceOf(DataError);
    return err as CsvError;
  }
  throw new Error("expected a CsvError, nothing was thrown");
}

describe("parseCsv: records and quoting", () => {
  it("reads LF and CRLF record separators alike", () => {
    const lf = parse("ID,Name\n1,a\n2,b\n");
    const crlf = parse("ID,Name\r\n1,a\r\n2,b\r\n");
    expect(lf.columns).toEqual(["ID", "Name"]);
    expect(lf.rows).toEqual([
      { ID: 1, Name: "a" },
      { ID: 2, Name: "b" },
    ]);
    expect(crlf).toEqual(lf);
  });

  it("keeps embedded LF and CRLF (CR bytes included) inside quoted fields", () => {
    const { rows } = parse('ID,Text\n1,"a\nb"\n2,"c\r\n\r\nd"\n');
    expect(rows[0]!.Text).toBe("a\nb");
    expect(rows[1]!.Text).toBe("c\r\n\r\nd");
  });

  it("handles embedded commas, doubled quotes, and backslash as an ordinary character", () => {
    const { rows } = parse(
      ['ID,Text', '1,"x, y, z"', '2,"say ""hi"""', '3,"Abandon \\""%s\\""?"', "4,Interface\\ICONS\\", '5,""""'].join("\n") +
        "\n",
    );
    expect(rows.map((r) => r.Text)).toEqual(["x, y, z", 'say "hi"', 'Abandon \\"%s\\"?', "Interface\\ICONS\\", '"']);
  });

  it("reads empty text fields (bare and quoted) as empty strings, also in the last column", () => {
    const { rows } = parse('ID,A,B\n1,,\n2,"",x\n');
    expect(rows).toEqual([
      { ID: 1, A: "", B: "" },
      { ID: 2, A: "", B: "x" },
    ]);
  });

  it("addresses columns by name when ID is not the first column", () => {
    const { columns, rows } = parse("Name_lang,ID,ClassID\nBeast Mastery,253,3\n", {
      Name_lang: "text",
      ID: "int",
      ClassID: "int",
    });
    expect(columns).toEqual(["Name_lang", "ID", "ClassID"]);
    expect(rows[0]).toEqual({ Name_lang: "Beast Mastery", ID: 253, ClassID: 3 });
  });

  it("accepts a missing final newline, ignores trailing blank lines and a BOM", () => {
    const want = [{ ID: 1, N: "a" }];
    expect(parse("ID,N\n1,a").rows).toEqual(want);
    expect(parse("ID,N\n1,a\n\n\r\n").rows).toEqual(want);
    expect(parse("\uFEFFID,N\n1,a\n").rows).toEqual(want);
  });

  it("builds the same rows where code generation is forbidden (CSP-style fallback)", () => {
    const text = 'Name_lang,ID\n"a, b",1\nc,2\n';
    const fast = parse(text);
    const original = globalThis.Function;
    globalThis.Function = function () {
      throw new EvalError("code generation from strings disallowed");
    } as unknown as FunctionConstructor;
    try {
      expect(parse(text)).toEqual(fast);
    } finally {
      globalThis.Function = original;
    }
    expect(fast.rows).toEqual([
      { Name_lang: "a, b", ID: 1 },
      { Name_lang: "c", ID: 2 },
    ]);
  });

  it("gives no columns for an empty file and no rows for a header-only file", () => {
    expect(parse("")).toEqual({ columns: [], rows: [] });
    expect(parse("ID,Name\n")).toEqual({ columns: ["ID", "Name"], rows: [] });
  });

  it("round-trips arbitrary text through RFC 4180 quoting (property)", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "Z", " ", ",", '"', "\r", "\n", "\\", "é", "1") });
    const table = fc
      .integer({ min: 2, max: 5 })
      .chain((ncols) => fc.array(fc.array(cell, { minLength: ncols, maxLength: ncols }), { maxLength: 6 }));
    const quote = (s: string) => (/[",\r\n ]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
    fc.assert(
      fc.property(table, fc.boolean(), (rows, crlf) => {
        const ncols = rows[0]?.length ?? 2;
        const header = Array.from({ length: ncols }, (_, i) => `C${i}`);
        const eol = crlf ? "\r\n" : "\n";
        const text = [header, ...rows].map((r) => r.map(quote).join(",")).join(eol) + eol;
        const parsed = parseCsv(text, { file: F, allText: true });
        expect(parsed.columns).toEqual(header);
        expect(parsed.rows.map((r) => header.map((h) => r[h]))).toEqual(rows);
      }),
    );
  });
});

describe("parseCsv: column typing", () => {
  const schema: TableSchema = { ID: "int", F: "float", Mask: "i64", Name_lang: "text" };

  it("types int, float, i64 and text columns from the schema", () => {
    const { rows } = parse(
      "ID,F,Mask,Name_lang\n" +
        "-2147483648,0.11999999732,6184943489809468494,123\n" +
        "2147483647,292.24713134766,0,\n" +
        "-7,-0.5,-1,x\n",
      schema,
    );
    expect(rows[0]).toEqual({ ID: -2147483648, F: 0.11999999732, Mask: 6184943489809468494n, Name_lang: "123" });
    expect(rows[1]).toEqual({ ID: 2147483647, F: 292.24713134766, Mask: 0n, Name_lang: "" });
    expect(rows[2]).toEqual({ ID: -7, F: -0.5, Mask: -1n, Name_lang: "x" });
    // every i64 cell is a bigint, small ones too, so a column has one JS type
    expect(rows.map((r) => typeof r.Mask)).toEqual(["bigint", "bigint", "bigint"]);
  });

  it("parses floats with 11 fraction digits exactly as Number() does", () => {
    const vals = ["0.11999999732", "292.24713134766", "-0.00000000001", "12345678901234.5"];
    const { rows } = parse(`F\n${vals.join("\n")}\n`, { F: "float" });
    expect(rows.map((r) => r.F)).toEqual(vals.map(Number));
  });

  it("reads 16+ digit integers in float columns via Number(); an int column takes an integral value written with a fraction", () => {
    const { rows } = parse('F,I,Q\n12345678901234567,1500.0,"7.00"\n', { F: "float", I: "int", Q: "int" });
    expect(rows[0]).toEqual({ F: 12345678901234568, I: 1500, Q: 7 });
  });

  it("accepts a quoted number in a numeric column", () => {
    expect(parse('ID,Mask\n"42","7"\n', { ID: "int", Mask: "i64" }).rows[0]).toEqual({ ID: 42, Mask: 7n });
  });

  it("infers the type of columns the schema does not name (never an error)", () => {
    const { rows } = parse(
      "ID,Big,Ratio,Word,Empty,Num_lang\n1,9007199254740993,1,a,,5\n2,-3,0.25,2,,6\n",
      { ID: "int" },
    );
    expect(rows[0]).toEqual({ ID: 1, Big: 9007199254740993n, Ratio: 1, Word: "a", Empty: "", Num_lang: "5" });
    expect(rows[1]).toEqual({ ID: 2, Big: -3n, Ratio: 0.25, Word: "2", Empty: "", Num_lang: "6" });
  });

  it("inferColumnType follows the generator's rules", () => {
    expect(inferColumnType("A", ["1", "-2"])).toBe("int");
    expect(inferColumnType("A", ["1", "0.5"])).toBe("float");
    expect(inferColumnType("A", ["9007199254740991", "-9007199254740991"])).toBe("int"); // ±(2^53-1) still safe
    expect(inferColumnType("A", ["9007199254740992"])).toBe("i64"); // 2^53 is not a safe integer
    expect(inferColumnType("A", ["-6184943489809468494"])).toBe("i64");
    expect(inferColumnType("A", ["1", ""])).toBe("text"); // empty is not numeric
    expect(inferColumnType("A", ["1e5"])).toBe("text"); // no exponent notation in the dialect
    expect(inferColumnType("A", ["9007199254740993", "0.5"])).toBe("text"); // no lossless numeric type
    expect(inferColumnType("Name_lang", ["1"])).toBe("text");
    expect(inferColumnType("A", [])).toBe("text");
  });
});

describe("parseCsv: errors name file, physical line and column", () => {
  it("CSV_NOT_NUMERIC, with line numbers counting newlines embedded in earlier records", () => {
    // line 1 header, record 1 spans lines 2-4 (two embedded LFs), record 2 on line 5, record 3 on line 6
    const text = 'Name_lang,ID\n"a\nb\nc",1\nok,2\nbad,x7\n';
    const err = csvError(() => parse(text, { Name_lang: "text", ID: "int" }));
    expect(err.code).toBe("CSV_NOT_NUMERIC");
    expect(err.line).toBe(6);
    expect(err.column).toBe("ID");
    expect(err.columnIndex).toBe(1);
    expect(err.file).toBe(F);
    expect(err.message).toContain(`${F}:6:`);
    expect(err.message).toContain('column "ID" (#1)');
    expect(err.message).toContain('"x7"');
  });

  it.each([
    ["empty", ""],
    ["word", "abc"],
    ["exponent", "1e5"],
    ["bare dot", "1."],
    ["lone minus", "-"],
    ["plus sign", "+1"],
    ["space", " 1"],
  ])("CSV_NOT_NUMERIC for %s in an int column", (_, v) => {
    const err = csvError(() => parse(`ID,N\n1,a\n${v},b\n`, { ID: "int" }));
    expect([err.code, err.line, err.column, err.columnIndex]).toEqual(["CSV_NOT_NUMERIC", 3, "ID", 0]);
  });

  it("CSV_NOT_NUMERIC for a fraction in an i64 column", () => {
    const err = csvError(() => parse("Mask\n1.5\n", { Mask: "i64" }));
    expect([err.code, err.line, err.column]).toEqual(["CSV_NOT_NUMERIC", 2, "Mask"]);
  });

  it("CSV_NOT_INTEGER for a fraction in an int column (SpellCooldowns.StartRecoveryTime = 1500.5), bare or quoted", () => {
    const header = "ID,DifficultyID,CategoryRecoveryTime,RecoveryTime,StartRecoveryTime,AuraSpellID,SpellID";
    const file = "tables/SpellCooldowns.csv";
    const bare = csvError(() => parseCsv(`${header}\n1,0,0,0,1500,0,75\n2,0,0,0,1500.5,0,34026\n`, { file, schema: schemaFor("SpellCooldowns") }));
    expect([bare.code, bare.file, bare.line, bare.column, bare.columnIndex]).toEqual(["CSV_NOT_INTEGER", file, 3, "StartRecoveryTime", 4]);
    expect(bare.message).toBe(`${file}:3: column "StartRecoveryTime" (#4): "1500.5" is not an integer (column type int) [CSV_NOT_INTEGER]`);
    const quoted = csvError(() => parse('ID\n"2.25"\n', { ID: "int" }));
    expect([quoted.code, quoted.line, quoted.column]).toEqual(["CSV_NOT_INTEGER", 2, "ID"]);
    // the long-number path (more than 15 digits) is checked too
    expect(csvError(() => parse("ID\n1234567890123.25\n", { ID: "int" })).code).toBe("CSV_NOT_INTEGER");
  });

  it("columns the client stores as floats stay fractional even where build 12.0.5 holds only integers", () => {
    // schema.generated.ts types these `int` (every value it saw was integral); the client's DB2 field is a float
    expect(schemaFor("SpellRadius")?.["RadiusPerLevel"]).toBe("float");
    expect(schemaFor("ExpectedStat")?.["CreatureArmor"]).toBe("float");
    expect(schemaFor("SpellPower")?.["OptionalCostPct"]).toBe("float");
    // an array column (X_0 .. X_n) with one float member is float throughout
    expect(schemaFor("ItemArmorQuality")?.["Qualitymod_6"]).toBe("float");
    expect(schemaFor("SpellCooldowns")?.["StartRecoveryTime"]).toBe("int");
    const { rows } = parseCsv("ID,Radius,RadiusPerLevel,RadiusMin,RadiusMax\n7,5,0.5,0,5\n", { file: "SpellRadius.csv", schema: schemaFor("SpellRadius") });
    expect(rows[0]!["RadiusPerLevel"]).toBe(0.5);
  });

  it("CSV_INT_OUT_OF_RANGE for an integer beyond 2^53 in an int column", () => {
    const err = csvError(() => parse("ID\n1\n9007199254740993\n", { ID: "int" }));
    expect([err.code, err.line, err.column]).toEqual(["CSV_INT_OUT_OF_RANGE", 3, "ID"]);
  });

  it("CSV_FLOAT_OUT_OF_RANGE for a float beyond ±1.8e308 (it used to load as Infinity), bare or quoted", () => {
    const huge = "9".repeat(400);
    const bare = csvError(() => parse(`ID,F\n1,${huge}.5\n`, { ID: "int", F: "float" }));
    expect([bare.code, bare.line, bare.column]).toEqual(["CSV_FLOAT_OUT_OF_RANGE", 2, "F"]);
    expect(bare.message).toContain("is beyond the float range (±1.8e308)");
    expect(csvError(() => parse(`F\n"-${huge}"\n`, { F: "float" })).code).toBe("CSV_FLOAT_OUT_OF_RANGE");
    // the largest finite value still loads
    expect(parse(`F\n1${"0".repeat(308)}\n`, { F: "float" }).rows[0]!["F"]).toBe(1e308);
  });

  it("CSV_INT_OUT_OF_RANGE for an i64 cell beyond 64 bits (a mask holds at most 2^64-1)", () => {
    expect(parse("M\n18446744073709551615\n-9223372036854775808\n", { M: "i64" }).rows.map((r) => r["M"])).toEqual([2n ** 64n - 1n, -(2n ** 63n)]);
    const err = csvError(() => parse("M\n18446744073709551616\n", { M: "i64" }));
    expect([err.code, err.line, err.column]).toEqual(["CSV_INT_OUT_OF_RANGE", 2, "M"]);
  });

  it("an inferred column whose values no number type holds exactly stays text (never Infinity)", () => {
    const huge = "9".repeat(400);
    const { rows } = parse(`A,B\n${huge}.5,${huge}\n1,2\n`);
    expect(rows[0]).toEqual({ A: `${huge}.5`, B: huge });
    expect(inferColumnType("A", [`${huge}.5`])).toBe("text");
    expect(inferColumnType("A", [huge])).toBe("text"); // beyond 64 bits: no i64 either
    expect(inferColumnType("A", ["18446744073709551615"])).toBe("i64");
  });

  it("CSV_UNTERMINATED_QUOTE names the line where the quote opened", () => {
    const err = csvError(() => parse('ID,Text\n1,ok\n2,"never\nclosed\n', { ID: "int" }));
    expect([err.code, err.line, err.column, err.columnIndex]).toEqual(["CSV_UNTERMINATED_QUOTE", 3, "Text", 1]);
    expect(err.message).toContain(`${F}:3: column "Text" (#1)`);
  });

  it("CSV_RAGGED_ROW for too few and too many fields, at the record's first line", () => {
    const few = csvError(() => parse('ID,A,B\n1,"x\ny",z\n2,only\n'));
    expect([few.code, few.line]).toEqual(["CSV_RAGGED_ROW", 4]);
    expect(few.message).toContain("2 fields, the header has 3");
    const many = csvError(() => parse("ID,A\n1,a\n2,b,c\n"));
    expect([many.code, many.line]).toEqual(["CSV_RAGGED_ROW", 3]);
    // a blank line inside the file is a one-field record
    expect(csvError(() => parse("ID,A\n\n1,a\n")).code).toBe("CSV_RAGGED_ROW");
  });

  it("CSV_BAD_QUOTE for a quote inside a bare field and for text after a closing quote", () => {
    const inside = csvError(() => parse('ID,Text\n1,ab"c\n'));
    expect([inside.code, inside.line, inside.column, inside.columnIndex]).toEqual(["CSV_BAD_QUOTE", 2, "Text", 1]);
    const after = csvError(() => parse('ID,Text\n1,"ab"c\n'));
    expect([after.code, after.line, after.column]).toEqual(["CSV_BAD_QUOTE", 2, "Text"]);
    // a quote inside a bare numeric field is reported as a quote problem, not as "not numeric"
    expect(csvError(() => parse('ID\n1"2\n', { ID: "int" })).code).toBe("CSV_BAD_QUOTE");
  });

  it("CSV_NOT_TEXT for a binary file: names file and line, and the message is printable (no raw bytes)", () => {
    // the first bytes of a wasm module: "\0asm", version 1, then a section header
    const binary = "\u0000asm\u0001\u0000\u0000\u0000\u0001\u00ff\u0001`\u0000\u0001\u007f\n\u0001,\u001b[31m";
    const err = csvError(() => parse(binary));
    expect([err.code, err.file, err.line, err.column]).toEqual(["CSV_NOT_TEXT", F, 1, undefined]);
    expect(err.message).toBe(`${F}:1: character U+0000 at line 1, character 1: not a UTF-8 text CSV (a binary file?) [CSV_NOT_TEXT]`);
    // later in the file: the line of the first control character
    const late = csvError(() => parse("ID,Name_lang\n1,ok\n2,bad\u0007bell\n"));
    expect([late.code, late.line]).toEqual(["CSV_NOT_TEXT", 3]);
    expect(late.message).toContain("character U+0007 at line 3, character 6");
    // invalid UTF-8 (decoded as U+FFFD) is not text either
    expect(csvError(() => parse("ID,Name_lang\n1,caf\ufffd\n")).code).toBe("CSV_NOT_TEXT");
    // TAB, CR and LF are ordinary
    expect(parse("ID,Name_lang\r\n1,\"a\tb\r\nc\"\r\n").rows).toEqual([{ ID: 1, Name_lang: "a\tb\r\nc" }]);
  });

  it("every CsvError message is printable: control characters in names and values are escaped", () => {
    const err = new CsvError("CSV_BAD_HEADER", { file: "x\u001b[2J.csv", line: 1, column: "A\u0000B", columnIndex: 0 }, "bad \u009b value\n");
    expect(err.message).toBe('x\\x1b[2J.csv:1: column "A\\x00B" (#0): bad \\x9b value\\x0a [CSV_BAD_HEADER]');
    expect(/[\u0000-\u001f\u007f-\u009f]/.test(err.message)).toBe(false);
  });

  it("CSV_BAD_HEADER for duplicate, empty or __proto__ column names", () => {
    expect(csvError(() => parse("ID,A,ID\n1,2,3\n")).code).toBe("CSV_BAD_HEADER");
    expect(csvError(() => parse("ID,,B\n1,2,3\n")).code).toBe("CSV_BAD_HEADER");
    expect(csvError(() => parse("ID,__proto__\n1,2\n")).code).toBe("CSV_BAD_HEADER");
  });
});
