// Generates the placeholder source icons in data/icons/ (56x56 PNG): a class-coloured square with
// the initials of the class/spec/item drawn in a built-in 5x7 pixel font (no system fonts, so the
// output is byte-identical on any machine with the same sharp/libvips build). These are NOT game
// art; data/icons/GENERATED.md says so and lists where each colour and label came from.
//
//   node --import tsx scripts/gen-icons.ts            write data/icons/*.png + GENERATED.md
//   node --import tsx scripts/gen-icons.ts --check    regenerate in memory, compare bytes, exit 1 on drift
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { buildCatalog, FALLBACK_ICON } from "../src/api/catalog.js";
import { bundledDataDir, loadDataBundle } from "../src/data/bundle.js";

export const ICON_SOURCE_PX = 56;
const SCALE = 3; // font pixel -> 3x3 image pixels: a glyph is 15x21
const GAP = 3;
const BORDER = 2;
const ITEM_COLOR: Rgb = [110, 110, 110];

type Rgb = [number, number, number];

// 5x7 glyphs, rows top to bottom, '#' = ink.
const FONT: Record<string, string[]> = {
  A: [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
  B: ["####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."],
  C: [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."],
  D: ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
  E: ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
  F: ["#####", "#....", "#....", "####.", "#....", "#....", "#...."],
  G: [".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"],
  H: ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
  I: [".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."],
  J: ["..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."],
  K: ["#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"],
  L: ["#....", "#....", "#....", "#....", "#....", "#....", "#####"],
  M: ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
  N: ["#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"],
  O: [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
  P: ["####.", "#...#", "#...#", "####.", "#....", "#....", "#...."],
  Q: [".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"],
  R: ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
  S: [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
  T: ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
  U: ["#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
  V: ["#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."],
  W: ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."],
  X: ["#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"],
  Y: ["#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."],
  Z: ["#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"],
  "?": [".###.", "#...#", "....#", "...#.", "..#..", ".....", "..#.."],
};

const SMALL_WORDS = new Set(["the", "of", "a", "an", "and"]);

/** Two capital letters for a label: first letters of the first two words, else the first two letters. */
export function initials(label: string): string {
  const words = label
    .replace(/['’]/g, "")
    .split(/[^A-Za-z]+/)
    .filter((w) => w !== "" && !SMALL_WORDS.has(w.toLowerCase()));
  if (words.length === 0) return "?";
  const s = words.length >= 2 ? words[0]![0]! + words[1]![0]! : words[0]!.slice(0, 2);
  return s.toUpperCase();
}

/** One 56x56 RGB icon: colour fill, darker border, initials centred in black or white by contrast. */
export function drawIcon(color: Rgb, text: string): Buffer {
  const N = ICON_SOURCE_PX;
  const px = Buffer.alloc(N * N * 3);
  const dark: Rgb = [color[0] >> 1, color[1] >> 1, color[2] >> 1];
  // Rec. 601 luma: light backgrounds (priest white, monk green) get black ink
  const ink: Rgb = 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2] > 150 ? [0, 0, 0] : [255, 255, 255];
  const put = (x: number, y: number, c: Rgb) => {
    const i = (y * N + x) * 3;
    px[i] = c[0];
    px[i + 1] = c[1];
    px[i + 2] = c[2];
  };
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      const edge = x < BORDER || y < BORDER || x >= N - BORDER || y >= N - BORDER;
      put(x, y, edge ? dark : color);
    }
  }
  const glyphs = [...text].map((ch) => FONT[ch] ?? FONT["?"]!);
  const w = glyphs.length * 5 * SCALE + (glyphs.length - 1) * GAP;
  const x0 = Math.floor((N - w) / 2);
  const y0 = Math.floor((N - 7 * SCALE) / 2);
  glyphs.forEach((g, gi) => {
    for (let r = 0; r < 7; r++) {
      for (let col = 0; col < 5; col++) {
        if (g[r]![col] !== "#") continue;
        for (let dy = 0; dy < SCALE; dy++) {
          for (let dx = 0; dx < SCALE; dx++) put(x0 + gi * (5 * SCALE + GAP) + col * SCALE + dx, y0 + r * SCALE + dy, ink);
        }
      }
    }
  });
  return px;
}

interface IconPlan {
  name: string;
  color: Rgb;
  label: string;
  source: string;
}

function hexToRgb(hex: string): Rgb {
  return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
}

/** What to draw for every icon name the API serves; first claim wins: classes, then specs, then items. */
export async function planIcons(dataDir: string): Promise<IconPlan[]> {
  const catalog = buildCatalog(await loadDataBundle(dataDir));
  const plans = new Map<string, IconPlan>();
  const claim = (p: IconPlan) => {
    if (!plans.has(p.name)) plans.set(p.name, p);
  };
  for (const k of catalog.classes) {
    claim({ name: k.fileName, color: hexToRgb(k.color), label: initials(k.name), source: `class ${k.id} ${k.name}` });
  }
  for (const k of catalog.classes) {
    for (const s of k.specs) {
      claim({ name: s.fileName, color: hexToRgb(k.color), label: initials(s.name), source: `spec ${s.id} ${s.name} (${k.name})` });
    }
  }
  for (const it of catalog.items.values()) {
    claim({ name: it.fileName, color: ITEM_COLOR, label: initials(it.name), source: `item ${it.id} ${it.name}` });
  }
  claim({ name: FALLBACK_ICON, color: ITEM_COLOR, label: "?", source: "fallback for unknown icon file ids" });
  return [...plans.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

async function encodePng(raw: Buffer): Promise<Buffer> {
  return sharp(raw, { raw: { width: ICON_SOURCE_PX, height: ICON_SOURCE_PX, channels: 3 } })
    .png({ compressionLevel: 9, adaptiveFiltering: false, palette: false })
    .toBuffer();
}

function notes(plans: IconPlan[]): string {
  const rows = plans.map((p) => `| ${p.name}.png | ${p.label} | #${p.color.map((c) => c.toString(16).padStart(2, "0")).join("").toUpperCase()} | ${p.source} |`);
  return [
    "# Generated placeholder icons — not game art",
    "",
    "Every `.png` here is **generated** by `scripts/gen-icons.ts` (do not edit by hand; re-run",
    "`node --import tsx scripts/gen-icons.ts`). Each is a 56x56 square in the class colour",
    "(ChrClasses.ClassColorR/G/B; grey #6E6E6E for item-only icons) with the initials of the class,",
    "spec or item drawn in a built-in 5x7 pixel font. The file names are the real icon base names",
    "(ManifestInterfaceData.FileName, lower-cased, no extension), so real icons dropped in under the",
    "same names (`<name>.png` or `<name>.jpg`) replace them. `test/api-icons.test.ts` runs the",
    "generator's `--check` mode (regenerate in memory, compare bytes).",
    "",
    "| file | label | colour | first user |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

/** The full expected content of data/icons/: file name -> bytes. */
export async function generateIcons(dataDir: string): Promise<Map<string, Buffer>> {
  const plans = await planIcons(dataDir);
  const out = new Map<string, Buffer>();
  for (const p of plans) out.set(`${p.name}.png`, await encodePng(drawIcon(p.color, p.label)));
  out.set("GENERATED.md", Buffer.from(notes(plans), "utf8"));
  return out;
}

/** Drift between data/icons/ and a fresh generation: missing, changed and extra files. */
export async function checkIcons(dataDir: string): Promise<string[]> {
  const expected = await generateIcons(dataDir);
  const dir = path.join(dataDir, "icons");
  let present: string[] = [];
  try {
    present = readdirSync(dir);
  } catch {
    /* no dir: everything is missing */
  }
  const drift: string[] = [];
  for (const [file, bytes] of expected) {
    if (!present.includes(file)) drift.push(`missing ${file}`);
    else if (!readFileSync(path.join(dir, file)).equals(bytes)) drift.push(`changed ${file}`);
  }
  for (const f of present) if (!expected.has(f)) drift.push(`extra ${f}`);
  return drift;
}

async function main(argv: string[]): Promise<void> {
  const check = argv.includes("--check");
  const i = argv.indexOf("--data-dir");
  const dataDir = path.resolve(i >= 0 && argv[i + 1] ? argv[i + 1]! : bundledDataDir());
  if (check) {
    const drift = await checkIcons(dataDir);
    if (drift.length) {
      console.error(`data/icons drift (re-run without --check):\n  ${drift.join("\n  ")}`);
      process.exitCode = 1;
    } else console.log(`data/icons: up to date (${path.join(dataDir, "icons")})`);
    return;
  }
  const files = await generateIcons(dataDir);
  const dir = path.join(dataDir, "icons");
  mkdirSync(dir, { recursive: true });
  for (const [file, bytes] of files) writeFileSync(path.join(dir, file), bytes);
  console.log(`wrote ${files.size} files to ${dir}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(`gen-icons: ${(err as Error).message}`);
    process.exitCode = 1;
  });
}
