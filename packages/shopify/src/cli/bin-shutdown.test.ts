// The bin stops in order on SIGTERM, on its embedded PostgreSQL, in the
// middle of a job: the signal goes to the bin's whole process group, as a
// terminal's Ctrl+C or a service manager sends it, while the job holds a
// database transaction and waits for Shopify's answer to its
// fulfillmentCreate (the parcel already bought). It takes no new request,
// hands the job back to the queue (failed for a retry, not left running),
// closes its connections, stops the database last, and exits with 0. Started
// again, it runs the job handed back and the order ends with one package and
// one fulfilment.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { OAuthClient, ShippingClient } from "@shipbridge/core";
import { authorizeInBrowser, type RunningSandbox, startSandbox } from "@shipbridge/sandbox";
import { freePort } from "@shipbridge/tooling/free-port";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_QUEUE } from "../queue/jobs.ts";
import { DEFAULT_SETTINGS, saveSettings } from "../store/settings.ts";
import { FakeShopify } from "../testing/fake-shopify.ts";
import { type FakeShopifyServer, serveFakeShopify } from "../testing/fake-shopify-server.ts";
import { SAMPLE_PARCEL, SAMPLE_SENDER, sampleShopifyOrder } from "../testing/orders.ts";
import { webhookRequest } from "../testing/signed-requests.ts";
import { startEmbeddedDatabase } from "./embedded-database.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const BIN = join(PACKAGE, "src", "cli.ts");
const SHOP = "stopping.myshopify.com";
const KEYS = { apiKey: "stop-key", apiSecretKey: "stop-secret" };
const SERVICE = { clientId: "stop-app", clientSecret: "stop-app-secret" };
const USER = { username: "merchant@example.pl", password: "merchant-password" };

const dataDir = mkdtempSync(join(tmpdir(), "shipbridge-stop-"));
// As root, PostgreSQL runs as the user postgres, which must reach the folder.
chmodSync(dataDir, 0o777);
const fake = new FakeShopify(KEYS);
let sandbox: RunningSandbox | undefined;
let fakeServer: FakeShopifyServer | undefined;
let appPort = 0;
let databasePort = 0;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (userInfo().uid === 0) {
    try {
      execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
    } catch {
      execFileSync("useradd", ["postgres"], { stdio: "ignore" });
    }
  }
  appPort = await freePort();
  databasePort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  sandbox = await startSandbox({
    config: {
      applications: [
        {
          client_id: SERVICE.clientId,
          client_secret: SERVICE.clientSecret,
          redirect_uri: `${appUrl}/connect/callback`,
        },
      ],
      users: [{ ...USER, companies: [{ id: "1001", name: "Sklep" }] }],
    },
  });
  fakeServer = await serveFakeShopify(fake, { apiSecretKey: KEYS.apiSecretKey, appUrl });
});

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }
  }
  await fakeServer?.close();
  await sandbox?.close();
  // A server a failed run left behind (its bin killed) is stopped with the folder.
  const pidFile = join(dataDir, "pg", "postmaster.pid");
  if (existsSync(pidFile)) {
    try {
      process.kill(Number(readFileSync(pidFile, "utf8").split("\n")[0]), "SIGINT");
    } catch {}
    for (let waited = 0; existsSync(pidFile) && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

interface Bin {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything it wrote to stderr so far. */
  errors(): string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the bin in a process group of its own, on its embedded database. */
async function startBin(): Promise<Bin> {
  const child = spawn(process.execPath, ["--conditions=@shipbridge/source", BIN], {
    cwd: PACKAGE,
    detached: true,
    env: {
      PATH: process.env.PATH ?? "",
      SHOPIFY_API_KEY: KEYS.apiKey,
      SHOPIFY_API_SECRET: KEYS.apiSecretKey,
      SHOPIFY_APP_URL: `http://127.0.0.1:${appPort}`,
      SHOPIFY_ADMIN_API_URL: fakeServer?.url ?? "",
      SHIPBRIDGE_BASE_URL: sandbox?.baseUrl ?? "",
      SHIPBRIDGE_ACCOUNT_URL: sandbox?.accountUrl ?? "",
      SHIPBRIDGE_CLIENT_ID: SERVICE.clientId,
      SHIPBRIDGE_CLIENT_SECRET: SERVICE.clientSecret,
      SHIPBRIDGE_DATA_DIR: dataDir,
      SHIPBRIDGE_DATABASE_PORT: String(databasePort),
      PORT: String(appPort),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let output = "";
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bin did not start: ${errors}`)), 90_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`the bin exited with ${code}: ${errors}`));
    });
  });
  return { child, url, errors: () => errors, exited };
}

async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function cookieJar() {
  const jar = new Map<string, string>();
  return async (url: string): Promise<Response> => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(url, { redirect: "manual", headers: { cookie } });
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0] ?? "";
      jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    await response.body?.cancel();
    return response;
  };
}

/** Whether the process runs (a zombie, dead but not yet reaped by its new parent, does not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

describe("the bin on SIGTERM mid-job", () => {
  it("takes no new request, hands the job back, closes its pools, stops the database last", async () => {
    const first = await startBin();
    const databaseUrl = `postgres://shipbridge:shipbridge-local@127.0.0.1:${databasePort}/postgres`;

    // Installed and connected as a script does it, with the merchant's settings.
    const go = cookieJar();
    const authorize = (await go(`${first.url}/auth?shop=${SHOP}`)).headers.get("location") ?? "";
    const callback = (await go(authorize)).headers.get("location") ?? "";
    expect((await go(callback)).status).toBe(302);
    const connect = (await go(`${first.url}/connect`)).headers.get("location") ?? "";
    expect((await go(await authorizeInBrowser(connect, USER))).status).toBe(302);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    await saveSettings(pool, SHOP, {
      ...DEFAULT_SETTINGS,
      sender: SAMPLE_SENDER,
      parcel: SAMPLE_PARCEL,
    });
    await pool.end();

    // The job buys the parcel, then waits for Shopify inside its transaction.
    const order = sampleShopifyOrder();
    fake.addOrder(SHOP, order);
    const held = fake.holdNext("FulfillmentCreate");
    const delivered = await fetch(
      webhookRequest({
        url: `${first.url}/webhooks`,
        apiSecretKey: KEYS.apiSecretKey,
        shop: SHOP,
        topic: "orders/paid",
        payload: order,
      }),
    );
    expect(delivered.status).toBe(200);
    await held.reached;
    const postmaster = Number(
      readFileSync(join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0],
    );
    expect(alive(postmaster)).toBe(true);

    // SIGTERM to the whole group: the bin, and the database it started.
    process.kill(-(first.child.pid as number), "SIGTERM");
    await until("no new requests", () => first.errors().includes("no new requests"));
    await expect(fetch(`${first.url}/health`)).rejects.toThrow();
    const exit = await first.exited;
    const steps = [
      "SIGTERM: stopping",
      "no new requests",
      "no new jobs; 1 running, 10 s to finish before it is handed back to the queue",
      "jobs stopped",
      "database connections closed",
      "database stopped",
    ];
    const positions = steps.map((step) => first.errors().indexOf(step));
    expect({ log: first.errors(), positions }).toMatchObject({
      positions: positions.map((position) => (position >= 0 ? position : "missing")),
    });
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(exit).toEqual({ code: 0, signal: null });
    // The database was stopped by the bin, cleanly, and not before it.
    expect(alive(postmaster)).toBe(false);
    expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(false);

    // The job was handed back: failed for a retry, not left running.
    const database = await startEmbeddedDatabase(dataDir, databasePort);
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query("SELECT state FROM pgboss.job WHERE name = $1", [
        WEBHOOK_QUEUE,
      ]);
      await client.end();
      expect(rows).toEqual([{ state: "retry" }]);
    } finally {
      await database.stop();
    }

    // Shopify answers at last; started again, the bin finishes the order once.
    held.release();
    const second = await startBin();
    await until(
      "the fulfilment",
      () => (fake.order(SHOP, order.admin_graphql_api_id as string)?.fulfillments.length ?? 0) > 0,
    );
    const settled = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    await until("the order shipped", async () => {
      const { rows } = await settled.query(
        "SELECT status FROM shipbridge_shopify_shipments WHERE shop = $1",
        [SHOP],
      );
      return rows[0]?.status === "fulfilled";
    });
    await settled.end();
    expect(fake.order(SHOP, order.admin_graphql_api_id as string)?.fulfillments).toHaveLength(1);
    const oauth = new OAuthClient({
      ...SERVICE,
      baseUrl: sandbox?.baseUrl as string,
      accountUrl: sandbox?.accountUrl as string,
    });
    await oauth.loginWithPassword(USER);
    const service = new ShippingClient({ baseUrl: sandbox?.baseUrl as string, auth: oauth });
    // This file's sandbox saw this order alone: every package of the account.
    const { packages } = await service.packages.list();
    expect(packages).toHaveLength(1);

    process.kill(-(second.child.pid as number), "SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
  }, 300_000);
});
