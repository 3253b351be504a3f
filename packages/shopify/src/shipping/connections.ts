// The shipping-service connection of each shop: core's OAuthClient with its
// tokens in the shared PostgresTokenStore under a key per shop, and a
// ShippingClient on it. The OAuth client's refresh is already single flight
// across instances through the same store.
import { OAuthClient, ShippingClient } from "@shipbridge/core";
import type { PostgresTokenStore } from "@shipbridge/core/postgres";
import type { ShippingServiceConfig } from "../config/app-config.ts";

export class ShippingConnections {
  readonly #config: ShippingServiceConfig;
  readonly #store: PostgresTokenStore;
  readonly #redirectUri: string;

  constructor(config: ShippingServiceConfig, store: PostgresTokenStore, redirectUri: string) {
    this.#config = config;
    this.#store = store;
    this.#redirectUri = redirectUri;
  }

  oauth(shop: string): OAuthClient {
    return new OAuthClient({
      clientId: this.#config.clientId,
      clientSecret: this.#config.clientSecret,
      baseUrl: this.#config.baseUrl,
      accountUrl: this.#config.accountUrl,
      redirectUri: this.#redirectUri,
      store: this.#store,
      key: `shipbridge:shopify:${shop}`,
    });
  }

  client(shop: string): ShippingClient {
    return new ShippingClient({
      ...this.#config.client,
      baseUrl: this.#config.baseUrl,
      auth: this.oauth(shop),
    });
  }
}
