// The store's admin in headless Chromium, as a merchant meets it: the store
// built once for production (`medusa build`: backend and admin bundle), then
// `medusa start` of that build on a free port against an embedded PostgreSQL
// (migrated and seeded) and the sandbox over HTTP, an admin user, and a
// browser page logged in to `/app` through the admin's own login form.
import { type ChildProcess, spawn } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type RunningSandbox, type StartSandboxOptions, startSandbox } from "@shipbridge/sandbox";
import { startPostgres } from "@shipbridge/tooling/embedded-postgres";
import { freePort } from "@shipbridge/tooling/free-port";
import pg from "pg";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// The store's folder: tests run there (pnpm's scripts and vitest's root).
const STORE_DIR = resolve(process.cwd());
if (!existsSync(join(STORE_DIR, "medusa-config.ts"))) {
  throw new Error(`run the admin's browser tests in apps/medusa-store, not in ${STORE_DIR}`);
}
const BUILD_DIR = join(STORE_DIR, ".medusa/server");
const MEDUSA_BIN = join(STORE_DIR, "node_modules/.bin/medusa");
const PLUGIN_DIR = realpathSync(join(STORE_DIR, "node_modules/@shipbridge/medusa"));
const PLUGIN_ADMIN = join(PLUGIN_DIR, ".medusa/server/src/admin/index.mjs");
const BUILD_LIMIT_MS = 600_000;
const START_LIMIT_MS = 180_000;
const STOP_LIMIT_MS = 15_000;

/** The admin user openAdmin() creates and logs in with. */
export const ADMIN_USER = { email: "admin@example.com", password: "secret-password" } as const;

export interface OpenAdminOptions {
  /** The browser's language (`navigator.language`), e.g. "pl-PL". Default "en-GB". */
  locale?: string;
  /** The page's size. Default 1440 × 1000; a phone is 390 × 844. */
  viewport?: { width: number; height: number };
  /** More environment for the store (e.g. SHIPBRIDGE_GRANT). */
  env?: Record<string, string>;
  /** How the sandbox starts (its clock, applications). */
  sandbox?: Omit<StartSandboxOptions, "port" | "accountPort" | "host">;
  /** Seed the store (region, products, the plugin's options, a key). Default true. */
  seed?: boolean;
}

export interface OpenAdmin {
  /** A page logged in to the admin (at its orders list). */
  readonly page: Page;
  readonly context: BrowserContext;
  /** The store's address, e.g. http://localhost:9123. */
  readonly baseUrl: string;
  /** The admin's address: `${baseUrl}/app`. */
  readonly adminUrl: string;
  readonly sandbox: RunningSandbox;
  /** Medusa's and the plugin's database. */
  readonly databaseUrl: string;
  /** A bearer token of the admin user, for the admin API. */
  readonly adminToken: string;
  /** Calls the store's admin API as the admin user; answers the parsed JSON body. */
  adminApi<T = Record<string, unknown>>(
    path: string,
    init?: { method?: string; body?: unknown },
  ): Promise<{ status: number; body: T }>;
  /** The store's log so far (Medusa's output). */
  log(): string;
  /** Stops the browser, the store, the sandbox and the database; removes what they left. */
  close(): Promise<void>;
}

/** Newest modification time of a file, or of any file under a folder. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name === ".medusa") continue;
    latest = Math.max(latest, newest(join(path, name)));
  }
  return latest;
}

function run(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; limitMs: number },
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const out = createWriteStream(options.logFile, { flags: "a" });
    const child = spawn(MEDUSA_BIN, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), options.limitMs);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      out.end();
      if (code === 0) return resolvePromise();
      const tail = readFileSync(options.logFile, "utf8").split("\n").slice(-40).join("\n");
      reject(new Error(`medusa ${args.join(" ")} ended with ${code ?? signal}:\n${tail}`));
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** Holds a folder lock (mkdir is atomic) while `work` runs; a lock older than the limit is stale. */
async function withLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + BUILD_LIMIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (age > BUILD_LIMIT_MS) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`the build lock ${lock} was held too long`);
      else await new Promise((wake) => setTimeout(wake, 1_000));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Builds what is older than its sources: the plugin (`medusa plugin:build`,
 * its admin extensions included) and then the store (`medusa build`: the
 * compiled `medusa-config.js` and the admin bundle in `.medusa/server`).
 */
export async function buildStore(logFile: string): Promise<void> {
  const env = {
    ...process.env,
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_ADMIN_DISABLE: "false",
    NODE_ENV: "production",
  };
  mkdirSync(join(STORE_DIR, ".medusa"), { recursive: true });
  await withLock(join(STORE_DIR, ".medusa/build-lock"), async () => {
    if (newest(join(PLUGIN_DIR, "src")) > newest(PLUGIN_ADMIN)) {
      await run(["plugin:build"], { cwd: PLUGIN_DIR, env, logFile, limitMs: BUILD_LIMIT_MS });
    }
    const built = Math.min(
      newest(join(BUILD_DIR, "medusa-config.js")),
      newest(join(BUILD_DIR, "public/admin/index.html")),
    );
    const sources = Math.max(
      newest(join(STORE_DIR, "medusa-config.ts")),
      newest(join(STORE_DIR, "package.json")),
      newest(join(STORE_DIR, "src")),
      newest(PLUGIN_ADMIN),
    );
    if (built > sources) return;
    await run(["build"], { cwd: STORE_DIR, env, logFile, limitMs: BUILD_LIMIT_MS });
  });
}

async function waitForHealth(baseUrl: string, store: ChildProcess, logFile: string) {
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (store.exitCode !== null || store.signalCode !== null) break;
    const ok = await fetch(`${baseUrl}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((wake) => setTimeout(wake, 500));
  }
  const tail = readFileSync(logFile, "utf8").split("\n").slice(-40).join("\n");
  throw new Error(`medusa start did not answer ${baseUrl}/health:\n${tail}`);
}

/** Boots the built store and opens its admin, logged in, in headless Chromium. */
export async function openAdmin(options: OpenAdminOptions = {}): Promise<OpenAdmin> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium (bash tooling/run.sh test does it when it can)`,
    );
  }
  const workDir = mkdtempSync(join(tmpdir(), "shipbridge-admin-"));
  const logFile = join(workDir, "medusa.log");
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => {});
    closers.length = 0;
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await buildStore(logFile);

    const postgres = await startPostgres();
    closers.push(() => postgres.stop());
    const client = new pg.Client({ connectionString: postgres.connectionString });
    await client.connect();
    await client.query("CREATE DATABASE medusa_store");
    await client.end();
    const database = new URL(postgres.connectionString);
    database.pathname = "/medusa_store";
    const databaseUrl = database.toString();

    const sandbox = await startSandbox({ ...options.sandbox, port: 0, accountPort: 0 });
    closers.push(() => sandbox.close());

    const port = await freePort();
    // "localhost": the admin's session cookie is set for the address the browser uses.
    const baseUrl = `http://localhost:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      MEDUSA_DISABLE_TELEMETRY: "true",
      MEDUSA_ADMIN_DISABLE: "false",
      DATABASE_URL: databaseUrl,
      MEDUSA_DATABASE_URL: databaseUrl,
      SHIPBRIDGE_BASE_URL: sandbox.baseUrl,
      SHIPBRIDGE_ACCOUNT_URL: sandbox.accountUrl,
      SHIPBRIDGE_BACKEND_URL: baseUrl,
      ADMIN_CORS: baseUrl,
      AUTH_CORS: baseUrl,
      PORT: String(port),
      ...options.env,
    };
    const step = { cwd: BUILD_DIR, env, logFile, limitMs: START_LIMIT_MS };
    await run(["db:migrate", "--execute-safe-links"], step);
    if (options.seed !== false) await run(["exec", "./src/scripts/seed.js"], step);
    await run(["user", "-e", ADMIN_USER.email, "-p", ADMIN_USER.password], step);

    const out = createWriteStream(logFile, { flags: "a" });
    const store = spawn(MEDUSA_BIN, ["start", "--port", String(port)], {
      cwd: BUILD_DIR,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    store.stdout?.pipe(out, { end: false });
    store.stderr?.pipe(out, { end: false });
    closers.push(async () => {
      const exited = new Promise<void>((done) => {
        if (store.exitCode !== null || store.signalCode !== null) done();
        else store.once("exit", () => done());
      });
      killGroup(store, "SIGTERM");
      const timer = setTimeout(() => killGroup(store, "SIGKILL"), STOP_LIMIT_MS);
      await exited;
      clearTimeout(timer);
      out.end();
    });
    await waitForHealth(baseUrl, store, logFile);

    const login = await fetch(`${baseUrl}/auth/user/emailpass`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN_USER),
    });
    const { token: adminToken } = (await login.json()) as { token: string };
    const adminApi = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers: {
          authorization: `Bearer ${adminToken}`,
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
    };

    const browser: Browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
    });
    closers.push(() => browser.close());
    const context = await browser.newContext({
      locale: options.locale ?? "en-GB",
      viewport: options.viewport ?? { width: 1440, height: 1000 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const adminUrl = `${baseUrl}/app`;
    await page.goto(`${adminUrl}/login`);
    await page.locator("input[name='email']").fill(ADMIN_USER.email);
    await page.locator("input[name='password']").fill(ADMIN_USER.password);
    await page.locator("button[type='submit']").click();
    await page.waitForURL((url) => !url.pathname.startsWith("/app/login"), { timeout: 60_000 });

    return {
      page,
      context,
      baseUrl,
      adminUrl,
      sandbox,
      databaseUrl,
      adminToken,
      adminApi,
      log: () => readFileSync(logFile, "utf8"),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
