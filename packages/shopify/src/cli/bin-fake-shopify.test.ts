// The bin tried as a developer tries it from a clone, without a Shopify
// store: the README's "Try it without a Shopify store" blocks run as they
// are written (`pnpm sandbox`, `pnpm fake-shopify`, `pnpm start` in this
// package, each through bash, with free ports in place of the README's),
// wired only by the lines the first two print, pasted into the app's block
// as the README says. Then over HTTP alone, as a script would: install
// through /auth (Node's fetch, which shopify-api once answered 410), the
// fake's authorize page and /auth/callback; connect the shipping account;
// the settings posted with the README's fields; an order and its
// orders/paid webhook from the fake; then one parcel at the sandbox and its
// fulfilment, with tracking, in the fake; and the README's rate callback
// body, signed as it says, answered with the carriers' rates.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { OAuthClient, ShippingClient } from "@shipbridge/core";
import { authorizeInBrowser } from "@shipbridge/sandbox";
import { usePostgres } from "@shipbridge/tooling/embedded-postgres";
import { freePort } from "@shipbridge/tooling/free-port";
import { afterAll, describe, expect, it } from "vitest";
import { waitForOtherClientsToLeave } from "../test-support/wait-for-clients.ts";
import { sampleShopifyOrder } from "../testing/orders.ts";
import { shopifyHmac } from "../testing/signed-requests.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const README = readFileSync(join(PACKAGE, "README.md"), "utf8");
const USER = { username: "demo@shipbridge.dev", password: "demo-password" };

/** The README's section under `heading`, to the next heading of its level or higher (outside code). */
function section(heading: string): string {
  const lines = README.split("\n");
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`the README has no "${heading}"`);
  const level = heading.indexOf(" ");
  let fenced = false;
  let end = start + 1;
  for (; end < lines.length; end++) {
    const line = lines[end] as string;
    if (/^\s*```/.test(line)) fenced = !fenced;
    else if (!fenced && /^#+ /.test(line) && line.indexOf(" ") <= level) break;
  }
  return lines.slice(start + 1, end).join("\n");
}

/** The one sh block of `text` with a line that `line` matches, its indentation taken off. */
function shBlock(text: string, line: RegExp): string {
  const blocks = [...text.matchAll(/^( *)```sh\n([\s\S]*?)^ *```$/gm)].map(([, indent, body]) =>
    (body as string)
      .split("\n")
      .map((row) => row.slice((indent as string).length))
      .join("\n"),
  );
  const found = blocks.filter((block) => block.split("\n").some((row) => line.test(row)));
  if (found.length !== 1) throw new Error(`the README has ${found.length} sh blocks with ${line}`);
  return found[0] as string;
}

const TRY = section("## Try it without a Shopify store");
const SANDBOX_BLOCK = shBlock(TRY, /^pnpm sandbox /);
const FAKE_BLOCK = shBlock(TRY, /^pnpm fake-shopify /);
const APP_BLOCK = shBlock(TRY, /pnpm start$/);
const SETTINGS_BLOCK = shBlock(section("### From a script"), /\/settings\?shop=/);
const SHOP = /SHOP=(\S+)/.exec(section("### From a script"))?.[1] as string;
const SECRET = /SHOPIFY_API_SECRET=(\S+)/.exec(FAKE_BLOCK)?.[1] as string;

const postgres = usePostgres();
const children: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          // The block's whole process group: bash, pnpm and the bin.
          process.kill(-(child.pid as number), "SIGTERM");
        }),
    ),
  );
  await waitForOtherClientsToLeave(postgres.connectionString);
}, 60_000);

/**
 * Runs a README block through bash in this package, as a terminal would;
 * answers its stdout once `ready` matches it.
 */
async function run(
  block: string,
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ output: string; match: RegExpExecArray }> {
  const child = spawn("bash", ["-c", block], {
    cwd: PACKAGE,
    detached: true,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      npm_config_update_notifier: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  let errors = "";
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${block} did not start: ${errors}`)), 90_000);
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
      reject(new Error(`${block} exited with ${code}: ${errors}`));
    });
  });
  return { output, match };
}

/** The `export NAME=value` lines a bin printed, as a developer copies them. */
function exportLines(output: string): string[] {
  return [...output.matchAll(/^\s*(export [A-Z_]+=.*)$/gm)].map((found) => found[1] as string);
}

/** A cookie jar of name=value pairs, as a browser keeps them (Secure ones too, on loopback). */
function keep(jar: Map<string, string>, response: Response): void {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0] ?? "";
    jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  }
}

/** One request with the jar's cookies, redirects not followed; a form when `form` is given. */
async function go(
  url: string,
  jar: Map<string, string>,
  form?: URLSearchParams,
): Promise<Response> {
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await fetch(url, {
    redirect: "manual",
    headers: { cookie },
    ...(form ? { method: "POST", body: form } : {}),
  });
  keep(jar, response);
  await response.body?.cancel();
  return response;
}

describe("the README's bins from a clone: the sandbox, the fake Shopify and the app", () => {
  it("installs, connects, takes the settings, and ships a paid order once, fulfilled in the fake", async () => {
    const [sandboxPort, accountPort, fakePort, appPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    /** The README's ports, this test's free ones instead. */
    const ported = (block: string) =>
      block
        .replaceAll(/\b4010\b/g, String(sandboxPort))
        .replaceAll(/\b4011\b/g, String(accountPort))
        .replaceAll(/\b4020\b/g, String(fakePort))
        .replaceAll(/\b8080\b/g, String(appPort));
    const appUrl = `http://127.0.0.1:${appPort}`;

    const sandbox = await run(ported(SANDBOX_BLOCK), {}, /export SHIPBRIDGE_PASSWORD=.*\n/);
    const fake = await run(ported(FAKE_BLOCK), {}, /export SHOPIFY_ADMIN_API_URL=(\S+)\n/);
    const fakeUrl = fake.match[1] as string;
    expect(fakeUrl).toBe(`http://127.0.0.1:${fakePort}`);

    // Both terminals' export lines pasted where the app's block says.
    const pasted = [...exportLines(sandbox.output), ...exportLines(fake.output)];
    expect(pasted.map((line) => line.split("=")[0])).toEqual(
      expect.arrayContaining([
        "export SHIPBRIDGE_BASE_URL",
        "export SHIPBRIDGE_ACCOUNT_URL",
        "export SHIPBRIDGE_CLIENT_ID",
        "export SHIPBRIDGE_CLIENT_SECRET",
        "export SHOPIFY_ADMIN_API_URL",
      ]),
    );
    const appBlock = ported(APP_BLOCK).replace(/^# Paste here.*$/m, pasted.join("\n"));
    expect(appBlock).toContain("export SHOPIFY_ADMIN_API_URL=");
    await run(appBlock, { DATABASE_URL: postgres.connectionString }, /listening on /);
    const serviceEnv = Object.fromEntries(
      pasted.map((line) => {
        const [name, ...value] = line.slice("export ".length).split("=");
        return [name as string, value.join("=").replace(/^'(.*)'$/, "$1")];
      }),
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

    // The settings, posted with the README's fields, as its curl posts them.
    const fields = [...SETTINGS_BLOCK.matchAll(/--data-urlencode '([^=']+)=([^']*)'/g)];
    expect(fields.length).toBeGreaterThan(10);
    const saved = await go(
      `${appUrl}/settings?shop=${SHOP}`,
      jar,
      new URLSearchParams(fields.map(([, name, value]) => [name as string, value as string])),
    );
    expect(saved.status).toBe(303);

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
    // The only order this sandbox ever saw: every package of the account.
    const { packages } = await service.packages.list();
    expect(packages).toHaveLength(1);
    expect(JSON.stringify(packages[0])).toContain(tracking as string);

    // The rate callback's body as the README gives it, signed as it says.
    const rateSection = README.slice(README.indexOf("### The rate callback's request"));
    const body = /```json\n([\s\S]*?)```/.exec(rateSection)?.[1] ?? "";
    const rates = await fetch(`${appUrl}/rates`, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "x-shopify-shop-domain": SHOP,
        "x-shopify-timeout": "10000",
        "x-shopify-hmac-sha256": shopifyHmac(SECRET, body),
      },
    });
    expect(rates.status).toBe(200);
    const offered = ((await rates.json()) as { rates: { service_code: string }[] }).rates;
    expect(offered.map((rate) => rate.service_code)).toContain("shipbridge:inpost");
  }, 300_000);
});
