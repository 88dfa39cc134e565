// The README's Layout table matches the tree: every source folder (src/*, assembly/*) and top-level
// folder of the repository has a row, and every path a row names exists.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
/** Top-level folders that are build output or installed, not part of the source layout. */
const NOT_LAYOUT = new Set(["node_modules", "build", "dist", "coverage", ".git", ".ci", ".github"]);

function layoutTable(): string {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("## Layout");
  expect(start).toBeGreaterThan(0);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The paths in the first column of the table (`a/`, `b/` and `c/d/` style, one or several per row). */
function rowPaths(table: string): string[] {
  const out: string[] = [];
  for (const line of table.split("\n")) {
    if (!line.startsWith("| `")) continue;
    const first = line.split("|")[1]!;
    for (const m of first.matchAll(/`([^`]+)`/g)) out.push(m[1]!.replace(/\/$/, ""));
  }
  return out;
}

function dirs(rel: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, rel), { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith("."))
    .map((d) => (rel === "." ? d.name : `${rel}/${d.name}`));
}

describe("README layout table", () => {
  const rows = rowPaths(layoutTable());

  it("names only paths that exist", () => {
    expect(rows.filter((p) => !fs.existsSync(path.join(ROOT, p)))).toEqual([]);
  });

  it("has a row for every source folder and top-level folder", () => {
    const covered = (d: string): boolean => rows.some((r) => d === r || d.startsWith(`${r}/`));
    const wanted = [...dirs("src"), ...dirs(".").filter((d) => !NOT_LAYOUT.has(d) && d !== "src")];
    // assembly/ is one row that names its sub-folders in the text; src/* folders each need their own
    expect(wanted.filter((d) => !covered(d))).toEqual([]);
  });
});
