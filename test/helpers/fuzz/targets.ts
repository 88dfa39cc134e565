// The fuzz targets by name (test/fuzz.test.ts): for each parser, an input generator and a check that
// the parser either returns a valid result or throws its typed error (class + stable code) — never a
// throw of another kind. Hangs are caught by the runner's deadline (runner.ts).
import { addonExportParser } from "./addon-export.js";
import { apiQueryParser } from "./api.js";
import type { FuzzTarget } from "./common.js";
import { csvReader } from "./csv.js";
import { harnessHang, harnessUntyped } from "./harness.js";
import { manifestExtends, manifestValidator } from "./manifest.js";
import { profileParser } from "./profile.js";
import { rotationParser } from "./rotation.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each target has its own input type
export const FUZZ_TARGETS: Record<string, FuzzTarget<any, any>> = {
  "csv-reader": csvReader,
  "manifest-validator": manifestValidator,
  "manifest-extends": manifestExtends,
  "rotation-parser": rotationParser,
  "profile-parser": profileParser,
  "api-query-parser": apiQueryParser,
  "addon-export-parser": addonExportParser,
  "harness-hang": harnessHang,
  "harness-untyped": harnessUntyped,
};
