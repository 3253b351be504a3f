// One command for the whole store: starts an embedded PostgreSQL and the
// local sandbox of the shipping service, migrates Medusa's database (the
// plugin's module included), seeds it, and serves the store and admin APIs
// on http://localhost:9000. Stop it with Ctrl+C. Build the workspace first
// (`pnpm build`): Medusa loads the plugin's built output.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { startSandbox } from "@shipbridge/sandbox";
import { startPostgres } from "@shipbridge/tooling/embedded-postgres";
import pg from "pg";

const plugin = new URL("../node_modules/@shipbridge/medusa/.medusa/server", import.meta.url);
if (!existsSync(plugin)) {
  console.error("The plugin is not built: run `pnpm build` at the repository root first.");
  process.exit(1);
}

const postgres = await startPostgres();
const admin = new pg.Client({ connectionString: postgres.connectionString });
await admin.connect();
await admin.query("CREATE DATABASE medusa_store");
await admin.end();
const databaseUrl = new URL(postgres.connectionString);
databaseUrl.pathname = "/medusa_store";

// The database's port is chosen at random: print how to reach it, so an
// admin user can be created while the store runs (a throwaway local database,
// its password is not a secret).
console.log(
  `shipbridge: DATABASE_URL=${databaseUrl.toString()}\n` +
    `  admin user: DATABASE_URL=${databaseUrl.toString()} pnpm exec medusa user -e admin@example.com -p secret`,
);

const sandbox = await startSandbox({ port: 4010, accountPort: 4011 });
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl.toString(),
  SHIPBRIDGE_BASE_URL: sandbox.baseUrl,
  SHIPBRIDGE_ACCOUNT_URL: sandbox.accountUrl,
  MEDUSA_DISABLE_TELEMETRY: "true",
};

function medusa(...args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("pnpm", ["exec", "medusa", ...args], { env, stdio: "inherit" });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`medusa ${args[0]} exited with ${code}`)),
    );
  });
}

async function stop(code: number): Promise<never> {
  await sandbox.close();
  await postgres.stop();
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

try {
  await medusa("db:migrate", "--execute-safe-links");
  await medusa("exec", "./src/scripts/seed.ts");
  await medusa(...(process.argv.includes("--no-serve") ? ["--version"] : ["develop"]));
  await stop(0);
} catch (error) {
  console.error(String(error));
  await stop(1);
}
