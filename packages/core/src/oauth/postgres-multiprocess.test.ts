// Two OS processes sharing one PostgresTokenStore (on a real PostgreSQL)
// renew an expired token at the same moment: one refresh, no invalid_grant,
// one winner's token for both.
import { describeMultiprocessRefresh } from "../../test/oauth/multiprocess-refresh.ts";
import { usePostgres } from "../../test/postgres/embedded-postgres.ts";
import { PostgresTokenStore } from "./postgres-token-store.ts";

const postgres = usePostgres();

describeMultiprocessRefresh("PostgresTokenStore", {
  store: () => new PostgresTokenStore(postgres.connectionString),
  workerInput: () => ({ postgres: postgres.connectionString }),
});
