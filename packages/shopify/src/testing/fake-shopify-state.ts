// FakeShopify's in-memory state as JSON text and back, so a long-running
// simulated store (the demo app) keeps its shops, orders, fulfilments,
// returns and issued tokens across a restart. Maps, Sets and bytes (return
// labels) are written tagged.

/** The parts of a FakeShopify that change as it answers requests. */
export interface FakeShopifyStateParts {
  readonly shops: Map<string, unknown>;
  readonly tokens: Map<string, unknown>;
  readonly refreshTokens: Map<string, unknown>;
  readonly ids: number;
  /** The returns (fake-returns.ts); a snapshot made before returns has none. */
  readonly returns?: unknown;
}

const TAG = "$fake-shopify";

function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Map) return { [TAG]: "map", entries: [...value] };
  if (value instanceof Set) return { [TAG]: "set", values: [...value] };
  if (value instanceof Uint8Array) {
    return { [TAG]: "bytes", base64: Buffer.from(value).toString("base64") };
  }
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (typeof value === "object" && value !== null && TAG in value) {
    const tagged = value as {
      [TAG]: string;
      entries?: [unknown, unknown][];
      values?: unknown[];
      base64?: string;
    };
    if (tagged[TAG] === "map") return new Map(tagged.entries ?? []);
    if (tagged[TAG] === "set") return new Set(tagged.values ?? []);
    if (tagged[TAG] === "bytes") return new Uint8Array(Buffer.from(tagged.base64 ?? "", "base64"));
  }
  return value;
}

export function writeFakeShopifyState(parts: FakeShopifyStateParts): string {
  return JSON.stringify({ version: 1, ...parts }, replacer);
}

/** Replaces the maps' contents with the saved ones; answers the saved id counter and returns. */
export function readFakeShopifyState(
  text: string,
  into: Omit<FakeShopifyStateParts, "ids" | "returns">,
): { ids: number; returns: unknown } {
  const saved = JSON.parse(text, reviver) as FakeShopifyStateParts & { version: number };
  if (saved.version !== 1)
    throw new TypeError(`unknown FakeShopify state version ${saved.version}`);
  for (const name of ["shops", "tokens", "refreshTokens"] as const) {
    into[name].clear();
    for (const [key, value] of saved[name]) into[name].set(key, value);
  }
  return { ids: saved.ids, returns: saved.returns };
}
