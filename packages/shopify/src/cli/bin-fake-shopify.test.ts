// The bin tried as a developer tries it, without a Shopify store: the
// sandbox's bin, the fake Shopify's bin and the unmodified
// shipbridge-shopify bin, each a process of its own, wired only by the
// lines the first two print (the sandbox's SHIPBRIDGE_* lines, its demo
// application given the app's connect callback by --redirect-uri, and the
// fake's SHOPIFY_ADMIN_API_URL). Over HTTP alone, as a script would: install
// through /auth (Node's fetch, which shopify-api once answered 410), the
// fake's authorize page and /auth/callback; connect the shipping account;
// an order and its orders/paid webhook from the fake; then one parcel at the
// sandbox and its fulfilment, with tracking, in the fake; and the README's
// rate callback body, signed as it says, answered with the carriers' rates.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { OAuthClient, ShippingClient } from "@shipbridge/core";
import { authorizeInBrowser } from "@shipbridge/sandbox";
import { usePostgres } from "@shipbridge/tooling/embedded-postgres";
import { freePort } from "@shipbridge/tooling/free-port";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, saveSettings } from "../store/settings.ts";
import { waitForOtherClientsToLeave } from "../test-support/wait-for-clients.ts";
import { SAMPLE_PARCEL, SAMPLE_SENDER, sampleShopifyOrder } from "../testing/orders.ts";
import { shopifyHmac } from "../testing/signed-requests.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const APP_BIN = join(PACKAGE, "src", "cli.ts");
const FAKE_BIN = join(PACKAGE, "src", "testing", "fake-shopify-bin.ts");
const SANDBOX_BIN = join(
  dirname(createRequire(import.meta.url).resolve("@shipbridge/sandbox/package.json")),
  "src",
  "cli.ts",
);
const SHOP = "trying.myshopify.com";
const KEYS = { SHOPIFY_API_KEY: "trying-key", SHOPIFY_API_SECRET: "trying-secret" };
const USER = { username: "demo@shipbridge.dev", password: "demo-password" };

const postgres = usePostgres();
const children: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
  await waitForOtherClientsToLeave(postgres.connectionString);
}, 60_000);

/** Starts a bin from source; answers it and its stdout once `ready` matches it. */
async function start(
  file: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; output: string; match: RegExpExecArray }> {
  const child = spawn(process.execPath, ["--conditions=@shipbridge/source", file, ...args], {
    cwd: PACKAGE,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  let errors = "";
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not start: ${errors}`)), 60_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code}: ${errors}`));
    });
  });
  return { child, output, match };
}

/** A cookie jar of name=value pairs, as a browser keeps them (Secure ones too, on loopback). */
function keep(jar: Map<string, string>, response: Response): void {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0] ?? "";
    jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  }
}

async function go(url: string, jar: Map<string, string>): Promise<Response> {
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await fetch(url, { redirect: "manual", headers: { cookie } });
  keep(jar, response);
  await response.body?.cancel();
  return response;
}

describe("the bin against the fake Shopify's bin and the sandbox's bin", () => {
  it("installs, connects, and ships a paid order once, with its fulfilment in the fake", async () => {
    const appPort = await freePort();
    const appUrl = `http://127.0.0.1:${appPort}`;

    // The sandbox, its demo application redirecting to the app's connect callback.
    const sandbox = await start(
      SANDBOX_BIN,
      ["--port", "0", "--json", "--quiet", "--redirect-uri", `${appUrl}/connect/callback`],
      {},
      /^(\{.*\})\n/m,
    );
    const printed = JSON.parse(sandbox.match[1] as string) as { env: Record<string, string> };
    const serviceEnv = printed.env;

    const fake = await start(
      FAKE_BIN,
      ["--port", "0"],
      { ...KEYS, SHOPIFY_APP_URL: appUrl },
      /export SHOPIFY_ADMIN_API_URL=(\S+)\n/,
    );
    const fakeUrl = fake.match[1] as string;

    await start(
      APP_BIN,
      [],
      {
        ...KEYS,
        // What the sandbox printed, as it printed it.
        ...serviceEnv,
        SHOPIFY_APP_URL: appUrl,
        SHOPIFY_ADMIN_API_URL: fakeUrl,
        DATABASE_URL: postgres.connectionString,
        PORT: String(appPort),
        HOST: "127.0.0.1",
      },
      /listening on /,
    );

    // Install, as a script: /auth, the fake's authorize page, /auth/callback.
    const jar = new Map<string, string>();
    const begin = await go(`${appUrl}/auth?shop=${SHOP}`, jar);
    expect(begin.status).toBe(302);
    const authorize = begin.headers.get("location") ?? "";
    expect(authorize.startsWith(`${fakeUrl}/${SHOP}/admin/oauth/authorize?`)).toBe(true);
    const approved = await go(authorize, jar);
    expect(approved.status).toBe(302);
    const callback = approved.headers.get("location") ?? "";
    expect(callback.startsWith(`${appUrl}/auth/callback?`)).toBe(true);
    const installed = await go(callback, jar);
    expect(installed.status).toBe(302);
    expect(installed.headers.get("location")).toBe(`/settings?shop=${SHOP}`);

    // Connect the shipping account at the sandbox's own pages.
    const connect = await go(`${appUrl}/connect`, jar);
    expect(connect.status).toBe(302);
    const back = await authorizeInBrowser(connect.headers.get("location") ?? "", USER);
    const connected = await go(back, jar);
    expect(connected.status).toBe(302);

    const pool = new pg.Pool({ connectionString: postgres.connectionString, max: 1 });
    try {
      await saveSettings(pool, SHOP, {
        ...DEFAULT_SETTINGS,
        sender: SAMPLE_SENDER,
        parcel: SAMPLE_PARCEL,
      });
    } finally {
      await pool.end();
    }

    // The customer pays: the order is in the store, and Shopify says so.
    const order = sampleShopifyOrder();
    const added = await fetch(`${fakeUrl}/_fake/shops/${SHOP}/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(order),
    });
    expect(added.status).toBe(201);
    const delivered = await fetch(`${fakeUrl}/_fake/shops/${SHOP}/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ topic: "orders/paid", payload: order }),
    });
    expect(await delivered.json()).toMatchObject({ status: 200 });

    let fulfilled: { fulfillments: { trackingInfo: { number: string | null }[] }[] } | undefined;
    for (let attempt = 0; attempt < 300 && !fulfilled?.fulfillments.length; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      const answer = await fetch(`${fakeUrl}/_fake/shops/${SHOP}/orders/${order.id}`);
      fulfilled = (await answer.json()) as typeof fulfilled;
    }
    expect(fulfilled?.fulfillments).toHaveLength(1);
    const tracking = fulfilled?.fulfillments[0]?.trackingInfo[0]?.number;
    expect(tracking).toMatch(/\S/);

    // One package at the service, the one whose tracking number the fake holds.
    const oauth = new OAuthClient({
      clientId: serviceEnv.SHIPBRIDGE_CLIENT_ID as string,
      clientSecret: serviceEnv.SHIPBRIDGE_CLIENT_SECRET as string,
      baseUrl: serviceEnv.SHIPBRIDGE_BASE_URL as string,
      accountUrl: serviceEnv.SHIPBRIDGE_ACCOUNT_URL as string,
    });
    await oauth.loginWithPassword(USER);
    const service = new ShippingClient({
      baseUrl: serviceEnv.SHIPBRIDGE_BASE_URL as string,
      auth: oauth,
    });
    const { packages } = await service.packages.list({
      user_reference_number: `${SHOP}:${order.id}`,
    });
    expect(packages).toHaveLength(1);
    expect(JSON.stringify(packages[0])).toContain(tracking as string);

    // The rate callback's body as the README gives it, signed as it says.
    const readme = readFileSync(join(PACKAGE, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### The rate callback's request"));
    const body = /```json\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
    const rates = await fetch(`${appUrl}/rates`, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "x-shopify-shop-domain": SHOP,
        "x-shopify-timeout": "10000",
        "x-shopify-hmac-sha256": shopifyHmac(KEYS.SHOPIFY_API_SECRET, body),
      },
    });
    expect(rates.status).toBe(200);
    const offered = ((await rates.json()) as { rates: { service_code: string }[] }).rates;
    expect(offered.map((rate) => rate.service_code)).toContain("shipbridge:inpost");
  }, 240_000);
});
