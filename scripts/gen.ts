// npm run gen [-- --check] [--root <dir>]: regenerate the artifacts derived from manifests + game
// data (list: src/catalog/gen.ts). --check regenerates in memory, compares with the files on disk
// and exits 1 with a readable diff when any is stale (CI runs it through test/specs-gen.test.ts).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runGen } from "../src/catalog/gen.js";

const args = process.argv.slice(2);
const check = args.includes("--check");
const rootAt = args.indexOf("--root");
const root = rootAt >= 0 ? path.resolve(args[rootAt + 1] ?? ".") : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const unknown = args.filter((a, i) => a !== "--check" && a !== "--root" && args[i - 1] !== "--root");
if (unknown.length > 0) {
  console.error(`gen: unknown argument(s) ${unknown.join(" ")} (usage: gen [--check] [--root <dir>])`);
  process.exit(2);
}
try {
  const r = await runGen(root, check);
  if (check) {
    if (r.changed.length > 0) {
      console.error(`gen --check: ${r.changed.length} generated file(s) out of date (run \`npm run gen\`):\n\n${r.diffs.join("\n\n")}`);
      process.exitCode = 1;
    } else console.log(`gen --check: ${r.files.length} generated files up to date`);
  } else console.log(`gen: ${r.files.length} files, ${r.changed.length} written/removed${r.changed.length ? `: ${r.changed.join(", ")}` : ""}`);
} catch (e) {
  const err = e as { code?: string; message?: string };
  console.error(`gen: ${err.code ? `[${err.code}] ` : ""}${err.message ?? String(e)}`);
  process.exitCode = 1;
}
