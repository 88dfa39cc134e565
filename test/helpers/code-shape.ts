// Function and file lengths of the hand-written sources, measured with the TypeScript parser (the
// AssemblyScript files parse as TypeScript too). Used by test/code-shape.test.ts; run it directly
// (`node --import tsx test/helpers/code-shape.ts [min-lines]`) to list the longest functions.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface FunctionLength {
  /** Repo-relative file path. */
  file: string;
  /** The function's name, or `<anonymous>` (with the name of the variable or property it is assigned to when there is one). */
  name: string;
  /** 1-based first line. */
  line: number;
  lines: number;
}

/** A file is generated when its first line says so ("generated … do not edit"); those are exempt. */
export function isGenerated(text: string): boolean {
  const first = text.slice(0, text.indexOf("\n") >>> 0).toLowerCase();
  return first.includes("generated") && first.includes("do not edit");
}

/** The hand-written .ts files under the given repo-relative folders, sorted. */
export function sourceFiles(folders: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const entry of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) {
        if (!isGenerated(fs.readFileSync(path.join(ROOT, child), "utf8"))) out.push(child);
      }
    }
  };
  for (const folder of folders) walk(folder);
  return out.sort();
}

export function lineCount(file: string): number {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  return text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
}

function functionName(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name && (ts.isIdentifier(named.name) || ts.isStringLiteral(named.name))) return named.name.text;
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))) {
    if (ts.isIdentifier(parent.name)) return parent.name.text;
  }
  return "<anonymous>";
}

/** Every function-like node (declarations, methods, arrows, function expressions) with its line span. */
export function functionLengths(file: string): FunctionLength[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ file, name: functionName(node), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const min = Number(process.argv[2] ?? 100);
  const all = sourceFiles(["src", "assembly"]).flatMap(functionLengths);
  for (const f of all.filter((f) => f.lines >= min).sort((a, b) => b.lines - a.lines)) {
    console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
  }
  for (const file of sourceFiles(["src", "assembly"])) {
    const n = lineCount(file);
    if (n > 700) console.log(`file ${n}  ${file}`);
  }
}
