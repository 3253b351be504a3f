// @shipbridge/core: the public surface. Everything a store adapter or a custom
// store needs, and deliberately nothing else.

export * from "./api/index.ts";
export { type Clock, systemClock } from "./clock.ts";
export { isShipbridgeError, ShipbridgeError } from "./errors/shipbridge-error.ts";
export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "./language.ts";
export * from "./mapping/index.ts";
export * from "./oauth/index.ts";
export * from "./rules/index.ts";
export * from "./schemas/index.ts";
export * from "./validation/index.ts";
