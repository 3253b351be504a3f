// One command for the whole store: starts an embedded PostgreSQL and the
// local sandbox of the shipping service, migrates Medusa's database (the
// plugin's module included), seeds it, creates the admin user, serves the
// store and admin APIs with `medusa develop`, and prints a short summary
// last (URLs, admin login, publishable key, region and product ids); the
// ~600 lines of migration and boot log go to a file. Ctrl+C or SIGTERM stop
// it once, in order: Medusa's process group, the sandbox, then the database,
// whose throwaway folder is removed. Build the workspace first (`pnpm
// build`): Medusa loads the plugin's built output.
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { join, relative } from "node:path";
import { type RunningSandbox, startSandbox } from "@shipbridge/sandbox";
import { startPostgres, type TestPostgres } from "@shipbridge/tooling/embedded-postgres";
import pg from "pg";
import { type MedusaProcess, runMedusa } from "./medusa-process.mts";
import { readPorts } from "./ports.mts";
import { formatSummary, type StoreFacts } from "./summary.mts";

/** The line `src/scripts/start-setup.ts` prints its facts on. */
const STORE_SETUP_LINE = "SHIPBRIDGE_STORE_SETUP ";
const appDir = join(import.meta.dirname, "..");
const serve = !process.argv.includes("--no-serve");
const say = (line: string) => console.log(`shipbridge: ${line}`);

const plugin = join(appDir, "node_modules/@shipbridge/medusa/.medusa/server");
if (!existsSync(plugin)) {
  console.error("The plugin is not built: run `pnpm build` at the repository root first.");
  process.exit(1);
}
const read = readPorts(process.env);
if (!read.ok) {
  console.error(
    `shipbridge: cannot start (nie można uruchomić):\n${read.problems.map((problem) => `  ${problem}`).join("\n")}`,
  );
  process.exit(2);
}
const ports = read.ports;

// Everything Medusa prints goes to the log; once the store answers, its
// output is shown too (requests, errors).
mkdirSync(join(appDir, ".medusa"), { recursive: true });
const logFile = join(appDir, ".medusa/start.log");
// As the user sees it from where they ran the command (pnpm's INIT_CWD).
const shownLogFile = relative(process.env["INIT_CWD"] ?? process.cwd(), logFile) || logFile;
const log = createWriteStream(logFile);
const recent: string[] = [];
let showOutput = false;
/** The facts line of the store setup, when it has printed it. */
let setupLine: string | undefined;
const onLine = (line: string) => {
  if (line.includes(STORE_SETUP_LINE)) setupLine = line;
  log.write(`${line}\n`);
  recent.push(line);
  if (recent.length > 40) recent.shift();
  if (showOutput) console.log(line);
};

/** What is running, stopped in reverse order. */
const running: Array<{ name: string; stop: () => Promise<void> }> = [];
let medusa: MedusaProcess | undefined;
let stopping = false;

/** Thrown by a step of the startup that finds a stop under way (not a failure). */
const STOPPED = new Error("stopped while starting");
const checkStopping = () => {
  if (stopping) throw STOPPED;
};

/** Whether nothing listens on the port yet (Medusa's, before it is told to take it). */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

async function medusaCommand(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  checkStopping();
  medusa = runMedusa(appDir, args, env, onLine);
  const code = await medusa.exited;
  medusa = undefined;
  checkStopping();
  if (code !== 0) throw new Error(`medusa ${args.join(" ")} exited with ${code}`);
}

async function main(): Promise<void> {
  if (serve && !(await portFree(ports.medusa))) {
    throw new Error(
      `port ${ports.medusa} is taken: set PORT to a free one (port ${ports.medusa} jest zajęty: ustaw PORT na wolny)`,
    );
  }
  say("starting PostgreSQL and the sandbox");
  const postgres: TestPostgres = await startPostgres();
  running.push({ name: "the database", stop: () => postgres.stop() });
  checkStopping();
  const admin = new pg.Client({ connectionString: postgres.connectionString });
  await admin.connect();
  try {
    await admin.query("CREATE DATABASE medusa_store");
  } finally {
    await admin.end();
  }
  const databaseUrl = new URL(postgres.connectionString);
  databaseUrl.pathname = "/medusa_store";
  checkStopping();

  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({ port: ports.sandbox, accountPort: ports.sandboxAccount });
  } catch (error) {
    throw new Error(
      `the sandbox could not listen on ports ${ports.sandbox} and ${ports.sandboxAccount} ` +
        "(set SHIPBRIDGE_SANDBOX_PORT and SHIPBRIDGE_SANDBOX_ACCOUNT_PORT; " +
        `ustaw SHIPBRIDGE_SANDBOX_PORT i SHIPBRIDGE_SANDBOX_ACCOUNT_PORT): ${String(error)}`,
    );
  }
  running.push({ name: "the sandbox", stop: () => sandbox.close() });
  checkStopping();

  const adminLogin = {
    email: process.env["SHIPBRIDGE_ADMIN_EMAIL"] || "admin@example.com",
    // A fresh database every start: a fresh password, shown in the summary.
    password: process.env["SHIPBRIDGE_ADMIN_PASSWORD"] || randomBytes(12).toString("base64url"),
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(ports.medusa),
    DATABASE_URL: databaseUrl.toString(),
    SHIPBRIDGE_BASE_URL: sandbox.baseUrl,
    SHIPBRIDGE_ACCOUNT_URL: sandbox.accountUrl,
    MEDUSA_DISABLE_TELEMETRY: "true",
  };

  say(`migrating the database (the whole log: ${shownLogFile})`);
  await medusaCommand(["db:migrate", "--execute-safe-links"], env);
  say("seeding the store and creating the admin user");
  await medusaCommand(["exec", "./src/scripts/start-setup.ts"], {
    ...env,
    SHIPBRIDGE_ADMIN_EMAIL: adminLogin.email,
    SHIPBRIDGE_ADMIN_PASSWORD: adminLogin.password,
  });
  if (setupLine === undefined) throw new Error("the store setup printed no publishable key");
  const facts = JSON.parse(
    setupLine.slice(setupLine.indexOf(STORE_SETUP_LINE) + STORE_SETUP_LINE.length),
  ) as StoreFacts;

  const medusaUrl = `http://localhost:${ports.medusa}`;
  if (serve) {
    say(`starting Medusa on ${medusaUrl}`);
    checkStopping();
    const server = runMedusa(appDir, ["develop"], env, onLine);
    medusa = server;
    let exitCode: number | null | undefined;
    void server.exited.then((code) => {
      exitCode = code;
    });
    for (;;) {
      checkStopping();
      if (exitCode !== undefined) throw new Error(`medusa develop exited with ${exitCode}`);
      try {
        const health = await fetch(`${medusaUrl}/health`, { signal: AbortSignal.timeout(5_000) });
        if (health.ok) break;
      } catch {
        // Not listening (or answering) yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  console.log(
    formatSummary({
      facts,
      medusaUrl: serve ? medusaUrl : undefined,
      adminEnabled: process.env["MEDUSA_ADMIN_DISABLE"] !== "true",
      admin: adminLogin,
      sandbox: { baseUrl: sandbox.baseUrl, accountUrl: sandbox.accountUrl },
      databaseUrl: databaseUrl.toString(),
      logFile: shownLogFile,
    }),
  );
  if (!serve || medusa === undefined) return;
  showOutput = true;
  const code = await medusa.exited;
  checkStopping();
  throw new Error(`medusa develop exited with ${code}`);
}

/**
 * The one stop, whoever asks first (a signal, the parent gone, Medusa
 * exiting, a failure): Medusa's group, then what started before it, in
 * reverse; then the process exits with the first caller's code.
 */
let stopped: Promise<never> | undefined;
function stop(code: number, reason: string): Promise<never> {
  if (stopped) return stopped;
  stopping = true;
  stopped = (async () => {
    say(`stopping (${reason})`);
    showOutput = false;
    await medusa?.stop();
    // Startup gives up at its next step; wait for it so nothing it starts is missed.
    await started;
    await medusa?.stop();
    for (const { name, stop: stopIt } of running.reverse()) {
      try {
        await stopIt();
      } catch (error) {
        console.error(`shipbridge: stopping ${name} failed: ${String(error)}`);
      }
    }
    await new Promise<void>((resolve) => log.end(resolve));
    say("stopped");
    process.exit(code);
  })();
  return stopped;
}

const started = main().then(
  () => 0,
  (error: unknown) => {
    if (error === STOPPED) return 0;
    console.error(`shipbridge: ${error instanceof Error ? error.message : String(error)}`);
    if (recent.length > 0) {
      console.error(`The last lines of ${shownLogFile}:\n${recent.join("\n")}`);
    }
    return 1;
  },
);
void started.then((code) => stop(code, code === 0 ? "done" : "failed"));

process.on("SIGINT", () => void stop(0, "Ctrl+C"));
process.on("SIGTERM", () => void stop(0, "SIGTERM"));
process.on("SIGHUP", () => void stop(0, "the terminal closed"));
// A runner that signals only its shell (`sh -c` does not pass SIGTERM on)
// leaves this process to init: stop then too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop(0, "the parent process is gone");
}, 1_000).unref();
// Never leave Medusa's group behind, whatever ends this process.
process.on("exit", () => medusa?.kill());
