// The batch the stop and restart tests interrupt: five orders from each
// store's checkout with a locker, connected stores, one batch of all ten
// (each store's five as the store's own batch); and the check that it
// shipped every order exactly once, counted at the service (one order
// command per store's batch) and in both stores.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import type { BatchView } from "../server/batches.ts";
import type { DemoOrder } from "../server/orders.ts";
import { MERCHANTS } from "../server/sandbox.ts";
import { MedusaApi } from "../stores/medusa/medusa-api.ts";
import { connectStore } from "./connect.ts";
import { type DemoProcess, eventually, json } from "./demo-process.ts";

export interface PlacedOrder {
  readonly store: string;
  readonly id: string;
}

/** Connects both stores, places ten orders, ships them in one batch; answers the batch. */
export async function shipTenOrders(
  demo: DemoProcess,
): Promise<{ batch: BatchView; placed: PlacedOrder[] }> {
  const api = `${demo.addresses.dashboard}/api`;
  const { baseUrl } = demo.addresses.sandbox;
  await connectStore(demo.addresses.dashboard, "shopify", MERCHANTS.shopify, baseUrl);
  await connectStore(demo.addresses.dashboard, "medusa", MERCHANTS.medusa, baseUrl);
  const placed: PlacedOrder[] = [];
  for (const store of ["shopify", "medusa"]) {
    const { orders } = await json<{ orders: PlacedOrder[] }>(`${api}/orders/sample`, {
      body: { store, count: 5, locker: true },
    });
    placed.push(...orders);
  }
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
  return { batch, placed };
}

/**
 * Waits until the batch is under way at both stores and not finished (and
 * answers how it stands then): the moment to interrupt it.
 */
export function underWay(demo: DemoProcess, batchId: string): Promise<BatchView> {
  const api = `${demo.addresses.dashboard}/api`;
  return eventually(
    async () => {
      const { batch } = await json<{ batch: BatchView }>(`${api}/batches/${batchId}`);
      if (batch.state === "finished")
        throw new Error("the batch finished before it was interrupted");
      const started = batch.parts.every((part) => part.storeBatchId !== null);
      return started && batch.progress.value > 0 ? batch : undefined;
    },
    180_000,
    "the batch under way at both stores",
  );
}

interface Stats {
  rest: { packages: number; ordered_packages: number; order_commands: number; charges: number };
}

/** After a restart: the batch finishes, and every order was shipped exactly once. */
export async function expectShippedOnce(
  demo: DemoProcess,
  dataDir: string,
  batchId: string,
  placed: readonly PlacedOrder[],
): Promise<void> {
  const api = `${demo.addresses.dashboard}/api`;
  const finished = await eventually(
    async () => {
      const { batch } = await json<{ batch: BatchView }>(`${api}/batches/${batchId}`);
      return batch.state === "finished" ? batch : undefined;
    },
    240_000,
    "the batch to finish after the restart",
  );
  expect(finished).toMatchObject({ total: 10, done: 10, failed: 0 });

  const stats = await json<Stats>(`${demo.addresses.sandbox.baseUrl}/_sandbox/stats`);
  // Each store's five in one order command, sent again after the restart
  // under the same uuid: the service counts it once.
  expect(stats.rest).toMatchObject({
    packages: 10,
    ordered_packages: 10,
    order_commands: 2,
    charges: 10,
  });
  const { orders } = await json<{ orders: DemoOrder[] }>(`${api}/orders`);
  const ours = orders.filter((order) =>
    placed.some((p) => p.store === order.store && p.id === order.id),
  );
  expect(ours).toHaveLength(10);
  expect(new Set(ours.map((order) => order.packageId)).size).toBe(10);
  expect(ours.every((order) => order.status === "shipped" && order.trackingNumber)).toBe(true);

  // The simulated Shopify store: one fulfilment per order.
  const saved = JSON.parse(readFileSync(join(dataDir, "shopify-fake.json"), "utf8")) as {
    shops: {
      entries: [string, { orders: { entries: [string, { fulfillments: unknown[] }][] } }][];
    };
  };
  for (const { id } of placed.filter((p) => p.store === "shopify")) {
    const order = saved.shops.entries
      .flatMap(([, shop]) => shop.orders.entries)
      .find(([key]) => key === `gid://shopify/Order/${id}`);
    expect(order?.[1].fulfillments).toHaveLength(1);
  }

  // The Medusa store: one live fulfillment per order.
  const secrets = JSON.parse(readFileSync(join(dataDir, "secrets.json"), "utf8")) as {
    medusaAdminPassword: string;
  };
  const medusa = new MedusaApi(
    demo.addresses.medusa.backend,
    { email: "admin@shipbridge.dev", password: secrets.medusaAdminPassword },
    "",
  );
  for (const { id } of placed.filter((p) => p.store === "medusa")) {
    const { order } = await medusa.admin<{
      order: { fulfillments: { canceled_at: string | null }[] };
    }>(`/admin/orders/${id}?fields=*fulfillments`);
    expect(order.fulfillments.filter((f) => f.canceled_at === null)).toHaveLength(1);
  }
}
