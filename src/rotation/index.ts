// Rotation (APL) language: parser, resolver, compiler to VM bytecode, JS reference evaluator.
export { compileRotation, parseRotationJson, foldExpr } from "./compile.js";
export type { CompiledRotation, CompileOptions, RotationJson, RotationEntryJson } from "./compile.js";
export type { RotationSymbols, ResolveContext } from "./resolve.js";
export { Resolver } from "./resolve.js";
export { NO_RAID_EVENT_IN } from "./raid-events.js";
export { parseExpression } from "./parse.js";
export { evaluateAst, applyBinary, applyFn } from "./evaluate.js";
export type { EvalEnv } from "./evaluate.js";
export { exprToString } from "./ast.js";
export type { Expr, RExpr, BinaryOp, UnaryOp, RBinOp, RFn, NamePart } from "./ast.js";
export { RotationError, formatLocation } from "./errors.js";
export type { RotationErrorCode, RotationLocation } from "./errors.js";
export { Q as QUERY } from "./queries.js";
export { ACTION_NONE, ACTION_CAST, ACTION_WAIT, WAIT_MAX_MS, ROT_MAGIC, ROT_VERSION, decodeAction } from "./bytecode.js";
export type { DecodedAction } from "./bytecode.js";
export { parseSimcApl, translateSimcApl, compileHonoured, rotationInput, rotationFormat, SIMC_DEFAULT_LIST, PRECOMBAT_LIST, ignoredCategory, groupIgnored, rotationSummaryLine, formatIgnored, formatAbsent } from "./simc/index.js";
export type { SimcApl, SimcAction, SimcOption, TranslatedApl, EntryOrigin, IgnoredLine, RotationReport, HonourInput, RotationFormat } from "./simc/index.js";
