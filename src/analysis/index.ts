// Analysis surface: comparisons (paired runs), stat weights, profile sets with staged culling.
// Browser-safe like the package root (node: modules only through dynamic imports; the CLI wiring in
// ./cli.ts is not exported here).
export { compare } from "./compare.js";
export type { CompareConfig, ComparisonResult, VariantComparison, EntrySummary } from "./compare.js";
export { scaleFactors, defaultScaleDelta, weaponMatters, pawnString } from "./scale-factors.js";
export type { ScaleFactorsConfig, ScaleFactorsResult, ScaleFactor } from "./scale-factors.js";
export { profileSet, talentCombinations, buildTalentCombinations, statSplits, productOfVariants, generateVariants, PROFILE_SET_CHUNK_SIZE, PROFILE_SET_DEFAULT_PRECISION } from "./profile-set.js";
export type { ProfileSetConfig, ProfileSetResult, ProfileSetEntry, ProfileSetStage } from "./profile-set.js";
export { cull } from "./culling.js";
export type { CullCandidate, CullDecision } from "./culling.js";
export { pairedDelta, PairAccumulator, Moments, CoMoments, meanError95, unpairedError95, welchDf, tQuantile975 } from "./stats.js";
export type { PairedDelta } from "./stats.js";
export { parseVariant, parseVariants, parseStatChange, variantObjectFromCli, describeVariant, STAT_KEYS, BASELINE_NAME } from "./variants.js";
export type { Variant, VariantInput, StatKey, StatChange } from "./variants.js";
export { formatAnalysisText, formatComparison, formatScaleFactors, formatProfileSet } from "./text.js";
export type { AnalysisReport } from "./text.js";
export { renderAnalysisSections, errorBarChart } from "./html.js";
export { AnalysisError } from "./errors.js";
export type { AnalysisErrorCode } from "./errors.js";
export type { StageProgress } from "./common.js";
