// The plugin as production runs it: two `medusa start` servers and one
// worker of this store (MEDUSA_WORKER_MODE) on one PostgreSQL database and a
// real redis-server (REDIS_URL: Medusa's Redis event bus, workflow engine and
// locking), against the sandbox over HTTP. The tracking webhook is
// registered by the servers' start alone; one order fulfilled from both
// servers at once buys one package, charged once, in one fulfillment, whose
// subscriber runs once, on the worker; the reconcile job (every 2 s here)
// runs on the workers only (a second one joins for that), never twice in a
// tick.
import { freePort } from "@shipbridge/tooling/free-port";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS, paid, sandboxToken } from "../sandbox-account.ts";
import { type RunningRedis, startRedis } from "./redis.ts";
import { ADMIN, type Instance, prepareStore, startInstance, storeEnv } from "./store-cluster.ts";

const sandbox = process.env["SHIPBRIDGE_BASE_URL"] as string;
const TICK_SECONDS = 2;
const RECONCILED = "shipbridge: tracking reconciled";

let redis: RunningRedis | undefined;
let database: pg.Client;
let env: Record<string, string>;
const instances: Instance[] = [];
let serverA: Instance;
let serverB: Instance;
let worker: Instance;

function lines(instance: Instance, text: string): number {
  return instance
    .output()
    .split("\n")
    .filter((line) => line.includes(text)).length;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
type Answer = { status: number; data: Record<string, any> };

async function http(
  base: Instance,
  method: "GET" | "POST" | "DELETE",
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${base.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, data: (await response.json()) as Answer["data"] };
}

async function trackingWebhook(): Promise<{ status: number; url?: string }> {
  const response = await fetch(`${sandbox}/account/tracking-webhook`, {
    headers: { authorization: `Bearer ${await sandboxToken()}` },
  });
  return { status: response.status, ...((await response.json()) as { url?: string }) };
}

async function eventually(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`still not so after 2 minutes: ${what}`);
}

beforeAll(async () => {
  redis = await startRedis();
  const server = {
    host: "localhost",
    port: Number(process.env["DB_PORT"]),
    user: process.env["DB_USERNAME"],
    password: process.env["DB_PASSWORD"],
  };
  const admin = new pg.Client({ ...server, database: "postgres" });
  await admin.connect();
  await admin.query("CREATE DATABASE shipbridge_cluster");
  await admin.end();
  const databaseUrl = new URL("postgres://localhost/shipbridge_cluster");
  databaseUrl.port = String(server.port);
  databaseUrl.username = encodeURIComponent(String(server.user));
  databaseUrl.password = encodeURIComponent(String(server.password));
  database = new pg.Client({ ...server, database: "shipbridge_cluster" });
  await database.connect();

  // The address the service pushes tracking to: the shop's public one (a
  // load balancer in front of the servers); here server A's.
  const publicPort = await freePort();
  env = storeEnv({
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redis.url,
    SHIPBRIDGE_BASE_URL: sandbox,
    SHIPBRIDGE_ACCOUNT_URL: process.env["SHIPBRIDGE_ACCOUNT_URL"] as string,
    SHIPBRIDGE_BACKEND_URL: `http://localhost:${publicPort}`,
    SHIPBRIDGE_RECONCILE_EVERY_SECONDS: String(TICK_SECONDS),
  });
  await prepareStore({ ...env, MEDUSA_WORKER_MODE: "shared" });
  // Migrating and seeding started the application too: forget what that registered.
  await fetch(`${sandbox}/account/tracking-webhook`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${await sandboxToken()}` },
  });
  expect((await trackingWebhook()).status).toBe(404);

  // Each server started is kept for afterAll to stop, also when the other
  // one fails to start (a started server runs detached in its own group).
  const started = await Promise.allSettled([
    startInstance("server A", { ...env, MEDUSA_WORKER_MODE: "server" }, publicPort),
    startInstance("server B", { ...env, MEDUSA_WORKER_MODE: "server" }),
  ]);
  for (const result of started) if (result.status === "fulfilled") instances.push(result.value);
  const failed = started.find((result) => result.status === "rejected");
  if (failed !== undefined) throw failed.reason;
  [serverA, serverB] = instances as [Instance, Instance];
}, 600_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await database?.end();
  await redis?.stop();
}, 60_000);

describe("two servers and a worker on Redis", () => {
  it("registers the tracking webhook when the servers start, before any job", async () => {
    // No worker yet, and servers run no jobs: only their start registered it.
    expect(await trackingWebhook()).toMatchObject({
      status: 200,
      url: `${serverA.url}/hooks/shipbridge/tracking`,
    });
    expect(lines(serverA, RECONCILED) + lines(serverB, RECONCILED)).toBe(0);
    const links = await database.query(
      `select state from shipbridge_account_link where key like '%:tracking-webhook' and deleted_at is null`,
    );
    expect(links.rows).toEqual([{ state: `${serverA.url}/hooks/shipbridge/tracking` }]);

    worker = await startInstance("worker", { ...env, MEDUSA_WORKER_MODE: "worker" });
    instances.push(worker);
    // The worker serves no API.
    expect((await fetch(`${worker.url}/store/regions`)).status).toBe(404);
  }, 300_000);

  it("fulfils one order from both servers at once: one package, one charge, one fulfillment", async () => {
    const login = await http(serverA, "POST", "/auth/user/emailpass", {}, ADMIN);
    expect(login.status).toBe(200);
    const admin = { authorization: `Bearer ${login.data["token"]}` };
    const keys = await database.query(
      `select token from api_key where type = 'publishable' and title = 'Web shop' and deleted_at is null`,
    );
    const store = { "x-publishable-api-key": String(keys.rows[0]?.token) };

    // The shopper's requests land on either server.
    const { data: products } = await http(
      serverB,
      "GET",
      "/store/products?fields=*variants",
      store,
    );
    const { data: regions } = await http(serverA, "GET", "/store/regions", store);
    const created = await http(serverA, "POST", "/store/carts", store, {
      region_id: regions["regions"][0].id,
      email: "jan@example.com",
      shipping_address: { ...ADDRESS, first_name: "Jan", last_name: "Kowalski" },
      items: products["products"].map((p: { variants: { id: string }[] }) => ({
        variant_id: p.variants[0]?.id,
        quantity: 1,
      })),
    });
    expect(created.status).toBe(200);
    const cartId = created.data["cart"].id as string;
    const { data: listed } = await http(
      serverB,
      "GET",
      `/store/shipping-options?cart_id=${cartId}`,
      store,
    );
    const courier = listed["shipping_options"].find(
      (o: { data: { id: string } }) => o.data.id === "dpd",
    );
    const method = await http(serverA, "POST", `/store/carts/${cartId}/shipping-methods`, store, {
      option_id: courier.id,
      data: {},
    });
    expect(method.status).toBe(200);
    const collection = await http(serverB, "POST", "/store/payment-collections", store, {
      cart_id: cartId,
    });
    await http(
      serverA,
      "POST",
      `/store/payment-collections/${collection.data["payment_collection"].id}/payment-sessions`,
      store,
      { provider_id: "pp_system_default" },
    );
    const completed = await http(serverB, "POST", `/store/carts/${cartId}/complete`, store, {});
    expect(completed.data["type"]).toBe("order");
    const order = completed.data["order"] as { id: string; items: { id: string }[] };

    const before = await paid();
    const { data: locations } = await http(serverA, "GET", "/admin/stock-locations", admin);
    const body = {
      location_id: locations["stock_locations"][0].id,
      items: order.items.map((item) => ({ id: item.id, quantity: 1 })),
    };
    const both = await Promise.all(
      [serverA, serverB].map((server) =>
        http(server, "POST", `/admin/orders/${order.id}/fulfillments`, admin, body),
      ),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const refused = both.find((answer) => answer.status === 400);
    expect(refused?.data).toMatchObject({ code: "already_fulfilled" });
    expect(await paid()).toEqual({ packages: before.packages + 1, charges: before.charges + 1 });

    const { data: read } = await http(
      serverB,
      "GET",
      `/admin/orders/${order.id}?fields=id,*fulfillments`,
      admin,
    );
    const live = (read["order"].fulfillments as { id: string; canceled_at: unknown }[]).filter(
      (fulfillment) => fulfillment.canceled_at === null,
    );
    expect(live).toHaveLength(1);
    const fulfillmentId = live[0]?.id as string;

    // The fulfillment's event went through Redis to the worker: its
    // subscriber ran there, once; the servers handle no event.
    const kept = `order.fulfillment_created of order ${order.id}: shipments kept`;
    await eventually(() => lines(worker, kept) > 0, "the worker kept the shipment");
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(instances.map((instance) => lines(instance, kept))).toEqual([0, 0, 1]);
    const shipments = await database.query(
      "select package_id from shipbridge_shipment where fulfillment_id = $1 and deleted_at is null",
      [fulfillmentId],
    );
    expect(shipments.rows).toHaveLength(1);
  }, 300_000);

  it("runs the reconcile job once per tick across the cluster, never on a server", async () => {
    // A second worker: two instances that run jobs, still one run per tick.
    const second = await startInstance("worker 2", { ...env, MEDUSA_WORKER_MODE: "worker" });
    instances.push(second);
    const runs = () => lines(worker, RECONCILED) + lines(second, RECONCILED);
    const start = runs();
    const since = performance.now();
    await eventually(() => runs() >= start + 10, "ten reconcile runs");
    const counted = runs() - start;
    const ticks = (performance.now() - since) / (TICK_SECONDS * 1000);
    // However slow the machine, never two runs in one tick: at most one per
    // tick begun in the window, and one for each edge (a run that began
    // before it and logged in it).
    expect(counted).toBeLessThanOrEqual(Math.floor(ticks) + 2);
    for (const server of [serverA, serverB]) {
      expect(server.output()).not.toContain("shipbridge-reconcile-tracking");
      expect(lines(server, RECONCILED)).toBe(0);
    }
    // Each run found the webhook the servers registered still this store's.
    expect(worker.output()).toMatch(/tracking reconciled \(.*webhook registered\)/);
    expect((await trackingWebhook()).url).toBe(`${serverA.url}/hooks/shipbridge/tracking`);
  }, 300_000);
});
