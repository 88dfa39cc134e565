// Every repository path a document names in backticks exists: a reader who follows docs/ or the README
// to a file finds it. Paths with placeholders (`<slug>`, `*`, `{a,b}`, `$X`) are patterns, not files;
// a line that cites another repository at a commit (40 hex digits) names that repository's files.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const PATH_IN_BACKTICKS = /`((?:src|assembly|data|test|bench|docs|web|scripts|\.ci)\/[^`\s]*)`/g;
const EXTERNAL_CITATION = /\b[0-9a-f]{40}\b/;
const PATTERN = /[<*{$]/;

function documents(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.join("docs", f));
  return ["README.md", ...docs].sort();
}

/** `file:line` → path named there (anchors, line suffixes and trailing punctuation removed). */
function namedPaths(text: string): Array<{ line: number; path: string }> {
  const out: Array<{ line: number; path: string }> = [];
  text.split("\n").forEach((line, i) => {
    if (EXTERNAL_CITATION.test(line)) return;
    for (const m of line.matchAll(PATH_IN_BACKTICKS)) {
      const p = m[1]!.replace(/[:#].*$/, "").replace(/[),.;]+$/, "");
      if (!PATTERN.test(p)) out.push({ line: i + 1, path: p });
    }
  });
  return out;
}

describe("paths named in the docs", () => {
  it("the extractor finds paths, skips patterns and cited repositories", () => {
    const text = ["see `src/a.ts:12` and `docs/x.md#y`.", "`data/specs/<slug>/rotation.simc`", "`data/t.csv` at 0123456789abcdef0123456789abcdef01234567"].join("\n");
    expect(namedPaths(text)).toEqual([
      { line: 1, path: "src/a.ts" },
      { line: 1, path: "docs/x.md" },
    ]);
  });

  it("every repository path named in README.md and docs/ exists", () => {
    const missing: string[] = [];
    for (const doc of documents()) {
      for (const { line, path: p } of namedPaths(fs.readFileSync(path.join(ROOT, doc), "utf8"))) {
        if (!fs.existsSync(path.join(ROOT, p))) missing.push(`${doc}:${line}: ${p}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
