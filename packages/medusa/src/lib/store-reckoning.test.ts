// The store's day's reckoning against the sandbox over real HTTP, with the
// attempt ledger on a real PostgreSQL: a package whose fulfillment Medusa
// keeps is shipped, whether that fulfillment has an order (a standalone
// fulfillment, keyed by its own id) or not yet (a return keyed by the
// customer's address), and its remedy is refused; a package the ledger
// knows and Medusa holds no order for is the store's own (open); only a
// package neither knows is flagged no_order, and its remedy cancels it.
// Medusa's side (its order query, and which fulfillments it keeps) is a
// stand-in here: the whole application's test reckons real orders.
import { type Remedy, type ShippingClient, shipOrder } from "@shipbridge/core";
import { SENDER } from "@shipbridge/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoClient } from "../../test/sandbox-account.ts";
import { AttemptLedger } from "./attempt-ledger.ts";
import type { GraphQuery } from "./batch-orders.ts";
import { storeReckoning, storeRemedy } from "./store-reckoning.ts";

const STORE = "reckon-store";
const databaseUrl = process.env["SHIPBRIDGE_TEST_TOKENS_DATABASE_URL"] ?? "";

/** The fulfillments Medusa keeps (not deleted nor cancelled, linked or standalone). */
const live = new Set<string>();
/** The orders Medusa has. */
const orders: { id: string; status: string; fulfillments: unknown[] }[] = [];
const query: GraphQuery = {
  graph: async ({ filters }) => ({
    data: orders.filter((order) => order.id === (filters as { id?: unknown } | undefined)?.id),
  }),
};

let client: ShippingClient;
let ledger: AttemptLedger;

beforeAll(async () => {
  client = await demoClient(
    process.env["SHIPBRIDGE_TEST_BASE_URL"] ?? "",
    process.env["SHIPBRIDGE_TEST_ACCOUNT_URL"] ?? "",
  );
  ledger = new AttemptLedger(databaseUrl, {
    kept: async (ids) => new Set(ids.filter((id) => live.has(id))),
  });
});

afterAll(async () => {
  await ledger.close();
});

/** Buys a package under this store's shipment name `key`. */
async function buy(key: string): Promise<number> {
  const result = await shipOrder(
    client,
    {
      id: key,
      name: `#${key}`,
      customer: { email: "anna@example.com", phone: "601234567" },
      shipping_address: {
        first_name: "Anna",
        last_name: "Nowak",
        street: "ul. Długa 5",
        postcode: "80-831",
        city: "Gdańsk",
        country_code: "PL",
      },
      items: [{ name: "Mug", quantity: 1, weight: { value: 400, unit: "g" }, price: 39.9 }],
      currency: "PLN",
      totals: { total: 39.9 },
      shipping: { service: "dpd" },
    },
    { storeId: STORE, sender: SENDER, parcel: { width: 30, depth: 20, height: 10 } },
  );
  return result.packageId;
}

/** Begins and ships an attempt of `orderId` for `fulfillmentId`, as the provider does. */
async function shipped(orderId: string, fulfillmentId: string, signature: string) {
  const key = await ledger.begin({
    storeId: STORE,
    orderId,
    signature,
    fulfillmentId,
    fresh: `${orderId}-${fulfillmentId}`,
    lines: {},
  });
  const packageId = await buy(key);
  await ledger.shipped(key, packageId);
  return { key, packageId };
}

describe("the store's reckoning", () => {
  it("tells the store's live fulfillments without an order from a package nobody knows", async () => {
    const shipbridge = {
      pluginOptions: { storeId: STORE },
      connection: { client, ledger },
    } as never;
    // A standalone fulfillment (no order: its attempt is keyed by its own id),
    // a return keyed by the customer's address, a fulfillment of a deleted
    // order the reconcile job has yet to settle, and a package of this store
    // that neither the ledger nor Medusa knows.
    const [standalone, ret, settling, stray] = await Promise.all([
      shipped("ful_01STANDALONE", "ful_01STANDALONE", "shipment:x"),
      shipped("address-0123456789abcdef", "ful_01RETURN", "return:ret_1"),
      shipped("order_01DELETED", "ful_01DELETED", "shipment:li_1x1"),
      buy("order_01STRAY-0000").then((packageId) => ({ packageId })),
    ]);
    live.add("ful_01STANDALONE").add("ful_01RETURN");
    const now = Date.now();
    const range = {
      from: new Date(now - 3_600_000).toISOString(),
      to: new Date(now + 3_600_000).toISOString(),
    };
    const day = await storeReckoning(shipbridge, query, range, "en_GB");
    const row = (packageId: number) => day.rows.find((entry) => entry.packageId === packageId);
    expect(row(standalone.packageId)).toMatchObject({
      order: "shipped",
      flags: [],
      medusaOrderId: null,
      medusaFulfillmentId: "ful_01STANDALONE",
    });
    expect(row(ret.packageId)).toMatchObject({
      order: "shipped",
      flags: [],
      medusaOrderId: null,
      medusaFulfillmentId: "ful_01RETURN",
    });
    expect(row(settling.packageId)).toMatchObject({
      order: "open",
      flags: [],
      medusaOrderId: null,
    });
    expect(row(stray.packageId)).toMatchObject({
      order: "unknown",
      flags: ["no_order"],
      medusaOrderId: null,
      medusaFulfillmentId: null,
      remedy: { action: "cancel_package", packageId: stray.packageId, reason: "no_order" },
    });
    // The remedy of a live fulfillment's package is refused, and nothing is cancelled.
    for (const packageId of [standalone.packageId, ret.packageId]) {
      await expect(
        storeRemedy(
          shipbridge,
          query,
          { ...(row(stray.packageId)?.remedy as Remedy), packageId },
          "en_GB",
        ),
      ).rejects.toMatchObject({ code: "remedy_not_applicable" });
    }
    expect((await ledger.get(standalone.key))?.state).toBe("shipped");
    expect((await client.packages.get(standalone.packageId)).state).not.toBe("canceled");
    // The package nobody knows is cancelled by its remedy.
    const remedied = await storeRemedy(
      shipbridge,
      query,
      row(stray.packageId)?.remedy as never,
      "en_GB",
    );
    expect(remedied).toMatchObject({ packageId: stray.packageId, cancelled: true });
  });
});
