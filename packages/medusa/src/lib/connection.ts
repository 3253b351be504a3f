// The plugin's connection to the shipping service: one OAuth client whose
// tokens, and whose per-order locks, live in PostgreSQL (core's
// PostgresTokenStore), so several Medusa instances share one set of tokens,
// spend a refresh token once, and never ship one fulfillment twice. One
// connection (one PostgreSQL pool) per process and options, shared by the
// provider and the module.
import { createHash } from "node:crypto";
import {
  isReauthorizationRequiredError,
  OAuthClient,
  type ShippingAuth,
  ShippingClient,
} from "@shipbridge/core";
import { PostgresTokenStore } from "@shipbridge/core/postgres";
import pg from "pg";
import { AttemptLedger } from "./attempt-ledger.ts";
import { coreLanguage } from "./language.ts";
import type { KeptFulfillments } from "./medusa-fulfillments.ts";
import { connectRedirectUri, grantOf, type PluginOptions } from "./options.ts";

export interface Connection {
  readonly client: ShippingClient;
  readonly oauth: OAuthClient;
  /** Shared by every instance: the OAuth tokens and the ship-once leases. */
  readonly store: PostgresTokenStore;
  /** Which shipment name belongs to which fulfillment, beside the tokens. */
  readonly ledger: AttemptLedger;
  /** The one PostgreSQL pool the tokens and the ledger share. */
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * A ShippingAuth that logs in with the configured grant when no token is
 * stored yet, or when the stored authorization has ended; one login at a time
 * in a process. The authorization-code grant cannot log in by itself: its
 * tokens come from the admin's connect flow.
 */
function selfConnecting(oauth: OAuthClient, options: PluginOptions): ShippingAuth {
  // With the authorization code, only the merchant can connect (from the admin).
  if (grantOf(options) === "authorization_code") return oauth;
  let login: Promise<unknown> | undefined;
  const connect = () => {
    login ??= (
      options.username !== undefined && options.password !== undefined
        ? oauth.loginWithPassword({ username: options.username, password: options.password })
        : oauth.loginWithClientCredentials()
    ).finally(() => {
      login = undefined;
    });
    return login;
  };
  return {
    async accessToken(call) {
      try {
        return await oauth.accessToken(call);
      } catch (error) {
        if (!isReauthorizationRequiredError(error)) throw error;
        await connect();
        return oauth.accessToken();
      }
    },
  };
}

/** A process's connection and how many holders it has. */
interface Shared {
  readonly connection: Connection;
  holders: number;
}

const shared = new Map<string, Shared>();

/**
 * The key of a shared connection: a SHA-256 hash of the database URL and the
 * options, which hold the client secret that a long-lived key must not carry.
 */
export function sharedConnectionKey(options: PluginOptions, databaseUrl: string): string {
  return createHash("sha256")
    .update(JSON.stringify([databaseUrl, options]))
    .digest("hex");
}

/**
 * The process's connection for these options and database: opened by the
 * first caller (the provider or the module, whichever Medusa builds first)
 * and shared with the others, over one PostgreSQL pool. Each caller gets its
 * own handle; the pool ends when the last handle is closed.
 */
export function sharedConnection(
  options: PluginOptions,
  databaseUrl: string,
  kept?: KeptFulfillments,
): Connection {
  const key = sharedConnectionKey(options, databaseUrl);
  let entry = shared.get(key);
  if (entry === undefined) {
    const opened = openConnection(options, databaseUrl, kept);
    entry = { connection: opened, holders: 0 };
    shared.set(key, entry);
  } else if (kept !== undefined) {
    entry.connection.ledger.adoptKept(kept);
  }
  const held = entry;
  held.holders += 1;
  let closed = false;
  return {
    ...held.connection,
    close: async () => {
      if (closed) return;
      closed = true;
      held.holders -= 1;
      if (held.holders > 0) return;
      if (shared.get(key) === held) shared.delete(key);
      await held.connection.close();
    },
  };
}

/** A connection of its own, over a pool of its own (`sharedConnection` shares one per process). */
export function openConnection(
  options: PluginOptions,
  databaseUrl: string,
  kept?: KeptFulfillments,
): Connection {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client's error must not crash the process; the next query reports it.
  pool.on("error", () => {});
  const store = new PostgresTokenStore(pool);
  const oauth = new OAuthClient({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    baseUrl: options.baseUrl,
    accountUrl: options.accountUrl,
    store,
    key: `shipbridge-medusa:${options.storeId}`,
    ...(grantOf(options) === "authorization_code"
      ? { redirectUri: connectRedirectUri(options) }
      : {}),
  });
  const client = new ShippingClient({
    baseUrl: options.baseUrl,
    auth: selfConnecting(oauth, options),
    language: coreLanguage(options.language),
    ...(options.trackingPage === undefined ? {} : { trackingPage: options.trackingPage }),
    ...(options.companyId === undefined ? {} : { companyId: options.companyId }),
  });
  const ledger = new AttemptLedger(pool, kept === undefined ? {} : { kept });
  return {
    client,
    oauth,
    store,
    ledger,
    pool,
    close: async () => {
      await Promise.all([store.close(), ledger.close()]);
      await pool.end();
    },
  };
}
