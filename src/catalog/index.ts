// The spec catalog: the 27 playable damage specs (descriptors generated into src/generated/catalog.ts).
export { buildCatalog, damageSpecRows, manifestTraits, CatalogError, EXPECTED_SPEC_COUNT, type SpecDescriptor } from "./build.js";
export { SPEC_TRAITS, type SpecTraits, type MasteryCategory } from "./traits.js";
export { SPEC_CATALOG } from "../generated/catalog.js";
export { lookupSpecs, specDisplayName, implementedSpecsList } from "./lookup.js";
