// Stopping the demo in the middle of a bulk ship and starting it again
// finishes the batch without shipping anything twice: the demo is killed
// (SIGKILL, nothing gets to clean up) while ten orders from both stores are
// being shipped, started again on the same data folder, and then the batch
// finishes with exactly ten packages, ten order commands and ten charges at
// the service, one package per order, and one fulfilment per order in each
// store.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MedusaApi } from "../stores/medusa/medusa-api.ts";
import { connectStore } from "../test-support/connect.ts";
import {
  type DemoProcess,
  eventually,
  json,
  startDemoProcess,
  testFolder,
} from "../test-support/demo-process.ts";
import type { BatchView } from "./batches.ts";
import type { DemoOrder } from "./orders.ts";
import { MERCHANTS } from "./sandbox.ts";

let dir: string;
let dataDir: string;
let first: DemoProcess | undefined;
let second: DemoProcess | undefined;

beforeAll(async () => {
  dir = testFolder("demo-restart");
  dataDir = join(dir, "data");
  first = await startDemoProcess(dataDir);
});

afterAll(async () => {
  await first?.kill();
  const code = await second?.stop();
  rmSync(dir, { recursive: true, force: true });
  if (second) expect(code).toBe(0);
});

interface Stats {
  rest: { packages: number; ordered_packages: number; order_commands: number; charges: number };
}

describe("a bulk ship interrupted by a killed demo", () => {
  it("finishes after a restart and ships every order exactly once", async () => {
    const demo = first as DemoProcess;
    const api = `${demo.addresses.dashboard}/api`;
    const { baseUrl } = demo.addresses.sandbox;
    await connectStore(demo.addresses.dashboard, "shopify", MERCHANTS.shopify, baseUrl);
    await connectStore(demo.addresses.dashboard, "medusa", MERCHANTS.medusa, baseUrl);

    const placed = [
      ...(
        await json<{ orders: { store: string; id: string }[] }>(`${api}/orders/sample`, {
          body: { store: "shopify", count: 5, locker: true },
        })
      ).orders,
      ...(
        await json<{ orders: { store: string; id: string }[] }>(`${api}/orders/sample`, {
          body: { store: "medusa", count: 5, locker: true },
        })
      ).orders,
    ];
    expect(placed).toHaveLength(10);
    await eventually(
      async () => {
        const { orders } = await json<{ orders: DemoOrder[] }>(`${api}/orders`);
        const waiting = orders.filter((order) => order.status === "waiting");
        return waiting.length === 10 ? waiting : undefined;
      },
      60_000,
      "ten orders waiting",
    );

    const { batch } = await json<{ batch: BatchView }>(`${api}/ship`, { body: { orders: placed } });
    expect(batch.total).toBe(10);
    // Killed as soon as some of the batch is shipped and some is not.
    const atKill = await eventually(
      async () => {
        const { batch: now } = await json<{ batch: BatchView }>(`${api}/batches/${batch.id}`);
        return now.done >= 1 ? now : undefined;
      },
      180_000,
      "the first shipped order",
    );
    await demo.kill();
    expect(atKill.done).toBeLessThan(10);

    second = await startDemoProcess(dataDir);
    const again = `${second.addresses.dashboard}/api`;
    const finished = await eventually(
      async () => {
        const { batch: now } = await json<{ batch: BatchView }>(`${again}/batches/${batch.id}`);
        return now.state === "finished" ? now : undefined;
      },
      240_000,
      "the batch to finish after the restart",
    );
    expect(finished).toMatchObject({ total: 10, done: 10, failed: 0 });

    const stats = await json<Stats>(`${second.addresses.sandbox.baseUrl}/_sandbox/stats`);
    expect(stats.rest).toMatchObject({
      packages: 10,
      ordered_packages: 10,
      order_commands: 10,
      charges: 10,
    });
    const { orders } = await json<{ orders: DemoOrder[] }>(`${again}/orders`);
    const ours = orders.filter((order) =>
      placed.some((p) => p.store === order.store && p.id === order.id),
    );
    expect(ours).toHaveLength(10);
    expect(new Set(ours.map((order) => order.packageId)).size).toBe(10);
    expect(ours.every((order) => order.status === "shipped" && order.trackingNumber)).toBe(true);

    // The simulated Shopify store: one fulfilment per order.
    const saved = readFileSync(join(dataDir, "shopify-fake.json"), "utf8");
    const shopifyIds = placed.filter((p) => p.store === "shopify").map((p) => p.id);
    for (const id of shopifyIds) {
      const state = JSON.parse(saved) as {
        shops: {
          entries: [string, { orders: { entries: [string, { fulfillments: unknown[] }][] } }][];
        };
      };
      const order = state.shops.entries
        .flatMap(([, shop]) => shop.orders.entries)
        .find(([key]) => key === `gid://shopify/Order/${id}`);
      expect(order?.[1].fulfillments).toHaveLength(1);
    }

    // The Medusa store: one live fulfillment per order.
    const secrets = JSON.parse(readFileSync(join(dataDir, "secrets.json"), "utf8")) as {
      medusaAdminPassword: string;
    };
    const medusa = new MedusaApi(
      second.addresses.medusa.backend,
      { email: "admin@shipbridge.dev", password: secrets.medusaAdminPassword },
      "",
    );
    for (const { id } of placed.filter((p) => p.store === "medusa")) {
      const { order } = await medusa.admin<{
        order: { fulfillments: { canceled_at: string | null }[] };
      }>(`/admin/orders/${id}?fields=*fulfillments`);
      expect(order.fulfillments.filter((f) => f.canceled_at === null)).toHaveLength(1);
    }
  });
});
