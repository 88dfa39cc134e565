// Game-data HTTP API (issue 6). Hono app; Node serving lives in src/cli/serve.ts.
export { createApp, parseIds, GAME_DATA_PATH, ICONS_PATH, MAX_IDS, CACHE_CONTROL } from "./app.js";
export type { ApiOptions } from "./app.js";
export type { OriginOptions } from "./origin.js";
export { buildCatalog, iconBaseName, float32Decimal, budgetSlot, FALLBACK_ICON } from "./catalog.js";
export type { Catalog, ClassRecord, SpecRecord, ItemRecord, ItemStat, ItemEffectRecord, SetInfo, SetBonus } from "./catalog.js";
export { IconService, ICON_PIXELS, ICON_NAME_RE, sharpResize } from "./icons.js";
export type { IconOptions, IconResizer, IconSize, IconImage } from "./icons.js";
export { ApiError, ApiDataError, ApiConfigError } from "./errors.js";
export type { ApiErrorCode } from "./errors.js";
