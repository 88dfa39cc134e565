// Spec manifests: schema + validation, resolution against game data, loading.
export { SCHEMA_VERSION, validateManifest } from "./schema.js";
export type { Manifest, SpellDecl, AuraDecl, ProcDecl, PetDecl, ResourceDecl, Op as ManifestOp, DataRef, NumOrRef } from "./schema.js";
export { ManifestError, ProfileError, type ManifestErrorCode } from "./errors.js";
export { resolveManifest } from "./resolve.js";
export type { ResolvedSpec, ResolvedSpell, ResolvedAura, ResolvedProc, ResolvedPet, ResolvedOp, Provenance, ResolveOptions } from "./resolve.js";
export { dataDirPieces, loadManifest, specFilePath, readTextFile } from "./load.js";
export { composeManifest, mergeManifestLayers, siblingPieceReader, NAMED_LISTS, type ReadPiece } from "./extends.js";
export { estimateFor, listEstimates, unmarkedManifestValues, type EstimateEntry } from "./estimates.js";
export { walkPath, type Estimates } from "./schema.js";
