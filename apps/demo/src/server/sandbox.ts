// The embedded sandbox of the shipping service, its state in the data folder:
// one OAuth application per store, whose redirect URIs are the stores'
// connect callbacks, and one merchant account per store (the service keeps
// one tracking webhook per account, and each store registers its own when
// its account is connected).
import { join } from "node:path";
import { startSandbox } from "@shipbridge/sandbox";

export const SHOPIFY_CLIENT_ID = "demo-shopify-app";
export const MEDUSA_CLIENT_ID = "demo-medusa-store";
/** The merchants who sign in on the service's pages (the sandbox's own demo users). */
export const MERCHANTS = {
  shopify: { username: "demo@shipbridge.dev", password: "demo-password" },
  medusa: { username: "medusa@shipbridge.dev", password: "demo-password" },
} as const;

export type RunningSandbox = Awaited<ReturnType<typeof startSandbox>>;

export function startDemoSandbox(options: {
  readonly dataDir: string;
  readonly port: number;
  readonly accountPort: number;
  readonly shopifyRedirectUri: string;
  readonly medusaRedirectUri: string;
  readonly shopifySecret: string;
  readonly medusaSecret: string;
}): Promise<RunningSandbox> {
  return startSandbox({
    port: options.port,
    accountPort: options.accountPort,
    dataFile: join(options.dataDir, "sandbox.sqlite"),
    config: {
      applications: [
        {
          client_id: SHOPIFY_CLIENT_ID,
          client_secret: options.shopifySecret,
          redirect_uri: options.shopifyRedirectUri,
          name: "Shopify: Sklep Kowalski",
        },
        {
          client_id: MEDUSA_CLIENT_ID,
          client_secret: options.medusaSecret,
          redirect_uri: options.medusaRedirectUri,
          name: "Medusa: Sklep Kowalski",
        },
      ],
      users: [
        { ...MERCHANTS.shopify, companies: [{ id: "1001", name: "Sklep Kowalski (Shopify)" }] },
        { ...MERCHANTS.medusa, companies: [{ id: "1002", name: "Sklep Kowalski (Medusa)" }] },
      ],
    },
  });
}
