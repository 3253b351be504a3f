// The simulated Shopify store's back office: the package's FakeShopify (the
// Admin API and token endpoint), with its state written to the data folder
// after every request it answers, so shops, orders, fulfilments and issued
// tokens survive a restart, even a killed one.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { APP_SCOPES } from "@shipbridge/shopify";
import { FakeShopify, routeShopifyFetch } from "@shipbridge/shopify/testing";

export const DEMO_SHOP = "shipbridge-demo.myshopify.com";
/** The merchant approves every scope the app asks for at install. */
export const DEMO_SCOPES: readonly string[] = APP_SCOPES;

export interface FakeStore {
  readonly fake: FakeShopify;
  /** Whether the shop existed in the saved state (the app was installed before). */
  readonly restored: boolean;
  save(): void;
  /** Stops routing the Shopify library's requests to the fake. */
  close(): void;
}

export function openFakeStore(
  dataDir: string,
  keys: { apiKey: string; apiSecretKey: string },
): FakeStore {
  const file = join(dataDir, "shopify-fake.json");
  const fake = new FakeShopify(keys);
  let restored = false;
  if (existsSync(file)) {
    fake.restore(readFileSync(file, "utf8"));
    try {
      fake.order(DEMO_SHOP, "none");
      restored = true;
    } catch {
      // The shop is not in the saved state: installed below.
    }
  }
  const save = () => {
    writeFileSync(`${file}.tmp`, fake.snapshot(), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  };
  // The library takes one fetch per process; this one saves after each answer.
  const persisting: typeof fetch = async (input, init) => {
    const response = await fake.fetch(input, init);
    const host = new URL(input instanceof Request ? input.url : String(input)).hostname;
    if (host.endsWith(".myshopify.com")) save();
    return response;
  };
  const undo = routeShopifyFetch({ fetch: persisting } as unknown as FakeShopify);
  return { fake, restored, save, close: undo };
}
