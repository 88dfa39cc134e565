// SimulationCraft APL front-end: parse `.simc` text, translate it to the rotation model, compile it
// line by line (docs/rotation.md "SimC APL files").
export { parseSimcApl, SIMC_DEFAULT_LIST } from "./parse.js";
export type { SimcApl, SimcAction, SimcOption, SimcBadLine } from "./parse.js";
export { translateSimcApl, PRECOMBAT_LIST } from "./translate.js";
export type { TranslatedApl, EntryOrigin, IgnoredLine } from "./translate.js";
export { compileHonoured, lineError } from "./honour.js";
export type { RotationReport, HonourInput } from "./honour.js";
export { rotationInput, rotationFormat } from "./source.js";
export type { RotationFormat } from "./source.js";
export { ignoredCategory, groupIgnored, rotationSummaryLine, formatIgnored, formatAbsent } from "./categories.js";
