// The `@shipbridge/core/postgres` entry: the PostgreSQL token store, kept
// apart from the root so that only apps that use it need `pg` installed.
export {
  type PostgresPool,
  PostgresTokenStore,
  type PostgresTokenStoreOptions,
} from "../oauth/postgres-token-store.ts";
