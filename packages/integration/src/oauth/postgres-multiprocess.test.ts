// Two OS processes sharing one PostgresTokenStore (on a real PostgreSQL)
// renew an expired token at the same moment: one refresh, no invalid_grant,
// one winner's token for both.
import { PostgresTokenStore } from "@shipbridge/core/postgres";
import { usePostgres } from "@shipbridge/tooling/embedded-postgres";
import { describeMultiprocessRefresh } from "./multiprocess-refresh.ts";

const postgres = usePostgres();

describeMultiprocessRefresh("PostgresTokenStore", {
  store: () => new PostgresTokenStore(postgres.connectionString),
  workerInput: () => ({ postgres: postgres.connectionString }),
});
