// Hashes of the encoded spec images (encodeImage output: i32 + f64 words) for every implemented spec,
// both rotation formats (JSON and SimC APL) and 1 and 5 targets. A refactor of the rotation compiler or
// the image encoder that must not change behaviour keeps every line of this output identical: run it
// before and after (`npx tsx scripts/image-hashes.ts > before.txt`, then diff). The compiled rotation
// is part of the image (header + bytecode + constants), so its bytes are covered too.
import { createHash } from "node:crypto";
import { SPEC_CATALOG } from "../src/generated/catalog.js";
import { prepareSimulation } from "../src/engine/simulate.js";
import { encodeImage } from "../src/engine/image.js";

const specs = SPEC_CATALOG.filter((s) => s.implemented).map((s) => s.slug);
for (const spec of specs) {
  for (const preferRotation of ["json", "simc"] as const) {
    for (const targets of [1, 5]) {
      const { image } = await prepareSimulation({ spec, preferRotation, targets, duration: 300, seed: 1 });
      const enc = encodeImage(image);
      const h = createHash("sha256");
      h.update(new Uint8Array(enc.i32.buffer, enc.i32.byteOffset, enc.i32.byteLength));
      h.update(new Uint8Array(enc.f64.buffer, enc.f64.byteOffset, enc.f64.byteLength));
      console.log(`${spec} ${preferRotation} targets=${targets} words=${enc.i32.length}+${enc.f64.length} ${h.digest("hex")}`);
    }
  }
}
