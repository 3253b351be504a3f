// The shop's offline session, renewed before its expiring token lapses.
// Renewal spends a single-use refresh token, so it is single flight: one
// promise per shop in a process, and across instances a lease in the shared
// PostgresTokenStore; an instance that finds the lease taken waits for the
// holder's new session instead of refreshing again.
import { randomUUID } from "node:crypto";
import { type LeaseStore, ShipbridgeError } from "@shipbridge/core";
import type { Session, Shopify } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";

export interface OfflineSessionsOptions {
  readonly shopify: Shopify;
  readonly storage: SessionStorage;
  readonly leases: LeaseStore;
  readonly now: () => number;
  readonly skewSeconds: number;
}

const LEASE_TTL_MS = 30_000;
const WAIT_STEP_MS = 100;

/** The shop has no offline session (code `missing_session`): not installed, or uninstalled. */
export class MissingSessionError extends ShipbridgeError {
  override readonly name = "MissingSessionError";
  constructor(shop: string) {
    super(
      "missing_session",
      `No offline session for ${shop}: the app is not installed there, or was uninstalled`,
    );
  }
}

export class OfflineSessions {
  readonly #options: OfflineSessionsOptions;
  readonly #inFlight = new Map<string, Promise<Session>>();

  constructor(options: OfflineSessionsOptions) {
    this.#options = options;
  }

  #fresh(session: Session): boolean {
    if (!session.expires) return true;
    return session.expires.getTime() - this.#options.skewSeconds * 1000 > this.#options.now();
  }

  async #load(shop: string): Promise<Session> {
    const id = this.#options.shopify.session.getOfflineId(shop);
    const session = await this.#options.storage.loadSession(id);
    if (!session?.accessToken) throw new MissingSessionError(shop);
    return session;
  }

  /** A session whose token is good for at least the skew, renewing it if needed. */
  async get(shop: string): Promise<Session> {
    const session = await this.#load(shop);
    if (this.#fresh(session)) return session;
    const running = this.#inFlight.get(shop);
    if (running) return running;
    const renewal = this.#renew(shop).finally(() => this.#inFlight.delete(shop));
    this.#inFlight.set(shop, renewal);
    return renewal;
  }

  async #renew(shop: string): Promise<Session> {
    const { leases, shopify, storage } = this.#options;
    const key = `shipbridge:shopify-refresh:${shop}`;
    const holder = randomUUID();
    const deadline = Date.now() + LEASE_TTL_MS;
    while (Date.now() < deadline) {
      if (await leases.acquireLease(key, holder, LEASE_TTL_MS)) {
        try {
          // Another instance may have renewed it while this one waited.
          const current = await this.#load(shop);
          if (this.#fresh(current)) return current;
          if (!current.refreshToken) throw new MissingSessionError(shop);
          const { session } = await shopify.auth.refreshToken({
            shop,
            refreshToken: current.refreshToken,
          });
          await storage.storeSession(session);
          return session;
        } finally {
          await leases.releaseLease(key, holder);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      const current = await this.#load(shop);
      if (this.#fresh(current)) return current;
    }
    throw new ShipbridgeError(
      "session_renewal_timeout",
      `Renewing the Shopify token of ${shop} took longer than ${LEASE_TTL_MS} ms`,
    );
  }
}
