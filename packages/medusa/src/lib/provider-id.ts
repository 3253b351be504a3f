// How Medusa names this plugin's fulfillment provider: `shipbridge_<id>`, the
// provider's identifier and the id the store gave it in medusa-config.ts.
export const PROVIDER_PREFIX = "shipbridge_";
