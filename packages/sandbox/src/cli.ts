#!/usr/bin/env node
// The sandbox's command line: `pnpm sandbox` or the `shipbridge-sandbox` bin.
// Serves {base_url} and {account_url}, prints both and the credentials to use,
// and stops cleanly on SIGINT, SIGTERM or SIGHUP.
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ShipbridgeError } from "@shipbridge/core";
import { DEMO_CONFIG, parseSandboxConfig, type SandboxConfig } from "./config.ts";
import { type RunningSandbox, type StartSandboxOptions, startSandbox } from "./start-sandbox.ts";

const USAGE = `Usage: shipbridge-sandbox [options]

  --port P           port of {base_url} (authorization, token, REST API, /_sandbox); default 4010, 0 = any free port
  --account-port Q   port of {account_url} (token endpoint); default 4011, or any free port
                     when --port is 0; 0 = any free port
  --host H           address to listen on; default 127.0.0.1
  --config FILE      JSON file with applications and users; default: the built-in demo application and user
  --redirect-uri U   the built-in demo application's redirect URI, such as a store app's
                     {appUrl}/connect/callback; default http://127.0.0.1:3000/oauth/callback
  --data FILE        SQLite file that keeps all state across restarts; default: in memory
  --clock-start T    where the sandbox clock starts, an ISO 8601 instant such as 2026-08-23T00:00:00Z;
                     it runs on with real time from there; default: now (a --data file keeps its clock)
  --freeze-clock     the clock stands still and moves only by POST /_sandbox/clock/advance
  --quiet            do not log requests
  --json             print one JSON line (addresses, clock, credentials, environment) instead of
                     the banner; it is all stdout gets: the request log and shutdown notes go to stderr
  --ready-file PATH  once listening, write that JSON to PATH (written whole, then renamed)
  --help             show this help

Stops on SIGINT, SIGTERM and SIGHUP. When a package manager runs it (npx, npm
exec), it also stops when the shell between them or npm itself goes away, since
a signal to npx reaches only that shell and SIGKILL reaches nothing.`;

/** Bad arguments or config: the usage and exit code 2 (code `usage`). */
class UsageError extends ShipbridgeError {
  constructor(message: string) {
    super("usage", message);
  }
}

function port(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed > 65_535) {
    throw new UsageError(
      `--${name} must be a port number from 0 to 65535, not ${JSON.stringify(value)}`,
    );
  }
  return parsed;
}

/** The built-in demo, its application redirecting to `redirectUri` when given. */
function parseDemoConfig(redirectUri: string | undefined): SandboxConfig {
  if (redirectUri === undefined) return parseSandboxConfig(DEMO_CONFIG);
  try {
    return parseSandboxConfig({
      ...DEMO_CONFIG,
      applications: DEMO_CONFIG.applications?.map((app) => ({ ...app, redirect_uri: redirectUri })),
    });
  } catch {
    throw new UsageError(
      `--redirect-uri must be an absolute http(s) address without #, not ${JSON.stringify(redirectUri)}`,
    );
  }
}

function readConfig(file: string): SandboxConfig {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(
      `cannot read --config ${file}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--config ${file} is not valid JSON: ${(error as Error).message}`);
  }
  try {
    return parseSandboxConfig(json);
  } catch (error) {
    throw new UsageError(`--config ${file}: ${(error as Error).message}`);
  }
}

function credentials(config: SandboxConfig, isDemo: boolean): string[] {
  const lines: string[] = [];
  for (const app of config.applications) {
    lines.push(`  application ${app.name ?? app.client_id}`);
    lines.push(`    client id:     ${app.client_id}`);
    lines.push(`    client secret: ${isDemo ? app.client_secret : "(as in the config file)"}`);
    lines.push(`    redirect uri:  ${app.redirect_uri ?? "(none: no authorization-code flow)"}`);
  }
  for (const user of config.users) {
    lines.push(`  user`);
    lines.push(`    username: ${user.username}`);
    lines.push(`    password: ${isDemo ? user.password : "(as in the config file)"}`);
  }
  return lines;
}

async function main(argv: string[]): Promise<void> {
  let values: ReturnType<typeof parse>["values"];
  function parse(args: string[]) {
    return parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: "string" },
        "account-port": { type: "string" },
        host: { type: "string" },
        config: { type: "string" },
        "redirect-uri": { type: "string" },
        data: { type: "string" },
        "clock-start": { type: "string" },
        "freeze-clock": { type: "boolean" },
        quiet: { type: "boolean" },
        json: { type: "boolean" },
        "ready-file": { type: "string" },
        help: { type: "boolean" },
      },
    });
  }
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const redirectUri = values["redirect-uri"];
  if (redirectUri !== undefined && values.config) {
    throw new UsageError(
      "--redirect-uri sets the built-in demo application's; with --config, set redirect_uri in the file",
    );
  }
  const config = values.config ? readConfig(values.config) : parseDemoConfig(redirectUri);
  const basePort = port("port", values.port, 4010);
  // --port 0 alone asks for free ports: the account port follows, or a
  // second sandbox would collide on the fixed 4011.
  const options: StartSandboxOptions = {
    port: basePort,
    accountPort: port("account-port", values["account-port"], basePort === 0 ? 0 : 4011),
    host: values.host ?? "127.0.0.1",
    config,
    ...(values.data ? { dataFile: values.data } : {}),
    ...(values["clock-start"] !== undefined ? { clockStart: values["clock-start"] } : {}),
    ...(values["freeze-clock"] ? { freezeClock: true } : {}),
    ...(values.quiet
      ? {}
      : { log: (line: string) => (values.json ? console.error(line) : console.log(line)) }),
  };
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox(options);
  } catch (error) {
    // Ports are checked above, so a RangeError is the clock start's.
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
  const ready = readyInfo(sandbox, config, {
    isDemo: !values.config,
    frozen: values["freeze-clock"] ?? false,
    dataFile: values.data,
  });
  if (values["ready-file"]) {
    try {
      writeReadyFile(values["ready-file"], ready);
    } catch (error) {
      await sandbox.close();
      throw new UsageError(
        `cannot write --ready-file ${values["ready-file"]}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message} (does its folder exist and is it writable?)`,
      );
    }
  }
  if (values.json) console.log(JSON.stringify(ready));
  else {
    console.log(
      [
        "Shipping service sandbox",
        `  base_url:    ${sandbox.baseUrl}`,
        `  account_url: ${sandbox.accountUrl}`,
        `  state:       ${values.data ? `kept in ${values.data}` : "in memory"}`,
        `  clock:       ${sandbox.now().toISOString()}${values["freeze-clock"] ? " (frozen: moves only by POST /_sandbox/clock/advance)" : ""}`,
        values.config
          ? `Credentials (from ${values.config}):`
          : "Demo credentials (built in, not secret):",
        ...credentials(config, !values.config),
        "Environment (paste into the shell that starts your app, and any that talks to the sandbox):",
        ...envLines(ready.env, config.applications.length > 0 && !values.config),
        "Stop with Ctrl+C.",
      ].join("\n"),
    );
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // With --json, stdout carries only the JSON line: scripts parse it.
    (values.json ? console.error : console.log)(`${signal}: stopping the sandbox`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  // A closed terminal: npx may be gone without passing anything on.
  process.on("SIGHUP", () => stop("SIGHUP"));
  if (startedByPackageManager()) {
    // npx and npm exec run the bin through `sh -c` and pass a signal to that
    // shell only. If the shell goes, this process is reparented; if npm is
    // killed outright (SIGKILL), the shell lives on waiting for us, so npm
    // itself (the shell's parent) is watched too.
    const parent = process.ppid;
    const grandparent = parentOf(parent);
    setInterval(() => {
      if (process.ppid !== parent) stop("the parent process exited");
      else if (grandparent !== undefined && parentOf(parent) !== grandparent)
        stop("the package manager exited");
    }, 200).unref();
  }
}

/**
 * The parent pid of `pid` from /proc (Linux); undefined where there is no
 * /proc, so the grandparent is then simply not watched.
 */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ppid = Number(fields[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

function startedByPackageManager(): boolean {
  return process.env.npm_command === "exec" || process.env.npm_lifecycle_event === "npx";
}

interface ReadyInfo {
  base_url: string;
  account_url: string;
  clock: { now: string; frozen: boolean };
  state: string;
  credentials: Record<string, string | null>;
  env: Record<string, string>;
}

/** What a script needs to use the running sandbox; secrets only of the built-in demo. */
function readyInfo(
  sandbox: RunningSandbox,
  config: SandboxConfig,
  options: { isDemo: boolean; frozen: boolean; dataFile: string | undefined },
): ReadyInfo {
  const app = config.applications[0];
  const user = config.users[0];
  const credentials: Record<string, string | null> = {
    client_id: app?.client_id ?? null,
    ...(options.isDemo ? { client_secret: app?.client_secret ?? null } : {}),
    redirect_uri: app?.redirect_uri ?? null,
    username: user?.username ?? null,
    ...(options.isDemo ? { password: user?.password ?? null } : {}),
  };
  const env: Record<string, string> = {
    SHIPBRIDGE_BASE_URL: sandbox.baseUrl,
    SHIPBRIDGE_ACCOUNT_URL: sandbox.accountUrl,
  };
  if (app) env.SHIPBRIDGE_CLIENT_ID = app.client_id;
  if (app && options.isDemo) env.SHIPBRIDGE_CLIENT_SECRET = app.client_secret;
  if (user) env.SHIPBRIDGE_USERNAME = user.username;
  if (user && options.isDemo) env.SHIPBRIDGE_PASSWORD = user.password;
  return {
    base_url: sandbox.baseUrl,
    account_url: sandbox.accountUrl,
    clock: { now: sandbox.now().toISOString(), frozen: options.frozen },
    state: options.dataFile === undefined ? "memory" : options.dataFile,
    credentials,
    env,
  };
}

function shellQuoted(value: string): string {
  return /^[A-Za-z0-9@%+=:,./_-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

function envLines(env: Record<string, string>, isDemo: boolean): string[] {
  const lines = Object.entries(env).map(
    ([name, value]) => `  export ${name}=${shellQuoted(value)}`,
  );
  if (!isDemo)
    lines.push("  # SHIPBRIDGE_CLIENT_SECRET and SHIPBRIDGE_PASSWORD: as in the config file");
  return lines;
}

/** Written whole under another name, then renamed, so a reader never sees half of it. */
function writeReadyFile(path: string, ready: ReadyInfo): void {
  const partial = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(partial, `${JSON.stringify(ready)}\n`);
    renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`shipbridge-sandbox: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE" || code === "EACCES") {
    console.error(`shipbridge-sandbox: cannot listen: ${(error as Error).message}`);
    process.exit(1);
  }
  console.error(`shipbridge-sandbox: ${(error as Error).message}`);
  process.exit(1);
});
