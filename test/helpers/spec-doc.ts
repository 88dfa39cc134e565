// The "Lines not honoured" table of a spec page (docs/specs/<slug>.md): `| line | text | … | reason |` rows,
// the list each spec test compares with the compiled APL's ignoredLines.
import { readFileSync } from "node:fs";
import path from "node:path";

export function documentedIgnoredLines(slug: string): { line: number; reason: string }[] {
  const doc = readFileSync(path.resolve(__dirname, `../../docs/specs/${slug}.md`), "utf8");
  const section = doc.split("### Lines not honoured")[1]!.split("\n## ")[0]!;
  return section
    .split("\n")
    .filter((l) => /^\| \d+ \|/.test(l))
    .map((l) => {
      const cells = l.split(" | ");
      return { line: Number(cells[0]!.slice(2)), reason: cells.at(-1)!.replace(/ \|$/, "").replace(/\\\|/g, "|") };
    });
}
