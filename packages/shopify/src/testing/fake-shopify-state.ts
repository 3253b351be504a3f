// FakeShopify's in-memory state as JSON text and back, so a long-running
// simulated store (the demo app) keeps its shops, orders, fulfilments and
// issued tokens across a restart. Maps and Sets are written as tagged arrays.

/** The parts of a FakeShopify that change as it answers requests. */
export interface FakeShopifyStateParts {
  readonly shops: Map<string, unknown>;
  readonly tokens: Map<string, unknown>;
  readonly refreshTokens: Map<string, unknown>;
  readonly ids: number;
}

const TAG = "$fake-shopify";

function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Map) return { [TAG]: "map", entries: [...value] };
  if (value instanceof Set) return { [TAG]: "set", values: [...value] };
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (typeof value === "object" && value !== null && TAG in value) {
    const tagged = value as { [TAG]: string; entries?: [unknown, unknown][]; values?: unknown[] };
    if (tagged[TAG] === "map") return new Map(tagged.entries ?? []);
    if (tagged[TAG] === "set") return new Set(tagged.values ?? []);
  }
  return value;
}

export function writeFakeShopifyState(parts: FakeShopifyStateParts): string {
  return JSON.stringify({ version: 1, ...parts }, replacer);
}

/** Replaces the maps' contents with the saved ones; answers the saved id counter. */
export function readFakeShopifyState(
  text: string,
  into: Omit<FakeShopifyStateParts, "ids">,
): number {
  const saved = JSON.parse(text, reviver) as FakeShopifyStateParts & { version: number };
  if (saved.version !== 1)
    throw new TypeError(`unknown FakeShopify state version ${saved.version}`);
  for (const name of ["shops", "tokens", "refreshTokens"] as const) {
    into[name].clear();
    for (const [key, value] of saved[name]) into[name].set(key, value);
  }
  return saved.ids;
}
